"""Simulate a table for many rounds: bots play, players join, top up, step away and leave.

Every round is checked against the rules as it ends (:class:`RoundCheck`): chips conserved with
commission and fees, exactly one big blind posted, nobody dealt in where the rulebook forbids,
and the button moved as the rulebook moves it. A failed check raises :class:`SimulationError`
naming the round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from croupier.histories.phh import dump
from croupier.histories.phh_export import HOUSE, dated, to_history
from croupier.round import Round
from croupier.rules import IllegalAction
from croupier.rules.table import ButtonRule
from croupier.shoe import Shoe
from croupier.sim.bots import Bot, make_bot
from croupier.sim.errors import SimulationError
from croupier.table.button import Blind, Buttons, Deal, Seating, Status
from croupier.table.commands import (
    Act,
    AddChips,
    Leave,
    Return,
    SitDown,
    SitOut,
    StartRound,
    TableCommand,
)
from croupier.table.events import PlayerLeft, RoundStarted, TableEvent
from croupier.table.history import Sink
from croupier.table.table import Table, TableConfig, without
from croupier.views import seat_view

BOT_MIX = ("tight-aggressive", "random", "calling-station")

__all__ = ["Report", "SeatResult", "SimulationError", "check_deal", "simulate"]


@dataclass
class SeatResult:
    player: str
    bot: str
    bought_in: int = 0
    cashed_out: int = 0
    rounds: int = 0

    def net(self, stack: int) -> int:
        return stack + self.cashed_out - self.bought_in


@dataclass
class Report:
    """What a simulation did: rounds, money in and out, and each player's result."""

    rounds: int = 0
    shoe: str = ""  # the source of the cards: "secure" or "seeded:N"
    commission: int = 0
    fees: int = 0
    joins: int = 0
    departures: int = 0
    top_ups: int = 0
    players: dict[str, SeatResult] = field(default_factory=dict)
    final_stacks: dict[str, int] = field(default_factory=dict)
    #: per seat number: (rounds dealt in, chips won less chips lost there)
    seats: dict[int, list[int]] = field(default_factory=dict)

    def by_bot(self) -> dict[str, tuple[int, int, int]]:
        """Per bot kind: (players, rounds played, net chips)."""
        out: dict[str, tuple[int, int, int]] = {}
        for _player, bot, rounds, net in self.results():
            n, r, total = out.get(bot, (0, 0, 0))
            out[bot] = (n + 1, r + rounds, total + net)
        return out

    def results(self) -> list[tuple[str, str, int, int]]:
        """(player, bot, rounds played, net chips) for everyone who played."""
        return [
            (r.player, r.bot, r.rounds, r.net(self.final_stacks.get(r.player, 0)))
            for r in self.players.values()
        ]


