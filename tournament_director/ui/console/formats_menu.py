"""The console's menu items for the formats: Tournament > Settings (Ctrl+,), the structure's import, export and
save-as-template, the payout table's editor; and the Players menu's Rebuy, Add-on and Re-entry kept in step with
their buttons (hidden when the format has none, disabled with the reason when they cannot apply now).
``install_formats_actions(window)`` adds them to the main window."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction

from tournament_director.ui.console.wizard import SettingsDialog

_TRACKED = {"Rebuy": "rebuy", "Add-on": "add_on", "Re-entry": "re_entry"}


def _menu(window: Any, title: str) -> Any:
    for action in window.menuBar().actions():
        if action.menu() is not None and action.text().replace("&", "") == title:
            return action.menu()
    raise LookupError(f"the console has no {title} menu")


def install_formats_actions(window: Any) -> None:
    tournament = _menu(window, "Tournament")
    first_after_new = tournament.actions()[1] if len(tournament.actions()) > 1 else None
    added: list[QAction] = [
        window._action("Settings…", "Ctrl+,", lambda: open_settings(window), tournament),
        window._action("Import a structure…", None, window.structure_tab.import_structure, tournament),
        window._action("Export the structure…", None, window.structure_tab.export_structure, tournament),
        window._action("Save the structure as a template…", None, window.structure_tab.save_as_template, tournament),
        window._action("Edit the payout table…", None, window.payouts_tab.open_editor, tournament),
    ]
    if first_after_new is not None:   # right after "New tournament…"
        for action in added:
            tournament.removeAction(action)
        tournament.insertActions(first_after_new, added)
        tournament.insertSeparator(first_after_new)
    players = _menu(window, "Players")
    players.setToolTipsVisible(True)
    for action in players.actions():
        key = _TRACKED.get(action.text())
        if key is not None:
            window.players_tab.entry_actions.track(key, action)


def open_settings(window: Any) -> SettingsDialog | None:
    """Tournament > Settings for the tournament in front of the director (window-modal; the clock runs on)."""
    session = window.session
    if session is None or session.tournament is None:
        window.tell("Open or create a tournament first (Ctrl+N)")
        return None
    dialog = SettingsDialog(session, window)
    dialog.accepted.connect(lambda: window.tell("Settings saved" if dialog.changed is not None
                                                else "Settings unchanged"))
    dialog.finished.connect(dialog.deleteLater)
    window.settings_dialog = dialog
    dialog.open()
    return dialog
