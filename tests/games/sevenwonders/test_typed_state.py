"""Typed state (issue 26, plugin design 2.7): the store and the session hold a 7 Wonders table as the rules'
`Table` value and change it event by event (`GameEvent.apply`, then the reader's whole-table checks), so that
no tap reads the table document again; the document beside it is kept in step and is exactly the one the
events made before. The oracle is the old way, kept here: apply the event to a deep copy of the document and
read the whole document with the table file's reader.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.armada.rules.data import armada_with_values
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.tablefile import TableFileError, parse_table, table_to_json, table_value_problems
from companion.storage.events import Event, EventError, advance, apply, check_payload, replay
from tests.tools.tap_profile import profile_taps

GAMES = Path(__file__).parent.parent
LOGS = sorted(f"{p.parent.parent.name}/{p.name.removesuffix('.json')}" for game in ("sevenwonders", "armada")
              for p in (GAMES / game / "golden").glob("*.json") if not p.name.endswith(".table.json"))
ARMADA_VALUES = {"fleet.red.1.naval_shields": 1, "port_board.1.blue.1.cost": {"resources": {"ore": 1}}}
"""The owner's values the Armada game played tap by tap was logged with (tests/test_golden_logs.py)."""


def old_table_problems(document: dict[str, Any], sources: Any = None) -> list[str]:
    """Today's check of a document before typed state (`seven_wonders_problems` of main at 692e3cf): the whole
    document read again by the table file's reader."""
    try:
        parse_table(copy.deepcopy(document), load_game_data(), sources=sources)
    except TableFileError as error:
        return [str(p) for p in error.problems]
    return []


def old_check(document: dict[str, Any], event: Event, sources: Any) -> tuple[dict[str, Any] | None, str]:
    """The document after `event` and "" (or None and the refusal) as the store checked an event before."""
    after = copy.deepcopy(document)
    try:
        apply(after, event, load_game_data())
    except EventError as error:
        return None, str(error)
    problems = old_table_problems(after, sources)
    return (None, "; ".join(problems)) if problems else (after, "")


def new_check(document: dict[str, Any], table: Any, event: Event, sources: Any) -> tuple[Any, str]:
    try:
        return advance(document, table, event, load_game_data(), sources), ""
    except EventError as error:
        return None, str(error)


def _events(name: str) -> list[Event]:
    game, _, log = name.partition("/")
    exported = json.loads((GAMES / game / "golden" / f"{log}.json").read_text(encoding="utf-8"))
    return [Event(e["seq"], e["kind"], e["payload"], e["source"], e["at"]) for e in exported["events"]]


def _sources(name: str) -> dict[str, Any] | None:
    return {"armada": armada_with_values(ARMADA_VALUES)} if name == "armada/taps-in-play" else None


def _probes(document: dict[str, Any], step: int) -> list[tuple[str, dict[str, Any]]]:
    """Events a player could enter at this point of a game, most of them wrong in one way each: an unknown
    card, a building the city holds, cards not in the box for this count or one guild too many, a card the
    city does not hold, a stage the wonder does not have, tokens of no value or too many, the tokens of an
    age for the wrong number of seats, choices of no symbol or guild, or with no power to use them."""
    players = document["players"]
    seat = step % len(players)
    city = players[seat]["cards"]
    held = city[0] if city else "lumber_yard"
    probes: list[tuple[str, dict[str, Any]]] = [
        ("card_confirmed", {"seat": seat, "card": "lumberyard"}),
        ("card_confirmed", {"seat": seat, "card": held}),
        ("card_removed", {"seat": seat, "card": "palace"}),
        ("card_removed", {"seat": seat, "card": held}),
        ("stage_built", {"seat": seat, "stages": players[seat]["stages"] + 1}),
        ("stage_built", {"seat": seat, "stages": 5}),
        ("coins_changed", {"seat": seat, "coins": 7, "delta": 2, "why": "counted"}),
        ("tokens_set", {"seat": seat, "tokens": [1, 0]}),
        ("tokens_set", {"seat": seat, "tokens": [5, 5, 5, 5, 3, 3, 1, 1]}),
        ("tokens_set", {"seat": seat, "tokens": [-1, 3]}),
        ("conflicts_resolved", {"age": 1, "tokens": [[1]] * (len(players) + 1)}),
        ("conflicts_resolved", {"age": 2, "tokens": [[3, -1]] * len(players)}),
        ("choices_set", {"seat": seat, "science_choices": ["gear", "wheel"]}),
        ("choices_set", {"seat": seat, "science_choices": ["tablet"]}),
        ("choices_set", {"seat": seat, "science_choices": []}),
        ("choices_set", {"seat": seat, "copied_guild": "builders_guild"}),
        ("choices_set", {"seat": seat, "copied_guild": "scientists_guild", "science_choices": None}),
        ("choices_set", {"seat": seat, "copied_guild": "painters_guild"}),
        ("owner_answered", {"markers": [12], "seat": seat}),
    ]
    for card in ("pawnshop", "excavation", "marketplace", "arena", "palace", "spies_guild", "strategists_guild",
                 "shipowners_guild", "magistrates_guild"):
        probes.append(("card_confirmed", {"seat": seat, "card": card}))
    if "armada" in document.get("expansions", []):
        port = {key: players[seat][key] for key in ("port_board", "fleets", "islands") if key in players[seat]}
        probes += [("armada_set", {"seat": seat, "armada": {**port, "fleets": {"red": 9}}}),
                   ("armada_set", {"seat": seat, "armada": {**port, "islands": ["nowhere"]}}),
                   ("armada_set", {"seat": seat, "armada": {**port, "port_board": 1 + (seat + 1) % len(players)}}),
                   ("armada_set", {"seat": seat, "armada": {**port, "rainbow_color": "blue"}}),
                   ("armada_set", {"seat": seat, "armada": {**port, "naval_tokens": [1, 1, 1, 1]}}),
                   ("armada_set", {"seat": seat, "armada": {"fleets": {"blue": 1}}, "why": "construction"})]
    return probes


