"""A 30-player re-entry progressive knockout in the console, half of the buy-in to the bounties: the bounty on every
head in the Players tab's Bounty column (sorted by a click on its header) and on the table cards, what each
knockout pays said after the bust made with Ctrl+B and the bust dialog (one eliminator, a split pot, two players out
on one hand, nobody named), in the Log's sentence too, a re-entry with a fresh bounty on his head, and the
projector's bounties in play and biggest bounties; a tournament without bounties shows none of it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT, bust, ok, select_player, type_text
from tests.ui.console.pko_players import NAMES
from tests.ui.tournament_setup import seated_tournament, show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.models import BOUNTY_COLUMN
from tournament_director.ui.projector.layout import projector_layout
from tournament_director.ui.projector.window import ProjectorWindow

BOUNTY = 50  # half of the 100 a player pays beside the fee: 50 to the prize pool, 50 on his head
PKO = {"bounty_mode": "progressive", "bounty": BOUNTY, "pko_cash_percent": 50, "reentry_limit": 2,
       "reentry_until_level": 6}


@pytest.fixture
def session(tmp_path: Path):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(11))
    yield opened
    opened.close()


@pytest.fixture
def pko(qtbot, session, ui_settings, refusals):
    """The Thursday PKO: 50 to the prize pool + 50 bounty + 10 fee, two re-entries, four tables of nine, seats
    drawn; the console and the projector on it."""
    session.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=50, fee=10, tables=4,
                                               late_registration_until_level=4, settings=PKO))
    floor = session.tournament
    for name in NAMES:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    yield window, projector
    window.close()
    projector.close()


def said(window) -> str:
    return window.statusBar().currentMessage()


def bounty_cells(window) -> dict[str, str]:
    """The Bounty column as the Players tab shows it: each live player's name and the text of his cell."""
    window.refresh_stale_tabs()
    model = window.players_tab.model
    return {model.rows[i].name: model.data(model.index(i, BOUNTY_COLUMN)) for i in range(model.rowCount())
            if model.rows[i].status != "busted"}


def busted_cell(window, name: str) -> str:
    model = window.players_tab.model
    return next(model.data(model.index(i, BOUNTY_COLUMN)) for i in range(model.rowCount())
                if model.rows[i].name == name and model.rows[i].status == "busted")


def progressive_shares(bounty: int, eliminators: int) -> list[tuple[int, int]]:
    """Half in cash, half onto the eliminators' heads, each half split evenly, the odd unit to the first named."""
    def even(amount: int) -> list[int]:
        base, extra = divmod(amount, eliminators)
        return [base + (i < extra) for i in range(eliminators)]
    cash = bounty // 2
    return list(zip(even(cash), even(bounty - cash)))


def open_bust_dialog(qtbot, window, name: str):
    select_player(qtbot, window, name, busted=False)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = window.players_tab.bust_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def tick(qtbot, dialog, name: str) -> None:
    type_text(qtbot, dialog.filter, name)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)  # ticks the first player the filter shows


def seat_row(window, name: str):
    return next(row for card in window.tables_tab.cards for row in card.seat_rows if row.seat.name == name)


