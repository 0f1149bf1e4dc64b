"""Screen layouts: the room's own design of the clock screen, one document the projector and the TV page both draw.

A layout is a TOML (or JSON) document, versioned, of cells on a grid. Each cell shows one token of the documented
list (``TOKENS``: the clock, the blinds, the players, the payouts, an image, a custom text with tokens, ...) and says
how: its place and span on the grid, the size of its text as a share of its height, colour, alignment, weight, a
caption above it and a background. A layout may change for a break, the final table and the end (``overrides``:
per mode, another background and other cell properties, ``hidden`` among them), and holds the room's house rules,
shown in a ``rules`` cell or as a page of their own every so often.

The four shipped layouts live in ``data/layouts/``; the room's own are files in the templates folder beside the
database (``templates/layouts``), listed beside them with keys "room:NAME". A tournament's choice is its
``screen_layout`` setting, recorded as a settings change like every other ("" for the program's own screen).
Every file is read the guarded way of domain/reading.py, and a layout the program cannot draw (an unknown token, an
image that is not there, a cell off the grid or a text size of no sense) is refused with a ``DomainError`` naming
the file, the cell and the problem.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import (
    FileRefused, check_list, check_number, check_string, check_table, check_whole, parse_toml, read_text,
)
from tournament_director.resources import resources_root

FORMAT = "tournament-director/screen-layout"
VERSION = 1
ROOM_PREFIX = "room:"
MODES = ("final_table", "break", "end")  # applied in this order: the end wins over a break, a break over the FT
ALIGNMENTS = ("left", "center", "right")
MAX_GRID = 48
MAX_CELLS = 80
MIN_TEXT_SIZE, MAX_TEXT_SIZE = Decimal("0.05"), Decimal("1")
MAX_RULES_LENGTH = 4_000

# token -> what the cell shows (docs/screen-layouts.md lists them with examples)
TOKENS: dict[str, str] = {
    "tournament_name": "the tournament's name",
    "clock": "the time left in the level or break; before the start, the time to the start",
    "level": "LEVEL 5, the break's name, or STARTS IN",
    "blinds": "the small and big blind (on a break: Next: the next level)",
    "ante": "the ante or the big blind ante",
    "next_level": "Next: the next level or break",
    "time_to_break": "Break in 42:00",
    "status": "CLOCK PAUSED, or WAITING FOR THE DIRECTOR after a crash",
    "badges": "FINAL TABLE and HAND-FOR-HAND when they apply",
    "notice": "the colour-up announcement",
    "players": "players left / entries",
    "players_left": "the players still in",
    "entries": "the entries, re-entries included",
    "tables_left": "the tables in play",
    "average_stack": "the average stack",
    "total_chips": "the chips in play",
    "prize_pool": "the prize pool",
    "payouts": "the prizes, one line a place (who moves where while a table breaks)",
    "bounties_in_play": "the bounties on the heads still in (a bounty tournament)",
    "biggest_bounties": "the biggest bounties, one line a player (a progressive knockout)",
    "chip_leader": "the chip leader and his chips",
    "knockouts": "the latest knockouts, one line each",
    "seating_chart": "every player still in with his table and seat",
    "winner": "the winner and his prize, once the tournament is over",
    "results": "the final results, one line a place",
    "rules": "the room's house rules (the layout's rules text)",
    "text": "a text of the room's own, where {token} shows a token's text: \"Level {level}: {blinds}\"",
    "image": "a picture file (PNG, JPEG or SVG)",
    "logo": "the room's logo (the layout's logo file, or the program's icon)",
    "qr": "the QR code of the room display's phone page",
}
LIST_TOKENS = frozenset({"payouts", "biggest_bounties", "knockouts", "seating_chart", "results", "rules"})
PICTURE_TOKENS = frozenset({"image", "logo", "qr"})
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_CELL_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
_ROOM_KEY = re.compile(r"^[\w-]{1,80}$")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".gif", ".bmp", ".webp")


@dataclass(frozen=True)
class Cell:
    """One cell: the token it shows, where (grid columns and rows from 0), and how."""

    id: str
    token: str
    x: int
    y: int
    w: int
    h: int
    size: float = 0.7          # a line of text takes this share of the cell's height (a list: of one row)
    colour: str = "#f2f4f7"
    background: str = ""       # "" is none
    align: str = "center"
    bold: bool = True
    label: str = ""            # a caption above the figure ("PLAYERS")
    text: str = ""             # the custom text of a "text" cell
    image: str = ""            # the picture of an "image" cell
    hidden: bool = False       # an override hides a cell (the blinds at the end)
    rows: int = 0              # a list cell: how many lines it holds (0: as many as fit at its size)


@dataclass(frozen=True)
class ScreenLayout:
    name: str
    columns: int = 24
    rows: int = 12
    background: str = "#0b0f14"
    background_image: str = ""
    font: str = ""             # a font family the screens have; "" is the system's
    label_colour: str = "#9aa7b5"
    accent: str = "#4fc3f7"    # the clock in its last minute and the paused strip take this
    logo: str = ""
    rules_text: str = ""
    rules_every_seconds: int = 0   # the house rules as a page of their own every so often (0: never)
    rules_for_seconds: int = 20
    cells: tuple[Cell, ...] = ()
    overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    folder: str = ""           # where the file was read: pictures are found relative to it

    def cell(self, cell_id: str) -> Cell | None:
        return next((c for c in self.cells if c.id == cell_id), None)

    def for_modes(self, modes: Iterable[str]) -> ScreenLayout:
        """The layout as the screen shows it now: the overrides of the modes that apply, in MODES order."""
        wanted = set(modes)
        layout = self
        for mode in MODES:
            override = self.overrides.get(mode)
            if mode not in wanted or not override:
                continue
            top = {k: v for k, v in override.items() if k != "cells"}
            changed = override.get("cells", {})
            cells = tuple(replace(c, **changed[c.id]) if c.id in changed else c for c in layout.cells)
            layout = replace(layout, **top, cells=cells)
        return layout

    def picture_path(self, name: str) -> Path | None:
        """The file of a picture the layout names (relative to the layout's file), None for none."""
        if not name:
            return None
        path = Path(name)
        if not path.is_absolute() and self.folder:
            path = Path(self.folder) / path
        return path

    def to_dict(self) -> dict[str, Any]:
        """The document (what a file holds), without where it was read."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        defaults = ScreenLayout(name="")
        for f in fields(self):
            if f.name in ("cells", "overrides", "folder"):
                continue
            value = getattr(self, f.name)
            if f.name in ("name", "columns", "rows", "background") or value != getattr(defaults, f.name):
                data[f.name] = value
        data["cells"] = [_cell_dict(c) for c in self.cells]
        if self.overrides:
            data["overrides"] = {mode: dict(o) for mode, o in self.overrides.items() if o}
        return data


def _cell_dict(cell: Cell) -> dict[str, Any]:
    default = Cell("", "", 0, 0, 1, 1)
    return {k: v for k, v in asdict(cell).items()
            if k in ("id", "token", "x", "y", "w", "h") or v != getattr(default, k)}


# ----- reading and checking ----------------------------------------------------------------------------------

_CELL_FIELDS = {f.name: f for f in fields(Cell)}
_LAYOUT_FIELDS = {f.name: f for f in fields(ScreenLayout)} | {"format": None, "version": None}


def layout_from_dict(data: Any, *, file: str | None = None, folder: Path | None = None,
                     check_pictures: bool = True) -> ScreenLayout:
    """A layout from its document; FileRefused naming the field and the problem for anything it cannot draw."""
    data = check_table(data, "the layout", file=file)
    if data.get("format", FORMAT) != FORMAT:
        raise FileRefused(f"is {limits.shown(data.get('format'))}, not a screen layout ({FORMAT})", field="format",
                          file=file)
    version = check_whole(data.get("version"), "version", file=file, minimum=1) if "version" in data else None
    if version is None:
        raise FileRefused("is missing: a screen layout says which version of the format it is (version = 1)",
                          field="version", file=file)
    if version > VERSION:
        raise FileRefused(f"is {version}: this program reads screen layouts up to version {VERSION}",
                          field="version", file=file)
    unknown = (set(data) - set(_LAYOUT_FIELDS)) | ({"folder"} & set(data))
    if unknown:
        raise FileRefused(f"{limits.listed(unknown)} {'is' if len(unknown) == 1 else 'are'} not part of a screen "
                          "layout", file=file)
    values: dict[str, Any] = {"name": limits.check_name(check_string(data.get("name"), "name", file=file),
                                                        "layout name")}
    values["columns"] = check_whole(data.get("columns", 24), "columns", file=file, minimum=1, maximum=MAX_GRID)
    values["rows"] = check_whole(data.get("rows", 12), "rows", file=file, minimum=1, maximum=MAX_GRID)
    for name in ("background", "label_colour", "accent"):
        if name in data:
            values[name] = _colour(data[name], name, file)
    for name in ("background_image", "logo", "font"):
        if name in data:
            values[name] = check_string(data[name], name, file=file, max_length=1000)
    if "rules_text" in data:
        values["rules_text"] = limits.check_text(check_string(data["rules_text"], "rules_text", file=file,
                                                              max_length=MAX_RULES_LENGTH), "house rules")
    for name, most in (("rules_every_seconds", 3600), ("rules_for_seconds", 600)):
        if name in data:
            values[name] = check_whole(data[name], name, file=file, minimum=0, maximum=most)
    every, shown_for = values.get("rules_every_seconds", 0), values.get("rules_for_seconds", 20)
    if every and shown_for >= every:
        raise FileRefused(f"is {shown_for} s, every {every} s: the house rules page would never leave the screen",
                          field="rules_for_seconds", file=file)
    cells = [_cell(item, i, values["columns"], values["rows"], file)
             for i, item in enumerate(check_list(data.get("cells", []), "cells", file=file, max_items=MAX_CELLS))]
    ids = [c.id for c in cells]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise FileRefused(f"name {limits.listed(twice)} more than once: each cell has a name of its own",
                          field="cells", file=file)
    values["cells"] = tuple(cells)
    values["overrides"] = _overrides(data.get("overrides", {}), {c.id: c for c in cells}, values, file)
    layout = ScreenLayout(**values, folder=str(folder) if folder else "")
    if check_pictures:
        check_layout_pictures(layout, file)
    return layout


def _colour(value: Any, name: str, file: str | None) -> str:
    text = check_string(value, name, file=file, max_length=20)
    if text and not _COLOUR.match(text):
        raise FileRefused(f"is {limits.shown(text)}: a colour is written #RRGGBB (#0b0f14)", field=name, file=file)
    return text


def _cell_values(item: Mapping[str, Any], where: str, file: str | None, *, partial: bool) -> dict[str, Any]:
    unknown = set(item) - set(_CELL_FIELDS)
    if unknown:
        raise FileRefused(f"{limits.listed(unknown)} {'is' if len(unknown) == 1 else 'are'} not a property of a "
                          "cell", field=where, file=file)
    values: dict[str, Any] = {}
    for name, value in item.items():
        at = f"{where} {name}" if where.startswith("cell ") else f"{where}.{name}"
        if name == "id":
            text = check_string(value, at, file=file, max_length=40)
            if not _CELL_ID.match(text):
                raise FileRefused(f"is {limits.shown(text)}: a cell's name is letters, digits, - and _", field=at,
                                  file=file)
            values[name] = text
        elif name == "token":
            text = check_string(value, at, file=file, max_length=40)
            if text not in TOKENS:
                raise FileRefused(f"is {limits.shown(text)}, which is not a token a screen shows (the tokens are "
                                  f"{', '.join(TOKENS)})", field=at, file=file)
            values[name] = text
        elif name in ("x", "y", "w", "h", "rows"):
            values[name] = check_whole(value, at, file=file, minimum=0, maximum=MAX_GRID * 4)
        elif name == "size":
            values[name] = float(check_number(value, at, file=file, minimum=MIN_TEXT_SIZE, maximum=MAX_TEXT_SIZE))
        elif name in ("colour", "background"):
            values[name] = _colour(value, at, file)
        elif name == "align":
            if value not in ALIGNMENTS:
                raise FileRefused(f"is {limits.shown(value)}: left, center or right", field=at, file=file)
            values[name] = value
        elif name in ("bold", "hidden"):
            if not isinstance(value, bool):
                raise FileRefused(f"must be true or false, not {limits.shown(value)}", field=at, file=file)
            values[name] = value
        else:  # label, text, image
            values[name] = limits.check_text(check_string(value, at, file=file, max_length=1000), at)
    if not partial:
        missing = [name for name in ("id", "token", "x", "y", "w", "h") if name not in values]
        if missing:
            raise FileRefused(f"has no {limits.listed(missing)}", field=where, file=file)
    return values


def _cell(item: Any, index: int, columns: int, rows: int, file: str | None) -> Cell:
    where = f"cells[{index}]"
    item = check_table(item, where, file=file)
    if isinstance(item.get("id"), str):
        where = f"cell {item['id']!r}"
    cell = Cell(**_cell_values(item, where, file, partial=False))
    _check_place(cell, columns, rows, where, file)
    return cell


def _check_place(cell: Cell, columns: int, rows: int, where: str, file: str | None) -> None:
    if cell.w < 1 or cell.h < 1:
        raise FileRefused(f"is {cell.w} by {cell.h}: a cell spans at least one column and one row", field=where,
                          file=file)
    if cell.x + cell.w > columns or cell.y + cell.h > rows:
        raise FileRefused(f"goes off the grid: columns {cell.x}-{cell.x + cell.w - 1} and rows {cell.y}-"
                          f"{cell.y + cell.h - 1} of a grid of {columns} columns and {rows} rows", field=where,
                          file=file)


def _overrides(data: Any, cells: Mapping[str, Cell], layout: Mapping[str, Any],
               file: str | None) -> dict[str, dict[str, Any]]:
    data = check_table(data, "overrides", file=file)
    result: dict[str, dict[str, Any]] = {}
    for mode, override in data.items():
        if mode not in MODES:
            raise FileRefused(f"is not a moment a layout changes for (break, final_table or end)",
                              field=f"overrides.{mode}", file=file)
        override = check_table(override, f"overrides.{mode}", file=file)
        values: dict[str, Any] = {}
        for name, value in override.items():
            at = f"overrides.{mode}.{name}"
            if name in ("background", "label_colour", "accent"):
                values[name] = _colour(value, at, file)
            elif name == "background_image":
                values[name] = check_string(value, at, file=file, max_length=1000)
            elif name == "cells":
                changed: dict[str, dict[str, Any]] = {}
                for cell_id, props in check_table(value, at, file=file).items():
                    if cell_id not in cells:
                        raise FileRefused(f"names no cell of the layout (the cells are {', '.join(cells)})",
                                          field=f"{at}.{cell_id}", file=file)
                    props = _cell_values(check_table(props, f"{at}.{cell_id}", file=file), f"{at}.{cell_id}",
                                         file, partial=True)
                    if "id" in props:
                        raise FileRefused("cannot rename a cell", field=f"{at}.{cell_id}", file=file)
                    _check_place(replace(cells[cell_id], **props), layout["columns"], layout["rows"],
                                 f"{at}.{cell_id}", file)
                    changed[cell_id] = props
                values["cells"] = changed
            else:
                raise FileRefused("is not something a layout changes for a moment (background, background_image, "
                                  "label_colour, accent, cells)", field=at, file=file)
        result[mode] = values
    return result


def check_layout_pictures(layout: ScreenLayout, file: str | None = None) -> None:
    """Every picture the layout names is a file that is there (the background, the logo, each image cell)."""
    named: list[tuple[str, str]] = [("background_image", layout.background_image), ("logo", layout.logo)]
    for cell in layout.cells:
        if cell.token == "image":
            if not cell.image:
                raise FileRefused("is an image cell with no picture: name its file (image = \"logo.png\")",
                                  field=f"cell {cell.id!r}", file=file)
            named.append((f"cell {cell.id!r}", cell.image))
    for mode, override in layout.overrides.items():
        named.append((f"overrides.{mode}.background_image", override.get("background_image", "")))
        for cell_id, props in override.get("cells", {}).items():
            named.append((f"overrides.{mode}.cells.{cell_id}", props.get("image", "")))
    for where, name in named:
        path = layout.picture_path(name)
        if path is None:
            continue
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            raise FileRefused(f"names {limits.shown(name)}, which is not a picture (PNG, JPEG, SVG, GIF, BMP or WebP)",
                              field=where, file=file)
        if not path.is_file():
            raise FileRefused(f"names the picture {limits.shown(name)}, which is not there ({path})", field=where,
                              file=file)


def read_layout(path: str | Path) -> ScreenLayout:
    """A layout file (.toml or .json), refused naming the file, the field and the problem."""
    path = Path(path)
    text = read_text(path)
    name = path.name
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise FileRefused(f"the file is not valid JSON: {error}", file=name) from None
    else:
        data = parse_toml(text, file=name)
    return layout_from_dict(data, file=name, folder=path.parent)


# ----- writing -------------------------------------------------------------------------------------------------

def layout_to_toml(layout: ScreenLayout) -> str:
    """The layout as the TOML document a room file holds (pictures as the paths the layout names them)."""
    data = layout.to_dict()
    cells = data.pop("cells")
    overrides = data.pop("overrides", {})
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items()]
    for cell in cells:
        lines += ["", "[[cells]]", *(f"{key} = {_toml_value(value)}" for key, value in cell.items())]
    for mode, override in overrides.items():
        lines += ["", f"[overrides.{mode}]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in override.items() if key != "cells"]
        for cell_id, props in override.get("cells", {}).items():
            lines += [f"cells.{cell_id} = {{ {', '.join(f'{k} = {_toml_value(v)}' for k, v in props.items())} }}"]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)


# ----- the shipped layouts and the room's own ------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutInfo:
    key: str      # "dark_classic" (shipped) or "room:friday" (the room's own)
    title: str
    room: bool
    path: Path


def shipped_folder() -> Path:
    return resources_root() / "layouts"


class LayoutLibrary:
    """The shipped layouts and the room's own (``folder``: the room's layouts folder; None: the shipped ones)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None

    def layouts(self) -> list[LayoutInfo]:
        found = [LayoutInfo(p.stem, read_layout(p).name, False, p) for p in sorted(shipped_folder().glob("*.toml"))]
        if self.folder is not None and self.folder.is_dir():
            for path in sorted(self.folder.glob("*.toml")):
                try:
                    title = read_layout(path).name
                except DomainError:
                    continue  # a damaged room file is not offered; importing it again says what is wrong
                found.append(LayoutInfo(ROOM_PREFIX + path.stem, title, True, path))
        return found

    def path_of(self, key: str) -> Path:
        if key.startswith(ROOM_PREFIX):
            stem = key[len(ROOM_PREFIX):]
            if self.folder is None or not _ROOM_KEY.match(stem):
                raise DomainError(f"there is no room layout {limits.shown(key)}")
            path = self.folder / f"{stem}.toml"
        else:
            if not _ROOM_KEY.match(key):
                raise DomainError(f"there is no screen layout {limits.shown(key)}")
            path = shipped_folder() / f"{key}.toml"
        if not path.is_file():
            raise DomainError(f"the screen layout {limits.shown(key)} is not there (was its file removed?)")
        return path

    def load(self, key: str) -> ScreenLayout:
        return read_layout(self.path_of(key))

    def save(self, layout: ScreenLayout) -> str:
        """Save ``layout`` as the room's own, under a file named after it; its key ("room:...")."""
        if self.folder is None:
            raise DomainError("the room's layouts are kept beside the database: open a tournament first")
        layout_from_dict(layout.to_dict(), folder=Path(layout.folder) if layout.folder else None)
        stem = re.sub(r"[^\w-]+", "-", layout.name.strip().lower()).strip("-")[:80] or "layout"
        self.folder.mkdir(parents=True, exist_ok=True)
        pictures_absolute = _with_absolute_pictures(layout)
        (self.folder / f"{stem}.toml").write_text(layout_to_toml(pictures_absolute), encoding="utf-8")
        return ROOM_PREFIX + stem

    def import_file(self, path: str | Path) -> str:
        """Read a layout file (refused naming the problem) and keep it as the room's own; its key."""
        return self.save(read_layout(path))


