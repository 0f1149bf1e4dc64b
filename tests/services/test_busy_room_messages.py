"""What a station says when other stations recorded first: the events in a sentence with their stations; under a
flood the event about the refused command's player first, matched on whole names; a give-up that says why."""

from __future__ import annotations

from datetime import UTC, datetime

from tournament_director.services.busy_room import gave_up, held_elsewhere, said_elsewhere
from tournament_director.store import EventInfo


def event(seq: int, event_type: str, who: str, operator: str) -> EventInfo:
    return EventInfo(seq, event_type, {"who": who}, operator, datetime.now(UTC), False)


def describe(event_type: str, payload: dict) -> str:
    return f"{payload['who']} out" if event_type == "entry.busted" else f"{payload['who']} rebought"


def test_three_events_or_fewer_are_all_told_with_their_stations() -> None:
    events = [event(1, "entry.busted", "Ann Lee", "the desk"), event(2, "entry.rebought", "Bob", "the cashier")]
    assert said_elsewhere(events, describe) == ("“Ann Lee out” was recorded at the desk; “Bob rebought” was "
                                                "recorded at the cashier a moment ago")


def test_under_a_flood_the_event_about_the_refused_players_whole_name_comes_first() -> None:
    events = [event(1, "entry.busted", "Player 1", "the desk")] + [
        event(n, "entry.rebought", f"Player 1{n}", "the cashier") for n in range(2, 9)]
    names = [f"Player {n}" for n in range(1, 20)]
    said = said_elsewhere(events, describe, "entry 1 (Player 1) is already out", names)
    assert said == "“Player 1 out” was recorded at the desk a moment ago (among 8 changes from other stations)"
    # nothing about a player the refusal names: the latest three, and how many more
    said = said_elsewhere(events, describe, "the clock is paused", names)
    assert said.startswith("“Player 16 rebought” was recorded at the cashier;") and said.endswith(
        "(and 5 more) a moment ago")


def test_a_description_that_fails_still_tells_the_event_type() -> None:
    def broken(event_type: str, payload: dict) -> str:
        raise KeyError("who")

    assert said_elsewhere([event(1, "entry.busted", "Ann", "the desk")], broken) == (
        "“entry.busted” was recorded at the desk a moment ago")


def test_giving_up_names_the_stations_the_count_and_the_time() -> None:
    seen = [event(n, "entry.rebought", "Bob", "the cashier") for n in range(1, 41)]
    message = gave_up(seen, 2.0, "“Bob rebought” was recorded at the cashier a moment ago")
    assert message.startswith("the room is very busy: the cashier recorded 40 changes to this tournament while this "
                              "was tried again for 2 seconds, so it was not recorded")
    assert "nothing was undone" in held_elsewhere("nothing was undone")
