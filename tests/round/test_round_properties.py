"""Properties of every round, whatever the players do: a random walk over random rounds.

Hypothesis draws a round (rulebook, game, betting structure, stacks short and deep, blinds,
antes, commission or a participation fee, croupier dealing or a live dealer entering the
cards) and walks it to the end, taking at each step one of the actions
:meth:`Round.legal_actions` offers and trying commands the rules refuse. After every step:

* chips are conserved: stacks + the pot + commission + fees == the starting stacks;
* no stack is negative, and the pots hold every chip in the middle while betting goes on;
* every action offered (fold, check or call, the smallest and largest raise, all-in, an amount
  between) passes :meth:`Round.why_illegal`;
* a refused command (wrong player, a raise below the minimum or above the maximum, a raise
  nobody may make, a card already dealt, anything after the round has ended) raises
  :class:`IllegalAction` whose ruling names a clause, and changes nothing;
* :meth:`Round.from_events` rebuilds the same round, and :meth:`Round.undo` restores the one
  before the last command;
* when croupier deals, a live dealer entering the same cards, with the same actions, gives
  the same stacks and awards.

The tests at the end pin the engine faults these properties and the pokerkit differential
test found, now fixed.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from croupier.cards import Card, parse_cards
from croupier.round import (
    BetRaise,
    CheckCall,
    Command,
    ConfigError,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Show,
    Structure,
)
from croupier.round.events import (
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Folded,
    HoleDealt,
    PotAwarded,
)
from croupier.rules import QLD_HOLDEM_2005, IllegalAction
from support.build import round_config
from support.round import (
    DECK,
    Dealer,
    Setup,
    check_invariants,
    check_refused,
    next_command,
    refused_commands,
    setups,
    snapshot,
)

# ---------------------------------------------------------------------------------------------
# Random rounds


# ---------------------------------------------------------------------------------------------
# What a round looks like from outside


# ---------------------------------------------------------------------------------------------
# The walk


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,  # the same rounds on every run, as CI needs
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(s=setups(), data=st.data())
def test_random_walk_keeps_every_property(s: Setup, data: st.DataObject) -> None:
    r = Round(s.config)
    assert not (r.awaiting() == "action" and r.actor is None), "the round stalls"
    dealer = Dealer(s)
    refusals = 0
    check_invariants(r, s)
    for cmd in refused_commands(r, s, r.legal_actions()):
        check_refused(r, cmd)
    for _ in range(500):
        if r.is_over:
            break
        refuse = refused_commands(r, s, r.legal_actions())
        check_refused(r, refuse[data.draw(st.integers(0, len(refuse) - 1), label="refused")])
        refusals += 1
        before = snapshot(r)
        cmd = next_command(data, r, s, dealer)
        if cmd is None:
            r.resolve_showdown()
        else:
            r.apply(cmd)
        check_invariants(r, s)
        if r.is_over:
            with pytest.raises(IllegalAction):
                r.undo(1)
        else:
            assert snapshot(r.undo(1)) == before, f"undo after {cmd} does not restore the round"
    assert r.is_over, "the walk ends every round"
    cfg = s.config
    event(f"{cfg.rulebook.id} {cfg.game.name} {cfg.structure.name}")
    event("croupier deals" if cfg.automatic else "a live dealer enters the cards")
    event(f"ended {'at a showdown' if any(r.shown) else 'uncontested'}")
    event(f"{len(r.pots())} pot(s)")
    event(f"{refusals // 10 * 10}+ refusals checked")
    assert sum(r.stacks) + r.commission + r.fees == s.start
    for cmd in (Fold(0), CheckCall(r.n - 1), BetRaise(0, 10**6), Show(0), Muck(0)):
        check_refused(r, cmd)
    check_refused(r, DealBoard(tuple(s.cards[:3])))
    if cfg.automatic:
        check_same_with_a_live_dealer(r, s)


def check_same_with_a_live_dealer(r: Round, s: Setup) -> None:
    """A live dealer entering the cards croupier dealt, and the same actions, gives the same
    round: the same stacks, pots and awards."""
    d = Round(replace(s.config, deck_order=None))
    for e in r.events:
        cmd: Command | None = None
        if isinstance(e, HoleDealt):
            cmd = DealHole(e.player, e.cards)
        elif isinstance(e, BoardDealt):
            cmd = DealBoard(e.cards)
        elif isinstance(e, Folded):
            cmd = Fold(e.player)
        elif isinstance(e, (Checked, Called)):
            cmd = CheckCall(e.player)
        elif isinstance(e, BetOrRaised):
            cmd = BetRaise(e.player, e.to)
        if cmd is not None:
            d.apply(cmd)
    if not d.is_over:
        d.resolve_showdown()
    assert d.stacks == r.stacks
    assert d.commission == r.commission
    awards = [e for e in r.events if isinstance(e, PotAwarded)]
    assert [e for e in d.events if isinstance(e, PotAwarded)] == awards


# ---------------------------------------------------------------------------------------------
# Engine faults found by the walk above and by tests/round/test_round_pokerkit.py, each pinned.


def _deck(seed: int = 1) -> tuple[Card, ...]:
    return tuple(random.Random(seed).sample(DECK.cards, DECK.size))


def _nl(stacks: tuple[int, ...], sb: int = 5, bb: int = 10, **kw: object) -> Round:
    blinds = (sb, bb, *([0] * (len(stacks) - 2)))
    cfg = round_config(stacks=stacks, blinds=blinds, min_bet=bb, deck_order=_deck(), **kw)  # type: ignore[arg-type]
    return Round(cfg)


def test_nobody_able_to_act_after_the_blinds_runs_the_board_out() -> None:
    # Heads-up the button posts the small blind (dunedin-house 95): 5 from the button, and the
    # big blind has only 3. The button's 5 covers it; nobody has a decision to make.
    r = _nl((3, 1000))
    assert r.actor is None
    assert r.is_over, f"the round waits for {r.awaiting()} that nobody can give"
    assert sum(r.stacks) == 1003


def test_dunedin_46_short_all_in_before_the_flop_does_not_reopen_for_a_caller() -> None:
    r = _nl((1000, 1000, 1000, 15))
    r.apply(CheckCall(2))  # calls the big blind of 10: has acted
    r.apply(BetRaise(3, 15))  # all-in: a raise of 5, less than a full raise of 10
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    la = r.legal_actions()
    assert la is not None and la.player == 2 and la.call_amount == 5
    assert la.min_raise_to is None, "player 2 has acted and faces less than a full raise"
    ruling = r.why_illegal(BetRaise(2, 25))
    assert ruling is not None and ruling.clause == "dunedin-house 46"


def test_dunedin_46_a_blind_who_has_not_acted_may_raise_over_a_short_all_in() -> None:
    """The companion of the test above, which its fix must keep: posting is not acting."""
    r = _nl((1000, 1000, 1000, 15))
    r.apply(CheckCall(2))
    r.apply(BetRaise(3, 15))
    r.apply(CheckCall(0))  # the small blind completes and calls
    la = r.legal_actions()
    assert la is not None and la.player == 1 and la.call_amount == 5
    assert la.min_raise_to == 25


def test_no_limit_all_in_for_less_than_a_full_raise_is_not_a_full_raise() -> None:
    r = _nl((1000, 45, 1000))
    r.apply(BetRaise(2, 30))  # a raise of 20
    r.apply(Fold(0))
    events = r.apply(BetRaise(1, 45))  # all-in: a raise of 15, less than 20
    assert events[0] == BetOrRaised(1, 45, all_in=True, full=False)


def test_dunedin_95_heads_up_blinds_are_named_for_what_they_are() -> None:
    r = _nl((1000, 1000))
    posted = [(e.player, e.amount, e.kind) for e in r.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 10, "big blind"), (1, 5, "small blind")]


def test_betting_ends_when_no_opponent_can_act() -> None:
    # Heads-up, blinds 1/100: the button (player 1, 21 chips) calls all-in; the big blind's 100
    # covers it and nobody is left who could call a raise (qld-holdem-2005 s29(4)).
    r = _nl((397, 21), sb=1, bb=100)
    r.apply(CheckCall(1))
    assert r.legal_actions() is None, "no decision is left to make"
    assert r.is_over


def test_nothing_is_left_in_the_middle_after_the_round() -> None:
    r = _nl((1000, 1000, 1000))
    r.apply(Fold(2))
    r.apply(Fold(0))
    assert r.is_over
    assert r.pot_total == 0
    assert sum(r.stacks) + r.pot_total + r.commission + r.fees == 3000


def test_qld_s20_a_player_with_no_chips_after_the_fee_is_not_dealt_in() -> None:
    """A stack the participation fee would take whole cannot start the round."""
    with pytest.raises(ConfigError, match=r"qld-holdem-2005 s20\(2\)"):
        round_config(
            stacks=(10, 1000, 1000),
            blinds=(5, 10, 0),
            min_bet=10,
            fee=10,
            rulebook=QLD_HOLDEM_2005,
            structure=Structure.pot_limit(),
            deck_order=_deck(),
        )


def test_dead_antes_are_the_antes_posted_after_the_fee() -> None:
    cfg = round_config(
        stacks=(3, 3, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        antes=(2, 2, 2),
        antes_dead=True,
        fee=2,  # leaves players 0 and 1 one chip each: they ante 1, all-in
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, hole in enumerate(("AsAd", "KsKd", "2c7h")):
        r.apply(DealHole(p, parse_cards(hole)))
    assert sum(p.amount for p in r.pots()) == r.pot_total == 4
    for board in ("Qc9d4h", "3s", "8c"):
        r.apply(DealBoard(parse_cards(board)))
    r.resolve_showdown()
    assert sum(r.stacks) + r.fees + r.commission == 1006
