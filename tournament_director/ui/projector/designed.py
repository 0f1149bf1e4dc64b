"""The projector drawing a screen layout (services/screen_layouts.py): each cell of the room's design in its place
on the grid, its token's text (services/screen_tokens.py, the same words the TV page shows) in the cell's font, size,
colour and alignment, over its background; a list one line a row. The layout changes for a break, the final table
and the end (its overrides); the house rules take the screen as a page of their own when due.

The special screens stay the projector's own: the seating chart after the draw (unless the layout has a seating
chart cell) and the winner when the layout says nothing for the end. While a table breaks, the payouts' cell says
who moves where under the moves' title.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import segno
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from tournament_director.resources import resource_path
from tournament_director.services.screen_layouts import LIST_TOKENS, Cell, ScreenLayout, rules_page, rules_page_due
from tournament_director.services.screen_tokens import cell_texts, figures_of, token_texts
from tournament_director.ui.projector.drawing import Palette, Panel, ProjectorLayout
from tournament_director.ui.projector.screens import seating_screen, winner_screen
from tournament_director.ui.projector.view import ProjectorView

ALIGN = {"left": Qt.AlignmentFlag.AlignLeft, "center": Qt.AlignmentFlag.AlignHCenter,
         "right": Qt.AlignmentFlag.AlignRight}
LABEL_SHARE = 0.3       # a caption takes at most this share of its cell's height
LIST_LINES_PER_ROW = 2  # a list cell holds two lines a grid row unless it says how many
FIT_SHARE = 0.75       # a text drawn smaller than this share of its cell's size does not fit (the editor says so)
MARGIN_SHARE = 0.02     # the screen's edge kept clear, as a share of its smaller side
PLACE_TOKENS = frozenset({"payouts", "knockouts", "results"})  # lines that start with a place, shown dimmer
AMOUNT_TOKENS = frozenset({"payouts", "biggest_bounties"})     # lines that end with an amount, set flush right
PictureSource = Callable[[Cell, ScreenLayout], QImage | None]


@dataclass
class PlacedPicture:
    role: str
    rect: QRectF
    image: QImage


@dataclass
class DesignedScreen(ProjectorLayout):
    """A ProjectorLayout with pictures, and for each cell the rectangle it has (tests and the editor read them)."""

    pictures: list[PlacedPicture] = field(default_factory=list)
    cell_rects: dict[str, QRectF] = field(default_factory=dict)
    background_picture: QImage | None = None
    shortfalls: dict[str, str] = field(default_factory=dict)   # cell -> why its text does not fit at its size


def modes_of(view: ProjectorView) -> list[str]:
    """The moments whose overrides apply: the end alone once there is a winner (the clock may still be on a break)."""
    if view.winner is not None:
        return ["end"]
    modes = []
    if view.final_table:
        modes.append("final_table")
    if view.on_break:
        modes.append("break")
    return modes


def layout_for_view(layout: ScreenLayout, view: ProjectorView, now_seconds: float) -> ScreenLayout:
    """The layout as it shows for ``view`` now: its overrides applied, or the house rules page when it is due."""
    shown = layout.for_modes(modes_of(view))
    if view.winner is None and not view.seating_chart and rules_page_due(shown, now_seconds):
        return rules_page(shown)
    return shown


def cell_rect(area: QRectF, layout: ScreenLayout, cell: Cell) -> QRectF:
    cw, ch = area.width() / layout.columns, area.height() / layout.rows
    return QRectF(area.left() + cell.x * cw, area.top() + cell.y * ch, cell.w * cw, cell.h * ch)


def designed_screen(area: QRectF, view: ProjectorView, layout: ScreenLayout, *, now_seconds: float = 0.0,
                    picture: PictureSource | None = None) -> DesignedScreen:
    """Lay ``layout`` out in ``area`` for ``view``: every shown cell's rectangle, texts and pictures."""
    shown = layout_for_view(layout, view, now_seconds)
    screen = DesignedScreen(QColor(shown.background))
    palette = _palette(shown)
    if view.winner is not None and not layout.overrides.get("end"):
        winner_screen(screen, area, view, palette)
        return screen
    if view.seating_chart and not any(c.token == "seating_chart" for c in shown.cells):
        seating_screen(screen, area, view, Palette, view.page)
        screen.background = Palette.background
        return screen
    if picture is not None and shown.background_image:
        screen.background_picture = picture(Cell("background", "image", 0, 0, 1, 1, image=shown.background_image),
                                            shown)
    figures = figures_of(view)
    texts = token_texts(figures, shown)
    words = cell_texts(shown, texts)
    margin = min(area.width(), area.height()) * MARGIN_SHARE
    inner = area.adjusted(margin, margin, -margin, -margin)
    gap = margin * 0.35
    for cell in shown.cells:
        if cell.hidden:
            continue
        rect = cell_rect(inner, shown, cell)
        if cell.background:  # panels side by side keep a narrow gap between them
            rect = rect.adjusted(gap, gap, -gap, -gap)
        screen.cell_rects[cell.id] = rect
        if cell.token == "payouts" and view.moves:  # who moves where, in the payouts' place, under its title
            cell = replace(cell, label=view.moves_title or "MOVES")
        if cell.token in ("image", "logo", "qr"):
            image = picture(cell, shown) if picture is not None else None
            if image is None or image.isNull():
                continue  # the QR code while the room display is off: the cell stays empty
            if cell.background:
                screen.panels.append(Panel(rect, QColor(cell.background)))
            box = rect
            if cell.label:
                box = draw_cell(screen, rect, cell, "", shown)
            screen.pictures.append(PlacedPicture(f"cell:{cell.id}", _fitted_picture(box, image, cell), image))
            continue
        if cell.background and (words.get(cell.id) or cell.label):  # an empty band is not shown
            screen.panels.append(Panel(rect, QColor(cell.background)))
        draw_cell(screen, rect, cell, words.get(cell.id, ""), shown)
    return screen


