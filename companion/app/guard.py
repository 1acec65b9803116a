"""No exception leaves a tap or a frame handler: whatever the camera, the game log or the rules raise
becomes one message in the player's language, and the game goes on.

`guarded` wraps a handler (the camera pump, a clock callback); `TapGuard` is the base of every
widget a player taps (`BigButton`, `ToggleChoice`, `Tappable`, `SmallButton`), so each of their
handlers, those bound in kv files and in Python alike, runs guarded; `install_last_resort` makes
Kivy's event loop report anything else the same way instead of closing the app. `watch_failures`
lets the tests' driver see every failure reported, so that one a test did not expect fails it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from kivy.app import App
from kivy.logger import Logger

__all__ = ["TAP_EVENTS", "TapGuard", "failure_text", "guarded", "install_last_resort", "report_failure",
           "watch_failures"]

TAP_EVENTS = frozenset({"on_press", "on_release"})
Handler = TypeVar("Handler", bound=Callable[..., Any])
MAX_DETAIL = 120
"""Characters of an error's own words a message repeats."""
_watchers: list[Callable[[BaseException, str], None]] = []


def _detail(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "\u2026"


def failure_text(running: Any, error: BaseException) -> str:
    """What a player reads about `error`: a refusal of the game, an unsaved change, a camera or file
    failure, or anything else (with the error's kind, for a bug report)."""
    from companion.state.errors import SessionError
    from companion.storage import StoreError

    if isinstance(error, SessionError):
        return str(running.refusal_text(error))
    if isinstance(error, StoreError):
        return str(running.tr("session.not_saved"))
    if _from_camera(error):
        return str(running.tr("camera.error"))
    if isinstance(error, OSError):
        return str(running.tr("app.file_failed", error=_detail(error)))
    if isinstance(error, ValueError):               # the rules' and readers' refusals (ArchitectsRuleError...)
        return str(running.tr("app.refused", error=_detail(error)))
    return str(running.tr("app.unexpected", kind=type(error).__name__, error=_detail(error)))


def _from_camera(error: BaseException) -> bool:
    """True for a failure of the camera or of OpenCV (which raises cv2.error)."""
    kinds = type(error).__mro__                     # by name: the app may run without the vision extra
    return any(kind.__name__ == "FrameSourceError" for kind in kinds) or type(error).__module__.startswith("cv2")


def watch_failures(watcher: Callable[[BaseException, str], None]) -> None:
    """Call `watcher(error, where)` for every failure reported from now on (the tests' driver does, to
    fail a test on a failure the player would only have read about)."""
    _watchers.append(watcher)


def report_failure(error: BaseException, where: str = "") -> None:
    """Log `error` with its traceback and show it to the player as a message (the game goes on)."""
    for watcher in _watchers:
        watcher(error, where)
    Logger.error("Companion: %s failed: %s", where or "a handler", error, exc_info=error)
    running = App.get_running_app()
    if running is None:
        return
    try:
        text = failure_text(running, error)
        running.notify(text, bad=True)
        if _from_camera(error):
            running.say("camera.error")
    except Exception as again:                      # the message itself failed: the log has both
        Logger.error("Companion: the message about it failed too: %s", again, exc_info=again)


def guarded(handler: Handler) -> Handler:
    """`handler`, with any exception it raises reported by `report_failure` instead of raised."""
    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return handler(*args, **kwargs)
        except Exception as error:
            report_failure(error, getattr(handler, "__qualname__", ""))
            return None
    return run  # type: ignore[return-value]


class TapGuard:
    """A tappable widget whose tap handlers (``on_press``, ``on_release``) all run guarded: Kivy calls
    them through `dispatch`, so one override covers handlers bound anywhere."""

    def dispatch(self, event_type: str, *args: Any, **kwargs: Any) -> Any:
        dispatch = super().dispatch  # type: ignore[misc]
        if event_type not in TAP_EVENTS:
            return dispatch(event_type, *args, **kwargs)
        done = guarded(dispatch)(event_type, *args, **kwargs)
        if event_type == "on_release":
            # a release that opened a pad over the button never leaves it drawn pressed (greyed)
            from kivy.clock import Clock

            Clock.schedule_once(self._released, 0.1)
        return done

    def _released(self, _dt: float) -> None:
        touch = getattr(self, "last_touch", None)
        held = touch is not None and any(ref() is self for ref in getattr(touch, "grab_list", ()))
        if getattr(self, "state", "normal") == "down" and not held:
            self.state = "normal"  # type: ignore[attr-defined]


def install_last_resort() -> None:
    """Make Kivy's event loop report an exception no guard caught and go on, instead of closing."""
    from kivy.base import ExceptionHandler, ExceptionManager

    class ReportAndGoOn(ExceptionHandler):  # type: ignore[misc]
        def handle_exception(self, inst: BaseException) -> int:
            if isinstance(inst, KeyboardInterrupt | SystemExit):
                return int(ExceptionManager.RAISE)
            report_failure(inst, "the event loop")
            return int(ExceptionManager.PASS)

    if not any(type(h).__name__ == "ReportAndGoOn" for h in ExceptionManager.handlers):
        ExceptionManager.add_handler(ReportAndGoOn())
