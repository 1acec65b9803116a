#!/bin/sh
# Copy the package next to main.py, where buildozer's source.dir (this folder) picks it up; run it
# before `buildozer android debug`. The copies are ignored by git.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$here/companion"
cp -R "$here/../companion" "$here/companion"
find "$here/companion" -name __pycache__ -prune -exec rm -rf {} +
# The licence and the third-party notice go into the APK beside the app (buildozer.spec includes them)
cp "$here/../LICENSE" "$here/../THIRD-PARTY-NOTICES.md" "$here/"
echo "copied companion/, LICENSE and THIRD-PARTY-NOTICES.md into $here; now: cd $here && buildozer android debug"
