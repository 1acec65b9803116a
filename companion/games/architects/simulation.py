"""Render 7 Wonders Architects tables as a camera sees them, from an ``architects-table/1`` document.

Each player sits around an ellipse; in front of them lies their wonder tray (its sticker at the
left end) with its five pieces, built ones flipped to show their sticker, pieces under construction
plain; below it the cards, stacked by kind with the top strip of each card showing, and below them
the round Progress and Military Victory tokens and the Cat pawn; what an expansion lays out (`SCENE_PARTS`)
beside them, between neighbours or in the centre. Each player's deck lies between them and their left
neighbour with a face-up card on top, and the central deck and discard pile lie in the middle: those
belong to nobody. A hand may hover over an area. Drawn on the shared `SceneCanvas` (its camera and stickers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.games.architects.rules.data import ArchitectsData, load_architects_data
from companion.markers import Component, MarkerRegistry, load_marker_registry
from companion.plugins import Registry
from companion.simulation.scene import LEVELS, Camera, SceneCanvas, TruthMarker, rect, transform

__all__ = ["ARCH_CARD_H", "ARCH_CARD_W", "SCENE_PARTS", "TOKEN_D", "ArchitectsScene", "ArchitectsSceneBuilder",
           "Place", "ScenePart", "architects_table_scene"]

ARCH_CARD_W, ARCH_CARD_H = 46.0, 70.0
TRAY_W, TRAY_H = 230.0, 26.0
PIECE_W, PIECE_H = 42.0, 36.0
TOKEN_D = 30.0
KIND_BGR = {"grey": (150, 150, 150), "yellow": (60, 200, 230), "green": (70, 150, 60), "blue": (180, 110, 60),
            "red": (50, 50, 190)}
RADII = {2: (300, 300), 3: (400, 330), 4: (430, 340), 5: (520, 400), 6: (600, 450), 7: (680, 500)}
"""The ellipse the trays lie on (mm) for each player count."""


@dataclass
class ArchitectsScene:
    """A rendered frame of an Architects table and every sticker's truth."""

    frame: np.ndarray
    truth: list[TruthMarker]
    camera: Camera


Place = Callable[[np.ndarray], np.ndarray]
"""Points of a player's own frame (x along the tray, y towards the player) -> table points."""


@dataclass(frozen=True)
class ScenePart:
    """What an expansion lays on a rendered Architects table, from the table document: in a player's
    area (`area(builder, seat, player, place, angle)`, after the base game's), in the space between a
    seat and its left neighbour (`between(builder, document, seat, point, angle)`) and in the centre
    (`centre(builder, document)`). Each draws nothing when the document has none of its parts."""

    area: Callable[[ArchitectsSceneBuilder, int, dict[str, Any], Place, float], None]
    between: Callable[[ArchitectsSceneBuilder, dict[str, Any], int, np.ndarray, float], None]
    centre: Callable[[ArchitectsSceneBuilder, dict[str, Any]], None]


SCENE_PARTS: Registry[ScenePart] = Registry("Architects scene part", "simulation")
"""The expansions' parts of a rendered Architects table, by expansion id."""


