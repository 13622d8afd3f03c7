"""Chips pushed forward in turn, and the action they mean under the table's rulebook.

dunedin-house lets a verbal declaration bind (30; its official terms, 3; "I bet the pot", 41;
an ambiguous amount is the lesser, 42) and reads silent chips by the oversize-chip
(49-51), multiple-chip (52-53) and 50 % (37) rules, with undercalls committed (32) and string
bets refused (31). act-omaha-2017 deems a bet between a call and a raise a call (17.7) and lets
an undercaller fold with the chips back or make up the call (17.8). qld-holdem-2005 allows no
oral wager (s22(2)); croupier reads its wrong amounts as act-omaha-2017 does, citing s3(1) (a
call makes the bets equal) and s28(4) (the smallest raise). At qld tournament tables,
qld-tournament-2020 4.33 makes a single oversized chip a call unless the player says "raise",
and 4.34 names the two-chip case.
"""

from __future__ import annotations

from croupier.floor.decision import Decision, refuse
from croupier.floor.incidents import AmountDeclared, ChipsPushed
from croupier.round.commands import BetRaise, CheckCall, Command, Fold
from croupier.round.engine import LegalActions, Round
from croupier.round.events import ChipsCommitted, Event, PlayRestricted
from croupier.round.structures import Limit
from croupier.rules import FloorRules, Ruling

# dunedin-house 3's official terms ("knock": a check); "bet" is read as "raise" is
DECLARATIONS = (None, "call", "raise", "fold", "check", "knock", "bet", "all-in", "pot")


def read_chips(r: Round, push: ChipsPushed) -> Decision:
    """The action a push of chips amounts to (raises IllegalAction if it does not fit)."""
    la = r.legal_actions()
    p = push.player
    if la is None:
        raise refuse(
            r.rules.turn_clause, f"no betting is in progress (the round awaits {r.awaiting()})"
        )
    if la.player != p:
        raise refuse(
            r.rules.turn_clause,
            f"it is player {la.player}'s turn, not player {p}'s: report action out of turn",
        )
    if push.declared not in DECLARATIONS:
        raise refuse(r.rules.turn_clause, f"unknown declaration {push.declared!r}")
    if not push.chips and push.declared is None:
        raise refuse(r.rules.turn_clause, "no chips were pushed and nothing was declared")
    if any(c <= 0 for c in (*push.chips, *push.later)):
        raise refuse(r.rules.turn_clause, "every chip has a positive value")
    if sum(push.chips) + sum(push.later) > r.stacks[p]:
        raise refuse(r.rules.all_in_clause, f"player {p} has only {r.stacks[p]} in chips")
    if r.rules.floor.verbal_declarations_bind:
        return _dunedin(r, push, la)
    return _call_or_raise(r, push, la)


def _floor(r: Round) -> FloorRules:
    """The floor rules in force at ``r``'s table."""
    return r.rules.floor


def _decide(clause: str, message: str, then: Command | None, *events: Event) -> Decision:
    return Decision(Ruling(clause, message), tuple(events), then)


