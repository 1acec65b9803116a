#!/bin/sh
# Set up a fresh machine for Table Companion: the system libraries it needs (through apt-get, when
# the machine has it) and a virtual environment in .venv holding the package and its test tools.
# Safe to run again: it only installs what is missing or what pyproject.toml changed.
set -eu
cd "$(dirname "$0")"

# Debian packages: zbar for pyzbar, the OpenGL libraries OpenCV's wheel loads, poppler (pdftoppm,
# pdftotext) for the print round-trip tests, and the DejaVu font the sticker labels use.
DEBIAN_PACKAGES="libzbar0 libgl1 libegl1 libgl1-mesa-dri libmtdev1 poppler-utils fonts-dejavu-core"

if [ -n "$DEBIAN_PACKAGES" ] && command -v apt-get >/dev/null 2>&1; then
    missing=""
    for package in $DEBIAN_PACKAGES; do
        dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "setup: installing Debian packages:$missing"
        # Wait (up to 10 minutes) for another apt or an unattended upgrade holding the lock, instead of failing.
        wait_lock="-o DPkg::Lock::Timeout=600"
        $sudo apt-get $wait_lock update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get $wait_lock install -y -qq $missing >/dev/null
    fi
fi

PYTHON="${PYTHON:-python3}"
# What goes into .venv: everything and the test tools, or (COMPANION_EXTRAS=pi on the Raspberry Pi, in a
# .venv made with --system-site-packages: docs/pi.md) the rig's own set.
EXTRAS="${COMPANION_EXTRAS:-all,test}"
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv with $($PYTHON --version)"
    "$PYTHON" -m venv .venv
fi
stamp=".venv/.companion-installed"
wanted="$( (cat pyproject.toml setup.sh; echo "$EXTRAS") | cksum)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    echo "setup: installing the package ($EXTRAS) into .venv"
    .venv/bin/python -m pip install --quiet --upgrade pip
    # A .venv made before the headless OpenCV wheel holds opencv-python, which shares the cv2 folder with
    # opencv-python-headless: both go, and the headless one alone comes back below.
    if .venv/bin/python -m pip show --quiet opencv-python >/dev/null 2>&1; then
        .venv/bin/python -m pip uninstall --quiet --yes opencv-python opencv-python-headless 2>/dev/null
    fi
    # setuptools' note on every editable install ("Editable installation... be careful with folders named
    # like the package") is for package authors, not for someone setting up; it is silenced here.
    PYTHONWARNINGS="ignore:Editable installation" .venv/bin/python -m pip install --quiet -e ".[$EXTRAS]"
    echo "$wanted" > "$stamp"
fi
