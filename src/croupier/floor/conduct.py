"""Rulings on what players do and say: a forward motion in limit (dunedin-house 33), a
miscounted call (40), conditional statements (43), a hand mucked before it was tabled (62),
breaches that cost the hand (act-omaha-2017 19.2; dunedin-house 4), chips lent between players
(qld-holdem-2005 s38(2); act-omaha-2017 14.4; dunedin-house 20; qld-tournament-2020 4.17) and
the players' agreed course for an irregularity the rules do not cover (act-omaha-2017 17.16)."""

from __future__ import annotations

from croupier.floor.common import decide, kill, player
from croupier.floor.decision import Decision, refuse
from croupier.floor.incidents import (
    ChipsLent,
    ConditionalStatement,
    ForwardMotion,
    HandNotTabled,
    MiscountedCall,
    OptionsAgreed,
    RuleBreached,
)
from croupier.round.commands import BetRaise, CheckCall, Command, Muck, Show
from croupier.round.engine import LegalActions, Round
from croupier.round.events import RoundEnded, RoundVoided
from croupier.round.streets import SHOWDOWN
from croupier.round.structures import Limit
from croupier.rules import IllegalAction, Ruling
from croupier.rules.floor import BreachKillsHand


def _then(clause: str, message: str, then: Command) -> Decision:
    return Decision(Ruling(clause, message), (), then)


def _in_turn(r: Round, p: int, clause: str) -> LegalActions:
    la = r.legal_actions()
    if la is None:
        raise refuse(clause, f"no betting is in progress (the round awaits {r.awaiting()})")
    if la.player != p:
        raise refuse(clause, f"it is player {la.player}'s turn, not player {p}'s")
    return la


def _no_rule(r: Round, what: str) -> IllegalAction:
    """Where a rulebook has no rule of its own, a spoken wager or statement binds nothing: qld
    allows no oral wager (s22(2)) and act-omaha-2017 makes every bet with chips (4.7)."""
    clause = r.rules.floor.no_oral_wager_clause or f"{r.rules.id} (silent)"
    return refuse(clause, f"{r.rules.id} has no rule for {what}")


def forward_motion(r: Round, m: ForwardMotion) -> Decision:
    """dunedin-house 33: in limit poker the motion binds; not facing a bet it is a bet."""
    clause = r.rules.floor.forward_motion_clause
    if not r.rules.floor.forward_motion_binds:
        raise _no_rule(r, "a forward motion with chips")
    la = _in_turn(r, m.player, clause)
    if r.config.structure.limits[r.street] is not Limit.FIXED:
        raise refuse(clause, "only in limit poker does a forward motion bind")
    if m.raise_ or la.call_amount == 0:
        if la.min_raise_to is None:
            raise refuse(clause, f"player {m.player} may not bet or raise now")
        return _then(
            clause,
            f"forward motion: player {m.player} completes the bet to {la.min_raise_to}",
            BetRaise(m.player, la.min_raise_to),
        )
    return _then(
        clause, f"forward motion: player {m.player} completes the call", CheckCall(m.player)
    )


def miscounted_call(r: Round, c: MiscountedCall) -> Decision:
    """dunedin-house 40: the caller accepts the full correct action (the call, or all in)."""
    clause = r.rules.floor.miscounted_call_clause
    if not r.rules.floor.miscounted_call_made_good:
        # qld and act let an undercaller fold with the chips back: report the chips pushed
        raise refuse(
            r.rules.floor.undercall_clause,
            "an undercall may be folded or made up: report the chips pushed",
        )
    la = _in_turn(r, c.player, clause)
    if c.chips <= 0:
        raise refuse(clause, "name the chips the caller put in")
    if c.chips >= la.call_amount:
        raise refuse(clause, f"{c.chips} covers the call of {la.call_amount}: no miscount")
    return _then(
        clause,
        f"miscounted call of {c.chips}: player {c.player} calls the correct {la.call_amount}",
        CheckCall(c.player),
    )


