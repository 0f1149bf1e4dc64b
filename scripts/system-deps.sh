#!/usr/bin/env bash
# Qt's sound and speech modules need the PulseAudio client library. On Debian-like machines where we
# are root, install it when it is missing; elsewhere say what is missing and carry on.
set -u
if ldconfig -p 2>/dev/null | grep -q 'libpulse.so.0'; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpulse0 >/dev/null
else
  echo "note: libpulse.so.0 is missing; install your system's PulseAudio client library (Debian: libpulse0) for sound" >&2
fi
exit 0
