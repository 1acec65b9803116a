"""Print-ready sticker sheets: vector PDFs at exact physical size, grouped as a player sorts the box.

Each sticker is the code (QR or ArUco) on a light quiet zone with a two-line label under it (the
component's name and what tells copies apart: "Age I 4+", "side B", ...) and cut marks at its
corners. Every page says to print at 100% and carries a 50 mm bar to check it. The output is
deterministic: the same arguments give the same bytes, so the committed sheets can be checked.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import translate
from companion.markers.registry import MARKER_NAMINGS, Component, MarkerRegistry
from companion.markers.symbols import FAMILIES, QUIET_MODULES, Grid, marker_grid
from companion.markers.testsheet import TEST_SIZES

__all__ = [
    "FONT_PATHS",
    "PAPERS",
    "SheetSpec",
    "Sticker",
    "group_files",
    "marker_sets",
    "sticker_size",
    "stickers_for",
    "write_sheets",
    "write_test_sheet",
]

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 12.0
GUTTER = 4.0
CUT_MARK = 1.6
LABEL_HEIGHT = 4.4
HEADER = 16.0
FOOTER = 11.0
FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/TTF/DejaVuSansCondensed.ttf",
)
"""Where the label font (DejaVu Sans Condensed: Latin and Cyrillic) is looked for."""
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


@dataclass(frozen=True)
class SheetSpec:
    """What to print: the code family, the code's side in mm, the paper, the label language, the sets."""

    family: str
    size_mm: float
    paper: str = "a4"
    language: str = "en"
    sets: tuple[str, ...] = ("base",)


@dataclass(frozen=True)
class Sticker:
    """One sticker to print: the component and how many copies of it (Architects: as many as the
    component's `stickers`, since the cards of a kind and the copies of a token share one number)."""

    component: Component
    count: int = 1


def group_files() -> dict[str, str]:
    """Every set's sheet file (without ``.pdf``) of each group, in the order they print (by file name)."""
    files = {group: name for naming in MARKER_NAMINGS.values() for group, name in naming.sheets.items()}
    return dict(sorted(files.items(), key=lambda item: item[1]))


def marker_sets() -> list[str]:
    """The sets that sheets can be printed for (``base``, ``armada``, ``architects``...)."""
    return MARKER_NAMINGS.keys()


def sticker_size(family: str, size_mm: float, grid_side: int) -> tuple[float, float, float]:
    """(module size, sticker width, sticker height) in mm for a code whose side is `size_mm`."""
    module = size_mm / grid_side
    width = size_mm + 2 * QUIET_MODULES[family] * module
    return module, width, width + LABEL_HEIGHT


def _font_path() -> str:
    for path in FONT_PATHS:
        if Path(path).is_file():
            return path
    raise FileNotFoundError("the label font DejaVu Sans Condensed is missing: install the Debian package "
                            "fonts-dejavu-core (setup.sh does)")


def stickers_for(registry: MarkerRegistry, sets: Sequence[str]) -> dict[str, list[Sticker]]:
    """The stickers of each group: one per component, and one card back per age card of each set
    (base-game backs and Armada backs in separate groups, so each set prints its own).

    A card whose age is unknown (three Armada cards) gets a back of every age, so the player can
    stick the one its back shows.
    """
    groups: dict[str, list[Sticker]] = {group: [] for group in group_files()}
    backs = [c for c in registry.components if c.kind == "card_back"]
    for set_name in sets:
        members = registry.in_sets((set_name,))
        for component in members:
            if component.kind != "card_back":
                groups[component.group].append(Sticker(component, component.stickers))
        cards = [c for c in members if c.kind == "card"]
        unknown_age = sum(1 for c in cards if c.age is None)
        group = MARKER_NAMINGS.find(set_name).backs_group
        for back in backs if group else ():
            count = sum(1 for c in cards if c.age == back.age) + unknown_age
            if count:
                groups[group].append(Sticker(back, count))
    return {group: stickers for group, stickers in groups.items() if stickers}


