"""The projected clock: where it goes, what it shows, and that it reads from across the room."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from tournament_director.ui.projector.layout import Palette, ordinal
from tournament_director.ui.projector.view import ProjectorView, format_clock
from tournament_director.ui.projector.window import ProjectorWindow

PROBE = Path(__file__).with_name("projector_screens_probe.py")
ROOT = Path(__file__).resolve().parents[3]

RUNNING_LEVEL = ProjectorView(
    tournament_name="Friday Night Hold'em", level_number=7, small_blind=400, big_blind=800, ante=800,
    big_blind_ante=True, remaining_seconds=754.2, running=True, next_label="500 / 1,000, BB ante 1,000",
    seconds_to_break=1954, players_left=45, entries=120, average_stack=53_333, prize_pool=12_000,
    payouts=((1, 4_000), (2, 2_500), (3, 1_600), (4, 1_200), (5, 1_000), (6, 900), (7, 800)),
)
BREAK = ProjectorView(
    tournament_name="Friday Night Hold'em", remaining_seconds=600, running=True, on_break=True,
    break_name="Break", next_label="Level 8: 500 / 1,000, BB ante 1,000", players_left=38, entries=120,
    average_stack=63_157, prize_pool=12_000, payouts=((1, 4_000), (2, 2_500), (3, 1_600)),
    notice="Colour-up: the 25 chips leave play now (TDA 24)",
)


def _run_probe(tmp_path: Path, screens: list[dict], settings: Path, *remember: str) -> dict:
    config = tmp_path / f"screens-{len(screens)}.json"
    config.write_text(json.dumps({"screens": screens}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(PROBE), str(settings), *remember], env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


CONSOLE_SCREEN = {"name": "Console", "x": 0, "y": 0, "width": 1280, "height": 800}
ROOM_SCREEN = {"name": "Room", "x": 1280, "y": 0, "width": 1920, "height": 1080}


def test_projector_lands_full_screen_on_the_second_screen_and_falls_back_to_the_first(tmp_path: Path) -> None:
    settings = tmp_path / "settings.ini"
    two = _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], settings)
    assert two["screens"] == ["Console", "Room"]
    assert two["screen"] == "Room"
    assert two["full_screen"] is True
    assert two["geometry"] == [1280, 0, 1920, 1080]

    assert two["cursor_hidden"] is True

    # The director chose the room screen; next evening it is unplugged: with one screen (the console needs its
    # whole width) the clock is full screen there, behind the console; Esc makes it a window inside the screen.
    _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], settings, "Room")
    one = _run_probe(tmp_path, [CONSOLE_SCREEN], settings)
    assert one["remembered"] == "Room"
    assert one["screen"] == "Console"
    assert one["full_screen"] is True and one["geometry"] == [0, 0, 1280, 800]
    left = _run_probe(tmp_path, [CONSOLE_SCREEN], settings, "--escape")
    assert left["full_screen"] is False and left["cursor_hidden"] is False
    x, y, width, height = left["geometry"]
    assert width <= 1280 // 2 + 1 and x >= 0 and y >= 0 and x + width <= 1280 and y + height <= 800

    # Plugged in again: the remembered screen wins.
    back = _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], settings)
    assert back["screen"] == "Room"


def test_esc_leaves_full_screen_and_shows_the_pointer_again(tmp_path: Path) -> None:
    left = _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], tmp_path / "settings.ini", "--escape")
    assert left["full_screen"] is False and left["cursor_hidden"] is False


def test_a_remembered_screen_beats_the_default_second_screen(tmp_path: Path) -> None:
    settings = tmp_path / "settings.ini"
    chosen = _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], settings, "Console")
    assert chosen["screen"] == "Console"
    again = _run_probe(tmp_path, [CONSOLE_SCREEN, ROOM_SCREEN], settings)
    assert again["screen"] == "Console"


@pytest.mark.parametrize("seconds, shown", [(754.2, "12:35"), (60.0, "01:00"), (0.4, "00:01"), (0.0, "00:00"),
                                            (-3, "00:00"), (3_725, "1:02:05"), (None, "--:--")])
def test_remaining_time_is_shown_rounded_up_so_zero_means_the_level_is_over(seconds, shown) -> None:
    assert format_clock(seconds) == shown


def test_places_read_as_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]


def _time_digit_height(image: QImage, colour: QColor = Palette.time) -> int:
    """Height of the tallest unbroken run of pixel rows holding the remaining time's colour (only the time uses it)."""
    wanted = colour.rgb()
    best = run = 0
    for y in range(image.height()):
        hit = any(image.pixel(x, y) == wanted for x in range(0, image.width(), 2))
        run = run + 1 if hit else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720), (1024, 768), (1080, 1920)])