class _Sim:
    def __init__(
        self,
        config: TableConfig,
        seed: int | None,
        seats: int,
        sink: Sink | None = None,
        bots: Callable[[str], Bot] = make_bot,
    ) -> None:
        self.table = Table(config, sink=sink if sink is not None else _drop)
        self.make_bot = bots
        self.config = config
        self.rng = random.Random(seed)  # the bots and arrivals; None: from the system
        # a secure shoe unless a seed is asked for; each round's start records which
        self.shoe = Shoe(config.game.deck, seed=seed)
        self.seats = min(seats, config.size)
        self.bots: dict[str, Bot] = {}
        self.report = Report()
        self.at = 0
        self.next_id = 1
        self.started: RoundStarted | None = None  # the last round's start
        self.money_in = 0
        self.money_out = 0

    def send(self, cmd: TableCommand) -> bool:
        """Apply ``cmd`` if the table allows it (a bot's wish the rules refuse is dropped)."""
        try:
            self.table.apply(cmd)  # a refused command changes nothing
        except IllegalAction:
            return False
        return True

    def buy_in(self) -> int:
        st = self.config.stakes
        top = st.max_buy_in or st.min_table_stake * 5
        return self.rng.randint(st.min_table_stake, max(st.min_table_stake, top))

    def join(self) -> None:
        free = [n for n in range(1, self.seats + 1) if self.table.seating.get(n) is None]
        if not free:
            return
        player = f"bot{self.next_id}"  # not p1...pN: PHH's names of positions
        self.next_id += 1
        chips = self.buy_in()
        post = self.rng.random() < 0.5
        if self.send(SitDown(player, self.rng.choice(free), chips, self.at, post)):
            name = BOT_MIX[self.rng.randrange(len(BOT_MIX))]
            self.bots[player] = self.make_bot(name)
            self.report.players[player] = SeatResult(player, name, bought_in=chips)
            self.money_in += chips
            self.report.joins += 1

    def leave(self, player: str) -> None:
        chips = self.table.stacks[player]
        if self.send(Leave(player, self.at)):
            del self.bots[player]
            self.report.players[player].cashed_out += chips
            self.money_out += chips
            self.report.departures += 1

    def between_rounds(self) -> None:
        t, rng, st = self.table, self.rng, self.config.stakes
        for _, s in t.seating.seats:
            p, stack = s.player, t.stacks[s.player]
            if stack < st.min_table_stake and rng.random() < 0.8:
                add = self.buy_in() - stack
                if add > 0 and self.send(AddChips(p, add, self.at)):
                    self.report.players[p].bought_in += add
                    self.money_in += add
                    self.report.top_ups += 1
            if s.status is Status.SITTING_OUT and rng.random() < 0.5:
                self.send(Return(p, self.at, post=rng.random() < 0.5))
            elif s.status is Status.PLAYING and rng.random() < 0.01:
                self.send(SitOut(p, self.at))
        for _, s in t.seating.seats:
            if rng.random() < 0.02:
                self.leave(s.player)
        while rng.random() < 0.15 or self.active() < 3:
            before = len(t.seating.seats)
            self.join()
            if len(t.seating.seats) == before:
                break

    def make_room(self) -> None:
        """Short stacks top up and those sitting out come back, or, failing that, leave."""
        st = self.config.stakes
        for _, s in self.table.seating.seats:
            p = s.player
            add = self.buy_in() - self.table.stacks[p]
            if self.table.stacks[p] < st.min_table_stake and add > 0:
                if self.send(AddChips(p, add, self.at)):
                    self.report.players[p].bought_in += add
                    self.money_in += add
                    self.report.top_ups += 1
                elif s.status is not Status.SITTING_OUT:
                    self.leave(p)
                    continue
            if s.status is Status.SITTING_OUT and not self.send(Return(p, self.at, post=True)):
                self.leave(p)

    def active(self) -> int:
        return sum(1 for _, s in self.table.seating.seats if s.status is not Status.SITTING_OUT)

    def play_round(self) -> tuple[Round, tuple[str, ...]]:
        t = self.table
        self.at += 60
        refused: IllegalAction | None = None
        for _ in range(5):
            before = (t.seating, t.buttons)
            try:
                events = t.apply(StartRound.dealt_from(self.shoe.shuffle(), self.at))
                break
            except IllegalAction as refusal:
                refused = refusal
                # the stake rules sat out or removed players at the deal: seat newcomers, and
                # where every seat is taken, bring back or let go those sitting out
                seated = len(t.seating.seats)
                self.join()
                self.join()
                if len(t.seating.seats) == seated:  # every seat taken
                    self.make_room()
        else:
            raise SimulationError(f"round {t.hands + 1}: no round could start ({refused})")
        started = next(e for e in events if isinstance(e, RoundStarted))
        for e in events:
            if isinstance(e, PlayerLeft):
                self.bots.pop(e.player, None)
                self.report.players[e.player].cashed_out += e.chips
                self.money_out += e.chips
                self.report.departures += 1
        # A round can end inside StartRound (heads-up, the blinds all in, nobody to act): the
        # table has closed it already, so rebuild it from its configuration (deterministic).
        round_ = t.round if t.round is not None else t.last_round_played(started)
        if not round_.is_over and t.round is None:
            raise SimulationError(f"round {t.hands}: the table closed a round still in play")
        seating_at_deal = without(before[0], events)
        previous = None if started.restart else before[1]
        check_deal(self.config, seating_at_deal, previous, started.deal, t.hands + 1)
        while t.round is not None:
            r = t.round
            actor = r.actor
            if actor is None:
                raise SimulationError(f"round {t.hands + 1}: the round waits for {r.awaiting()}")
            try:
                bot = self.bots[t.players[actor]]
                t.apply(Act(bot.act(seat_view(r, actor), self.rng), self.at))
            except IllegalAction as e:
                msg = f"round {t.hands + 1}: a bot's action was refused: {e}"
                raise SimulationError(msg) from e
            self.at += 1
        for i, p in enumerate(started.players):
            self.report.players[p].rounds += 1
            seat = self.report.seats.setdefault(started.deal.dealt_in[i], [0, 0])
            seat[0] += 1
            seat[1] += round_.stacks[i] - started.config.stacks[i]
        total = t.total_chips + t.commission + t.fees
        if total != self.money_in - self.money_out:
            raise SimulationError(
                f"round {t.hands}: chips not conserved: table {t.total_chips} + commission "
                f"{t.commission} + fees {t.fees} != bought in {self.money_in} - cashed out "
                f"{self.money_out}"
            )
        self.started = started
        return round_, started.players


