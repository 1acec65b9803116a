"""A whole 3-player 7 Wonders Architects game with Medals refereed in turns, played by taps in the app
to its end (a wonder completed), in its own process (one Kivy window):
``python -m tests.games.architects.turns_script STORE LANGUAGE WxH [rome]`` (``rome``: Rome's effect).
Screenshots of the turn flow go to tests/output/screens/architects-turns-<language>-<size>-*.png (and
/tmp/archref/ if it exists) with COMPANION_SCREENSHOTS=1; what the screens and the log show is printed
as one JSON line, with what tests/tools/legibility.py measured on every screen shot.

The table, clockwise: Анна (Giza), Борис (Rhodes), Вера (Babylon); the medals between Анна and Борис
"3 blue cards", between Борис and Вера "2 tokens in one battle", between Вера and Анна "2 Progress
tokens". Анна takes the 14 grey cards that build Giza's five pieces (2 + 2 + 3 + 3 + 4); Борис's red
cards turn the Conflict tokens; Вера's science set, Urbanism and Babylon's effect give her tokens.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from companion.games.medals.rules.table import medals_of
from tests.tools.app_driver import AppDriver

NAMES = ("Анна", "Борис", "Вера")
SHOTS = Path("/tmp/archref")
LEGIBILITY: dict[str, Any] = {}

ANNA = ("wood", "stone", "wood", "wood", "stone", "clay", "papyrus", "wood", "wood", "wood", "stone", "clay",
        "glass", "papyrus")
"""Анна's card each turn, from her own deck: Giza 2 different (wood + stone), 2 identical (wood x2), 3
different (stone, clay, papyrus), 3 identical (wood x3), 4 different (stone, clay, glass, papyrus)."""
BORIS = ("blue_cat", "red_horn_1", "red_horn_2", "blue_plain", "blue_plain", "blue_plain", *("red_plain",) * 8)
"""Борис: the Cat pawn, 1 + 2 horns (the 3rd token: a battle at the end of his turn), then blue cards
(the 3-blue medal on his 5th turn) and red cards without horns."""
VERA = ("compass", "compass", "wood", "glass", "glass", *("blue_plain",) * 9)
"""Вера: 2 compasses (a science set: a Progress token), a wood (with Urbanism: an extra card, a clay:
Babylon's 2-different piece), 2 glass (its 2-identical piece: Babylon's effect, a second token)."""


def _shot(ui: AppDriver, tag: str, name: str, *, toast: bool = False) -> None:
    """Screenshot and measure the screen (a message of an earlier tap hidden, unless it is the point)."""
    from companion.app.theme import READ_TEXT_MM, TOUCH_MM
    from tests.tools.legibility import measure

    if not toast and getattr(ui.screen, "toast", None) is not None:
        ui.screen.toast.hide()

    path = ui.screenshot(f"{tag}-{name}")
    if path is not None and SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)
    found = measure(ui.walk(), ui.app.mm, least_text_mm=READ_TEXT_MM, least_target_mm=TOUCH_MM)
    LEGIBILITY[f"{tag}-{name}"] = {key: found[key] for key in ("text_mm", "target_mm", "small_text",
                                                               "small_targets", "spoilt")}


def _find(ui: AppDriver, holder: Any, attribute: str, value: Any) -> Any:
    found = next((w for w in ui.walk(holder) if getattr(w, attribute, None) == value), None)
    if found is None:
        raise LookupError(f"no {attribute} {value!r} on {ui.app.root.current}: {_bar(ui)}, {_toast(ui)!r}, "
                          f"{ui.app.session.open_turn()}")
    return found


def _take(ui: AppDriver, deck: str, kind: str) -> None:
    """Choose the deck (when more than one is offered), then tap the card's kind."""
    screen = ui.screen
    if len(screen.ids.sources.children) > 1 or screen.source != deck:
        ui.tap(_find(ui, screen.ids.sources, "value", deck))
    ui.tap(_find(ui, screen.ids.cards, "kind", kind))


def _bar(ui: AppDriver) -> dict[str, Any]:
    screen = ui.screen
    return {"title": screen.turn_title, "due": screen.turn_due, "ready": screen.turn_ready, "seat": screen.seat,
            "sources": [w.text for w in reversed(screen.ids.sources.children)]}


def _end(ui: AppDriver) -> None:
    ui.tap(ui.tr("architects_turn.end"))


