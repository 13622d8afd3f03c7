"""The compiled batch replay agrees with the round engine's replay, hand by hand.

Every check compares with :func:`croupier.histories.phh_replay.replay` on the same history: the
shared corpus, random rounds the engine plays and exports, and those rounds mutated (an amount, a
player, an action's kind changed; an action dropped; a card dealt twice; the history cut short).
This is the contract of :mod:`croupier.histories.fast`.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from croupier.cards import Card
from croupier.histories.fast.batch import (
    INCOMPLETE,
    OK,
    REFUSED,
    STATUS_NAMES,
    UNSUPPORTED,
    BatchResult,
    replay_batch,
)
from croupier.histories.phh import (
    Action,
    HandHistory,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
    load,
)
from croupier.histories.phh_export import HOUSE, to_history
from croupier.histories.phh_replay import ReplayError, commands_for, config_for, replay
from croupier.round import (
    BetRaise as RBetRaise,
)
from croupier.round import CheckCall as RCheckCall
from croupier.round import Fold as RFold
from croupier.round import Game, Muck, Round, Show, Split, Structure
from croupier.round.streets import SHOWDOWN
from croupier.rules import QLD_HOLDEM_2005
from croupier.shoe import Shoe
from support.build import round_config

PHH_ROOT = Path(__file__).resolve().parents[3] / "shared" / "phh"
KERNEL_VARIANTS = ("NT", "NS", "FT", "PO", "FO/8")

_ACTION_NO = re.compile(r"^action (\d+) ")


def engine_verdict(h: HandHistory) -> tuple[int, int, list[int]]:
    """(status, action index or -1, final stacks) as the engine's replay gives them."""
    try:
        r = replay(h)
    except ReplayError as e:
        text = str(e)
        if text.startswith("the hand history ends before"):
            return INCOMPLETE, len(h.actions), []
        m = _ACTION_NO.match(text)
        if m is None:
            return REFUSED, -1, []
        # commands_for skips actions that are no command (comments): map back
        command = int(m.group(1)) - 1
        positions = [i for i, a in enumerate(h.actions) if _is_command(a)]
        return REFUSED, positions[command], []
    except ValueError:  # a show recorded early and refused once the showdown came
        return REFUSED, -1, []
    return OK, -1, list(r.stacks)


def _is_command(a: Action) -> bool:
    return isinstance(
        a, (PhhDealHole, PhhDealBoard, PhhFold, PhhCheckCall, PhhBetRaise, PhhShowMuck)
    )


def assert_agrees(hs: list[HandHistory], res: BatchResult) -> dict[str, int]:
    """Every hand the kernel handles has the engine's verdict; returns the kernel's counts."""
    assert len(res) == len(hs)
    for i, h in enumerate(hs):
        got = int(res.status[i])
        if got == UNSUPPORTED:
            continue
        status, index, stacks = engine_verdict(h)
        where = f"hand {i} ({h.path or h.actions})"
        assert STATUS_NAMES[got] == STATUS_NAMES[status], where
        if status == OK:
            assert res.stacks_of(i) == stacks, where
        elif index >= 0:
            assert int(res.index[i]) == index, where
        elif status == REFUSED:  # refused at the showdown: the kernel names a show or muck
            assert isinstance(h.actions[int(res.index[i])], PhhShowMuck), where
    return res.counts()


# --- the shared corpus ----------------------------------------------------------------------


@pytest.mark.shared
def test_corpus_agrees_with_the_engine() -> None:
    if not PHH_ROOT.is_dir():
        pytest.skip(f"shared PHH corpus not found at {PHH_ROOT} (the repository's sibling folder)")
    hs = [
        h
        for h in (load(p) for p in sorted(PHH_ROOT.rglob("*.phh")))
        if h.variant in KERNEL_VARIANTS
    ]
    res = replay_batch(hs)
    counts = assert_agrees(hs, res)
    engine_ok = sum(engine_verdict(h)[0] == OK for h in hs)
    print("PHH batch:", counts, "engine OK:", engine_ok)
    # nearly every in-scope file is handled, and the known refused file is refused
    assert counts["OK"] + counts["UNSUPPORTED"] >= engine_ok
    assert counts["UNSUPPORTED"] < len(hs) // 100
    refused = [str(hs[i].path) for i in range(len(hs)) if res.status[i] == REFUSED]
    assert any(p.endswith("wsop-2019-42-3-00-01-07.phh") for p in refused)


# --- random rounds the engine plays ---------------------------------------------------------


