"""The card room: tables, waiting lists and calls, seat priority, the board, the cage.

Each refusal leaves the room unchanged; the room's money is conserved at every event and the
room rebuilt from its events equals the live one.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.room import (
    AtTable,
    BuyIn,
    CashOut,
    CloseTable,
    EnterTournament,
    JoinList,
    LeaveList,
    OpenTable,
    OpenTournament,
    OpenUthTable,
    PayPrize,
    RequestSeatChange,
    Room,
    RoomCommand,
    TakeSeat,
    Tick,
    TournamentTerms,
    UthBuyIn,
    UthCashOut,
    list_key,
    uth_key,
)
from croupier.room import commands as room_commands
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, AddChips, ChangeSeat, SitDown, StartRound, TableCommand
from croupier.table.presets import preset
from croupier.table.table import TableConfig
from croupier.uth.game import UthConfig
from croupier.uth.limits import TableLimits
from croupier.views import actor_view
from support.room import follow_balance, refused, snapshot

QLD, ACT, DUN = "qld-holdem-2005", "act-omaha-2017", "dunedin-house"


def full_room(rules: str = DUN, seats: int = 2) -> tuple[Room, str, str]:
    room = Room(call_seconds=300)
    cfg = preset(rules, seats=seats)
    room.apply(OpenTable("t1", cfg))
    game, stakes = list_key(cfg)
    for i in range(seats):
        room.apply(TakeSeat(f"s{i + 1}", "t1", i + 1, cfg.stakes.min_table_stake))
    return room, game, stakes


def test_board_shows_every_table() -> None:
    room = Room()
    room.apply(OpenTable("t1", preset(DUN, seats=6)))
    room.apply(OpenUthTable("u1", UthConfig(TableLimits(5, 500))))
    room.apply(OpenTournament("sat", TournamentTerms("Saturday", "holdem", 100, 10)))
    room.apply(TakeSeat("ann", "t1", 3, 100))
    rows = {r.table: r for r in room.board()}
    row = rows["t1"]
    assert (row.kind, row.game, row.stakes) == ("cash", "holdem no-limit", "1/2")
    assert (rows["t1"].seats, rows["t1"].taken, rows["t1"].free) == (6, 1, 5)
    assert rows["u1"].kind == "uth" and rows["u1"].seats == 6
    assert rows["sat"].stakes == "100+10"
    room.apply(CashOut("ann", "t1"))
    room.apply(CloseTable("t1"))
    assert "t1" not in {r.table for r in room.board()}


def test_waiting_list_calls_in_order_and_the_call_lapses() -> None:
    room, game, stakes = full_room()
    room.apply(JoinList("ann", game, stakes, at=10))
    room.apply(JoinList("bob", game, stakes, at=20))
    assert room.board()[0].waiting == 2 and not room.calls
    refused(room, JoinList("ann", game, stakes))
    # A seat opens: the first on the list is called, with a call-in time.
    events = room.apply(CashOut("s1", "t1", at=100))
    assert room.calls["ann"].deadline == 400 and "bob" not in room.calls
    assert any(type(e).__name__ == "PlayerCalled" for e in events)
    # Only the called player takes the seat while others wait.
    refused(room, TakeSeat("bob", "t1", 1, 40, at=110))
    refused(room, TakeSeat("walk-in", "t1", 1, 40, at=110))
    # The call lapses: ann loses her place and bob is called.
    room.apply(Tick(399))
    assert "ann" in room.calls
    room.apply(Tick(400))
    assert "ann" not in room.calls and room.waiting(game, stakes) == ("bob",)
    assert room.calls["bob"].deadline == 700
    room.apply(TakeSeat("bob", "t1", 1, 40, at=450))
    assert room.waiting(game, stakes) == () and not room.calls
    assert room.tables["t1"].seat_of("bob") == 1


def test_leaving_the_list_ends_the_call_and_a_closed_table_withdraws_it() -> None:
    room, game, stakes = full_room()
    room.apply(JoinList("ann", game, stakes))
    room.apply(JoinList("bob", game, stakes))
    room.apply(CashOut("s1", "t1"))
    room.apply(LeaveList("ann", game, stakes, at=5))
    assert room.calls["bob"].table == "t1"
    refused(room, LeaveList("ann", game, stakes))
    refused(room, CloseTable("t1"))  # a player is still seated
    room.apply(CashOut("s2", "t1"))
    room.apply(CloseTable("t1"))
    assert not room.calls and room.waiting(game, stakes) == ("bob",)


@pytest.mark.parametrize(
    ("rules", "chips", "clause"),
    [(DUN, 39, "dunedin-house 19"), (ACT, 401, "act-omaha-2017 4.2"), (QLD, 99, "qld-holdem-2005")],
)
def test_buy_in_limits_are_the_rulebooks(rules: str, chips: int, clause: str) -> None:
    room = Room()
    room.apply(OpenTable("t1", preset(rules, seats=6)))
    e = refused(room, TakeSeat("ann", "t1", 1, chips))
    assert e.ruling.clause.startswith(clause)
    assert room.ledger().cash_in == 0


def test_one_seat_per_player() -> None:
    room, game, stakes = full_room(seats=3)
    room.apply(OpenTable("t2", preset(DUN, seats=3)))
    refused(room, TakeSeat("s1", "t2", 1, 40))
    refused(room, JoinList("s1", game, stakes))  # the same game: already playing it
    room.apply(OpenTable("t3", preset(QLD, seats=3)))
    room.apply(JoinList("s1", *list_key(room.tables["t3"].config)))  # another game


def test_chips_move_only_through_the_cage() -> None:
    room, _, _ = full_room(seats=3)
    e = refused(room, AtTable("t1", SitDown("x", 3, 100)))
    assert e.ruling.clause == "croupier cage"
    refused(room, AtTable("t1", AddChips("s1", 100)))
    refused(room, TakeSeat("x", "t1", 3, 0))
    refused(room, BuyIn("nobody", "t1", 50))
    room.apply(BuyIn("s1", "t1", 50))
    assert room.tables["t1"].stacks["s1"] == 90 and room.ledger().cash_in == 170


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-holdem-2005 s16(2)"), (DUN, "dunedin-house 17"), (ACT, "act-omaha-2017 8.2")],
)
def test_a_seated_player_asking_for_a_seat_change_comes_first(rules: str, clause: str) -> None:
    room = Room()
    cfg = preset(rules, seats=3)
    room.apply(OpenTable("t1", cfg))
    stake = cfg.stakes.min_table_stake
    room.apply(TakeSeat("a", "t1", 1, stake))
    room.apply(TakeSeat("b", "t1", 2, stake))
    room.apply(RequestSeatChange("a", "t1"))
    refused(room, RequestSeatChange("a", "t1"))
    e = refused(room, TakeSeat("new", "t1", 3, stake))
    assert e.ruling.clause == clause
    room.apply(AtTable("t1", ChangeSeat("a", 3)))
    assert not room.requests["t1"]
    room.apply(TakeSeat("new", "t1", 1, stake))


def test_uth_and_tournament_money() -> None:
    room = Room()
    room.apply(OpenUthTable("u1", UthConfig(TableLimits(5, 500))))
    room.apply(OpenTournament("sat", TournamentTerms("Saturday", "holdem", 100, 10)))
    room.apply(UthBuyIn("ann", "u1", 200))
    refused(room, UthCashOut("bob", "u1", 10))
    refused(room, UthCashOut("ann", "u1", 201))  # the house won nothing it can redeem twice
    room.apply(UthCashOut("ann", "u1", 150))
    room.apply(EnterTournament("ann", "sat"))
    room.apply(EnterTournament("bob", "sat"))
    refused(room, PayPrize("ann", "sat", 201))
    refused(room, PayPrize("carl", "sat", 10))
    refused(room, CloseTable("sat"))
    room.apply(PayPrize("ann", "sat", 140))
    room.apply(PayPrize("bob", "sat", 60))
    room.apply(CloseTable("sat"))
    ledger = room.ledger()
    assert (ledger.cash_in, ledger.cash_out, ledger.pools, ledger.tournament_fees) == (
        420,
        350,
        0,
        20,
    )
    assert ledger.uth_chips == 50 and ledger.conserved
    assert snapshot(Room.from_events(room.events)) == snapshot(room)
    assert follow_balance(room.events) == len(room.events)


def test_refusals_of_unknown_tables_and_names() -> None:
    room = Room()
    room.apply(OpenTable("t1", preset(DUN, seats=3)))
    refused(room, OpenTable("t1", preset(DUN, seats=3)))
    refused(room, OpenTable("", preset(DUN, seats=3)))
    refused(room, TakeSeat("a", "nope", 1, 40))
    refused(room, JoinList("a", "stud", "1/2"))
    room.apply(OpenUthTable("u1", UthConfig(TableLimits(5, 500))))
    refused(room, JoinList("a", *uth_key(room.uth["u1"].config)))  # a UTH table keeps no list
    refused(room, EnterTournament("a", "t1"))
    refused(room, UthBuyIn("a", "t1", 40))
    refused(room, TakeSeat("a", "t1", 1, "40"))  # type: ignore[arg-type]
    refused(room, RoomCommand())


# ----------------------------------------------------------------------------------------
# Property: random rooms conserve money at every event and rebuild from their events


class Driver:
    """Plays a room: opens tables, seats players from lists, plays rounds with bots."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.room = Room(call_seconds=120)
        self.at = 0
        self.shoes: dict[str, Shoe] = {}
        self.names = 0

    def send(self, cmd: RoomCommand) -> bool:
        room = self.room
        ruling = room.why_illegal(cmd)
        if ruling is not None:
            before = len(room.events)
            with pytest.raises(IllegalAction):
                room.apply(cmd)
            assert len(room.events) == before
            return False
        room.apply(cmd)
        ledger = room.ledger()
        assert ledger.conserved, ledger
        return True

    def step(self, choice: int) -> None:
        room, rng = self.room, self.rng
        self.at += rng.randint(1, 90)
        tables = [n for n, t in room.tables.items() if n not in room.shut]
        match choice:
            case 0 if len(tables) < 3:
                name = f"t{len(room.tables) + 1}"
                cfg = preset(rng.choice((QLD, ACT, DUN)), seats=rng.randint(2, 6))
                self.shoes[name] = Shoe(cfg.game.deck, seed=rng.randrange(1 << 30))
                self.send(OpenTable(name, cfg, self.at))
            case 1 if tables:
                cfg = room.tables[rng.choice(tables)].config
                self.names += 1
                self.send(JoinList(f"p{self.names}", *list_key(cfg), self.at))
            case 2 if room.calls:
                player, call = rng.choice(sorted(room.calls.items()))
                t = room.tables[call.table]
                free = [s for s in range(1, t.config.size + 1) if t.seating.get(s) is None]
                st_ = t.config.stakes
                cash = rng.randint(st_.min_table_stake, st_.max_buy_in or 3 * st_.min_table_stake)
                if free:
                    self.send(TakeSeat(player, call.table, rng.choice(free), cash, self.at))
            case 3:
                self.send(Tick(self.at))
            case 4 if tables:
                name = rng.choice(tables)
                t = room.tables[name]
                if t.seating.seats:
                    _, seat = rng.choice(t.seating.seats)
                    self.send(CashOut(seat.player, name, self.at))
            case 5 if tables:
                name = rng.choice(tables)
                t = room.tables[name]
                if t.seating.seats:
                    _, seat = rng.choice(t.seating.seats)
                    self.send(BuyIn(seat.player, name, rng.randint(1, 60), self.at))
            case 6 if tables:
                self.play(rng.choice(tables))
            case 7 if tables:
                self.send(CloseTable(rng.choice(tables), self.at))
            case _:
                self.send(Tick(self.at))

    def play(self, name: str) -> None:
        t = self.room.tables[name]
        if not self.send(AtTable(name, StartRound(self.shoes[name].shuffle().order, self.at))):
            return
        bot = make_bot("random")
        while t.round is not None and not t.round.is_over:
            self.at += 1
            assert self.send(AtTable(name, Act(bot.act(actor_view(t.round), self.rng), self.at)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**30), st.lists(st.integers(0, 8), min_size=20, max_size=80))
