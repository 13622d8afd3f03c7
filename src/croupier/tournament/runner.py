"""Run a whole tournament with bots: registration, the draw, hands until one player is left.

The runner is a driver, not part of the rules: it feeds the :class:`Tournament` its inputs (a
generator for the draws and the bots' choices, a shoe for the cards, ticks of the clock; a
secure shoe unless a seed is asked for, which the tournament's start records) and checks,
after every hand, what must always hold: chips conserved, no table more than one player from
balance, and at the end every prize paid and the pool exactly distributed.

The tables deal in waves: every table that may deal plays one hand, then the clock moves on by
``hand_seconds``. During hand-for-hand (qld-tournament-2020 4.20) that is exactly how play goes;
otherwise it is a fair model of tables dealing at the same pace.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from croupier.cards import Card
from croupier.histories.phh import HandHistory
from croupier.histories.phh_export import HOUSE, to_history
from croupier.round import BetRaise, CheckCall, Command, Fold, Round
from croupier.shoe import Shoe
from croupier.sim.bots import Bot, RandomBot, TightAggressive
from croupier.tournament import commands as cm
from croupier.tournament.conditions import Conditions
from croupier.tournament.events import (
    BonusAwarded,
    Bought,
    BountyWon,
    ChipsForfeited,
    ClockTicked,
    Eliminated,
    Registered,
    StackBagged,
    TEvent,
)
from croupier.tournament.headsup import HeadsUpResult, run_heads_up
from croupier.tournament.tournament import (
    BUSTED,
    OUT,
    PLAYING,
    HandPlan,
    Tournament,
    TournamentError,
)
from croupier.views import seat_view


class InvariantBroken(AssertionError):
    """A check the runner makes after every hand failed: a bug, never a ruling."""


@dataclass
class Policy:
    """How bot players take the choices the rules offer them (probabilities)."""

    rebuy: float = 0.7
    add_on: float = 0.8
    re_entry: float = 0.6
    tight_share: float = 0.9  # share of tight-aggressive bots; the rest play at random
    next_flight: float = 0.5  # a player out of a flight enters a later one (2 Multi-Flight)
    forfeit: float = 0.3  # a short survivor forfeits to buy back into a later flight (4.13)
    tank: float = 0.002  # share of decisions a bot thinks over long enough to be put on the clock
    found_slow: float = 0.5  # share of those the director finds deliberately slow (4.27; 91)


@dataclass
class RunStats:
    hands: int = 0
    waves: int = 0
    balance_checks: int = 0
    max_imbalance: int = 0
    bot_mistakes: int = 0  # illegal commands bots sent, replaced by a check or a fold
    clocks: int = 0  # the clock called on a player (4.26-4.28; dunedin-house 90-91)
    timed_out: int = 0  # hands dead because the clock ran out
    histories: list[tuple[int, int, HandHistory]] = field(default_factory=list)


def _cards(shoe: Shoe) -> Iterator[Card]:
    while True:
        yield from shoe.shuffle().order


def _check_chips(t: Tournament) -> None:
    on_tables = t.chips_on_tables()
    if on_tables != t.chips_in_play:
        raise InvariantBroken(f"chips on the tables {on_tables} != chips in play {t.chips_in_play}")


def _check_balance(t: Tournament, stats: RunStats) -> None:
    if len(t.tables) < 2:
        return
    counts = [len(x.seats) for x in t.tables.values()]
    gap = max(counts) - min(counts)
    stats.balance_checks += 1
    stats.max_imbalance = max(stats.max_imbalance, gap)
    if gap > 1:
        raise InvariantBroken(f"tables out of balance after balancing: {sorted(counts)}")


def check_payouts(t: Tournament) -> None:
    """Every prize paid and the pool exactly distributed (act-omaha-2017 20.19)."""
    prizes = t.prizes or []
    paid = sum(e.cash for e in t.entrants.values())
    bonus = sum(sum(b.prize) for b in t.events if isinstance(b, BonusAwarded))
    if paid - bonus != t.pool:
        raise InvariantBroken(f"prizes paid {paid - bonus} != prize pool {t.pool}")
    if sum(p.cash for p in prizes) != t.pool:
        raise InvariantBroken("the schedule does not add up to the pool")
    if t.conditions.bounty:
        won = sum(e.bounties for e in t.entrants.values())
        if t.bounty_fund or won != t.conditions.bounty * t.entries_total:
            raise InvariantBroken(f"bounties paid {won}; {t.bounty_fund} left unpaid")
    places = sorted(r[0] for e in t.entrants.values() for r in e.results)
    if places and places[0] != 1:
        raise InvariantBroken("nobody finished first")


def run_tournament(
    conditions: Conditions,
    bots: int,
    seed: int | None = None,
    *,
    hand_seconds: int = 60,
    policy: Policy | None = None,
    keep_histories: bool = False,
    on_wave: Callable[[Tournament, RunStats], None] | None = None,
    max_waves: int = 1_000_000,
    stacks: Sequence[int] | None = None,
) -> tuple[Tournament, RunStats]:
    """Register ``bots`` bot players, run the tournament to one winner, return it and stats.
    ``seed`` makes the run reproducible (a seeded shoe: tests and replays only); ``None``
    deals from a secure shoe. ``stacks``: each player's starting stack, in registration order
    (P0001 first), as a final day's bagged stacks are given (4.13); by default the conditions'
    starting stack for everyone."""
    pol = policy or Policy()
    table = _Table(conditions, seed, pol, keep_histories)
    t = Tournament(conditions)
    players = [f"P{i + 1:04d}" for i in range(bots)]
    if stacks is not None and len(stacks) != bots:
        raise ValueError(f"{len(stacks)} starting stacks for {bots} players")
    for p in players:
        t.apply(cm.Register(p, f"Bot {p[1:]}"))
        table.seat_bot(p)
    given = None if stacks is None else tuple(zip(players, stacks, strict=True))
    t.apply(cm.Start(stacks=given, shoe=table.shoe.source), cm.Inputs(table.rng, table.cards))
    table.play_out(t, hand_seconds, on_wave, max_waves)
    check_payouts(t)
    return t, table.stats


class _Table:
    """The runner's inputs and bots: a generator, a shoe, the bots' brains; all seeded from
    ``seed`` when one is given, else a secure shoe and generators seeded by the system."""

    def __init__(self, conditions: Conditions, seed: int | None, pol: Policy, keep: bool) -> None:
        self.rng = random.Random(seed)
        # how long bots take: apart from their choices
        self.thinking = random.Random(None if seed is None else seed + 2)
        self.shoe = Shoe(conditions.game_rules.deck, seed=None if seed is None else seed + 1)
        self.cards = _cards(self.shoe)
        self.pol = pol
        self.keep = keep
        self.brains: dict[str, Bot] = {}
        self.stats = RunStats()
        self.offered: set[tuple[str, int]] = set()  # (player, entries): each asked once
        self.announced: set[int] = set()  # special rounds announced

    def seat_bot(self, player: str) -> None:
        tight = self.rng.random() < self.pol.tight_share
        self.brains[player] = TightAggressive() if tight else RandomBot()

    def play_out(
        self,
        t: Tournament,
        hand_seconds: int,
        on_wave: Callable[[Tournament, RunStats], None] | None,
        max_waves: int,
        stop: Callable[[Tournament], bool] | None = None,
    ) -> None:
        """Deal waves of hands until the tournament is won (or ``stop`` says so)."""
        stats, rng, pol = self.stats, self.rng, self.pol
        _check_chips(t)
        while not t.finished and not (stop is not None and stop(t)):
            stats.waves += 1
            if stats.waves > max_waves:
                raise InvariantBroken(f"no winner after {max_waves} waves")
            if t.due_colour_up() is not None:
                t.apply(cm.ColourUp(), cm.Inputs(cards=self.cards))
                _check_chips(t)
            if t.clock.state.level.is_break:
                _offer(t, "add-on", pol.add_on, rng)
                t.apply(cm.Tick(max(1, t.clock.state.remaining)))
                continue
            self._announce(t)
            results = [self._hand(t, n) for n in sorted(t.tables) if t.why_not_deal(n) is None]
            if not results:
                raise InvariantBroken(f"no table can deal: {t.why_not_deal(min(t.tables))}")
            t.apply(
                cm.RecordHands(tuple(cm.PlayedHand.of(p, r) for p, r in results)),
                cm.Inputs(rounds=[r for _, r in results]),
            )
            stats.hands += len(results)
            _check_chips(t)
            _settle_busts(t, pol, rng)
            if not t.finished:
                _offer_re_entry(t, pol, rng, self.offered)
                t.apply(cm.Maintain(), cm.Inputs(rng, self.cards))
                _check_balance(t, stats)
                _check_chips(t)
                t.apply(cm.Tick(hand_seconds))
            if on_wave is not None:
                on_wave(t, stats)

    def _announce(self, t: Tournament) -> None:
        """The conditions' elimination and bonus rounds, announced at every table before the
        first deal of their level (qld-tournament-2020 4.22, 4.45(5))."""
        for k, sr in enumerate(t.conditions.special_rounds):
            if sr.level == t.level_number and k not in self.announced:
                self.announced.add(k)
                for number in sorted(t.tables):
                    t.apply(cm.AnnounceRound(number, sr.kind, sr.chips, sr.prize))

    def _think(self, t: Tournament, plan: HandPlan, r: Round, now: int) -> int:
        """The time a decision takes; now and then a bot thinks long, an opponent asks for the
        clock after a reasonable 30 seconds (qld-tournament-2020 4.26; dunedin-house 90), and
        the hand is dead if time runs out. A bot found slow twice under dunedin-house 91 has
        the clock on every decision. Returns the time after the decision."""
        hand, live = cm.PlayedHand.of(plan, r), cm.Inputs(rounds=(r,))
        called = len(t.apply(cm.StartDecision(hand, now), live))
        if plan.forced_action(r) is not None or self.thinking.random() >= self.pol.tank:
            think = 1
        else:
            think = self.thinking.randint(30, 150)
            with contextlib.suppress(TournamentError):  # already on this decision
                called += len(t.apply(cm.CallClock(hand, now + 30), live))
            if self.thinking.random() < self.pol.found_slow:
                t.apply(cm.FindSlow(plan.players[r.actor or 0]))
        self.stats.clocks += called
        if called and t.apply(cm.EnforceClock(hand, now + think), live):
            self.stats.timed_out += 1
        return now + think

    def _hand(self, t: Tournament, number: int) -> tuple[HandPlan, Round]:
        plan = t.plan_hand(number, self.shoe.shuffle().order)
        r = Round(plan.config)
        unit = plan.config.chip_unit
        now = t.clock.elapsed  # the table's time within the hand, in seconds
        while not r.is_over:
            actor = r.actor
            assert actor is not None, "an automatic round waits only for players"
            now = self._think(t, plan, r, now)
            if r.is_over or r.actor != actor:
                continue  # time ran out: the hand is dead
            cmd = plan.forced_action(r) or _in_chips(
                self.brains[plan.players[actor]].act(seat_view(r, actor), self.rng), r, unit
            )
            if r.why_illegal(cmd) is not None:  # a bot's mistake: it checks, or else folds
                self.stats.bot_mistakes += 1
                la = r.legal_actions()
                cmd = CheckCall(actor) if la is not None and la.can_check else Fold(actor)
            r.apply(cmd)
        if self.keep:
            self.stats.histories.append((plan.table, plan.hand, _history(t, plan, r)))
        return plan, r


def _history(t: Tournament, plan: HandPlan, r: Round) -> HandHistory:
    """The hand's PHH history, with the tournament, table, hand, level, seats and players."""
    start = t.conditions.start
    return replace(
        to_history(r, HOUSE),
        event=t.conditions.name,
        table=plan.table,
        hand=plan.hand,
        level=sum(not lv.is_break for lv in t.conditions.levels[: plan.level + 1]),
        seats=plan.seats,
        seat_count=t.tables[plan.table].size if plan.table in t.tables else None,
        players=plan.players,
        year=start.year,
        month=start.month,
        day=start.day,
    )


