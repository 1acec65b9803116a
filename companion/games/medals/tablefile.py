"""Medals' section of the Architects table file: ``medal_variant`` and ``medal_layout`` at the top, each
player's ``medals``; refused, one problem each, at a table that does not play with Medals."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.tablefile import SECTIONS, ArchitectsSection, _fields, expansion_only
from companion.games.medals.rules.data import MEDALS, load_medals_data
from companion.games.medals.rules.table import (
    EXPERT,
    STANDARD,
    VARIANTS,
    MedalLayout,
    MedalsState,
    medal_layout,
    medal_variant,
    medals_of,
)
from companion.jsonread import Reader

__all__ = ["MedalsSection"]


def _layout(reader: Reader, players: int, variant: str | None) -> MedalLayout | None:
    if not _fields(reader, ("between", "center")):
        return None
    data = load_medals_data()
    between: list[str | None] = []
    for item in reader["between"].as_list(max_length=10):
        between.append(None if item.value is None else item.as_str(choices=data.medals, what="medal"))
    if reader["between"].present and len(between) != players:
        reader["between"].problem(f"{len(between)} medals; one lies between each two neighbours ({players})")
    center: list[str] = []
    if reader["center"].present:
        if variant != EXPERT:
            reader["center"].problem("medals lie in the centre only in the expert variant")
        read = (item.as_str(choices=data.medals, what="medal") for item in reader["center"].as_list(max_length=5))
        center = [m for m in read if m is not None]
        if len(center) > data.center_medals:
            reader["center"].problem(f"{len(center)} medals; the expert variant puts {data.center_medals} "
                                     f"in the centre")
    placed = [m for m in (*between, *center) if m is not None]
    for medal in sorted({m for m in placed if placed.count(m) > 1}):
        reader.problem(f"the {medal} medal is placed twice; each medal exists once")
    return MedalLayout(tuple(between), tuple(center))


class MedalsSection(ArchitectsSection):
    """The variant, where the medals lie, and the medals each player won."""

    id: ClassVar[str] = MEDALS
    top_fields: ClassVar[tuple[str, ...]] = ("medal_variant", "medal_layout")
    player_fields: ClassVar[tuple[str, ...]] = ("medals",)

    def read_settings(self, reader: Reader, data: ArchitectsData, played: bool) -> Any:
        """The variant (standard when not given)."""
        field = reader["medal_variant"]
        if field.present and field.value is not None:
            variant = field.as_str(choices=VARIANTS, what="medal variant")
            if variant is not None and not expansion_only(field, "the medal variant", MEDALS, data, played):
                return None
            return variant
        return STANDARD if played else None

    def read_player(self, reader: Reader, data: ArchitectsData, played: bool) -> Any:
        """The medals the player won (None: none)."""
        field = reader["medals"]
        if not field.present or not (field.value == [] or expansion_only(field, "a medal", MEDALS, data, played)):
            return None
        medals = load_medals_data().medals
        won = tuple(m for m in (item.as_str(choices=medals, what="medal") for item in field.as_list(max_length=12))
                    if m is not None)
        return won or None

    def read_table(self, reader: Reader, data: ArchitectsData, played: bool, settings: Any, players: int) -> Any:
        """The variant and the layout."""
        layout = None
        field = reader["medal_layout"]
        if field.present and expansion_only(field, "the medal layout", MEDALS, data, played):
            layout = _layout(field, players, settings)
        return MedalsState(settings, layout) if played else None

    def write_table(self, table: ArchitectsTable) -> dict[str, Any]:
        """``medal_variant`` and, when known, ``medal_layout``."""
        document: dict[str, Any] = {"medal_variant": medal_variant(table) or STANDARD}
        layout = medal_layout(table)
        if layout is not None:
            document["medal_layout"] = {"between": list(layout.between)}
            if layout.center:
                document["medal_layout"]["center"] = list(layout.center)
        return document

    def write_player(self, table: ArchitectsTable, player: ArchitectsPlayer) -> dict[str, Any]:
        """``medals``: those the player won."""
        return {"medals": list(medals_of(player))}


SECTIONS.register(MedalsSection.id, MedalsSection(), game="medals")
