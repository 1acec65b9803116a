"""Timing helpers shared by the benchmarks: run cases in rounds, report medians and percentiles."""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Figures", "machine_line", "percentile", "print_figures", "time_cases", "time_side_by_side"]


@dataclass(frozen=True)
class Figures:
    """Timings of one benchmark row, in milliseconds."""

    label: str
    cases: int
    calls: int
    median_ms: float
    p90_ms: float
    worst_case_ms: float
    """The median time of the slowest case: the worst city, robust to one noisy call."""

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON object."""
        return {"label": self.label, "cases": self.cases, "calls": self.calls, "median_ms": self.median_ms,
                "p90_ms": self.p90_ms, "worst_case_ms": self.worst_case_ms}


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_cases(label: str, cases: Sequence[Callable[[], object]], rounds: int) -> Figures:
    """Call every case once per round (interleaved, so machine noise spreads over all cases)."""
    per_case: list[list[float]] = [[] for _ in cases]
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for index, case in enumerate(cases):
            start = clock()
            case()
            per_case[index].append((clock() - start) / 1e6)
    return _figures(label, per_case)


def time_side_by_side(labels: tuple[str, str], cases: tuple[Sequence[Callable[[], object]],
                                                   Sequence[Callable[[], object]]], rounds: int
                      ) -> tuple[Figures, Figures]:
    """Two rows timed on the same cases in alternation (case i of one, then case i of the other), so that
    a change of load on the machine falls on both and their ratio holds."""
    pairs = list(zip(*cases, strict=True))
    times: tuple[list[list[float]], list[list[float]]] = ([[] for _ in pairs], [[] for _ in pairs])
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for index, pair in enumerate(pairs):
            for side, case in enumerate(pair):
                start = clock()
                case()
                times[side][index].append((clock() - start) / 1e6)
    return _figures(labels[0], times[0]), _figures(labels[1], times[1])


def _figures(label: str, per_case: list[list[float]]) -> Figures:
    every = [t for case_times in per_case for t in case_times]
    return Figures(label, len(per_case), len(every), statistics.median(every), percentile(every, 0.9),
                   max(statistics.median(case_times) for case_times in per_case))


def machine_line() -> str:
    """Python version, processor and core count, for the report header."""
    import os

    return (f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
            f"{platform.system()}")


def print_figures(target: str, figures: Sequence[Figures], summary: dict[str, object], *, as_json: bool,
                  digits: int = 3, worst_case: bool = False) -> None:
    """The report's header and table of rows (the caller prints its summary lines after it), or
    everything as one JSON document."""
    if as_json:
        print(json.dumps({"machine": machine_line(), "figures": [f.to_json() for f in figures],
                          "summary": summary}, indent=2))
        return
    width = max(len(f.label) for f in figures) + 2
    print(f"companion bench {target}: {machine_line()}")
    print(f"{'case':<{width}} {'calls':>7} {'median ms':>10} {'p90 ms':>9}" + (f" {'worst case ms':>14}"
                                                                                if worst_case else ""))
    for f in figures:
        print(f"{f.label:<{width}} {f.calls:>7} {f.median_ms:>10.{digits}f} {f.p90_ms:>9.{digits}f}"
              + (f" {f.worst_case_ms:>14.{digits}f}" if worst_case else ""))
    print()
