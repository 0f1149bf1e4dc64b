"""The projector's other screens and panels, beside the clock (layout.py): the winner with the final results, the
seating chart after the draw (pages of names with their table and seat), who moves where after a table breaks,
and the side panel's biggest bounties, chip leader and recent knockouts. Every text gets its own rectangle and a
fitted font."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from tournament_director.ui.projector.drawing import Palette, Panel, ProjectorLayout, _common_font
from tournament_director.ui.projector.view import ProjectorView, format_chips

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
MIN_ROW_SHARE = 0.05  # a line of a list is at least 5% of the screen's height: legible from the back of the room


def winner_screen(layout: ProjectorLayout, area: QRectF, view: ProjectorView, palette: type[Palette]) -> None:
    """WINNER, the name and the prize, then the final results in as many rows as fit at a readable size."""
    p = palette
    w, h = area.width(), area.height()
    margin = min(w, h) * 0.025
    x0, y0, inner_w, inner_h = area.left() + margin, area.top() + margin, w - 2 * margin, h - 2 * margin
    assert view.winner is not None
    name, prize = view.winner
    layout.add("name", QRectF(x0, y0, inner_w, inner_h * 0.07), view.tournament_name or "Tournament Director",
               p.dim, bold=False)
    layout.add("winner-title", QRectF(x0, y0 + inner_h * 0.08, inner_w, inner_h * 0.1), "WINNER", p.accent)
    layout.add("winner", QRectF(x0, y0 + inner_h * 0.18, inner_w, inner_h * 0.2), name, p.time)
    if prize:
        layout.add("winner-prize", QRectF(x0, y0 + inner_h * 0.38, inner_w, inner_h * 0.09), format_chips(prize),
                   p.break_accent)
    top = y0 + inner_h * 0.5
    rows = [r for r in view.results if r[0] != "1st"]
    if not rows:
        return
    layout.add("results-title", QRectF(x0, top, inner_w, inner_h * 0.05), "FINAL RESULTS", p.dim, bold=False)
    top += inner_h * 0.06
    row_h = inner_h * 0.055
    columns = 2 if w / max(h, 1) >= 1.5 else 1
    per_column = max(1, int((y0 + inner_h - top) / row_h))
    shown = rows[: per_column * columns]
    col_w = inner_w / columns
    for i, (place, player, amount) in enumerate(shown):
        column, row = divmod(i, per_column)
        x, y = x0 + column * col_w + margin * 0.5, top + row * row_h
        cw = col_w - margin
        layout.add(f"result-place:{i}", QRectF(x, y, cw * 0.22, row_h), place, p.dim, bold=False, align=LEFT,
                   ratio=0.7)
        layout.add(f"result:{i}", QRectF(x + cw * 0.23, y, cw * 0.52, row_h), player, p.text, align=LEFT, ratio=0.7)
        if amount:
            layout.add(f"result-prize:{i}", QRectF(x + cw * 0.76, y, cw * 0.24, row_h), format_chips(amount), p.text,
                       align=RIGHT, ratio=0.7)


def seating_screen(layout: ProjectorLayout, area: QRectF, view: ProjectorView, palette: type[Palette],
                   page: int = 0) -> None:
    """SEATING: every player still in, by name, with his table and seat; pages turn when they do not all fit."""
    p = palette
    w, h = area.width(), area.height()
    margin = min(w, h) * 0.025
    x0, y0, inner_w, inner_h = area.left() + margin, area.top() + margin, w - 2 * margin, h - 2 * margin
    layout.add("name", QRectF(x0, y0, inner_w, inner_h * 0.07), view.tournament_name or "Tournament Director",
               p.dim, bold=False)
    chart = list(view.seating_chart)
    columns = 3 if w / max(h, 1) >= 1.5 else 2
    top = y0 + inner_h * 0.2
    row_h = max(inner_h * MIN_ROW_SHARE, min(inner_h * 0.075, (y0 + inner_h - top) / max(1, -(-len(chart) // columns))))
    per_column = max(1, int((y0 + inner_h - top) / row_h))
    per_page = per_column * columns
    pages = max(1, -(-len(chart) // per_page))
    page %= pages
    title = "SEATING" if pages == 1 else f"SEATING  {page + 1} / {pages}"
    layout.add("seating-title", QRectF(x0, y0 + inner_h * 0.08, inner_w, inner_h * 0.1), title, p.accent)
    col_w = inner_w / columns
    cells = []
    for i, (player, table, seat) in enumerate(chart[page * per_page:(page + 1) * per_page]):
        column, row = divmod(i, per_column)
        x, y = x0 + column * col_w + margin * 0.4, top + row * row_h
        cw = col_w - margin * 0.8
        cells.append((player, QRectF(x, y, cw * 0.66, row_h), f"T{table} S{seat}",
                      QRectF(x + cw * 0.67, y, cw * 0.33, row_h)))
    _two_columns(layout, "seat", cells, p.text, p.accent, 0.72)


def _two_columns(layout: ProjectorLayout, role: str, cells: list[tuple[str, QRectF, str, QRectF]], left_colour,
                 right_colour, ratio: float) -> None:
    """Rows of (left text, its rect, right text, its rect), every left text in one size and every right one in
    another, so a long name does not stand out smaller than its neighbours."""
    left_font = _common_font([(text, rect) for text, rect, _, _ in cells], ratio=ratio)
    right_font = _common_font([(text, rect) for _, _, text, rect in cells], ratio=ratio)
    for i, (left, left_rect, right, right_rect) in enumerate(cells):
        layout.add(f"{role}-name:{i}", left_rect, left, left_colour, align=LEFT, font=left_font)
        layout.add(f"{role}:{i}", right_rect, right, right_colour, align=RIGHT, font=right_font)


def moves_panel(layout: ProjectorLayout, side: QRectF, view: ProjectorView, palette: type[Palette],
                inner_h: float) -> None:
    """Who moves where (after a table breaks, or the final table's draw), in the side column."""
    p = palette
    layout.panels.append(Panel(side, p.panel))
    layout.add("moves-title", QRectF(side.left(), side.top(), side.width(), inner_h * 0.07),
               view.moves_title or "MOVES", p.warning)
    top = side.top() + inner_h * 0.08
    moves = list(view.moves)
    row_h = max(inner_h * MIN_ROW_SHARE, min(inner_h * 0.075, (side.bottom() - top) / max(1, len(moves))))
    room = max(1, int((side.bottom() - top) / row_h))
    shown = moves if len(moves) <= room else moves[: room - 1]
    x, width = side.left() + side.width() * 0.05, side.width() * 0.9
    cells = [(player, QRectF(x, top + i * row_h, width * 0.62, row_h), f"→ T{table} S{seat}",
              QRectF(x + width * 0.63, top + i * row_h, width * 0.37, row_h))
             for i, (player, _ft, _fs, table, seat) in enumerate(shown)]
    _two_columns(layout, "move", cells, p.text, p.accent, 0.7)
    if len(shown) < len(moves):
        layout.add("moves-more", QRectF(side.left(), top + len(shown) * row_h, side.width(), row_h),
                   f"… {len(moves) - len(shown)} more: see the Tables", p.dim, bold=False)


def heads_panel_height(view: ProjectorView, inner_h: float) -> float:
    """The height of the biggest bounties' panel (0 without them): a title and a line per head."""
    return inner_h * 0.045 * (1.1 + len(view.biggest_heads)) if view.biggest_heads else 0.0


def heads_panel(layout: ProjectorLayout, side: QRectF, view: ProjectorView, palette: type[Palette],
                inner_h: float) -> None:
    """The biggest bounties of a progressive knockout: who carries the most on his head, in the side column."""
    p = palette
    layout.panels.append(Panel(side, p.panel))
    line_h = inner_h * 0.045
    layout.add("heads-title", QRectF(side.left(), side.top(), side.width(), line_h * 0.9), "BIGGEST BOUNTIES", p.dim,
               bold=False)
    top = side.top() + line_h
    x, width = side.left() + side.width() * 0.05, side.width() * 0.9
    names = [(name, QRectF(x, top + i * line_h, width * 0.7, line_h))
             for i, (name, _) in enumerate(view.biggest_heads)]
    amounts = [(format_chips(bounty), QRectF(x + width * 0.71, top + i * line_h, width * 0.29, line_h))
               for i, (_, bounty) in enumerate(view.biggest_heads)]
    # one size for the names, never below half the line: a name too long for it is cut short with "…"
    name_font = _common_font(names, ratio=0.75)
    name_font.setPixelSize(max(name_font.pixelSize(), int(line_h * 0.5)))
    metrics = QFontMetricsF(name_font)
    amount_font = _common_font(amounts, ratio=0.75)
    for i, ((name, name_rect), (amount, amount_rect)) in enumerate(zip(names, amounts)):
        shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_rect.width() * 0.98)
        layout.add(f"head-name:{i}", name_rect, shown, p.text, align=LEFT, font=name_font)
        layout.add(f"head:{i}", amount_rect, amount, p.break_accent, align=RIGHT, font=amount_font)


