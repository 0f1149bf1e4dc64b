"""One design on both screens: every shipped layout, and a layout of the room's own with every token, drawn by the
real projector window and by the TV page in a real headless Chromium, over a progressive knockout with the clock
paused, at 1920x1080 and 1280x720. Each cell's text is the token's text the services give for the tournament, in the
cell's place on the grid, and the TV page puts each cell where the projector does. Screenshots of both."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRectF

from tests.ui.projector.layout_samples import save_every_token_layout
from tests.web.browser import Browser, chromium_missing
from tournament_director.services.screen_layouts import TOKENS, room_library
from tournament_director.services.screen_tokens import cell_texts, screen_figures, token_texts
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.projector.designed import designed_screen
from tournament_director.ui.projector.window import ProjectorWindow
from tournament_director.web.server import RoomServer

SHIPPED = ("dark_classic", "light", "big_digits", "pko")
NAMES = ("Ann Lee", "Bruno Alves", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
         "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández",
         "Maya Patel", "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez")
COUNTED = ("clock", "time_to_break")  # counted by the page between pushes: the clock is paused here

CELLS_ON_THE_PAGE = """
const out = {};
for (const node of document.querySelectorAll('#screen .cell')) {
  const r = node.getBoundingClientRect();
  const lines = [];
  for (const line of node.querySelectorAll('.value')) {
    if (line.classList.contains('wrapped')) { lines.push(line.textContent); continue; }
    const left = line.querySelector('.left'), right = line.querySelector('.right');
    lines.push(left ? left.textContent + '  ' + right.textContent : line.textContent);
  }
  out[node.dataset.cell] = {x: r.left, y: r.top, w: r.width, h: r.height, text: lines.join('\\n'),
                            label: (node.querySelector('.cell-label') || {}).textContent || '',
                            picture: Boolean(node.querySelector('img')),
                            fits: [...node.querySelectorAll('.value')].every((v) => v.scrollWidth <= r.width + 1)};
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


@pytest.fixture
def pko_room(qtbot, tmp_path):
    """A progressive knockout at two tables, a few knocked out, the clock paused; the room display on."""
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(5))
    server = RoomServer(session)
    session.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=50, fee=10, tables=2, settings={
        "bounty_mode": "progressive", "bounty": 50, "pko_cash_percent": 50}))
    floor = session.tournament
    for name in NAMES:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    for loser, winner in (("Bruno Alves", "Ann Lee"), ("Chloé Martin", "Ann Lee"),
                          ("Esther Lindqvist", "Farid Haddad")):
        ids = {e.name: e.entry_id for e in floor.entries()}
        session.run(floor.bust, ids[loser], [ids[winner]])
    session.run(session.clock.pause)
    server.start("127.0.0.1", 0)
    yield session, server
    server.stop()
    session.close()


def projector_cells(window: ProjectorWindow) -> tuple[dict[str, QRectF], dict[str, str], set[str]]:
    """Where the projector puts each cell, the text it draws there (a list one line a row), its pictures."""
    area = QRectF(window.rect())
    screen = designed_screen(area, window.view, window.screen_layout, picture=window.pictures)
    drawn: dict[str, list[tuple[int, str, str]]] = {}
    for item in screen.texts:
        parts = item.role.split(":")
        if parts[0] != "cell":
            continue
        cell_id = parts[1]
        assert screen.cell_rects[cell_id].adjusted(-1, -1, 1, 1).contains(item.rect), (cell_id, item.rect)
        row = int(parts[2]) if len(parts) > 2 else 0
        drawn.setdefault(cell_id, []).append((row, parts[3] if len(parts) > 3 else "", item.text))
    texts = {}
    for cell_id, pieces in drawn.items():
        rows: dict[int, str] = {}
        for row, side, text in sorted(pieces):
            rows[row] = f"{rows[row]}  {text}" if side else text
        texts[cell_id] = "\n".join(rows[r] for r in sorted(rows))
    pictures = {p.role.split(":")[1] for p in screen.pictures}
    return screen.cell_rects, texts, pictures


