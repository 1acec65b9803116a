"""Broken data files are refused with every problem named: file, path, what is wrong."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from companion.gamedata import GameDataError
from companion.games.sevenwonders.rules.loader import load_game_data


def _copy_data(tmp_path: Path) -> Path:
    source = resources.files("companion.games.sevenwonders").joinpath("data")
    for name in ("rules.json", "cards.json", "wonders.json"):
        (tmp_path / name).write_text(source.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def _edit(path: Path, change) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")


def _problems(directory: Path) -> list[str]:
    with pytest.raises(GameDataError) as error:
        load_game_data(directory)
    return error.value.problems


def test_the_shipped_data_loads_from_a_directory(tmp_path: Path) -> None:
    data = load_game_data(_copy_data(tmp_path))
    assert len(data.cards) == 75


def test_unknown_resource_in_a_cost(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    _edit(directory / "cards.json", lambda d: d["cards"][13]["cost"].update(resources={"wod": 1}))
    assert _problems(directory) == ["cards.json: cards[13].cost.resources.wod: unknown resource 'wod'; "
                                    "did you mean 'wood'?"]


def test_many_problems_are_reported_together(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)

    def damage(document: dict) -> None:
        document["cards"][0]["color"] = "browm"
        document["cards"][1]["effects"] = [{"type": "produce", "resources": ["stone"], "extra": 1}]
        document["cards"][2]["copies"] = [{"age": 4, "players": 3}]
        document["cards"][3]["id"] = "lumber_yard"
        document["cards"][4]["chain_from"] = ["palace"]
    _edit(directory / "cards.json", damage)
    assert _problems(directory) == [
        "cards.json: cards[0].color: unknown colour 'browm'; did you mean 'brown'?",
        "cards.json: cards[1].effects[0].extra: unknown field",
        "cards.json: cards[2].copies[0].age: must be at most 3, got 4",
        "cards.json: cards[2].copies: a card needs at least one physical copy",
        "cards.json: cards[3].id: duplicate id 'lumber_yard'",
        "cards.json: cards[4].chain_from: 'palace' is not from an earlier age than 'tree_farm'",
    ]


def test_unknown_effect_type_and_wonder_problems(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    _edit(directory / "cards.json", lambda d: d["cards"][5]["effects"][0].update(type="produces"))
    _edit(directory / "wonders.json", lambda d: d["wonders"][0].update(resource="gold"))
    assert _problems(directory) == [
        "cards.json: cards[5].effects[0].type: unknown effect type 'produces'; did you mean 'produce'?",
        "wonders.json: wonders[0].resource: unknown resource 'gold'",
    ]


def test_missing_and_malformed_files(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    (directory / "wonders.json").unlink()
    assert _problems(directory)[0].startswith("wonders.json: cannot read:")
    shutil.copy(directory / "cards.json", directory / "wonders.json")
    (directory / "rules.json").write_text("{", encoding="utf-8")
    assert _problems(directory) == ["rules.json: not valid JSON: Expecting property name enclosed in double "
                                    "quotes at line 1"]


def test_wrong_file_kind(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    shutil.copy(directory / "cards.json", directory / "wonders.json")
    assert _problems(directory)[0] == "wonders.json: kind: expected 'wonders', got 'cards'"
