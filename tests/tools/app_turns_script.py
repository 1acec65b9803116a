"""A separate process (one Kivy window) for tests/games/sevenwonders/test_app_turns.py: `play STORE
LANGUAGE WxH` plays three turns of Age I of a 4-player game by taps, through the table's turn bar and
the build check (`armada STORE LANGUAGE WxH`: a turn of discards with Armada), saves a screenshot of
each telling screen with COMPANION_SCREENSHOTS=1 (tests/output/screens/turns-*, and /tmp/turnflow/ if it exists)
and prints the facts it measured as one JSON line.

The table: Анна (Alexandria A, glass), Борис (Gizah A, stone), Вера (Babylon A, clay), Дина
(Halikarnassos B, textile), clockwise; everyone starts with 3 coins.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver

NAMES = ("Анна", "Борис", "Вера", "Дина")
WONDERS = (("alexandria", "A"), ("gizah", "A"), ("babylon", "A"), ("halikarnassos", "B"))
SHOTS = Path("/tmp/turnflow")


def _popup(ui: AppDriver, kind: str) -> Any:
    return next((w for w in ui.walk() if type(w).__name__ == kind), None)


def _pick(ui: AppDriver, card: str) -> None:
    """The build check's card picker: the card searched by its name and tapped."""
    ui.tap(ui.tr("check.pick_card"))
    _tap_chip(ui, card)


def _tap_chip(ui: AppDriver, card: str) -> None:
    picker = _popup(ui, "CardPicker")
    picker.ids.search.text = ui.app.words.card(card)[:5]
    ui.pump(frames=2)
    ui.tap(next(c for c in picker.ids.cards.children if c.card_id == card))


LEGIBILITY: dict[str, Any] = {}
"""What `measure` (tests/tools/legibility.py: 3 mm text, 9 mm targets, no word cut) found on each screen shot."""


def _shot(ui: AppDriver, tag: str, name: str) -> None:
    from companion.app.theme import READ_TEXT_MM, TOUCH_MM
    from tests.tools.legibility import measure

    path = ui.screenshot(f"{tag}-{name}")          # written with COMPANION_SCREENSHOTS=1
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)
    found = measure(ui.walk(), ui.app.mm, least_text_mm=READ_TEXT_MM, least_target_mm=TOUCH_MM)
    LEGIBILITY[f"{tag}-{name}"] = {key: found[key] for key in ("text_mm", "target_mm", "small_text",
                                                               "small_targets", "spoilt")}


def _verdict(ui: AppDriver) -> dict[str, Any]:
    screen = ui.screen
    return {"legal": screen.legal, "verdict": screen.verdict, "can_enter": screen.can_enter,
            "can_pay": screen.can_pay,
            "lines": [w.text for w in ui.walk(screen.ids.lines) if getattr(w, "text", "")]}


def _bar(ui: AppDriver) -> dict[str, Any]:
    bar = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "TurnBar")
    chips = [c.text for c in reversed(bar.seats.children)]
    return {"title": bar.title.text, "chips": chips, "close_tone": bar.close.tone,
            "smallest_px": min(min(w.height, w.width) for w in [*bar.seats.children, bar.close]),
            "smallest_font_px": min(w.font_size for w in [*bar.seats.children, bar.close, bar.title])}


def _coins(ui: AppDriver) -> list[int]:
    return [p["coins"] for p in ui.app.session.players]