def random_round(rng: random.Random, seed: int) -> Round:
    """A round with random players, stacks (some short), blinds, straddles and antes, walked
    to its end by random legal actions, all-ins included."""
    code = rng.choice(KERNEL_VARIANTS)
    n = rng.randint(2, 10)
    bb = rng.choice((2, 10, 100))
    sb = rng.choice((0, bb // 2, bb))
    blinds = [sb, bb, *([0] * (n - 2))]
    if n > 3 and rng.random() < 0.2:
        blinds[2] = 2 * bb  # a straddle
    if rng.random() < 0.1:
        rng.shuffle(blinds)
    antes: tuple[int, ...] = ()
    kind = rng.random()
    if kind < 0.25:
        antes = (rng.randint(1, bb),) * n
    elif kind < 0.4:
        antes = tuple(bb if i == 1 else 0 for i in range(n))  # a big-blind ante
    deep = rng.random() < 0.5
    stacks = tuple(rng.randint(1, 300 * bb if deep else 8 * bb) for _ in range(n))
    if code == "FT":
        game, structure, min_bet = Game.holdem(), Structure.fixed_limit(bb, 2 * bb, 4, False), bb
    elif code == "FO/8":
        game = Game.omaha_game(split=Split.HILO)
        structure, min_bet = Structure.fixed_limit(bb, 2 * bb, 4, False), bb
    elif code == "PO":
        game, structure, min_bet = Game.omaha_game(), Structure.pot_limit(), bb
    elif code == "NS":
        game, structure, min_bet = Game.short_deck("B"), Structure.no_limit(), bb
    else:
        game, structure, min_bet = Game.holdem(), Structure.no_limit(), rng.choice((bb, bb // 2))
    cfg = round_config(
        stacks=stacks,
        blinds=tuple(blinds),
        antes=antes,
        min_bet=min_bet,
        game=game,
        structure=structure,
        antes_dead=rng.random() < 0.5,
        deck_order=Shoe(game.deck, seed=seed).shuffle().order,
    )
    r = Round(cfg)
    aggressive = rng.random()
    while not r.is_over:
        la = r.legal_actions()
        assert la is not None
        x = rng.random()
        lo, hi = la.min_raise_to, la.max_raise_to
        if lo is not None and hi is not None and x < aggressive * 0.5:
            to = hi if rng.random() < 0.3 else rng.randint(lo, hi)
            r.apply(RBetRaise(la.player, to))
        elif (x > 0.85 and la.call_amount) or x > 0.99:  # now and then a fold owing nothing
            r.apply(RFold(la.player))
        else:
            r.apply(RCheckCall(la.player))
    return r


def mutations(rng: random.Random, h: HandHistory) -> list[HandHistory]:
    """Copies of ``h`` with one thing changed."""
    acts = list(h.actions)
    n = len(h.starting_stacks)
    out: list[list[Action]] = []
    for _ in range(6):
        i = rng.randrange(len(acts))
        a = acts[i]
        new = list(acts)
        pick = rng.random()
        if isinstance(a, PhhBetRaise) and pick < 0.4:
            delta = rng.choice((-1, 1, -a.amount // 3, a.amount // 2, 10**6))
            new[i] = PhhBetRaise(a.player, a.amount + delta)
        elif isinstance(a, (PhhFold, PhhCheckCall, PhhBetRaise)) and pick < 0.6:
            new[i] = replace(a, player=rng.randint(1, n))
        elif isinstance(a, (PhhFold, PhhCheckCall, PhhBetRaise)) and pick < 0.8:
            new[i] = rng.choice(
                (
                    PhhFold(a.player),
                    PhhCheckCall(a.player),
                    PhhBetRaise(a.player, rng.randint(1, 3000)),
                )
            )
        elif isinstance(a, (PhhDealBoard, PhhDealHole)) and pick < 0.8:
            dealt = [
                c for b in acts[:i] if isinstance(b, (PhhDealBoard, PhhDealHole)) for c in b.cards
            ]
            cards = list(a.cards)
            j = rng.randrange(len(cards))
            cards[j] = rng.choice(dealt) if dealt else Card(rng.randrange(52))
            new[i] = replace(a, cards=tuple(cards))
        elif isinstance(a, PhhShowMuck) and pick < 0.5:
            hole = next(
                b.cards for b in acts if isinstance(b, PhhDealHole) and b.player == a.player
            )
            new[i] = PhhShowMuck(a.player, None if a.cards else hole)  # a show mucked, or not
        elif isinstance(a, PhhShowMuck) and pick < 0.8:
            j = rng.randrange(i + 1)  # a show or muck recorded earlier
            new.insert(j, new.pop(i))
        elif pick < 0.9:
            del new[i]
        else:
            new = new[:i]
        out.append(new)
    out.append([a for a in acts if not isinstance(a, PhhShowMuck)])  # the engine shows down
    hidden = rng.sample(range(1, n + 1), rng.randint(1, n))  # hole cards not entered (PHH ??)
    unknown = [
        PhhDealHole(
            a.player, (None, *a.cards[1:]) if rng.random() < 0.3 else (None,) * len(a.cards)
        )
        if isinstance(a, PhhDealHole) and a.player in hidden
        else a
        for a in acts
    ]
    out.append(unknown)
    out.append([a for a in unknown if not isinstance(a, PhhShowMuck)])
    shows = [i for i, a in enumerate(unknown) if isinstance(a, PhhShowMuck) and a.cards]
    if shows:  # a hidden hand shown with a card already out
        i = rng.choice(shows)
        a = unknown[i]
        dealt = [
            c for b in unknown[:i] if isinstance(b, (PhhDealBoard, PhhDealHole)) for c in b.cards
        ]
        cards = [rng.choice([c for c in dealt if c is not None]), *(a.cards or ())[1:]]
        out.append([*unknown[:i], PhhShowMuck(a.player, tuple(cards)), *unknown[i + 1 :]])
    return [replace(h, actions=tuple(a), finishing_stacks=None) for a in out]


def boundary_raises(rng: random.Random, h: HandHistory) -> list[HandHistory]:
    """Copies of ``h`` where, at a random point of the betting, the player to act bets or
    raises to an amount at or beside the engine's limits (or raises when no raise is allowed:
    a short all-in that does not reopen the betting, the cap, nobody left to call)."""
    r = Round(config_for(h))
    points: list[tuple[int, int, list[int]]] = []
    for i, cmd in enumerate(commands_for(h)):
        la = r.legal_actions()
        if la is not None:
            amounts = [la.all_in_to, la.all_in_to - 1, la.all_in_to + 1]
            amounts += [r.current_bet + r.config.min_bet, 2 * r.current_bet + 1]
            if la.min_raise_to is not None and la.max_raise_to is not None:
                lo, hi = la.min_raise_to, la.max_raise_to
                amounts += [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1]
            points.append((i, la.player, amounts))
        if isinstance(cmd, (Show, Muck)) and r.street != SHOWDOWN:
            break
        r.apply(cmd)
    out = []
    for i, p, amounts in rng.sample(points, min(3, len(points))):
        act = PhhBetRaise(p + 1, rng.choice(amounts))
        out.append(replace(h, actions=(*h.actions[:i], act, *h.actions[i + 1 :])))
    return out


def test_random_rounds_agree_with_the_engine() -> None:
    rng = random.Random(20261122)
    hs = [to_history(random_round(rng, seed), HOUSE) for seed in range(2000)]
    res = replay_batch(hs)
    assert (res.status == OK).all(), "every exported round replays"
    for i, h in enumerate(hs):
        assert res.stacks_of(i) == list(h.finishing_stacks or ()), i
    counts = assert_agrees(hs, res)
    assert counts["OK"] == len(hs)


def test_mutated_rounds_agree_with_the_engine() -> None:
    rng = random.Random(7)
    base = [to_history(random_round(rng, seed), HOUSE) for seed in range(700)]
    hs = [m for h in base for m in (*mutations(rng, h), *boundary_raises(rng, h))]
    res = replay_batch(hs)
    counts = assert_agrees(hs, res)
    print("mutated:", counts)
    assert counts["UNSUPPORTED"] == 0
    assert counts["REFUSED"] > len(hs) // 4 and counts["OK"] > len(hs) // 10
    assert counts["INCOMPLETE"] > 0


# --- what the kernel leaves to the engine ----------------------------------------------------


def test_unsupported_configurations_are_marked_not_guessed() -> None:
    rng = random.Random(3)
    h = to_history(random_round(rng, 1), HOUSE)
    hs = [
        replace(h, variant="F7S/8"),  # stud
        replace(h, variant="F7S"),
        replace(h, min_bet=None, small_bet=None, big_bet=None),  # no minimum bet
        replace(h, starting_stacks=(0, *h.starting_stacks[1:])),  # a config the engine refuses
        h,
    ]
    res = replay_batch(hs)
    assert [STATUS_NAMES[s] for s in res.status[:-1]] == ["UNSUPPORTED"] * (len(hs) - 1)
    assert res.status[-1] == OK
    assert replay_batch([h], QLD_HOLDEM_2005).status[0] == UNSUPPORTED
    assert replay_batch([]).status.shape == (0,)