def _palette(layout: ScreenLayout) -> type[Palette]:
    """The projector's palette in the layout's colours, for the panels it keeps (the moves, the winner)."""
    clock = next((c for c in layout.cells if c.token == "clock"), None)
    base = QColor(layout.background)
    lighter_panel = base.lighter(140) if base.lightness() < 128 else base.darker(110)

    class LayoutPalette(Palette):
        background = base
        panel = lighter_panel
        text = QColor(clock.colour if clock else "#f2f4f7")
        time = QColor(clock.colour if clock else "#ffffff")
        dim = QColor(layout.label_colour)
        accent = QColor(layout.accent)

    return LayoutPalette


def _fitted_picture(rect: QRectF, image: QImage, cell: Cell) -> QRectF:
    pad = min(rect.width(), rect.height()) * 0.05
    box = rect.adjusted(pad, pad, -pad, -pad)
    scale = min(box.width() / max(1, image.width()), box.height() / max(1, image.height()))
    w, h = image.width() * scale, image.height() * scale
    x = {"left": box.left(), "right": box.right() - w}.get(cell.align, box.center().x() - w / 2)
    return QRectF(x, box.center().y() - h / 2, w, h)


def _font(layout: ScreenLayout, pixels: float, bold: bool) -> QFont:
    font = QFont(layout.font) if layout.font else QFont()
    font.setBold(bold)
    font.setPixelSize(max(6, int(pixels)))
    return font


def _shrunk(font: QFont, texts: list[str], width: float) -> tuple[QFont, float]:
    """``font`` made small enough for the widest of ``texts`` in ``width``; and the share of its size kept."""
    metrics = QFontMetricsF(font)
    widest = max((metrics.horizontalAdvance(t) for t in texts if t), default=0.0)
    if widest <= width * 0.98 or widest <= 0:
        return font, 1.0
    share = width * 0.98 / widest
    smaller = QFont(font)
    smaller.setPixelSize(max(6, int(font.pixelSize() * share)))
    return smaller, share


def draw_cell(screen: DesignedScreen, rect: QRectF, cell: Cell, text: str, layout: ScreenLayout) -> QRectF:
    """A cell's caption and text (a list or several lines one a row) in ``rect``; the rectangle under the caption."""
    pad_x = min(rect.width() * 0.04, rect.height() * 0.25)
    body = rect.adjusted(pad_x, 0, -pad_x, 0)
    if cell.label:
        label_h = min(rect.height() * LABEL_SHARE, rect.height() / max(1, cell.h) * 0.55)
        label_rect = QRectF(body.left(), body.top() + label_h * 0.1, body.width(), label_h * 0.9)
        font, _ = _shrunk(_font(layout, label_h * 0.62, False), [cell.label], label_rect.width())
        screen.add(f"label:{cell.id}", label_rect, cell.label, QColor(layout.label_colour),
                   align=ALIGN[cell.align], font=font)
        body = QRectF(body.left(), body.top() + label_h, body.width(), body.height() - label_h)
    if not text:
        return body
    colour = QColor(cell.colour)
    if cell.token == "clock" and _last_minute(text):
        colour = QColor(layout.accent)
    if cell.token in LIST_TOKENS or "\n" in text:
        _draw_lines(screen, body, cell, text, layout, colour)
        return body
    font, share = _shrunk(_font(layout, body.height() * cell.size, cell.bold), [text], body.width())
    if share < FIT_SHARE:
        screen.shortfalls[cell.id] = f"{text!r} is drawn at {share:.0%} of the cell's size"
    screen.add(f"cell:{cell.id}", body, text, colour, align=ALIGN[cell.align], font=font)
    return body


def _last_minute(text: str) -> bool:
    return text.startswith("00:") and text != "00:00" or text == "01:00"


