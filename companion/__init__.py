"""Table Companion for 7 Wonders: scores, build checks and conflicts for a real table."""

__version__ = "0.1.0"
