"""The projected clock read from the back of the room: at every screen shape, with six-digit blinds, a thousand
players and 150 paid places, every line fits its own strip (no text cut off or drawn over another) and every
figure carries thousands separators."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from tournament_director.ui.projector.layout import players_text, projector_layout
from tournament_director.ui.projector.view import ProjectorView

SCREENS = [(1920, 1080), (1280, 720), (1024, 768), (1080, 1920)]

RUNNING = ProjectorView(
    tournament_name="Friday Night Hold'em", level_number=7, small_blind=400, big_blind=800, ante=800,
    big_blind_ante=True, remaining_seconds=754.2, running=True, next_label="500 / 1,000, BB ante 1,000",
    seconds_to_break=1954, players_left=45, entries=120, average_stack=53_333, prize_pool=12_000,
    payouts=((1, 4_000), (2, 2_500), (3, 1_600), (4, 1_200), (5, 1_000), (6, 900), (7, 800)),
)
DEEP_MAIN_EVENT = ProjectorView(
    tournament_name="The Grand Annual Championship of the Riverside Card Room — Main Event Day 1A",
    level_number=28, small_blind=250_000, big_blind=500_000, ante=500_000, big_blind_ante=True,
    remaining_seconds=754.2, running=True, next_label="300,000 / 600,000, BB ante 600,000", seconds_to_break=1954,
    players_left=1_043, entries=1_250, average_stack=1_198_466, prize_pool=1_187_500,
    payouts=tuple((place, 300_000 // place) for place in range(1, 150)),
    notice="Colour-up at the next break: the 5,000 chips leave play (TDA 24)",
)
COLOUR_UP_BREAK = ProjectorView(
    tournament_name="Friday Night Hold'em", remaining_seconds=600, running=True, on_break=True,
    break_name="Colour-up break", next_label="Level 8: 500 / 1,000, BB ante 1,000", players_left=38, entries=120,
    average_stack=63_157, prize_pool=12_000, payouts=((1, 4_000), (2, 2_500), (3, 1_600)),
    notice="Colour-up: the 25 chips leave play now (TDA 24)",
)
PAUSED = ProjectorView(**{**RUNNING.__dict__, "running": False})
COUNTDOWN = ProjectorView(**{**RUNNING.__dict__, "starts_in_seconds": 754.0, "running": False, "level_number": 1})
NAMES = [f"Player with a rather long name {i}" if i % 7 == 0 else f"Player {i}" for i in range(1, 121)]
NEWS = ProjectorView(**{**RUNNING.__dict__, "hand_for_hand": True, "final_table": True,
                        "chip_leader": ("Katarzyna Zielińska-Nowak", 1_234_567),
                        "knockouts": tuple((f"{n}th", name, "by Ana") for n, name in zip(range(9, 4, -1), NAMES))})
SEATING = ProjectorView(tournament_name="Friday", seating_chart=tuple((n, 1 + i % 12, 1 + i % 9)
                                                                     for i, n in enumerate(NAMES)), page=1)
MOVES = ProjectorView(**{**RUNNING.__dict__, "moves_title": "TABLE 12 BREAKS",
                         "moves": tuple((n, 12, i + 1, 1 + i, 9) for i, n in enumerate(NAMES[:9]))})
WINNER = ProjectorView(tournament_name="Friday", winner=("Sam <The Rock> O'Brien", 4_000),
                       results=tuple((f"{i}th", n, 100 if i < 10 else 0) for i, n in enumerate(NAMES, start=1)))
VIEWS = {"running": RUNNING, "deep": DEEP_MAIN_EVENT, "break": COLOUR_UP_BREAK, "paused": PAUSED,
         "countdown": COUNTDOWN, "news": NEWS, "seating": SEATING, "moves": MOVES, "winner": WINNER}


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", VIEWS)
def test_every_line_fits_its_own_strip_on_the_screen(qapp, screen, name) -> None:
    area = QRectF(0, 0, *screen)
    layout = projector_layout(area, VIEWS[name])
    for item in layout.texts:
        metrics = QFontMetricsF(item.font)
        assert metrics.horizontalAdvance(item.text) <= item.rect.width() + 0.5, f"{item.role} {item.text!r} cut off"
        ink = metrics.tightBoundingRect(item.text)
        assert ink.height() <= item.rect.height() + 0.5, f"{item.role} {item.text!r} taller than its strip"
        assert area.contains(item.rect), f"{item.role} off the screen"
    for a, b in itertools.combinations(layout.texts, 2):
        overlap = a.rect.intersected(b.rect)
        assert overlap.width() < 1 or overlap.height() < 1, f"{a.role} {a.text!r} drawn over {b.role} {b.text!r}"


def test_a_thousand_players_read_with_thousands_separators(qapp) -> None:
    assert players_text(DEEP_MAIN_EVENT) == "1,043 / 1,250"
    layout = projector_layout(QRectF(0, 0, 1920, 1080), DEEP_MAIN_EVENT)
    assert layout.text("stat:PLAYERS").text == "1,043 / 1,250"
    assert layout.text("stat:AVERAGE STACK").text == "1,198,466"
    assert layout.text("blinds").text == "250,000 / 500,000"
    assert layout.text("ante").text == "BB ante 500,000"


def test_a_long_payout_list_ends_with_the_count_of_places_not_shown(qapp) -> None:
    layout = projector_layout(QRectF(0, 0, 1920, 1080), DEEP_MAIN_EVENT)
    shown = [t for t in layout.texts if t.role.startswith("payout:")]
    more = layout.text("payouts-more")
    assert more is not None and more.text == f"… {149 - len(shown)} more places"
    assert len(shown) >= 10
    assert all(t.rect.bottom() <= more.rect.top() + 0.5 for t in shown)


def test_neighbouring_figures_share_one_size(qapp) -> None:
    """The bottom band's three figures and the payout amounts are set in one size, not each as large as fits."""
    layout = projector_layout(QRectF(0, 0, 1080, 1920), COLOUR_UP_BREAK)
    sizes = {t.font.pixelSize() for t in layout.texts if t.role.startswith("stat:")}
    assert len(sizes) == 1
    wide = projector_layout(QRectF(0, 0, 1920, 1080), DEEP_MAIN_EVENT)
    assert len({t.font.pixelSize() for t in wide.texts if t.role.startswith("payout:")}) == 1


