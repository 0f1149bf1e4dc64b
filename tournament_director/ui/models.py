"""Lean table models over plain row values, and the search-as-you-type proxy.

Each model holds a tuple of frozen rows and a list of columns (header, how to read the value). The services hand
the UI plain values; a refresh swaps the whole tuple (beginResetModel), or, for a model with a key, replaces only
the rows that changed (a sorting proxy would otherwise sort every row again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
import unicodedata
from typing import Any, Generic, TypeVar

from PySide6.QtGui import QColor

from tournament_director.services.event_text import event_category
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

Row = TypeVar("Row")
AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column(Generic[Row]):
    header: str
    value: Callable[[Row], Any]             # the value to show and sort by
    numeric: bool = False                   # right-aligned, sorted as a number


class RowTableModel(QAbstractTableModel, Generic[Row]):
    """A read-only table over a tuple of plain rows."""

    SORT_ROLE = Qt.ItemDataRole.UserRole + 1
    ROW_ROLE = Qt.ItemDataRole.UserRole + 2

    def __init__(self, columns: Sequence[Column[Row]], rows: Sequence[Row] = (), parent: Any = None, *,
                 text_colour: Callable[[Row], str | None] | None = None,
                 key: Callable[[Row], Any] | None = None) -> None:
        super().__init__(parent)
        self._text_colour = text_colour   # e.g. busted players greyed out, absent players in orange
        self._columns = tuple(columns)
        self._rows: list[Row] = list(rows)
        self._search_texts: list[str] | None = None
        self._key = key                   # what names a row across updates (update_rows)
        self._position: dict[Any, int] | None = None
        self._order: tuple[int, bool] | None = None   # (the column sorted by, descending)

    def set_text_colour(self, text_colour: Callable[[Row], str | None] | None) -> None:
        """New text colours (another console theme): the views repaint every row."""
        self._text_colour = text_colour
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1),
                                  [Qt.ItemDataRole.ForegroundRole])

    # ----- data in -------------------------------------------------------------------------------------
    # Beyond this many changed rows a reset is cheaper than telling the views row by row.
    IN_PLACE_LIMIT = 1_000

    def set_rows(self, rows: Sequence[Row]) -> bool:
        """Hold ``rows`` (kept in the order of the column sorted by, if any); True when the views were reset. With
        a ``key``, the same rows with a few of them changed (an undo, a floor read again) are replaced in place: no
        reset, so the view keeps its selection and its scroll position."""
        rows = list(rows)
        if self._key is not None and len(rows) == len(self._rows):
            changed = self._changed_of_the_same(rows)
            if changed is not None:
                if changed:
                    self.update_rows(changed)
                return False
        if self._order is not None:
            rows = self._sorted(rows)
        if rows == self._rows:
            return False  # the same rows: no reset, so the view keeps its layout (a clock change redraws nothing)
        self.beginResetModel()
        self._rows = rows
        self._search_texts = None
        self._position = None
        self.endResetModel()
        return True

    def _changed_of_the_same(self, rows: list[Row]) -> list[Row] | None:
        """The rows that differ from the held row of the same key, when ``rows`` hold the same keys as the model
        (None when they do not, or when more than IN_PLACE_LIMIT changed)."""
        assert self._key is not None
        if self._position is None:
            self._position = {self._key(r): i for i, r in enumerate(self._rows)}
        changed = []
        for row in rows:
            i = self._position.get(self._key(row))
            if i is None:
                return None
            if self._rows[i] != row:
                changed.append(row)
                if len(changed) > self.IN_PLACE_LIMIT:
                    return None
        return changed

    def update_rows(self, changed: Sequence[Row]) -> None:
        """Replace the rows of the same key in place (dataChanged) and add the new ones (rowsInserted): no reset,
        so the cost follows the rows changed, not the rows held; a row whose sorted value changed moves to its
        place. Needs the model's ``key``."""
        if self._key is None:
            raise TypeError("update_rows needs a model made with a key")
        if self._position is None:
            self._position = {self._key(r): i for i, r in enumerate(self._rows)}
        added: list[Row] = []
        moved: list[Any] = []   # the keys of the rows whose sorted value changed
        last_column = len(self._columns) - 1
        for row in changed:
            i = self._position.get(self._key(row))
            if i is None:
                added.append(row)
            elif self._rows[i] != row:
                if self._order is not None and self._sort_key(row) != self._sort_key(self._rows[i]):
                    moved.append(self._key(row))
                self._rows[i] = row
                if self._search_texts is not None:
                    self._search_texts[i] = self._search_text_of(row)
                self.dataChanged.emit(self.index(i, 0), self.index(i, last_column))
        if added:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
            for offset, row in enumerate(added):
                self._position[self._key(row)] = first + offset
                self._rows.append(row)
                if self._search_texts is not None:
                    self._search_texts.append(self._search_text_of(row))
            self.endInsertRows()
        if self._order is not None and (moved or added):
            self._move_into_place(moved + [self._key(row) for row in added])

    # ----- sorting (here, not in a proxy: a proxy asks the model for two values at each of the n log n
    # comparisons, seconds for 100,000 rows; here each row's value is read once) ------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self._columns):
            return
        self._order = (column, order == Qt.SortOrder.DescendingOrder)
        self._put_in_order()

    def _sort_key(self, row: Row) -> tuple[Any, ...]:
        assert self._order is not None
        column = self._columns[self._order[0]]
        value = column.value(row)
        if column.numeric and isinstance(value, (int, float)) and not isinstance(value, bool):
            return (1, value, "")
        if value is None or value == "":
            return (0, 0, "")        # empty cells first going up, last going down
        return (2, 0, _display(value).casefold())

    def _sorted(self, rows: list[Row]) -> list[Row]:
        assert self._order is not None
        return sorted(rows, key=self._sort_key, reverse=self._order[1])

    def _move_into_place(self, keys: list[Any]) -> None:
        """Move the rows of ``keys`` (the others being in order) to their places: a binary search each, not a sort
        of every row."""
        if len(keys) > self.IN_PLACE_LIMIT:
            self._put_in_order()
            return
        assert self._order is not None and self._position is not None and self._key is not None
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        held = [self._key(self._rows[index.row()]) if index.isValid() else None for index in persistent]
        for key in keys:
            i = self._position[key]
            row = self._rows.pop(i)
            text = self._search_texts.pop(i) if self._search_texts is not None else None
            place = self._place_for(self._sort_key(row))
            self._rows.insert(place, row)
            if self._search_texts is not None:
                self._search_texts.insert(place, text)  # type: ignore[arg-type]
            for shifted in range(min(i, place), max(i, place) + 1):
                self._position[self._key(self._rows[shifted])] = shifted
        self.changePersistentIndexList(
            persistent, [self.index(self._position[key], index.column()) if key is not None else index
                         for key, index in zip(held, persistent)])
        self.layoutChanged.emit()

    def _place_for(self, wanted: tuple[Any, ...]) -> int:
        """Where a row sorting as ``wanted`` goes: after the rows that sort with it (the order stays stable)."""
        assert self._order is not None
        descending = self._order[1]
        first, last = 0, len(self._rows)
        while first < last:
            middle = (first + last) // 2
            here = self._sort_key(self._rows[middle])
            if (wanted > here) if descending else (wanted < here):
                last = middle
            else:
                first = middle + 1
        return first

    def _put_in_order(self) -> None:
        """Reorder the rows by the sorted column, telling the views where each row went (layoutChanged), so the
        selection follows its row."""
        order = sorted(range(len(self._rows)), key=lambda i: self._sort_key(self._rows[i]),
                       reverse=bool(self._order and self._order[1]))
        if order == list(range(len(order))):
            return
        self.layoutAboutToBeChanged.emit()
        new_of = {old: new for new, old in enumerate(order)}
        persistent = self.persistentIndexList()
        self._rows = [self._rows[i] for i in order]
        if self._search_texts is not None:
            self._search_texts = [self._search_texts[i] for i in order]
        self._position = None
        self.changePersistentIndexList(
            persistent, [self.index(new_of[index.row()], index.column()) if index.isValid() else index
                         for index in persistent])
        self.layoutChanged.emit()

    def _search_text_of(self, row: Row) -> str:
        return "\t".join(_display(c.value(row)) for c in self._columns).casefold()

    def search_text(self, row: int) -> str:
        """Every column of ``row`` as shown, case-folded in one string: what search-as-you-type looks in.
        Built once per set of rows, so a keystroke costs one substring test per row, not a call per cell."""
        if self._search_texts is None:
            self._search_texts = [self._search_text_of(r) for r in self._rows]
        return self._search_texts[row]

    @property
    def rows(self) -> Sequence[Row]:
        return self._rows

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    # ----- the Qt model interface ----------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        column = self._columns[index.column()]
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(column.value(row))
        if role == self.SORT_ROLE:
            value = column.value(row)
            if value is None:
                return float("-inf") if column.numeric else ""
            return value if column.numeric else _display(value).casefold()
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == self.ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.ForegroundRole and self._text_colour is not None:
            colour = self._text_colour(row)
            return QColor(colour) if colour else None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            return self._columns[section].header
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