def test_the_golden_logs_are_7_wonders_logs_with_and_without_armada() -> None:
    assert "sevenwonders/seven-table" in LOGS and "armada/taps-in-play" in LOGS and len(LOGS) == 6


@pytest.mark.parametrize("name", LOGS)
def test_the_value_refuses_what_the_document_refused_with_the_same_words_at_every_point_of_a_golden_log(
        name: str) -> None:
    sources = _sources(name)
    events = _events(name)
    document, table = advance({"format": "sevenwonders-table/1", "game": "7wonders", "expansions": [],
                               "variant": "standard", "players": []}, None, events[0], load_game_data(), sources)
    old_document = copy.deepcopy(document)
    refused = accepted = 0
    for step, event in enumerate(events[1:], start=1):
        assert table_value_problems(table) == [] and old_table_problems(old_document, sources) == []
        for kind, payload in _probes(document, step):
            if check_payload(kind, payload, len(document["players"])):
                continue                                # a wrong shape: refused before either check
            probe = Event(0, kind, payload, "hand", "")
            old_after, old_refusal = old_check(old_document, probe, sources)
            new_after, new_refusal = new_check(document, table, probe, sources)
            assert new_refusal == old_refusal, (name, step, kind, payload)
            if old_after is not None:
                assert new_after is not None and json.dumps(new_after[0]) == json.dumps(old_after)
                assert table_to_json(new_after[1]) == table_to_json(parse_table(old_after, sources=sources))
            refused += bool(old_refusal)
            accepted += not old_refusal
        document, table = advance(document, table, event, load_game_data(), sources)
        apply(old_document, event, load_game_data())
        assert json.dumps(document) == json.dumps(old_document)          # the very same document, key order too
        assert table_to_json(table) == table_to_json(parse_table(old_document, sources=sources))
    assert refused > 100 and accepted > 50                # both kinds of answer were compared
    assert json.dumps(document) == json.dumps(replay(events, sources=sources).document)


def test_the_events_leave_the_document_they_were_applied_to_as_it_was() -> None:
    events = _events("sevenwonders/three-table")
    document, table = advance({"format": "sevenwonders-table/1", "game": "7wonders", "expansions": [],
                               "variant": "standard", "players": []}, None, events[0])
    for event in events[1:]:
        before, text = document, json.dumps(document)
        document, table = advance(document, table, event)
        assert json.dumps(before) == text
    assert [p.coins for p in table.players] == [p["coins"] for p in document["players"]]


