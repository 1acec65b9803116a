"""A separate process (one Kivy window each) for tests/test_app_layout.py: `python -m
tests.tools.layout_script OUT.json WIDTHxHEIGHT 3-8 LANGUAGE...` opens Armada games of 3 to 8 players on
a window of that size in each language (set up through the app's own start, not by taps: the taps
are tested elsewhere), gives every city ships and islands, and measures what a player would see:
whether each city's row lies inside the table without scrolling, whether the texts of the Armada
part and of the score pad fit their widgets, and the saved score picture. Screenshots of each
screen go to tests/output/screens/layout-*.png for a person to look at."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver
from tests.tools.legibility import measure

NAMES = {"en": ("Alexandra", "Bartholomew", "Christopher", "Dorothea", "Evangeline", "Frederick", "Gwendolyn",
                "Maximilian"),
         "ru": ("Александра", "Варфоломей", "Константин", "Доротея", "Евангелина", "Фридрих", "Гвендолин",
                "Максимилиан"),
         "uk": ("Олександра", "Варфоломій", "Костянтин", "Доротея", "Євангеліна", "Фрідріх", "Гвендолін",
                "Максиміліан")}
WONDERS = ("rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos", "gizah")
EIGHTH = {"name": "Petra", "resource": "stone", "stages": 3, "stage_points": [3, 0, 7], "stage_shields": [0, 2, 0]}
FULL_CITY = ("lumber_yard", "loom", "altar", "east_trading_post", "stockade", "apothecary", "workers_guild")
"""A card of every colour: the first city's row shows all seven counts."""
ISLANDS = (("wild_island", "abandoned_harbor", "bronze_island"), ("virgin_island",), ())


class Checks:
    """Text heights and touch targets of every screen and dialog visited (companion.app.theme's
    rule), the smallest kept per screen over the languages and games; a screenshot of each."""

    def __init__(self, ui: AppDriver) -> None:
        self.ui = ui
        self.screens: dict[str, dict[str, Any]] = {}
        self.tag = ""

    def __call__(self, name: str, root: Any = None, *, shot: str | None = None) -> dict[str, Any]:
        """Measure `root` (the window with its pop-ups when None) as the screen or dialog `name`."""
        from companion.app.theme import READ_TEXT_MM, TOUCH_MM

        ui = self.ui
        ui.pump(frames=4)
        if shot is not None:
            ui.screenshot(f"{self.tag}-{shot}")
        facts = measure(ui.walk(root), ui.app.mm, least_text_mm=READ_TEXT_MM, least_target_mm=TOUCH_MM)
        kept = self.screens.setdefault(name, {"text_mm": None, "target_mm": None, "small_text": [],
                                              "small_targets": [], "spoilt": [], "visits": 0, "small_print": 0})
        kept["visits"] += 1
        kept["small_print"] += facts["small_print"]
        for key in ("text_mm", "target_mm"):
            if facts[key] is not None:
                kept[key] = facts[key] if kept[key] is None else min(kept[key], facts[key])
        for key in ("small_text", "small_targets", "spoilt"):
            kept[key] += [f"{self.tag}: {line}" for line in facts[key] if f"{self.tag}: {line}" not in kept[key]]
        return facts


CHECKS: Checks | None = None


def check(name: str, root: Any = None, *, shot: str | None = None) -> None:
    """Measure a screen or dialog (see Checks) when the script measures."""
    if CHECKS is not None:
        CHECKS(name, root, shot=shot)


def _widgets(ui: AppDriver, kind: str, root: Any = None) -> list[Any]:
    return [w for w in ui.walk(root) if type(w).__name__ == kind]


