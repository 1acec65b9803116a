"""7 Wonders in the exports and the statistics: its CSV columns and rows (its expansions' score rows
among them), its BG Stats play (the wonder and side as each player's role), and what its statistics
count of a score line."""

from __future__ import annotations

from typing import Any

from companion.games.sevenwonders import GAME as INFO
from companion.games.sevenwonders.rules import CATEGORIES, expansion_score_rows
from companion.games.sevenwonders.rules.model import GameData
from companion.storage.database import GameStore
from companion.storage.exchange import EXPORTERS, Exporter
from companion.storage.stats import STATISTICS, SheetLines

__all__ = ["seven_wonders_bgstats", "seven_wonders_columns", "seven_wonders_rows"]

GAME = INFO.id


def seven_wonders_columns() -> tuple[tuple[str, int], ...]:
    """The side, the score pad's rows, the coins (the tie-break) and the installed expansions' rows."""
    return (("side", 70), *((c, 100 + 10 * i) for i, c in enumerate(CATEGORIES)), ("coins", 210),
            *((row, 400 + 10 * i) for i, row in enumerate(expansion_score_rows())))


def seven_wonders_rows(summary: Any) -> list[dict[str, Any]]:
    """The CSV cells of each player of a finished 7 Wonders game."""
    winners = set(summary.sheet["winners"])
    return [{"player": line["name"], "board": player["wonder"], "side": player["side"],
             **{c: line[c] for c in CATEGORIES}, **{c: line[c] for c in expansion_score_rows(line)},
             "total": line["total"], "coins": line["coins"],
             "rank": "" if line["rank"] is None else line["rank"], "winner": int(line["name"] in winners),
             "title": GAME}
            for line, player in zip(summary.sheet["players"], summary.players, strict=True)]


def seven_wonders_bgstats(store: GameStore, game_id: int, summary: Any, duration: int | None, play_date: str,
                          ids: dict[str, str]) -> dict[str, Any]:
    """A finished 7 Wonders game as a BG Stats play (the wonder and side as each player's role; the free
    city of the two-player game is no player), dated `play_date`, the players by their stable `ids`."""
    lines = {line["name"]: line for line in summary.sheet["players"]}
    data = store.data
    described = {p["name"]: p.get("other_wonder") for p in store.state(game_id).document["players"]}
    players = []
    for player in summary.players:
        line = lines[player["name"]]
        if line.get("free_city"):
            continue
        wonder = _wonder_name(data, player, described.get(player["name"]))
        players.append({"name": player["name"], "sourcePlayerId": ids[player["name"]], "score": line["total"],
                        "winner": player["name"] in summary.sheet["winners"], "startPlayer": False,
                        "rank": line["rank"], "role": f"{wonder} {player['side']}"})
    play: dict[str, Any] = {
        "sourceName": "Table Companion for 7 Wonders", "sourcePlayId": summary.uuid,
        "playDate": play_date,
        "game": {"name": "7 Wonders", "sourceGameId": GAME, "bggId": INFO.bgg_id, "highestWins": True,
                 "noPoints": False},
        "players": players,
    }
    if duration is not None:
        play["durationMin"] = duration
    return play


def _wonder_name(data: GameData, player: dict[str, Any], described: dict[str, Any] | None) -> str:
    """A seat's wonder in English; Armada's eighth wonder by the name its player entered."""
    if player["wonder"] in data.wonders:
        return data.wonders[player["wonder"]].city_names["en"]
    return str((described or {}).get("name") or "Wonder of another expansion")


def _line(summary: Any, index: int, line: dict[str, Any]) -> tuple[str, dict[str, int]]:
    """The wonder and side of a score line (``gizah B``) and its points by row (the expansions' rows
    where the line has them)."""
    seat = summary.players[index]
    rows = (*CATEGORIES, *expansion_score_rows())
    return f"{seat['wonder']} {seat['side']}", {c: line[c] for c in rows if line.get(c) is not None}


EXPORTERS.register(GAME, Exporter(seven_wonders_columns, seven_wonders_rows, seven_wonders_bgstats), game=GAME)
STATISTICS.register(GAME, SheetLines(_line, spread=True), game=GAME)
