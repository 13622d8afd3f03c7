"""Events in words, for one reader: the one narration the web console, the terminal, the
recall and the exports share.

A :class:`Narration` follows one table's (or one tournament table's) events in order and says
each as :class:`Line` s: players by name (the round's 0-based positions never reach the words),
"you" and a verb that agrees with it for the reader ("you call 2", "you are dealt As Kd"),
which pot a share comes from ("the main pot", "side pot 1", and the half of a split pot), and
the rulebook's clause where the event has one. It keeps what the words depend on: the round's
players, and whether a bet is open on the street ("bets 50" or "raises to 150",
qld-holdem-2005 s26(3)). Pure: no I/O, no service.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from croupier.cards import CARD_TEXT, JOKER_ID, Card
from croupier.room.tournament_hands import TournamentHandDealt, TournamentHandProgressed
from croupier.round import events as rv
from croupier.table import absence as ab
from croupier.table import events as te

STREETS = ("pre-flop", "flop", "turn", "river")
_POSITION = re.compile(r"\bplayer (\d+)('s)?")
_WINNER = re.compile(r"player (\d+): ([^;]+)")


class Line:
    """One line of words: ``kind`` is "" (play), "round" (a round begins or ends), "ruling"
    (the floor's or the rulebook's), or "win" (chips awarded). A plain class rather than a
    frozen dataclass: lines are made for every message sent, and a frozen dataclass's
    ``__init__`` costs about 15 times as much."""

    __slots__ = ("clause", "kind", "text")

    def __init__(self, text: str, clause: str = "", kind: str = "") -> None:
        self.text = text
        self.clause = clause
        self.kind = kind

    def json(self) -> dict[str, str]:
        return {"text": self.text, "clause": self.clause, "kind": self.kind}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.text, self.clause, self.kind) == (other.text, other.clause, other.kind)

    def __hash__(self) -> int:
        return hash((self.text, self.clause, self.kind))

    def __repr__(self) -> str:
        return f"Line(text={self.text!r}, clause={self.clause!r}, kind={self.kind!r})"


def spelt(name: str) -> str:
    """A class name as words: ``SeatChanged`` -> ``seat changed``."""
    return " ".join(w.lower() for w in re.findall(r"[A-Z][a-z]*|[a-z]+|\d+", name)) or name


def cards_text(cards: Sequence[Card | int | None]) -> str:
    """Cards as "As Kd"; a card the reader may not see as "▒"."""
    return " ".join(
        "▒" if c is None else CARD_TEXT[c] if 0 <= c <= JOKER_ID else str(Card(c)) for c in cards
    )


class Narration:
    """A table's events in words for ``reader`` (a player's name; None: staff or spectator),
    in order (see the module's docstring). ``players``: the round in progress's players by
    position, when the narration starts mid-round."""

    def __init__(self, reader: str | None = None, players: Sequence[str] = ()) -> None:
        self.reader = reader
        self.players: tuple[str, ...] = tuple(players)
        self.bet_open = False

    # -- names and verbs ------------------------------------------------------------------

    def name(self, p: int | str) -> str:
        """A player (by round position or by name) as the reader reads them."""
        who = self._who(p)
        return "you" if who == self.reader else who

    def _who(self, p: int | str) -> str:
        if isinstance(p, str):
            return p
        return self.players[p] if 0 <= p < len(self.players) else f"a player ({p + 1})"

    def does(self, p: int | str, third: str, second: str) -> str:
        """``p`` and the verb agreeing with them: "bob calls", "you call"."""
        who = self.name(p)
        return f"{who} {second if who == 'you' else third}"

    def owner(self, p: int | str) -> str:
        """``p``'s, or "your"."""
        who = self.name(p)
        return "your" if who == "you" else f"{who}'s"

    def named(self, text: str) -> str:
        """The core's "player 3" (a 0-based position, in a ruling's words) as a name."""

        def sub(m: re.Match[str]) -> str:
            p = int(m.group(1))
            if not 0 <= p < len(self.players):
                return m.group(0)
            return self.owner(p) if m.group(2) else self.name(p)

        return _POSITION.sub(sub, text)

    # -- events ---------------------------------------------------------------------------

    def track(self, e: object) -> None:
        """Follow ``e`` without saying it (its words were said for another reader)."""
        if isinstance(e, te.RoundStarted):
            self.players, self.bet_open = e.players, False
            events: tuple[object, ...] = e.opening
        elif isinstance(e, TournamentHandDealt):
            self.players, self.bet_open = e.plan.players, False
            return
        elif isinstance(e, _CARRIERS):
            events = e.events
        else:
            events = (e,)
        for x in events:
            if isinstance(x, _CLOSES_BETTING):
                self.bet_open = False
            elif isinstance(x, rv.BetOrRaised) or (isinstance(x, rv.BlindPosted) and x.amount):
                self.bet_open = True

    def __call__(self, e: object) -> list[Line]:
        """The lines of one event (a table's, a round's, or a tournament hand's)."""
        if isinstance(e, rv.Event):
            return self.round_event(e)
        if isinstance(e, TournamentHandDealt):
            self.players, self.bet_open = e.plan.players, False
            names = ", ".join(self.name(p) for p in e.plan.players)
            return [Line(f"Hand {e.plan.hand} is dealt: {names}", "", "round")]
        if isinstance(e, TournamentHandProgressed):
            return [x for r in e.events for x in self.round_event(r)]
        if isinstance(e, te.TableEvent):
            return self.table_event(e)
        return [Line(spelt(type(e).__name__))]

    def table_event(self, e: te.TableEvent) -> list[Line]:
        one = _one
        # the events' classes are disjoint: the cases come in the order play meets them most
        # (each case passed costs a check, and the words are said for every message sent)
        match e:
            case te.CardsDealt() | te.RoundProgressed():
                return [x for r in e.events for x in self.round_event(r)]
            case te.RoundStarted():
                self.players, self.bet_open = e.players, False
                names = ", ".join(self.name(p) for p in e.players)
                how = f" (shoe: {e.shoe})" if e.shoe else " (live deal)"
                head = Line(f"Round {e.hand} begins: {names}{how}", "", "round")
                return [head, *(x for r in e.opening for x in self.round_event(r))]
            case te.RoundFinished():
                fee = f"; commission {e.commission}" if e.commission else ""
                return one(f"Round {e.hand} over{fee}", "", "round")
            case te.DeadlineSet():
                return one(f"{self.name(e.player)} to act", e.clause)
            case te.TableCheckpoint():
                return []
            case te.PlayerSat():
                return one(f"{self.does(e.player, 'sits', 'sit')} in seat {e.seat} with {e.chips}")
            case te.ChipsAdded():
                return one(f"{self.does(e.player, 'adds', 'add')} {e.chips} chips")
            case te.StatusChanged():
                status = e.status.value.replace("_", " ")
                return one(f"{self.does(e.player, 'is', 'are')} {status}", e.clause, "ruling")
            case te.PlayerLeft():
                kind = "" if e.clause == te.LEFT_BY_CHOICE else "ruling"
                clause = "" if e.clause == te.LEFT_BY_CHOICE else e.clause
                return one(f"{self.does(e.player, 'leaves', 'leave')} with {e.chips}", clause, kind)
            case te.SeatChanged():
                verb = self.does(e.player, "moves", "move")
                return one(f"{verb} from seat {e.origin} to seat {e.target}")
            case te.Declared():
                verb = self.does(e.player, "is", "are")
                return one(f"{verb} a declared player and may not add chips", e.clause, "ruling")
            case te.TimeCharged():
                return one(f"{self.does(e.player, 'is', 'are')} charged {e.amount} for time")
            case te.FloorReported():
                what = spelt(type(e.incident).__name__)
                p = getattr(e.incident, "player", None)
                who = f" ({self.name(p)})" if isinstance(p, (int, str)) else ""
                head = Line(f"Floor report: {what}{who}", "", "ruling")
                return [head, *(x for r in e.events for x in self.round_event(r))]
            case te.TimedOut():
                verb = self.does(e.player, "ran", "ran")
                return one(f"{verb} out of time: the hand is folded", e.clause, "ruling")
            case te.TableRoundVoided():
                return one(f"Round {e.hand} is void: {e.reason}", e.clause, "ruling")
            case te.Notice():
                return one(f"{self.name(e.player)}: {self.named(e.message)}", e.clause, "ruling")
            case te.TableClosed():
                return one("The table is closed", e.clause, "ruling")
            case te.FundsLocked():
                return one(
                    f"{e.chips} of {self.owner(e.player)} chips locked ({e.reason})",
                    e.clause,
                    "ruling",
                )
            case te.FundsReleased():
                where = "to the stack" if e.seated else "and paid"
                return one(
                    f"{e.chips} of {self.owner(e.player)} chips released {where}",
                    e.clause,
                    "ruling",
                )
            case te.RoundReopened():
                return one(
                    f"The last round reopens ({e.commands} command(s) back)", e.clause, "ruling"
                )
            case ab.PlayerDisconnected():
                return one(
                    f"{self.does(e.player, 'is', 'are')} disconnected: the seat is kept", e.clause
                )
            case ab.PlayerReconnected():
                late = " (after the grace period)" if e.late else ""
                return one(f"{self.does(e.player, 'is', 'are')} back{late}")
            case ab.GraceExpired():
                return one(f"{self.owner(e.player)} grace period is over: away", e.clause, "ruling")
            case ab.AbsentFolded():
                verb = self.does(e.player, "is", "are")
                return one(f"{verb} away: the hand is folded", e.clause, "ruling")
        named = getattr(e, "player", None)
        lead = f"{self.name(named)}: " if isinstance(named, str) else ""
        return one(f"{lead}{spelt(type(e).__name__)}", str(getattr(e, "clause", "")))

    def round_event(self, e: rv.Event) -> list[Line]:
        one = _one
        bet_open = self.bet_open
        if isinstance(e, _CLOSES_BETTING):
            self.bet_open = False
        elif isinstance(e, rv.BetOrRaised) or (isinstance(e, rv.BlindPosted) and e.amount):
            self.bet_open = True
        match e:  # the commonest first, as in table_event
            case rv.Called():
                if not e.amount:
                    return one(self.does(e.player, "checks", "check"))
                all_in = " (all in)" if e.all_in else ""
                return one(f"{self.does(e.player, 'calls', 'call')} {e.amount}{all_in}")
            case rv.Checked():
                return one(self.does(e.player, "checks", "check"))
            case rv.Folded():
                return one(self.does(e.player, "folds", "fold"))
            case rv.BetOrRaised():
                all_in = " (all in)" if e.all_in else ""
                if bet_open:
                    verb = self.does(e.player, "raises to", "raise to")
                else:
                    verb = self.does(e.player, "bets", "bet")
                return one(f"{verb} {e.to}{all_in}")
            case rv.BettingRoundEnded() | rv.RoundEnded():
                return []
            case rv.HoleDealt():
                return one(f"{self.does(e.player, 'is', 'are')} dealt {cards_text(e.cards)}")
            case rv.CardBurned():
                return one(f"Burn {cards_text([e.card])}")
            case rv.BoardDealt():
                street = STREETS[e.street] if 0 <= e.street < len(STREETS) else "board"
                return one(f"Board: {cards_text(e.cards)} ({street})")
            case rv.BlindPosted():
                return one(f"{self.does(e.player, 'posts', 'post')} the {e.kind} {e.amount}")
            case rv.PotAwarded():
                pot = "the main pot" if e.pot == 0 else f"side pot {e.pot}"
                half = f" ({e.half} half)" if e.half in ("high", "low") else ""
                verb = self.does(e.player, "wins", "win")
                return one(f"{verb} {e.amount} from {pot}{half}", e.clause, "win")
            case rv.HandShown():
                return one(f"{self.does(e.player, 'shows', 'show')} {cards_text(e.cards)}")
            case rv.HandMucked():
                return one(self.does(e.player, "mucks", "muck"))
            case rv.Announcement():
                return one(f"Dealer: {self._announced(e.text)}", e.clause)
            case rv.CommissionTaken():
                return one(f"Commission {e.amount}", e.clause)
            case rv.FeeCharged():
                return one(f"{self.does(e.player, 'pays', 'pay')} a fee of {e.amount}", e.clause)
            case rv.AntePosted():
                return one(f"{self.does(e.player, 'antes', 'ante')} {e.amount}")
            case rv.DeadPosted():
                return one(f"{self.does(e.player, 'posts', 'post')} {e.amount} dead", e.clause)
            case rv.BetReturned():
                return one(f"{e.amount} uncalled, returned to {self.name(e.player)}")
            case rv.RulingMade():
                return one(f"Ruling: {self.named(e.message)}", e.clause, "ruling")
            case rv.RoundVoided():
                return one("The round is void", e.clause, "ruling")
            case rv.HandKilled():
                return one(f"{self.owner(e.player)} hand is dead", e.clause, "ruling")
            case rv.CardExposed():
                return one(f"{cards_text([e.card])} exposed: {e.use}", e.clause, "ruling")
            case rv.HoleCardReplaced():
                return one(
                    f"{self.owner(e.player)} {cards_text([e.old])} is replaced", e.clause, "ruling"
                )
            case rv.CardsShownToTable():
                return one(
                    f"{self.owner(e.player)} {cards_text(e.cards)} shown to the table",
                    e.clause,
                    "ruling",
                )
        player = getattr(e, "player", None)
        head = f"{self.name(player)}: " if isinstance(player, int) else ""
        clause = getattr(e, "clause", "")
        return one(f"{head}{spelt(type(e).__name__)}", clause, "ruling" if clause else "")

    def _announced(self, text: str) -> str:
        """A dealer's announcement; the winning hands by name ("bob: flush, ace high")."""
        if text.startswith("winning hand: "):
            hands = [
                f"{self.name(int(m.group(1)))} {self._has(int(m.group(1)))} {m.group(2).strip()}"
                for m in _WINNER.finditer(text)
                if 0 <= int(m.group(1)) < len(self.players)
            ]
            if hands:
                return "winning hand: " + "; ".join(hands)
        return self.named(text)

    def _has(self, p: int) -> str:
        return "have" if self.name(p) == "you" else "has"


def _one(text: str, clause: str = "", kind: str = "") -> list[Line]:
    return [Line(text, clause, kind)]


#: Table events that carry round events (their words are those events').
_CARRIERS = (te.CardsDealt, te.RoundProgressed, te.FloorReported, TournamentHandProgressed)
#: Round events after which no bet is open on the street.
_CLOSES_BETTING = (rv.BoardDealt, rv.BettingRoundEnded)
#: "player N" in a round event's text (no ``\b``: a reader named in it is never missed).
_MENTION = re.compile(r"player (\d+)")
#: Whether a type's events have an attribute, asked once a type: ``getattr`` with a default
#: raises and catches an exception for each miss.
_HAS: dict[tuple[type, str], bool] = {}


def _get(x: object, name: str) -> object:
    key = (type(x), name)
    has = _HAS.get(key)
    if has is None:
        has = _HAS[key] = hasattr(x, name)
    return getattr(x, name) if has else None


def mentions(e: object) -> frozenset[str | int] | None:
    """Whom ``e`` names, whatever its reader: players by name (a table event's own player)
    and by round position (its round events' players, and "player N" in their text); None
    where it lists every player (a round's start). A reader it names gets words of their own
    ("you call 2"); any other reads the same words as a spectator."""
    if isinstance(e, (te.RoundStarted, TournamentHandDealt)):
        return None
    named: set[str | int] = set()
    if isinstance(e, te.TableEvent):
        p = _get(e, "player")
        if isinstance(p, str):
            named.add(p)
    events = cast("Sequence[object]", _get(e, "events") or _get(e, "opening") or (e,))
    for x in events:
        p = _get(x, "player")
        if isinstance(p, int):
            named.add(p)
        text = _get(x, "text") or _get(x, "message")
        if isinstance(text, str) and "player " in text:
            named.update(int(n) for n in _MENTION.findall(text))
    return frozenset(named)


def words(e: object, players: Sequence[str] = (), reader: str | None = None) -> list[Line]:
    """One event's lines on its own (no bet carried from the events before it)."""
    return Narration(reader, players)(e)
