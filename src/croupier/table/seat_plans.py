"""Planning the seating and chips commands: sitting down, adding chips, stepping away and
coming back, leaving, changing seats, and funds locked for an investigation (dunedin-house 77)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.rules import IllegalAction
from croupier.table.button import SeatingError, Status
from croupier.table.commands import (
    AddChips,
    ChangeSeat,
    Leave,
    LockFunds,
    ReleaseFunds,
    RemoveChips,
    Return,
    SitDown,
    SitOut,
)
from croupier.table.events import (
    LEFT_BY_CHOICE,
    ChipsAdded,
    FundsLocked,
    FundsReleased,
    PlayerLeft,
    PlayerSat,
    SeatChanged,
    StatusChanged,
)
from croupier.table.planning import TABLE, Planned, refuse
from croupier.table.seats import seat_change_penalty
from croupier.table.stakes import RATHOLE_SECONDS, buy_in_refusal, top_up_refusal

if TYPE_CHECKING:
    from croupier.table.table import Table


def plan_sit(t: Table, cmd: SitDown) -> list[Planned]:
    _check_seat(t, cmd.seat)
    if t.seat_of(cmd.player) is not None:
        raise refuse(TABLE, f"{cmd.player} is already seated in seat {t.seat_of(cmd.player)}")
    holder = t.seating.get(cmd.seat)
    if holder is not None:
        raise refuse(TABLE, f"seat {cmd.seat} is taken by {holder.player}")
    _check_chips(cmd.chips)
    rathole = 0
    left = t.departed.get(cmd.player)
    if left is not None and cmd.at - left[1] < RATHOLE_SECONDS:
        rathole = left[0]
    ruling = buy_in_refusal(t.config.rulebook, t.config.stakes, cmd.chips, rathole)
    if ruling is not None:
        raise IllegalAction(ruling)
    first = t.buttons is None and t.round is None
    if t.rules.new_player_may_play_at_once or first:
        status, clause = Status.PLAYING, t.rules.sit_clause
    elif cmd.post:
        status, clause = Status.POSTING, t.rules.entry_clause
    else:
        status, clause = Status.WAITING, t.rules.entry_clause
    moved = cmd.moved is True and not first
    return [PlayerSat(cmd.player, cmd.seat, cmd.chips, status, not first, clause, cmd.at, moved)]


def plan_add(t: Table, cmd: AddChips) -> list[Planned]:
    t.seat(cmd.player)
    if t.in_round(cmd.player):
        raise refuse(
            t.rules.no_change_clause,
            f"{cmd.player} may add chips only between rounds, not during one",
        )
    if not isinstance(cmd.chips, int) or isinstance(cmd.chips, bool):
        raise refuse(TABLE, f"chips must be a whole number, not {cmd.chips!r}")
    ruling = top_up_refusal(
        t.config.rulebook,
        t.config.stakes,
        t.stacks[cmd.player],
        cmd.chips,
        cmd.player in t.declared,
    )
    if ruling is not None:
        raise IllegalAction(ruling)
    return [ChipsAdded(cmd.player, cmd.chips, t.rules.add_clause)]


def plan_remove(t: Table, cmd: RemoveChips) -> list[Planned]:
    t.seat(cmd.player)
    raise refuse(
        t.rules.reduce_clause,
        f"{cmd.player} may not take chips off the table while seated",
    )


def plan_sit_out(t: Table, cmd: SitOut) -> list[Planned]:
    seat = t.seat(cmd.player)
    if seat.status is Status.SITTING_OUT:
        raise refuse(TABLE, f"{cmd.player} is already sitting out")
    playing = t.in_round(cmd.player) and not _folded(t, cmd.player)
    if playing and t.rules.leaving_in_round_needs_approval and not cmd.approved:
        raise refuse(
            t.rules.sit_out_clause,
            f"{cmd.player} may leave during a round only with a floor manager's approval",
        )
    return [StatusChanged(cmd.player, Status.SITTING_OUT, t.rules.sit_out_clause, cmd.at)]


def plan_return(t: Table, cmd: Return) -> list[Planned]:
    seat = t.seat(cmd.player)
    if seat.status is not Status.SITTING_OUT:
        raise refuse(TABLE, f"{cmd.player} is not sitting out")
    stack = t.stacks[cmd.player]
    if stack == 0:
        raise refuse(t.rules.rebuy_clause, f"{cmd.player} has no chips: buy in before returning")
    if t.rules.rejoining_needs_min_stake:
        # qld s19(1)(b), (3): back after missing a round, the minimum table stake applies,
        # unless they left during a round with approval and rejoin in it (s19(5)-(6)).
        rejoining = cmd.player in t.stepped_away and t.in_round(cmd.player)
        missed = cmd.player not in t.last_round and not rejoining
        if missed and stack < t.config.stakes.min_table_stake:
            raise refuse(
                t.rules.buy_in_clause,
                f"{cmd.player} rejoins as a new player and needs the minimum table stake "
                f"of {t.config.stakes.min_table_stake}, not {stack}",
            )
        return [StatusChanged(cmd.player, Status.PLAYING, t.rules.return_clause, cmd.at)]
    if t.rules.returning_player_owes_missed_blinds and seat.missed:
        status = Status.POSTING if cmd.post else Status.WAITING
        return [StatusChanged(cmd.player, status, t.rules.return_clause, cmd.at)]
    return [StatusChanged(cmd.player, Status.PLAYING, t.rules.sit_clause, cmd.at)]


def plan_leave(t: Table, cmd: Leave) -> list[Planned]:
    t.seat(cmd.player)
    if t.in_round(cmd.player) and not _folded(t, cmd.player):
        raise refuse(
            t.rules.no_change_clause,
            f"{cmd.player} is in the round: fold or finish it before leaving with chips",
        )
    if t.in_round(cmd.player):
        raise refuse(
            t.rules.no_change_clause,
            f"{cmd.player}'s chips are in the round until it ends; leave after it",
        )
    return [PlayerLeft(cmd.player, t.stacks[cmd.player], LEFT_BY_CHOICE, cmd.at)]


def plan_change_seat(t: Table, cmd: ChangeSeat) -> list[Planned]:
    seat = t.seat(cmd.player)
    origin = t.seat_of(cmd.player)
    assert origin is not None
    _check_seat(t, cmd.seat)
    if t.seating.get(cmd.seat) is not None:
        raise refuse(TABLE, f"seat {cmd.seat} is taken")
    if t.in_round(cmd.player):
        raise refuse(t.rules.no_change_clause, f"{cmd.player} may change seats only between rounds")
    occupied = [
        n for n, s in t.seating.seats if s.player != cmd.player and s.status is Status.PLAYING
    ]
    big = None if t.buttons is None else t.buttons.big_blind
    # dunedin-house: the button follows the blinds onto the last small blind's seat (26).
    to_button = (
        t.buttons is not None
        and origin == t.buttons.big_blind
        and cmd.seat == t.buttons.small_blind
    )
    penalty = seat_change_penalty(
        t.config.rulebook, occupied, t.config.size, origin, cmd.seat, big, to_button
    )
    status = seat.status
    clause = penalty.clause if penalty else t.rules.sit_clause
    if penalty is not None and status is Status.PLAYING:
        status = Status.POSTING if cmd.post else Status.WAITING
    return [SeatChanged(cmd.player, origin, cmd.seat, status, clause, cmd.at)]


def plan_lock(t: Table, cmd: LockFunds) -> list[Planned]:
    lock = t.rules.funds_lock_clause
    if not lock:
        raise refuse(TABLE, f"{t.config.rulebook.id} has no rule for locking up a player's funds")
    t.seat(cmd.player)
    if not cmd.reason.strip():
        raise refuse(lock, "funds are locked for an investigation: say what it is about")
    if t.in_round(cmd.player):
        raise refuse(lock, f"{cmd.player}'s chips are in play: lock them when the round has ended")
    stack = t.stacks[cmd.player]
    chips = stack if cmd.chips is None else cmd.chips
    if not isinstance(chips, int) or isinstance(chips, bool) or not 1 <= chips <= stack:
        raise refuse(lock, f"{cmd.player} has {stack} chips; {chips!r} cannot be locked")
    return [FundsLocked(cmd.player, chips, cmd.reason, lock, cmd.at)]


def plan_release(t: Table, cmd: ReleaseFunds) -> list[Planned]:
    lock = t.rules.funds_lock_clause or f"{t.config.rulebook.id} (silent)"
    chips = t.locked.get(cmd.player, 0)
    if not chips:
        raise refuse(lock, f"no funds of {cmd.player} are locked")
    seated = t.seat_of(cmd.player) is not None
    if seated and t.in_round(cmd.player):
        raise refuse(
            t.rules.no_change_clause,
            f"{cmd.player} is in a round: the funds return to the stack after it",
        )
    return [FundsReleased(cmd.player, chips, seated, lock, cmd.at)]


def _check_seat(t: Table, number: int) -> None:
    try:
        t.seating.check_seat(number, "a player")
    except SeatingError as e:
        rulebook = t.config.rulebook
        raise refuse(rulebook.table.seats_clause or f"{rulebook.id} (house default)", str(e)) from e


def _folded(t: Table, player: str) -> bool:
    p = t.position_of(player)
    return t.round is not None and p is not None and t.round.folded[p]


def _check_chips(chips: object) -> None:
    if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
        raise refuse(TABLE, f"chips must be a positive whole number, not {chips!r}")
