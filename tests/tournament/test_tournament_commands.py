"""Tournaments driven by commands alone: every operation a frozen value through why_illegal,
legal and apply; a refused command cites its clause and changes nothing; the fold of the
events is the live tournament, and the same commands give the same events."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import random
import typing
from collections.abc import Callable
from datetime import datetime

import pytest

from croupier.cards import Card, Deck
from croupier.round import CheckCall, Round
from croupier.shoe import Shoe
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.state import BUSTED
from croupier.tournament.tournament import _COMMANDS
from support.integrity_state import differences, state
from support.tournament import BASE, conditions


def deck(seed: int) -> tuple[Card, ...]:
    return Shoe(Deck.standard(), seed=seed).shuffle().order


def whole(t: Tournament) -> object:
    """The whole state, copied: later changes to the tournament do not reach it."""
    return copy.deepcopy(state(vars(t)))


def rebuilt(t: Tournament) -> Tournament:
    return Tournament.from_events(t.conditions, t.events, t.flight)


class Driver:
    """Applies commands to a tournament and keeps them, as a service would store them."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.log: list[cm.TCommand] = []

    def __call__(self, c: cm.TCommand) -> None:
        assert self.t.legal(c), self.t.why_illegal(c)
        self.t.apply(c)
        self.log.append(c)

    def hand(self, table: int, seed: int) -> cm.PlayedHand:
        """The dealer's side: deal the planned round and play it out (everyone calls)."""
        plan = self.t.plan_hand(table, deck(seed))
        r = Round(plan.config)
        while not r.is_over:
            p = r.actor
            assert p is not None
            r.apply(plan.forced_action(r) or CheckCall(p))
        return cm.PlayedHand(plan, r.config, tuple(r.events))


# a re-buy period (players left with nothing are busted and may re-buy) and a colour-up
REBUYS = {
    "chips": [25, 100],
    "levels": [
        *BASE["levels"][:2],
        {"break": True, "minutes": 5, "colour_up": 25},
        *BASE["levels"][2:],
    ],
    "rebuy": {"price": 100, "chips": 1000, "until_level": 1, "max_per_player": 1},
}


def run_by_commands(players: int = 11) -> Driver:
    d = Driver(Tournament(conditions(table_size=6, final_table_size=6, **REBUYS)))
    for i in range(players):
        d(cm.Register(f"p{i + 1}"))
    d(cm.CancelEntry(f"p{players}", datetime(2026, 11, 25, 12)))
    d(cm.Transfer(f"p{players - 1}", "q1", "Quinn"))
    d(cm.Start(seed=3, cards=deck(1) + deck(2), absent=("p2",)))
    d(cm.SetPresent("p2", True))
    d(cm.Penalise("p3", "warning"))
    d(cm.FindSlow("p4"))
    d(cm.Pause())
    d(cm.Pause(False))
    d(cm.Adjust(30))
    for k in range(3000):
        t = d.t
        if t.finished:
            return d
        if t.legal(cm.Maintain(seed=k, cards=deck(10_000 + k))):
            d(cm.Maintain(seed=k, cards=deck(10_000 + k)))
        if t.due_colour_up() is not None:
            d(cm.ColourUp(cards=deck(20_000 + k) + deck(30_000 + k)))
        tables = [n for n in sorted(t.tables) if t.why_not_deal(n) is None]
        if tables:
            d(cm.RecordHands(tuple(d.hand(n, 100 * k + n) for n in tables)))
        for n in sorted(t.tables):
            if any(t.entrants[p].status == BUSTED for p in t.tables[n].seats.values()):
                d(cm.EliminateBusted(n))
        if not t.finished:
            d(cm.Tick(150))
    raise AssertionError("the tournament did not finish")


@pytest.fixture(scope="module")
def driven() -> Driver:
    return run_by_commands()


def test_a_whole_tournament_runs_by_commands(driven: Driver) -> None:
    t = driven.t
    assert t.finished and len(t.alive) == 1
    assert sum(e.cash for e in t.entrants.values()) == t.pool
    assert "q1" in t.entrants and "p10" not in t.entrants
    kinds = {type(c) for c in driven.log}
    assert {cm.Maintain, cm.RecordHands, cm.ColourUp, cm.Tick} <= kinds
    assert any(type(e).__name__ == "TableBroken" for e in t.events)  # the floor's work ran


def test_the_fold_of_the_events_is_the_live_tournament(driven: Driver) -> None:
    assert differences(whole(rebuilt(driven.t)), whole(driven.t)) == []


def test_the_same_commands_give_the_same_events(driven: Driver) -> None:
    again = Tournament(driven.t.conditions)
    for c in driven.log:
        again.apply(c)
    assert again.events == driven.t.events


