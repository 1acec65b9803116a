"""`companion markers list` and `companion markers sheets` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.markers import load_marker_registry, read_payload


def test_markers_list_json_names_every_component(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["markers", "list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    registry = load_marker_registry()
    assert listing["namespace"] == "W7" and listing["fiducial_dictionary"] == "DICT_5X5_1000"
    components = listing["components"]
    # + Architects: 9 trays, 35 pieces, 14 card kinds, 17 token kinds, cat, military, 12 medals x 2 sides
    assert len(components) == len(registry) == 148 + 14 + 3 + 24 + 27 + 8 + 1 + 9 + 35 + 14 + 17 + 2 + 24
    for entry in components:
        assert entry["fiducial_id"] == entry["marker"]
        assert read_payload(entry["payload"], registry).key == entry["key"]
        assert entry["names"]["en"]
    lumber = [e for e in components if e.get("card") == "lumber_yard"]
    assert [(e["age"], e["players"], e["key"]) for e in lumber] == [
        (1, 3, "card:lumber_yard/I/3+"), (1, 4, "card:lumber_yard/I/4+")]
    gizah_b = next(e for e in components if e["key"] == "wonder:gizah/B")
    assert gizah_b["kind"] == "wonder_side" and gizah_b["side"] == "B"


def test_markers_sheets_writes_the_groups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["markers", "sheets", "--family", "aruco", "--paper", "letter", "--size", "14mm",
                 "--set", "base,armada", "--out", str(tmp_path)]) == 0
    written = [Path(line).name for line in capsys.readouterr().out.split()]
    assert written == ["1-age-I.pdf", "2-age-II.pdf", "3-age-III.pdf", "4-guilds.pdf", "5-wonders.pdf",
                       "6-armada.pdf", "7-islands.pdf", "8-card-backs.pdf", "9-armada-card-backs.pdf",
                       "0-test-sheet.pdf"]
    assert all((tmp_path / name).stat().st_size > 1000 for name in written)


@pytest.mark.parametrize(("arguments", "message"), [
    (["--size", "2mm", "--set", "base"], "error: code size 2 mm is outside 4 to 60 mm"),
    (["--size", "14mm", "--set", "base,leaders"], "error: unknown set 'leaders'; one of base, armada, architects"),
])
def test_markers_sheets_refuses_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              arguments: list[str], message: str) -> None:
    assert main(["markers", "sheets", "--family", "qr", "--out", str(tmp_path), *arguments]) == 2
    assert capsys.readouterr().err.strip() == message


def test_markers_sheets_size_must_look_like_a_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["markers", "sheets", "--family", "qr", "--size", "big", "--out", "x"])
    assert done.value.code == 2
    assert "expected a size like 14mm, got 'big'" in capsys.readouterr().err
