"""``--workers N`` and ``--scheduler ADDRESS``: the options that run a command's simulation as
chunked Dask tasks (:mod:`croupier.sim.parallel`), with a progress bar on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer
from tqdm import tqdm

from croupier.cli.usage import fail
from croupier.sim.parallel import Cluster, ClusterError, run_chunks

R = TypeVar("R")

Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        metavar="N",
        help="run the chunks on a local Dask cluster of N worker processes (needs croupier[dask])",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="run the chunks on the Dask scheduler at ADDRESS, such as tcp://host:8786 "
        "(its workers need croupier installed)",
    ),
]


def cluster(workers: int | None, scheduler: str | None) -> Cluster | None:
    """The cluster the options ask for, or None (in this process); a bad value exits 2."""
    try:
        return Cluster.of(workers, scheduler)
    except ValueError as e:
        raise fail(str(e)) from e


def run_with_bar(
    fn: Callable[..., R],
    common: tuple[Any, ...],
    chunks: Sequence[tuple[Any, ...]],
    where: Cluster | None,
    weights: Sequence[int],
    unit: str,
    quiet: bool,
) -> list[R]:
    """:func:`run_chunks` with a tqdm bar of ``sum(weights)`` ``unit`` on a terminal's stderr;
    a scheduler that cannot be reached exits 2 with one line."""
    bar = tqdm(total=sum(weights), unit=unit, disable=quiet or not sys.stderr.isatty())
    try:
        return run_chunks(fn, common, chunks, where, bar.update, weights)
    except ClusterError as e:
        raise fail(str(e)) from e
    finally:
        bar.close()
