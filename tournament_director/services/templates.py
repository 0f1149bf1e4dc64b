"""The structures and payout tables a director can start from: the shipped ones and the room's own.

The shipped templates live in the program's resources (structures/, payouts/); the room's own are TOML files in
the user data folder beside the database (``templates/structures`` and ``templates/payouts``), saved from the
console with "Save as template" and listed beside the shipped ones. A shipped template's key is its file name
without .toml ("turbo", "standard"); a room template's key is "room:" and its file name ("room:friday-deep").
Every file is read the guarded way of domain/reading.py (``load_structure_file``, ``load_payout_table``), the
refusal naming the file. The room's sounds and announcements are kept in the same folder (services/sound_scheme.py).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from tournament_director.domain import limits
from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.structure import Structure, load_structure_file, structure_to_toml
from tournament_director.domain.errors import DomainError
from tournament_director.domain.money.payouts import PayoutTable, load_payout_table, payout_table_to_toml
from tournament_director.resources import resources_root
from tournament_director.services.sound_scheme import SoundScheme, load_scheme, save_scheme

__all__ = ["ROOM_PREFIX", "TemplateInfo", "TemplateLibrary", "export_toml", "file_path", "template_title"]

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


def file_path(path: object) -> Path:
    """A file the director chose (text or a path); DomainError for anything else."""
    if isinstance(path, Path):
        return path
    if not isinstance(path, str) or not path.strip():
        raise DomainError(f"a file is named by its path, not {limits.shown(path)}")
    return Path(limits.check_text(path, "file path", max_length=4096))


def export_toml(path: object, text: str) -> Path:
    """Write ``text`` to the TOML file ``path`` (".toml" added when missing); DomainError naming the file when it
    cannot be written."""
    path = file_path(path)
    if not path.name:
        raise DomainError(f"{limits.shown(str(path))} is a folder: name the file to write")
    if path.suffix.lower() != ".toml":
        path = path.with_name(path.name + ".toml")
    try:
        path.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as error:  # ValueError: a NUL or a character the file system cannot store
        problem = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise DomainError(f"{limits.shown(path.name)} could not be written ({problem})") from None
    return path


class TemplateLibrary:
    """The templates of one database's room (``folder``: the user data folder; None lists the shipped ones only)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None

    # --- listing -----------------------------------------------------------------------------------------
    def structures(self) -> list[TemplateInfo]:
        return self._list("structures", lambda path: load_structure_file(path)[0].name)

    def payout_tables(self) -> list[TemplateInfo]:
        return self._list("payouts", lambda path: load_payout_table(path).name)

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
        raise DomainError(f"there is no {what} {limits.shown(key)} (choose from {', '.join(i.key for i in listing)})")

    # --- loading -----------------------------------------------------------------------------------------
    def load_structure(self, key: str) -> tuple[Structure, ChipSet | None]:
        info = self._find("structures", key, self.structures())
        return load_structure_file(info.path)

    def load_payout_table(self, key: str) -> PayoutTable:
        info = self._find("payouts", key, self.payout_tables())
        return load_payout_table(info.path)

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

    # --- the room's sounds and announcements (services/sound_scheme.py) ---------------------------------------
    def sound_scheme(self) -> SoundScheme:
        return load_scheme(self.folder)

    def save_sound_scheme(self, scheme: SoundScheme) -> SoundScheme:
        """Keep the room's sounds (its own files copied beside them); the scheme as kept."""
        return save_scheme(self.folder, scheme)

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
    return limits.check_name(title, "template name", max_length=80)


def _file_stem(title: str) -> str:
    """'Friday Deep (6-max)' -> 'friday-deep-6-max': a file name every operating system accepts."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").casefold()
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60]
    return stem or "template-" + hashlib.sha1(title.casefold().encode("utf-8")).hexdigest()[:10]