def news_panel(layout: ProjectorLayout, side: QRectF, view: ProjectorView, palette: type[Palette],
               inner_h: float) -> None:
    """The chip leader, then the latest knockouts, at the foot of the side column."""
    p = palette
    layout.panels.append(Panel(side, p.panel))
    y = side.top()
    x, width = side.left() + side.width() * 0.05, side.width() * 0.9
    line_h = inner_h * 0.045
    if view.chip_leader is not None:
        name, chips = view.chip_leader
        layout.add("leader-title", QRectF(side.left(), y, side.width(), line_h * 0.9), "CHIP LEADER", p.dim,
                   bold=False)
        y += line_h
        layout.add("leader", QRectF(x, y, width * 0.6, line_h * 1.1), name, p.text, align=LEFT, ratio=0.75)
        layout.add("leader-chips", QRectF(x + width * 0.61, y, width * 0.39, line_h * 1.1), format_chips(chips),
                   p.break_accent, align=RIGHT, ratio=0.75)
        y += line_h * 1.3
    if view.knockouts and side.bottom() - y > line_h * 2:
        layout.add("knockouts-title", QRectF(side.left(), y, side.width(), line_h * 0.9), "LATEST OUT", p.dim,
                   bold=False)
        y += line_h
        for i, (place, player, _by) in enumerate(view.knockouts):
            if y + line_h > side.bottom() + 0.5:
                break
            layout.add(f"knockout-place:{i}", QRectF(x, y, width * 0.3, line_h), place, p.dim, bold=False, align=LEFT,
                       ratio=0.7)
            layout.add(f"knockout:{i}", QRectF(x + width * 0.31, y, width * 0.69, line_h), player, p.text, align=LEFT,
                       ratio=0.7)
            y += line_h
