"""Hands the floor declares dead: their chips stay in the pot and someone wins it, even when
no live hand is left (qld-holdem-2005 s33(2)-(4); act-omaha-2017 17.9; issue 12 items 1-2)."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import apply_incident
from croupier.floor.incidents import CardsInMuck, HandKilledByDealer, RuleBreached
from croupier.round import (
    Burn,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Structure,
)
from croupier.round.events import HandKilled, PotAwarded, RoundEnded, RulingMade
from croupier.rules import IllegalAction, find_rulebook
from croupier.shoe import Shoe
from croupier.table import commands as cmd
from croupier.table.presets import preset
from croupier.table.table import Table
from support.build import round_config


def _bought(t: Table) -> int:
    return sum(t.stacks.values()) + t.commission + t.fees


@pytest.mark.parametrize(("rules", "pot"), [("act-omaha-2017", 3), ("dunedin-house", 2)])
def test_pot_of_dead_hands_goes_to_the_hand_left(rules: str, pot: int) -> None:
    """Issue 12's reproduction: one player folds, two hands are killed; the button, who put
    nothing in, is left and wins the blinds the dead hands posted (278 of 281 chips before).
    Under dunedin-house 69 the big blind's uncalled chip goes back first."""
    cfg = preset(rules, game="holdem", structure="no-limit", seats=7, action_seconds=30)
    t = Table(cfg)
    for p, seat, chips, post in (
        ("p10", 2, 80, True),
        ("p1", 5, 80, False),
        ("p0", 4, 40, False),
        ("p9", 3, 81, True),
    ):
        t.apply(cmd.SitDown(p, seat, chips, 0, post))
    bought = _bought(t)
    t.apply(cmd.StartRound(Shoe(cfg.game.deck, seed=3).shuffle().order, 1))
    r = t.round
    assert r is not None and r.actor is not None
    t.apply(cmd.Act(Fold(r.actor), 2))
    t.apply(cmd.Report(RuleBreached(player=0, phone=rules == "dunedin-house"), 3))
    t.apply(cmd.Report(HandKilledByDealer(player=1), 4))
    assert t.round is None  # one hand left: it wins
    assert r.is_over
    won = [e for e in r.events if isinstance(e, PotAwarded)]
    assert [(e.player, e.amount) for e in won] == [(3, pot)]
    assert _bought(t) == bought


def _dealer_round() -> Round:
    """qld-holdem-2005, short deck, fixed limit, cards entered by the dealer: three players."""
    cfg = preset("qld-holdem-2005", game="short-deck", structure="fixed", seats=6)
    t = Table(cfg)
    for p, seat in (("a", 1), ("b", 2), ("c", 3)):
        t.apply(cmd.SitDown(p, seat, 100, 0))
    t.apply(cmd.StartRound(None, 1))
    r = t.round
    assert r is not None
    deck = list(Shoe(cfg.game.deck, seed=5).shuffle().order)
    for p in range(r.n):
        r.apply(DealHole(p, (deck.pop(), deck.pop())))
    return r


def test_hand_left_between_streets_wins_and_no_card_follows() -> None:
    """Issue 12 item 2: the button folds, the blinds see the flop due, and the small blind's
    cards reach the muck. One hand is left: the round ends and it wins (qld-holdem-2005
    s33(3)); before, the round kept asking for board cards, a second muck ruling left no live
    hand, and a card past the river raised IndexError out of the verbs."""
    r = _dealer_round()
    stakes = sum(r.config.stacks)
    r.apply(Fold(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    assert r.awaiting() == "board"
    apply_incident(r, CardsInMuck(0))
    assert r.is_over and isinstance(r.events[-1], RoundEnded)
    won = [(e.player, e.amount) for e in r.events if isinstance(e, PotAwarded)]
    assert won == [(1, 2 * r.config.blinds[1] - r.commission)]
    assert sum(r.stacks) + r.commission + r.fees == stakes
    for late in (DealBoard(tuple(r.board)), Fold(1)):
        assert r.why_illegal(late) is not None
    with pytest.raises(IllegalAction):
        apply_incident(r, CardsInMuck(1))


def test_every_hand_dead_at_once_the_last_to_fold_wins() -> None:
    """Both hands left at the showdown are ruled dead together (each holds the wrong number of
    cards): the player who last folded, other than a dead hand, wins (qld-holdem-2005 s33(4);
    act-omaha-2017 17.9)."""
    r = _dealer_round()
    r.apply(Fold(2))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    deck = [c for c in Shoe(r.config.game.deck, seed=9).shuffle().order if c not in r.cards_out]
    for k in (3, 1, 1):
        r.apply(Burn(None))  # a live dealer's table records each burn (qld-holdem-2005 s21(6))
        r.apply(DealBoard(tuple(deck[:k])))
        deck = deck[k:]
        r.apply(CheckCall(0))
        r.apply(CheckCall(1))
    assert r.awaiting() == "showdown"
    made = RulingMade("WrongHoleCount x2", "qld-holdem-2005 s33(1)", "both hands are dead")
    clause = "qld-holdem-2005 s33(1)"
    r.apply_ruling((made, HandKilled(0, clause), HandKilled(1, clause)))
    assert r.is_over
    won = [(e.player, e.amount) for e in r.events if isinstance(e, PotAwarded)]
    assert won == [(2, 2 * r.config.blinds[1] - r.commission)]


def test_chips_of_a_hand_mucked_above_the_last_claim_stay_in_the_pot() -> None:
    """Heads-up, one player all in on the ante alone, the other's blind returned uncalled, both
    hands mucked: the last to muck keeps the claim and wins the ante (before, the 9 chips
    vanished, in the engine and in the batch replay alike)."""
    cfg = round_config(
        stacks=(9, 32),
        blinds=(5, 10),
        antes=(0, 10),
        min_bet=10,
        rulebook=find_rulebook("dunedin-house"),
        structure=Structure.fixed_limit(10, 20),
    )
    r = Round(cfg)
    r.apply(DealHole(0, parse_cards("2cJd")))
    r.apply(DealHole(1, parse_cards("Qd5c")))
    for board in ("2sKd2d", "Qc", "4h"):
        r.apply(DealBoard(parse_cards(board)))
    r.apply(Muck(0))
    r.apply(Muck(1))
    assert r.is_over
    assert r.stacks == [0, 41]
