"""Options the benchmarks share."""

from __future__ import annotations

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
