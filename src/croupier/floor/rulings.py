"""The floor's rulings: what the table's rulebook requires when the dealer or floor reports an
irregularity. :func:`rule` is pure (a :class:`Decision`, or IllegalAction when the report does
not fit the round); :func:`apply_incident` applies the decision and records both the report and
the ruling as events.

The cash-game rulebooks differ (qld-holdem-2005 s32-s37, act-omaha-2017 17.x, dunedin-house
30-75): each ruling asks the table's rulebook (``Rulebook.floor``, a
:class:`croupier.rules.floor.FloorRules`) what it requires.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.cards import Card, CardError
from croupier.floor import conduct
from croupier.floor.chips import read_chips, read_declared
from croupier.floor.common import actions as _actions
from croupier.floor.common import decide as _decide
from croupier.floor.common import kill as _kill
from croupier.floor.common import player as _player
from croupier.floor.decision import Decision, refuse
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
from croupier.round.commands import BetRaise, CheckCall, Fold
from croupier.round.engine import Round
from croupier.round.events import (
    Announcement,
    BettingCapped,
    BettingRoundEnded,
    BurnsDue,
    CardExposed,
    CardsShownToTable,
    Event,
    HoleCardReplaced,
    OutOfTurnHeld,
    PlayRestricted,
    RoundEnded,
    RoundVoided,
    RulingMade,
    StubReconstituted,
)
from croupier.round.streets import BOARD_SIZES, PREFLOP, RIVER, SHOWDOWN, STREET_NAMES
from croupier.rules import IllegalAction, Rulebook, Ruling
from croupier.rules.floor import DealErrorRule, ExposedHand


def rule(r: Round, incident: Incident) -> Decision:
    """The ruling on a report, without changing the round."""
    handler = _HANDLERS.get(type(incident))
    if handler is None:
        raise refuse("croupier floor", f"unknown report {incident!r}")
    if r.is_over and not isinstance(incident, (CardsShownToPlayer, PotDisputed)):
        raise refuse("croupier floor", "the round has ended; only a dispute or a show remains")
    if r.config.automatic and isinstance(incident, _DEALING):
        raise refuse("croupier dealing", "croupier deals this round itself: no dealing error")
    decision: Decision = handler(r, incident)
    if decision.then is not None and not decision.events:
        refused = r.why_illegal(decision.then)  # e.g. a declared raise where none is allowed
        if refused is not None:
            raise IllegalAction(refused)
    return decision


def apply_incident(r: Round, incident: Incident) -> list[Event]:
    """Rule on a report and apply the ruling: the events recorded (report and ruling first)."""
    d = rule(r, incident)
    made = RulingMade(repr(incident), d.ruling.clause, d.ruling.message)
    return r.apply_ruling((made, *d.events), d.then)


def dispute_clause(rules: Rulebook) -> str:
    """The clause under which a round's result may be disputed until the next round begins
    (dunedin-house 67; act-omaha-2017 17.14; a house default under qld-holdem-2005)."""
    return rules.floor.dispute_clause


def _void(clause: str, message: str, r: Round) -> Decision:
    """A misdeal: every chip goes back and the round ends (a new shuffle and cut follow)."""
    return _decide(clause, message, RoundVoided(clause), RoundEnded(tuple(r.config.stacks)))


def _new_cards(r: Round, cards: tuple[Card, ...], clause: str) -> None:
    try:
        r.config.game.deck.check(cards)
    except CardError as e:
        raise refuse(clause, str(e)) from e
    seen = [c for c in cards if c in r.cards_out]
    if seen:
        raise refuse(clause, f"{' '.join(map(str, seen))} is already out")


# ---------------------------------------------------------------------------------------------
# Misdeals and reconstructing the deal


def _deal(r: Round, d: DealIrregularity) -> Decision:
    procedure = r.rules.floor.deal_errors
    if d.player is not None:
        _player(r, d.player, r.rules.deck_clause, live=False)
    if d.error in (DealError.HOLE_EXPOSED, DealError.BOXED_CARD) and not d.cards:
        raise refuse(r.rules.deck_clause, f"{d.error.value}: name the card(s)")
    if procedure is DealErrorRule.MISDEAL_BEFORE_FIRST_ACTION:
        return _deal_qld(r, d)
    if procedure is DealErrorRule.MISDEAL_UNTIL_FIRST_ROUND_ENDS:
        return _deal_act(r, d)
    return _deal_dunedin(r, d)


def _deal_qld(r: Round, d: DealIrregularity) -> Decision:
    f = r.rules.floor
    if r.street != PREFLOP or _actions(r):
        raise refuse(
            f.misdeal_too_late_clause,
            "a misdeal is declared only before the first round of betting starts; the round "
            "continues (a wrong number of hole cards: report it, s33)",
        )
    kind = d.error
    if kind in (
        DealError.OUT_OF_TURN,
        DealError.PLAYER_MISSED,
        DealError.WRONG_COUNT,
        DealError.VACANT_SEAT,
    ):
        if not d.looked and d.reconstructable:
            discards = [CardExposed(c, "discard", f.vacant_seat_discard_clause) for c in d.cards]
            _new_cards(r, d.cards, f.vacant_seat_discard_clause)
            clause = (
                f.deal_reconstructed_discards_clause if discards else f.deal_reconstructed_clause
            )
            return _decide(
                clause,
                f"{kind.value}: no misdeal; the dealer reconstructs the deal"
                + (" and the vacant seat's cards go to the discards" if discards else ""),
                *discards,
            )
        return _void(f.dealing_misdeal_clause, f"misdeal: {kind.value}", r)
    clause = {
        DealError.CUT_EXPOSED: f.cut_exposed_misdeal_clause,
        DealError.NOT_CUT: f.not_cut_misdeal_clause,
        DealError.HOLE_EXPOSED: f.hole_exposed_misdeal_clause,
        DealError.BOXED_CARD: f.boxed_card_misdeal_clause,
    }[kind]
    return _void(clause, f"misdeal: {kind.value}", r)


def _deal_act(r: Round, d: DealIrregularity) -> Decision:
    f = r.rules.floor
    if any(isinstance(e, BettingRoundEnded) for e in r.events):
        return _decide(
            f.misdeal_too_late_clause,
            f"{d.error.value}, found after the first betting round: no misdeal; the hand is "
            "played to its conclusion and no money is returned",
        )
    kind = d.error
    if kind is DealError.CUT_EXPOSED:
        return _void(f.cut_exposed_misdeal_clause, f"misdeal: {kind.value}", r)
    if kind is DealError.NOT_CUT:
        return _void(f.not_cut_misdeal_clause, f"misdeal: {kind.value}", r)
    if kind is DealError.HOLE_EXPOSED:
        if len(d.cards) == 1 and r.config.burn:
            return _replace_exposed(r, d, f.hole_card_replaced_clause)
        clause = (
            f.hole_exposed_misdeal_clause if len(d.cards) > 1 else f.one_hole_exposed_misdeal_clause
        )
        return _void(clause, f"misdeal: {kind.value}", r)
    if kind is DealError.BOXED_CARD:
        # Reading: act-omaha-2017 is silent on a card found face up in the deck; the floor
        # (19.4) sets it aside as a meaningless card and the deal goes on.
        return _set_aside(r, d, f.boxed_card_clause)
    if kind is DealError.WRONG_COUNT and len(d.cards) > r.config.game.hole_cards:
        return _void(f.too_many_cards_misdeal_clause, f"misdeal: {kind.value}", r)
    dealt_out_of_turn = kind is DealError.OUT_OF_TURN
    if not d.looked and d.reconstructable:
        clause = f.dealt_out_of_turn_clause if dealt_out_of_turn else f.player_missed_clause
        discards = [CardExposed(c, "discard", clause) for c in d.cards]
        _new_cards(r, d.cards, clause)
        return _decide(
            clause, f"{kind.value}: no misdeal; the dealer reconstructs the hand", *discards
        )
    clause = (
        f.dealt_out_of_turn_misdeal_clause if dealt_out_of_turn else f.player_missed_misdeal_clause
    )
    return _void(clause, f"misdeal: {kind.value}", r)


def _deal_dunedin(r: Round, d: DealIrregularity) -> Decision:
    f = r.rules.floor
    if _actions(r) >= 2:
        return _decide(
            f.misdeal_too_late_clause,
            f"{d.error.value}, found after substantial action: no misdeal; the hand proceeds",
        )
    kind = d.error
    if kind is DealError.HOLE_EXPOSED and len(d.cards) == 1:
        # Reading: 68 makes two or more exposed hole cards a misdeal; one is not. As a floor
        # does (TDA practice), the exposed card is discarded and replaced.
        return _replace_exposed(r, d, f.hole_card_replaced_clause)
    if kind is DealError.BOXED_CARD:
        # glossary "Boxed Card"; five or more found in one deal make a defective deck
        if len(d.cards) >= 5:
            _new_cards(r, d.cards, f.defective_deck_clause)
            return _void(
                f.defective_deck_misdeal_clause,
                "misdeal: five or more boxed cards, the deck is defective",
                r,
            )
        return _set_aside(r, d, f.boxed_card_clause)
    clause = f.hole_exposed_misdeal_clause if kind is DealError.HOLE_EXPOSED else f.misdeal_clause
    return _void(clause, f"misdeal: {kind.value}", r)


def _set_aside(r: Round, d: DealIrregularity, clause: str) -> Decision:
    _new_cards(r, d.cards, clause)
    return _decide(
        clause,
        "the boxed card is set aside and the deal continues",
        *(CardExposed(c, "discard", clause) for c in d.cards),
    )


def _replace_exposed(r: Round, d: DealIrregularity, clause: str) -> Decision:
    """One exposed hole card: discarded and replaced by the next card (act-omaha-2017 17.20:
    the first burn card, and no burn before the flop)."""
    card = d.cards[0]
    p = d.player
    hole = r.hole[p] if p is not None else None
    if hole is not None and card in hole:
        new = d.replacement
        if new is None:
            raise refuse(clause, f"name the card that replaces {card}")
        _new_cards(r, (new,), clause)
        return _decide(
            clause,
            f"{card} exposed: discarded and replaced by {new}",
            HoleCardReplaced(p, card, new, clause),  # type: ignore[arg-type]
        )
    _new_cards(r, (card,), clause)
    return _decide(
        clause,
        f"{card} exposed: discarded; the player receives the next card instead",
        CardExposed(card, "discard", clause),
    )


# ---------------------------------------------------------------------------------------------
# Dead hands


def _wrong_count(r: Round, w: WrongHoleCount) -> Decision:
    p = _player(r, w.player, r.rules.dead_hand_clause)
    k = r.config.game.hole_cards
    if w.held == k:
        raise refuse(r.rules.dead_hand_clause, f"{w.held} is the right number of hole cards")
    if w.held < 0:
        raise refuse(r.rules.dead_hand_clause, "a player cannot hold fewer than no cards")
    if r.street == PREFLOP and not _actions(r):
        raise refuse(
            r.rules.dead_hand_clause,
            "no one has acted yet: report the deal error (a misdeal or reconstruction)",
        )
    f = r.rules.floor
    clause = (
        f.wrong_hole_count_showdown_clause if r.street == SHOWDOWN else f.wrong_hole_count_clause
    )
    return _decide(
        clause,
        f"player {p} holds {w.held} cards, not {k}: the hand is dead and its bets stay in the pot",
        *_kill(r, p, clause),
    )


def _killed_by_dealer(r: Round, k: HandKilledByDealer) -> Decision:
    p = _player(r, k.player, r.rules.dead_hand_clause)
    f = r.rules.floor
    if f.tabled_winner_protected and r.shown[p] is not None and _best_shown(r, p):
        raise refuse(f.tabled_winner_clause, "a dealer cannot kill a tabled winning hand")
    clause = f.killed_hand_clause
    if f.killed_hand_returns_uncalled:
        return _decide(
            clause,
            f"player {p}'s hand was killed: no redress; an uncalled bet goes back",
            *_kill(r, p, clause, return_uncalled=True),
        )
    return _decide(
        clause,
        f"player {p}'s cards are in the discards: the hand takes no further part",
        *_kill(r, p, clause),
    )


def _best_shown(r: Round, p: int) -> bool:
    cards = r.shown[p]
    assert cards is not None
    mine = r.shown_value(p, cards)
    for i in r.live():
        other = r.shown[i]
        if i != p and other is not None and r.shown_value(i, other) > mine:
            return False
    return True  # Reading: "obviously the winning hand" beats or ties every hand tabled


def _in_muck(r: Round, m: CardsInMuck) -> Decision:
    p = _player(r, m.player, r.rules.dead_hand_clause)
    f = r.rules.floor
    if f.mucked_hand_retrievable and m.retrieve:
        if not m.identifiable:
            raise refuse(
                f.muck_retrieval_clause, "only a clearly identifiable hand may be retrieved"
            )
        return _decide(f.muck_retrieval_clause, f"player {p}'s hand is retrieved and ruled live")
    clause = f.mucked_hand_clause
    return _decide(clause, f"player {p}'s cards reached the muck: dead", *_kill(r, p, clause))


# ---------------------------------------------------------------------------------------------
# Burn and community cards


def _next_street(r: Round) -> int:
    if r.street >= RIVER or r.awaiting() in ("hole", "showdown", "nothing"):
        raise refuse(r.rules.deck_clause, "no community card is still to come")
    return r.street + 1


def _burn_exposed(r: Round, b: BurnCardExposed) -> Decision:
    street = _next_street(r)
    if not r.config.burn:
        raise refuse(r.rules.burn_clause, "this table does not burn cards")
    _new_cards(r, (b.card,), r.rules.deck_clause)
    f = r.rules.floor
    if f.exposed_burn_card_shown_to_all:
        # qld-holdem-2005 s34(1)-(2) dealing the flop or turn, (3) the river: out of play either way
        river = street == RIVER
        clause = f.exposed_burn_river_clause if river else f.exposed_burn_clause
        use = "discard" if river else "burn"
        shown = Announcement(f"{b.card} exposed in error: open for all to view", clause)
        return _decide(
            clause, f"{b.card} is the next burn card", CardExposed(b.card, use, clause), shown
        )
    if f.exposed_card_used_in_sequence:
        clause = f.card_in_sequence_clause
        return _decide(
            clause,
            f"{b.card} is used in the normal sequence: burned",
            CardExposed(b.card, "burn", clause),
        )
    # Reading: dunedin-house is silent on an exposed burn card; the floor (76) keeps it as the
    # burn card, as qld-holdem-2005 s34 does.
    clause = f.exposed_burn_clause
    return _decide(clause, f"{b.card} stays the burn card", CardExposed(b.card, "burn", clause))


def _burn_missed(r: Round, b: BurnCardMissed) -> Decision:
    street = _next_street(r)
    if r.betting:
        raise refuse(r.rules.deck_clause, "the betting round is still in progress")
    if not r.config.burn:
        raise refuse(r.rules.burn_clause, "this table does not burn cards")
    _new_cards(r, (b.card,), r.rules.deck_clause)
    f = r.rules.floor
    if f.flop_error_redealt and street == 1:
        clause = f.flop_redealt_clause
        return _decide(
            clause,
            "flop dealt without a burn card: a new flop is dealt",
            CardExposed(b.card, "stub", clause),
        )
    # Readings: act-omaha-2017 and dunedin-house (turn, river) are silent; the card dealt in
    # the burn card's place is burned, as qld-holdem-2005 s35 rules.
    clause = f.missed_burn_flop_clause if street == 1 else f.missed_burn_clause
    return _decide(
        clause,
        f"{b.card} becomes the burn card; another card is dealt in its place",
        CardExposed(b.card, "burn", clause),
    )


def _community_exposed(r: Round, c: CommunityCardsExposed) -> Decision:
    if not c.cards:
        raise refuse(r.rules.deck_clause, "name the exposed card(s)")
    street = _next_street(r)
    _new_cards(r, c.cards, r.rules.deck_clause)
    f = r.rules.floor
    due = BOARD_SIZES[street]
    if not r.betting:
        if not f.exposed_card_used_in_sequence:
            raise refuse(
                r.rules.deck_clause,
                f"the {STREET_NAMES[street]} is due: enter it as dealt (DealBoard)",
            )
        clause = f.card_in_sequence_clause
        use = "burn" if r.config.burn else "board"
        first = CardExposed(c.cards[0], use, clause)
        rest = [CardExposed(x, "stub", clause) for x in c.cards[1:]]
        return _decide(clause, f"{c.cards[0]} is used in the normal sequence ({use})", first, *rest)
    if f.premature_card_shuffled_back:
        clause = f.premature_card_clause
        return _decide(
            clause,
            "community card(s) exposed before the betting round ended: shuffled back",
            *(CardExposed(x, "stub", clause) for x in c.cards),
        )
    if f.flop_error_redealt and street == 1:
        clause = f.flop_redealt_clause
        return _decide(
            clause,
            "flop exposed before the action was complete: a new flop is dealt",
            *(CardExposed(x, "stub", clause) for x in c.cards),
        )
    clause = f.premature_card_clause
    # s36(3): the highest bet made this round (blinds are bets), or the minimum wager.
    # Reading: dunedin-house 72's "capped" is the same cap; cards beyond the next street go
    # back into the stub ("only the correct card will remain in play").
    cap = r.current_bet if r.current_bet > 0 else r.config.min_bet
    room = max(0, due - len(r.board_due))  # cards exposed earlier this round come first
    kept = [CardExposed(x, "board", clause) for x in c.cards[:room]]
    back = [CardExposed(x, "stub", clause) for x in c.cards[room:]]
    # Reading: the card kept in play was exposed past its burn card, so the street takes no
    # further burn (croupier.round.burns)
    return _decide(
        clause,
        f"dealt as the {STREET_NAMES[street]} after this round; betting capped at {cap}",
        *kept,
        *back,
        BettingCapped(cap, clause),
        *([BurnsDue(street, 0, clause)] if kept else []),
    )


def _stub(r: Round, s: StubFouled) -> Decision:
    if not r.rules.floor.fouled_stub_rebuilt:
        raise refuse(
            f"{r.rules.id} (silent)",
            f"{r.rules.id} has no rule for a fouled stub; the floor decides outside croupier",
        )
    if s.method not in ("order", "stub", "with-muck"):
        raise refuse(r.rules.floor.stub_clause, f"unknown way to rebuild the stub {s.method!r}")
    returned: tuple[Card, ...] = ()
    if s.method == "with-muck":
        returned = tuple(
            c
            for i in range(r.n)
            if r.folded[i] and r.hole[i] is not None
            for c in r.hole[i] or ()
            if c is not None
        )
    how = {
        "order": "the stub's original order is rebuilt",
        "stub": "a new stub of the stub cards, shuffled and cut",
        "with-muck": "a new stub of the stub, muck and burn cards, shuffled and cut",
    }[s.method]
    return _decide(
        r.rules.floor.stub_clause,
        f"the deal is played out: {how}",
        StubReconstituted(s.method, returned, r.rules.floor.stub_clause),
    )


def _off_table(r: Round, c: CardOffTable) -> Decision:
    """dunedin-house 70: never a misdeal. The player's error: the card is played; the dealer's:
    it is an exposed card (one hole card: 68; a card from the stub: 71-72)."""
    clause = r.rules.floor.card_off_table_clause
    if not r.rules.floor.card_off_table_never_misdeal:
        raise refuse(f"{r.rules.id} (silent)", f"{r.rules.id} has no rule for a card off the table")
    if c.player is None:
        if not c.by_dealer:
            raise refuse(clause, "a player's card off the table: name the player")
        d = _community_exposed(r, CommunityCardsExposed((c.card,)))
        return Decision(Ruling(f"{clause}, {d.ruling.clause}", d.ruling.message), d.events)
    p = _player(r, c.player, clause)
    hole = r.hole[p]
    if hole is None:
        raise refuse(clause, f"player {p} has no hole cards yet")
    if None not in hole and c.card not in hole:
        raise refuse(clause, f"player {p} does not hold {c.card}")
    if not c.by_dealer:
        return _decide(clause, f"{c.card} left the table by player {p}'s error: it is played")
    if _actions(r) >= 2:
        return _decide(clause, f"{c.card} left the table after substantial action: it is played")
    d = _replace_exposed(
        r, DealIrregularity(DealError.HOLE_EXPOSED, (c.card,), p, replacement=c.replacement), clause
    )
    return Decision(Ruling(clause, f"treated as an exposed card: {d.ruling.message}"), d.events)


# ---------------------------------------------------------------------------------------------
# Action out of turn


def _out_of_turn(r: Round, o: OutOfTurn) -> Decision:
    a = o.action
    p = _player(r, a.player, r.rules.turn_clause)
    f = r.rules.floor
    if r.actor is None:
        raise refuse(
            r.rules.turn_clause, f"no betting is in progress (the round awaits {r.awaiting()})"
        )
    if p == r.actor:
        raise refuse(r.rules.turn_clause, f"it is player {p}'s turn: that is no action out of turn")
    if p not in r.queue:
        raise refuse(r.rules.turn_clause, f"player {p} has no turn to come in this betting round")
    if p in r.pending:
        raise refuse(r.rules.turn_clause, f"player {p} already acted out of turn")
    if o.directed_by_dealer and f.dealer_directed_action_retracted:
        return _decide(
            f.dealer_directed_clause,
            f"player {p} was directed by the dealer: the action is retracted; act in turn",
        )
    kind, to = "fold", 0
    if isinstance(a, CheckCall):
        kind, to = ("check" if r.owed(p) == 0 else "call"), r.current_bet
    elif isinstance(a, BetRaise):
        kind, to = "bet", a.to
        if a.to <= r.current_bet:
            raise refuse(r.rules.turn_clause, f"a bet or raise must be above {r.current_bet}")
        if a.to > r.bets[p] + r.stacks[p]:
            raise refuse(r.rules.all_in_clause, f"player {p} has only {r.bets[p] + r.stacks[p]}")
    elif not isinstance(a, Fold):
        raise refuse(r.rules.turn_clause, f"unknown action {a!r}")
    clause = f.out_of_turn_fold_clause if kind == "fold" else f.out_of_turn_clause
    return _decide(
        clause,
        f"player {p} acted out of turn ({kind}{f' to {to}' if kind == 'bet' else ''}): held "
        "until the turn comes; the missed players act first",
        OutOfTurnHeld(p, kind, to, clause),
    )


def _skipped(r: Round, s: SkippedPlayerSilent) -> Decision:
    p = _player(r, s.player, r.rules.turn_clause)
    if not r.rules.floor.skipped_player_loses_right_to_act:
        raise refuse(
            r.rules.floor.out_of_turn_clause, "a missed player keeps the right to act in turn"
        )
    clause = r.rules.floor.skipped_player_clause
    if r.actor != p:
        raise refuse(clause, f"player {p} is not the player skipped")
    if len(r.pending) < 2:
        raise refuse(clause, "substantial action (two or more players) has not yet followed")
    if s.kill:
        return _decide(
            clause,
            f"player {p} did not defend the right to act: the hand is killed",
            *_kill(r, p, clause),
        )
    return _decide(
        clause,
        f"player {p} did not defend the right to act: passive play only; the action binds",
        PlayRestricted(p, False, clause),
    )


# ---------------------------------------------------------------------------------------------
# Exposed and shown cards, disputes


def _exposed_in_play(r: Round, x: CardsExposedInPlay) -> Decision:
    p = _player(r, x.player, r.rules.turn_clause)
    f = r.rules.floor
    if not r.betting or p not in r.queue:
        raise refuse(r.rules.turn_clause, f"player {p} has no action pending")
    if f.exposed_hand is ExposedHand.STAYS_LIVE_DIRECTOR_MAY_PENALISE:
        # qld-tournament-2020 4.38: not folded; the penalty is the director's (4.37), outside
        # the round
        clause = f.exposed_hand_clause
        if x.deem_folded:
            raise refuse(clause, "a hand exposed during a round of play is not folded")
        return _decide(
            clause, f"player {p} exposed the hand: it stays live; the director may penalise (4.37)"
        )
    if f.exposed_hand is ExposedHand.STAYS_LIVE:
        clause = f.exposed_hand_clause
        if x.deem_folded:
            raise refuse(clause, f"{r.rules.id} does not fold a hand for exposing it")
        return _decide(clause, f"player {p} exposed the hand: a breach, but the hand stays live")
    clause = f.exposed_hand_clause
    if x.deem_folded:
        if r.owed(p) == 0:
            raise refuse(clause, f"player {p} faces no action: the hand cannot be deemed folded")
        return _decide(
            clause, f"player {p} exposed cards facing action: folded", *_kill(r, p, clause)
        )
    return _decide(
        clause,
        f"player {p} exposed cards with action pending: passive play only",
        PlayRestricted(p, False, clause),
    )


def _shown(r: Round, s: CardsShownToPlayer) -> Decision:
    p = _player(r, s.player, r.rules.showdown_clause, live=False)
    _player(r, s.to_player, r.rules.showdown_clause, live=False)
    if s.to_player == p or not s.cards:
        raise refuse(r.rules.showdown_clause, "name the cards and another player")
    hole = r.hole[p]
    if hole is None or (None not in hole and any(c not in hole for c in s.cards)):
        raise refuse(r.rules.showdown_clause, f"player {p} does not hold {s.cards}")
    f = r.rules.floor
    if r.is_over:
        clause = f.shown_cards_after_round_clause
    else:
        clause = f.shown_folded_cards_clause if r.folded[p] else f.shown_cards_clause
    return _decide(
        clause,
        f"player {p} showed player {s.to_player}: the whole table sees the same cards",
        CardsShownToTable(p, s.cards, clause),
    )


def _dispute(r: Round, d: PotDisputed) -> Decision:
    _player(r, d.player, r.rules.showdown_clause, live=False)
    clause = dispute_clause(r.rules)
    if d.new_round_started:
        raise refuse(clause, "a new round has begun: the decision on the previous round stands")
    return _decide(clause, "the dispute is heard: the floor may correct the round (reopen)")


def reopen(r: Round, commands: int, new_round_started: bool) -> Round:
    """A disputed round as it was before its last ``commands`` commands, while the right to
    dispute lasts (dunedin-house 67; act-omaha-2017 17.14): until the next round begins."""
    rule(r, PotDisputed(0, new_round_started))
    if not 1 <= commands <= r.commands_taken:
        raise refuse(
            dispute_clause(r.rules), f"only {r.commands_taken} action(s) can be taken back"
        )
    return r.before(commands)


_DEALING = (
    DealIrregularity,
    BurnCardExposed,
    BurnCardMissed,
    CommunityCardsExposed,
    StubFouled,
    CardOffTable,
)

_HANDLERS: dict[type, Callable[[Round, Any], Decision]] = {
    DealIrregularity: _deal,
    WrongHoleCount: _wrong_count,
    HandKilledByDealer: _killed_by_dealer,
    CardsInMuck: _in_muck,
    BurnCardExposed: _burn_exposed,
    BurnCardMissed: _burn_missed,
    CommunityCardsExposed: _community_exposed,
    StubFouled: _stub,
    OutOfTurn: _out_of_turn,
    SkippedPlayerSilent: _skipped,
    ChipsPushed: read_chips,
    CardsExposedInPlay: _exposed_in_play,
    CardsShownToPlayer: _shown,
    PotDisputed: _dispute,
    CardOffTable: _off_table,
    AmountDeclared: read_declared,
    ForwardMotion: conduct.forward_motion,
    MiscountedCall: conduct.miscounted_call,
    ConditionalStatement: conduct.conditional,
    HandNotTabled: conduct.not_tabled,
    RuleBreached: conduct.breached,
    ChipsLent: conduct.lent,
    OptionsAgreed: conduct.agreed,
}
