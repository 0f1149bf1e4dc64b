"""Screen layouts as documents: the shipped ones read, a room's own saved, exported and imported again, a layout the
screens cannot draw refused naming the problem, and a tournament's choice recorded as a settings change (undone
like any other, there again after the file is opened again)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.screen_layouts import (
    TOKENS, LayoutLibrary, chosen_layout, export_layout, layout_to_toml, read_layout, room_library,
)
from tournament_director.services.screen_tokens import cell_texts, screen_figures, token_texts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from tournament_setup import open_session, running_tournament  # noqa: E402

SHIPPED = ("big_digits", "dark_classic", "light", "pko")
GOOD = """format = "tournament-director/screen-layout"
version = 1
name = "Friday"
columns = 12
rows = 6
rules_text = "No phones at the table.\\nEnglish only during a hand."
rules_every_seconds = 300

[[cells]]
id = "clock"
token = "clock"
x = 0
y = 0
w = 12
h = 4

[[cells]]
id = "line"
token = "text"
text = "Level {level}: {blinds}"
x = 0
y = 4
w = 12
h = 2
"""


def write(folder: Path, text: str, name: str = "layout.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_four_shipped_layouts_read_and_use_tokens_of_the_list() -> None:
    infos = LayoutLibrary(None).layouts()
    assert [i.key for i in infos] == list(SHIPPED)
    for info in infos:
        layout = read_layout(info.path)
        assert layout.cells and all(c.token in TOKENS for c in layout.cells)
        assert {"break", "end"} <= set(layout.overrides), info.key
        assert read_layout(info.path) == layout


@pytest.mark.parametrize(("change", "problem"), [
    (('token = "clock"', 'token = "clok"'), "cell 'clock' token is 'clok', which is not a token a screen shows"),
    (("w = 12\nh = 4", "w = 13\nh = 4"), "cell 'clock' goes off the grid"),
    (("w = 12\nh = 4", "w = 0\nh = 4"), "a cell spans at least one column and one row"),
    (("columns = 12", "columns = 5000"), "columns is too large (at most 48)"),
    (("[[cells]]\nid = \"clock\"", "[[cells]]\nsize = 40\nid = \"clock\""),
     "cell 'clock' size is too large (at most 1)"),
    (("version = 1", "version = 7"), "version is 7: this program reads screen layouts up to version 1"),
    (("version = 1\n", ""), "version is missing"),
    (('rules_every_seconds = 300', 'rules_every_seconds = 300\ncolour = "red"'),
     "colour is not part of a screen layout"),
    (('rules_every_seconds = 300', 'rules_every_seconds = 30\nrules_for_seconds = 30'),
     "rules_for_seconds is 30 s, every 30 s: the house rules page would never leave the screen"),
    (('text = "Level {level}: {blinds}"', 'image = "logo.png"\ntoken = "image"'), None),
    (('[[cells]]\nid = "line"', '[[cells]]\nid = "clock"'), "cells name clock more than once"),
    (('rules_every_seconds = 300', 'rules_every_seconds = 300\n[overrides.brake]'),
     "overrides.brake is not a moment a layout changes for"),
])
def test_a_layout_the_screens_cannot_draw_is_refused_naming_the_problem(tmp_path, change, problem) -> None:
    old, new = change
    text = GOOD.replace(old, new, 1)
    if problem is None:  # an image cell whose picture is not there; the token line comes twice: keep the image's
        text = text.replace('token = "text"\n', "", 1)
        problem = "cell 'line' names the picture 'logo.png', which is not there"
    path = write(tmp_path, text)
    with pytest.raises(DomainError) as refused:
        read_layout(path)
    assert problem in str(refused.value)
    assert str(refused.value).startswith("layout.toml: ")


def test_an_image_that_is_there_is_found_beside_the_layout_and_a_json_layout_reads_too(tmp_path) -> None:
    (tmp_path / "logo.png").write_bytes((Path(__file__).resolve().parents[2] / "resources" /
                                         "icons" / "tournament-director-64.png").read_bytes())
    text = GOOD.replace('token = "text"\ntext = "Level {level}: {blinds}"', 'token = "image"\nimage = "logo.png"')
    layout = read_layout(write(tmp_path, text))
    assert layout.picture_path(layout.cell("line").image) == tmp_path / "logo.png"
    import json
    data = layout.to_dict()
    again = read_layout(write(tmp_path, json.dumps(data), "layout.json"))
    assert again.cells == layout.cells


def test_a_room_layout_is_saved_exported_and_imported_again_with_its_rules(tmp_path) -> None:
    layout = read_layout(write(tmp_path, GOOD))
    library = LayoutLibrary(tmp_path / "room")
    key = library.save(layout)
    assert key == "room:friday"
    assert [i.key for i in library.layouts() if i.room] == ["room:friday"]
    assert library.load(key).rules_text == "No phones at the table.\nEnglish only during a hand."
    exported = export_layout(library.load(key), tmp_path / "shared")
    assert exported.name == "shared.toml"
    other = LayoutLibrary(tmp_path / "elsewhere")
    assert other.load(other.import_file(exported)).cells == layout.cells
    assert read_layout(exported).to_dict() == layout.to_dict()
    assert layout_to_toml(read_layout(exported)) == layout_to_toml(layout)


def test_the_tournament_chooses_its_layout_as_a_settings_change_undone_and_kept_across_a_restart(tmp_path) -> None:
    session = open_session(tmp_path)
    try:
        running_tournament(session)
        tournament_id = session.tournament_id
        assert chosen_layout(session) is None
        session.run(session.settings.change, {"screen_layout": "pko"})
        assert chosen_layout(session).name == "Bounty (PKO)"
        with pytest.raises(DomainError, match="is not the name of a screen layout"):
            session.run(session.settings.change, {"screen_layout": "../../etc/passwd"})
        room_key = room_library(session).save(read_layout(write(tmp_path, GOOD)))
        session.run(session.settings.change, {"screen_layout": room_key})
        assert chosen_layout(session).name == "Friday"
        session.run(session.undo)
        assert chosen_layout(session).name == "Bounty (PKO)"
    finally:
        session.close()
    session = open_session(tmp_path)
    try:
        session.select_tournament(tournament_id)
        assert chosen_layout(session).name == "Bounty (PKO)"
    finally:
        session.close()


def test_every_token_has_its_text_from_the_running_tournament(tmp_path) -> None:
    session = open_session(tmp_path)
    try:
        running_tournament(session)
        layout = read_layout(write(tmp_path, GOOD))
        texts = token_texts(screen_figures(session), layout)
        assert set(texts) >= set(TOKENS) - {"text", "image", "logo", "qr"}
        figures = session.floor_figures()
        assert texts["players"] == f"{figures.players_left} / {figures.entries}"
        assert texts["tables_left"] == "3" and texts["level"] == "LEVEL 1"
        level = session.clock.view().level
        assert cell_texts(layout, texts)["line"] == f"Level LEVEL 1: {level.small_blind:,} / {level.big_blind:,}"
        assert texts["rules"].startswith("No phones")
    finally:
        session.close()
