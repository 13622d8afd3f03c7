"""What each recipient may see of an Ultimate Texas Hold'em table played in the room.

A player sees their own box's cards, the board as it is turned face up (8.2, 8.4), the
dealer's hand once it is declared (8.8), and at the showdown the hands of the boxes still in
(9.3); never another box's cards before that, a folded box's cards, or an undealt card. The
dealer (the house's console) sees every card; spectators what is face up. A round dealt from the
shoe deals every card at once (7.2), so the projection hides each card dealt face down from
whoever may not see it (:class:`CardHidden`), and a box's settlement shows its hand only where
it was shown down (:class:`BoxResult`: a folded box's settlement names the dealer's cards).

* :func:`uth_view`: the table as one recipient sees it (``GET``);
* :class:`UthProjector`: the stream's events one by one, as one recipient may receive them.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import Card
from croupier.uth.events import DEALER, BoxSettled, CardDealt, WagersPlaced, WagersWithdrawn
from croupier.uth.game import BoxState, Decisions, UthRound
from croupier.uth.played import UthPlay
from croupier.uth.settle import WagerResult
from croupier.uth.table import RoundRecorded, Shuffled
from croupier.views import Viewer

Who = str | Viewer


@dataclass(frozen=True, slots=True)
class CardHidden:
    """A card dealt face down to ``to`` (a box, the dealer or the board) that the recipient
    may not see."""

    to: int
    clause: str


@dataclass(frozen=True, slots=True)
class BoxResult:
    """A box's settlement as the table sees it: each wager's result with its clause and pay
    line, the chips back to the player and the house bank's change; the hand (its words and
    best five cards) only where it was shown down."""

    box: int
    player: str
    folded: bool
    hand: str
    cards: tuple[Card, ...]
    results: tuple[WagerResult, ...]
    paid_to_player: int
    bank_change: int
    clause: str


def box_result(e: BoxSettled) -> BoxResult:
    s = e.settlement
    shown = not s.folded
    return BoxResult(
        e.box,
        e.player,
        s.folded,
        s.player.words if shown else "",
        tuple(s.player.best_five) if shown else (),
        s.results,
        e.paid_to_player,
        e.bank_change,
        e.clause,
    )


@dataclass(frozen=True, slots=True)
class UthBoxView:
    box: int
    player: str
    ante: int
    blind: int
    trips: int
    play: int
    folded: bool
    hole: tuple[Card, ...]  # empty where the recipient may not see them
    result: BoxResult | None


@dataclass(frozen=True, slots=True)
class UthTableView:
    """A UTH table as one recipient sees it: the seats, the house bank, the round in progress
    (or the last one, between rounds) and the recipient's own decisions."""

    seats: tuple[tuple[int, str, int], ...]  # (box, player, chips)
    bank: int
    in_round: bool
    awaiting: str
    commitment: str  # the shoe's commitment to the round's deck order
    board: tuple[Card, ...]
    dealer: tuple[Card, ...]
    dealer_hand: str
    dealer_qualifies: bool | None
    boxes: tuple[UthBoxView, ...]
    decisions: tuple[Decisions, ...]


def _sees(r: UthRound, b: BoxState, who: Who) -> bool:
    if who is Viewer.DEALER or who == b.player:
        return True
    return r.dealer_hand is not None and not b.folded and not b.void  # shown down (9.3)


def uth_view(play: UthPlay, who: Who, recall: bool = False) -> UthTableView:
    """The table as ``who`` (a player's name, the dealer or spectators) may see it; ``recall``
    (an auditor): between rounds, every card of the last round, as the house saw it."""
    t = play.table
    r = play.round
    shown = r if r is not None else play.last
    if recall and r is None:
        who = Viewer.DEALER
    seats = tuple(
        (n, p, t.chips[p] if r is None else r.chips[p]) for n, p in sorted(t.seats.items())
    )
    if shown is None:
        return UthTableView(seats, play.bank, False, "a round", "", (), (), "", None, (), ())
    declared = shown.dealer_hand
    boxes = tuple(
        UthBoxView(
            n,
            b.player,
            b.ante,
            b.blind,
            b.trips,
            b.play,
            b.folded,
            tuple(b.hole) if _sees(shown, b, who) else (),
            None if b.settled is None else box_result(b.settled),
        )
        for n, b in sorted(shown.boxes.items())
    )
    dealer = tuple(shown.dealer) if who is Viewer.DEALER or declared is not None else ()
    decisions = (
        ()
        if r is None
        else tuple(
            d for d in r.legal_actions() if who is Viewer.DEALER or r.boxes[d.box].player == who
        )
    )
    return UthTableView(
        seats=seats,
        bank=play.bank,
        in_round=r is not None,
        awaiting="a round" if r is None else r.awaiting(),
        commitment=play.commitment,
        board=tuple(shown.board[: shown.revealed])
        if who is not Viewer.DEALER
        else tuple(shown.board),
        dealer=dealer,
        dealer_hand="" if declared is None else declared.words,
        dealer_qualifies=None if declared is None else declared.qualifies,
        boxes=boxes,
        decisions=decisions,
    )


class UthProjector:
    """One recipient's projection of a UTH table's events, one at a time: it keeps who wagers
    on which box in the round in progress (start it at the round's opening shuffle)."""

    def __init__(self, who: Who) -> None:
        self.who = who
        self.boxes: dict[int, str] = {}

    def __call__(self, e: object) -> object:
        if isinstance(e, WagersPlaced):
            self.boxes[e.box] = e.player
        elif isinstance(e, WagersWithdrawn):
            self.boxes.pop(e.box, None)
        elif isinstance(e, Shuffled | RoundRecorded):
            self.boxes = {}
        if self.who is Viewer.DEALER:
            return e
        if isinstance(e, CardDealt):
            if e.to > DEALER and self.boxes.get(e.to) == self.who:
                return e
            return CardHidden(e.to, e.clause)
        if isinstance(e, BoxSettled):
            return box_result(e)
        return e


__all__ = ["BoxResult", "CardHidden", "UthBoxView", "UthProjector", "UthTableView", "uth_view"]
