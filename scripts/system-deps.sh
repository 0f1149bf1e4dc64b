#!/usr/bin/env bash
# System libraries Qt needs beyond the wheels: the X11 window libraries of the xcb platform plugin (Qt 6.5+
# needs libxcb-cursor0), PulseAudio's player paplay, which plays the sounds (ui/sound_output.py), and a PulseAudio server the
# test suite starts privately with a silent output so the clock's sounds really play without a sound card,
# Debian's Chromium with its WebDriver, the real browser the room display's page tests drive, and Debian's
# PostgreSQL, whose binaries (/usr/lib/postgresql/*/bin) the tests of several stations run a private server with,
# strace, which records the program's writes and syncs for the power-cut tests, and espeak-ng, the voice that
# reads the room's announcements (ui/sounds.py) and whose sentences the sound tests play, and Xvfb, the X server with
# two screens the test of two tournaments' projectors on two screens runs on.
# On Debian-like machines where we are root (or can sudo), install what is missing; elsewhere say so and carry on.
set -u
missing=()
for pair in libxcb-cursor.so.0:libxcb-cursor0 libxcb-icccm.so.4:libxcb-icccm4 libxcb-keysyms.so.1:libxcb-keysyms1 \
            libpulse.so.0:libpulse0; do
  ldconfig -p 2>/dev/null | grep -q "${pair%%:*}" || missing+=("${pair##*:}")
done
command -v pulseaudio >/dev/null 2>&1 || missing+=(pulseaudio)
command -v paplay >/dev/null 2>&1 || missing+=(pulseaudio-utils)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v strace >/dev/null 2>&1 || missing+=(strace)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && command -v apt-get >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "note: ${missing[*]} missing: install them (Debian package names) for windows, sound, the sound tests, the browser tests, the PostgreSQL tests, the power-cut tests, spoken announcements and the two screens' test" >&2
fi
exit 0
