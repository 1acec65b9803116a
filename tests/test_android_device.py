"""The app on a fake Android device (tests/fakes: ``jnius``, ``android``, ``android.permissions``, the
camera and MediaStore behind them behave as on a device; Kivy 2.3.1's own Android camera provider
and androidstorage4kivy run over them).

One process plays the camera stories (tests/tools/device_app_script.py); each is checked here:
the permission asked first, the camera created on the main thread, frames reaching the reader at
the camera's size with the right colours, the preview made on the main thread and not red/blue
swapped; a refusal, a dismissed dialog, a busy camera and a camera lost mid-game each reach the
screen while the game stays open; the camera is asked for its preview sizes before Kivy's provider
opens it at one it offers, and a provider that fails half-way releases it; `companion app --camera
SOURCE` is what New game offers; score pictures and exports land in the shared Pictures and Documents
folders and are shared through content:// URIs, on Android 14 through MediaStore and on Android 9
after the storage permission, by one share sheet for the app's life.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import translate

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]
RED, BLUE = [0, 0, 255], [255, 0, 0]


@pytest.fixture(scope="module")
def stories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    store = tmp_path_factory.mktemp("android") / "games.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ANDROID_ARGUMENT", None)
    done = subprocess.run([sys.executable, "-m", "tests.tools.device_app_script", str(store), "en"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    found = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {story["story"]: story for story in found}


def _close(pixel: list[int], expected: list[int]) -> bool:
    return all(abs(a - b) <= 2 for a, b in zip(pixel, expected, strict=True))


def test_a_camera_given_on_the_command_line_is_offered_and_its_failure_stays_on_the_table(
        stories: dict[str, dict[str, Any]]) -> None:
    story = stories["cannot-open"]
    assert story["offered"] == "/nonexistent/table.mp4"
    assert story["screen"] == "table" and not story["camera_on"]
    # Said by the video's name, never its path (the error's own words go to the log).
    assert story["status"] == translate("camera.cannot_open", "en", source="table.mp4")


def test_granted_frames_reach_the_reader_at_the_camera_size_in_the_right_colours(
        stories: dict[str, dict[str, Any]]) -> None:
    story = stories["granted"]
    assert story["asked"] == [["android.permission.CAMERA"]]
    assert story["camera_on"] and story["status"] == ""
    for frame in story["reader"]:
        assert frame["shape"] == [1080, 1920, 3]                 # the first preview size the camera offers
        assert _close(frame["left"], RED) and _close(frame["right"], BLUE)     # BGR: red left, blue right
        assert frame["thread"] == "camera-recognise"


def test_the_camera_and_every_gl_object_are_made_on_the_main_thread(stories: dict[str, dict[str, Any]]) -> None:
    story = stories["granted"]
    calls = {what: thread for what, thread in story["calls"]}
    for what in ("open", "SurfaceTexture", "setPreviewTexture", "startPreview", "updateTexImage"):
        assert calls.get(what) == "MainThread", (what, story["calls"])
    assert story["preview_threads"] == ["MainThread"]


def test_the_preview_shows_red_as_red(stories: dict[str, dict[str, Any]]) -> None:
    story = stories["granted"]
    assert story["texture_size"] == [1280, 720]               # the screen's copy, made on the feed's thread
    assert _close(story["texture_left"][:3], [255, 0, 0])         # the texture is RGBA: red is (255, 0, 0)
    assert _close(story["texture_right"][:3], [0, 0, 255])


@pytest.mark.parametrize("name, key", [("refused", "camera.permission"), ("dismissed", "camera.permission"),
                                       ("lost", "camera.lost")])
def test_a_refusal_or_a_lost_camera_reaches_the_screen_and_the_game_goes_on(
        stories: dict[str, dict[str, Any]], name: str, key: str) -> None:
    story = stories[name]
    assert story["screen"] == "table" and not story["camera_on"]
    assert story["status"] == translate(key, "en", source="0", error="")


def test_a_refused_permission_never_opens_the_camera(stories: dict[str, dict[str, Any]]) -> None:
    assert stories["refused"]["asked"] == [["android.permission.CAMERA"]]
    assert stories["refused"]["opened"] == []


def test_a_lost_camera_is_given_back_and_a_busy_one_is_explained(stories: dict[str, dict[str, Any]]) -> None:
    # Each start opens the camera twice (its preview sizes, then the preview): before the pause and after it.
    cameras = stories["lost"]["cameras"]
    assert [c["previewed"] for c in cameras] == [False, True, False, True]
    assert all(c["released"] for c in cameras)
    busy = stories["busy"]
    assert busy["screen"] == "table" and not busy["camera_on"]
    # Android's own English ("Fail to connect to camera service") goes to the log, not to the player.
    assert busy["status"] == translate("camera.cannot_open", "en", source="0")


def test_pictures_and_exports_land_where_the_player_finds_them(stories: dict[str, dict[str, Any]]) -> None:
    story = stories["storage-android-14"]
    picture, export = story["rows"]
    assert picture["values"]["relative_path"] == "Pictures/Table Companion" and picture["png"]
    assert picture["values"]["_display_name"].startswith("score-") and picture["size"] > 1000
    assert export["values"]["relative_path"] == "Documents/Table Companion"
    assert export["values"]["_display_name"].endswith(".csv") and export["size"] > 0
    assert story["message"] == translate("detail.exported", "en", place=translate("place.documents", "en"))
    assert story["files"] == []                         # nothing written outside MediaStore


def test_a_picture_is_shared_through_a_content_uri_the_receiver_may_read(stories: dict[str, dict[str, Any]]) -> None:
    for name in ("storage-android-14", "storage-android-9"):
        story = stories[name]
        assert len(story["shared"]) == 1
        shared = story["shared"][0]
        assert shared["action"] == "android.intent.action.SEND" and shared["type"] == "image/png"
        assert shared["uri"].startswith("content://") and shared["flags"] & 1     # FLAG_GRANT_READ_URI_PERMISSION
        assert not story["strict_mode_relaxed"]             # no file:// URI, so no StrictMode hack


def test_one_share_sheet_serves_every_share_and_cleans_up_after_itself(stories: dict[str, dict[str, Any]]) -> None:
    story = stories["storage-android-9-shared-again"]
    assert story["sheets_made"] == 0                    # the sheet of the first share is used again
    assert len(story["shared"]) == 3 and len(story["files"]) == 3
    # Below Android 10 the sheet makes a MediaStore entry per shared file and deletes the previous one at
    # its next share: one is left (the last picture's, which the receiving app may still be reading).
    assert story["legacy_entries"] == 1


def test_android_9_asks_for_the_storage_permission_then_saves_in_pictures(
        stories: dict[str, dict[str, Any]]) -> None:
    asked = stories["storage-android-9-asked"]
    assert asked["asked"] == [["android.permission.WRITE_EXTERNAL_STORAGE"]]
    assert asked["message"] == translate("share.permission", "en") and asked["files"] == []
    saved = stories["storage-android-9"]
    assert len(saved["files"]) == 1 and saved["files"][0].startswith("Pictures/Table Companion/score-")


def test_the_screen_stays_on_while_a_game_is_open(stories: dict[str, dict[str, Any]]) -> None:
    assert stories["granted"]["screensaver_allowed"] is False
    assert stories["home"]["screen"] == "home" and stories["home"]["screensaver_allowed"] is True


def test_a_log_an_earlier_build_kept_elsewhere_moves_to_the_user_data_folder(
        stories: dict[str, dict[str, Any]]) -> None:
    story = stories["legacy-store"]
    assert story["path"] == story["expected"]
    assert story["moved"] == ["games.sqlite3", "games.sqlite3-wal"] and story["left"] == []
    assert story["log"] == "log"


def test_the_camera_is_given_back_while_another_app_is_in_front(stories: dict[str, dict[str, Any]]) -> None:
    story = stories["paused"]
    assert not story["camera_on"] and all(c["released"] for c in story["cameras"])
    assert story["resumed_camera_on"] and story["frames_after_resume"] > 2
    assert [c["previewed"] for c in story["resumed_cameras"]] == [False, True, False, True]


def test_a_camera_without_1080p_is_asked_for_its_sizes_and_opened_once_at_720p(
        stories: dict[str, dict[str, Any]]) -> None:
    story = stories["no-1080p"]
    assert story["camera_on"] and story["status"] == ""
    assert [frame["shape"] for frame in story["reader"]] == [[720, 1280, 3]] * 2
    assert _close(story["reader"][0]["left"], RED) and _close(story["reader"][0]["right"], BLUE)
    # One look at its sizes (released at once), then one camera for the preview: no refused 1080p try.
    assert story["cameras"] == [{"previewed": False, "released": True}, {"previewed": True, "released": False}]


def test_a_camera_whose_set_up_fails_half_way_is_released_for_the_next_game(
        stories: dict[str, dict[str, Any]]) -> None:
    story = stories["parameters-refused"]
    assert story["screen"] == "table" and not story["camera_on"]
    assert story["status"] == translate("camera.cannot_open", "en", source="0")    # "setParameters failed": the log's
    assert story["cameras"] == [{"previewed": False, "released": True}] * 2     # Kivy's half-opened one too
    assert story["next_game_camera_on"]
    assert story["next_game_cameras"][-1] == {"previewed": True, "released": False}
