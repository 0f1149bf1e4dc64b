"""``pip install .`` (not editable) gives a program that runs: the wheel carries everything the program reads at run
time, the data files (structures, payout tables, sounds, icons, themes) and the database migrations.

The wheel is built from a copy of the package (so only what the package holds can end up in it), installed with
pip into a folder of its own, and used from a folder outside the checkout: a payout is computed with no
site-packages at all, and the program's smoke test runs on the installed copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
RESOURCES = PROJECT / "resources"
MIGRATIONS = PROJECT / "tournament_director" / "store" / "migrations"

PAYOUT = """
import sys
import tournament_director
from tournament_director.domain.money.payouts import load_payout_table, prizes_from_percentages
from tournament_director.resources import resource_path
assert tournament_director.__file__.startswith(sys.argv[1]), tournament_director.__file__
table = load_payout_table(resource_path("payouts", "standard.toml"))
print(prizes_from_percentages(20_000, table.percentages_for(40), unit=5))
"""

SMOKE = """
import sys
import tournament_director
assert tournament_director.__file__.startswith(sys.argv[1]), tournament_director.__file__
from tournament_director.__main__ import main
sys.exit(main(["--smoke-test"]))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the sources, installed by pip into a folder of its own."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(PROJECT / name, source / name)
    for folder in ("tournament_director", "resources"):
        shutil.copytree(PROJECT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc",
                                                                                         "*.egg-info"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                            str(source), "-w", str(work / "dist")], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-3000:]
    [wheel] = (work / "dist").glob("tournament_director-*.whl")
    target = work / "site"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                              "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-3000:]
    with zipfile.ZipFile(wheel) as archive:
        (target / "wheel-contents.txt").write_text("\n".join(archive.namelist()), encoding="utf-8")
    return target


def files_under(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_wheel_carries_every_data_file_and_every_migration(installed: Path) -> None:
    package = installed / "tournament_director"
    assert files_under(RESOURCES), "no data files in the checkout"
    assert files_under(RESOURCES) <= files_under(package / "data")  # the build maps resources/ into the package
    scripts = {name for name in files_under(MIGRATIONS) if name.endswith((".py", ".ini"))}  # what Alembic runs
    assert scripts and scripts <= files_under(package / "store" / "migrations")


def test_a_payout_is_computed_from_the_installed_wheel_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    """The first payout calculation used to raise FileNotFoundError: the payout table was not in the wheel."""
    result = subprocess.run([sys.executable, "-S", "-c", PAYOUT, str(installed)], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, env={"PYTHONPATH": str(installed), "PATH": os.environ["PATH"]})
    assert result.returncode == 0, result.stderr[-3000:]
    prizes = [int(p) for p in result.stdout.strip().strip("[]").split(",")]
    assert sum(prizes) == 20_000 and prizes == sorted(prizes, reverse=True) and len(prizes) > 1


def test_the_program_starts_from_the_installed_wheel(installed: Path, tmp_path: Path) -> None:
    """Both windows are built on a new database (the migrations read from the wheel), outside the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "PYTHONPATH")}
    env |= {"PYTHONPATH": str(installed), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", SMOKE, str(installed)], cwd=tmp_path, capture_output=True,
                            text=True, timeout=180, env=env)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert "smoke test passed" in result.stdout
