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
    ui.app.start_game([SeatSetup(n, w, s) for n, (w, s) in zip(NAMES[:3], WONDERS[:3], strict=True)],
                      expansions={"armada": {}})
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
        ui.app.start_game(setup, expansions={"armada": {}} if count == 8 else None)
        ui.pump(frames=3)
        session = ui.app.session
        for seat in range(count - 1):
            card = LONG_CARDS[seat % len(LONG_CARDS)]
            session.enter_play(Play(seat, "discard", card) if seat == 1 else Play(seat, "build", card))
        ui.app.go("table")
        ui.app.changed(now=True)
        ui.screen.refresh()
        ui.pump(frames=4)
        tag = f"turns-{count}players-{language}-{size[0]}x{size[1]}"
        _shot(ui, tag, "table")
        facts[f"rows_{count}"] = _rows_in_view(ui)
        if count == 8:                       # a problem noted (the camera's): no line of its own at 800x480
            from companion.problem import Problem

            session.problems.append(Problem("card_not_added", "the Altar seen in Gizah's city is not added",
                                            card="altar", wonder="gizah"))
            ui.app.changed(now=True)
            ui.screen.refresh()
            ui.pump(frames=4)
            facts["rows_8_problem"] = {**_rows_in_view(ui), "message": ui.screen.toast.text,
                                       "line": ui.screen.ids.problem_line.text}
            _shot(ui, tag, "table-problem")
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


def _rows_in_view(ui: AppDriver) -> dict[str, Any]:
    """Whether every city row shows whole in the rows' view (no scrolling), at least a fingertip high,
    clear of the turn bar; and whether Armada's "Turn over" shows beside "Close turn"."""
    ids = ui.screen.ids
    view = ids.rows_scroll
    rows = [row for _, row in ui.screen._rows]
    bottoms = [row.to_window(row.x, row.y)[1] for row in rows]
    return {"rows": len(rows), "fit": ids.rows.height <= view.height + 0.5,
            "lowest_px": min(bottoms) - ids.turn_holder.top,
            "least_height_px": min(row.height for row in rows),
            "turn_over_shown": bool(ui.screen.bar_parts["armada"].shown), "crowded": ui.screen.crowded}


GAME = (("Анна", "olympia", "A"), ("Борис", "gizah", "A"), ("Вера", "halikarnassos", "B"))
"""The whole game's table, clockwise: Olympia A makes wood, Gizah A stone, Halikarnassos B textile."""


def _camera_frame(session: Any, new: dict[int, list[str]]) -> Any:
    """What the camera would report: each city's cards the tracker holds, and `new` card keys by seat."""
    from companion.games.sevenwonders.vision.layout import SeatObservation, TableObservation
    from companion.markers import load_marker_registry

    registry = {c.key: c for c in load_marker_registry()}
    seats = []
    for seat, player in enumerate(session.players):
        city = session.tracker.cities[player["wonder"]]
        cards = [c.component for c in city.cards] + [registry[key] for key in new.get(seat, [])]
        observed = SeatObservation(registry[f"wonder:{player['wonder']}/{player['side']}"], (seat * 400.0, 0.0), 0.0,
                                   cards, stage_backs=player["stages"])
        observed.places = {c.marker: (100.0 + 70 * j, -50.0) for j, c in enumerate(cards)}
        seats.append(observed)
    return TableObservation(seats=seats)


def _camera_sees(ui: AppDriver, new: dict[int, list[str]], start: float) -> None:
    """The camera confirms `new` cards (four steady frames over 0.45 s, as the camera thread feeds them)."""
    session = ui.app.session
    for step in range(4):
        session.observe(_camera_frame(session, new), start + step * 0.15)
    ui.app.changed(now=True)
    ui.pump(frames=3)


def _open_check(ui: AppDriver, seat: int) -> None:
    """The build check of `seat` (its tab tapped)."""
    if ui.app.root.current != "build_check":
        ui.tap(ui.tr("table.build_check"))
    ui.tap(f"{seat + 1}  {GAME[seat][0]}")


def _discards(ui: AppDriver, first: int, count: int) -> None:
    """`count` seats discard in turn from the build check, from `first` on (it moves on to the next seat
    that has not played)."""
    _open_check(ui, first)
    for _ in range(count):
        ui.tap(ui.tr("check.discard"))


