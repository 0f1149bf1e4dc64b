"""The structures and payout tables a director can start from: the shipped ones and the room's own.

The shipped templates live in the program's resources (structures/, payouts/); the room's own are TOML files in
the user data folder beside the database (``templates/structures`` and ``templates/payouts``), saved from the
console with "Save as template" and listed beside the shipped ones. A shipped template's key is its file name
without .toml ("turbo", "standard"); a room template's key is "room:" and its file name ("room:friday-deep").
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.structure import Structure, structure_from_toml, structure_to_toml
from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import FileRefused, read_text
from tournament_director.domain.money.payouts import PayoutTable, payout_table_from_toml, payout_table_to_toml
from tournament_director.resources import resources_root

__all__ = ["ROOM_PREFIX", "TemplateInfo", "TemplateLibrary", "read_payout_table_file", "read_structure_file",
           "read_text_file", "template_title"]

ROOM_PREFIX = "room:"
_titles: dict[tuple[str, int], str] = {}  # (path, modification time) -> the title inside the file


def template_title(stem: str) -> str:
    """'deep_stack' -> 'Deep Stack' (the shipped templates' titles)."""
    return stem.replace("_", " ").replace("-", " ").title()


@dataclass(frozen=True)
class TemplateInfo:
    key: str  # "turbo" (shipped) or "room:friday-deep" (the room's own)
    title: str  # what a list shows
    room: bool  # saved by the room (True) or shipped with the program
    path: Path


def read_text_file(path: Path) -> str:
    """The text of a structure or payout-table file, read the program's one guarded way (domain/reading.py: size
    limit, a UTF-8 byte-order mark accepted, other encodings refused), the refusal naming the file."""
    try:
        return read_text(Path(path))
    except FileRefused as refused:
        raise refused.in_file(Path(path).name) from None


def read_structure_file(path: Path) -> tuple[Structure, ChipSet | None]:
    """A structure file; any refusal names the file."""
    return _named(path, lambda text: structure_from_toml(text))


def read_payout_table_file(path: Path) -> PayoutTable:
    return _named(path, lambda text: payout_table_from_toml(text, Path(path).name))


def _named(path: Path, parse: Any) -> Any:
    name = Path(path).name
    text = read_text_file(path)
    try:
        return parse(text)
    except FileRefused as refused:
        raise refused.in_file(name) from None
    except DomainError as refused:
        if refused.message.startswith(name):
            raise
        raise DomainError(f"{name}: {refused.message}", refused.rule) from None


class TemplateLibrary:
    """The templates of one database's room (``folder``: the user data folder; None lists the shipped ones only)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None

    # --- listing -----------------------------------------------------------------------------------------
    def structures(self) -> list[TemplateInfo]:
        return self._list("structures", lambda path: read_structure_file(path)[0].name)

    def payout_tables(self) -> list[TemplateInfo]:
        return self._list("payouts", lambda path: read_payout_table_file(path).name)

    def _list(self, kind: str, title_of: object) -> list[TemplateInfo]:
        shipped = resources_root() / kind
        found = [TemplateInfo(p.stem, template_title(p.stem), False, p) for p in sorted(shipped.glob("*.toml"))]
        own = self._room_folder(kind)
        if own is not None and own.is_dir():
            for path in sorted(own.glob("*.toml")):
                try:
                    stamp = (str(path), path.stat().st_mtime_ns)
                    if stamp not in _titles:
                        _titles[stamp] = title_of(path) or template_title(path.stem)  # type: ignore[operator]
                    title = _titles[stamp]
                except (DomainError, OSError):
                    continue  # a broken file in the folder: not offered (importing it names the problem)
                found.append(TemplateInfo(ROOM_PREFIX + path.stem, f"{title} (room template)", True, path))
        return found

    def _room_folder(self, kind: str) -> Path | None:
        return self.folder / kind if self.folder is not None else None

    def _find(self, kind: str, key: str, listing: list[TemplateInfo]) -> TemplateInfo:
        for info in listing:
            if info.key == key:
                return info
        what = "structure template" if kind == "structures" else "payout table"
        raise DomainError(f"there is no {what} {key!r} (choose from {', '.join(i.key for i in listing)})")

    # --- loading -----------------------------------------------------------------------------------------
    def load_structure(self, key: str) -> tuple[Structure, ChipSet | None]:
        info = self._find("structures", key, self.structures())
        return read_structure_file(info.path)

    def load_payout_table(self, key: str) -> PayoutTable:
        info = self._find("payouts", key, self.payout_tables())
        return read_payout_table_file(info.path)

    def is_shipped_payout_table(self, key: str) -> bool:
        return any(info.key == key and not info.room for info in self.payout_tables())

    # --- saving the room's own ---------------------------------------------------------------------------
    def room_template_exists(self, kind: str, title: str) -> bool:
        folder = self._room_folder(kind)
        return folder is not None and (folder / f"{_file_stem(title)}.toml").exists()

    def save_structure(self, title: str, structure: Structure, chip_set: ChipSet | None) -> TemplateInfo:
        """Save as the room's structure template ``title`` (replacing one of the same name)."""
        title = _clean_title(title)
        structure = replace(structure, name=title)
        structure.validate(chip_set)
        path = self._write("structures", title, structure_to_toml(structure, chip_set))
        return TemplateInfo(ROOM_PREFIX + path.stem, f"{title} (room template)", True, path)

    def save_payout_table(self, title: str, table: PayoutTable) -> TemplateInfo:
        """Save as the room's payout table ``title`` (replacing one of the same name)."""
        title = _clean_title(title)
        path = self._write("payouts", title, payout_table_to_toml(replace(table, name=title)))
        return TemplateInfo(ROOM_PREFIX + path.stem, f"{title} (room template)", True, path)

    def _write(self, kind: str, title: str, text: str) -> Path:
        folder = self._room_folder(kind)
        if folder is None:
            raise DomainError("no database is open: the room's templates are kept beside it")
        path = folder / f"{_file_stem(title)}.toml"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(".toml.partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        except OSError as error:
            raise DomainError(f"the template could not be saved in {folder} ({error.strerror or error})") from None
        return path


def _clean_title(title: object) -> str:
    if not isinstance(title, str) or not " ".join(title.split()):
        raise DomainError("a template needs a name")
    title = " ".join(title.split())
    if len(title) > 80:
        raise DomainError(f"a template name has at most 80 characters, not {len(title)}")
    return title


def _file_stem(title: str) -> str:
    """'Friday Deep (6-max)' -> 'friday-deep-6-max': a file name every operating system accepts."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").casefold()
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60]
    return stem or "template-" + hashlib.sha1(title.casefold().encode("utf-8")).hexdigest()[:10]
