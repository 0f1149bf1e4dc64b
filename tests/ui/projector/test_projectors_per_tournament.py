"""Each tournament's projected clock on the screen chosen for it: two tournaments' clocks running at once on two
projectors, shown from the lobby, one not stopping when the console switches to the other, and a pause of one
leaving the other running. Run on a real X server with two screens (Xvfb) and on the offscreen platform with three
named screens (the console's and two in the hall)."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CHILD = Path(__file__).with_name("two_projectors_child.py")
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def two_x_screens() -> Iterator[str]:
    """An Xvfb with two X screens of 1280x720; its DISPLAY."""
    if shutil.which("Xvfb") is None:
        pytest.fail("Xvfb is not installed: run bash scripts/system-deps.sh")
    ready, told = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(told), "-nolisten", "tcp", "-screen", "0", "1280x720x24",
                               "-screen", "1", "1280x720x24"], pass_fds=(told,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(told)
    try:
        assert select.select([ready], [], [], 20)[0], "Xvfb did not start"
        yield f":{os.read(ready, 32).decode().strip()}"
    finally:
        os.close(ready)
        server.terminate()
        server.wait(timeout=10)


def run_child(tmp_path: Path, env: dict[str, str], screen_main: str, screen_turbo: str, prefix: Path) -> dict:
    env = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(CHILD), str(tmp_path), screen_main, screen_turbo, str(prefix)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_two_clocks(seen: dict, screen_main: str, screen_turbo: str) -> None:
    steps = seen["steps"]
    first, switched, paused, back = (steps[k] for k in ("both shown", "main in front", "main paused",
                                                         "turbo in front again"))
    for step in (first, switched, paused, back):
        assert step["main"]["tournament"] == "Main Event Day 1A" and step["turbo"]["tournament"] == "Turbo Side Event"
        assert (step["main"]["screen"], step["turbo"]["screen"]) == (screen_main, screen_turbo)
        assert step["main"]["full_screen"] and step["turbo"]["full_screen"]
    assert first["in_front"] == "Turbo Side Event" and first["main"]["running"] and first["turbo"]["running"]
    # the console switched to the Main Event: the Turbo's clock (and the Main Event's) ran on
    assert switched["in_front"] == "Main Event Day 1A"
    elapsed = switched["at"] - first["at"]
    for name in ("main", "turbo"):
        assert switched[name]["running"]
        assert first[name]["remaining"] - switched[name]["remaining"] == pytest.approx(elapsed, abs=0.4)
    # the Main Event paused from the console: its projector stands, the Turbo's runs on
    assert not paused["main"]["running"] and paused["turbo"]["running"]
    assert paused["turbo"]["remaining"] < switched["turbo"]["remaining"] - 1.0
    # back to the Turbo: it is still running, the Main Event still paused where it stopped
    assert back["in_front"] == "Turbo Side Event" and back["turbo"]["running"] and not back["main"]["running"]
    assert back["turbo"]["remaining"] < paused["turbo"]["remaining"] - 1.0
    assert back["main"]["remaining"] == pytest.approx(paused["main"]["remaining"], abs=0.01)
    lobby = {row[0]: row for row in seen["lobby"]}
    assert lobby["Main Event Day 1A"][2] == "paused" and lobby["Main Event Day 1A"][6] == screen_main
    assert lobby["▶ Turbo Side Event"][2] == "running" and lobby["▶ Turbo Side Event"][6] == screen_turbo


def test_two_clocks_run_on_two_projectors_on_two_x_screens(two_x_screens, tmp_path, artifacts_dir) -> None:
    seen = run_child(tmp_path, {"DISPLAY": two_x_screens, "QT_QPA_PLATFORM": "xcb"}, "screen (1)", "screen (2)",
                     artifacts_dir / "two_projectors_xvfb")
    assert seen["screens"] == ["screen", "screen"]  # two X screens of one X server, told apart by their number
    check_two_clocks(seen, "screen (1)", "screen (2)")
    assert set(seen["shots"]) == {"main_projector", "turbo_projector", "lobby", "screen1", "screen2"}


def test_two_clocks_go_to_the_hall_screens_chosen_for_them(tmp_path, artifacts_dir) -> None:
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": [
        {"name": "Console", "x": 0, "y": 0, "width": 1280, "height": 800},
        {"name": "Hall A", "x": 1280, "y": 0, "width": 1920, "height": 1080},
        {"name": "Hall B", "x": 3200, "y": 0, "width": 1280, "height": 720}]}))
    seen = run_child(tmp_path, {"QT_QPA_PLATFORM": f"offscreen:configfile={config}"}, "Hall B", "Hall A",
                     artifacts_dir / "two_projectors_offscreen")
    check_two_clocks(seen, "Hall B", "Hall A")
