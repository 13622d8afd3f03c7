"""Open Hand History (OHH, the hand-history working group's JSON standard, spec 1.4.7): export a
round, import a hand back as a PHH :class:`~croupier.histories.phh.HandHistory` for strict replay.

Export is a projection of the round's events for one recipient: the house's export holds every
card; a player's (``hero_player_id``) holds the player's own hole cards and only the others'
cards shown or exposed to the table. Player ids are the round's positions (0 is the first seat
clockwise from the button, the button last). Commission goes in each pot's ``rake``. croupier's
own facts (rulebook, exact structure, commission schedule) travel in a ``croupier`` object, a
key the spec does not name, so that croupier's own exports replay exactly.

OHH amounts of a raise are what the player put in with the action (the increment); import turns
them back into PHH's "to" totals. A file holds one ``{"ohh": ...}`` object per hand, separated by
a blank line (the spec's storage format).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from croupier.cards import Card, CardError, parse_cards
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
from croupier.histories.phh_export import variant_code
from croupier.histories.roundconfig import KEY, config_fields
from croupier.round import Round
from croupier.round.events import (
    AntePosted,
    BetOrRaised,
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

SPEC_VERSION = "1.4.7"
STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
UNBALANCED = "_croupier_ohh_unbalanced"
"""The key :func:`to_history` sets (with no finishing stacks) when a hand's pots do not add up
to what its actions put in."""


class OhhError(ValueError):
    """An OHH text or object that is not a hand croupier can read (the message says why)."""


# --- export ----------------------------------------------------------------------------------


def to_ohh(
    r: Round,
    recipient: int | None,
    *,
    meta: HandHistory | None = None,
    unit_scale: int = 1,
    site_name: str = "croupier",
    table_name: str | None = None,
    game_number: str | None = None,
    start: dt.datetime | None = None,
    currency: str | None = None,
    tournament_info: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The round as an OHH object (``{"ohh": {...}}``) as ``recipient`` saw it: a position, or
    None for the house. ``meta`` (the round's PHH history) supplies names, seats, the hand and
    table numbers, the date and the tournament's name."""
    cfg = r.config
    n = cfg.players
    if recipient is not None and not 0 <= recipient < n:
        raise ValueError(f"no player {recipient} in a round of {n}")

    def amt(x: int) -> int | float:
        return x if unit_scale == 1 else float(Decimal(x).scaleb(-_exp(unit_scale)))

    seats = list(meta.seats) if meta is not None and meta.seats else list(range(1, n + 1))
    names = (
        list(meta.players) if meta is not None and meta.players else [f"p{i + 1}" for i in range(n)]
    )
    rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "actions": []}]
    showdown: list[dict[str, Any]] = []
    number = 0
    street_in = [0] * n  # chips each player put in this betting round (its "to" total)
    bet_so_far = 0
    left = list(cfg.stacks)  # what each player has behind: a forced bet may empty it

    def add(into: list[dict[str, Any]], player: int, action: str, **kw: Any) -> None:
        nonlocal number
        a: dict[str, Any] = {"action_number": number, "player_id": player, "action": action}
        a.update(kw)
        into.append(a)
        number += 1

    for e in r.events:
        acts = rounds[-1]["actions"]
        if isinstance(e, AntePosted):
            left[e.player] -= e.amount
            add(acts, e.player, "Post Ante", amount=amt(e.amount), is_allin=left[e.player] <= 0)
        elif isinstance(e, DeadPosted):
            left[e.player] -= e.amount
            add(acts, e.player, "Post Dead", amount=amt(e.amount), is_allin=left[e.player] <= 0)
        elif isinstance(e, BlindPosted):
            kind = _blind_action(r, e)
            left[e.player] -= e.amount
            add(acts, e.player, kind, amount=amt(e.amount), is_allin=left[e.player] <= 0)
            street_in[e.player] += e.amount
            bet_so_far = max(bet_so_far, street_in[e.player])
        elif isinstance(e, HoleDealt):
            cards = [c for c in e.cards if c is not None]
            if recipient is not None and e.player != recipient:
                cards = []  # another's cards: in their Shows Cards action, if shown
            kw: dict[str, Any] = {"cards": [str(c) for c in cards]} if cards else {}
            add(acts, e.player, "Dealt Cards", **kw)
        elif isinstance(e, BoardDealt):
            rounds.append(
                {
                    "id": len(rounds),
                    "street": STREETS[min(e.street, 3)],
                    "cards": [str(c) for c in e.cards],
                    "actions": [],
                }
            )
            street_in = [0] * n
            bet_so_far = 0
        elif isinstance(e, Folded | HandKilled):
            add(acts, e.player, "Fold")
        elif isinstance(e, Checked) or (isinstance(e, Called) and e.amount == 0):
            add(acts, e.player, "Check")  # a call of nothing: the big blind's option (qld s4(2))
        elif isinstance(e, Called):
            add(acts, e.player, "Call", amount=amt(e.amount), is_allin=e.all_in)
            street_in[e.player] += e.amount
        elif isinstance(e, BetOrRaised):
            kind = "Bet" if bet_so_far == 0 and len(rounds) > 1 else "Raise"
            put = e.to - street_in[e.player]
            add(acts, e.player, kind, amount=amt(put), is_allin=e.all_in)
            street_in[e.player] = e.to
            bet_so_far = max(bet_so_far, e.to)
        elif isinstance(e, HandShown):
            add(showdown, e.player, "Shows Cards", cards=[str(c) for c in e.cards])
        elif isinstance(e, HandMucked):
            hole = [c for c in (r.hole[e.player] or ()) if c is not None]
            kw = {"cards": [str(c) for c in hole]} if recipient is None and hole else {}
            if recipient == e.player and hole:
                kw = {"cards": [str(c) for c in hole]}
            add(showdown, e.player, "Mucks Cards", **kw)
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    out: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": site_name,
        "network_name": site_name,
        "internal_version": "croupier 0.1.0",
        "tournament": tournament_info is not None,
        "game_number": game_number
        or (str(meta.hand) if meta is not None and meta.hand is not None else "1"),
        "start_date_utc": _start(start, meta),
        "table_name": table_name
        or (str(meta.table) if meta is not None and meta.table is not None else "croupier"),
        "game_type": _game_type(r),
        "bet_limit": {"bet_type": _bet_type(r), "bet_cap": 0},
        "table_size": max(n, meta.seat_count or 0) if meta is not None else n,
        "currency": currency or cfg.rulebook.currency,
        "dealer_seat": seats[n - 1],
        "small_blind_amount": amt(_small_blind(cfg.blinds)),
        "big_blind_amount": amt(cfg.min_bet),
        "ante_amount": amt(max(cfg.antes, default=0)),
        "players": [
            {"id": i, "seat": seats[i], "name": names[i], "starting_stack": amt(cfg.stacks[i])}
            for i in range(n)
        ],
        "rounds": rounds,
        "pots": _pots(r, amt),
        "croupier": {
            "rulebook": cfg.rulebook.id,
            "variant": variant_code(r),
            "recipient": "house" if recipient is None else recipient,
            "unit_scale": unit_scale,
            "antes_dead": cfg.antes_dead,
            "config": config_fields(cfg),
        },
    }
    if recipient is not None:
        out["hero_player_id"] = recipient
    if tournament_info is not None:
        out["tournament_info"] = dict(tournament_info)
    return {"ohh": out}


