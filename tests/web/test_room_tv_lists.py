"""The TV page's lists in a real Chromium at the sizes of a TV and a small projector: after a table broke, every
move is shown or counted (the moves get most of the side), and the latest results show whole rows only, with how
many more there are; nothing is cut in half."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.web.browser import Browser, chromium_missing
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.web.server import RoomServer

# Every visible row of a list lies whole inside its section; the "more" line counts the rows left out.
ROWS_SHOWN = """
const out = {};
for (const id of ["results", "moves"]) {
  const list = document.getElementById(id);
  const section = list.closest("section");
  const box = section.getBoundingClientRect();
  const rows = [...list.children].filter((row) => row.offsetParent !== null);
  out[id] = {
    hidden: section.hidden,
    shown: rows.filter((row) => !row.classList.contains("more")).length,
    cut: rows.filter((row) => row.getBoundingClientRect().bottom > box.bottom + 1
                              || row.getBoundingClientRect().top < box.top - 1).length,
    more: rows.filter((row) => row.classList.contains("more")).map((row) => row.textContent),
  };
}
return out;
"""


@pytest.fixture(scope="module")
def browser(qapp):
    problem = chromium_missing()
    if problem:
        pytest.fail(problem)
    opened = Browser(1920, 1080)
    yield opened
    opened.close()


def test_after_a_table_broke_every_move_and_whole_result_rows_show_on_the_tv(qtbot, tmp_path, browser,
                                                                            artifacts_dir) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(7))
    server = RoomServer(session)
    try:
        session.create_from_plan(NewTournamentPlan("Saturday Deepstack", "regular", tables=4, seats_per_table=9))
        floor = session.tournament
        floor.register_many([f"Player {n:02d} Longname" for n in range(1, 31)])
        session.run(floor.draw_seats)
        session.run(floor.close_registration)
        session.run(session.clock.start)
        server.start("127.0.0.1", 0)
        moves = 0
        while not moves:   # bust players until a table breaks, its players moved at once
            live = [e for e in floor.entries() if not e.busted]
            result = session.run(floor.bust, live[-1].entry_id, [live[0].entry_id])
            qtbot.wait(20)   # the server looks at the seats with each change: that is how it sees a move
            if result.proposal.kind == "break" and result.proposal.moves:
                session.run(session.accept_moves, result.proposal)
                qtbot.wait(20)
                moves = len(result.proposal.moves)
        for _ in range(6):   # the night goes on: more results (no further move accepted)
            live = [e for e in floor.entries() if not e.busted]
            session.run(floor.bust, live[-1].entry_id, [live[0].entry_id])
            qtbot.wait(20)
        busted = sum(1 for e in floor.entries() if e.busted)
        assert moves >= 6 and busted >= 8

        for width, height in ((1920, 1080), (1280, 720)):
            browser.open(server.url + "tv", width, height)
            browser.wait_for(lambda d: d.execute_script("return document.querySelectorAll('#moves li').length")
                             > 0, timeout=10)
            qtbot.wait(300)
            shown = browser.script(ROWS_SHOWN)
            browser.screenshot(Path(artifacts_dir) / f"tv-moves-after-a-break-{width}x{height}.png")
            for name in ("results", "moves"):
                assert not shown[name]["hidden"] and shown[name]["cut"] == 0, (width, name, shown)
            left_out = int(shown["moves"]["more"][0].split()[1]) if shown["moves"]["more"] else 0
            assert shown["moves"]["shown"] + left_out == moves, (width, shown)
            assert shown["moves"]["shown"] >= min(moves, 4), (width, shown)   # the moves come first
            results_left_out = int(shown["results"]["more"][0].split()[1]) if shown["results"]["more"] else 0
            assert shown["results"]["shown"] >= 1
            assert shown["results"]["shown"] + results_left_out == min(busted, 8), (width, shown)   # the latest 8
    finally:
        server.stop()
        session.close()