def _draw_lines(screen: DesignedScreen, body: QRectF, cell: Cell, text: str, layout: ScreenLayout,
                colour: QColor) -> None:
    rows = cell.rows or max(1, cell.h * LIST_LINES_PER_ROW)
    line_h = body.height() / rows
    font = _font(layout, line_h * cell.size, cell.bold)
    lines = _wrapped(text, font, body.width()) if cell.token in ("rules", "text") else text.split("\n")
    if len(lines) > rows:
        if cell.token in ("rules", "text"):  # a list ends with "… n more" by design; the house rules must all show
            screen.shortfalls[cell.id] = f"{len(lines)} lines, {rows} fit: {len(lines) - rows + 1} are left out"
        lines = lines[:rows - 1] + [f"… {len(lines) - rows + 1} more"]
    split = cell.align != "center" and cell.token not in ("rules", "text")
    pairs = [line.split("  ", 1) if split and "  " in line and not line.startswith("… ") else [line]
             for line in lines]
    two = [p for p in pairs if len(p) > 1]
    flush_right = cell.token in AMOUNT_TOKENS
    left_w = body.width() * (0.62 if flush_right else 0.26)
    left_font, share = _shrunk(font, [p[0] for p in two] if two else lines, left_w if two else body.width())
    right_font, right_share = _shrunk(font, [p[1] for p in two], body.width() - left_w - line_h * 0.3)
    if right_font.pixelSize() < left_font.pixelSize():  # one size for the whole list, as the TV page sets it
        left_font = right_font
    right_font = left_font
    if min(share, right_share) < FIT_SHARE:
        screen.shortfalls.setdefault(cell.id, f"its lines are drawn at {min(share, right_share):.0%} of its size")
    align = ALIGN[cell.align]
    dim = QColor(layout.label_colour)
    for i, parts in enumerate(pairs):
        line_rect = QRectF(body.left(), body.top() + i * line_h, body.width(), line_h)
        if len(parts) == 1:
            more = parts[0].startswith("… ") and i == len(pairs) - 1 and len(pairs) == rows
            screen.add(f"cell:{cell.id}:{i}", line_rect, parts[0], dim if more else colour, align=align,
                       font=left_font)
            continue
        a_place = cell.token in PLACE_TOKENS and not parts[1].startswith("→")  # a move starts with the name
        screen.add(f"cell:{cell.id}:{i}", line_rect, parts[0], dim if a_place else colour,
                   align=Qt.AlignmentFlag.AlignLeft, font=left_font)
        right_rect = line_rect if flush_right else line_rect.adjusted(left_w, 0, 0, 0)
        screen.add(f"cell:{cell.id}:{i}:right", right_rect, parts[1].strip(), colour,
                   align=Qt.AlignmentFlag.AlignRight if flush_right else Qt.AlignmentFlag.AlignLeft,
                   font=right_font)


def _wrapped(text: str, font: QFont, width: float) -> list[str]:
    """Paragraphs broken into lines of at most ``width`` at ``font`` (a word longer than the line stays whole)."""
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and metrics.horizontalAdvance(candidate) > width * 0.98:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def paint_designed(painter: QPainter, area: QRectF, screen: DesignedScreen) -> None:
    painter.fillRect(area, screen.background)
    if screen.background_picture is not None and not screen.background_picture.isNull():
        painter.drawImage(area, screen.background_picture)
    radius = min(area.width(), area.height()) * 0.012
    painter.setPen(Qt.PenStyle.NoPen)
    for panel in screen.panels:
        painter.setBrush(panel.colour)
        painter.drawRoundedRect(panel.rect, radius, radius)
    for picture in screen.pictures:
        painter.drawImage(picture.rect, picture.image)
    for item in screen.texts:
        painter.setFont(item.font)
        painter.setPen(item.colour)
        painter.drawText(item.rect, int(item.align | Qt.AlignmentFlag.AlignVCenter), item.text)


class Pictures:
    """The pictures a layout shows, read once each (a file again when it changes): images, the logo, and the QR code
    of the room display's phone page (``room_address``; none while the room display is off)."""

    def __init__(self) -> None:
        self.room_address = ""
        self._files: dict[str, tuple[float, QImage]] = {}
        self._qr: tuple[str, QImage] | None = None

    def __call__(self, cell: Cell, layout: ScreenLayout) -> QImage | None:
        if cell.token == "qr":
            return self._qr_image()
        name = layout.logo if cell.token == "logo" else cell.image
        if cell.token == "logo" and not name:
            return self._file(str(resource_path("icons", "tournament-director-256.png")))
        path = layout.picture_path(name)
        return self._file(str(path)) if path is not None else None

    def _file(self, path: str) -> QImage | None:
        try:
            stamp = os.stat(path).st_mtime
        except OSError:
            return None
        known = self._files.get(path)
        if known is None or known[0] != stamp:
            known = (stamp, QImage(path))
            self._files[path] = known
        return known[1]

    def _qr_image(self) -> QImage | None:
        if not self.room_address:
            return None
        if self._qr is None or self._qr[0] != self.room_address:
            buffer = io.BytesIO()
            segno.make(self.room_address, error="m").save(buffer, kind="png", scale=8, border=2)
            self._qr = (self.room_address, QImage.fromData(buffer.getvalue()))  # a PNG, read from its header
        return self._qr[1]
