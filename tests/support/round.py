"""Random rounds for the property tests: set-ups, a dealer, the invariants every state keeps."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import strategies as st

from croupier.cards import Card, Deck
from croupier.round import (
    BetRaise,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    Game,
    LegalActions,
    Muck,
    Round,
    RoundConfig,
    Show,
    Split,
    Structure,
)
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from croupier.rules.commission import Commission, commission_schedule
from support.integrity_state import COMMAND_MARKS
from support.integrity_state import state as whole_state

DECK = Deck.standard()


@dataclass(frozen=True)
class Setup:
    config: RoundConfig
    cards: tuple[Card, ...]  # the shuffled deck; in dealer mode the test deals from it

    @property
    def start(self) -> int:
        return sum(self.config.stacks)


def structures(book: Rulebook, bb: int) -> st.SearchStrategy[Structure]:
    fixed = st.builds(
        Structure.fixed_limit,
        st.just(bb),
        st.just(2 * bb),
        st.sampled_from((3, 4, None)),
        st.booleans(),
    )
    pot = st.sampled_from((Structure.pot_limit(), Structure.pot_limit(half=True)))
    if not book.no_limit_allowed:  # qld-holdem-2005 s28(1): no no-limit betting
        return st.one_of(pot, fixed, st.just(Structure.straddle()))
    return st.one_of(st.just(Structure.no_limit()), pot, fixed)


def commissions(book: Rulebook, bb: int) -> st.SearchStrategy[Commission | None]:
    if book is QLD_HOLDEM_2005:
        kinds = st.builds(commission_schedule, st.just("qld"), st.integers(0, 5))
    elif book is ACT_OMAHA_2017:
        kinds = st.builds(
            commission_schedule,
            st.sampled_from(("act-5", "act-10")),
            cap=st.sampled_from((None, 5 * bb)),
            table_max_stake=st.just(500),
        )
    else:
        kinds = st.builds(
            commission_schedule,
            st.just("rake"),
            st.integers(1, 10),
            cap=st.sampled_from((None, 3 * bb)),
            threshold=st.sampled_from((0, 2 * bb)),
            no_flop_no_drop=st.booleans(),
        )
    return st.one_of(st.none(), kinds)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    book = draw(st.sampled_from((DUNEDIN_HOUSE, ACT_OMAHA_2017, QLD_HOLDEM_2005)))
    n = draw(st.integers(2, 10))
    bb = draw(st.sampled_from((2, 10, 20, 25, 100)))
    sb = draw(st.sampled_from((bb // 2, 1, bb)))
    if book is QLD_HOLDEM_2005:
        game = Game.holdem()
    elif book is ACT_OMAHA_2017:
        game = Game.omaha_game(split=draw(st.sampled_from((Split.HIGH, Split.HILO, Split.LOW))))
    else:
        game = draw(st.sampled_from((Game.holdem(), Game.omaha_game())))
    structure = draw(structures(book, bb))
    commission = draw(commissions(book, bb))
    fee = 0
    if book is QLD_HOLDEM_2005 and commission is None:
        fee = draw(st.sampled_from((0, 0, 1, bb // 2)))
    short, deep = st.integers(1, 3 * bb), st.integers(3 * bb, 150 * bb)
    stacks = draw(st.lists(st.one_of(short, deep), min_size=n, max_size=n))
    antes: tuple[int, ...] = ()
    antes_dead = False
    if draw(st.integers(0, 3)) == 0:
        antes = (max(1, bb // 5),) * n
        antes_dead = draw(st.booleans())
    # A stack must exceed the participation fee (qld-holdem-2005 s20(2), s31(3)).
    keep = fee
    stacks = [s + keep for s in stacks]
    cards = tuple(draw(st.permutations(DECK.cards)))
    automatic = draw(st.booleans())
    blinds = [sb, bb, *([0] * (n - 2))]
    if n >= 4 and draw(st.integers(0, 5)) == 0:
        blinds[2] = 2 * bb  # a straddle
    config = RoundConfig(
        stacks=tuple(stacks),
        blinds=tuple(blinds),
        min_bet=bb,
        max_bet=draw(st.sampled_from((None, None, None, 4 * bb))),
        chip_unit=draw(st.sampled_from((1, 1, 1, 5))),
        burn=draw(st.booleans()),
        antes=antes,
        rulebook=book,
        game=game,
        structure=structure,
        deck_order=cards if automatic else None,
        commission=commission,
        fee=fee,
        antes_dead=antes_dead,
    )
    return Setup(config, cards)


def snapshot(r: Round) -> tuple[object, ...]:
    """What the round answers and its whole state (every attribute but the undo marks)."""
    return (
        whole_state(r, frozenset({COMMAND_MARKS})),
        tuple(r.events),
        tuple(r.stacks),
        tuple(r.bets),
        r.pot_total,
        tuple((p.amount, p.eligible) for p in r.pots()),
        r.street,
        tuple(r.board),
        tuple(r.hole),
        tuple(r.folded),
        tuple(r.shown),
        tuple(r.mucked),
        r.actor,
        r.legal_actions(),
        r.awaiting(),
        r.is_over,
        r.commission,
        r.fees,
    )


def check_invariants(r: Round, s: Setup) -> None:
    middle = r.pot_total
    assert sum(r.stacks) + middle + r.commission + r.fees == s.start, "chips are conserved"
    assert all(x >= 0 for x in r.stacks), f"a negative stack: {r.stacks}"
    assert r.pot_total >= 0 and r.commission >= 0 and r.fees >= 0
    if not r.is_over and not any(r.mucked):
        assert sum(p.amount for p in r.pots()) == r.pot_total, "the pots hold every chip"
    if r.is_over:
        assert sum(r.awarded) + r.commission == sum(r.contrib), "the whole pot is paid out"
        assert r.pot_total == 0, "nothing is left in the middle"
    rebuilt = Round.from_events(s.config, r.events)
    assert snapshot(rebuilt) == snapshot(r), "a round is the fold of its events"


def check_legal(r: Round, la: LegalActions) -> None:
    p = la.player
    assert p == r.actor
    owed = r.current_bet - r.bets[p]
    assert la.all_in_to == r.bets[p] + r.stacks[p]
    assert la.call_amount == (min(owed, r.stacks[p]) if owed > 0 else 0)
    assert not la.can_check or owed == 0
    assert (la.min_raise_to is None) == (la.max_raise_to is None)
    if la.min_raise_to is not None and la.max_raise_to is not None:
        assert r.current_bet < la.min_raise_to <= la.max_raise_to <= la.all_in_to


def offered(r: Round, la: LegalActions, pick: int) -> list[Command]:
    """Every action ``legal_actions`` offers, call first (it shrinks to the plainest hand)."""
    p = la.player
    cmds: list[Command] = []
    if la.can_check or la.call_amount:
        cmds.append(CheckCall(p))
    cmds.append(Fold(p))
    lo, hi = la.min_raise_to, la.max_raise_to
    if lo is not None and hi is not None:
        cmds += [BetRaise(p, lo), BetRaise(p, hi), BetRaise(p, lo + pick % (hi - lo + 1))]
        if lo <= la.all_in_to <= hi:
            cmds.append(BetRaise(p, la.all_in_to))
    return cmds


def refused_commands(r: Round, s: Setup, la: LegalActions | None) -> list[Command]:
    """Commands the rules must refuse in the round's present state."""
    n = r.n
    cfg = s.config
    cmds: list[Command] = [Fold(n), CheckCall(-1), BetRaise(n + 3, 10)]
    out = sorted({c for h in r.hole if h for c in h if c is not None} | set(r.board))
    fresh = [c for c in s.cards if c not in out]
    if la is None:
        cmds += [Fold(0), CheckCall(n - 1), BetRaise(0, r.current_bet + cfg.min_bet)]
    else:
        p = la.player
        for q in range(n):
            if q != p:
                cmds += [Fold(q), CheckCall(q), BetRaise(q, r.current_bet + cfg.min_bet)]
        cmds.append(BetRaise(p, la.all_in_to + 1))  # more than the stack
        if la.min_raise_to is not None and la.max_raise_to is not None:
            cmds.append(BetRaise(p, la.min_raise_to - 1))  # below the minimum, not all-in
            cmds.append(BetRaise(p, la.max_raise_to + 1))  # above the maximum
        else:
            cmds.append(BetRaise(p, r.current_bet + cfg.min_bet))  # no raise allowed
            if la.all_in_to > r.current_bet:
                cmds.append(BetRaise(p, la.all_in_to))
        if la.call_amount == 0 and not la.can_check:
            cmds.append(CheckCall(p))  # qld-holdem-2005 s4(2): no check in the first round
    if r.awaiting() != "showdown":
        cmds += [Show(0), Muck(n - 1)]
    k = cfg.game.hole_cards
    if cfg.automatic:
        cmds += [DealHole(0, tuple(fresh[:k])), DealBoard(tuple(fresh[:3]))]
    else:
        if r.awaiting() != "board":
            cmds.append(DealBoard(tuple(fresh[:3])))
        for p, h in enumerate(r.hole):
            if h is not None:
                cmds.append(DealHole(p, tuple(fresh[:k])))  # dealt already
                break
        if out:
            dup = out[0]
            if r.awaiting() == "board":
                size = 3 if r.street == 0 else 1  # the flop, else the turn or river
                cmds.append(DealBoard((dup, *fresh[: size - 1])))  # a card already dealt
                cmds.append(DealBoard(tuple(fresh[: size + 1])))  # the wrong number of cards
            for p, h in enumerate(r.hole):
                if h is None:
                    cmds.append(DealHole(p, (dup, *fresh[: k - 1])))  # a card already dealt
                    cmds.append(DealHole(p, tuple(fresh[: k + 1])))  # the wrong number
                    break
        if r.awaiting() == "showdown":
            for p, h in enumerate(r.hole):
                if r.folded[p] or r.shown[p] is not None or r.mucked[p]:
                    cmds.append(Show(p))  # no hand in the showdown, or already decided
                elif h is not None and None not in h:
                    cmds.append(Show(p, tuple(fresh[:k])))  # cards other than those dealt
    return cmds


