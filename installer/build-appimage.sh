#!/usr/bin/env bash
# Package the built bundle as a single-file AppImage that runs on most Linux desktops without installing.
#
#     make package                      # builds dist/TournamentDirector first
#     installer/build-appimage.sh       # writes dist/TournamentDirector-<version>-<arch>.AppImage
#
# Needs appimagetool (https://github.com/AppImage/appimagetool/releases: download appimagetool-x86_64.AppImage,
# chmod +x it, and put it on the PATH as `appimagetool` or name it in APPIMAGETOOL=/path/to/appimagetool).
# Without it the script still lays out build/AppDir and says what is missing.
# The bundle carries Qt and Python but uses the build machine's C library (glibc): build on the oldest
# distribution the card rooms run, and the AppImage runs on that and anything newer.
set -euo pipefail

installer_dir="$(cd "$(dirname "$0")" && pwd)"
project_root="$(dirname "$installer_dir")"
bundle="${BUNDLE:-$project_root/dist/TournamentDirector}"
appdir="$project_root/build/AppDir"
arch="${ARCH:-$(uname -m)}"
python="${PYTHON:-$project_root/.venv/bin/python}"
[ -x "$python" ] || python=python3
version="$(cd "$project_root" && "$python" -c 'import tournament_director; print(tournament_director.__version__)')"
output="$project_root/dist/TournamentDirector-$version-$arch.AppImage"

rm -rf "$appdir"
BUNDLE="$bundle" "$installer_dir/install-linux.sh" --appdir "$appdir/usr"

# The AppImage runtime starts AppRun, shows the top-level .desktop entry and icon, and uses .DirIcon as thumbnail.
cat >"$appdir/AppRun" <<'APPRUN'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/lib/TournamentDirector/TournamentDirector" "$@"
APPRUN
chmod +x "$appdir/AppRun"
cp "$appdir/usr/share/applications/tournament-director.desktop" "$appdir/tournament-director.desktop"
cp "$appdir/usr/share/icons/hicolor/256x256/apps/tournament-director.png" "$appdir/tournament-director.png"
ln -sfn tournament-director.png "$appdir/.DirIcon"

tool="${APPIMAGETOOL:-$(command -v appimagetool || true)}"
if [ -z "$tool" ]; then
  echo "AppDir ready in $appdir, but appimagetool was not found: see the top of $0 for where to get it" >&2
  exit 2
fi
ARCH="$arch" "$tool" --no-appstream "$appdir" "$output"
echo "AppImage: $output ($(du -h "$output" | cut -f1))"
