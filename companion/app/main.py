"""The Kivy app: screens over the game session, the game log and the camera feed.

The app holds no game truth of its own: every tap goes to the session (which logs it before
returning) and every screen redraws from the session. Where the app is (its screen, the game, the
player in focus) is saved as a setting at each move, so a killed app comes back to the same place.
"""

from __future__ import annotations

import json
import os
import time
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app.guard import guarded, install_last_resort, report_failure
from companion.app.heap import IdleCollector, settle_heap
from companion.app.registry import APP_GAMES, CAMERA_PLAYS, GAME_OPENERS, AppGame
from companion.app.registry import SCREENS as GAME_SCREEN_SPECS
from companion.app.theme import Theme, load_theme
from companion.i18n import LANGUAGES, catalogue, translate
from companion.markers import MarkerRegistry, load_marker_registry
from companion.state.errors import SessionError
from companion.storage import GameStore, StoreError

__all__ = ["SCREENS", "CompanionApp", "game_screens", "screen_names"]

SCREENS = ("home", "history", "game_detail", "stats", "settings")
"""The app's own screens, by name; each has companion/app/screens/<name>.py and companion/app/kv/<name>.kv.
A game's own screens (7 Wonders' table, build check, ...) are registered in `companion.app.registry.SCREENS`."""


def screen_names() -> tuple[str, ...]:
    """Every screen: the app's own, then the games'."""
    return SCREENS + tuple(GAME_SCREEN_SPECS.keys())


def game_screens() -> tuple[str, ...]:
    """Every screen the app returns to after a restart: the games' resumable ones (those of the open game)."""
    return tuple(name for name, spec in GAME_SCREEN_SPECS.items() if spec.resumable)


PREVIEW_HZ = 30.0


