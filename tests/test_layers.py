"""The layers stay honest: import-linter's contracts in pyproject.toml (ui -> services -> store -> domain, the
domain without Qt or SQL, the rooms inside the domain) are checked on every run of the suite, and no module of
the package imports itself back through others."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

PROJECT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=PROJECT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "broken" in result.stdout and " 0 broken" in result.stdout


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every cycle of imports as the shortest way round, one per set of modules it passes through.

    The graph holds every import the code names: at module level, inside functions and under TYPE_CHECKING.
    """
    cycles: dict[frozenset[str], list[str]] = {}
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            way_back = graph.find_shortest_chain(importer=imported, imported=importer)
            if way_back is not None:
                cycle = [importer, *way_back]
                cycles.setdefault(frozenset(cycle), cycle)
    return sorted(cycles.values())


def test_no_module_imports_itself_back_through_others() -> None:
    graph = grimp.build_graph("tournament_director", cache_dir=None)
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_the_cycle_check_sees_imports_inside_functions_and_for_type_checking(tmp_path: Path,
                                                                              monkeypatch) -> None:
    package = tmp_path / "cycle_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def later():\n    from cycle_probe import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cycle_probe.c import C\n")
    (package / "c.py").write_text("import cycle_probe.a\nclass C: ...\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("cycle_probe", cache_dir=None)
    assert import_cycles(graph) == [["cycle_probe.a", "cycle_probe.b", "cycle_probe.c", "cycle_probe.a"]]
