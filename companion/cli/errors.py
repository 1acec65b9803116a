"""The one error type commands raise for bad arguments: printed as a single line, exit status 2."""

__all__ = ["EXIT_STORE", "CommandError"]

EXIT_STORE = 4
"""The exit status when the game log cannot be used: not a game log, damaged, from a newer version,
read-only, on a full disk, or in a folder that cannot be made."""


class CommandError(Exception):
    """A command cannot run with the arguments given; the message says why and what to do."""
