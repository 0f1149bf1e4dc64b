#!/usr/bin/env bash
# Install the built bundle (dist/TournamentDirector, from `make package`) on Linux with its menu entry and icons.
#
#     installer/install-linux.sh                   # for the current user, under ~/.local
#     sudo installer/install-linux.sh /usr/local   # for everyone on this machine
#     installer/install-linux.sh --uninstall [PREFIX]
#
# The program goes to PREFIX/lib/TournamentDirector, a link to it to PREFIX/bin/TournamentDirector, the menu
# entry to PREFIX/share/applications and the icon to PREFIX/share/icons/hicolor. Uninstalling removes exactly
# those; tournament databases and backups (in the user's data folder) are never touched.
# build-appimage.sh uses `--appdir PREFIX` to lay out an AppDir: same files, menu entry left relative.
# BUNDLE=/path/to/TournamentDirector installs another built folder.
set -euo pipefail

installer_dir="$(cd "$(dirname "$0")" && pwd)"
project_root="$(dirname "$installer_dir")"
bundle="${BUNDLE:-$project_root/dist/TournamentDirector}"
icon_sizes="16 24 32 48 64 128 256"

mode=install
case "${1:-}" in
  --uninstall) mode=uninstall; shift ;;
  --appdir) mode=appdir; shift ;;
esac
prefix="${1:-$HOME/.local}"
prefix="${prefix%/}"

lib_dir="$prefix/lib/TournamentDirector"
bin_link="$prefix/bin/TournamentDirector"
desktop_file="$prefix/share/applications/tournament-director.desktop"
icon_dir="$prefix/share/icons/hicolor"

refresh_desktop_caches() {
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$prefix/share/applications" || true
  fi
  # Only where the theme already keeps a cache (system folders with index.theme): a cache created in a user's
  # folder would go stale and hide icons installed later.
  if [ -f "$icon_dir/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q "$icon_dir" || true
  fi
}

if [ "$mode" = uninstall ]; then
  rm -rf "$lib_dir"
  rm -f "$bin_link" "$desktop_file" "$icon_dir/scalable/apps/tournament-director.svg"
  for size in $icon_sizes; do rm -f "$icon_dir/${size}x${size}/apps/tournament-director.png"; done
  refresh_desktop_caches
  echo "Tournament Director removed from $prefix (tournament databases were left in place)"
  exit 0
fi

if [ ! -x "$bundle/TournamentDirector" ]; then
  echo "no built program in $bundle: run 'make package' first" >&2
  exit 1
fi

mkdir -p "$prefix/lib" "$prefix/bin"
staging="$lib_dir.new"
rm -rf "$staging"
cp -a "$bundle" "$staging"
rm -rf "$lib_dir"
mv "$staging" "$lib_dir"
ln -sfn "../lib/TournamentDirector/TournamentDirector" "$bin_link"

mkdir -p "$(dirname "$desktop_file")"
if [ "$mode" = appdir ]; then
  # Inside an AppImage the runtime (or the desktop's AppImage integration) supplies the command line.
  sed -e "/^TryExec=/d" "$installer_dir/tournament-director.desktop" >"$desktop_file"
else
  sed -e "s|^Exec=.*|Exec=$bin_link|" -e "s|^TryExec=.*|TryExec=$bin_link|" \
    "$installer_dir/tournament-director.desktop" >"$desktop_file"
fi

for size in $icon_sizes; do
  install -D -m 644 "$project_root/resources/icons/tournament-director-$size.png" \
    "$icon_dir/${size}x${size}/apps/tournament-director.png"
done
install -D -m 644 "$project_root/resources/icons/tournament-director.svg" \
  "$icon_dir/scalable/apps/tournament-director.svg"

if [ "$mode" = install ]; then
  refresh_desktop_caches
  echo "Tournament Director installed: $bin_link (menu entry: $desktop_file)"
fi
