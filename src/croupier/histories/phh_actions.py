"""PHH actions: the dealer's and players' actions a hand history records, read from and written
to PHH's action strings (``"d dh p1 AsKs"``, ``"p2 cbr 300"``). Players are 1-based, as PHH
writes them. These are what a history says happened, not round commands
(:mod:`croupier.round.commands`): :mod:`croupier.histories.phh_replay` turns one into the other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeAlias

from croupier.cards import Card, CardError

SCALES = tuple(10**k for k in range(7))
"""The unit scales a hand may have: amounts in units of 1, 1/10, ... 1/10**6."""


class PhhError(ValueError):
    """A PHH text breaks the format: names the file, the field or action, and what is wrong."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source = source
        self.where = where
        self.problem = problem
        super().__init__(f"{source}: {where}: {problem}")


Cards: TypeAlias = tuple[Card | None, ...]
"""Cards as PHH writes them; ``None`` is an unknown card (``??``)."""


@dataclass(frozen=True)
class PhhDealHole:
    """``d dh pN cards``: the dealer deals hole (down or up) cards to player N (1-based)."""

    player: int
    cards: Cards
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhDealBoard:
    """``d db cards``: the dealer deals board cards."""

    cards: Cards
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhPostBringIn:
    """``pN pb``: player N (1-based) posts the bring-in (stud games)."""

    player: int
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhFold:
    """``pN f``: player N (1-based) folds."""

    player: int
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhCheckCall:
    """``pN cc``: player N (1-based) checks or calls."""

    player: int
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhBetRaise:
    """``pN cbr amount``: player N (1-based) completes, bets or raises *to* ``amount``.

    ``amount`` is the player's total for the betting round as PHH writes it, in the hand's
    integer units (``HandHistory.unit_scale``), not the increment.
    """

    player: int
    amount: int
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhStandPat:
    """``pN sd``: player N (1-based) stands pat (draw games)."""

    player: int
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhDiscard:
    """``pN sd cards``: player N (1-based) discards ``cards`` (draw games)."""

    player: int
    cards: Cards
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PhhShowMuck:
    """``pN sm[ cards]``: player N (1-based) shows or mucks.

    ``cards is None and not as_dealt``: mucks (``pN sm``). ``cards`` given: shows them, some
    maybe unknown (a cash-game player who neither mucks nor shows). ``as_dealt``: shows the cards
    dealt earlier, which PHH writes ``pN sm -``.
    """

    player: int
    cards: Cards | None = None
    as_dealt: bool = False
    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.as_dealt and self.cards is not None:
            raise ValueError("PhhShowMuck: give either cards or as_dealt, not both")

    @property
    def mucks(self) -> bool:
        return self.cards is None and not self.as_dealt


@dataclass(frozen=True)
class PhhNoOp:
    """An empty action or a standalone commentary (``"# burn card 6s exposed"``)."""

    comment: str | None = None
    remark: str | None = field(default=None, compare=False, repr=False)


Action: TypeAlias = (
    PhhDealHole
    | PhhDealBoard
    | PhhPostBringIn
    | PhhFold
    | PhhCheckCall
    | PhhBetRaise
    | PhhStandPat
    | PhhDiscard
    | PhhShowMuck
    | PhhNoOp
)

_PLAYER = re.compile(r"p([1-9][0-9]*)")
AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


class ActionError(Exception):
    """Internal: what is wrong with one action; :func:`loads` adds the file and position."""


def parse_phh_cards(text: str) -> Cards:
    """Cards written PHH's way: two characters each, concatenated (``"AsKd??"``); ``??`` → None.

    Raises :class:`croupier.cards.CardError` for a malformed card or a known card written twice.
    """
    if len(text) % 2:
        raise CardError(f"malformed cards {text!r}: each card is two characters such as 'As'")
    out: list[Card | None] = []
    seen: set[int] = set()
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        if chunk == "??":
            out.append(None)
            continue
        card = Card.parse(chunk)
        if card in seen:
            raise CardError(f"duplicate card {card} in {text!r}")
        seen.add(card)
        out.append(card)
    return tuple(out)


def _format_cards(cards: Cards) -> str:
    if not cards:
        raise PhhError(
            "<format>",
            "cards",
            "an action that deals, discards or shows needs at least one card "
            "(write PhhStandPat or PhhShowMuck(cards=None) for none)",
        )
    return "".join("??" if c is None else str(c) for c in cards)


def split_comment(text: str) -> tuple[list[str], str | None]:
    body, hash_, comment = text.partition("#")
    return body.split(), (comment.strip() if hash_ else None)


def _player(word: str) -> int:
    m = _PLAYER.fullmatch(word)
    if m is None:
        raise ActionError(f"bad player {word!r}: expected p1, p2, ...")
    return int(m.group(1))