class ArchitectsSceneBuilder(SceneCanvas):
    """Lays out Architects components in each player's own frame (x along the tray, y towards the
    player), then draws them through the shared scene canvas."""

    def __init__(self, family: str, size_mm: float, registry: MarkerRegistry | None = None,
                 rng: np.random.Generator | None = None, data: ArchitectsData | None = None) -> None:
        super().__init__(family, size_mm, registry, rng)
        self.data = data or load_architects_data()
        self.by_key = {c.key: c for c in self.registry.in_sets(("architects",))}

    def component(self, key: str) -> Component:
        """The Architects component of that key (``architects:card/wood``)."""
        return self.by_key[f"architects:{key}"]

    def _code_at(self, component: Component, centre: np.ndarray, angle: float, seat: int | None, role: str) -> None:
        half = self.size_mm / 2
        self._sticker(component, transform(rect(-half, -half, self.size_mm, self.size_mm), centre, angle), role, seat)

    flat = SceneCanvas.add_shape
    """A plain filled shape (a tray, a piece under construction, a card's body, a token)."""

    def card(self, component: Component, corners: np.ndarray, color: str, seat: int | None) -> None:
        """A card with its sticker in the top-left corner, 2 mm from the edges."""
        self.flat(corners, KIND_BGR[color])
        x_axis = (corners[1] - corners[0]) / np.linalg.norm(corners[1] - corners[0])
        y_axis = (corners[3] - corners[0]) / np.linalg.norm(corners[3] - corners[0])
        centre = corners[0] + (x_axis + y_axis) * (2 + self.quiet_mm + self.size_mm / 2)
        self._code_at(component, centre, float(np.arctan2(x_axis[1], x_axis[0])), seat, "card")

    def round_token(self, component: Component, centre: np.ndarray, angle: float, seat: int | None,
                    colour: tuple[int, int, int] = (90, 160, 200)) -> None:
        """A small round token with its sticker centred on the face that lies up."""
        radius = int(TOKEN_D / 2)
        outline = np.asarray(cv2.ellipse2Poly((0, 0), (radius, radius), 0, 0, 360, 15), np.float64)
        self.add_shape(outline + centre, colour)
        self._code_at(component, centre, angle, seat, "token")

    def area(self, seat: int, player: dict[str, Any], origin: np.ndarray, angle: float) -> None:
        """One player's tray, pieces, cards, tokens and what the expansions add (origin: the tray's top-left)."""
        def place(points: np.ndarray) -> np.ndarray:
            return transform(points, origin, angle)

        wonder = self.data.wonders[player["wonder"]]
        self.flat(place(rect(0, 0, TRAY_W, TRAY_H)), (60, 90, 120))
        tray_sticker = np.array([[3 + self.quiet_mm + self.size_mm / 2, TRAY_H / 2]])
        self._code_at(self.component(f"tray/{wonder.id}"), place(tray_sticker)[0], angle, seat, "board")
        built = set(player.get("stages_built", []))
        for index, piece in enumerate(wonder.pieces or ()):
            corners = place(rect(30 + index * (PIECE_W + 2), -PIECE_H - 2, PIECE_W, PIECE_H))
            if piece.id in built:
                self.flat(corners, (110, 180, 210))
                self._code_at(self.component(f"piece/{piece.key}"), corners.mean(axis=0), angle, seat, "piece")
            else:
                self.flat(corners, (95, 105, 115))
        strip = self.size_mm + 2 * self.quiet_mm + 5
        for column, (kind, count) in enumerate(sorted(player.get("cards", {}).items())):
            x = (column % 4) * (ARCH_CARD_W + 4)
            y0 = TRAY_H + 8 + (column // 4) * (ARCH_CARD_H + 3 * strip)
            for j in range(count):
                self.card(self.component(f"card/{kind}"), place(rect(x, y0 + j * strip, ARCH_CARD_W, ARCH_CARD_H)),
                          self.data.cards[kind].color, seat)
        rows = (len(player.get("cards", {})) + 3) // 4
        tokens = [f"token/{t}" for t in player.get("progress_tokens", [])]
        tokens += ["military"] * player.get("military_tokens", 0) + (["cat"] if player.get("cat_pawn") else [])
        top = TRAY_H + 8 + max(1, rows) * (ARCH_CARD_H + 2 * strip) + TOKEN_D / 2
        for index, key in enumerate(tokens):
            spot = np.array([[TOKEN_D / 2 + (index % 6) * (TOKEN_D + 4), top + (index // 6) * (TOKEN_D + 4)]])
            self.round_token(self.component(key), place(spot)[0], angle, seat)
        for part in SCENE_PARTS.values():
            part.area(self, seat, player, place, angle)


def _seats(players: int) -> list[tuple[np.ndarray, float, np.ndarray]]:
    """(tray top-left, angle, tray centre) clockwise from the bottom of the view."""
    radius_x, radius_y = RADII[players]
    seats = []
    for seat in range(players):
        phi = np.pi / 2 + 2 * np.pi * seat / players
        centre = np.array([radius_x * np.cos(phi), radius_y * np.sin(phi)]) * 0.62
        angle = phi - np.pi / 2
        offset = transform(np.array([[TRAY_W / 2, TRAY_H / 2]]), np.zeros(2), angle)[0]
        seats.append((centre - offset, angle, centre))
    return seats


def architects_table_scene(document: dict[str, Any], *, family: str = "aruco", size_mm: float = 14.0,
                           camera: Camera | None = None, level: str = "easy", seed: int = 0,
                           hand_over: int | None = None, decks: bool = True) -> ArchitectsScene:
    """The table of an ``architects-table/1`` document (players clockwise from the bottom of the
    view), rendered through `camera` (default: 4K straight down over the whole table). With
    `hand_over`, a hand hovers over that seat's cards."""
    registry = load_marker_registry()
    rng = np.random.default_rng(seed)
    builder = ArchitectsSceneBuilder(family, size_mm, registry, rng)
    players = document["players"]
    seats = _seats(len(players))
    for seat, (origin, angle, _) in enumerate(seats):
        builder.area(seat, players[seat], origin, angle)
    kinds = sorted(builder.data.cards)
    for seat, (_, angle, centre) in enumerate(seats):
        left = seats[(seat + 1) % len(seats)][2]
        between = (centre + left) / 2
        if decks:
            deck = transform(rect(-ARCH_CARD_W / 2, -ARCH_CARD_H / 2, ARCH_CARD_W, ARCH_CARD_H), between * 1.3, angle)
            kind = kinds[int(rng.integers(len(kinds)))]
            builder.card(builder.component(f"card/{kind}"), deck, builder.data.cards[kind].color, None)
        for part in SCENE_PARTS.values():
            part.between(builder, document, seat, between, angle)
    for part in SCENE_PARTS.values():
        part.centre(builder, document)
    if decks:
        kind = kinds[int(rng.integers(len(kinds)))]
        builder.card(builder.component(f"card/{kind}"), rect(-ARCH_CARD_W / 2, -60, ARCH_CARD_W, ARCH_CARD_H),
                     builder.data.cards[kind].color, None)
    if hand_over is not None:
        origin, angle, centre = seats[hand_over]
        over = transform(np.array([[60.0, TRAY_H + 60]]), origin, angle)[0]
        builder.hand(over, angle, centre * 2.2)
    if camera is None:
        camera = Camera(3840, 2160, 66.0, 1300.0)
    frame, truth = builder.render(camera, LEVELS[level])
    return ArchitectsScene(frame, truth, camera)
