"""Typed state for Architects (issue 26, plugin design 2.7): an action event is played through the engine
on the table value the store and the session keep (no table document read again on a tap), and gives
the very document, and the very refusals, that playing it on the document read again gave. The old way
is kept here as the oracle: apply the event to a deep copy of the document by the if-chain on kinds that was there
before the kinds were values (`if_chain.py`), then read it whole."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.architects.events import architects_problems, architects_table
from companion.games.architects.tablefile import architects_table_to_json
from companion.storage.events import Event, EventError, advance, changes_table, check_payload, replay
from tests.games.architects.if_chain import old_apply_architects

GAMES = Path(__file__).parent.parent
LOGS = ["architects/actions", "medals/actions", "medals/areas-table"]


def _events(name: str) -> list[Event]:
    game, _, log = name.partition("/")
    exported = json.loads((GAMES / game / "golden" / f"{log}.json").read_text(encoding="utf-8"))
    return [Event(e["seq"], e["kind"], e["payload"], e["source"], e["at"]) for e in exported["events"]]


def old_check(document: dict[str, Any], event: Event) -> tuple[dict[str, Any] | None, str]:
    """The document after `event` and "" (or None and the refusal), as the store checked it before."""
    after = copy.deepcopy(document)
    try:
        old_apply_architects(after, event.kind, event.payload)
    except ValueError as error:
        return None, str(error)
    problems = architects_problems(after) if changes_table(event.kind) else []
    return (None, "; ".join(problems)) if problems else (after, "")


def _probes(document: dict[str, Any], step: int) -> list[tuple[str, dict[str, Any]]]:
    """Actions a player could take at this point, many of them wrong (a card kind that does not exist,
    more cards than the area holds, a piece not to be built now, an unknown token, a battle not due, a
    medal whose goal is not met)."""
    seat = step % len(document["players"])
    probes: list[tuple[str, dict[str, Any]]] = [
        ("architects_card_placed", {"seat": seat, "kind": kind}) for kind in ("wood", "red_horn_2", "blue_cat", "ruby")]
    probes += [("architects_cards_removed", {"seat": seat, "kind": "wood", "count": 1}),
               ("architects_cards_removed", {"seat": seat, "kind": "stone", "count": 5}),
               ("architects_piece_built", {"seat": seat, "piece": "two_different", "vp": None}),
               ("architects_piece_built", {"seat": seat, "piece": "four_identical", "vp": None}),
               ("architects_piece_built", {"seat": seat, "piece": None, "vp": 7}),
               ("architects_token_taken", {"seat": seat, "token": "decor"}),
               ("architects_token_taken", {"seat": seat, "token": "fortune_telling"}),
               ("architects_cat_taken", {"seat": seat}),
               ("architects_military_set", {"seat": seat, "tokens": 150}),
               ("architects_battle_fought", {})]
    if "medals" in document.get("expansions", []):
        probes += [("architects_medal_taken", {"seat": seat, "medal": medal})
                   for medal in ("three_grey", "two_tokens", "nothing")]
    return probes


@pytest.mark.parametrize("name", LOGS)
def test_an_action_on_the_value_gives_the_document_and_the_refusals_of_the_document_read_again(name: str) -> None:
    events = _events(name)
    empty = {"format": "architects-table/1", "game": "architects", "players": []}
    document, table = advance(empty, None, events[0])
    old_document = copy.deepcopy(document)
    refused = accepted = 0
    for step, event in enumerate(events[1:], start=1):
        for kind, payload in _probes(document, step):
            if check_payload(kind, payload, len(document["players"])):
                continue
            probe = Event(0, kind, payload, "hand", "")
            old_after, old_refusal = old_check(old_document, probe)
            try:
                new_after, new_refusal = advance(document, table, probe), ""
            except EventError as error:
                new_after, new_refusal = None, str(error)
            assert new_refusal == old_refusal, (name, step, kind, payload)
            if old_after is not None:
                assert new_after is not None and json.dumps(new_after[0]) == json.dumps(old_after)
                assert architects_table_to_json(new_after[1]) == architects_table_to_json(
                    architects_table(old_after)[0])
            refused += bool(old_refusal)
            accepted += not old_refusal
        document, table = advance(document, table, event)
        old_apply_architects(old_document, event.kind, event.payload)
        assert json.dumps(document) == json.dumps(old_document)
        assert architects_table_to_json(table) == architects_table_to_json(architects_table(old_document)[0])
    assert refused > 10 and accepted > 10
    assert json.dumps(document) == json.dumps(replay(events).document)
