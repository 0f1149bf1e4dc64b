"""The drawing of Tools > Screen layouts: a layout painted at 16:9 as the projector paints it
(ui/projector/designed.py), at the moment chosen (a level, a break, the final table, the end), its cells picked,
dragged and resized on the grid with the mouse, or with Tab, the arrows and Shift+arrows; and the busy sample night
it shows when no clock runs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QWidget

from tournament_director.services.screen_layouts import Cell, ScreenLayout
from tournament_director.ui.projector.designed import (
    MARGIN_SHARE, DesignedScreen, Pictures, cell_rect, designed_screen, modes_of, paint_designed,
)
from tournament_director.ui.projector.view import ProjectorView

SAMPLE = ProjectorView(
    tournament_name="Saturday Deep Stack Championship", level_number=14, small_blind=25_000, big_blind=50_000,
    ante=50_000, big_blind_ante=True, remaining_seconds=1_234, running=True,
    next_label="30,000 / 60,000, BB ante 60,000", seconds_to_break=2_400, players_left=1_043, entries=1_250,
    average_stack=359_540, prize_pool=1_187_500, payouts=tuple((p, 250_000 // p) for p in range(1, 21)),
    chip_leader=("Katarzyna Nowak", 2_412_000), chips_in_play=375_000_000, tables_left=116,
    knockouts=(("1044th", "Bernard Okafor", "by Ann Lee"), ("1045th", "Chloé Martin", "by Tom Wu"),
               ("1046th", "Dmitri Volkov", "")),
    bounties_in_play=62_500, biggest_heads=(("Katarzyna Nowak", 1_500), ("Tomasz Zieliński", 1_250),
                                            ("Grace O'Malley", 900)),
    notice="Colour-up at the next break: the 1,000 chips come off (TDA 24)")


MOMENTS = (("during a level", ""), ("on a break", "break"), ("at the final table", "final_table"),
           ("at the end", "end"))


def at_moment(view: ProjectorView, moment: str) -> ProjectorView:
    """``view`` as the screen shows it at ``moment`` (the layout's overrides for it apply)."""
    if moment == "break":
        return replace(view, on_break=True, break_name="Break", final_table=False, winner=None)
    if moment == "final_table":
        return replace(view, on_break=False, final_table=True, winner=None)
    if moment == "end":
        results = view.results or tuple((f"{p}{'st' if p == 1 else 'nd' if p == 2 else 'rd' if p == 3 else 'th'}",
                                         name, amount) for p, (name, amount) in
                                        enumerate((("Katarzyna Nowak", 250_000), ("Tomasz Zieliński", 125_000),
                                                   ("Grace O'Malley", 83_333)), start=1))
        return replace(view, winner=view.winner or (results[0][1], results[0][2]), results=results, on_break=False)
    return replace(view, on_break=False, final_table=False, winner=None)


class LayoutCanvas(QWidget):
    """The layout drawn at 16:9 as the projector draws it; a cell picked, dragged and resized on its grid."""

    picked = Signal(str)                 # a cell's name ("" for none)
    moved = Signal(str, int, int, int, int)  # a cell's new x, y, w, h (once the drag ends)

    HANDLE = 12  # pixels of the corner that resizes

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(480, 270)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Screen layout: Tab picks a cell, arrows move it, Shift+arrows resize it")
        self.layout_doc: ScreenLayout | None = None
        self.view = SAMPLE
        self.pictures = Pictures()
        self.selected = ""
        self.drawn_screen: DesignedScreen | None = None
        self._drag: tuple[str, QPointF, Cell] | None = None  # ("move" or "size", where it began, the cell then)
        self._ghost: Cell | None = None

    def area(self) -> QRectF:
        """The 16:9 screen inside the widget."""
        w, h = self.width(), self.height()
        if w * 9 > h * 16:
            sw, sh = h * 16 / 9, float(h)
        else:
            sw, sh = float(w), w * 9 / 16
        return QRectF((w - sw) / 2, (h - sh) / 2, sw, sh)

    def inner(self) -> QRectF:
        area = self.area()
        margin = min(area.width(), area.height()) * MARGIN_SHARE
        return area.adjusted(margin, margin, -margin, -margin)

    def show_layout(self, layout: ScreenLayout | None, view: ProjectorView) -> None:
        self.layout_doc, self.view = layout, view
        if layout is not None and self.selected and layout.cell(self.selected) is None:
            self.selected = ""
        self.update()

    def shown_cells(self) -> list[Cell]:
        """The cells the screen shows at the moment previewed (a cell hidden then cannot be picked)."""
        if self.layout_doc is None:
            return []
        shown = {c.id: c for c in self.layout_doc.for_modes(modes_of(self.view)).cells}
        return [c for c in self.layout_doc.cells if not shown[c.id].hidden]

    def cell_at(self, point: QPointF) -> Cell | None:
        doc = self.layout_doc
        for cell in reversed(self.shown_cells()):  # the last drawn is on top
            if doc is not None and cell_rect(self.inner(), doc, cell).contains(point):
                return cell
        return None

    def grid_step(self) -> tuple[float, float]:
        inner = self.inner()
        return inner.width() / self.layout_doc.columns, inner.height() / self.layout_doc.rows

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#2b2f36"))
        if self.layout_doc is None:
            painter.end()
            return
        area = self.area()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shown = self.layout_doc
        if self._ghost is not None:
            shown = replace(shown, cells=tuple(self._ghost if c.id == self._ghost.id else c for c in shown.cells))
        self.drawn_screen = designed_screen(area, self.view, shown, picture=self.pictures)
        painter.save()
        painter.setClipRect(area)
        paint_designed(painter, area, self.drawn_screen)
        painter.restore()
        inner = self.inner()
        grid_pen = QPen(QColor(255, 255, 255, 28))
        painter.setPen(grid_pen)
        cw, ch = self.grid_step()
        for i in range(1, shown.columns):
            x = inner.left() + i * cw
            painter.drawLine(QPointF(x, inner.top()), QPointF(x, inner.bottom()))
        for i in range(1, shown.rows):
            y = inner.top() + i * ch
            painter.drawLine(QPointF(inner.left(), y), QPointF(inner.right(), y))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        visible = {c.id for c in self.shown_cells()}
        for cell in (c for c in shown.cells if c.id in visible):
            rect = cell_rect(inner, shown, cell)
            if cell.id == self.selected:
                painter.setPen(QPen(QColor("#ffca28"), 3))
                painter.drawRect(rect.adjusted(1, 1, -1, -1))
                painter.fillRect(QRectF(rect.right() - self.HANDLE, rect.bottom() - self.HANDLE, self.HANDLE,
                                        self.HANDLE), QColor("#ffca28"))
            else:
                painter.setPen(QPen(QColor(255, 255, 255, 70), 1, Qt.PenStyle.DashLine))
                painter.drawRect(rect)
        painter.end()

    # ----- the mouse: pick, drag, resize by the corner ------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.setFocus()
        cell = self.cell_at(event.position())
        self.selected = cell.id if cell is not None else ""
        self.picked.emit(self.selected)
        if cell is not None and self.layout_doc is not None:
            rect = cell_rect(self.inner(), self.layout_doc, cell)
            corner = rect.bottomRight() - event.position()
            kind = "size" if 0 <= corner.x() <= self.HANDLE * 1.5 and 0 <= corner.y() <= self.HANDLE * 1.5 else "move"
            self._drag = (kind, event.position(), cell)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._drag is None:
            return
        kind, start, cell = self._drag
        cw, ch = self.grid_step()
        dx = round((event.position().x() - start.x()) / cw)
        dy = round((event.position().y() - start.y()) / ch)
        columns, rows = self.layout_doc.columns, self.layout_doc.rows
        if kind == "move":
            x = min(max(0, cell.x + dx), columns - cell.w)
            y = min(max(0, cell.y + dy), rows - cell.h)
            self._ghost = replace(cell, x=x, y=y)
        else:
            self._ghost = replace(cell, w=min(max(1, cell.w + dx), columns - cell.x),
                                  h=min(max(1, cell.h + dy), rows - cell.y))
        self.update()

    def mouseReleaseEvent(self, _event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        ghost, self._ghost, drag, self._drag = self._ghost, None, self._drag, None
        if ghost is not None and drag is not None and ghost != drag[2]:
            self.moved.emit(ghost.id, ghost.x, ghost.y, ghost.w, ghost.h)
        self.update()

    # ----- the keyboard: Tab picks, arrows move, Shift+arrows resize -----------------------------------------------
    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 - Qt override
        if self.layout_doc is None or not self.layout_doc.cells or not self.hasFocus():
            return super().focusNextPrevChild(forward)
        ids = [c.id for c in self.shown_cells()]
        at = ids.index(self.selected) if self.selected in ids else -1
        following = at + (1 if forward else -1)
        if not 0 <= following < len(ids):  # past the last cell: on to the side panel
            return super().focusNextPrevChild(forward)
        self.selected = ids[following]
        self.picked.emit(self.selected)
        self.update()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        cell = self.layout_doc.cell(self.selected) if self.layout_doc is not None and self.selected else None
        if cell is None or event.key() not in steps:
            super().keyPressEvent(event)
            return
        dx, dy = steps[Qt.Key(event.key())]
        columns, rows = self.layout_doc.columns, self.layout_doc.rows
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            moved = replace(cell, w=min(max(1, cell.w + dx), columns - cell.x),
                            h=min(max(1, cell.h + dy), rows - cell.y))
        else:
            moved = replace(cell, x=min(max(0, cell.x + dx), columns - cell.w),
                            y=min(max(0, cell.y + dy), rows - cell.h))
        if moved != cell:
            self.moved.emit(moved.id, moved.x, moved.y, moved.w, moved.h)
