"""Settlement of one box against the dealer, as act-uth-2025 9.1-9.10 and 10.1 say.

Pure: cards and integer chips in, a :class:`Settlement` out, every wager's outcome citing the
clause that decided it and the pay line that paid it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from croupier.cards import check_distinct
from croupier.hands import STANDARD, Category, HandOrder, HandValue, evaluate
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.uth import SettlementClauses, UthRules
from croupier.uth.paytables import (
    ACT_UTH_2025,
    ANTE_ODDS,
    PLAY_ODDS,
    Odds,
    PayLine,
    Payouts,
)

#: act-uth-2025 3.1: the order of hands (one 52-card deck, 2.1).
ORDER = STANDARD


class Wager(StrEnum):
    """The four wagers of a box (act-uth-2025 4.2, 8.1)."""

    ANTE = "ante"
    BLIND = "blind"
    PLAY = "play"
    TRIPS = "trips"


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    #: act-uth-2025 9.2: the dealer refunds the ante when the dealer does not qualify.
    REFUND = "refund"


class WagerError(ValueError):
    """Wagers or cards a box cannot hold; the message names the clause."""


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True)
class Box:
    """One box's wagers in chips and whether its player folded (at 8.1, 8.3, 8.5 or 9.1)."""

    ante: int
    blind: int
    play: int = 0
    trips: int = 0
    folded: bool = False

    def __post_init__(self) -> None:
        for name in ("ante", "blind", "play", "trips"):
            v = getattr(self, name)
            if not _is_int(v) or v < 0:
                raise WagerError(f"{name} must be a whole, non-negative chip count, not {v!r}")
        if self.ante < 1:
            raise WagerError("a box is dealt in only with an ante and a blind (7.2(c))")
        if self.blind != self.ante:
            raise WagerError(f"the blind ({self.blind}) must equal the ante ({self.ante}) (A)")
        if self.play not in (0, *(k * self.ante for k in (1, 2, 3, 4))):
            raise WagerError(
                f"a play wager of {self.play} is not 3 or 4 times the ante "
                "(8.1(c)(ii)), 2 times (8.3(c)(ii)) or equal to it (8.5(b)(ii))"
            )
        if not self.folded and not self.play:
            raise WagerError(
                "a player still in at settlement has placed a play wager: on the river the "
                "choice is fold or bet (8.5)"
            )


@dataclass(frozen=True)
class WagerResult:
    """How one wager settled: ``amount`` chips won (> 0), lost (< 0) or neither (0)."""

    wager: Wager
    stake: int
    outcome: Outcome
    amount: int
    clause: str
    odds: Odds | None = None
    line: PayLine | None = None
    pay_clause: str | None = None
    #: Chips the odds gave before the maximum payout of 10.1 ** cut them; else ``None``.
    uncapped: int | None = None

    @property
    def returned(self) -> int:
        """Chips handed to the player: stake plus winnings, the stake on a push or refund."""
        return self.stake + self.amount


@dataclass(frozen=True)
class Settlement:
    """The settled box: both hands, whether the dealer qualified, each wager's result."""

    player: HandValue
    dealer: HandValue
    dealer_qualifies: bool
    folded: bool
    results: tuple[WagerResult, ...]

    @property
    def net(self) -> int:
        """The player's net chips over all wagers (negative: the house won)."""
        return sum(r.amount for r in self.results)

    def __getitem__(self, wager: Wager) -> WagerResult:
        for r in self.results:
            if r.wager is wager:
                return r
        raise KeyError(f"no {wager} wager in this box")


def dealer_qualifies(dealer: HandValue) -> bool:
    """One pair or higher (act-uth-2025 A "Qualify")."""
    return ORDER.position(dealer.category) >= ORDER.position(Category.ONE_PAIR)


def _hand(hole: Sequence[int], board: Sequence[int], whose: str, order: HandOrder) -> HandValue:
    if len(hole) != 2:
        raise WagerError(f"the {whose} holds 2 hole cards, not {len(hole)} (7.2)")
    return evaluate([*hole, *board], order)


def _even(wager: Wager, stake: int, clause: str, odds: Odds, c: SettlementClauses) -> WagerResult:
    won = odds.winnings(stake)
    return WagerResult(wager, stake, Outcome.WIN, won, clause, odds, None, c.paytable_clause)


