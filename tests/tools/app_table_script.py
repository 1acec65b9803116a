"""A separate process (one Kivy window each) for tests/test_app_table.py: `play STORE LANGUAGE WxH`
drives a 7-player game through the app's real widgets on a window of that size, checks what a player
at the table would check, saves a screenshot of every screen (tests/output/screens/table7-*, with
COMPANION_SCREENSHOTS=1), and prints the facts it measured as one JSON line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver

NAMES = ("Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя")


def _row(ui: AppDriver, seat: int) -> Any:
    return next(w for w in ui.walk(ui.screen) if type(w).__name__ == "CityRow" and w.seat == seat)


def _popup(ui: AppDriver, kind: str) -> Any:
    return next((w for w in ui.walk() if type(w).__name__ == kind), None)


def _inside(widget: Any, size: tuple[int, int]) -> bool:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return left >= -1 and bottom >= -1 and right <= size[0] + 1 and top <= size[1] + 1


def play(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """Set up 7 players by taps, then enter, check, build, discard, end an age and score."""
    ui = AppDriver.start(store, size=size, language=language)
    tag = f"table7-{language}-{size[0]}x{size[1]}"
    facts: dict[str, Any] = {"touch_px": ui.app.touch, "mm_px": ui.app.mm, "u": ui.app.u}
    ui.screenshot(f"{tag}-home")
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    while screen.players < 7:
        ui.tap(ui.find("+", root=screen))
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row, name in zip(rows, NAMES, strict=True):
        row.ids.name.text = name                       # typed on the keyboard
    ui.tap(ui.tr("new_game.deal"))
    ui.tap(ui.tr("new_game.camera_none"))
    ui.screenshot(f"{tag}-new-game")
    ui.tap(ui.tr("new_game.start"))
    session = ui.app.session
    facts["players"] = len(session.players)
    ui.screenshot(f"{tag}-table")
    rows = [_row(ui, seat) for seat in range(7)]
    facts["rows_in_view"] = sum(_inside(row, size) for row in rows)
    buttons = [w for w in ui.walk(ui.screen) if type(w).__name__ == "BigButton" and w.opacity > 0]
    facts["smallest_button_px"] = min(min(b.height, b.width) for b in buttons)

    # A card in two taps: "+ Card" on Gleb's row, then the card (the picker opens on Age I).
    taps = 0
    ui.tap(ui.find(ui.tr("city.add_card"), root=_row(ui, 3)))
    taps += 1
    picker = _popup(ui, "CardPicker")
    facts["picker_age"] = picker.age
    ui.screenshot(f"{tag}-picker")
    chip = next(c for c in reversed(picker.ids.cards.children) if c.card_id == "lumber_yard")
    ui.tap(chip)
    taps += 1
    facts["card_taps"] = taps
    facts["gleb_cards"] = session.players[3]["cards"]
    # The full city is one tap away; the card shows its source (entered by hand).
    ui.tap(_row(ui, 3))
    view = ui.screen.city_view
    facts["city_view_seat"] = view.seat if view is not None else None
    facts["hand_marks"] = [w.source for w in ui.walk(view) if type(w).__name__ == "CardChip"]
    ui.screenshot(f"{tag}-city")
    ui.tap(ui.find(ui.tr("common.close"), root=view))

    # Coins: the pad, one tap for a discard (+3 from the bank).
    before = session.players[4]["coins"]
    ui.tap(next(w for w in ui.walk(_row(ui, 4)) if type(w).__name__ == "BigButton" and w.text == str(before)))
    pad = _popup(ui, "CoinPad")
    ui.screenshot(f"{tag}-coins")
    ui.tap(ui.find(ui.tr("coins.discard", coins=3), root=pad))
    facts["discard_coins"] = [before, session.players[4]["coins"]]
    ui.tap(next(w for w in ui.walk(_row(ui, 4)) if type(w).__name__ == "BigButton"
                and w.text == str(session.players[4]["coins"])))
    pad = _popup(ui, "CoinPad")
    for key in ("1", "2"):
        ui.tap(ui.find(key, root=pad))
    ui.tap(ui.find("\u2713", root=pad))
    facts["typed_coins"] = session.players[4]["coins"]

    # Build check: Anna checks the Altar (free: whatever wonder the deal gave her) and builds it in one tap.
    ui.check_card(f"1  {NAMES[0]}", "altar")
    facts["check_lines"] = [w.text for w in ui.walk(ui.screen.ids.lines) if getattr(w, "text", "")]
    facts["check_verdict"] = ui.screen.verdict
    facts["check_legal"] = ui.screen.legal
    ui.screenshot(f"{tag}-build-check")
    ui.tap(ui.tr("check.pay"))                     # built: the table comes back with the message and Undo
    facts["anna_cards"] = session.players[0]["cards"]
    facts["after_build"] = [ui.app.root.current, ui.screen.ids.toast.text]

    # End of Age I: plays logged per player, then the conflicts.
    ui.tap(ui.tr("table.end_age", age="I"))
    facts["plays_lines"] = [t for t in ui.texts() if t.startswith(tuple(NAMES)) and "I" in t]
    ui.screenshot(f"{tag}-end-of-age")
    ui.confirm_conflicts()
    # Boris counts 5 coins: a tap on his number opens the pad, "5" and the check mark set it.
    boris = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "Stepper" and w.label == NAMES[1])
    ui.tap(ui.find(str(session.players[1]["coins"]), root=boris))
    pad = _popup(ui, "CoinPad")
    ui.tap(ui.find("5", root=pad))
    ui.tap(ui.find("\u2713", root=pad))
    facts["counted_coins"] = [session.players[1]["coins"], int(boris.value)]
    ui.screenshot(f"{tag}-end-of-age-coins")
    ui.tap(ui.tr("age.coins_right_next", age="II"))
    ui.tap(ui.tr("table.end_age", age="II"))
    ui.confirm_conflicts()
    ui.tap(ui.tr("age.coins_right_next", age="III"))
    ui.tap(ui.tr("table.end_age", age="III"))
    ui.confirm_conflicts()
    ui.tap(ui.tr("age.coins_right_score"))
    facts["screen_after_ages"] = ui.app.root.current
    pad = ui.screen.ids.pad
    ui.screenshot(f"{tag}-score")
    facts["pad_columns_in_view"] = sum(_inside(w, size) for w in pad.player_cells("total"))
    area = ui.screen.ids.sheet_area                      # measured before the message bar takes room
    theme = ui.app.theme
    military = pad.player_cells("military")
    ax, ay = area.to_window(area.x, area.y)
    centres = []
    for cell in military:
        x, y = cell.to_window(cell.x + 3, cell.center_y)       # on the fill, beside the number
        centres.append([x - ax, area.height - (y - ay)])
    size_saved = list(area.size)
    ui.tap(ui.tr("score.save_picture"))
    facts["picture"] = {"path": ui.screen.saved_to, "size": size_saved, "military_cells": centres,
                        "military_rgb": theme.raw["score_rows"]["military"]}
    ui.tap(ui.tr("score.finish"))
    facts["finished"] = session.finished

    # History, the game, statistics and settings (each screen's picture).
    ui.app.close_game()
    ui.tap(ui.tr("home.history"))
    ui.screenshot(f"{tag}-history")
    ui.app.go("game_detail", game_id=session.game_id)
    ui.screenshot(f"{tag}-game-detail")
    ui.tap(ui.tr("detail.bgstats"))
    facts["bgstats"] = "qr" if _popup(ui, "ModalView") is not None else "file"
    ui.screenshot(f"{tag}-bgstats")
    if facts["bgstats"] == "qr":
        ui.tap(ui.tr("common.close"))
    ui.app.go("stats")
    ui.screenshot(f"{tag}-stats")
    ui.app.go("settings")
    ui.screenshot(f"{tag}-settings")
    ui.stop()
    return facts


if __name__ == "__main__":
    width, height = (int(v) for v in sys.argv[4].split("x"))
    print(json.dumps(play(Path(sys.argv[2]), sys.argv[3], (width, height)), ensure_ascii=False), flush=True)
