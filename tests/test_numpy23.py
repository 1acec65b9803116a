"""The Android frame conversion under numpy 2.3.0, the numpy python-for-android 2026.5.9 builds
(desktop installs stay below 2.3: opencv-python pins it). numpy 2.3 removed the binary mode of
``np.fromstring`` that Kivy 2.3.1's own ``decode_frame`` uses; ours must work there.

A small virtual environment with numpy 2.3.0 alone (no OpenCV: the pure numpy path, as on a device
without it) is made once under the temporary folder and reused; the test is skipped, saying why,
only where it cannot be made (no network, no venv module).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NUMPY = "2.3.0"
VENV = Path(tempfile.gettempdir()) / f"companion-numpy-{NUMPY}-py{sys.version_info.major}{sys.version_info.minor}"

SCRIPT = r"""
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
from companion.vision.yuv import nv21_to_bgr, i420_to_bgr
import scene
try:
    np.fromstring(b"\x00\x01", "uint8")
    fromstring = "works"
except ValueError as error:
    fromstring = str(error)
nv21 = nv21_to_bgr(scene.halves_nv21(64, 48), 64, 48)
i420 = i420_to_bgr(scene.halves_i420(64, 48, 128), 64, 48)
print(json.dumps({"numpy": np.__version__, "fromstring": fromstring, "opencv": "cv2" in sys.modules,
                  "nv21": [list(nv21.shape), nv21[5, 5].tolist(), nv21[5, 60].tolist()],
                  "i420": [list(i420.shape), i420[5, 5].tolist(), i420[5, 60].tolist()]}))
"""


def _python() -> Path:
    python = VENV / "bin" / "python"
    probe = subprocess.run([str(python), "-c", "import numpy; print(numpy.__version__)"], capture_output=True,
                           text=True) if python.exists() else None
    if probe is not None and probe.stdout.strip() == NUMPY:
        return python
    try:
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True, capture_output=True,
                       timeout=120)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        f"numpy=={NUMPY}"], check=True, capture_output=True, timeout=600)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        output = getattr(error, "stderr", b"") or b""
        pytest.skip(f"cannot make a virtual environment with numpy {NUMPY} in {VENV}: {error} "
                    f"{output.decode(errors='replace')[-300:]}")
    return python


@pytest.mark.slow
def test_the_android_frame_conversion_works_under_numpy_2_3() -> None:
    done = subprocess.run([str(_python()), "-c", SCRIPT, str(ROOT), str(ROOT / "tests" / "fakes")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["numpy"] == NUMPY and not result["opencv"]
    assert "binary mode of fromstring is removed" in result["fromstring"]     # what breaks Kivy's decode_frame
    for shape, left, right in (result["nv21"], result["i420"]):
        assert shape == [48, 64, 3]
        assert max(abs(a - b) for a, b in zip(left, [0, 0, 255], strict=True)) <= 2      # red, in BGR
        assert max(abs(a - b) for a, b in zip(right, [255, 0, 0], strict=True)) <= 2     # blue
