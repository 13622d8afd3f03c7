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


def _top_level_imports(path: Path) -> set[str]:
    """The croupier modules a module imports when it is loaded (not inside functions, nor under
    ``if TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text())
    me = _name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                test = node.test
                if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                    visit(node.orelse)
                    continue
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name.startswith("croupier"))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                if not base.startswith("croupier"):
                    continue
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    out.add(sub if sub in MODULES else base)

    visit(tree.body)
    return {m for m in out if m in MODULES and m != me}


GRAPH = {m: _top_level_imports(p) for m, p in MODULES.items()}


def _cycle() -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(GRAPH[m]):
            if state.get(n) == 1:
                return [*stack[stack.index(n) :], n]
            if n not in state and (found := walk(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(GRAPH):
        if m not in state and (found := walk(m)):
            return found
    return None


def test_no_import_circle() -> None:
    cycle = _cycle()
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_scan_sees_a_circle() -> None:
    GRAPH["croupier.cards"].add("croupier.round.engine")
    try:
        assert _cycle() is not None
    finally:
        GRAPH["croupier.cards"].discard("croupier.round.engine")


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
LONG = {"croupier.service.bench": "the benchmark, on its way out of service/ (issue 28)"}


def _imports_anywhere(path: Path) -> set[str]:
    """The croupier modules a module imports, at its top or inside its functions (not under
    ``if TYPE_CHECKING``)."""
    out = set(_top_level_imports(path))
    me = _name(path)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            base = node.module or ""
            out.update(
                f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names
            )
    return {m for m in out if m in MODULES and m != me}


def test_no_import_circle_in_the_service_counting_imports_inside_functions() -> None:
    graph = {m: _imports_anywhere(MODULES[m]) for m in SERVICE}
    for a in SERVICE:
        for b in graph[a]:
            assert a not in graph.get(b, set()), f"import circle: {a} <-> {b}"
    state: dict[str, int] = {}

    def walk(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            assert state.get(n) != 1, "import circle: " + " -> ".join([*path, n])
            if n not in state:
                walk(n, [*path, n])
        state[m] = 2

    for m in SERVICE:
        if m not in state:
            walk(m, [m])


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