class CompanionApp(App):
    """Table Companion for 7 Wonders."""

    language = StringProperty("en")
    u = NumericProperty(16.0)
    """The size unit in pixels: text, touch targets and gaps are multiples of it (1/40 of the height,
    never less than the physical minimums: a touch target of 3.6 units is at least 9 mm, text of
    1 unit at least 3 mm high; see `companion.app.theme`)."""
    mm = NumericProperty(96 / 25.4)
    """Pixels per millimetre of the screen."""
    touch = NumericProperty(34.0)
    """The smallest touch target, in pixels (9 mm)."""
    revision = NumericProperty(0)
    """Bumped whenever the game changes; screens showing the game redraw on it (throttled)."""
    status = StringProperty("")
    camera_on = BooleanProperty(False)
    camera_source = StringProperty("")
    """The camera watching the open game (``demo``: the bundled recording), empty without one."""
    preview_texture = ObjectProperty(None, allownone=True)
    last_result = ObjectProperty(None, allownone=True)
    show_scores = BooleanProperty(False)
    highlight = ListProperty([])
    """Markers the camera picture outlines boldly (the camera-seen cards of the city shown in full)."""

    def __init__(self, store_path: Path | str | None, *, camera: str | None = None, language: str | None = None,
                 demo: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.store_path: Any = Path(store_path) if store_path not in (None, ":memory:") else store_path
        self.requested_camera = camera
        self.requested_language = language
        self.demo = demo
        self.store: GameStore | None = None
        self.session: Any = None
        """The open game's session (the app's own game's, or another game's opened by `GAME_OPENERS`), None
        without one."""
        self.registry: MarkerRegistry = load_marker_registry()
        self.theme: Theme = load_theme()
        self.feed: Any = None
        self.camera_play: Any = None
        """The open game's own camera play when its game reads the markers itself and the camera watches
        it (`CAMERA_PLAYS`, `open_camera_play`); None for the app's own game, whose session reads them."""
        self.pilot: Any = None
        self.preview_frames = 0
        self._preview_number = 0
        self._pump_event: Any = None
        self._changed = Clock.create_trigger(self._bump_revision, 0.25)
        self._expansion_data: dict[str, tuple[tuple[str, float], Any]] = {}
        """Each expansion's data read with the components file, and the file's path and time it was read at."""
        self.collector = IdleCollector()
        self._said: tuple[str, dict[str, Any]] | None = None
        """The state line's catalogue key and values (said again when the language changes)."""
        self.title = "Table Companion for 7 Wonders"

    # -- building -------------------------------------------------------------------------------
    def build(self) -> ScreenManager:
        """Open the store, load every screen's kv file, and lay out the screens."""
        install_last_resort()                           # nothing raised in the event loop closes the app
        if self.store_path is None:                     # Android: the user data folder, in the app's own storage
            self.store_path = self._android_store_path()
        from companion.app.registry import EXPANSION_DATA

        sources = {key: partial(self.expansion_data, key) for key in EXPANSION_DATA.keys()}  # noqa: SIM118
        self.store = GameStore(self.store_path, sources=sources)
        self.language = self.requested_language or self.store.setting("language", "en")
        if self.language not in LANGUAGES:
            self.language = "en"
        self.show_scores = bool(self.store.setting("show_scores", False))
        Window.clearcolor = self.theme.rgba("background")      # the screens' background: they draw none of their own
        Window.bind(size=self._resize)
        self._resize()
        kv = resources.files("companion.app").joinpath("kv")
        Builder.load_string(kv.joinpath("widgets.kv").read_text(encoding="utf-8"), filename="widgets.kv")
        return ScreenManager(transition=NoTransition())

    def screen(self, name: str) -> Any:
        """The screen called `name`, made (with its kv rules) the first time it is asked for: the app
        starts with only the screen it shows."""
        manager = self.root
        if not manager.has_screen(name):
            if name in SCREENS:
                module, kv = f"companion.app.screens.{name}", resources.files("companion.app").joinpath("kv")
            elif name in GAME_SCREEN_SPECS:             # a game's own screen
                spec = GAME_SCREEN_SPECS.find(name)
                module, kv = spec.module, resources.files(spec.kv_package).joinpath("kv")
            else:
                raise KeyError(f"no screen {name!r}")
            from companion.app.screens import screen_class

            Builder.load_string(kv.joinpath(f"{name}.kv").read_text(encoding="utf-8"), filename=f"{name}.kv")
            manager.add_widget(screen_class(module)(name=name))
        return manager.get_screen(name)

    def _android_store_path(self) -> Path:
        """The game log in the user data folder; a log an earlier build kept in Kivy's
        `user_data_dir` is moved there first (with its journal files), so no game is left behind."""
        from companion.storage import default_store_path

        path = default_store_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        earlier = Path(self.user_data_dir) / path.name
        if earlier.is_file() and not path.exists():
            for suffix in ("-wal", "-shm", ""):
                old = earlier.with_name(earlier.name + suffix)
                if old.exists():
                    os.replace(old, path.with_name(path.name + suffix))
        return path

    def on_start(self) -> None:
        """Go back where the app was, or to the demo game, or home; the other screens are made
        afterwards, one a frame, so that the first visit to each is as quick as the next; the garbage
        collector's full passes wait for moments when nobody touches the screen."""
        Clock.schedule_once(self._make_next_screen, 0.5)
        self.collector.start(Window, Clock)
        self._go_back()

    def _make_next_screen(self, _dt: float) -> None:
        missing = [name for name in screen_names() if not self.root.has_screen(name)]
        if missing:
            self.screen(missing[0])
            Clock.schedule_once(self._make_next_screen, 0.05)
        else:
            settle_heap(full=True)

    def _go_back(self) -> None:
        if self.demo:
            self.start_demo()
            return
        if self.requested_camera:               # `companion app --camera SOURCE`: the camera New game offers
            self.store_set("app.default_camera", self.requested_camera)
        place = self.store_setting("app.place", {}) or {}
        game_id = place.get("game")
        if game_id is not None and place.get("screen") in game_screens():
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
        """Android: keep running in the background (everything is saved already), with the camera
        given back to the system so that other apps may use it."""
        self.stop_camera()
        return True

    def on_resume(self) -> None:
        """Android: back in front: watch the open game's table again (and ask again for a permission
        refused before, which the player may since have given in the settings)."""
        if self.session is not None and not self.session.finished and not self.camera_on:
            self.start_camera(self.requested_camera or self.store_setting("app.camera"))

    def _resize(self, *_: Any) -> None:
        from kivy.metrics import Metrics

        from companion.app.theme import TOUCH_MM, pixels_per_mm, size_unit

        self.mm = pixels_per_mm(Window.width, Window.height, Metrics.dpi, os.environ.get("COMPANION_DPI"))
        self.touch = TOUCH_MM * self.mm
        self.u = size_unit(Window.width, Window.height, self.mm)

    # -- words ----------------------------------------------------------------------------------
    def tr(self, key: str, _language: str | None = None, **values: Any) -> str:
        """A text in the current language (kv passes `app.language` so the text follows a switch)."""
        return translate(key, self.language, **values)

    @property
    def game(self) -> AppGame:
        """The app's own game (`APP_GAMES`: 7 Wonders): what New game starts and a logged game resumes as."""
        return APP_GAMES.values()[0]

    @property
    def words(self) -> Any:
        """Wording of engine results in the current language."""
        return self.game.words(self.card_data(), self.language)

    def card_data(self) -> Any:
        """The game data with the cards of the open 7 Wonders game's box (Armada's too when played
        with it); the base game's without one (no game, or an Architects game)."""
        assert self.store is not None
        session = self.session
        return session.card_data() if self.game.is_session(session) else self.store.data

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
        """Save a setting at once (on a log that cannot be written, say so and go on)."""
        assert self.store is not None
        try:
            self.store.set_setting(key, value)
        except StoreError:
            self.say("session.not_saved")

    def go(self, name: str, **options: Any) -> None:
        """Show a screen (after letting it prepare) and save where the app is."""
        screen = self.screen(name)
        if hasattr(screen, "prepare"):
            screen.prepare(**options)
        if self.root.current != name:
            self.say(None)
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
    def expansion_data(self, expansion: str) -> Any:
        """An expansion's data (`EXPANSION_DATA`: Armada's) with the values the owner entered in the
        components file (``$COMPANION_COMPONENTS``, else the user data folder, as for the command line);
        read again when the file changes, the shipped data alone when the file cannot be used."""
        from companion.app.registry import EXPANSION_DATA
        from companion.gamedata.reading import GameDataError

        load = EXPANSION_DATA.find(expansion)
        path = self.components_path()
        try:
            stamp = (str(path), path.stat().st_mtime)
        except OSError:
            stamp = (str(path), -1.0)
        cached = self._expansion_data.get(expansion)
        if cached is None or cached[0] != stamp:
            try:
                loaded = load(path if stamp[1] >= 0 else None)
            except GameDataError:
                self.say(f"{expansion}.components_unusable")
                loaded = load(None)
            cached = self._expansion_data[expansion] = (stamp, loaded)
        return cached[1]

    def components_path(self) -> Path:
        """The components file: Armada values the owner entered (here, or with `companion components edit`)."""
        from companion.gamedata.components import default_components_path

        return default_components_path(os.environ)

    def values_saved(self) -> None:
        """Values were entered in the app: read the components file again and redraw."""
        self._expansion_data.clear()
        self.changed(now=True)

    def start_game(self, players: list[Any], *, variant: str = "standard", camera: str | None = None,
                   options: dict[str, int] | None = None, expansions: dict[str, dict[str, Any]] | None = None,
                   teams: list[list[str]] | None = None) -> None:
        """Log a new game's set-up and open its table: `expansions` are the expansions played, each with
        the set-up its New game panel filled in (each seat's port board...); `teams` those of a team variant.

        :raises SessionError: when the set-up is not a valid table.
        """
        assert self.store is not None
        craftsmens = self.store_setting("craftsmens_guild_vp")
        merged = {**({"craftsmens_guild_vp": craftsmens} if craftsmens else {}), **(options or {})}
        chosen = expansions or {}
        self.session = self.game.start(self.store, players, variant=variant, options=merged or None,
                                       registry=self.registry, expansions=list(chosen),
                                       part_options={k: v for setup in chosen.values() for k, v in setup.items()},
                                       teams=teams)
        self.camera_play = None
        self.store_set("app.camera", camera)
        self.keep_screen_on(True)
        self.changed(now=True)
        self.go("table")
        Clock.schedule_once(lambda _dt: settle_heap(), 1.0)     # the new game's objects, once drawn
        self.start_camera(camera)               # after the screen change, so that a refusal stays in view

    def open_game(self, game_id: int, *, screen: str = "table", options: dict[str, Any] | None = None) -> None:
        """Open a logged game where it stands (resume, or look at a finished one's score)."""
        assert self.store is not None
        for opens in GAME_OPENERS.values():             # another game's: it opens its own
            if opens(self, game_id, screen, options):
                return
        self.session = self.game.resume(self.store, game_id, self.registry)
        self.camera_play = None
        self.keep_screen_on(not self.session.finished)
        if self.session.finished:
            screen = "score"
        self.changed(now=True)
        self.go(screen, **(options or {}))
        Clock.schedule_once(lambda _dt: settle_heap(), 1.0)
        if not self.session.finished:
            self.start_camera(self.requested_camera or self.store_setting("app.camera"))

    def close_game(self) -> None:
        """Leave the game (it stays in the log, unfinished games can be continued)."""
        self.stop_camera()
        self.session = None
        self.keep_screen_on(False)
        self.go("home")

    @staticmethod
    def keep_screen_on(on: bool) -> None:
        """No screensaver and no screen blanking while a game is open (SDL inhibits them: the X or
        Wayland idle timer on a desktop; on the Pi's KMS console nothing else draws anyway)."""
        Window.allow_screensaver = not on

    def start_demo(self) -> None:
        """Start a game from the bundled recording, watched through its rendered frames; it plays itself."""
        self.pilot, players = self.game.demo()
        self.start_game(players, camera="demo")

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
        if error.key is None or f"session.{error.key}" not in catalogue("en"):
            return str(error)             # a refusal no catalogue words yet (a turn's rarer codes)
        values = dict(error.values)
        if "card" in values:
            values["card"] = self.words.card(values["card"])
        if self.game.is_session(self.session):   # the expansions' ids named (Armada's fleets and islands)
            values = self.words.refusal_values(values, self.session)
        return self.tr(f"session.{error.key}", **values)

    def notify(self, text: str, *, bad: bool = False, undo: Any = None) -> None:
        """A short message at the bottom of the screen, with an optional undo button."""
        screen = self.root.current_screen if self.root else None
        toast = getattr(screen, "toast", None) if screen is not None else None
        if toast is not None:             # once, in the message bar (the top bar keeps the camera's state)
            toast.show(text, bad=bad, undo=undo)

    # -- the camera ---------------------------------------------------------------------------------
    def start_camera(self, spec: str | None, *, recognise: bool = True) -> None:
        """Watch the table through `spec` (a camera number, a video, a folder of images, ``demo``);
        without `recognise`, only show it (the preview benchmark's reference)."""
        self.stop_camera()
        if not spec or self.session is None:
            return
        from companion.app.camera import open_feed

        try:
            play = self.camera_play                  # another game's play seats its players itself
            players = play.seat_order if play is not None else self.session.players
            seating = [] if play is not None else [p["wonder"] for p in self.session.players]
            box = None if play is not None else self.session.card_data()   # its expansions' cards too
            self.feed = open_feed(spec, player_count=len(players),
                                  family=self.store_setting("marker_family", "aruco"),
                                  seating=seating, data=box, recognise=recognise)
        except (OSError, ValueError) as error:
            key, values = self.camera_problem(spec, error)
            self.say(key, **values)                 # the camera's state: it stays in the top bar
            return
        self.feed.start()
        self.say(None)                          # no camera problem to tell any more
        self.camera_source = spec
        self.camera_on = True
        self._pump_event = Clock.schedule_interval(self._pump_camera, 1.0 / PREVIEW_HZ)
        self.changed(now=True)                  # the table makes room for the picture

    def open_camera_play(self, watching: bool) -> None:
        """Make the open game's camera play (`CAMERA_PLAYS`: a game that reads the markers itself) when
        the camera is to watch it (`watching`), else drop it."""
        self.camera_play = None
        if watching:
            self.camera_play = next((play for make in CAMERA_PLAYS.values()
                                     if (play := make(self.session)) is not None), None)

    def stop_camera(self) -> None:
        """Stop the camera threads."""
        if self._pump_event is not None:
            self._pump_event.cancel()
            self._pump_event = None
        if self.feed is not None:
            self.feed.stop()
            self.feed = None
        self.camera_on = False
        self.camera_source = ""

    @guarded
    def _pump_camera(self, _dt: float) -> None:
        """On the UI thread: show the newest frame, and give recognised frames to the session (what
        a frame cannot give, such as a board that is not in this game, is said and the next frame
        read: nothing the camera, the log or the rules raise stops the game)."""
        feed = self.feed
        if feed is None:
            return
        try:
            number, frame = feed.latest()
            if frame is not None and number != self._preview_number:
                self._preview_number = number
                self._show_frame(frame.image if frame.preview is None else frame.preview)
            results = feed.drain()
        except Exception as error:               # the camera itself failed: say so, and go on by hand
            self.stop_camera()
            report_failure(error, "the camera")
            return
        if results and self.session is not None and not self.session.finished:
            changed = False
            for recognised in results:
                changed |= bool(guarded(self._observe)(recognised))
            self.last_result = results[-1].result
            if changed:
                self.changed()
                if self.pilot is not None:
                    guarded(self.pilot.act)(self)
        if feed.failure is not None:             # the camera is gone: say so, and go on by hand
            self.stop_camera()
            key, values = self.camera_problem(feed.failure.source or "", feed.failure)
            self.say(key, **values)
            self.changed(now=True)
        elif feed.error:
            self.say("camera.error")
        elif feed.ended and not feed.running:
            self.say("camera.ended")
            self.stop_camera()

    def _observe(self, recognised: Any) -> bool:
        """Give one recognised frame to the game; True when it changed the game."""
        session = self.session
        if self.camera_play is not None:
            return bool(self.camera_play.observe(session, recognised.result.placed, recognised.seconds))
        changed = False
        result = recognised.result               # earlier frames read again once this one placed their board
        for observation in (result.observation, *result.late):
            changed |= bool(session.observe(observation, recognised.seconds))  # type: ignore[union-attr]
        return changed

    def camera_problem(self, spec: str, error: Exception) -> tuple[str, dict[str, Any]]:
        """Why the camera `spec` is not watching, as a catalogue key and its values: a refused
        permission, a camera lost mid-game, software missing, or a camera that cannot be opened (the
        error's own English words go to the log, not to the player)."""
        from kivy.logger import Logger

        Logger.warning("Companion: the camera %s: %s", spec, error)
        kind = getattr(error, "kind", "cannot_open")
        key = f"camera.{kind}" if kind in ("permission", "lost", "missing") else "camera.cannot_open"
        return key, {"source": self.camera_name(spec)}

    def camera_name(self, spec: str) -> str:
        """A camera source as a player knows it: its number, the Pi camera, the demo recording, or a
        video's or folder's name (never its path)."""
        if spec == "demo":
            return str(self.tr("new_game.camera_demo"))
        if spec.startswith("picamera"):
            return "Raspberry Pi"
        return Path(spec).name or spec

    def say(self, key: str | None, **values: Any) -> None:
        """The app's state line (the camera's, the log's): in the player's language, and said again in
        the new language when the language changes; None clears it."""
        self._said = (key, values) if key else None
        self.status = self.tr(key, **values) if key else ""

    def on_language(self, *_: Any) -> None:
        """The language changed: the state line and the problems are said in the new one."""
        said = getattr(self, "_said", None)
        if said is not None:
            self.status = self.tr(said[0], **said[1])

    def problem_text(self, problem: str) -> str:
        """A problem the camera or the session noted, in the player's language: its catalogue text with
        card and wonder ids as names (a seat's wonder as its player's name); one that has no key is
        said without its English details."""
        from companion.problem import Problem

        if not isinstance(problem, Problem):
            return str(self.tr("problem.other"))
        values = dict(problem.values)
        seats = {p["wonder"]: p["name"] for p in self.session.players} if self.game.is_session(self.session) else {}
        words = self.words
        for name in ("wonder", "other"):
            if name in values:
                values[name] = seats.get(values[name]) or words.wonder(values[name])
        if "card" in values:
            values["card"] = words.card(values["card"]) if values["card"] else "?"
        if "component" in values:
            card = self.registry_card(values.pop("component"))
            values["card"] = words.card(card) if card else "?"
        return str(self.tr(f"problem.{problem.key}", **values))

    def registry_card(self, key: str) -> str | None:
        """The card id of a marker's component key (``lumber_yard/I/3+``), None for another component."""
        return next((c.card for c in self.registry.components if c.key == key), None)

    def _show_frame(self, image: Any) -> None:
        import numpy as np  # here, not at start: the app starts faster without it

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

    def write_export(self, path: Path, content: str | Any) -> None:
        """Write an export (text, or a function that writes the file it is given: a picture) through
        a temporary file renamed into place, never over the game log."""
        from companion.safewrite import store_files, write_atomic, write_atomic_with

        protected = store_files(self.store_path) if str(self.store_path) != ":memory:" else []
        if isinstance(content, str):
            write_atomic(path, content.encode("utf-8"), protected=protected)
        else:
            write_atomic_with(path, content, protected=protected)

    def where_kept(self, path: Path, *, share: bool = False) -> str | None:
        """Where the player finds the file just written at `path`: on Android a copy in the shared
        Pictures or Documents folder (with `share`, offered through the share sheet too); elsewhere
        the path. None, with the reason on screen, when the copy could not be made."""
        from companion.app.share import ShareError, publish

        try:
            return publish(path, share=share)
        except ShareError as error:
            self.notify(self.tr(error.key, **error.values), bad=True)
            return None

    def place_words(self, place: str | None) -> str:
        """Where a written file is, in words for a message (no file path): ``in the exports folder
        beside the game log``; on Android the shared folder it was copied to (``where_kept``)."""
        if place and not Path(place).is_absolute():            # Android: Pictures/Table Companion/...
            folder = "pictures" if place.split("/")[0].lower().startswith("pict") else "documents"
            return self.tr(f"place.{folder}")
        return self.tr("place.exports")

    def timestamp(self) -> str:
        """A file-name-safe local time."""
        return time.strftime("%Y%m%d-%H%M%S")

    def dump(self) -> str:
        """The app's state as JSON, for tests and bug reports."""
        return json.dumps({"screen": self.root.current if self.root else None,
                           "game": self.session.game_id if self.session else None, "language": self.language})
