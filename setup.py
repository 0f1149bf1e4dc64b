"""The build maps the top-level ``resources/`` folder (structures, payout tables, screen layouts, sounds, icons,
themes) into the package as ``tournament_director/data/``, so a wheel carries every data file the program reads
(``tournament_director/resources.py`` finds them there; tests/test_wheel.py installs a wheel to prove it). The rest
of the build is declared in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RESOURCES = Path(__file__).resolve().parent / "resources"


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):  # an editable install reads them from the checkout
            shutil.copytree(RESOURCES, Path(self.build_lib) / "tournament_director" / "data", dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithResources})
