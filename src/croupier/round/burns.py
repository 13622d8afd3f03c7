"""Burn cards in dealer-driven rounds: entered or confirmed by the dealer, and checked.

A burn card is "the card dealt immediately before the flop, turn card or river card"
(qld-holdem-2005 s2; s21(6), (8), (10)); act-omaha-2017 4.2(h) lets a table deal without them;
dunedin-house's glossary: "removed from the top of the deck ... before the start of a round".
One burn comes before each street unless a ruling says otherwise (``BurnsDue``): a card exposed
early and dealt in sequence has had its burn (qld-holdem-2005 s36(2); dunedin-house 72); the
flop re-dealt under qld-tournament-2020 4.42 keeps the burn that "shall remain"; the river after
a set-aside turn (4.42(1)(c)) and a re-dealt river (4.42(2)) are turned without a burn.

With ``RoundConfig.record_burns`` a street's cards are refused until its burn is recorded;
without it (a replayed history that has no burns) a burn may still be entered and is checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.round.commands import Burn
from croupier.round.events import BurnsDue, CardBurned, Event
from croupier.rules import IllegalAction, Ruling

if TYPE_CHECKING:
    from croupier.round.engine import Round

_NAMES = ("pre-flop", "flop", "turn", "river")


def due(r: Round) -> tuple[int, str]:
    """How many burn cards come before the next street's cards, and the clause."""
    if not r.config.burn:
        return 0, r.rules.burn_clause
    default = (1, r.rules.burn_clause)
    return r.burns_due.get(r.street + 1, default)


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def plan_burn(r: Round, cmd: Burn) -> list[Event]:
    """A burn the dealer enters or confirms, between betting rounds, where one is due."""
    if r.config.automatic:
        raise _refuse("croupier dealing", "croupier deals this round itself")
    n, clause = due(r)
    if r.awaiting() != "board" or r.street + 1 >= len(_NAMES):
        raise _refuse(clause, "a card is burned just before the flop, turn or river")
    name = _NAMES[r.street + 1]
    if r.street_burns >= n:
        what = "no burn card" if n == 0 else "the burn card is already dealt"
        raise _refuse(clause, f"{what} before the {name}")
    if cmd.card is not None:
        r.check_new_cards([cmd.card])
    return [CardBurned(cmd.card)]


def check_board(r: Round) -> None:
    """A street's cards wait for its burn when the round records burns."""
    n, clause = due(r)
    if r.config.record_burns and r.street_burns < n:
        raise _refuse(
            clause, f"burn a card before the {_NAMES[r.street + 1]}: enter or confirm it (Burn)"
        )


def fold_burns_due(r: Round, e: BurnsDue) -> None:
    r.burns_due[e.street] = (e.burns, e.clause)