def test_money_is_conserved_and_the_room_is_its_events(seed: int, steps: list[int]) -> None:
    d = Driver(seed)
    for s in steps:
        d.step(s)
    assert snapshot(Room.from_events(d.room.events, call_seconds=120)) == snapshot(d.room)
    follow_balance(d.room.events, call_seconds=120)


def test_a_long_room_session_plays_rounds() -> None:
    d = Driver(7)
    for _ in range(3):
        d.step(0)
    rng = random.Random(3)
    for _ in range(600):
        d.step(rng.choice((1, 1, 2, 2, 2, 3, 4, 5, 6, 6, 6, 6)))
    assert sum(t.hands for t in d.room.tables.values()) >= 20
    assert d.room.ledger().cash_out > 0
    assert snapshot(Room.from_events(d.room.events, call_seconds=120)) == snapshot(d.room)
    assert follow_balance(d.room.events, call_seconds=120) > 1000


def _commands() -> st.SearchStrategy[RoomCommand]:
    names = st.sampled_from(["t1", "u1", "sat", "nope", "", "s1", "s2", "ann"])
    anything = st.one_of(st.none(), st.integers(-5, 500), st.text(max_size=3), names)
    configs = st.sampled_from([preset(DUN, seats=3), preset(QLD, seats=2)])
    st.register_type_strategy(TableConfig, configs)
    st.register_type_strategy(UthConfig, st.just(UthConfig(TableLimits(5, 500))))
    st.register_type_strategy(
        TableCommand, st.sampled_from([SitDown("x", 3, 40), StartRound(), AddChips("s1", 5)])
    )
    kinds = [
        cls
        for cls in vars(room_commands).values()
        if isinstance(cls, type) and issubclass(cls, RoomCommand)
    ]

    def build(cls: type[RoomCommand]) -> st.SearchStrategy[RoomCommand]:
        fields = {
            f.name: st.one_of(
                names if f.name in ("player", "table", "tournament") else anything,
                st.from_type(f.type) if not isinstance(f.type, str) else anything,
            )
            for f in dataclasses.fields(cls)
        }
        return st.builds(cls, **fields)

    return st.sampled_from(kinds).flatmap(build)


@settings(max_examples=300, deadline=None)
@given(st.lists(_commands(), max_size=6))
def test_any_command_is_applied_or_refused_with_nothing_changed(cmds: list[RoomCommand]) -> None:
    room, _, _ = full_room()
    room.apply(OpenUthTable("u1", UthConfig(TableLimits(5, 500))))
    room.apply(OpenTournament("sat", TournamentTerms("Saturday", "holdem", 100, 10)))
    for cmd in cmds:
        if room.why_illegal(cmd) is None:
            room.apply(cmd)
        else:
            refused(room, cmd)
        assert room.ledger().conserved
