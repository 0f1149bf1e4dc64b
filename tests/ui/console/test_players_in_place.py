"""The Players tab over a larger field redraws a bust in place: the model is not reset, the busted row shows its
place, and Find still finds the player by name afterwards; an undo (the floor read again) changes only the rows it
changed, the selection kept."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.console.formats_driving import type_text
from tests.ui.console.test_console_wiring import console, open_session
from tournament_director.services.session import NewTournamentPlan


def three_hundred_seated(qtbot, tmp_path, ui_settings):  # type: ignore[no-untyped-def]
    """300 players seated at 34 tables, the console open on the Players tab."""
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Saturday Deepstack", "turbo", tables=34))
    session.run(session.tournament.register_many, [f"Player {n:03d}" for n in range(300)])
    session.run(session.tournament.draw_seats)
    window = console(qtbot, session, ui_settings)
    window.tabs.setCurrentWidget(window.players_tab)
    return session, window, window.players_tab


def test_a_bust_at_a_larger_field_updates_the_row_in_place(qtbot, tmp_path, ui_settings) -> None:
    session, window, tab = three_hundred_seated(qtbot, tmp_path, ui_settings)
    floor = session.tournament
    assert tab.model.rowCount() == 300
    resets: list[int] = []
    tab.model.modelReset.connect(lambda: resets.append(1))
    victim = next(r for r in tab.model.rows if r.name == "Player 123")
    winner = next(r for r in tab.model.rows if r.table == victim.table and r.entry_id != victim.entry_id)
    assert tab.bust(victim.entry_id, [winner.entry_id]) is not None
    assert resets == []
    row = next(r for r in tab.model.rows if r.entry_id == victim.entry_id)
    assert (row.status, row.place, row.eliminated_by) == ("busted", 300, winner.name)
    assert tab.model.rowCount() == 300
    qtbot.keyClicks(tab.search, "player 123")
    assert [r.name for r in tab.matches()] == ["Player 123"] and tab.matches()[0].place == 300
    tab.search.clear()
    session.run(floor.register, "Late Comer")   # a late entry moves every busted place: all rows read again
    assert next(r for r in tab.model.rows if r.entry_id == victim.entry_id).place == 301
    assert any(r.name == "Late Comer" for r in tab.model.rows)


def test_undoing_a_bust_redraws_the_rows_in_place_and_keeps_the_selection(qtbot, tmp_path, ui_settings) -> None:
    session, window, tab = three_hundred_seated(qtbot, tmp_path, ui_settings)
    floor = session.tournament
    victim = next(r for r in tab.model.rows if r.name == "Player 123")
    winner = next(r for r in tab.model.rows if r.table == victim.table and r.entry_id != victim.entry_id)
    assert tab.bust(victim.entry_id, [winner.entry_id]) is not None
    assert tab.select_entry(winner.entry_id)
    resets: list[int] = []
    tab.model.modelReset.connect(lambda: resets.append(1))
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)   # the floor is read again
    assert resets == []   # the rows that changed are replaced; the sorted view is not rebuilt
    row = next(r for r in tab.model.rows if r.entry_id == victim.entry_id)
    assert (row.status, row.place, row.eliminated_by, row.chips) == ("playing", None, "", victim.chips)
    assert next(r for r in tab.model.rows if r.entry_id == winner.entry_id).chips == winner.chips
    assert tab.selected_entry() is not None and tab.selected_entry().entry_id == winner.entry_id
    assert [r.name for r in tab.model.rows] == [f"Player {n:03d}" for n in range(300)]


def test_a_late_entry_typed_at_the_desk_redraws_the_busted_rows_and_adds_its_own_without_a_reset(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    """A late entry moves every busted player's place down one: the tab redraws those rows and the new player's
    table, and inserts the new row; it does not read every row again (no reset), and what it shows is what a
    full read shows."""
    session, window, tab = three_hundred_seated(qtbot, tmp_path, ui_settings)
    floor = session.tournament
    out = []
    for name in ("Player 010", "Player 123", "Player 222"):
        victim = next(r for r in tab.model.rows if r.name == name)
        winner = next(r for r in tab.model.rows if r.table == victim.table and r.entry_id != victim.entry_id
                      and r.status == "playing")
        assert tab.bust(victim.entry_id, [winner.entry_id]) is not None
        out.append(victim.entry_id)
    places = {r.entry_id: r.place for r in tab.model.rows if r.entry_id in out}
    resets: list[int] = []
    tab.model.modelReset.connect(lambda: resets.append(1))

    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)   # Register a player
    type_text(qtbot, tab.register_name, "Zoe Latecomer")
    qtbot.keyClick(tab.register_name, Qt.Key.Key_Return)

    assert resets == []
    assert tab.model.rowCount() == 301
    late = next(r for r in tab.model.rows if r.name == "Zoe Latecomer")
    assert late.status == "playing" and late.table is not None
    assert {r.entry_id: r.place for r in tab.model.rows if r.entry_id in out} == {
        entry_id: place + 1 for entry_id, place in places.items()}
    shown = {r.entry_id: r for r in tab.model.rows}
    assert shown == {e.entry_id: tab._row(e) for e in floor.entries()}   # what a full read shows
    window.grab().save(str(artifacts_dir / "players-tab-after-a-late-entry.png"))
