"""The one error type commands raise for bad arguments: printed as a single line, exit status 2."""

__all__ = ["CommandError"]


class CommandError(Exception):
    """A command cannot run with the arguments given; the message says why and what to do."""
