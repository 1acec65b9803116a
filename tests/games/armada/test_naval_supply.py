"""Naval tokens: the supply never runs out (docs/rulings.md), so whatever `companion conflicts --naval`
hands out, age after age, makes a table the table reader accepts."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.gamedata.components import write_components
from companion.games.armada.rules.port import port_state
from companion.games.sevenwonders.tablefile import parse_table
from tests.conftest import armada_document, city

WONDERS = ("gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria", OTHER := "other")
RED_SHIELDS = {"fleet.red.1.naval_shields": 1, "fleet.red.2.naval_shields": 2, "fleet.red.4.naval_shields": 4,
               "fleet.red.5.naval_shields": 5, "fleet.red.6.naval_shields": 6}
"""Values an owner might enter (any would do: the test is about the tokens, not the strengths)."""


def _players(levels: list[int]) -> list[dict]:
    players = []
    for seat, level in enumerate(levels):
        entry = city(f"P{seat + 1}", WONDERS[seat], port_board=seat + 1, fleets={"red": level})
        if WONDERS[seat] == OTHER:
            entry["other_wonder"] = {"name": "Petra", "resource": "stone", "stages": 3}
        players.append(entry)
    return players


@pytest.fixture(scope="module")
def components(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("owner") / "components.json"
    write_components(path, RED_SHIELDS)
    return path


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=3, max_value=8).flatmap(
    lambda n: st.lists(st.lists(st.integers(min_value=0, max_value=6), min_size=n, max_size=n), min_size=3,
                       max_size=3)))
def test_every_naval_conflict_makes_a_table_the_reader_accepts(components: Path, tmp_path_factory:
                                                              pytest.TempPathFactory, ages: list[list[int]]) -> None:
    folder = tmp_path_factory.mktemp("naval")
    tokens: list[list[int]] = [[] for _ in ages[0]]
    for age, levels in enumerate(ages, start=1):
        players = _players(levels)
        for player, taken in zip(players, tokens, strict=True):
            player["naval_tokens"] = list(taken)
        path = folder / f"age{age}.json"
        path.write_text(json.dumps(armada_document(*players)), encoding="utf-8")
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            assert main(["conflicts", str(path), "--age", str(age), "--naval", "--json",
                         "--components", str(components)]) == 0
        result = json.loads(output.getvalue())
        for seat, row in enumerate(result["players"]):
            if row["token"] is not None:
                tokens[seat].append(row["token"])
    final = armada_document(*_players(ages[-1]))
    for player, taken in zip(final["players"], tokens, strict=True):
        player["naval_tokens"] = taken
    table = parse_table(final)
    assert [list(port_state(p).naval_tokens) for p in table.players] == tokens


def test_six_tied_weakest_of_eight_all_take_a_minus_two(components: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: six of eight tie for last in Age II; the box holds five -2 tokens."""
    players = _players([3, 6, 0, 0, 0, 0, 0, 0])
    path = tmp_path / "table.json"
    path.write_text(json.dumps(armada_document(*players)), encoding="utf-8")
    assert main(["conflicts", str(path), "--age", "2", "--naval", "--json", "--components", str(components)]) == 0
    tokens = [row["token"] for row in json.loads(capsys.readouterr().out)["players"]]
    # Strengths 3, 6, then six 0: the six take -2; 6 is first (+5), 3 second (+3).
    assert tokens == [3, 5, -2, -2, -2, -2, -2, -2]
    for player, token in zip(players, tokens, strict=True):
        player["naval_tokens"] = [-1, token]
    assert len(parse_table(armada_document(*players)).players) == 8
