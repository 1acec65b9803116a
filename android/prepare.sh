#!/bin/sh
# Copy the package next to main.py, where buildozer's source.dir (this folder) picks it up; run it
# before `buildozer android debug`. The copy is ignored by git.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$here/companion"
cp -R "$here/../companion" "$here/companion"
find "$here/companion" -name __pycache__ -prune -exec rm -rf {} +
echo "copied companion/ into $here; now: cd $here && buildozer android debug"
