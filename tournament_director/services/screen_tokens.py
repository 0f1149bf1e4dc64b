"""What each token of a screen layout says: one text per token, made here once for the projector and the TV page.

The figures are the projector's own (ui/projector/view.py ``ProjectorView`` carries the same field names, so the
projector hands its view over as it is); the room display reads them from the session with ``screen_figures``, the
same services the projector reads. A list token (the payouts, the knockouts) is one line a row. The clock and the
time to the break are counted by the page between pushes; the texts here are those of the moment they were read.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament_director.resources import resource_path

from tournament_director.services.results import ordinal
from tournament_director.services.screen_layouts import TOKENS, ScreenLayout, rules_page

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


@dataclass(frozen=True)
class ScreenFigures:
    """What the room's screens show of a tournament at a moment: the projector's view (ui/projector/view.py) is
    these figures and the page of a long list it is on; a screen layout's tokens are made from them."""

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
    chips_in_play: int | None = None
    tables_left: int | None = None
    prize_pool: int | None = None
    payouts: tuple[tuple[int, int], ...] = ()   # (place, amount)
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
    moves: tuple[tuple[str, int, int, int, int], ...] = ()  # while a table breaks: (name, from table, seat, to table, seat)
    moves_title: str = ""                               # "Table 3 breaks", "Final table"
    bounties_in_play: int | None = None                 # a bounty tournament: the bounties on the heads still in
    biggest_heads: tuple[tuple[str, int], ...] = ()     # (name, bounty), the biggest first (a progressive knockout)


FIGURE_NAMES = tuple(f.name for f in fields(ScreenFigures))


def figures_of(view: Any) -> ScreenFigures:
    """The figures of any view holding the same field names (the projector's ``ProjectorView``)."""
    return ScreenFigures(**{name: getattr(view, name) for name in FIGURE_NAMES if hasattr(view, name)})


def chips(amount: int | None) -> str:
    return "–" if amount is None else f"{amount:,}"


def clock_text(seconds: float | None) -> str:
    """'MM:SS', or 'H:MM:SS' from an hour up, counting up to the next second (as the projector shows it)."""
    if seconds is None:
        return "--:--"
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def level_line(level: Any) -> str:
    """A level as one line: '400 / 800, ante 800'."""
    text = f"{level.small_blind:,} / {level.big_blind:,}"
    if getattr(level, "ante", 0):
        text += f", {'BB ante' if getattr(level, 'big_blind_ante', False) else 'ante'} {level.ante:,}"
    return text


def next_label(period: Any) -> str:
    if period is None:
        return ""
    if hasattr(period, "small_blind"):
        return level_line(period)
    return f"{getattr(period, 'name', '') or 'Break'} {period.duration_seconds // 60} min"


def _counting_down(f: ScreenFigures) -> bool:
    return f.starts_in_seconds is not None and f.starts_in_seconds > 0


