"""The mypyc build: the list the build reads names real modules, and no compiled module is
older than its source (an edited module must be rebuilt before it is tested)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from croupier.compiled import running_compiled, sources

SRC = Path(__file__).resolve().parents[1] / "src"


def test_every_listed_module_exists_as_source() -> None:
    missing = [s for s in sources(SRC) if not Path(s).is_file()]
    assert not missing, f"croupier.compiled lists modules with no source: {missing}"


def test_compiled_modules_are_not_stale() -> None:
    stale = []
    for m in running_compiled():
        so = Path(importlib.import_module(m).__file__ or "")
        py = SRC.joinpath(*m.split(".")).with_suffix(".py")
        if py.is_file() and py.stat().st_mtime > so.stat().st_mtime:
            stale.append(m)
    assert not stale, (
        f"compiled modules older than their sources: {stale}; "
        "rebuild with `./dev test` (or `pip install -e .`)"
    )


def test_no_compiled_function_reuses_an_exception_name_for_another_type() -> None:
    """mypyc gives a name one type per function: ``except A as e`` then ``except B as e``
    raises TypeError at run time when B is caught (seen in replay_files)."""
    clashes = []
    for path in sources(SRC):
        tree = ast.parse(Path(path).read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            seen: dict[str, str] = {}
            for node in ast.walk(fn):
                if isinstance(node, ast.ExceptHandler) and node.name:
                    kind = ast.unparse(node.type) if node.type else ""
                    if seen.setdefault(node.name, kind) != kind:
                        clashes.append(f"{path}:{node.lineno} {fn.name}: {node.name}")
    assert not clashes, clashes
