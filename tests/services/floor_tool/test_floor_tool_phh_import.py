"""The floor tool's PHH import reads a file through the guarded reader (domain/rules/phh_read.py ``load_file``) and
builds the table from the hand as read (``hand.fields``): every hostile file of tests/fuzz/corpus/phh is refused
with the file, the field and the problem named, the hand on the screen stays as it was, and no generated or mutated
file lets anything but a DomainError escape."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.test_phh_fuzz import CORPUS, EXPECTED, hands, mutated
from tournament_director.domain.errors import DomainError
from tournament_director.services.floor_tool import FloorToolService


def tool_with_a_hand() -> FloorToolService:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(4))
    tool.deal()
    return tool


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_is_refused_naming_it_and_the_hand_in_play_stays(name: str) -> None:
    tool = tool_with_a_hand()
    before = tool.view()
    path = CORPUS / name
    data = path.read_bytes()
    with pytest.raises(DomainError) as refused:
        tool.import_phh_file(path)
    message = str(refused.value)
    assert message.startswith(f"not a readable PHH hand: {path}: ") and EXPECTED[name] in message, message
    assert tool.view() == before and path.read_bytes() == data


def test_a_file_with_a_byte_order_mark_imports_and_an_illegal_action_is_named() -> None:
    tool = FloorToolService()
    view = tool.import_phh_file(CORPUS / "utf8_bom.phh")
    assert [s.seat for s in view.situation.seats] == [1, 2, 3]
    with pytest.raises(DomainError, match=r"action \d+ \("):
        tool.import_phh_file(CORPUS / "illegal_action.phh")


def test_the_table_fields_are_taken_from_the_hand_as_read(tmp_path: Path) -> None:
    """Seats and the button written as 3.0 (TOML floats, read exactly) are seats 3; nothing is parsed twice."""
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(3, seat_count=9, button=3))
    tool.deal()
    text = tool.export_phh()
    path = tmp_path / "floats.phh"
    path.write_text(text.replace("seats = [1, 2, 3]", "seats = [1.0, 2.0, 3.0]")
                    .replace("_button_seat = 3", "_button_seat = 3.0"), encoding="utf-8")
    assert "3.0" in path.read_text(encoding="utf-8")
    view = FloorToolService().import_phh_file(path)
    assert view.situation == tool.view().situation


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=hands())
def test_generated_hands_are_imported_or_refused(tmp_path_factory, text: str) -> None:
    path = tmp_path_factory.mktemp("generated") / "hand.phh"
    path.write_text(text, encoding="utf-8")
    try:
        FloorToolService().import_phh_file(path)
    except DomainError:
        pass


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated())
def test_mutated_real_hands_are_imported_or_refused(tmp_path_factory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("mutated") / "hand.phh"
    path.write_bytes(data)
    try:
        FloorToolService().import_phh_file(path)
    except DomainError:
        pass