def _cards(text: str) -> Cards:
    try:
        return parse_phh_cards(text)
    except CardError as e:
        raise ActionError(str(e)) from None


def _amount_decimal(word: str) -> Decimal:
    if AMOUNT.fullmatch(word) is None:
        raise ActionError(f"bad amount {word!r}: expected a non-negative number such as 300")
    return Decimal(word)


def _scaled(value: Decimal, unit_scale: int) -> int:
    scaled = value * unit_scale
    if scaled != scaled.to_integral_value():
        raise ActionError(f"amount {value} is not a whole number of units of 1/{unit_scale}")
    return int(scaled)


def parse_checked_action(text: str, unit_scale: int, player_count: int | None) -> Action:
    words, comment = split_comment(text)
    action = _parse_words(words, comment, unit_scale)
    if (
        player_count is not None
        and not isinstance(action, PhhDealBoard | PhhNoOp)
        and not 1 <= action.player <= player_count
    ):
        raise ActionError(f"player p{action.player} is not among p1..p{player_count}")
    return action


def _parse_words(words: list[str], comment: str | None, unit_scale: int) -> Action:
    if not words:
        return PhhNoOp(comment)
    if words[0] == "d":
        match words[1:]:
            case ["db", cards]:
                return PhhDealBoard(_cards(cards), comment)
            case ["dh", who, cards]:
                return PhhDealHole(_player(who), _cards(cards), comment)
            case ["db" | "dh", *_]:
                raise ActionError(f"wrong arguments for the dealer's {words[1]!r}")
            case [token, *_]:
                raise ActionError(f"unknown dealer action {token!r}: expected 'db' or 'dh'")
            case _:
                raise ActionError("dealer action without a verb: expected 'd db' or 'd dh'")
    player = _player(words[0])
    match words[1:]:
        case ["f"]:
            return PhhFold(player, comment)
        case ["cc"]:
            return PhhCheckCall(player, comment)
        case ["cbr", amount]:
            return PhhBetRaise(player, _scaled(_amount_decimal(amount), unit_scale), comment)
        case ["pb"]:
            return PhhPostBringIn(player, comment)
        case ["sd"]:
            return PhhStandPat(player, comment)
        case ["sd", cards]:
            return PhhDiscard(player, _cards(cards), comment)
        case ["sm"]:
            return PhhShowMuck(player, None, False, comment)
        case ["sm", "-"]:
            return PhhShowMuck(player, None, True, comment)
        case ["sm", cards]:
            return PhhShowMuck(player, _cards(cards), False, comment)
        case []:
            raise ActionError("player action without a verb")
        case [("f" | "cc" | "cbr" | "pb" | "sd" | "sm") as token, *_]:
            raise ActionError(f"wrong arguments for {token!r}")
        case [token, *_]:
            raise ActionError(f"unknown action {token!r}: expected f, cc, cbr, pb, sd or sm")
    raise AssertionError("unreachable")  # pragma: no cover


def parse_action(text: str, *, unit_scale: int = 1, source: str = "<action>") -> Action:
    """Parse one action string; ``cbr`` amounts are multiplied by ``unit_scale``."""
    try:
        return parse_checked_action(text, unit_scale, None)
    except ActionError as e:
        raise PhhError(source, f"action {text!r}", str(e)) from None


def format_action(action: Action, *, unit_scale: int = 1) -> str:
    """The PHH string of ``action`` (without its remark, which is a TOML comment)."""
    match action:
        case PhhDealHole(player, cards):
            body = f"d dh p{player} {_format_cards(cards)}"
        case PhhDealBoard(cards):
            body = f"d db {_format_cards(cards)}"
        case PhhPostBringIn(player):
            body = f"p{player} pb"
        case PhhFold(player):
            body = f"p{player} f"
        case PhhCheckCall(player):
            body = f"p{player} cc"
        case PhhBetRaise(player, amount):
            body = f"p{player} cbr {format_amount(amount, unit_scale)}"
        case PhhStandPat(player):
            body = f"p{player} sd"
        case PhhDiscard(player, cards):
            body = f"p{player} sd {_format_cards(cards)}"
        case PhhShowMuck(player, cards, as_dealt):
            if as_dealt:
                body = f"p{player} sm -"
            elif cards is None:
                body = f"p{player} sm"
            else:
                body = f"p{player} sm {_format_cards(cards)}"
        case PhhNoOp():
            body = ""
    if action.comment is None:
        return body
    return f"{body} # {action.comment}".strip() if action.comment else f"{body} #".strip()


# --- the hand history -------------------------------------------------------------------------


def format_amount(amount: int, unit_scale: int) -> str:
    if unit_scale == 1:
        return str(amount)
    d = Decimal(amount).scaleb(-SCALES.index(unit_scale))
    return format(d.normalize(), "f") if d != d.to_integral_value() else str(amount // unit_scale)