class _Document:
    """One PDF being written: pages of stickers in a grid, with header, footer and cut marks."""

    def __init__(self, spec: SheetSpec, registry: MarkerRegistry) -> None:
        from fpdf import FPDF

        self.spec = spec
        self.registry = registry
        self.page_w, self.page_h = PAPERS[spec.paper]
        self.pdf = FPDF(unit="mm", format=(self.page_w, self.page_h))
        self.pdf.set_creation_date(FIXED_DATE)
        self.pdf.set_producer("Table Companion for 7 Wonders")
        self.pdf.set_auto_page_break(False)
        self.pdf.set_compression(True)
        self.pdf.add_font("label", "", _font_path())
        self.pdf.set_font("label", size=6)

    def draw_grid(self, grid: Grid, x: float, y: float, module: float) -> None:
        """Draw the dark modules, merging each row's runs into single rectangles."""
        pdf = self.pdf
        pdf.set_fill_color(0, 0, 0)
        for row_index, row in enumerate(grid):
            start = None
            for col, dark in enumerate((*row, False)):
                if dark and start is None:
                    start = col
                elif not dark and start is not None:
                    pdf.rect(x + start * module, y + row_index * module, (col - start) * module, module, style="F")
                    start = None

    def draw_cut_marks(self, x: float, y: float, w: float, h: float) -> None:
        pdf = self.pdf
        pdf.set_draw_color(120, 120, 120)
        pdf.set_line_width(0.1)
        gap = 0.4
        for cx, dx in ((x, -1), (x + w, 1)):
            for cy, dy in ((y, -1), (y + h, 1)):
                pdf.line(cx + dx * gap, cy, cx + dx * (gap + CUT_MARK), cy)
                pdf.line(cx, cy + dy * gap, cx, cy + dy * (gap + CUT_MARK))

    def draw_text_fit(self, text: str, x: float, y: float, width: float, size: float, minimum: float) -> None:
        """Write `text` centred in `width`, shrinking the font (down to `minimum` pt), then eliding."""
        pdf = self.pdf
        points = size
        pdf.set_font_size(points)
        while pdf.get_string_width(text) > width and points > minimum:
            points -= 0.25
            pdf.set_font_size(points)
        shown = text
        while pdf.get_string_width(shown) > width and len(shown) > 1:
            shown = shown[:-2] + "…"
        pdf.set_text_color(0, 0, 0)
        pdf.text(x + (width - pdf.get_string_width(shown)) / 2, y, shown)

    def draw_sticker(self, component: Component, x: float, y: float, size_mm: float,
                     label: tuple[str, str] | None = None) -> tuple[float, float]:
        grid = marker_grid(self.spec.family, component.marker, self.registry)
        module, width, height = sticker_size(self.spec.family, size_mm, len(grid))
        quiet = QUIET_MODULES[self.spec.family] * module
        self.draw_grid(grid, x + quiet, y + quiet, module)
        first, second = label or component.label(self.spec.language)
        text_width = width - 0.4
        self.draw_text_fit(first, x + 0.2, y + width + 1.7, text_width, 5.0, 3.2)
        self.draw_text_fit(second, x + 0.2, y + width + 3.7, text_width, 4.6, 3.2)
        self.draw_cut_marks(x, y, width, height)
        return width, height

    def page_frame(self, title: str, details: str) -> None:
        pdf = self.pdf
        pdf.add_page()
        language = self.spec.language
        pdf.set_font_size(10)
        pdf.text(MARGIN, MARGIN + 2, title)
        pdf.set_font_size(7)
        pdf.set_xy(MARGIN, MARGIN + 3.6)
        pdf.multi_cell(self.page_w - 2 * MARGIN, 3.2, details + "\n" + translate("sheet.print", language))
        bar_y = self.page_h - MARGIN - 3
        pdf.set_fill_color(0, 0, 0)
        pdf.rect(MARGIN, bar_y, 50, 1.5, style="F")
        pdf.text(MARGIN + 52, bar_y + 1.4, translate("sheet.bar", language))

    def save(self, path: Path) -> Path:
        self.pdf.output(str(path))
        return path


def _family_name(family: str, language: str) -> str:
    return translate(f"sheet.family.{family}", language)


