"""The program finds its data files (structures, payout tables, sounds, icons, themes) through one function,
both from a source checkout and from an installed (frozen) bundle. A card room's install that cannot find a
structure or a payout table cannot run a tournament, so every shipped file must be reachable."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tournament_director.resources import resource_path, resources_root

CHECKOUT_RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def shipped_files(root: Path) -> list[Path]:
    """Every file under ``root``, relative to it."""
    return sorted(path.relative_to(root) for path in root.rglob("*") if path.is_file())


def test_resources_root_is_the_checkouts_resources_folder() -> None:
    assert not getattr(sys, "_MEIPASS", None)
    assert resources_root() == CHECKOUT_RESOURCES


def test_the_application_icon_ships_as_a_drawing_and_in_desktop_sizes() -> None:
    """The desktop entry, the AppImage and the window title bars all use these files."""
    assert resource_path("icons", "tournament-director.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    for size in (16, 32, 48, 64, 128, 256):
        png = resource_path("icons", f"tournament-director-{size}.png").read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n"), f"{size}px icon is not a PNG"


def test_every_data_file_is_reachable_from_a_source_checkout() -> None:
    files = shipped_files(CHECKOUT_RESOURCES)
    assert files, "resources/ holds no files at all"
    for relative in files:
        found = resource_path(*relative.parts)
        assert found.resolve() == (CHECKOUT_RESOURCES / relative).resolve()


def test_every_data_file_is_reachable_from_a_frozen_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PyInstaller one-folder bundle unpacks the data files under sys._MEIPASS/resources."""
    bundle_internal = tmp_path / "TournamentDirector" / "_internal"
    shutil.copytree(CHECKOUT_RESOURCES, bundle_internal / "resources")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle_internal), raising=False)

    assert resources_root() == bundle_internal / "resources"
    files = shipped_files(CHECKOUT_RESOURCES)
    for relative in files:
        found = resource_path(*relative.parts)
        assert found.is_relative_to(bundle_internal), f"{relative} was found outside the bundle: {found}"
        assert found.read_bytes() == (CHECKOUT_RESOURCES / relative).read_bytes()


def test_a_file_missing_from_the_bundle_is_reported_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken install says which file is missing and where it looked, instead of failing later."""
    bundle_internal = tmp_path / "_internal"
    (bundle_internal / "resources" / "structures").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle_internal), raising=False)

    with pytest.raises(FileNotFoundError) as refused:
        resource_path("structures", "no-such-structure.toml")
    message = str(refused.value)
    assert "structures/no-such-structure.toml" in message
    assert str(bundle_internal / "resources") in message
