"""Betting: planning a fold, check, call, bet or raise, and the limits on betting (who may
raise, the smallest and largest bet or raise, the clause that sets each). Functions of the
:class:`~croupier.round.engine.Round`; none changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.round.commands import BetRaise, CheckCall, Command, Fold
from croupier.round.events import (
    BetOrRaised,
    Called,
    Checked,
    ChipsCommitted,
    Event,
    Folded,
    OutOfTurnHeld,
    OutOfTurnResolved,
    PlayRestricted,
)
from croupier.round.streets import PREFLOP
from croupier.round.structures import Limit
from croupier.rules import MinRaiseRule
from croupier.rules.floor import OutOfTurnAction
from croupier.rules.rulings import refuse

if TYPE_CHECKING:
    from croupier.round.engine import Round


def plan_action(r: Round, cmd: Fold | CheckCall | BetRaise) -> list[Event]:
    p = cmd.player
    if not 0 <= p < r.n:
        raise refuse(r.rules.turn_clause, f"there is no player {p}")
    actor = r.queue[0] if r.betting and r.queue else None
    if actor is None:
        raise refuse(
            r.rules.turn_clause,
            f"no betting is in progress (the round awaits {r.awaiting()})",
        )
    if p != actor:
        raise refuse(r.rules.turn_clause, f"it is player {actor}'s turn to act, not player {p}'s")
    owed = r.current_bet - r.bets[p]
    stack = r.stacks[p]
    if isinstance(cmd, Fold):
        if r.limited and is_passive(r, p) and r.passive[p][3]:
            stands = held_wager(r, p) - r.bets[p]
            if stands > 0:  # qld-tournament-2020 4.41(b), (d): the out-of-turn bet stands
                return [ChipsCommitted(p, stands, r.rules.floor.held_wager_stays_clause), Folded(p)]
        return [Folded(p)]
    if isinstance(cmd, CheckCall):
        if owed == 0:
            if not check_allowed(r, p):
                raise refuse(
                    r.rules.check_clause,
                    "checking is allowed only from the second round of betting",
                )
            if r.rules.opening_bet_equals_big_blind and r.street == PREFLOP:
                return [Called(p, 0, False)]  # s4(2): no check here; s24(5): a call
            return [Checked(p)]
        amount = min(owed, stack)
        return [Called(p, amount, amount == stack)]
    to = cmd.to
    bounds, within = r.bounds(p)
    if bounds is None or within is None:
        raise refuse(*why_no_raise(r, p))
    lo, hi = bounds
    all_in_to = r.bets[p] + stack
    if to > all_in_to:
        raise refuse(r.rules.all_in_clause, f"player {p} has only {all_in_to} to bet in this round")
    if to == all_in_to and to > r.current_bet and to < lo:
        # all-in for less than a full raise; in limit, half a raise or more counts as one
        # and reopens the betting (dunedin-house 47)
        half = street_limit(r) is Limit.FIXED and 2 * (to - r.current_bet) >= (
            r.config.structure.fixed_amount(r.street)
        )
        return [BetOrRaised(p, to, True, half)]
    if to < lo:
        what = "bet" if r.current_bet == 0 else "raise"
        raise refuse(min_clause(r), f"the smallest {what} allowed is to {lo}, not {to}")
    if to > hi:
        raise refuse(max_clause(r), f"the largest bet or raise allowed is to {hi}, not {to}")
    return [BetOrRaised(p, to, to == all_in_to, True)]


def check_allowed(r: Round, p: int) -> bool:
    # qld-holdem-2005 s4(2): no checking in the first round. The second blind's turn when
    # the opening bet was only called is a call of nothing (s24(5)), so it may still pass.
    if r.street == PREFLOP and r.rules.opening_bet_equals_big_blind:
        return r.current_bet > 0 and r.opening_bet > 0
    return True


def can_raise(r: Round, p: int) -> bool:
    if r.stacks[p] <= r.current_bet - r.bets[p]:
        return False
    if not someone_can_call_more(r, p):
        return False  # every opponent is all-in or covered (qld-holdem-2005 s29(4))
    if p in r.acted and short_since_acted(r, p):
        return False
    if r.limited and floor_forbids_raise(r, p):
        return False
    cap = r.config.structure.max_raises
    if cap is not None and r.raises >= cap and r.current_bet > 0:
        heads_up = r.folded.count(False) == 2
        if not (heads_up and r.config.structure.uncapped_heads_up):
            return False
    return True


def short_since_acted(r: Round, p: int) -> bool:
    """Whether the player has acted and the bet has since risen by less than a full raise,
    so the betting is not reopened to them: dunedin-house 46 (short all-ins count together);
    in limit, any all-in under half a raise (47)."""
    level = r.acted.get(p)
    if level is None:
        return False
    if street_limit(r) is Limit.FIXED:
        return True  # half a raise or more resets who has acted
    return r.current_bet - level < max(r.raise_size, r.config.min_bet)


def someone_can_call_more(r: Round, p: int) -> bool:
    cur = r.current_bet
    folded, all_in, bets, stacks = r.folded, r.all_in, r.bets, r.stacks
    for i in range(r.n):
        if i != p and not folded[i] and not all_in[i] and bets[i] + stacks[i] > cur:
            return True
    return False


def why_no_raise(r: Round, p: int) -> tuple[str, str]:
    owed = r.owed(p)
    if r.stacks[p] <= owed:
        return r.rules.all_in_clause, f"player {p} has only enough to call"
    if not someone_can_call_more(r, p):
        return (
            r.rules.all_in_clause,
            "no opponent could call a raise: each is all-in or has no more chips",
        )
    if short_since_acted(r, p):
        return (
            r.rules.reopen_clause,
            "an all-in of less than a full raise does not reopen the betting",
        )
    if is_passive(r, p):
        return r.passive[p][0], f"player {p} may only check, call or fold"
    if r.bet_cap is not None and r.bet_cap <= r.current_bet:
        return r.cap_clause, f"betting this round is capped at {r.bet_cap}"
    return r.rules.raise_cap_clause, "the raise cap for this betting round has been reached"


def floor_forbids_raise(r: Round, p: int) -> bool:
    cap = r.bet_cap
    return is_passive(r, p) or (cap is not None and cap <= r.current_bet)


def is_passive(r: Round, p: int) -> bool:
    """Restricted to checking, calling or folding; a restriction for one decision ends
    when the player acts."""
    entry = r.passive.get(p)
    if entry is None:
        return False
    _, once, since, _ = entry
    return not (
        once
        and any(
            isinstance(e, (Folded, Checked, Called, BetOrRaised)) and e.player == p
            for e in r.events[since:]
        )
    )


def opening_bet_due(r: Round) -> bool:
    """In a Queensland first round, whether the opening bet is still to be made (s24)."""
    return r.rules.opening_bet_equals_big_blind and r.street == PREFLOP and r.opening_bet == 0


def street_limit(r: Round) -> Limit:
    return r.config.structure.limits[r.street]


def min_clause(r: Round) -> str:
    if opening_bet_due(r):
        return r.rules.first_round_clause
    return r.rules.min_raise_clause


def max_clause(r: Round) -> str:
    if r.bet_cap is not None:
        return r.cap_clause
    if opening_bet_due(r):
        return r.rules.first_round_clause
    if r.current_bet == 0 and r.config.max_bet is not None:
        return r.rules.table_max_bet_clause
    return r.rules.max_bet_clause


def raise_bounds(r: Round, p: int) -> tuple[int, int] | None:
    """Smallest and largest "to" amounts a bet or raise may have now (the smallest is the
    all-in when the stack is short of a full raise), or None if none is allowed."""
    return r.bounds(p)[1]


def full_bounds(r: Round, p: int) -> tuple[int, int] | None:
    """Smallest and largest "to" amounts of a full bet or raise, ignoring the stack."""
    return r.bounds(p)[0]


def compute_full_bounds(r: Round, p: int) -> tuple[int, int] | None:
    if not can_raise(r, p):
        return None
    cfg = r.config
    cur = r.current_bet
    owed = cur - r.bets[p]
    limit = cfg.structure.limits[r.street]
    rules = r.rules
    if (
        limit is Limit.NO_LIMIT
        and cur
        and not rules.opening_bet_equals_big_blind
        and rules.min_raise_rule is not MinRaiseRule.OPENING_BET_OR_LAST_CALL
    ):
        # the common case, no-limit facing a bet: _min_raise and _max_to inlined
        lo = cur + max(r.raise_size, cfg.min_bet, r.blind_increment)
        hi = r.bets[p] + r.stacks[p]
    elif limit is Limit.FIXED:
        # after an all-in of less than half a raise, raise to the structure; otherwise by
        # it (dunedin-house 48; qld-holdem-2005 s28(8))
        lo = hi = r.fixed_level + cfg.structure.fixed_amount(r.street)
    elif opening_bet_due(r):
        # s24(4): the opening bet, and a raise made with it, each equal the second blind.
        lo = hi = cur + cfg.min_bet
    elif cur == 0:
        lo = cfg.min_bet  # an opening bet: at least the minimum wager (qld s25(4))
        hi = max_to(r, p, owed)
        if cfg.max_bet is not None:
            hi = min(hi, cfg.max_bet)
    else:
        lo = cur + min_raise(r, p, owed)
        hi = max_to(r, p, owed)
    if hi < lo:
        if r.rules.max_caps_min_raise:
            lo = hi  # qld-holdem-2005 s28(3): the raise must then equal the maximum
        else:
            hi = lo  # the minimum raise stands (as no-limit's all-in does)
    if r.limited and r.bet_cap is not None and hi > r.bet_cap:
        hi = r.bet_cap
        lo = min(lo, hi)  # a capped round allows a bet up to the cap (s36(3)(b))
    return lo, hi


def min_raise(r: Round, p: int, owed: int) -> int:
    if r.rules.min_raise_rule is MinRaiseRule.OPENING_BET_OR_LAST_CALL:
        # qld-holdem-2005 s28(4): (a) after an opening bet, the opening bet; (b) after a
        # call, the amount of that call; (c) after a call and raise, this player's call.
        if r.last_kind == "open":
            return max(r.opening_bet, 1)
        if r.last_kind == "call":
            return max(r.last_call, 1)
        return max(owed, 1)
    return max(r.raise_size, r.config.min_bet, r.blind_increment)


def max_to(r: Round, p: int, owed: int) -> int:
    limit = r.config.structure.limits[r.street]
    cur = r.current_bet
    if limit is Limit.NO_LIMIT:
        return r.bets[p] + r.stacks[p]
    pot_after_call = r.pot_total + owed  # the call is counted first (s28(5); 4.2(g); 36)
    if limit is Limit.FULL_POT:
        return cur + pot_after_call
    if limit is Limit.HALF_POT:
        return cur + pot_after_call // 2
    # Limit.STRADDLE, qld-holdem-2005 s28(7): twice the opening bet, twice the last call,
    # or twice the last call and raise.
    if cur == 0:
        return r.bets[p] + r.stacks[p] if r.config.max_bet is None else r.config.max_bet
    if r.last_kind == "open":
        return cur + 2 * r.opening_bet
    if r.last_kind == "call":
        return cur + 2 * r.last_call
    return cur + 2 * r.last_raise_total


def held_wager(r: Round, p: int) -> int:
    """The bet ``p`` held out of turn in this betting round."""
    return next(e.to for e in reversed(r.events) if isinstance(e, OutOfTurnHeld) and e.player == p)


def resolve_out_of_turn(r: Round, p: int) -> None:
    """The turn of a player who acted out of turn has come: the rulebook decides whether
    the held action binds (then it is made now) or is withdrawn."""
    action, to, faced, since = r.pending[p]
    floor = r.rules.floor
    rule = floor.out_of_turn
    cur = r.current_bet
    extra: list[Event] = []
    if action == "fold":
        # dunedin-house 58. Reading: qld s37 and act 17.6 speak only of wagers; a fold out
        # of turn binds under them too, as a floor rules it.
        r.emit(OutOfTurnResolved(p, True, floor.out_of_turn_fold_binds_clause))
        for e in r.plan(Fold(p)):
            r.emit(e)
        return
    wager = to if action == "bet" else faced
    if rule is OutOfTurnAction.STANDS_UNLESS_MISSED_PLAYER_BET_MORE:
        binding = cur <= wager  # s37(3): each missed player folded, checked or bet no more
        clause_of = (
            floor.out_of_turn_binds_clause if binding else floor.out_of_turn_withdrawn_clause
        )
    elif rule is OutOfTurnAction.WITHDRAWN_IF_MISSED_PLAYER_WAGERED:
        missed = [
            e
            for e in r.events[since:]
            if isinstance(e, (Folded, Checked, Called, BetOrRaised)) and e.player != p
        ]
        wagered = any(
            isinstance(e, BetOrRaised) or (isinstance(e, Called) and e.amount > 0) for e in missed
        )
        if not wagered and not any(isinstance(e, Folded) for e in missed):
            binding, clause_of = True, floor.out_of_turn_becomes_check_clause
            action = "check"  # the missed players checked: so does this player
        elif not wagered:
            binding, clause_of = True, floor.out_of_turn_binds_clause
        elif cur <= wager:
            binding, clause_of = False, floor.missed_wager_call_or_fold_clause
            extra.append(PlayRestricted(p, True, clause_of))
        else:
            binding, clause_of = False, floor.out_of_turn_withdrawn_clause
            if wager > r.bets[p]:  # the wager stays in the pot if the player folds
                extra.append(ChipsCommitted(p, wager - r.bets[p], clause_of))
    elif rule is OutOfTurnAction.BINDING_UNLESS_ACTION_CHANGED_THEN_CALL_OR_FOLD:
        # qld-tournament-2020 4.41: binding only when no missed player wagered; a missed
        # wager up to the held bet leaves only call or fold (b), and a fold then leaves the
        # bet in the pot (d, on Fold); a larger one frees the player to act (c).
        binding = cur <= faced
        if binding:
            clause_of = floor.out_of_turn_binds_clause
        elif cur <= wager:
            clause_of = floor.missed_wager_call_or_fold_clause
            extra.append(PlayRestricted(p, True, clause_of, wager_stands=True))
        else:
            clause_of = floor.out_of_turn_withdrawn_clause
    else:
        binding = cur <= faced  # dunedin-house 57: a check, call or fold changes nothing
        clause_of = (
            floor.out_of_turn_binds_clause if binding else floor.out_of_turn_withdrawn_clause
        )
    r.emit(OutOfTurnResolved(p, binding, clause_of))
    for e in extra:
        r.emit(e)
    if not binding:
        return
    then: Command = CheckCall(p)
    if action == "bet" and to > r.current_bet:
        bounds = raise_bounds(r, p)
        if bounds is not None and to >= bounds[0]:
            # qld-holdem-2005 s37(6) (qld-tournament-2020 4.41(e)): above the maximum,
            # the difference goes back.
            # Reading: a held bet below the smallest raise allowed now stands as a call.
            then = BetRaise(p, min(to, bounds[1]))
    for e in r.plan(then):
        r.emit(e)
