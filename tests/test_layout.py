"""The package's shape: no import circle, the core below the services, readable modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PKG = SRC / "croupier"
MAX_LINES = 800
#: modules allowed a little over the limit, each with its reason
OVER = {
    # one numba kernel: splitting it would cut the compiled replay loop in two
    "croupier.histories.fast.kernel": 850,
}
CORE = (
    "cards",
    "shoe",
    "fold",
    "hands",
    "rules",
    "round",
    "table",
    "floor",
    "tournament",
    "uth",
    "room",
    "views",
    "histories",
    "sim",
)


def _area(module: str) -> str:
    """``croupier.round.engine`` -> ``round``; the package itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _name(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


MODULES = {_name(p): p for p in PKG.rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """The croupier modules a module imports, when it is loaded or inside its functions (an
    import deferred to a function is a circle all the same, only hidden), but not under ``if
    TYPE_CHECKING`` (never run)."""
    tree = ast.parse(path.read_text())
    me = _name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If):
            test = node.test
            if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                for n in node.orelse:
                    visit(n)
                return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("croupier"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            if base.startswith("croupier"):
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    out.add(sub if sub in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in out if m in MODULES and m != me}


GRAPH = {m: _imports(p) for m, p in MODULES.items()}

#: Circles being taken apart on their own: each one here must be exactly as found (a circle
#: that grows, or a new one, fails). Emptied once they are gone.
KNOWN_PENDING: set[frozenset[str]] = set()


def _circles() -> list[frozenset[str]]:
    """The import circles: every set of modules that import each other, directly or not
    (the strongly connected components of more than one module, or a module that imports
    itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []

    def connect(m: str) -> None:
        index[m] = low[m] = len(index)
        stack.append(m)
        on.add(m)
        for n in sorted(GRAPH[m]):
            if n not in index:
                connect(n)
                low[m] = min(low[m], low[n])
            elif n in on:
                low[m] = min(low[m], index[n])
        if low[m] == index[m]:
            part = set()
            while True:
                n = stack.pop()
                on.discard(n)
                part.add(n)
                if n == m:
                    break
            if len(part) > 1 or m in GRAPH[m]:
                found.append(frozenset(part))

    for m in sorted(GRAPH):
        if m not in index:
            connect(m)
    return found


def _cycle() -> list[str] | None:
    """One circle not known to be pending, as a path of imports, if any."""
    for part in _circles():
        if part in KNOWN_PENDING:
            continue
        start = min(part)
        path, seen = [start], {start}
        while True:
            nxt = min(n for n in GRAPH[path[-1]] if n in part)
            if nxt in seen:
                return [*path[path.index(nxt) :], nxt]
            path.append(nxt)
            seen.add(nxt)
    return None


def test_no_import_circle() -> None:
    cycle = _cycle()
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_pending_circles_are_still_there() -> None:
    """A pending circle taken apart leaves this list."""
    gone = KNOWN_PENDING - set(_circles())
    assert not gone, (
        f"no longer circles, take them out of KNOWN_PENDING: {sorted(map(sorted, gone))}"
    )


def test_the_scan_sees_a_circle() -> None:
    GRAPH["croupier.cards"].add("croupier.round.engine")
    try:
        assert _cycle() is not None
    finally:
        GRAPH["croupier.cards"].discard("croupier.round.engine")


def test_the_scan_sees_an_import_inside_a_function() -> None:
    """How the circle ``cli/bench_cmd`` <-> ``bench_uth_cmd`` hid: the bot client imports the
    demo room only inside its functions."""
    assert "croupier.service.demo" in GRAPH["croupier.client"]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _area(m) in CORE))
def test_the_core_never_imports_the_services(module: str) -> None:
    bad = {m for m in GRAPH[module] if _area(m) in ("service", "cli", "bench", "web")}
    # function-level imports count too: scan every import in the file
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            ("croupier.service", "croupier.cli", "croupier.bench", "croupier.web")
        ):
            bad.add(node.module or "")
    assert not bad, f"{module} imports {sorted(bad)}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("croupier.rules")))
def test_the_rules_layer_imports_only_below_it(module: str) -> None:
    above = {m for m in GRAPH[module] if _area(m) not in ("rules", "cards", "hands", "fold")}
    assert not above, f"{module} imports {sorted(above)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_stay_readable(module: str) -> None:
    lines = len(MODULES[module].read_text().splitlines())
    assert lines <= OVER.get(module, MAX_LINES), f"{module}: {lines} lines"


#: The longest function (or method) the service may hold, in lines.
MAX_FUNCTION = 100
SERVICE = sorted(m for m in MODULES if m.startswith("croupier.service"))
#: service modules allowed a longer function, each with its reason
LONG: dict[str, str] = {}  # a module exempt, with the reason


def _long_functions(path: Path, limit: int = MAX_FUNCTION) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > limit:
                out.append(f"{node.name} ({length} lines)")
    return out


@pytest.mark.parametrize("module", [m for m in SERVICE if m not in LONG])
def test_no_service_function_is_over_a_hundred_lines(module: str) -> None:
    long = _long_functions(MODULES[module])
    assert not long, f"{module}: {', '.join(long)} over {MAX_FUNCTION} lines"


def test_the_scan_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION))
    f = tmp_path / "long.py"
    f.write_text(f"def f() -> None:\n{body}\n")
    assert _long_functions(f) == [f"f ({MAX_FUNCTION + 1} lines)"]
