"""Round-engine benchmark: croupier against pokerkit, in one run, as ratios.

Two workloads, the same for both engines:

* **Random rounds.** Six-max no-limit hold'em, blinds 50/100, each seat's stack drawn from
  2,000-20,000. A seeded :class:`random.Random` draws the stacks and every decision; the
  policy (:func:`choose`) never looks at the cards, so given the same seed both engines play
  the same decision sequence wherever their legal sets agree (the run checks this on a sample
  and reports it as ``same_actions``; they differ where every other live player is all-in or
  covered: croupier still offers a bet or raise, which is then returned uncalled, and pokerkit
  does not). The policy is showdown-heavy (about 98% of rounds), so hand evaluation and side
  pots are exercised. croupier runs in automatic mode, dealing from a seeded
  :class:`~croupier.shoe.Shoe` shuffled and cut for each round (the shuffle, cut and commitment
  are inside the timing); pokerkit deals from the deck it shuffles itself when the state is
  created, with every automation on. The cards therefore differ, not the work: both engines
  post the blinds, deal, run the betting, burn and deal the board, show down, evaluate the
  hands and pay the pots.
* **PHH replay.** The Pluribus corpus (six-max no-limit, ``../shared/phh/pluribus``). Files are
  parsed outside the timing. croupier runs what ``croupier phh replay`` runs on parsed
  histories (:func:`~croupier.histories.phh_replay.verify_histories`: the compiled batch replay of
  :mod:`croupier.histories.fast.batch` checks every action under the engine's rules and compares the
  recorded stacks; the engine replays any hand it does not confirm); pokerkit iterates the
  states of ``HandHistory.load``-ed ones (pokerkit parses each action string while it replays,
  since its loader keeps them as text). Parse plus replay is reported separately, and so is the
  round engine replaying hand by hand (``detail.phh_engine_replay_per_s``, ``--engine``).

pokerkit comes from the ``bench`` extra and is skipped when absent; it sees a prefix of the work
(time-boxed, one timed pass), croupier the whole of it (best of three). Without the corpus the
PHH rates are null and ``detail.phh_note`` says why. ``detail.rounds_per_s_preshuffled`` is
croupier's engine alone, its decks shuffled before the timing.
"""

from __future__ import annotations

import cProfile
import importlib.util
import io
import pstats
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from croupier.bench.timing import rate
from croupier.cards import Card, Deck
from croupier.compiled import running_compiled
from croupier.histories.phh import HandHistory, PhhError, load
from croupier.histories.phh_replay import ReplayError, Report, phh_files, replay, verify_histories
from croupier.round import BetRaise, CheckCall, Fold, Round, RoundConfig
from croupier.rules import DUNEDIN_HOUSE
from croupier.shoe import Shoe

SEATS = 6
BLINDS = (50, 100, 0, 0, 0, 0)
MIN_BET = 100
STACKS = (2_000, 20_000)

# The policy: cumulative probabilities of fold, check/call, min-raise, random raise (all-in
# takes the rest). Folding is never chosen when checking is free, and a raise that is not
# allowed becomes a check or call.
FOLD, CALL, MIN_RAISE, RAISE, ALL_IN = range(5)
_CUTS = (0.15, 0.70, 0.82, 0.95)

Trace = list[tuple[int, int, int]]  # (player, kind, to) per decision


def choose(rng: random.Random, owed: int, bounds: tuple[int, int] | None) -> tuple[int, int]:
    """One decision: ``(kind, to)``. ``owed``: chips a call adds (0: checking is free);
    ``bounds``: the smallest and largest "to" of a bet or raise, None when none is allowed.
    Always draws two numbers, so the stream stays aligned across engines."""
    u = rng.random()
    v = rng.random()
    kind = (
        FOLD
        if u < _CUTS[0]
        else CALL
        if u < _CUTS[1]
        else MIN_RAISE
        if u < _CUTS[2]
        else RAISE
        if u < _CUTS[3]
        else ALL_IN
    )
    if kind == FOLD:
        return (FOLD, 0) if owed else (CALL, 0)
    if kind == CALL or bounds is None:
        return CALL, 0
    lo, hi = bounds
    if kind == MIN_RAISE:
        return MIN_RAISE, lo
    if kind == ALL_IN:
        return ALL_IN, hi
    return RAISE, lo + int((hi - lo) * v * v)  # skewed towards small raises


def _stacks(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(*STACKS) for _ in range(SEATS))


def _round_rngs(n: int, seed: int) -> Iterator[random.Random]:
    """One generator per round (stacks, then decisions), so that a round where the engines'
    legal sets differ does not shift the rounds after it."""
    master = random.Random(seed)
    for _ in range(n):
        yield random.Random(master.getrandbits(64))


# ----------------------------------------------------------------------------------------
# croupier


