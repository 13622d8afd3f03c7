"""The store's codec: every event type of the core reads back equal from its canonical JSON.

Event types are discovered as the subclasses of the core's event base classes; instances come
from real play (tables, rounds, a room) where a type's fields must be valid together, and from
hypothesis's ``from_type`` for the rest.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import json
import pkgutil
import random
import warnings
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import strategies as st

import croupier
from croupier.cards import Card, Deck
from croupier.hands.orders import HandOrder
from croupier.room import AtTable as AtTableCmd
from croupier.room import AtUth, OpenTable, OpenUthTable, Room, TakeSeat, UthBuyIn, UthCashOut
from croupier.room.events import AtTableEvent
from croupier.room.uth_tables import AtUthEvent
from croupier.round.events import PlayRestricted
from croupier.round.games import Split
from croupier.service.store import codec
from croupier.service.store.significant import What
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.events import Notice, NoticeKind, TableCheckpoint, TableRoundVoided
from croupier.table.presets import preset
from croupier.table.table import Table
from croupier.uth.commands import Bet, Check, Deal, Fold, PlaceWagers, SettleAll
from croupier.uth.events import UthRoundVoided
from croupier.uth.game import DECK as UTH_DECK
from croupier.uth.game import TableState, UthConfig
from croupier.uth.limits import TableLimits
from croupier.uth.played import StartUthRound
from croupier.uth.table import RoundRecorded, Shuffled
from croupier.views import actor_view
from support.room import follow_balance
from support.tournament import started

BASES = (
    "croupier.round.events:Event",
    "croupier.table.events:TableEvent",
    "croupier.tournament.events:TEvent",
    "croupier.uth.events:UthEvent",
    "croupier.uth.table:TableEvent",
    "croupier.uth.tournament_events:TEvent",
    "croupier.room.events:RoomEvent",
)


def _load(name: str) -> type:
    module, _, qual = name.partition(":")
    obj = importlib.import_module(module)
    for part in qual.split("."):
        obj = getattr(obj, part)
    assert isinstance(obj, type)
    return obj


@cache
def event_types() -> tuple[type, ...]:
    """Every concrete event class of the core (the classes its modules name)."""
    for m in pkgutil.walk_packages(croupier.__path__, "croupier."):
        if not any(x in m.name for x in (".cli", ".service", ".bench", "kernel", "analyze")):
            importlib.import_module(m.name)
    found: dict[str, type] = {}
    todo = [_load(b) for b in BASES]
    bases = set(todo)
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            module = importlib.import_module(sub.__module__)
            if getattr(module, sub.__qualname__, None) is sub and sub not in bases:
                found[codec.type_name(sub)] = sub
    return tuple(found[k] for k in sorted(found))


@cache
def played() -> dict[type, list[object]]:
    """Events from real play: rounds at tables under each rulebook, and a room."""
    out: dict[type, list[object]] = {}
    rng = random.Random(5)
    for rules in ("qld-holdem-2005", "act-omaha-2017", "dunedin-house"):
        cfg = preset(rules, seats=4)
        room = Room()
        room.apply(OpenTable("t", cfg))
        room.apply(OpenUthTable("u", UthConfig(TableLimits(5, 500))))
        for i in range(4):
            room.apply(TakeSeat(f"p{i}", "t", i + 1, cfg.stakes.min_table_stake * 2))
        t: Table = room.tables["t"]
        shoe = Shoe(cfg.game.deck, seed=3)
        bot = make_bot("random")
        for _ in range(8):
            start = AtTableCmd("t", StartRound(shoe.shuffle().order))
            if room.why_illegal(start) is not None:  # too few players left
                break
            room.apply(start)
            r = t.round
            while r is not None and not r.is_over:
                room.apply(AtTableCmd("t", Act(bot.act(actor_view(r), rng))))
            if r is not None:
                for e in r.events:
                    out.setdefault(type(e), []).append(e)
        # a checkpoint as a table with a sink writes one (compiled with mypyc, the class keeps
        # too little of its annotations for hypothesis to build one)
        if t.round is None:
            out.setdefault(TableCheckpoint, []).append(t.checkpoint())
        play_uth(room, Shoe(UTH_DECK, seed=4), rng)
        for e in room.events:
            out.setdefault(type(e), []).append(e)
            if isinstance(e, AtTableEvent | AtUthEvent):
                out.setdefault(type(e.event), []).append(e.event)
    for e in _run_tournament():
        out.setdefault(type(e), []).append(e)
    for e in _run_uth_tournament():
        out.setdefault(type(e), []).append(e)
    return out


def play_uth(room: Room, shoe: Shoe, rng: random.Random) -> None:
    """Rounds at the room's UTH table "u": buy-ins, wagers, decisions, settlement, cash-outs."""
    for p in ("a", "b"):
        room.apply(UthBuyIn(p, "u", 500))
    room.apply(UthBuyIn("a", "u", 100))
    for _ in range(4):
        deck = shoe.shuffle()
        room.apply(AtUth("u", StartUthRound(deck.order, deck.commitment)))
        for box, p in enumerate(("a", "b"), start=1):
            room.apply(AtUth("u", PlaceWagers(box, p, 10, 10, 5)))
        room.apply(AtUth("u", Deal()))
        r = room.uth["u"].play.round
        while r is not None and r.legal_actions():
            d = r.legal_actions()[0]
            cmd = Bet(d.box, d.multiples[0]) if d.multiples and rng.random() < 0.5 else Fold(d.box)
            room.apply(AtUth("u", cmd if d.can_fold else SettleAll()))
        if r is not None and not r.is_over:
            room.apply(AtUth("u", SettleAll()))
    room.apply(UthCashOut("a", "u", 10))
    room.apply(UthCashOut("b", "u", room.uth["u"].play.table.chips["b"]))


