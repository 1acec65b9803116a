"""The table file: every bad input gives one line naming the field; good files round-trip."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.armada.rules.data import load_armada_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.tablefile import TableFileError, parse_table, read_table, table_to_json
from tests.conftest import city, table_document

SCHEMA = json.loads(resources.files("companion.games.sevenwonders").joinpath("data", "table.schema.json").read_text())


def _problems(document: object) -> list[str]:
    with pytest.raises(TableFileError) as error:
        parse_table(document)
    return [str(p) for p in error.value.problems]


def _three(**changes: object) -> dict:
    anna = city("Anna", "gizah", "B", stages=3, cards=["lumber_yard", "baths"], coins=5, tokens=[1, 3, -1])
    anna.update(changes)
    return table_document(anna, city("Boris", "rhodes"), city("Vera", "ephesos"))


def test_the_example_of_the_issue_is_valid() -> None:
    table = parse_table(_three())
    anna = table.players[0]
    assert (anna.name, anna.wonder.id, anna.side, anna.stages_built, anna.coins, anna.tokens) == (
        "Anna", "gizah", "B", 3, 5, (1, 3, -1))
    assert [c.id for c in anna.cards] == ["lumber_yard", "baths"]


def test_neighbours_follow_the_listed_clockwise_order() -> None:
    table = parse_table(_three())
    assert table.neighbour(0, "left").name == "Boris"
    assert table.neighbour(0, "right").name == "Vera"
    assert table.neighbour(2, "left").name == "Anna"


@pytest.mark.parametrize(("change", "expected"), [
    ({"cards": ["lumber_yard", "baths", "scriptorium", "press", "lumberyard"]},
     "players[0].cards[4]: unknown card 'lumberyard'; did you mean 'lumber_yard'?"),
    ({"cards": ["loom", "baths", "loom"]},
     "players[0].cards[2]: duplicate building 'loom' (also at cards[0]); a city never holds two buildings of one name"),
    ({"cards": ["tavern"]}, "players[0].cards[0]: Tavern (4+, 5+, 7+) is not in the box for 3 players"),
    ({"stages": 5}, "players[0].stages: The Pyramids of Gizah side B has 4 stages, not 5"),
    ({"coins": -2}, "players[0].coins: must be at least 0, got -2"),
    ({"coins": "5"}, "players[0].coins: expected a whole number, got a string"),
    ({"coins": True}, "players[0].coins: expected a whole number, got a boolean"),
    ({"wonder": "giza"}, "players[0].wonder: unknown wonder 'giza'; did you mean 'gizah'?"),
    ({"side": "C"}, "players[0].side: unknown side 'C'"),
    ({"tokens": [1, 2]}, "players[0].tokens[1]: a conflict token is worth one of -1, 1, 3, 5, not 2"),
    ({"tokens": [1, 1, 3, 3, 5, 5, -1]}, "players[0].tokens: 7 conflict tokens; a city takes at most 6 (two per age)"),
    ({"name": ""}, "players[0].name: must not be empty"),
    ({"card": ["baths"]}, "players[0].card: unknown field; did you mean 'cards'?"),
    ({"science_choices": ["gear"]},
     "players[0].science_choices: 1 symbols stated but the city has 0 wild science symbols"),
    ({"science_choices": ["wheel"]}, "players[0].science_choices[0]: unknown science symbol 'wheel'"),
    ({"copied_guild": "spies_guild"}, "players[0].copied_guild: Anna's city has no built stage that copies a guild"),
    ({"stages": 99999999999}, "players[0].stages: must be at most 100, got 99999999999"),
])
def test_bad_player_fields_give_one_line_each(change: dict, expected: str) -> None:
    assert _problems(_three(**change)) == [expected]


def test_missing_fields_are_named() -> None:
    document = _three()
    del document["players"][0]["wonder"]
    del document["format"]
    assert _problems(document) == ["format: missing; expected a string",
                                   "players[0].wonder: missing; expected a string"]


def test_whole_table_problems() -> None:
    both_loom = table_document(city("A", "gizah", cards=["pawnshop"]), city("B", "rhodes", cards=["pawnshop"]),
                               city("C", "ephesos"), city("D", "babylon"))
    assert _problems(both_loom) == [
        "players: 2 cities hold a Pawnshop (A, B) but a game of 4 players has 1 copy"]
    same_name = table_document(city("A", "gizah"), city("A", "rhodes"), city("C", "ephesos"))
    assert _problems(same_name) == ["players[0].name: two players are called 'A'",
                                    "players[1].name: two players are called 'A'"]
    same_wonder = table_document(city("A", "gizah"), city("B", "gizah"), city("C", "ephesos"))
    assert "The Pyramids of Gizah is at the table twice" in _problems(same_wonder)[0]
    two = table_document(city("A", "gizah"), city("B", "rhodes"))
    assert _problems(two) == ["players: 2 players; the standard game seats 3 to 7"]


def test_too_many_guilds() -> None:
    guilds = ["workers_guild", "craftsmens_guild", "traders_guild", "philosophers_guild", "spies_guild",
              "strategists_guild"]
    document = table_document(city("A", "gizah", cards=guilds), city("B", "rhodes"), city("C", "ephesos"))
    assert _problems(document) == ["players: 6 guilds are built but a game of 3 players deals only 5"]


def test_two_player_variant_needs_one_free_city() -> None:
    ok = table_document(city("Ira", "gizah"), city("Free City", "rhodes"), city("Lara", "ephesos"),
                        variant="two-player")
    table = parse_table(ok)
    assert [p.is_free_city for p in table.players] == [False, True, False]
    assert table.player_count == 2 and table.box_player_count == 3
    missing = table_document(city("Ira", "gizah"), city("Bob", "rhodes"), city("Lara", "ephesos"),
                             variant="two-player")
    assert _problems(missing) == ["players: the two-player variant lists the two players and one 'Free City' "
                                  "(got 3 entries, 0 free city)"]


def test_top_level_problems() -> None:
    assert _problems([]) == ["expected an object, got a list"]
    assert _problems({**_three(), "format": "sevenwonders-table/9"}) == [
        "format: unsupported format 'sevenwonders-table/9'; this version reads 'sevenwonders-table/1'"]
    assert _problems({**_three(), "expansions": ["cities"]}) == [
        "expansions[0]: expansion 'cities' is not supported by this version"]
    assert _problems({**_three(), "variant": "solo"}) == ["variant: unknown variant 'solo'"]
    assert _problems({**_three(), "options": {"craftsmens_guild_vp": 3}}) == [
        "options.craftsmens_guild_vp: must be one of 1, 2, got 3"]
    assert _problems({**_three(), "player": []}) == ["player: unknown field; did you mean 'players'?"]


def test_extension_keys_are_ignored() -> None:
    document = _three(**{"x-camera": {"seen": 12}})
    document["x-tool"] = "scanner 1.0"
    assert parse_table(document).players[0].name == "Anna"


@pytest.mark.parametrize(("content", "expected"), [
    (b'{"format": ', "not valid JSON: Expecting value at line 1 column 12"),
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "not valid JSON: nested too deeply (more than 32 levels)"),
    (b"[" * 1_000 + b"]" * 1_000, "not valid JSON: nested too deeply (more than 32 levels)"),
    (b'{"players": [{"coins": ' + b"9" * 5_000 + b"}]}", "a number with too many digits"),
    (b'{"players": [{"coins": 1e400}]}', "a number too large (more than 1e+15) or not a number"),
    (b'{"players": [{"coins": NaN}]}', "not valid JSON: NaN is not a number JSON allows"),
])
def test_unreadable_files(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(content)
    with pytest.raises(TableFileError) as error:
        read_table(path)
    assert [str(p) for p in error.value.problems] == [expected]
    assert str(error.value) == f"{path}: {expected}"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TableFileError) as error:
        read_table(tmp_path / "nope.json")
    assert "cannot read the file" in str(error.value)


def test_round_trip_through_the_writer() -> None:
    document = _three()
    document["options"] = {"craftsmens_guild_vp": 1}
    table = parse_table(document)
    assert table_to_json(table) == document
    assert table_to_json(parse_table(table_to_json(table))) == document


def test_the_schema_accepts_what_the_reader_accepts(data: GameData) -> None:
    jsonschema.validate(_three(), SCHEMA)
    shipped = resources.files("companion.games.sevenwonders").joinpath("data", "demo", "five-player-table.json")
    demo = json.loads(shipped.read_text())
    jsonschema.validate(demo, SCHEMA)
    parse_table(demo)


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    for change in ({"cards": ["lumberyard"]}, {"coins": -1}, {"tokens": [2]}, {"side": "C"}, {"card": []}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(_three(**change), SCHEMA)


def test_the_schema_lists_every_card_and_wonder(data: GameData) -> None:
    armada = load_armada_data()
    assert set(SCHEMA["$defs"]["card"]["enum"]) == set(data.cards) | set(armada.cards)
    assert set(SCHEMA["$defs"]["player"]["properties"]["wonder"]["enum"]) == set(data.wonders) | {"other"}
    assert set(SCHEMA["$defs"]["player"]["properties"]["islands"]["items"]["enum"]) == set(armada.islands)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_value_is_refused_cleanly(value: object) -> None:
    with pytest.raises(TableFileError):
        parse_table(value)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["format", "game", "variant", "players", "options", "expansions"]), json_values)
def test_a_damaged_top_level_field_never_crashes(key: str, value: object) -> None:
    document = _three()
    document[key] = value
    try:
        parse_table(document)
    except TableFileError as error:
        assert error.problems and all(str(p) for p in error.problems)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["name", "wonder", "side", "stages", "cards", "coins", "tokens", "science_choices",
                        "copied_guild"]), json_values)
def test_a_damaged_player_field_never_crashes(key: str, value: object) -> None:
    document = _three()
    document["players"][0][key] = value
    try:
        parse_table(document)
    except TableFileError as error:
        assert error.problems and all(str(p) for p in error.problems)
