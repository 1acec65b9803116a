"""Recorded games: the format refuses impossible scripts, and rendered recordings read back as the scripted cities.

The rendered recordings go through the real reader and tracker with the default confirmation rule;
every expected city is written out here from the script, never taken from the code under test.
"""

from __future__ import annotations

import copy
import itertools
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.simulation import playback
from companion.games.sevenwonders.simulation.playback import Playback, recorded_frames, write_video
from companion.games.sevenwonders.simulation.recording import (
    DEMO_RECORDING,
    DEMO_SEED,
    RECORDING_FORMAT,
    RecordingError,
    demo_recording,
    demo_recording_from_selfplay,
    load_recording,
    parse_recording,
    recording_from_selfplay,
    recording_text,
    recording_to_json,
)
from companion.games.sevenwonders.tracker import TableTracker
from companion.vision.pipeline import TableReader
from companion.vision.sources import frames_from

ROOT = Path(__file__).resolve().parent.parent

SHORT = {
    "format": RECORDING_FORMAT,
    "title": "three turns of age I and one of age II",
    "players": [{"name": "Anna", "wonder": "gizah", "side": "A"},
                {"name": "Boris", "wonder": "halikarnassos", "side": "B"},
                {"name": "Chen", "wonder": "rhodes", "side": "A"}],
    "turns": [
        {"age": 1, "plays": [{"build": "lumber_yard/I/3+"}, {"build": "loom/I/3+"}, {"build": "baths/I/3+"}]},
        {"age": 1, "plays": [{"build": "altar/I/3+"}, {"discard": "stockade/I/3+"}, {"stage": "theater/I/3+"}]},
        {"age": 1, "plays": [{"build": "clay_pool/I/3+"},
                             {"stage": "scriptorium/I/3+", "build_from_discard": "stockade/I/3+"},
                             {"build": "east_trading_post/I/3+"}]},
        {"age": 2, "plays": [{"build": "loom/II/3+"}, {"stage": None}, {"build": "temple/II/3+"}]},
    ],
    "coins_after_age": [[2, 3, 4]],
}
"""A short game by hand: a tucked brown and grey column, blue stacks, stages of two ages, a discard
later built from the pile by Halikarnassos B's first stage, a stage whose card is not named."""

SHORT_CITIES = {
    "gizah": ({"lumber_yard", "altar", "clay_pool", "loom"}, 0),
    "halikarnassos": ({"loom", "stockade"}, 2),
    "rhodes": ({"baths", "east_trading_post", "temple"}, 1),
}
SHORT_LAID = [  # (turn, wonder, card or "stage")
    (0, "gizah", "lumber_yard"), (0, "halikarnassos", "loom"), (0, "rhodes", "baths"),
    (1, "gizah", "altar"), (1, "rhodes", "stage"),
    (2, "gizah", "clay_pool"), (2, "halikarnassos", "stage"), (2, "halikarnassos", "stockade"),
    (2, "rhodes", "east_trading_post"),
    (3, "gizah", "loom"), (3, "halikarnassos", "stage"), (3, "rhodes", "temple"),
]
# The documented timing (docs/camera.md) at the defaults: 2 s of boards alone, 3 s per turn, 2 s of
# pause after an age, 2 s at the end.
SHORT_TURN_STARTS = [2.0, 5.0, 8.0, 13.0]
SHORT_END = 18.0


def _problems(document: Any, data: GameData) -> str:
    with pytest.raises(RecordingError) as caught:
        parse_recording(document, data)
    return str(caught.value)


