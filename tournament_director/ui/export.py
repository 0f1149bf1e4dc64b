"""Results as CSV and as an HTML page for the room's website, with the night's money below them (taken in, rake,
prize pool, overlay, bounties, prizes paid: services/money_summary.py); every name is escaped."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tournament_director.ui.models import ResultRow

# Spreadsheet programs run a cell that starts with one of these as a formula; a player named "=HYPERLINK(...)"
# must stay a name.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv_safe(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def results_csv(rows: Sequence[ResultRow], money: Any = None) -> str:
    """One row per entry (a re-entry named "Ann Lee (2)"); ``money`` (a MoneySummary) below them after an empty
    row, one figure a row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    options = any(row.buy_in for row in rows)  # a tournament selling several buy-ins: which one each entry bought
    awards = any(row.award for row in rows)  # a satellite: the seats and the cash remainder
    writer.writerow(["place", "player", "prize", "bounties"] + (["buy_in"] if options else [])
                    + (["won"] if awards else []))
    for row in rows:
        writer.writerow([row.place, _csv_safe(row.name), row.prize, row.bounties]
                        + ([_csv_safe(row.buy_in)] if options else []) + ([_csv_safe(row.award)] if awards else []))
    if money is not None:
        writer.writerow([])
        writer.writerow(["money", "amount"])
        writer.writerows(money.lines())
    return out.getvalue()


def results_html(title: str, rows: Sequence[ResultRow], money: Any = None) -> str:
    e = html.escape
    awards = any(row.award for row in rows)  # a satellite: the seats and the cash remainder
    body = "\n".join(
        f"<tr><td class=num>{e(row.place_text or str(row.place))}</td><td>{e(row.name)}</td><td class=num>{row.prize:,}</td>"
        f"<td class=num>{row.bounties:,}</td>{f'<td>{e(row.award)}</td>' if awards else ''}</tr>"
        for row in rows
    )
    summary = ""
    if money is not None:
        figures = "\n".join(f"<tr><td>{e(label)}</td><td class=num>{amount:,}</td></tr>"
                            for label, amount in money.lines())
        summary = f"<h2>Money</h2><table class=money><tbody>\n{figures}\n</tbody></table>"
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{e(title)}: results</title>"
        "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:4px 10px;"
        "border-bottom:1px solid #ccc}.num{text-align:right}</style></head><body>"
        f"<h1>{e(title)}</h1><table><thead><tr><th>Place</th><th>Player</th><th>Prize</th><th>Bounties</th>"
        f"{'<th>Won</th>' if awards else ''}</tr></thead><tbody>\n{body}\n</tbody></table>{summary}</body></html>\n"
    )


def export_results(path: Path, title: str, rows: Sequence[ResultRow], money: Any = None) -> Path:
    """Write the results (and the money summary, when given) as CSV or HTML, chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        path.write_text(results_csv(rows, money), encoding="utf-8", newline="")
    elif suffix in (".html", ".htm"):
        path.write_text(results_html(title, rows, money), encoding="utf-8")
    else:
        raise ValueError(f"results can be exported as .csv or .html, not {suffix or 'a file without a suffix'}")
    return path