def export_layout(layout: ScreenLayout, path: str | Path) -> Path:
    """Write ``layout`` to a TOML file the director chose (".toml" added when missing)."""
    path = Path(path)
    if path.suffix.lower() != ".toml":
        path = path.with_name(path.name + ".toml")
    try:
        path.write_text(layout_to_toml(_with_absolute_pictures(layout)), encoding="utf-8")
    except (OSError, ValueError) as error:
        raise DomainError(f"{limits.shown(path.name)} could not be written ({error})") from None
    return path


def _with_absolute_pictures(layout: ScreenLayout) -> ScreenLayout:
    """Pictures named relative to the file they were read from, named by their full path (a copy goes elsewhere)."""
    def whole(name: str) -> str:
        path = layout.picture_path(name)
        return str(path) if path is not None else ""
    cells = tuple(replace(c, image=whole(c.image)) if c.image else c for c in layout.cells)
    return replace(layout, cells=cells, logo=whole(layout.logo), background_image=whole(layout.background_image))


def rules_page(layout: ScreenLayout) -> ScreenLayout:
    """The house rules as a page of their own, in the layout's colours: the name and the clock above the rules."""
    text = next((c.colour for c in layout.cells if c.token == "clock"), "#f2f4f7")
    return replace(layout, columns=24, rows=12, overrides={}, cells=(
        Cell("rules-title", "text", 0, 0, 16, 2, size=0.6, colour=layout.label_colour, align="left",
             text="HOUSE RULES"),
        Cell("rules-clock", "clock", 16, 0, 8, 2, size=0.8, colour=text, align="right"),
        Cell("rules", "rules", 0, 2, 24, 10, size=0.8, colour=text, align="left", bold=False, rows=12),
    ))


