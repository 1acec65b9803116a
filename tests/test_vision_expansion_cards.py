"""An expansion's cards on the table: read into their city when the game plays with the expansion
(or the table is read with no set-up, and its table file then names the expansion), reported as a
card of a game played without it otherwise; never given to a city in silence.

Armada's cards are ordinary buildings of their colour (reference: "Every Armada card is a normal
building of its colour"), so they lie in their colour's column like the base game's.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cli import main
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.simulation.scenes import Camera, Scene, SceneBuilder, table_scene
from companion.games.sevenwonders.tracker import ConfirmationRule, TableTracker
from companion.games.sevenwonders.vision.layout import PlacedMarker, read_layout
from companion.games.sevenwonders.vision.reading import box_card_data
from companion.markers import Component, load_marker_registry
from tests.test_vision_cities import _placed
from tests.test_vision_cities import _read_cities as _cities

COASTAL_FORTIFICATIONS = "armada:coastal_fortifications"
"""Armada's red Age III card (`companion markers list`: marker 235)."""


def _armada_card(key: str = COASTAL_FORTIFICATIONS) -> Component:
    return next(c for c in load_marker_registry() if c.key == key)


def _red_card_swapped(scene: Scene, data: GameData) -> tuple[list[PlacedMarker], str, str]:
    """The scene's stickers with its first red building's sticker changed for Coastal Fortifications'
    (the same place: a player who built the Armada card there); the wonder of that city and the base card."""
    wonders = [p["wonder"] for p in scene.table["players"]]
    red = next(t for t in scene.truth if t.role == "card" and data.cards[t.component.card or ""].color == "red")
    placed = [replace(m, component=_armada_card()) if m.component == red.component else m for m in _placed(scene)]
    return placed, wonders[red.seat], red.component.key


@pytest.fixture(scope="module")
def scene() -> Scene:
    from companion.games.sevenwonders.rules.loader import load_game_data

    return table_scene(4, seed=3, family="aruco", size_mm=14.0, camera=Camera(640, 360, 66, 2000), level="easy",
                       data=load_game_data())


def test_an_armada_card_joins_its_city_when_the_game_plays_with_armada(scene: Scene, data: GameData) -> None:
    placed, wonder, replaced = _red_card_swapped(scene, data)
    observation = read_layout(placed, box_card_data(data))
    cities = _cities(observation)
    assert COASTAL_FORTIFICATIONS in cities[wonder] and replaced not in cities[wonder]
    assert all(COASTAL_FORTIFICATIONS not in cards for w, cards in cities.items() if w != wonder)
    assert observation.unassigned == [] and observation.problems == []


def test_an_armada_card_of_a_game_without_armada_is_reported_not_counted(scene: Scene, data: GameData) -> None:
    placed, _, _ = _red_card_swapped(scene, data)
    observation = read_layout(placed, data)            # the base game's box: no Armada card in it
    assert all(COASTAL_FORTIFICATIONS not in cards for cards in _cities(observation).values())
    [(component, reason)] = observation.unassigned
    assert component.key == COASTAL_FORTIFICATIONS
    assert reason == "this game is played without Armada: its cards are not counted"


def test_a_table_read_with_no_set_up_names_the_expansion_its_cards_show(scene: Scene, data: GameData) -> None:
    """Photos (no set-up): the table file plays with Armada, lists the card in its city, says the
    camera reads none of Armada's own keys (port boards, fleets, islands...), and is a valid table."""
    from companion.games.sevenwonders.tablefile import parse_table

    placed, wonder, _ = _red_card_swapped(scene, data)
    box = box_card_data()
    tracker = TableTracker(box, ConfirmationRule.photos())
    tracker.observe(read_layout(placed, box), 0.0)
    document = tracker.table_document()
    assert document["expansions"] == ["armada"]
    city = next(p for p in document["players"] if p["wonder"] == wonder)
    assert "coastal_fortifications" in city["cards"]
    unread = set(document["x-observation"]["not_read_by_camera"])
    assert {"coins", "tokens", "port_board", "fleets", "islands"} <= unread
    table = parse_table({k: v for k, v in document.items() if k != "x-observation"})
    assert "coastal_fortifications" in {c.id for p in table.players if p.wonder.id == wonder for c in p.cards}


def test_a_base_table_read_with_no_set_up_plays_with_no_expansion(scene: Scene) -> None:
    box = box_card_data()
    tracker = TableTracker(box, ConfirmationRule.photos())
    tracker.observe(read_layout(_placed(scene), box), 0.0)
    document = tracker.table_document()
    assert document["expansions"] == []
    assert document["x-observation"]["not_read_by_camera"] == ["coins", "tokens"]


