"""Bots: players that choose legal actions, to fill tables for demos, simulations and tournaments.

A bot sees only what its seat could see: its input is the seat's
:class:`~croupier.views.RoundView` (:func:`croupier.views.seat_view`): its own hole cards, the
board, cards shown, the bets and the legal actions; never another seat's cards or the deck.
Randomness is an input (a ``random.Random``), so a seeded game is reproducible.
"""

from __future__ import annotations

import random
from typing import Protocol

from croupier.cards import Card
from croupier.hands.evaluate import category_of
from croupier.hands.orders import Category
from croupier.round import BetRaise, CheckCall, Command, Fold, LegalActions
from croupier.views import RoundView


class Bot(Protocol):
    """A policy for the player to act, given that player's view of the round."""

    name: str

    def act(self, view: RoundView, rng: random.Random) -> Command: ...

    def shows(self, view: RoundView, rng: random.Random) -> bool:
        """Asked at the showdown (a hand it need not show): show it (True) or muck it."""
        ...


def _legal(view: RoundView) -> LegalActions:
    la = view.legal
    if la is None:
        raise ValueError(
            f"seat {view.seat} is not to act: the round awaits {view.awaiting}"
            + (f" from seat {view.actor}" if view.actor is not None else "")
        )
    return la


def _check_or_fold(la: LegalActions) -> Command:
    return CheckCall(la.player) if la.can_check else Fold(la.player)


def _call(view: RoundView, la: LegalActions) -> Command:
    """Check or call; where neither is allowed (qld-holdem-2005 s4(2), s24(2)-(3): in the first
    round with no opening bet a player opens or folds), fold."""
    return CheckCall(la.player) if view.can_call else Fold(la.player)


def _raise_to(view: RoundView, la: LegalActions, to: int) -> Command:
    """A bet or raise to ``to`` clamped to the legal bounds; a call when none is allowed."""
    if la.min_raise_to is None or la.max_raise_to is None:
        return _call(view, la)
    return BetRaise(la.player, max(la.min_raise_to, min(to, la.max_raise_to)))


class RandomBot:
    """Any legal action at random: folds only when a check is not free."""

    name = "random"

    def act(self, view: RoundView, rng: random.Random) -> Command:
        la = _legal(view)
        u = rng.random()
        if u < 0.15:
            return _check_or_fold(la)
        if u < 0.75 or la.min_raise_to is None or la.max_raise_to is None:
            return _call(view, la)
        lo, hi = la.min_raise_to, la.max_raise_to
        if u > 0.97:
            return BetRaise(la.player, hi)
        return BetRaise(la.player, lo + int((hi - lo) * rng.random() ** 3))

    def shows(self, view: RoundView, rng: random.Random) -> bool:
        return rng.random() < 0.5


class CallingStation:
    """Checks or calls every time; never folds, never raises."""

    name = "calling-station"

    def act(self, view: RoundView, rng: random.Random) -> Command:
        return _call(view, _legal(view))

    def shows(self, view: RoundView, rng: random.Random) -> bool:
        return True  # it has nothing to hide


class TightAggressive:
    """A simple tight-aggressive player: plays strong starting hands, bets made hands.

    Before the flop it scores its hole cards (pairs and high connected or suited cards); after it,
    the category of its best hand with the board. Strong hands raise about the pot, middling ones
    call a modest bet, weak ones check or fold.
    """

    name = "tight-aggressive"

    def act(self, view: RoundView, rng: random.Random) -> Command:
        la = _legal(view)
        cards = view.own_hole
        pot = view.pot_total
        owed = la.call_amount
        if not view.board:
            score = preflop_score(cards)
            if score >= 0.8:
                return _raise_to(view, la, view.current_bet * 3 + pot // 2)
            if score >= 0.55 and owed <= max(view.min_bet * 3, pot // 3):
                return _call(view, la)
            return _check_or_fold(la)
        category = made_category(view, cards)
        if category >= Category.TWO_PAIR:
            return _raise_to(view, la, view.current_bet + max(pot * 3 // 4, view.min_bet))
        if category >= Category.ONE_PAIR and owed <= pot // 2 + view.min_bet:
            if owed == 0 and rng.random() < 0.4:
                return _raise_to(view, la, max(pot // 2, view.min_bet))
            return _call(view, la)
        return _check_or_fold(la)

    def shows(self, view: RoundView, rng: random.Random) -> bool:
        return False  # gives nothing away


def preflop_score(cards: tuple[Card, ...]) -> float:
    """A 0..1 score of hole cards: the best pair of them, by rank, pairing, suit and gap."""
    best = 0.0
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
            s = (hi + lo) / 24 * 0.6
            if hi == lo:
                s = 0.55 + hi / 12 * 0.45
            else:
                if (a & 3) == (b & 3):
                    s += 0.1
                if hi - lo == 1:
                    s += 0.05
                if hi == 12:
                    s += 0.1
            best = max(best, s)
    return best


def made_category(view: RoundView, cards: tuple[Card, ...]) -> Category:
    """The category of the best high hand ``cards`` make with the board so far."""
    game = view.game
    if len(view.board) < 3 or len(cards) < game.hole_cards:
        return Category.HIGH_CARD
    return category_of(game.high(cards, view.board), game.order)


BOTS: dict[str, type[RandomBot] | type[CallingStation] | type[TightAggressive]] = {
    "random": RandomBot,  # each bot's name (literal: mypyc keeps no class-level attributes)
    "calling-station": CallingStation,
    "tight-aggressive": TightAggressive,
}


def make_bot(name: str) -> Bot:
    """A bot by name: ``random``, ``calling-station`` or ``tight-aggressive``."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(BOTS)}") from None