def _box(widget: Any) -> tuple[float, float, float, float]:
    """The widget's left, bottom, right and top in window coordinates."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return left, bottom, right, top


def _inside(widget: Any, area: Any) -> bool:
    """True when the whole widget lies inside `area` (both in window coordinates, 1 px of slack)."""
    left, bottom, right, top = _box(widget)
    a_left, a_bottom, a_right, a_top = _box(area)
    return left >= a_left - 1 and bottom >= a_bottom - 1 and right <= a_right + 1 and top <= a_top + 1


def _cut_labels(ui: AppDriver, root: Any) -> list[str]:
    """The visible labels under `root` whose text does not fit them: wider or taller than the label,
    or shortened with an ellipsis."""
    cut = []
    for label in ui.walk(root):
        if not hasattr(label, "texture_size") or not getattr(label, "text", "") or label.opacity == 0:
            continue
        label.texture_update()
        width, height = label.texture_size
        if width > label.width + 1 or height > label.height + 1 or "\u2026" in _rendered(label):
            cut.append(f"{label.text!r} {width:.0f}x{height:.0f} in {label.width:.0f}x{label.height:.0f}")
    return cut


def _rendered(label: Any) -> str:
    """What a label draws: its lines as laid out (an ellipsis where `shorten` cut the text)."""
    lines = getattr(label, "_label", None)
    cached = getattr(lines, "_cached_lines", None) or []
    return "".join(word.text for line in cached for word in line.words)


def start(ui: AppDriver, players: int, language: str) -> None:
    """Open an Armada game of `players` seats (8: the eighth wonder at the last seat) with fleets and
    islands on the first cities, so that the rows show their longest lines."""
    from companion.games.sevenwonders.session import SeatSetup

    running = ui.app
    if running.language != language:
        running.set_language(language)
    names = NAMES[language][:players]
    seats = [SeatSetup(name, WONDERS[seat % 7], "A") for seat, name in enumerate(names[:7])]
    if players == 8:
        seats.append(SeatSetup(names[7], "other", "A", dict(EIGHTH)))
    running.start_game(seats, expansions={"armada": {"port_boards": list(range(1, players + 1))}},
                       teams=[list(names[i:i + 2]) for i in range(0, players, 2)] if players in (4, 6, 8) else None)
    session = running.session
    for seat in range(min(players, 3)):
        for island in ISLANDS[seat]:
            session.part("armada").add_island(seat, island)
    for card in FULL_CITY:
        session.add_card(0, card)
    session.part("armada").move_fleet(0, "red", 2)
    session.part("armada").move_fleet(1, "yellow", 1)
    running.changed(now=True)
    ui.pump(frames=6)


def table_facts(ui: AppDriver, tag: str) -> dict[str, Any]:
    """Whether every city's row is inside the visible table with nothing to scroll, and what is cut."""
    screen = ui.screen
    view = screen.ids.rows_scroll
    rows = sorted(_widgets(ui, "CityRow", screen), key=lambda r: r.seat)
    ports = _widgets(ui, "CompactPort", screen)
    screen.ids.toast.show(ui.tr("table.stage_built", player=NAMES["en"][0], stage=1), undo=lambda: None)
    ui.pump(frames=6)                                       # a message with Undo below the table
    with_message = sum(_inside(row, view) for row in rows)
    ui.screenshot(f"{tag}-table-message")
    check("table (Armada), a message shown")
    screen.ids.toast.hide()
    ui.pump(frames=6)
    check("table (Armada)")
    buttons = [w for row in rows for w in ui.walk(row) if type(w).__name__ == "BigButton" and w.opacity > 0]
    return {"rows": len(rows), "rows_inside": sum(_inside(row, view) for row in rows),
            "scrolls": screen.ids.rows.height > view.height + 1, "ports": len(ports),
            "rows_inside_with_message": with_message,
            "ports_inside": sum(_inside(port, row) for row in rows for port in _widgets(ui, "CompactPort", row)),
            "smallest_target": min(min(t.width, t.height) for t in ports + buttons),
            "teams": [row.team for row in rows],
            "cut": [text for row in rows for text in _cut_labels(ui, row)]}


