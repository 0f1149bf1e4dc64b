"""The Payouts tab: the prize pool, the payouts by place (from a payout table or set by hand) and the deal."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout

from tournament_director.ui.console.dialogs import DealDialog, template_title
from tournament_director.ui.console.tab import Tab, ordinal, shipped_templates


class PayoutsTab(Tab):
    """Prize pool and payouts by place from the floor service; the payout table; the deal."""

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Payout table:"))
        self.templates = QComboBox()
        for path in shipped_templates("payouts"):
            self.templates.addItem(template_title(path.stem), path.stem)
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this payout table")
        bar.addWidget(self.apply_button)
        self.deal_button = QPushButton("Deal (chop)… (Ctrl+D)")
        bar.addWidget(self.deal_button)
        layout.addLayout(bar)
        edit_bar = QHBoxLayout()
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
        self.deal_button.clicked.connect(self.open_deal_dialog)
        self.deal_dialog: DealDialog | None = None

    @property
    def floor(self) -> Any:
        return self.session.tournament if self.session else None

    def use_selected_table(self) -> bool:
        name = self.templates.currentData()
        floor = self.floor
        if floor is None or not name:
            return False
        settings = {**floor.settings.to_dict(), "payout_table": name}
        if self.run(floor.configure, settings).ok:
            self.message.emit(f"Payout table: {template_title(name)}")
            return True
        return False

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

    def refresh(self) -> None:
        floor = self.floor
        if floor is None:
            self.pool.setText("")
            self.payouts.setHtml("")
            return
        pool = floor.prize_pool()
        name = floor.settings.payout_table
        index = self.templates.findData(name)
        if index >= 0:
            self.templates.setCurrentIndex(index)
        extra = f" (guarantee {pool.guarantee:,}, house adds {pool.top_up:,})" if pool.top_up else ""
        bounty = f"   ·   bounties {pool.bounty_pool:,}" if pool.bounty_pool else ""
        self.pool.setText(f"<b style='font-size:14pt'>Prize pool {pool.prize_pool:,}</b>{extra}   ·   "
                          f"{pool.entries:,} entries ({pool.reentries} re-entries), {pool.rebuys} rebuys, "
                          f"{pool.addons} add-ons   ·   house {pool.house:,}{bounty}")
        percentages = floor.payout_percentages()
        rows = "".join(f"<tr><td align=right>{ordinal(place)}</td><td align=right>{amount:,}</td>"
                       f"<td align=right>{percentages[place - 1] + ' %' if place <= len(percentages) else ''}</td></tr>"
                       for place, amount in enumerate(pool.prizes, start=1))
        source = "set by hand" if floor.payouts_by_hand else html.escape(template_title(name))
        self.payouts.setHtml(f"<h3>Payouts ({source})</h3><table cellpadding=4>"
                             "<tr><th>Place</th><th>Prize</th><th>Share</th></tr>" + rows + "</table>")

    def open_deal_dialog(self) -> DealDialog | None:
        floor = self.floor
        if floor is None:
            return None
        alive = [e for e in floor.entries() if not e.busted]
        dialog = DealDialog(floor, {e.entry_id: e.name for e in alive}, {e.entry_id: e.chips for e in alive}, self)
        dialog.accepted.connect(lambda: self.record_deal(dialog.proposal))
        dialog.finished.connect(dialog.deleteLater)
        self.deal_dialog = dialog
        dialog.open()
        return dialog

    def record_deal(self, proposal: Any) -> bool:
        if proposal is None or self.floor is None:
            return False
        if self.run(self.floor.make_deal, proposal).ok:
            self.message.emit(f"Deal recorded ({'ICM' if proposal.method == 'icm' else 'chip chop'}): "
                              f"{proposal.total:,} shared")
            return True
        return False
