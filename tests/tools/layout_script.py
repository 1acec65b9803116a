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
    from companion.state.session import SeatSetup

    running = ui.app
    if running.language != language:
        running.set_language(language)
    names = NAMES[language][:players]
    seats = [SeatSetup(name, WONDERS[seat % 7], "A") for seat, name in enumerate(names[:7])]
    if players == 8:
        seats.append(SeatSetup(names[7], "other", "A", dict(EIGHTH)))
    running.start_game(seats, armada=True, port_boards=list(range(1, players + 1)),
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
    screen.ids.toast.hide()
    ui.pump(frames=6)
    buttons = [w for row in rows for w in ui.walk(row) if type(w).__name__ == "BigButton" and w.opacity > 0]
    return {"rows": len(rows), "rows_inside": sum(_inside(row, view) for row in rows),
            "scrolls": screen.ids.rows.height > view.height + 1, "ports": len(ports),
            "rows_inside_with_message": with_message,
            "ports_inside": sum(_inside(port, row) for row in rows for port in _widgets(ui, "CompactPort", row)),
            "smallest_target": min(min(t.width, t.height) for t in ports + buttons),
            "cut": [text for row in rows for text in _cut_labels(ui, row)]}


def city_facts(ui: AppDriver, tag: str, seat: int) -> dict[str, Any]:
    """The full city (a tap on the row's badge) with its port: what is cut; then the port sheet (a tap
    on the row's port)."""
    screen = ui.screen
    row = next(r for r in _widgets(ui, "CityRow", screen) if r.seat == seat)
    ui.tap(row.children[-1])
    ui.screenshot(f"{tag}-city")
    part = _widgets(ui, "ArmadaPart", screen.city_view)[0]
    tiles = [w for w in ui.walk(part) if type(w).__name__ in ("FleetTile", "PortTile", "IslandsTile")]
    facts = {"city_cut": _cut_labels(ui, part), "smallest_city_target": min(min(t.size) for t in tiles)}
    ui.tap(next(t for t in tiles if getattr(t, "fleet", "") == "yellow"))    # the space reached asks its values
    dialog = _widgets(ui, "ValueDialog")
    if dialog:
        ui.screenshot(f"{tag}-value-dialog")
        facts["dialog_cut"] = _cut_labels(ui, dialog[0])
        ui.tap(ui.find(ui.tr("armada.values.later"), root=dialog[0]))
    ui.tap(ui.find(ui.tr("common.close"), root=screen.city_view))
    ui.tap(_widgets(ui, "CompactPort", row)[0])
    ui.screenshot(f"{tag}-port-sheet")
    sheet = _widgets(ui, "PortSheet")[0]
    facts["sheet_cut"] = _cut_labels(ui, sheet)
    ui.tap(ui.find(ui.tr("armada.add_island"), root=sheet))
    picker = _widgets(ui, "IslandPicker")[0]
    ui.screenshot(f"{tag}-island-picker")
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
        facts[f"{name}_cut"] = _cut_labels(ui, ui.screen)
    ui.app.go("table")
    ui.pump(frames=4)
    turn = ui.screen.ids.armada_turn
    if turn.opacity > 0:
        ui.tap(turn)
        dialog = _widgets(ui, "TurnDialog")
        if dialog:
            ui.screenshot(f"{tag}-turn")
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
    screen.ids.toast.show(ui.tr("score.picture_saved", path="score-1-20260101-000000.png"))   # a message below
    ui.pump(frames=6)
    ui.screenshot(f"{tag}-score-message")
    with_message = all(_inside(cell, area) for cell in pad.children) and _inside(screen.ids.winner, area)
    cut_with_message = _cut_labels(ui, pad)
    screen.ids.toast.hide()
    ui.pump(frames=6)
    ui.screenshot(f"{tag}-score")
    cells = list(reversed(pad.children))
    columns = pad.cols
    ax, ay = area.to_window(area.x, area.y)

    def spot(widget: Any) -> list[float]:
        x, y = widget.to_window(widget.x + 2, widget.center_y)         # on the fill, beside any icon or text
        return [x - ax, area.height - (y - ay)]

    categories = ui.app.session.scores().categories
    rows = {category: {"rgb": ui.app.theme.raw["score_rows"][category],
                       "cells": [spot(cell) for cell in cells[(index + 1) * columns:(index + 2) * columns]]}
            for index, category in enumerate(categories)}
    facts = {"pad_fits": pad.width <= pad.parent.width + 1, "pad_cut": _cut_labels(ui, pad) + cut_with_message,
             "pad_inside": all(_inside(cell, area) for cell in cells) and _inside(screen.ids.winner, area),
             "pad_inside_with_message": with_message, "pad_rows": rows, "area": list(area.size)}
    ui.tap(ui.tr("score.save_picture"))
    facts["picture"] = screen.saved_to
    return facts


def main(out: Path, size: str, counts: str, languages: list[str]) -> None:
    width, height = (int(n) for n in size.split("x"))
    fewest, most = (int(n) for n in counts.split("-"))
    ui = AppDriver.start(out.parent / "games.sqlite3", size=(width, height), language=languages[0])
    result: dict[str, Any] = {"u": ui.app.u, "touch": ui.app.touch, "games": {}}
    try:
        for language in languages:
            for players in range(fewest, most + 1):
                tag = f"layout-{language}-{width}x{height}-{players}"
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
    out.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:])
