"""Medals in the table file the Architects camera writes (`TRACKED_PARTS`): the variant it was told, the
medals seen on their goal side between each two neighbours (and in the centre), each player's medals won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.architects.tracker import TRACKED_PARTS, ArchitectsTracker, TrackedPart
from companion.games.medals.rules.data import MEDALS


def _table_fields(tracker: ArchitectsTracker, order: list[str], options: Mapping[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {"medal_variant": options.get("medal_variant") or "standard"}
    between = tracker.between_neighbours(order)
    if len(order) >= 2 and any(between):
        fields["medal_layout"] = {"between": between}
        centre = tracker.in_centre()
        if centre:
            fields["medal_layout"]["center"] = list(centre)
    return fields


def _player_fields(tracker: ArchitectsTracker, wonder: str) -> dict[str, Any]:
    return {"medals": [medal for medal, count in tracker.items(wonder, "medal:").items() if count]}


TRACKED_PARTS.register(MEDALS, TrackedPart(_table_fields, _player_fields), game="medals")
