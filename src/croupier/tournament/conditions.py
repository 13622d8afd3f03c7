"""A tournament's conditions: what the operator publishes before entries are taken.

qld-tournament-2020 1 and act-omaha-2017 20.3 list what the conditions must say: date and time,
entry and administration fee, commission, buy-in, re-entries, re-buys and add-ons, betting
format, maximum entrants, starting stack, the blind levels and their duration. croupier reads
them from a TOML file (:func:`load_conditions`) and refuses a file that is incomplete or
contradicts the rules, with an error naming the field and the problem.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from croupier.round.games import HOLDEM, Game
from croupier.round.structures import Structure
from croupier.rules import Rulebook
from croupier.rules.tournament import TOURNAMENT_RULES as _BOOKS
from croupier.rules.tournament import find_tournament_rules

TOURNAMENT_RULES = tuple(_BOOKS)
GAMES = ("holdem", "omaha", "short-deck")
STRUCTURES = ("no-limit", "full-pot", "half-pot", "fixed")

# What a conditions file may ask for: beyond these a file is refused rather than allowed to make
# croupier register millions of players or carry amounts past exact 64-bit arithmetic. They are
# croupier's bounds, well above any event the rulebooks' card rooms run.
MAX_ENTRANTS = 10_000
MAX_AMOUNT = 10**12  # any fee, price, prize, stack, blind or chip
MAX_LEVELS = 200
MAX_MINUTES = 24 * 60  # one level
MAX_LIST = 100  # chip denominations, payouts per hundred, special rounds, flights
MAX_PURCHASES = 100  # re-entries, re-buys or add-ons per player


class ConditionsError(ValueError):
    """A conditions file that cannot run: names the field and the problem."""

    def __init__(self, field_name: str, problem: str) -> None:
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name
        self.problem = problem


@dataclass(frozen=True)
class Level:
    """A blind level, or a break (``is_break``). ``colour_up``: the chip denomination taken out
    of play at the end of this level, raced off (qld-tournament-2020 4.40; dunedin-house 87)."""

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: int = 0
    minutes: int = 0
    is_break: bool = False
    colour_up: int | None = None

    @property
    def seconds(self) -> int:
        return self.minutes * 60


@dataclass(frozen=True)
class Purchase:
    """A re-entry, re-buy or add-on: its price to the prize pool, administration fee, chips,
    how many each player may make, and the levels when it may be made (1-based, inclusive)."""

    price: int
    chips: int
    admin_fee: int = 0
    max_per_player: int = 1
    from_level: int = 1
    until_level: int = 1
    stack_at_most: int | None = None  # re-buy only with this many chips or fewer (dunedin gl.)


@dataclass(frozen=True)
class SpecialRound:
    """An elimination round (qld-tournament-2020 4.22) or bonus round (4.45(5)) announced at
    every table for the first hand of blind level ``level``; a bonus round adds ``chips`` to
    the pot and/or a cash ``prize`` for its winner."""

    level: int
    kind: str
    chips: int = 0
    prize: int = 0


@dataclass(frozen=True)
class Flights:
    """Multi-flight days: each starting flight plays until ``survivors`` players remain (or
    ``survive_fraction`` of its entries); every survivor then plays the final day."""

    names: tuple[str, ...]
    survive_fraction: float = 0.0
    survivors: int = 0


@dataclass(frozen=True)
class Conditions:
    """Everything a tournament is run by; see the module docstring and ``examples/tournaments``.

    Money (fees, prices, prizes) is whole currency units; chips are tournament chips (no value,
    qld-tournament-2020 2 "Tournament Chips").
    """

    name: str
    start: datetime
    rules: str
    entry_fee: int
    starting_stack: int
    levels: tuple[Level, ...]
    admin_fee: int = 0
    commission: int = 0  # per entry, retained from the entry fee (act-omaha-2017 20.22)
    max_entrants: int = 1000
    alternates: int = 0  # qld-tournament-2020 3.6
    table_size: int = 9
    final_table_size: int = 9
    game: str = "holdem"
    short_deck_option: str = "A"
    structure: str = "no-limit"
    chips: tuple[int, ...] = (25, 100, 500, 1000, 5000)
    added_prize: int = 0  # qld-tournament-2020 4.5
    bounty: int = 0  # a fixed bounty per entry, paid on top of the entry fee
    payout_unit: int = 1
    payouts: tuple[int, ...] = ()  # percent (tenths of a percent with payout_per_mille)
    payout_per_mille: bool = False
    late_registration_levels: int = 0
    provisional_elimination_level: int = 4  # qld-tournament-2020 4.14
    members_only: bool = True  # qld-tournament-2020 3.2
    minimum_age: int = 18  # qld-tournament-2020 3.13
    re_entry: Purchase | None = None
    rebuy: Purchase | None = None
    add_on: Purchase | None = None
    satellite_seat_value: int = 0
    satellite_target: str = ""
    heads_up_matches: int = 0  # best of three: 3 (qld-tournament-2020 4.45)
    flights: Flights | None = None
    hand_for_hand: bool = True  # qld-tournament-2020 4.20
    clock_seconds: int = 60  # qld-tournament-2020 4.26: one minute once "time" is called
    special_rounds: tuple[SpecialRound, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def rulebook(self) -> Rulebook:
        """The round rulebook of the tournament's tables, heads-up as the tournament rules say:
        the button posts the first blind and acts first before the flop (qld-tournament-2020
        4.35; act-omaha-2017 20.20; dunedin-house 95)."""
        from dataclasses import replace

        return replace(find_tournament_rules(self.rules).tables, heads_up_button_small_blind=True)

    @property
    def game_rules(self) -> Game:
        if self.game == "omaha":
            return Game.omaha_game()
        if self.game == "short-deck":
            return Game.short_deck(self.short_deck_option)
        return HOLDEM

    def structure_for(self, level: Level) -> Structure:
        if self.structure == "fixed":
            return Structure.fixed_limit(level.big_blind, 2 * level.big_blind)
        if self.structure == "no-limit":
            return Structure.no_limit()
        return Structure.pot_limit(half=self.structure == "half-pot")

    @property
    def play_levels(self) -> tuple[Level, ...]:
        return tuple(lv for lv in self.levels if not lv.is_break)

    @property
    def fees_per_entry(self) -> int:
        return self.entry_fee + self.admin_fee + self.bounty


# ----------------------------------------------------------------------------------------------
# Reading and checking


class _Fields:
    """Typed access to one TOML table, naming each field by its dotted path in errors."""

    def __init__(self, data: Mapping[str, Any], path: str, known: set[str]) -> None:
        self.data = data
        self.path = path
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConditionsError(self.name(unknown[0]), "unknown field (a misspelling?)")

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise ConditionsError(self.name(key), "missing (required)")
            return default
        value = self.data[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok, value = True, float(value)
        if not ok:
            raise ConditionsError(
                self.name(key), f"must be {_KIND_NAMES.get(kind, kind.__name__)}, not {value!r}"
            )
        return value

    def count(
        self, key: str, default: Any = ..., minimum: int = 0, maximum: int = MAX_AMOUNT
    ) -> int:
        value: int = self.get(key, int, default)
        if value < minimum:
            raise ConditionsError(self.name(key), f"must be at least {minimum}, not {value}")
        if value > maximum:
            raise ConditionsError(
                self.name(key), f"must be at most {maximum:,} (croupier's bound), not {value:,}"
            )
        return value

    def items(self, key: str, default: Any = ..., maximum: int = MAX_LIST) -> list[Any]:
        """A list field of at most ``maximum`` items."""
        value: list[Any] = self.get(key, list, default)
        if len(value) > maximum:
            raise ConditionsError(
                self.name(key), f"has {len(value):,} items; croupier's bound is {maximum}"
            )
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> str:
        value: str = self.get(key, str, default)
        if value not in options:
            raise ConditionsError(
                self.name(key), f"must be one of {', '.join(options)}, not {value!r}"
            )
        return value


_KIND_NAMES = {int: "a whole number", str: "text", bool: "true or false", float: "a number"}

_TOP = {
    "name", "date", "rules", "entry_fee", "admin_fee", "commission", "starting_stack", "levels",
    "max_entrants", "alternates", "table_size", "final_table_size", "game", "short_deck_option",
    "structure", "chips", "added_prize", "bounty", "payout_unit", "payouts", "payout_per_mille",
    "late_registration_levels", "provisional_elimination_level", "members_only", "minimum_age",
    "re_entry", "rebuy", "add_on", "satellite", "heads_up", "flights", "hand_for_hand",
    "clock_seconds", "special_rounds", "extra",
}  # fmt: skip
_LEVEL = {"small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "break", "colour_up"}
_PURCHASE = {"price", "chips", "admin_fee", "max_per_player", "from_level", "until_level",
             "stack_at_most"}  # fmt: skip


def load_conditions(path: str | Path) -> Conditions:
    """Read and check a TOML conditions file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConditionsError("file", f"cannot read {p}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ConditionsError("file", f"{p} is not UTF-8 text (byte {e.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConditionsError("file", f"{p} is not valid TOML: {e}") from None
    return parse_conditions(data)


def parse_conditions(data: Mapping[str, Any]) -> Conditions:
    """Check a conditions mapping (a parsed TOML file) and build :class:`Conditions`."""
    f = _Fields(data, "", _TOP)
    name = f.get("name", str).strip()
    if not name:
        raise ConditionsError("name", "must not be empty (the result log names it)")
    start = _date(f)
    rules = f.choice("rules", tuple(_BOOKS))  # those registered now
    entry_fee = f.count("entry_fee", minimum=0)
    admin_fee = f.count("admin_fee", 0)
    commission = f.count("commission", 0)
    if commission and not find_tournament_rules(rules).commission_allowed:
        raise ConditionsError(
            "commission",
            f"{rules} tournaments retain no tournament commission "
            f"({find_tournament_rules(rules).charges_clause})",
        )
    if commission > entry_fee:
        raise ConditionsError("commission", f"{commission} exceeds the entry fee {entry_fee}")
    stack = f.count("starting_stack", minimum=1)
    chips = _chips(f)
    levels = _levels(f, chips)
    played = sum(1 for lv in levels if not lv.is_break)
    game = f.choice("game", GAMES, "holdem")
    option = f.choice("short_deck_option", ("A", "B"), "A")
    structure = f.choice("structure", STRUCTURES, "no-limit")
    book = find_tournament_rules(rules)
    if not book.tables.no_limit_allowed and structure == "no-limit":
        # qld-tournament-2020 4.1: the Queensland hold'em rules apply; they have no no-limit.
        raise ConditionsError(
            "structure",
            f"{book.id} tournaments play under {book.tables.id}, which has no no-limit betting; "
            "choose full-pot, half-pot or fixed",
        )
    if game == "omaha" and game not in book.games:
        raise ConditionsError("game", f"{book.id} governs {', '.join(book.games)} tournaments")
    if game == "short-deck" and game not in book.games:
        raise ConditionsError("game", f"{book.id} does not govern short-deck tournaments")
    table_size = f.count("table_size", 9, minimum=2)
    if table_size > 10:
        raise ConditionsError("table_size", f"a table seats at most 10, not {table_size}")
    final = f.count("final_table_size", table_size, minimum=2)
    if final > table_size:
        raise ConditionsError("final_table_size", f"{final} exceeds table_size {table_size}")
    unit = f.count("payout_unit", 1, minimum=1)
    per_mille = f.get("payout_per_mille", bool, False)
    payouts = _payouts(f, per_mille)
    max_entrants = f.count("max_entrants", 1000, minimum=2, maximum=MAX_ENTRANTS)
    if stack % chips[0]:
        raise ConditionsError("starting_stack", f"{stack} is not a multiple of the {chips[0]} chip")
    cond = Conditions(
        name=name,
        start=start,
        rules=rules,
        entry_fee=entry_fee,
        starting_stack=stack,
        levels=levels,
        admin_fee=admin_fee,
        commission=commission,
        max_entrants=max_entrants,
        alternates=f.count("alternates", 0, maximum=MAX_ENTRANTS),
        table_size=table_size,
        final_table_size=final,
        game=game,
        short_deck_option=option,
        structure=structure,
        chips=chips,
        added_prize=f.count("added_prize", 0),
        bounty=f.count("bounty", 0),
        payout_unit=unit,
        payouts=payouts,
        payout_per_mille=per_mille,
        late_registration_levels=f.count("late_registration_levels", 0, maximum=MAX_LEVELS),
        provisional_elimination_level=f.count(
            "provisional_elimination_level", 4, minimum=1, maximum=MAX_LEVELS
        ),
        members_only=f.get("members_only", bool, True),
        minimum_age=_age(f),
        re_entry=_purchase(f, "re_entry", played),
        rebuy=_purchase(f, "rebuy", played),
        add_on=_purchase(f, "add_on", played),
        satellite_seat_value=0,
        heads_up_matches=0,
        flights=_flights(f),
        hand_for_hand=f.get("hand_for_hand", bool, True),
        clock_seconds=f.count("clock_seconds", 60, minimum=1, maximum=MAX_MINUTES * 60),
        special_rounds=_special_rounds(f, played),
        extra=f.get("extra", dict, {}),
    )
    return _with_formats(f, cond)


def _date(f: _Fields) -> datetime:
    raw = f.data.get("date")
    if isinstance(raw, datetime):
        return raw.replace(tzinfo=None)
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw)
        except ValueError:
            pass
    if raw is None:
        raise ConditionsError("date", "missing: the tournament date")
    raise ConditionsError("date", f"must be a date and time like 2026-11-27T19:00, not {raw!r}")


def _age(f: _Fields) -> int:
    age = f.count("minimum_age", 18, maximum=150)
    if age < 18:
        raise ConditionsError("minimum_age", f"{age} is under 18")
    return age


def _chips(f: _Fields) -> tuple[int, ...]:
    raw = f.items("chips", [25, 100, 500, 1000, 5000])
    if not raw or not all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in raw):
        raise ConditionsError("chips", "must be a list of positive whole denominations")
    if max(raw) > MAX_AMOUNT:
        raise ConditionsError("chips", f"a chip is at most {MAX_AMOUNT:,} (croupier's bound)")
    chips = tuple(sorted(set(raw)))
    for low, high in itertools.pairwise(chips):
        if high % low:
            raise ConditionsError(
                "chips", f"{high} is not a multiple of {low}; colour-ups need whole chips (4.40)"
            )
    return chips


def _levels(f: _Fields, chips: tuple[int, ...]) -> tuple[Level, ...]:
    raw = f.items("levels", maximum=MAX_LEVELS)
    if not raw:
        raise ConditionsError("levels", "at least one blind level is required (qld-t 1(9))")
    levels: list[Level] = []
    in_play = list(chips)
    for i, item in enumerate(raw):
        path = f"levels[{i + 1}]"
        if not isinstance(item, dict):
            raise ConditionsError(path, "must be a table of small_blind, big_blind, minutes")
        lf = _Fields(item, path, _LEVEL)
        minutes = lf.count("minutes", minimum=1, maximum=MAX_MINUTES)
        colour = lf.get("colour_up", int, None)
        if colour is not None:
            if colour != in_play[0]:
                raise ConditionsError(
                    lf.name("colour_up"),
                    f"only the smallest chip in play ({in_play[0]}) can be raced off (4.40)",
                )
            if len(in_play) == 1:
                raise ConditionsError(
                    lf.name("colour_up"), "the largest chip cannot be coloured up (4.40)"
                )
        if lf.get("break", bool, False):
            levels.append(Level(minutes=minutes, is_break=True, colour_up=colour))
            if colour is not None:
                in_play.remove(colour)
            continue
        sb = lf.count("small_blind", minimum=0)
        bb = lf.count("big_blind", minimum=1)
        ante = lf.count("ante", 0)
        bba = lf.count("big_blind_ante", 0)
        if sb > bb:
            raise ConditionsError(lf.name("small_blind"), f"{sb} exceeds the big blind {bb}")
        if ante and bba:
            raise ConditionsError(path, "an ante and a big-blind ante cannot both apply")
        for key, amount in (("small_blind", sb), ("big_blind", bb), ("ante", ante),
                            ("big_blind_ante", bba)):  # fmt: skip
            if amount % in_play[0]:
                raise ConditionsError(
                    lf.name(key), f"{amount} cannot be paid in {in_play[0]} chips (the smallest)"
                )
        levels.append(Level(sb, bb, ante, bba, minutes, False, colour))
        if colour is not None:  # raced off at the end of this level
            in_play.remove(colour)
    if not any(not lv.is_break for lv in levels):
        raise ConditionsError("levels", "every level is a break; at least one must be played")
    return tuple(levels)


def _payouts(f: _Fields, per_mille: bool) -> tuple[int, ...]:
    raw = f.items("payouts", [], maximum=MAX_ENTRANTS)
    whole = 1000 if per_mille else 100
    if not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in raw):
        raise ConditionsError("payouts", "must be a list of positive whole percentages")
    if raw and sum(raw) != whole:
        raise ConditionsError(
            "payouts",
            f"shares add to {sum(raw)}, not {whole}: 100 % of the pool is returned",
        )
    if any(a < b for a, b in itertools.pairwise(raw)):
        raise ConditionsError("payouts", "a lower place cannot be paid more than a higher one")
    return tuple(raw)


