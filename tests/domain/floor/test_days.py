"""The rules of the days: where a day stops (its set point), the flights' policies (first and best stack forward),
the bags of a table, the end of a day checked against the chips in play, and a day made from the bags with the
flights' combined pool, paid from the last day only."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import days
from tournament_director.domain.floor.days import Bag, SetPoint, bags_forward, entry_refusal
from tournament_director.domain.floor.standings import prizes_by_place
from tournament_director.domain.state import TournamentState
from tournament_director.domain.money.settings import TournamentSettings

TIME = "2025-05-01T22:00:00+00:00"


def test_a_level_set_point_is_reached_once_that_level_is_played_out() -> None:
    point = SetPoint("level", 8)
    assert point.reached(players_left=50, entries=120, level_over=7) is None
    assert point.reached(players_left=50, entries=120, level_over=None) is None
    assert point.reached(players_left=50, entries=120, level_over=8) == "the end of level 8"


def test_a_share_of_the_field_is_reached_when_that_many_players_are_left_rounded_up() -> None:
    point = SetPoint("percent", 25)
    assert point.reached(players_left=11, entries=40, level_over=3) is None
    assert point.reached(players_left=10, entries=40, level_over=3) == "10 players left (25% of 40 entries is 10)"
    assert SetPoint("percent", 15).reached(players_left=5, entries=30, level_over=None) is not None  # 4.5 -> 5


def test_a_number_of_players_left_is_reached_at_that_number() -> None:
    assert SetPoint("players", 12).reached(players_left=13, entries=50, level_over=None) is None
    assert SetPoint("players", 12).reached(players_left=3, entries=3, level_over=None) is None  # still registering
    assert SetPoint("players", 12).reached(players_left=12, entries=50, level_over=None) == "12 players left"


@pytest.mark.parametrize("kind, value, said", [
    ("hours", 3, "not 'hours'"), ("percent", 100, "share of the field left"), ("level", 0, "level the day stops"),
    ("players", -1, "players left when the day stops"),
])
def test_a_set_point_out_of_its_range_is_refused_naming_it(kind: str, value: int, said: str) -> None:
    with pytest.raises(DomainError, match=said):
        SetPoint(kind, value)


ANN_1A = Bag("name:ann lee", "Ann Lee", None, 41_000, "1A")
ANN_1C = Bag("name:ann lee", "Ann Lee", None, 63_500, "1C")
BOB_1B = Bag("name:bob ray", "Bob Ray", None, 22_000, "1B")


def test_first_stack_forward_refuses_a_qualifier_in_another_flight_naming_the_flight() -> None:
    refusal = entry_refusal("first", "name:ann lee", "Ann Lee", [ANN_1A, BOB_1B], "1C")
    assert refusal is not None and "Ann Lee qualified from Day 1A with 41,000 chips" in refusal
    assert entry_refusal("first", "name:cy", "Cy", [ANN_1A], "1C") is None
    assert entry_refusal("best", "name:ann lee", "Ann Lee", [ANN_1A], "1C") is None


def test_best_stack_forward_keeps_the_biggest_bag_and_forfeits_the_others() -> None:
    going, forfeited = bags_forward("best", [ANN_1A, BOB_1B, ANN_1C])
    assert sorted((b.name, b.flight) for b in going) == [("Ann Lee", "1C"), ("Bob Ray", "1B")]
    assert forfeited == [ANN_1A]


def test_first_stack_forward_never_carries_two_bags_of_one_player() -> None:
    with pytest.raises(DomainError, match="Ann Lee bagged in Day 1A, Day 1C: under first stack forward"):
        bags_forward("first", [ANN_1A, ANN_1C])


def _flight(players: int = 6, carries_pool: bool = True) -> TournamentState:
    state = TournamentState.new()
    state.apply("tournament.configured", {"settings": TournamentSettings(buy_in=100, starting_stack=10_000).to_dict()})
    state.apply("tables.added", {"tables": [{"number": 1, "seats": 9, "locked": []},
                                            {"number": 2, "seats": 9, "locked": []}]})
    state.apply("day.planned", {"festival": "Main Event", "day": 1, "flight": "1A", "set_point_kind": "players",
                                "set_point_value": 4, "policy": "best", "carries_pool": carries_pool})
    state.apply("entries.imported", {"entries": [{"entry_id": i, "name": f"P{i}", "player_id": None}
                                                 for i in range(1, players + 1)], "level": 1})
    state.apply("seats.drawn", {"assignments": [[i, 1 + i % 2, 1 + i // 2] for i in range(1, players + 1)],
                                "buttons": [], "time": TIME})
    return state


def test_a_flight_pays_nothing_its_pool_waits_for_the_last_day() -> None:
    state = _flight()
    assert state.floor.prize_pool == 600
    assert prizes_by_place(state.floor) == []
    assert prizes_by_place(_flight(carries_pool=False).floor) != []


def test_a_table_is_bagged_whole_and_the_day_ends_only_when_the_bags_add_up_or_the_difference_is_confirmed() -> None:
    state = _flight()
    with pytest.raises(DomainError, match="has no stack for P4"):  # P4 sits at table 1 too
        state.apply("day.bagged", {"table": 1, "bags": [[2, 10_000], [6, 10_000]], "time": TIME})
    state.apply("day.bagged", {"table": 1, "bags": [[2, 10_000], [4, 10_000], [6, 9_500]], "time": TIME})
    ended = {"day": 1, "period": 3, "remaining_ms": 0, "bagged": 59_500, "chips_in_play": 60_000,
             "difference_confirmed": False, "time": TIME}
    with pytest.raises(DomainError, match="3 player\\(s\\) still in have no bag: P1, P3, P5"):
        state.apply("day.ended", ended)
    state.apply("day.bagged", {"table": 2, "bags": [[1, 10_000], [3, 10_000], [5, 10_000]], "time": TIME})
    with pytest.raises(DomainError, match="the bags are 500 short of the 60,000 chips in play: recount"):
        state.apply("day.ended", ended)
    state.apply("day.ended", {**ended, "difference_confirmed": True})
    assert days.day_record(state.floor)["ended"]["difference"] == -500
    with pytest.raises(DomainError, match="day 1 has ended with the chips bagged"):
        state.apply("day.bagged", {"table": 2, "bags": [[1, 10_000], [3, 10_000], [5, 10_000]], "time": TIME})
    for event_type, payload in (("entry.registered", {"entry_id": 7, "name": "Late", "player_id": None}),
                                ("entry.busted", {"busts": [{"entry_id": 1, "eliminated_by": [2]}], "level": 3,
                                                  "time": TIME})):
        with pytest.raises(DomainError, match="day 1 has ended with the chips bagged: start the next day before "
                                              "playing on"):
            state.apply(event_type, payload)
    state.apply("day.started", {"day": 2, "time": TIME})
    assert days.day_record(state.floor)["day"] == 2 and days.bags(state.floor) == {}


def test_a_day_made_from_bags_pays_the_combined_pool_by_the_flights_entries() -> None:
    state = TournamentState.new()
    state.apply("tournament.configured", {"settings": TournamentSettings(buy_in=100).to_dict()})
    state.apply("day.carried_in", {"day": 2, "entries": [[1, "Ann Lee", None, 63_500, "1C"],
                                                         [2, "Bob Ray", None, 22_000, "1B"]],
                                   "pool": 12_000, "flight_entries": 120, "flights": ["1A", "1B", "1C"],
                                   "forfeited": [["Ann Lee", "1A", 41_000]], "time": TIME})
    floor = state.floor
    assert floor.prize_pool == 12_000 and floor.chips_issued == 85_500 and floor.payout_field == 120
    assert sum(prizes_by_place(floor)) == 12_000 and len(prizes_by_place(floor)) > 2  # paid for 120 entries
    assert floor.entries[1].chips == 63_500 and floor.registration_closed
    with pytest.raises(DomainError, match="already has entries"):
        state.apply("day.carried_in", {"day": 2, "entries": [[3, "Cy", None, 1, "1A"]], "pool": 0,
                                       "flight_entries": 1, "flights": ["1A"], "forfeited": []})
