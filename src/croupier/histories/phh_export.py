"""Export a round to a PHH hand history: its actions are a projection of the round's events.

Standard PHH variant codes are used where one fits (``NT``, ``NS``, ``FT``, ``PO``, ``FO/8``);
any other game is written with a ``croupier:`` variant code. croupier's own facts that PHH has
no field for (rulebook, betting structure, commission, recipient) go in ``_croupier_*`` fields,
which the PHH specification reserves for user-defined data.

Every export has a recipient: the house's (:data:`HOUSE`) holds every card dealt; a player's
holds that player's own hole cards and, of the others', only the cards shown or exposed to the
table (a hand folded or mucked unseen is written ``??``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Final

from croupier.cards import Card
from croupier.histories.phh import (
    Action,
    HandHistory,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
)
from croupier.histories.roundconfig import KEY, config_fields, phh_forced_bets
from croupier.round import Round
from croupier.round.config import RoundConfig
from croupier.round.events import (
    BetOrRaised,
    BoardDealt,
    Called,
    CardExposed,
    CardsShownToTable,
    Checked,
    ChipsCommitted,
    Folded,
    HandKilled,
    HandMucked,
    HandShown,
    HoleDealt,
    RoundVoided,
    RulingMade,
)
from croupier.round.games import Split
from croupier.round.structures import Limit
from croupier.rules.rulebook import MinRaiseRule

HOUSE: Final = None
"""The recipient of an export that holds every card: the house's own record."""


_NO_LIMIT_ALLOWS: Final = frozenset(
    {Limit.NO_LIMIT, Limit.FULL_POT, Limit.HALF_POT, Limit.STRADDLE}
)
_POT_LIMIT_ALLOWS: Final = frozenset({Limit.FULL_POT, Limit.HALF_POT})


def variant_code(r: Round) -> str:
    """The PHH variant code of a round's game and structure."""
    cfg = r.config
    game, limits = cfg.game, frozenset(cfg.structure.limits)
    only = next(iter(limits)) if len(limits) == 1 else None
    if not game.omaha and game.hole_cards == 2 and game.split is Split.HIGH:
        if game.deck.size == 52 and limits and limits <= _NO_LIMIT_ALLOWS:
            return "NT"  # full pot, half pot, straddle: bets no-limit allows (_croupier_config)
        if game.deck.size == 52 and only is Limit.FIXED:
            return "FT"
        if game.deck.size == 36 and only is Limit.NO_LIMIT and game.order.name == "short-deck-B":
            return "NS"
    if game.omaha and game.deck.size == 52:
        if limits and limits <= _POT_LIMIT_ALLOWS and game.split is Split.HIGH:
            return "PO"  # half pot: bets pot limit allows (_croupier_config)
        if only is Limit.FIXED and game.split is Split.HILO:
            return "FO/8"
    return f"croupier:{game.name}/{game.split.value}/{game.deck.size}/{cfg.structure.name}"


def to_history(r: Round, recipient: int | None) -> HandHistory:
    """The round as a PHH hand history (players numbered from 1, as PHH does), as
    ``recipient`` saw it: a player's index, or :data:`HOUSE` for every card."""
    cfg = r.config
    if recipient is not None and not 0 <= recipient < cfg.players:
        raise ValueError(f"no player {recipient} in a round of {cfg.players}")
    seen = None if recipient is None else public_cards(r)
    actions: list[Action] = []
    for e in r.events:
        if isinstance(e, HoleDealt):
            cards = e.cards
            if seen is not None and e.player != recipient:
                cards = tuple(c if c in seen else None for c in cards)
            actions.append(PhhDealHole(e.player + 1, cards))
        elif isinstance(e, BoardDealt):
            actions.append(PhhDealBoard(e.cards))
        elif isinstance(e, Folded | HandKilled):  # a dead hand is folded (qld s33(2))
            actions.append(PhhFold(e.player + 1))
        elif isinstance(e, (Checked, Called)):
            actions.append(PhhCheckCall(e.player + 1))
        elif isinstance(e, BetOrRaised):
            actions.append(PhhBetRaise(e.player + 1, e.to))
        elif isinstance(e, HandShown):
            actions.append(PhhShowMuck(e.player + 1, e.cards))
        elif isinstance(e, HandMucked):
            actions.append(PhhShowMuck(e.player + 1, None))
    # Floor rulings have no PHH action: they travel as user-defined fields.
    rulings = [f"{e.clause}: {e.message}" for e in r.events if isinstance(e, RulingMade)]
    committed = [
        f"p{e.player + 1} {e.amount} ({e.clause})"
        for e in r.events
        if isinstance(e, ChipsCommitted)
    ]
    voided = [e.clause for e in r.events if isinstance(e, RoundVoided)]
    fixed = Limit.FIXED in cfg.structure.limits
    extra: dict[str, object] = {
        "_croupier_recipient": "house" if recipient is None else f"p{recipient + 1}",
        "_croupier_rulebook": cfg.rulebook.id,
        "_croupier_structure": cfg.structure.name,
        KEY: config_fields(cfg),
    }
    if cfg.commission is not None:
        extra["_croupier_commission"] = r.commission
    if cfg.fee:
        extra["_croupier_fee"] = cfg.fee
    if rulings:
        extra["_croupier_rulings"] = rulings
    if committed:
        extra["_croupier_committed"] = committed
    if voided:
        extra["_croupier_voided"] = voided[0]
    blinds, antes = phh_forced_bets(cfg)
    return HandHistory(
        variant=variant_code(r),
        antes=antes,
        # a dead blind written as an ante is dead money: not trimmed to what others match
        ante_trimming_status=not (cfg.antes_dead or (any(cfg.dead) and not any(cfg.antes))),
        blinds_or_straddles=blinds,
        min_bet=None if fixed else phh_min_bet(cfg),
        small_bet=cfg.structure.small_bet if fixed else None,
        big_bet=cfg.structure.big_bet if fixed else None,
        starting_stacks=tuple(cfg.stacks),
        actions=tuple(actions),
        finishing_stacks=tuple(r.stacks) if r.is_over else None,
        extra=extra,
    )


def dated(h: HandHistory, at: int) -> HandHistory:
    """``h`` with the date and time (UTC) of ``at``, the round's start in seconds since the
    epoch (a table's clock that does not keep calendar time starts at 1970-01-01)."""
    when = dt.datetime.fromtimestamp(at, dt.UTC)
    return replace(
        h, year=when.year, month=when.month, day=when.day, time=when.time(), time_zone="UTC"
    )


def phh_min_bet(cfg: RoundConfig) -> int:
    """PHH's ``min_bet``: the minimum bet, also the smallest raise a reader allows. Where the
    rulebook allows a raise smaller than the largest bet or raise (qld-holdem-2005 s28(4): the
    opening bet or the last call), the chip unit, so that a reader refuses no raise croupier
    allowed; the round's own minimum is ``_croupier_config.min_bet``."""
    if cfg.rulebook.min_raise_rule is MinRaiseRule.LARGEST_BET_OR_RAISE:
        return cfg.min_bet
    return cfg.chip_unit


def public_cards(r: Round) -> set[Card]:
    """Cards the whole table saw: hands shown, cards shown to the table or exposed in error."""
    out: set[Card] = set()
    for e in r.events:
        if isinstance(e, HandShown | CardsShownToTable):
            out.update(e.cards)
        elif isinstance(e, CardExposed):
            out.add(e.card)
    return out
