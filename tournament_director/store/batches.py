"""The text of one batch of a checkpoint (a row of ``snapshot_batch``): some parts of the floor, each the JSON of
its row.

A batch is written in lines: the first is the JSON of ``{kind: [numbers]}``, then each part's JSON on a line of
its own, in the order the first line names them. A part's JSON never holds a line break (JSON writes one inside a
string as ``\\n``), so opening takes the parts apart with one split and never decodes them: an entry is decoded
the first time it is used (domain/floor/entry_rows.py). A batch written by an older version is one JSON list of
``[kind, number, part]``, decoded whole, and still reads.
"""

from __future__ import annotations

import json
from typing import Any

# each part: its JSON text (a batch in lines) or its value already decoded (a batch of an older version)
BatchParts = list[tuple[str, list[int], list[Any]]]


def batch_text(parts: list[tuple[str, int, str]]) -> str:
    """The batch holding ``parts`` (kind, number, the part's JSON), in lines."""
    by_kind: dict[str, tuple[list[int], list[str]]] = {}
    for kind, number, part in parts:
        numbers, texts = by_kind.setdefault(kind, ([], []))
        numbers.append(number)
        texts.append(part)
    head = json.dumps({kind: numbers for kind, (numbers, _) in by_kind.items()}, separators=(",", ":"))
    return "\n".join([head, *(text for _, texts in by_kind.values() for text in texts)])


def batch_parts(data: str) -> BatchParts:
    """(kind, numbers, parts) of one batch: the parts' JSON texts when it is in lines, their values when it is
    of an older version."""
    if data.startswith("["):
        by_kind: dict[str, tuple[list[int], list[Any]]] = {}
        for kind, number, value in json.loads(data):
            numbers, values = by_kind.setdefault(kind, ([], []))
            numbers.append(number)
            values.append(value)
        return [(kind, numbers, values) for kind, (numbers, values) in by_kind.items()]
    head, _, body = data.partition("\n")
    texts = body.split("\n") if body else []
    found: BatchParts = []
    start = 0
    for kind, numbers in json.loads(head).items():
        found.append((kind, numbers, texts[start:start + len(numbers)]))
        start += len(numbers)
    if start != len(texts):
        raise ValueError(f"a checkpoint batch names {start} parts but holds {len(texts)}")
    return found
