"""Screenshots of every page and dialog the formats add, as the director sees them on a 1366x768 laptop and a
1920x1080 screen: the wizard's pages, Tournament > Settings (with fixed settings greyed out), the Structure tab's
editor, the Payouts tab and its table editor, and the deal dialog. Saved into artifacts/ (formats-*.png); each dialog
is drawn over the console where it opens, and must fit inside it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPainter

from tests.ui.tournament_setup import open_session, running_tournament
from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.console.wizard import open_settings
from tournament_director.ui.console.window import MainWindow

SIZES = ((1366, 768), (1920, 1080))
TITLE = 26  # the height of a title bar drawn above each dialog


def screen(window, dialog, path) -> None:
    """The console with ``dialog`` centred over it, as one picture; the dialog must fit in the window."""
    picture = window.grab()
    if dialog is not None:
        assert dialog.width() <= window.width() and dialog.height() + TITLE <= window.height(), (
            f"{dialog.windowTitle()} ({dialog.width()}x{dialog.height()}) does not fit {window.width()}x"
            f"{window.height()}")
        corner = QPoint((window.width() - dialog.width()) // 2, (window.height() - dialog.height()) // 2 + TITLE // 2)
        painter = QPainter(picture)
        bar = QRect(corner.x(), corner.y() - TITLE, dialog.width(), TITLE)
        painter.fillRect(bar, QColor("#37474f"))          # the window manager's title bar, for the picture
        painter.setPen(QColor("white"))
        painter.drawText(bar, Qt.AlignmentFlag.AlignCenter, dialog.windowTitle())
        painter.drawPixmap(corner, dialog.grab())
        painter.setPen(QColor("#37474f"))
        painter.drawRect(QRect(corner, dialog.size()).adjusted(0, -TITLE, -1, -1))
        painter.end()
    assert picture.save(str(path))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_screenshots_of_the_formats_pages_and_dialogs(qtbot, tmp_path, ui_settings, artifacts_dir, size) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    name = f"{size[0]}x{size[1]}"
    try:
        wizard = window.new_tournament()
        for i, title in enumerate(wizard.page_titles()):
            wizard.go(i)
            qtbot.wait(10)
            screen(window, wizard, artifacts_dir / f"formats-wizard-{i + 1}-{title.split()[0].lower()}-{name}.png")
        wizard.reject()

        settings = open_settings(window)
        assert not settings.form.widgets["buy_in"].isEnabled()          # twenty entries have paid it
        for i, title in enumerate(settings.page_titles()):
            settings.go(i)
            qtbot.wait(10)
            screen(window, settings, artifacts_dir / f"formats-settings-{i + 1}-{title.split()[0].lower()}-{name}.png")
        settings.reject()

        window.tabs.setCurrentWidget(window.structure_tab)
        window.structure_tab.editor.table.setCurrentCell(3, 0)
        qtbot.wait(10)
        screen(window, None, artifacts_dir / f"formats-structure-tab-{name}.png")

        window.tabs.setCurrentWidget(window.payouts_tab)
        qtbot.wait(10)
        screen(window, None, artifacts_dir / f"formats-payouts-tab-{name}.png")
        editor = window.payouts_tab.open_editor()
        qtbot.wait(10)
        screen(window, editor, artifacts_dir / f"formats-payout-editor-{name}.png")
        editor.reject()

        floor = session.tournament                         # down to the last three for the deal
        while floor.players_left > 3:
            alive = [e for e in floor.entries() if not e.busted]
            session.run(floor.bust, alive[-1].entry_id, [alive[0].entry_id])
        deal = window.payouts_tab.open_deal_dialog()
        deal.set_method("chip_chop")
        qtbot.wait(10)
        screen(window, deal, artifacts_dir / f"formats-deal-{name}.png")
        deal.ask()
        qtbot.wait(10)
        screen(window, deal.confirmation, artifacts_dir / f"formats-deal-confirmation-{name}.png")
        deal.confirmation.reject()
        deal.reject()

        # A rebuy tournament with a deep-stack option: the Players tab's buttons and the buy-in beside Buy in.
        session.create_from_plan(NewTournamentPlan("Tuesday League", "turbo", tables=1, buy_in=20, settings={
            "rebuy_limit": 2, "rebuy_price": 20, "rebuy_chips": 10_000, "addon_enabled": True, "addon_price": 20,
            "addon_chips": 15_000, "addon_only_on_break": True, "addon_until_level": 6,
            "buy_in_options": [{"name": "Deep stack", "buy_in": 30, "fee": 0, "chips": 20_000}]}))
        league = session.tournament
        for player in ("Ana Souza", "Bernard Okafor", "Chloé Martin"):
            session.run(league.register, player)
        session.run(league.rebuy, 1)
        session.run(session.clock.start)
        session.run(session.clock.next_level)
        window.tabs.setCurrentWidget(window.players_tab)
        window.players_tab.select_entry(1)
        qtbot.wait(10)
        screen(window, None, artifacts_dir / f"formats-players-rebuys-{name}.png")
        window.tabs.setCurrentWidget(window.structure_tab)
        qtbot.wait(10)
        screen(window, None, artifacts_dir / f"formats-structure-played-{name}.png")
    finally:
        window.close()
        session.close()
