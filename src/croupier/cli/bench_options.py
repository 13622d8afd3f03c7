"""Options the benchmarks share, and how their figures are printed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

JsonOpt = Annotated[bool, typer.Option("--json", help="print JSON")]
BenchDb = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="PostgreSQL server URL (a fresh database is made on it and dropped); "
        "default: a temporary SQLite file",
    ),
]


def figure(value: object) -> str:
    """A benchmark's figure for a table: whole numbers with thousands separators, fractions to
    four significant figures, larger numbers to two places, lists and maps item by item."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        return f"{value:.2f}" if abs(value) >= 1 else f"{value:.4g}"
    if isinstance(value, (list, tuple)):
        return (
            " to ".join(figure(v) for v in value)
            if len(value) == 2
            else ", ".join(figure(v) for v in value)
        )
    if isinstance(value, dict):
        return ", ".join(f"{k} {figure(v)}" for k, v in value.items())
    return str(value)


def figures_table(result: dict[str, object]) -> str:
    """A benchmark's result as a two-column table of measures and rounded figures."""
    return table(
        ("measure", "value"), [(k.replace("_", " "), figure(v)) for k, v in result.items()]
    )


def table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], numbers: int = 1) -> str:
    """Rows under a header, columns padded; the last ``numbers`` columns right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    first = len(header) - numbers

    def line(r: tuple[str, ...]) -> str:
        cells = [
            c.ljust(w) if i < first else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *map(line, rows)])