def test_every_command_has_a_handler() -> None:
    defined = {
        c
        for c in vars(cm).values()
        if inspect.isclass(c) and issubclass(c, cm.TCommand) and c is not cm.TCommand
    }
    assert defined == set(_COMMANDS)
    for c in defined:
        assert dataclasses.is_dataclass(c) and c.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_an_operation_is_spelled_once_as_its_command() -> None:
    """Each command goes to the component method that decides it, which takes the command
    itself (no keyword arguments unpacked on the way); the tournament has no method named after
    an operation, only the verbs."""
    for c, (component, method) in _COMMANDS.items():
        hints = typing.get_type_hints(method)
        assert (hints["cmd"], hints["i"]) == (c, cm.Inputs), method
        assert getattr(component, method.__name__) is method
        assert not hasattr(Tournament, method.__name__), method.__name__


def started() -> Tournament:
    t = Tournament(conditions(table_size=6))
    for i in range(8):
        t.apply(cm.Register(f"p{i + 1}"))
    t.apply(cm.Start(seed=1, cards=deck(1)))
    return t


def seated_elsewhere(t: Tournament) -> cm.CorrectSeat:
    e = t.entrants["p1"]
    taken = next(s for s in t.tables[e.table or 0].seats if s != e.seat)
    return cm.CorrectSeat("p1", e.table or 0, taken)


REFUSED: list[tuple[Callable[[Tournament], cm.TCommand], str]] = [
    (lambda t: cm.Register("p1"), "dunedin-house 78"),
    (
        lambda t: cm.Start(seed=2, cards=deck(2)),
        "dunedin-house house default (as qld-tournament-2020 4.6)",
    ),
    (lambda t: cm.Tick(-1), "dunedin-house house default (as qld-tournament-2020 4.21)"),
    (lambda t: cm.Pause(False), "dunedin-house house default (as act-omaha-2017 20.16)"),
    (lambda t: cm.Adjust(-10), "dunedin-house house default (as act-omaha-2017 20.17)"),
    (
        lambda t: cm.Penalise("p1", "minutes", 10),
        "dunedin-house house default (as qld-tournament-2020 4.37)",
    ),
    (lambda t: cm.Penalise("p1", "rounds", 5), "dunedin-house 98"),
    (lambda t: cm.Buy("p1", "rebuy"), "dunedin-house house default (as qld-tournament-2020 4.22)"),
    (lambda t: cm.ColourUp(), "dunedin-house 88"),
    (lambda t: cm.ForfeitChips("p1", 999_999), "dunedin-house 96"),
    (
        lambda t: cm.AnnounceRound(99, "bonus"),
        "dunedin-house house default (as qld-tournament-2020 4.45(5))",
    ),
    (lambda t: cm.EliminateBusted(99), "dunedin-house house default (as qld-tournament-2020 4.23)"),
    (seated_elsewhere, "dunedin-house 78"),
]


@pytest.mark.parametrize(("make", "clause"), REFUSED)
def test_a_refused_command_cites_its_clause_and_changes_nothing(
    make: Callable[[Tournament], cm.TCommand], clause: str
) -> None:
    t = started()
    c = make(t)
    before = whole(t)
    ruling = t.why_illegal(c)
    assert ruling is not None and ruling.clause == clause
    assert not t.legal(c)
    with pytest.raises(TournamentError) as err:
        t.apply(c)
    assert err.value.ruling == ruling
    assert differences(whole(t), before) == []


@pytest.mark.parametrize(
    ("c", "clause", "words"),
    [
        (cm.Start(cards=deck(1)), "dunedin-house 78", "seed"),
        (cm.Start(seed=1), "dunedin-house 80", "button draw"),
    ],
)
def test_a_draw_needs_its_inputs_in_the_command(c: cm.TCommand, clause: str, words: str) -> None:
    t = Tournament(conditions(table_size=6))
    for i in range(8):
        t.apply(cm.Register(f"p{i + 1}"))
    before = whole(t)
    with pytest.raises(TournamentError) as err:
        t.apply(c)
    assert err.value.ruling.clause == clause and words in err.value.ruling.message
    assert differences(whole(t), before) == []


def test_legal_changes_nothing() -> None:
    t = started()
    before = whole(t)
    assert t.legal(cm.Tick(60)) and t.legal(cm.Penalise("p1", "warning"))
    assert differences(whole(t), before) == []


def test_the_methods_and_the_commands_agree() -> None:
    by_method = Tournament(conditions(table_size=6))
    for i in range(8):
        by_method.apply(cm.Register(f"p{i + 1}"))
    by_method.apply(cm.Start(), cm.Inputs(random.Random(5), iter(deck(1))))
    by_command = Tournament(conditions(table_size=6))
    for i in range(8):
        by_command.apply(cm.Register(f"p{i + 1}"))
    by_command.apply(cm.Start(seed=5, cards=deck(1)))
    assert by_method.events == by_command.events


def test_a_command_refused_part_way_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal raised after some of a command's events were folded leaves the tournament as
    it was before the command (here the places step refuses after the disqualification)."""
    from croupier.tournament.places import Prizes
    from croupier.tournament.state import refuse

    def refuses(self: Prizes) -> None:
        raise refuse("qld-tournament-2020 4.4", "injected")

    t = started()
    before = whole(t)
    monkeypatch.setattr(Prizes, "award_places", refuses)
    with pytest.raises(TournamentError, match="injected"):
        t.apply(cm.Disqualify("p1"))
    assert differences(whole(t), before) == []
