"""What a game adds to the benchmarks: the acceptance sets of its camera reading that `companion bench
vision` runs after the marker tables (`CITY_BENCHES`: 7 Wonders' cities). Declaring them imports nothing
heavy; a game's ``bench`` package registers them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.plugins import Registry

__all__ = ["CITY_BENCHES", "CityBench"]

CityBench = Callable[[str, bool], Any]
"""Run a game's camera acceptance sets at a size (``quick`` or ``full``), printing the figures when asked
(the second argument), and return them (JSON-ready)."""
CITY_BENCHES: Registry[CityBench] = Registry("city bench", "bench")
"""The games' camera acceptance sets, by the key their figures have in `bench vision`'s document."""
