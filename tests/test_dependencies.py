"""Everything the installed package imports comes from its own runtime dependencies.

A fresh ``pip install croupier`` (``./dev run``) has ``[project.dependencies]`` and what they
require, nothing of the extras: a module of ``src/croupier`` importing a third-party package
from elsewhere dies on a fresh machine (``croupier serve --bots`` once died at start with
``ModuleNotFoundError: httpx``, a test extra, and the room waited at "0 played"). The test
venv has every extra installed, so no other test can see this; this one reads the imports
(``ast``) and the declared dependencies (``tomllib``) instead of importing anything.

An import of a package that only an extra brings is allowed where its absence is handled:

* the import is in a ``try`` whose ``except ImportError`` says which extra to install, in one
  line (``pip install 'croupier[bench]'``), and exits 2 (``typer.Exit(2)`` or
  ``SystemExit(2)``);
* or it is a benchmark's optional peer, measured only where installed: the module asks
  ``importlib.util.find_spec`` for that very name (directly or through a helper of its own).
"""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "croupier"
PYPROJECT = ROOT / "pyproject.toml"


def normal(name: str) -> str:
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Import:
    path: Path
    line: int
    top: str  # the top-level module imported
    node: ast.Import | ast.ImportFrom
    tree: ast.Module  # the module's, where ``node`` is


def imports(root: Path = SRC) -> list[Import]:
    """Every absolute import in the package's modules, with its top-level module name."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
                out += [Import(path, node.lineno, top, node, tree) for top in tops]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.append(Import(path, node.lineno, node.module.split(".")[0], node, tree))
    return out


def declared() -> tuple[set[str], dict[str, set[str]]]:
    """The runtime dependencies' names, and each extra's."""
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    runtime = {normal(Requirement(r).name) for r in project["dependencies"]}
    extras = {
        extra: {normal(Requirement(r).name) for r in reqs}
        for extra, reqs in project.get("optional-dependencies", {}).items()
    }
    return runtime, extras


def closure(names: set[str]) -> set[str]:
    """``names`` and every distribution they require, as installed here (extras' requirements
    left out: a plain install does not bring them)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            reqs = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for text in reqs:
            r = Requirement(text)
            if r.marker is None or r.marker.evaluate({"extra": ""}):
                todo.append(normal(r.name))
    return seen


@functools.cache
def _packages() -> Mapping[str, list[str]]:
    """Each installed top-level module's distributions (read once: it reads every
    distribution's file list)."""
    return importlib.metadata.packages_distributions()


def distributions(top: str, known: set[str]) -> set[str]:
    """The distributions providing module ``top`` (by its installed files; a module not
    installed here, by the declared requirement of the same name)."""
    found = _packages().get(top)
    if found:
        return {normal(d) for d in found}
    return {normal(top)} & known


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = {"ImportError", "ModuleNotFoundError"}
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(k, ast.Name) and k.id in names for k in kinds)


def _exits_2(node: ast.AST) -> bool:
    """``raise typer.Exit(2)`` / ``SystemExit(2)`` (or ``code=2``) somewhere in ``node``."""
    for n in ast.walk(node):
        if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call):
            f = n.exc.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            args = [*n.exc.args, *(k.value for k in n.exc.keywords if k.arg == "code")]
            if name in ("Exit", "SystemExit") and any(
                isinstance(a, ast.Constant) and a.value == 2 for a in args
            ):
                return True
    return False


def _says(node: ast.AST, extra: str) -> bool:
    """A one-line message in ``node`` names the extra (``croupier[EXTRA]``)."""
    texts = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
    return any(isinstance(t, str) and f"[{extra}]" in t and "\n" not in t for t in texts)


def handled_by_try(imp: Import, extra: str) -> bool:
    """The import is in a ``try`` whose ImportError handler names the extra and exits 2."""
    for node in ast.walk(imp.tree):
        if isinstance(node, ast.Try) and any(
            imp.node is n for stmt in node.body for n in ast.walk(stmt)
        ):
            for handler in node.handlers:
                if _catches_import_error(handler) and _exits_2(handler) and _says(handler, extra):
                    return True
    return False


