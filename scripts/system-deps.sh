#!/usr/bin/env bash
# Qt's sound and speech modules need the PulseAudio client library; the test suite also starts a private
# PulseAudio server with a silent output so the clock's sounds really play on a machine with no sound card.
# On Debian-like machines where we are root, install what is missing; elsewhere say so and carry on.
set -u
missing=()
ldconfig -p 2>/dev/null | grep -q 'libpulse.so.0' || missing+=(libpulse0)
command -v pulseaudio >/dev/null 2>&1 || missing+=(pulseaudio)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "note: ${missing[*]} missing: install them (Debian package names) for sound, and for the sound tests" >&2
fi
exit 0
