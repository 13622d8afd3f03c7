"""Which modules the build compiles with mypyc, and which of them this process runs compiled.

The build (setup.py) compiles these where a C compiler is present; elsewhere, or with
``CROUPIER_PURE=1``, the same modules run as Python with the same behaviour. Standard library
only: setup.py and ./dev read this file before croupier is installed.
"""

from __future__ import annotations

import importlib
from pathlib import Path

# The pure-Python hot path of a round, of a table and its seat views, and of a hand-history
# replay. Modules with numba kernels stay Python (numba compiles them itself); so does
# croupier.cards (Card subclasses int, which mypyc does not compile).
MODULES = (
    "croupier.round.commands",
    "croupier.rules.commission",
    "croupier.round.config",
    "croupier.round.engine",
    "croupier.round.rulings_fold",
    "croupier.round.betting",
    "croupier.round.dealing",
    "croupier.round.showdown",
    "croupier.round.settle",
    "croupier.round.streets",
    "croupier.round.events",
    "croupier.round.games",
    "croupier.rules.rulebook",
    "croupier.rules.rulings",
    "croupier.round.structures",
    "croupier.shoe",
    "croupier.hands.evaluate",
    "croupier.histories.phh",
    "croupier.histories.phh_actions",
    "croupier.histories.phh_replay",
    "croupier.round.wellformed",
    "croupier.table.table",
    "croupier.table.button",
    "croupier.table.events",
    "croupier.table.absence",
    "croupier.table.history",
    "croupier.table.stakes",
    "croupier.table.seats",
    "croupier.table.planning",
    "croupier.table.round_plans",
    "croupier.table.seat_plans",
    "croupier.sim.bots",
    "croupier.sim.simulate",
    "croupier.views",
    "croupier.narration.lines",
    "croupier.service.projection",
    "croupier.service.contract",
    "croupier.service.store.codec",
)


def sources(root: Path = Path("src")) -> list[str]:
    """The source file of each module, relative to the directory holding ``croupier``."""
    return [str(root.joinpath(*m.split("."))) + ".py" for m in MODULES]


def running_compiled() -> list[str]:
    """The modules of :data:`MODULES` this process imported as compiled extensions."""
    out = []
    for m in MODULES:
        f = getattr(importlib.import_module(m), "__file__", None) or ""
        if not f.endswith(".py"):
            out.append(m)
    return out