def _run_uth_tournament() -> list[object]:
    """A room running a UTH tournament: opened, entries at the cage, the ballot, one round at
    each table played to its record, the places awarded and a prize paid."""
    from croupier.room import uth_tournaments as ut
    from croupier.uth import tournament_commands as utc
    from croupier.uth.tournament import Status

    room = Room()
    room.apply(ut.OpenUthTournament("ut", 110, 10, 1000, 100, 500, 1, (100,), "rounds", 2))
    for p in "abcd":
        room.apply(ut.EnterUthTournament(p, "ut", 1))
    room.apply(ut.DrawUthSeats("ut", 2, seed=3))
    acc = room.uth_tournaments["ut"]
    for n in (1, 2):
        room.apply(ut.RunUthTournament("ut", utc.BeginRound(n), 3))
        tbl = acc.run.tables[n]
        while tbl.status is Status.WAGERING:
            p = tbl.order[tbl.asked]
            if p not in tbl.wagers:
                room.apply(ut.RunUthTournament("ut", utc.PlaceWager(p, 100), 3))
            room.apply(ut.RunUthTournament("ut", utc.AskNext(n), 3))
        deck = Shoe(UTH_DECK, seed=n).shuffle()
        room.apply(ut.DealUthTournamentRound("ut", n, 4, deck.order, deck.commitment))
        while n in acc.rounds:
            r = acc.rounds[n]
            pending = [d for d in r.legal_actions() if d.box in r.pending()]
            cmd = Check(pending[0].box) if pending and pending[0].can_check else None
            if pending and cmd is None:
                cmd = Bet(pending[0].box, 1) if pending[0].multiples else Fold(pending[0].box)
            room.apply(ut.UthTournamentDecision("ut", cmd or SettleAll(), n, 5))
    room.apply(ut.RunUthTournament("ut", utc.AwardPlaces(), 6))
    winner = next(p for p in "abcd" if acc.owed(p))
    room.apply(ut.PayUthPrize(winner, "ut", acc.owed(winner), 7))
    assert room.ledger().conserved and acc.balanced()
    assert follow_balance(room.events) == len(room.events)  # the running ledger: its accounts
    return [*room.events, *(e.event for e in room.events if isinstance(e, ut.AtUthTournamentEvent))]


