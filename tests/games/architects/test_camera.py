"""Architects on camera: rendered tables rebuilt into exactly the right architects-table/1 file, and
an area that shrinks as well as grows, under the 7 Wonders stability rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.simulation import architects_table_scene
from companion.games.architects.tablefile import parse_architects
from companion.games.architects.tracker import ArchitectsTracker
from companion.games.architects.vision import ArchitectsObservation, AreaObservation, read_architects_layout
from companion.games.medals.rules.table import MedalLayout, with_medals
from companion.state.confirmation import ConfirmationRule
from companion.vision.pipeline import TableReader

DATA = load_architects_data()
SEATING = ["giza", "rhodes", "babylon", "olympia"]
NAMES = {"giza": "Anna", "rhodes": "Boris", "babylon": "Chen", "olympia": "Dana"}
# A 4-player table with Medals, mid-game, written by hand: what the file must say.
TABLE: dict[str, Any] = {
    "format": "architects-table/1", "game": "architects", "expansions": ["medals"], "medal_variant": "standard",
    "medal_layout": {"between": ["seven_cards", "three_grey", "three_red", "three_blue"]},
    "players": [
        {"name": "Anna", "wonder": "giza", "stages_built": ["two_different", "two_identical"],
         "cards": {"blue_cat": 1, "compass": 1, "wood": 2}, "cat_pawn": True, "military_tokens": 2,
         "progress_tokens": ["culture", "decor"], "medals": ["seven_cards"]},
        {"name": "Boris", "wonder": "rhodes", "stages_built": ["two_different"],
         "cards": {"coin": 1, "red_horn_1": 2}, "cat_pawn": False, "military_tokens": 0, "progress_tokens": [],
         "medals": []},
        {"name": "Chen", "wonder": "babylon", "stages_built": [], "cards": {"blue_plain": 3, "glass": 1},
         "cat_pawn": False, "military_tokens": 1, "progress_tokens": ["culture"], "medals": []},
        {"name": "Dana", "wonder": "olympia", "stages_built": ["two_different", "two_identical", "three_different"],
         "cards": {"gear": 1, "stone": 1, "tablet": 1}, "cat_pawn": False, "military_tokens": 0,
         "progress_tokens": ["tactics"], "medals": []},
    ]}


def _read(document: dict[str, Any], tracker: ArchitectsTracker, at: float, **scene: Any) -> None:
    frame = architects_table_scene(document, **scene).frame
    result = TableReader().read(frame)
    tracker.observe(read_architects_layout(result.placed, seat_order=SEATING), at)


def _file(tracker: ArchitectsTracker) -> dict[str, Any]:
    document = tracker.table_document(expansions=["medals"], medal_variant="standard")
    return {k: v for k, v in document.items() if not k.startswith("x-")}


def test_a_rendered_table_is_rebuilt_into_exactly_its_file() -> None:
    tracker = ArchitectsTracker(DATA, ConfirmationRule.photos(), seat_order=SEATING, names=NAMES)
    before = copy.deepcopy(TABLE)
    before["players"][0]["medals"] = []         # the medal still lies between Anna and Boris
    _read(before, tracker, 0.0)
    assert _file(tracker) == before
    _read(TABLE, tracker, 1.0)                  # Anna took it: its space stays in the layout
    document = _file(tracker)
    assert document == TABLE
    parse_architects(document)      # a valid table: no consistency error


def test_a_hand_over_an_area_removes_nothing_and_cards_spent_leave() -> None:
    rule = ConfirmationRule(frames=2, seconds=0.0, still_mm=float("inf"))
    tracker = ArchitectsTracker(DATA, rule, seat_order=SEATING, names=NAMES)
    seen = copy.deepcopy(TABLE)
    seen["medal_layout"]["between"][0] = None   # taken before the camera came: where it lay is unknown
    _read(TABLE, tracker, 0.0)
    _read(TABLE, tracker, 0.1)
    assert _file(tracker) == seen
    _read(TABLE, tracker, 0.2, hand_over=1)     # one frame with a hand over Boris's cards
    assert _file(tracker) == seen
    # Chen builds Babylon's first piece with the glass card and a blue card (2 different).
    later = copy.deepcopy(seen)
    later["players"][2]["cards"] = {"blue_plain": 2}
    later["players"][2]["stages_built"] = ["two_different"]
    _read(later, tracker, 0.3)
    assert _file(tracker) == seen               # seen once: not yet confirmed
    _read(later, tracker, 0.4)
    assert _file(tracker) == later


def _observation(cards: dict[str, int], *, pieces: tuple[str, ...] = ()) -> ArchitectsObservation:
    areas = [AreaObservation("giza", (0.0, 300.0), set(pieces)), AreaObservation("rhodes", (300.0, 0.0))]
    areas[0].items.update({f"card:{k}": n for k, n in cards.items()})
    return ArchitectsObservation(areas)


def test_a_card_confirmed_gone_is_gone_and_a_glimpse_changes_nothing() -> None:
    tracker = ArchitectsTracker(DATA, ConfirmationRule(), seat_order=["giza", "rhodes"])
    for step in range(5):
        tracker.observe(_observation({"wood": 2, "clay": 1}), step * 0.1)
    assert tracker.count("giza", "card:wood") == 2
    tracker.observe(_observation({"clay": 1}), 0.5)            # a glimpse without the wood cards
    tracker.observe(_observation({"wood": 2, "clay": 1}), 0.6)
    assert tracker.count("giza", "card:wood") == 2
    changes = []
    for step in range(7, 12):                                  # spent on a piece: gone for good
        changes += tracker.observe(_observation({"clay": 1}, pieces=("two_identical",)), step * 0.1)
    assert tracker.count("giza", "card:wood") == 0
    assert {(c.item, c.before, c.value) for c in changes} == {("card:wood", 2, 0), ("piece:two_identical", 0, 1)}


def test_a_correction_by_hand_holds_until_the_camera_sees_otherwise_steadily() -> None:
    tracker = ArchitectsTracker(DATA, ConfirmationRule(), seat_order=["giza", "rhodes"])
    for step in range(5):
        tracker.observe(_observation({"coin": 1}), step * 0.1)
    change = tracker.correct("giza", "card:coin", 0, 0.5)      # the coin was misread: undone
    assert (change.before, change.value, change.source) == (1, 0, "hand")
    tracker.observe(_observation({"coin": 1}), 0.6)
    assert tracker.count("giza", "card:coin") == 0
    for step in range(7, 12):
        tracker.observe(_observation({"coin": 1}), step * 0.1)
    assert tracker.count("giza", "card:coin") == 1
    assert tracker.sources[("giza", "card:coin")] == "camera"


@pytest.mark.parametrize("wonder", ["rome", "ur"])
def test_rome_and_ur_pieces_are_left_to_the_hand_with_a_note(wonder: str, tmp_path: Any,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion.cli import main

    tracker = ArchitectsTracker(DATA, ConfirmationRule.photos(), seat_order=[wonder, "giza"])
    areas = [AreaObservation(wonder, (0.0, 300.0)), AreaObservation("giza", (300.0, 0.0))]
    tracker.observe(ArchitectsObservation(areas), 0.0)
    document = tracker.table_document(expansions=["medals"])
    assert document["players"][0]["stages_built"] == []
    assert any("enter its built pieces by hand" in note for note in document["x-observation"]["notes"])
    # The game log refuses the table as read (its pieces would count nothing) until they are entered.
    table, store = tmp_path / "table.json", str(tmp_path / "games.sqlite3")
    table.write_text(json.dumps(document), encoding="utf-8")
    assert main(["games", "--store", store, "add", str(table)]) == 2
    name = DATA.wonders[wonder].name
    assert f"does not read the pieces {name} built" in capsys.readouterr().err
    document["players"][0]["stages_built"] = [{"vp": 3}]           # the VP printed on the piece built
    del document["x-observation"]["not_read_by_camera"]
    table.write_text(json.dumps(document), encoding="utf-8")
    assert main(["games", "--store", store, "add", str(table)]) == 0
    assert "logged game 1" in capsys.readouterr().out


def test_companion_table_finds_an_architects_table_by_itself(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import cv2

    from companion.cli import main

    before = copy.deepcopy(TABLE)
    before["players"][0]["medals"] = []
    cv2.imwrite(str(tmp_path / "table.png"), architects_table_scene(before).frame)
    status = main(["table", str(tmp_path / "table.png"), "--json", "--seating", ",".join(SEATING), "--medals",
                   "standard", "--names", ",".join(f"{w}={n}" for w, n in NAMES.items())])
    document = json.loads(capsys.readouterr().out)
    assert status == 0
    assert {k: v for k, v in document.items() if not k.startswith("x-")} == before


def test_the_camera_plays_the_game_and_the_medal_offer_appears(tmp_path: Any) -> None:
    from companion.games.architects.camera import apply_camera_changes
    from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
    from companion.games.architects.session import ArchitectsSession
    from companion.storage.database import GameStore

    players = tuple(ArchitectsPlayer(n, DATA.wonders[w]) for n, w in (("Ann", "giza"), ("Bob", "rhodes")))
    table = with_medals(ArchitectsTable(DATA, players), "standard", MedalLayout(("three_grey", "three_blue")))
    with GameStore(tmp_path / "games.sqlite3") as store:
        session = ArchitectsSession.start(store, table)
        session.place_card(1, "coin")                          # entered by hand: the camera never saw it
        tracker = ArchitectsTracker(DATA, ConfirmationRule(frames=2, seconds=0.0), seat_order=["giza", "rhodes"])
        for at in (0.0, 0.1):
            assert apply_camera_changes(session, tracker.observe(_observation({"wood": 1, "stone": 1}), at)) == []
        assert session.part("medals").offers() == {}
        for at in (0.2, 0.3):                                  # a third grey card: 3 grey cards, the medal goal
            apply_camera_changes(session, tracker.observe(_observation({"wood": 1, "stone": 1, "clay": 1}), at))
        assert session.part("medals").offers() == {0: ("three_grey",)}
        for at in (0.4, 0.5):                                  # wood and stone spent on Giza's first piece
            apply_camera_changes(session, tracker.observe(
                _observation({"clay": 1}, pieces=("two_different",)), at))
        ann, bob = session.table.players
        assert dict(ann.cards or {}) == {"clay": 1} and ann.built_ids == {"two_different"}
        assert dict(bob.cards or {}) == {"coin": 1}
        assert ArchitectsSession(store, session.game_id).table == session.table     # every change was logged
        sources = [e.source for e in store.events(session.game_id)[1:]]
        assert sources[0] == "hand" and set(sources[1:]) == {"camera"}


def test_a_resumed_game_starts_the_camera_from_the_log(tmp_path: Any) -> None:
    from companion.games.architects.camera import ArchitectsCameraPlay
    from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
    from companion.games.architects.session import ArchitectsSession
    from companion.storage.database import GameStore

    players = tuple(ArchitectsPlayer(n, DATA.wonders[w]) for n, w in (("Ann", "giza"), ("Bob", "rhodes")))
    table = with_medals(ArchitectsTable(DATA, players), "standard", MedalLayout(("three_grey", "three_blue")))
    rule = ConfirmationRule(frames=2, seconds=0.0)
    first = [_observation({"wood": 1, "stone": 1, "clay": 1})] * 2 + [
        _observation({"clay": 1}, pieces=("two_different",))] * 2          # wood and stone spent on a piece
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = ArchitectsSession.start(store, table)
        camera = ArchitectsCameraPlay(session, rule)
        for at, frame in enumerate(first):
            camera.play(session, frame, at / 10)
        game_id, played = session.game_id, session.table
        logged = len(store.events(game_id))
    assert dict(played.players[0].cards or {}) == {"clay": 1} and played.players[0].built_ids == {"two_different"}
    with GameStore(path) as store:                       # the app closed and opened again
        session = ArchitectsSession(store, game_id)
        camera = ArchitectsCameraPlay(session, rule)
        for at, frame in enumerate(first[2:] * 2):         # the same table, seen again: nothing new
            assert not camera.play(session, frame, at / 10)
        assert len(store.events(game_id)) == logged and session.table == played and camera.problems == []
        # Giza's second piece, from two identical cards the camera saw come and go, is still played
        for at, frame in enumerate([_observation({"clay": 1, "wood": 2}, pieces=("two_different",))] * 2 + [
                _observation({"clay": 1}, pieces=("two_different", "two_identical"))] * 2):
            camera.play(session, frame, 1 + at / 10)
        ann = session.table.players[0]
        assert dict(ann.cards or {}) == {"clay": 1} and ann.built_ids == {"two_different", "two_identical"}
        assert len(store.events(game_id)) == logged + 2 + 1 + 1   # two wood cards, the piece, the two spent