def play(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    ui = AppDriver.start(store, size=size, language=language)
    tag = f"turns-{language}-{size[0]}x{size[1]}"
    facts: dict[str, Any] = {"mm_px": ui.app.mm, "touch_px": ui.app.touch}
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    while screen.players < 4:
        ui.tap(ui.find("+", root=screen))
    screen.names[:4] = list(NAMES)                     # typed on the keyboard
    screen.wonders[:4] = [w for w, _ in WONDERS]       # chosen in the wonder lists
    screen.sides[:4] = [s for _, s in WONDERS]
    screen.refresh()
    ui.tap(ui.tr("new_game.camera_none"))
    ui.tap(ui.tr("new_game.start"))
    session = ui.app.session
    facts["bar_before"] = any(type(w).__name__ == "TurnBar" for w in ui.walk(ui.screen))

    # Turn 1: a free brown card each, entered one after the other from the build check.
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"1  {NAMES[0]}")
    _pick(ui, "lumber_yard")
    facts["first_check"] = _verdict(ui)
    _shot(ui, tag, "1-first-play")
    for card in ("lumber_yard", "stone_pit", "ore_vein", "ore_vein"):
        if ui.screen.target != card:
            _pick(ui, card)
        ui.tap(ui.tr("check.enter"))
    facts["after_turn1_plays"] = ui.app.root.current
    facts["turn1_bar"] = _bar(ui)
    _shot(ui, tag, "2-turn1-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["turn1_coins"] = _coins(ui)
    facts["turn2_bar"] = _bar(ui)
    _shot(ui, tag, "3-turn2-open")

    # Turn 2, entered in the "wrong" order: Борис first (his Workshop buys Анна's glass for 2), then Анна.
    bar = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "TurnBar")
    ui.tap(list(reversed(bar.seats.children))[1])            # Борис's chip opens his build check
    facts["chip_seat"] = ui.screen.seat
    _pick(ui, "workshop")
    facts["workshop"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    facts["next_seat"] = ui.screen.seat
    facts["coins_after_workshop_entered"] = _coins(ui)
    ui.tap(ui.tr("check.next_stage"))
    facts["anna_stage"] = _verdict(ui)
    _shot(ui, tag, "4-anna-stage-refused")
    _pick(ui, "stockade")
    ui.tap(ui.tr("check.enter"))
    _pick(ui, "altar")                                       # Вера discards her Altar
    ui.tap(ui.tr("check.discard"))
    _pick(ui, "theater")                                     # Дина discards her Theater
    ui.tap(ui.tr("check.discard"))
    facts["turn2_bar_full"] = _bar(ui)
    facts["coins_before_close"] = _coins(ui)
    _shot(ui, tag, "5-turn2-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["turn2_coins"] = _coins(ui)
    _shot(ui, tag, "6-turn2-closed")

    # Turn 3: Дина builds Halikarnassos B's first stage, then a card of the discard pile, free.
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"4  {NAMES[3]}")
    ui.tap(ui.tr("check.next_stage"))
    facts["dina_stage"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    ui.tap(f"4  {NAMES[3]}")
    facts["dina_power"] = ui.screen.power
    ui.tap(ui.tr("check.from_discard"))
    picker = _popup(ui, "CardPicker")
    facts["discard_picker"] = sorted(c.card_id for c in picker.ids.cards.children if c.opacity > 0)
    _shot(ui, tag, "7-discard-pile-picker")
    ui.tap(next(c for c in picker.ids.cards.children if c.card_id == "altar"))
    facts["from_discard"] = _verdict(ui)
    _shot(ui, tag, "8-build-from-discard")
    ui.tap(ui.tr("check.enter"))
    ui.tap(f"1  {NAMES[0]}")
    ui.tap(ui.tr("check.next_stage"))
    facts["anna_stage_turn3"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    ui.tap(ui.tr("check.discard"))                           # Борис
    ui.tap(ui.tr("check.discard"))                           # Вера
    facts["turn3_bar"] = _bar(ui)
    _shot(ui, tag, "9-turn3-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["turn3_coins"] = _coins(ui)
    facts["turn3_cities"] = [(p["cards"], p["stages"]) for p in session.players]
    facts["after_turn3_bar"] = _bar(ui)
    _shot(ui, tag, "10-turn4-open")
    ui.stop()
    return facts


def armada(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """With Armada: a turn of discards, one for the yellow ship's step, closed in one tap."""
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store, size=size, language=language)
    tag = f"turns-armada-{language}-{size[0]}x{size[1]}"
    ui.app.start_game([SeatSetup(n, w, s) for n, (w, s) in zip(NAMES[:3], WONDERS[:3], strict=True)], armada=True)
    ui.pump(frames=3)
    session = ui.app.session
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"1  {NAMES[0]}")
    _shot(ui, tag, "1-build-check")
    ui.tap(ui.tr("check.discard_yellow"))
    ui.tap(ui.tr("check.discard"))
    ui.tap(ui.tr("check.discard"))
    facts: dict[str, Any] = {"bar": _bar(ui), "screen": ui.app.root.current}
    _shot(ui, tag, "2-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["coins"] = _coins(ui)
    facts["yellow"] = [session.part("armada").fleet_level(seat, "yellow") for seat in range(3)]
    facts["title"] = _bar(ui)["title"]
    facts["ship_dialog"] = _popup(ui, "TurnDialog") is not None
    _shot(ui, tag, "3-closed-ships-to-confirm")
    ui.stop()
    return facts


def powers(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """Age I in six turns with Olympia A's free build (once) and Babylon B's 7th card on the last turn."""
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store, size=size, language=language)
    tag = f"turns-powers-{language}-{size[0]}x{size[1]}"
    seats = [SeatSetup("Анна", "olympia", "A"), SeatSetup("Борис", "babylon", "B"), SeatSetup("Вера", "gizah", "A")]
    ui.app.start_game(seats)
    ui.pump(frames=3)
    session = ui.app.session
    for seat in (0, 0, 1, 1):                   # stages entered by hand before the turns (the "+ stage" taps)
        ui.screen.build_stage(seat)
    facts: dict[str, Any] = {"stages": [p["stages"] for p in session.players]}
    ui.tap(ui.tr("table.build_check"))
    ui.tap("1  Анна")
    ui.tap(ui.tr("check.free_build_off"))
    _pick(ui, "baths")
    facts["free_build_1"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    ui.tap(ui.tr("check.discard"))
    ui.tap(ui.tr("check.discard"))
    ui.tap(ui.tr("turns.close"))
    ui.tap(ui.tr("table.build_check"))
    ui.tap("1  Анна")
    ui.tap(ui.tr("check.free_build_off"))
    _pick(ui, "scriptorium")
    facts["free_build_2"] = _verdict(ui)
    _shot(ui, tag, "1-olympia-spent")
    for turn in range(2, 7):
        if ui.app.root.current != "build_check":
            ui.tap(ui.tr("table.build_check"))
        ui.tap("1  Анна")
        for _ in range(3):
            ui.tap(ui.tr("check.discard"))
        if turn < 6:
            ui.tap(ui.tr("turns.close"))
    ui.tap(ui.tr("table.build_check"))
    ui.tap("2  Борис")
    facts["babylon_power"] = ui.screen.power_text
    ui.tap(ui.tr("check.last_card_off"))
    _pick(ui, "stockade")
    facts["last_card"] = _verdict(ui)
    _shot(ui, tag, "2-babylon-7th-card")
    ui.tap(ui.tr("check.enter"))
    ui.tap(ui.tr("common.back"))
    facts["turn6_bar"] = _bar(ui)
    _shot(ui, tag, "3-turn6-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["coins"] = _coins(ui)
    facts["tokens"] = [p["tokens"] for p in session.players]
    facts["cards"] = [p["cards"] for p in session.players]
    facts["age"] = session.age
    facts["after_bar"] = _bar(ui)
    _shot(ui, tag, "4-age-II-turn-1")
    ui.stop()
    return facts


SEVEN = ("Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя", "Максимилиан")
"""The eighth name is longer than a chip of 8 seats is wide: the chip names the seat by its number."""
SEVEN_WONDERS = ("alexandria", "gizah", "babylon", "olympia", "rhodes", "ephesos", "halikarnassos")
LONG_CARDS = ("lumber_yard", "stone_pit", "glassworks", "loom", "press", "clay_pool", "ore_vein")
"""Age I cards free to build, the longest names first (ru "Склад пиломатериалов", "Каменный карьер")."""


def seats(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """The turn bar at 3 to 8 players (8 with Armada and another expansion's wonder), every seat's play
    entered but the last one's: free Age I builds with long names, seat 2 a discard. Each table screen
    is shot and measured (tests/tools/legibility.py: turns-Nplayers-*-table), the 7-player one's first
    chip tapped (-chip-tapped)."""
    from companion.games.sevenwonders.rules.turns import Play
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store, size=size, language=language)
    facts: dict[str, Any] = {}
    for count in range(3, 9):
        setup = [SeatSetup(SEVEN[i], SEVEN_WONDERS[i], "A") for i in range(min(count, 7))]
        if count == 8:
            setup.append(SeatSetup(SEVEN[7], "other", "A",
                                   other_wonder={"name": "Petra", "resource": "stone", "stages": 3}))
        ui.app.start_game(setup, armada=count == 8)
        ui.pump(frames=3)
        session = ui.app.session
        for seat in range(count - 1):
            card = LONG_CARDS[seat % len(LONG_CARDS)]
            session.enter_play(Play(seat, "discard", card) if seat == 1 else Play(seat, "build", card))
        ui.app.go("table")
        ui.screen.refresh()
        ui.pump(frames=4)
        tag = f"turns-{count}players-{language}-{size[0]}x{size[1]}"
        _shot(ui, tag, "table")
        if count == 7:
            bar = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "TurnBar")
            ui.tap(bar.seats.children[-1])                   # Анна's chip: her build check
            facts["chip_tapped"] = {"screen": ui.app.root.current, "seat": ui.screen.seat,
                                    "verdict": ui.screen.verdict}
            _shot(ui, tag, "chip-tapped")
            ui.tap(ui.tr("common.back"))
        facts[str(count)] = _bar(ui)["chips"]
    ui.stop()
    return facts


if __name__ == "__main__":
    _, command, store_path, language, size_text = sys.argv
    width, height = (int(v) for v in size_text.split("x"))
    runs = {"play": play, "armada": armada, "powers": powers, "seats": seats}
    measured = runs[command](Path(store_path), language, (width, height))
    print(json.dumps({**measured, "legibility": LEGIBILITY}, ensure_ascii=False))
