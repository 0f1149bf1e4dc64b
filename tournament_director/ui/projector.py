"""The projected clock: the screen the whole room reads.

A separate window, full-screen on the chosen screen (remembered in QSettings). When that screen is gone it falls
back to the first non-primary screen, then the primary one, and it follows screens being plugged in and out.
Everything is painted relative to the window size, so it scales to any resolution and aspect ratio. A QTimer only
repaints: the figures come from the services as a frozen ``ProjectorView``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QGuiApplication, QKeyEvent, QPainter, QScreen
from PySide6.QtWidgets import QWidget

from tournament_director.ui.projector_view import (
    ProjectorView,
    as_displayed,
    ante_text,
    blinds_text,
    countdown_text,
    format_chips,
    format_clock,
    view_from_session,
)

SCREEN_SETTING = "projector/screen"
REPAINT_INTERVAL_MS = 200

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    if n in ORDINALS:
        return ORDINALS[n]
    if 10 < n % 100 < 14 or n % 10 not in (1, 2, 3):
        return f"{n}th"
    return f"{n}{ORDINALS[n % 10][-2:]}"


def choose_screen(screens: Sequence[QScreen], primary: QScreen | None, wanted_name: str | None) -> QScreen | None:
    """The screen the projector belongs on: the remembered one if present, else the first non-primary, else primary."""
    if not screens:
        return None
    if wanted_name:
        for screen in screens:
            if screen.name() == wanted_name:
                return screen
    for screen in screens:
        if screen is not primary:
            return screen
    return primary if primary is not None else screens[0]


class Palette:
    """The dark theme by default: light text on near-black, one accent for the time, a warm one for breaks."""

    background = QColor("#0b0f14")
    panel = QColor("#151c25")
    text = QColor("#f2f4f7")
    dim = QColor("#9aa7b5")
    time = QColor("#ffffff")
    time_paused = QColor("#ffcc33")
    accent = QColor("#4fc3f7")
    break_background = QColor("#10261a")
    break_accent = QColor("#7ee2a8")
    warning = QColor("#ff7043")


class ProjectorWindow(QWidget):
    def __init__(self, session: Any = None, *, view_source: Callable[[], ProjectorView] | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Tournament clock")
        self.setObjectName("projector")
        self.setMinimumSize(320, 180)
        self._session = session
        self._view_source = view_source or (lambda: view_from_session(self._session))
        self._settings = settings if settings is not None else QSettings()
        self._view = ProjectorView(message="No tournament open")
        self.setCursor(Qt.CursorShape.BlankCursor)

        self._timer = QTimer(self)
        self._timer.setInterval(REPAINT_INTERVAL_MS)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()

        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self._screens_changed)
            app.screenRemoved.connect(self._screens_changed)

    # ----- the view ------------------------------------------------------------------------------------
    @property
    def view(self) -> ProjectorView:
        return self._view

    def set_view(self, view: ProjectorView) -> None:
        self._view = view
        self.update()

    def refresh(self) -> None:
        try:
            view = self._view_source()
        except Exception as error:  # the room's screen keeps going; the console shows the error
            view = ProjectorView(tournament_name=self._view.tournament_name, message=str(error))
        if as_displayed(view) != as_displayed(self._view):
            self.set_view(view)
        else:
            self._view = view

    # ----- screens -------------------------------------------------------------------------------------
    def remembered_screen_name(self) -> str | None:
        value = self._settings.value(SCREEN_SETTING)
        return str(value) if value else None

    def choose_screen_by_name(self, name: str) -> None:
        """The director picks a screen: remember it and move there."""
        self._settings.setValue(SCREEN_SETTING, name)
        self.place_on_screen()

    def target_screen(self) -> QScreen | None:
        return choose_screen(QGuiApplication.screens(), QGuiApplication.primaryScreen(),
                             self.remembered_screen_name())

    def place_on_screen(self) -> None:
        """Go full-screen on the chosen screen (or its fallback)."""
        screen = self.target_screen()
        if screen is None:
            return
        if self.isFullScreen():
            self.showNormal()
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()

    def _screens_changed(self, _screen: QScreen | None = None) -> None:
        if self.isVisible():
            # Let Qt finish moving windows off a removed screen before we place ours.
            QTimer.singleShot(0, self.place_on_screen)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        elif event.key() in (Qt.Key.Key_F, Qt.Key.Key_F11):
            self.place_on_screen()
        else:
            super().keyPressEvent(event)

    # ----- painting ------------------------------------------------------------------------------------
    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        paint_projector(painter, QRectF(self.rect()), self._view)
        painter.end()


def _fitted_font(text: str, rect: QRectF, *, bold: bool = True, family: str | None = None,
                 max_height_ratio: float = 0.82) -> QFont:
    """The largest font whose rendering of ``text`` fits inside ``rect``."""
    font = QFont(family) if family else QFont()
    font.setBold(bold)
    pixel = max(6, int(rect.height() * max_height_ratio))
    font.setPixelSize(pixel)
    width = QFontMetricsF(font).horizontalAdvance(text or " ")
    if width > rect.width() * 0.98 and width > 0:
        pixel = max(6, int(pixel * rect.width() * 0.98 / width))
        font.setPixelSize(pixel)
    return font


def _draw_text(painter: QPainter, rect: QRectF, text: str, colour: QColor, *, bold: bool = True,
               align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, family: str | None = None,
               ratio: float = 0.82) -> None:
    if not text:
        return
    painter.setFont(_fitted_font(text, rect, bold=bold, family=family, max_height_ratio=ratio))
    painter.setPen(colour)
    painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)


def paint_projector(painter: QPainter, area: QRectF, view: ProjectorView) -> None:
    """Paint the whole projector screen for ``view`` into ``area`` (any size, any aspect ratio)."""
    p = Palette
    painter.fillRect(area, p.break_background if view.on_break else p.background)
    w, h = area.width(), area.height()
    margin = min(w, h) * 0.025
    x0, y0 = area.left() + margin, area.top() + margin
    inner_w, inner_h = w - 2 * margin, h - 2 * margin

    wide = w / max(h, 1) >= 1.5
    side_w = inner_w * 0.24 if wide else 0.0
    main_w = inner_w - side_w - (margin if wide else 0)

    # Header: the tournament name.
    header = QRectF(x0, y0, inner_w, inner_h * 0.08)
    _draw_text(painter, header, view.tournament_name or "Tournament Director", p.dim, bold=False)

    countdown = countdown_text(view)
    if view.message and view.remaining_seconds is None:
        _draw_text(painter, QRectF(x0, y0 + inner_h * 0.3, inner_w, inner_h * 0.2), countdown or view.message,
                   p.text)
        return

    y = y0 + inner_h * 0.09
    counting_down = view.starts_in_seconds is not None and view.starts_in_seconds > 0
    # Level line (before the scheduled start: what the big digits count down to).
    level_rect = QRectF(x0, y, main_w, inner_h * 0.09)
    if countdown:
        _draw_text(painter, level_rect, "STARTS IN" if counting_down else countdown.upper(), p.accent)
    elif view.on_break:
        _draw_text(painter, level_rect, view.break_name.upper(), p.break_accent)
    elif view.level_number is not None:
        _draw_text(painter, level_rect, f"LEVEL {view.level_number}", p.accent)
    y += inner_h * 0.09

    # The remaining time: the largest thing on the screen (about 40% of the height).
    time_rect = QRectF(x0, y, main_w, inner_h * 0.40)
    if counting_down:
        _draw_text(painter, time_rect, format_clock(view.starts_in_seconds), p.time, ratio=0.95)
    else:
        time_colour = p.time if view.running else p.time_paused
        if view.running and view.remaining_seconds is not None and view.remaining_seconds <= 60 and not view.on_break:
            time_colour = p.warning
        _draw_text(painter, time_rect, format_clock(view.remaining_seconds), time_colour, ratio=0.95)
    if not view.running and view.remaining_seconds is not None and not countdown:
        # Paused (also after a crash until the director chooses how the clock goes on): say so plainly.
        paused_rect = QRectF(x0, y + inner_h * 0.40 - inner_h * 0.06, main_w, inner_h * 0.06)
        _draw_text(painter, paused_rect, "CLOCK PAUSED", p.time_paused)
    y += inner_h * 0.41

    # Blinds and ante (during a break: what comes next).
    if view.on_break:
        _draw_text(painter, QRectF(x0, y, main_w, inner_h * 0.11), f"Next: {view.next_label}" if view.next_label
                   else "", p.text)
        y += inner_h * 0.12
    else:
        _draw_text(painter, QRectF(x0, y, main_w, inner_h * 0.13), blinds_text(view), p.text)
        y += inner_h * 0.13
        _draw_text(painter, QRectF(x0, y, main_w, inner_h * 0.07), ante_text(view), p.text, bold=False)
        y += inner_h * 0.075

    # Next level and time to the break.
    info_parts = []
    if view.next_label and not view.on_break:
        info_parts.append(f"Next: {view.next_label}")
    if view.seconds_to_break is not None and not view.on_break:
        info_parts.append(f"Break in {format_clock(view.seconds_to_break)}")
    _draw_text(painter, QRectF(x0, y, main_w, inner_h * 0.06), "     ".join(info_parts), p.dim, bold=False)
    y += inner_h * 0.065

    # Notice (colour-up): a coloured band.
    if view.notice:
        band = QRectF(x0, y, main_w, inner_h * 0.055)
        painter.fillRect(band, p.panel)
        _draw_text(painter, band, view.notice, p.warning, ratio=0.7)
    y = max(y + inner_h * 0.06, y0 + inner_h * 0.84)

    # Bottom band: players, average stack, prize pool.
    stats = [
        ("PLAYERS", f"{view.players_left if view.players_left is not None else '–'}"
                    f" / {view.entries if view.entries is not None else '–'}"),
        ("AVERAGE STACK", format_chips(view.average_stack)),
        ("PRIZE POOL", format_chips(view.prize_pool)),
    ]
    band_h = y0 + inner_h - y
    cell_w = main_w / len(stats)
    for i, (label, value) in enumerate(stats):
        cell = QRectF(x0 + i * cell_w + margin * 0.2, y, cell_w - margin * 0.4, band_h)
        painter.fillRect(cell, p.panel)
        _draw_text(painter, QRectF(cell.left(), cell.top(), cell.width(), band_h * 0.35), label, p.dim, bold=False)
        _draw_text(painter, QRectF(cell.left(), cell.top() + band_h * 0.3, cell.width(), band_h * 0.65), value,
                   p.text)

    # Payouts: a side column on wide screens, else folded into the prize-pool cell's line above the band.
    payouts = list(view.payouts)
    if wide:
        side = QRectF(x0 + main_w + margin, y0 + inner_h * 0.09, side_w, inner_h * 0.91)
        painter.fillRect(side, p.panel)
        _draw_text(painter, QRectF(side.left(), side.top(), side.width(), inner_h * 0.06), "PAYOUTS", p.dim,
                   bold=False)
        rows = payouts[:15] if payouts else []
        if not rows:
            _draw_text(painter, QRectF(side.left(), side.top() + inner_h * 0.07, side.width(), inner_h * 0.05),
                       "to be announced", p.dim, bold=False)
        row_h = min(inner_h * 0.055, (side.height() - inner_h * 0.07) / max(len(rows), 1))
        for i, (place, amount) in enumerate(rows):
            r = QRectF(side.left() + side_w * 0.06, side.top() + inner_h * 0.07 + i * row_h, side_w * 0.88, row_h)
            _draw_text(painter, QRectF(r.left(), r.top(), r.width() * 0.35, r.height()), ordinal(place), p.dim,
                       bold=False, align=Qt.AlignmentFlag.AlignLeft)
            _draw_text(painter, QRectF(r.left() + r.width() * 0.35, r.top(), r.width() * 0.65, r.height()),
                       format_chips(amount), p.text, align=Qt.AlignmentFlag.AlignRight)
        if len(payouts) > len(rows):
            _draw_text(painter, QRectF(side.left(), side.bottom() - row_h, side.width(), row_h),
                       f"… {len(payouts) - len(rows)} more places", p.dim, bold=False)
    elif payouts:
        line = "   ".join(f"{ordinal(pl)} {format_chips(am)}" for pl, am in payouts[:6])
        _draw_text(painter, QRectF(x0, y - inner_h * 0.05, main_w, inner_h * 0.045), line, p.dim, bold=False)