def _run_tournament() -> list[object]:
    """A room running a tournament: opened on its conditions, entries and a re-buy at the
    cage, the start, a hand recorded."""
    from croupier.room import EnterTournament, OpenTournament, TournamentTerms
    from croupier.room.tournaments import AtTournament, TournamentBuy
    from croupier.round import Fold, Round
    from croupier.tournament import commands as tc
    from croupier.tournament import load_conditions

    conditions = load_conditions(Path(__file__).parents[2] / "examples/tournaments/small.toml")
    room = Room()
    room.apply(OpenTournament("t", TournamentTerms("t", "holdem", 0), 10, conditions))
    for p in ("a", "b", "c"):
        room.apply(EnterTournament(p, "t", 10))
    shoe = Shoe(conditions.game_rules.deck, seed=2)
    room.apply(AtTournament("t", tc.Start(seed=1, cards=shoe.shuffle().order), 20))
    t = room.tournaments["t"].run
    assert t is not None
    plan = t.plan_hand(1, shoe.shuffle().order)
    r = Round(plan.config)
    while not r.is_over:
        assert r.actor is not None
        r.apply(Fold(r.actor))
    played = tc.PlayedHand(plan, r.config, tuple(r.events))
    room.apply(AtTournament("t", tc.RecordHands((played,)), 30))
    room.apply(TournamentBuy("a", "t", "rebuy", 40))
    # a hand the room deals and the players play (croupier.room.tournament_hands)
    from croupier.room.tournament_hands import DealTournamentHand, TournamentAct

    room.apply(DealTournamentHand("t", 1, shoe.shuffle().order, "c", "seeded:2", 41))
    live = room.tournaments["t"].live
    while 1 in live:
        actor = live[1].round.actor
        assert actor is not None
        room.apply(TournamentAct("t", 1, Fold(actor), 42))
    return list(room.events)


def built(cls: type, tries: int = 30) -> list[object]:
    """Instances hypothesis can build from the type's annotations (invalid ones skipped)."""
    st.register_type_strategy(Card, st.integers(0, 52).map(Card))
    st.register_type_strategy(Deck, st.just(Deck()))
    st.register_type_strategy(HandOrder, st.just(HandOrder.standard()))
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(tries):
            try:
                out.append(st.from_type(cls).example())
            except (ValueError, TypeError, AssertionError):
                continue
    return out


def shape(v: object) -> object:
    """``v``'s types, all the way down (sets and maps in a stable order)."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v), tuple(shape(getattr(v, f.name)) for f in dataclasses.fields(v)))
    if isinstance(v, list | tuple):
        return (type(v), tuple(shape(x) for x in v))
    if isinstance(v, set | frozenset):
        return (type(v), tuple(sorted(repr(shape(x)) for x in v)))
    if isinstance(v, Mapping):
        return (dict, tuple(sorted(repr((shape(k), shape(x))) for k, x in v.items())))
    return type(v)


def test_every_base_has_event_types() -> None:
    names = {codec.type_name(t) for t in event_types()}
    for base in BASES:
        module = base.partition(":")[0]
        assert any(n.startswith(module + ":") for n in names), base
    assert len(names) > 100


@pytest.mark.parametrize("cls", event_types(), ids=codec.type_name)
def test_round_trip(cls: type) -> None:
    examples = played().get(cls, []) or built(cls)
    assert examples, f"no instance of {codec.type_name(cls)} could be made"
    assert dataclasses.is_dataclass(cls)
    for x in examples[:50]:
        body = codec.envelope(x)
        back = codec.unwrap(body)
        assert type(back) is cls
        assert back == x
        assert shape(back) == shape(x)  # the fields' own types too (an enum is no plain str)
        assert codec.envelope(back) == body
        # the canonical bytes are the standard library's JSON, whoever writes them
        assert body == codec._stdlib_dumps({"e": codec.encode(x), "v": codec.VERSION})


def test_the_fast_writer_gives_way_where_it_would_differ() -> None:
    """Where orjson would write other bytes than the standard library (a float below 1e-4, an
    integer beyond 64 bits), the standard library's bytes are stored all the same."""
    for value in (1e-05, -2.5e-07, 10**30, 1.5, "1e-5 jane-doe", "é\u2028\x01\n", 5e-324):
        data = {"z": value, "a": [value]}
        assert codec._dumps(data) == codec._stdlib_dumps(data), value


def test_cards_enums_tuples_and_maps_keep_their_types() -> None:
    value = (Card(51), frozenset({Card(0), Card(1)}), {"b": 1, "a": (2, 3)}, [None, True, 1.5])
    back = codec.loads(codec.canonical(value))
    assert back == value
    assert codec.loads(codec.canonical(What.LOGIN)) is What.LOGIN  # a StrEnum
    when = (
        datetime.datetime(2026, 11, 26, 10, 0, tzinfo=datetime.UTC),
        datetime.datetime(2026, 11, 26, 10, 0),
        datetime.date(2026, 1, 2),
        datetime.timedelta(minutes=90),
        Fraction(1, 3),
        Decimal("0.05"),
    )
    back_when = codec.loads(codec.canonical(when))
    assert back_when == when and [type(x) for x in back_when] == [type(x) for x in when]
    assert back_when[0].tzinfo is not None and back_when[1].tzinfo is None
    assert codec.loads(codec.canonical(Split.HIGH)) is Split.HIGH
    assert type(back[0]) is Card and isinstance(back[1], frozenset)
    assert type(back[2]["a"]) is tuple
    assert codec.canonical({"b": 1, "a": 2}) == codec.canonical({"a": 2, "b": 1})


