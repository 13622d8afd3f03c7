"""The recall says each bet or raise as the dealer announces it: "bets 50" where no bet is open
on the street, "raises to 150" after one (qld-holdem-2005 s26(3)), never "bets or raises"."""

from __future__ import annotations

from croupier.cards import parse_cards
from croupier.round import events as rv
from croupier.service.recall import Announcer
from croupier.table.events import RoundProgressed


def test_bets_and_raises_are_said_as_the_dealer_announces_them() -> None:
    a = Announcer(["ann", "bob"])
    said = [
        *a.say(RoundProgressed((rv.BlindPosted(0, 1, "small blind"),))),
        *a.say(RoundProgressed((rv.BlindPosted(1, 2, "big blind"),))),
        *a.say(RoundProgressed((rv.BetOrRaised(0, 6, False, True),))),  # preflop: a raise
        *a.say(RoundProgressed((rv.Called(1, 4, False), rv.BettingRoundEnded(0)))),
        *a.say(RoundProgressed((rv.BoardDealt(tuple(parse_cards("2c 7d 9h")), 1),))),
        *a.say(RoundProgressed((rv.Checked(1),))),
        *a.say(RoundProgressed((rv.BetOrRaised(0, 50, False, True),))),  # the flop's first bet
        *a.say(RoundProgressed((rv.BetOrRaised(1, 150, False, True),))),
    ]
    assert "ann raises to 6" in said
    assert "ann bets 50" in said and "bob raises to 150" in said
    assert not [line for line in said if "bets or raises" in line]