def expected_texts(session, layout) -> dict[str, str]:
    """What each cell shown now says, from the services (the figures the room display reads)."""
    figures = screen_figures(session)
    shown = layout.for_modes(["end"] if figures.winner is not None else [
        mode for mode, on in (("final_table", figures.final_table), ("break", figures.on_break)) if on])
    return {cell_id: text for cell_id, text in cell_texts(shown, token_texts(figures, shown)).items()
            if text and not shown.cell(cell_id).hidden}


def shown_lines(text: str, rows: int) -> str:
    """A list as a cell of ``rows`` lines shows it: the first rows - 1 lines and '… n more'."""
    lines = text.split("\n")
    if len(lines) > rows:
        lines = lines[:rows - 1] + [f"… {len(lines) - rows + 1} more"]
    return "\n".join(lines)


@pytest.mark.parametrize("key", [*SHIPPED, "every-token"])
def test_the_projector_and_the_tv_page_draw_the_layout_with_every_token_where_it_puts_it(
        qtbot, pko_room, browser, artifacts_dir, tmp_path, key) -> None:
    session, server = pko_room
    if key == "every-token":
        key = save_every_token_layout(room_library(session).folder, tmp_path / "work")
    session.run(session.settings.change, {"screen_layout": key})
    projector = ProjectorWindow(session)
    qtbot.addWidget(projector)
    layout = room_library(session).load(key)
    expected = expected_texts(session, layout)
    assert {"level", "blinds", "status"} & set(expected)
    if key.startswith("room:"):  # all but the end's and the draw's, the ante (none at level 1) and the badges
        said = {layout.cell(cell_id).token for cell_id in expected}
        assert said == set(TOKENS) - {"winner", "results", "seating_chart", "ante", "badges", "image", "logo", "qr"}
    both_screens(qtbot, server, browser, projector, layout, expected, artifacts_dir, key.replace("room:", "room-"),
                 session_clock_text(session))
    projector.close()


def both_screens(qtbot, server, browser, projector, layout, expected, artifacts_dir, name, clock_text) -> None:
    """At 1920x1080 and 1280x720: each cell's text on the projector as ``expected``, inside its cell, and on the TV
    page in the same place with the same words; screenshots of both."""
    for width, height in ((1920, 1080), (1280, 720)):
        projector.resize(width, height)
        projector.show()
        projector.refresh()
        qtbot.waitUntil(lambda: projector.screen_layout is not None, timeout=2000)
        assert projector.screen_layout.name == layout.name
        rects, drawn, pictures = projector_cells(projector)
        for cell in layout.cells:
            if cell.id not in expected or cell.token in COUNTED:
                continue
            rows = cell.rows or cell.h * 2
            if cell.token in ("rules", "text"):
                assert " ".join(drawn[cell.id].split()) == " ".join(expected[cell.id].split()), cell.id
            else:
                assert drawn[cell.id] == shown_lines(expected[cell.id], rows), cell.id
        assert drawn.get("clock", drawn.get("rules-clock", "")) in ("", clock_text)
        projector.grab().save(str(artifacts_dir / f"screen-layout-{name}-projector-{width}x{height}.png"))

        browser.open(server.url + "tv", width, height)
        browser.wait_for(lambda d: d.execute_script("return document.querySelectorAll('#screen .cell').length") > 0,
                         timeout=10)
        qtbot.wait(300)
        page = browser.script(CELLS_ON_THE_PAGE)
        assert not browser.displayed(".tv-grid")
        for cell in layout.cells:
            if cell.id not in rects:
                continue
            if cell.token in ("image", "logo", "qr"):
                assert page[cell.id]["picture"] == (cell.id in pictures or cell.token == "qr"), cell.id
                continue
            if cell.id not in expected and not cell.label:
                continue
            on_page, there = page[cell.id], rects[cell.id]
            for side, ours in (("x", there.x()), ("y", there.y()), ("w", there.width()), ("h", there.height())):
                assert abs(on_page[side] - ours) <= 2, (cell.id, side, on_page[side], ours)
            assert on_page["label"] == cell.label, cell.id
            if cell.id in expected and cell.token not in COUNTED:
                if cell.token in ("rules", "text"):
                    assert " ".join(on_page["text"].split()) == " ".join(drawn[cell.id].split()), cell.id
                else:
                    assert on_page["text"] == drawn[cell.id], cell.id
            assert on_page["fits"], cell.id
        assert page["clock"]["text"] == clock_text if "clock" in page else True
        assert browser.script("return document.documentElement.scrollWidth") <= width
        browser.screenshot(artifacts_dir / f"screen-layout-{name}-tv-{width}x{height}.png")


