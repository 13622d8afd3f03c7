"""A tournament's commands: every operation of the operator, the floor and the players as data.

Each command is a frozen value applied through :meth:`Tournament.apply` (checked first by
:meth:`Tournament.why_illegal`). Everything a command depends on besides the tournament is in
the command: the time (``now``, seconds on the action clock or a datetime), random draws (a
``seed`` for the draw's generator) and cards (``cards``, in the order they come off the deck),
and the rounds of play (their configuration and events). The events it produces record every
outcome (the seats drawn, the cards turned), so :meth:`Tournament.from_events` needs none of it.

A caller that holds the inputs itself (a simulation's generator, a shoe's cards, the round
being dealt) passes them to :meth:`Tournament.apply` as :class:`Inputs` in place of the
``seed``, ``cards`` and events fields.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from croupier.cards import Card
from croupier.floor import Incident
from croupier.round import Round, RoundConfig
from croupier.round.events import Event
from croupier.tournament.headsup import HeadsUpResult
from croupier.tournament.plan import HandPlan


@dataclass(frozen=True)
class TCommand:
    """Base class of tournament commands."""


@dataclass
class Inputs:
    """What a command draws on besides the tournament: a random generator (``rng``), the cards
    in the order they come off the deck, and the live rounds the command acts on (a caller's
    own, in the order of the command's hands). :meth:`of` takes them from the command. A
    command that rules on a live hand (``EnforceClock``, ``Report``) plays its ruling on the
    round it is given: given ``rounds``, on the caller's own, else on one rebuilt from the
    command's events."""

    rng: random.Random | None = None
    cards: Iterator[Card] = field(default_factory=lambda: iter(()))
    rounds: Sequence[Round] | None = None

    @staticmethod
    def of(c: TCommand) -> Inputs:
        """The inputs a command carries: a generator seeded with its ``seed``, its ``cards``."""
        seed: int | None = getattr(c, "seed", None)
        cards: tuple[Card, ...] = getattr(c, "cards", ())
        return Inputs(None if seed is None else random.Random(seed), iter(cards))

    def live(self, hands: Sequence[PlayedHand]) -> list[Round]:
        """The rounds ``hands`` were played in: the caller's own, or each rebuilt from its
        events."""
        if self.rounds is not None:
            return list(self.rounds)
        return [Round.from_events(h.config, h.events) for h in hands]


# ----------------------------------------------------------------------------------------
# Entry


@dataclass(frozen=True)
class Register(TCommand):
    """An application for entry (qld-tournament-2020 3.1-3.3, 3.6, 3.12-3.13; act-omaha-2017
    20.6); a late entry's seat is drawn with ``seed``."""

    player: str
    name: str = ""
    age: int = 18
    member: bool = True
    excluded: bool = False
    director_approves: bool = False
    director_refuses: bool = False
    paid: bool = True
    seed: int | None = None


@dataclass(frozen=True)
class Transfer(TCommand):
    """An entry passes to another player (qld-tournament-2020 3.4; act-omaha-2017 20.13)."""

    player: str
    to: str
    name: str = ""
    age: int = 18
    member: bool = True
    excluded: bool = False
    director_approves: bool = False
    substitute: bool = False


@dataclass(frozen=True)
class CancelEntry(TCommand):
    """An entrant cancels at ``now`` (qld-tournament-2020 3.10; act-omaha-2017 20.23)."""

    player: str
    now: datetime


@dataclass(frozen=True)
class Cancel(TCommand):
    """The tournament does not proceed: everything paid in is refunded (3.10)."""


@dataclass(frozen=True)
class Start(TCommand):
    """The seat draw (by ``seed``) and each table's button draw (from ``cards``)
    (qld-tournament-2020 4.6-4.7, 4.14; act-omaha-2017 20.8-20.11; dunedin-house 78-80).
    ``stacks``: a multi-flight final day's bagged stacks (4.13)."""

    seed: int | None = None
    cards: tuple[Card, ...] = ()
    absent: tuple[str, ...] = ()
    connected: tuple[tuple[str, ...], ...] = ()
    stacks: tuple[tuple[str, int], ...] | None = None
    shoe: str = ""


@dataclass(frozen=True)
class Buy(TCommand):
    """A re-buy, add-on or re-entry (``kind``: "rebuy", "add-on", "re-entry"; 3.5, 4.22); a
    re-entry's seat is drawn with ``seed``."""

    player: str
    kind: str
    seed: int | None = None


@dataclass(frozen=True)
class SeatAlternates(TCommand):
    """Alternates take the seats free during late registration (2 "Alternates", 3.6)."""

    seed: int | None = None


@dataclass(frozen=True)
class EndFlight(TCommand):
    """A starting flight ends: its stacks are bagged (qld-tournament-2020 4.13)."""


@dataclass(frozen=True)
class Forfeit(TCommand):
    """A player forfeits a short stack and may buy back in (qld-tournament-2020 4.13)."""

    player: str
    buy_back: bool = True


@dataclass(frozen=True)
class ForfeitChips(TCommand):
    """Chips held or moved out of view are forfeited (dunedin-house 96; act-omaha-2017 20.15)."""

    player: str
    chips: int
    clause: str = ""


# ----------------------------------------------------------------------------------------
# The clock


@dataclass(frozen=True)
class Tick(TCommand):
    """``seconds`` of play pass on the tournament clock (qld-tournament-2020 4.21); ``at``:
    the server's time they bring the clock to (seconds), recorded so a display can run the
    clock on from it."""

    seconds: int
    at: int | None = None


@dataclass(frozen=True)
class Pause(TCommand):
    """The clock is paused, or (``paused`` False) resumed (act-omaha-2017 20.16)."""

    paused: bool = True


@dataclass(frozen=True)
class Adjust(TCommand):
    """The clock is set forward or back by ``seconds`` (act-omaha-2017 20.17)."""

    seconds: int


# ----------------------------------------------------------------------------------------
# Hands


@dataclass(frozen=True)
class PlayedHand:
    """A finished (or, for the live commands, a running) round of play: the plan it was dealt
    from, the configuration it was dealt with, and its events."""

    plan: HandPlan
    config: RoundConfig
    events: tuple[Event, ...]

    @staticmethod
    def of(plan: HandPlan, r: Round) -> PlayedHand:
        """The round ``r``, dealt from ``plan``, as it stands."""
        return PlayedHand(plan, r.config, tuple(r.events))


@dataclass(frozen=True)
class RecordHands(TCommand):
    """Finished rounds of play, one per table (every table's together hand-for-hand: 4.20)."""

    hands: tuple[PlayedHand, ...]


@dataclass(frozen=True)
class EliminateBusted(TCommand):
    """Busted players at ``table`` who did not re-buy are eliminated (4.22; dunedin-house 89)."""

    table: int


@dataclass(frozen=True)
class RecordHeadsUp(TCommand):
    """A heads-up knockout played out (qld-tournament-2020 4.45)."""

    result: HeadsUpResult
    shoe: str = ""


# ----------------------------------------------------------------------------------------
# The floor


@dataclass(frozen=True)
class Maintain(TCommand):
    """Between hands: the final-table redraw, tables broken and balanced, hand-for-hand
    (4.20, 4.24-4.25; act-omaha-2017 20.9; dunedin-house 80-82); draws by ``seed``, the final
    table's button from ``cards``."""

    seed: int | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ColourUp(TCommand):
    """The chip race due, dealt from ``cards`` (qld-tournament-2020 4.40; dunedin-house 87-88)."""

    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class CorrectSeat(TCommand):
    """A player who started in the wrong seat moves to the right one (dunedin-house 78)."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True)
class SetPresent(TCommand):
    """A player arrives or leaves (4.15); a provisionally eliminated player who arrives is
    restored, seated by ``seed`` (4.14)."""

    player: str
    present: bool
    seed: int | None = None


@dataclass(frozen=True)
class ProvisionallyEliminate(TCommand):
    """A player who never took their seat is provisionally eliminated (4.14)."""

    player: str


@dataclass(frozen=True)
class Penalise(TCommand):
    """A penalty: ``warning``, ``minutes`` (4.37), ``hands`` or ``rounds`` (dunedin-house 98),
    ``disqualify``."""

    player: str
    kind: str
    amount: int = 0


@dataclass(frozen=True)
class Disqualify(TCommand):
    """Disqualification (qld-tournament-2020 3.9, 4.16.2, 4.18; dunedin-house 100)."""

    player: str
    clause: str = ""


@dataclass(frozen=True)
class AnnounceRound(TCommand):
    """An elimination round (4.22) or a bonus round (4.45(5)) at ``table``."""

    table: int
    kind: str
    chips: int = 0
    prize: int = 0


# ----------------------------------------------------------------------------------------
# Live hands: the clock on a player and the floor's reports


@dataclass(frozen=True)
class CallClock(TCommand):
    """The clock on the player to act in ``hand`` at ``now`` (4.26, 4.28; dunedin-house 90)."""

    hand: PlayedHand
    now: int
    requested: bool = True
    reasonable: bool = True


@dataclass(frozen=True)
class StartDecision(TCommand):
    """A decision begins at ``now``: a player on the 10-second limit has the clock on
    (dunedin-house 91)."""

    hand: PlayedHand
    now: int


@dataclass(frozen=True)
class EnforceClock(TCommand):
    """Time is up at ``now``: the player's hand is dead (4.26; dunedin-house 90). The event
    records it; whoever deals the round folds the hand."""

    hand: PlayedHand
    now: int


@dataclass(frozen=True)
class FindSlow(TCommand):
    """The director finds a player unduly delaying the game (4.27; dunedin-house 91)."""

    player: str


@dataclass(frozen=True)
class Report(TCommand):
    """The dealer's or floor's report from a live hand (4.41-4.44; croupier.floor). The event
    records the ruling; whoever deals the round applies it."""

    hand: PlayedHand
    incident: Incident


@dataclass(frozen=True)
class RuleHiddenChips(TCommand):
    """A chip found hidden after an all-in was called (dunedin-house 85)."""

    player: str
    chips: int
    part_of_action: bool = False
    award_to: str = ""
