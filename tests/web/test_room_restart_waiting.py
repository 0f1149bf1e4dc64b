"""The TV page after a crash with the clock running (the process killed with SIGKILL): until the director chooses,
it shows the time as if the clock had kept running, counting, marked waiting for the director, in the real
headless Chromium."""

from __future__ import annotations


from tests.ui.console.crash_clock import MovedTime, kill_with_the_clock_running, reopen
from tournament_director.ui.projector.view import format_clock

DOWN_SECONDS = 62


def seconds(clock_text: str) -> int:
    parts = [int(p) for p in clock_text.split(":")]
    return sum(value * 60 ** power for power, value in enumerate(reversed(parts)))


def test_the_tv_page_counts_on_waiting_for_the_director_after_a_crash(qtbot, tmp_path, browser,
                                                                      artifacts_dir) -> None:
    from tournament_director.web.server import RoomServer

    kill_with_the_clock_running(tmp_path)
    session = reopen(tmp_path, MovedTime(DOWN_SECONDS))
    level_seconds = session.state.schedule.structure.periods[0].duration_seconds
    live = session.clock.view()
    assert live.restart_pending
    server = RoomServer(session)
    server.start("127.0.0.1", 0)
    try:
        browser.open(server.url + "tv", 1280, 720)
        browser.wait_for(lambda d: d.find_element("id", "level-name").text == "Level 1")
        assert browser.displayed("#paused") and browser.text("#paused") == "WAITING FOR THE DIRECTOR"
        assert "Waiting for the director" in browser.text("#clock-message")
        first = seconds(browser.text("#time-left"))
        # The time as of now had the clock kept running through the minute down, not the 20:00 of the log.
        assert level_seconds - DOWN_SECONDS - 15 <= first <= seconds(format_clock(live.remaining_seconds)), first
        browser.wait_for(lambda d: seconds(d.find_element("id", "time-left").text) <= first - 2, timeout=4)
        browser.screenshot(artifacts_dir / "pko-restart-waiting-tv.png")
    finally:
        server.stop()
        session.close()