def run_flights(
    conditions: Conditions,
    bots: int,
    seed: int | None = None,
    *,
    hand_seconds: int = 60,
    policy: Policy | None = None,
    on_wave: Callable[[Tournament, RunStats], None] | None = None,
    max_waves: int = 1_000_000,
) -> tuple[Tournament, list[Tournament], RunStats]:
    """A multi-flight tournament (qld-tournament-2020 2 "Multi-Flight Tournaments", 4.13):
    the bots are spread over the starting flights; each flight plays to the same point (its
    share of survivors), its stacks are bagged, and the survivors of every flight play the
    final day with their bagged stacks after a new draw for seats and buttons (4.6;
    dunedin-house 80 "any subsequent session"). The final day carries every flight's entries
    and prize money; players knocked out in the flights take the lowest places, earlier
    eliminations (by the flight clock, then flight order) lower; players knocked out together
    in one flight share as that flight's rulebook says (4.19 or 20.21)."""
    flights = conditions.flights
    if flights is None:
        raise ValueError("these conditions have no flights")
    pol = policy or Policy()
    table = _Table(conditions, seed, pol, False)
    players = [f"P{i + 1:04d}" for i in range(bots)]
    played: list[Tournament] = []
    returning: list[str] = []  # entering a later flight after one they left (4.13)
    for k, name in enumerate(flights.names):
        t = Tournament(conditions, flight=name)
        entrants = [*players[k :: len(flights.names)], *returning]
        for p in entrants:
            t.apply(cm.Register(p, f"Bot {p[1:]}"))
            if p not in table.brains:
                table.seat_bot(p)
        target = flights.survivors or max(2, round(len(entrants) * flights.survive_fraction))

        def stop(x: Tournament, target: int = target) -> bool:
            left = len(x.alive)
            return left <= target and (not x.entries_open() or left < 2)

        t.apply(cm.Start(shoe=table.shoe.source), cm.Inputs(table.rng, table.cards))
        table.play_out(t, hand_seconds, on_wave, max_waves, stop)
        _settle_busts(t, pol, table.rng)
        t.apply(cm.EndFlight())
        played.append(t)
        returning = _to_next_flight(t, pol, table.rng) if k + 1 < len(flights.names) else []
    final = _final_day(conditions, played)
    bagged = {p: final_stack for t in played for p, final_stack in _bagged(t).items()}
    start = cm.Start(stacks=tuple(bagged.items()), shoe=table.shoe.source)
    final.apply(start, cm.Inputs(table.rng, table.cards))
    final.apply(cm.Adjust(max(t.clock.elapsed for t in played)))  # the final day resumes the levels
    table.play_out(final, hand_seconds, on_wave, max_waves)
    check_payouts(final)
    return final, played, table.stats


