"""An 8-player Armada team game played by taps in its own process (one Kivy window per process):
`python -m tests.games.armada.game8_script OUT.json LANGUAGE WIDTHxHEIGHT` sets up eight seats with
the eighth wonder described on New game (Petra: stone, 3 stages of 3/0/7 points and 0/2/0 shields),
teams of two, plays three short ages and writes what the app shows for tests/games/armada/test_app8.py,
which checks it against totals worked out by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.games.armada.game_script import _panel, _widgets, card, close_city, end_age, final, fleet_tile, ship, turn
from tests.tools.app_driver import AppDriver

EIGHT = ("Anna", "Boris", "Chen", "Dara", "Emil", "Fatima", "Gleb", "Hana")
PETRA = {"name": "Petra", "resource": "stone", "stages": 3, "points": (3, 0, 7), "shields": (0, 2, 0)}


def new_game(ui: AppDriver, prefix: str) -> None:
    """New game by taps: Armada, 8 seats, the eighth wonder at Hana's seat described, teams of two."""
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    ui.tap(ui.tr("new_game.armada"))
    while screen.players < len(EIGHT):
        ui.tap(ui.find("+", root=screen))
    assert screen.panels["armada"].chosen, "8 players play Armada"
    rows = sorted(_widgets(ui, "SeatRow", screen), key=lambda r: r.seat)
    for row, name in zip(rows, EIGHT, strict=True):
        row.ids.name.text = name                                  # typed on the keyboard
    other = ui.tr("new_game.other_wonder")
    hana = rows[7]
    if hana.ids.wonder.text != other:
        ui.tap(hana.ids.wonder)                                   # the wonder list opens
        ui.tap(ui.find(other, cls="WonderOption"))
    panel = screen.panels["armada"].eighth
    next(w for w in ui.walk(panel) if type(w).__name__ == "TextInput").text = PETRA["name"]
    ui.tap(ui.find(ui.app.words.resource(PETRA["resource"]), root=panel))
    steppers = [w for w in ui.walk(panel) if type(w).__name__ == "Stepper"]
    stages = steppers[0]
    for _ in range(int(stages.value) - PETRA["stages"]):
        ui.tap(ui.find("\u2212", root=stages))
    for _ in range(PETRA["stages"] - int(stages.value)):
        ui.tap(ui.find("+", root=stages))
    steppers = [w for w in ui.walk(panel) if type(w).__name__ == "Stepper"][1:]
    for index in range(PETRA["stages"]):
        points, shields = steppers[2 * index], steppers[2 * index + 1]
        for stepper, wanted in ((points, PETRA["points"][index]), (shields, PETRA["shields"][index])):
            for _ in range(wanted):
                ui.tap(ui.find("+", root=stepper))
    ui.tap(ui.tr("new_game.teams"))
    ui.tap(ui.tr("new_game.camera_none"))
    ui.screenshot(f"{prefix}-new-game")
    ui.tap(ui.tr("new_game.start"))
    assert ui.app.root.current == "table", ui.app.root.current


def stage_up(ui: AppDriver, seat: int) -> None:
    """The next stage: one tap on the stage button of the city's row (▲ 1/3)."""
    row = _panel(ui, seat)
    ui.tap(next(w for w in ui.walk(row) if type(w).__name__ == "BigButton" and w.text == row.stages))


def city_detail(ui: AppDriver, seat: int) -> str:
    """The wonder line of a player's full city (opened as a tap on its row does), then closed."""
    screen = ui.screen
    screen.open_city(seat)
    ui.pump(frames=3)
    detail = next(w for w in ui.walk(screen.city_view) if type(w).__name__ == "CityPanel").detail
    ui.tap(ui.find(ui.tr("common.close"), root=screen.city_view))
    ui.pump(frames=3)
    return str(detail)


