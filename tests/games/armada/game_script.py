"""Two whole Armada games played by taps in their own process (Kivy allows one window per process):
`python -m tests.games.armada.game_script OUT.json` plays a 4-player game in Russian on the 800x480
screen, then a 6-player team game on the same box (the values entered in the first game are not
asked again), and writes what the app shows at the end of each as JSON for
tests/games/armada/test_app.py, which checks it against totals computed by hand.

Every value printed only as an icon is entered in the app's question dialog, with its stepper.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver

FOUR = ("Anna", "Boris", "Vera", "Dara")
SIX = ("Anna", "Boris", "Chen", "Dara", "Emil", "Fatima")


def _widgets(ui: AppDriver, kind: str, root: Any = None) -> list[Any]:
    return [w for w in ui.walk(root) if type(w).__name__ == kind]


def _panel(ui: AppDriver, seat: int) -> Any:
    return next(w for w in _widgets(ui, "CityRow", ui.screen) if w.seat == seat)


def fleet_tile(ui: AppDriver, seat: int, fleet: str) -> Any:
    """A fleet's one-tap tile in the player's full city, opened by a tap on the city's row (its badge)."""
    screen = ui.screen
    if screen.city_view is None or screen.city_view.seat != seat:
        close_city(ui)
        ui.tap(_panel(ui, seat).children[-1])
    return next(w for w in _widgets(ui, "FleetTile", screen.city_view) if w.fleet == fleet)


def close_city(ui: AppDriver) -> None:
    """Close the full city, back to the table."""
    if ui.screen.city_view is not None:
        ui.tap(ui.find(ui.tr("common.close"), root=ui.screen.city_view))


def new_game(ui: AppDriver, names: tuple[str, ...], *, teams: bool = False) -> None:
    """New game by taps: Armada, the players typed (wonders as dealt), teams of two when asked."""
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    if not screen.panels["armada"].chosen:
        ui.tap(ui.tr("new_game.armada"))
    while screen.players < len(names):
        ui.tap(ui.find("+", root=screen))
    while screen.players > len(names):
        ui.tap(ui.find("\u2212", root=screen))
    rows = sorted(_widgets(ui, "SeatRow", screen), key=lambda r: r.seat)
    for row, name in zip(rows, names, strict=True):
        row.ids.name.text = name                                 # typed on the keyboard
    if teams:
        ui.tap(ui.tr("new_game.teams"))
    ui.tap(ui.tr("new_game.camera_none"))
    ui.tap(ui.tr("new_game.start"))
    assert ui.app.root.current == "table", ui.app.root.current


def ship(ui: AppDriver, seat: int, fleet: str, answers: tuple[int, ...] = ()) -> list[str]:
    """A tap on a fleet's tile; each question the space asks is answered with the stepper (`answers`,
    in order) and saved. Returns the questions asked."""
    ui.tap(fleet_tile(ui, seat, fleet))
    asked = []
    for value in answers:
        dialog = next(iter(_widgets(ui, "ValueDialog")))
        asked.append(dialog.question)
        stepper = next(iter(_widgets(ui, "Stepper", dialog.ids.entry)))
        for _ in range(value - int(stepper.value)):
            ui.tap(ui.find("+", root=stepper))
        ui.tap(ui.find(ui.tr("armada.values.save"), root=dialog))
    assert not _widgets(ui, "ValueDialog"), "a question was left open"
    close_city(ui)
    return asked


def card(ui: AppDriver, seat: int, card_id: str) -> None:
    """+ Card, a few letters typed, the card tapped."""
    name = ui.app.words.card(card_id)
    ui.tap(ui.find(ui.tr("city.add_card"), root=_panel(ui, seat)))
    picker = next(iter(_widgets(ui, "CardPicker")))
    picker.ids.search.text = name[:5]
    ui.pump(frames=2)
    ui.tap(ui.find(name, root=picker.ids.cards))


def turn(ui: AppDriver, shot: str | None = None, *, discard: tuple[int, str] | None = None,
         island: tuple[int, str] | None = None) -> list[str]:
    """Turn done: the dialog's lines (a discard or the island taken first), then Confirm."""
    ui.tap(ui.tr("turn.button"))
    dialog = next(iter(_widgets(ui, "TurnDialog")))
    if discard is not None:
        seat, choice = discard
        rows = [w.parent for w in ui.walk(dialog.ids.body) if getattr(w, "text", "") == ui.app.session.players[seat]
                ["name"] and w.parent is not dialog.ids.body]
        text = ui.app.words.coins(3) if choice == "coins" else ui.tr("turn.discard_yellow")
        ui.tap(ui.find(text, root=rows[0]))
    if island is not None:
        ui.tap(ui.find(ui.tr("turn.take_island"), root=dialog))
        picker = next(iter(_widgets(ui, "IslandPicker")))
        ui.tap(ui.find(island[1], root=picker.ids.islands))
    lines = ui.texts(dialog)
    if shot:
        ui.screenshot(shot)
    ui.tap(ui.find(ui.tr("turn.confirm"), root=dialog))
    return lines