def _display(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, datetime):
        return value.astimezone().strftime("%H:%M:%S")
    return str(value)


class SearchProxy(QSortFilterProxyModel):
    """Search-as-you-type over every column, case-insensitive; a click on a column's header sorts the rows model
    itself (RowTableModel.sort), other models by their sort role."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(RowTableModel.SORT_ROLE)
        self.setDynamicSortFilter(True)
        self._needle = ""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The rows model sorts itself (reading each row's value once); this proxy keeps its order and filters."""
        model = self.sourceModel()
        if isinstance(model, RowTableModel):
            model.sort(column, order)
        else:
            super().sort(column, order)

    def set_search_text(self, text: str) -> None:
        """Show the rows holding ``text`` (taken literally, any case) in any column."""
        needle = text.strip().casefold()
        if needle == self._needle:
            return
        if hasattr(self, "endFilterChange"):      # Qt 6.10 and later
            self.beginFilterChange()
            self._needle = needle
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._needle = needle
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:  # noqa: N802 - Qt override
        if not self._needle:
            return True
        model = self.sourceModel()
        return isinstance(model, RowTableModel) and self._needle in model.search_text(source_row)

    def source_row(self, proxy_row: int) -> Any:
        source = self.mapToSource(self.index(proxy_row, 0))
        return self.sourceModel().data(source, RowTableModel.ROW_ROLE)


