"""The console's menus and keyboard shortcuts: every menu item is one QAction on the main window, so its shortcut
works on every tab, and the buttons of the tabs that repeat a menu item call the same slot.

``build_menus(window)`` fills the window's menu bar; a new menu item is one ``add_action`` line here.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from tournament_director.services.clock import ClockService
from tournament_director.ui.console.clock_tab import CLOCK_KEY
from tournament_director.ui.console.menus import tools_menu
from tournament_director.ui.console.wizard import open_settings
from tournament_director.ui.themes import available_themes

TAB_TITLES = ("Players", "Tables", "Clock", "Structure", "Payouts", "Results", "Log")
ANNOUNCE_SETTING = "console/announce_levels"


# Menus whose commands work on what the Players and Tables tabs show (the selected player, the seats, the proposal):
# a tab in the back is brought up to date first, as it would be when shown.
TAB_MENUS = ("&Players", "&Floor")


def add_action(window: Any, text: str, shortcut: str | QKeySequence.StandardKey | None,
               slot: Callable[[], Any], menu: Any) -> QAction:
    """One menu item with its shortcut, active wherever the focus is in the console window."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    on_tabs = menu.title() in TAB_MENUS

    def run() -> None:
        if on_tabs and hasattr(window, "refresh_stale_tabs"):
            window.refresh_stale_tabs()
        slot()
    action.triggered.connect(lambda _checked=False: run())
    window.addAction(action)
    menu.addAction(action)
    return action


def build_menus(window: Any) -> None:
    """``window``: the console's MainWindow (its tabs and slots). Tournament, Edit, Players, Clock, Floor, View (and Tools when the floor tool is built in)."""
    w = window
    bar = w.menuBar()
    p, t = w.players_tab, w.tables_tab
    file_menu = bar.addMenu("&Tournament")
    add_action(w, "New tournament…", "Ctrl+N", w.new_tournament, file_menu)
    from tournament_director.ui.console import end_of_day
    w.new_festival_action = add_action(w, "New multi-day event…", None, lambda: end_of_day.open_new_festival(w),
                                       file_menu)
    add_action(w, "Settings…", "Ctrl+,", lambda: open_settings(w), file_menu)
    add_action(w, "Import a structure…", None, w.structure_tab.import_structure, file_menu)
    add_action(w, "Export the structure…", None, w.structure_tab.export_structure, file_menu)
    add_action(w, "Save the structure as a template…", None, w.structure_tab.save_as_template, file_menu)
    add_action(w, "Edit the payout table…", None, w.payouts_tab.open_editor, file_menu)
    file_menu.addSeparator()
    from tournament_director.ui.console import leagues_window, registry_csv, td3_import
    w.td3_import_action = add_action(w, "Import from The Tournament Director…", "Ctrl+I",
                                     lambda: td3_import.choose_td3_files(w), file_menu)
    w.leagues_action = add_action(w, "Leagues and seasons…", "Ctrl+L", lambda: leagues_window.open_leagues(w),
                                  file_menu)
    file_menu.addSeparator()
    w.set_point_action = add_action(w, "Where the day stops…", None, lambda: end_of_day.open_set_point(w),
                                    file_menu)
    w.bag_action = add_action(w, "End of day: bag and tag…", None, lambda: end_of_day.open_bags(w), file_menu)
    w.start_next_day_action = add_action(w, "Start the next day", None, lambda: end_of_day.start_next_day(w),
                                         file_menu)
    w.next_day_action = add_action(w, "Next day from the bags…", None, lambda: end_of_day.open_next_day(w),
                                   file_menu)
    end_of_day.watch_set_points(w)
    file_menu.addSeparator()
    w.open_menu = file_menu.addMenu("Open tournament")
    w.open_menu.aboutToShow.connect(w._fill_open_menu)
    from tournament_director.ui.console.lobby import open_lobby
    w.lobby_action = add_action(w, "Lobby: every tournament…", "Ctrl+Shift+L", lambda: open_lobby(w), file_menu)
    add_action(w, "Export results…", "Ctrl+E", w.results_tab.export_dialog, file_menu)
    add_action(w, "Back up now", "Ctrl+Shift+B", w.backup_now, file_menu)
    edit = bar.addMenu("&Edit")
    w.undo_action = add_action(w, "Undo", QKeySequence.StandardKey.Undo, w.undo, edit)
    w.redo_action = add_action(w, "Redo", "Ctrl+Shift+Z", w.redo, edit)
    edit.aboutToShow.connect(lambda: name_undo_steps(w))
    add_action(w, "Find player", "Ctrl+F", w.focus_search, edit)
    players = bar.addMenu("&Players")
    add_action(w, "Register a player", "Ctrl+R", w.focus_register, players)
    players.setToolTipsVisible(True)  # a disabled Rebuy, Add-on or Re-entry says why
    p.entry_actions.track("rebuy", add_action(w, "Rebuy", "Ctrl+Shift+R", lambda: p._entry_command("rebuy"), players))
    p.entry_actions.track("add_on", add_action(w, "Add-on", "Ctrl+Shift+A", lambda: p._entry_command("add_on"), players))
    p.entry_actions.track("re_entry", add_action(w, "Re-entry", "Ctrl+Shift+E", p.re_enter_selected, players))
    add_action(w, "Bust…", "Ctrl+B", w.bust_here, players)
    add_action(w, "Absent / present", "Ctrl+Shift+P", p.toggle_present, players)
    add_action(w, "Seat card of the selected player as PDF…", "Ctrl+Shift+S", p.save_seat_card, players)
    add_action(w, "Draw seats", "Ctrl+Shift+D", p.draw_seats, players)
    p.close_registration_action = add_action(w, "Close registration", None, p.close_registration, players)
    players.aboutToShow.connect(p.show_registration_state)
    players.addSeparator()
    add_action(w, "Import players from CSV…", None, lambda: registry_csv.choose_import(w), players)
    add_action(w, "Export players as CSV…", None, lambda: registry_csv.choose_export(w), players)
    clock = bar.addMenu("&Clock")
    w.toggle_clock_action = add_action(w, "Start / pause", CLOCK_KEY, w.toggle_clock, clock)
    # The clock's key works in every window of the program (the projector full screen on the one screen too).
    w.toggle_clock_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
    add_action(w, "Next level", "Ctrl+Right", lambda: w.clock_command(ClockService.next_level), clock)
    add_action(w, "Previous level", "Ctrl+Left", lambda: w.clock_command(ClockService.previous_level), clock)
    add_action(w, "Add a minute", "Ctrl+Up", lambda: w.clock_command(lambda service: service.add_time(60)), clock)
    add_action(w, "Remove a minute", "Ctrl+Down", lambda: w.clock_command(lambda service: service.add_time(-60)), clock)
    add_action(w, "Jump to level", "Ctrl+J", w.jump_to_level, clock)
    floor = bar.addMenu("&Floor")
    add_action(w, "Next hand, all tables", "F5", lambda: t._next_hand(None), floor)
    add_action(w, "Check balance", "F6", w.check_balance, floor)
    w.accept_action = add_action(w, "Accept proposed moves", "Ctrl+Return", w.accept_move, floor)
    add_action(w, "Move a player…", "Ctrl+M", t.open_move_dialog, floor)
    add_action(w, "Go to table…", "Ctrl+G", lambda: (w.tabs.setCurrentWidget(t), t.pages.go_to_box.setFocus()), floor)
    add_action(w, "Hand-for-hand on / off", "Ctrl+H", lambda: t.set_hand_for_hand(not t.hand_for_hand.isChecked()),
               floor)
    add_action(w, "Seat cards as PDF…", "Ctrl+P", t.save_seat_cards, floor)
    add_action(w, "Chip count…", "Ctrl+K", w.open_chip_count, floor)
    add_action(w, "Deal (chop)…", "Ctrl+D", w.payouts_tab.open_deal_dialog, floor)
    _add_floor_tool(w)
    from tournament_director.ui.console.room_display import add_room_display_action
    add_room_display_action(w)  # Tools > Room display (phones, TV, remote)
    from tournament_director.ui.console.screen_layouts import add_screen_layouts_action
    add_screen_layouts_action(w)  # Tools > Screen layouts (the projector's and the TV page's design)
    view = bar.addMenu("&View")
    for i, title in enumerate(TAB_TITLES):
        add_action(w, title, f"Ctrl+{i + 1}", _show_tab(w, i), view)
    add_action(w, "Projector full screen / in a window", "Ctrl+Shift+F", w.toggle_projector_full_screen, view)
    w.seating_action = QAction("Seating chart on the projector", w, checkable=True)
    w.seating_action.setShortcut(QKeySequence("F7"))
    w.seating_action.toggled.connect(w.show_seating_on_projector)
    w.addAction(w.seating_action)
    view.addAction(w.seating_action)
    w.announce_action = QAction("Announce new levels", w, checkable=True)
    w.announce_action.setChecked(w._settings.value(ANNOUNCE_SETTING, False, type=bool))
    w.announce_action.toggled.connect(w.set_announcing)
    view.addAction(w.announce_action)
    themes = view.addMenu("Theme")
    group = QActionGroup(w)
    w._theme_actions = {}
    for name in available_themes():
        action = QAction(name.title(), w, checkable=True)
        action.triggered.connect(lambda _checked=False, name=name: w.set_theme(name))
        group.addAction(action)
        themes.addAction(action)
        w._theme_actions[name] = action
    _connect_tab_buttons(w)


