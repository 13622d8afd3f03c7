"""Planning the round commands: starting a round (the stake rules, time charges, the button and
blinds, the round's configuration), acting, floor reports and reopening, the clock, voiding and
closing the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from croupier.cards import Card
from croupier.floor import reopen, rule
from croupier.floor.rulings import dispute_clause
from croupier.round import ConfigError, Fold, Round, RoundConfig
from croupier.rules import IllegalAction
from croupier.table.button import Blind, Deal, Seating, SeatingError, Status, next_deal
from croupier.table.commands import (
    Act,
    CallClock,
    CloseTable,
    InstructTime,
    ReopenRound,
    Report,
    StartRound,
    Tick,
    VoidRound,
)
from croupier.table.events import (
    ChipsAdded,
    DeadlineSet,
    Declared,
    FundsLocked,
    FundsReleased,
    Notice,
    NoticeKind,
    PlayerLeft,
    PlayerSat,
    RoundFinished,
    RoundReopened,
    RoundStarted,
    SeatChanged,
    StatusChanged,
    TableClosed,
    TableRoundVoided,
    TimeCharged,
    TimedOut,
)
from croupier.table.planning import TABLE, Planned, ToRound, refuse
from croupier.table.stakes import continuing

if TYPE_CHECKING:
    from croupier.table.table import Table


def plan_start(t: Table, cmd: StartRound) -> list[Planned]:
    if t.round is not None and not t.round.is_over:
        raise refuse(TABLE, "a round is already in progress")
    events: list[Planned] = []
    seating = t.seating
    stacks = dict(t.stacks)
    # The stake rules for everyone about to be dealt in (qld s31; act 14.3; dunedin 24).
    for _, s in seating.seats:
        if s.status is Status.SITTING_OUT:
            continue
        check = continuing(
            t.config.rulebook,
            t.config.stakes,
            stacks[s.player],
            s.player in t.declared,
        )
        if check.must_leave:
            events.append(PlayerLeft(s.player, stacks[s.player], check.clause, cmd.at))
        elif not check.dealt_in:
            events.append(StatusChanged(s.player, Status.SITTING_OUT, check.clause, cmd.at))
        elif check.declared and s.player not in t.declared:
            events.append(Declared(s.player, check.clause))
    seating = without(seating, events)
    if t.config.time_charge is not None:
        events += _time_charges(t, seating, stacks, events, cmd.at)
        seating = without(seating, events)
    buttons = t.buttons
    try:
        try:
            deal = next_deal(seating, t.config.rulebook, buttons)
        except SeatingError:
            if buttons is None:
                raise
            # Too few players left to carry the button and blinds on: the game starts
            # afresh and deals in everyone seated (act-omaha-2017 17.12; a house default).
            buttons = None
            deal = next_deal(seating, t.config.rulebook, None)
    except SeatingError as e:
        raise refuse(TABLE, f"no round can start: {e}") from e
    seated = dict(seating.seats)
    players = tuple([seated[n].player for n in deal.dealt_in])
    config = _round_config(t, deal, players, stacks, cmd.deck_order)
    restart = buttons is None and t.buttons is not None
    opened = Round(config)  # the forced bets, posted as the round begins
    opening = tuple(opened.events)
    # the fold of ``opening`` is this round: the table takes it as the round starts instead of
    # folding the same events again (a memo of this plan, not state; see Table._f_started)
    t.remember_opening(opening, opened)
    events.append(
        RoundStarted(
            t.hands + 1,
            deal,
            config,
            players,
            cmd.at,
            restart,
            cmd.commitment,
            cmd.shoe,
            opening,
        )
    )
    if t.sink is not None:
        events.insert(0, t.checkpoint())  # what came before goes to the sink
    return events


def _time_charges(
    t: Table, seating: Seating, stacks: dict[str, int], events: list[Planned], at: int
) -> list[Planned]:
    """act-omaha-2017 15.3: players whose paid time has run out pay the next period in
    advance; one who cannot pay it without emptying their stake sits out."""
    assert t.config.time_charge is not None
    chips, seconds = t.config.time_charge
    gone = {e.player for e in events if isinstance(e, PlayerLeft | StatusChanged)}
    out: list[Planned] = []
    for _, s in seating.seats:
        p = s.player
        if s.status is Status.SITTING_OUT or p in gone or t.paid_until.get(p, -1) > at:
            continue
        if stacks[p] <= chips:
            out.append(StatusChanged(p, Status.SITTING_OUT, t.rules.time_charge_clause, at))
            continue
        stacks[p] -= chips
        out.append(TimeCharged(p, chips, at + seconds, t.rules.time_charge_clause))
    return out


def _round_config(
    t: Table,
    deal: Deal,
    players: tuple[str, ...],
    stacks: dict[str, int],
    deck_order: tuple[Card, ...] | None,
) -> RoundConfig:
    st = t.config.stakes
    n = len(players)
    amount = {Blind.SMALL: st.small_blind, Blind.BIG: st.big_blind}
    blinds = [0] * n
    dead = [0] * n
    for post in deal.posts:
        p = deal.dealt_in.index(post.seat)
        if post.live:
            blinds[p] += amount[post.blind]
        else:
            dead[p] += amount[post.blind]
    antes = [st.ante] * n if st.ante else []
    entries = any(p.entry and p.blind is Blind.BIG and p.live for p in deal.posts)
    big_position = deal.dealt_in.index(deal.big_blind.seat) if entries and n > 2 else None
    if n == 2 and t.config.rulebook.heads_up_button_small_blind:
        blinds.reverse()  # the round engine puts the button's small blind back (95)
        antes.reverse()
    try:
        config = RoundConfig(
            stacks=tuple(stacks[p] for p in players),
            blinds=tuple(blinds),
            min_bet=st.big_blind,
            antes=tuple(antes),
            rulebook=t.config.rulebook,
            game=t.config.game,
            structure=t.config.structure,
            max_bet=st.max_bet,
            chip_unit=t.config.chip_unit,
            burn=t.config.burn,
            croupier_deals=deck_order is not None,  # the deck stays with the dealer side
            record_burns=deck_order is None,  # a live dealer enters or confirms burns
            commission=t.config.commission,
            fee=t.config.fee,
            dead=tuple(dead) if any(dead) else (),
            big_blind_position=big_position,
            ask_showdown=t.config.ask_showdown,
            expose_all_in=t.config.rulebook.all_in_showdown_clause if t.config.ask_showdown else "",
        )
        if deck_order is not None:
            config.check_deck(deck_order)
        return config
    except ConfigError as e:
        raise refuse(TABLE, f"no round can start: {e}") from e


def plan_act(t: Table, cmd: Act) -> list[Planned]:
    r = t.round
    if r is None or r.is_over:
        raise refuse(TABLE, "no round is in progress")
    ruling = r.why_illegal(cmd.command)
    if ruling is not None:
        raise IllegalAction(ruling)
    return [ToRound(cmd.command, None, cmd.at)]


def plan_report(t: Table, cmd: Report) -> list[Planned]:
    r = t.round
    if r is None or r.is_over:
        raise refuse("croupier floor", "no round is in progress to rule on")
    rule(r, cmd.incident)  # refuses, naming the clause, what does not fit the round
    return [ToRound(None, cmd.incident, cmd.at)]


def plan_reopen(t: Table, cmd: ReopenRound) -> list[Planned]:
    if t.round is not None:
        raise refuse(TABLE, "a round is in progress: take back its actions with the floor")
    last = _last_finished(t)
    if last is None:
        raise refuse(dispute_clause(t.config.rulebook), "no finished round to reopen")
    changed = _changed_since(t, last)
    if changed is not None:
        # Reopening restores the table as the round left it; what happened since would be
        # lost or counted twice (chips taken away, then seated again).
        raise refuse(
            dispute_clause(t.config.rulebook),
            f"the table has changed since the round ended ({changed}): its result stands",
        )
    assert t.disputable is not None
    # the right to dispute ends when a new round begins (dunedin 67; act 17.14)
    reopen(t.disputable.round, cmd.commands, new_round_started=False)
    return [RoundReopened(cmd.commands, dispute_clause(t.config.rulebook))]


def _changed_since(t: Table, index: int) -> str | None:
    """What changed seats or chips after event ``index``, if anything did."""
    for e in t.events[index + 1 :]:
        what = _SEATS_OR_CHIPS.get(type(e))
        if what is not None:
            return f"{getattr(e, 'player', 'the table')} {what}"
    return None


def _last_finished(t: Table) -> int | None:
    """The index of the last round's RoundFinished, if no round has started since."""
    for i in range(len(t.events) - 1, -1, -1):
        e = t.events[i]
        if isinstance(e, RoundFinished):
            return i
        if isinstance(e, RoundStarted | TableRoundVoided):
            return None
    return None