def dumps(hands: Sequence[Mapping[str, Any]]) -> str:
    """OHH file text: one compact JSON object a hand, each followed by a blank line."""
    return "".join(json.dumps(h, separators=(",", ":")) + "\n\n" for h in hands)


def _exp(unit_scale: int) -> int:
    e = len(str(unit_scale)) - 1
    if 10**e != unit_scale:
        raise ValueError(f"unit_scale must be a power of ten, not {unit_scale}")
    return e


def _start(start: dt.datetime | None, meta: HandHistory | None) -> str:
    if start is None and meta is not None and meta.year and meta.month and meta.day:
        t = meta.time or dt.time()
        start = dt.datetime.combine(dt.date(meta.year, meta.month, meta.day), t)
    start = start or dt.datetime(1970, 1, 1)
    return start.replace(tzinfo=None, microsecond=0).isoformat() + "Z"


def _small_blind(blinds: Sequence[int]) -> int:
    posted = sorted(b for b in blinds if b)
    return posted[0] if len(posted) > 1 else 0


def _blind_action(r: Round, e: BlindPosted) -> str:
    cfg = r.config
    big = cfg.big_blind_position
    if big is None:
        return {"small blind": "Post SB", "big blind": "Post BB", "blind": "Post BB"}.get(
            e.kind, "Straddle"
        )
    if e.player == big:
        return "Post BB"
    posted = cfg.blinds[e.player]
    if posted < cfg.blinds[big]:
        return "Post SB"
    return "Post Extra Blind" if posted == cfg.blinds[big] else "Straddle"