def test_renamed_types_read_back_under_their_old_names() -> None:
    for old, new in codec.ALIASES.items():
        cls = codec.resolve(new)
        assert codec.type_name(cls) == new
        assert codec.resolve(old) is cls
    for value, old in (
        (TableRoundVoided(3, "c", "misdeal"), "croupier.table.events:RoundVoided"),
        (UthRoundVoided("c", "m", (("a", 5),), -5), "croupier.uth.events:RoundVoided"),
    ):
        new = codec.type_name(type(value)).encode()
        body = codec.envelope(value)
        assert new in body
        assert codec.unwrap(body.replace(new, old.encode())) == value


def test_a_hand_plan_stored_under_dealing_reads_back() -> None:
    """A tournament's hand plan (held by a stored ``TournamentHandDealt``) was stored under
    ``croupier.tournament.hands`` before it moved beside the commands."""
    t = started(4)
    plan = t.plan_hand(min(t.tables))
    new = codec.type_name(type(plan)).encode()
    assert new == b"croupier.tournament.plan:HandPlan"
    body = codec.envelope(plan)
    assert codec.unwrap(body.replace(new, b"croupier.tournament.hands:HandPlan")) == plan


def test_a_notice_stored_before_its_kind_reads_back_with_it() -> None:
    """A notice's kind, once read from its clause, is a field: a notice stored without it reads
    back with the kind its message states; one stored with it reads back as it was."""
    away = Notice(
        "ann",
        "dunedin-house 18",
        "ann has been away more than 15 minutes and may lose the seat",
        NoticeKind.AWAY,
    )
    abstained = Notice(
        "bob",
        "act-omaha-2017 19.6",
        "bob has abstained for three rounds at a full table and may be required to vacate the seat",
        NoticeKind.ABSTAINED,
    )
    for notice in (away, abstained):
        body = codec.envelope(notice)
        assert codec.unwrap(body) == notice
        old = codec.encode(notice)
        del old["kind"]
        stored = json.dumps({"e": old, "v": codec.VERSION}).encode()
        assert b'"kind"' not in stored
        assert codec.unwrap(stored) == notice
    bad = codec.encode(away)
    bad["extra"] = 1
    with pytest.raises(codec.CodecError):
        codec.unwrap(json.dumps({"e": bad, "v": codec.VERSION}))


def test_a_stored_play_restriction_reads_back_with_what_its_clause_meant() -> None:
    """Before ``wager_stands``, a qld-tournament-2020 4.41(b) restriction was known by its
    clause alone: stored so, it reads back with a fold leaving the held wager in the pot."""
    name = "croupier.round.events:PlayRestricted"
    for clause, stands in (("qld-tournament-2020 4.41(b)", True), ("dunedin-house 74", False)):
        fields = f'"player": 2, "once": true, "clause": "{clause}"'
        old = f'{{"e": {{"$t": "{name}", {fields}}}, "v": 1}}'
        assert codec.unwrap(old.encode()) == PlayRestricted(2, True, clause, wager_stands=stands)
    new = PlayRestricted(1, True, "house-x 4.41(b)", wager_stands=True)
    assert codec.unwrap(codec.envelope(new)) == new


def test_a_stored_hand_order_reads_back_without_its_clause() -> None:
    """Orders stored when they cited their own clause read back; the short deck's stays one."""
    for order in (HandOrder.standard(), HandOrder.short_deck("B")):
        body = codec.envelope(order).replace(b'"name"', b'"clause": "x s8", "name"', 1)
        assert b'"clause"' in body
        back = codec.unwrap(body)
        assert back == order and back.is_short_deck == order.is_short_deck