def plan_tick(t: Table, cmd: Tick) -> list[Planned]:
    events: list[Planned] = []
    if t.deadline is not None and t.round is not None and not t.round.is_over:
        p, at, clause = t.deadline
        if cmd.at >= at and t.round.actor == p:
            player = t.players[p]
            events += [TimedOut(player, clause, cmd.at), ToRound(Fold(p), None, cmd.at)]
    away = t.rules.away_seconds
    if away is not None:
        for player, since in t.away_since.items():
            if cmd.at - since > away and player not in t.away_noticed:
                events.append(
                    Notice(
                        player,
                        t.rules.away_clause,
                        f"{player} has been away more than {away // 60} minutes and may "
                        "lose the seat",
                        NoticeKind.AWAY,
                    )
                )
    return events


def plan_instruct(t: Table, cmd: InstructTime) -> list[Planned]:
    p = _actor(t, t.rules.instruction_clause or f"{t.config.rulebook.id} (silent)")
    seconds = t.rules.instruction_seconds
    if seconds is None:
        book = t.config.rulebook.id
        raise refuse(book, f"{book} has no forty-second instruction")
    return [DeadlineSet(t.players[p], cmd.at + seconds, t.rules.instruction_clause)]


def plan_clock(t: Table, cmd: CallClock) -> list[Planned]:
    clause = t.rules.clock_clause or f"{t.config.rulebook.id} (silent)"
    p = _actor(t, clause)
    countdown = t.rules.clock_countdown_seconds
    if countdown is None:
        book = t.config.rulebook.id
        raise refuse(book, f"{book} has no clock to call on a player")
    if cmd.seconds < 1:
        raise refuse(clause, "the clock gives at least one second")
    deadline = cmd.at + cmd.seconds + countdown
    return [DeadlineSet(t.players[p], deadline, clause)]


