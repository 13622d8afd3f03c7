"""Tournament events: every change to a tournament is one of these; its state is their fold.

Each event that applies a rule carries the clause it applies. A hand's own round events travel
inside :class:`HandPlayed`, so the event list reconstructs the tournament hand by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.round.events import Event as RoundEvent
from croupier.table import Buttons
from croupier.tournament.payouts import Prize


@dataclass(frozen=True, slots=True)
class TEvent:
    """Base class of tournament events."""


@dataclass(frozen=True, slots=True)
class Registered(TEvent):
    player: str
    name: str
    fee: int  # to the prize pool (the entry fee less any commission)
    admin_fee: int  # to the operator: administration fee and commission
    bounty: int
    alternate: bool
    clause: str


@dataclass(frozen=True, slots=True)
class EntryTransferred(TEvent):
    player: str
    to: str
    name: str
    clause: str


@dataclass(frozen=True, slots=True)
class EntryCancelled(TEvent):
    player: str
    refund: int
    clause: str


@dataclass(frozen=True, slots=True)
class TournamentCancelled(TEvent):
    refunds: tuple[tuple[str, int], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class TournamentStarted(TEvent):
    """The draw is made and play begins. ``shoe``: where the cards come from, ``secure`` or
    ``seeded:N`` (a seeded shoe: tests and replays only); empty when not told."""

    clause: str
    shoe: str = ""


@dataclass(frozen=True, slots=True)
class Seated(TEvent):
    player: str
    table: int
    seat: int
    stack: int  # chips put in play for this seat (0: the player brings their stack)
    present: bool
    clause: str


@dataclass(frozen=True, slots=True)
class Forfeited(TEvent):
    """Not seated by the starting time: the position is forfeited, the fee stays in the pool
    (act-omaha-2017 20.10)."""

    player: str
    clause: str


@dataclass(frozen=True, slots=True)
class ButtonDrawn(TEvent):
    table: int
    seat: int
    cards: tuple[tuple[int, Card], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class ClockTicked(TEvent):
    """``seconds`` of play passed (none while paused); ``at``: the server's time the clock was
    brought to, in seconds (None: time fed in without one, as a simulation does)."""

    seconds: int
    at: int | None = None


@dataclass(frozen=True, slots=True)
class ClockPaused(TEvent):
    paused: bool
    clause: str


@dataclass(frozen=True, slots=True)
class ClockAdjusted(TEvent):
    seconds: int
    clause: str


@dataclass(frozen=True, slots=True)
class HandPlayed(TEvent):
    """One round of play at a table: who sat where, their stacks before and after, the
    hands killed (absent or penalised players), and the round's own events."""

    table: int
    hand: int
    level: int  # 0-based schedule index the hand was dealt at
    players: tuple[str, ...]  # by position: 0 first after the button
    seats: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    buttons: Buttons
    killed: tuple[str, ...]
    round_events: tuple[RoundEvent, ...]
    rulings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandsExposed(TEvent):
    """The live hands turned face up at an all-in (qld-tournament-2020 4.30; dunedin-house 84);
    during hand-for-hand only once every table's action is complete (4.31)."""

    table: int
    hand: int
    cards: tuple[tuple[str, tuple[Card, ...]], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class Busted(TEvent):
    """A player lost their whole stack and may still re-buy before the next round of play
    (qld-tournament-2020 4.22; dunedin-house 89). ``contributed``: their chips in that
    round of play; ``by``: who would take their bounty if they are eliminated."""

    player: str
    clause: str
    contributed: int = 0
    by: str = ""


@dataclass(frozen=True, slots=True)
class Bought(TEvent):
    """A re-buy, add-on or re-entry: ``kind`` is ``rebuy``, ``add-on`` or ``re-entry``."""

    player: str
    kind: str
    price: int
    admin_fee: int
    bounty: int
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class Eliminated(TEvent):
    """Players eliminated together (one group: the same round of play, or one hand-for-hand
    round); ``contributed``: each one's chips put in the pot that round."""

    players: tuple[str, ...]
    contributed: tuple[int, ...]
    clause: str
    provisional: bool = False  # a place held by a provisional elimination (never stored so)


@dataclass(frozen=True, slots=True)
class PrizesFixed(TEvent):
    """The prize schedule, fixed once entries have closed (qld-tournament-2020 4.4): folded,
    so a tournament rebuilt from its events pays and judges the bubble as the live one did."""

    prizes: tuple[Prize, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class PlacesAwarded(TEvent):
    """Places awarded: a group's (players out together, sharing or ranked) or, ``winner``, the
    last player's first place, which ends no group."""

    awards: tuple[tuple[str, int, int, str], ...]  # (player, place, cash, seat won)
    clause: str
    winner: bool = False


@dataclass(frozen=True, slots=True)
class BountyWon(TEvent):
    winner: str
    loser: str
    amount: int
    clause: str


@dataclass(frozen=True, slots=True)
class PlayerMoved(TEvent):
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    clause: str


@dataclass(frozen=True, slots=True)
class TableBroken(TEvent):
    table: int
    clause: str


@dataclass(frozen=True, slots=True)
class ChipRaced(TEvent):
    table: int
    old_chip: int
    new_chip: int
    players: tuple[str, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    winners: tuple[str, ...]
    cards: tuple[tuple[Card, ...], ...]
    clause: str


@dataclass(frozen=True, slots=True)
class HandForHand(TEvent):
    on: bool
    clause: str


@dataclass(frozen=True, slots=True)
class Presence(TEvent):
    player: str
    present: bool
    clause: str


@dataclass(frozen=True, slots=True)
class Penalised(TEvent):
    """A penalty: ``hands`` killed with blinds and antes posted (dunedin-house 98-99), or time
    away until ``until`` seconds of play (qld-tournament-2020 4.37), or a warning."""

    player: str
    kind: str
    hands: int
    until: int
    clause: str


@dataclass(frozen=True, slots=True)
class ProvisionallyEliminated(TEvent):
    player: str
    removed: int
    clause: str


@dataclass(frozen=True, slots=True)
class Restored(TEvent):
    """A provisionally eliminated player arrived: their stake less the blinds and antes they
    would have paid returns to play (qld-tournament-2020 4.14)."""

    player: str
    stack: int
    charged: int
    clause: str


@dataclass(frozen=True, slots=True)
class Disqualified(TEvent):
    player: str
    removed: int
    clause: str


@dataclass(frozen=True, slots=True)
class RoundAnnounced(TEvent):
    """An elimination round (qld-tournament-2020 4.22) or bonus round (4.45(5)) at a table,
    announced before its cards and blinds."""

    table: int
    kind: str  # "elimination" or "bonus"
    chips: int
    prize: int
    clause: str


@dataclass(frozen=True, slots=True)
class BonusAwarded(TEvent):
    table: int
    players: tuple[str, ...]
    chips: tuple[int, ...]
    prize: tuple[int, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class StackBagged(TEvent):
    player: str
    stack: int
    clause: str


@dataclass(frozen=True, slots=True)
class ChipsForfeited(TEvent):
    """qld-tournament-2020 4.13: chips forfeited and removed from play to buy back in."""

    player: str
    chips: int
    clause: str


@dataclass(frozen=True, slots=True)
class PrizePaid(TEvent):
    player: str
    cash: int
    seat: str
    clause: str


@dataclass(frozen=True, slots=True)
class TournamentFinished(TEvent):
    winner: str
    clause: str


@dataclass(frozen=True, slots=True)
class ClockCalled(TEvent):
    """ "Time" called on the player to act at a table (qld-tournament-2020 4.26, 4.28;
    dunedin-house 90), or the 10-second limit of a player found deliberately slow
    (dunedin-house 91). ``acted``: the player's actions in the hand when it was called (the
    clock runs until they act again); ``at``: the time it was called, in seconds."""

    table: int
    hand: int
    player: str
    acted: int
    at: int
    limit: int
    clause: str


@dataclass(frozen=True, slots=True)
class TimeExpired(TEvent):
    """The clock ran out: the player's hand is dead, their wagers stay in the pot (the fold is
    among the hand's round events)."""

    table: int
    hand: int
    player: str
    at: int
    clause: str


@dataclass(frozen=True, slots=True)
class FoundSlow(TEvent):
    """The director found a player unduly delaying the game (qld-tournament-2020 4.27) or
    deliberately slow (dunedin-house 91); ``times``: how often so far."""

    player: str
    times: int
    clause: str


@dataclass(frozen=True, slots=True)
class FloorRuled(TEvent):
    """A report from a live hand at a tournament table and the ruling on it, citing the
    tournament rulebook's clause where it alters the rules of play (qld-tournament-2020 4.2,
    4.41-4.44). The round's own events (the ruling applied) travel in its ``HandPlayed``."""

    table: int
    hand: int
    report: str
    clause: str
    message: str


@dataclass(frozen=True, slots=True)
class HeadsUpDrawn(TEvent):
    """A heads-up tournament's ballot (qld-tournament-2020 4.6, 4.45): the field in drawn
    order; the first ``byes`` go straight to the second round."""

    field: tuple[str, ...]
    byes: tuple[str, ...]
    clause: str


@dataclass(frozen=True, slots=True)
class MatchPlayed(TEvent):
    """One match of a heads-up round, started with equal chips and played until one player
    holds them all (qld-tournament-2020 2 "Match"; 4.45(1))."""

    stage: int  # 1: the first round
    players: tuple[str, str]  # the first on the button first
    winner: str
    hands: int
    clause: str


@dataclass(frozen=True, slots=True)
class HeadsUpRoundWon(TEvent):
    """The first player to win two matches advances (qld-tournament-2020 4.45(1))."""

    stage: int
    players: tuple[str, str]
    winner: str
    clause: str


@dataclass(frozen=True, slots=True)
class HiddenChipsRuled(TEvent):
    """Chips found hidden behind an all-in after a call (dunedin-house 85): they join ``to``'s
    stack (the player, not paid off for them; or the winning caller), or leave play (``to``
    empty)."""

    player: str
    chips: int
    to: str
    clause: str
