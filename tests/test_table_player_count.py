"""`companion table --players N`: the box of cards is the game's (N players), never the cities in
view (docs/camera.md, "Who owns what"); a table with fewer or more cities than N is incomplete."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.simulation.scenes import Camera, table_scene


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game_data()


@pytest.fixture(scope="module")
def hidden_board(data: GameData, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, set[str]]:
    """A photo of a 5-player table with one board's sticker under a hand; the cards of the 5+ box
    (not in a 4-player game) among the other four cities."""
    scene = table_scene(5, seed=8, family="aruco", size_mm=14.0, camera=Camera(1920, 1080, 66, 1100),
                        level="easy", data=data)
    frame = scene.frame.copy()
    board = next(t for t in scene.truth if t.role == "board" and t.seat == 2)
    centre = board.corners_px.mean(axis=0)
    cv2.fillConvexPoly(frame, np.round((board.corners_px - centre) * 1.8 + centre).astype(np.int32), (120, 150, 205))
    path = tmp_path_factory.mktemp("players") / "five.png"
    cv2.imwrite(str(path), frame)
    five_plus = {t.component.key for t in scene.truth
                 if t.role == "card" and t.seat != 2 and t.visible and t.component.players == 5}
    assert five_plus, "the scene should hold cards of the 5+ box in the cities seen"
    return str(path), five_plus


def _table(path: str, capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, dict]:
    status = main(["table", path, "--family", "aruco", "--json", *options])
    return status, json.loads(capsys.readouterr().out)


def _copies(document: dict) -> set[str]:
    """The physical copies (marker keys) in the cities of a table file."""
    return {card["copy"] for player in document["x-observation"]["players"] for card in player["cards"]}


def test_the_box_follows_the_player_count_not_the_cities_seen(hidden_board: tuple[str, set[str]],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path, five_plus = hidden_board
    status, unknown = _table(path, capsys)
    assert len(unknown["players"]) == 4
    # Without the set-up the table of the four cities seen is checked as a 4-player game: every
    # 5+ card is out of its box.
    complaints = " ".join(unknown["x-observation"]["table_problems"])
    assert status == 1 and "for 4 players" in complaints
    status, five = _table(path, capsys, "--players", "5")
    problems = five["x-observation"]["table_problems"]
    assert status == 1
    assert problems == ["players: the game has 5 players but 4 cities were seen; 1 city is left out"]
    assert five_plus <= _copies(five)                      # in the box of a 5-player game


def test_a_smaller_player_count_refuses_the_cards_of_a_larger_box(hidden_board: tuple[str, set[str]],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path, five_plus = hidden_board
    status, four = _table(path, capsys, "--players", "4")
    assert status == 0
    assert not five_plus & _copies(four)
    refused = {p.split(" is not in the box")[0] for p in four["x-observation"]["problems"] if "not in the box" in p}
    assert five_plus <= refused and all(key.endswith("/5+") for key in refused)   # the hidden city's too
    status, three = _table(path, capsys, "--players", "3")
    assert status == 1 and "players: 4 cities were seen but the game has 3 players" in \
        three["x-observation"]["table_problems"]
