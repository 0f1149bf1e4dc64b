"""The console's table models: Qt's model checker, 10,000 entries, search as you type, exports."""

from __future__ import annotations

import csv
import io

import pytest
from PySide6.QtCore import Qt

from tournament_director.ui.export import export_results, results_csv, results_html
from tournament_director.ui.models import (
    EntryRow,
    ResultRow,
    SearchProxy,
    entries_model,
    events_model,
    results_model,
)

FIRST = ["Ana", "Ben", "Chloé", "Dmitri", "Eve", "Farah", "Gus", "Hana", "Ivo", "Jun"]
LAST = ["Smith", "Nguyen", "García", "Okafor", "Müller", "Rossi", "Kowalski", "Tanaka", "Silva", "Berg"]


def ten_thousand_entries() -> list[EntryRow]:
    rows = []
    for i in range(10_000):
        name = f"{FIRST[i % 10]} {LAST[(i // 10) % 10]} {i // 100:03d}"
        rows.append(EntryRow(entry_id=i + 1, name=name, table=i // 9 + 1, seat=i % 9 + 1,
                             chips=20_000 + (i * 37) % 5_000, status="playing" if i % 50 else "absent"))
    return rows


def test_entries_model_passes_qt_model_checks_with_10000_entries(qtmodeltester) -> None:
    model = entries_model(ten_thousand_entries())
    qtmodeltester.check(model, force_py=True)
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy, force_py=True)


def test_results_and_log_models_pass_qt_model_checks(qtmodeltester) -> None:
    from dataclasses import dataclass
    from datetime import UTC, datetime

    @dataclass(frozen=True)
    class Event:
        seq: int
        event_type: str
        payload: dict
        operator: str
        recorded_at: datetime
        undone: bool

    qtmodeltester.check(results_model([ResultRow(1, "Ana", 500), ResultRow(2, "Ben", 300)]), force_py=True)
    events = [Event(i, "entry.registered", {"name": f"P{i}"}, "director", datetime.now(UTC), i == 2)
              for i in range(1, 6)]
    model = events_model(events)
    qtmodeltester.check(model, force_py=True)
    assert model.data(model.index(1, 4)) == "undone"
    assert model.data(model.index(0, 2)) == "name=P1" and model.data(model.index(0, 1)) == "Registration"


def test_search_as_you_type_finds_a_player_among_10000_quickly() -> None:
    model = entries_model(ten_thousand_entries())
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    for typed in ("t", "ta", "tan", "tana", "tanak", "tanaka 0", "tanaka 00"):
        proxy.set_search_text(typed)
    assert proxy.rowCount() == 100   # "Tanaka 00x": ten first names times ten numbers 000..009
    assert all("Tanaka 00" in proxy.source_row(r).name for r in range(proxy.rowCount()))
    # How quickly: tests/benchmarks/test_bench_console_search.py (a stopwatch here fails on a busy machine).


def test_search_treats_typed_text_literally() -> None:
    model = entries_model([EntryRow(1, "A.J. (Ace) Jones"), EntryRow(2, "AxJ Jones")])
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    proxy.set_search_text("a.j. (ace")
    assert [proxy.source_row(r).entry_id for r in range(proxy.rowCount())] == [1]


def test_sorting_by_chips_is_numeric_not_alphabetic() -> None:
    model = entries_model([EntryRow(1, "A", chips=900), EntryRow(2, "B", chips=10_000), EntryRow(3, "C", chips=None)])
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    proxy.sort(6, Qt.SortOrder.DescendingOrder)
    assert [proxy.source_row(r).name for r in range(3)] == ["B", "A", "C"]



