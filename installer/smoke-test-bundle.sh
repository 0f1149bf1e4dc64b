#!/usr/bin/env bash
# Run the built bundle's --smoke-test headless, the way a card room's machine would start it: from outside
# the source checkout, with no Python environment in reach. Fails on a non-zero exit, on a hang, or on any
# Python traceback in the output (even one the program survived).
#
#     installer/smoke-test-bundle.sh [dist/TournamentDirector/TournamentDirector]
set -u
program="$(realpath "${1:-dist/TournamentDirector/TournamentDirector}")"
if [ ! -x "$program" ]; then
  echo "package-test: no built program at $program (run: make package)" >&2
  exit 1
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home"
log="$scratch/output.log"

# A scratch HOME and XDG folders keep the test away from any real tournament database on this machine.
( cd "$scratch" && env -u PYTHONPATH -u PYTHONHOME -u VIRTUAL_ENV \
    HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share" XDG_CONFIG_HOME="$scratch/home/.config" \
    XDG_CACHE_HOME="$scratch/home/.cache" XDG_STATE_HOME="$scratch/home/.local/state" \
    QT_QPA_PLATFORM=offscreen timeout 180 "$program" --smoke-test ) >"$log" 2>&1
status=$?
cat "$log"

if [ "$status" -eq 124 ]; then
  echo "package-test: FAILED: the smoke test did not finish within 180 s" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "package-test: FAILED: $program --smoke-test exited with status $status" >&2
  exit 1
fi
if grep -q "Traceback" "$log"; then
  echo "package-test: FAILED: a Python traceback appeared in the output" >&2
  exit 1
fi
echo "package-test: passed ($program --smoke-test exited 0, no traceback)"