def end_age(ui: AppDriver, age: int, shot: str | None = None) -> list[str]:
    """End of age: the conflicts shown (each battle also as one line: "+1 Anna 1 : 0 Boris −1"),
    confirmed with one tap, the coins found right."""
    ui.tap(ui.tr("table.end_age", age="I" * age))
    lines = ui.texts()
    lines += [" ".join((line.token_a, line.name_a, line.score, line.name_b, line.token_b))   # a battle as one line
              for line in ui.walk(ui.screen) if type(line).__name__ == "BattleLine"]
    if shot:
        ui.screenshot(shot)
    ui.confirm_conflicts()
    ui.tap(ui.tr("age.coins_right_next", age="I" * (age + 1)) if age < 3 else ui.tr("age.coins_right_score"))
    return lines


def final(ui: AppDriver) -> dict[str, Any]:
    """What the score screen shows and what the log holds."""
    session = ui.app.session
    sheet = session.scores().to_json()
    return {"totals": {line["name"]: line["total"] for line in sheet["players"]},
            "naval": [p.get("naval_tokens", []) for p in session.players],
            "tokens": [sorted(p["tokens"]) for p in session.players],
            "coins": [p["coins"] for p in session.players], "winner": ui.screen.winner,
            "teams": sheet.get("teams", []), "texts": ui.texts()}


def four_player_game(ui: AppDriver) -> dict[str, Any]:
    """Anna, Boris, Vera, Dara with Armada, every value entered in the app as it is first needed."""
    anna, boris, vera, dara = range(4)
    new_game(ui, FOUR)
    ui.screenshot("armada-ru-table")
    asked = ship(ui, anna, "red", (1,))
    card(ui, boris, "pirate_cache")
    asked += ship(ui, vera, "yellow", (0, 0))
    first = turn(ui, "armada-ru-turn-piracy")
    card(ui, dara, "dock")
    asked += ship(ui, vera, "yellow", (1,))
    asked += ship(ui, anna, "green", (0,))
    second = turn(ui, "armada-ru-turn-tax")
    age1 = end_age(ui, 1, "armada-ru-end-of-age-1")
    ship(ui, boris, "red")
    asked += ship(ui, dara, "blue", (1,))
    turn(ui)
    asked += ship(ui, boris, "red", (2,))
    turn(ui, discard=(vera, "coins"))
    end_age(ui, 2)
    ship(ui, anna, "red")
    card(ui, dara, "coastal_defenses")
    ship(ui, vera, "green")
    turn(ui)
    ship(ui, vera, "green")
    inhabited = ui.app.session.part("armada").armada_data().islands["inhabited_island"]
    turn(ui, "armada-ru-turn-exploration", island=(vera, str(inhabited.names.get("ru") or inhabited.name)))
    age3 = end_age(ui, 3, "armada-ru-end-of-age-3")
    ui.screenshot("armada-ru-score")
    return {**final(ui), "asked": asked, "turn1": first, "turn2": second, "age1": age1, "age3": age3}


def team_game(ui: AppDriver) -> dict[str, Any]:
    """Six players in teams of two; the red values are known from the first game: nothing is asked."""
    anna, _boris, chen, dara, emil, _fatima = range(6)
    ui.tap(ui.tr("common.back")) if ui.app.root.current != "home" else None
    ui.app.close_game()
    new_game(ui, SIX, teams=True)
    ship(ui, emil, "red")
    ship(ui, chen, "red")
    turn(ui)
    end_age(ui, 1)
    ship(ui, anna, "red")
    turn(ui)
    ship(ui, anna, "red")
    turn(ui)
    end_age(ui, 2)
    card(ui, dara, "coastal_fortifications")
    turn(ui)
    end_age(ui, 3)
    ui.screenshot("armada-ru-score-teams")
    return final(ui)


def values_screen(ui: AppDriver) -> list[str]:
    """Settings, then the Armada values screen: the values still unknown, by component."""
    ui.app.close_game()
    ui.tap(ui.tr("home.settings"))
    ui.tap(ui.tr("armada.values.open"))
    ui.screenshot("armada-ru-values")
    return ui.texts()


def main(out: Path) -> None:
    store = out.parent / "games.sqlite3"
    ui = AppDriver.start(store, size=(800, 480), language="ru")
    try:
        result = {"four": four_player_game(ui), "teams": team_game(ui), "values": values_screen(ui)}
    finally:
        ui.stop()
    out.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
