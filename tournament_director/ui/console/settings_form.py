"""The pages of tournament settings shared by the new-tournament wizard and Tournament > Settings: one page per
section of settings_fields.FIELDS, a field for every setting with its tooltip, and a line of help that follows the
focus. The form only gathers values; the domain checks them when the wizard or the dialog records them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QDateTime, Qt, QTime
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from tournament_director.domain.money.settings import bounty_share
from tournament_director.services.settings import price_text
from tournament_director.ui.console.settings_fields import FIELD_BY_NAME, FIELDS, SECTIONS, Field

OPTION_COLUMNS = (("name", "Name"), ("buy_in", "Buy-in"), ("fee", "Fee"), ("chips", "Chips"))
BOUNTY_SET_AS = (("amount", "An amount on top of the buy-in"), ("share", "A share of the buy-in"))
_PRICE_PARTS = ("buy_in", "fee", "rake_percent", "bounty", "bounty_mode")


def _form_row(form: QFormLayout, widget: QWidget) -> int:
    """The row of ``widget`` in ``form`` (PySide6 types the answer, a (row, role) pair, as a plain object)."""
    position: Any = form.getWidgetPosition(widget)
    return int(position[0])


def spin(low: int, high: int, value: int = 0, *, step: int = 1, special: str = "", suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setGroupSeparatorShown(True)
    box.setAccelerated(True)
    if special:
        box.setSpecialValueText(special)
    if suffix:
        box.setSuffix(suffix)
    box.setValue(value)
    box.setMinimumWidth(150)
    return box


class OptionalTime(QWidget):
    """A time of day that may be left out: a tick box and the time."""

    def __init__(self, text: str = "at") -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.enabled = QCheckBox(text)
        self.time = QTimeEdit(QTime(23, 0))
        self.time.setDisplayFormat("HH:mm")
        self.time.setEnabled(False)
        self.enabled.toggled.connect(self.time.setEnabled)
        row.addWidget(self.enabled)
        row.addWidget(self.time)
        row.addStretch(1)
        self.setFocusProxy(self.enabled)

    def value(self) -> str | None:
        return self.time.time().toString("HH:mm") if self.enabled.isChecked() else None

    def set_value(self, value: str | None) -> None:
        self.enabled.setChecked(value is not None)
        if value:
            self.time.setTime(QTime.fromString(value, "HH:mm"))


class OptionalDateTime(QWidget):
    """A scheduled start that may be left out."""

    def __init__(self) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.enabled = QCheckBox("at")
        start = QDateTime.currentDateTime().addSecs(3600)
        start.setTime(QTime(start.time().hour(), 0))
        self.moment = QDateTimeEdit(start)
        self.moment.setDisplayFormat("ddd d MMM yyyy  HH:mm")
        self.moment.setCalendarPopup(True)
        self.moment.setEnabled(False)
        self.enabled.toggled.connect(self.moment.setEnabled)
        row.addWidget(self.enabled)
        row.addWidget(self.moment)
        row.addStretch(1)
        self.setFocusProxy(self.enabled)

    def value(self) -> str | None:
        return self.moment.dateTime().toString("yyyy-MM-ddTHH:mm") if self.enabled.isChecked() else None

    def set_value(self, value: str | None) -> None:
        self.enabled.setChecked(bool(value))
        if value:
            moment = QDateTime.fromString(value[:16], "yyyy-MM-ddTHH:mm")
            if moment.isValid():
                self.moment.setDateTime(moment)


class BuyInOptionsEditor(QWidget):
    """The other buy-ins: a row each (name, buy-in, fee, chips), added and removed with the buttons."""

    def __init__(self) -> None:
        super().__init__()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(OPTION_COLUMNS))
        self.table.setHorizontalHeaderLabels([title for _key, title in OPTION_COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setFixedHeight(104)
        self.table.setMinimumWidth(420)
        column.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add an option")
        self.remove_button = QPushButton("Remove the option")
        self.add_button.clicked.connect(lambda: self.add_option())
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setFocusProxy(self.table)

    def add_option(self, name: str = "", buy_in: int = 0, fee: int = 0, chips: int = 0) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, value in enumerate((name, buy_in, fee, chips)):
            item = QTableWidgetItem(f"{value:,}" if isinstance(value, int) else str(value))
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        self.table.setCurrentCell(row, 0)
        return row

    def remove_selected(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def value(self) -> list[dict[str, Any]]:
        options = []
        for row in range(self.table.rowCount()):
            texts = [(self.table.item(row, c).text() if self.table.item(row, c) else "").strip()
                     for c in range(len(OPTION_COLUMNS))]
            if not any(texts):
                continue
            option: dict[str, Any] = {"name": texts[0]}
            for (key, _title), text in zip(OPTION_COLUMNS[1:], texts[1:]):
                plain = text.replace(",", "").replace(" ", "").replace("\u202f", "")
                option[key] = int(plain) if plain.isdigit() else (text or 0)  # the domain names a bad amount
            options.append(option)
        return options

    def set_value(self, options: list[dict[str, Any]]) -> None:
        self.table.setRowCount(0)
        for option in options:
            self.add_option(option["name"], option["buy_in"], option["fee"], option["chips"])

    def setEnabled(self, enabled: bool) -> None:  # noqa: N802 - Qt override: the table and its buttons together
        for widget in (self.table, self.add_button, self.remove_button):
            widget.setEnabled(enabled)


# Fields that only mean something when another is set: greyed out until then (not a rule, the form's order).
DEPENDS_ON: dict[str, tuple[str, Callable[[Any], bool]]] = {
    **{name: ("rebuy_limit", bool) for name in ("rebuy_price", "rebuy_fee", "rebuy_chips", "rebuy_until_level",
                                                "rebuy_max_chips")},
    **{name: ("addon_enabled", bool) for name in ("addon_price", "addon_fee", "addon_chips", "addon_until_level",
                                                  "addon_only_on_break")},
    "reentry_until_level": ("reentry_limit", bool),
    "bounty": ("bounty_mode", lambda mode: mode != "none"),
    "pko_cash_percent": ("bounty_mode", lambda mode: mode == "progressive"),
    "satellite_remainder": ("satellite_target", lambda target: target is not None),
}


class SettingsPages(QWidget):
    """Builds one page per section; ``widgets`` holds each setting's field, ``labels`` its label."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: dict[str, Any] = {}  # by setting: spin boxes, combo boxes, check boxes and line edits
        self.labels: dict[str, QLabel] = {}
        self.help: dict[QWidget, str] = {}
        self.pages: dict[str, QFormLayout] = {}
        self.page_widgets: dict[str, QWidget] = {}
        self.fixed: dict[str, str] = {}
        self.notes: dict[str, QLabel] = {}
        for section in SECTIONS:
            self._page(section)
        for field in FIELDS:
            self.add_field(field)
        self._bounty_share_fields()
        for master in {master for master, _test in DEPENDS_ON.values()}:
            widget = self.widgets[master]
            signal = {QSpinBox: "valueChanged", QCheckBox: "toggled", QComboBox: "currentIndexChanged"}[type(widget)]
            getattr(widget, signal).connect(lambda *_: self.update_dependents())
        self.update_dependents()
        self._price_lines()

    # --- the bounty as a share of the buy-in, and the price of an entry ---------------------------------------
    def _bounty_share_fields(self) -> None:
        """"Bounty: an amount / a share of the buy-in": with a share, the buy-in field holds what an entry pays
        before the fee and the share of it goes to the bounty; the settings keep the two amounts as always."""
        self.bounty_set_as = QComboBox()
        for value, label in BOUNTY_SET_AS:
            self.bounty_set_as.addItem(label, value)
        self.bounty_percent = spin(0, 100, 50, suffix=" %")
        row = _form_row(self.pages["Bounties"], self.widgets["bounty"])
        self.add_row("Bounties", "Bounty set &as", self.bounty_set_as, "An amount paid on top of the buy-in, or a "
                     "share of the buy-in: 50 % of a 100 buy-in is 50 to the bounty and 50 to the prize pool.", at=row)
        self.add_row("Bounties", "Bounty's s&hare of the buy-in", self.bounty_percent, "The part of the buy-in "
                     "(before the fee) that goes to the bounty; the rest goes to the prize pool.", at=row + 1)
        self._shown_as = "amount"
        self.bounty_set_as.currentIndexChanged.connect(lambda *_: self._bounty_set_as_changed())
        for widget in (self.widgets["buy_in"], self.bounty_percent):
            widget.valueChanged.connect(lambda *_: self._show_shared_bounty())

    def bounty_as_share(self) -> bool:
        return self.bounty_set_as.currentData() == "share" and self.widgets["bounty_mode"].currentData() != "none"

    def _bounty_set_as_changed(self) -> None:
        """The price stays what it was when the director changes how the bounty is given."""
        wanted = self.bounty_set_as.currentData()
        if wanted == self._shown_as:
            return
        buy_in, bounty = self.widgets["buy_in"], self.widgets["bounty"]
        if wanted == "share":
            price = buy_in.value() + bounty.value()
            if bounty.value() and price:
                self.bounty_percent.setValue(round(bounty.value() * 100 / price))
            buy_in.setValue(price)
        else:
            pool, share = bounty_share(buy_in.value(), self.bounty_percent.value())
            buy_in.setValue(pool)
            bounty.setValue(share)
        self._shown_as = wanted
        self.update_dependents()

    def _show_shared_bounty(self) -> None:
        if self.bounty_set_as.currentData() == "share":
            self.widgets["bounty"].setValue(bounty_share(self.widgets["buy_in"].value(),
                                                         self.bounty_percent.value())[1])

    def _price_lines(self) -> None:
        """The price of an entry and its split, under the buy-in and under the bounties, as the fields change."""
        self.price_lines: list[QLabel] = []
        for section, after in (("Buy-in", "fee"), ("Bounties", "pko_cash_percent")):
            line = QLabel()
            line.setObjectName("price")
            line.setStyleSheet("font-size: 11pt")
            line.setWordWrap(True)  # a long split (with the rake) takes two lines rather than widening the page
            line.setMinimumWidth(320)
            row = _form_row(self.pages[section], self.widgets[after])
            self.add_row(section, "Price of an entry", line, "What a player hands over for the standard buy-in, "
                         "and where each part goes: the prize pool, the bounty, the entry fee and the rake.",
                         at=row + 1)
            self.price_lines.append(line)
        for name in _PRICE_PARTS:
            widget = self.widgets[name]
            (widget.currentIndexChanged if isinstance(widget, QComboBox) else widget.valueChanged).connect(
                lambda *_: self.update_price())
        for signal in (self.bounty_percent.valueChanged, self.bounty_set_as.currentIndexChanged):
            signal.connect(lambda *_: self.update_price())
        self.update_price()

    def update_price(self) -> None:
        text = price_text(self.values())
        for line in self.price_lines:
            line.setText(text)

    def _page(self, section: str) -> QFormLayout:
        page = QWidget()
        column = QVBoxLayout(page)
        heading = QLabel(f"<b style='font-size:13pt'>{section}</b>")
        column.addWidget(heading)
        note = QLabel()
        note.setWordWrap(True)
        note.setObjectName("fixed-note")
        note.setStyleSheet("padding-bottom:4px")  # its colour comes with the theme
        note.hide()
        column.addWidget(note)
        self.notes[section] = note
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        form.setVerticalSpacing(8)
        column.addLayout(form)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        self.pages[section] = form
        self.page_widgets[section] = scroll
        return form

    def add_row(self, section: str, label: str, widget: QWidget, help_text: str, name: str | None = None,
                at: int | None = None) -> None:
        form = self.pages[section] if section in self.pages else self._page(section)
        caption = QLabel(label)
        caption.setBuddy(widget)
        form.addRow(caption, widget) if at is None else form.insertRow(at, caption, widget)
        widget.setToolTip(help_text)
        caption.setToolTip(help_text)
        self.help[widget] = help_text
        for child in widget.findChildren(QWidget):
            self.help.setdefault(child, help_text)
        if name is not None:
            self.widgets[name] = widget
            self.labels[name] = caption

    def add_field(self, field: Field) -> QWidget:
        widget = _make_widget(field)
        self.add_row(field.section, field.label, widget, field.help, field.name)
        return widget

    # --- values ------------------------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        values = {field.name: _read(field, self.widgets[field.name]) for field in FIELDS}
        if self.bounty_as_share():
            values["buy_in"], values["bounty"] = bounty_share(values["buy_in"], self.bounty_percent.value())
        return values

    def offer_tournaments(self, tournaments: list[tuple[int, str]]) -> None:
        """The tournaments of the database a "tournament" field may name (a satellite's target), by number and
        name; the choice made stays when it is still offered."""
        for field in FIELDS:
            if field.kind != "tournament":
                continue
            box = self.widgets[field.name]
            chosen = box.currentData()
            box.clear()
            box.addItem(field.none_text, None)
            for number, name in tournaments:
                box.addItem(f"{name} (tournament {number})", number)
            box.setCurrentIndex(max(0, box.findData(chosen)) if chosen is not None else 0)

    def set_values(self, settings: Mapping[str, Any]) -> None:
        """The settings as recorded: the bounty an amount beside the buy-in."""
        self._shown_as = "amount"
        self.bounty_set_as.setCurrentIndex(0)
        for field in FIELDS:
            if field.name in settings:
                _write(field, self.widgets[field.name], settings[field.name])

    def lock(self, fixed: Mapping[str, str]) -> None:
        """Grey out the settings history has fixed, the reason in their tooltip (the domain gave it)."""
        self.fixed = dict(fixed)
        for field in FIELDS:
            widget = self.widgets[field.name]
            reason = fixed.get(field.name)
            text = f"Fixed: {reason}.\n{field.help}" if reason else field.help
            widget.setToolTip(text)
            self.labels[field.name].setToolTip(text)
            self.help[widget] = text
            for child in widget.findChildren(QWidget):
                self.help[child] = text
        for section, note in self.notes.items():
            reasons: dict[str, list[str]] = {}
            for field in FIELDS:
                if field.section == section and field.name in fixed:
                    reasons.setdefault(fixed[field.name], []).append(field.label.replace("&", "").lower())
            note.setText("<br>".join(f"Greyed out, fixed by what already happened ({reason}): {', '.join(names)}."
                                     for reason, names in reasons.items()))
            note.setVisible(bool(reasons))
        self.update_dependents()

    def update_dependents(self) -> None:
        for field in FIELDS:
            depends = DEPENDS_ON.get(field.name)
            wanted = depends is None or depends[1](_read(FIELD_BY_NAME[depends[0]], self.widgets[depends[0]]))
            if field.name == "bounty":
                wanted = wanted and self.bounty_set_as.currentData() == "amount"
            enabled = wanted and field.name not in self.fixed
            self.widgets[field.name].setEnabled(enabled)
            self.labels[field.name].setEnabled(enabled)
        bounties = self.widgets["bounty_mode"].currentData() != "none"
        can_share = bounties and not {"buy_in", "bounty"} & set(self.fixed)
        self.bounty_set_as.setEnabled(can_share)
        self.bounty_percent.setEnabled(can_share and self.bounty_set_as.currentData() == "share")
        for widget in (self.bounty_set_as, self.bounty_percent):
            self.pages["Bounties"].labelForField(widget).setEnabled(widget.isEnabled())

    def help_text(self, widget: QWidget | None) -> str:
        while widget is not None:
            if widget in self.help:
                return self.help[widget]
            widget = widget.parentWidget()
        return ""