def city_facts(ui: AppDriver, tag: str, seat: int) -> dict[str, Any]:
    """The full city (a tap on the row's badge) with its port: what is cut; then the port sheet (a tap
    on the row's port)."""
    screen = ui.screen
    row = next(r for r in _widgets(ui, "CityRow", screen) if r.seat == seat)
    ui.tap(row.children[-1])
    ui.screenshot(f"{tag}-city")
    check("full city (Armada)", screen.city_view)
    part = _widgets(ui, "ArmadaPart", screen.city_view)[0]
    tiles = [w for w in ui.walk(part) if type(w).__name__ in ("FleetTile", "PortTile", "IslandsTile")]
    facts = {"city_cut": _cut_labels(ui, part), "smallest_city_target": min(min(t.size) for t in tiles)}
    ui.tap(next(t for t in tiles if getattr(t, "fleet", "") == "yellow"))    # the space reached asks its values
    dialog = _widgets(ui, "ValueDialog")
    if dialog:
        ui.screenshot(f"{tag}-value-dialog")
        check("a value question (Armada)", dialog[0])
        facts["dialog_cut"] = _cut_labels(ui, dialog[0])
        ui.tap(ui.find(ui.tr("armada.values.later"), root=dialog[0]))
    ui.tap(ui.find(ui.tr("common.close"), root=screen.city_view))
    ui.tap(_widgets(ui, "CompactPort", row)[0])
    ui.screenshot(f"{tag}-port-sheet")
    sheet = _widgets(ui, "PortSheet")[0]
    check("port sheet (Armada)", sheet)
    facts["sheet_cut"] = _cut_labels(ui, sheet)
    ui.tap(ui.find(ui.tr("armada.add_island"), root=sheet))
    picker = _widgets(ui, "IslandPicker")[0]
    ui.screenshot(f"{tag}-island-picker")
    check("island picker (Armada)", picker)
    facts["picker_cut"] = _cut_labels(ui, picker)
    ui.tap(ui.find(ui.tr("common.close"), root=picker))
    ui.tap(ui.find(ui.tr("common.close"), root=sheet))
    return facts


def screen_cuts(ui: AppDriver, tag: str) -> dict[str, Any]:
    """The build check, the turn and the end of the age with Armada: a screenshot each and what is cut."""
    facts: dict[str, Any] = {}
    for name in ("build_check", "end_of_age"):
        ui.app.go(name)
        ui.pump(frames=6)
        ui.screenshot(f"{tag}-{name.replace('_', '-')}")
        check(f"{name.replace('_', ' ')} (Armada)")
        facts[f"{name}_cut"] = _cut_labels(ui, ui.screen)
    facts["conflicts_title"] = ui.app.screen("end_of_age").conflicts_title
    ui.app.go("table")
    ui.pump(frames=4)
    turn = ui.screen.bar_parts["armada"]
    if turn.opacity > 0:
        ui.tap(turn)
        dialog = _widgets(ui, "TurnDialog")
        if dialog:
            ui.screenshot(f"{tag}-turn")
            check("turn done (Armada)", dialog[0])
            facts["turn_cut"] = _cut_labels(ui, dialog[0])
            ui.tap(ui.find(ui.tr("common.close"), root=dialog[0]))
    return facts


def score_facts(ui: AppDriver, tag: str) -> dict[str, Any]:
    """The score pad: every column and row inside the pad's area under the top bar, every label fits;
    where each row's first cell and each player's cell of a row are in the saved picture (pixels from
    its top left), with the row's colour."""
    ui.app.go("score")
    screen = ui.screen
    pad, area = screen.ids.pad, screen.ids.sheet_area
    screen.ids.toast.show(ui.tr("score.picture_saved", place=ui.tr("place.exports")))   # a message below
    ui.pump(frames=6)
    ui.screenshot(f"{tag}-score-message")
    check("score pad (Armada), a message shown")
    with_message = all(_inside(cell, area) for cell in pad.children) and _inside(screen.ids.winner, area)
    cut_with_message = _cut_labels(ui, pad)
    screen.ids.toast.hide()
    ui.pump(frames=6)
    ui.screenshot(f"{tag}-score")
    check("score pad (Armada)")
    cells = list(reversed(pad.children))
    ax, ay = area.to_window(area.x, area.y)

    def spot(widget: Any) -> list[float]:
        x, y = widget.to_window(widget.x + 2, widget.center_y)         # on the fill, beside any icon or text
        return [x - ax, area.height - (y - ay)]

    categories = ui.app.session.scores().categories
    rows = {category: {"rgb": ui.app.theme.raw["score_rows"][category],
                       "cells": [spot(cell) for cell in pad.cells_of(category)]}
            for category in categories}
    facts = {"pad_fits": pad.width <= pad.parent.width + 1, "pad_cut": _cut_labels(ui, pad) + cut_with_message,
             "pad_inside": all(_inside(cell, area) for cell in cells) and _inside(screen.ids.winner, area),
             "pad_inside_with_message": with_message, "pad_rows": rows, "area": list(area.size),
             "pad_across": pad.across}
    ui.tap(ui.tr("score.save_picture"))
    facts["picture"] = screen.saved_to
    return facts


ARCHITECTS_WONDERS = ("giza", "rhodes", "ur", "rome", "babylon")
"""An Architects game with Medals: Ur and Rome ask for the VP printed on each piece."""


