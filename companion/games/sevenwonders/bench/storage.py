"""`companion bench storage`: how fast the game log saves, replays and summarises games.

Games come from self-play, logged as a camera-watched table would log them (every card, stage and
coin change, the conflicts of each age). Twenty of them pass the full import check (every event
replayed and validated by the engine); the log of 1,000 games is those twenty written again under
new ids and with players drawn from a group of twelve, each scored again as it is written.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from companion.bench.timing import Figures, print_figures, time_cases
from companion.games.sevenwonders.record import selfplay_events
from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.storage import GameStore
from companion.storage.events import replay
from companion.storage.exchange import GAME_FORMAT, CheckedGame, check_game, write_games
from companion.storage.stats import statistics as game_statistics

__all__ = ["TARGETS_MS", "logged_game", "run"]

TARGETS_MS = {"replay": 50.0, "statistics": 1000.0}
"""Targets: replaying a 3-age 7-player game from its events; statistics over 1,000 games."""
GROUP = ("Anna", "Boris", "Vera", "Chen", "Dara", "Emil", "Fatima", "Gleb", "Hana", "Ivan", "Jana", "Karim")
START = "2026-01-01T19:00:00+00:00"


def logged_game(data: GameData, players: int, seed: int) -> dict[str, Any]:
    """A self-played game as an exported game document (events one second apart, then finished)."""
    game = play_random_game(data, players, seed=seed)
    events = []
    for seq, (kind, payload, source) in enumerate([*selfplay_events(game), ("game_finished", {}, "hand")], 1):
        at = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(1767294000 + seq))
        events.append({"seq": seq, "kind": kind, "source": source, "at": at, "payload": payload})
    return {"format": GAME_FORMAT, "uuid": str(uuid.UUID(int=random.Random(seed).getrandbits(128))),
            "started_at": START, "events": events}


def _renamed(game: CheckedGame, rng: random.Random) -> CheckedGame:
    """The same game under a new id, played by players drawn from GROUP."""
    first = game.events[0]
    names = rng.sample(GROUP, len(first.payload["players"]))
    players = [{**p, "name": n} for p, n in zip(first.payload["players"], names, strict=True)]
    events = [dataclasses.replace(first, payload={**first.payload, "players": players}), *game.events[1:]]
    return dataclasses.replace(game, uuid=str(uuid.UUID(int=rng.getrandbits(128))), events=events)


def _append_figures(path: Path, data: GameData, count: int) -> Figures:
    """Time single appends to an open game: each one committed to disk before it returns."""
    with GameStore(path, data=data) as store:
        game_id = store.new_game([{"name": n, "wonder": w, "side": "A"} for n, w in
                                  zip(GROUP, ("gizah", "rhodes", "ephesos"), strict=False)])
        coins = iter(range(10**6))
        return time_cases(f"append one event to a game on disk (fsync each; {count} events)",
                          [lambda: store.append(game_id, "coins_changed", {"seat": 0, "coins": next(coins) % 60})],
                          count)


def run(games: int = 1000, as_json: bool = False) -> list[Figures]:
    """Build a log of `games` games in a temporary folder, measure and print every figure."""
    data = load_game_data()
    documents = [logged_game(data, 3 + seed % 5, seed) for seed in range(20)]
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        store = GameStore(Path(folder) / "games.sqlite3", data=data)
        started = time.perf_counter()
        templates = [check_game(store, d) for d in documents]
        check_ms = (time.perf_counter() - started) * 1000 / len(templates)
        rng = random.Random(7)
        started = time.perf_counter()
        write_games(store, [_renamed(templates[i % len(templates)], rng) for i in range(games)])
        write_ms = (time.perf_counter() - started) * 1000
        sevens = [g for g in store.games() if len(g.players) == 7][:20]
        seven_events = [store.events(g.id) for g in sevens]
        final_tables = [replay(events, data).table for events in seven_events]
        figures = [
            time_cases(f"replay a 3-age 7-player game from its events ({len(sevens)} games, "
                       f"{statistics.median(len(e) for e in seven_events):.0f} events each)",
                       [lambda events=events: replay(events, data) for events in seven_events], 10),
            time_cases("  the same, read from the file first (GameStore.state)",
                       [lambda g=g: store.state(g.id) for g in sevens], 10),
            time_cases("  reference: scoring the final table alone",
                       [lambda t=t: score_table(t) for t in final_tables if t is not None], 10),
            time_cases(f"statistics over {games} stored games", [lambda: game_statistics(store)], 7),
            time_cases(f"  reference: reading the {games} games' summaries", [store.games], 7),
        ]
        store.close()
        figures.append(_append_figures(Path(folder) / "appends.sqlite3", data, 200))
    summary = {"replay_median_ms": figures[0].median_ms,
               "replay_over_scoring": figures[0].median_ms / figures[2].median_ms,
               "statistics_median_ms": figures[3].median_ms,
               "statistics_over_reading": figures[3].median_ms / figures[4].median_ms,
               "import_check_per_game_ms": check_ms, "write_games_ms": write_ms, "targets_ms": TARGETS_MS}
    print_figures("storage", figures, summary, as_json=as_json)
    if as_json:
        return figures
    print(f"replay of a 7-player game: median {summary['replay_median_ms']:.2f} ms "
          f"(target < {TARGETS_MS['replay']:.0f} ms), {summary['replay_over_scoring']:.1f}x the time to score "
          "its final table")
    print(f"statistics over {games} games: median {summary['statistics_median_ms']:.0f} ms (target < "
          f"{TARGETS_MS['statistics']:.0f} ms), {summary['statistics_over_reading']:.1f}x reading their summaries")
    print(f"set-up: full import check {check_ms:.0f} ms per game (every event replayed and validated); "
          f"writing {games} checked games {write_ms / 1000:.1f} s in one transaction")
    return figures
