"""The watch over a PostgreSQL server that stopped answering, on an injected clock: how often it tries the server
again, and what it tells once the server answers (the command in flight recorded once, not recorded, or none)."""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
import pytest

from tournament_director.services.server_watch import ServerLost, ServerWatch


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def watch_with_clock() -> tuple[ServerWatch, Clock]:
    clock = Clock()
    return ServerWatch(lambda: datetime(2026, 3, 14, 21, 4, 17, tzinfo=UTC), clock), clock


def test_a_server_refusing_at_once_is_tried_every_second_and_one_that_makes_it_wait_less_often() -> None:
    watch, clock = watch_with_clock()
    watch.lost("Ann Lee out, eliminated by Bob")
    tries: list[float] = []

    def refused_at_once() -> bool | None:
        tries.append(clock.now)
        raise psycopg.OperationalError("connection refused")

    def waits_three_seconds() -> bool | None:
        tries.append(clock.now)
        clock.now += 3.0
        raise psycopg.OperationalError("timeout expired")

    for _ in range(30):  # the console's repaint timer, every 250 ms for 7.5 s
        watch.try_again(refused_at_once)
        clock.now += 0.25
    assert len(tries) == 7 and tries[1] - tries[0] == pytest.approx(1.0)

    tries.clear()
    for _ in range(100):  # 25 s of a network gone: each try waits 3 s, the next comes 13 s later
        watch.try_again(waits_three_seconds)
        clock.now += 0.25
    assert len(tries) == 2 and tries[1] - tries[0] == pytest.approx(16.0)
    assert watch.down


@pytest.mark.parametrize(("recorded", "told"), [
    (True, "“Ann Lee out, eliminated by Bob” was recorded, once; nothing recorded was lost"),
    (False, "“Ann Lee out, eliminated by Bob” was not recorded, do it again if it is still wanted; nothing else was "
            "lost"),
])
def test_once_the_server_answers_the_command_in_flight_is_told_as_the_log_says(recorded: bool, told: str) -> None:
    watch, clock = watch_with_clock()
    lost = watch.lost("Ann Lee out, eliminated by Bob")
    assert isinstance(lost, ServerLost)
    assert "Whether “Ann Lee out, eliminated by Bob” was recorded is checked when it answers" in str(lost)
    with pytest.raises(ServerLost, match="nothing can be recorded until it answers again"):
        watch.refuse_while_down()
    clock.now += 1.0

    assert watch.try_again(lambda: recorded)

    news = watch.take_news()
    assert news is not None and news.startswith("The database server answers again (it stopped at ")
    assert news.endswith(told)
    assert watch.take_news() is None and not watch.down
    watch.refuse_while_down()  # recording again


def test_a_server_lost_with_nothing_in_flight_is_told_as_nothing_lost() -> None:
    watch, clock = watch_with_clock()
    watch.lost()
    clock.now += 1.0
    assert watch.try_again(lambda: None)
    assert watch.take_news().endswith("; nothing recorded was lost")