def looked_up(imp: Import) -> bool:
    """The module asks ``find_spec`` for the imported name, directly or through a function of
    its own whose body calls ``find_spec``."""

    def name(call: ast.Call) -> str:
        f = call.func
        return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")

    tree = imp.tree
    finders = {"find_spec"} | {
        fn.name
        for fn in tree.body
        if isinstance(fn, ast.FunctionDef)
        and any(isinstance(n, ast.Call) and name(n) == "find_spec" for n in ast.walk(fn))
    }
    return any(
        isinstance(n, ast.Call)
        and name(n) in finders
        and any(isinstance(a, ast.Constant) and a.value == imp.top for a in n.args)
        for n in ast.walk(tree)
    )


def problems(root: Path = SRC) -> list[str]:
    """Every third-party import of the package not brought by a plain install and not
    handled as the module's docstring says."""
    runtime, extras = declared()
    installed = closure(runtime)
    known = runtime | {d for names in extras.values() for d in names}
    out = []
    for imp in imports(root):
        if imp.top in sys.stdlib_module_names or imp.top in ("croupier", "__future__"):
            continue
        where = f"{imp.path.relative_to(root.parent)}:{imp.line}: import {imp.top}"
        dists = distributions(imp.top, known)
        if not dists:
            out.append(f"{where}: no distribution provides it here, and none is declared")
            continue
        if dists & installed:
            continue
        in_extras = sorted(e for e, names in extras.items() if dists & names)
        if not in_extras:
            out.append(f"{where}: {sorted(dists)} is neither a dependency nor in an extra")
        elif not (any(handled_by_try(imp, e) for e in in_extras) or looked_up(imp)):
            out.append(
                f"{where}: {sorted(dists)} comes only with the extra(s) {in_extras}; add it"
                " to [project.dependencies], or catch ImportError there, name the extra in a"
                " one-line message and exit 2"
            )
    return out


def test_every_import_of_the_package_comes_with_a_plain_install() -> None:
    found = problems()
    assert not found, "\n".join(found)


def test_the_check_sees_an_import_of_an_extra(tmp_path: Path) -> None:
    """The check itself: an unguarded import of a test extra fails; guarded as the docstring
    says, it passes; a guard that exits 1 or names no extra does not count."""
    pkg = tmp_path / "croupier"
    pkg.mkdir()
    (pkg / "bare.py").write_text("import jsonschema\n")
    assert any("bare.py:1: import jsonschema" in p for p in problems(pkg))
    (pkg / "bare.py").write_text(
        "import typer\n"
        "def f() -> None:\n"
        "    try:\n"
        "        import jsonschema\n"
        "    except ImportError:\n"
        "        typer.echo(\"croupier: this needs jsonschema: pip install 'croupier[test]'\")\n"
        "        raise typer.Exit(2) from None\n"
    )
    assert problems(pkg) == []
    (pkg / "bare.py").write_text(
        "try:\n    import jsonschema\nexcept ImportError:\n    raise SystemExit(1)\n"
    )
    assert len(problems(pkg)) == 1
    (pkg / "bare.py").write_text(
        "try:\n    import jsonschema\nexcept ImportError:\n    raise SystemExit(2)\n"
    )
    assert len(problems(pkg)) == 1
    (pkg / "bare.py").write_text(
        "import importlib.util\n"
        "def _installed(n: str) -> bool:\n"
        "    return importlib.util.find_spec(n) is not None\n"
        "def peer() -> None:\n"
        "    import pokerkit\n"
        "def run() -> None:\n"
        "    if _installed('pokerkit'):\n"
        "        peer()\n"
    )
    assert problems(pkg) == []
    (pkg / "bare.py").write_text("import definitely_not_a_package_here\n")
    assert any("no distribution" in p for p in problems(pkg))