def _to_next_flight(t: Tournament, pol: Policy, rng: random.Random) -> list[str]:
    """Players who enter the next flight: some knocked out of this one, and some survivors
    with no more than the starting stack who forfeit their bagged chips to buy back in
    (qld-tournament-2020 4.13). A player who keeps a bag plays the final day instead: one
    bag each (reading: 4.13 offers the next flight only through the forfeit)."""
    out = []
    for p in t.order:
        e = t.entrants[p]
        if e.status == OUT and rng.random() < pol.next_flight:
            out.append(p)
        elif (
            e.status == PLAYING
            and e.stack <= t.conditions.starting_stack
            and rng.random() < pol.forfeit
        ):
            t.apply(cm.Forfeit(p, buy_back=False))
            out.append(p)
    return out


def _bagged(t: Tournament) -> dict[str, int]:
    """The stacks bagged at the end of a flight, less those forfeited after (4.13)."""
    bags: dict[str, int] = {}
    for e in t.events:
        if isinstance(e, StackBagged):
            bags[e.player] = e.stack
        elif isinstance(e, ChipsForfeited) and e.player in bags:
            del bags[e.player]
    return bags


def _final_day(conditions: Conditions, flights: list[Tournament]) -> Tournament:
    """The final day's tournament, rebuilt from the flights' entries and eliminations."""
    events: list[TEvent] = []
    timeline: list[tuple[int, int, Eliminated]] = []
    entered: set[str] = set()
    for k, t in enumerate(flights):
        elapsed = 0
        bagged = False
        for e in t.events:
            if isinstance(e, Registered) and e.player in entered:  # a second flight's entry
                events.append(
                    Bought(e.player, "carried-entry", e.fee, e.admin_fee, e.bounty, 0, e.clause)
                )
            elif isinstance(e, Registered):
                entered.add(e.player)
                events.append(e)
            elif isinstance(e, BountyWon):
                events.append(e)
            elif isinstance(e, StackBagged):
                bagged = True
            elif isinstance(e, ChipsForfeited) and bagged:
                # 4.13: the bag forfeited to buy back in: that entry ends here
                timeline.append((elapsed, k, Eliminated((e.player,), (0,), e.clause)))
            elif isinstance(e, Bought):  # the money and the entry; the chips are in the bags
                if e.kind == "buy-back":  # 4.13: the forfeited entry ends here
                    timeline.append((elapsed, k, Eliminated((e.player,), (0,), e.clause)))
                entry = e.kind in ("re-entry", "entry", "buy-back")
                events.append(replace(e, kind="carried-entry" if entry else "carried", chips=0))
            elif isinstance(e, ClockTicked):
                elapsed += e.seconds
            elif isinstance(e, Eliminated):
                timeline.append((elapsed, k, e))
    timeline.sort(key=lambda x: (x[0], x[1]))
    events += [e for _, _, e in timeline]
    return Tournament.from_events(conditions, events)


