"""The plain value the projected clock renders, and how it is read from the session.

The projector never computes a rule: the figures come from the clock and floor services; this module only
gathers them into one frozen value (and formats numbers for the room).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tournament_director.domain.clock.structure import Break, Level
from tournament_director.services.room_news import SeatingChartWanted
from tournament_director.services.screen_tokens import ScreenFigures, tables_left

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


@dataclass(frozen=True)
class ProjectorView(ScreenFigures):
    """The room's figures as the projector draws them, on the page of a long seating chart that is up."""

    page: int = 0


def as_displayed(view: ProjectorView) -> tuple[Any, ...]:
    """What the room actually sees of a view: the times rounded as they are shown.

    Two views with the same displayed form need no repaint, so the projector repaints once a second
    rather than at every timer tick.
    """
    return (
        replace(view, remaining_seconds=None, seconds_to_break=None, starts_in_seconds=None),
        format_clock(view.remaining_seconds),
        format_clock(view.seconds_to_break),
        countdown_text(view),
    )


def countdown_text(view: ProjectorView) -> str:
    """'Starts in 12:34' before the scheduled start, 'Starting now' once it is reached; '' without a countdown."""
    if view.starts_in_seconds is None:
        return ""
    if view.starts_in_seconds <= 0:
        return "Starting now"
    return f"Starts in {format_clock(view.starts_in_seconds)}"


def format_chips(amount: int | None) -> str:
    if amount is None:
        return "–"
    return f"{amount:,}"


def format_clock(seconds: float | None) -> str:
    """Remaining time as the room reads it: 'MM:SS', or 'H:MM:SS' from an hour up; counts up to the next second."""
    if seconds is None:
        return "--:--"
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def blinds_text(view: ProjectorView) -> str:
    if view.small_blind is None or view.big_blind is None:
        return ""
    return f"{format_chips(view.small_blind)} / {format_chips(view.big_blind)}"


def ante_text(view: ProjectorView) -> str:
    if not view.ante:
        return ""
    kind = "BB ante" if view.big_blind_ante else "Ante"
    return f"{kind} {format_chips(view.ante)}"


def level_text(level: Any) -> str:
    """A level as one line: '400 / 800, ante 800'."""
    text = f"{level.small_blind:,} / {level.big_blind:,}"
    if getattr(level, "ante", 0):
        text += f", {'BB ante' if getattr(level, 'big_blind_ante', False) else 'ante'} {level.ante:,}"
    return text


def news_fields(session: DirectorSession, force_seating: bool = False, seating_chart: bool = True) -> dict[str, Any]:
    """The room's news (services/room_news.py) as the projector's fields; ``seating_chart`` False: without the
    seating chart (a screen that shows none: the reading of every entry it takes is spared)."""
    wanted: SeatingChartWanted = "never" if not seating_chart else "always" if force_seating else "when due"
    news = session.room_news(seating_chart=wanted)
    if news is None:
        return {}
    fields: dict[str, Any] = {
        "hand_for_hand": news.hand_for_hand, "final_table": news.final_table,
        "chip_leader": (news.chip_leader.name, news.chip_leader.chips) if news.chip_leader else None,
        "knockouts": tuple((k.place_text, k.name, f"by {' & '.join(k.eliminated_by)}" if k.eliminated_by else "")
                           for k in news.knockouts),
    }
    if news.bounties is not None:
        fields["bounties_in_play"] = news.bounties.in_play
        fields["biggest_heads"] = tuple((head.name, head.bounty) for head in news.bounties.biggest)
    if news.winner is not None:
        fields["winner"] = (news.winner.name, news.winner.prize)
        fields["results"] = news.result_rows
    elif news.show_seating_chart or (force_seating and news.seating_chart):
        fields["seating_chart"] = news.seating_rows
    elif news.show_moves and news.seating is not None:
        fields["moves"] = tuple((m.name, m.from_table, m.from_seat, m.to_table, m.to_seat) for m in news.seating.moves)
        broken = news.seating.broken_tables
        fields["moves_title"] = ("FINAL TABLE" if news.seating.kind == "final_table" else
                                 f"TABLE {', '.join(map(str, broken))} BREAKS" if broken else "MOVES")
    return fields


def view_from_session(session: DirectorSession | None, *, force_seating: bool = False,
                      seating_chart: bool = True) -> ProjectorView:
    """Gather the projector's figures from the session's clock and floor services; ``seating_chart`` False for a
    screen that never shows the seating chart (the console's mini clock)."""
    if session is None or session.tournament_id is None:
        return ProjectorView(message="No tournament open")
    name = session.tournament_name
    clock = session.clock
    clock_view = clock.view() if clock is not None else None
    floor = session.tournament
    figures = session.floor_figures()
    starts_in = session.seconds_to_start()
    level = clock_view.level if clock_view is not None else None
    next_period = clock_view.next_level if clock_view is not None else None
    next_label = ""
    if isinstance(next_period, Level):
        next_label = level_text(next_period)
    elif isinstance(next_period, Break):
        next_label = f"{next_period.name} {next_period.duration_seconds // 60} min"
    pool = floor.prize_pool() if floor is not None else None
    payout_pairs = tuple(enumerate(pool.prizes, start=1)) if pool is not None else ()
    return ProjectorView(
        tournament_name=name,
        level_number=level.number if level is not None else None,
        small_blind=level.small_blind if level is not None else None,
        big_blind=level.big_blind if level is not None else None,
        ante=level.ante if level is not None else 0,
        big_blind_ante=level.big_blind_ante if level is not None else False,
        remaining_seconds=clock_view.remaining_seconds if clock_view is not None else None,
        running=clock_view.running if clock_view is not None else False,
        on_break=clock_view.on_break if clock_view is not None else False,
        break_name=(clock_view.break_name if clock_view is not None else "") or "Break",
        next_label=next_label,
        seconds_to_break=clock_view.seconds_to_break if clock_view is not None else None,
        players_left=figures.players_left if figures is not None else None,
        entries=figures.entries if figures is not None else None,
        average_stack=figures.average_stack if figures is not None else None,
        prize_pool=figures.prize_pool if figures is not None else None,
        payouts=payout_pairs,
        notice=clock_view.notice if clock_view is not None else "",
        message="" if clock_view is not None else "Clock not started",
        starts_in_seconds=starts_in,
        restart_pending=clock_view.restart_pending if clock_view is not None else False,
        chips_in_play=figures.chips_in_play if figures is not None else None,
        tables_left=tables_left(session),
        **news_fields(session, force_seating, seating_chart),
    )
