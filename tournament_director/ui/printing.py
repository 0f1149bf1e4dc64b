"""Seat cards and move slips: printed with QPrinter, or saved as PDF through QPrinter's PDF output."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QTextDocument
from PySide6.QtPrintSupport import QPrinter


_BREAK = " style='page-break-before:always'"


@dataclass(frozen=True)
class SeatCard:
    name: str
    table: int
    seat: int
    tournament: str = ""


@dataclass(frozen=True)
class MoveSlip:
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    chips: int | None = None
    tournament: str = ""


# Each card is a page: the tournament small, the player's name as large as fits the card's width, the table and
# the seat in letters a player reads from a step away (46 pt: "Table 12" fits an A6 card's width).
_WIDTH_PT = 250        # an A6 card's width inside its 8 mm margins
_BOLD_EM = 0.72        # the width of a wide bold letter, in ems


def _fitted(text: str, largest: int, smallest: int = 12) -> int:
    """The font size (pt) at which the longest word of ``text`` fits the card's width, at most ``largest``."""
    longest = max((len(word) for word in text.split()), default=1)
    return max(smallest, min(largest, int(_WIDTH_PT / (_BOLD_EM * longest))))


def seat_cards_html(cards: Sequence[SeatCard]) -> str:
    e = html.escape
    pages = [
        f"<div{_BREAK if i else ''}><p style='font-size:13pt'>{e(c.tournament)}</p>"
        f"<p style='font-size:{_fitted(c.name, 30)}pt'><b>{e(c.name)}</b></p>"
        f"<p style='font-size:46pt'>Table <b>{c.table}</b></p>"
        f"<p style='font-size:46pt'>Seat <b>{c.seat}</b></p></div>"
        for i, c in enumerate(cards)
    ]
    return "<html><body>" + "".join(pages) + "</body></html>"


def move_slips_html(slips: Sequence[MoveSlip]) -> str:
    e = html.escape
    pages = []
    for i, s in enumerate(slips):
        chips = f"<p style='font-size:14pt'>Chips: {s.chips:,}</p>" if s.chips is not None else ""
        pages.append(
            f"<div{_BREAK if i else ''}><p style='font-size:13pt'>{e(s.tournament)} — player move</p>"
            f"<p style='font-size:{_fitted(s.name, 26)}pt'><b>{e(s.name)}</b></p>"
            f"<p style='font-size:14pt'>from table {s.from_table}, seat {s.from_seat}</p>"
            f"<p style='font-size:34pt'>to Table <b>{s.to_table}</b></p>"
            f"<p style='font-size:34pt'>Seat <b>{s.to_seat}</b></p>{chips}</div>"
        )
    return "<html><body>" + "".join(pages) + "</body></html>"


def print_html(document_html: str, printer: QPrinter) -> None:
    document = QTextDocument()
    document.setHtml(document_html)
    document.print_(printer)


def print_cards(document_html: str, printer: QPrinter) -> None:
    """Seat cards or move slips, one a page, laid out on the printer's whole page inside its margins: no margins
    of the document's own and no page numbers (QTextDocument adds both to a document without a page size)."""
    document = QTextDocument()
    document.setDocumentMargin(0)
    document.setHtml(document_html)
    screen = QGuiApplication.primaryScreen()
    dpi = screen.logicalDotsPerInch() if screen is not None else 96.0   # the dpi the document is laid out at
    page = printer.pageRect(QPrinter.Unit.Inch)
    document.setPageSize(QSizeF(page.width() * dpi, page.height() * dpi))
    document.print_(printer)


def save_pdf(document_html: str, path: Path) -> Path:
    """Render the document into a PDF file (A6-sized cards a dealer can hand to a player); OSError naming the
    file when it cannot be written (QPrinter itself only warns on the terminal)."""
    path = Path(path)
    try:
        path.open("wb").close()
    except OSError as problem:
        raise OSError(f"{path} cannot be written: {problem.strerror or problem}") from None
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A6))
    printer.setPageMargins(QMarginsF(8, 8, 8, 8), QPageLayout.Unit.Millimeter)
    printer.setOutputFileName(str(path))
    print_cards(document_html, printer)
    if not path.stat().st_size:
        raise OSError(f"{path} could not be written")
    return path