def _in_chips(cmd: Command, r: Round, unit: int) -> Command:
    """A bet or raise rounded down to whole chips of the smallest denomination in play (a bot
    names any amount; a player at a tournament table can only push chips)."""
    if not isinstance(cmd, BetRaise) or cmd.to % unit == 0:
        return cmd
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    return BetRaise(cmd.player, max(la.min_raise_to, cmd.to // unit * unit))


def _offer(t: Tournament, kind: str, p: float, rng: random.Random) -> None:
    for player in t.alive:
        e = t.entrants[player]
        if e.status == PLAYING and t.why_not_buy(player, kind) is None and rng.random() < p:
            t.apply(cm.Buy(player, kind))


def _settle_busts(t: Tournament, pol: Policy, rng: random.Random) -> None:
    for number in sorted(t.tables):
        table = t.tables.get(number)
        if table is None:
            continue
        for player in list(table.seats.values()):
            if t.entrants[player].status == BUSTED and rng.random() < pol.rebuy:
                t.apply(cm.Buy(player, "rebuy"))
        if not t.finished:
            t.apply(cm.EliminateBusted(number))


def _offer_re_entry(
    t: Tournament, pol: Policy, rng: random.Random, offered: set[tuple[str, int]]
) -> None:
    for player in t.order:
        e = t.entrants[player]
        if e.status == OUT and (player, e.entries) not in offered:
            offered.add((player, e.entries))
            if t.why_not_buy(player, "re-entry") is None and rng.random() < pol.re_entry:
                t.apply(cm.Buy(player, "re-entry"), cm.Inputs(rng))


def run_heads_up_tournament(
    conditions: Conditions, bots: int, seed: int | None = None, *, keep_histories: bool = False
) -> tuple[Tournament, HeadsUpResult, RunStats]:
    """A heads-up knockout of best-of-three rounds (qld-tournament-2020 4.45) with bots: the
    bracket is played, then recorded in the tournament's event log, which works out the places
    and prizes; the two must agree. With ``keep_histories`` every hand's PHH history is kept
    (``table`` is the match's number, ``hand`` the hand's number in it)."""
    rng = random.Random(seed)
    shoe = Shoe(conditions.game_rules.deck, seed=None if seed is None else seed + 1)
    players = [f"P{i + 1:04d}" for i in range(bots)]
    brains: dict[str, Bot] = {
        p: TightAggressive() if rng.random() < 0.5 else RandomBot() for p in players
    }
    stats = RunStats()
    start = conditions.start
    matches: list[tuple[str, str]] = []

    def choose(r: Round, who: str) -> Command:
        actor = r.actor
        assert actor is not None, "a bot chooses only on its turn"
        return brains[who].act(seat_view(r, actor), rng)

    def on_hand(r: Round, order: tuple[str, str], hand: int, level: int) -> None:
        if hand == 1:
            matches.append(order)
        stats.hands += 1
        if keep_histories:
            history = replace(
                to_history(r, HOUSE),
                event=conditions.name,
                table=len(matches),
                hand=hand,
                level=sum(not lv.is_break for lv in conditions.levels[: level + 1]),
                seats=(1, 2),
                seat_count=2,
                players=order,
                year=start.year,
                month=start.month,
                day=start.day,
            )
            stats.histories.append((len(matches), hand, history))

    t = Tournament(conditions)
    for p in players:
        t.apply(cm.Register(p, f"Bot {p[1:]}"))
    result = run_heads_up(conditions, players, rng, _cards_by_deck(shoe), choose, on_hand)
    t.apply(cm.RecordHeadsUp(result, shoe.source))
    if sorted(result.places) != sorted(
        (p, place, cash) for p, e in t.entrants.items() for place, cash, _ in e.results
    ):
        raise InvariantBroken("the event log's places differ from the bracket's")
    check_payouts(t)
    return t, result, stats


def _cards_by_deck(shoe: Shoe) -> Iterator[tuple[Card, ...]]:
    while True:
        yield shoe.shuffle().order
