"""Armada in the app: its screen of entered values (registered in the app's screens, opened from its entry
on the Settings screen), the panels the 7 Wonders screens show for a game with Armada (the slots:
`companion.games.sevenwonders.app.expansions`), and Armada's words."""

from __future__ import annotations

from typing import Any

from companion.app.registry import EXPANSION_DATA, PAD_ICONS, PANELS, SCREENS, Panel, ScreenSpec

SCREENS.register("armada_values", ScreenSpec(f"{__name__}.values_screen", __name__), game="armada")
PANELS.register("city_full/armada", Panel("city_full", "armada", f"{__name__}.port:ArmadaPart"), game="armada")
PANELS.register("settings_entry/armada", Panel("settings_entry", "armada", f"{__name__}.settings:ValuesEntry"),
                game="armada")
PANELS.register("turn_moved/armada", Panel("turn_moved", "armada", f"{__name__}.turn:TurnDialog"), game="armada")

for _slot, _entry in (("table_row", "port:table_row"), ("port_actions", "port:port_actions"),
                      ("unknown_lines", "port:unknown_lines"), ("refusal_values", "port:refusal_values"),
                      ("values_button", "values:values_button"), ("value_questions", "words:unknown_questions"),
                      ("team_lines", "words:team_lines"), ("team_winner", "words:team_winner"),
                      ("end_of_age", "naval:show_naval"), ("age_done", "naval:show_naval_done"),
                      ("city_figures", "port:naval_figure"), ("table_bar", "turn:TurnButton"),
                      ("step_words", "words:naval_step_words"),
                      ("new_game", "new_game:ArmadaSetUp")):
    _module, _, _name = _entry.partition(":")
    _module = _module if _module.startswith("companion.") else f"{__name__}.{_module}"
    PANELS.register(f"{_slot}/armada", Panel(_slot, "armada", f"{_module}:{_name}"), game="armada")


def _armada_data(path: Any) -> Any:
    """Armada's data with the owner's components file at `path` (None: the shipped data alone)."""
    from companion.games.armada.rules.data import load_armada_data

    return load_armada_data(path) if path is not None else load_armada_data()


EXPANSION_DATA.register("armada", _armada_data, game="armada")
for _icon, _drawing in (("naval", "ship"), ("islands", "island"), ("port", "mooring")):
    PAD_ICONS.register(_icon, f"{__name__}.icons:{_drawing}", game="armada")
