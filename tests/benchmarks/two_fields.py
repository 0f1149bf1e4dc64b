"""The console benchmarks' two fields, 10,000 and 100,000 entries, measured one after the other and printed side by
side with their ratio."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

FIELDS = (10_000, 100_000)


def measure_both(qapp: Any, tmp_path: Path, measure: Callable[[Any, Path, int], dict[str, float]]
                 ) -> dict[int, dict[str, float]]:
    figures = {}
    for entries in FIELDS:
        folder = tmp_path / str(entries)
        folder.mkdir()
        figures[entries] = measure(qapp, folder, entries)
    return figures


def print_side_by_side(title: str, figures: dict[int, dict[str, float]], rows: Sequence[tuple[str, str]]) -> None:
    width = max(len(label) for _key, label in rows) + 2
    small_field, big_field = FIELDS
    print(f"\n{title}")
    print(f"{'':{width}}{small_field:>12,}{big_field:>12,}{'ratio':>8}")
    for key, label in rows:
        small, big = figures[small_field][key], figures[big_field][key]
        print(f"{label:{width}}{small:12.1f}{big:12.1f}{big / max(small, 1e-9):8.1f}")