def _make_widget(field: Field) -> QWidget:
    if field.kind in ("money", "chips", "count", "percent", "level"):
        low = 0 if field.none_text else field.minimum
        step = {"chips": 1000, "money": 5}.get(field.kind, 1)
        top = 200 if field.kind == "level" else field.maximum
        return spin(low, top, max(low, field.minimum), step=step, special=field.none_text,
                    suffix=" %" if field.kind == "percent" else field.suffix)
    if field.kind == "bool":
        return QCheckBox()
    if field.kind == "choice":
        box = QComboBox()
        for value, label in field.choices:
            box.addItem(label, value)
        return box
    if field.kind == "time":
        return OptionalTime()
    if field.kind == "datetime":
        return OptionalDateTime()
    if field.kind == "tables":
        edit = QLineEdit()
        edit.setPlaceholderText("e.g. 5, 4, 3 (empty: highest number first)")
        edit.setMinimumWidth(260)
        return edit
    if field.kind == "options":
        return BuyInOptionsEditor()
    if field.kind == "tournament":
        box = QComboBox()
        box.setMinimumWidth(320)
        box.addItem(field.none_text, None)
        return box
    raise ValueError(f"unknown field kind {field.kind!r}")


def _read(field: Field, widget: QWidget) -> Any:
    if isinstance(widget, QSpinBox):
        value = widget.value()
        return None if field.none_text and value == widget.minimum() else value
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, (OptionalTime, OptionalDateTime, BuyInOptionsEditor)):
        return widget.value()
    if isinstance(widget, QLineEdit):
        parts = [p for p in widget.text().replace(";", ",").replace(" ", ",").split(",") if p]
        return [int(p) if p.isdigit() else p for p in parts]  # the domain names what is not a table number
    raise TypeError(widget)


