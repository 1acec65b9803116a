"""Armada in the app: its screen of entered values (registered in the app's screens), the port and turn
panels the 7 Wonders screens show for a game with Armada, and Armada's words."""

from __future__ import annotations

from companion.app.registry import PANELS, SCREENS, Panel, ScreenSpec

SCREENS.register("armada_values", ScreenSpec(f"{__name__}.values_screen", __name__), game="armada")
PANELS.register("city_full/armada", Panel("city_full", "armada", f"{__name__}.port:ArmadaPart"), game="armada")
PANELS.register("turn_moved/armada", Panel("turn_moved", "armada", f"{__name__}.turn:TurnDialog"), game="armada")
