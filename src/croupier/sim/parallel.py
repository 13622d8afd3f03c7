"""Chunked simulations in this process or on Dask: a local cluster of ``--workers N``
processes, or any Dask scheduler by address (``--scheduler tcp://host:8786``).

The work is a list of chunks, each a call of one module-level function with its own
arguments (its own derived seed among them, :mod:`croupier.sim.seeds`); the results come back
in chunk order whatever order the workers finish in, so a result depends on the chunks alone,
never on how many workers played them. Dask is an optional extra (``croupier[dask]``) imported
only here and only when a cluster is asked for; the simulations themselves never import it.
"""

from __future__ import annotations

import logging
import sys
import uuid
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, TypeVar

R = TypeVar("R")

#: How long a client waits for a scheduler named by address before giving up.
CONNECT_TIMEOUT = "5s"


class ClusterError(Exception):
    """The cluster asked for cannot be had (no scheduler at that address): one line."""


@dataclass(frozen=True)
class Cluster:
    """Where chunks run: ``workers`` local worker processes, or the scheduler at ``scheduler``."""

    workers: int | None = None
    scheduler: str | None = None

    @classmethod
    def of(cls, workers: int | None, scheduler: str | None) -> Cluster | None:
        """The cluster the options ask for (None: in this process); ValueError names the
        option at fault."""
        if workers is not None and scheduler is not None:
            raise ValueError("choose one of --workers and --scheduler")
        if workers is not None and workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        if scheduler is not None and not scheduler.strip():
            raise ValueError("--scheduler needs an address, such as tcp://127.0.0.1:8786")
        if workers is None and scheduler is None:
            return None
        return cls(workers, scheduler.strip() if scheduler is not None else None)

    def describe(self) -> str:
        if self.scheduler is not None:
            return f"Dask scheduler {self.scheduler}"
        return f"{self.workers} local Dask worker{'s' if self.workers != 1 else ''}"


def run_chunks(
    fn: Callable[..., R],
    common: tuple[Any, ...],
    chunks: Sequence[tuple[Any, ...]],
    cluster: Cluster | None = None,
    progress: Callable[[int], None] | None = None,
    weights: Sequence[int] | None = None,
) -> list[R]:
    """``fn(*common, *chunk)`` for every chunk, in chunk order. ``common`` is sent to each
    worker once; ``progress`` is told each chunk's weight (default 1) as it completes."""
    weigh = list(weights) if weights is not None else [1] * len(chunks)
    if len(weigh) != len(chunks):
        raise ValueError(f"{len(weigh)} weights for {len(chunks)} chunks")
    if cluster is None:
        out = []
        for chunk, w in zip(chunks, weigh, strict=True):
            out.append(fn(*common, *chunk))
            if progress is not None:
                progress(w)
        return out
    return _on_dask(fn, common, chunks, cluster, progress, weigh)


def _on_dask(
    fn: Callable[..., R],
    common: tuple[Any, ...],
    chunks: Sequence[tuple[Any, ...]],
    cluster: Cluster,
    progress: Callable[[int], None] | None,
    weights: list[int],
) -> list[R]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        print(
            "croupier: error: --workers and --scheduler run on Dask, which is not installed: "
            "pip install 'croupier[dask]'",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    with ExitStack() as stack:
        if cluster.scheduler is not None:
            try:
                client = stack.enter_context(Client(cluster.scheduler, timeout=CONNECT_TIMEOUT))
            except (OSError, ValueError, TypeError) as e:
                why = " ".join(str(e).split()) or type(e).__name__
                raise ClusterError(f"--scheduler {cluster.scheduler}: {why}") from e
        else:
            local = stack.enter_context(
                LocalCluster(
                    n_workers=cluster.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            )
            client = stack.enter_context(Client(local))
        # each common argument wrapped in a list: scatter would split a list of its own
        shared = [client.scatter([x], broadcast=True, hash=False)[0] for x in common]
        run = uuid.uuid4().hex[:12]
        futures = [
            client.submit(fn, *shared, *chunk, key=f"croupier-{run}-{i}", pure=False)
            for i, chunk in enumerate(chunks)
        ]
        where = {f.key: i for i, f in enumerate(futures)}
        results: dict[int, R] = {}
        for f in as_completed(futures):
            i = where[f.key]
            results[i] = f.result()
            if progress is not None:
                progress(weights[i])
        return [results[i] for i in range(len(chunks))]
