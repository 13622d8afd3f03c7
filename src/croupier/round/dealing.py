"""Dealing: planning the hole and board cards a dealer enters, and the forced bets and cards
croupier deals itself. Functions of the :class:`~croupier.round.engine.Round`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from croupier.cards import Card
from croupier.round import burns
from croupier.round.commands import DealBoard, DealHole
from croupier.round.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardBurned,
    DeadPosted,
    Event,
    FeeCharged,
    HandKilled,
    HoleDealt,
)
from croupier.round.streets import BOARD_SIZES, RIVER, STREET_NAMES
from croupier.rules.rulings import refuse

if TYPE_CHECKING:
    from croupier.round.engine import Round


def plan_hole(r: Round, cmd: DealHole) -> list[Event]:
    p = cmd.player
    if r.config.automatic:
        raise refuse("croupier dealing", "croupier deals this round itself")
    if not 0 <= p < r.n:
        raise refuse(r.rules.deck_clause, f"there is no player {p}")
    if r.hole[p] is not None:
        raise refuse(r.rules.deck_clause, f"player {p} already has hole cards")
    k = r.config.game.hole_cards
    if len(cmd.cards) != k:
        raise refuse(
            r.rules.deck_clause,
            f"{r.config.game.name} deals {k} hole cards, not {len(cmd.cards)}",
        )
    r.check_new_cards([c for c in cmd.cards if c is not None])
    last = all(h is not None for i, h in enumerate(r.hole) if i != p)
    return [HoleDealt(p, cmd.cards), *(dead_at_deal(r) if last else ())]


def dead_at_deal(r: Round) -> list[Event]:
    """Hands killed once the initial deal is complete (``RoundConfig.dead_hands``)."""
    return [HandKilled(p, clause) for p, clause in r.config.dead_hands]


def plan_board(r: Round, cmd: DealBoard) -> list[Event]:
    if r.config.automatic:
        raise refuse("croupier dealing", "croupier deals this round itself")
    if r.awaiting() != "board":
        raise refuse(
            r.rules.deck_clause,
            f"no community cards are due now (the round awaits {r.awaiting()})",
        )
    if r.street >= RIVER:
        raise refuse(r.rules.deck_clause, "the board is complete after the river")
    street = r.street + 1
    k = BOARD_SIZES[street]
    if len(cmd.cards) != k:
        raise refuse(
            r.rules.deck_clause,
            f"the {STREET_NAMES[street]} is {k} card(s), not {len(cmd.cards)}",
        )
    fresh: Sequence[Card] = cmd.cards
    if r.board_due:
        missing = [c for c in r.board_due if c not in cmd.cards]
        if missing:
            raise refuse(
                r.board_due_clause,
                f"{' '.join(map(str, missing))} was exposed early and must be dealt as "
                f"the {STREET_NAMES[street]}",
            )
        fresh = [c for c in cmd.cards if c not in r.board_due]
    r.check_new_cards(fresh)
    burns.check_board(r)
    return [BoardDealt(tuple(cmd.cards), street)]


def start(r: Round) -> None:
    cfg = r.config
    n = r.n
    if cfg.fee:
        for p in range(n):
            r.emit(FeeCharged(p, min(cfg.fee, r.stacks[p]), r.rules.fee_clause))
    blinds = list(cfg.blinds)
    antes = list(cfg.antes) if cfg.antes else [0] * n
    if n == 2 and r.rules.heads_up_button_small_blind:
        blinds.reverse()  # dunedin-house 95: the button posts the small blind
        antes.reverse()  # and a big-blind ante stays with the big blind
    for p in range(n) if cfg.antes else ():
        a = min(antes[p], r.stacks[p])
        if a:
            r.emit(AntePosted(p, a))
    for p, d in enumerate(cfg.dead):
        if d:
            r.emit(DeadPosted(p, min(d, r.stacks[p]), r.rules.dead_blind_clause))
    for p in range(n):
        b = blinds[p]
        if b > r.stacks[p]:
            b = r.stacks[p]
        if b:
            r.emit(BlindPosted(p, b, blind_kind(p, blinds)))
    if cfg.automatic and cfg.deck_order is not None:
        deal_holes(r, cfg.deck_order)  # then the round advances (Round.__init__)


def deal_holes(r: Round, order: Sequence[Card]) -> None:
    for e in (*hole_events(r, order), *dead_at_deal(r)):
        r.emit(e)


def hole_events(r: Round, order: Sequence[Card]) -> list[Event]:
    n, k = r.n, r.config.game.hole_cards
    # one card at a time, starting left of the button (qld-holdem-2005 s23(4); 9.2)
    base = r.deck_pos
    return [HoleDealt(p, tuple([order[base + j * n + p] for j in range(k)])) for p in range(n)]


def deal_due(r: Round, order: Sequence[Card]) -> list[Event]:
    """The cards due now, dealt from ``order`` (the whole deck, top card first) where the
    round has reached: the hole cards, or the next street's burn and board cards. Nothing
    changes; empty when no card is due. Feed the events to :meth:`record_dealt`."""
    if not r.config.automatic or (r.betting and r.holes_dealt):
        return []
    due = r.awaiting()
    if due == "hole":
        return hole_events(r, order)
    return board_events(r, order) if due == "board" else []


def deal_board(r: Round, order: Sequence[Card]) -> None:
    for e in board_events(r, order):
        r.emit(e)


def board_events(r: Round, order: Sequence[Card]) -> list[Event]:
    street = r.street + 1
    burn = r.deck_pos
    out: list[Event] = []
    if r.config.burn:  # qld-holdem-2005 s21(6), (8), (10); act-omaha-2017 4.2(h)
        out.append(CardBurned(order[burn]))
    first = burn + 1 if r.config.burn else burn
    out.append(BoardDealt(tuple(order[first : first + BOARD_SIZES[street]]), street))
    return out


def blind_kind(p: int, blinds: list[int]) -> str:
    """Name a forced bet by its size among the blinds: small, big, then straddles."""
    posted = sorted((b, i) for i, b in enumerate(blinds) if b)
    rank = [i for _, i in posted].index(p)
    if len(posted) == 1:
        return "blind"
    return ("small blind", "big blind")[rank] if rank < 2 else f"straddle {rank - 1}"