def _write_group(spec: SheetSpec, registry: MarkerRegistry, group: str, stickers: list[Sticker],
                 path: Path) -> Path:
    document = _Document(spec, registry)
    grid_side = len(marker_grid(spec.family, stickers[0].component.marker, registry))
    _, width, height = sticker_size(spec.family, spec.size_mm, grid_side)
    usable_w = document.page_w - 2 * MARGIN
    usable_h = document.page_h - 2 * MARGIN - HEADER - FOOTER
    columns = max(1, int((usable_w + GUTTER) // (width + GUTTER)))
    rows = max(1, int((usable_h + GUTTER) // (height + GUTTER)))
    per_page = columns * rows
    items = [s.component for s in stickers for _ in range(s.count)]
    pages = (len(items) + per_page - 1) // per_page
    language = spec.language
    title = translate("sheet.title", language, group=translate(f"sheet.group.{group}", language))
    size_text = f"{spec.size_mm:g}"
    for page in range(pages):
        details = translate("sheet.details", language, family=_family_name(spec.family, language), size=size_text,
                            page=page + 1, pages=pages)
        document.page_frame(title, details)
        for index, component in enumerate(items[page * per_page:(page + 1) * per_page]):
            row, column = divmod(index, columns)
            x = MARGIN + column * (width + GUTTER)
            y = MARGIN + HEADER + row * (height + GUTTER)
            document.draw_sticker(component, x, y, spec.size_mm)
    return document.save(path)


def write_sheets(spec: SheetSpec, registry: MarkerRegistry, out_dir: Path) -> list[Path]:
    """Write one PDF per group (Age I, Age II, Age III, guilds, wonders, Armada, islands, card backs,
    and Architects' wonders, cards, tokens and medals) and the test sheet into `out_dir`; return the files written.

    :raises ValueError: for an unknown family, paper, set or a size too small to print.
    """
    _check(spec)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    files = group_files()
    for group, stickers in stickers_for(registry, spec.sets).items():
        written.append(_write_group(spec, registry, group, stickers, out_dir / f"{files[group]}.pdf"))
    written.append(write_test_sheet(spec, registry, out_dir / "0-test-sheet.pdf"))
    return written


def _check(spec: SheetSpec) -> None:
    if spec.family not in FAMILIES:
        raise ValueError(f"unknown family {spec.family!r}; one of {', '.join(FAMILIES)}")
    if spec.paper not in PAPERS:
        raise ValueError(f"unknown paper {spec.paper!r}; one of {', '.join(PAPERS)}")
    if not 4 <= spec.size_mm <= 60:
        raise ValueError(f"code size {spec.size_mm:g} mm is outside 4 to 60 mm")
    sets = marker_sets()
    unknown = [s for s in spec.sets if s not in sets]
    if unknown or not spec.sets:
        raise ValueError(f"unknown set {unknown[0] if unknown else ''!r}; one of {', '.join(sets)}")


def write_test_sheet(spec: SheetSpec, registry: MarkerRegistry, path: Path,
                     sizes: Iterable[float] | None = None) -> Path:
    """One test-pattern sticker of each size and a 100 mm ruler, to check printing and camera range."""
    document = _Document(spec, registry)
    language = spec.language
    family = _family_name(spec.family, language)
    document.page_frame(translate("sheet.test.title", language, family=family),
                        translate("sheet.test.help", language))
    test = next(c for c in registry.components if c.kind == "test")
    x = MARGIN
    y = MARGIN + HEADER + 2
    row_height = 0.0
    for size in sizes or TEST_SIZES[spec.family]:
        grid_side = len(marker_grid(spec.family, test.marker, registry))
        _, width, height = sticker_size(spec.family, size, grid_side)
        if x + width > document.page_w - MARGIN:
            x = MARGIN
            y += row_height + GUTTER + 1
            row_height = 0.0
        label = (translate("sheet.test.size", language, size=f"{size:g}"), test.label(language)[1])
        document.draw_sticker(test, x, y, size, label)
        x += width + GUTTER + 1
        row_height = max(row_height, height)
    _ruler(document, MARGIN, y + row_height + 12, language)
    return document.save(path)


def _ruler(document: _Document, x: float, y: float, language: str) -> None:
    pdf = document.pdf
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.15)
    pdf.line(x, y, x + 100, y)
    pdf.set_font_size(5)
    for mm in range(101):
        tick = 4.0 if mm % 10 == 0 else (2.5 if mm % 5 == 0 else 1.5)
        pdf.line(x + mm, y, x + mm, y - tick)
        if mm % 10 == 0:
            pdf.text(x + mm - 1, y + 3, str(mm))
    pdf.text(x + 103, y + 0.5, translate("sheet.ruler", language))


def default_directory_name(spec: SheetSpec) -> str:
    """``aruco-12mm-a4-en``: how the committed sheets are named."""
    return f"{spec.family}-{spec.size_mm:g}mm-{spec.paper}-{spec.language}"

