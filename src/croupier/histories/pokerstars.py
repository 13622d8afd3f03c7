"""PokerStars-style hand history text, the layout tracking tools parse.

A header line (hand number, game, stakes, date), the table line naming the button's seat, seat
lines in seat order, posts as PokerStars writes them (the blinds first; a newcomer's live blind
"posts big blind", a returning player's dead small blind and live big blind "posts small & big
blinds", a dead small blind alone "posts small blind"), ``*** HOLE CARDS ***``, the streets,
``*** SHOW DOWN ***`` and ``*** SUMMARY ***`` with the total pot and rake. The house's export
deals every hand face up ("Dealt to" each player); a player's holds only that player's hole
cards and the hands shown. Games the layout has no name for (half-pot, straddle or mixed
betting) are refused with :class:`NotExpressible`.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable, Sequence
from decimal import Decimal

from croupier.histories.phh import HandHistory
from croupier.round import Round
from croupier.round.events import (
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    CommissionTaken,
    DeadPosted,
    Folded,
    HandKilled,
    HandMucked,
    HandShown,
    HoleDealt,
    PotAwarded,
)
from croupier.round.games import Split
from croupier.round.structures import Limit

STREET_NAMES = ("", "FLOP", "TURN", "RIVER")
#: the sign written before an amount in a currency (any other: no sign, its code after the stakes)
SIGNS = {"USD": "$", "AUD": "$", "NZD": "$", "CAD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}
PLAY_CHIPS = "XSC"


class NotExpressible(ValueError):
    """A round the PokerStars layout cannot express (the message says why)."""


def game_name(r: Round) -> str:
    """The game as PokerStars names it, e.g. ``Hold'em No Limit``, ``Omaha Hi/Lo Limit``."""
    g, limits = r.config.game, set(r.config.structure.limits)
    if limits == {Limit.NO_LIMIT}:
        limit = "No Limit"
    elif limits == {Limit.FULL_POT}:
        limit = "Pot Limit"
    elif limits == {Limit.FIXED}:
        limit = "Limit"
    else:
        raise NotExpressible(f"{r.config.structure.name} betting has no PokerStars name")
    if g.omaha:
        if g.deck.size != 52:
            raise NotExpressible("Omaha on a short deck has no PokerStars name")
        return f"Omaha{' Hi/Lo' if g.split is Split.HILO else ''} {limit}"
    if g.split is not Split.HIGH:
        raise NotExpressible("a split hold'em has no PokerStars name")
    if g.deck.size == 36:
        return f"6+ Hold'em {limit}"
    if g.deck.size != 52:
        raise NotExpressible(f"hold'em on {g.deck.size} cards has no PokerStars name")
    return f"Hold'em {limit}"


