"""Every reader of untrusted input refuses bad input with its own error and a short message: never a
traceback, never the whole file in memory, never a flood of lines (issue 12)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.gamedata import GameDataError
from companion.gamedata.components import InputError, parse_input, read_components
from companion.games.sevenwonders.simulation.recording import RecordingError, load_recording
from companion.games.sevenwonders.tablefile import TableFileError, read_table
from companion.jsonread import (
    JsonInputError,
    Problems,
    load_json_file,
    parse_json,
    problem_lines,
    quoted,
    read_limited,
    whole_number,
)
from companion.markers import load_marker_registry
from companion.markers.codec import read_payload
from companion.storage import GameStore
from companion.storage.exchange import ImportRefused, import_games, read_import_file
from companion.vision.lens import LensProfile, LensProfileError
from companion.vision.rig import RigProfile, RigProfileError

HOSTILE = {
    "huge integer": b'{"format": ' + b"9" * 5_000 + b"}",
    "1,000 deep": b"[" * 1_000 + b"]" * 1_000,
    "100,000 deep": b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
    "too large for a float": b'{"width": 1e400, "matrix": [[1e999]]}',
    "NaN": b'{"width": NaN}',
    "negative infinity": b'{"width": -Infinity}',
    "not UTF-8": b"\xff\xfe{}",
    "truncated": b'{"players": [',
}


def _read_table(path: Path) -> Any:
    return read_table(path)


def _read_import(path: Path) -> Any:
    with GameStore(":memory:") as store:
        return import_games(store, read_import_file(path))


READERS: dict[str, tuple[Callable[[Path], Any], type[Exception]]] = {
    "table file": (_read_table, TableFileError),
    "games import": (_read_import, ImportRefused),
    "components": (read_components, GameDataError),
    "lens profile": (LensProfile.load, LensProfileError),
    "rig profile": (RigProfile.load, RigProfileError),
    "recording": (load_recording, RecordingError),
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("content", HOSTILE)
def test_hostile_files_are_refused_in_one_line(tmp_path: Path, reader: str, content: str) -> None:
    read, error = READERS[reader]
    path = tmp_path / "input.json"
    path.write_bytes(HOSTILE[content])
    with pytest.raises(error) as refused:
        read(path)
    assert all(len(line) < 300 for line in str(refused.value).splitlines())


@pytest.mark.parametrize("reader", READERS)
def test_a_file_past_the_limit_is_never_read_whole(tmp_path: Path, reader: str) -> None:
    # /dev/zero never ends: only a reader that stops at its limit (plus one byte) returns.
    read, error = READERS[reader]
    with pytest.raises(error, match="larger than"):
        read(Path("/dev/zero"))


def test_read_limited_reads_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    with pytest.raises(JsonInputError, match="larger than 100 bytes"):
        read_limited(path, 100)
    path.write_bytes(b" " * 99 + b"7")
    assert load_json_file(path, 100) == 7


@pytest.mark.parametrize(("text", "message"), [
    ("9" * 5_000, "a number with too many digits"),
    ("1e400", "a number too large"),
    ("-1e400", "a number too large"),
    (str(10**16), "a number too large"),
    ("[" * 33 + "]" * 33, "nested too deeply"),
    ("NaN", "NaN is not a number JSON allows"),
])
def test_parse_json_refuses_what_no_game_value_needs(text: str, message: str) -> None:
    with pytest.raises(JsonInputError, match=message):
        parse_json(text)


def test_parse_json_keeps_what_our_formats_hold() -> None:
    assert parse_json(b"\xef\xbb\xbf[1]") == [1]  # saved by Windows Notepad with a byte-order mark
    # 32 levels is four times the deepest format (an imported game's card lists nest 8 levels).
    assert parse_json("[" * 32 + "]" * 32) is not None
    assert parse_json('{"coins": 1000000000000000, "rms": 0.25}') == {"coins": 10**15, "rms": 0.25}


def test_a_flood_of_problems_is_counted_not_listed() -> None:
    problems: Problems[str] = Problems(limit=3)
    problems += [f"p{i}" for i in range(10)]
    problems.append("p10")
    assert problem_lines(problems) == ["p0", "p1", "p2", "and 8 more problems"]
    assert problem_lines([f"p{i}" for i in range(25)], limit=20)[-1] == "and 5 more problems"


def test_150000_unknown_keys_come_back_fast_as_20_lines_and_a_count(tmp_path: Path) -> None:
    # Issue 12: 11.6 s and 150,000 lines before. The "did you mean" of each key was the cost.
    document = {"format": "sevenwonders-table/1", "game": "7wonders", "players": []}
    document.update({f"k{i}": 1 for i in range(150_000)})
    path = tmp_path / "keys.json"
    path.write_text(json.dumps(document))
    started = time.process_time()
    with pytest.raises(TableFileError) as refused:
        read_table(path)
    seconds = time.process_time() - started
    lines = problem_lines(refused.value.problems)
    # 150,000 unknown keys and "no players", 20 shown
    assert len(lines) == 21 and lines[-1] == "and 149,981 more problems"
    assert seconds < 5  # generous for a loaded machine; it was 11.6 s


def test_a_huge_list_of_games_is_refused_by_its_length(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps(list(range(1_000_000))))
    with GameStore(":memory:") as store, pytest.raises(ImportRefused) as refused:
        import_games(store, read_import_file(path))
    assert refused.value.problems == ["too many games (1,000,000; at most 10,000 in one file)"]


def test_messages_quote_bad_input_short(tmp_path: Path) -> None:
    long_key = "x" * 100_000
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"format": "sevenwonders-table/1", "game": "7wonders", long_key: 1,
                                "players": [{"name": "A", "wonder": "w" * 150}]}))
    with pytest.raises(TableFileError) as refused:
        read_table(path)
    assert max(len(line) for line in str(refused.value).splitlines()) < 300
    assert quoted("abc") == "'abc'" and quoted("a" * 100, 10) == "'aaaaaaaaa…'"
    registry = load_marker_registry()
    rejection = read_payload(registry.namespace + "1" + "Z" * 100_000, registry)
    assert len(str(rejection.message)) < 200


@pytest.mark.parametrize("text", ["١٢", "²", "1.5", "-1", "", " ", "12a", "9" * 5_000])
def test_whole_numbers_are_ascii_digits_only(text: str) -> None:
    assert whole_number(text) is None


def test_components_input_refuses_unicode_digits_with_a_message() -> None:
    # int("²") raises, int("١") is 1: both are refused as not typed numbers.
    for text in ("²", "١", "٣ clay", "² clay"):
        with pytest.raises(InputError):
            parse_input("count" if "clay" not in text else "cost", text, resources=("clay",), fleets=(), cards=())
    assert parse_input("count", "12", resources=("clay",), fleets=(), cards=()) == 12


def test_table_problems_come_in_one_report() -> None:
    # Issue 12: duplicate names came only after the card problems were mended.
    from companion.games.sevenwonders.tablefile import parse_table

    player = {"wonder": "gizah", "side": "A", "stages": 0, "cards": ["lumberyard"], "coins": 3}
    document = {"format": "sevenwonders-table/1", "game": "7wonders", "players": [
        {**player, "name": "Anna"}, {**player, "name": "Anna", "wonder": "rhodes"},
        {**player, "name": "Boris", "wonder": "rhodes"}]}
    with pytest.raises(TableFileError) as refused:
        parse_table(document)
    lines = [str(p) for p in refused.value.problems]
    assert any("unknown card 'lumberyard'" in line for line in lines)
    assert "players[0].name: two players are called 'Anna'" in lines
    assert "players[2].wonder: The Colossus of Rhodes is at the table twice" in lines or any(
        line.startswith("players[2].wonder:") and "twice" in line for line in lines)


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20), _containers,
    max_leaves=25)
"""Any JSON value (integers of any size, floats of any size)."""


def _mutated(document: Any) -> st.SearchStrategy[Any]:
    """The document with one value anywhere replaced by any JSON value, or a key added."""
    paths: list[tuple[Any, ...]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, child in children:
            walk(child, (*path, key))

    walk(document, ())

    def put(path: tuple[Any, ...], value: Any) -> Any:
        copy = json.loads(json.dumps(document))
        if not path:
            return value
        target = copy
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return copy

    return st.builds(put, st.sampled_from(paths), json_values)


def _demo_table() -> Any:
    from importlib import resources

    demo = resources.files("companion.games.sevenwonders").joinpath("data", "demo/five-player-table.json")
    return json.loads(demo.read_text())


def _write(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(document))
    return path


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(_mutated(_demo_table()))
def test_fuzz_table_file(tmp_path: Path, document: Any) -> None:
    try:
        read_table(_write(tmp_path, document))
    except TableFileError as error:
        assert error.problems and all(len(str(p)) < 400 for p in error.problems)


def _exported_game() -> Any:
    from companion.games.sevenwonders.record import record_table

    with GameStore(":memory:") as store:
        from companion.storage.exchange import export_json

        return export_json(store, record_table(store, _demo_table()))


@FUZZ
@given(_mutated(_exported_game()))
def test_fuzz_games_import(tmp_path: Path, document: Any) -> None:
    path = _write(tmp_path, document)
    with GameStore(":memory:") as store:
        try:
            import_games(store, read_import_file(path))
        except ImportRefused as error:
            assert error.problems


@FUZZ
@given(_mutated({"format": "sevenwonders-components/1", "values": {"port_board.3.blue.1.cost": {"resources":
                                                                                                {"clay": 1}}}}))
def test_fuzz_components(tmp_path: Path, document: Any) -> None:
    from companion.games.armada.rules.data import armada_with_values

    try:
        armada_with_values(read_components(_write(tmp_path, document)), "fuzz.json")
    except GameDataError as error:
        assert error.problems


LENS = {"format": "sevenwonders-lens/1", "width": 1280, "height": 720,
        "camera_matrix": [[1000.0, 0, 640], [0, 1000.0, 360], [0, 0, 1]], "distortion": [0.1, -0.2, 0, 0, 0.05],
        "rms_error_px": 0.3, "frames_used": 12}
RIG = {"format": "sevenwonders-rig/1", "width": 1280, "height": 720,
       "homography": [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1]],
       "seats": [{"marker": 5, "centre_mm": [100.0, 50.0], "angle": 90.0, "side_mm": 14.0, "family": "aruco"}]}


def _demo_recording() -> Any:
    from importlib import resources

    from companion.games.sevenwonders.simulation.recording import DEMO_RECORDING

    demo = resources.files("companion.games.sevenwonders").joinpath("data", f"demo/{DEMO_RECORDING}")
    return json.loads(demo.read_text())


PROFILES = {"lens profile": LENS, "rig profile": RIG, "recording": _demo_recording()}
"""A valid document of each camera-side reader, to mutate."""


@pytest.mark.parametrize("reader", PROFILES)
@FUZZ
@given(data=st.data())
def test_fuzz_profiles_and_recordings(tmp_path: Path, reader: str, data: st.DataObject) -> None:
    read, error = READERS[reader]
    document = data.draw(_mutated(PROFILES[reader]))
    try:
        read(_write(tmp_path, document))
    except error as refused:
        assert str(refused)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:/-", max_size=20))
def test_fuzz_marker_payloads(text: str) -> None:
    registry = load_marker_registry()
    read = read_payload(text, registry)
    assert read is not None
