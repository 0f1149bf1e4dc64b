"""Every setting of the domain is offered by the console, and the settings dialog shows each as it is: saving
without touching a field records nothing, and a tournament set up with unusual values reads back unchanged."""

from __future__ import annotations

from dataclasses import fields

from PySide6.QtCore import Qt

from tests.ui.console.formats_driving import CTRL, LEFT, active, ok
from tests.ui.tournament_setup import open_session, show_console
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.console.settings_fields import FIELD_BY_NAME

OFFERED_ELSEWHERE = {
    "name": "the wizard's Tournament page (Settings shows it)",
    "scheduled_start": "the Tournament page of the wizard and of Settings",
    "payout_table": "the wizard's Payouts page and the Payouts tab",
    "screen_layout": "Tools > Screen layouts: Use for this tournament",
    "satellite_seat_value": "taken from the target chosen in Satellite to (its whole price), shown on the Payouts tab",
}


def test_every_setting_of_the_domain_has_its_place_in_the_console() -> None:
    domain = {f.name for f in fields(TournamentSettings)}
    assert domain == set(FIELD_BY_NAME) | set(OFFERED_ELSEWHERE)
    assert all(field.help for field in FIELD_BY_NAME.values())


def test_saving_the_settings_untouched_records_nothing_even_with_unusual_values(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    unusual = {"rake_percent": 7, "rebuy_limit": 3, "rebuy_price": 55, "rebuy_chips": 12_500, "rebuy_until_level": 9,
               "rebuy_max_chips": 8_000, "addon_enabled": True, "addon_price": 40, "addon_chips": 30_000,
               "addon_until_level": 9, "addon_only_on_break": True, "reentry_limit": 4, "reentry_until_level": 7,
               "late_registration_until_time": "22:45", "scheduled_start": "2026-11-27T19:30",
               "bounty_mode": "progressive", "bounty": 30, "pko_cash_percent": 40, "guarantee": 12_345,
               "payout_unit": 25, "button_mode": "moving", "new_player_rule": "seed", "tolerance_many_tables": 3,
               "few_tables": 8, "halt_short_by": 4, "break_order": [3, 1, 2], "final_table_size": 8,
               "final_table_next_level": True, "redraw_final_table": False,
               "buy_in_options": [{"name": "Deep stack", "buy_in": 150, "fee": 15, "chips": 40_000}]}
    session.create_from_plan(NewTournamentPlan("Odd Sunday", "regular", tables=3, settings=unusual))
    window = show_console(qtbot, session, ui_settings)
    try:
        events = len(session.history())
        qtbot.keyClick(window, Qt.Key.Key_Comma, CTRL)
        dialog = window.settings_dialog
        active(qtbot, dialog)
        qtbot.mouseClick(ok(dialog), LEFT)
        assert not dialog.isVisible() and len(session.history()) == events
        assert "Settings unchanged" in window.statusBar().currentMessage()
        assert session.tournament.settings.to_dict() == {**session.tournament.settings.to_dict(), **unusual}
    finally:
        window.close()
        session.close()
