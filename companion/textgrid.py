"""Plain-text tables for the command line: a header, a rule of dashes, then the rows, the first column
left-aligned and the others right-aligned (every game's score sheet prints this way). Standard library only."""

from __future__ import annotations

__all__ = ["text_grid"]


def text_grid(header: list[str], rows: list[list[str]]) -> str:
    """The header and rows as aligned columns, two spaces apart, with a rule under the header."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:],
                                                                                       strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