def shuffled_decks(n: int, seed: int) -> list[tuple[Card, ...]]:
    """The dealing orders :func:`croupier_rounds` uses, made ahead of time."""
    shoe = Shoe(Deck.standard(), seed=seed)
    return [shoe.shuffle().order for _ in range(n)]


def croupier_rounds(
    n: int,
    seed: int,
    trace: list[Trace] | None = None,
    decks: Sequence[tuple[Card, ...]] | None = None,
) -> None:
    """Play ``n`` random rounds to the end in automatic mode, each dealt from a fresh shuffle
    of a seeded shoe (or from ``decks``, shuffled ahead of time)."""
    shoe = Shoe(Deck.standard(), seed=seed)
    for i, rng in enumerate(_round_rngs(n, seed)):
        order = shoe.shuffle().order if decks is None else decks[i]
        cfg = RoundConfig(stacks=_stacks(rng), blinds=BLINDS, min_bet=MIN_BET, deck_order=order)
        r = Round(cfg)
        t: Trace | None = [] if trace is not None else None
        while not r.is_over:
            la = r.legal_actions()
            assert la is not None, "an automatic round waits only for players"
            p = la.player
            bounds = None if la.min_raise_to is None else (la.min_raise_to, la.max_raise_to or 0)
            kind, to = choose(rng, la.call_amount, bounds)
            if kind == FOLD:
                r.apply(Fold(p))
            elif kind == CALL:
                r.apply(CheckCall(p))
            else:
                r.apply(BetRaise(p, to))
            if t is not None:
                t.append((p, kind, to))
        if trace is not None and t is not None:
            trace.append(t)


def croupier_replay(histories: Sequence[HandHistory]) -> None:
    """Every hand through the round engine, one at a time (``croupier phh replay --engine``)."""
    for h in histories:
        replay(h)


def croupier_verify(items: Sequence[tuple[Path, HandHistory]]) -> Report:
    """What ``croupier phh replay`` does once the files are parsed: the batch replay verifies
    the hands and compares the recorded stacks; the engine replays any it does not confirm."""
    rep = Report()
    verify_histories(items, DUNEDIN_HOUSE, rep)
    return rep


# ----------------------------------------------------------------------------------------
# pokerkit


