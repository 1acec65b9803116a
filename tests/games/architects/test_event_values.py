"""Architects' and Medals' events as values (typed state, issue 26): every payload of their golden logs is
read into its value and written back exactly, key order included (``kind`` read into a field of another
name); replaying each golden log through the values gives the document and the score the if-chain on kinds
gave (`if_chain.py`, the oracle); the values refuse what it refused, in its words."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.architects.events import (
    ACTION_KINDS,
    ARCHITECTS_KINDS,
    ArchitectsAction,
    ArchitectsEvent,
    ArchitectsEventError,
    ArchitectsSetUp,
    CardPlaced,
    CardsRemoved,
    PieceBuilt,
    apply_architects,
    architects_sheet,
    architects_table,
    play_action,
)
from companion.games.architects.rules.play import ArchitectsRuleError
from companion.games.architects.turn_log import TURN_KIND
from companion.games.medals.events import MedalTaken
from companion.storage.events import ABSENT, LOG_KINDS, Event, EventError, event_value
from tests.games.architects.if_chain import OldEventError, old_apply_architects, old_play_action

GAMES = Path(__file__).resolve().parents[1]
LOGS = ["architects/actions", "medals/actions", "medals/areas-table"]


def _events(name: str) -> list[dict[str, Any]]:
    game, _, log = name.partition("/")
    return json.loads((GAMES / game / "golden" / f"{log}.json").read_text(encoding="utf-8"))["events"]  # type: ignore[no-any-return]


def test_the_architects_golden_logs_are_the_ones_that_name_architects() -> None:
    found = sorted(f"{p.parent.parent.name}/{p.stem}" for p in GAMES.glob("*/golden/*.json")
                   if not p.name.endswith(".table.json") and '"architects"' in p.read_text(encoding="utf-8"))
    assert found == LOGS


@pytest.mark.parametrize("name", LOGS)
def test_every_payload_of_an_architects_golden_log_comes_back_exactly(name: str) -> None:
    for event in _events(name):
        where = f"{name}#{event['seq']}"
        value = event_value(event["kind"], event["payload"])
        assert value is not None, f"{where}: {event['kind']} left untyped"
        assert type(value).kind == event["kind"], where
        if event["kind"] not in LOG_KINDS or event["kind"] == "game_set_up":
            assert isinstance(value, ArchitectsEvent), where
        assert value.payload() == event["payload"], where
        assert list(value.payload()) == list(event["payload"]), f"{where}: the keys in the order logs write them"


def test_kinds_the_golden_logs_do_not_hold_come_back_exactly_too() -> None:
    payloads = [
        ("architects_token_taken", {"seat": 1, "token": "decor"}),
        ("architects_cat_taken", {"seat": 2}),
        ("architects_piece_built", {"seat": 0, "piece": None, "vp": 6, "amend": "counted again"}),
        ("architects_piece_built", {"seat": 0, "vp": 4}),
        ("architects_cards_removed", {"seat": 1, "kind": "stone", "count": 2}),
        ("architects_conflicts_set", {"flipped": 0, "why": "undo"}),
        ("architects_area_set", {"seat": 1, "area": {"cards": {"wood": 1}, "cat_pawn": True}, "why": "undo"}),
        (TURN_KIND, {"step": "card", "turn": {"seat": 0, "number": 3, "taken": True, "extra_cards": 0,
                                              "effects": ["wood"], "tokens_used": [], "battle_due": False,
                                              "wonder_completed": False, "gifts": [], "gift_due": False, "empty": []},
                     "over": False}),
        (TURN_KIND, {"step": "end", "turn": None, "over": True, "completed_by": 2}),
        ("game_set_up", {"game": "architects", "expansions": ["medals"], "medal_variant": "standard",
                         "options": {"two_player_battle": "rulebook"},
                         "players": [{"name": "Ann", "wonder": "giza", "side": "", "id": "p-1"}]}),
    ]
    kinds = set()
    for kind, payload in payloads:
        value = event_value(kind, payload)
        assert isinstance(value, ArchitectsEvent), kind
        assert value.payload() == payload and list(value.payload()) == list(payload), kind
        kinds.add(kind)
    assert kinds | {"architects_card_placed", "architects_military_set", "architects_battle_fought"} == {
        "game_set_up", TURN_KIND, *ARCHITECTS_KINDS}


def test_a_payload_key_can_name_a_field_of_another_name() -> None:
    # "kind" is the class's kind (a ClassVar): the card's kind is the field card_kind, written "kind".
    placed = CardPlaced.read({"seat": 1, "kind": "wood"})
    assert (placed.seat, placed.card_kind) == (1, "wood") and CardPlaced.kind == "architects_card_placed"
    assert placed.payload() == {"seat": 1, "kind": "wood"}
    assert CardsRemoved(seat=0, card_kind="stone", count=2).payload() == {"seat": 0, "kind": "stone", "count": 2}
    with pytest.raises(EventError, match=r"^payload\.card_kind: unknown field"):   # no payload key is the field
        CardPlaced.read({"seat": 1, "kind": "wood", "card_kind": "stone"})
    set_up = ArchitectsSetUp.read({"game": "architects", "players": [{"name": "Ann", "wonder": "giza"}]})
    assert set_up.game_id == "architects" and set_up.expansions is ABSENT and dict(set_up.sections) == {}
    # A key left out stays apart from null: both are "no piece named" for the rules.
    assert PieceBuilt.read({"seat": 0, "vp": 4}).piece is ABSENT
    assert PieceBuilt.read({"seat": 0, "piece": None, "vp": 4}).piece is None


def test_an_expansion_s_action_is_its_own_value() -> None:
    medal = event_value("architects_medal_taken", {"seat": 1, "medal": "three_grey"})
    assert isinstance(medal, MedalTaken) and isinstance(medal, ArchitectsAction)
    assert (medal.seat, medal.medal) == (1, "three_grey")
    # The base game's actions are ArchitectsAction values as well (the Medals one is no different).
    assert all(isinstance(event_value(kind, payload), ArchitectsAction) for kind, payload in (
        ("architects_card_placed", {"seat": 0, "kind": "wood"}), ("architects_cat_taken", {"seat": 0}),
        ("architects_military_set", {"seat": 0, "tokens": 1}), ("architects_battle_fought", {})))
    assert len(ACTION_KINDS) == 7


def _final_score(document: dict[str, Any]) -> dict[str, Any]:
    table, problems = architects_table(document)
    assert table is not None, problems
    return architects_sheet(table)


@pytest.mark.parametrize("name", LOGS)
def test_replaying_a_golden_log_through_the_values_gives_the_document_and_score_of_the_if_chain(name: str) -> None:
    document: dict[str, Any] = {"format": "architects-table/1", "game": "architects", "players": []}
    old = copy.deepcopy(document)
    for event in _events(name):
        apply_architects(document, event["kind"], event["payload"])
        old_apply_architects(old, event["kind"], event["payload"])
        assert json.dumps(document) == json.dumps(old), f"{name}#{event['seq']}"     # key order too
    assert _final_score(document) == _final_score(old)
    sheets = [e["payload"]["sheet"] for e in _events(name) if e["kind"] == "score_computed"]
    assert _final_score(document) == sheets[-1]                      # the score the log was finished with


def _refusal(call: Any, *args: Any) -> str:
    """The words `call(*args)` refuses with ("" when it does not)."""
    try:
        call(*args)
    except (EventError, ArchitectsEventError, OldEventError, ArchitectsRuleError) as error:
        return str(error)
    return ""


@pytest.mark.parametrize("name", ["architects/actions", "medals/actions"])
def test_the_values_refuse_what_the_if_chain_refused_in_its_words(name: str) -> None:
    events = _events(name)
    document: dict[str, Any] = {"format": "architects-table/1", "game": "architects", "players": []}
    refused = 0
    for event in events:
        apply_architects(document, event["kind"], event["payload"])
        table = architects_table(document)[0]
        if table is None:
            continue
        seats = len(table.players)
        probes: list[tuple[str, dict[str, Any]]] = [
            ("architects_card_placed", {"seat": seats, "kind": "wood"}),             # no such seat
            ("architects_card_placed", {"seat": 0, "kind": "ruby"}),
            ("architects_cards_removed", {"seat": 1, "kind": "stone", "count": 9}),
            ("architects_piece_built", {"seat": 2, "piece": "four_identical", "vp": None}),
            ("architects_token_taken", {"seat": 0, "token": "fortune_telling"}),
            ("architects_battle_fought", {}),
            ("architects_medal_taken", {"seat": 1, "medal": "two_tokens"}),
            ("architects_area_set", {"seat": 0, "area": {}}),                       # no action
        ]
        for kind, payload in probes:
            new = _refusal(play_action, table, kind, payload)
            assert new == _refusal(old_play_action, table, kind, payload), (event["seq"], kind)
            new_document = _refusal(apply_architects, copy.deepcopy(document), kind, payload)
            old_document = _refusal(old_apply_architects, copy.deepcopy(document), kind, payload)
            assert new_document == old_document, (event["seq"], kind)
            refused += bool(new)
    assert refused > 20


def test_a_refusal_is_a_rules_error_for_the_session_and_an_event_error_for_the_log() -> None:
    document: dict[str, Any] = {"format": "architects-table/1", "game": "architects", "players": []}
    for event in _events("architects/actions")[:2]:
        apply_architects(document, event["kind"], event["payload"])
    table = architects_table(document)[0]
    assert table is not None
    with pytest.raises(ArchitectsRuleError) as caught:
        play_action(table, "architects_battle_fought", {})
    assert isinstance(caught.value, EventError)
    assert str(caught.value).startswith("no battle is due: ")
    with pytest.raises(EventError, match=r"^no battle is due: "):
        Event(9, "architects_battle_fought", {}, "hand", "").value.apply(table)  # type: ignore[union-attr]
