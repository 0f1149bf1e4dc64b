"""The plain value the projected clock renders, and how it is read from the session.

The projector never computes a rule: the figures come from the clock and floor services; this module only
gathers them into one frozen value (and formats numbers for the room).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tournament_director.services.screen_tokens import tables_left


@dataclass(frozen=True)
class ProjectorView:
    tournament_name: str = ""
    level_number: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int = 0
    big_blind_ante: bool = False
    remaining_seconds: float | None = None
    running: bool = False
    on_break: bool = False
    break_name: str = "Break"
    next_label: str = ""             # e.g. "400 / 800, ante 800" or "Break 15 min"
    seconds_to_break: float | None = None
    players_left: int | None = None
    entries: int | None = None
    average_stack: int | None = None
    prize_pool: int | None = None
    payouts: tuple[tuple[int, int], ...] = field(default_factory=tuple)   # (place, amount)
    notice: str = ""                 # colour-up and other announcements
    message: str = ""                # shown when there is nothing to run yet
    starts_in_seconds: float | None = None   # countdown to the scheduled start, until the clock starts
    restart_pending: bool = False    # the clock was running at a crash: paused until the director chooses
    # the room's news (services/room_news.py)
    hand_for_hand: bool = False
    final_table: bool = False
    chip_leader: tuple[str, int] | None = None          # (name, chips)
    knockouts: tuple[tuple[str, str, str], ...] = ()    # (place, name, "by X"), the latest first
    winner: tuple[str, int] | None = None               # (name, prize) once the tournament is over
    results: tuple[tuple[str, str, int], ...] = ()      # (place, name, prize), the best first
    seating_chart: tuple[tuple[str, int, int], ...] = ()  # (name, table, seat) when it is to be shown
    moves: tuple[tuple[str, int, int, int, int], ...] = ()  # (name, from table, seat, to table, seat)
    moves_title: str = ""                               # "Table 3 breaks", "Final table"
    page: int = 0                                       # which page of a long seating chart is up
    bounties_in_play: int | None = None                 # a bounty tournament: the bounties on the heads still in
    biggest_heads: tuple[tuple[str, int], ...] = ()     # (name, bounty), the biggest first (a progressive knockout)
    chips_in_play: int | None = None                    # for a screen layout's total chips
    tables_left: int | None = None                      # ... and its tables in play


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


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if obj is not None and hasattr(obj, name):
            value = getattr(obj, name)
            return value() if callable(value) else value
    return default


def news_fields(session: Any, force_seating: bool = False, seating_chart: bool = True) -> dict[str, Any]:
    """The room's news (services/room_news.py) as the projector's fields; ``seating_chart`` False: without the
    seating chart (a screen that shows none: the reading of every entry it takes is spared)."""
    room_news = getattr(session, "room_news", None)
    wanted = "never" if not seating_chart else "always" if force_seating else "when due"
    news = room_news(seating_chart=wanted) if callable(room_news) else None
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


def view_from_session(session: Any, *, force_seating: bool = False, seating_chart: bool = True) -> ProjectorView:
    """Gather the projector's figures from the session's clock and floor services (whatever has landed);
    ``seating_chart`` False for a screen that never shows the seating chart (the console's mini clock)."""
    if session is None or getattr(session, "tournament_id", None) is None:
        return ProjectorView(message="No tournament open")
    name = session.tournament_name
    clock = getattr(session, "clock", None)
    clock_view = None
    if clock is not None:
        for attr in ("view", "clock_view"):
            if hasattr(clock, attr):
                value = getattr(clock, attr)
                clock_view = value() if callable(value) else value
                break
    floor = getattr(session, "tournament", None)
    figures = None
    floor_figures = getattr(session, "floor_figures", None)
    if callable(floor_figures):
        figures = floor_figures()
    seconds_to_start = getattr(session, "seconds_to_start", None)
    starts_in = seconds_to_start() if callable(seconds_to_start) else None
    level = _get(clock_view, "level", "current_level")
    next_level = _get(clock_view, "next_level")
    next_label = ""
    if next_level is not None and hasattr(next_level, "small_blind"):
        next_label = level_text(next_level)
    elif next_level is not None and hasattr(next_level, "duration_seconds"):
        next_label = f"{getattr(next_level, 'name', 'Break')} {next_level.duration_seconds // 60} min"
    pool = floor.prize_pool() if floor is not None and hasattr(floor, "prize_pool") else None
    payouts: Any = ()
    if pool is not None:
        payouts = tuple((place, amount) for place, amount in enumerate(pool.prizes, start=1))
        if figures is None:
            figures = pool
    entries_total = _get(figures, "entries", default=_get(clock_view, "entries"))
    payout_pairs = tuple(
        (int(p[0]), int(p[1])) if isinstance(p, tuple) else (int(_get(p, "place")), int(_get(p, "amount")))
        for p in payouts
    )
    return ProjectorView(
        tournament_name=name,
        level_number=_get(level, "number"),
        small_blind=_get(level, "small_blind"),
        big_blind=_get(level, "big_blind"),
        ante=_get(level, "ante", default=0) or 0,
        big_blind_ante=bool(_get(level, "big_blind_ante", default=False)),
        remaining_seconds=_get(clock_view, "remaining_seconds", "remaining"),
        running=bool(_get(clock_view, "running", default=False)),
        on_break=bool(_get(clock_view, "on_break", default=False)),
        break_name=_get(clock_view, "break_name", default="Break") or "Break",
        next_label=next_label,
        seconds_to_break=_get(clock_view, "seconds_to_break", "time_to_break"),
        players_left=_get(figures, "players_left", default=_get(clock_view, "players_left")),
        entries=entries_total,
        average_stack=_get(figures, "average_stack", default=_get(clock_view, "average_stack")),
        prize_pool=_get(figures, "prize_pool"),
        payouts=payout_pairs,
        notice=_get(clock_view, "notice", "colour_up_notice", default="") or "",
        message="" if clock_view is not None else "Clock not started",
        starts_in_seconds=starts_in,
        restart_pending=bool(_get(clock_view, "restart_pending", default=False)),
        chips_in_play=_get(figures, "chips_in_play"),
        tables_left=tables_left(session) if getattr(session, "runner", None) is not None else None,
        **news_fields(session, force_seating, seating_chart),
    )
