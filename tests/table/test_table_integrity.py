"""Integrity of a table under random and adversarial commands, floor reports and the clock.

A seeded driver sends tables under all three cash rulebooks (various games and structures,
automatic and dealer-entered cards) a stream of commands, legal and illegal, with the floor's
reports and ticks at random moments. After every command it checks:

* nothing but IllegalAction comes out of ``why_illegal`` or ``apply``, and they agree;
* a refused command changes nothing (the whole state, compared attribute by attribute);
* chips are conserved: stacks, locked funds, commission and fees equal what was bought in less
  what was taken away; within a round, stacks, pot, commission and fees equal its stakes;
* the whole state equals ``Table.from_events`` of the table's events and, within a round,
  ``Round.from_events`` of the round's events.

Finished rounds go to a sink (issue 12 item 6), so the events a table holds stay those of the
current round and the one still open to dispute; the driver keeps them all and checks that the
rounds handed over plus those kept are the whole history.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from croupier.cards import Card
from croupier.compiled import running_compiled
from croupier.floor.incidents import (
    AmountDeclared,
    BurnCardExposed,
    BurnCardMissed,
    CardOffTable,
    CardsExposedInPlay,
    CardsInMuck,
    CardsShownToPlayer,
    ChipsLent,
    ChipsPushed,
    CommunityCardsExposed,
    ConditionalStatement,
    DealError,
    DealIrregularity,
    ForwardMotion,
    HandKilledByDealer,
    HandNotTabled,
    Incident,
    MiscountedCall,
    OptionsAgreed,
    OutOfTurn,
    PotDisputed,
    RuleBreached,
    SkippedPlayerSilent,
    StubFouled,
    WrongHoleCount,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    ConfigError,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Show,
    burns,
)
from croupier.round.commands import Burn
from croupier.round.commands import Command as RoundCommand
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import (
    Act,
    AddChips,
    CallClock,
    ChangeSeat,
    CloseTable,
    InstructTime,
    Leave,
    LockFunds,
    ReleaseFunds,
    RemoveChips,
    ReopenRound,
    Report,
    Return,
    SitDown,
    SitOut,
    StartRound,
    TableCommand,
    Tick,
    VoidRound,
)
from croupier.table.events import FundsReleased, PlayerLeft, TableEvent
from croupier.table.presets import PresetError, preset
from croupier.table.table import Table, TableConfig
from croupier.views import actor_view
from support.integrity_state import COMMAND_MARKS, NOT_STATE, attributes, differences, state
from support.table import make_table

RULEBOOKS = ("qld-holdem-2005", "act-omaha-2017", "dunedin-house")
PLAYERS = [f"p{i}" for i in range(9)]


def _config(rules: str, rng: random.Random) -> TableConfig:
    game = rng.choice([None, "holdem", "omaha", "short-deck"])
    structure = rng.choice([None, "fixed", "pot-limit", "half-pot", "no-limit", "straddle"])
    seconds = rng.choice([None, 30]) if rules == "act-omaha-2017" else None
    try:
        return preset(rules, game, structure, rng.randint(2, 9), seconds)
    except (PresetError, ConfigError):
        return preset(rules, seats=rng.randint(2, 9), action_seconds=seconds)


class Driver:
    """One table and the stream of commands sent to it."""

    def __init__(self, rules: str, seed: int) -> None:
        self.rng = random.Random(seed)
        self.config = _config(rules, self.rng)
        self.history: list[TableEvent] = []  # every event the table handed over, in order
        self.table = Table(self.config, sink=self.history.extend)
        self.shoe = Shoe(self.config.game.deck, seed=seed)
        self.cards = list(self.config.game.deck.cards)
        self.dealer: list[Card] = []  # the order the dealer deals a dealer-entered round from
        self.money = 0  # chips brought to the table less chips taken away
        self.at = 0
        self.commands = 0
        # tables differ in how often the floor is called and the dealer enters the cards
        self.reports = self.rng.choice([0.1, 0.2, 0.4])
        self.by_hand = self.rng.choice([0.1, 0.3, 0.7])

    # ------------------------------------------------------------------------------------
    # Commands

    def command(self) -> TableCommand:
        rng, t = self.rng, self.table
        self.at += rng.choice([0, 0, 1, 5, 20, 45, 1000])
        r = t.round
        k = rng.random()
        if rng.random() < 0.03:
            return self._malformed()
        if r is not None and not r.is_over:
            # the floor is called more often while the dealer deals (between betting rounds)
            if k < (0.5 if r.awaiting() in ("hole", "board") else self.reports):
                return Report(self._incident(r), self.at)
            if k < 0.8:
                return Act(self._round_step(r), self.at)
            if k < 0.85:
                return Act(self._wild(r), self.at)
            if k < 0.9:
                return Tick(self.at)
            if k < 0.93:
                return rng.choice([InstructTime(self.at), CallClock(rng.randint(0, 60), self.at)])
        elif len(t.seating.seats) < 4 and k < 0.5:
            return self._newcomer()
        elif k < 0.5:
            return self._start()
        return self._table_command()

    def _newcomer(self) -> SitDown:
        """A player with a stake the table accepts, in a free seat, mostly."""
        rng, t = self.rng, self.table
        st = self.config.stakes
        chips = st.min_table_stake * rng.choice([1, 1, 2, 3])
        if st.max_buy_in is not None:
            chips = min(chips, st.max_buy_in)
        free = [n for n in range(1, t.config.size + 1) if t.seating.get(n) is None] or [1]
        return SitDown(rng.choice(PLAYERS), rng.choice(free), chips, self.at, rng.random() < 0.7)

    def _start(self) -> StartRound:
        if self.rng.random() < self.by_hand:
            self.dealer = list(self.shoe.shuffle().order)
            return StartRound(None, self.at)  # dealer-entered cards
        return StartRound(self.shoe.shuffle().order, self.at)

    def _fresh(self, r: Round, k: int) -> tuple[Card, ...]:
        out = [c for c in self.dealer if c not in r.cards_out][:k]
        return tuple(out) if len(out) == k else tuple(self.rng.sample(self.cards, k))

    def _round_step(self, r: Round) -> Any:
        """What the round waits for, mostly legal."""
        rng = self.rng
        waits = r.awaiting()
        if waits == "action" and r.actor is not None:
            bot = make_bot(rng.choice(["random", "calling-station"]))
            return bot.act(actor_view(r), rng)
        if waits == "hole":
            p = next(i for i, h in enumerate(r.hole) if h is None)
            cards: tuple[Card | None, ...] = self._fresh(r, r.config.game.hole_cards)
            if rng.random() < 0.1:
                cards = (None, *cards[1:])  # a card the dealer did not enter
            return DealHole(p, cards)
        if waits == "board":
            if r.config.record_burns and r.street_burns < burns.due(r)[0] and rng.random() < 0.9:
                return Burn(self._fresh(r, 1)[0] if rng.random() < 0.5 else None)
            return DealBoard(self._fresh(r, 3 if not r.board else 1))
        if waits == "showdown":
            live = [i for i in range(r.n) if not r.folded[i] and r.shown[i] is None]
            p = rng.choice(live) if live else 0
            hole = r.hole[p]
            known = hole is not None and None not in hole
            if rng.random() < 0.8:
                return Show(p, None if known and rng.random() < 0.5 else _cards(hole, self))
            return Muck(p)
        return self._wild(r)

    def _wild(self, r: Round) -> Any:
        """Any round command, mostly illegal: wrong player, amount or cards."""
        rng = self.rng
        p = rng.randint(-1, r.n)
        cards = tuple(rng.sample(self.cards, rng.randint(0, 5)))
        return rng.choice(
            [
                Fold(p),
                CheckCall(p),
                BetRaise(p, rng.choice([-1, 0, 1, 2, 7, 50, 500, 10**6])),
                Show(p, rng.choice([None, cards])),
                Muck(p),
                DealHole(p, cards),
                DealBoard(cards),
            ]
        )

    def _incident(self, r: Round) -> Incident:
        rng = self.rng
        live = r.live()
        # mostly a live hand: reports about them are the ones the floor rules on
        p = rng.choice(live) if live and rng.random() < 0.8 else rng.randint(-1, r.n)
        q = rng.randint(-1, r.n)
        c = rng.choice(self.cards)
        some = tuple(rng.sample(self.cards, rng.randint(0, 3)))
        action = rng.choice([Fold(p), CheckCall(p), BetRaise(p, rng.randint(0, 100))])
        chips = tuple(rng.choice([1, 2, 5, 25]) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.5:  # hands declared dead, the reports that move the most chips
            return rng.choice(
                [
                    HandKilledByDealer(p),
                    CardsInMuck(p, rng.random() < 0.5, rng.random() < 0.5),
                    RuleBreached(p, rng.random() < 0.5),
                    WrongHoleCount(p, rng.randint(0, 5)),
                ]
            )
        return rng.choice(
            [
                DealIrregularity(
                    rng.choice(list(DealError)),
                    some,
                    rng.choice([None, p]),
                    rng.random() < 0.5,
                    rng.random() < 0.5,
                    rng.choice([None, c]),
                ),
                WrongHoleCount(p, rng.randint(-1, 6)),
                HandKilledByDealer(p),
                HandKilledByDealer(p),
                CardsInMuck(p, rng.random() < 0.5, rng.random() < 0.5),
                CardsInMuck(p),
                BurnCardExposed(c),
                BurnCardMissed(c),
                CommunityCardsExposed(some),
                StubFouled(rng.choice(["order", "stub", "with-muck", "?"])),
                OutOfTurn(action, rng.random() < 0.5),
                SkippedPlayerSilent(p, rng.random() < 0.5),
                ChipsPushed(
                    p,
                    chips,
                    rng.choice([None, "call", "raise", "fold", "?"]),
                    rng.choice([None, rng.randint(0, 200)]),
                    tuple(chips[:1]),
                ),
                CardsExposedInPlay(p, rng.random() < 0.5),
                CardsShownToPlayer(p, some, q),
                PotDisputed(p, rng.random() < 0.5),
                ForwardMotion(p, rng.random() < 0.5),
                MiscountedCall(p, rng.randint(-1, 100)),
                AmountDeclared(p, tuple(rng.randint(0, 100) for _ in range(rng.randint(0, 3)))),
                ConditionalStatement(action, rng.random() < 0.5),
                HandNotTabled(p, rng.random() < 0.5, rng.choice([None, some])),
                CardOffTable(c, rng.choice([None, p]), rng.random() < 0.5, rng.choice([None, c])),
                RuleBreached(p, rng.random() < 0.5),
                RuleBreached(p),
                ChipsLent(p, q, rng.randint(-1, 50)),
                OptionsAgreed(rng.choice(["void", "play on", "?"]), rng.random() < 0.5),
            ]
        )

    def _malformed(self) -> TableCommand:
        """A command whose fields are not of their declared types (issue 12: the verbs let
        TypeError and AttributeError out)."""
        rng = self.rng
        bad: list[Any] = [None, -1, 10**30, "x", 1.5, True, (), (1, "2"), [1], object()]

        def b() -> Any:
            return rng.choice(bad)

        try:
            inner: Any = rng.choice(
                [Fold(b()), CheckCall(b()), BetRaise(b(), b()), DealHole(b(), b()), DealBoard(b())]
            )
        except TypeError:  # compiled round commands check their fields' types as they are built
            inner = b()
        report: Any = rng.choice(
            [HandKilledByDealer(b()), CardsInMuck(b(), b()), ChipsPushed(b(), b(), b(), b(), b())]
        )
        return rng.choice(
            [
                SitDown(b(), b(), b(), b(), b()),
                AddChips(b(), b(), b()),
                StartRound(b(), b()),
                Tick(b()),
                CallClock(b(), b()),
                ReopenRound(b(), b()),
                LockFunds(b(), b(), b(), b()),
                Act(b(), b()),
                Act(inner, self.at),
                Report(b(), self.at),
                Report(report, self.at),
            ]
        )

    def _table_command(self) -> TableCommand:
        rng, t, at = self.rng, self.table, self.at
        seated = [s.player for _, s in t.seating.seats]
        player = rng.choice(seated) if seated and rng.random() < 0.7 else rng.choice(PLAYERS)
        seat = rng.randint(0, t.config.size + 1)
        chips = rng.choice([-5, 0, 1, 20, 40, 100, 250, 400, 1000])
        return rng.choice(
            [
                SitDown(player, seat, chips, at, rng.random() < 0.5),
                SitDown(rng.choice(PLAYERS), seat, rng.choice([40, 100, 200]), at, True),
                AddChips(player, chips, at),
                RemoveChips(player, chips, at),
                SitOut(player, at, rng.random() < 0.5),
                Return(player, at, rng.random() < 0.5),
                Leave(player, at),
                ChangeSeat(player, seat, at, rng.random() < 0.5),
                Tick(at),
                VoidRound(rng.choice(["act-omaha-2017 19.1", "act-omaha-2017 19.3", "x"]), "t", at),
                LockFunds(player, rng.choice(["inquiry", ""]), rng.choice([None, 1, chips]), at),
                ReleaseFunds(rng.choice([*t.locked, player]), at),
                ReopenRound(rng.randint(0, 3), at),
                ReopenRound(1, at),
                CloseTable(at) if rng.random() < 0.02 else Tick(at),
            ]
        )

    # ------------------------------------------------------------------------------------
    # Checks

    def step(self) -> None:
        t = self.table
        cmd = self.command()
        self.commands += 1
        before = state(t)
        ruling = t.why_illegal(cmd)
        assert state(t) == before, f"why_illegal changed the table: {cmd!r}"
        if ruling is not None:
            assert ruling.clause and ruling.message, cmd
            with pytest.raises(IllegalAction):
                t.apply(cmd)
            after = state(t)
            assert after == before, (cmd, differences(before, after)[:5])
            return
        events = t.apply(cmd)
        if isinstance(cmd, SitDown | AddChips):
            self.money += cmd.chips
        self.money -= sum(e.chips for e in events if isinstance(e, PlayerLeft))
        self.money -= sum(e.chips for e in events if isinstance(e, FundsReleased) and not e.seated)
        self.check(cmd)

    def check(self, cmd: TableCommand) -> None:
        t = self.table
        held = t.total_chips + t.commission + t.fees
        assert held == self.money, f"{cmd!r}: the table holds {held}, bought in {self.money}"
        r = t.round
        if r is not None:
            in_round = sum(r.stacks) + r.pot_total + r.commission + r.fees
            assert in_round == sum(r.config.stacks), f"{cmd!r}: the round holds {in_round}"
            fold = Round.from_events(r.config, r.events)
            skip = frozenset({COMMAND_MARKS})
            live, rebuilt = state(r, skip), state(fold, skip)
            assert live == rebuilt, (cmd, differences(live, rebuilt)[:5])
        again = Table.from_events(self.config, t.events)
        live, rebuilt = state(t), state(again)
        assert live == rebuilt, (cmd, differences(live, rebuilt)[:5])


def _cards(hole: tuple[Card | None, ...] | None, d: Driver) -> tuple[Card, ...]:
    if hole is not None and None not in hole:
        return tuple(c for c in hole if c is not None)
    return tuple(d.rng.sample(d.cards, d.config.game.hole_cards))


def _drive(rules: str, seed: int, steps: int) -> Driver:
    d = Driver(rules, seed)
    for _ in range(steps):
        d.step()
    # the rounds handed to the sink and the events still held are the whole history
    whole = Table.from_events(d.config, [*d.history, *d.table.events])
    log = frozenset({"events"})
    assert differences(state(whole, log), state(d.table, log)) == []
    return d


@pytest.mark.parametrize("rules", RULEBOOKS)
def test_random_commands_keep_chips_and_state(rules: str) -> None:
    """About 6 s per rulebook on a quiet machine: 12 tables of 400 commands each."""
    hands = 0
    for seed in range(12):
        d = _drive(rules, seed * 7919 + len(rules), 400)
        hands += d.table.hands
    assert hands >= 120  # the streams played real rounds, not only refusals


def test_state_attributes_are_all_compared() -> None:
    """The attributes left out of the state comparison exist (the list is not stale), and a
    table with a round in progress has every other attribute compared."""
    d = _drive("dunedin-house", 1, 60)
    t = Table(d.config)
    t.apply(SitDown("a", 1, 100))
    t.apply(SitDown("b", 2, 100))
    t.apply(StartRound(d.shoe.shuffle().order))
    assert t.round is not None
    for obj in (t, t.round):
        names = attributes(obj)
        assert set(NOT_STATE[type(obj)]) <= set(names)
        compared = state(obj)[1]
        assert set(compared) == set(names) - set(NOT_STATE[type(obj)])
    assert COMMAND_MARKS in attributes(t.round)


MALFORMED: list[tuple[str, Callable[[], Any]]] = [
    ("SitDown(None, 1, 100)", lambda: SitDown(None, 1, 100)),  # type: ignore[arg-type]
    ('SitDown("p", "1", 100)', lambda: SitDown("p", "1", 100)),  # type: ignore[arg-type]
    ("Tick(None)", lambda: Tick(None)),  # type: ignore[arg-type]
    ('CallClock("60", 1)', lambda: CallClock("60", 1)),  # type: ignore[arg-type]
    ('StartRound((1, "x"), 1)', lambda: StartRound((1, "x"), 1)),  # type: ignore[arg-type]
    ("Act(None, 1)", lambda: Act(None, 1)),  # type: ignore[arg-type]
    ("Act(BetRaise(1, None), 1)", lambda: Act(BetRaise(1, None), 1)),  # type: ignore[arg-type]
    ('Act(DealHole("0", ()), 1)', lambda: Act(DealHole("0", ()), 1)),  # type: ignore[arg-type]
    ("Report(None, 1)", lambda: Report(None, 1)),  # type: ignore[arg-type]
    ('Report(HandKilledByDealer("1"), 1)', lambda: Report(HandKilledByDealer("1"), 1)),  # type: ignore[arg-type]
    ("Report(OutOfTurn(None), 1)", lambda: Report(OutOfTurn(None), 1)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("text", "make"), MALFORMED, ids=[text for text, _ in MALFORMED])
def test_malformed_commands_are_refused(text: str, make: Callable[[], Any]) -> None:
    """Nothing but IllegalAction comes out of the verbs, whatever the command holds."""
    try:
        cmd: TableCommand = make()
    except TypeError:
        # a command class compiled by mypyc checks its fields' types as it is built: such a
        # command cannot even be made (the pure-Python build makes it and the verbs refuse it)
        assert "croupier.round.commands" in running_compiled(), text
        return
    cfg = preset("act-omaha-2017", seats=6, action_seconds=30)
    t = Table(cfg)
    t.apply(SitDown("a", 1, 100))
    t.apply(SitDown("b", 2, 100))
    t.apply(StartRound(None, 0))
    before = state(t)
    ruling = t.why_illegal(cmd)
    assert ruling is not None and ruling.clause
    with pytest.raises(IllegalAction):
        t.apply(cmd)
    assert state(t) == before
    if isinstance(cmd, Act) and t.round is not None:
        if (
            not isinstance(cmd.command, RoundCommand)
            and "croupier.round.engine" in running_compiled()
        ):
            return  # a compiled Round's verbs take only commands: mypyc refuses others at the call
        assert t.round.why_illegal(cmd.command) is not None
        with pytest.raises(IllegalAction):
            t.round.apply(cmd.command)


def test_reopen_needs_no_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 item 6: ReopenRound refolded the table's whole history (seconds after some
    thousands of rounds). Now a table keeps the last round for its dispute: reopening refolds
    nothing else, and works the same on a table rebuilt from a checkpoint."""
    from croupier.sim.simulate import _Sim

    cfg = preset("dunedin-house", seats=9)
    handed: list[TableEvent] = []
    sim = _Sim(cfg, 3, 9, handed.extend)
    for _ in range(40):
        sim.between_rounds()
        sim.play_round()
    t = sim.table
    assert handed and len(t.events) < len(handed)  # the table holds one round's events
    rebuilt = Table.from_events(cfg, t.events)
    assert state(rebuilt, frozenset({"sink"})) == state(t, frozenset({"sink"}))
    cmd = ReopenRound(1, sim.at + 1)

    def refold(*_: object) -> Table:
        raise AssertionError("ReopenRound refolded the table's events")

    if "croupier.table.table" not in running_compiled():  # a compiled class takes no patch
        monkeypatch.setattr(Table, "from_events", refold)
    assert t.why_illegal(cmd) is None
    t.apply(cmd)
    rebuilt.apply(cmd)
    assert differences(state(rebuilt), state(t)) == []
    assert t.round is not None and not t.round.is_over


def test_a_checkpoint_holds_every_field_kept_between_rounds() -> None:
    """Every attribute of a table is in its checkpoint, belongs to the round in progress (none
    at a checkpoint), or is not state: a field added later cannot be lost at a hand-over."""
    from dataclasses import fields

    from croupier.table.events import TableCheckpoint

    t = make_table("dunedin-house")
    kept = {f.name for f in fields(TableCheckpoint)}
    of_the_round = {"round", "deal", "players", "deadline", "disputable"}
    given = {"config", "rules", "events"} | set(NOT_STATE[Table])
    assert set(attributes(t)) == kept | of_the_round | given
