"""Settings: language (switched at once), sticker family, default camera, rules options, and each game's
own entries (`PANELS` slot ``settings_entry``: Armada's values entered by the owner)."""

from __future__ import annotations

from typing import Any

from companion.app.registry import panels
from companion.app.screens import AppScreen
from companion.app.widgets.common import ToggleChoice, app
from companion.i18n import LANGUAGES, translate


class SettingsScreen(AppScreen):
    """Choices kept in the log's settings."""

    _entries: list[Any] | None = None
    """The games' entries (`PANELS` slot ``settings_entry``), made on first showing: each adds its widgets
    at the end of the screen's column and shows them again in the language chosen."""

    def refresh(self) -> None:
        running = app()
        if self._entries is None:
            self._entries = [kind(self.ids.entries) for kind in panels("settings_entry")]
        for entry in self._entries:
            entry.refresh()
        self._choices(self.ids.languages, [(lang, translate("language.name", lang)) for lang in LANGUAGES],
                      running.language, running.set_language)
        family = running.store_setting("marker_family", "aruco")
        self._choices(self.ids.family, [("aruco", running.tr("settings.family_aruco")),
                                        ("qr", running.tr("settings.family_qr"))], family,
                      lambda value: self._save("marker_family", value))
        camera = running.store_setting("app.default_camera", "none") or "none"
        self._choices(self.ids.camera, [("none", running.tr("new_game.camera_none")),
                                        ("0", running.tr("new_game.camera_device")),
                                        ("demo", running.tr("new_game.camera_demo"))], camera,
                      lambda value: self._save("app.default_camera", value))
        craftsmens = running.store_setting("craftsmens_guild_vp") or 2
        self._choices(self.ids.craftsmens, [(2, running.tr("settings.craftsmens_card")),
                                            (1, running.tr("settings.craftsmens_rulebook"))], craftsmens,
                      lambda value: self._save("craftsmens_guild_vp", None if value == 2 else value))
        self._choices(self.ids.scores, [(False, running.tr("settings.scores_hidden")),
                                        (True, running.tr("settings.scores_shown"))], running.show_scores,
                      self._set_scores)

    def _choices(self, row: object, options: list[tuple[object, str]], current: object, on_pick: object) -> None:
        row.clear_widgets()  # type: ignore[attr-defined]
        for value, text in options:
            choice = ToggleChoice(text=text, value=value, chosen=value == current)
            choice.bind(on_release=lambda c, pick=on_pick: pick(c.value))  # type: ignore[misc]
            row.add_widget(choice)  # type: ignore[attr-defined]

    def _save(self, key: str, value: object) -> None:
        app().store_set(key, value)
        self.refresh()

    def _set_scores(self, value: object) -> None:
        running = app()
        running.show_scores = bool(value)
        running.store_set("show_scores", bool(value))
        self.refresh()


SCREEN = SettingsScreen
