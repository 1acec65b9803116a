"""The Architects table file: every kind of bad table in the specification's section 6 is refused
with one clear line naming the field; warnings are shown and the table still scores; `companion
score` reads it, as text and as JSON of the issue's shape; the JSON Schema agrees."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from companion.cli import main
from companion.games.architects.rules import score_architects
from companion.games.architects.tablefile import architects_table_to_json, parse_architects
from companion.games.sevenwonders.tablefile import TableFileError

SCHEMA = json.loads(resources.files("companion.games.architects").joinpath("data", "architects-table.schema.json")
                    .read_text())
ALL = ["two_different", "two_identical", "three_different", "three_identical", "four_different"]


def good() -> dict[str, Any]:
    """Three players with Medals; Ann finished Giza (30 + Decor 6 + pawn 2 + blue cat 2 + medal 4 = 44)."""
    return {
        "format": "architects-table/1", "game": "architects", "expansions": ["medals"], "medal_variant": "standard",
        "medal_layout": {"between": ["three_stages", "two_tokens", "three_red"]},
        "players": [
            {"name": "Ann", "wonder": "giza", "stages_built": ALL, "blue_cards": {"plain": 0, "cat": 1},
             "cat_pawn": True, "progress_tokens": ["decor"], "medals": ["three_stages"]},
            {"name": "Bob", "wonder": "ur", "stages_built": [{"vp": 4}, {"vp": 5}], "grey_cards": 3,
             "military_tokens": 2, "progress_tokens": ["logistics", "culture"], "medals": ["two_tokens"]},
            {"name": "Cid", "wonder": "babylon", "stages_built": ["two_different", "two_identical"],
             "cards": {"red_plain": 3, "wood": 1, "blue_plain": 2}, "military_tokens": 1},
        ],
    }


def problems(document: dict[str, Any]) -> list[str]:
    with pytest.raises(TableFileError) as caught:
        parse_architects(document)
    return [str(p) for p in caught.value.problems]


def test_the_good_table() -> None:
    read = parse_architects(good())
    assert read.warnings == ()
    sheet = score_architects(read.table)
    # Bob: 4 + 5 = 9; military 6; Logistics 2 x 3 = 6 + Culture 4 = 10; medal 4 -> 29
    # Cid: 3 + 0 = 3; blue 2 x 3 = 6; military 3 -> 12
    assert [line.total for line in sheet.lines] == [44, 29, 12]
    assert read.table.players[2].grey_cards == 1 and read.table.players[2].blue_plain == 2


def edit(path: list[Any], value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    document = copy.deepcopy(base or good())
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


P = "players"
BAD: list[tuple[str, dict[str, Any], str]] = [
    ("unknown wonder", edit([P, 0, "wonder"], "gizeh"),
     "players[0].wonder: unknown wonder 'gizeh'; did you mean 'giza'?"),
    ("unknown piece", edit([P, 0, "stages_built", 0], "two_diff"), "players[0].stages_built[0]: unknown Giza piece"),
    ("unknown token", edit([P, 0, "progress_tokens"], ["decorr"]),
     "players[0].progress_tokens[0]: unknown Progress token"),
    ("unknown medal", edit([P, 0, "medals"], ["three_stage"]), "players[0].medals[0]: unknown medal 'three_stage'"),
    ("unknown card kind", edit([P, 2, "cards", "bricks"], 1), "players[2].cards.bricks: unknown card kind"),
    ("same wonder twice", edit([P, 2, "wonder"], "giza"), "players[2].wonder: Giza is at the table twice"),
    ("same name twice", edit([P, 1, "name"], "Ann"), "players[1].name: two players are called 'Ann'"),
    ("Rome without Medals", edit(["expansions"], [], edit([P, 1, "wonder"], "rome",
                                                         {**good(), "medal_layout": None})),
     "Rome is part of the Medals expansion"),
    ("Medals token without Medals", edit(["expansions"], [], edit([P, 1], {"name": "Bob", "wonder": "rhodes",
                                                                         "stages_built": [], "progress_tokens":
                                                                         ["domestication"]})),
     "players[1].progress_tokens[0]: the domestication token is part of the Medals expansion"),
    ("medal variant without Medals", edit(["expansions"], [], {k: v for k, v in good().items()
                                                              if k != "medal_layout"}),
     "medal_variant: the medal variant is part of the Medals expansion"),
    ("levels", edit([P, 2, "stages_built"], ["two_different", "three_different"]),
     "players[2].stages_built: Babylon's three_different piece (level 3) stands on unbuilt two_identical"),
    ("piece twice", edit([P, 2, "stages_built"], ["two_different", "two_different"]),
     "players[2].stages_built: the two_different piece is listed twice"),
    ("more than 5 stages", edit([P, 1, "stages_built"], [{"vp": 1}] * 6), "players[1].stages_built: 6 stages"),
    ("Ur without VP", edit([P, 1, "stages_built"], ["two_different"]),
     "players[1].stages_built[0]: Ur's pieces are not in the data"),
    ("Ur piece without vp", edit([P, 1, "stages_built"], [{"piece": "base"}]),
     "players[1].stages_built[0].vp: missing"),
    ("base wonder with typed VP", edit([P, 0, "stages_built"], [{"vp": 4}]),
     "players[0].stages_built[0]: Giza's pieces are known"),
    ("too many Decor", edit([P, 2, "progress_tokens"], ["decor"]),
     "players: 2 decor tokens are held but the game has 1"),
    ("four Culture", edit([P, 2, "progress_tokens"], ["culture", "culture", "culture"]),
     "players: 4 culture tokens are held but the game has 3"),
    ("two Cat pawns", edit([P, 2, "cat_pawn"], True), "players: the Cat pawn is held by Ann, Cid; there is one pawn"),
    ("Logistics without grey cards", edit([P, 1, "grey_cards"], KeyError),
     "players[1].grey_cards: Logistics scores 2 VP per grey card"),
    ("three medals standard", edit([P, 0, "medals"], ["three_stages", "two_tokens", "three_red"],
                                   edit([P, 1, "medals"], [])),
     "players[0].medals: 3 medals; a player can win at most 2 in the standard game"),
    ("same medal twice", edit([P, 0, "medals"], ["three_stages", "three_stages"]),
     "players[0].medals: the three_stages medal is listed twice"),
    ("one medal two players", edit([P, 1, "medals"], ["two_tokens", "three_stages"]),
     "players: the three_stages medal is held by Ann, Bob; one player takes it"),
    ("medal out of reach", edit([P, 1, "medals"], ["two_tokens", "three_red"]),
     "players[1].medals: the three_red medal lies neither next to Bob nor in the centre"),
    ("medal placed twice", edit(["medal_layout", "between", 2], "two_tokens"),
     "medal_layout: the two_tokens medal is placed twice"),
    ("layout of wrong length", edit(["medal_layout", "between"], ["three_stages", "two_tokens"]),
     "medal_layout.between: 2 medals; one lies between each two neighbours (3)"),
    ("centre in standard", edit(["medal_layout", "center"], ["seven_cards"]),
     "medal_layout.center: medals lie in the centre only in the expert variant"),
    ("one player", edit([P], [good()["players"][0]]), "players: 1 players; Architects seats 2 to 7"),
    ("cards disagree", edit([P, 2, "grey_cards"], 4), "players[2].grey_cards: 4, but the cards listed hold 1"),
    ("bad type", edit([P, 0, "military_tokens"], "two"), "players[0].military_tokens: expected a whole number"),
    ("unknown field", edit([P, 0, "coins"], 3), "players[0].coins: unknown field"),
    ("wrong format", edit(["format"], "architects-table/2"), "format: unsupported format 'architects-table/2'"),
]


@pytest.mark.parametrize(("why", "document", "line"), BAD, ids=[b[0] for b in BAD])
def test_bad_tables_are_refused_with_a_clear_line(why: str, document: dict[str, Any], line: str) -> None:
    found = problems(document)
    assert any(p.startswith(line) or line in p for p in found), found


def test_expert_central_battle_double_may_be_shared() -> None:
    document = edit(["medal_variant"], "expert")
    document["medal_layout"]["center"] = ["battle_double", "seven_cards"]
    document[P][0]["medals"] = ["three_stages", "battle_double"]
    document[P][2]["medals"] = ["battle_double"]
    document[P][0]["military_tokens"] = 2
    document[P][2]["military_tokens"] = 2
    assert parse_architects(document).warnings == ()
    document["medal_variant"] = "standard"
    del document["medal_layout"]["center"]
    assert any("lies neither next to" in p or "held by" in p for p in problems(document))


def test_warnings_are_shown_and_the_table_still_scores() -> None:
    document = edit([P, 0, "stages_built"], ALL[:4])  # nobody completed a wonder
    document[P][0]["cat_pawn"] = False  # the blue cat card lies on the table without the pawn
    document[P][1]["military_tokens"] = 28  # with Cid's 1: 29, more than the 28 in the box
    document[P][0]["medals"] = ["three_stages"]
    document[P][1]["progress_tokens"] = ["logistics"]  # two_tokens goal: only 1 token at the end
    warnings = parse_architects(document).warnings
    assert any("0 complete wonders" in w for w in warnings)
    assert any("29 Military Victory tokens" in w for w in warnings)
    assert any("blue card with a cat" in w for w in warnings)
    assert any("Bob's two_tokens medal" in w for w in warnings)
    holder = edit([P, 0, "blue_cards"], {"plain": 1, "cat": 0})
    assert any("Ann holds the Cat pawn without a blue cat card" in w for w in parse_architects(holder).warnings)


def test_round_trip_and_schema() -> None:
    table = parse_architects(good()).table
    document = architects_table_to_json(table)
    assert parse_architects(document).table == table
    jsonschema.validate(good(), SCHEMA)
    jsonschema.validate(document, SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(edit([P, 0, "wonder"], "gizeh"), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(edit([P, 0, "coins"], 3), SCHEMA)


def _write(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "architects.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_score_command_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, good())
    assert main(["score", path]) == 0
    text = capsys.readouterr().out
    rows = [line.split() for line in text.splitlines()]
    assert ["Total", "44", "29", "12"] in rows and ["Medals", "4", "4", "0"] in rows
    assert [row[0] for row in rows[2:9]] == ["Wonder", "Cat", "Blue", "Military", "Progress", "Medals", "Total"]
    assert "Winner: Ann" in text
    assert main(["score", path, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"players", "winners", "tie_break"}
    assert result["winners"] == ["Ann"] and result["tie_break"] == "none"
    bob = result["players"][1]
    assert set(bob) == {"name", "wonder", "categories", "total", "stages", "rank", "progress"}
    assert bob["categories"] == {"wonder": 9, "cat": 0, "blue": 0, "military": 6, "progress": 10, "medals": 4}
    assert bob["progress"] == {"logistics": 6, "culture": 4} and bob["stages"] == 2 and bob["rank"] == 2


def test_score_command_errors_and_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", _write(tmp_path, edit([P, 2, "cat_pawn"], True))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: {tmp_path / 'architects.json'}: players: the Cat pawn is held by Ann, Cid; there is "
                   f"one pawn"]
    assert main(["score", _write(tmp_path, edit([P, 1, "military_tokens"], 30))]) == 0
    captured = capsys.readouterr()
    assert "warning:" in captured.err and "31 Military Victory tokens" in captured.err  # 30 + Cid's 1
    assert "Winner:" in captured.out
