"""The showdown: planning a show or muck, the showing order, and showing or mucking for the
hands still undecided. Functions of the :class:`~croupier.round.engine.Round`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.cards import Card
from croupier.round.commands import Muck, Show
from croupier.round.events import Event, HandMucked, HandShown
from croupier.round.settle import Pot, side_pots
from croupier.round.streets import CLOCKWISE, SHOWDOWN
from croupier.rules.rulings import refuse

if TYPE_CHECKING:
    from croupier.round.engine import Round


def plan_showdown(r: Round, cmd: Show | Muck) -> list[Event]:
    p = cmd.player
    if r.street != SHOWDOWN:
        raise refuse(r.rules.showdown_clause, "hands are shown only at the showdown")
    if not 0 <= p < r.n or r.folded[p]:
        raise refuse(r.rules.showdown_clause, f"player {p} has no hand in the showdown")
    if r.shown[p] is not None or r.mucked[p]:
        raise refuse(r.rules.showdown_clause, f"player {p} has already shown or mucked")
    if r.config.ask_showdown and r.config.automatic:
        asked = to_show(r)
        if asked != p:
            raise refuse(r.rules.showdown_clause, f"player {asked} shows or mucks first")
    if isinstance(cmd, Muck):
        if exposing(r):
            raise refuse(
                r.config.expose_all_in,
                "a player is all in and the betting is over: every live hand is turned face up",
            )
        return [HandMucked(p)]
    hole = r.hole[p]
    assert hole is not None
    cards = cmd.cards
    if cards is None:
        if any(c is None for c in hole):
            raise refuse(r.rules.showdown_clause, f"player {p}'s cards were not entered; name them")
        cards = tuple(c for c in hole if c is not None)
    else:
        if len(cards) != len(hole):
            raise refuse(r.rules.deck_clause, f"player {p} holds {len(hole)} cards")
        known = [c for c in hole if c is not None]
        if known and sorted(known) != sorted(c for c in cards if c in known):
            raise refuse(r.rules.deck_clause, f"player {p} was dealt other cards")
        if len(known) != len(hole):
            r.check_new_cards([c for c in cards if c not in known])
    return [HandShown(p, tuple(cards))]


def showing_order(r: Round) -> list[int]:
    """Who shows first, then clockwise (qld-holdem-2005 s27(2)-(3); act-omaha-2017 13.1;
    dunedin-house 64): the last player to bet or raise in the final round; if nobody bet,
    the first active player left of the button (qld: the designated player first)."""
    live = r.live()
    first = r.last_aggressor
    if first is None or first not in live:
        # qld-holdem-2005 s27(2)(a): with no bet, the designated player shows first
        first = r.n - 1 if r.rules.opening_bet_equals_big_blind and (r.n - 1) in live else live[0]
    folded = r.folded
    return [i for i in CLOCKWISE[r.n][first] if not folded[i]]


def auto_showdown(r: Round) -> None:
    """Show or muck for everyone still to decide, in showing order: a hand shows when it
    ties or beats the best hand shown so far in some pot it can win (qld-holdem-2005
    s27(4), applied pot by pot so a side pot is still contested; s29(8)); otherwise it is
    mucked. A hand whose cards were not entered is mucked."""
    if exposing(r):
        expose_all(r)
        return
    in_pots = side_pots(r, r.live())
    best: list[tuple[int, int]] = [(-1, -1)] * len(in_pots)  # (high, low) shown per pot
    for p in showing_order(r):
        shown = r.shown[p]
        if shown is not None or r.mucked[p]:
            if shown is not None:
                raise_best(r, p, shown, in_pots, best)
            continue
        hole = r.hole[p]
        if hole is None or any(c is None for c in hole):
            r.emit(HandMucked(p))
            continue
        cards = tuple(c for c in hole if c is not None)
        if can_win(r, p, cards, in_pots, best):
            r.emit(HandShown(p, cards))
            raise_best(r, p, cards, in_pots, best)
        else:
            r.emit(HandMucked(p))


def ask_showdown(r: Round) -> None:
    """Show, in showing order, every hand the rules oblige to show: the showing player's
    (qld-holdem-2005 s27(2)-(3); act-omaha-2017 13.1; dunedin-house 64) and each that ties or
    beats the best shown in some pot it can win (s27(4); cards speak: dunedin-house 61); stop
    at the first hand that need not be shown: its player is asked (:func:`to_show`) to show or
    muck. With an all-in hand, every live hand is turned face up instead (:func:`exposing`)."""
    if exposing(r):
        expose_all(r)
        return
    in_pots = side_pots(r, r.live())
    best: list[tuple[int, int]] = [(-1, -1)] * len(in_pots)
    for p in showing_order(r):
        shown = r.shown[p]
        if shown is not None:
            raise_best(r, p, shown, in_pots, best)
            continue
        if r.mucked[p]:
            continue
        hole = r.hole[p]
        assert hole is not None  # croupier dealt every card
        cards = tuple(c for c in hole if c is not None)
        if not can_win(r, p, cards, in_pots, best):
            return  # p need not show: asked
        r.emit(HandShown(p, cards))
        raise_best(r, p, cards, in_pots, best)


def to_show(r: Round) -> int | None:
    """The player asked to show or muck (:func:`ask_showdown`): the first in showing order
    still to decide; None when nobody is asked."""
    if r.street != SHOWDOWN or not (r.config.ask_showdown and r.config.automatic):
        return None
    for p in showing_order(r):
        if r.shown[p] is None and not r.mucked[p]:
            return p
    return None


def exposing(r: Round) -> bool:
    """Whether every live hand must be turned face up: the config names the clause
    (qld-tournament-2020 4.30; dunedin-house 84) and a live hand is all in at the showdown."""
    if not r.config.expose_all_in or r.street != SHOWDOWN:
        return False
    return any(r.all_in[i] and not r.folded[i] for i in range(r.n))


def expose_all(r: Round) -> None:
    """Turn every live hand face up in showing order; none may be mucked."""
    order = [p for p in showing_order(r) if r.shown[p] is None and not r.mucked[p]]
    for p in order:
        hole = r.hole[p]
        if hole is None or any(c is None for c in hole):
            raise refuse(
                r.config.expose_all_in,
                f"every live hand is turned face up: name player {p}'s cards",
            )
    for p in order:
        hole = r.hole[p]
        assert hole is not None
        r.emit(HandShown(p, tuple(c for c in hole if c is not None)))


def can_win(
    r: Round, p: int, cards: tuple[Card, ...], pots: list[Pot], best: list[tuple[int, int]]
) -> bool:
    """Whether ``cards`` tie or beat the best hand shown so far in some pot ``p`` can win."""
    hi, lo = r.shown_value(p, cards)
    return any(
        p in pot.eligible and (hi >= best[k][0] or (lo > 0 and lo >= best[k][1]))
        for k, pot in enumerate(pots)
    )


def raise_best(
    r: Round, p: int, cards: tuple[Card, ...], pots: list[Pot], best: list[tuple[int, int]]
) -> None:
    hi, lo = r.shown_value(p, cards)
    for k, pot in enumerate(pots):
        if p in pot.eligible:
            best[k] = (max(best[k][0], hi), max(best[k][1], lo))