def token_texts(f: ScreenFigures, layout: ScreenLayout | None = None) -> dict[str, str]:
    """Every text token's words for these figures (pictures have none); a list is one line a row."""
    counting = _counting_down(f)
    started = f.starts_in_seconds is None or f.starts_in_seconds <= 0
    if counting:
        level = "STARTS IN"
    elif f.on_break:
        level = f.break_name.upper()
    elif f.level_number is not None:
        level = f"LEVEL {f.level_number}"
    else:
        level = ""
    blinds = "" if f.small_blind is None or f.big_blind is None else f"{chips(f.small_blind)} / {chips(f.big_blind)}"
    if f.on_break:
        blinds = f"Next: {f.next_label}" if f.next_label else ""
    paused = not f.running and f.remaining_seconds is not None and started and not counting
    texts = {
        "tournament_name": f.tournament_name or "Tournament Director",
        "clock": clock_text(f.starts_in_seconds if counting else f.remaining_seconds),
        "level": level,
        "blinds": blinds,
        "ante": "" if not f.ante or f.on_break else f"{'BB ante' if f.big_blind_ante else 'Ante'} {chips(f.ante)}",
        "next_level": f"Next: {f.next_label}" if f.next_label and not f.on_break else "",
        "time_to_break": (f"Break in {clock_text(f.seconds_to_break)}"
                          if f.seconds_to_break is not None and not f.on_break else ""),
        "status": ("WAITING FOR THE DIRECTOR" if f.restart_pending else "CLOCK PAUSED") if paused else "",
        "badges": "  ·  ".join(b for b, on in (("FINAL TABLE", f.final_table), ("HAND-FOR-HAND", f.hand_for_hand))
                               if on),
        "notice": f.notice,
        "players": f"{chips(f.players_left)} / {chips(f.entries)}",
        "players_left": chips(f.players_left),
        "entries": chips(f.entries),
        "tables_left": chips(f.tables_left),
        "average_stack": chips(f.average_stack),
        "total_chips": chips(f.chips_in_play),
        "prize_pool": chips(f.prize_pool),
        "payouts": "\n".join(f"{ordinal(place)}  {chips(amount)}" for place, amount in f.payouts if amount > 0),
        "bounties_in_play": "" if f.bounties_in_play is None else chips(f.bounties_in_play),
        "biggest_bounties": "\n".join(f"{name}  {chips(bounty)}" for name, bounty in f.biggest_heads),
        "chip_leader": f"{f.chip_leader[0]}  {chips(f.chip_leader[1])}" if f.chip_leader else "",
        "knockouts": "\n".join(f"{place}  {name}" + (f" {by}" if by else "") for place, name, by in f.knockouts),
        "seating_chart": "\n".join(f"{name}  T{table} S{seat}" for name, table, seat in f.seating_chart),
        "winner": f"{f.winner[0]}  {chips(f.winner[1])}" if f.winner and f.winner[1] else
                  (f.winner[0] if f.winner else ""),
        "results": "\n".join(f"{place}  {name}" + (f" · {chips(prize)}" if prize else "")
                             for place, name, prize in f.results),
        "rules": layout.rules_text if layout is not None else "",
    }
    if f.moves:  # while a table breaks, the payouts' place says who moves where (under the moves' title)
        texts["payouts"] = "\n".join(f"{name}  → T{table} S{seat}" for name, _t, _s, table, seat in f.moves)
    if f.message and f.remaining_seconds is None and not counting:
        texts["level"] = f.message
    return texts


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def custom_text(template: str, texts: dict[str, str]) -> str:
    """A custom text with its {token}s replaced by their texts (an unknown name is left as written)."""
    return _PLACEHOLDER.sub(lambda m: texts.get(m[1], m[0]).replace("\n", "  ·  ")
                            if m[1] in TOKENS else m[0], template)


def cell_texts(layout: ScreenLayout, texts: dict[str, str]) -> dict[str, str]:
    """What each cell of ``layout`` says (by cell name); a picture cell says nothing."""
    shown: dict[str, str] = {}
    for cell in layout.cells:
        if cell.token == "text":
            shown[cell.id] = custom_text(cell.text, texts)
        elif cell.token in texts:
            shown[cell.id] = texts[cell.token]
    return shown


def screen_figures(session: DirectorSession | None, *, seating_chart: bool = False) -> ScreenFigures:
    """The figures of the tournament in front of the director, read from the session's services as the projector
    reads them (ui/projector/view.py ``view_from_session``); ``seating_chart``: with the seating chart while it is
    due (after the draw, until the clock starts), for a layout that has a cell for it."""
    if session is None or getattr(session, "tournament_id", None) is None:
        return ScreenFigures(message="No tournament open")
    clock = session.clock
    view = clock.view() if clock is not None else None
    floor = session.tournament
    figures = session.floor_figures()
    level = view.level if view is not None else None
    values: dict[str, Any] = {
        "tournament_name": session.tournament_name,
        "starts_in_seconds": session.seconds_to_start(),
        "message": "" if view is not None else "Clock not started",
    }
    if view is not None:
        values.update(remaining_seconds=view.remaining_seconds, running=view.running, on_break=view.on_break,
                      break_name=view.break_name or "Break", next_label=next_label(view.next_level),
                      seconds_to_break=view.seconds_to_break, notice=view.notice or "",
                      restart_pending=view.restart_pending)
    if level is not None:
        values.update(level_number=level.number, small_blind=level.small_blind, big_blind=level.big_blind,
                      ante=level.ante or 0, big_blind_ante=bool(level.big_blind_ante))
    if figures is not None:
        values.update(players_left=figures.players_left, entries=figures.entries,
                      average_stack=figures.average_stack, chips_in_play=figures.chips_in_play,
                      prize_pool=figures.prize_pool)
    if floor is not None:
        values["payouts"] = tuple(enumerate(floor.prize_pool().prizes, start=1))
        values["tables_left"] = tables_left(session)
    news = session.room_news(seating_chart="when due" if seating_chart else "never")
    if news is not None:
        if news.show_seating_chart:
            values["seating_chart"] = news.seating_rows
        values.update(
            hand_for_hand=news.hand_for_hand, final_table=news.final_table,
            chip_leader=(news.chip_leader.name, news.chip_leader.chips) if news.chip_leader else None,
            knockouts=tuple((k.place_text, k.name, f"by {' & '.join(k.eliminated_by)}" if k.eliminated_by else "")
                            for k in news.knockouts))
        if news.bounties is not None:
            values["bounties_in_play"] = news.bounties.in_play
            values["biggest_heads"] = tuple((h.name, h.bounty) for h in news.bounties.biggest)
        if news.winner is not None:
            values["winner"] = (news.winner.name, news.winner.prize)
            values["results"] = news.result_rows
        elif news.show_moves and news.seating is not None:
            values["moves"] = tuple((m.name, m.from_table, m.from_seat, m.to_table, m.to_seat)
                                    for m in news.seating.moves)
            values["moves_title"] = moves_title(news.seating)
    return ScreenFigures(**values)


