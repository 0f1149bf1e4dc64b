"""The table stations' facts and commands over a real SQLite file: hands reported done and a hand-for-hand round
that deals when the last table reports (the clock's time taken off by the console's own rule); busts proposed,
confirmed and refused, and trusted; hand-for-hand busts across tables in one group, tied as the console places
them; a station acting on another table's player, a stale hand, a second bust of the same player; moves confirmed
only by the receiving table; floor calls; every fact rebuilt the same from the log and its undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.tournament_setup import open_session, seated_tournament
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.tournament import Tournament


@pytest.fixture
def session(tmp_path: Path):
    opened = open_session(tmp_path)
    seated_tournament(opened)
    opened.run(opened.clock.start)
    opened.run(opened.tournament.next_hand)
    yield opened
    opened.close()


def seated(session, table: int):
    return [s for s in session.tournament.table(table).seats if s.entry_id is not None]


def hand(session, table: int) -> int:
    return session.tournament.table(table).hand_number


def rebuilt(session) -> Tournament:
    """The floor folded afresh from the log (no snapshot): what a restart or an undo sees."""
    return session.runner.rebuild().floor


def test_a_hand_for_hand_round_deals_when_the_last_table_reports(session) -> None:
    stations = session.stations
    session.run(session.tournament.set_hand_for_hand, True)
    session.run(session.clock.pause)
    session.run(session.next_hand_all_tables)
    before = {n: hand(session, n) for n in (1, 2, 3)}
    left = session.clock.view().remaining_ms
    assert stations.hand_done(1, before[1]) == f"Hand {before[1]} done; waiting for tables 2, 3"
    assert stations.hand_done(3, before[3]) == f"Hand {before[3]} done; waiting for table 2"
    assert stations.tables_done() == {1, 3} and session.clock.view().remaining_ms == left
    with pytest.raises(DomainError, match="already reported hand"):
        stations.hand_done(1, before[1])
    with pytest.raises(DomainError, match="every table together"):
        stations.next_hand(1, before[1])
    assert stations.hand_done(2, before[2]).endswith("the next hand-for-hand hand is dealt")
    assert {n: hand(session, n) for n in (1, 2, 3)} == {n: h + 1 for n, h in before.items()}
    assert session.clock.view().remaining_ms == left - session.hand_for_hand_ms
    assert stations.tables_done() == set()
    assert rebuilt(session).stations == session.runner.state.floor.stations


def test_hand_for_hand_busts_from_three_tables_share_their_places_as_on_the_console(session) -> None:
    stations = session.stations
    floor = session.tournament
    session.run(floor.set_hand_for_hand, True)
    session.run(session.next_hand_all_tables)
    a, a_winner = seated(session, 1)[:2]
    b, b_winner = seated(session, 2)[:2]
    c, c_winner = seated(session, 3)[:2]
    stations.bust(1, hand(session, 1), [{"seat": a.seat, "start_chips": 9_000}], [a_winner.seat])
    stations.bust(2, hand(session, 2), [{"seat": b.seat, "start_chips": 4_000}], [b_winner.seat])
    stations.bust(3, hand(session, 3), [{"seat": c.seat, "start_chips": 9_000}], [c_winner.seat])
    for proposal in stations.proposals():
        stations.confirm_bust(proposal.number)
    places = {r.name: (r.place, r.place_to) for r in floor.results()}
    # one hand-for-hand hand at different tables: they tie whatever their stacks (WSOP 126b), as on the console
    assert places[a.name] == places[b.name] == places[c.name] == (18, 20)
    assert len(session.runner.state.floor.bust_groups) == 1
    assert rebuilt(session).stations.busted_by == {a.entry_id: 1, b.entry_id: 2, c.entry_id: 3}


def test_refusals_leave_nothing_recorded(session) -> None:
    stations = session.stations
    mine, winner = seated(session, 1)[:2]
    other = seated(session, 2)[0]
    seq = session.runner.last_seq
    with pytest.raises(DomainError, match="not hand 7"):
        stations.hand_done(1, 7)
    with pytest.raises(DomainError, match="nobody sits in seat"):
        empty = next(s.seat for s in session.tournament.table(1).seats if s.entry_id is None)
        stations.bust(1, 1, [{"seat": empty, "start_chips": 10}], [winner.seat])
    with pytest.raises(DomainError, match="cannot be one of the busted"):
        stations.bust(1, 1, [{"seat": mine.seat, "start_chips": 10}], [mine.seat])
    with pytest.raises(DomainError, match=f"{other.name} is at table 2, not at table 1"):
        session.runner.execute("station.bust_reported", {
            "table": 1, "hand": 1, "recorded": False,
            "busts": [{"entry_id": other.entry_id, "eliminated_by": [winner.entry_id], "start_chips": 10}]})
    with pytest.raises(DomainError, match="not at table 2: the pot's winner sits at the table"):
        session.runner.execute("station.bust_reported", {
            "table": 2, "hand": 1, "recorded": False,
            "busts": [{"entry_id": other.entry_id, "eliminated_by": [winner.entry_id], "start_chips": 10}]})
    with pytest.raises(DomainError, match="no move to table 1 waiting"):
        stations.confirm_move(1, mine.seat)
    with pytest.raises(DomainError, match="no bust proposal 3 waiting"):
        stations.confirm_bust(3)
    with pytest.raises(DomainError, match="no open floor call 1"):
        stations.answer_call(1)
    assert session.runner.last_seq == seq
    stations.bust(1, 1, [{"seat": mine.seat, "start_chips": 10}], [winner.seat])
    with pytest.raises(DomainError, match=f"{mine.name} was already busted by table 1"):
        stations.bust(1, 1, [{"seat": mine.seat, "start_chips": 10}], [winner.seat])
    assert stations.refuse_bust(1, "the dealer misread the board") == "Bust proposal 1 refused"
    assert not session.tournament.entry(mine.entry_id).busted and stations.proposals() == []


def test_a_trusted_bust_is_recorded_at_once_and_named_in_a_later_refusal(session) -> None:
    session.run(session.settings.change, {"trust_table_stations": True})
    victim, winner = seated(session, 3)[:2]
    text, proposal, balance = session.stations.bust(3, 1, [{"seat": victim.seat, "start_chips": 20_000}],
                                                    [winner.seat])
    assert text == f"{victim.name} out: recorded" and proposal is None and balance is not None
    assert session.tournament.entry(victim.entry_id).eliminated_by == (winner.entry_id,)
    with pytest.raises(DomainError, match=f"{victim.name} was already busted by table 3"):
        session.runner.execute("station.bust_reported", {
            "table": 3, "hand": 1, "recorded": True,
            "busts": [{"entry_id": victim.entry_id, "eliminated_by": [], "start_chips": 1}]})


def test_a_move_is_confirmed_by_the_receiving_table_and_floor_calls_open_and_close(session) -> None:
    stations, floor = session.stations, session.tournament
    for table in (1, 2, 3):
        stations.hand_done(table, 1)
    proposal = floor.propose_moves()
    if not proposal.moves:   # 7, 7, 6: bust one at a 6 so the room needs a move
        short = min(floor.tables(), key=lambda t: t.players).number
        victim, winner = seated(session, short)[:2]
        session.run(floor.bust, victim.entry_id, [winner.entry_id])
        proposal = floor.propose_moves()
    session.run(session.accept_moves, proposal)
    move = proposal.moves[0]
    assert [(m.entry_id, m.to_table) for m in stations.view(move.from_table).moves] == [(move.entry_id, move.to_table)]
    with pytest.raises(DomainError, match="the dealer there confirms"):
        session.runner.execute("station.move_confirmed", {"table": move.from_table, "entry_id": move.entry_id})
    assert stations.confirm_move(move.to_table, move.to_seat).endswith(f"has taken seat {move.to_seat}")
    assert stations.view(move.to_table).moves == () and stations.view(move.from_table).moves == ()

    stations.call_floor(2, 5, "  clock   called ")
    with pytest.raises(DomainError, match="already called the floor for seat 5"):
        stations.call_floor(2, 5)
    stations.call_floor(2)
    assert [c.sentence() for c in stations.calls()] == ["Table 2, seat 5 calls the floor: clock called",
                                                          "Table 2 calls the floor"]
    stations.answer_call(1)
    assert [c.number for c in stations.calls()] == [2]
    session.undo()
    assert [c.number for c in stations.calls()] == [1, 2]
    assert rebuilt(session).stations == session.runner.state.floor.stations


def test_a_station_shows_the_very_move_the_room_news_tells(session) -> None:
    """The dealer at the table a player leaves and the room's screens read the same move, with the same name."""
    stations, floor = session.stations, session.tournament
    for table in (1, 2, 3):
        stations.hand_done(table, 1)
    short = min(floor.tables(), key=lambda t: t.players).number
    victim, winner = seated(session, short)[:2]
    session.run(floor.bust, victim.entry_id, [winner.entry_id])
    proposal = floor.propose_moves()
    session.run(session.accept_moves, proposal)
    told = session.room_news().seating.moves
    assert told, "the room is told of the moves"
    at_the_tables = {m for move in told for m in stations.view(move.from_table).moves}
    assert at_the_tables == set(told)


def test_a_station_chip_count_is_the_table_count_sheet(session) -> None:
    stations = session.stations
    seats = seated(session, 2)
    counts = {str(s.seat): 20_000 + 100 * i for i, s in enumerate(seats)}
    text = stations.count_chips(2, counts, "break")
    assert text.startswith("Chip count of table 2 recorded")
    assert session.tournament.entry(seats[1].entry_id).chips == 20_100
    event = session.history()[-1]
    assert event.event_type == "chips.counted" and event.operator == "table 2 station"
    with pytest.raises(DomainError, match="has no stack for"):
        stations.count_chips(2, {str(seats[0].seat): 5}, "break")