def test_a_paused_clock_says_so_below_the_digits_not_over_them(qapp) -> None:
    layout = projector_layout(QRectF(0, 0, 1024, 768), PAUSED)
    paused, time = layout.text("paused"), layout.text("time")
    assert paused is not None and paused.text == "CLOCK PAUSED"
    assert paused.rect.top() >= time.rect.bottom() - 0.5
    assert time.font.pixelSize() >= 0.25 * 768


def test_a_long_seating_chart_turns_pages_with_every_name_in_one_size(qapp) -> None:
    layout = projector_layout(QRectF(0, 0, 1280, 720), SEATING)
    assert layout.text("seating-title").text.startswith("SEATING  2 / ")
    names = [t for t in layout.texts if t.role.startswith("seat-name:")]
    assert len(names) >= 20 and len({t.font.pixelSize() for t in names}) == 1
    assert min(t.rect.height() for t in names) >= 0.045 * 720   # legible from the back of the room


def test_the_winner_screen_names_the_winner_above_the_final_results(qapp) -> None:
    layout = projector_layout(QRectF(0, 0, 1920, 1080), WINNER)
    assert layout.text("winner").text == "Sam <The Rock> O'Brien" and layout.text("winner-prize").text == "4,000"
    assert layout.text("winner").font.pixelSize() > layout.text("result:0").font.pixelSize() * 2
    assert layout.text("time") is None
