"""Round and table events as the lines a dealer says at the terminal, each ruling with its
clause (the screens', the recall's and the exports' words: :class:`croupier.narration.Narration`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from croupier.cards import format_cards
from croupier.round.events import (
    Announcement,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    CommissionTaken,
    DeadPosted,
    Event,
    FeeCharged,
    Folded,
    HandMucked,
    HandShown,
    PotAwarded,
)
from croupier.rules import Rulebook
from croupier.table.events import (
    LEFT_BY_CHOICE,
    Declared,
    Notice,
    PlayerLeft,
    StatusChanged,
    TableEvent,
    TimedOut,
)

STREETS = ("pre-flop", "flop", "turn", "river")
_POSITION = re.compile(r"\bplayer (\d+)('s)?")


class Narrator:
    """Round events as lines, in order: knows whether a bet is open on the street, so that the
    dealer says "bets 50" or "raises to 150" (qld-holdem-2005 s26(3))."""

    def __init__(self, name: Callable[[int], str], rules: Rulebook) -> None:
        self.name = name
        self.rules = rules
        self.bet_open = False
        self.held: list[str] | None = None  # lines after the commission, until it is taken
        self.held_clause = ""

    def __call__(self, e: Event) -> str:
        # The dealer announces the commission (qld-holdem-2005 s26(3), s27(9)) and takes it
        # under the commission rule: one line naming both clauses, then the rest announced.
        if isinstance(e, Announcement) and e.text.startswith("commission "):
            if e.text != "commission 0":
                self.held = []
                self.held_clause = e.clause
                return ""
        elif isinstance(e, Announcement) and self.held is not None:
            self.held.append(round_line(e, self.name, self.rules))
            return ""
        elif isinstance(e, CommissionTaken) and self.held is not None:
            said = f"  dealer: commission {e.amount} ({self.held_clause}), taken ({e.clause})"
            lines, self.held = [said, *self.held], None
            return self.named("\n".join(lines))
        flushed = ""
        if self.held is not None:  # nothing was taken after all: say what was held back
            flushed, self.held = "\n".join(self.held), None
        line = round_line(e, self.name, self.rules, self.bet_open)
        if isinstance(e, BoardDealt):
            self.bet_open = False
        elif isinstance(e, BetOrRaised) or (isinstance(e, BlindPosted) and e.amount):
            self.bet_open = True
        return self.named("\n".join(x for x in (flushed, line) if x))

    def named(self, text: str) -> str:
        """The engine's "player 3" (a 0-based position) as the table names the player."""

        def sub(m: re.Match[str]) -> str:
            try:
                return self.name(int(m.group(1))) + (m.group(2) or "")
            except (IndexError, KeyError):
                return m.group(0)

        return _POSITION.sub(sub, text)


def round_line(e: Event, name: Callable[[int], str], rules: Rulebook, bet_open: bool = True) -> str:
    """One line for a round event a player at the table would hear about ('' for none);
    ``bet_open``: a bet was already made on this street (a bet or raise is then a raise)."""
    match e:
        case FeeCharged(player=p, amount=a, clause=clause):
            return f"  {name(p)} pays the participation fee, {a} ({clause})"
        case BlindPosted(player=p, amount=a, kind=k):
            return f"  {name(p)} posts the {k}, {a} ({rules.blinds_clause})"
        case DeadPosted(player=p, amount=a, clause=clause):
            return f"  {name(p)} posts {a} dead ({clause})"
        case Folded(player=p):
            return f"  {name(p)} folds"
        case Checked(player=p):
            return f"  {name(p)} checks"
        case Called(player=p, amount=0) if rules.opening_bet_equals_big_blind:
            return f"  {name(p)} checks: nothing more is owed ({rules.call_of_nothing_clause})"
        case Called(player=p, amount=a, all_in=all_in):
            return f"  {name(p)} calls {a}{' (all-in)' if all_in else ''}"
        case BetOrRaised(player=p, to=to, all_in=all_in):
            verb = "raises to" if bet_open else "bets"
            return f"  {name(p)} {verb} {to}{' (all-in)' if all_in else ''}"
        case BetReturned(player=p, amount=a):
            return f"  {a} uncalled, returned to {name(p)} ({rules.uncalled_clause})"
        case BoardDealt(cards=cards, street=s):
            return f"{STREETS[s]}: {format_cards(cards)}"
        case HandShown(player=p, cards=cards):
            return f"  {name(p)} shows {format_cards(cards)}"
        case HandMucked(player=p):
            return f"  {name(p)} mucks"
        case Announcement(text=text, clause=clause):
            return f"  dealer: {text} ({clause})"
        case CommissionTaken(amount=a, clause=clause):
            return f"  commission {a} ({clause})"
        case PotAwarded(pot=pot, player=p, amount=a, half=half, clause=clause):
            which = "main pot" if pot == 0 else f"side pot {pot}"
            if half in ("high", "low"):
                which += f", {half} half"
            return f"  {which}: {name(p)} is paid {a} ({clause})"
    return ""


def table_line(e: TableEvent, name: Callable[[str], str] = str) -> str:
    """One line for a table ruling ('' for events that are not rulings); ``name``: a player
    as the screen names them (the table knows players by their ids)."""
    match e:
        case PlayerLeft(player=p, chips=c, clause=clause) if clause != LEFT_BY_CHOICE:
            return f"  floor: {name(p)} must leave the game with {c} ({clause})"
        case StatusChanged(player=p, status=s, clause=clause):
            return f"  floor: {name(p)} is {s.value} ({clause})"
        case Declared(player=p, clause=clause):
            return f"  floor: {name(p)} is a declared player and may not add chips ({clause})"
        case TimedOut(player=p, clause=clause):
            return f"  floor: {name(p)} ran out of time; the hand is folded ({clause})"
        case Notice(message=m, clause=clause):
            return f"  floor: {m} ({clause})"
    return ""
