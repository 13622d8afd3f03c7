"""Player strategies for Ultimate Texas Hold'em analysis: simple strategies read from a small
TOML file, and the optimal strategy's decision tables (cached on disk by the exact run).

A simple-strategy file (see ``examples/uth-wizard-simple.toml``)::

    name = "Wizard of Odds simple strategy"

    [preflop]                   # act-uth-2025 8.1
    play = 4                    # the Play multiple for the listed hands: 4 or 3
    hands = ["33+", "A2+", "K2s+", "K5o+"]

    [flop]                      # 8.3: Play 2x when any rule holds, else check
    two_pair_or_better = true   # the hole cards and flop make two pair or better
    hidden_pair_min_pocket = "3"  # a hole card pairs the flop, or a pocket pair 3s or higher
    four_flush_min_hidden = "T"   # four to a flush with a hole card T or higher of that suit

    [river]                     # 8.5: Play 1x when any rule holds, else fold
    hidden_pair_or_better = true  # a pocket pair, a hole card pairing the board, or a
                                  # better category than the board's own five cards
    dealer_outs_below = 21      # fewer unseen cards that, with the board, beat the player

Hand classes: ``AA``, ``AKs``, ``AKo``, ``AK`` (both); ``77+`` (sevens up); ``K5o+``, ``K5s+``
and ``K5+`` (the second card from 5 up to one below the first).
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.uth.analyze_setup import RANKS, hole_classes

#: The Play multiples before the flop: a strategy file is written for the standard book.
CLAUSE_PREFLOP = ACT_UTH_2025_RULES.preflop.multiples_clause


class StrategyError(ValueError):
    """A strategy file that cannot be read; the message names the field."""


@dataclass(frozen=True)
class SimpleStrategy:
    """Pre-flop hand classes to Play ``play`` x Ante, and the flop and river rules."""

    name: str
    play: int
    hands: frozenset[str]
    flop_two_pair_or_better: bool = False
    flop_hidden_pair_min_pocket: int | None = None  # rank index 0 (deuce) .. 12 (ace)
    flop_four_flush_min_hidden: int | None = None
    river_hidden_pair_or_better: bool = False
    river_dealer_outs_below: int = 0

    def preflop_table(self) -> npt.NDArray[np.uint8]:
        """The Play multiple (0: check) of every hole by pair index."""
        out = np.zeros(1326, dtype=np.uint8)
        for hand, holes in hole_classes().items():
            if hand in self.hands:
                out[list(holes)] = self.play
        return out

    def params(self) -> npt.NDArray[np.int64]:
        """The flop and river rules as the simulation kernel reads them (``P_*``)."""
        return np.array(
            [
                int(self.flop_two_pair_or_better),
                -1
                if self.flop_hidden_pair_min_pocket is None
                else self.flop_hidden_pair_min_pocket,
                -1 if self.flop_four_flush_min_hidden is None else self.flop_four_flush_min_hidden,
                int(self.river_hidden_pair_or_better),
                self.river_dealer_outs_below,
            ],
            dtype=np.int64,
        )


def expand_hands(spec: str) -> list[str]:
    """The hand classes a spec like ``AKs``, ``77+``, ``K5o+`` or ``A2+`` names."""
    s = spec.strip()
    plus = s.endswith("+")
    body = s[:-1] if plus else s
    suffix = body[2:] if len(body) > 2 else ""
    if len(body) not in (2, 3) or suffix not in ("", "s", "o"):
        raise ValueError(f"{spec!r} is not a hand class like AKs, 77+ or K5o+")
    if body[0] not in RANKS or body[1] not in RANKS:
        raise ValueError(f"{spec!r}: ranks are 2-9, T, J, Q, K, A")
    hi, lo = RANKS.index(body[0]), RANKS.index(body[1])
    if hi == lo:
        if suffix:
            raise ValueError(f"{spec!r}: a pair is neither suited nor offsuit")
        return [RANKS[r] * 2 for r in range(hi, 13 if plus else hi + 1)]
    if hi < lo:
        raise ValueError(f"{spec!r}: write the higher rank first")
    kinds = [suffix] if suffix else ["s", "o"]
    lows = range(lo, hi) if plus else range(lo, lo + 1)
    return [RANKS[hi] + RANKS[r] + k for r in lows for k in kinds]


def _rank(value: object, field: str) -> int:
    if not isinstance(value, str) or len(value) != 1 or value.upper() not in RANKS:
        raise StrategyError(f"{field}: {value!r} is not a rank (2-9, T, J, Q, K, A)")
    return RANKS.index(value.upper())


def _table(data: dict[str, Any], key: str, allowed: set[str]) -> dict[str, Any]:
    section = data.get(key, {})
    if not isinstance(section, dict):
        raise StrategyError(f"{key}: expected a table like [{key}]")
    unknown = sorted(set(section) - allowed)
    if unknown:
        raise StrategyError(
            f"{key}.{unknown[0]}: unknown field (known: {', '.join(sorted(allowed))})"
        )
    return section


def _bool(section: dict[str, Any], key: str, field: str) -> bool:
    v = section.get(key, False)
    if not isinstance(v, bool):
        raise StrategyError(f"{field}: expected true or false, not {v!r}")
    return v


def parse_strategy(text: str, source: str = "strategy") -> SimpleStrategy:
    """A :class:`SimpleStrategy` from TOML text; errors name the field at fault."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise StrategyError(f"{source}: not valid TOML: {e}") from e
    unknown = sorted(set(data) - {"name", "preflop", "flop", "river"})
    if unknown:
        raise StrategyError(f"{unknown[0]}: unknown field (known: name, preflop, flop, river)")
    name = data.get("name", source)
    if not isinstance(name, str) or not name:
        raise StrategyError(f"name: expected a non-empty string, not {name!r}")
    pre = _table(data, "preflop", {"play", "hands"})
    play = pre.get("play", 4)
    if play not in (3, 4) or isinstance(play, bool):
        raise StrategyError(
            f"preflop.play: {play!r} is not 3 or 4 times the ante ({CLAUSE_PREFLOP})"
        )
    hands_raw = pre.get("hands", [])
    if not isinstance(hands_raw, list):
        raise StrategyError('preflop.hands: expected a list of hand classes like "AKs"')
    hands: set[str] = set()
    for i, h in enumerate(hands_raw):
        if not isinstance(h, str):
            raise StrategyError(f"preflop.hands[{i}]: expected a string, not {h!r}")
        try:
            hands.update(expand_hands(h))
        except ValueError as e:
            raise StrategyError(f"preflop.hands[{i}]: {e}") from e
    flop = _table(
        data, "flop", {"two_pair_or_better", "hidden_pair_min_pocket", "four_flush_min_hidden"}
    )
    river = _table(data, "river", {"hidden_pair_or_better", "dealer_outs_below"})
    pocket = flop.get("hidden_pair_min_pocket")
    flush = flop.get("four_flush_min_hidden")
    outs = river.get("dealer_outs_below", 0)
    if not isinstance(outs, int) or isinstance(outs, bool) or not 0 <= outs <= 46:
        raise StrategyError(f"river.dealer_outs_below: expected a whole number 0-46, not {outs!r}")
    return SimpleStrategy(
        name=name,
        play=play,
        hands=frozenset(hands),
        flop_two_pair_or_better=_bool(flop, "two_pair_or_better", "flop.two_pair_or_better"),
        flop_hidden_pair_min_pocket=None
        if pocket is None
        else _rank(pocket, "flop.hidden_pair_min_pocket"),
        flop_four_flush_min_hidden=None
        if flush is None
        else _rank(flush, "flop.four_flush_min_hidden"),
        river_hidden_pair_or_better=_bool(
            river, "hidden_pair_or_better", "river.hidden_pair_or_better"
        ),
        river_dealer_outs_below=outs,
    )