def session_clock_text(session) -> str:
    whole = max(0, int(session.clock.view().remaining_seconds + 0.999))
    return f"{whole // 60:02d}:{whole % 60:02d}"


def test_a_break_and_the_end_change_the_layout_alike_on_both_screens(qtbot, pko_room, browser,
                                                                     artifacts_dir) -> None:
    session, server = pko_room
    session.run(session.settings.change, {"screen_layout": "dark_classic"})
    layout = room_library(session).load("dark_classic")
    projector = ProjectorWindow(session)
    qtbot.addWidget(projector)
    first_break = next(i for i, p in enumerate(session.clock.schedule.structure.periods)
                       if not hasattr(p, "small_blind"))
    session.run(session.clock.jump_to_period, first_break)
    expected = expected_texts(session, layout)
    assert expected["level"] == session.clock.view().break_name.upper() and expected["blinds"].startswith("Next: ")
    both_screens(qtbot, server, browser, projector, layout, expected, artifacts_dir, "dark_classic-break",
                 session_clock_text(session))
    assert designed_screen(QRectF(projector.rect()), projector.view, layout).background.name() == "#10261a"
    assert browser.script("return getComputedStyle(document.getElementById('screen')).backgroundColor") == \
        "rgb(16, 38, 26)"

    floor = session.tournament
    session.run(floor.close_registration)
    while not floor.finished:
        live = [e for e in floor.entries() if not e.busted]
        session.run(floor.bust, live[-1].entry_id, [live[0].entry_id])
    expected = expected_texts(session, layout)
    assert set(expected) >= {"winner", "results"} and "clock" not in expected and "blinds" not in expected
    both_screens(qtbot, server, browser, projector, layout, expected, artifacts_dir, "dark_classic-end",
                 session_clock_text(session))
    assert designed_screen(QRectF(projector.rect()), projector.view, layout).background.name() == "#0b0f14"
    assert browser.script("return getComputedStyle(document.getElementById('screen')).backgroundColor") == \
        "rgb(11, 15, 20)"  # the end's own look, though the clock still stands on the break
    projector.close()


def test_while_a_table_breaks_both_screens_say_who_moves_where_in_the_payouts_place(qtbot, pko_room, browser,
                                                                                     artifacts_dir) -> None:
    session, server = pko_room
    session.run(session.settings.change, {"screen_layout": "pko"})
    layout = room_library(session).load("pko")
    floor = session.tournament
    session.run(floor.close_registration)
    moved = None
    while moved is None:
        live = [e for e in floor.entries() if not e.busted]
        result = session.run(floor.bust, live[-1].entry_id, [live[0].entry_id])
        if result.proposal is not None and result.proposal.moves:
            session.run(session.accept_moves, result.proposal)
            moved = result.proposal
    expected = expected_texts(session, layout)
    lines = expected["payouts"].split("\n")
    assert len(lines) == len(moved.moves) and all("  → T" in line for line in lines)
    projector = ProjectorWindow(session)
    qtbot.addWidget(projector)
    projector.resize(1920, 1080)
    projector.show()
    projector.refresh()
    qtbot.waitUntil(lambda: projector.screen_layout is not None, timeout=2000)
    title = projector.view.moves_title
    assert title in ("FINAL TABLE", "MOVES") or title.endswith("BREAKS")
    screen = designed_screen(QRectF(projector.rect()), projector.view, projector.screen_layout)
    assert screen.text("label:payouts").text == title
    _rects, drawn, _pictures = projector_cells(projector)
    assert drawn["payouts"] == shown_lines(expected["payouts"], layout.cell("payouts").rows)
    projector.grab().save(str(artifacts_dir / "screen-layout-pko-moves-projector-1920x1080.png"))
    projector.close()
    browser.open(server.url + "tv", 1920, 1080)
    browser.wait_for(lambda d: d.execute_script("return document.querySelectorAll('#screen .cell').length") > 0,
                     timeout=10)
    page = browser.script(CELLS_ON_THE_PAGE)
    assert page["payouts"]["label"] == title and page["payouts"]["text"] == drawn["payouts"]
    browser.screenshot(artifacts_dir / "screen-layout-pko-moves-tv-1920x1080.png")


