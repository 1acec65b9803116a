"""Every reader fuzzed, both games: table files (7 Wonders, Architects), imports, recordings, lens and
rig profiles, component values and images, from real seed documents mutated by hypothesis with the
surrogate and huge-number cases among the replacements: no crash (only the reader's own error), no
hang (a deadline per example), and every error line under 200 characters (the file's own path not
counted: it is the user's)."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "companion" / "games" / "sevenwonders" / "data" / "demo"
EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "40"))
"""Examples per reader: a few seconds in the suite; set COMPANION_FUZZ_EXAMPLES for a long run."""
SETTINGS = settings(max_examples=EXAMPLES, deadline=3000, derandomize=EXAMPLES <= 40,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

SURROGATE = "\ud800x"
DEEP: Any = 1
for _ in range(40):
    DEEP = [DEEP]
NASTY: list[Any] = [SURROGATE, "\udc00", 10**400, -(10**30), 1e300, 2**63, -1, 0, 1.5, "x" * 5000, "", None, True,
                    [], {}, DEEP, {"\ud800": 1}, "=HYPERLINK(\"x\")", "9" * 400, "2024-13-45T99:99", "\u0000"]
"""Replacements: lone surrogates, huge numbers (a 400-digit one among them), long and empty text,
the wrong types, nesting past the limit."""


def _architects() -> dict[str, Any]:
    return {"format": "architects-table/1", "game": "architects", "expansions": ["medals"],
            "medal_variant": "standard", "medal_layout": {"between": ["three_stages", "two_tokens", "three_red"]},
            "players": [{"name": "Ann", "wonder": "giza", "stages_built": ["two_different"], "cards": {"wood": 1},
                         "cat_pawn": True, "progress_tokens": ["decor"], "medals": []},
                        {"name": "Bob", "wonder": "ur", "stages_built": [{"vp": 4}], "grey_cards": 3,
                         "military_tokens": 2, "medals": []},
                        {"name": "Cid", "wonder": "babylon", "stages_built": [], "cards": {"red_plain": 3}}]}


def _export(tmp: Path) -> Any:
    store = tmp / "seed.sqlite3"
    out = tmp / "seed-export.json"
    if not out.exists():
        assert main(["games", "--store", str(store), "add", str(DEMO / "five-player-table.json")]) == 0
        assert main(["games", "--store", str(store), "export", "--all", "--out", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


LENS = {"format": "sevenwonders-lens/1", "width": 1280, "height": 720,
        "camera_matrix": [[1000.0, 0.0, 640.0], [0.0, 1000.0, 360.0], [0.0, 0.0, 1.0]],
        "distortion": [0.1, -0.2, 0.0, 0.0, 0.05], "rms_error_px": 0.3, "frames_used": 12}
COMPONENTS = {"format": "sevenwonders-components/1", "values": {"fleet.blue.4.vp": 5,
                                                                "port_board.1.blue.1.cost": {"resources": {"ore": 1}}}}


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:30]):
            found += _leaves(value, (*path, index))
    return found


def _mutate(document: Any, seed: int, count: int) -> Any:
    """The document with `count` places replaced, removed or given an unknown key."""
    rng = random.Random(seed)
    document = json.loads(json.dumps(document))
    for _ in range(count):
        paths = _leaves(document)
        path = rng.choice(paths)
        if not path:
            document = copy.deepcopy(rng.choice(NASTY))
            continue
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        action = rng.random()
        if action < 0.75:
            parent[path[-1]] = copy.deepcopy(rng.choice(NASTY))
        elif action < 0.9 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[rng.choice([SURROGATE, "x-note", "unknown", "k" * 300])] = copy.deepcopy(rng.choice(NASTY))
    return document


def _write(path: Path, document: Any) -> None:
    path.write_text(json.dumps(document), encoding="utf-8")      # ASCII: surrogates as \ud800 escapes


def _check_lines(text: str, path: Path) -> None:
    for line in text.splitlines():
        assert len(line.replace(str(path), "F")) < 200, line[:300]


MUTATION = given(seed=st.integers(0, 2**32), count=st.integers(1, 4))


@pytest.mark.parametrize("seed_name", ["seven", "architects"])
@pytest.mark.parametrize("command", ["score", "check", "add"])
def test_table_files_of_both_games(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed_name: str,
                                   command: str) -> None:
    seed_document = json.loads((DEMO / "five-player-table.json").read_text(encoding="utf-8")) \
        if seed_name == "seven" else _architects()
    path = tmp_path / "t.json"

    @SETTINGS
    @MUTATION
    def run(seed: int, count: int) -> None:
        _write(path, _mutate(seed_document, seed, count))
        argv = {"score": ["score", str(path)], "check": ["check", str(path), "--player", "Anna", "--card", "palace"],
                "add": ["games", "--store", str(tmp_path / "g.sqlite3"), "add", str(path), "--again"]}[command]
        assert main(argv) in (0, 1, 2, 3)
        captured = capsys.readouterr()
        _check_lines(captured.err, path)

    run()


def test_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed_document = _export(tmp_path)
    path = tmp_path / "i.json"

    @SETTINGS
    @MUTATION
    def run(seed: int, count: int) -> None:
        _write(path, _mutate(seed_document, seed, count))
        assert main(["games", "--store", str(tmp_path / "other.sqlite3"), "import", str(path)]) in (0, 2)
        _check_lines(capsys.readouterr().err, path)

    run()


RIG = {"format": "sevenwonders-rig/1", "width": 1280, "height": 720,
       "homography": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
       "seats": [{"marker": 3, "centre_mm": [10.0, 20.0], "angle": 0.0, "side_mm": 14.0, "family": "aruco"}]}


def _other_reader(name: str) -> tuple[Any, Any, type[Exception]]:
    """The seed document, the reader and the reader's own error of one kind of file."""
    from companion.gamedata.components import read_components
    from companion.gamedata.reading import GameDataError
    from companion.games.sevenwonders.simulation.recording import RecordingError, load_recording
    from companion.vision.lens import LensProfile, LensProfileError
    from companion.vision.rig import RigProfile, RigProfileError

    return {"recording": (json.loads((DEMO / "three-player-game.json").read_text(encoding="utf-8")), load_recording,
                          RecordingError),
            "lens": (LENS, LensProfile.load, LensProfileError), "rig": (RIG, RigProfile.load, RigProfileError),
            "components": (COMPONENTS, read_components, GameDataError)}[name]


