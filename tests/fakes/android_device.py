"""The fake Android device behind the fake ``jnius``: the Java classes our code and Kivy 2.3.1's
camera provider reach through `autoclass`, with the behaviour they rely on.

The camera is the old ``android.hardware.Camera`` API Kivy's provider uses: `open()` fails without
the CAMERA permission or for a busy or missing camera (a RuntimeException, as on a device), and for
one this app opened and has not released yet (Android's camera service gives a camera to one client);
`getParameters().getSupportedPreviewSizes()` lists the sizes it offers (``Camera.Size`` objects with
``width`` and ``height`` fields, in a java.util.List), `setParameters` refuses a preview size the
camera does not offer (or any, with `CAMERA.refuse_parameters`), and once `startPreview()` ran, a
thread calls `onPreviewFrame(byte[], camera)` about 30 times a second with NV21 frames of a known
picture at the preview size, each in a buffer the app queued with `addCallbackBuffer` (no buffer,
no frame), until `CAMERA.frames_before_stop` frames (then it falls silent, as a camera taken by
another app does). Every call that must happen on Kivy's main thread records the thread it ran on.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, ClassVar

from jnius import ByteArray, JavaException
from scene import halves_nv21

NV21 = 17
GL_TEXTURE_EXTERNAL_OES = 0x8D65


@dataclass
class Player:
    """What the player answers to the permission dialog: True, False, or None (dismissed)."""

    answer: bool | None = True
    granted: set[str] = field(default_factory=set)
    asked: list[list[str]] = field(default_factory=list)


@dataclass
class CameraHardware:
    """The device's camera."""

    count: int = 1
    sizes: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 720), (640, 480))
    busy: bool = False
    refuse_parameters: bool = False
    frames_before_stop: int | None = None
    fps: float = 30.0
    delivered: int = 0
    calls: list[tuple[str, str]] = field(default_factory=list)
    """(what, thread name) for every call that touches the GL thread or opens the camera."""
    devices: list[Any] = field(default_factory=list)


PLAYER = Player()
CAMERA = CameraHardware()


def reset() -> None:
    """A device with one working camera, and a player who has not been asked yet."""
    PLAYER.__init__()  # type: ignore[misc]
    CAMERA.__init__()  # type: ignore[misc]


def _record(what: str) -> None:
    CAMERA.calls.append((what, threading.current_thread().name))


class _JavaList(list):
    def contains(self, item: Any) -> bool:
        return item in self

    def size(self) -> int:
        return len(self)

    def get(self, index: int) -> Any:
        return self[index]


class _Size:
    """android.hardware.Camera.Size: public int fields."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height


class _Parameters:
    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.focus = "auto"

    def setPreviewSize(self, width: int, height: int) -> None:
        self.size = (int(width), int(height))

    def getSupportedPreviewSizes(self) -> _JavaList:
        return _JavaList(_Size(w, h) for w, h in CAMERA.sizes)

    def getSupportedFocusModes(self) -> _JavaList:
        return _JavaList(["auto", "continuous-picture", "fixed"])

    def setFocusMode(self, mode: str) -> None:
        self.focus = mode

    def getPreviewFormat(self) -> int:
        return NV21


class _CameraDevice:
    """An opened android.hardware.Camera."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.parameters = _Parameters(CAMERA.sizes[-1])
        self.buffers: deque[Any] = deque()
        self.callback: Any = None
        self.previewing = threading.Event()
        self.previewed = False
        self.released = False
        self._thread: threading.Thread | None = None

    def getParameters(self) -> _Parameters:
        copy = _Parameters(self.parameters.size)
        copy.focus = self.parameters.focus
        return copy

    def setParameters(self, parameters: _Parameters) -> None:
        if parameters.size not in CAMERA.sizes or CAMERA.refuse_parameters:
            raise JavaException("java.lang.RuntimeException: setParameters failed")
        self.parameters = parameters

    def setPreviewTexture(self, surface: Any) -> None:
        _record("setPreviewTexture")

    def addCallbackBuffer(self, buffer: Any) -> None:
        self.buffers.append(buffer)

    def setPreviewCallbackWithBuffer(self, callback: Any) -> None:
        self.callback = callback

    def startPreview(self) -> None:
        _record("startPreview")
        self.previewed = True
        self.previewing.set()
        self._thread = threading.Thread(target=self._deliver, name="android-camera", daemon=True)
        self._thread.start()

    def stopPreview(self) -> None:
        _record("stopPreview")
        self.previewing.clear()

    def release(self) -> None:
        _record("release")
        self.previewing.clear()
        self.released = True

    def _deliver(self) -> None:
        width, height = self.parameters.size
        frame = halves_nv21(width, height)
        while self.previewing.is_set():
            time.sleep(1.0 / CAMERA.fps)
            if CAMERA.frames_before_stop is not None and CAMERA.delivered >= CAMERA.frames_before_stop:
                continue                                 # the camera was taken away: no more frames
            callback = self.callback
            if callback is None or not self.buffers or not self.previewing.is_set():
                continue
            self.buffers.popleft()
            CAMERA.delivered += 1
            callback.onPreviewFrame(ByteArray(frame), self)


