"""The projector of a bounty tournament read from the back of the room: at every screen shape the bounties in play
join the figures at the foot and the biggest bounties have a panel of their own in the side column (a line of their
own on a screen too narrow for it), every text in its own strip, nothing cut off or drawn over another, whatever
the names and amounts; a tournament without bounties shows none of it."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from tournament_director.ui.projector.layout import projector_layout
from tournament_director.ui.projector.view import ProjectorView

SCREENS = [(1920, 1080), (1280, 720), (800, 450), (1024, 768), (1080, 1920)]
NIGHT = ProjectorView(
    tournament_name="Thursday PKO", level_number=7, small_blind=400, big_blind=800, ante=800, big_blind_ante=True,
    remaining_seconds=754.2, running=True, next_label="500 / 1,000, BB ante 1,000", seconds_to_break=1954,
    players_left=45, entries=120, average_stack=53_333, prize_pool=6_000,
    payouts=((1, 2_000), (2, 1_250), (3, 800), (4, 600), (5, 500), (6, 450), (7, 400)),
    chip_leader=("Katarzyna Zielińska-Nowak", 1_234_567),
    knockouts=tuple((f"{n}th", f"Player {n}", "by Ana") for n in range(50, 45, -1)),
    bounties_in_play=4_875, biggest_heads=(("Sam <The Rock> O'Brien-Fitzgerald", 12_750), ("Ann Lee", 1_200),
                                           ("Bo Li", 150)),
)
NO_NEWS = replace(NIGHT, chip_leader=None, knockouts=())
BREAK = replace(NIGHT, on_break=True, break_name="Colour-up break", notice="Colour-up: the 25 chips leave play now")
FIXED = replace(NIGHT, biggest_heads=())  # a fixed bounty: the same on every head, no biggest to show
VIEWS = {"night": NIGHT, "no-news": NO_NEWS, "break": BREAK, "fixed": FIXED}


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", VIEWS)
def test_the_bounties_fit_their_own_strips_on_every_screen(qapp, screen, name) -> None:
    area = QRectF(0, 0, *screen)
    view = VIEWS[name]
    layout = projector_layout(area, view)
    for item in layout.texts:
        metrics = QFontMetricsF(item.font)
        assert metrics.horizontalAdvance(item.text) <= item.rect.width() + 0.5, f"{item.role} {item.text!r} cut off"
        assert metrics.tightBoundingRect(item.text).height() <= item.rect.height() + 0.5, item.role
        assert area.contains(item.rect), f"{item.role} off the screen"
    for a, b in itertools.combinations(layout.texts, 2):
        overlap = a.rect.intersected(b.rect)
        assert overlap.width() < 1 or overlap.height() < 1, f"{a.role} {a.text!r} drawn over {b.role} {b.text!r}"
    assert layout.text("stat:BOUNTIES IN PLAY").text == "4,875"
    wide = screen[0] / screen[1] >= 1.5
    if view.biggest_heads and wide:
        assert [layout.text(f"head-name:{i}").text for i in (1, 2)] == ["Ann Lee", "Bo Li"]
        longest = layout.text("head-name:0").text  # too long for the column: cut short, not shrunk unreadable
        assert longest.startswith("Sam <The Rock>") and longest.endswith("…")
        assert layout.text("head-name:0").font.pixelSize() >= layout.text("head-name:0").rect.height() * 0.5 - 1
        assert [layout.text(f"head:{i}").text for i in range(3)] == ["12,750", "1,200", "150"]
        # the biggest bounties read at least as large as the payouts beside them, from the back of the room
        assert layout.text("head:0").font.pixelSize() >= 0.6 * layout.text("payout:1").font.pixelSize()
    elif view.biggest_heads:
        assert layout.text("heads-line").text.startswith("Biggest bounties:   Sam <The Rock> O'Brien-Fitzgerald 12,750")
    else:
        assert layout.text("heads-title") is None and layout.text("heads-line") is None


def test_every_payout_still_shows_beside_the_biggest_bounties(qapp) -> None:
    layout = projector_layout(QRectF(0, 0, 1920, 1080), replace(NIGHT, payouts=NIGHT.payouts[:6]))
    assert [layout.text(f"payout:{place}").text for place in range(1, 7)] == ["2,000", "1,250", "800", "600", "500",
                                                                             "450"]
    assert layout.text("payouts-more") is None


def test_a_tournament_without_bounties_shows_none_of_them(qapp) -> None:
    plain = replace(NIGHT, bounties_in_play=None, biggest_heads=())
    for screen in SCREENS:
        layout = projector_layout(QRectF(0, 0, *screen), plain)
        assert not any("BOUNT" in item.text.upper() for item in layout.texts)
        assert layout.text("stat:PRIZE POOL").text == "6,000"
