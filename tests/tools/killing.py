"""Run a tap-playing process and kill it with SIGKILL a moment after it says it starts a given tap
(the crash tests of both games' sessions)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["killed_during"]

ROOT = Path(__file__).resolve().parents[2]


def killed_during(module: str, store: Path, starts_tap: Callable[[str], bool], delay: float) -> list[str]:
    """Run `python -m module STORE` until a line it prints satisfies `starts_tap`, kill it `delay`
    seconds later; the lines it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", module, str(store)], stdout=subprocess.PIPE, text=True,
                               env=env, cwd=ROOT)
    lines: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in iter(process.stdout.readline, ""):
            lines.append(line)
            if starts_tap(line):
                time.sleep(delay)
                process.send_signal(signal.SIGKILL)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
        reader.join()
    return lines