class Camera:
    """android.hardware.Camera's static side."""

    @staticmethod
    def open(index: int) -> _CameraDevice:
        _record("open")
        from android.permissions import Permission

        if Permission.CAMERA not in PLAYER.granted:
            raise JavaException("java.lang.RuntimeException: Fail to connect to camera service")
        if index >= CAMERA.count or CAMERA.busy:
            raise JavaException("java.lang.RuntimeException: Fail to connect to camera service")
        if any(d.index == index and not d.released for d in CAMERA.devices):
            raise JavaException("java.lang.RuntimeException: Fail to connect to camera service")
        device = _CameraDevice(index)
        CAMERA.devices.append(device)
        return device

    @staticmethod
    def getNumberOfCameras() -> int:
        return CAMERA.count


class SurfaceTexture:
    def __init__(self, texture_id: int) -> None:
        _record("SurfaceTexture")

    def updateTexImage(self) -> None:
        _record("updateTexImage")


class GLES11Ext:
    GL_TEXTURE_EXTERNAL_OES = GL_TEXTURE_EXTERNAL_OES


class ImageFormat:
    NV21 = NV21

    @staticmethod
    def getBitsPerPixel(image_format: int) -> int:
        return 12 if image_format == NV21 else 16


CLASSES: dict[str, Any] = {
    "android.hardware.Camera": Camera,
    "android.graphics.SurfaceTexture": SurfaceTexture,
    "android.opengl.GLES11Ext": GLES11Ext,
    "android.graphics.ImageFormat": ImageFormat,
}


# -- storage and sharing ----------------------------------------------------------------------------
@dataclass
class Storage:
    """The device's storage: its API level, the shared storage's root folder (the legacy file
    system below Android 10) and MediaStore's rows (Android 10+)."""

    api_level: int = 34
    root: str = "/nonexistent"
    files: str = "/nonexistent/data/org.sevenwonders.tablecompanion/files"
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    started: list[Any] = field(default_factory=list)
    strict_mode_relaxed: bool = False


STORAGE = Storage()


def reset_storage(root: str, api_level: int = 34) -> None:
    """Empty shared storage under `root` (a real folder, for the legacy file system) at `api_level`."""
    STORAGE.__init__(api_level=api_level, root=root, files=f"{root}/data/org.sevenwonders.tablecompanion/files")  # type: ignore[misc]


class Uri:
    """android.net.Uri."""

    def __init__(self, text: str) -> None:
        self.text = text

    def getScheme(self) -> str:
        return self.text.split(":", 1)[0]

    def toString(self) -> str:
        return self.text

    def getPath(self) -> str:
        return self.text.split(":", 1)[1].lstrip("/")

    @staticmethod
    def fromFile(file: Any) -> Uri:
        return Uri("file://" + file.path)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Uri) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class JavaString(str):
    def toString(self) -> str:
        return str(self)


class File:
    """java.io.File."""

    def __init__(self, path: str) -> None:
        self.path = path

    def getAbsolutePath(self) -> str:
        return self.path

    def getParentFile(self) -> File:
        return File(self.path.rsplit("/", 1)[0])

    def toString(self) -> str:
        return self.path


