"""The night's services over a real SQLite file: the finish (the winner paid, the clock stopped, undo reopening
it), the heartbeat a restart resumes from, count sheets that add up or say they do not, same-hand busts sharing
places and prize, and the room's news (seating after the draw, moves after a break, knockouts, chip leader)."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from tests.services.test_clock_service import FakeTime, open_service, twelve_hour_structure
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession, NewTournamentPlan


def night(tmp_path: Path, fake: FakeTime, players: int = 6, tables: int = 2) -> DirectorSession:
    session = DirectorSession.open(tmp_path / "night.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(7), monotonic=fake.monotonic, wall=fake.wall)
    session.create_from_plan(NewTournamentPlan("Night", "turbo", tables=tables, seats_per_table=9))
    floor = session.tournament
    for i in range(players):
        session.run(floor.register, f"Player {chr(65 + i)}")
    session.run(floor.draw_seats)
    return session


def test_the_last_bust_finishes_pays_the_winner_stops_the_clock_and_undo_reopens(tmp_path: Path) -> None:
    fake = FakeTime()
    session = night(tmp_path, fake, players=3, tables=1)
    floor, clock = session.tournament, session.clock
    session.run(floor.close_registration)
    session.run(clock.start)
    fake.advance(100)
    session.run(floor.bust, 1, [2])
    fake.advance(50)
    result = session.run(floor.bust, 3, [2])
    assert result.finished and not result.one_left
    winner = session.results.winner()
    assert winner is not None and winner.name == "Player B" and winner.prize == floor.prize_pool().prizes[0]
    stopped = clock.view()
    assert not stopped.running and stopped.remaining_ms == clock.schedule.structure.periods[0].duration_seconds * 1000 - 150_000
    fake.advance(60)
    assert clock.view().remaining_ms == stopped.remaining_ms  # nothing counts down after the end
    with pytest.raises(DomainError, match="over"):
        clock.resume()
    news = session.room_news()
    assert news.finished and news.winner.name == "Player B" and [r.place for r in news.results] == [1, 2, 3]

    session.undo()  # the last bust: the tournament goes on, the clock runs as if it had never stopped
    assert not floor.finished and session.results.winner() is None
    assert clock.view().running and clock.view().remaining_ms == stopped.remaining_ms - 60_000
    session.close()


def test_with_registration_open_the_last_bust_asks_to_close_it_and_closing_finishes(tmp_path: Path) -> None:
    fake = FakeTime()
    session = night(tmp_path, fake, players=2, tables=1)
    floor = session.tournament
    result = session.run(floor.bust, 1, [2])
    assert result.one_left and not result.finished and result.proposal.is_empty
    session.run(floor.close_registration)
    assert floor.finished and session.results.winner().name == "Player B"
    session.close()


def test_equal_stacks_busted_on_one_hand_share_the_places_and_their_prize(tmp_path: Path) -> None:
    """Seed 004 T 11: two players out on the same hand with equal stacks tie and share the prizes."""
    session = night(tmp_path, FakeTime(), players=6, tables=1)
    floor = session.tournament
    session.run(floor.close_registration)
    session.run(floor.edit_payouts, ["40", "25", "20", "15"])
    for loser in (1, 2):
        session.run(floor.bust, loser, [6])
    prizes = floor.prize_pool().prizes
    result = session.run(floor.bust_many, [(3, [6], 20_000), (4, [6], 20_000)])
    places = {v.name: (v.place, v.place_to) for v in result.busted}
    assert places == {"Player C": (3, 4), "Player D": (3, 4)}
    shared = session.results.of([3, 4])
    assert [line.prize for line in shared] == [(prizes[2] + prizes[3]) // 2] * 2
    assert shared[0].place_text == "3rd–4th"
    session.close()


def test_a_room_count_that_does_not_add_up_says_by_how_much(tmp_path: Path) -> None:
    session = night(tmp_path, FakeTime(), players=4, tables=2)
    sheets = session.chip_sheets
    lines = sheets.sheet()
    assert len(lines) == 4
    with pytest.raises(DomainError, match="no stack for"):
        session.run(sheets.record, {lines[0].entry_id: 10_000}, None, "break")
    counts = {line.entry_id: line.recorded for line in lines}
    counts[lines[0].entry_id] += 5_000
    counts[lines[1].entry_id] -= 6_000
    session.run(sheets.record, counts, None, "break")
    summary = sheets.summary()
    assert summary.last_count.room and summary.last_count.difference == -1_000 and not summary.last_count.adds_up
    assert summary.leader.entry_id == lines[0].entry_id and summary.outside_stacks == 1_000
    assert summary.average == summary.chips_in_play // 4
    table = lines[0].table
    at_table = sheets.sheet([table])
    session.run(sheets.record, {line.entry_id: line.recorded for line in at_table}, [table], "end_of_day")
    assert session.chip_sheets.summary().last_count.tables == (table,)
    with pytest.raises(DomainError, match="record the bust instead"):
        session.run(sheets.record, {line.entry_id: 0 for line in at_table}, [table], "count")
    assert "Chip count of the room at the break" in " ".join(h.description for h in session.history())
    session.close()


def test_room_news_after_the_draw_and_after_a_table_breaks(tmp_path: Path) -> None:
    fake = FakeTime()
    session = night(tmp_path, fake, players=6, tables=2)
    floor = session.tournament
    session.run(floor.close_registration)
    news = session.room_news()
    assert news.show_seating_chart and len(news.seating_chart) == 6
    assert [s.name for s in news.seating_chart] == sorted(s.name for s in news.seating_chart)
    session.run(session.clock.start)
    assert not session.room_news().show_seating_chart
    session.run(floor.bust, 6, [1])
    # bust down to a table that can break into the other
    while True:
        proposal = floor.propose_moves()
        if proposal.kind in ("break", "final_table"):
            break
        victim = max(e.entry_id for e in floor.entries() if not e.busted)
        result = session.run(floor.bust, victim, [min(e.entry_id for e in floor.entries() if not e.busted)])
        if result.proposal.kind == "balance":
            session.accept_moves(result.proposal)
    session.accept_moves(proposal)
    news = session.room_news()
    assert news.show_moves and news.seating.moves and news.final_table
    [final] = floor.tables()
    markers = [m for s in final.seats for m in s.marker.split()]
    assert sorted(markers) == ["BB", "D", "SB"]  # the redraw shows the dealer button before the next hand
    assert news.knockouts[0].name == "Player F" or news.knockouts[0].place < news.knockouts[-1].place
    fake.advance(6 * 60)
    assert not session.room_news().show_moves  # five minutes on, the moves have been made
    session.close()


def test_resume_paused_after_a_crash_restores_the_time_left_at_the_last_heartbeat(db_path: Path) -> None:
    fake = FakeTime()
    store, runner, service, tid = open_service(db_path, None, fake)
    heartbeat = store.heartbeat(tid)
    service = type(service)(runner, monotonic=fake.monotonic, wall=fake.wall, heartbeat=heartbeat)
    service.load_structure(twelve_hour_structure())
    service.start()  # 20:00 left, recorded at wall 0
    for _ in range(20):  # 19 seconds of heartbeats a second apart: written every five seconds
        fake.advance(1)
        service.beat()
    assert heartbeat.last() == fake.wall() - timedelta(seconds=4)  # beats at 1, 6, 11 and 16 s: five apart
    store.close()
    fake.advance(600)  # the program was down for ten minutes
    store, runner, _, _ = open_service(db_path, tid, fake)
    service = type(service)(runner, monotonic=fake.monotonic, wall=fake.wall, heartbeat=store.heartbeat(tid))
    info = service.restart_pending
    assert info is not None and info.stopped_remaining_ms == 20 * 60_000 - 16_000
    assert round(info.down_seconds) == 604 and info.now_remaining_ms == 20 * 60_000 - 620_000
    assert not service.beat()  # no heartbeat while the choice is pending
    service.resume_paused_after_restart()
    assert service.view().remaining_ms == 20 * 60_000 - 16_000 and not service.view().running
    store.close()
