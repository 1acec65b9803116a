"""Architects markers: every component has one number in the reserved range, and every sticker of
the Architects sheets reads back as its component, in both families."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path

import cv2
import pytest

from companion.games.architects.rules.data import load_architects_data
from companion.markers import load_marker_registry
from companion.markers.sheets import SheetSpec, group_files, stickers_for, write_sheets
from companion.vision.reader import MarkerReader

REGISTRY = load_marker_registry()
DATA = load_architects_data()
ARCHITECTS = REGISTRY.in_sets(("architects",))
ROOT = Path(__file__).resolve().parents[3]


def test_every_architects_component_has_one_number_in_the_reserved_range() -> None:
    # 9 trays, 7 base wonders x 5 pieces (Rome's and Ur's pieces are unknown), 14 card kinds,
    # 17 Progress token kinds, the Cat pawn, the Military Victory tokens, 12 medals on each side.
    assert len(ARCHITECTS) == 9 + 35 + 14 + 17 + 1 + 1 + 12 + 12
    assert all(320 <= c.marker <= 599 for c in ARCHITECTS)
    assert len({c.marker for c in REGISTRY}) == len(REGISTRY)
    kinds = Counter(c.kind for c in ARCHITECTS)
    assert kinds["architects_card"] == len(DATA.cards) and kinds["architects_token"] == len(DATA.tokens)
    assert {c.wonder for c in ARCHITECTS if c.kind == "architects_piece"} == {
        "alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes"}


def test_no_lookalike_fiducial_id_is_assigned() -> None:
    # QR finder patterns too small to decode read as ArUco 591; icons as 590 (issue 17).
    document = json.loads((ROOT / "companion" / "data" / "markers.json").read_text(encoding="utf-8"))
    lookalikes = {item["id"] for item in document.get("lookalike_fiducial_ids", [])} | {262, 308, 590, 591, 668, 845}
    assert not lookalikes & {c.marker for c in ARCHITECTS}


def test_shared_numbers_print_one_sticker_per_physical_component() -> None:
    stickers = {s.component.key: s.count for group in stickers_for(REGISTRY, ("architects",)).values()
                for s in group}
    assert stickers["architects:token/culture"] == 3          # 2 in the base box + 1 in Medals
    assert stickers["architects:token/logistics"] == 1
    assert stickers["architects:military"] == 28               # the rulebook's box contents
    assert stickers["architects:cat"] == 1
    assert stickers["architects:card/wood"] == 24
    assert stickers["architects:piece/giza.four_different"] == 1


def _decoded(pdf: Path, out: Path, reader: MarkerReader) -> tuple[Counter[int], list[object]]:
    subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", str(pdf), str(out / pdf.stem)], check=True)
    found: Counter[int] = Counter()
    rejected: list[object] = []
    for page in sorted(out.glob(f"{pdf.stem}-*.png")):
        reading = reader.read(cv2.imread(str(page), cv2.IMREAD_GRAYSCALE))
        found.update(d.component.marker for d in reading.markers)
        rejected.extend(reading.rejected)
    return found, rejected


@pytest.mark.slow
@pytest.mark.parametrize(("family", "size", "language"), [("qr", 18, "ru"), ("aruco", 14, "uk")])
def test_every_architects_sticker_reads_back(family: str, size: float, language: str, tmp_path: Path) -> None:
    spec = SheetSpec(family, size, "a4", language, ("architects",))
    files = write_sheets(spec, REGISTRY, tmp_path / "pdf")
    assert [f.name for f in files] == ["a1-architects-wonders.pdf", "a2-architects-cards.pdf",
                                       "a3-architects-tokens.pdf", "a4-architects-medals.pdf", "0-test-sheet.pdf"]
    reader = MarkerReader(REGISTRY, qr="auto" if family == "qr" else None, aruco=family == "aruco")
    read_back: set[str] = set()
    for group, stickers in stickers_for(REGISTRY, spec.sets).items():
        found, rejected = _decoded(tmp_path / "pdf" / f"{group_files()[group]}.pdf", tmp_path, reader)
        assert found == Counter({s.component.marker: s.count for s in stickers}), group
        assert rejected == []
        read_back |= {REGISTRY.by_number[n].key for n in found}
    assert read_back == {c.key for c in ARCHITECTS}


def test_labels_use_the_rulebook_terms(tmp_path: Path) -> None:
    write_sheets(SheetSpec("aruco", 14, "a4", "ru", ("architects",)), REGISTRY, tmp_path)
    text = subprocess.run(["pdftotext", str(tmp_path / "a3-architects-tokens.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Фишка Кошки" in text and "Жетон Победы" in text and "жетон Развития" in text