class ContentValues(dict):
    def put(self, key: str, value: Any) -> None:
        self[key] = value


class _OutputStream:
    def __init__(self, row: dict[str, Any], truncate: bool) -> None:
        self.row = row
        if truncate:
            row["data"] = b""

    def write(self, data: bytes) -> None:
        self.row["data"] += bytes(data)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class FileInputStream:
    def __init__(self, path: str) -> None:
        with open(path, "rb") as file:
            self.data = file.read()

    def close(self) -> None:
        pass


class FileUtils:
    @staticmethod
    def copy(source: FileInputStream, sink: _OutputStream) -> int:
        sink.write(source.data)
        return len(source.data)


class _Cursor:
    def __init__(self, rows: list[tuple[int, dict[str, Any]]]) -> None:
        self.rows, self.at = rows, -1

    def moveToNext(self) -> bool:
        self.at += 1
        return self.at < len(self.rows)

    def getColumnIndex(self, name: str) -> str:
        return name

    def getString(self, column: str) -> str:
        return self.rows[self.at][1]["values"][column]

    def getLong(self, column: str) -> int:
        return self.rows[self.at][0]

    def close(self) -> None:
        pass


class ContentResolver:
    """MediaStore as the app sees it: rows under a collection's content URI."""

    def insert(self, collection: Uri, values: ContentValues) -> Uri:
        if STORAGE.api_level <= 28 and "_data" not in values:
            raise JavaException("java.lang.IllegalArgumentException: no path for a legacy insert")
        uri = Uri(f"{collection.text}/{len(STORAGE.rows) + 1}")
        STORAGE.rows[uri.text] = {"collection": collection.text, "values": dict(values), "data": b""}
        return uri

    def openOutputStream(self, uri: Uri, mode: str = "w") -> _OutputStream:
        return _OutputStream(STORAGE.rows[uri.text], truncate="t" in mode or mode == "w")

    def query(self, collection: Uri, projection: Any, selection: str, args: list[str], order: Any) -> _Cursor:
        found = [(int(key.rsplit("/", 1)[1]), row) for key, row in STORAGE.rows.items()
                 if row["collection"] == collection.text and row["values"].get("_display_name") == args[0]
                 and (row["values"].get("relative_path", "") + "/").replace("//", "/") == args[1]]
        return _Cursor(found)

    def getType(self, uri: Uri) -> str:
        return STORAGE.rows[uri.text]["values"]["mime_type"]

    def delete(self, uri: Uri, where: Any, args: Any) -> int:
        return 1 if STORAGE.rows.pop(uri.text, None) is not None else 0


class _ApplicationInfo:
    labelRes = 0
    nonLocalizedLabel = JavaString("Table Companion")


class _Activity:
    """PythonActivity.mActivity (also its application context)."""

    def __init__(self) -> None:
        self.resolver = ContentResolver()

    def getApplicationContext(self) -> _Activity:
        return self

    def getContentResolver(self) -> ContentResolver:
        return self.resolver

    def getApplicationInfo(self) -> _ApplicationInfo:
        return _ApplicationInfo()

    def getFilesDir(self) -> File:
        return File(STORAGE.files)

    def getExternalCacheDir(self) -> File:
        return File(STORAGE.root + "/cache")

    def startActivity(self, intent: Any) -> None:
        STORAGE.started.append(intent)

    def checkCurrentPermission(self, permission: str) -> bool:
        return permission in PLAYER.granted


ACTIVITY = _Activity()


class PythonActivity:
    mActivity = ACTIVITY


class Environment:
    DIRECTORY_PICTURES = "Pictures"
    DIRECTORY_DOCUMENTS = "Documents"
    DIRECTORY_DOWNLOADS = "Download"
    DIRECTORY_MOVIES = "Movies"
    DIRECTORY_MUSIC = "Music"
    DIRECTORY_DCIM = "DCIM"
    DIRECTORY_SCREENSHOTS = "Screenshots"
    DIRECTORY_ALARMS = DIRECTORY_AUDIOBOOKS = DIRECTORY_NOTIFICATIONS = DIRECTORY_PODCASTS = "Other"
    DIRECTORY_RECORDINGS = DIRECTORY_RINGTONES = "Other"

    @staticmethod
    def getExternalStorageDirectory() -> File:
        return File(STORAGE.root)


