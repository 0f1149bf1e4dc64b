"""The Payouts tab: the prize pool, the payouts by place (from a payout table or set by hand), the payout table
chosen, edited, imported, exported or saved as the room's template, the rounding unit, and the deal."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
)

from tournament_director.ui.console.deal_dialog import DealDialog
from tournament_director.ui.console.files import ask_name
from tournament_director.ui.console.payout_editor import PayoutTableEditor
from tournament_director.services.results import ordinal
from tournament_director.services.satellites import SatelliteView, award_seats_text, place_prize_text
from tournament_director.ui.console.tab import Runs, Tab

if TYPE_CHECKING:
    from tournament_director.services.payouts import PayoutService
    from tournament_director.services.session import DirectorSession
    from tournament_director.services.tournament import TournamentService


class PayoutsTab(Tab):
    """Prize pool and payouts by place from the floor service; the payout table; the deal."""

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Payout table:"))
        self.templates = QComboBox()
        self.templates.setMinimumWidth(220)
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this payout table")
        self.edit_button = QPushButton("Edit the table…")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.template_button = QPushButton("Save as template…")
        for button in (self.apply_button, self.edit_button, self.import_button, self.export_button,
                       self.template_button):
            bar.addWidget(button)
        bar.addSpacing(16)
        self.deal_button = QPushButton("Deal (chop)… (Ctrl+D)")
        bar.addWidget(self.deal_button)
        self.award_button = QPushButton("Award the seats")
        self.award_button.setToolTip("End the satellite: every player left wins a seat, entered in the target event "
                                     "paid by the seat")
        self.award_button.hide()  # a satellite's only
        bar.addWidget(self.award_button)
        layout.addLayout(bar)
        edit_bar = QHBoxLayout()
        edit_bar.addWidget(QLabel("Round prizes to"))
        self.unit = QSpinBox()
        self.unit.setRange(1, 1_000_000)
        self.unit.setGroupSeparatorShown(True)
        self.unit.setToolTip("Each prize is rounded down to this unit; what is left goes to first place")
        self.unit_button = QPushButton("Set")
        edit_bar.addWidget(self.unit)
        edit_bar.addWidget(self.unit_button)
        edit_bar.addSpacing(24)
        edit_bar.addWidget(QLabel("Or pay by hand, % by place:"))
        self.hand_percentages = QLineEdit()
        self.hand_percentages.setPlaceholderText("e.g. 50, 30, 20  (must add up to 100)")
        edit_bar.addWidget(self.hand_percentages, 1)
        self.hand_button = QPushButton("Pay these")
        self.table_button = QPushButton("Back to the payout table")
        edit_bar.addWidget(self.hand_button)
        edit_bar.addWidget(self.table_button)
        layout.addLayout(edit_bar)
        self.pool = QLabel()
        self.pool.setWordWrap(True)
        layout.addWidget(self.pool)
        self.payouts = QTextBrowser()
        layout.addWidget(self.payouts, 1)
        self.hand_percentages.returnPressed.connect(self.pay_by_hand)
        self.hand_button.clicked.connect(self.pay_by_hand)
        self.table_button.clicked.connect(self.back_to_payout_table)
        self.apply_button.clicked.connect(self.use_selected_table)
        self.edit_button.clicked.connect(self.open_editor)
        self.import_button.clicked.connect(self.import_table)
        self.export_button.clicked.connect(self.export_table)
        self.template_button.clicked.connect(lambda: self.save_as_template())
        self.unit_button.clicked.connect(self.set_unit)
        self.deal_button.clicked.connect(self.open_deal_dialog)
        self.award_button.clicked.connect(self.award_seats)
        self.deal_dialog: DealDialog | None = None
        self.editor: PayoutTableEditor | None = None
        self.file_dialog: Any = None
        self.name_dialog: Any = None
        self._fill_templates()

    @property
    def floor(self) -> TournamentService | None:
        return self.session.tournament if self.session else None

    def _fill_templates(self) -> None:
        chosen = self.templates.currentData()
        self.templates.blockSignals(True)
        self.templates.clear()
        library = self.session.templates if self.session is not None and self.session.store_is_open else None
        for info in library.payout_tables() if library is not None else ():
            self.templates.addItem(info.title, info.key)
        self.templates.setCurrentIndex(max(0, self.templates.findData(chosen)))
        self.templates.blockSignals(False)

    def _payouts(self) -> PayoutService | None:
        service = self.session.payouts if self.session is not None else None
        if service is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
        return service

    # --- the payout table ----------------------------------------------------------------------------------
    def use_selected_table(self) -> bool:
        key = self.templates.currentData()
        service = self._payouts()
        if service is None or not key:
            return False
        outcome = self.run(service.use_table, key)
        if outcome.ok:
            self.message.emit(f"Payout table: {outcome.value.name}")
        return outcome.ok

    def open_editor(self) -> PayoutTableEditor | None:
        if self._payouts() is None:
            return None
        editor = PayoutTableEditor(self.session, self)
        editor.accepted.connect(lambda: self.message.emit("Payouts follow the edited table"))
        editor.finished.connect(editor.deleteLater)
        self.editor = editor
        editor.open()
        return editor

    def import_table(self) -> QFileDialog | None:
        service = self._payouts()
        if service is None:
            return None
        return self.import_file("Import a payout table", "Payout tables (*.toml)", service.import_file,
                                lambda table, path: f"Payout table {table.name} imported from {path.name}")

    def export_table(self) -> QFileDialog | None:
        service = self._payouts()
        if service is None:
            return None
        return self.export_file("Export the payout table", "Payout tables (*.toml)", "payouts.toml",
                                service.export_file, lambda saved: f"Payout table saved: {saved}")

    def save_as_template(self, title: str | None = None) -> Any:
        """Save the payout table in force as the room's, under ``title`` or the name the director types."""
        service = self._payouts()
        if service is None:
            return None
        if title is None:
            self.name_dialog = ask_name(self, "Save as template", "Name of the room's payout table:",
                                        service.view().name, self.save_as_template)
            return self.name_dialog
        outcome = self.run(service.save_as_template, title)
        if outcome.ok:
            self._fill_templates()
            self.message.emit(f"Saved as the room's payout table {outcome.value.title}")
        return outcome.ok

    def set_unit(self) -> bool:
        service = self._payouts()
        if service is None:
            return False
        outcome = self.run(service.set_unit, self.unit.value())
        if outcome.ok:
            self.message.emit(f"Prizes are rounded to {self.unit.value():,}")
        return outcome.ok

    # --- by hand -------------------------------------------------------------------------------------------
    def pay_by_hand(self) -> bool:
        """Record hand-edited percentages (the service checks they add up to 100)."""
        floor = self.floor
        parts = [p.strip().rstrip("%").strip() for p in self.hand_percentages.text().replace(";", ",").split(",")]
        parts = [p for p in parts if p]
        if floor is None or not parts:
            self.message.emit("Type the percentage of each paid place, first place first: e.g. 50, 30, 20")
            return False
        if self.run(floor.edit_payouts, parts).ok:
            self.message.emit(f"Payouts by hand: {', '.join(p + ' %' for p in parts)}")
            return True
        return False

    def back_to_payout_table(self) -> bool:
        floor = self.floor
        if floor is not None and self.run(floor.edit_payouts, None).ok:
            self.hand_percentages.clear()
            self.message.emit("Payouts follow the payout table again")
            return True
        return False

    # --- a satellite's seats ---------------------------------------------------------------------------------
    def award_seats(self) -> bool:
        """End the satellite with its seats (refused, saying why, while more players are left than seats)."""
        if self.session is None or self.floor is None:
            return False
        outcome = self.run(self.session.award_satellite_seats)
        if outcome.ok:
            self.message.emit(award_seats_text(outcome.value))
        return outcome.ok

    def _satellite_html(self, satellite: SatelliteView, prizes: tuple[int, ...]) -> str:
        """The seats and the cash by place, the rule written out, and who won a seat once they are awarded."""
        rows = "".join(f"<tr><td align=right>{ordinal(place)}</td>"
                       f"<td>{html.escape(place_prize_text(satellite, place, amount))}</td>"
                       f"<td align=right>{amount:,}</td></tr>" for place, amount in enumerate(prizes, start=1))
        if satellite.awarded:
            awarded = "".join(f"<li>{html.escape(name)}: "
                              f"{'entered in ' if used else 'unused seat to '}{html.escape(satellite.target_name)}"
                              f"{'' if used else ' (the ticket is kept)'}</li>"
                              for name, used in satellite.awarded)
            state = f"<h3>Seats awarded</h3><ul>{awarded}</ul>"
        elif satellite.due:
            state = (f"<p><b>{satellite.players_left} players left for {satellite.seats} seats: every player left wins "
                     "a seat. Award the seats to end the satellite.</b></p>")
        else:
            state = ""
        return (f"<h3>Seats to {html.escape(satellite.target_name)}</h3><p>{html.escape(satellite.rule())}</p>"
                f"{state}<table cellpadding=4><tr><th>Place</th><th>Prize</th><th>Worth</th></tr>{rows}</table>")

    # --- showing -------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        floor = self.floor
        self._fill_templates()
        if floor is None:
            self.pool.setText("")
            self.payouts.setHtml("")
            return
        pool = floor.prize_pool()
        table = self.session.payouts.view()
        if not table.chosen and self.templates.findData(floor.settings.payout_table) >= 0:
            self.templates.setCurrentIndex(self.templates.findData(floor.settings.payout_table))
        if not self.unit.hasFocus():
            self.unit.setValue(table.unit)
        for button in (self.apply_button, self.edit_button, self.import_button, self.unit_button):
            button.setEnabled(table.fixed_by is None)
            button.setToolTip(f"Fixed: {table.fixed_by}" if table.fixed_by else "")
        extra = f" (guarantee {pool.guarantee:,}, house adds {pool.top_up:,})" if pool.top_up else ""
        bounty = f"   ·   bounties {pool.bounty_pool:,}" if pool.bounty_pool else ""
        options = [o for o in self.session.settings.buy_in_options() if o.bought]
        bought = ("   ·   " + ", ".join(f"{o.bought} {o.name.lower()}" for o in options)) if len(options) > 1 else ""
        self.pool.setText(f"<b style='font-size:13pt'>Prize pool {pool.prize_pool:,}</b>{extra}   ·   "
                          f"{pool.entries:,} entries ({pool.reentries} re-entries){bought}, {pool.rebuys} rebuys, "
                          f"{pool.addons} add-ons   ·   house {pool.house:,}{bounty}")
        satellite = self.session.satellite()
        self.award_button.setVisible(satellite is not None)
        if satellite is not None:
            self.award_button.setEnabled(satellite.due)
            for widget in (self.apply_button, self.edit_button, self.import_button, self.unit_button,
                           self.hand_button, self.table_button, self.hand_percentages):
                widget.setEnabled(False)  # seats, not a payout table, pay a satellite
                widget.setToolTip("A satellite pays seats to its target, not by a payout table (Tournament > "
                                  "Settings, Payouts: Satellite to)")
            self.payouts.setHtml(self._satellite_html(satellite, pool.prizes))
            return
        for widget in (self.hand_button, self.table_button, self.hand_percentages):
            widget.setEnabled(True)
            widget.setToolTip("")
        percentages = floor.payout_percentages()
        rows = "".join(f"<tr><td align=right>{ordinal(place)}</td><td align=right>{amount:,}</td>"
                       f"<td align=right>{percentages[place - 1] + ' %' if place <= len(percentages) else ''}</td></tr>"
                       for place, amount in enumerate(pool.prizes, start=1))
        if floor.payouts_by_hand:
            source = "set by hand"
        else:
            band = table.bands[table.band_in_force] if table.band_in_force is not None else None
            where = f", the band for {band.min_entries}–{band.max_entries} entries" if band else ""
            source = html.escape(table.name) + where
        unit = f"; prizes rounded to {table.unit:,}" if table.unit > 1 else ""
        self.payouts.setHtml(f"<h3>Payouts ({source}{unit})</h3><table cellpadding=4>"
                             "<tr><th>Place</th><th>Prize</th><th>Share</th></tr>" + rows + "</table>")

    def open_deal_dialog(self) -> DealDialog | None:
        if self.floor is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
            return None
        dialog = DealDialog(self.session, self)
        dialog.recorded.connect(lambda view: self.message.emit(
            f"Deal recorded ({ {'icm': 'ICM', 'chip_chop': 'chip chop'}.get(view.method, 'custom') }): "
            f"{view.total:,} shared"))
        dialog.finished.connect(dialog.deleteLater)
        self.deal_dialog = dialog
        dialog.open()
        return dialog
