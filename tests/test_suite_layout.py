"""The tests' own shape: they sit in folders that mirror the package, what several of them share
lives in ``tests/support`` (or a ``conftest.py``), and no test module imports another."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PKG = TESTS.parent / "src" / "croupier"
#: folders of tests/ that are not a package's tests
NOT_A_PACKAGE = {"support", "data", "__pycache__"}
#: folders named for a part of a package rather than a top-level one
PARTS = {"store": "service/store"}
#: tests of the whole project, at the top of tests/
PROJECT = {"test_build.py", "test_dependencies.py", "test_layout.py", "test_suite_layout.py"}


def imports_of_tests(source: str) -> list[str]:
    """Every import of a test module in ``source``, at any depth (inside functions too)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        else:
            continue
        found += [n for n in names if any(p.startswith("test_") for p in n.split("."))]
    return found


MODULES = sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_test_module_imports_another() -> None:
    found = {
        str(p.relative_to(TESTS)): imports
        for p in MODULES
        if (imports := imports_of_tests(p.read_text(encoding="utf-8")))
    }
    assert len(MODULES) > 100
    assert not found, f"move what these import into tests/support/: {found}"


def test_the_scan_sees_a_test_import() -> None:
    source = "import os\nfrom support.web import Server\n\ndef f():\n    from test_room import x\n"
    assert imports_of_tests(source) == ["test_room", "test_room.x"]
    assert imports_of_tests("import test_table as t\n") == ["test_table"]


def test_each_folder_mirrors_a_part_of_the_package() -> None:
    for folder in sorted(p for p in TESTS.iterdir() if p.is_dir()):
        if folder.name in NOT_A_PACKAGE:
            continue
        part = PKG / PARTS.get(folder.name, folder.name)
        assert part.is_dir() or part.with_suffix(".py").is_file(), (
            f"tests/{folder.name}/ names no part of croupier"
        )
        assert any(folder.glob("test_*.py")), f"tests/{folder.name}/ holds no tests"


def test_only_the_whole_projects_tests_sit_at_the_top() -> None:
    top = {p.name for p in TESTS.glob("test_*.py")}
    assert top <= PROJECT, f"move {sorted(top - PROJECT)} into the folder of what they test"


def test_support_modules_hold_no_tests() -> None:
    for path in (TESTS / "support").rglob("*.py"):
        names = [
            n.name
            for n in ast.parse(path.read_text(encoding="utf-8")).body
            if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name.lower().startswith("test")
        ]
        assert not names, f"{path.relative_to(TESTS)} defines {names}: tests go in test modules"
        assert not path.name.startswith("test_"), path


#: what a test module builds only through tests/support (support/build.py, support/table.py)
BUILT_IN_SUPPORT = {
    "RoundConfig": "support.build.round_config",
    "Table": "support.table.make_table",
}


def built_by_hand(source: str) -> list[str]:
    """Each call in ``source`` that builds a round's config, or a table from a preset, itself."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name == "RoundConfig":
            found.append(f"RoundConfig (line {node.lineno})")
        elif name == "Table" and any(
            isinstance(a, ast.Call) and getattr(a.func, "id", "") == "preset" for a in node.args
        ):
            found.append(f"Table(preset(...)) (line {node.lineno})")
    return found


def test_rounds_and_tables_are_built_one_way() -> None:
    found = {
        str(p.relative_to(TESTS)): calls
        for p in MODULES
        if "support" not in p.parts
        and p.name != "conftest.py"
        and (calls := built_by_hand(p.read_text(encoding="utf-8")))
    }
    assert not found, f"build these with {BUILT_IN_SUPPORT}: {found}"


def test_the_scan_sees_a_round_or_table_built_by_hand() -> None:
    source = (
        "from croupier.round import RoundConfig\nimport croupier.round as r\n\n"
        "def f():\n    c = RoundConfig((1, 1), (0, 1), 1)\n"
        "    d = r.RoundConfig((1, 1), (0, 1), 1)\n"
        "    t = Table(preset('dunedin-house'))\n    u = Table(config)\n"
    )
    assert built_by_hand(source) == [
        "RoundConfig (line 5)",
        "RoundConfig (line 6)",
        "Table(preset(...)) (line 7)",
    ]
