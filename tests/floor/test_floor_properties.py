"""Random rounds with random floor reports mixed into the play, under each rulebook: every
report is either applied or refused with nothing changed, chips are conserved, the events
rebuild the round, and every round still ends."""

from __future__ import annotations

import random

import pytest

from croupier.cards import Card, Deck
from croupier.floor import (
    Incident,
    apply_incident,
    rule,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Show,
    Structure,
)
from croupier.round.streets import BOARD_SIZES
from croupier.rules import (
    ACT_OMAHA_2017,
    DUNEDIN_HOUSE,
    QLD_HOLDEM_2005,
    IllegalAction,
    Rulebook,
    Ruling,
)
from support.build import round_config
from support.floor import a_report
from support.integrity_state import COMMAND_MARKS
from support.integrity_state import state as whole_state

DECK = list(Deck.standard().cards)


def state(r: Round) -> tuple[object, ...]:
    """The round's whole state (every attribute but the undo marks) and what it shows."""
    return (
        whole_state(r, frozenset({COMMAND_MARKS})),
        list(r.stacks),
        list(r.bets),
        list(r.contrib),
        list(r.folded),
        list(r.all_in),
        r.street,
        r.betting,
        list(r.queue),
        r.current_bet,
        sorted(r.cards_out),
        list(r.board),
        dict(r.pending),
        dict(r.passive),
        r.bet_cap,
        list(r.board_due),
        sorted(r.killed),
        r.paid,
    )


def chips(r: Round) -> int:
    return sum(r.stacks) + sum(r.contrib) - r.paid + r.commission + r.fees


def fresh(r: Round, rng: random.Random, k: int) -> list[Card]:
    free = [c for c in DECK if c not in r.cards_out and c not in r.board_due]
    return rng.sample(free, k)


def rule_or_refusal(r: Round, report: Incident) -> Ruling | None:
    """The refusal of a report, or None when croupier would apply it (applying it then must
    succeed: the floor checks everything the engine will)."""
    try:
        rule(r, report)
    except IllegalAction as e:
        return e.ruling
    return None


def play_one(rulebook: Rulebook, rng: random.Random) -> int:
    n = rng.randint(2, 6)
    cfg = round_config(
        stacks=tuple(rng.randint(30, 400) for _ in range(n)),
        blinds=(5, 10, *([0] * (n - 2))),
        min_bet=10,
        rulebook=rulebook,
        structure=Structure.pot_limit() if rng.random() < 0.5 else Structure.pot_limit(half=True),
    )
    r = Round(cfg)
    total = chips(r)
    applied = 0
    for _ in range(400):
        if r.is_over:
            break
        if rng.random() < 0.25:
            before = state(r)
            report = a_report(r, rng)
            refusal = rule_or_refusal(r, report)
            if refusal is None:
                apply_incident(r, report)
                applied += 1
            else:
                assert refusal.clause and refusal.message
                assert state(r) == before
        elif r.awaiting() == "hole":
            p = next(i for i in range(n) if r.hole[i] is None)
            r.apply(DealHole(p, tuple(fresh(r, rng, 2))))
        elif r.awaiting() == "board":
            k = BOARD_SIZES[r.street + 1]
            due = r.board_due[:k]
            r.apply(DealBoard((*due, *fresh(r, rng, k - len(due)))))
        elif r.awaiting() == "showdown":
            if rng.random() < 0.5:
                r.resolve_showdown()
            else:
                p = next(i for i in r.showing_order() if r.shown[i] is None and not r.mucked[i])
                r.apply(Show(p) if rng.random() < 0.7 else Muck(p))
        else:
            la = r.legal_actions()
            assert la is not None
            roll = rng.random()
            if roll < 0.15:
                r.apply(Fold(la.player))
            elif roll < 0.75 or la.min_raise_to is None:
                r.apply(CheckCall(la.player))
            else:
                assert la.max_raise_to is not None
                r.apply(BetRaise(la.player, rng.randint(la.min_raise_to, la.max_raise_to)))
        assert chips(r) == total
        assert state(Round.from_events(cfg, r.events)) == state(r)
    assert r.is_over, "every round ends"
    if not r.voided:
        assert sum(r.stacks) + r.commission == total
    else:
        assert list(r.stacks) == list(cfg.stacks)
    return applied


@pytest.mark.parametrize("rulebook", [QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE])
def test_random_floor_reports_keep_every_round_sound(rulebook: Rulebook) -> None:
    rng = random.Random(f"floor-{rulebook.id}")
    applied = sum(play_one(rulebook, rng) for _ in range(120))
    assert applied > 100  # the reports were not all refused
