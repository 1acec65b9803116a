"""The app on a fake Android device (run in its own process: one Kivy window per process).

`python -m tests.tools.device_app_script STORE` starts the app offscreen with fake ``jnius`` and
``android`` modules (tests/fakes) and ``companion app --camera MISSING.mp4``, plays five camera
stories and prints one JSON object per story: a camera given on the command line that cannot be
opened, the permission granted when asked (frames reach the reader and the preview), the
permission refused, the camera lost mid-game, a busy camera, a camera without 1080p, one whose set-up
fails after Kivy opened it, and pictures shared again through the one share sheet. Screenshots go to
tests/output/screens/.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.fakes import install

install()

import android_device  # noqa: E402 - the fakes first

from tests.tools.app_driver import AppDriver  # noqa: E402

MISSING_VIDEO = "/nonexistent/table.mp4"


def _seats() -> list[Any]:
    from companion.games.sevenwonders.session import SeatSetup

    return [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "babylon", "A")]


def _story(driver: AppDriver, name: str, *, language: str = "en") -> dict[str, Any]:
    app = driver.app
    app.set_language(language)
    from kivy.core.window import Window

    toast = getattr(app.root.current_screen, "toast", None)
    return {"story": name, "screen": app.root.current, "status": app.status, "camera_on": app.camera_on,
            "message": toast.text if toast is not None and toast.shown else "",
            "screensaver_allowed": Window.allow_screensaver,
            "screenshot": str(driver.screenshot(f"camera-{name}-{language}") or "")}


def _start_android_game(driver: AppDriver) -> None:
    driver.app.close_game()
    driver.app.start_game(_seats(), camera="0")


def main(store: Path, language: str, size: tuple[int, int]) -> None:
    driver = AppDriver.start(store, size=size, camera=MISSING_VIDEO, language=language)
    app = driver.app
    stories = []

    # `companion app --camera SOURCE`: New game offers that camera; it cannot be opened: say so, on the table.
    app.go("new_game")
    offered = app.root.get_screen("new_game").camera_spec()
    app.start_game(_seats(), camera=offered)
    driver.pump(frames=3)
    stories.append({**_story(driver, "cannot-open", language=language), "offered": offered})

    # Android from here on (Kivy itself already started as on a desktop).
    os.environ["ANDROID_ARGUMENT"] = str(store.parent)
    app.requested_camera = None
    import companion.app.android_camera as android_camera

    android_camera.LOST_AFTER_SECONDS = 1.0
    seen: list[dict[str, Any]] = []
    previews: list[str] = []
    show_frame = app._show_frame

    def show_and_record(image: Any) -> None:
        previews.append(threading.current_thread().name)
        show_frame(image)

    app._show_frame = show_and_record

    def watch_reader() -> None:
        reader = app.feed.reader
        read = reader.read

        def read_and_record(image: Any, *, sequence: str | None = None) -> Any:
            seen.append({"shape": list(image.shape), "left": image[10, 10].tolist(), "right": image[10, -10].tolist(),
                         "thread": threading.current_thread().name})
            return read(image, sequence=sequence)
        reader.read = read_and_record

    # Granted when asked: the camera opens on the main thread, frames reach the reader and the preview.
    android_device.reset()
    android_device.PLAYER.answer = True
    _start_android_game(driver)
    watch_reader()
    driver.wait_until(lambda: len(seen) >= 3 and app.preview_texture is not None, timeout=20)
    texture = app.preview_texture
    pixels = texture.pixels if texture is not None else b""
    width = texture.size[0] if texture is not None else 0
    story = _story(driver, "granted", language=language)
    story.update(asked=android_device.PLAYER.asked, calls=sorted(set(android_device.CAMERA.calls)),
                 reader=seen[:3], preview_threads=sorted(set(previews)),
                 texture_size=list(texture.size) if texture is not None else None,
                 texture_left=list(pixels[40:44]), texture_right=list(pixels[(width - 10) * 4:(width - 10) * 4 + 4]))
    stories.append(story)

    # Another app in front, then back: the camera is given back to the system, then watched again.
    app.on_pause()
    driver.pump(frames=3)
    paused = {"story": "paused", "camera_on": app.camera_on, "cameras": _cameras()}
    app.on_resume()
    watch_reader()
    before = len(seen)
    driver.wait_until(lambda: len(seen) > before + 2, timeout=20)
    stories.append({**paused, "resumed_camera_on": app.camera_on, "frames_after_resume": len(seen) - before,
                    "resumed_cameras": _cameras()})

    # Lost mid-game: the camera falls silent.
    android_device.CAMERA.frames_before_stop = android_device.CAMERA.delivered + 5
    driver.wait_until(lambda: not app.camera_on, timeout=20)
    driver.pump(frames=3)
    stories.append({**_story(driver, "lost", language=language), "cameras": _cameras()})

    # Refused.
    android_device.reset()
    android_device.PLAYER.answer = False
    _start_android_game(driver)
    driver.wait_until(lambda: not app.camera_on, timeout=20)
    stories.append({**_story(driver, "refused", language=language), "asked": android_device.PLAYER.asked,
                    "opened": [c for c in android_device.CAMERA.calls if c[0] == "open"]})

    # Dismissed (an empty answer), then a busy camera.
    android_device.reset()
    android_device.PLAYER.answer = None
    _start_android_game(driver)
    driver.wait_until(lambda: not app.camera_on, timeout=20)
    stories.append(_story(driver, "dismissed", language=language))
    android_device.reset()
    android_device.PLAYER.granted.add("android.permission.CAMERA")
    android_device.CAMERA.busy = True
    _start_android_game(driver)
    driver.wait_until(lambda: not app.camera_on, timeout=20)
    stories.append(_story(driver, "busy", language=language))

    # A camera without 1080p: asked for its sizes first, opened once at 720p (no busy second try).
    android_device.reset()
    android_device.PLAYER.granted.add("android.permission.CAMERA")
    android_device.CAMERA.sizes = ((1280, 720), (640, 480))
    seen.clear()
    _start_android_game(driver)
    watch_reader()
    driver.wait_until(lambda: len(seen) >= 2, timeout=20)
    stories.append({**_story(driver, "no-1080p", language=language), "reader": seen[:2],
                    "cameras": _cameras()})

    # Set-up fails after Kivy's provider opened the camera: it is released, and the next game gets it.
    android_device.reset()
    android_device.PLAYER.granted.add("android.permission.CAMERA")
    android_device.CAMERA.refuse_parameters = True
    _start_android_game(driver)
    driver.wait_until(lambda: not app.camera_on, timeout=20)
    refused = {**_story(driver, "parameters-refused", language=language), "cameras": _cameras()}
    android_device.CAMERA.refuse_parameters = False
    seen.clear()
    _start_android_game(driver)
    watch_reader()
    driver.wait_until(lambda: len(seen) >= 2, timeout=20)
    stories.append({**refused, "next_game_camera_on": app.camera_on, "next_game_cameras": _cameras()})

    stories.extend(_storage_stories(driver, store.parent / "shared", language))
    app.close_game()
    stories.append(_story(driver, "home", language=language))
    stories.append(_legacy_store(app, store.parent / "legacy-log"))
    for story in stories:
        print(json.dumps(story), flush=True)
    driver.stop()


def _cameras() -> list[dict[str, bool]]:
    """Every camera the app opened, in order: did it show a preview, is it released."""
    return [{"previewed": d.previewed, "released": d.released} for d in android_device.CAMERA.devices]


def _legacy_store(app: Any, folder: Path) -> dict[str, Any]:
    """A log an earlier Android build kept in Kivy's user_data_dir moves to the user data folder."""
    old, new = folder / "kivy-files", folder / "user-data" / "games.sqlite3"
    old.mkdir(parents=True)
    for suffix, content in (("", b"log"), ("-wal", b"journal")):
        (old / f"games.sqlite3{suffix}").write_bytes(content)
    type(app).user_data_dir = property(lambda _self: str(old))
    os.environ["COMPANION_STORE"] = str(new)
    path = app._android_store_path()
    return {"story": "legacy-store", "path": str(path), "expected": str(new),
            "moved": sorted(p.name for p in new.parent.iterdir()), "left": sorted(p.name for p in old.iterdir()),
            "log": path.read_bytes().decode()}