def _purchase(f: _Fields, key: str, n_levels: int) -> Purchase | None:
    raw = f.get(key, dict, None)
    if raw is None:
        return None
    pf = _Fields(raw, key, _PURCHASE)
    first = pf.count("from_level", 1, minimum=1, maximum=MAX_LEVELS)
    last = pf.count("until_level", first, minimum=first, maximum=MAX_LEVELS)
    if last > n_levels:
        raise ConditionsError(pf.name("until_level"), f"there are only {n_levels} blind levels")
    at_most = pf.count("stack_at_most", None) if "stack_at_most" in raw else None
    return Purchase(
        price=pf.count("price", minimum=0),
        chips=pf.count("chips", minimum=1),
        admin_fee=pf.count("admin_fee", 0),
        max_per_player=pf.count("max_per_player", 1, minimum=1, maximum=MAX_PURCHASES),
        from_level=first,
        until_level=last,
        stack_at_most=at_most,
    )


def _flights(f: _Fields) -> Flights | None:
    raw = f.get("flights", dict, None)
    if raw is None:
        return None
    ff = _Fields(raw, "flights", {"names", "survive_fraction", "survivors"})
    names = ff.items("names")
    if len(names) < 2 or not all(isinstance(n, str) and n for n in names):
        raise ConditionsError("flights.names", "a multi-flight tournament needs two or more")
    if len(set(names)) != len(names):
        raise ConditionsError("flights.names", "flight names must differ")
    fraction = ff.get("survive_fraction", float, 0.0)
    survivors = ff.count("survivors", 0, maximum=MAX_ENTRANTS)
    if not (0.0 < fraction < 1.0) and survivors < 1:
        raise ConditionsError(
            "flights", "give survive_fraction (between 0 and 1) or survivors (at least 1)"
        )
    return Flights(tuple(names), fraction, survivors)