def _game_type(r: Round) -> str:
    g = r.config.game
    if g.omaha:
        return "OmahaHiLo" if g.split is Split.HILO else "Omaha"
    return "Holdem"


def _bet_type(r: Round) -> str:
    limits = set(r.config.structure.limits)
    if limits == {Limit.FIXED}:
        return "FL"
    if limits <= {Limit.FULL_POT, Limit.HALF_POT}:
        return "PL"
    return "NL"


def _pots(r: Round, amt: Any) -> list[dict[str, Any]]:
    awards: dict[int, dict[int, int]] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            won = awards.setdefault(e.pot, {})
            won[e.player] = won.get(e.player, 0) + e.amount
    commission = sum(e.amount for e in r.events if isinstance(e, CommissionTaken))
    sizes = [p.amount for p in r.pots()] if r.is_over else []
    count = max([len(sizes), *(k + 1 for k in awards)])
    rake = [0] * count
    if len(sizes) == count:
        rake = [sizes[k] - sum(awards.get(k, {}).values()) for k in range(count)]
    if sum(rake) != commission or min(rake, default=0) < 0:
        rake = [commission if k == 0 else 0 for k in range(count)]
    out = []
    for k in range(count):
        won = awards.get(k, {})
        out.append(
            {
                "number": k,
                "amount": amt(sum(won.values()) + rake[k]),
                "rake": amt(rake[k]),
                "jackpot": 0,
                "player_wins": [
                    {"player_id": p, "win_amount": amt(a), "contributed_rake": 0}
                    for p, a in sorted(won.items())
                ],
            }
        )
    return out


# --- import ----------------------------------------------------------------------------------


def loads(text: str, *, source: str = "<ohh>") -> list[dict[str, Any]]:
    """The hands of an OHH file: each ``{"ohh": ...}`` object, amounts as Decimal."""
    dec = json.JSONDecoder(parse_float=Decimal)
    out: list[dict[str, Any]] = []
    i = 0
    while True:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        if i >= len(text):
            return out
        try:
            obj, i = dec.raw_decode(text, i)
        except json.JSONDecodeError as e:
            raise OhhError(f"{source}: hand {len(out) + 1}: not JSON: {e}") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("ohh"), dict):
            raise OhhError(f'{source}: hand {len(out) + 1}: not an {{"ohh": ...}} object')
        out.append(obj)


def to_history(hand: Mapping[str, Any]) -> HandHistory:
    """The OHH hand as a PHH history (players numbered from 1 by position, as PHH does), for
    strict replay. A hand whose record does not add up (a round out of order, an amount that
    is not a number, a raise that does not raise) is refused, never repaired."""
    try:
        return _Reader(hand).history()
    except (KeyError, TypeError, IndexError, InvalidOperation, CardError) as e:
        raise OhhError(f"malformed hand: {type(e).__name__}: {e}") from None


