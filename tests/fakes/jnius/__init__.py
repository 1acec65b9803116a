"""A stand-in for pyjnius: `autoclass` hands out the fake Android classes registered in
`android_device` by their Java names, `PythonJavaClass`/`java_method` let Python implement a Java
interface (here: plain Python), and Java arrays of bytes arrive as `ByteArray` (with ``tostring()``)."""

from __future__ import annotations

from typing import Any


class JavaException(Exception):
    """What pyjnius raises for a Java exception."""


class ByteArray:
    """A Java byte[] handed to Python (pyjnius's ByteArray): ``tostring()`` gives its bytes."""

    def __init__(self, data: bytes) -> None:
        self._data = bytes(data)

    def tostring(self) -> bytes:
        return self._data

    def __len__(self) -> int:
        return len(self._data)


class PythonJavaClass:
    __javainterfaces__: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


def java_method(signature: str, name: str | None = None) -> Any:
    def decorate(function: Any) -> Any:
        function.__javasignature__ = signature
        return function
    return decorate


def autoclass(name: str) -> Any:
    from android_device import CLASSES

    try:
        return CLASSES[name]
    except KeyError:
        raise JavaException(f"Class not found {name!r}") from None


def cast(name: str, obj: Any) -> Any:
    return obj
