"""Run a command as a person at a terminal would and press Ctrl-C once it has started: the real SIGINT,
sent when the command's first line shows it is running (not after a guessed sleep), and the process
killed whatever happens, so that a failure never leaves it running on.

A shell starts background jobs with SIGINT ignored, and an ignored signal stays ignored in every
process started from them (pytest, its workers, the command): the command is started through a
small trampoline that gives SIGINT its default meaning back before Python starts, as at a terminal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

__all__ = ["Interrupted", "interrupted_once_started"]

ROOT = Path(__file__).resolve().parents[2]
CTRL_C_AS_AT_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                           "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


@dataclass(frozen=True)
class Interrupted:
    """What the interrupted command did: its exit status and everything it printed."""

    status: int
    out: str
    err: str


def interrupted_once_started(arguments: list[str], started: Callable[[str], bool], *, on_stderr: bool = False,
                             start_timeout: float = 120.0, end_timeout: float = 60.0) -> Interrupted:
    """Run `python ARGUMENTS` in the project folder, send SIGINT as soon as a line it prints (on stdout,
    or stderr with `on_stderr`) satisfies `started`, and wait for it to end.

    :raises AssertionError: when it ends before that line, or does not end within `end_timeout` of the
        signal (it is killed then).
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", CTRL_C_AS_AT_A_TERMINAL, *arguments], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: dict[str, list[str]] = {"out": [], "err": []}
    seen = threading.Event()

    def read(stream: IO[str], kind: str, watched: bool) -> None:
        for line in iter(stream.readline, ""):
            lines[kind].append(line)
            if watched and started(line):
                seen.set()

    readers = [threading.Thread(target=read, args=(process.stdout, "out", not on_stderr), daemon=True),
               threading.Thread(target=read, args=(process.stderr, "err", on_stderr), daemon=True)]
    for reader in readers:
        reader.start()
    give_up = time.monotonic() + start_timeout
    try:
        while not seen.wait(0.05):
            if process.poll() is not None or time.monotonic() > give_up:
                raise AssertionError(f"{arguments} did not print its start line: {''.join(lines['err'])[-2000:]}")
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=end_timeout)
        except subprocess.TimeoutExpired as error:
            raise AssertionError(f"{arguments} ran on {end_timeout:g} s after Ctrl-C") from error
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for reader in readers:
            reader.join(timeout=10)
    return Interrupted(process.returncode, "".join(lines["out"]), "".join(lines["err"]))