def load_strategy(path: Path) -> SimpleStrategy:
    """Read a simple-strategy file (I/O at the edge; parsing is :func:`parse_strategy`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise StrategyError(f"{path}: cannot read: {e.strerror}") from e
    except UnicodeDecodeError as e:
        raise StrategyError(f"{path}: not UTF-8 text (byte {e.start})") from None
    return parse_strategy(text, path.name)


# --------------------------------------------------------------------------------------------
# The optimal strategy's tables, cached on disk


@dataclass(frozen=True)
class OptimalStrategy:
    """Optimal decisions for a Blind pay table: ``preflop[g]`` the Play multiple of hole ``g``
    (4, or 0 to check) and ``flop_raise[f, g]`` whether hole ``g`` plays 2x after canonical
    flop ``f``. The river is decided by counting the dealer's hands."""

    blind_spec: str
    preflop: npt.NDArray[np.uint8]
    flop_raise: npt.NDArray[np.uint8]


def _strategy_path(blind_spec: str) -> Path:
    from croupier.hands.tables import cache_dir

    here = Path(__file__).parent
    digest = hashlib.sha256()
    for name in ("analyze.py", "analyze_kernels.py", "analyze_setup.py"):
        digest.update((here / name).read_bytes())
    spec = blind_spec.replace(":", "_")
    return cache_dir() / f"uth-optimal-{spec}-{digest.hexdigest()[:12]}.npz"


def load_optimal(blind_spec: str) -> OptimalStrategy | None:
    """The cached optimal strategy for a Blind table, or ``None`` if it is not cached."""
    try:
        with np.load(_strategy_path(blind_spec)) as f:
            return OptimalStrategy(blind_spec, f["preflop"], f["flop_raise"])
    except (OSError, ValueError, KeyError):
        return None


def save_optimal(strategy: OptimalStrategy) -> None:
    """Cache an optimal strategy; an unwritable cache only costs a recomputation."""
    path = _strategy_path(strategy.blind_spec)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(tmp, preflop=strategy.preflop, flop_raise=strategy.flop_raise)
        os.replace(tmp, path)
    except OSError:
        pass