def _dunedin(r: Round, push: ChipsPushed, la: LegalActions) -> Decision:
    p = push.player
    chips = push.chips
    to = r.bets[p] + sum(chips)  # 31: chips in a later motion are returned (a string bet)
    owed = la.call_amount
    if push.declared == "fold":
        return _decide(_floor(r).verbal_action_clause, "a verbal fold in turn binds", Fold(p))
    if push.declared == "call":
        return _decide(_floor(r).declared_call_clause, "declared call: a call", CheckCall(p))
    if push.declared in ("check", "knock", "all-in", "pot"):
        return _declared_term(r, p, push.declared, la)
    if push.declared in ("raise", "bet"):
        want = push.declared_to if push.declared_to is not None else to
        if la.min_raise_to is None:
            return _decide(_floor(r).verbal_action_clause, "declared raise", BetRaise(p, want))
        if want < la.min_raise_to:
            # 35, 41: a declared raise binds the player to a valid (the smallest full) raise
            return _decide(
                _floor(r).declared_raise_made_valid_clause,
                f"declared raise to {want}: made the smallest raise, to {la.min_raise_to}",
                BetRaise(p, la.min_raise_to),
            )
        # 50: a raise with one oversize chip needs the declaration first, as here
        f = _floor(r)
        clause = f.oversize_chip_raise_clause if len(chips) == 1 else f.declared_raise_clause
        return _decide(clause, f"declared raise to {want}", _capped(p, want, la))
    later = f" (chips added in a second motion returned: string bet, {_floor(r).string_bet_clause})"
    note = later if push.later else ""
    if to >= la.all_in_to:
        all_in = _capped(p, la.all_in_to, la) if la.min_raise_to is not None else CheckCall(p)
        return _decide(
            _floor(r).every_chip_pushed_clause, "every chip pushed: all-in" + note, all_in
        )
    if owed == 0:
        if len(chips) == 1 and la.min_raise_to is not None:
            # 51: an oversize chip not facing a bet is a bet of the chip's full value
            return _decide(
                _floor(r).oversize_chip_bet_clause,
                f"a single chip: a bet of {to}" + note,
                _capped(p, to, la),
            )
        return _bet(r, p, to, la, _floor(r).silent_bet_clause, note)
    if sum(chips) < owed:
        # 32: the undercall is committed to the pot; the player still calls or folds
        return _decide(
            _floor(r).undercall_committed_clause,
            f"undercall: {sum(chips)} committed to the pot; {owed - sum(chips)} more to call"
            + note,
            None,
            ChipsCommitted(p, sum(chips), _floor(r).undercall_committed_clause),
        )
    if len(chips) == 1:
        return _decide(
            _floor(r).oversize_chip_call_clause,
            "a single oversize chip: a call" + note,
            CheckCall(p),
        )
    if all(sum(chips) - c < owed for c in chips):
        return _decide(
            _floor(r).multiple_chips_call_clause,
            "no chip could be removed: a call" + note,
            CheckCall(p),
        )
    return _bet(r, p, to, la, _floor(r).multiple_chips_bet_clause, note)


def _declared_term(r: Round, p: int, term: str | None, la: LegalActions) -> Decision:
    """dunedin-house 3: "check" (a knock), "all-in" and "pot" bind as declared; 41: "I bet the
    pot" outside pot-limit binds a valid bet, the smallest (a raise when facing a bet)."""
    if term in ("check", "knock"):
        if la.call_amount:
            raise refuse(
                _floor(r).official_terms_clause,
                f"player {p} faces a bet: there is nothing to check",
            )
        return _decide(_floor(r).official_terms_clause, f"declared {term}: a check", CheckCall(p))
    if term == "all-in":
        if la.min_raise_to is None:
            return _decide(_floor(r).official_terms_clause, "declared all-in: a call", CheckCall(p))
        return _decide(_floor(r).official_terms_clause, "declared all-in", declared_all_in(p, la))
    if la.min_raise_to is None:
        raise refuse(_floor(r).bet_the_pot_clause, f"player {p} may not bet or raise now")
    limit = r.config.structure.limits[r.street]
    if limit in (Limit.FULL_POT, Limit.HALF_POT):
        assert la.max_raise_to is not None
        return _decide(
            _floor(r).declared_pot_clause,
            f"declared pot: to {la.max_raise_to}",
            BetRaise(p, la.max_raise_to),
        )
    return _decide(
        _floor(r).bet_the_pot_clause,
        f'"I bet the pot" is no {limit.value} bet: bound to the smallest, to {la.min_raise_to}',
        BetRaise(p, la.min_raise_to),
    )


def read_declared(r: Round, a: AmountDeclared) -> Decision:
    """dunedin-house 42: a declared size with more than one reasonable meaning is the lesser."""
    la = r.legal_actions()
    p = a.player
    if not r.rules.floor.verbal_declarations_bind:
        raise refuse(
            r.rules.floor.no_oral_wager_clause,
            "a wager is made with chips, not by word: push the chips",
        )
    if la is None or la.player != p:
        raise refuse(r.rules.turn_clause, f"it is not player {p}'s turn")
    if not a.meanings or any(m <= 0 for m in a.meanings):
        raise refuse(
            _floor(r).ambiguous_amount_clause, "name the amounts the declaration could mean"
        )
    to = min(*a.meanings, la.all_in_to)
    if to <= r.current_bet or la.min_raise_to is None:
        return _decide(
            _floor(r).ambiguous_amount_clause, f"the lesser meaning, {to}: a call", CheckCall(p)
        )
    if to < la.min_raise_to:
        return _decide(
            _floor(r).ambiguous_amount_raise_clause,
            f"the lesser meaning, {to}: made the smallest raise, to {la.min_raise_to}",
            BetRaise(p, la.min_raise_to),
        )
    return _decide(
        _floor(r).ambiguous_amount_clause, f"the lesser meaning: to {to}", _capped(p, to, la)
    )