def _changed(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(SHORT)
    document.update(changes)
    return document


def _with_turn(index: int, turn: dict[str, Any]) -> dict[str, Any]:
    document = copy.deepcopy(SHORT)
    document["turns"][index] = turn
    return document


# -- the format ------------------------------------------------------------------------------------------

def test_a_short_recording_loads_and_lays_out_the_table_turn_by_turn(data: GameData) -> None:
    recording = parse_recording(SHORT, data)
    assert [p.wonder for p in recording.players] == ["gizah", "halikarnassos", "rhodes"]
    snapshots = recording.snapshots()
    assert len(snapshots) == 5
    after_two = snapshots[2]
    assert [d.copy for d in after_two.discard] == ["stockade/I/3+"]
    after_three = snapshots[3]
    assert after_three.discard == ()          # taken from the pile by Halikarnassos
    assert after_three.cards[1] == ("loom/I/3+", "stockade/I/3+")
    final = snapshots[-1]
    assert final.stages == ((), (1, 2), (1,))   # the age of each card back under the boards
    assert recording.coins_after_age == ((2, 3, 4),)
    assert recording.turn_label(3) == "age II, turn 1"


def test_a_recording_survives_its_json_text(data: GameData, tmp_path: Path) -> None:
    recording = parse_recording(SHORT, data)
    assert recording_to_json(recording) == SHORT
    path = tmp_path / "short.json"
    path.write_text(recording_text(recording), encoding="utf-8")
    assert load_recording(path, data) == recording


@pytest.mark.parametrize(("document", "expected"), [
    (_changed(format="sevenwonders-recording/2"), "format: expected 'sevenwonders-recording/1'"),
    (_changed(colour="blue"), "colour: unknown field"),
    (_changed(players=SHORT["players"][:2]), "players: 2 players; a game has 3 to 7"),
    (_changed(players=[*SHORT["players"][:2], {"name": "Chen", "wonder": "gizeh", "side": "A"}]),
     "players[2].wonder: unknown wonder 'gizeh'; did you mean 'gizah'?"),
    (_changed(players=[*SHORT["players"][:2], {"name": "Chen", "wonder": "gizah", "side": "B"}]),
     "players[2].wonder: the gizah board is already at players[0]"),
    (_changed(turns=[]), "turns: no turns"),
    (_with_turn(0, {"age": 1, "plays": [{"build": "lumber_yrd/I/3+"}, {"build": "loom/I/3+"},
                                        {"build": "baths/I/3+"}]}),
     "turns[0].plays[0].build: unknown card copy 'lumber_yrd/I/3+'; did you mean 'lumber_yard/I/3+'?"),
    (_with_turn(3, {"age": 2, "plays": [{"build": "loom/I/3+"}, {"stage": None}, {"build": "temple/II/3+"}]}),
     "turns[3].plays[0].build: loom/I/3+ is an age I card; it cannot be played in age II"),
    (_with_turn(0, {"age": 1, "plays": [{"build": "lumber_yard/I/4+"}, {"build": "loom/I/3+"},
                                        {"build": "baths/I/3+"}]}),
     "turns[0].plays[0].build: lumber_yard/I/4+ is not in the box for 3 players"),
    (_with_turn(1, {"age": 1, "plays": [{"build": "baths/I/3+"}, {"discard": "stockade/I/3+"},
                                        {"stage": "theater/I/3+"}]}),
     "turns[1].plays[0].build: baths/I/3+ is already played at turns[0].plays[2]"),
    (_with_turn(3, {"age": 2, "plays": [{"discard": None}, {"stage": None}, {"build": "temple/II/3+"}]}),
     None),   # valid: cards laid face down need not be named
    (_with_turn(2, {"age": 1, "plays": [{"build": "clay_pool/I/3+"}, {"stage": "scriptorium/I/3+"}]}),
     "turns[2].plays: 2 plays for 3 players: every player makes exactly one play each turn"),
    (_with_turn(1, {"age": 1, "plays": [{"build": "altar/I/3+"}, {"discard": "stockade/I/3+", "build": "x"},
                                        {"stage": "theater/I/3+"}]}),
     "turns[1].plays[1]: a play is exactly one of build, stage or discard (found: build, discard)"),
    (_with_turn(0, {"age": 1, "plays": [{"build": "lumber_yard/I/3+"}, {"build": "loom/I/3+"},
                                        {"build": "baths/I/3+", "build_from_discard": "altar/I/3+"}]}),
     "turns[0].plays[2].build_from_discard: only a wonder stage (Halikarnassos) builds from the discard pile"),
    (_with_turn(1, {"age": 1, "plays": [{"build": "altar/I/3+"}, {"discard": "stockade/I/3+"},
                                        {"stage": "theater/I/3+", "build_from_discard": "stockade/I/3+"}]}),
     "turns[1].plays[2].build_from_discard: stage 1 of rhodes side A does not build from the discard pile"),
    (_with_turn(2, {"age": 1, "plays": [{"build": "clay_pool/I/3+"},
                                        {"stage": "scriptorium/I/3+", "build_from_discard": "altar/I/3+"},
                                        {"build": "east_trading_post/I/3+"}]}),
     "turns[2].plays[1].build_from_discard: altar/I/3+ is not on the discard pile"),
    (_with_turn(0, {"age": 2, "plays": [{"build": "loom/II/3+"}, {"build": "forum/II/3+"},
                                        {"build": "temple/II/3+"}]}),
     "turns[1].age: age I after age II: ages are played in order"),
    (_changed(coins_after_age=[[2, 3]]), "coins_after_age[0]: 2 amounts for 3 players"),
    (_changed(coins_after_age=[[2, 3, 4], [1, 1, 1], [0, 0, 0]]),
     "coins_after_age: coins for 3 ages, but the turns end in age II"),
])
def test_impossible_recordings_are_refused_with_a_clear_line(data: GameData, document: dict[str, Any],
                                                               expected: str | None) -> None:
    if expected is None:
        parse_recording(document, data)
    else:
        assert expected in _problems(document, data)


def test_a_building_twice_in_one_city_is_refused(data: GameData) -> None:
    # Anna builds a Loom in age I (turn 3 here) and again in age II.
    document = _with_turn(2, {"age": 1, "plays": [{"build": "loom/I/3+"},
                                                  {"stage": "scriptorium/I/3+", "build_from_discard": "stockade/I/3+"},
                                                  {"build": "east_trading_post/I/3+"}]})
    document["turns"][0]["plays"][1] = {"build": "clay_pool/I/3+"}
    text = _problems(document, data)
    assert "turns[3].plays[0].build: Anna's city (gizah) already holds a Loom, built at turns[2].plays[0]" in text


def test_more_stages_than_the_board_has_are_refused(data: GameData) -> None:
    # Rhodes B has two stages; Chen builds one in each of three turns.
    document = copy.deepcopy(SHORT)
    document["players"][2]["side"] = "B"
    document["turns"][0]["plays"][2] = {"stage": None}
    document["turns"][2]["plays"][2] = {"stage": "east_trading_post/I/3+"}
    text = _problems(document, data)
    assert "turns[2].plays[2].stage: rhodes side B has 2 stages; this would be stage 3" in text


def test_an_age_holds_at_most_seven_turns(data: GameData) -> None:
    plays = [{"discard": None}, {"discard": None}, {"discard": None}]
    document = _changed(turns=[{"age": 1, "plays": plays}] * 8)
    assert "turns[7]: age I has more than 7 turns" in _problems(document, data)


def test_unreadable_files_are_one_problem(tmp_path: Path, data: GameData) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    with pytest.raises(RecordingError, match="not valid JSON"):
        load_recording(broken, data)
    with pytest.raises(RecordingError, match="cannot read the file"):
        load_recording(tmp_path / "missing.json", data)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_self_played_games_become_recordings_of_the_same_game(data: GameData, players: int) -> None:
    game = play_random_game(data, players, seed=40 + players)
    recording = parse_recording(recording_to_json(recording_from_selfplay(game)), data)
    assert len(recording.turns) == 21 and all(len(t.plays) == players for t in recording.turns)
    final = recording.final()
    for seat, player in enumerate(game.final.players):
        assert sorted(key.split("/")[0] for key in final.cards[seat]) == sorted(c.id for c in player.cards)
        assert len(final.stages[seat]) == player.stages_built
    assert [list(c) for c in recording.coins_after_age] == [[p.coins for p in t.players]
                                                           for t in game.tables_after_age]


# -- the bundled demo ----------------------------------------------------------------------------------

def test_the_bundled_demo_is_the_self_played_game(data: GameData) -> None:
    recording = demo_recording(data)
    game = play_random_game(data, 3, seed=DEMO_SEED)
    assert [(p.name, p.wonder, p.side) for p in recording.players] == [
        (p.name, p.wonder.id, p.side) for p in game.final.players]
    assert len(recording.turns) == 21
    final = recording.final()
    for seat, player in enumerate(game.final.players):
        assert sorted(key.split("/")[0] for key in final.cards[seat]) == sorted(c.id for c in player.cards)
        assert len(final.stages[seat]) == player.stages_built
    assert recording.coins_after_age == tuple(tuple(p.coins for p in t.players) for t in game.tables_after_age)
    # The committed file is what the generator writes (python -m companion.games.sevenwonders.simulation.recording).
    demo = ROOT / "companion" / "games" / "sevenwonders" / "data" / "demo"
    committed = (demo / DEMO_RECORDING).read_text(encoding="utf-8")
    assert committed == recording_text(demo_recording_from_selfplay(data))


def _cities(tracker: TableTracker) -> dict[str, tuple[set[str], int]]:
    return {wonder: ({c.component.card or "" for c in city.cards}, city.stages)
            for wonder, city in tracker.cities.items()}


def test_the_demo_table_at_its_end_is_read_whole_at_1280x720(data: GameData) -> None:
    # The tightest table there is: every card of a whole game, read from the last seconds alone.
    recording = demo_recording(data)
    game = play_random_game(data, 3, seed=DEMO_SEED)
    play = Playback(recording, data=data)
    assert play.plan.pixels_per_mm * 2 >= 2.4   # pixels per module of a 14 mm ArUco sticker (7 modules)
    reader = TableReader(data=data, player_count=3)
    tracker = TableTracker(data)
    for at, frame in play.frames(start=play.duration - 1.8):
        tracker.observe(reader.read(frame, sequence="demo").observation, at)
    assert _cities(tracker) == {p.wonder.id: ({c.id for c in p.cards}, p.stages_built) for p in game.final.players}


@pytest.mark.parametrize("realtime", [False, True])
def test_demo_frames_come_from_the_demo_source_in_real_time_when_asked(realtime: bool) -> None:
    frames, handed_out = [], []
    for frame in frames_from("demo", limit_seconds=0.4, realtime=realtime):
        handed_out.append(time.monotonic())
        frames.append(frame)
    assert [f.seconds for f in frames] == pytest.approx([0.0, 0.2, 0.4])
    assert all(f.image.shape == (720, 1280, 3) and f.image.dtype == np.uint8 for f in frames)
    assert frames[0].name == "demo#0"
    if realtime:
        assert handed_out[2] - handed_out[0] >= 0.39
    else:
        assert handed_out[2] - handed_out[0] < 0.3


# -- playing a recording -----------------------------------------------------------------------------

def _read(frames: Iterable[tuple[float, np.ndarray]], data: GameData
          ) -> tuple[TableTracker, dict[tuple[str, str], float], list[float]]:
    """Feed frames to a reader and the default tracker; when each card and stage was confirmed."""
    reader = TableReader(data=data, player_count=3)
    tracker = TableTracker(data)
    confirmed: dict[tuple[str, str], float] = {}
    times = []
    for at, frame in frames:
        times.append(at)
        for change in tracker.observe(reader.read(frame, sequence="demo").observation, at):
            if change.kind == "card" and change.component is not None:
                confirmed[(change.wonder or "", change.component.card or "")] = at
            elif change.kind == "stage":
                confirmed[(change.wonder or "", f"stage {change.detail}")] = at
    return tracker, confirmed, times


def _confirmed_in_its_turn(confirmed: dict[tuple[str, str], float]) -> None:
    stage_times = sorted((at, key[0]) for key, at in confirmed.items() if key[1].startswith("stage"))
    ends = [*SHORT_TURN_STARTS[1:], SHORT_END]
    for turn, wonder, what in SHORT_LAID:
        if what == "stage":
            at = next(a for a, w in stage_times if w == wonder and a >= SHORT_TURN_STARTS[turn])
        else:
            at = confirmed[(wonder, what)]
        assert SHORT_TURN_STARTS[turn] < at < ends[turn], (turn, wonder, what, at)


@pytest.fixture(scope="module")
def short_frames(data: GameData) -> list[tuple[float, np.ndarray]]:
    return list(recorded_frames(parse_recording(SHORT, data), data=data))


def test_a_played_recording_is_read_as_the_scripted_cities_card_by_card(
        data: GameData, short_frames: list[tuple[float, np.ndarray]]) -> None:
    tracker, confirmed, times = _read(short_frames, data)
    assert times == pytest.approx([i / 5.0 for i in range(int(SHORT_END * 5))])
    assert _cities(tracker) == SHORT_CITIES
    assert not tracker.problems
    _confirmed_in_its_turn(confirmed)


def test_each_table_state_is_drawn_once(data: GameData, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = []
    original = playback.SceneBuilder.draw

    def counting(self: playback.SceneBuilder, frame: np.ndarray, camera: playback.Camera) -> None:
        drawn.append(1)
        original(self, frame, camera)

    monkeypatch.setattr(playback.SceneBuilder, "draw", counting)
    frames = list(Playback(parse_recording(SHORT, data), data=data).frames())
    # Boards alone, then per turn: hands reaching, hands laying, cards lying still.
    assert len(drawn) == 1 + 3 * len(SHORT["turns"])
    assert len(frames) == SHORT_END * 5
    # Frames of one still state differ by sensor noise only.
    still = [f for at, f in frames if 16.0 <= at < 18.0]
    for before, after in itertools.pairwise(still):
        assert 0 < np.abs(before.astype(int) - after.astype(int)).mean() < 5


@pytest.mark.parametrize("suffix", [".mp4", ".avi"])
def test_a_written_video_reads_back_as_the_same_cities(data: GameData, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"short{suffix}"
    assert write_video(parse_recording(SHORT, data), path, data=data) == SHORT_END * 5
    capture = cv2.VideoCapture(str(path))
    assert capture.isOpened() and capture.get(cv2.CAP_PROP_FRAME_COUNT) == SHORT_END * 5
    capture.release()
    if suffix == ".avi":
        return
    tracker, confirmed, times = _read(((f.seconds, f.image) for f in frames_from(str(path))), data)
    assert times == pytest.approx([i / 5.0 for i in range(int(SHORT_END * 5))])
    assert _cities(tracker) == SHORT_CITIES
    _confirmed_in_its_turn(confirmed)


def test_turns_too_short_to_confirm_a_card_are_refused(data: GameData) -> None:
    with pytest.raises(ValueError, match="seconds_per_turn must leave 1 s of still cards"):
        recorded_frames(parse_recording(SHORT, data), seconds_per_turn=2.1, data=data)
    with pytest.raises(ValueError, match=r"seconds_per_turn must leave 2\.5 s of still cards"):
        recorded_frames(parse_recording(SHORT, data), fps=2.0, data=data)


def test_the_record_command_writes_a_video_and_refuses_a_bad_recording(
        data: GameData, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "short.json"
    script.write_text(json.dumps(SHORT), encoding="utf-8")
    video = tmp_path / "short.avi"
    assert main(["record", str(script), "--out", str(video), "--size", "640x360", "--fps", "2",
                 "--seconds-per-turn", "4"]) == 0
    assert f"wrote {video}: 44 frames" in capsys.readouterr().out   # 2 + 4 x 4 + 2 + 2 s at 2 per second
    assert video.stat().st_size > 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_changed(players=SHORT["players"][:2])), encoding="utf-8")
    assert main(["record", str(bad), "--out", str(video)]) == 2
    assert "players: 2 players; a game has 3 to 7" in capsys.readouterr().err
