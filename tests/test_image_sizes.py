"""Images are refused by the size their header claims, before anything decodes them: the header
readers agree with OpenCV's own encoders on PNG, JPEG, BMP, TIFF and WebP, a PNG claiming 60,000 x
60,000 pixels and a JPEG claiming 30,000 x 20,000 are one line (saying the largest size read) in
`scan` and `table`, and a JSON file larger than its limit is refused by its size without being read."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.imagesize import header_size, image_too_large


@pytest.mark.parametrize("extension", [".png", ".jpg", ".bmp", ".tiff", ".webp"])
@pytest.mark.parametrize("size", [(37, 23), (640, 480)])
def test_the_header_gives_the_size_opencv_wrote(extension: str, size: tuple[int, int]) -> None:
    width, height = size
    ok, encoded = cv2.imencode(extension, np.full((height, width, 3), 128, np.uint8))
    assert ok
    assert header_size(encoded.tobytes()) == (width, height)


def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 16)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def _jpeg_claiming(width: int, height: int) -> bytes:
    _, encoded = cv2.imencode(".jpg", np.zeros((8, 8, 3), np.uint8))
    data = bytearray(encoded.tobytes())
    at = data.index(b"\xff\xc0")
    data[at + 5:at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


@pytest.mark.parametrize(("name", "content", "claimed"), [
    ("huge.png", _png_claiming(60_000, 60_000), "60,000 x 60,000"),
    ("huge.jpg", _jpeg_claiming(30_000, 20_000), "30,000 x 20,000")])
@pytest.mark.parametrize("command", ["scan", "table"])
def test_a_huge_claimed_image_is_one_line_in_scan_and_table(tmp_path: Path, name: str, content: bytes, claimed: str,
                                                            command: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and len(err[0].replace(str(path), "F")) < 200
    assert f"the image is {claimed} pixels; the largest read is 12,000 pixels a side and 60 megapixels" in err[0]


def test_an_ordinary_image_passes_the_check(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), np.zeros((720, 1280, 3), np.uint8))
    assert image_too_large(path) is None


def test_a_table_file_over_its_limit_is_refused_by_its_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as stream:
        stream.truncate(3_000_000_000)              # a sparse 3 GB file: reading it would take the memory
    assert main(["score", str(path)]) == 2
    assert "larger than 2,000,000 bytes (3,000,000,000)" in capsys.readouterr().err