def _popup(ui: AppDriver, kind: str) -> Any:
    return next((w for w in ui.walk() if type(w).__name__ == kind), None)


def tour(ui: AppDriver, language: str, tag: str) -> dict[str, Any]:
    """Every screen and dialog of both games, measured (`check`) with a screenshot each: home, new
    game (8 players: Armada and teams; the wonder list), a 7-player game's table, full city, card
    picker, coin pad, build check (an answer; a build with its message), end of age, score pad,
    history, a game, its BG Stats code, settings, Armada values; an Architects game with Medals set
    up, its table, the VP of an Ur piece, the battle and its score sheet; the statistics of both."""
    from companion.games.sevenwonders.session import SeatSetup

    running = ui.app
    if running.language != language:
        running.set_language(language)
    facts: dict[str, Any] = {}
    running.go("home")
    check("home", shot="home")
    ui.tap(ui.tr("home.new_game"))
    check("new game", shot="new-game")
    screen = ui.screen
    while screen.players < 8:
        ui.tap(ui.find("+", root=screen))
    armada = screen.panels["armada"]
    facts["armada_forced"] = [armada.chosen, armada.toggle.chosen, armada.toggle.disabled]
    ui.tap(armada.teams_toggle)
    check("new game, 8 players (Armada, teams)", shot="new-game-8")
    seat = next(w for w in ui.walk(screen) if type(w).__name__ == "SeatRow" and w.seat == 0)
    ui.tap(seat.ids.wonder)
    options = _popup(ui, "WonderDropDown")
    check("the wonder list", options, shot="wonder-list")
    options.dismiss()
    ui.pump(frames=4)
    spinner = seat.ids.wonder                        # the wonders other seats hold, marked with their seat
    marked = [text for text in spinner.values if " \u2014 " in text]
    before = list(screen.wonders[:2])
    spinner.text = next(text for text in marked if text.split(" \u2014 ")[1].startswith("2 "))   # seat 2's
    ui.pump(frames=4)
    facts["wonder_list"] = {"marked": len(marked), "before": before, "after": list(screen.wonders[:2]),
                            "message": screen.toast.text, "names": [ui.app.words.wonder(w) for w in screen.wonders[:2]],
                            "players": [screen._seat_name(0), screen._seat_name(1)]}

    running.start_game([SeatSetup(name, WONDERS[n], "A") for n, name in enumerate(("Ann", "Bob", "Cid"))])
    for _age in range(3):                           # a short game finished: its BG Stats code fits a QR code
        running.session.confirm_conflicts()
    running.session.finish()
    running.go("game_detail", game_id=running.session.game_id)
    ui.tap(ui.tr("detail.bgstats"))
    code = _popup(ui, "ModalView")
    check("BG Stats code", code, shot="bgstats")
    ui.tap(ui.find(ui.tr("common.close"), root=code))
    running.close_game()

    names = NAMES[language][:7]
    running.start_game([SeatSetup(name, WONDERS[n], "A") for n, name in enumerate(names)])
    session = running.session
    for card in FULL_CITY:
        session.add_card(0, card)
    running.changed(now=True)
    ui.pump(frames=6)
    check("table", shot="base-table")
    facts["question"] = question_facts(ui, session)
    running.start_camera("demo", recognise=False)   # the picture beside the cities, then large
    ui.wait_until(lambda: running.preview_texture is not None, timeout=20)
    check("table with the camera", shot="camera")
    preview = ui.screen.ids.preview
    facts["preview_mm"] = None if ui.screen.camera_hidden else [round(v / running.mm) for v in preview.size]
    ui.tap(ui.tr("table.camera_show") if ui.screen.camera_hidden else ui.tr("table.camera_large"))
    check("table with the camera large", shot="camera-large")
    facts["preview_large_mm"] = [round(v / running.mm) for v in ui.screen.ids.preview.size]
    ui.tap(ui.tr("table.camera_small"))
    running.stop_camera()
    running.changed(now=True)
    ui.pump(frames=4)
    rows = sorted(_widgets(ui, "CityRow", ui.screen), key=lambda r: r.seat)
    ui.tap(rows[0].children[-1])
    check("full city", ui.screen.city_view, shot="base-city")
    ui.tap(ui.find(ui.tr("common.close"), root=ui.screen.city_view))
    ui.tap(ui.find(ui.tr("city.add_card"), root=rows[1]))
    picker = _popup(ui, "CardPicker")
    check("card picker", picker, shot="picker")
    ui.tap(picker.ids.cards.children[-1])
    coins = next(w for w in ui.walk(rows[2]) if type(w).__name__ == "BigButton"
                 and w.text == str(session.players[2]["coins"]))
    ui.tap(coins)
    pad = _popup(ui, "CoinPad")
    check("coin pad", pad, shot="coin-pad")
    ui.tap(ui.find(ui.tr("coins.discard", coins=3), root=pad))
    ui.pump(frames=4)
    facts["coin_button_after_pad"] = [coins.state, coins.disabled]

    ui.check_card(f"2  {names[1]}", "scriptorium")
    check_screen = ui.screen
    ui.pump(frames=4)
    check("build check, an answer", shot="build-check")
    seats = [w for w in ui.walk(check_screen.ids.players) if type(w).__name__ == "ToggleChoice"]
    check_screen.ids.toast.show(ui.tr("check.built", player=names[1], card="?"), undo=lambda: None)
    ui.pump(frames=6)                               # a message below: the left column keeps off the players
    left = [w for w in ui.walk(check_screen.ids.left) if w is not check_screen.ids.left]
    facts["check_seats_covered"] = [w.text for w in seats for part in left if _overlap(w, part)]
    check("build check, a message shown", shot="build-check-message")
    check_screen.ids.toast.hide()
    if check_screen.can_pay:
        ui.tap(ui.tr("check.pay"))
        facts["check_after_build"] = [ui.app.root.current, ui.screen.toast.text]
        check("table after a build (its message)", shot="build-check-built")
    else:
        ui.tap(ui.tr("common.back"))

    ui.tap(ui.tr("table.end_age", age="I"))
    age = ui.screen
    facts["conflicts_in_view_before_confirm"] = age.ids.confirm.disabled
    check("end of age", shot="end-of-age")
    if age.ids.confirm.disabled:                    # confirmed only once seen: the player scrolls down
        age.ids.battles_scroll.scroll_y = 0
        ui.pump(frames=6)
    ui.tap(age.ids.confirm)
    check("end of age, conflicts confirmed", shot="end-of-age-confirmed")
    for _ in (2, 3):
        session.confirm_conflicts()
    running.go("score")
    ui.pump(frames=6)
    check("score pad", shot="score")
    ui.tap(ui.tr("score.save_picture"))
    check("score pad, a message shown", shot="score-message")
    facts["picture"] = ui.screen.saved_to
    facts["picture_message"] = ui.screen.ids.toast.text
    ui.tap(ui.tr("score.finish"))
    game = session.game_id
    running.close_game()
    ui.tap(ui.tr("home.history"))
    check("history", shot="history")
    running.go("game_detail", game_id=game)
    check("a game of the history", shot="game-detail")
    running.go("settings")
    check("settings", shot="settings")
    running.go("armada_values")
    check("Armada values", shot="armada-values")

    running.go("new_game")
    ui.tap(ui.tr("new_game.game_architects"))
    new = ui.screen
    while new.players < len(ARCHITECTS_WONDERS):
        ui.tap(ui.find("+", root=new))
    new.names[:5] = list(names[:5])
    new.wonders[:5] = list(ARCHITECTS_WONDERS)
    new.panels["medals"].between[:5] = ["three_grey", "battle_double", "three_blue", "four_colors", "seven_cards"]
    new.refresh()
    check("Architects: new game", shot="architects-new")
    ui.tap(ui.tr("new_game.start"))
    table = ui.screen
    for kind in ("wood", "stone", "clay"):
        ui.tap(next(w for w in ui.walk(table.ids.cards) if getattr(w, "kind", None) == kind))
    ui.pump(1.2)                                    # "Must construct now": the piece it asks for, saying so, in view
    check("Architects: table", shot="architects-table")
    due = [w for w in ui.walk(table.ids.wonder) if getattr(w, "due", False)]
    facts["architects_must_construct"] = [bool(table.reminder), [w.text for w in due],
                                          [_inside(w, table.ids.pieces_scroll) for w in due]]
    ui.tap(next(w for w in ui.walk(table.ids.tabs) if getattr(w, "value", None) == 2))    # Ur
    ui.tap(ui.tr("architects.build_typed"))
    dialog = _popup(ui, "ModalView")
    check("Architects: the VP of a piece", dialog, shot="architects-vp")
    ui.tap(ui.find(ui.tr("common.cancel"), root=dialog))           # Cancel: nothing built
    facts["architects_vp_cancelled"] = [_popup(ui, "ModalView") is None, len(running.session.table.players[2].built)]
    ui.tap(ui.tr("architects.build_typed"))
    dialog = _popup(ui, "ModalView")
    ui.tap(ui.find("5", root=dialog))
    for kind in ("red_horn_2", "red_horn_2", "red_horn_1"):
        ui.tap(next(w for w in ui.walk(table.ids.cards) if getattr(w, "kind", None) == kind))
    if table.battle_due:
        ui.tap(ui.tr("architects.battle_now"))
        check("Architects: battle", shot="architects-battle")
        ui.tap(ui.tr("architects.battle_resolve"))
        ui.tap(ui.tr("architects.back_to_table"))
    ui.tap(ui.tr("architects.score_sheet"))
    check("Architects: score sheet", shot="architects-score")
    ui.tap(ui.tr("score.save_picture"))
    facts["architects_picture"] = ui.screen.saved_to
    ui.tap(ui.tr("score.finish"))
    check("Architects: score sheet, finished", shot="architects-score-finished")
    running.close_game()
    running.go("stats")
    check("statistics", shot="stats")
    stats = ui.screen
    stats.ids.standings.parent.parent.scroll_y = 0
    check("statistics", shot="stats-scale")
    for game, view in (("7wonders", "wonders"), ("7wonders", "categories"), ("architects", "players"),
                       ("architects", "wonders"), ("architects", "categories")):
        stats.choose(game=game, view=view)
        stats.ids.standings.parent.parent.scroll_y = 1
        check("statistics", shot=f"stats-{game}-{view}")
    facts["stats_games"] = [stats.counts["7wonders"], stats.counts["architects"]]
    return facts