def _special_rounds(f: _Fields, played: int) -> tuple[SpecialRound, ...]:
    raw = f.items("special_rounds", [])
    out = []
    for i, item in enumerate(raw):
        path = f"special_rounds[{i + 1}]"
        if not isinstance(item, dict):
            raise ConditionsError(path, "must be a table of level, kind, chips, prize")
        sf = _Fields(item, path, {"level", "kind", "chips", "prize"})
        level = sf.count("level", minimum=1)
        if level > played:
            raise ConditionsError(sf.name("level"), f"there are only {played} blind levels")
        kind = sf.choice("kind", ("elimination", "bonus"))
        chips, prize = sf.count("chips", 0), sf.count("prize", 0)
        if kind == "bonus" and not (chips or prize):
            raise ConditionsError(path, "a bonus round adds chips or a prize (4.45(5))")
        out.append(SpecialRound(level, kind, chips, prize))
    return tuple(out)


def _with_formats(f: _Fields, cond: Conditions) -> Conditions:
    from dataclasses import replace

    sat = f.get("satellite", dict, None)
    if sat is not None:
        sf = _Fields(sat, "satellite", {"seat_value", "target"})
        cond = replace(
            cond,
            satellite_seat_value=sf.count("seat_value", minimum=1),
            satellite_target=sf.get("target", str),
        )
    hu = f.get("heads_up", dict, None)
    if hu is not None:
        hf = _Fields(hu, "heads_up", {"matches"})
        matches = hf.count("matches", 3)
        if matches != 3:
            raise ConditionsError(
                "heads_up.matches",
                "a heads-up round is best of three",
            )
        cond = replace(cond, heads_up_matches=matches)
    if cond.add_on is not None and cond.rebuy is None and cond.re_entry is None:
        raise ConditionsError("add_on", "an add-on is sold at the end of the re-buy period (4.22)")
    return _glossary_purchases(_fixed_by_rules(cond))