def check_refused(r: Round, cmd: Command) -> None:
    before = snapshot(r)
    ruling = r.why_illegal(cmd)
    assert ruling is not None, f"{cmd} should be refused in {r.awaiting()}"
    assert ruling.clause, f"the ruling on {cmd} cites no clause"
    with pytest.raises(IllegalAction) as info:
        r.apply(cmd)
    assert info.value.ruling == ruling
    assert snapshot(r) == before, f"refusing {cmd} changed the round"


class Dealer:
    """A live dealer: deals hole cards and the board from the shuffled deck, in order."""

    def __init__(self, s: Setup) -> None:
        self.cards = s.cards
        self.pos = 0
        self.holes: dict[int, tuple[Card, ...]] = {}  # what each seat was really dealt

    def take(self, k: int) -> tuple[Card, ...]:
        out = tuple(self.cards[self.pos : self.pos + k])
        self.pos += k
        return out


def next_command(data: st.DataObject, r: Round, s: Setup, dealer: Dealer) -> Command | None:
    """The next legal step of the walk (None: resolve the showdown as the floor would)."""
    cfg = s.config
    waits = r.awaiting()
    if waits == "action":
        la = r.legal_actions()
        assert la is not None
        check_legal(r, la)
        cmds = offered(r, la, data.draw(st.integers(0, 1 << 20), label="amount"))
        for cmd in cmds:
            assert r.why_illegal(cmd) is None, f"{cmd} is offered but refused: {la}"
        return data.draw(st.sampled_from(cmds), label="action")
    if waits == "hole":
        p = data.draw(st.sampled_from([i for i, h in enumerate(r.hole) if h is None]))
        real = dealer.holes[p] = dealer.take(cfg.game.hole_cards)
        if data.draw(st.integers(0, 9), label="unentered") == 0:
            return DealHole(p, (None,) * len(real))  # the dealer did not enter them
        return DealHole(p, real)
    if waits == "board":
        dealer.take(1)  # the burn card
        return DealBoard(dealer.take(3 if r.street == 0 else 1))
    assert waits == "showdown", waits
    undecided = [
        p for p in range(r.n) if not r.folded[p] and r.shown[p] is None and not r.mucked[p]
    ]
    choice = data.draw(st.integers(0, 2 * len(undecided)), label="showdown")
    if choice == 2 * len(undecided):
        return None
    p = undecided[choice // 2]
    if choice % 2:
        return Muck(p)
    hole = r.hole[p]
    assert hole is not None
    if None in hole:  # the cards were not entered: the player names them
        return Show(p, dealer.holes[p])
    return Show(p)
