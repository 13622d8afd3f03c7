"""Bots: players that choose legal actions, to fill tables for demos, simulations and tournaments.

A bot sees only what its seat could see: its own hole cards, the board, the bets and the legal
actions. Randomness is an input (a ``random.Random``), so a seeded game is reproducible.
"""

from __future__ import annotations

import random
from typing import Protocol

from croupier.cards import Card
from croupier.hands.evaluate import category_of
from croupier.hands.orders import Category
from croupier.round import BetRaise, CheckCall, Command, Fold, LegalActions, Round


class Bot(Protocol):
    """A policy for the player to act in a round (``round.actor``)."""

    name: str

    def act(self, round: Round, rng: random.Random) -> Command: ...


def _legal(round: Round) -> LegalActions:
    la = round.legal_actions()
    if la is None:
        raise ValueError(f"no player is to act: the round awaits {round.awaiting()}")
    return la


def _check_or_fold(la: LegalActions) -> Command:
    return CheckCall(la.player) if la.can_check else Fold(la.player)


def _call(round: Round, la: LegalActions) -> Command:
    """Check or call; where neither is allowed (qld-holdem-2005 s4(2), s24(2)-(3): in the first
    round with no opening bet a player opens or folds), fold."""
    cmd = CheckCall(la.player)
    return cmd if round.why_illegal(cmd) is None else Fold(la.player)


def _raise_to(round: Round, la: LegalActions, to: int) -> Command:
    """A bet or raise to ``to`` clamped to the legal bounds; a call when none is allowed."""
    if la.min_raise_to is None or la.max_raise_to is None:
        return _call(round, la)
    return BetRaise(la.player, max(la.min_raise_to, min(to, la.max_raise_to)))


class RandomBot:
    """Any legal action at random: folds only when a check is not free."""

    name = "random"

    def act(self, round: Round, rng: random.Random) -> Command:
        la = _legal(round)
        u = rng.random()
        if u < 0.15:
            return _check_or_fold(la)
        if u < 0.75 or la.min_raise_to is None or la.max_raise_to is None:
            return _call(round, la)
        lo, hi = la.min_raise_to, la.max_raise_to
        if u > 0.97:
            return BetRaise(la.player, hi)
        return BetRaise(la.player, lo + int((hi - lo) * rng.random() ** 3))


class CallingStation:
    """Checks or calls every time; never folds, never raises."""

    name = "calling-station"

    def act(self, round: Round, rng: random.Random) -> Command:
        return _call(round, _legal(round))


class TightAggressive:
    """A simple tight-aggressive player: plays strong starting hands, bets made hands.

    Before the flop it scores its hole cards (pairs and high connected or suited cards); after it,
    the category of its best hand with the board. Strong hands raise about the pot, middling ones
    call a modest bet, weak ones check or fold.
    """

    name = "tight-aggressive"

    def act(self, round: Round, rng: random.Random) -> Command:
        la = _legal(round)
        hole = round.hole[la.player]
        cards = tuple(c for c in hole or () if c is not None)
        pot = round.pot_total
        owed = la.call_amount
        if not round.board:
            score = preflop_score(cards)
            if score >= 0.8:
                return _raise_to(round, la, round.current_bet * 3 + pot // 2)
            if score >= 0.55 and owed <= max(round.config.min_bet * 3, pot // 3):
                return _call(round, la)
            return _check_or_fold(la)
        category = made_category(round, cards)
        if category >= Category.TWO_PAIR:
            return _raise_to(round, la, round.current_bet + max(pot * 3 // 4, round.config.min_bet))
        if category >= Category.ONE_PAIR and owed <= pot // 2 + round.config.min_bet:
            if owed == 0 and rng.random() < 0.4:
                return _raise_to(round, la, max(pot // 2, round.config.min_bet))
            return _call(round, la)
        return _check_or_fold(la)


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


def made_category(round: Round, cards: tuple[Card, ...]) -> Category:
    """The category of the best high hand ``cards`` make with the board so far."""
    game = round.config.game
    if len(round.board) < 3 or len(cards) < game.hole_cards:
        return Category.HIGH_CARD
    return category_of(game.high(cards, tuple(round.board)), game.order)


BOTS: dict[str, type[RandomBot] | type[CallingStation] | type[TightAggressive]] = {
    RandomBot.name: RandomBot,
    CallingStation.name: CallingStation,
    TightAggressive.name: TightAggressive,
}


def make_bot(name: str) -> Bot:
    """A bot by name: ``random``, ``calling-station`` or ``tight-aggressive``."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(BOTS)}") from None