class MediaColumns:
    DISPLAY_NAME = "_display_name"
    MIME_TYPE = "mime_type"
    RELATIVE_PATH = "relative_path"
    DATA = "_data"
    _ID = "_id"


class _Collection:
    def __init__(self, name: str) -> None:
        self.EXTERNAL_CONTENT_URI = Uri(f"content://media/external/{name}/media")


class MediaStoreFiles:
    @staticmethod
    def getContentUri(volume: str) -> Uri:
        return Uri(f"content://media/{volume}/file")


class ContentUris:
    @staticmethod
    def withAppendedId(uri: Uri, number: int) -> Uri:
        return Uri(f"{uri.text}/{number}")


class MimeTypeMap:
    TYPES: ClassVar[dict[str, str]] = {"png": "image/png", "json": "application/json", "csv": "text/csv"}

    @staticmethod
    def getSingleton() -> MimeTypeMap:
        return MimeTypeMap()

    def getMimeTypeFromExtension(self, extension: str) -> str | None:
        return self.TYPES.get(extension)


class Intent:
    ACTION_SEND = "android.intent.action.SEND"
    ACTION_SEND_MULTIPLE = "android.intent.action.SEND_MULTIPLE"
    ACTION_VIEW = "android.intent.action.VIEW"
    ACTION_GET_CONTENT = "android.intent.action.GET_CONTENT"
    EXTRA_STREAM = "android.intent.extra.STREAM"
    EXTRA_TEXT = "android.intent.extra.TEXT"
    EXTRA_ALLOW_MULTIPLE = "android.intent.extra.ALLOW_MULTIPLE"
    FLAG_GRANT_READ_URI_PERMISSION = 1

    def __init__(self, action: str | None = None) -> None:
        self.action, self.type, self.extras, self.flags, self.target = action, None, {}, 0, None

    def setAction(self, action: str) -> None:
        self.action = action

    def setType(self, kind: str) -> None:
        self.type = kind

    def putExtra(self, key: str, value: Any) -> None:
        self.extras[key] = value

    def addFlags(self, flags: int) -> None:
        self.flags |= flags

    def setPackage(self, package: str) -> None:
        self.target = package

    @staticmethod
    def createChooser(intent: Intent, title: Any) -> Intent:
        chooser = Intent("android.intent.action.CHOOSER")
        chooser.extras["android.intent.extra.INTENT"] = intent
        return chooser


class StrictMode:
    """Relaxing it (the old file:// hack) is recorded: a content URI needs no such thing."""

    @staticmethod
    def setVmPolicy(policy: Any) -> None:
        STORAGE.strict_mode_relaxed = True


class _BuildVersion:
    @property
    def SDK_INT(self) -> int:
        return STORAGE.api_level


CLASSES.update({
    "org.kivy.android.PythonActivity": PythonActivity,
    "android.os.Environment": Environment,
    "android.provider.MediaStore$MediaColumns": MediaColumns,
    "android.provider.MediaStore$Files": MediaStoreFiles,
    "android.provider.MediaStore$Downloads": _Collection("downloads"),
    "android.provider.MediaStore$Audio$Media": _Collection("audio"),
    "android.provider.MediaStore$Images$Media": _Collection("images"),
    "android.provider.MediaStore$Video$Media": _Collection("video"),
    "android.content.ContentValues": ContentValues,
    "android.content.ContentUris": ContentUris,
    "android.webkit.MimeTypeMap": MimeTypeMap,
    "android.os.FileUtils": FileUtils,
    "android.net.Uri": Uri,
    "java.io.File": File,
    "java.io.FileInputStream": FileInputStream,
    "java.io.FileOutputStream": FileInputStream,
    "java.lang.String": JavaString,
    "java.util.ArrayList": list,
    "android.content.Intent": Intent,
    "android.os.StrictMode": StrictMode,
    "android.os.Build$VERSION": _BuildVersion(),
})
