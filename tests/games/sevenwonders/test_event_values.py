"""7 Wonders' events as values (typed state, first step): every payload of the golden logs is read into
its value and written back exactly; a key left out stays apart from ``null``; a payload of the wrong
shape is refused naming the field, as the log refuses it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.sevenwonders.events import CardConfirmed, ChoicesSet, ConflictsResolved, GameSetUp, TurnPlay
from companion.storage.events import ABSENT, Event, EventError, event_value

GOLDEN = Path(__file__).resolve().parents[1]
SEVEN_KINDS = ("game_set_up", "card_confirmed", "card_removed", "stage_built", "coins_changed", "conflicts_resolved",
               "tokens_set", "choices_set", "owner_answered", "score_computed", "game_finished")


def _golden_events() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(GOLDEN.glob("*/golden/*.json")):
        if path.name.endswith(".table.json"):
            continue
        found += [(f"{path.parent.parent.name}/{path.stem}#{e['seq']}", e)
                  for e in json.loads(path.read_text(encoding="utf-8"))["events"]]
    return found


def test_every_golden_payload_of_a_typed_kind_comes_back_exactly() -> None:
    kinds = set()
    for where, event in _golden_events():
        value = event_value(event["kind"], event["payload"])
        architects_set_up = event["kind"] == "game_set_up" and event["payload"].get("game") == "architects"
        if event["kind"] in SEVEN_KINDS and not architects_set_up:
            assert value is not None, f"{where}: a 7 Wonders kind left untyped"
        if value is None:
            continue
        kinds.add(event["kind"])
        assert type(value).kind == event["kind"], where
        assert value.payload() == event["payload"], where
        assert list(value.payload()) == list(event["payload"]), f"{where}: the keys in the order logs write them"
    # Every kind but choices_set (the golden tables choose nothing by hand; read below) is in the logs.
    assert set(SEVEN_KINDS) - {"choices_set"} <= kinds


def test_a_value_is_immutable_and_keeps_left_out_apart_from_null() -> None:
    cleared = ChoicesSet.read({"seat": 2, "copied_guild": None})
    assert cleared.copied_guild is None and cleared.science_choices is ABSENT
    assert cleared.payload() == {"seat": 2, "copied_guild": None}
    tokens = ConflictsResolved.read({"age": 1, "tokens": [[1], [-1, 1], [-1]]})
    assert tokens.tokens == ((1,), (-1, 1), (-1,))
    with pytest.raises(AttributeError):
        tokens.age = 2  # type: ignore[misc]
    play = TurnPlay.read({"seat": 0, "source": "hand", "play": {"seat": 0, "action": "build", "card": "altar",
                                                                 "source": "hand", "discard_reward": "coins"}})
    with pytest.raises(TypeError):
        play.play["card"] = "baths"  # type: ignore[index]


def test_the_set_up_of_a_game_is_read_as_that_game_s() -> None:
    seven = event_value("game_set_up", {"players": [{"name": "Anna", "wonder": "gizah", "side": "A"}]})
    assert isinstance(seven, GameSetUp) and seven.players[0]["wonder"] == "gizah" and seven.variant is ABSENT
    # Architects' set-up names its game: not a 7 Wonders set-up, Architects' own (tests/games/architects).
    architects = event_value("game_set_up", {"game": "architects", "players": [{"name": "Anna", "wonder": "giza"}]})
    assert architects is not None and not isinstance(architects, GameSetUp)
    assert type(architects).game == "architects"


def test_a_payload_of_the_wrong_shape_is_refused_naming_the_field() -> None:
    with pytest.raises(EventError, match=r"payload\.seat"):
        CardConfirmed.read({"seat": "two", "card": "altar"})
    with pytest.raises(EventError, match=r"payload\.card"):
        CardConfirmed.read({"seat": 1})
    with pytest.raises(EventError, match=r"payload\.seat"):
        CardConfirmed.read({"seat": 9, "card": "altar"}, seats=3)        # the table has 3 seats


def test_an_event_gives_its_value_once() -> None:
    event = Event(4, "card_confirmed", {"seat": 1, "card": "altar", "copy": "altar/I/3+"}, "camera", "")
    assert event.value == CardConfirmed(seat=1, card="altar", copy="altar/I/3+")
    assert event.value is event.value
    assert Event(5, "beacon_lit", {"seat": 0}, "hand", "").value is None         # a kind no game typed
