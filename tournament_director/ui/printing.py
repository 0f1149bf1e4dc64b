"""Seat cards and move slips: printed with QPrinter, or saved as PDF through QPrinter's PDF output."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QPageSize, QTextDocument
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


def seat_cards_html(cards: Sequence[SeatCard]) -> str:
    e = html.escape
    pages = [
        f"<div{_BREAK if i else ''}><p style='font-size:14pt'>{e(c.tournament)}</p>"
        f"<p style='font-size:28pt'><b>{e(c.name)}</b></p>"
        f"<p style='font-size:40pt'>Table <b>{c.table}</b> &nbsp; Seat <b>{c.seat}</b></p></div>"
        for i, c in enumerate(cards)
    ]
    return "<html><body>" + "".join(pages) + "</body></html>"


def move_slips_html(slips: Sequence[MoveSlip]) -> str:
    e = html.escape
    pages = []
    for i, s in enumerate(slips):
        chips = f"<p style='font-size:14pt'>Chips: {s.chips:,}</p>" if s.chips is not None else ""
        pages.append(
            f"<div{_BREAK if i else ''}><p style='font-size:14pt'>{e(s.tournament)} — player move</p>"
            f"<p style='font-size:22pt'><b>{e(s.name)}</b></p>"
            f"<p style='font-size:14pt'>from table {s.from_table}, seat {s.from_seat}</p>"
            f"<p style='font-size:26pt'>to Table <b>{s.to_table}</b> &nbsp; Seat <b>{s.to_seat}</b></p>{chips}</div>"
        )
    return "<html><body>" + "".join(pages) + "</body></html>"


def print_html(document_html: str, printer: QPrinter) -> None:
    document = QTextDocument()
    document.setHtml(document_html)
    document.print_(printer)


def save_pdf(document_html: str, path: Path) -> Path:
    """Render the document into a PDF file (A6-sized cards a dealer can hand to a player)."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A6))
    printer.setOutputFileName(str(path))
    print_html(document_html, printer)
    return Path(path)
