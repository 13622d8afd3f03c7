"""The mypyc build: the list the build reads names real modules, a machine with a C compiler
runs them compiled (the build falls back to Python silently, so a failing build would go
unnoticed), and no compiled module is older than its source (an edited module must be rebuilt
before it is tested)."""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import sysconfig
from pathlib import Path

import pytest

from croupier.compiled import running_compiled, sources

SRC = Path(__file__).resolve().parents[1] / "src"


def test_every_listed_module_exists_as_source() -> None:
    missing = [s for s in sources(SRC) if not Path(s).is_file()]
    assert not missing, f"croupier.compiled lists modules with no source: {missing}"


@pytest.mark.skipif(
    os.environ.get("CROUPIER_PURE") == "1", reason="CROUPIER_PURE=1 asks for a Python build"
)
@pytest.mark.skipif(
    shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None,
    reason="no C compiler: croupier installs as plain Python",
)
def test_a_machine_with_a_compiler_runs_the_compiled_modules() -> None:
    """setup.py falls back to Python when mypyc refuses (its type check, a missing build
    dependency); where a compiler exists that fallback is a build failure to fix."""
    pure = sorted(
        set(importlib.import_module("croupier.compiled").MODULES) - set(running_compiled())
    )
    assert not pure, (
        f"running as Python although a C compiler is present: {pure}; "
        "`pip install -v -e .` shows why mypyc refused (look for 'croupier: building without')"
    )


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
