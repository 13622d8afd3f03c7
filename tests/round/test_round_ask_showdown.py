"""A round that asks at the showdown (RoundConfig.ask_showdown): hands the rules oblige to show
are shown, and each player who need not show is asked, in showing order, to show or muck."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.round import CheckCall, Muck, Round, Show
from croupier.round.commands import IllegalAction
from croupier.round.events import HandMucked, HandShown
from croupier.rules import DUNEDIN_HOUSE
from croupier.shoe import Shoe
from support.build import round_config


def _to_showdown(seed: int, ask: bool = False) -> Round:
    order = Shoe(Deck.standard(), seed=seed).shuffle().order
    r = Round(round_config((100, 100, 100), (1, 2), deck_order=order, ask_showdown=ask))
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    return r


def _asked_round() -> Round:
    for seed in range(50):
        r = _to_showdown(seed, ask=True)
        if r.to_show() is not None:
            return r
    raise AssertionError("no seed left a hand to ask about")


@pytest.mark.parametrize("show", [False, True])
def test_a_player_who_need_not_show_is_asked_in_showing_order(show: bool) -> None:
    r = _asked_round()
    p = r.to_show()
    assert p is not None and not r.is_over and r.awaiting() == "showdown"
    first = r.showing_order()[0]
    assert r.shown[first] is not None  # the showing player showed without being asked
    others = [i for i in r.live() if i not in (p, first)]
    for other in others:  # out of the showing order: refused, citing it
        ruling = r.why_illegal(Muck(other))
        assert ruling is not None and ruling.clause == DUNEDIN_HOUSE.showdown_clause
    events = r.apply(Show(p) if show else Muck(p))
    assert isinstance(events[0], HandShown if show else HandMucked)
    while not r.is_over:  # the next asked, if any
        q = r.to_show()
        assert q is not None
        r.apply(Muck(q))
    assert r.to_show() is None


def test_without_asking_the_round_shows_or_mucks_for_everyone() -> None:
    for seed in range(5):
        assert _to_showdown(seed).is_over
    with pytest.raises(IllegalAction):
        _to_showdown(0).apply(Muck(0))