def conditional(r: Round, s: ConditionalStatement) -> Decision:
    """dunedin-house 43: binding at the supervisor's discretion, ruled when the turn comes."""
    clause = r.rules.floor.conditional_statement_clause
    p = s.action.player
    if not r.rules.floor.conditional_statements_may_bind:
        raise _no_rule(r, "conditional statements")
    _in_turn(r, p, clause)
    if not s.binding:
        return decide(clause, f"player {p}'s conditional statement does not bind: act freely")
    return _then(clause, f"player {p}'s conditional statement binds", s.action)


def not_tabled(r: Round, t: HandNotTabled) -> Decision:
    """dunedin-house 62: a hand not fully tabled and not clearly read has no claim to the pot."""
    clause = r.rules.floor.untabled_hand_clause
    if not r.rules.floor.untabled_hand_read_if_clear:
        raise _no_rule(r, "a hand mucked before it was tabled")
    p = player(r, t.player, clause)
    if r.street != SHOWDOWN:
        raise refuse(clause, "hands are tabled only at the showdown")
    if r.shown[p] is not None or r.mucked[p]:
        raise refuse(clause, f"player {p} has already shown or mucked")
    if t.readable:
        return _then(clause, f"player {p}'s hand was clearly read: it stands", Show(p, t.cards))
    if t.cards is not None:
        raise refuse(clause, "a hand that could not be read has no cards to name")
    return _then(clause, f"player {p}'s hand could not be read: no claim to the pot", Muck(p))


def breached(r: Round, b: RuleBreached) -> Decision:
    """act-omaha-2017 19.2(a) (any rule); dunedin-house 4 (a phone with live cards): the hand is
    folded and its wagers stay in the pot."""
    breach = r.rules.floor.breach_kills_hand
    clause = r.rules.floor.breach_clause
    if breach is BreachKillsHand.PHONE and not b.phone:
        raise refuse(clause, f"{r.rules.id} rules a hand dead for a phone, not this")
    if breach is BreachKillsHand.NEVER:
        raise refuse(
            f"{r.rules.id} (silent)", f"{r.rules.id} has no rule folding a hand for a breach"
        )
    p = player(r, b.player, clause)
    if r.street >= SHOWDOWN:
        raise refuse(clause, "the betting is over: the hand is not folded now")
    return decide(clause, f"player {p} breached the rules: the hand is folded", *kill(r, p, clause))


def lent(r: Round, c: ChipsLent) -> Decision:
    """No chips pass between players: the chips stay the giver's and the other may not play them
    (croupier's stacks never took the transfer, so the ruling changes no stack)."""
    clause = r.rules.floor.chips_lent_clause
    p = player(r, c.player, clause, live=False)
    q = player(r, c.to_player, clause, live=False)
    if p == q:
        raise refuse(clause, "name two players")
    if c.amount <= 0:
        raise refuse(clause, "name the chips passed")
    if c.amount > r.stacks[p]:
        raise refuse(clause, f"player {p} has only {r.stacks[p]} in front of them")
    return decide(
        clause,
        f"player {p} may not give, lend or bet chips for player {q}: the {c.amount} stay "
        f"player {p}'s",
    )


def agreed(r: Round, o: OptionsAgreed) -> Decision:
    """act-omaha-2017 17.16: the agreed course must break no rule; without agreement 19.4."""
    if not r.rules.floor.players_may_agree_course:
        raise refuse(f"{r.rules.id} (silent)", f"{r.rules.id} has no rule for agreed options")
    clause = r.rules.floor.agreed_course_clause
    if o.option not in ("void", "play on"):
        raise refuse(clause, f"no course {o.option!r} (void or play on)")
    if not o.all_agree:
        return decide(
            r.rules.floor.floor_decision_clause,
            "the players did not all agree: the operator's decision is final",
        )
    if o.option == "play on":
        return decide(clause, "all players agreed: play continues")
    return decide(
        clause,
        "all players agreed: the round is void and every chip goes back",
        RoundVoided(clause),
        RoundEnded(tuple(r.config.stacks)),
    )