@pytest.mark.parametrize(
    "text",
    [
        '{"e": {"$t": "os:system"}, "v": 1}',
        '{"e": {"$t": "croupier.cards:parse_cards"}, "v": 1}',
        '{"e": {"$t": "croupier.table.events:Nope"}, "v": 1}',
        '{"e": {"$t": "croupier.table.events:TableClosed", "x": 1}, "v": 1}',
        '{"e": {"$enum": "croupier.table.button:Status", "name": "NOPE"}, "v": 1}',
        '{"e": 1, "v": 2}',
        '{"e": {"$what": 1}, "v": 1}',
        '{"e": {"$card": 99}, "v": 1}',
        '{"e": {"$datetime": "yesterday"}, "v": 1}',
        '{"e": {"$fraction": [1, 0]}, "v": 1}',
        '{"e": {"$card": "As"}, "v": 1}',
        "[1, 2",
    ],
)
def test_foreign_or_malformed_json_is_refused(text: str) -> None:
    with pytest.raises(codec.CodecError):
        codec.unwrap(text)


def test_values_without_a_json_form_are_refused() -> None:
    with pytest.raises(codec.CodecError):
        codec.canonical(object())
    with pytest.raises(codec.CodecError):
        codec.canonical(float("nan"))


def _stored(value: object, drop: str) -> bytes:
    """``value`` as stored before its type had the field ``drop``."""
    data = codec.encode(value)
    assert isinstance(data, dict) and drop in data
    return codec._stdlib_dumps({"e": {k: v for k, v in data.items() if k != drop}, "v": 1})


@pytest.mark.parametrize(
    ("clause", "misdeal"),
    [
        ("act-uth-2025 13.2", True),
        ("act-uth-2025 13.6(a)", True),
        ("act-uth-2025 11.1", False),
        ("act-uth-2025 15.2", False),
    ],
)
def test_uth_voids_stored_before_the_misdeal_field_read_it_from_their_clause(
    clause: str, misdeal: bool
) -> None:
    voided = UthRoundVoided(clause, "m", (("a", 5),), 0, misdeal)
    assert codec.unwrap(_stored(voided, "misdeal")) == voided
    assert codec.unwrap(codec.envelope(voided)) == voided  # the new form as it is
    recorded = RoundRecorded(TableState({"a": 5}), (), clause, misdeal)
    assert codec.unwrap(_stored(recorded, "misdeal")) == recorded
    assert codec.unwrap(codec.envelope(recorded)) == recorded


@pytest.mark.parametrize(
    ("clause", "ordered"),
    [("act-uth-2025 6.1(a)", False), ("act-uth-2025 6.1(b)", False), ("act-uth-2025 6.1(c)", True)],
)
def test_uth_shuffles_stored_before_the_ordered_field_read_it_from_their_clause(
    clause: str, ordered: bool
) -> None:
    shuffled = Shuffled(clause, "why", "", 0, "", ordered)
    assert codec.unwrap(_stored(shuffled, "ordered")) == shuffled
    assert codec.unwrap(codec.envelope(shuffled)) == shuffled


def test_a_places_awarded_stored_before_its_winner_field_decodes_by_its_clause() -> None:
    """``PlacesAwarded`` gained ``winner`` (the last player's place, which ends no group): one
    stored without it is the winner's when it cites act-omaha-2017 20.18, as every winner's
    place then did, and a group's otherwise; the new form round-trips as it is."""
    from croupier.tournament.events import PlacesAwarded

    def stored_before(e: PlacesAwarded) -> object:
        data = codec.encode(e)
        assert isinstance(data, dict) and data.pop("winner") is e.winner
        return data

    won = PlacesAwarded((("p1", 1, 500, ""),), "act-omaha-2017 20.18")
    group = PlacesAwarded((("p2", 2, 300, ""), ("p3", 2, 300, "")), "qld-tournament-2020 4.19")
    assert codec.decode(stored_before(won)) == PlacesAwarded(won.awards, won.clause, True)
    assert codec.decode(stored_before(group)) == group
    derived = PlacesAwarded((("p1", 1, 500, ""),), "house-x house default (as x)", winner=True)
    assert codec.decode(codec.encode(derived)) == derived


def test_a_uth_tournament_deal_recorded_with_its_seed_reads_back_without_it() -> None:
    """A UTH tournament's deal was recorded with the ``seed`` its deck was shuffled from; the
    deck is sealed now and the record carries neither: an old record still reads."""
    from croupier.room.uth_tournaments import DealUthTournamentRound

    deal = DealUthTournamentRound("ut", 2, 40, commitment="c0ffee")
    data = codec.encode(deal)
    assert isinstance(data, dict) and "seed" not in data
    assert codec.decode({**data, "seed": 12345}) == deal
    assert codec.decode(data) == deal