class _Reader:
    def __init__(self, hand: Mapping[str, Any]) -> None:
        o = hand.get("ohh")
        if not isinstance(o, Mapping):
            raise OhhError('not an {"ohh": ...} object')
        self.o = o
        own = o.get("croupier")
        self.own: Mapping[str, Any] = own if isinstance(own, Mapping) else {}

    def history(self) -> HandHistory:
        o = self.o
        players = [p for p in o["players"] if not p.get("is_sitting_out")]
        n = len(players)
        if not 2 <= n <= 10:
            raise OhhError(f"{n} players: a hand needs 2 to 10")
        dealer = int(o["dealer_seat"])
        by_seat = sorted(players, key=lambda p: int(p["seat"]))
        after = [p for p in by_seat if int(p["seat"]) > dealer]
        order = after + [p for p in by_seat if int(p["seat"]) <= dealer]
        pos = {int(p["id"]): i for i, p in enumerate(order)}
        if len(pos) != n:
            raise OhhError("two players share an id")
        amounts = [_dec(p["starting_stack"]) for p in order]
        actions = [a for rnd in o["rounds"] for a in rnd["actions"]]
        amounts += [_dec(a["amount"]) for a in actions if a.get("amount") is not None]
        amounts += [_dec(x) for x in (o.get("big_blind_amount"), o.get("small_blind_amount")) if x]
        pots = o["pots"]
        amounts += [_dec(p["amount"]) for p in pots]
        amounts += [_dec(w["win_amount"]) for p in pots for w in p.get("player_wins") or ()]
        scale = int(self.own.get("unit_scale", 0)) or _scale(amounts)

        def chips(x: Any) -> int:
            if type(x) is int and scale == 1 and x >= 0:
                return x
            v = _dec(x) * scale
            if v != v.to_integral_value():
                raise OhhError(f"amount {x} is not a whole number of units of 1/{scale}")
            return int(v)

        blinds, antes, dead = [0] * n, [0] * n, [0] * n
        out: list[Action] = []
        put = [0] * n  # each player's total in the pot, for the finishing stacks
        wagered = [0] * n  # of it, blinds and bets (antes and dead blinds are no wager)
        street_in = [0] * n
        expected = ("Preflop", "Flop", "Turn", "River")
        for k, rnd in enumerate(o["rounds"]):
            street = rnd["street"]
            if street == "Showdown":
                if k != len(o["rounds"]) - 1:
                    raise OhhError("the Showdown round is not the last")
            elif k >= 4 or street != expected[k] or int(rnd["id"]) != k:
                raise OhhError(
                    f"round {k} is {street!r} (id {rnd['id']}), not {expected[min(k, 3)]!r}"
                )
            if k:
                street_in = [0] * n
                if street != "Showdown":
                    out.append(PhhDealBoard(tuple(_cards(rnd.get("cards")))))
            for a in rnd["actions"]:
                what = a["action"]
                p = pos.get(int(a["player_id"]))
                if p is None:
                    raise OhhError(f"action {a['action_number']}: no player {a['player_id']}")
                x = chips(a["amount"]) if a.get("amount") is not None else 0
                if what in ("Post SB", "Post BB", "Straddle", "Post Extra Blind"):
                    if k or blinds[p]:
                        raise OhhError(f"action {a['action_number']}: a blind out of its place")
                    blinds[p] = x
                    street_in[p] += x
                elif what == "Post Ante":
                    antes[p] += x
                elif what == "Post Dead":
                    dead[p] += x
                elif what == "Dealt Cards":
                    cards = tuple(_cards(a.get("cards")))
                    hole = self._hole_count()
                    if len(cards) not in (0, hole):
                        raise OhhError(f"action {a['action_number']}: {len(cards)} hole cards")
                    out.append(PhhDealHole(p + 1, cards or (None,) * hole))
                    continue
                elif what == "Fold":
                    out.append(PhhFold(p + 1))
                elif what in ("Check", "Call"):
                    out.append(PhhCheckCall(p + 1))
                    street_in[p] += x
                elif what in ("Bet", "Raise"):
                    if x <= 0:
                        raise OhhError(f"action {a['action_number']}: a {what.lower()} of {x}")
                    street_in[p] += x
                    out.append(PhhBetRaise(p + 1, street_in[p]))
                elif what == "Shows Cards":
                    out.append(PhhShowMuck(p + 1, tuple(_cards(a["cards"]))))
                elif what == "Mucks Cards":
                    out.append(PhhShowMuck(p + 1, None))
                else:
                    raise OhhError(f"action {a['action_number']}: {what!r} is not in scope")
                put[p] += x
                if what not in ("Post Ante", "Post Dead"):
                    wagered[p] += x
        wins = [0] * n
        total = 0
        for pot in pots:
            total += chips(pot["amount"])
            for w in pot.get("player_wins") or ():
                wins[pos[int(w["player_id"])]] += chips(w["win_amount"])
        # the uncalled part of the last bet goes back (OHH records pots, not the return)
        back = sum(put) - total
        top = max(range(n), key=lambda i: wagered[i])
        stacks = [chips(p["starting_stack"]) for p in order]
        finishing: list[int] | None = [
            stacks[i] - put[i] + wins[i] + (back if i == top else 0) for i in range(n)
        ]
        extra: dict[str, Any] = {}
        if back < 0 or min(finishing or [0]) < 0:  # the replay says which action is wrong
            finishing = None
            extra[UNBALANCED] = "the pots hold more than the players put in"
        if n == 2 and self._button_posts_small():
            blinds.reverse()  # PHH lists heads-up blinds small first; the engine swaps them
            antes.reverse()
        variant, fixed = self._variant()
        bb = chips(o["big_blind_amount"]) if o.get("big_blind_amount") is not None else 0
        config = self.own.get("config")
        if isinstance(config, Mapping):
            extra["_croupier_rulebook"] = str(self.own.get("rulebook", ""))
            extra[KEY] = dict(config)
        if any(dead) and KEY not in extra:
            raise OhhError("dead blinds ('Post Dead') are in scope only in croupier's own hands")
        if any(dead):
            extra[KEY]["dead"] = dead
        antes_dead = bool(self.own.get("antes_dead", False))
        return HandHistory(
            variant=variant,
            antes=tuple(antes),
            ante_trimming_status=not antes_dead,
            blinds_or_straddles=tuple(blinds),
            min_bet=None if fixed else bb,
            small_bet=bb if fixed else None,
            big_bet=2 * bb if fixed else None,
            starting_stacks=tuple(stacks),
            actions=tuple(out),
            finishing_stacks=None if finishing is None else tuple(finishing),
            unit_scale=scale,
            hand=str(o.get("game_number", "")),
            table=str(o.get("table_name", "")),
            players=tuple(str(p["name"]) for p in order),
            seats=tuple(int(p["seat"]) for p in order),
            extra=extra,
        )

    def _button_posts_small(self) -> bool:
        """Heads-up, whether the button posts the small blind: the recorded rulebook's rule
        (dunedin-house 95; qld-holdem-2005 s23 has the next player post it), else the usual."""
        from croupier.rules import Rulebook, UnknownRulebook, find_rulebook

        try:
            rb: Rulebook | None = find_rulebook(str(self.own.get("rulebook", "")))
        except UnknownRulebook:
            rb = None  # a history from another room: the usual rule
        changes = (self.own.get("config") or {}).get("rulebook") or {}
        flag = changes.get("heads_up_button_small_blind")
        if isinstance(flag, bool):
            return flag
        return True if rb is None else rb.heads_up_button_small_blind

    def _hole_count(self) -> int:
        return 4 if str(self.o["game_type"]).startswith("Omaha") else 2

    def _variant(self) -> tuple[str, bool]:
        v = self.own.get("variant")
        gt, bt = self.o["game_type"], self.o["bet_limit"]["bet_type"]
        std = {("Holdem", "NL"): "NT", ("Holdem", "FL"): "FT", ("Omaha", "PL"): "PO"}
        std[("OmahaHiLo", "FL")] = "FO/8"
        code = v if isinstance(v, str) else std.get((gt, bt))
        if code is None:
            raise OhhError(f"{gt} {bt} is not in scope (no-limit or fixed-limit hold'em, "
                           "pot-limit Omaha, fixed-limit Omaha hi/lo)")  # fmt: skip
        return code, bt == "FL"