def to_text(
    r: Round,
    recipient: int | None,
    *,
    meta: HandHistory | None = None,
    unit_scale: int = 1,
    code: str | None = None,
    hand_number: str | None = None,
    table_name: str | None = None,
    start: dt.datetime | None = None,
    tournament: str | None = None,
) -> str:
    """The round in PokerStars' layout as ``recipient`` (a position, or None: the house) saw
    it. ``code``: the currency (default: the rulebook's; play chips have no sign). ``start``:
    when the hand began, UTC (default: the date ``meta`` records). ``tournament`` (an id; a
    name is written as a number derived from it) writes a tournament hand: chips without a
    currency sign, the level ``meta`` records, the hand numbered by its table and hand."""
    if not r.is_over:
        raise NotExpressible("the round is not over")
    name = game_name(r)
    cfg = r.config
    n = cfg.players
    if recipient is not None and not 0 <= recipient < n:
        raise ValueError(f"no player {recipient} in a round of {n}")
    code = code or cfg.rulebook.currency
    sign = "" if tournament is not None else SIGNS.get(code, "")

    def money(x: int) -> str:
        d = Decimal(x).scaleb(-(len(str(unit_scale)) - 1)) if unit_scale != 1 else Decimal(x)
        return f"{sign}{d}"

    seats = list(meta.seats) if meta is not None and meta.seats else list(range(1, n + 1))
    names = [f"Player{i + 1}" for i in range(n)]
    if meta is not None and meta.players:
        names = [p.replace(":", "_") for p in meta.players]
    number = hand_number or _hand_number(meta, tournament is not None)
    table = table_name or (
        str(meta.table) if meta is not None and meta.table is not None else "croupier"
    )
    when = (start or _start(meta) or dt.datetime(1970, 1, 1)).strftime("%Y/%m/%d %H:%M:%S")
    stakes = f"{money(_small_blind(r))}/{money(cfg.min_bet)}"
    head = f"PokerStars Hand #{number}: "
    if tournament is not None:
        level = meta.level if meta is not None and meta.level else 1
        head += (
            f"Tournament #{tournament_number(tournament)}, {name} - Level {_roman(level)} "
            f"({stakes})"
        )
    else:
        head += f"{name} ({stakes}{'' if code == PLAY_CHIPS else ' ' + code})"
    size = max(n, meta.seat_count or 0) if meta is not None else n
    lines = [
        f"{head} - {when} UTC",
        f"Table '{table}' {size}-max Seat #{seats[n - 1]} is the button",
    ]
    by_seat = sorted(range(n), key=seats.__getitem__)  # PokerStars lists seats in number order
    lines += [f"Seat {seats[i]}: {names[i]} ({money(cfg.stacks[i])} in chips)" for i in by_seat]
    shown = {e.player: e.cards for e in r.events if isinstance(e, HandShown)}
    street_in = [0] * n
    top = 0
    street = 0
    board: list[str] = []
    folded_on: dict[int, int] = {}
    won = [0] * n
    showdown_started = False
    lines += _posts(r, names, money)
    for e in r.events:
        if isinstance(e, BlindPosted):
            street_in[e.player] += e.amount
            top = max(top, street_in[e.player])
        elif isinstance(e, HoleDealt):
            if "*** HOLE CARDS ***" not in lines:
                lines.append("*** HOLE CARDS ***")
            if recipient is None or e.player == recipient:
                cards = " ".join(str(c) for c in e.cards if c is not None)
                lines.append(f"Dealt to {names[e.player]} [{cards}]")
        elif isinstance(e, BoardDealt):
            street = min(e.street, 3)
            before = " ".join(board)
            new = [str(c) for c in e.cards]
            lines.append(
                f"*** {STREET_NAMES[street]} *** [{' '.join(new)}]"
                if not board
                else f"*** {STREET_NAMES[street]} *** [{before}] [{' '.join(new)}]"
            )
            board += new
            street_in = [0] * n
            top = 0
        elif isinstance(e, Folded | HandKilled):
            lines.append(f"{names[e.player]}: folds")
            folded_on[e.player] = street
        elif isinstance(e, Checked) or (isinstance(e, Called) and e.amount == 0):
            # a call of nothing: the big blind's option (qld-holdem-2005 s4(2)) is a check
            lines.append(f"{names[e.player]}: checks")
        elif isinstance(e, Called):
            street_in[e.player] += e.amount
            lines.append(f"{names[e.player]}: calls {money(e.amount)}{_all_in(e.all_in)}")
        elif isinstance(e, BetOrRaised):
            if top == 0:
                lines.append(f"{names[e.player]}: bets {money(e.to)}{_all_in(e.all_in)}")
            else:
                lines.append(
                    f"{names[e.player]}: raises {money(e.to - top)} to {money(e.to)}"
                    f"{_all_in(e.all_in)}"
                )
            street_in[e.player] = e.to
            top = max(top, e.to)
        elif isinstance(e, BetReturned):
            lines.append(f"Uncalled bet ({money(e.amount)}) returned to {names[e.player]}")
        elif isinstance(e, HandShown | HandMucked):
            if not showdown_started:
                lines.append("*** SHOW DOWN ***")
                showdown_started = True
            if isinstance(e, HandShown):
                lines.append(f"{names[e.player]}: shows [{_cards(e.cards)}] ({_say(r, e.cards)})")
            else:
                lines.append(f"{names[e.player]}: mucks hand")
        elif isinstance(e, PotAwarded):
            won[e.player] += e.amount
            pot = (
                "pot" if len(r.pots()) <= 1 else ("main pot" if e.pot == 0 else f"side pot-{e.pot}")
            )
            lines.append(f"{names[e.player]} collected {money(e.amount)} from {pot}")
    rake = sum(e.amount for e in r.events if isinstance(e, CommissionTaken))
    total = sum(won) + rake
    lines += ["*** SUMMARY ***", f"Total pot {money(total)} | Rake {money(rake)}"]
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    for i in by_seat:
        role = _role(r, i)
        if i in folded_on:
            where = folded_on[i]
            what = (
                "folded before Flop"
                if where == 0
                else f"folded on the {STREET_NAMES[where].title()}"
            )
        elif i in shown:
            what = f"showed [{_cards(shown[i])}] and " + (
                f"won ({money(won[i])})" if won[i] else "lost"
            )
        elif won[i]:
            what = f"collected ({money(won[i])})"
        else:
            what = "mucked"
        lines.append(f"Seat {seats[i]}: {names[i]}{role} {what}")
    return "\n".join(lines) + "\n"


def dumps(texts: Sequence[str]) -> str:
    """Several hands in one file, two blank lines after each as PokerStars writes them (a
    reader splits hands there)."""
    return "".join(t.rstrip("\n") + "\n\n\n" for t in texts)


