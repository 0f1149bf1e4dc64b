"""The Linux install recipe puts the program, its menu entry and its icon where a desktop finds them, and the
installer files agree on the program's name (a renamed executable would leave a Start-menu or menu shortcut
pointing at nothing). The bundle itself is built and smoke-tested by `make package` / `make package-test`."""

from __future__ import annotations

import configparser
import os
import re
import subprocess
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
INSTALLER = PROJECT_ROOT / "installer"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def read_desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # desktop entry keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


@pytest.fixture
def fake_bundle(tmp_path: Path) -> Path:
    """A stand-in for dist/TournamentDirector: a program that says where it runs from, and its library folder."""
    bundle = tmp_path / "dist" / "TournamentDirector"
    (bundle / "_internal" / "resources").mkdir(parents=True)
    (bundle / "_internal" / "resources" / "marker.txt").write_text("bundled", encoding="utf-8")
    program = bundle / "TournamentDirector"
    program.write_text('#!/bin/sh\necho "running from $(dirname "$(readlink -f "$0")")"\n', encoding="utf-8")
    program.chmod(0o755)
    return bundle


def run_install_script(*args: str, bundle: Path, home: Path) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": os.environ["PATH"], "HOME": str(home), "BUNDLE": str(bundle)}
    return subprocess.run(
        ["bash", str(INSTALLER / "install-linux.sh"), *args],
        env=environment, capture_output=True, text=True, timeout=60, check=False,
    )


def test_the_desktop_entry_launches_the_program_with_the_application_icon() -> None:
    entry = read_desktop_entry(INSTALLER / "tournament-director.desktop")
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Tournament Director"
    assert entry["Exec"] == "TournamentDirector"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    for size in ICON_SIZES:
        assert (PROJECT_ROOT / "resources" / "icons" / f"{entry['Icon']}-{size}.png").is_file()
    assert (PROJECT_ROOT / "resources" / "icons" / f"{entry['Icon']}.svg").is_file()


def test_installer_files_agree_on_the_program_and_bundle_names() -> None:
    spec = (INSTALLER / "tournament-director.spec").read_text(encoding="utf-8")
    inno = (INSTALLER / "tournament-director.iss").read_text(encoding="utf-8")
    makefile = (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8")

    app_name = re.search(r'^APP_NAME = "([^"]+)"', spec, re.MULTILINE).group(1)
    assert re.search(rf'^#define AppExeName "{app_name}\.exe"', inno, re.MULTILINE)
    assert re.search(rf'^#define BundleDir "\.\.\\dist\\{app_name}"', inno, re.MULTILINE)
    assert f"BUNDLE := dist/{app_name}\n" in makefile
    assert read_desktop_entry(INSTALLER / "tournament-director.desktop")["Exec"] == app_name


def test_windows_setup_has_a_start_menu_shortcut_and_an_uninstaller() -> None:
    inno = (INSTALLER / "tournament-director.iss").read_text(encoding="utf-8")
    icons_section = inno.split("[Icons]", 1)[1].split("\n[", 1)[0]
    assert re.search(r'^Name: "\{group\}\\\{#AppName\}"; Filename: "\{app\}\\\{#AppExeName\}"', icons_section, re.M)
    assert re.search(r'Filename: "\{uninstallexe\}"', icons_section)
    assert "Uninstallable=no" not in inno


def test_linux_install_gives_a_menu_entry_that_starts_the_installed_program(tmp_path: Path, fake_bundle: Path) -> None:
    prefix = tmp_path / "prefix"
    result = run_install_script(str(prefix), bundle=fake_bundle, home=tmp_path / "home")
    assert result.returncode == 0, result.stderr

    installed_entry = read_desktop_entry(prefix / "share" / "applications" / "tournament-director.desktop")
    assert installed_entry["TryExec"] == installed_entry["Exec"] == str(prefix / "bin" / "TournamentDirector")
    launched = subprocess.run([installed_entry["Exec"]], capture_output=True, text=True, timeout=30, check=True)
    assert launched.stdout.strip() == f"running from {prefix / 'lib' / 'TournamentDirector'}"
    assert (prefix / "lib" / "TournamentDirector" / "_internal" / "resources" / "marker.txt").read_text() == "bundled"
    for size in ICON_SIZES:
        icon = prefix / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{installed_entry['Icon']}.png"
        assert icon.read_bytes() == (PROJECT_ROOT / "resources" / "icons" / f"tournament-director-{size}.png").read_bytes()
    assert (prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / "tournament-director.svg").is_file()


def test_linux_uninstall_removes_the_program_and_nothing_else(tmp_path: Path, fake_bundle: Path) -> None:
    prefix = tmp_path / "prefix"
    neighbour = prefix / "share" / "applications" / "another-program.desktop"
    neighbour.parent.mkdir(parents=True)
    neighbour.write_text("[Desktop Entry]\nName=Another\n", encoding="utf-8")
    assert run_install_script(str(prefix), bundle=fake_bundle, home=tmp_path / "home").returncode == 0

    result = run_install_script("--uninstall", str(prefix), bundle=fake_bundle, home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    remaining = sorted(str(path.relative_to(prefix)) for path in prefix.rglob("*") if not path.is_dir())
    assert remaining == ["share/applications/another-program.desktop"]


def test_linux_install_without_a_built_bundle_says_to_build_it_first(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    result = run_install_script(str(prefix), bundle=tmp_path / "missing", home=tmp_path / "home")
    assert result.returncode != 0
    assert "make package" in result.stderr
    assert not (prefix / "lib" / "TournamentDirector").exists()


def test_appimage_layout_leaves_the_command_to_the_appimage_runtime(tmp_path: Path, fake_bundle: Path) -> None:
    """In an AppImage the menu entry may not name a path inside the image (it moves with the file)."""
    appdir_usr = tmp_path / "AppDir" / "usr"
    result = run_install_script("--appdir", str(appdir_usr), bundle=fake_bundle, home=tmp_path / "home")
    assert result.returncode == 0, result.stderr

    entry = read_desktop_entry(appdir_usr / "share" / "applications" / "tournament-director.desktop")
    assert entry["Exec"] == "TournamentDirector"
    assert "TryExec" not in entry
    assert os.access(appdir_usr / "bin" / "TournamentDirector", os.X_OK)