def _show_tab(w: Any, index: int) -> Callable[[], None]:
    return lambda: w.tabs.setCurrentIndex(index)


def name_undo_steps(w: Any) -> None:
    """Edit > Undo and Redo name the director's action they take ("Undo Ann Lee out"), as the menu opens."""
    session = w.session
    w.undo_action.setText((session.undo_name() if session is not None else "Undo").replace("&", "&&"))
    w.redo_action.setText((session.redo_name() if session is not None else "Redo").replace("&", "&&"))


def _connect_tab_buttons(w: Any) -> None:
    """The Clock and Log tabs' buttons that repeat a menu item."""
    c = w.clock_tab.buttons
    c["toggle"].clicked.connect(w.toggle_clock)
    c["next"].clicked.connect(lambda: w.clock_command(ClockService.next_level))
    c["previous"].clicked.connect(lambda: w.clock_command(ClockService.previous_level))
    c["plus"].clicked.connect(lambda: w.clock_command(lambda service: service.add_time(60)))
    c["minus"].clicked.connect(lambda: w.clock_command(lambda service: service.add_time(-60)))
    w.clock_tab.jump_button.clicked.connect(
        lambda: w.clock_command(lambda service: service.jump_to_level(w.clock_tab.jump_level.value())))
    w.log_tab.undo_button.clicked.connect(w.undo)
    w.log_tab.undone.connect(lambda event: w.tables_tab.recheck_quietly())
    w.log_tab.redo_button.clicked.connect(w.redo)


def _add_floor_tool(w: Any) -> None:
    """Tools > Floor tool (F9), when the floor tool window is part of this build."""
    if importlib.util.find_spec("tournament_director.ui.floor_tool") is None:
        return
    tools = tools_menu(w)
    w.floor_tool_action = add_action(w, "Floor tool", "F9", w.open_floor_tool, tools)


__all__ = ["ANNOUNCE_SETTING", "TAB_TITLES", "add_action", "build_menus"]