def game(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """A whole game of 3 players played in turns by taps (18 turns): Age I with every kind of play (the
    first play, a play refused against the start of the turn, Halikarnassos B's build from the discard
    pile, a turn closed then opened again and corrected, cards the camera confirms (one refused),
    Olympia A's free build), then Ages II and III of discards, and the score."""
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store, size=size, language=language)
    tag = f"game-{language}-{size[0]}x{size[1]}"
    ui.app.start_game([SeatSetup(*seat) for seat in GAME])
    ui.pump(frames=3)
    session = ui.app.session
    facts: dict[str, Any] = {}
    names = [name for name, _w, _s in GAME]

    # Age I, turn 1: Анна's Lumber Yard (the first play: the build check offers both ways), Борис's Clay
    # Pit (1 coin: clay or ore), Вера's Ore Vein.
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"1  {names[0]}")
    _pick(ui, "lumber_yard")
    facts["first_play"] = _verdict(ui)
    _shot(ui, tag, "01-first-play")
    ui.tap(ui.tr("check.enter"))
    for card in ("clay_pit", "ore_vein"):
        _pick(ui, card)
        ui.tap(ui.tr("check.enter"))
    facts["turn1_bar"] = _bar(ui)
    _shot(ui, tag, "02-turn1-everyone-played")
    ui.tap(ui.tr("turns.close"))
    facts["turn1_coins"] = _coins(ui)
    _shot(ui, tag, "03-turn1-closed")

    # Turn 2: Анна asks for the Workshop (1 glass: nobody around her makes glass): refused; she builds
    # Olympia's stage 1 instead. Борис discards his Altar. Вера builds Halikarnassos B's stage 1 (2 ore:
    # her Ore Vein's, and Борис's Clay Pit's for 2 coins), then, at the end of the turn, the Altar from
    # the discard pile, free.
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"1  {names[0]}")
    _pick(ui, "workshop")
    facts["refused"] = _verdict(ui)
    _shot(ui, tag, "04-refused-play")
    ui.tap(ui.tr("check.next_stage"))
    facts["anna_stage"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    _pick(ui, "altar")
    ui.tap(ui.tr("check.discard"))
    ui.tap(ui.tr("check.next_stage"))
    facts["vera_stage"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    facts["vera_power"] = ui.screen.power
    ui.tap(ui.tr("check.from_discard"))
    picker = _popup(ui, "CardPicker")
    ui.tap(next(c for c in picker.ids.cards.children if c.card_id == "altar"))
    facts["from_discard"] = _verdict(ui)
    _shot(ui, tag, "05-power-build-from-discard")
    ui.tap(ui.tr("check.enter"))
    if ui.app.root.current != "table":
        ui.tap(ui.tr("common.back"))
    ui.tap(ui.tr("turns.close"))
    facts["turn2_coins"] = _coins(ui)
    facts["turn2_cities"] = [(p["cards"], p["stages"]) for p in session.players]

    # Turn 3, closed, then opened again from the turn bar's title: Анна's discard becomes the Baths.
    _discards(ui, 0, 1)
    for card in ("stone_pit", "loom"):
        _pick(ui, card)
        ui.tap(ui.tr("check.enter"))
    ui.tap(ui.tr("turns.close"))
    facts["turn3_coins"] = _coins(ui)
    bar = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "TurnBar")
    ui.tap(bar.title)
    dialog = _popup(ui, "InstantModal")
    facts["reopen_dialog"] = ui.texts(dialog) if dialog is not None else []
    _shot(ui, tag, "06-reopen-dialog")
    ui.tap(ui.tr("turns.reopen_do", turn=3))
    facts["reopened_bar"] = _bar(ui)
    facts["reopened_coins"] = _coins(ui)
    _shot(ui, tag, "07-turn3-reopened")
    ui.tap(_bar_chip(ui, 0))                                 # Анна's chip: her build check
    _pick(ui, "baths")
    facts["baths"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    if ui.app.root.current != "table":
        ui.tap(ui.tr("common.back"))
    ui.tap(ui.tr("turns.close"))
    facts["turn3_corrected_coins"] = _coins(ui)
    facts["turn3_corrected_cities"] = [p["cards"] for p in session.players]

    # Turn 4, by the camera: Борис's Clay Pool (free) and Вера's Stockade (1 wood: 2 coins to Анна, and
    # she holds 1 at the start of the turn: refused, shown); Вера takes it back and discards; Анна discards.
    _camera_sees(ui, {1: ["card:clay_pool/I/3+"], 2: ["card:stockade/I/3+"]}, 100.0)
    facts["camera_bar"] = _bar(ui)
    facts["camera_problem"] = ui.screen.problems
    _shot(ui, tag, "08-camera-plays-one-refused")
    ui.tap(_bar_chip(ui, 0))                                # Анна's chip: her build check
    ui.tap(ui.tr("check.discard"))
    ui.tap(_bar_chip(ui, 2))                                # Вера's refused play, shown in full
    facts["camera_refused_check"] = ui.screen.verdict
    _shot(ui, tag, "09-camera-refused-play-opened")
    ui.tap(ui.tr("check.discard"))                          # her corrected play
    if ui.app.root.current != "table":
        ui.tap(ui.tr("common.back"))
    ui.tap(ui.tr("turns.close"))
    facts["turn4_coins"] = _coins(ui)
    facts["turn4_cities"] = [p["cards"] for p in session.players]

    # Turn 5: Анна builds Olympia's stage 2 (2 stone from Борис: 4 coins); the others discard.
    _open_check(ui, 0)
    ui.tap(ui.tr("check.next_stage"))
    facts["anna_stage2"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    _discards(ui, 1, 2)
    ui.tap(ui.tr("turns.close"))
    facts["turn5_coins"] = _coins(ui)
    ui.tap(ui.tr("common.undo"))                            # the message bar's Undo: asked first
    dialog = _popup(ui, "InstantModal")
    facts["undo_dialog"] = ui.texts(dialog)[0] if dialog is not None else None
    ui.tap(ui.tr("common.cancel"))                          # not opened again after all
    facts["after_cancel"] = {"coins": _coins(ui), "title": _bar(ui)["title"]}

    # Turn 6: Анна's free build (Olympia A, once per age): the Barracks; the others discard.
    ui.tap(ui.tr("table.build_check"))
    ui.tap(f"1  {names[0]}")
    ui.tap(ui.tr("check.free_build_off"))
    _pick(ui, "barracks")
    facts["free_build"] = _verdict(ui)
    _shot(ui, tag, "10-power-olympia-free-build")
    ui.tap(ui.tr("check.enter"))
    _discards(ui, 1, 2)
    facts["turn6_bar"] = _bar(ui)
    _shot(ui, tag, "11-age-I-last-turn-played")
    ui.tap(ui.tr("turns.close"))
    facts["age1_coins"] = _coins(ui)
    facts["age1_tokens"] = [p["tokens"] for p in session.players]
    facts["age1_bar"] = _bar(ui)
    _shot(ui, tag, "12-end-of-age-I")

    # Ages II and III: every seat discards every turn.
    for age in (2, 3):
        for turn in range(1, 7):
            _discards(ui, 0, 3)
            if ui.app.root.current != "table":
                ui.tap(ui.tr("common.back"))
            if (age, turn) == (3, 6):
                facts["last_bar"] = _bar(ui)
            ui.tap(ui.tr("turns.close"))
        facts[f"age{age}_coins"] = _coins(ui)
        facts[f"age{age}_tokens"] = [p["tokens"] for p in session.players]
    facts["age"] = session.age
    facts["bar_after_game"] = any(type(w).__name__ == "TurnBar" for w in ui.walk(ui.screen))
    _shot(ui, tag, "13-game-over-table")
    ui.tap(ui.tr("table.to_score"))
    facts["score_screen"] = ui.app.root.current
    _shot(ui, tag, "14-score")
    ui.stop()
    return facts


def free_city(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """The two-player variant in turns: Анна and Борис, and the free city (Babylon A) between them,
    which Анна plays on turn 1 of Age I (the player on its left), Борис on turn 2."""
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store, size=size, language=language)
    tag = f"turns-free-city-{language}-{size[0]}x{size[1]}"
    free = ui.app.store.data.rules.free_city_name
    ui.app.start_game([SeatSetup("Анна", "olympia", "A"), SeatSetup("Борис", "gizah", "A"),
                       SeatSetup(free, "babylon", "A")], variant="two-player")
    ui.pump(frames=3)
    facts: dict[str, Any] = {}
    ui.tap(ui.tr("table.build_check"))
    facts["tabs_before_turns"] = [c.text for c in reversed(ui.screen.ids.players.children)]
    ui.tap("1  Анна")
    _pick(ui, "lumber_yard")
    ui.tap(ui.tr("check.enter"))
    _pick(ui, "stone_pit")                                   # Борис, the next seat
    ui.tap(ui.tr("check.enter"))
    facts["tabs_turn1"] = [c.text for c in reversed(ui.screen.ids.players.children)]
    facts["seat_after_boris"] = ui.screen.seat               # the free city's tab, chosen by itself
    _pick(ui, "altar")
    ui.tap(ui.tr("check.discard"))                           # it can build the Altar free: no discard
    facts["free_city_discard"] = {"message": ui.screen.toast.text, "bad": ui.screen.toast.bad}
    facts["free_city_lines"] = _verdict(ui)["lines"]
    _shot(ui, tag, "1-free-city-tab")
    _pick(ui, "altar")
    facts["free_city_altar"] = _verdict(ui)
    ui.tap(ui.tr("check.enter"))
    facts["bar"] = _bar(ui)
    _shot(ui, tag, "2-everyone-played")
    ui.tap(ui.tr("turns.close"))
    ui.tap(ui.tr("table.build_check"))
    facts["tabs_turn2"] = [c.text for c in reversed(ui.screen.ids.players.children)]
    facts["cities"] = [p["cards"] for p in ui.app.session.players]
    ui.stop()
    return facts


def _bar_chip(ui: AppDriver, seat: int) -> Any:
    bar = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "TurnBar")
    return list(reversed(bar.seats.children))[seat]


if __name__ == "__main__":
    _, command, store_path, language, size_text = sys.argv
    width, height = (int(v) for v in size_text.split("x"))
    runs = {"play": play, "armada": armada, "powers": powers, "seats": seats, "game": game,
            "free_city": free_city}
    measured = runs[command](Path(store_path), language, (width, height))
    print(json.dumps({**measured, "legibility": LEGIBILITY}, ensure_ascii=False))
