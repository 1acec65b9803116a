"""An image's size read from its header (PNG, JPEG, BMP, TIFF, WebP) before anything decodes it, so a
file that claims 60,000 x 60,000 pixels (or is simply huge) is refused in one line instead of
costing seconds and gigabytes, or an OpenCV error."""

from __future__ import annotations

import os
import struct
from pathlib import Path

__all__ = ["MAX_IMAGE_BYTES", "MAX_IMAGE_PIXELS", "MAX_IMAGE_SIDE", "header_size", "image_too_large"]

MAX_IMAGE_SIDE = 12_000
"""The longest side read, in pixels (a 48-megapixel phone photo is 8,000 x 6,000)."""
MAX_IMAGE_PIXELS = 60_000_000
"""The most pixels read (60 megapixels: about 180 MB decoded)."""
MAX_IMAGE_BYTES = 200_000_000
"""The largest image file read."""
_HEAD = 512 * 1024
"""Bytes read to find a size: a JPEG's frame header may follow large metadata (EXIF, a thumbnail)."""


def _png(head: bytes) -> tuple[int, int] | None:
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    return None


def _jpeg(head: bytes) -> tuple[int, int] | None:
    if head[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 <= len(head):
        if head[at] != 0xFF:
            return None
        marker = head[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:      # no length
            at += 2
            continue
        if marker == 0xFF:                                         # fill byte
            at += 1
            continue
        length = struct.unpack(">H", head[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):   # a start-of-frame
            height, width = struct.unpack(">HH", head[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None


def _bmp(head: bytes) -> tuple[int, int] | None:
    if head[:2] != b"BM" or len(head) < 26:
        return None
    size = struct.unpack("<I", head[14:18])[0]
    if size == 12:                                                 # OS/2 header: 16-bit sizes
        width, height = struct.unpack("<HH", head[18:22])
        return width, height
    width, height = struct.unpack("<ii", head[18:26])
    return abs(width), abs(height)


def _tiff(head: bytes) -> tuple[int, int] | None:
    order = {b"II*\x00": "<", b"MM\x00*": ">"}.get(head[:4])
    if order is None:
        return None
    offset = struct.unpack(order + "I", head[4:8])[0]
    if offset + 2 > len(head):
        return None
    count = struct.unpack(order + "H", head[offset:offset + 2])[0]
    found: dict[int, int] = {}
    for entry in range(count):
        at = offset + 2 + entry * 12
        if at + 12 > len(head):
            break
        tag, kind = struct.unpack(order + "HH", head[at:at + 4])
        if tag in (256, 257):
            value = struct.unpack(order + ("H" if kind == 3 else "I"), head[at + 8:at + (10 if kind == 3 else 12)])[0]
            found[tag] = value
    return (found[256], found[257]) if len(found) == 2 else None


def _webp(head: bytes) -> tuple[int, int] | None:
    if head[:4] != b"RIFF" or head[8:12] != b"WEBP" or len(head) < 30:
        return None
    chunk = head[12:16]
    if chunk == b"VP8X":
        width = 1 + int.from_bytes(head[24:27], "little")
        height = 1 + int.from_bytes(head[27:30], "little")
        return width, height
    if chunk == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def header_size(head: bytes) -> tuple[int, int] | None:
    """The (width, height) an image's first bytes claim, or None when they are of no format known here."""
    for reader in (_png, _jpeg, _bmp, _tiff, _webp):
        try:
            size = reader(head)
        except struct.error:                                       # a header cut short
            return None
        if size is not None:
            return size
    return None


def image_too_large(path: str | Path) -> str | None:
    """Why the image file at `path` is not read (too many bytes, or a header claiming more pixels
    than are read), or None when it may be decoded. Reads at most the first 512 KB.

    :raises OSError: when the file cannot be read.
    """
    with open(path, "rb") as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > MAX_IMAGE_BYTES:
            return f"the file is {size:,} bytes; images of at most {MAX_IMAGE_BYTES:,} bytes are read"
        head = stream.read(_HEAD)
    claimed = header_size(head)
    if claimed is None:
        return None
    width, height = claimed
    if max(width, height) > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        return (f"the image is {width:,} x {height:,} pixels; the largest read is {MAX_IMAGE_SIDE:,} pixels a side "
                f"and {MAX_IMAGE_PIXELS // 1_000_000} megapixels")
    return None
