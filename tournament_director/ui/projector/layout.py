"""What the projector paints, laid out for any screen size and aspect ratio: the dark palette, every text in its
own rectangle with a font that fits it (level, blinds, time, next level, players, prize pool, payouts, in a bounty
tournament the bounties in play and the biggest), and the painting of that layout."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter

from tournament_director.services.results import ordinal
from tournament_director.ui.projector.drawing import Palette, Panel, PlacedText, ProjectorLayout, _common_font
from tournament_director.ui.projector.screens import (
    heads_panel, heads_panel_height, moves_panel, news_panel, seating_screen, winner_screen,
)
from tournament_director.ui.projector.view import (
    ProjectorView,
    ante_text,
    blinds_text,
    countdown_text,
    format_chips,
    format_clock,
)

__all__ = ["Palette", "Panel", "PlacedText", "ProjectorLayout", "ordinal", "paint_projector", "players_text",
           "projector_layout"]


def players_text(view: ProjectorView) -> str:
    """'1,043 / 1,250': players left of the entries, with thousands separators like every other figure."""
    return f"{format_chips(view.players_left)} / {format_chips(view.entries)}"


def projector_layout(area: QRectF, view: ProjectorView) -> ProjectorLayout:
    """Lay the projector screen out for ``view`` in ``area`` (any size, any aspect ratio).

    Every text gets its own rectangle, none overlapping, and a font that fits it, so nothing is cut off or drawn
    over something else, whatever the figures (six-digit blinds, a thousand players, 150 paid places).
    """
    p = Palette
    layout = ProjectorLayout(p.break_background if view.on_break else p.background)
    if view.winner is not None:
        winner_screen(layout, area, view, p)
        return layout
    if view.seating_chart:
        seating_screen(layout, area, view, p, view.page)
        return layout
    w, h = area.width(), area.height()
    margin = min(w, h) * 0.025
    x0, y0 = area.left() + margin, area.top() + margin
    inner_w, inner_h = w - 2 * margin, h - 2 * margin

    wide = w / max(h, 1) >= 1.5
    side_w = inner_w * 0.24 if wide else 0.0
    main_w = inner_w - side_w - (margin if wide else 0)

    # Header: the tournament name, and what the room must know at once (final table, hand-for-hand).
    badges = [b for b, on in (("FINAL TABLE", view.final_table), ("HAND-FOR-HAND", view.hand_for_hand)) if on]
    name_w = inner_w * (0.55 if badges else 1.0)
    layout.add("name", QRectF(x0, y0, name_w, inner_h * 0.08), view.tournament_name or "Tournament Director",
               p.dim, bold=False)
    if badges:
        band = QRectF(x0 + name_w + margin * 0.5, y0, inner_w - name_w - margin * 0.5, inner_h * 0.08)
        layout.panels.append(Panel(band, p.warning))
        layout.add("badge", band.adjusted(margin * 0.3, 0, -margin * 0.3, 0), "  ·  ".join(badges), p.background)

    countdown = countdown_text(view)
    if view.message and view.remaining_seconds is None:
        layout.add("message", QRectF(x0, y0 + inner_h * 0.3, inner_w, inner_h * 0.2), countdown or view.message,
                   p.text)
        return layout

    counting_down = view.starts_in_seconds is not None and view.starts_in_seconds > 0
    paused = not view.running and view.remaining_seconds is not None and not countdown
    # Heights as shares of the screen: every line has its own strip and the remaining time takes what is left
    # (about 40% of the height or more), so nothing overlaps whatever the view holds.
    level_h, next_h = 0.09, 0.065
    paused_h = 0.06 if paused else 0.0
    figures_h = 0.12 if view.on_break else 0.13 + 0.075
    notice_h = (0.075 if view.on_break else 0.055) if view.notice else 0.0
    payout_line_h = 0.045 if not wide and view.payouts else 0.0
    heads_line_h = 0.045 if not wide and view.biggest_heads else 0.0
    band_share = 0.12 if h > w else 0.1
    time_share = (1.0 - 0.09 - level_h - paused_h - figures_h - next_h - notice_h - payout_line_h - heads_line_h
                  - band_share)

    y = y0 + inner_h * 0.09
    # Level line (before the scheduled start: what the big digits count down to).
    level_rect = QRectF(x0, y, main_w, inner_h * level_h)
    if countdown:
        layout.add("level", level_rect, "STARTS IN" if counting_down else countdown.upper(), p.accent)
    elif view.on_break:
        layout.add("level", level_rect, view.break_name.upper(), p.break_accent)
    elif view.level_number is not None:
        layout.add("level", level_rect, f"LEVEL {view.level_number}", p.accent)
    y += inner_h * level_h

    # The remaining time: the largest thing on the screen. When the clock is paused a strip below the digits
    # says so (also after a crash, until the director chooses how the clock goes on).
    time_rect = QRectF(x0, y, main_w, inner_h * time_share)
    if counting_down:
        layout.add("time", time_rect, format_clock(view.starts_in_seconds), p.time, ratio=0.95)
    else:
        time_colour = p.time if view.running else p.time_paused
        if view.running and view.remaining_seconds is not None and view.remaining_seconds <= 60 and not view.on_break:
            time_colour = p.warning
        layout.add("time", time_rect, format_clock(view.remaining_seconds), time_colour, ratio=0.95)
    y += inner_h * time_share
    if paused:
        layout.add("paused", QRectF(x0, y, main_w, inner_h * paused_h),
                   "WAITING FOR THE DIRECTOR" if view.restart_pending else "CLOCK PAUSED", p.time_paused)
        y += inner_h * paused_h

    # Blinds and ante (during a break: what comes next).
    if view.on_break:
        layout.add("blinds", QRectF(x0, y, main_w, inner_h * 0.12),
                   f"Next: {view.next_label}" if view.next_label else "", p.text)
    else:
        layout.add("blinds", QRectF(x0, y, main_w, inner_h * 0.13), blinds_text(view), p.text)
        layout.add("ante", QRectF(x0, y + inner_h * 0.13, main_w, inner_h * 0.07), ante_text(view), p.text,
                   bold=False)
    y += inner_h * figures_h

    # Next level and time to the break.
    info_parts = []
    if view.next_label and not view.on_break:
        info_parts.append(f"Next: {view.next_label}")
    if view.seconds_to_break is not None and not view.on_break:
        info_parts.append(f"Break in {format_clock(view.seconds_to_break)}")
    layout.add("next", QRectF(x0, y, main_w, inner_h * next_h), "     ".join(info_parts), p.dim, bold=False)
    y += inner_h * next_h

    # The colour-up notice in a band of its own; on a screen too narrow for the payouts column, one line of
    # payouts; then the bottom band: players, average stack, prize pool.
    if view.notice:
        band = QRectF(x0, y + inner_h * 0.005, main_w, inner_h * (notice_h - 0.01))
        layout.panels.append(Panel(band, p.panel))
        layout.add("notice", band, view.notice, p.warning, ratio=0.7)
        y += inner_h * notice_h
    payout_line_rect = QRectF(x0, y, main_w, inner_h * payout_line_h)
    y += inner_h * payout_line_h
    if heads_line_h:
        line = "   ".join(f"{name} {format_chips(bounty)}" for name, bounty in view.biggest_heads)
        layout.add("heads-line", QRectF(x0, y, main_w, inner_h * heads_line_h), f"Biggest bounties:   {line}",
                   p.break_accent, bold=False)
        y += inner_h * heads_line_h
    band_top = y + inner_h * 0.005

    stats = [("PLAYERS", players_text(view)), ("AVERAGE STACK", format_chips(view.average_stack)),
             ("PRIZE POOL", format_chips(view.prize_pool))]
    if view.bounties_in_play is not None:
        stats.append(("BOUNTIES IN PLAY", format_chips(view.bounties_in_play)))
    band_h = y0 + inner_h - band_top
    cell_w = main_w / len(stats)
    cells = [QRectF(x0 + i * cell_w + margin * 0.2, band_top, cell_w - margin * 0.4, band_h)
             for i in range(len(stats))]
    label_h = min(band_h * 0.34, inner_h * 0.04)
    label_rects = [QRectF(c.left(), c.top(), c.width(), label_h) for c in cells]
    value_rects = [QRectF(c.left(), c.top() + label_h, c.width(), c.height() - label_h) for c in cells]
    label_font = _common_font([(label, r) for (label, _), r in zip(stats, label_rects)], bold=False)
    value_font = _common_font([(value, r) for (_, value), r in zip(stats, value_rects)], ratio=0.8)
    for cell, (label, value), label_rect, value_rect in zip(cells, stats, label_rects, value_rects):
        layout.panels.append(Panel(cell, p.panel))
        layout.add(f"stat-label:{label}", label_rect, label, p.dim, font=label_font)
        layout.add(f"stat:{label}", value_rect, value, p.text, font=value_font)

    payouts = list(view.payouts)
    if wide:
        side = QRectF(x0 + main_w + margin, y0 + inner_h * 0.09, side_w, inner_h * 0.91)
        if view.moves:
            moves_panel(layout, side, view, p, inner_h)
        else:
            # the payouts on top, then the biggest bounties, then the chip leader and the latest knockouts
            gap = margin * 0.4
            news_h = 0.0
            if view.chip_leader is not None or view.knockouts:
                news_h = inner_h * ((0.27 if view.biggest_heads else 0.36) if view.knockouts else 0.12)
            heads_h = heads_panel_height(view, inner_h)
            payouts_h = side.height() - news_h - heads_h - gap * ((news_h > 0) + (heads_h > 0))
            _payout_column(layout, QRectF(side.left(), side.top(), side.width(), payouts_h), payouts, inner_h)
            if heads_h:
                heads_panel(layout, QRectF(side.left(), side.top() + payouts_h + gap, side.width(), heads_h), view, p,
                            inner_h)
            if news_h:
                news_panel(layout, QRectF(side.left(), side.bottom() - news_h, side.width(), news_h), view, p,
                           inner_h)
    elif payouts:
        line = "   ".join(f"{ordinal(pl)} {format_chips(am)}" for pl, am in payouts[:6])
        layout.add("payout-line", payout_line_rect, line, p.dim, bold=False)
    return layout


def _payout_column(layout: ProjectorLayout, side: QRectF, payouts: list[tuple[int, int]], inner_h: float) -> None:
    """The payouts in a column: as many places as fit at a readable size, then '… n more places'."""
    p = Palette
    layout.panels.append(Panel(side, p.panel))
    title_h = inner_h * 0.06
    layout.add("payouts-title", QRectF(side.left(), side.top(), side.width(), title_h), "PAYOUTS", p.dim,
               bold=False)
    top = side.top() + inner_h * 0.07
    if not payouts:
        layout.add("payouts-none", QRectF(side.left(), top, side.width(), inner_h * 0.05), "to be announced", p.dim,
                   bold=False)
        return
    row_h = inner_h * 0.055
    room = max(1, int((side.bottom() - top) / row_h))
    shown = payouts if len(payouts) <= room else payouts[:room - 1]
    x, width = side.left() + side.width() * 0.06, side.width() * 0.88
    place_rects = [QRectF(x, top + i * row_h, width * 0.35, row_h) for i in range(len(shown))]
    amount_rects = [QRectF(x + width * 0.35, top + i * row_h, width * 0.65, row_h) for i in range(len(shown))]
    place_font = _common_font([(ordinal(pl), r) for (pl, _), r in zip(shown, place_rects)], bold=False)
    amount_font = _common_font([(format_chips(am), r) for (_, am), r in zip(shown, amount_rects)])
    for (place, amount), place_rect, amount_rect in zip(shown, place_rects, amount_rects):
        layout.add(f"payout-place:{place}", place_rect, ordinal(place), p.dim, align=Qt.AlignmentFlag.AlignLeft,
                   font=place_font)
        layout.add(f"payout:{place}", amount_rect, format_chips(amount), p.text, align=Qt.AlignmentFlag.AlignRight,
                   font=amount_font)
    if len(shown) < len(payouts):
        layout.add("payouts-more", QRectF(side.left(), top + len(shown) * row_h, side.width(), row_h),
                   f"… {len(payouts) - len(shown)} more places", p.dim, bold=False)


def paint_projector(painter: QPainter, area: QRectF, view: ProjectorView) -> ProjectorLayout:
    """Paint the whole projector screen for ``view`` into ``area`` (any size, any aspect ratio)."""
    layout = projector_layout(area, view)
    painter.fillRect(area, layout.background)
    for panel in layout.panels:
        painter.fillRect(panel.rect, panel.colour)
    for item in layout.texts:
        painter.setFont(item.font)
        painter.setPen(item.colour)
        painter.drawText(item.rect, int(item.align | Qt.AlignmentFlag.AlignVCenter), item.text)
    return layout