@pytest.mark.parametrize("name", ["recording", "lens", "rig", "components"])
def test_recordings_lens_and_rig_profiles_and_component_values(tmp_path: Path, name: str) -> None:
    seed_document, reader, error = _other_reader(name)
    path = tmp_path / "p.json"

    @SETTINGS
    @MUTATION
    def run(seed: int, count: int) -> None:
        _write(path, _mutate(seed_document, seed, count))
        try:
            reader(path)
        except error as refused:
            _check_lines(str(refused), path)

    run()


def test_images(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    from companion.vision.sources import FrameSourceError, frames_from

    seeds = [cv2.imencode(ext, np.full((24, 32, 3), 90, np.uint8))[1].tobytes()
             for ext in (".png", ".jpg", ".bmp", ".tiff", ".webp")]
    path = tmp_path / "i.png"

    @SETTINGS
    @given(which=st.integers(0, len(seeds) - 1), edits=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255)),
                                                                  max_size=6), cut=st.integers(8, 400))
    def run(which: int, edits: list[tuple[int, int]], cut: int) -> None:
        data = bytearray(seeds[which][:cut] if cut < 400 else seeds[which])
        for at, value in edits:                    # headers claiming other sizes, broken chunks
            if at < len(data):
                data[at] = value
        path.write_bytes(bytes(data))
        try:
            list(frames_from(str(path)))
        except FrameSourceError as error:
            _check_lines(str(error), path)

    run()


def test_a_lens_profile_with_an_impossible_matrix_is_refused(tmp_path: Path) -> None:
    from companion.vision.lens import LensProfile, LensProfileError

    path = tmp_path / "lens.json"
    for matrix, why in (([[1000.0, 0.0, 640.0], [5.0, 1000.0, 360.0], [0.0, 0.0, 1.0]], "its form"),
                        ([[1000.0, 0.0, 640.0], [0.0, 1000.0, 360.0], [0.0, 0.0, 2.0]], "its form"),
                        ([[1e9, 0.0, 640.0], [0.0, 1e9, 360.0], [0.0, 0.0, 1.0]], "focal lengths must lie"),
                        ([[1000.0, 0.0, 640.0], [0.0, 100.0, 360.0], [0.0, 0.0, 1.0]], "too unequal")):
        path.write_text(json.dumps({**LENS, "camera_matrix": matrix}), encoding="utf-8")
        with pytest.raises(LensProfileError, match=why):
            LensProfile.load(path)
    path.write_text(json.dumps(LENS), encoding="utf-8")
    assert LensProfile.load(path).width == 1280