def ship_this_game(ui: AppDriver, seat: int, fleet: str, value: int) -> str:
    """A tap on a fleet's tile; the value of the space reached is kept for this game only (read off
    this table's board). Returns the question asked."""
    ui.tap(fleet_tile(ui, seat, fleet))
    dialog = next(iter(_widgets(ui, "ValueDialog")))
    question = dialog.question
    stepper = next(iter(_widgets(ui, "Stepper", dialog.ids.entry)))
    for _ in range(value - int(stepper.value)):
        ui.tap(ui.find("+", root=stepper))
    ui.screenshot(f"armada8-{ui.app.language}-value-this-game")
    ui.tap(ui.find(ui.tr("armada.values.this_game"), root=dialog))
    assert not _widgets(ui, "ValueDialog"), "a question was left open"
    close_city(ui)
    return question


def eight_player_game(ui: AppDriver, prefix: str) -> dict[str, Any]:
    """Three short ages; see tests/games/armada/test_app8.py for what each tap should give."""
    anna, boris, gleb, hana = 0, 1, 6, 7
    new_game(ui, prefix)
    ui.screenshot(f"{prefix}-table")
    hana_detail = city_detail(ui, hana)
    stage_up(ui, hana)                                            # Petra's stage 1: 3 points
    card(ui, anna, "stockade")                                    # 1 shield
    asked = ship(ui, gleb, "red", (1,))                           # red space 1: entered as 1 naval shield
    turn(ui)
    age1 = end_age(ui, 1, f"{prefix}-end-of-age-1")
    stage_up(ui, hana)                                            # stage 2: 2 shields
    ship(ui, boris, "red")                                        # red space 1 is known now: nothing asked
    turn(ui)
    end_age(ui, 2)
    stage_up(ui, hana)                                            # stage 3: 7 points
    this_game = ship_this_game(ui, hana, "blue", 2)               # blue space 1: 2 points, this game only
    ui.screenshot(f"{prefix}-table-age-3")
    turn(ui)
    end_age(ui, 3)
    ui.screenshot(f"{prefix}-score")
    played = {**final(ui), "asked": asked, "this_game": this_game, "age1": age1, "hana_detail": hana_detail,
              "score_texts": ui.texts(), "fleet_values": [p.get("fleet_values") for p in ui.app.session.players]}
    pad = ui.screen.ids.pad
    played["pad_fits"] = pad.width <= pad.parent.width + 1        # every column in view, and in the picture
    ui.tap(ui.tr("score.save_picture"))
    played["picture"] = ui.screen.saved_to
    played["game_id"] = ui.app.session.game_id
    ui.tap(ui.tr("score.finish"))
    return {**played, **history(ui, prefix)}


def history(ui: AppDriver, prefix: str) -> dict[str, Any]:
    """History: the game's line, its detail (the eighth wonder by its name), the BG Stats code, statistics."""
    ui.app.close_game()
    ui.tap(ui.tr("home.history"))
    lines = ui.texts()
    ui.tap(ui.tr("history.team_won", count=1, names="Gleb + Hana", total=33), exact=False)  # the team's total
    detail = ui.texts()
    detail_rows = sorted(ui.screen.ids.pad.row_cells)        # the pad's categories (laid across: icons head them)
    ui.screenshot(f"{prefix}-game-detail")
    ui.tap(ui.tr("detail.bgstats"))
    qr = ui.screenshot(f"{prefix}-bgstats-qr")
    if ui.app.root.current == "game_detail" and _widgets(ui, "ModalView"):  # a play too large for a code is shared
        ui.tap(ui.tr("common.close"))
    ui.tap(ui.tr("common.back"))
    ui.tap(ui.tr("history.stats"))
    ui.tap(ui.tr("stats.by_wonder"))                # the statistics by wonder: the eighth one named
    stats = ui.texts()
    ui.screenshot(f"{prefix}-stats")
    return {"history": lines, "detail": detail, "detail_rows": detail_rows, "qr": str(qr), "stats": stats}


def main(out: Path, language: str, size: str) -> None:
    store = out.parent / f"games-{language}.sqlite3"
    width, height = (int(n) for n in size.split("x"))
    ui = AppDriver.start(store, size=(width, height), language=language)
    try:
        result = eight_player_game(ui, f"armada8-{language}-{width}x{height}")
        result["store"] = str(store)
    finally:
        ui.stop()
    out.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3])