def folded(text: str) -> str:
    """Lower case without accents, so 'chloe' finds 'Chloé' and 'zielinski' finds 'Zieliński'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class NameSearchProxy(SearchProxy):
    """Search-as-you-type in one text of each row (the player's name), case and accents ignored: a player who
    knocked someone out is not found again through the 'Eliminated by' column."""

    def __init__(self, text_of: Callable[[Any], str], parent: Any = None) -> None:
        super().__init__(parent)
        self._text_of = text_of
        self._folded: dict[int, tuple[Any, str]] = {}   # source row -> (the row, its folded text)

    def set_search_text(self, text: str) -> None:
        super().set_search_text(folded(text))

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:  # noqa: N802 - Qt override
        if not self._needle:
            return True
        model = self.sourceModel()
        if not isinstance(model, RowTableModel):
            return False
        row = model.row_at(source_row)
        cached = self._folded.get(source_row)
        if cached is None or cached[0] is not row:   # folded once per row, again only when that row changes
            cached = (row, folded(self._text_of(row)))
            self._folded[source_row] = cached
        return self._needle in cached[1]


# ----- the rows the console shows -----------------------------------------------------------------------
@dataclass(frozen=True)
class EntryRow:
    entry_id: int
    name: str
    nickname: str = ""
    status: str = "playing"      # playing | absent | busted | waiting
    table: int | None = None
    seat: int | None = None
    chips: int | None = None
    rebuys: int = 0
    add_ons: int = 0
    place: int | None = None
    prize: int | None = None
    eliminated_by: str = ""
    bounty: int | None = None    # the bounty on his head (a bounty tournament, while he is in)
    paid_by: str = ""            # "Seat from Mega Satellite" for an entry a satellite's seat paid; "" at the desk


ENTRY_COLUMNS: tuple[Column[EntryRow], ...] = (
    Column("Entry", lambda r: r.entry_id, numeric=True),
    Column("Name", lambda r: r.name),
    Column("Nickname", lambda r: r.nickname),
    Column("Status", lambda r: r.status),
    Column("Table", lambda r: r.table, numeric=True),
    Column("Seat", lambda r: r.seat, numeric=True),
    Column("Chips", lambda r: r.chips, numeric=True),
    Column("Bounty", lambda r: r.bounty, numeric=True),
    Column("Rebuys", lambda r: r.rebuys, numeric=True),
    Column("Add-ons", lambda r: r.add_ons, numeric=True),
    Column("Place", lambda r: r.place, numeric=True),
    Column("Eliminated by", lambda r: r.eliminated_by),
    Column("Paid by", lambda r: r.paid_by),
)
BOUNTY_COLUMN = next(i for i, column in enumerate(ENTRY_COLUMNS) if column.header == "Bounty")
PAID_BY_COLUMN = next(i for i, column in enumerate(ENTRY_COLUMNS) if column.header == "Paid by")


@dataclass(frozen=True)
class ResultRow:
    place: int
    name: str
    prize: int = 0
    bounties: int = 0
    entry_id: int | None = None
    place_text: str = ""  # "17th–18th" for shared places
    buy_in: str = ""  # the buy-in option of the entry, when the tournament sells more than one
    award: str = ""  # a satellite's: "Seat to Main Event" or "Cash remainder"


RESULT_COLUMNS: tuple[Column[ResultRow], ...] = (
    Column("Place", lambda r: r.place_text or r.place, numeric=True),
    Column("Player", lambda r: r.name),
    Column("Prize", lambda r: r.prize, numeric=True),
    Column("Bounties", lambda r: r.bounties, numeric=True),
    Column("Won", lambda r: r.award),
)
AWARD_COLUMN = len(RESULT_COLUMNS) - 1


def _payload_summary(payload: dict[str, Any]) -> str:
    parts = []
    for key, value in payload.items():
        text = str(value)
        if len(text) > 40:
            text = text[:37] + "…"
        parts.append(f"{key}={text}")
    summary = ", ".join(parts)
    return summary if len(summary) <= 160 else summary[:157] + "…"


EVENT_COLUMNS: tuple[Column[Any], ...] = (
    Column("Time", lambda e: e.recorded_at),
    Column("What", lambda e: event_category(e.event_type)),
    Column("Details", lambda e: getattr(e, "description", None) or _payload_summary(e.payload)),
    Column("Who", lambda e: e.operator),
    Column("Undone", lambda e: "undone" if e.undone else ""),
)


# Status colours per console theme, each at least 4.5:1 against that theme's row backgrounds (WCAG AA).
STATUS_COLOURS_BY_THEME = {
    "light": {"busted": "#6b6b6b", "absent": "#bf360c", "waits for button": "#1565c0"},
    "dark": {"busted": "#a8a8a8", "absent": "#ffab40", "waits for button": "#7cc4fa"},
}
STATUS_COLOURS = STATUS_COLOURS_BY_THEME["light"]


def status_colours(theme: str) -> dict[str, str]:
    return STATUS_COLOURS_BY_THEME.get(theme, STATUS_COLOURS)


def entries_model(rows: Sequence[EntryRow] = (), parent: Any = None, theme: str = "light") -> RowTableModel[EntryRow]:
    colours = status_colours(theme)
    return RowTableModel(ENTRY_COLUMNS, rows, parent, text_colour=lambda r: colours.get(r.status),
                         key=lambda r: r.entry_id)


def results_model(rows: Sequence[ResultRow] = (), parent: Any = None) -> RowTableModel[ResultRow]:
    return RowTableModel(RESULT_COLUMNS, rows, parent)


def events_model(rows: Sequence[Any] = (), parent: Any = None) -> RowTableModel[Any]:
    return RowTableModel(EVENT_COLUMNS, rows, parent)