def _saved(driver: AppDriver, name: str, language: str) -> dict[str, Any]:
    storage = android_device.STORAGE
    rows = [{"uri": uri, "collection": row["collection"], "values": row["values"],
             "png": row["data"][:8] == b"\x89PNG\r\n\x1a\n", "size": len(row["data"])}
            for uri, row in storage.rows.items()]
    shared = []
    for intent in storage.started:
        inner = intent.extras.get("android.intent.extra.INTENT", intent)
        stream = inner.extras.get("android.intent.extra.STREAM")
        shared.append({"action": inner.action, "type": inner.type, "flags": inner.flags,
                       "uri": stream.toString() if stream is not None else None})
    files = sorted(str(p.relative_to(storage.root)) for p in Path(storage.root).rglob("*") if p.is_file())
    return {**_story(driver, name, language=language), "rows": rows, "shared": shared, "files": files,
            "strict_mode_relaxed": storage.strict_mode_relaxed}


def _save_picture(driver: AppDriver) -> None:
    driver.app.go("score")
    driver.pump(frames=3)
    driver.app.root.get_screen("score").save_picture()
    driver.pump(frames=2)


def _storage_stories(driver: AppDriver, shared: Path, language: str) -> list[dict[str, Any]]:
    """Pictures and exports saved where the player finds them, shared through content URIs."""
    import android

    app = driver.app
    stories = []
    android_device.reset()
    shared.mkdir(parents=True, exist_ok=True)
    android_device.reset_storage(str(shared), api_level=34)
    _save_picture(driver)
    game = app.session.game_id
    app.go("game_detail", game_id=game)
    driver.pump(frames=2)
    app.root.get_screen("game_detail").export("csv")
    driver.pump(frames=2)
    stories.append(_saved(driver, "storage-android-14", language))

    # Android 9: the shared folders need the storage permission, asked when the player saves.
    android_device.reset_storage(str(shared / "legacy"), api_level=28)
    Path(android_device.STORAGE.root).mkdir(parents=True, exist_ok=True)
    android.api_version = 28
    for name in [m for m in sys.modules if m.startswith("androidstorage4kivy") or m == "companion.app.share"]:
        del sys.modules[name]                      # they read the API level when imported (the share sheet too)
    _save_picture(driver)
    refused = _saved(driver, "storage-android-9-asked", language)
    refused["asked"] = android_device.PLAYER.asked
    stories.append(refused)
    android_device.PLAYER.granted.add("android.permission.WRITE_EXTERNAL_STORAGE")
    _save_picture(driver)
    stories.append(_saved(driver, "storage-android-9", language))

    # Two more pictures shared: one share sheet all along, and its legacy MediaStore entries do not pile up.
    import androidstorage4kivy

    made: list[Any] = []
    sheet_class = androidstorage4kivy.ShareSheet
    original_init = sheet_class.__init__

    def counting_init(sheet: Any, *args: Any, **kwargs: Any) -> None:
        made.append(sheet)
        original_init(sheet, *args, **kwargs)

    sheet_class.__init__ = counting_init
    for _ in range(2):
        time.sleep(1.1)                                # another picture name (it holds the time to the second)
        _save_picture(driver)
    sheet_class.__init__ = original_init
    shares = _saved(driver, "storage-android-9-shared-again", language)
    shares["sheets_made"] = len(made)
    shares["legacy_entries"] = sum(1 for row in android_device.STORAGE.rows.values() if "_data" in row["values"])
    stories.append(shares)
    return stories


if __name__ == "__main__":
    width, height = (int(v) for v in sys.argv[3].split("x")) if len(sys.argv) > 3 else (1280, 800)
    main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "en", (width, height))