def test_the_console_and_the_projector_show_every_bounty_and_what_each_knockout_pays(
        qtbot, pko, refusals, artifacts_dir) -> None:
    window, projector = pko
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)  # the Clock tab: Start
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)
    assert window.session.clock.view().running
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    tab = window.players_tab
    assert not tab.view.isColumnHidden(BOUNTY_COLUMN)
    assert tab.model.headerData(BOUNTY_COLUMN, Qt.Orientation.Horizontal) == "Bounty"
    assert set(bounty_cells(window).values()) == {"50"} and len(bounty_cells(window)) == 30

    # One eliminator: half of Bruno's 50 in cash, half onto Ann's head.
    bust(qtbot, window, "Bruno Alves", "Ann Lee")
    assert "Ann Lee takes 25 in cash, bounty now 75" in said(window), said(window)
    assert bounty_cells(window)["Ann Lee"] == "75" and busted_cell(window, "Bruno Alves") == ""

    # A split pot: Chloé's bounty shared by two eliminators, the odd unit to the first named.
    dialog = open_bust_dialog(qtbot, window, "Chloé Martin")
    tick(qtbot, dialog, "Ann Lee")
    tick(qtbot, dialog, "Dmitri Volkov")
    names = {e.entry_id: e.name for e in window.players_tab.model.rows}
    first, second = (names[e] for e in dialog.eliminators())
    heads = {"Ann Lee": 75, "Dmitri Volkov": BOUNTY}
    (cash_1, onto_1), (cash_2, onto_2) = progressive_shares(BOUNTY, 2)
    heads[first] += onto_1
    heads[second] += onto_2
    qtbot.mouseClick(ok(dialog), LEFT)
    assert (f"{first} takes {cash_1} in cash, bounty now {heads[first]}; "
            f"{second} takes {cash_2} in cash, bounty now {heads[second]}") in said(window), said(window)
    assert bounty_cells(window)["Ann Lee"] == str(heads["Ann Lee"])
    assert bounty_cells(window)["Dmitri Volkov"] == str(heads["Dmitri Volkov"])
    bar = window.statusBar()  # the whole sentence reads in the status bar of the 1,600-pixel console
    assert bar.fontMetrics().horizontalAdvance(said(window)) < bar.width(), said(window)
    bar.grab().save(str(artifacts_dir / "pko-split-said.png"))

    # Two players out on one hand, both by Ann: she is told once, with both cash shares and her bounty after both.
    dialog = open_bust_dialog(qtbot, window, "Esther Lindqvist")
    dialog.also_out.setCurrentIndex(dialog.also_out.findText("Farid Haddad", Qt.MatchFlag.MatchStartsWith))
    qtbot.mouseClick(dialog.add_out, LEFT)
    assert len(dialog.busted()) == 2
    tick(qtbot, dialog, "Ann Lee")
    qtbot.mouseClick(ok(dialog), LEFT)
    heads["Ann Lee"] += 2 * (BOUNTY // 2)
    assert f"Ann Lee takes {2 * (BOUNTY // 2)} in cash, bounty now {heads['Ann Lee']}" in said(window)
    assert "Esther Lindqvist" in said(window) and "Farid Haddad" in said(window)
    assert said(window).count("Ann Lee takes") == 1
    window.grab().save(str(artifacts_dir / "pko-bust-said.png"))
    window.tabs.setCurrentWidget(tab)
    tab.search.clear()
    window.players_tab.grab().save(str(artifacts_dir / "pko-players-bounty-column.png"))

    # Nobody named: the bounty goes to nobody's head and nobody's pocket.
    dialog = open_bust_dialog(qtbot, window, "Grace O'Malley")
    qtbot.mouseClick(ok(dialog), LEFT)
    box = dialog.findChild(QMessageBox)  # the console may ask first whether nobody is to be named
    if box is not None and box.isVisible():
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), LEFT)
    assert f"The bounty of {BOUNTY} on Grace O'Malley goes unclaimed" in said(window), said(window)

    # Grace re-enters (Ctrl+Shift+E): a new entry with a fresh bounty on her head.
    select_player(qtbot, window, "Grace O'Malley", busted=True)
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL_SHIFT)
    assert "Grace O'Malley re-entered" in said(window), refusals
    assert bounty_cells(window)["Grace O'Malley"] == "50" and busted_cell(window, "Grace O'Malley") == ""

    # A click on the Bounty header sorts by it; a second click puts the biggest head on top.
    tab.search.clear()
    header = tab.view.horizontalHeader()
    spot = header.sectionViewportPosition(BOUNTY_COLUMN) + header.sectionSize(BOUNTY_COLUMN) // 2
    for _ in range(2):
        qtbot.mouseClick(header.viewport(), LEFT, pos=QPoint(spot, header.height() // 2))
    shown = [tab.proxy.source_row(i) for i in range(tab.proxy.rowCount())]
    assert shown[0].name == "Ann Lee" and shown[1].name == "Dmitri Volkov"
    live = [r.bounty for r in shown if r.bounty is not None]
    assert live == sorted(live, reverse=True)

    # The table cards: each seat's bounty beside his chips.
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    ann = seat_row(window, "Ann Lee")
    assert f"B {heads['Ann Lee']}" in ann.text() and ann.bounty.isVisible()
    assert seat_row(window, "Hiroshi Tanaka").text().endswith(" B 50")
    card = next(card for card in window.tables_tab.cards if ann in card.seat_rows)
    assert "B</b> = bounty" in card.label.text()
    card.grab().save(str(artifacts_dir / "pko-table-card.png"))
    window.tables_tab.grab().save(str(artifacts_dir / "pko-tables-tab.png"))

    # The Log tells what each bust paid, in its sentence for the bust.
    qtbot.keyClick(window, Qt.Key.Key_7, CTRL)
    window.log_tab.refresh()
    sentences = [row.description for row in window.log_tab.model.rows if row.event_type == "entry.busted"]
    assert "Bruno Alves out, eliminated by Ann Lee. Ann Lee takes 25 in cash, bounty now 75" \
        in sentences, sentences
    assert f"Grace O'Malley out. The bounty of {BOUNTY} on Grace O'Malley goes unclaimed" in sentences

    # The projector: the bounties still on heads (the Players tab's column added up) and the three biggest.
    cells = {name: int(text.replace(",", "")) for name, text in bounty_cells(window).items()}
    projector.refresh()
    # 31 entries' bounties paid in, four knockouts' cash taken out of play, Grace's first bounty unclaimed
    assert projector.view.bounties_in_play == sum(cells.values()) == 31 * BOUNTY - 4 * (BOUNTY // 2) - BOUNTY
    # the biggest first; on equal bounties the earlier entry, as the projector's other lists
    live = sorted((r for r in window.players_tab.model.rows if r.status != "busted"),
                  key=lambda r: (-cells[r.name], r.entry_id))
    biggest = [(r.name, cells[r.name]) for r in live[:3]]
    assert projector.view.biggest_heads == tuple(biggest)
    for width, height, name in ((1920, 1080, "pko-projector.png"), (800, 450, "pko-projector-small.png"),
                                (1024, 768, "pko-projector-4-3.png")):
        projector.resize(width, height)
        projector.grab().save(str(artifacts_dir / name))
        layout = projector_layout(QRectF(0, 0, width, height), projector.view)
        assert layout.text("stat-label:BOUNTIES IN PLAY").text == "BOUNTIES IN PLAY"
        assert layout.text("stat:BOUNTIES IN PLAY").text == f"{sum(cells.values()):,}"
    wide = projector_layout(QRectF(0, 0, 1920, 1080), projector.view)
    assert wide.text("heads-title").text == "BIGGEST BOUNTIES"
    assert [(wide.text(f"head-name:{i}").text, wide.text(f"head:{i}").text) for i in range(3)] == \
        [(name, f"{amount:,}") for name, amount in biggest]
    narrow = projector_layout(QRectF(0, 0, 1024, 768), projector.view)  # no side column: the heads on one line
    assert narrow.text("heads-line").text.startswith(f"Biggest bounties:   Ann Lee {heads['Ann Lee']}")
    assert refusals == []


def test_a_tournament_without_bounties_shows_none(qtbot, session, ui_settings, refusals) -> None:
    seated_tournament(session)
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    try:
        qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
        qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)
        qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
        assert window.players_tab.view.isColumnHidden(BOUNTY_COLUMN)
        live = [r for r in window.players_tab.model.rows if r.status != "busted"]
        bust(qtbot, window, live[0].name, live[1].name)
        assert "is out in" in said(window) and "bount" not in said(window).casefold()
        qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
        row = seat_row(window, live[1].name)
        assert (row.bounty is None or not row.bounty.isVisible()) and " B " not in row.text()
        assert all("bounty" not in card.label.text() for card in window.tables_tab.cards)
        projector.refresh()
        assert projector.view.bounties_in_play is None and projector.view.biggest_heads == ()
        layout = projector_layout(QRectF(0, 0, 1920, 1080), projector.view)
        assert not any("BOUNT" in item.text for item in layout.texts)
    finally:
        window.close()
        projector.close()
