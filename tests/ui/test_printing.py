"""Seat cards and move slips come out as real PDF files with one page per card."""

from __future__ import annotations

import re

from tournament_director.ui.printing import MoveSlip, SeatCard, move_slips_html, save_pdf, seat_cards_html


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_seat_cards_save_as_a_pdf_with_one_page_per_player(qapp, tmp_path) -> None:
    cards = [SeatCard("Ana <Ace> Smith", 3, 7, "Friday"), SeatCard("Ben", 1, 2, "Friday")]
    pdf = save_pdf(seat_cards_html(cards), tmp_path / "seats.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert _pages(pdf) == 2
    assert "&lt;Ace&gt;" in seat_cards_html(cards)


def test_move_slip_names_the_old_and_new_seat(qapp, tmp_path) -> None:
    slip = MoveSlip("Chloé", from_table=9, from_seat=4, to_table=2, to_seat=6, chips=31_500, tournament="Friday")
    text = move_slips_html([slip])
    assert "from table 9, seat 4" in text and "Table <b>2</b>" in text and "Seat <b>6</b>" in text
    assert "31,500" in text
    pdf = save_pdf(text, tmp_path / "move.pdf").read_bytes()
    assert _pages(pdf) == 1
