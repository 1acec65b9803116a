"""Frame sources: the camera pixel formats (NV21, YUV420) turned into BGR with known pixel values,
a desktop camera asked for its best resolution that reports what it delivers and is lost when it
stops, and the Raspberry Pi camera through a fake picamera2 (main stream at the sensor's best mode,
a low-resolution preview of the same moment, focus set as libcamera defines it, and one line naming the
fix when picamera2 cannot be imported)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.vision import sources
from companion.vision.sources import FrameSourceError, frames_from, is_live, parse_resolution
from companion.vision.yuv import YuvFormatError, i420_to_bgr, nv21_to_bgr
from tests.fakes import FAKES, scene


# -- pixel formats -----------------------------------------------------------------------------------
@pytest.mark.parametrize("use_opencv", [True, False])
def test_nv21_white_black_red_and_blue(use_opencv: bool) -> None:
    # BT.601 video range: Y=235 with neutral chroma is white, Y=16 black; red and blue from the standard's table.
    width, height = 4, 2
    y = np.array([[235, 235, 16, 16], [235, 235, 16, 16]], dtype=np.uint8)
    vu = np.array([[128, 128, 128, 128]], dtype=np.uint8)
    bgr = nv21_to_bgr(np.concatenate([y.ravel(), vu.ravel()]).tobytes(), width, height, use_opencv=use_opencv)
    assert bgr.shape == (2, 4, 3)
    assert bgr[0, 0].tolist() == [255, 255, 255] and bgr[1, 3].tolist() == [0, 0, 0]
    halves = nv21_to_bgr(scene.halves_nv21(8, 4), 8, 4, use_opencv=use_opencv)
    assert np.abs(halves[:, :4].astype(int) - scene.RED_BGR).max() <= 2
    assert np.abs(halves[:, 4:].astype(int) - scene.BLUE_BGR).max() <= 2


def test_nv21_chroma_order_is_v_then_u() -> None:
    # Swapping V and U turns red into blue-ish: the first chroma byte of NV21 is V.
    width, height = 2, 2
    red = bytes([81] * 4 + [240, 90])
    assert nv21_to_bgr(red, width, height, use_opencv=False)[0, 0].tolist()[2] > 250
    assert nv21_to_bgr(bytes([81] * 4 + [90, 240]), width, height, use_opencv=False)[0, 0].tolist()[2] < 100


def test_the_numpy_and_opencv_conversions_agree() -> None:
    rng = np.random.default_rng(3)
    width, height, stride = 64, 48, 96
    nv21 = rng.integers(0, 256, width * height * 3 // 2, dtype=np.uint8).tobytes()
    assert np.array_equal(nv21_to_bgr(nv21, width, height), nv21_to_bgr(nv21, width, height, use_opencv=False))
    planar = rng.integers(0, 256, (height * 3 // 2, stride), dtype=np.uint8)
    assert np.array_equal(i420_to_bgr(planar, width, height), i420_to_bgr(planar, width, height, use_opencv=False))


@pytest.mark.parametrize("use_opencv", [True, False])
def test_i420_with_row_padding_is_cut_to_the_picture(use_opencv: bool) -> None:
    picture = i420_to_bgr(scene.halves_i420(64, 36, 128), 64, 36, use_opencv=use_opencv)
    assert picture.shape == (36, 64, 3)
    assert np.abs(picture[:, :32].astype(int) - scene.RED_BGR).max() <= 2
    assert np.abs(picture[:, 32:].astype(int) - scene.BLUE_BGR).max() <= 2


def test_a_frame_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(YuvFormatError, match="has 24 bytes, this one 23"):
        nv21_to_bgr(bytes(23), 4, 4)
    with pytest.raises(YuvFormatError, match="even"):
        nv21_to_bgr(bytes(15), 5, 2)
    with pytest.raises(YuvFormatError):
        i420_to_bgr(np.zeros((10, 8), dtype=np.uint8), 8, 8)


# -- source names ------------------------------------------------------------------------------------
def test_source_names() -> None:
    assert is_live("0") and is_live("picamera") and is_live("picamera:1")
    assert not is_live("demo") and not is_live("table.mp4") and not is_live("photos")
    assert is_live("0@1280x720") and is_live("picamera@2304x1296") and is_live("picamera,height=0.7@2304x1296")
    assert parse_resolution("1920x1080") == (1920, 1080)
    for bad in ("1920", "axb", "10x10", "99999x10"):
        with pytest.raises(ValueError):
            parse_resolution(bad)


def test_frames_of_a_video_share_a_sequence_photos_have_none(tmp_path: Any) -> None:
    """The reader reuses a reading only within one sequence (a video, a camera): photos, even of one
    folder and one size, are each read on their own."""
    import cv2

    for index in range(2):
        cv2.imwrite(str(tmp_path / f"photo{index}.png"), scene.halves(64, 48))
    assert [f.sequence for f in frames_from(str(tmp_path))] == [None, None]
    video = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 5.0, (64, 48))
    for _ in range(3):
        writer.write(scene.halves(64, 48))
    writer.release()
    assert [f.sequence for f in frames_from(str(video))] == [str(video)] * 3
    assert {f.sequence for f in frames_from("demo", limit_seconds=0.4)} == {"demo"}


# -- a desktop camera through OpenCV -------------------------------------------------------------------
class _FakeCapture:
    """cv2.VideoCapture of a camera offering `modes`: a size set asks for one, the camera delivers the
    largest mode no larger than asked (as V4L2 drivers do); after `frames` reads it fails."""

    modes = ((640, 480), (1280, 720), (1920, 1080))
    frames: int | None = None
    opened = True

    def __init__(self, index: int) -> None:
        self.asked = [0, 0]
        self.size = self.modes[0]
        self.reads = 0
        self.released = False

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        import cv2

        self.asked[0 if prop == cv2.CAP_PROP_FRAME_WIDTH else 1] = int(value)
        fitting = [m for m in self.modes if m[0] <= self.asked[0] and m[1] <= max(self.asked[1], 1)]
        self.size = max(fitting or self.modes[:1], key=lambda m: m[0] * m[1])
        return True

    def read(self) -> tuple[bool, Any]:
        self.reads += 1
        if self.frames is not None and self.reads > self.frames:
            return False, None
        return True, scene.halves(*self.size)

    def release(self) -> None:
        self.released = True


@pytest.fixture
def capture(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[_FakeCapture]]:
    class Capture(_FakeCapture):
        pass
    monkeypatch.setattr(sources.cv2, "VideoCapture", Capture)
    monkeypatch.setattr(sources.time, "sleep", lambda _s: None)
    yield Capture


def test_a_camera_is_asked_for_its_best_and_reports_what_it_delivers(capture: type[_FakeCapture]) -> None:
    camera = frames_from("0")
    assert isinstance(camera, sources.LiveCamera)
    assert camera.requested == (3840, 2160) and camera.delivered == (1920, 1080)
    assert camera.describe() == "camera0: 1920x1080 (asked for 3840x2160)"
    frame = next(camera)
    assert frame.image.shape == (1080, 1920, 3)
    assert frame.sequence == next(camera).sequence == "camera0"     # one camera: one sequence
    assert frame.preview is not None and frame.preview.shape == (720, 1280, 3)     # the screen's copy
    assert frame.preview[10, 10].tolist() == list(scene.RED_BGR)
    camera.close()
    small = frames_from("0", resolution=(1280, 720))
    assert isinstance(small, sources.LiveCamera) and small.delivered == (1280, 720)
    small.close()
    named = frames_from("0@640x480", resolution=(1280, 720))         # the @ in the name wins
    assert isinstance(named, sources.LiveCamera) and named.delivered == (640, 480)
    named.close()
    with pytest.raises(FrameSourceError, match="WIDTHxHEIGHT"):
        frames_from("0@big")


def test_a_camera_that_stops_is_lost_not_ended(capture: type[_FakeCapture]) -> None:
    capture.frames = 3
    camera = frames_from("0")
    got = []
    with pytest.raises(FrameSourceError) as raised:
        for frame in camera:
            got.append(frame)
    assert len(got) == 3 and raised.value.kind == "lost" and raised.value.source == "0"


def test_a_camera_that_cannot_be_opened_says_so(capture: type[_FakeCapture]) -> None:
    capture.opened = False
    with pytest.raises(FrameSourceError, match="camera 2 cannot be opened") as raised:
        frames_from("2")
    assert raised.value.kind == "cannot_open"


# -- the Raspberry Pi camera ---------------------------------------------------------------------------
@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.syspath_prepend(str(FAKES))
    import picamera2

    picamera2.reset()
    yield picamera2
    for name in ("picamera2", "scene"):
        sys.modules.pop(name, None)


def test_the_pi_camera_reads_at_the_sensor_best_and_previews_small(picamera2: Any) -> None:
    camera = frames_from("picamera")
    assert isinstance(camera, sources.LiveCamera)
    assert camera.delivered == (4608, 2592)                    # Camera Module 3's full sensor
    assert camera.describe() == "picamera: 4608x2592, continuous autofocus"
    frame = next(camera)
    assert frame.image.shape == (2592, 4608, 3)
    assert frame.image[100, 100].tolist() == list(scene.RED_BGR)       # RGB888 is B, G, R: OpenCV's order
    assert frame.preview is not None and frame.preview.shape == (360, 640, 3)
    assert np.abs(frame.preview[:, :300].astype(int) - scene.RED_BGR).max() <= 2
    assert np.abs(frame.preview[:, 340:].astype(int) - scene.BLUE_BGR).max() <= 2
    device = picamera2.DEVICE.opened[0]
    assert device.config["main"]["format"] == "RGB888" and device.config["lores"]["format"] == "YUV420"
    camera.close()
    assert device.closed and not device.started


def test_the_pi_preview_with_padded_rows_and_an_asked_resolution(picamera2: Any) -> None:
    picamera2.DEVICE.stride_padding = 64
    camera = frames_from("picamera", resolution=(2304, 1296))
    frame = next(camera)
    assert frame.image.shape == (1296, 2304, 3) and frame.preview is not None
    assert frame.preview.shape == (360, 640, 3)
    assert np.abs(frame.preview[:, 340:].astype(int) - scene.BLUE_BGR).max() <= 2
    camera.close()


def test_a_pi_camera_that_stops_is_lost(picamera2: Any) -> None:
    picamera2.DEVICE.frames_before_stop = 2
    camera = frames_from("picamera")
    with pytest.raises(FrameSourceError) as raised:
        for _ in camera:
            pass
    assert raised.value.kind == "lost"
    assert picamera2.DEVICE.opened[0].closed


@pytest.mark.parametrize("setup, kind, words", [
    ({"cameras": []}, "cannot_open", "libcamera sees 0"),
    ({"busy": True}, "cannot_open", "another program"),
])
def test_a_pi_camera_that_cannot_be_opened(picamera2: Any, setup: dict[str, Any], kind: str, words: str) -> None:
    for key, value in setup.items():
        setattr(picamera2.DEVICE, key, value)
    with pytest.raises(FrameSourceError, match=words) as raised:
        frames_from("picamera")
    assert raised.value.kind == kind


def test_without_picamera2_the_pi_camera_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(FrameSourceError, match="python3-picamera2") as raised:
        frames_from("picamera")
    assert raised.value.kind == "missing"
    assert "\n" not in str(raised.value) and "pi extra" in str(raised.value)


def test_bookworms_simplejpeg_under_numpy_2_gets_one_line_naming_the_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Raspberry Pi OS's picamera2 imports simplejpeg at once (picamera2/encoders/jpeg_encoder.py); Bookworm's
    # python3-simplejpeg is a Cython module built for numpy 1.24, whose import check raises this ValueError
    # under numpy 2 (picamera2 issues #1088, #1211).
    (tmp_path / "simplejpeg").mkdir()
    (tmp_path / "simplejpeg" / "__init__.py").write_text(
        'raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, '
        'got 88 from PyObject")\n')
    (tmp_path / "picamera2").mkdir()
    (tmp_path / "picamera2" / "__init__.py").write_text("import simplejpeg\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("picamera2", "simplejpeg"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(FrameSourceError) as raised:
        frames_from("picamera")
    message = str(raised.value)
    assert raised.value.kind == "missing" and "\n" not in message
    assert f"numpy {np.__version__}" in message and "numpy.dtype size changed" in message
    assert "pip install --force-reinstall --no-deps 'simplejpeg>=1.9'" in message and sys.executable in message


@pytest.mark.parametrize("spec, controls, described", [
    # A rig 0.7 m over the table: the lens fixed at 1 / 0.7 m = 1.429 dioptres (libcamera's LensPosition unit).
    ("picamera,height=0.7", {"AfMode": 0, "LensPosition": 1.429}, "focus fixed at 0.7 m (1.429 dioptres)"),
    ("picamera,height=0.5@2304x1296", {"AfMode": 0, "LensPosition": 2.0}, "focus fixed at 0.5 m (2 dioptres)"),
    ("picamera", {"AfMode": 2}, "continuous autofocus"),     # no height: held or moved, it refocuses itself
])
def test_the_pi_camera_focuses_on_the_table(picamera2: Any, spec: str, controls: dict[str, Any],
                                            described: str) -> None:
    camera = frames_from(spec)
    device = picamera2.DEVICE.opened[0]
    focus = {k: v for k, v in device.controls.items() if k in ("AfMode", "LensPosition")}
    assert focus == pytest.approx(controls, abs=1e-3)
    assert device.controls["NoiseReductionMode"] == 1          # picamera2's own video defaults are kept
    assert camera.describe().endswith(described)
    camera.close()


def test_a_fixed_focus_pi_camera_gets_no_focus_controls(picamera2: Any) -> None:
    picamera2.DEVICE.controls = dict(picamera2.IMX477_CONTROLS)    # the HQ Camera: libcamera offers no AfMode
    camera = frames_from("picamera,height=0.7")                  # picamera2 would refuse an AfMode it lacks
    device = picamera2.DEVICE.opened[0]
    assert "AfMode" not in device.controls and "LensPosition" not in device.controls
    assert camera.describe() == "picamera: 4608x2592"
    camera.close()


def test_the_lens_position_stays_within_what_the_lens_reaches(picamera2: Any) -> None:
    picamera2.DEVICE.controls = {**picamera2.IMX708_WIDE_CONTROLS, "LensPosition": (0.0, 5.0, 1.0)}
    camera = frames_from("picamera,height=0.1")        # 10 dioptres wanted, the lens stops at 5
    assert picamera2.DEVICE.opened[0].controls["LensPosition"] == 5.0
    camera.close()


@pytest.mark.parametrize("spec, words", [
    ("picamera,height=tall", "between 0.1 and 5"),
    ("picamera,height=0", "between 0.1 and 5"),
    ("picamera,zoom=2", "only camera option"),
    ("0,height=0.7", "only camera option"),
])
def test_a_bad_camera_height_is_refused_before_the_camera_opens(picamera2: Any, spec: str, words: str) -> None:
    with pytest.raises(FrameSourceError, match=words):
        frames_from(spec)
    assert picamera2.DEVICE.opened == []


def test_watch_names_the_pi_camera_says_what_it_delivers_and_reports_its_loss(
        picamera2: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    picamera2.DEVICE.frames_before_stop = 2
    assert main(["watch", "picamera", "--resolution", "1536x864"]) == 2
    err = capsys.readouterr().err
    assert "picamera: 1536x864 (asked for 1536x864)" in err
    assert "picamera stopped delivering frames" in err
    assert picamera2.DEVICE.opened[0].captured == 2
