"""The console's main actions, each with its icon (docs/design.md): the buttons a director presses all night show
a drawing before their text, in the theme's colours."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QAbstractButton

from tournament_director.ui.themes import show_action_icon

if TYPE_CHECKING:
    from tournament_director.ui.console.clock_tab import ClockTab
    from tournament_director.ui.console.players_tab import PlayersTab
    from tournament_director.ui.console.tables_tab import TablesTab


class Console(Protocol):
    """The main window's tabs these buttons live in (the window builds the icons, so it is not imported here)."""

    players_tab: PlayersTab
    tables_tab: TablesTab
    clock_tab: ClockTab


def main_action_buttons(window: Console) -> dict[QAbstractButton, str]:
    """Each main action's button of ``window`` and the name of its drawing."""
    players, tables, clock = window.players_tab.buttons, window.tables_tab, window.clock_tab.buttons
    return {
        players["register"]: "register",
        players["bust"]: "bust",
        players["re_entry"]: "re-entry",
        players["add_on"]: "add-on",
        players["draw"]: "draw-seats",
        players["seat_card"]: "print",
        tables.next_hand_all: "next-hand",
        tables.accept_move: "accept",
        tables.print_seats: "print",
        tables.print_slip: "print",
        clock["toggle"]: "start-pause",
        clock["previous"]: "previous-level",
        clock["next"]: "next-level",
    }


def mark_main_actions(window: Console) -> None:
    for button, drawing in main_action_buttons(window).items():
        show_action_icon(button, drawing)
