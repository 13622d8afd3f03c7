"""A UTH tournament's components: each takes the tournament and one command and returns the
command's events, or raises :class:`IllegalAction` citing the rules' clause. None changes
anything: :meth:`UthTournament.apply <croupier.uth.tournament.UthTournament.apply>` folds what
they decide, and :meth:`~croupier.uth.tournament.UthTournament.why_illegal` asks them alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.rules import IllegalAction, Ruling
from croupier.rules.uth import UthTournamentClauses
from croupier.tournament.payouts import find_payout_scheme, share_equally
from croupier.uth.tournament_commands import (
    AddOn,
    AddReserve,
    AskNext,
    AwardPlaces,
    BeginRound,
    BreakTable,
    CancelTournament,
    ClockTick,
    DrawSeats,
    EnterTournament,
    ForfeitSeat,
    OfferBreak,
    PlaceWager,
    Rebuy,
    RecordRound,
    RefundEntry,
    SeatReserve,
    SubstitutePlayer,
    UthTournamentCommand,
)
from croupier.uth.tournament_conditions import Purchase, SessionEnd
from croupier.uth.tournament_events import (
    Asked,
    Bought,
    BreakOffered,
    Cancelled,
    Eliminated,
    Entered,
    Forfeited,
    OutOfOrder,
    Placed,
    Refunded,
    Reserved,
    ReserveSeated,
    RoundBegan,
    RoundPlayed,
    SessionEnded,
    Started,
    Substituted,
    TableBroken,
    TEvent,
    Ticked,
    Wagered,
)
from croupier.uth.tournament_state import Entrant, Status
from croupier.uth.tournament_tables import UthTournamentTable, draw_layout, plan_break

if TYPE_CHECKING:
    from croupier.uth.tournament import UthTournament

CLOCK = "croupier clock"


def _refuse(clause: str, message: str) -> IllegalAction:
    return IllegalAction(Ruling(clause, message))


def _c(t: UthTournament) -> UthTournamentClauses:
    return t.conditions.rules.tournament


# -- entry (16.6, 16.8, 16.10, 16.11, 16.21, 16.23) ---------------------------------------


def enter(t: UthTournament, cmd: EnterTournament) -> list[TEvent]:
    c, tc = t.conditions, _c(t)
    if t.status is not Status.ENTRY:
        raise _refuse(tc.draw_clause, "entries close when seats are drawn")
    if cmd.player in t.players:
        raise _refuse(tc.entry_clause, f"{cmd.player} has entered already: one entry only")
    if len(t.players) >= c.max_players:
        raise _refuse(tc.conditions_clause, f"the tournament takes at most {c.max_players} players")
    return [Entered(cmd.player, c.entry_fee, c.commission)]


def refund(t: UthTournament, cmd: RefundEntry) -> list[TEvent]:
    clause, p = _c(t).refund_clause, cmd.player
    if p not in t.players or t.players[p].out:
        raise _refuse(clause, f"{p} holds no entry")
    if not t.conditions.refundable or t.status is not Status.ENTRY:
        raise _refuse(clause, "entry fees, re-buys and add-ons are not refundable")
    return [Refunded(p, t.players[p].paid, clause)]


def forfeit(t: UthTournament, cmd: ForfeitSeat) -> list[TEvent]:
    clause, p = _c(t).forfeit_clause, cmd.player
    pos = t.where(p)
    if pos is None or t.players[p].out:
        raise _refuse(clause, f"{p} has no seat to forfeit")
    if not t.running or pos[0].rounds or pos[0].status is not Status.RUNNING:
        raise _refuse(clause, "a seat is forfeited only before the session begins")
    return [Forfeited(p, clause)]


def draw_seats(t: UthTournament, cmd: DrawSeats) -> list[TEvent]:
    """Tables and seats by ballot (16.8): the first ``per_table[0]`` players drawn fill boxes
    1, 2, ... of table 1, and so on (16.9)."""
    tc = _c(t)
    if t.status is not Status.ENTRY:
        raise _refuse(tc.draw_clause, "the seats have been drawn")
    live = sorted(p for p, e in t.players.items() if not e.out)
    if sorted(cmd.ballot) != live:
        raise _refuse(tc.draw_clause, "the ballot must seat every entered player exactly once")
    if len(live) < t.conditions.min_players:
        raise _refuse(tc.conditions_clause, f"at least {t.conditions.min_players} players needed")
    capacity = t.conditions.players_per_table
    layout = draw_layout(cmd.ballot, capacity, cmd.per_table, tc.seating_clause)
    return [Started(tuple(cmd.ballot), cmd.now, tc.draw_clause, layout)]


def add_reserve(t: UthTournament, cmd: AddReserve) -> list[TEvent]:
    tc, p = _c(t), cmd.player
    if t.status in (Status.FINISHED, Status.CANCELLED):
        raise _refuse(tc.reserve_clause, f"the tournament is {t.status}")
    if p in t.players:
        raise _refuse(tc.entry_clause, f"{p} has entered already: one entry only")
    if p in t.reserves:
        raise _refuse(tc.reserve_clause, f"{p} is a reserve already")
    return [Reserved(p, tc.reserve_clause)]


def seat_reserve(t: UthTournament, cmd: SeatReserve) -> list[TEvent]:
    """Fee and commission go as for an entry (16.21). Reading: the player's first session
    commences when the first round at that table begins."""
    clause, p, seat_of = _c(t).reserve_clause, cmd.player, cmd.seat_of
    if p not in t.reserves:
        raise _refuse(clause, f"{p} is not a registered reserve")
    pos = t.where(seat_of)
    if pos is None or not t.players[seat_of].forfeited:
        raise _refuse(clause, f"{seat_of} holds no forfeited seat (16.10)")
    if not t.running or pos[0].begun:
        raise _refuse(clause, "a reserve is seated only before the session commences")
    c = t.conditions
    return [ReserveSeated(p, seat_of, c.entry_fee, c.commission, clause)]


def substitute(t: UthTournament, cmd: SubstitutePlayer) -> list[TEvent]:
    """Between rounds at that table. Readings: the money each paid stays theirs (16.24
    refunds it to them); a warning for wagering out of order (16.16) was given to the person
    and does not pass on; the player replaced takes no place."""
    clause, p, sub = _c(t).substitute_clause, cmd.player, cmd.substitute
    if not cmd.approved_by.strip():
        raise _refuse(clause, "a substitute needs the Tournament Director's approval")
    if sub in t.players:
        raise _refuse(clause, f"{sub} has entered already: one entry only (16.6)")
    pos = t.where(p)
    if pos is None or not t.running:
        raise _refuse(clause, f"{p} holds no position to hand over")
    if t.players[p].out:
        raise _refuse(clause, f"{p} is out of the tournament: nothing to hand over")
    if pos[0].status is not Status.RUNNING:
        raise _refuse(clause, f"table {pos[0].number} is in a round: wait until it ends")
    return [Substituted(p, sub, cmd.approved_by.strip(), clause)]


# -- re-buys and add-ons (16.3(a)(iii)(G)-(H)) --------------------------------------------


def rebuy(t: UthTournament, cmd: Rebuy) -> list[TEvent]:
    tc, p, terms = _c(t), cmd.player, t.conditions.rebuy
    clause = tc.rebuy_clause
    e, tbl = _between_rounds(t, p, terms, clause, "re-buys")
    if e.forfeited:
        raise _refuse(tc.forfeit_clause, f"{p} forfeited the seat")
    if e.chips >= t.conditions.required:
        raise _refuse(clause, f"{p} can still wager the table minimum: no re-buy needed")
    assert terms is not None
    if e.rebuys >= terms.per_player:
        raise _refuse(clause, f"{p} has used all {terms.per_player} re-buy(s)")
    if tbl is None:  # the box was given to another player, or the table broken (16.9)
        raise _refuse(tc.seating_clause, f"{p} holds no position to buy back into")
    return [Bought(p, "rebuy", terms.cost, terms.chips, clause)]


def add_on(t: UthTournament, cmd: AddOn) -> list[TEvent]:
    tc, p, terms = _c(t), cmd.player, t.conditions.addon
    clause = tc.addon_clause
    e, _ = _between_rounds(t, p, terms, clause, "add-ons")
    if e.out:
        raise _refuse(tc.eliminated_clause, f"{p} has been eliminated")
    assert terms is not None
    if e.addons >= terms.per_player:
        raise _refuse(clause, f"{p} has taken the add-on")
    return [Bought(p, "addon", terms.cost, terms.chips, clause)]


def _between_rounds(
    t: UthTournament, player: str, terms: Purchase | None, clause: str, what: str
) -> tuple[Entrant, UthTournamentTable | None]:
    """The player's entry and table; the purchase is on offer between rounds at that
    table, until its round ``until_round`` (counted at the player's table)."""
    if terms is None:
        raise _refuse(clause, f"the conditions offer no {what}")
    pos = t.where(player)
    tbl = pos[0] if pos else None
    if not t.running or (tbl is not None and tbl.status is not Status.RUNNING):
        raise _refuse(clause, f"{what} are made between rounds of a running session")
    if player not in t.drawn:
        raise _refuse(_c(t).entry_clause, f"{player} has no entry")
    played = tbl.rounds if tbl else t.rounds
    if terms.until_round is not None and played > terms.until_round:
        raise _refuse(clause, f"{what} ended after round {terms.until_round}")
    return t.players[player], tbl


# -- tables and breaks (16.9, 16.18) ------------------------------------------------------


def break_table(t: UthTournament, cmd: BreakTable) -> list[TEvent]:
    """Players out at the broken table lose their position."""
    clause = _c(t).seating_clause
    if not t.running:
        raise _refuse(clause, "tables are broken while the tournament is in play")
    moves = plan_break(t.tables, cmd.table, cmd.to, lambda p: t.players[p].out, clause)
    return [TableBroken(cmd.table, moves, clause)]


def offer_break(t: UthTournament, cmd: OfferBreak) -> list[TEvent]:
    """Rounds in play complete; no round begins until the break ends; a timed session's
    clock stops for it."""
    clause = _c(t).break_clause
    if not t.running:
        raise _refuse(clause, f"no break: the tournament is {t.status}")
    if cmd.now < t.now:
        raise _refuse(CLOCK, f"time runs forward: {cmd.now} after {t.now}")
    if cmd.seconds < 1:
        raise _refuse(clause, "the Tournament Director specifies the break's length")
    if t.breaks and cmd.now < t.breaks[-1][1]:
        raise _refuse(clause, f"the players are on a break until {t.breaks[-1][1]}")
    return [BreakOffered(cmd.now, cmd.seconds, clause)]


# -- rounds (16.15-16.17) -----------------------------------------------------------------


def tick(t: UthTournament, cmd: ClockTick) -> list[TEvent]:
    if cmd.now < t.now:
        raise _refuse(CLOCK, f"time runs forward: {cmd.now} after {t.now}")
    c = t.conditions
    # a timed session ends when its time is up, once the rounds in play are complete
    over = c.session is SessionEnd.SECONDS and t.played_seconds(cmd.now) >= c.session_limit
    if over and t.status is Status.RUNNING:
        return [Ticked(cmd.now), SessionEnded(_c(t).session_clause)]
    return [Ticked(cmd.now)]


def begin_round(t: UthTournament, cmd: BeginRound) -> list[TEvent]:
    """Eliminate who at the table cannot wager the table minimum (16.15), then ask for
    wagers from the starting marker clockwise (16.16); the session may end first."""
    tc, table = _c(t), cmd.table
    if not t.running:
        raise _refuse(tc.order_clause, f"no round can begin: the tournament is {t.status}")
    tbl = t.table_in_play(table)
    if tbl.status is not Status.RUNNING:
        raise _refuse(tc.order_clause, f"no round can begin: table {table} is {tbl.status}")
    idle = t.idle_except(tbl)
    c = t.conditions
    done = tbl.rounds >= c.session_limit if c.session is SessionEnd.ROUNDS else None
    session = tc.session_clause
    if t.session_over if done is None else done:
        if t.session_over and idle:
            return [SessionEnded(session)]
        raise _refuse(session, f"the session is over at table {table}; it ends with the rest")
    if (ends := t.break_ends) is not None:
        raise _refuse(tc.break_clause, f"the players are on a break until {ends}")
    req = c.required
    here = t.active_at(tbl)
    out: list[TEvent] = [
        Eliminated(p, t.players[p].chips, tc.minimum_clause)
        for p in here
        if t.players[p].chips < req
    ]
    left = [p for p in here if t.players[p].chips >= req]
    still = len(left) + len(t.active()) - len(here)
    if still <= 1 or (c.session is SessionEnd.PLAYERS and still <= c.session_limit):
        if not out and not idle:
            raise _refuse(session, "the session ends when the rounds in play are complete")
        # with a round in play elsewhere, the session ends when it is recorded
        return [*out, *([SessionEnded(session)] if idle else [])]
    if not left:
        if not out:
            raise _refuse(tc.seating_clause, f"table {table} has no player left: break it")
        return out
    # the marker moves one player clockwise each round (a house reading of 16.16)
    order = tuple(p for p in tbl.clockwise() if p in left)
    return [*out, RoundBegan(tbl.rounds + 1, order, table), Asked(order[0], table)]


def wager(t: UthTournament, cmd: PlaceWager) -> list[TEvent]:
    tc, player, ante, trips = _c(t), cmd.player, cmd.ante, cmd.trips
    pos = t.where(player)
    if (cmd.table, cmd.box) != (None, None):
        mine = None if pos is None else (pos[0].number, pos[1] + 1)
        if mine is None or cmd.table not in (None, mine[0]) or cmd.box not in (None, mine[1]):
            held = f"table {mine[0]} box {mine[1]}" if mine else "no position"
            raise _refuse(tc.seating_clause, f"{player} plays only where assigned: {held}")
    tbl = pos[0] if pos else None
    if not t.running or (tbl.status if tbl else t.status) is not Status.WAGERING:
        raise _refuse(tc.opportunity_clause, "no round is taking wagers")
    if tbl is None or player not in tbl.order:
        raise _refuse(tc.minimum_clause, f"{player} is not in this round")
    c = t.conditions
    if ante < c.minimum:
        raise _refuse(tc.minimum_clause, f"every player wagers at least the minimum {c.minimum}")
    if ante > c.maximum or trips > c.maximum or trips < 0:
        raise _refuse(tc.limits_clause, f"wagers are at most {c.maximum}")
    if 2 * ante + trips > t.players[player].chips:
        raise _refuse(tc.chips_clause, f"{player} has {t.players[player].chips} chips")
    at = tbl.order.index(player)
    if at < tbl.asked:
        raise _refuse(tc.order_clause, f"{player}'s opportunity to wager has ended (16.17)")
    if at == tbl.asked:
        return [Wagered(player, ante, trips)]
    if player in tbl.wagers:
        raise _refuse(tc.order_clause, f"{player}'s out-of-order wager stands")
    void = t.players[player].warned and c.void_repeated_out_of_order
    return [
        *([] if void else [Wagered(player, ante, trips, tc.order_clause)]),
        OutOfOrder(player, void, tc.order_clause),
    ]


def ask_next(t: UthTournament, cmd: AskNext) -> list[TEvent]:
    """The dealer asks the next player, ending this player's opportunity (16.17)."""
    tc, table = _c(t), cmd.table
    tbl = _at(t, table, Status.WAGERING, tc.opportunity_clause, "no round is taking wagers")
    p = tbl.order[tbl.asked]
    if p not in tbl.wagers:
        raise _refuse(tc.minimum_clause, f"{p} must wager at least the table minimum")
    nxt = tbl.asked + 1
    while nxt < len(tbl.order) and tbl.order[nxt] in tbl.wagers:
        nxt += 1  # an out-of-order wager stands and is not asked for again
    if nxt == len(tbl.order):
        return [Asked("", table)]
    return [Asked(tbl.order[nxt], table)]


def record_round(t: UthTournament, cmd: RecordRound) -> list[TEvent]:
    """The finished round's result for each player (16.14: no other change to chips); each
    box must be played by the player assigned to it (16.9)."""
    tc, played, table = _c(t), cmd.played, cmd.table
    chips = tc.chips_clause
    tbl = _at(t, table, Status.IN_ROUND, chips, "no round is awaiting its result")
    here = t.active_at(tbl)
    if not played.is_over or set(played.start.chips) != set(here):
        raise _refuse(chips, "that is not this round, finished")
    for n, b in played.boxes.items():
        if not 1 <= n <= len(tbl.boxes) or tbl.boxes[n - 1] != b.player:
            raise _refuse(
                tc.seating_clause, f"{b.player} played box {n}: not the position assigned"
            )
    if played.void is None:
        placed = {b.player: (b.ante, b.trips) for b in played.boxes.values()}
        if placed != tbl.wagers:
            raise _refuse(tc.order_clause, "the round's wagers are not those placed")
    after = played.table_after().chips
    nets = tuple((p, after[p] - played.start.chips[p]) for p in here)
    if any(t.players[p].chips != played.start.chips[p] for p in here):
        raise _refuse(chips, "the round started from other chip counts")
    void = played.void is not None
    events: list[TEvent] = [RoundPlayed(nets, void, table)]
    if _over_after(t, tbl, void):
        events.append(SessionEnded(tc.session_clause))
    return events


def _at(
    t: UthTournament, table: int, status: Status, clause: str, message: str
) -> UthTournamentTable:
    if not t.running:
        raise _refuse(clause, message)
    tbl = t.table_in_play(table)
    if tbl.status is not status:
        raise _refuse(clause, message)
    return tbl


def _over_after(t: UthTournament, tbl: UthTournamentTable, void: bool) -> bool:
    """Whether the session ends once this round at ``tbl`` is recorded: never while a round
    is in play at another table."""
    if not t.idle_except(tbl):
        return False
    c = t.conditions
    if c.session is SessionEnd.ROUNDS:
        playing = [x for x in t.in_play() if t.active_at(x)]
        return all(x.rounds + (x is tbl and not void) >= c.session_limit for x in playing)
    if c.session is SessionEnd.SECONDS:
        return t.played_seconds() >= c.session_limit
    # players are eliminated when their table's next round begins (16.15)
    return len(t.active()) <= c.session_limit


# -- the end (16.20-16.24) ----------------------------------------------------------------


def award_places(t: UthTournament, cmd: AwardPlaces) -> list[TEvent]:
    """Calculate and award the places (16.20) from the prize pool (16.21-16.22)."""
    tc, draw = _c(t), cmd.draw
    if t.status is not Status.FINISHED or t.placed:
        raise _refuse(tc.places_clause, "places are awarded once, when the session is over")
    c = t.conditions
    groups = t.standings()
    if not c.split_ties and any(len(g) > 1 for g in groups):
        tied = {p for g in groups if len(g) > 1 for p in g}
        if draw is None or not tied <= set(draw) or len(set(draw.values())) != len(draw):
            raise _refuse(tc.tie_clause, "level players draw distinct cards")
        groups = t.standings(draw)
    # whole units the shares leave over go to first place (house default)
    prizes = find_payout_scheme("shares").amounts(t.pool, len(t.drawn), c.prizes)
    events: list[TEvent] = []
    place = 1
    for g in groups:
        share = sum(prizes[place - 1 + k] for k in range(len(g)) if place - 1 + k < len(prizes))
        # odd units one each to the level players in seat order (house default)
        seated = sorted(g, key=t.seat_key)
        won = share_equally(share, seated)
        for p in seated:
            others = tuple(q for q in g if q != p)
            events.append(Placed(p, place, won[p], others, tc.places_clause))
        place += len(g)
    return events


def cancel(t: UthTournament, cmd: CancelTournament) -> list[TEvent]:
    """Every fee, commission, re-buy and add-on back in full (16.24)."""
    clause = _c(t).cancel_clause
    if t.status in (Status.FINISHED, Status.CANCELLED):
        raise _refuse(clause, f"the tournament is {t.status}")
    refunds = tuple((p, e.paid) for p, e in t.players.items() if e.paid)
    return [Cancelled(refunds, clause)]


#: Each command's component.
COMPONENTS: dict[type[UthTournamentCommand], Callable[[UthTournament, Any], list[TEvent]]] = {
    EnterTournament: enter,
    RefundEntry: refund,
    ForfeitSeat: forfeit,
    DrawSeats: draw_seats,
    AddReserve: add_reserve,
    SeatReserve: seat_reserve,
    SubstitutePlayer: substitute,
    Rebuy: rebuy,
    AddOn: add_on,
    BreakTable: break_table,
    OfferBreak: offer_break,
    ClockTick: tick,
    BeginRound: begin_round,
    PlaceWager: wager,
    AskNext: ask_next,
    RecordRound: record_round,
    AwardPlaces: award_places,
    CancelTournament: cancel,
}


def decide(t: UthTournament, cmd: UthTournamentCommand) -> list[TEvent]:
    """The events ``cmd`` would produce, or :class:`IllegalAction`; nothing changes."""
    component = COMPONENTS.get(type(cmd))
    if component is None:
        raise _refuse("croupier tournament", f"a UTH tournament takes no {cmd!r}")
    return component(t, cmd)


__all__ = ["COMPONENTS", "decide"]
