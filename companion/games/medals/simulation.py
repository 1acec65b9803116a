"""Medals on a rendered Architects table (`SCENE_PARTS`): the medals a player won lie to the left of their
tray, reward side up; those nobody has won yet lie goal side up between neighbours (the document's
``medal_layout``), and in the centre in the expert variant."""

from __future__ import annotations

from typing import Any

import numpy as np

from companion.games.architects.simulation import SCENE_PARTS, TOKEN_D, ArchitectsSceneBuilder, Place, ScenePart
from companion.games.medals.rules.data import MEDALS

WON_BGR = (80, 200, 220)
GOAL_BGR = (200, 200, 120)


def _won(document: dict[str, Any]) -> set[str]:
    return {medal for player in document["players"] for medal in player.get("medals", [])}


def _area(builder: ArchitectsSceneBuilder, seat: int, player: dict[str, Any], place: Place, angle: float) -> None:
    for index, medal in enumerate(player.get("medals", [])):
        spot = np.array([[-22 - (index % 2) * (TOKEN_D + 4), 10 + (index // 2) * (TOKEN_D + 4)]])
        builder.round_token(builder.component(f"medal/{medal}"), place(spot)[0], angle, seat, WON_BGR)


def _between(builder: ArchitectsSceneBuilder, document: dict[str, Any], seat: int, point: np.ndarray,
             angle: float) -> None:
    medals = document.get("medal_layout", {}).get("between", [])
    if seat < len(medals) and medals[seat] and medals[seat] not in _won(document):
        builder.round_token(builder.component(f"medal_goal/{medals[seat]}"), point * 0.8, angle, None, GOAL_BGR)


def _centre(builder: ArchitectsSceneBuilder, document: dict[str, Any]) -> None:
    won = _won(document)
    for index, medal in enumerate(m for m in document.get("medal_layout", {}).get("center", []) if m not in won):
        builder.round_token(builder.component(f"medal_goal/{medal}"), np.array([-25.0 + 50 * index, 40.0]), 0.0,
                            None, GOAL_BGR)


SCENE_PARTS.register(MEDALS, ScenePart(_area, _between, _centre), game="medals")