def test_a_refused_event_leaves_the_store_s_state_as_it_was(tmp_path: Path) -> None:
    from companion.games.sevenwonders.session import GameSession, SeatSetup
    from companion.storage import GameStore

    store = GameStore(tmp_path / "games.sqlite3")
    seats = [SeatSetup("Anna", "alexandria", "A"), SeatSetup("Boris", "gizah", "A"), SeatSetup("Chen", "babylon", "A")]
    session = GameSession.start(store, seats)
    session.add_card(0, "lumber_yard")
    state = store.current(session.game_id)
    with pytest.raises(EventError, match=r"^players\[1\]\.stages: The Pyramids of Gizah side A has 3 stages, not 4$"):
        store.append_all(session.game_id, [("coins_changed", {"seat": 1, "coins": 9}, "hand"),
                                           ("stage_built", {"seat": 1, "stages": 4}, "hand")])
    assert store.current(session.game_id) is state and state.document["players"][1]["coins"] == 3
    assert json.dumps(store.document(session.game_id)) == json.dumps(replay(store.events(session.game_id)).document)


def test_no_tap_reads_the_table_document_again(tmp_path: Path) -> None:
    # Before typed state (main at 692e3cf) an add_card read the whole document 4 times and copied it 8 times,
    # closing a turn 7 and 17 (tests/tools/tap_profile.py); now only the set-up reads one.
    figures = profile_taps(tmp_path, rounds=2)
    assert {"add_card", "build (with a check)", "score_change", "set_coins", "close_open_turn",
            "Armada: move_fleet", "Armada: confirm_turn"} <= set(figures)
    for name, entry in figures.items():
        assert (entry.most("parse_table"), entry.most("table_problems"), entry.most("document copies")) == (0, 0, 0), \
            name
        if not name.startswith("Armada"):          # Armada's panels copy one seat's port to change it
            assert entry.most("deepcopy") == 0, name


def test_values_an_owner_enters_during_a_game_count_at_once_for_the_session_and_the_log(tmp_path: Path) -> None:
    # The app's loader gives a new data object when the owner edits the components file (app/main.py
    # `expansion_data`): the table value is read again with it, in the session and in the store's checks.
    from companion.games.armada.rules.data import load_armada_data
    from companion.games.sevenwonders.session import GameSession, SeatSetup
    from companion.storage import GameStore

    entered = [load_armada_data()]
    store = GameStore(tmp_path / "games.sqlite3", sources={"armada": lambda: entered[0]})
    seats = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "B")]
    session = GameSession.start(store, seats, expansions=["armada"])
    port = session.part("armada")
    port.move_fleet(0, "red", +1)
    unknown = port.naval_strength(0)
    assert isinstance(unknown, tuple) and [u.key for u in unknown] == ["fleet.red.1.naval_shields"]
    entered[0] = armada_with_values({"fleet.red.1.naval_shields": 2})
    assert port.naval_strength(0) == 2                  # the red ship's first space: 2 shields, as entered
    port.move_fleet(1, "red", +1)                       # logged on the value read with the entered values
    assert store.current(session.game_id).table.extension("armada").data is entered[0]
    entered[0] = armada_with_values({"fleet.red.1.naval_shields": 3})
    assert (port.naval_strength(0), port.naval_strength(1)) == (3, 3)


@pytest.mark.parametrize("armada", [False, True])
def test_after_every_tap_the_state_kept_is_the_state_the_log_replays_to(tmp_path: Path, armada: bool) -> None:
    # Every kind of tap the app makes (a card and its coins, a build with its trade, the camera, an answer
    # to "whose are these cards?", a stage, coins counted, an undo, the conflicts; with Armada a ship, an
    # island and its undo, a naval construction): the document and value the store and the session keep,
    # changed event by event, are the ones the events give when replayed and read again.
    from companion.games.sevenwonders.session import GameSession
    from tests.tools import session_taps

    store = session_taps.open_store(str(tmp_path / "games.sqlite3"))
    session = GameSession.start(store, session_taps.SEATS, expansions=["armada"] if armada else (),
                                part_options={"port_boards": session_taps.PORT_BOARDS} if armada else None)
    taps = session_taps.ARMADA_TAPS if armada else session_taps.STANDARD_TAPS
    for name, tap in taps:
        tap(session)
        replayed = replay(store.events(session.game_id), store.data, sources=store.sources)
        kept = store.current(session.game_id)
        assert json.dumps(kept.document) == json.dumps(replayed.document), name
        assert (kept.finished, kept.amended) == (replayed.finished, replayed.amended), name
        if not kept.finished:                      # a finished game is replayed once more (it was scored)
            assert kept.document is session.document, name
            assert table_to_json(kept.table) == table_to_json(replayed.table), name
            assert table_to_json(session.table()) == table_to_json(replayed.table), name
    assert len(taps) >= 10
