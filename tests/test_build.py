"""The mypyc build: the list the build reads names real modules, a machine with a C compiler
runs them compiled (the build falls back to Python silently, so a failing build would go
unnoticed), and no compiled module is older than its source (an edited module must be rebuilt
before it is tested)."""

from __future__ import annotations

import ast
import importlib
import os
import re
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from croupier.compiled import running_compiled, sources

SRC = Path(__file__).resolve().parents[1] / "src"


def test_every_listed_module_exists_as_source() -> None:
    missing = [s for s in sources(SRC) if not Path(s).is_file()]
    assert not missing, f"croupier.compiled lists modules with no source: {missing}"


def test_the_build_requires_what_the_compiled_modules_import() -> None:
    """mypyc type-checks the compiled modules, and every croupier module they import, in the
    build's own environment, before the project's dependencies are installed: a library one
    of them imports that ``[build-system] requires`` lacks makes the whole build fall back
    to Python on a fresh machine (libraries mypy is told to ignore excepted)."""
    pyproject = tomllib.loads((SRC.parent / "pyproject.toml").read_text())
    required = {
        re.split(r"[<>=!~;\[ ]", r)[0].lower() for r in pyproject["build-system"]["requires"]
    }
    ignored = {
        m.split(".")[0]
        for o in pyproject["tool"]["mypy"]["overrides"]
        if o.get("ignore_missing_imports")
        for m in o["module"]
    }
    todo, seen, libraries = [Path(s) for s in sources(SRC)], set(), set()
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                top = name.split(".")[0]
                if top == "croupier":
                    module = SRC.joinpath(*name.split("."))
                    todo += [module.with_suffix(".py"), module / "__init__.py"]
                elif top not in sys.stdlib_module_names and top != "__future__":
                    libraries.add(top)
    missing = sorted(libraries - required - ignored)
    assert not missing, f"compiled modules import {missing}, which [build-system] lacks"


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