def _ante(stake: int, cmp: int, qualifies: bool, c: SettlementClauses) -> WagerResult:
    """9.2, 9.5."""
    w = Wager.ANTE
    if not qualifies:  # 9.2 refunds it; 9.5(c)(ii) calls it a push
        return WagerResult(w, stake, Outcome.REFUND, 0, c.ante_refund_clause)
    if cmp > 0:
        return _even(w, stake, c.ante_win_clause, ANTE_ODDS, c)
    if cmp < 0:
        return WagerResult(w, stake, Outcome.LOSE, -stake, c.ante_lose_clause)
    return WagerResult(w, stake, Outcome.PUSH, 0, c.ante_push_clause)


def _blind(
    stake: int, cmp: int, player: HandValue, payouts: Payouts, c: SettlementClauses
) -> WagerResult:
    """9.6, paid per 10.1 up to the table's maximum payout (10.1 **)."""
    w = Wager.BLIND
    if cmp < 0:
        return WagerResult(w, stake, Outcome.LOSE, -stake, c.blind_lose_clause)
    if cmp == 0:
        return WagerResult(w, stake, Outcome.PUSH, 0, c.blind_push_clause)
    line = payouts.blind.line_for(player.category)
    if line is None:
        return WagerResult(w, stake, Outcome.PUSH, 0, c.blind_no_line_clause)
    won = line.odds.winnings(stake)
    cap = payouts.max_blind_payout
    if cap is not None and won > cap:
        return WagerResult(
            w, stake, Outcome.WIN, cap, c.blind_win_clause, line.odds, line,
            c.max_payout_clause, won,
        )  # fmt: skip
    pay = line.clause or c.paytable_clause
    return WagerResult(w, stake, Outcome.WIN, won, c.blind_win_clause, line.odds, line, pay)


def _play(stake: int, cmp: int, c: SettlementClauses) -> WagerResult:
    """9.8."""
    w = Wager.PLAY
    if cmp > 0:
        return _even(w, stake, c.play_win_clause, PLAY_ODDS, c)
    if cmp < 0:
        return WagerResult(w, stake, Outcome.LOSE, -stake, c.play_lose_clause)
    return WagerResult(w, stake, Outcome.PUSH, 0, c.play_push_clause)


def _trips(stake: int, player: HandValue, payouts: Payouts, c: SettlementClauses) -> WagerResult:
    """9.7: on the player's hand alone, paid per 10.1."""
    line = payouts.trips.line_for(player.category)
    if line is None:
        return WagerResult(Wager.TRIPS, stake, Outcome.LOSE, -stake, c.trips_lose_clause)
    won = line.odds.winnings(stake)
    pay = line.clause or c.paytable_clause
    return WagerResult(
        Wager.TRIPS, stake, Outcome.WIN, won, c.trips_win_clause, line.odds, line, pay
    )


def settle(
    box: Box,
    player_hole: Sequence[int],
    dealer_hole: Sequence[int],
    board: Sequence[int],
    payouts: Payouts = ACT_UTH_2025,
    rules: UthRules = ACT_UTH_2025_RULES,
) -> Settlement:
    """Settle one box against the dealer (9.1-9.9, 10.1), citing ``rules``' clauses.

    A folded box loses every wager, Trips included (9.1; A "Fold": "thereby losing all
    wagers"). Otherwise Ante, Blind and Play compare best five-card hands (3.1, 9.3(b)) and
    Trips reads the player's hand alone. Only the Ante depends on the dealer qualifying.
    """
    if len(board) != 5:
        raise WagerError(f"the board holds 5 communal cards, not {len(board)} (7.2(a))")
    check_distinct([*player_hole, *dealer_hole, *board])
    c = rules.settlement
    order = ORDER  # 3.1: the standard order of one 52-card deck (rules.hand_order_clause)
    player = _hand(player_hole, board, "player", order)
    dealer = _hand(dealer_hole, board, "dealer", order)
    qualifies = dealer_qualifies(dealer)
    stakes = [(Wager.ANTE, box.ante), (Wager.BLIND, box.blind)]
    stakes += [(w, s) for w, s in ((Wager.PLAY, box.play), (Wager.TRIPS, box.trips)) if s]
    if box.folded:
        lost = tuple(WagerResult(w, s, Outcome.LOSE, -s, c.folded_clause) for w, s in stakes)
        return Settlement(player, dealer, qualifies, True, lost)
    cmp = (player.strength > dealer.strength) - (player.strength < dealer.strength)
    results = [_ante(box.ante, cmp, qualifies, c), _blind(box.blind, cmp, player, payouts, c)]
    results.append(_play(box.play, cmp, c))
    if box.trips:
        results.append(_trips(box.trips, player, payouts, c))
    return Settlement(player, dealer, qualifies, False, tuple(results))


__all__ = [
    "Box",
    "Outcome",
    "Settlement",
    "Wager",
    "WagerError",
    "WagerResult",
    "dealer_qualifies",
    "settle",
]
