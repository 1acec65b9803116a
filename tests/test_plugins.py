"""The plug-in core (companion.plugins): the one list, finding a game, registries filled layer by layer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import plugins
from companion.games import GAMES
from companion.plugins import Registry, expansions_of, find_game, games


def test_the_games_installed_bases_before_their_expansions() -> None:
    assert GAMES == ("sevenwonders", "armada", "architects", "medals")
    assert [g.id for g in games()] == ["7wonders", "architects", "armada", "medals"]
    assert [g.package for g in games()] == ["companion.games.sevenwonders", "companion.games.architects",
                                            "companion.games.armada", "companion.games.medals"]
    assert [g.id for g in expansions_of("7wonders")] == ["armada"]
    assert [g.id for g in expansions_of("architects")] == ["medals"]
    assert find_game("armada").base == "7wonders" and find_game("medals").base == "architects"
    assert find_game("7wonders").bgg_id == 68448 and find_game("architects").bgg_id == 346703


@pytest.mark.parametrize("name", ["7wonders", "7 WONDERS", "sevenwonders", "7 Чудес", "Seven Wonders"])
def test_find_a_game_by_id_package_alias_or_name_in_any_case(name: str) -> None:
    assert find_game(name).id == "7wonders"


def test_an_unknown_game_names_the_nearest_and_the_installed() -> None:
    with pytest.raises(LookupError, match=r"unknown game 'armadda'; did you mean 'armada'\? \(installed: 7wonders, "
                                          r"architects, armada, medals\)"):
        find_game("armadda")


def test_a_key_registered_twice_is_refused() -> None:
    registry: Registry[int] = Registry("test thing", "nothing-loads-this")
    with plugins.scoped():
        registry.register("one", 1, game="7wonders")
        with pytest.raises(ValueError, match="test thing 'one' is registered twice"):
            registry.register("one", 2, game="armada")
        with pytest.raises(LookupError, match=r"unknown test thing 'two' \(known: one\)"):
            registry.find("two")
        assert registry.get("two") is None and registry.find("one") == 1 and "one" in registry


def test_entries_come_in_game_order_and_scoped_undoes_them() -> None:
    registry: Registry[str] = Registry("test row", "nothing-loads-this")
    with plugins.scoped():
        registry.register("medals", "m", game="medals")
        registry.register("naval", "n", game="armada")
        registry.register("military", "x", game="7wonders")
        registry.register("cat", "c", game="architects")
        assert registry.keys() == ["military", "cat", "naval", "medals"]
        assert registry.of_game("armada") == ["n"] and registry.game_of("cat") == "architects"
    assert registry.keys() == []


def test_an_outside_game_plugs_in_and_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "lighthouse_test_game"
    package.mkdir()
    (package / "__init__.py").write_text('from companion.plugins import GameInfo\n'
                                         'GAME = GameInfo(id="beacon", names={"en": "Beacon"}, base="7wonders")\n')
    (package / "rules.py").write_text("from tests.test_plugins import ROWS\nROWS.register('beacons', 6, "
                                      "game='beacon')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with plugins.scoped():
        plugins.add_games("lighthouse_test_game")
        assert [g.id for g in expansions_of("7wonders")] == ["armada", "beacon"]
        assert ROWS.find("beacons") == 6
    assert [g.id for g in games()] == ["7wonders", "architects", "armada", "medals"]
    assert ROWS.get("beacons") is None and "lighthouse_test_game.rules" not in sys.modules


ROWS: Registry[int] = Registry("test score row", "rules")


def test_the_core_imports_nothing_but_the_standard_library() -> None:
    code = ("import sys; import companion.plugins as p; p.games(); "
            "print(sorted(m for m in sys.modules if m.startswith('companion')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert eval(out) == ["companion", "companion.games", "companion.games.architects", "companion.games.armada",
                         "companion.games.medals", "companion.games.sevenwonders", "companion.plugins"]


def test_a_scope_keeps_what_an_installed_games_module_registered_inside_it() -> None:
    """A module of an installed game imported directly inside a scope (not through `load_layer`)
    registers once and stays imported: its registration stays too, or the registry would be empty
    for the rest of the process (7 Wonders' camera layout after the seam test). What the test's own
    code registers for that game is undone."""
    registry: plugins.Registry[object] = plugins.Registry("scoped example", "rules")

    class FromTheGame:
        pass

    FromTheGame.__module__ = "companion.games.sevenwonders.vision.reading"
    with plugins.scoped():
        registry.register("game's", FromTheGame, game="7wonders")
        registry.register("test's", lambda: None, game="7wonders")
    assert registry.get("game's") is FromTheGame
    assert registry.get("test's") is None