def plan_void(t: Table, cmd: VoidRound) -> list[Planned]:
    if cmd.clause not in t.rules.voiding_clauses:
        book = t.config.rulebook.id
        raise refuse(
            book,
            f"{book} voids a round only as its misdeal rules say; "
            f"{cmd.clause!r} is not a voiding clause of this table's rulebook",
        )
    if t.round is None or t.round.is_over:
        raise refuse(TABLE, "no round is in progress to void")
    return [TableRoundVoided(t.hands + 1, cmd.clause, cmd.reason)]


def plan_close(t: Table, cmd: CloseTable) -> list[Planned]:
    return [TableClosed(t.rules.close_clause, cmd.at)]


def _actor(t: Table, clause: str) -> int:
    r = t.round
    if r is None or r.is_over or r.actor is None:
        raise refuse(clause, "no player is to act")
    return r.actor


def without(seating: Seating, events: Sequence[object]) -> Seating:
    """``seating`` with the players these events removed (left) or sat out."""
    left = {e.player for e in events if isinstance(e, PlayerLeft)}
    out = {e.player for e in events if isinstance(e, StatusChanged)}
    if not (left or out):
        return seating
    return Seating(
        tuple(
            (n, replace(s, status=Status.SITTING_OUT) if s.player in out else s)
            for n, s in seating.seats
            if s.player not in left
        ),
        seating.size,
    )


# Events after a finished round that change who sits where or with what (ReopenRound).
_SEATS_OR_CHIPS: dict[type, str] = {
    PlayerSat: "sat down",
    ChipsAdded: "added chips",
    StatusChanged: "stepped away or came back",
    PlayerLeft: "left",
    SeatChanged: "changed seats",
    FundsLocked: "had funds locked",
    FundsReleased: "had funds released",
    TableClosed: "closed",
}