def _bet(r: Round, p: int, to: int, la: LegalActions, clause: str, note: str) -> Decision:
    """dunedin-house 37: a raise of half the minimum or more is made a full raise; less is a
    call (and, not facing a bet, less than half the minimum bet is a check)."""
    lo = la.min_raise_to
    if lo is None or to <= r.current_bet:
        return _decide(clause, "no raise is possible: a call or check" + note, CheckCall(p))
    if to >= lo:
        return _decide(clause, f"a bet or raise to {to}" + note, _capped(p, to, la))
    if 2 * (to - r.current_bet) >= lo - r.current_bet:
        return _decide(
            clause, f"half a raise or more: a full raise to {lo}" + note, BetRaise(p, lo)
        )
    return _decide(clause, "less than half a raise: a call, the rest returned" + note, CheckCall(p))


def declared_all_in(p: int, la: LegalActions | None) -> Command:
    """What "all-in" binds player ``p`` to (dunedin-house 3): a call when no bet or raise is
    open to them (or out of turn: the round refuses it), otherwise every chip, as much as the
    table's limit takes."""
    if la is None or la.player != p or la.min_raise_to is None:
        return CheckCall(p)
    return _capped(p, la.all_in_to, la)


def _capped(p: int, to: int, la: LegalActions) -> Command:
    if la.max_raise_to is not None and to > la.max_raise_to:
        return BetRaise(p, la.max_raise_to)  # the excess over the table limit goes back
    return BetRaise(p, to)


def _call_or_raise(r: Round, push: ChipsPushed, la: LegalActions) -> Decision:
    """act-omaha-2017 17.7-17.8 (and qld-holdem-2005 read the same way): chips, not words."""
    f = r.rules.floor
    short_clause = f.undercall_clause
    p = push.player
    if push.declared in ("check", "knock") and not push.chips and la.call_amount == 0:
        # a check is no wager: declining to bet without folding (qld s4(1); act 11.1)
        return _decide(f.declared_check_clause, f"declared {push.declared}: a check", CheckCall(p))
    if push.declared is not None and not push.chips:
        raise refuse(
            f.no_oral_wager_clause, "a wager is made with chips, not by word: push the chips"
        )
    to = r.bets[p] + sum(push.chips) + sum(push.later)
    owed = la.call_amount
    if to >= la.all_in_to:
        all_in = _capped(p, la.all_in_to, la) if la.min_raise_to is not None else CheckCall(p)
        return _decide(r.rules.all_in_clause, "every chip pushed: all-in", all_in)
    if to < r.current_bet:
        # the player folds (the chips come back) or makes up the call; no raise
        return _decide(
            short_clause,
            f"less than the call: fold with the chips returned, or call {owed}",
            None,
            PlayRestricted(p, True, short_clause),
        )
    lo = la.min_raise_to
    if f.oversized_chip_calls_unless_raise_declared and owed > 0 and lo is not None:
        chips = (*push.chips, *push.later)
        if len(chips) == 1 and push.declared != "raise" and to > r.current_bet:
            # 4.33: an oversized chip without "raise" is a call, even if it would make a raise
            return _decide(
                f.oversized_chip_called_clause,
                "an oversized chip, raise not called: a call",
                CheckCall(p),
            )
        if (
            to < lo
            and push.declared is None
            and len(chips) == 2
            and chips[0] == chips[1]
            and chips[0] < r.current_bet
        ):
            return _decide(
                f.two_chips_called_clause,
                "two chips of one denomination, more than a call, less than a raise: a call",
                CheckCall(p),
            )
    if lo is None or to < lo:
        return _decide(
            f.call_short_of_raise_clause,
            "more than a call, less than a raise: a call",
            CheckCall(p),
        )
    return _decide(r.rules.min_raise_clause, f"a bet or raise to {to}", _capped(p, to, la))
