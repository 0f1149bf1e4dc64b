"""A proposal keeps the mark of the floor it was worked out on: a change to a table or to a setting it reads, or an
undo, outdates it; a change that leaves the tables alone (a chip count, a player's presence) does not; and the same
seat-draw number on the same tables gives the same proposal."""

from __future__ import annotations

from tests.ui.tournament_setup import open_session, seated_tournament


def _three_tables(tmp_path):
    """Twenty players at three tables, registration open."""
    session = open_session(tmp_path)
    seated_tournament(session, players=20, tables=3, close_registration=False, settings={"reentry_limit": 1})
    floor = session.tournament
    return session, floor


def test_a_change_to_a_table_outdates_the_mark_and_a_chip_count_does_not(tmp_path):
    session, floor = _three_tables(tmp_path)
    mark = floor.proposal_mark()
    assert not floor.proposal_outdated(mark)
    anyone = next(e for e in floor.entries() if not e.busted)
    session.run(floor.record_chips, {anyone.entry_id: anyone.chips + 1_000})
    session.run(floor.set_present, anyone.entry_id, False)
    assert not floor.proposal_outdated(mark), "the tables are as they were"
    session.run(floor.register, "Late Lou")
    assert floor.proposal_outdated(mark), "a seat was taken"
    session.close()


def test_a_setting_the_proposal_reads_and_an_undo_outdate_the_mark(tmp_path):
    session, floor = _three_tables(tmp_path)
    mark = floor.proposal_mark()
    session.run(session.settings.change, {"break_order": [1, 2, 3]})
    assert floor.proposal_outdated(mark)
    mark = floor.proposal_mark()
    session.run(session.undo)
    assert floor.proposal_outdated(mark), "the floor was folded again"
    session.close()


def test_the_same_draw_on_the_same_tables_gives_the_same_proposal(tmp_path):
    session, floor = _three_tables(tmp_path)
    shortest = min(floor.tables(), key=lambda t: t.players)
    seated = [s.entry_id for s in shortest.seats if s.entry_id is not None]
    for entry_id in seated[:-2]:   # two players left there: their table breaks
        session.run(floor.bust, entry_id, [seated[-1]])
    draw = floor.new_draw()
    first = floor.propose_moves(draw)
    assert first.kind == "break"
    anyone = next(e for e in floor.entries() if not e.busted)
    session.run(floor.record_chips, {anyone.entry_id: anyone.chips + 500})
    assert floor.propose_moves(draw) == first
    session.close()