def play(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    ui = AppDriver.start(store, size=size, language=language)
    tag = f"architects-turns-{language}-{size[0]}x{size[1]}"
    facts: dict[str, Any] = {"mm_px": ui.app.mm}
    ui.tap(ui.tr("home.new_game"))
    ui.tap(ui.tr("new_game.game_architects"))
    screen = ui.screen
    screen.names[:3] = list(NAMES)
    screen.wonders[:3] = ["giza", "rhodes", "babylon"]
    screen.panels["medals"].between[:3] = ["three_blue", "battle_double", "two_tokens"]
    screen.refresh()
    ui.tap(ui.tr("new_game.start"))
    session = ui.app.session
    facts["before_turns"] = {"in_turns": ui.screen.in_turns, "events": len(ui.app.store.events(session.game_id))}
    _shot(ui, tag, "01-before-turns")
    ui.tap(ui.tr("architects_turn.start"))
    _shot(ui, tag, "02-who-starts")
    ui.tap(ui.find(NAMES[0], cls="BigButton"))
    facts["first"] = _bar(ui)
    _shot(ui, tag, "03-turn1-take-a-card")

    for round_number in range(14):
        # Анна
        if round_number == 1:
            _take(ui, "deck:0", ANNA[round_number])
            facts["construct_due"] = _bar(ui)
            _end(ui)                                       # refused: the piece is due
            facts["end_refused"] = {"screen": ui.app.root.current, "toast": _toast(ui)}
            _shot(ui, tag, "04-must-construct", toast=True)
            ui.tap(_find(ui, ui.screen.ids.wonder, "piece", "two_different"))
            facts["after_construct"] = {"cards": dict(session.table.players[0].cards or {}),
                                        "built": [b.piece for b in session.table.players[0].built]}
        else:
            _take(ui, "deck:0", ANNA[round_number])
            due = session.open_turn().due
            if due == ("construct",):
                ready = [w for w in ui.walk(ui.screen.ids.wonder) if getattr(w, "due", False)]
                ui.tap(ready[0])
        if round_number == 13:
            facts["last_turn"] = _bar(ui)
            _shot(ui, tag, "12-wonder-complete")
            _end(ui)
            break
        _end(ui)
        # Борис
        if round_number == 1:
            facts["peek"] = _bar(ui)["due"]
            _shot(ui, tag, "05-cat-peek")
        _take(ui, "deck:1" if round_number < 3 else "central", BORIS[round_number])
        if round_number == 2:
            facts["battle_due"] = session.open_turn().turn.battle_due
            _end(ui)
            facts["battle"] = {"screen": ui.app.root.current, "military": [p.military_tokens for p in
                                                                           session.table.players],
                               "medals": [list(medals_of(p)) for p in session.table.players]}
            _shot(ui, tag, "07-battle-at-end-of-turn")
            ui.tap(ui.tr("architects.back_to_table"))
        else:
            if round_number == 4:
                facts["offer"] = ui.screen.offer_text
                _shot(ui, tag, "09-medal-on-own-turn")
                ui.tap(ui.screen.offer_text)
            _end(ui)
        # Вера
        if round_number == 0:
            _tap_tab(ui, 0)
            _take(ui, "central", "wood")                        # Анна's area: refused, it is Вера's turn
            facts["not_their_turn"] = {"toast": _toast(ui), "cards": dict(session.table.players[0].cards or {})}
            _shot(ui, tag, "06-not-her-turn", toast=True)
            _tap_tab(ui, 2)
        kind = VERA[round_number]
        _take(ui, "deck:2" if round_number % 2 else "central", kind)
        due = session.open_turn().due
        if due == ("science",):
            ui.tap(_find(ui, ui.screen.ids.tokens, "token", "urbanism"))
            facts["science"] = {"tokens": list(session.table.players[2].progress_tokens),
                                "cards": dict(session.table.players[2].cards or {})}
        elif due == ("extra_card",):
            facts["extra"] = _bar(ui)
            _shot(ui, tag, "08-urbanism-extra-card")
            _take(ui, "deck:1", "clay")
            ui.tap(_find(ui, ui.screen.ids.wonder, "piece", "two_different"))
        elif due == ("construct",):
            ui.tap(_find(ui, ui.screen.ids.wonder, "piece", "two_identical"))
            facts["babylon"] = _bar(ui)
            _shot(ui, tag, "10-babylon-token")
            ui.tap(_find(ui, ui.screen.ids.tokens, "token", "decor"))
            facts["vera_offer"] = ui.screen.offer_text
            ui.tap(ui.screen.offer_text)
        _end(ui)
        if round_number == 9:
            _shot(ui, tag, "11-turn-31")

    facts["over"] = {"screen": ui.app.root.current, "texts": ui.texts()}
    _shot(ui, tag, "13-game-over-score")
    ui.tap(ui.tr("score.finish"))
    _shot(ui, tag, "14-finished")
    sheet = session.sheet().to_json()
    facts["sheet"] = sheet
    facts["finished"] = session.finished
    facts["players"] = [{"built": [b.piece for b in p.built], "cards": dict(p.cards or {}),
                         "medals": list(medals_of(p)), "tokens": list(p.progress_tokens),
                         "military": p.military_tokens, "cat": p.cat_pawn}
                        for p in session.table.players]
    events = ui.app.store.events(session.game_id)
    facts["records"] = sum(1 for e in events if e.kind == "architects_turn")
    facts["events"] = len(events)
    ui.stop()
    return facts


def rome(store: Path, language: str, size: tuple[int, int]) -> dict[str, Any]:
    """Rome's pieces are not in the data: Анна (Rome) types the VP printed on the piece, says its cost
    and that it carries the effect, and her 2 wood pay it; she takes Борис's blue cat card (the Cat pawn
    with it), and Борис first places the card Rome gave him."""
    from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
    from companion.games.architects.rules.data import load_architects_data
    from companion.games.medals.rules.table import MedalLayout, with_medals

    ui = AppDriver.start(store, size=size, language=language)
    tag = f"architects-rome-{language}-{size[0]}x{size[1]}"
    data = load_architects_data()
    table = with_medals(ArchitectsTable(data, (ArchitectsPlayer(NAMES[0], data.wonders["rome"]),
                                               ArchitectsPlayer(NAMES[1], data.wonders["giza"]))),
                        layout=MedalLayout(("three_grey", "three_red")))
    from companion.games.architects.app import start_architects

    start_architects(ui.app, table)
    ui.pump(frames=3)
    session = ui.app.session
    ui.tap(ui.tr("architects_turn.start"))
    ui.tap(ui.find(NAMES[0], cls="BigButton"))
    facts: dict[str, Any] = {}
    for deck, kind in (("deck:0", "wood"), ("deck:1", "blue_cat"), ("central", "wood")):
        _take(ui, deck, kind)
        if deck != "central":
            _end(ui)
    ui.tap(ui.tr("architects.build_typed"))
    ui.tap(ui.find("3", cls="BigButton"))
    _shot(ui, tag, "1-cost-printed")
    ui.tap(ui.find(ui.app.session.table.data.piece_costs["two_identical"].names[language], cls="BigButton"))
    _shot(ui, tag, "2-effect")
    ui.tap(ui.tr("architects_turn.effect_yes"))
    facts["after_build"] = {"built": [(b.piece, b.vp) for b in session.table.players[0].built],
                            "cards": dict(session.table.players[0].cards or {}), "due": _bar(ui)["due"]}
    _tap_tab(ui, 1)
    _shot(ui, tag, "3-theft")
    ui.tap(_find(ui, ui.screen.ids.cards, "kind", "blue_cat"))
    facts["after_theft"] = {"cards": [dict(p.cards or {}) for p in session.table.players],
                            "cat": [p.cat_pawn for p in session.table.players]}
    _end(ui)
    facts["gift"] = _bar(ui)
    _shot(ui, tag, "4-gift")
    ui.tap(_find(ui, ui.screen.ids.cards, "kind", "clay"))       # the only deck offered: Rome's gift
    _take(ui, "central", "stone")
    facts["after_gift"] = dict(session.table.players[1].cards or {})
    ui.stop()
    return facts


def _tap_tab(ui: AppDriver, seat: int) -> None:
    ui.tap(_find(ui, ui.screen.ids.tabs, "value", seat))


def _toast(ui: AppDriver) -> str:
    toast = ui.screen.toast
    return " ".join(w.text for w in ui.walk(toast) if isinstance(getattr(w, "text", None), str) and w.text)


if __name__ == "__main__":
    _, store_path, language, size_text, *scenario = sys.argv
    width, height = (int(v) for v in size_text.split("x"))
    measured = (rome if scenario == ["rome"] else play)(Path(store_path), language, (width, height))
    print(json.dumps({**measured, "legibility": LEGIBILITY}, ensure_ascii=False))