RULES = "Phones off the table during a hand. English only at the table. One player to a hand."


@pytest.fixture
def window(qtbot, tmp_path, ui_settings, monkeypatch):
    from tests.ui.tournament_setup import console_in_play

    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


def test_the_house_rules_typed_in_the_editor_show_in_a_cell_and_as_a_page_every_so_often_on_both_screens(
        qtbot, window, browser, artifacts_dir) -> None:
    from tests.ui.console.formats_driving import LEFT, set_spin
    from tests.ui.console.test_screen_layouts_editor import choose_token, open_editor
    from tests.web.test_room_bounties import switch_on_room_display

    dialog = open_editor(qtbot, window)
    dialog.rules_field.setFocus()
    qtbot.keyClicks(dialog.rules_field, RULES)
    set_spin(qtbot, dialog.rules_every, 4)
    set_spin(qtbot, dialog.rules_for, 2)
    qtbot.mouseClick(dialog.rules_apply, LEFT)
    assert dialog.layout_doc.rules_text == RULES and dialog.layout_doc.rules_every_seconds == 4
    qtbot.mouseClick(dialog.canvas, LEFT, pos=centre_of(dialog, "knockouts"))
    choose_token(qtbot, dialog, "rules")
    qtbot.mouseClick(dialog.use_button, LEFT)  # kept as the room's own, then chosen
    assert window.refusals == [] and window.session.settings.settings.screen_layout == "room:dark-classic"
    dialog.close()

    projector = ProjectorWindow(window.session)
    qtbot.addWidget(projector)
    projector.resize(1920, 1080)
    projector.show()
    projector.refresh()
    layout, view, area = projector.screen_layout, projector.view, QRectF(projector.rect())
    cell_page = designed_screen(area, view, layout, now_seconds=1_000_002)   # 2 of every 4 s: the usual screen
    rules = " ".join(t.text for t in cell_page.texts if t.role.startswith("cell:knockouts:"))
    assert rules == RULES and cell_page.text("cell:clock") is not None
    rules_page = designed_screen(area, view, layout, now_seconds=1_000_001)  # 0-1 of every 4 s: the rules page
    assert rules_page.text("cell:rules-title").text == "HOUSE RULES"
    assert " ".join(t.text for t in rules_page.texts if t.role.startswith("cell:rules:")) == RULES
    qtbot.waitUntil(lambda: projector._rules_up, timeout=5000)  # the window turns to it by itself
    projector.grab().save(str(artifacts_dir / "screen-layout-rules-page-projector-1920x1080.png"))
    qtbot.waitUntil(lambda: not projector._rules_up, timeout=5000)
    projector.close()

    url = switch_on_room_display(qtbot, window)
    browser.open(url + "tv", 1920, 1080)
    browser.wait_for(lambda d: d.execute_script(
        "return document.querySelector('[data-cell=\"rules-title\"]') !== null"), timeout=6)
    page = browser.script(CELLS_ON_THE_PAGE)
    assert page["rules-title"]["text"] == "HOUSE RULES" and " ".join(page["rules"]["text"].split()) == RULES
    browser.screenshot(artifacts_dir / "screen-layout-rules-page-tv-1920x1080.png")
    browser.wait_for(lambda d: d.execute_script(
        "return document.querySelector('[data-cell=\"knockouts\"]') !== null"), timeout=6)
    assert " ".join(browser.script(CELLS_ON_THE_PAGE)["knockouts"]["text"].split()) == RULES


def centre_of(dialog, cell_id: str):
    from tests.ui.console.test_screen_layouts_editor import centre_of as centre

    return centre(dialog, cell_id)
