"""Play a 3-player 7 Wonders Architects game with Medals through the app's real widgets, by taps, to
the score sheet; print what the log and the sheet hold as one JSON line. Run in its own process
(Kivy opens one window per process): ``python -m tests.games.architects.ui_script STORE [W H LANG]``.

Screenshots of every Architects screen go to tests/output/screens/architects-<size>-<lang>-*.png (with
COMPANION_SCREENSHOTS=1).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from companion.games.medals.rules.table import medals_of
from tests.tools.app_driver import AppDriver


def _pieces(ui: AppDriver) -> dict[str, Any]:
    return {w.piece: w for w in ui.walk(ui.screen.ids.wonder) if hasattr(w, "piece")}


def _card(ui: AppDriver, kind: str) -> Any:
    return next(w for w in ui.walk(ui.screen.ids.cards) if getattr(w, "kind", None) == kind)


def _token(ui: AppDriver, token: str) -> Any:
    return next(w for w in ui.walk(ui.screen.ids.tokens) if getattr(w, "token", None) == token)


def _tab(ui: AppDriver, seat: int) -> Any:
    return next(w for w in ui.walk(ui.screen.ids.tabs) if getattr(w, "value", None) == seat)


def play(store: Path, size: tuple[int, int], language: str) -> dict[str, Any]:
    """Set up Ann (Giza), Bob (Rhodes), Cid (Ur) with Medals, play by taps, finish on the score sheet."""
    ui = AppDriver.start(store, size=size, language=language)
    shot = f"architects-{size[0]}x{size[1]}-{language}"
    ui.tap(ui.tr("home.new_game"))
    ui.tap(ui.tr("new_game.game_architects"))
    screen = ui.screen
    assert ui.app.root.current == "architects_new", ui.app.root.current
    screen.names[:3] = ["Ann", "Bob", "Cid"]
    screen.wonders[:3] = ["giza", "rhodes", "ur"]
    screen.panels["medals"].between[:3] = ["three_grey", "battle_double", "three_blue"]
    screen.refresh()
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "ArchitectsSeatRow"), key=lambda r: r.seat)
    assert [r.ids.name.text for r in rows] == ["Ann", "Bob", "Cid"]
    ui.screenshot(f"{shot}-new")
    ui.tap(ui.tr("new_game.start"))
    assert ui.app.root.current == "architects_table", ui.app.root.current

    # Ann takes wood, stone and clay: 3 grey cards meet the goal of the medal between her and Bob.
    for kind in ("wood", "stone", "clay"):
        ui.tap(_card(ui, kind))
    offered = ui.screen.offer_text
    ui.screenshot(f"{shot}-offer")
    ui.tap(offered)
    # She spends wood and stone on her first piece: only the 2-different piece reacts.
    ui.tap(ui.tr("architects.add_mode"))
    ui.tap(_card(ui, "wood"))
    ui.tap(_card(ui, "stone"))
    ui.tap(ui.tr("architects.remove_mode"))
    pieces = _pieces(ui)
    refused = pieces["three_identical"].disabled
    ui.tap(pieces["two_different"])
    ui.tap(_pieces(ui)["two_identical"])
    ui.tap(_token(ui, "decor"))
    ui.screenshot(f"{shot}-table")

    # Bob: a blue cat card (the pawn), red cards; his horns turn the 3 Conflict tokens.
    ui.tap(_tab(ui, 1))
    for kind in ("blue_cat", "red_plain", "red_horn_1", "red_horn_2"):
        ui.tap(_card(ui, kind))
    battle_due = ui.screen.battle_due
    ui.tap(ui.tr("architects.battle_now"))
    assert ui.app.root.current == "architects_battle"
    ui.screenshot(f"{shot}-battle")
    ui.tap(ui.tr("architects.battle_resolve"))
    ui.tap(ui.tr("architects.back_to_table"))

    # Cid builds two Ur pieces, typing the VP printed on them (5 and 4).
    ui.tap(_tab(ui, 2))
    for vp in ("5", "4"):
        ui.tap(ui.tr("architects.build_typed"))
        ui.tap(ui.find(vp, cls="BigButton"))
    ui.tap(ui.tr("architects.show_scores"))
    ui.screenshot(f"{shot}-cid")
    ui.tap(ui.tr("architects.score_sheet"))
    ui.tap(ui.tr("score.finish"))
    ui.screenshot(f"{shot}-score")
    texts = ui.texts()
    session = ui.app.session
    result = {"screen": ui.app.root.current, "offered": offered, "refused_piece": refused, "battle_due": battle_due,
              "finished": session.finished, "sheet": session.sheet().to_json(), "texts": texts,
              "events": len(ui.app.store.events(session.game_id)),
              "military": [p.military_tokens for p in session.table.players],
              "medals": [list(medals_of(p)) for p in session.table.players]}
    # Home, History: a tap on the game opens its score sheet again.
    ui.tap(ui.tr("score.home"))
    ui.tap(ui.tr("home.history"))
    ui.tap(ui.find("Ann, Bob, Cid", exact=False))
    result["from_history"] = ui.app.root.current
    ui.stop()
    return result


def main() -> None:
    store = Path(sys.argv[1])
    size = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1280, 800)
    language = sys.argv[4] if len(sys.argv) > 4 else "en"
    print(json.dumps(play(store, size, language), ensure_ascii=False))


if __name__ == "__main__":
    main()