def moves_title(seating: Any) -> str:
    """'FINAL TABLE', 'TABLE 3 BREAKS' or 'MOVES': what the moves' list is called (as the projector calls it)."""
    broken = seating.broken_tables
    return ("FINAL TABLE" if seating.kind == "final_table" else
            f"TABLE {', '.join(map(str, broken))} BREAKS" if broken else "MOVES")


def cell_labels(layout: ScreenLayout, f: ScreenFigures) -> dict[str, str]:
    """Each cell's caption now: the payouts' cell takes the moves' title while a table breaks."""
    return {c.id: (f.moves_title if f.moves and c.token == "payouts" else c.label) for c in layout.cells}


def tables_left(session: DirectorSession) -> int | None:
    """The tables in play (the floor's index of open tables, kept as the tables change)."""
    runner = session.runner
    if runner is None:
        return None
    return len(runner.state.floor.table_index())


# ----- the room display's part: the layout as the TV page draws it --------------------------------------------

MAX_PICTURE_BYTES = 300_000  # a picture goes to the pages inside the state: a logo, not a photograph


def screen_state(session: DirectorSession | None, layout: ScreenLayout) -> dict[str, Any]:
    """The layout with its overrides applied for the moment, what each cell says (the same words as the projector),
    the house rules page and when it is up, and the pictures as data the page shows without asking for a file."""
    figures = screen_figures(session, seating_chart=any(c.token == "seating_chart" for c in layout.cells))
    modes = ["end"] if figures.winner is not None else [
        mode for mode, on in (("final_table", figures.final_table), ("break", figures.on_break)) if on]
    shown = layout.for_modes(modes)
    texts = token_texts(figures, shown)
    state: dict[str, Any] = {
        "layout": shown.to_dict(), "cells": cell_texts(shown, texts), "rules_page": None, "rules_cells": {},
        "rules_every_seconds": shown.rules_every_seconds, "rules_for_seconds": shown.rules_for_seconds,
        "labels": cell_labels(shown, figures),
        "pictures": _pictures(shown), "own_end": figures.winner is not None and not layout.overrides.get("end"),
    }
    if shown.rules_text.strip() and shown.rules_every_seconds > 0:
        page = rules_page(shown)
        state["rules_page"] = page.to_dict()
        state["rules_cells"] = cell_texts(page, texts)
    return state


def _pictures(layout: ScreenLayout) -> dict[str, str]:
    pictures: dict[str, str] = {}
    for cell in layout.cells:
        if cell.hidden or cell.token not in ("image", "logo"):
            continue
        name = layout.logo if cell.token == "logo" else cell.image
        path = layout.picture_path(name) if name else resource_path("icons", "tournament-director-128.png")
        uri = _data_uri(path) if path is not None else None
        if uri:
            pictures[cell.id] = uri
    if layout.background_image:
        uri = _data_uri(layout.picture_path(layout.background_image))
        if uri:
            pictures["background"] = uri
    return pictures


_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml",
         ".gif": "image/gif", ".bmp": "image/bmp", ".webp": "image/webp"}
_uris: dict[Path, tuple[float, str | None]] = {}


def _data_uri(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        stamp = path.stat().st_mtime
        known = _uris.get(path)
        if known is None or known[0] != stamp:
            data = path.read_bytes() if path.stat().st_size <= MAX_PICTURE_BYTES else b""
            uri = f"data:{_MIME.get(path.suffix.lower(), 'image/png')};base64,{base64.b64encode(data).decode()}"
            known = (stamp, uri if data else None)
            _uris[path] = known
        return known[1]
    except OSError:
        return None