def question_facts(ui: AppDriver, session: Any) -> dict[str, Any]:
    """The camera's question "whose are these cards?" under the cities (two cards seen between the first
    two cities, asked as the tracker would ask it): measured, every row still a fingertip."""
    from companion.games.sevenwonders.tracker import OpenQuestion

    registry = ui.app.registry
    cards = tuple(next(c for c in registry.components if getattr(c, "card", None) == card)
                  for card in ("stone_pit", "scriptorium"))
    asked = [OpenQuestion(cards, (session.players[0]["wonder"], session.players[1]["wonder"]), "between", 0.0)]
    session.questions = lambda: asked                   # as the tracker asks it, without a camera
    ui.app.changed(now=True)
    ui.pump(frames=6)
    check("table, the camera's question", shot="question")
    rows = _widgets(ui, "CityRow", ui.screen)
    facts = {"rows_inside": sum(_inside(row, ui.screen.ids.rows_scroll) for row in rows), "rows": len(rows),
             "answers": [w.text for w in reversed(ui.screen.ids.answers.children)]}
    del session.questions
    ui.app.changed(now=True)
    ui.pump(frames=6)
    return facts


def _overlap(widget: Any, other: Any) -> bool:
    """True when the two widgets' boxes overlap on the window (by more than a pixel)."""
    a, b = _box(widget), _box(other)
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def main(out: Path, size: str, counts: str, languages: list[str]) -> None:
    width, height = (int(n) for n in size.split("x"))
    fewest, most = (int(n) for n in counts.split("-"))
    ui = AppDriver.start(out.parent / "games.sqlite3", size=(width, height), language=languages[0])
    global CHECKS
    CHECKS = Checks(ui)
    result: dict[str, Any] = {"u": ui.app.u, "touch": ui.app.touch, "mm": ui.app.mm, "games": {}, "tour": {}}
    try:
        for language in languages:
            CHECKS.tag = f"layout-{language}-{width}x{height}"
            result["tour"][language] = tour(ui, language, CHECKS.tag)
            for players in range(fewest, most + 1):
                tag = f"layout-{language}-{width}x{height}-{players}"
                CHECKS.tag = tag
                start(ui, players, language)
                ui.screenshot(f"{tag}-table")
                facts = table_facts(ui, tag)
                if players in (4, 8):
                    facts.update(city_facts(ui, tag, 0))
                if players == 8:
                    facts.update(screen_cuts(ui, tag))
                if players in (7, 8):
                    facts.update(score_facts(ui, tag))
                result["games"][f"{language}-{players}"] = facts
                ui.app.close_game()
    finally:
        ui.stop()
    result["screens"] = CHECKS.screens
    out.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:])