def tournament_number(tournament: str) -> str:
    """A tournament's id as PokerStars writes it, a number: the id itself when it is one,
    else a number derived from it (the same for every hand of the tournament)."""
    return tournament if tournament.isdigit() else str(zlib.crc32(tournament.encode()))


def _hand_number(meta: HandHistory | None, tournament: bool) -> str:
    """The hand's number; a tournament's, unique across its tables: table, then hand."""
    hand = str(meta.hand) if meta is not None and meta.hand else "1"
    if tournament and meta is not None and meta.table is not None and hand.isdigit():
        table = str(meta.table)
        if table.isdigit():
            return str((int(table) + 1) * 1_000_000 + int(hand))
    return hand


def _start(meta: HandHistory | None) -> dt.datetime | None:
    if meta is None or not (meta.year and meta.month and meta.day):
        return None
    return dt.datetime.combine(dt.date(meta.year, meta.month, meta.day), meta.time or dt.time())


def _posts(r: Round, names: Sequence[str], money: Callable[[int], str]) -> list[str]:
    """The forced bets in PokerStars' order: the antes, the small blind, the big blind, then
    the other posts clockwise from the button. PokerStars names a post by the blinds it makes
    up, dead or live: a newcomer's live blind "posts big blind", a returning player's dead
    small blind and live big blind one "posts small & big blinds" with the sum, a dead small
    blind alone "posts small blind"."""
    big = r.config.min_bet
    dead = _dead_with_live_big_blind(r)
    posted = [e for e in r.events if isinstance(e, BlindPosted)]
    bbp = r.config.big_blind_position
    table_big = next((e for e in posted if not _small(e, big) and bbp in (None, e.player)), None)
    antes = [
        (e.player, f"the ante {money(e.amount)}") for e in r.events if isinstance(e, AntePosted)
    ]
    posts: list[tuple[int, int, str]] = []  # (rank: small, big, others; position; what)
    for e in r.events:
        if isinstance(e, DeadPosted) and e.player not in dead:
            posts.append((2, e.player, f"small blind {money(e.amount)}"))
        elif isinstance(e, BlindPosted):
            rank = 0 if _small(e, big) else 1 if e is table_big else 2
            if rank and e.player in dead:
                posts.append(
                    (rank, e.player, f"small & big blinds {money(dead[e.player] + e.amount)}")
                )
            else:
                kind = "big blind" if rank else "small blind"
                posts.append((rank, e.player, f"{kind} {money(e.amount)}"))
    ordered = antes + [(p, what) for _, p, what in sorted(posts)]
    return [f"{names[p]}: posts {what}" for p, what in ordered]


def _small(e: BlindPosted, big: int) -> bool:
    """Whether a blind is the small blind (a short big blind, all in, is still the big)."""
    return e.kind == "small blind" and e.amount < big


def _dead_with_live_big_blind(r: Round) -> dict[int, int]:
    """Players who post a dead small blind and a live big blind (returning after missing the
    blinds): PokerStars writes the two as one post, "posts small & big blinds" and the sum, of
    which only the big blind is live. The dead amount of each."""
    big = r.config.min_bet
    posts = [e for e in r.events if isinstance(e, BlindPosted)]
    live = {e.player for e in posts if e.amount >= big and e.kind != "small blind"}
    dead = [e for e in r.events if isinstance(e, DeadPosted) and e.player in live]
    return {e.player: e.amount for e in dead if e.amount < big}


def _small_blind(r: Round) -> int:
    """The small blind of the stakes: the one posted, or where none is (a dead small blind),
    half the big blind as the usual structure has it."""
    big = r.config.min_bet
    posted = [e.amount for e in r.events if isinstance(e, BlindPosted) and e.amount < big]
    return min(posted) if posted else big // 2


def _roman(n: int) -> str:
    out = ""
    for value, digits in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                          (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                          (4, "IV"), (1, "I")):  # fmt: skip
        while n >= value:
            out += digits
            n -= value
    return out


def _all_in(flag: bool) -> str:
    return " and is all-in" if flag else ""


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(c) for c in cards)


def _say(r: Round, cards: Sequence[object]) -> str:
    g = r.config.game
    board = [c for e in r.events if isinstance(e, BoardDealt) for c in e.cards]
    hole = [c for c in cards if isinstance(c, int)]
    try:
        high = g.high(hole, board)
        low = g.low(hole, board) if g.low_rule is not None else None
        return g.describe(high, low or None)
    except (ValueError, IndexError, AssertionError):
        return "a hand"


def _role(r: Round, i: int) -> str:
    n = r.config.players
    out = " (button)" if i == n - 1 else ""
    for e in r.events:
        if isinstance(e, BlindPosted) and e.player == i:
            out += " (small blind)" if _small(e, r.config.min_bet) else " (big blind)"
    return out