def test_remaining_time_fills_a_large_part_of_the_screen_at_any_size(qtbot, ui_settings, artifacts_dir, width,
                                                                      height) -> None:
    window = ProjectorWindow(None, view_source=lambda: RUNNING_LEVEL, settings=ui_settings)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.refresh()
    image = window.grab().toImage()
    assert (image.width(), image.height()) == (width, height)
    image.save(str(artifacts_dir / f"projector-{width}x{height}.png"))
    digits = _time_digit_height(image)
    # Legible from the back of the room: the digits take a quarter of the height or more on landscape screens
    # (a portrait screen is limited by its width instead).
    minimum = 0.25 if width > height else 0.10
    assert digits >= minimum * height, f"time digits only {digits}px tall on a {width}x{height} screen"


def test_break_screen_shows_its_countdown_and_the_colour_up(qtbot, ui_settings, artifacts_dir) -> None:
    window = ProjectorWindow(None, view_source=lambda: BREAK, settings=ui_settings)
    qtbot.addWidget(window)
    for width, height in ((1920, 1080), (1280, 720)):
        window.resize(width, height)
        window.refresh()
        image = window.grab().toImage()
        image.save(str(artifacts_dir / f"projector-break-{width}x{height}.png"))
        # The break screen has its own background so the room sees at a glance that play has stopped.
        corner = image.pixelColor(2, height - 2)
        assert corner.green() > corner.red()
        assert _time_digit_height(image) >= 0.25 * height


def test_the_timer_only_repaints_the_latest_view(qtbot, ui_settings) -> None:
    views = iter([RUNNING_LEVEL, BREAK])
    window = ProjectorWindow(None, view_source=lambda: next(views), settings=ui_settings)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.view is BREAK, timeout=2000)


def test_a_failing_source_shows_the_problem_instead_of_freezing(qtbot, ui_settings) -> None:
    def broken() -> ProjectorView:
        raise RuntimeError("clock service unavailable")

    window = ProjectorWindow(None, view_source=broken, settings=ui_settings)
    qtbot.addWidget(window)
    window.refresh()
    assert "clock service unavailable" in window.view.message


def test_projector_repaints_only_when_what_the_room_sees_changes(qtbot) -> None:
    """Repainting at every timer tick would waste a laptop's core; a new second on screen repaints."""
    from tournament_director.ui.projector.window import ProjectorWindow
    from tournament_director.ui.projector.view import ProjectorView

    remaining = [125.9]
    window = ProjectorWindow(view_source=lambda: ProjectorView(tournament_name="Sunday", remaining_seconds=remaining[0]))
    qtbot.addWidget(window)
    repaints = []
    window.set_view = lambda view, original=window.set_view: (repaints.append(view), original(view))  # type: ignore[method-assign]
    window.refresh()
    assert len(repaints) == 1
    remaining[0] = 125.3  # still shows 02:06
    window.refresh()
    assert len(repaints) == 1
    assert window.view.remaining_seconds == 125.3  # the newest figures are kept all the same
    remaining[0] = 124.95  # now 02:05
    window.refresh()
    assert len(repaints) == 2
