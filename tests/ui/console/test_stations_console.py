"""The console's side of the table stations, on the real windows: the Table stations panel (Ctrl+Shift+T) with a
station's bust proposal refused and another confirmed, a trusted station's bust recorded at once, the floor call
band with its sound, the station codes as QR codes and PDF cards (revoked), and changes from many stations drawn
once per event-loop turn on the tab in front only."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.ui.tournament_setup import console_in_play
from tests.web.conftest import free_port
from tournament_director.services.stations import station_name
from tournament_director.ui.console.room_display import start_room_display
from tournament_director.ui.sounds import ClockSounds, SOUND_FILES

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton
SHOTS = Path("/tmp/shots-stations")


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


def seated(session, table: int):
    return [s for s in session.tournament.table(table).seats if s.entry_id is not None]


def station_bust(session, table: int, busted_seat: int, winner_seat: int, stack: int):
    """What the table's station sends: the station service's command, as the server runs it."""
    hand = session.tournament.table(table).hand_number
    return session.stations.bust(table, hand, [{"seat": busted_seat, "start_chips": stack}], [winner_seat])


def test_the_panel_refuses_one_proposal_and_confirms_another(qtbot, console) -> None:
    session = console.session
    first, second, winner = seated(session, 2)[:3]
    station_bust(session, 2, first.seat, winner.seat, 5_000)
    qtbot.keyClick(console, Qt.Key.Key_T, CTRL_SHIFT)
    panel = console.stations_panel
    assert panel.isVisible() and panel.proposals.count() == 1 and panel.confirm_button.isEnabled()
    qtbot.mouseClick(panel.refuse_button, LEFT)
    assert panel.proposals.count() == 0 and not panel.confirm_button.isEnabled()
    assert not session.tournament.entry(first.entry_id).busted
    assert session.history()[-1].description == "Bust proposal 1 refused"

    station_bust(session, 2, second.seat, winner.seat, 7_000)
    qtbot.waitUntil(lambda: panel.proposals.count() == 1, timeout=2000)   # drawn on the next turn
    assert panel.proposal_texts() == [f"Table 2, hand 1: {second.name} (7,000 chips at the start of the hand) out, "
                                      f"pot won by {winner.name}"]
    qtbot.mouseClick(panel.confirm_button, LEFT)
    assert not console.refusals, console.refusals
    out = session.tournament.entry(second.entry_id)
    assert out.busted and out.eliminated_by == (winner.entry_id,) and out.place == 19
    assert f"Confirmed: {second.name} out in place 19" in console.statusBar().currentMessage()
    reported = [e for e in session.history() if e.event_type == "station.bust_reported"]
    assert [e.operator for e in reported] == [station_name(2)] * 2
    SHOTS.mkdir(exist_ok=True)
    panel.grab().save(str(SHOTS / "console-stations-panel.png"))


def test_a_trusted_station_records_its_bust_at_once(qtbot, console) -> None:
    session = console.session
    qtbot.keyClick(console, Qt.Key.Key_Comma, CTRL)     # Tournament > Settings, Floor: Trust table stations
    dialog = console.settings_dialog
    floor_page = next(i for i in range(dialog.sections.count()) if dialog.sections.item(i).text() == "Floor")
    dialog.sections.setCurrentRow(floor_page)
    trust = dialog.form.widgets["trust_table_stations"]
    assert trust.isVisible() and not trust.isChecked()
    qtbot.mouseClick(trust, LEFT, pos=QPoint(8, trust.height() // 2))   # on the box
    assert trust.isChecked()
    SHOTS.mkdir(exist_ok=True)
    dialog.grab().save(str(SHOTS / "console-settings-trust.png"))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert session.tournament.settings.trust_table_stations
    victim, winner = seated(session, 1)[:2]
    text, proposal, _balance = station_bust(session, 1, victim.seat, winner.seat, 9_000)
    assert text == f"{victim.name} out: recorded" and proposal is None
    assert session.tournament.entry(victim.entry_id).busted and session.stations.proposals() == []
    console.undo_action.trigger()                       # Edit > Undo: the station's bust is undone
    assert not session.tournament.entry(victim.entry_id).busted


def test_a_floor_call_shows_the_band_plays_its_sound_and_clears_when_answered(qtbot, console) -> None:
    session = console.session
    alert = console.floor_call_alert
    assert not alert.isVisible()
    session.stations.call_floor(3, 4, "chip dispute")
    qtbot.waitUntil(alert.isVisible, timeout=2000)
    assert alert.texts() == ["Table 3, seat 4 calls the floor: chip dispute"] and alert.rung == 1
    session.stations.call_floor(1)
    qtbot.waitUntil(lambda: len(alert.texts()) == 2, timeout=2000)
    assert alert.texts()[1] == "Table 1 calls the floor" and alert.rung == 2
    console.grab().save(str(SHOTS / "console-floor-call-band.png"))
    qtbot.mouseClick(alert.answer_button(1), LEFT)
    assert alert.texts() == ["Table 1 calls the floor"] and alert.rung == 2   # answering rings nothing
    qtbot.mouseClick(alert.answer_button(2), LEFT)
    assert not alert.isVisible()
    console.undo_action.trigger()                       # the answer undone: the call is open again
    assert alert.isVisible() and alert.texts() == ["Table 1 calls the floor"]


def test_the_floor_call_sound_is_a_real_wav_on_the_clock_sound_path(qtbot, console) -> None:
    assert SOUND_FILES["floor_called"] == "floor_call.wav"
    sounds = ClockSounds(console)
    effect = sounds.effect_for("floor_called")
    assert effect.ready, effect.error
    assert sounds.play("floor_called") == sounds.has_output


def test_station_codes_show_each_table_save_cards_and_revoke(qtbot, console, tmp_path) -> None:
    console.station_codes_action.trigger()
    dialog = console.station_codes_dialog
    assert "Switch the room display on first" in dialog.note.text() and not dialog.save_button.isEnabled()
    start_room_display(console, f"127.0.0.1:{free_port()}")
    dialog.refresh()
    assert sorted(dialog.urls) == [1, 2, 3]
    server = console.room_display.server
    old = dialog.urls[2].text().replace("\n", "")  # the address as read, its lines one after the other
    for label in dialog.urls.values():  # every line whole within its tile: nothing cut off at the edge
        assert all(label.fontMetrics().horizontalAdvance(line) <= label.width() for line in label.text().split("\n"))
    tournament = console.session.tournament_id
    assert old == server.station_url(2) and f"/table/2?tournament={tournament}&token=" in old
    qtbot.mouseClick(dialog.revoke_buttons[2], LEFT)
    new = dialog.urls[2].text().replace("\n", "")
    assert new != old and new == server.station_url(2)
    assert "Table 2 of " in console.statusBar().currentMessage()
    assert "has a new station code" in console.statusBar().currentMessage()
    cards = dialog.write_cards(tmp_path / "cards.pdf")
    data = cards.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(b"/Type/Page\n") >= 3 or \
        data.count(b"/Page") >= 3
    qtbot.wait(50)
    dialog.grab().save(str(SHOTS / "console-station-codes.png"))


def test_changes_from_many_stations_are_drawn_once_and_only_on_the_tab_in_front(qtbot, console) -> None:
    session = console.session
    drawn = {"players": 0, "tables": 0}
    players_refresh, tables_refresh = console.players_tab.refresh, console.tables_tab.refresh

    def counted(name, refresh):
        def draw():
            drawn[name] += 1
            refresh()
        return draw
    console.players_tab.refresh = counted("players", players_refresh)
    console.tables_tab.refresh = counted("tables", tables_refresh)
    qtbot.keyClick(console, Qt.Key.Key_1, CTRL)        # the Players tab in front
    drawn.update(players=0, tables=0)
    for table in (1, 2, 3):                              # three stations in one turn of the event loop
        session.stations.hand_done(table, session.tournament.table(table).hand_number)
        session.stations.call_floor(table)
    assert drawn == {"players": 0, "tables": 0}          # nothing drawn while the turn lasts
    qtbot.waitUntil(lambda: drawn["players"] == 1, timeout=2000)
    qtbot.wait(50)
    assert drawn == {"players": 1, "tables": 0}          # once, and only the tab in front
    assert len(console.floor_call_alert.texts()) == 3
    qtbot.keyClick(console, Qt.Key.Key_2, CTRL)          # the Tables tab drawn as it comes to the front
    assert drawn["tables"] == 1
    assert [card.hand_done for card in console.tables_tab.cards] == [True, True, True]
    qtbot.keyClick(console, Qt.Key.Key_F5)               # the director's own command: drawn at once
    assert drawn["tables"] >= 2 and not any(card.hand_done for card in console.tables_tab.cards)


def test_a_change_at_one_table_redraws_only_that_tables_card_in_place(qtbot, console) -> None:
    session = console.session
    qtbot.keyClick(console, Qt.Key.Key_2, CTRL)          # the Tables tab in front
    tab = console.tables_tab
    cards = list(tab.cards)
    rows = [list(card.seat_rows) for card in cards]
    before = {card.number: (card.draws, card.text()) for card in cards}
    card = next(c for c in cards if c.number == 2)
    hand = session.tournament.table(2).hand_number

    session.stations.hand_done(2, hand)                  # table 2's station: drawn on the next turn
    qtbot.waitUntil(lambda: card.hand_done, timeout=2000)
    assert tab.cards == cards and [list(c.seat_rows) for c in tab.cards] == rows   # the same widgets, in place
    assert "hand done" in card.text() and card.property("handDone") == "true"
    assert card.draws == before[2][0] + 1
    assert {c.number: (c.draws, c.text()) for c in cards if c.number != 2} == {
        n: shown for n, shown in before.items() if n != 2}   # the other tables' cards were not drawn again
    shots = Path("/tmp/shots-stations2")
    shots.mkdir(parents=True, exist_ok=True)
    console.grab().save(str(shots / "tables-tab-hand-done-at-table-2.png"))

    counts = {str(s.seat): s.chips for s in seated(session, 2)}
    counts[next(iter(counts))] = 43_210                  # the count sheet changes one stack at table 2
    session.stations.count_chips(2, counts, "count")
    qtbot.waitUntil(lambda: "43,210" in card.text(), timeout=2000)
    assert tab.cards == cards and card.draws == before[2][0] + 2
    assert all(c.draws == before[c.number][0] for c in cards if c.number != 2)

    session.stations.next_hand(2, hand)
    qtbot.waitUntil(lambda: f"hand {hand + 1}" in card.label.text(), timeout=2000)
    assert not card.hand_done and "hand done" not in card.text() and card.property("handDone") == "false"
    assert tab.cards == cards and all(c.draws == before[c.number][0] for c in cards if c.number != 2)
    console.grab().save(str(shots / "tables-tab-one-card-redrawn.png"))