def test_rows_read_again_replace_only_those_changed_and_the_sorted_proxy_follows() -> None:
    rows = ten_thousand_entries()
    model = entries_model(rows)
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    proxy.sort(6, Qt.SortOrder.DescendingOrder)   # by chips: the model itself is put in that order
    chips = [r.chips for r in model.rows]
    assert chips == sorted(chips, reverse=True)
    resets: list[int] = []
    changed: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda first, _last, _roles=(): changed.append(model.row_at(first.row()).entry_id))
    again = list(rows)
    again[4] = EntryRow(5, rows[4].name, status="busted", place=10_000)
    again[7] = EntryRow(8, rows[7].name, table=1, seat=8, chips=10**6)
    assert model.set_rows(again) is False and resets == [] and sorted(changed) == [5, 8]
    assert proxy.source_row(0).entry_id == 8   # the new chip leader moved to the top
    assert proxy.source_row(proxy.rowCount() - 1).entry_id == 5   # no chips: last going down
    by_entry = sorted(model.rows, key=lambda r: r.entry_id)
    assert by_entry == again and [proxy.source_row(i) for i in range(proxy.rowCount())] == list(model.rows)
    fewer = again[:-1]                              # an entry gone (a registration undone): everything again
    assert model.set_rows(fewer) is True and resets == [1]
    many = [EntryRow(r.entry_id, r.name, chips=1) for r in fewer]   # beyond the in-place limit
    assert model.set_rows(many) is True and resets == [1, 1] and sorted(model.rows, key=lambda r: r.entry_id) == many


def test_the_rows_model_sorts_itself_and_keeps_the_selection_through_moves(qtbot) -> None:
    from tournament_director.ui.console.tab import make_table_view

    model = entries_model([EntryRow(i, f"P{i:02d}", chips=1_000 * i) for i in range(1, 31)])
    proxy = SearchProxy()
    proxy.setSourceModel(model)
    view = make_table_view(proxy)
    qtbot.addWidget(view)
    view.sortByColumn(6, Qt.SortOrder.AscendingOrder)      # what a click on "Chips" does
    assert [r.entry_id for r in model.rows] == list(range(1, 31))
    view.selectRow(9)                                       # P10
    model.update_rows([EntryRow(10, "P10", chips=99_000), EntryRow(3, "P03", chips=500), EntryRow(31, "Late")])
    assert [r.entry_id for r in model.rows][:3] == [31, 3, 1]   # no chips first going up, then the smallest
    assert model.rows[-1].entry_id == 10
    selected = view.selectionModel().selectedRows()
    assert [proxy.source_row(i.row()).entry_id for i in selected] == [10]   # the selection followed its row
    view.sortByColumn(1, Qt.SortOrder.DescendingOrder)     # by name, going down
    assert [r.name for r in model.rows][:2] == ["P30", "P29"] and model.rows[-1].name == "Late"
    assert [proxy.source_row(i.row()).entry_id for i in view.selectionModel().selectedRows()] == [10]


HOSTILE = "<script>alert('x')</script> & =HYPERLINK(\"http://evil\")"


def test_results_html_escapes_player_names() -> None:
    page = results_html("Friday <b>Big</b>", [ResultRow(1, HOSTILE, 1_000)])
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert "Friday &lt;b&gt;Big&lt;/b&gt;" in page


def test_results_csv_keeps_names_intact_and_never_as_formulas() -> None:
    rows = [ResultRow(1, 'O\'Neil, "The Rock"', 1_500, 200), ResultRow(2, "=1+1", 900)]
    parsed = list(csv.reader(io.StringIO(results_csv(rows))))
    assert parsed[0] == ["place", "player", "prize", "bounties"]
    assert parsed[1] == ["1", 'O\'Neil, "The Rock"', "1500", "200"]
    assert parsed[2][1] == "'=1+1"


def test_export_picks_the_format_from_the_suffix_and_refuses_others(tmp_path) -> None:
    rows = [ResultRow(1, "Ana", 500)]
    assert export_results(tmp_path / "r.csv", "T", rows).read_text().startswith("place,player")
    assert "<table>" in export_results(tmp_path / "r.html", "T", rows).read_text()
    with pytest.raises(ValueError, match=".pdf"):
        export_results(tmp_path / "r.pdf", "T", rows)
