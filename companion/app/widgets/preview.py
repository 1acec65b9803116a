"""The camera picture, fitted to its box, with every recognised marker outlined in its player's colour;
the markers in `app.highlight` (the camera-seen cards of the city shown in full) are outlined boldly
in white, so a player sees where the camera saw a card."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.uix.widget import Widget

from companion.app.widgets.common import app

__all__ = ["CameraPreview"]


class CameraPreview(Widget):
    """Draws `app.preview_texture` and outlines from `app.last_result`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        running = app()
        running.bind(preview_texture=self._redraw, last_result=self._redraw, highlight=self._redraw,
                     language=self._redraw)
        self.bind(pos=self._redraw, size=self._redraw)

    def _fit(self, width: int, height: int) -> tuple[float, float, float]:
        """(x, y, scale) of the picture inside the widget, keeping its proportions."""
        scale = min(self.width / width, self.height / height)
        return self.x + (self.width - width * scale) / 2, self.y + (self.height - height * scale) / 2, scale

    def _redraw(self, *_: Any) -> None:
        running = app()
        texture = running.preview_texture
        self.canvas.clear()
        if texture is None or self.width < 2 or self.height < 2:
            return
        width, height = texture.size
        x0, y0, scale = self._fit(width, height)
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, pos=(x0, y0), size=(width * scale, height * scale))
            if running.camera_source == "demo":      # the demo says it is a recording, on its picture
                _caption(running.tr("camera.demo_recording"), x0, y0 + height * scale, width * scale)
            result = running.last_result
            if result is None or running.session is None:
                return
            owners = _owners(result.observation, running.session)
            highlight = set(running.highlight)
            for detection in result.reading.markers:
                seat = owners.get(detection.component.marker)
                points = []
                for px, py in detection.corners:
                    points += [x0 + float(px) * scale, y0 + (height - float(py)) * scale]
                if detection.component.marker in highlight:
                    Color(1, 1, 1, 1)
                    Line(points=points, close=True, width=4)
                Color(*(running.theme.player(seat) if seat is not None else running.theme.rgba("text_dim")))
                Line(points=points, close=True, width=2 if seat is not None else 1)


def _caption(text: str, left: float, top: float, room: float) -> None:
    """`text` on a dark band over the picture's top (1 size unit, wrapped to the picture's width)."""
    from kivy.core.text import Label as CoreLabel

    running = app()
    u = running.u
    label = CoreLabel(text=text, font_size=u, bold=True, text_size=(max(room - u, u * 4), None), halign="left")
    label.refresh()
    width, height = label.texture.size
    Color(0, 0, 0, 0.72)
    Rectangle(pos=(left, top - height - u * 0.5), size=(min(room, width + u), height + u * 0.5))
    Color(*running.theme.rgba("accent"))
    Rectangle(texture=label.texture, pos=(left + u * 0.5, top - height - u * 0.25), size=(width, height))
    Color(1, 1, 1, 1)


def _owners(observation: Any, session: Any) -> dict[int, int]:
    """Marker number -> seat, for boards and the cards seen in each city."""
    owners = {}
    for seat_seen in observation.seats:
        try:
            seat = session.seat_of(seat_seen.wonder)
        except ValueError:
            continue
        owners[seat_seen.board.marker] = seat
        for card in seat_seen.cards:
            owners[card.marker] = seat
    return owners
