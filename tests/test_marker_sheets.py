"""Sticker sheets: every marker printed reads back exactly once, at its exact physical size."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import cv2
import pytest

from companion.markers import load_marker_registry
from companion.markers.sheets import TEST_SIZES, SheetSpec, group_files, stickers_for, write_sheets
from companion.vision.reader import MarkerReader

REGISTRY = load_marker_registry()
DPI = 300
ROOT = Path(__file__).resolve().parent.parent


def _rasterise(pdf: Path, out: Path) -> list[Path]:
    prefix = out / pdf.stem
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(prefix)], check=True)
    return sorted(out.glob(f"{pdf.stem}-*.png"))


def _read_pages(pdf: Path, tmp: Path, reader: MarkerReader) -> tuple[Counter[int], list, list[object]]:
    found: Counter[int] = Counter()
    rejected: list = []
    detections = []
    for page in _rasterise(pdf, tmp):
        reading = reader.read(cv2.imread(str(page), cv2.IMREAD_GRAYSCALE))
        found.update(d.component.marker for d in reading.markers)
        rejected.extend(reading.rejected)
        detections.extend(reading.markers)
    return found, rejected, detections


@pytest.mark.slow
@pytest.mark.parametrize(("family", "size"), [("qr", 18), ("aruco", 14)])
def test_every_printed_marker_reads_back_exactly_once(family: str, size: float, tmp_path: Path) -> None:
    spec = SheetSpec(family, size, "a4", "en", ("base", "armada"))
    files = write_sheets(spec, REGISTRY, tmp_path / "pdf")
    reader = MarkerReader(REGISTRY, qr="auto" if family == "qr" else None, aruco=family == "aruco")
    groups = stickers_for(REGISTRY, spec.sets)
    assert list(groups) == ["age1", "age2", "age3", "guilds", "wonders", "armada", "islands", "backs",
                            "armada_backs"]
    for group, stickers in groups.items():
        pdf = tmp_path / "pdf" / f"{group_files()[group]}.pdf"
        assert pdf in files
        found, rejected, _ = _read_pages(pdf, tmp_path, reader)
        expected = Counter({s.component.marker: s.count for s in stickers})
        assert found == expected, group
        assert rejected == []
    # 148 base cards, 14 wonder sides, 24 Armada cards, 27 islands, 8 port boards.
    printed = {s.component.marker for stickers in groups.values() for s in stickers}
    assert len(printed) == 148 + 14 + 3 + 24 + 27 + 8


@pytest.mark.parametrize("family", ["qr", "aruco"])
def test_test_sheet_prints_each_size_exactly(family: str, tmp_path: Path) -> None:
    spec = SheetSpec(family, 12, "letter", "ru")
    files = write_sheets(spec, REGISTRY, tmp_path)
    reader = MarkerReader(REGISTRY, qr="auto" if family == "qr" else None, aruco=family == "aruco")
    _, _, detections = _read_pages(tmp_path / "0-test-sheet.pdf", tmp_path, reader)
    assert tmp_path / "0-test-sheet.pdf" in files
    assert all(d.component.kind == "test" for d in detections)
    measured = sorted(d.code.side_px * 25.4 / DPI for d in detections)
    assert len(measured) == len(TEST_SIZES[family])
    for printed, expected in zip(measured, TEST_SIZES[family], strict=True):
        assert printed == pytest.approx(expected, abs=0.25)   # mm, the code's side at 300 dpi


def test_letter_pages_are_letter_sized(tmp_path: Path) -> None:
    write_sheets(SheetSpec("aruco", 14, "letter", "en"), REGISTRY, tmp_path)
    info = subprocess.run(["pdfinfo", str(tmp_path / "1-age-I.pdf")], capture_output=True, text=True,
                          check=True).stdout
    assert "612 x 792 pts (letter)" in info


def test_labels_name_the_card_and_its_copy(tmp_path: Path) -> None:
    write_sheets(SheetSpec("aruco", 14, "a4", "en"), REGISTRY, tmp_path)
    text = subprocess.run(["pdftotext", str(tmp_path / "1-age-I.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Lumber Yard" in text and "Age I 4+" in text and "Print at 100%" in text
    write_sheets(SheetSpec("aruco", 14, "a4", "uk"), REGISTRY, tmp_path / "uk")
    text = subprocess.run(["pdftotext", str(tmp_path / "uk" / "1-age-I.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Склад пиломатеріалів" in text and "Епоха I 4+" in text


def test_base_only_sheets_hold_no_armada(tmp_path: Path) -> None:
    files = write_sheets(SheetSpec("aruco", 14, "a4", "en", ("base",)), REGISTRY, tmp_path)
    assert [f.name for f in files] == ["1-age-I.pdf", "2-age-II.pdf", "3-age-III.pdf", "4-guilds.pdf",
                                       "5-wonders.pdf", "8-card-backs.pdf", "0-test-sheet.pdf"]
    backs = {s.component.age: s.count for s in stickers_for(REGISTRY, ("base",))["backs"]}
    assert backs == {1: 49, 2: 49, 3: 50}   # one back per age card in the box


def test_sheets_are_deterministic(tmp_path: Path) -> None:
    spec = SheetSpec("qr", 18, "a4", "en")
    first = write_sheets(spec, REGISTRY, tmp_path / "one")
    second = write_sheets(spec, REGISTRY, tmp_path / "two")
    assert [f.read_bytes() for f in first] == [f.read_bytes() for f in second]


COMMITTED = sorted(p for p in (ROOT / "markers" / "print").glob("*") if p.is_dir())


def test_the_default_sheets_are_committed() -> None:
    names = {p.name for p in COMMITTED}
    assert {"qr-18mm-a4-en", "qr-18mm-letter-en", "aruco-14mm-a4-en", "aruco-14mm-letter-en"} <= names


@pytest.mark.parametrize("folder", COMMITTED, ids=[p.name for p in COMMITTED])
def test_the_generator_still_produces_the_committed_sheets(folder: Path, tmp_path: Path) -> None:
    family, size, paper, language = folder.name.split("-")
    spec = SheetSpec(family, float(size.removesuffix("mm")), paper, language, ("base", "armada", "architects"))
    written = write_sheets(spec, REGISTRY, tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in folder.glob("*.pdf"))
    for path in written:
        assert path.read_bytes() == (folder / path.name).read_bytes(), path.name