def _drop(events: Sequence[TableEvent]) -> None:
    """A sink that keeps nothing."""


def check_deal(
    config: TableConfig, seating: Seating, previous: Buttons | None, deal: Deal, hand: int
) -> None:
    """The rules a deal must keep: one big blind; newcomers dealt in only where allowed; the
    button (or, with a dead button, the big blind) moved to the next player, as the rulebook's
    table rules say."""
    table = config.rulebook.table
    button_rule = table.button_rule
    bigs = [p for p in deal.posts if p.blind is Blind.BIG and not p.entry]
    if len(bigs) != 1:
        raise SimulationError(f"round {hand}: {len(bigs)} big blinds posted, not one")
    seats = dict(seating.seats)
    for n in deal.dealt_in:
        s = seats[n]
        if table.new_player_may_play_at_once or not s.new or previous is None:
            continue
        if table.button_orbit and previous.orbit is not None:
            continue  # act-omaha-2017 17.12: the first time round, newcomers play free
        posted = any(p.seat == n for p in deal.posts)
        if not posted and not deal.heads_up:
            raise SimulationError(f"round {hand}: newcomer in seat {n} dealt in without posting")
        if button_rule is ButtonRule.DEAD_BUTTON and n == deal.button.seat and not deal.heads_up:
            raise SimulationError(f"round {hand}: newcomer dealt in on the button (dunedin 29)")
    if previous is None:
        return
    live = [n for n, s in seating.seats if s.status is not Status.SITTING_OUT]
    dead_button = button_rule is ButtonRule.DEAD_BUTTON
    order = seating.after(previous.big_blind if dead_button else previous.button)
    if button_rule is ButtonRule.BUCK_TO_NEXT_PLAYER:
        want = next(n for n in order if n in live)
        if deal.button.seat != want:
            raise SimulationError(f"round {hand}: button on {deal.button.seat}, not {want}")
    elif dead_button and not deal.heads_up:
        want = next(n for n in order if n in live)
        if deal.big_blind.seat != want:
            raise SimulationError(f"round {hand}: big blind on {deal.big_blind.seat}, not {want}")
    elif button_rule is ButtonRule.MOVING_BUTTON and not deal.heads_up:
        playing = [n for n, s in seating.seats if s.status is Status.PLAYING]
        want = next(n for n in order if n in playing)
        if deal.button.seat != want:
            raise SimulationError(f"round {hand}: button on {deal.button.seat}, not {want}")


def simulate(
    config: TableConfig,
    rounds: int,
    seed: int | None = None,
    seats: int = 9,
    history: Path | None = None,
    progress: Callable[[int], None] | None = None,
    sink: Sink | None = None,
    bots: Callable[[str], Bot] = make_bot,
) -> Report:
    """Play ``rounds`` rounds; write each as PHH under ``history`` when given. ``seed`` seeds
    the shoe, the bots and the arrivals (reproducible: tests and replays only); ``None`` deals
    from a secure shoe. Each round's :class:`RoundStarted` records the shoe used. The table hands
    the events of finished rounds to ``sink`` (by default they are dropped), so memory stays
    bounded however many rounds are played. ``bots`` makes a bot of a given kind (the tests
    watch what each bot is shown through it)."""
    sim = _Sim(config, seed, seats, sink, bots)
    if history is not None:
        history.mkdir(parents=True, exist_ok=True)
    for i in range(rounds):
        sim.between_rounds()
        r, players = sim.play_round()
        if history is not None:
            started = sim.started
            assert started is not None
            h = replace(
                to_history(r, HOUSE), hand=i + 1, players=players, table="simulation",
                seats=started.deal.dealt_in, seat_count=sim.seats,
            )  # fmt: skip
            h = dated(h, started.at)
            dump(h, history / f"{i + 1:07d}.phh")
        if progress is not None:
            progress(1)
    t = sim.table
    rep = sim.report
    rep.rounds = t.hands
    rep.shoe = sim.shoe.source
    rep.commission = t.commission
    rep.fees = t.fees
    rep.final_stacks = dict(t.stacks)
    return rep
