"""Android's camera, through Kivy 2.3.1's own provider used the way it needs to be.

Kivy's ``CameraAndroid`` makes OpenGL objects (a texture, a frame buffer, a SurfaceTexture) when it
is created and updates them on the Kivy clock, so it is created on the main (GL) thread, and only
after the CAMERA permission is granted (Android 6+ refuses the camera without it; the system asks
the player once). Its ``decode_frame`` cannot be used: it calls ``np.fromstring``, which numpy 2.3
(python-for-android's numpy) refuses; frames are grabbed as NV21 bytes and decoded by
`companion.vision.yuv.nv21_to_bgr` instead, into the BGR images the reader and the preview take.

Kivy's ``init_camera`` opens the camera, then sets the preview size; a size the camera does not offer
makes ``setParameters`` throw with the camera still open, and nothing releases it, so a second try at
another size finds it busy. So the camera is asked for the preview sizes it offers first (opened,
read, released) and the provider is created once, at a size it offers; and a provider that fails
half-way gives its camera back before the failure is reported.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from companion.vision.sources import Frame, FrameSourceError, LiveCamera, preview_of
from companion.vision.yuv import nv21_to_bgr

__all__ = ["PREVIEW_SIZES", "AndroidCamera", "choose_preview_size", "counting_provider", "offered_preview_sizes"]

PREVIEW_SIZES = ((1920, 1080), (1280, 720), (640, 480))
"""Preview sizes in order of preference (the first one the camera offers is used): 1080p reads 14 mm
stickers from a tablet held over the table; 640x480 is the size every Android camera offers."""
LOST_AFTER_SECONDS = 5.0
"""No new frame for this long and the camera is lost (another app took it, or the system closed it)."""


def counting_provider() -> Any:
    """Kivy's Android camera provider, counting the frames the camera delivers (its `grab_frame`
    returns the newest one again and again; the count tells a new frame from the last one), and
    releasing a camera it opened when setting it up fails after that."""
    from kivy.core.camera.camera_android import CameraAndroid

    class CountingCameraAndroid(CameraAndroid):  # type: ignore[misc]
        delivered_frames = 0

        def init_camera(self) -> None:
            try:
                super().init_camera()
            except Exception:
                camera, self._android_camera = self._android_camera, None
                if camera is not None:       # opened, then setParameters or the GL set-up threw
                    camera.release()
                raise

        def _on_preview_frame(self, data: Any, camera: Any) -> None:
            super()._on_preview_frame(data, camera)
            self.delivered_frames += 1

    return CountingCameraAndroid


def offered_preview_sizes(index: int) -> list[tuple[int, int]]:
    """The preview sizes camera `index` offers (``Camera.Parameters.getSupportedPreviewSizes``), read
    with the camera opened and released again at once.

    :raises Exception: Android's, when the camera cannot be opened (missing, busy, no permission).
    """
    from jnius import autoclass

    camera = autoclass("android.hardware.Camera").open(index)
    try:
        sizes = camera.getParameters().getSupportedPreviewSizes()
        return [(int(sizes.get(i).width), int(sizes.get(i).height)) for i in range(sizes.size())]
    finally:
        camera.release()


def choose_preview_size(wanted: tuple[tuple[int, int], ...], offered: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The first of `wanted` the camera offers; else the largest offered size no larger than the first
    wanted one; None when it offers nothing that small."""
    for size in wanted:
        if size in offered:
            return size
    limit = wanted[0][0] * wanted[0][1] if wanted else 0
    smaller = [size for size in offered if size[0] * size[1] <= limit]
    return max(smaller, key=lambda size: size[0] * size[1]) if smaller else None