def pokerkit_rounds(n: int, seed: int, trace: list[Trace] | None = None) -> None:
    """The same rounds in pokerkit: it shuffles (the global ``random``, seeded here and
    restored afterwards), deals, shows down, evaluates and pays by its automations."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    saved = random.getstate()
    random.seed(seed)
    try:
        for rng in _round_rngs(n, seed):
            stacks = _stacks(rng)
            s = NoLimitTexasHoldem.create_state(
                automations, True, 0, BLINDS[:2], MIN_BET, stacks, SEATS, mode=Mode.CASH_GAME
            )
            t: Trace | None = [] if trace is not None else None
            while s.status:
                p = s.actor_index
                assert p is not None, "an automated state waits only for players"
                owed = s.checking_or_calling_amount or 0
                lo = s.min_completion_betting_or_raising_to_amount  # None: no raise allowed
                hi = s.max_completion_betting_or_raising_to_amount if lo is not None else None
                bounds = None if lo is None or hi is None else (lo, hi)
                kind, to = choose(rng, owed, bounds)
                if kind == FOLD:
                    s.fold()
                elif kind == CALL:
                    s.check_or_call()
                else:
                    s.complete_bet_or_raise_to(to)
                if t is not None:
                    t.append((p, kind, to))
            if trace is not None and t is not None:
                trace.append(t)
    finally:
        random.setstate(saved)


def pokerkit_load(paths: Sequence[Path]) -> list[Any]:
    from pokerkit import HandHistory as PkHistory

    out = []
    for path in paths:
        with path.open("rb") as fp:
            out.append(PkHistory.load(fp))
    return out


def _pokerkit_replays(path: Path) -> bool:
    """Whether pokerkit loads and replays the file (checked outside the timing)."""
    try:
        pokerkit_replay(pokerkit_load([path]))
    except Exception:  # a file pokerkit refuses is left out of its sample
        return False
    return True


def pokerkit_replay(histories: Sequence[Any]) -> None:
    for h in histories:
        for _state in h:
            pass


# ----------------------------------------------------------------------------------------
# The run


def pluribus_dir() -> Path | None:
    """``../shared/phh/pluribus`` beside the repository root (or the working directory)."""
    root = Path(__file__).resolve().parents[3]
    for base in (root.parent, Path.cwd().parent, Path.cwd()):
        d = base / "shared" / "phh" / "pluribus"
        if d.is_dir():
            return d
    return None


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def _timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _shape(traces: list[Trace]) -> dict[str, float]:
    """Decisions per round and the share of rounds that reach a showdown (fewer than five
    folds), from decision traces: the work each engine did."""
    n = len(traces) or 1
    return {
        "decisions_per_round": sum(map(len, traces)) / n,
        "showdown_share": sum(sum(k == FOLD for _, k, _ in t) < SEATS - 1 for t in traces) / n,
    }


def run(
    rounds: int = 10_000,
    peer_rounds: int = 2_000,
    peer_hands: int = 500,
    check_rounds: int = 500,
    seed: int = 2026,
    phh_dir: Path | None = None,
) -> dict[str, Any]:
    """Rounds and replayed hands per second for croupier and pokerkit, and their ratios."""
    pk = _installed("pokerkit")
    croupier_rounds(50, seed)  # warm up (tables, imports) outside the timing
    out: dict[str, Any] = {
        "rounds_per_s": rate(lambda: croupier_rounds(rounds, seed), rounds),
        "phh_replay_per_s": None,
    }
    peers: dict[str, dict[str, float | None]] = {}
    ours: list[Trace] = []
    croupier_rounds(check_rounds, seed, trace=ours)
    decks = shuffled_decks(rounds, seed)
    detail: dict[str, Any] = {
        "rounds": rounds,
        # the engine alone: decks shuffled, cut and committed to before the timing
        "rounds_per_s_preshuffled": rate(
            lambda: croupier_rounds(rounds, seed, decks=decks), rounds
        ),
        "croupier_rounds_shape": _shape(ours),
        # modules running compiled by mypyc (empty: a pure-Python build; see croupier.compiled)
        "compiled": running_compiled(),
    }
    if pk:
        pokerkit_rounds(20, seed)
        peers["pokerkit"] = {
            "rounds_per_s": rate(lambda: pokerkit_rounds(peer_rounds, seed), peer_rounds, 1),
            "phh_replay_per_s": None,
        }
        theirs: list[Trace] = []
        pokerkit_rounds(check_rounds, seed, trace=theirs)
        same = sum(a == b for a, b in zip(ours, theirs, strict=True))
        detail["pokerkit_rounds"] = peer_rounds
        detail["pokerkit_rounds_shape"] = _shape(theirs)
        # Where the two disagree, tests/round/test_round_pokerkit.py says why (known pokerkit
        # quirks).
        detail["same_actions"] = {"rounds": check_rounds, "identical": same}

    d = phh_dir or pluribus_dir()
    files = phh_files([d]) if d is not None and d.exists() else []
    ok: list[HandHistory] = []
    good: list[Path] = []
    for f in files:
        try:
            h = load(f)
            replay(h)  # outside the timing: drop what croupier refuses, and warm up
        except (PhhError, ReplayError):
            continue
        ok.append(h)
        good.append(f)
    t_parse = _timed(lambda: [load(f) for f in good])
    if not ok:
        detail["phh_note"] = f"no hand histories to replay in {d}: PHH replay not measured"
    else:
        items = list(zip(good, ok, strict=True))
        check = croupier_verify(items)
        if check.matched != len(ok):  # every hand kept here replays and matches its record
            raise RuntimeError(f"batch verification confirmed {check.matched} of {len(ok)} hands")
        ours_rate = rate(lambda: croupier_verify(items), len(ok))
        out["phh_replay_per_s"] = ours_rate
        detail["phh_dir"] = str(d)
        detail["phh_hands"] = len(ok)
        detail["phh_refused"] = len(files) - len(ok)
        detail["phh_parse_replay_per_s"] = len(ok) / (t_parse + len(ok) / ours_rate)
        # the round engine alone, hand by hand (croupier phh replay --engine)
        detail["phh_engine_replay_per_s"] = rate(lambda: croupier_replay(ok), len(ok))
        if pk:
            sample = [f for f in good[:peer_hands] if _pokerkit_replays(f)]
            t_pk_parse = _timed(lambda: pokerkit_load(sample))
            pk_hist = pokerkit_load(sample)
            pk_rate = rate(lambda: pokerkit_replay(pk_hist), len(sample), 1)
            peers["pokerkit"]["phh_replay_per_s"] = pk_rate
            detail["pokerkit_phh_hands"] = len(sample)
            detail["pokerkit_phh_parse_replay_per_s"] = len(sample) / (
                t_pk_parse + len(sample) / pk_rate
            )
    out["peers"] = peers
    ratios: dict[str, float] = {}
    for peer, v in peers.items():
        if v["rounds_per_s"]:
            ratios[f"rounds_vs_{peer}"] = out["rounds_per_s"] / v["rounds_per_s"]
        if v["phh_replay_per_s"] and out["phh_replay_per_s"]:
            ratios[f"phh_replay_vs_{peer}"] = out["phh_replay_per_s"] / v["phh_replay_per_s"]
    out["ratios"] = ratios
    out["detail"] = detail
    return out


def profile(rounds: int = 2_000, seed: int = 2026, top: int = 25) -> str:
    """cProfile of croupier's random rounds: the ``top`` functions by own time."""
    croupier_rounds(50, seed)
    prof = cProfile.Profile()
    prof.enable()
    croupier_rounds(rounds, seed)
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
    return buf.getvalue()