def _fixed_by_rules(cond: Conditions) -> Conditions:
    """What the rules fix themselves and a conditions file may not change: qld-tournament-2020's
    clock gives "one minute to act" (4.26), and provisional elimination waits for "the
    completion of Level 4" (4.14; a director may wait longer, not less)."""
    book = find_tournament_rules(cond.rules)
    fixed = book.fixed_clock_seconds
    if fixed is not None and cond.clock_seconds != fixed:
        raise ConditionsError(
            "clock_seconds",
            f"{book.clock_requested_clause} gives {fixed} s to act, not {cond.clock_seconds} s",
        )
    if cond.provisional_elimination_level < book.earliest_provisional_elimination:
        raise ConditionsError(
            "provisional_elimination_level",
            f"{book.provisional_clause}: not before the completion of level "
            f"{book.earliest_provisional_elimination}",
        )
    return cond


def _glossary_purchases(cond: Conditions) -> Conditions:
    """The purchases as a glossary defines them (dunedin-house's). Re-buy: "whenever the
    entrant has less than or equal to the starting bank of chips", the limit unless the
    conditions set a lower one. Add-on: "a once-only purchase"."""
    from dataclasses import replace

    book = find_tournament_rules(cond.rules)
    if book.add_on_once_only and cond.add_on is not None and cond.add_on.max_per_player > 1:
        raise ConditionsError(
            "add_on.max_per_player",
            f'{book.add_on_clause}: an add-on is "a once-only purchase"',
        )
    rebuy = cond.rebuy
    if book.rebuy_at_most_starting_stack and rebuy is not None:
        limit = rebuy.stack_at_most
        if limit is not None and limit > cond.starting_stack:
            raise ConditionsError(
                "rebuy.stack_at_most",
                f"{book.rebuy_limit_clause}: only with at most the starting bank "
                f"({cond.starting_stack}), not {limit}",
            )
        if limit is None:
            cond = replace(cond, rebuy=replace(rebuy, stack_at_most=cond.starting_stack))
    return cond
