"""Argument types shared by the commands: counts and rates that must be more than zero."""

from __future__ import annotations

import argparse
import math

from companion.jsonread import quoted, whole_number

__all__ = ["positive_int", "positive_number"]


def positive_int(text: str) -> int:
    """A whole number, 1 or more, written in ASCII digits (``--every 0`` would divide by zero)."""
    value = whole_number(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number, 1 or more, got {quoted(text)}")
    return value


def positive_number(text: str) -> float:
    """A finite number more than 0 (frames per second, seconds)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number more than 0, got {quoted(text)}")
    return value
