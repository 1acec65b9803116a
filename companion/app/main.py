"""The Kivy app: screens over the game session, the game log and the camera feed.

The app holds no game truth of its own: every tap goes to the session (which logs it before
returning) and every screen redraws from the session. Where the app is (its screen, the game, the
player in focus) is saved as a setting at each move, so a killed app comes back to the same place.
"""

from __future__ import annotations

import json
import os
import time
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app.theme import Theme, load_theme
from companion.app.wording import Wording
from companion.i18n import LANGUAGES, translate
from companion.markers import MarkerRegistry, load_marker_registry
from companion.state.session import GameSession, SeatSetup, SessionError
from companion.storage import GameStore

__all__ = ["SCREENS", "CompanionApp"]

SCREENS = ("home", "new_game", "table", "build_check", "end_of_age", "score", "history", "game_detail", "stats",
           "settings", "architects_new", "architects_table", "architects_battle", "architects_score")
"""Every screen, by name; each has companion/app/screens/<name>.py and companion/app/kv/<name>.kv."""
GAME_SCREENS = ("table", "build_check", "end_of_age", "score", "architects_table", "architects_battle",
                "architects_score")
"""Screens that show the open game: the app returns to them after a restart."""
PREVIEW_HZ = 30.0


class CompanionApp(App):
    """Table Companion for 7 Wonders."""

    language = StringProperty("en")
    u = NumericProperty(16.0)
    """The size unit in pixels: text, touch targets and gaps are multiples of it (1/40 of the height)."""
    revision = NumericProperty(0)
    """Bumped whenever the game changes; screens showing the game redraw on it (throttled)."""
    status = StringProperty("")
    camera_on = BooleanProperty(False)
    preview_texture = ObjectProperty(None, allownone=True)
    last_result = ObjectProperty(None, allownone=True)
    show_scores = BooleanProperty(False)

    def __init__(self, store_path: Path | str | None, *, camera: str | None = None, language: str | None = None,
                 demo: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store_path: Any = Path(store_path) if store_path not in (None, ":memory:") else store_path
        self.requested_camera = camera
        self.requested_language = language
        self.demo = demo
        self.store: GameStore | None = None
        self.session: GameSession | None = None
        self.registry: MarkerRegistry = load_marker_registry()
        self.theme: Theme = load_theme()
        self.feed: Any = None
        self.architects_camera: Any = None
        """An Architects game's camera play (companion.state.architects_camera), None otherwise."""
        self.pilot: Any = None
        self.preview_frames = 0
        self._preview_number = 0
        self._pump_event: Any = None
        self._changed = Clock.create_trigger(self._bump_revision, 0.25)
        self._armada: tuple[tuple[str, float], Any] | None = None
        self.title = "Table Companion for 7 Wonders"

    # -- building -------------------------------------------------------------------------------
    def build(self) -> ScreenManager:
        """Open the store, load every screen's kv file, and lay out the screens."""
        if self.store_path is None:                     # Android: the app's own folder (made here)
            folder = Path(self.user_data_dir)
            folder.mkdir(parents=True, exist_ok=True)
            self.store_path = folder / "games.sqlite3"
        self.store = GameStore(self.store_path, armada=self.armada_data)
        self.language = self.requested_language or self.store.setting("language", "en")
        if self.language not in LANGUAGES:
            self.language = "en"
        self.show_scores = bool(self.store.setting("show_scores", False))
        Window.clearcolor = self.theme.rgba("background")
        Window.bind(size=self._resize)
        self._resize()
        kv = resources.files("companion.app").joinpath("kv")
        Builder.load_string(kv.joinpath("widgets.kv").read_text(encoding="utf-8"), filename="widgets.kv")
        from companion.app.screens import screen_class

        manager = ScreenManager(transition=NoTransition())
        for name in SCREENS:
            Builder.load_string(kv.joinpath(f"{name}.kv").read_text(encoding="utf-8"), filename=f"{name}.kv")
            manager.add_widget(screen_class(name)(name=name))
        return manager

    def on_start(self) -> None:
        """Go back where the app was, or to the demo game, or home."""
        if self.demo:
            self.start_demo()
            return
        place = self.store_setting("app.place", {}) or {}
        game_id = place.get("game")
        if game_id is not None and place.get("screen") in GAME_SCREENS:
            try:
                self.open_game(int(game_id), screen=place["screen"], options=place.get("options") or {})
                return
            except (SessionError, ValueError, KeyError, TypeError):
                pass
        self.go("home")

    def on_stop(self) -> None:
        """Stop the camera and close the store."""
        self.stop_camera()
        if self.store is not None:
            self.store.close()

    def on_pause(self) -> bool:
        """Android: keep running in the background (everything is saved already)."""
        return True

    def _resize(self, *_: Any) -> None:
        self.u = max(10.0, min(Window.height / 40.0, Window.width / 64.0))

    # -- words ----------------------------------------------------------------------------------
    def tr(self, key: str, _language: str | None = None, **values: Any) -> str:
        """A text in the current language (kv passes `app.language` so the text follows a switch)."""
        return translate(key, self.language, **values)

    @property
    def words(self) -> Wording:
        """Wording of engine results in the current language."""
        assert self.store is not None
        return Wording(self.store.data, self.language)

    def set_language(self, language: str) -> None:
        """Switch the language at once, everywhere, and remember it."""
        if language in LANGUAGES:
            self.language = language
            self.store_set("language", language)

    # -- settings and place ------------------------------------------------------------------------
    def store_setting(self, key: str, default: Any = None) -> Any:
        """A saved setting."""
        assert self.store is not None
        return self.store.setting(key, default)

    def store_set(self, key: str, value: Any) -> None:
        """Save a setting at once."""
        assert self.store is not None
        self.store.set_setting(key, value)

    def go(self, name: str, **options: Any) -> None:
        """Show a screen (after letting it prepare) and save where the app is."""
        screen = self.root.get_screen(name)
        if hasattr(screen, "prepare"):
            screen.prepare(**options)
        if self.root.current != name:
            self.status = ""
        self.root.current = name
        self.save_place()

    def save_place(self) -> None:
        """Remember the screen, the open game and what the screen needs to come back the same."""
        if self.root is None:
            return
        screen = self.root.current_screen
        options = screen.place_options() if hasattr(screen, "place_options") else {}
        place = {"screen": self.root.current, "game": self.session.game_id if self.session else None,
                 "options": options}
        self.store_set("app.place", place)

    # -- the game --------------------------------------------------------------------------------
    def armada_data(self) -> Any:
        """The Armada data with the values the owner entered in the components file
        (``$COMPANION_COMPONENTS``, else the user data folder, as for the command line); read again
        when the file changes, the shipped data alone when the file cannot be used."""
        from companion.gamedata.armada import load_armada_data
        from companion.gamedata.components import default_components_path
        from companion.gamedata.loader import GameDataError

        path = default_components_path(os.environ)
        try:
            stamp = (str(path), path.stat().st_mtime)
        except OSError:
            stamp = (str(path), -1.0)
        if self._armada is None or self._armada[0] != stamp:
            try:
                loaded = load_armada_data(path) if stamp[1] >= 0 else load_armada_data()
            except GameDataError as error:
                self.status = self.tr("armada.components_unusable", path=str(path), error=str(error))
                loaded = load_armada_data()
            self._armada = (stamp, loaded)
        return self._armada[1]

    def start_game(self, players: list[SeatSetup], *, variant: str = "standard", camera: str | None = None,
                   options: dict[str, int] | None = None, armada: bool = False,
                   port_boards: list[int] | None = None) -> None:
        """Log a new game's set-up and open its table (with `armada`: each seat's port board).

        :raises SessionError: when the set-up is not a valid table.
        """
        assert self.store is not None
        craftsmens = self.store_setting("craftsmens_guild_vp")
        merged = {**({"craftsmens_guild_vp": craftsmens} if craftsmens else {}), **(options or {})}
        self.session = GameSession.start(self.store, players, variant=variant, options=merged or None,
                                         registry=self.registry, armada=armada, port_boards=port_boards)
        self.architects_camera = None
        self.store_set("app.camera", camera)
        self.start_camera(camera)
        self.changed(now=True)
        self.go("table")

    def open_game(self, game_id: int, *, screen: str = "table", options: dict[str, Any] | None = None) -> None:
        """Open a logged game where it stands (resume, or look at a finished one's score)."""
        assert self.store is not None
        from companion.app.architects import is_architects_game, open_architects

        if is_architects_game(self.store, game_id):
            open_architects(self, game_id, screen, options)
            return
        self.session = GameSession.resume(self.store, game_id, registry=self.registry)
        self.architects_camera = None
        if not self.session.finished:
            self.start_camera(self.store_setting("app.camera"))
        else:
            screen = "score"
        self.changed(now=True)
        self.go(screen, **(options or {}))

    def close_game(self) -> None:
        """Leave the game (it stays in the log, unfinished games can be continued)."""
        self.stop_camera()
        self.session = None
        self.go("home")

    def start_demo(self) -> None:
        """Start a game from the bundled recording, watched through its rendered frames; it plays itself."""
        from companion.app.demo import DemoPilot, demo_setup

        self.pilot = DemoPilot()
        self.start_game(demo_setup(self.pilot.recording), camera="demo")

    def changed(self, *, now: bool = False) -> None:
        """The game changed: redraw the screens that show it (at most four times a second)."""
        if now:
            self._bump_revision()
        else:
            self._changed()

    def _bump_revision(self, *_: Any) -> None:
        self.revision += 1

    def attempt(self, action: Any, *args: Any, **kwargs: Any) -> bool:
        """Run a session action; True when done, while a refusal becomes a message on screen (False)."""
        try:
            action(*args, **kwargs)
        except SessionError as error:
            self.notify(self.refusal_text(error), bad=True)
            return False
        self.changed(now=True)
        return True

    def refusal_text(self, error: SessionError) -> str:
        """A session's refusal in the player's language (its English message where it has no text)."""
        if error.key is None:
            return str(error)
        values = dict(error.values)
        if "card" in values:
            values["card"] = self.words.card(values["card"])
        if "fleet" in values:
            values["fleet"] = self.tr(f"armada.fleet.{values['fleet']}")
        if "island" in values and self.session is not None:
            from companion.app.widgets.armada import island_name

            values["island"] = island_name(self.session.armada_data().islands[values["island"]])
        return self.tr(f"session.{error.key}", **values)

    def notify(self, text: str, *, bad: bool = False, undo: Any = None) -> None:
        """A short message at the bottom of the screen, with an optional undo button."""
        screen = self.root.current_screen if self.root else None
        toast = getattr(screen, "toast", None) if screen is not None else None
        if toast is not None:
            toast.show(text, bad=bad, undo=undo)
        self.status = text

    # -- the camera ---------------------------------------------------------------------------------
    def start_camera(self, spec: str | None, *, recognise: bool = True) -> None:
        """Watch the table through `spec` (a camera number, a video, a folder of images, ``demo``);
        without `recognise`, only show it (the preview benchmark's reference)."""
        self.stop_camera()
        if not spec or self.session is None:
            return
        from companion.app.camera import open_feed

        try:
            camera = self.architects_camera
            players = camera.tracker.seat_order if camera is not None else self.session.players
            self.feed = open_feed(spec, player_count=len(players),
                                  family=self.store_setting("marker_family", "aruco"), recognise=recognise)
        except (OSError, ValueError) as error:
            self.notify(self.tr("camera.cannot_open", source=spec, error=str(error)), bad=True)
            return
        self.feed.start()
        self.camera_on = True
        self._pump_event = Clock.schedule_interval(self._pump_camera, 1.0 / PREVIEW_HZ)

    def stop_camera(self) -> None:
        """Stop the camera threads."""
        if self._pump_event is not None:
            self._pump_event.cancel()
            self._pump_event = None
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
        self.camera_on = False

    def _pump_camera(self, _dt: float) -> None:
        """On the UI thread: show the newest frame, and give recognised frames to the session."""
        feed = self.feed
        if feed is None:
            return
        number, frame = feed.latest()
        if frame is not None and number != self._preview_number:
            self._preview_number = number
            self._show_frame(frame.image)
        results = feed.drain()
        if results and self.session is not None and not self.session.finished:
            changed = False
            for recognised in results:
                if self.architects_camera is not None:
                    changed |= self.architects_camera.observe(self.session, recognised.result.placed,
                                                              recognised.seconds)
                else:
                    changed |= bool(self.session.observe(recognised.result.observation, recognised.seconds))
            self.last_result = results[-1].result
            if changed:
                self.changed()
                if self.pilot is not None:
                    self.pilot.act(self)
        if feed.error:
            self.status = self.tr("camera.error", error=feed.error)
        elif feed.ended and not feed.running:
            self.status = self.tr("camera.ended")
            self.stop_camera()

    def _show_frame(self, image: Any) -> None:
        height, width = image.shape[:2]
        texture = self.preview_texture
        if texture is None or texture.size != (width, height):
            texture = Texture.create(size=(width, height), colorfmt="rgb")
            texture.flip_vertical()
        # OpenCV's BGR bytes as they are: no reversed copy of a 1280x720 frame 30 times a second.
        texture.blit_buffer(memoryview(np.ascontiguousarray(image)).cast("B"), colorfmt="bgr", bufferfmt="ubyte")
        self.preview_texture = texture
        self.preview_frames += 1
        self.property("preview_texture").dispatch(self)

    # -- pictures --------------------------------------------------------------------------------------
    def export_folder(self) -> Path:
        """Where saved pictures and exports go: beside the store."""
        base = Path(self.store_path).parent if str(self.store_path) != ":memory:" else Path.cwd()
        folder = base / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def timestamp(self) -> str:
        """A file-name-safe local time."""
        return time.strftime("%Y%m%d-%H%M%S")

    def dump(self) -> str:
        """The app's state as JSON, for tests and bug reports."""
        return json.dumps({"screen": self.root.current if self.root else None,
                           "game": self.session.game_id if self.session else None, "language": self.language})