def _write(field: Field, widget: QWidget, value: Any) -> None:
    if isinstance(widget, QSpinBox):
        widget.setValue(widget.minimum() if value is None else int(value))
    elif isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, QComboBox):
        widget.setCurrentIndex(max(0, widget.findData(value)))
    elif isinstance(widget, (OptionalTime, OptionalDateTime, BuyInOptionsEditor)):
        widget.set_value(value)
    elif isinstance(widget, QLineEdit):
        widget.setText(", ".join(str(n) for n in value))


class HelpLine(QLabel):
    """The line of help under the pages: the focused field's explanation; while the focus is elsewhere (the list
    of sections, the buttons), what the section in front holds, never a field of another section."""

    def __init__(self, pages: SettingsPages,
                 section_in_front: Callable[[], tuple[str, QWidget] | None] = lambda: None) -> None:
        super().__init__()
        self._pages = pages
        self._section_in_front = section_in_front
        self.setWordWrap(True)
        self.setObjectName("help")
        self.setMinimumHeight(40)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setStyleSheet("padding: 4px 2px")  # its colour comes with the theme (QLabel#help)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        try:
            self.follow(new)
        except RuntimeError:  # the dialog is being destroyed
            pass

    def follow(self, focused: QWidget | None) -> None:
        """Say what ``focused`` is for, or what the section in front holds."""
        if focused is not None and focused.window() is not self.window():
            return  # another window took the focus: the line keeps what it said
        front = self._section_in_front()
        text = self._pages.help_text(focused)
        if front is not None and not (text and focused is not None and front[1].isAncestorOf(focused)):
            text = (f"{front[0]}: Tab moves through its fields, each explained here; Ctrl+PgDown and Ctrl+PgUp "
                    "open the next and the previous section.")
        if text:
            self.setText(text)