def rules_page_due(layout: ScreenLayout, now_seconds: float) -> bool:
    """Whether the rotating house rules page is up at ``now_seconds`` (the same rule on the projector and the TV:
    the first ``rules_for_seconds`` of every ``rules_every_seconds``, counted from the epoch)."""
    if not layout.rules_text.strip() or layout.rules_every_seconds <= 0:
        return False
    return int(now_seconds) % layout.rules_every_seconds < min(layout.rules_for_seconds,
                                                                layout.rules_every_seconds)


# ----- the tournament's choice ---------------------------------------------------------------------------------

_loaded: dict[Path, tuple[float, ScreenLayout]] = {}  # a layout file read once until it changes


def room_library(session: Any) -> LayoutLibrary:
    """The shipped layouts and the room's own, kept in the templates folder beside the database."""
    folder = session.templates.folder if session is not None else None
    return LayoutLibrary(folder / "layouts" if folder is not None else None)


def chosen_key(session: Any) -> str:
    settings = getattr(session, "settings", None) if session is not None else None
    return settings.settings.screen_layout if settings is not None else ""


def chosen_layout(session: Any) -> ScreenLayout | None:
    """The layout the tournament in front of the director chose; None for the program's own screen (or when its
    file is gone or no longer reads: the screens keep showing, the console's Screen layouts dialog says why)."""
    key = chosen_key(session)
    if not key:
        return None
    try:
        return load_cached(room_library(session).path_of(key))
    except (DomainError, OSError):
        return None


def chosen_problem(session: Any) -> str:
    """Why the tournament's chosen layout is not drawn ("" when it is, or when none is chosen)."""
    key = chosen_key(session)
    if not key:
        return ""
    try:
        load_cached(room_library(session).path_of(key))
    except (DomainError, OSError) as error:
        return str(error)
    return ""


def load_cached(path: Path) -> ScreenLayout:
    stamp = path.stat().st_mtime
    known = _loaded.get(path)
    if known is None or known[0] != stamp:
        known = (stamp, read_layout(path))
        _loaded[path] = known
    else:
        check_layout_pictures(known[1], path.name)  # a picture may have gone since the file was read
    return known[1]