class AndroidCamera(LiveCamera):
    """Camera `index` of the device (0 is the back camera on nearly every tablet).

    `open()` runs on the main thread (it asks for the permission and creates Kivy's provider there,
    at once or when the player answers); iterating, on the feed's thread, waits for that, then
    hands out each new frame, and raises `FrameSourceError` when the permission is refused, the
    camera cannot be opened or it stops delivering frames.
    """

    def __init__(self, index: int = 0, sizes: tuple[tuple[int, int], ...] = PREVIEW_SIZES) -> None:
        self.name = f"camera{index}"
        self.index = index
        self.sizes = sizes
        self.requested = sizes[0]
        self._camera: Any = None
        self._ready = threading.Event()
        self._closed = threading.Event()
        self._failure: FrameSourceError | None = None
        self._last_number = 0
        self._last_at = 0.0
        self._started = 0.0
        self._count = 0

    # -- on the main thread ---------------------------------------------------------------------
    def open(self) -> None:
        """Ask for the CAMERA permission if the app does not hold it, then create the camera."""
        from android.permissions import Permission, check_permission, request_permissions

        if check_permission(Permission.CAMERA):
            self._create()
        else:
            request_permissions([Permission.CAMERA], self._on_permission)

    def _on_permission(self, permissions: list[str], granted: list[bool]) -> None:
        """The player's answer, on Android's UI thread (not Kivy's): create the camera on Kivy's."""
        if permissions and granted and all(granted):
            from kivy.clock import Clock

            Clock.schedule_once(lambda _dt: self._create())
        else:                      # refused, or the dialog was dismissed (an empty answer)
            self._fail(FrameSourceError("the camera permission was refused", kind="permission",
                                        source=str(self.index)))

    def _create(self) -> None:
        if self._closed.is_set():
            return
        try:
            offered = offered_preview_sizes(self.index)
        except Exception as error:  # a Java exception: no such camera, or busy
            self._fail(FrameSourceError(f"busy or missing ({error})", kind="cannot_open", source=str(self.index)))
            return
        size = choose_preview_size(self.sizes, offered)
        if size is None:
            sizes = ", ".join(f"{w}x{h}" for w, h in offered) or "none"
            self._fail(FrameSourceError(f"no preview size it offers is usable (it offers {sizes})", kind="cannot_open",
                                        source=str(self.index)))
            return
        try:
            self._camera = counting_provider()(index=self.index, resolution=size, stopped=False)
        except Exception as error:  # a Java exception: taken by another app meanwhile, or refused
            self._fail(FrameSourceError(f"busy or refused ({error})", kind="cannot_open", source=str(self.index)))
            return
        self.delivered = size
        self._started = self._last_at = time.monotonic()
        self._ready.set()

    def _release(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            camera.stop()
            release = getattr(camera, "_release_camera", None)      # Kivy 2.3.1: stop and give it back
            if release is not None:
                release()

    # -- on the feed's thread -------------------------------------------------------------------
    def _fail(self, failure: FrameSourceError) -> None:
        self._failure = failure
        self._ready.set()

    def __next__(self) -> Frame:
        while not self._ready.wait(0.1):
            if self._closed.is_set():
                raise StopIteration
        if self._failure is not None:
            raise self._failure
        while not self._closed.is_set():
            camera = self._camera
            number = camera.delivered_frames if camera is not None else self._last_number
            raw = camera.grab_frame() if number != self._last_number else None
            now = time.monotonic()
            if raw is not None:
                self._last_number, self._last_at = number, now
                assert self.delivered is not None
                image = nv21_to_bgr(raw, *self.delivered)
                self._count += 1
                return Frame(now - self._started, f"{self.name}#{self._count}", image, preview_of(image), self.name)
            if now - self._last_at > LOST_AFTER_SECONDS:
                self.close()
                raise FrameSourceError(f"camera {self.index} stopped delivering frames", kind="lost",
                                       source=str(self.index))
            time.sleep(0.01)
        raise StopIteration

    def cancel(self) -> None:
        """Give up from any thread: a wait for the permission or for a frame ends (the reading thread
        then closes the camera)."""
        self._closed.set()

    def close(self) -> None:
        """Stop and release the camera on the main thread (its preview is driven by Kivy's clock)."""
        if self._camera is None and self._closed.is_set():
            return
        self._closed.set()
        if threading.current_thread() is threading.main_thread():
            self._release()
        else:
            from kivy.clock import Clock

            Clock.schedule_once(lambda _dt: self._release())
