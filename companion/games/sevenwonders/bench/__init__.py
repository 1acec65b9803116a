"""7 Wonders' benchmarks: trade checks and scoring (`rules`), the game log (`storage`), the app on the
demo game (`app`, `app_taps`), the camera on whole cities (`cities`, run by `companion bench vision`)."""

from __future__ import annotations

from typing import Any

from companion.bench.registry import CITY_BENCHES


def _cities(size: str, print_out: bool) -> Any:
    from companion.games.sevenwonders.bench.cities import run

    return run(size, print_out=print_out)


CITY_BENCHES.register("cities", _cities, game="7wonders")