_CARDS: dict[str, Card] = {}


def _cards(names: Any) -> list[Card]:
    """OHH card strings as cards (a card string is checked once, then looked up)."""
    out = []
    for name in names or ():
        c = _CARDS.get(name) if isinstance(name, str) else None
        if c is None:
            parsed = parse_cards(str(name))
            if len(parsed) != 1:
                raise OhhError(f"{name!r} is not one card")
            c = _CARDS[str(name)] = parsed[0]
        out.append(c)
    return out


def _dec(x: Any) -> Decimal:
    if type(x) is int:
        if x < 0:
            raise OhhError(f"amount {x!r} is not a finite amount of chips")
        return Decimal(x)
    if isinstance(x, bool) or not isinstance(x, int | float | Decimal | str):
        raise OhhError(f"amount {x!r} is not a number")
    d = Decimal(str(x)) if not isinstance(x, Decimal) else x
    if not d.is_finite() or d < 0:
        raise OhhError(f"amount {x!r} is not a finite amount of chips")
    return d


def _scale(amounts: Sequence[Decimal]) -> int:
    if all(a == a.to_integral_value() for a in amounts):
        return 1
    for e in range(7):
        k: int = 10**e
        if all((a * k) == (a * k).to_integral_value() for a in amounts):
            return k
    raise OhhError("amounts finer than a millionth")


def hands_in(text: str, source: str = "<ohh>") -> Iterator[HandHistory]:
    """Each hand of an OHH file as a PHH history."""
    for i, h in enumerate(loads(text, source=source)):
        try:
            yield to_history(h)
        except OhhError as e:
            raise OhhError(f"{source}: hand {i + 1}: {e}") from None