@pytest.fixture(scope="module")
def armada_photo() -> tuple[Scene, str]:
    """A rendered 1080p photo of a 3-player table whose first red building carries Coastal
    Fortifications' sticker instead (a player who built the Armada card), and that city's wonder."""
    from companion.games.sevenwonders.rules.loader import load_game_data

    armada = _armada_card()
    city = SceneBuilder.city
    swapped: list[int] = []

    def city_with_armada(self: SceneBuilder, seat: int, board: Component, cards: list[tuple[Component, str]],
                         *args: Any, **kwargs: Any) -> None:
        if not swapped and any(color == "red" for _, color in cards):
            at = next(i for i, (_, color) in enumerate(cards) if color == "red")
            cards = [*cards[:at], (armada, "red"), *cards[at + 1:]]
            swapped.append(seat)
        city(self, seat, board, cards, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SceneBuilder, "city", city_with_armada)
        scene = table_scene(3, seed=2, family="aruco", size_mm=14.0, camera=Camera(1920, 1080, 66, 960, tilt_deg=3),
                            level="easy", data=load_game_data())
    assert swapped, "the scene should have a red building"
    return scene, scene.table["players"][swapped[0]]["wonder"]


def test_table_command_reads_an_armada_card_in_a_photo(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       armada_photo: tuple[Scene, str]) -> None:
    """`companion table` (no game set up) puts the Armada card in its city; the table plays with Armada."""
    scene, wonder = armada_photo
    path = tmp_path / "armada.png"
    cv2.imwrite(str(path), scene.frame)
    names = ",".join(f"{p['wonder']}={p['name']}" for p in scene.table["players"])
    status = main(["table", str(path), "--names", names, "--json"])
    document = json.loads(capsys.readouterr().out)
    assert document["expansions"] == ["armada"]
    cards = {p["wonder"]: p["cards"] for p in document["players"]}
    assert "coastal_fortifications" in cards[wonder]
    assert all("coastal_fortifications" not in c for w, c in cards.items() if w != wonder)
    assert status == 0, document["x-observation"]
    assert main(["table", str(path), "--names", names]) == 0
    text = capsys.readouterr().out
    assert "coastal_fortifications" in next(line for line in text.splitlines() if line.startswith(
        next(p["name"] for p in scene.table["players"] if p["wonder"] == wonder) + ":"))
    assert "played with Armada: its cards are in the cities; the camera does not read its keys port_board" in text


def test_the_apps_camera_reads_with_its_games_box(tmp_path: Path, armada_photo: tuple[Scene, str]) -> None:
    """The app's camera reads with the game's own box (`reader_for` given the session's `card_data`):
    in a game played with Armada the card joins its city; in one without, it is reported, in no city."""
    from companion.app.camera import reader_for
    from companion.games.sevenwonders.session import GameSession, SeatSetup
    from companion.storage import GameStore

    scene, wonder = armada_photo
    seats = [SeatSetup(p["name"], p["wonder"], p["side"]) for p in scene.table["players"]]
    wonders = [p["wonder"] for p in scene.table["players"]]
    with GameStore(tmp_path / "games.sqlite3") as store:
        for expansions, expected in ((["armada"], True), ([], False)):
            session = GameSession.start(store, seats, expansions=expansions)
            reader = reader_for("aruco", len(seats), wonders, session.card_data())
            observation = reader.read(scene.frame).observation
            held = {s.wonder: {c.key for c in s.cards} for s in observation.seats}
            assert (COASTAL_FORTIFICATIONS in held[wonder]) is expected
            assert all(COASTAL_FORTIFICATIONS not in cards for w, cards in held.items() if w != wonder)
            refused = [reason for c, reason in observation.unassigned if c.key == COASTAL_FORTIFICATIONS]
            assert refused == ([] if expected else ["this game is played without Armada: its cards are not counted"])


def test_an_armada_card_left_in_the_box_at_three_players_is_reported(scene: Scene, data: GameData) -> None:
    """At 3 players Armada first removes Dock, among 5 cards (reference, game-data.md: "At **3 players**
    first remove the 5 cards ... Dock ..."): a set-up's box of three refuses it, as it refuses a base
    card of a larger box; at four it is read."""
    dock = _armada_card("armada:dock")
    wonders = [p["wonder"] for p in scene.table["players"]]
    placed, wonder, _ = _red_card_swapped(scene, data)
    placed = [replace(m, component=dock) if m.component.key == COASTAL_FORTIFICATIONS else m for m in placed]
    box = box_card_data(data)
    three = read_layout(placed, box, player_count=3)
    assert all("armada:dock" not in cards for cards in _cities(three).values())
    assert ("not_in_box", "dock", 3) in [(p.key, p.values["card"], p.values["players"]) for p in three.problems]
    four = read_layout(placed, box, player_count=4, seating=wonders)     # the scene's own box
    assert "armada:dock" in _cities(four)[wonder] and four.problems == []
