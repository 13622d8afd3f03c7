"""A UTH rulebook derived from act-uth-2025 under a house's own id (issue 29, item 1): seeded
tables play rounds with every irregularity, refusals and disputes, and a tournament runs from
entry to payout; every clause cited (events, refusals, views) names the new id."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.cards import Card, Deck
from croupier.rules import IllegalAction, UnknownRulebook
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.derive import derive, is_clause_field
from croupier.rules.uth import UthRules
from croupier.rules.uth_registry import UTH_RULEBOOKS, find_uth_rules, register_uth_rules
from croupier.shoe import Shoe
from croupier.uth import TableLimits, UthConfig, UthRound
from croupier.uth.commands import (
    Bet,
    BoardExposed,
    BoxVoidReason,
    Check,
    Deal,
    DealCard,
    DealerCardExposed,
    DeckFault,
    DeckIrregularity,
    DeclareMisdeal,
    DeemFolded,
    EmptyBoxDealt,
    Fold,
    MisdealKind,
    PlaceMarker,
    PlaceWagers,
    SettleAll,
    SettleNext,
    ShoeMalfunction,
    Tick,
    UthCommand,
    VoidBox,
    VoidReason,
    VoidRound,
    WithdrawWagers,
)
from croupier.uth.game import Phase, ShoeKind
from croupier.uth.paytables import Payouts
from croupier.uth.played import DecideDispute, StartUthRound, UthPlay
from croupier.uth.tournament import SessionEnd, TournamentConditions, UthTournament
from croupier.uth.tournament_commands import (
    AddOn,
    AddReserve,
    AskNext,
    AwardPlaces,
    BeginRound,
    BreakTable,
    CancelTournament,
    ClockTick,
    DrawSeats,
    EnterTournament,
    ForfeitSeat,
    OfferBreak,
    PlaceWager,
    Rebuy,
    RecordRound,
    RefundEntry,
    SeatReserve,
    SubstitutePlayer,
    UthTournamentCommand,
)
from croupier.uth.view import UthProjector, uth_view
from croupier.views import Viewer

NEW = "canberra-house-uth"
BASE = ACT_UTH_2025_RULES.id


@pytest.fixture(scope="module")
def house() -> UthRules:
    rules = derive(ACT_UTH_2025_RULES, NEW)
    register_uth_rules(rules)
    return find_uth_rules(NEW)


def clauses(value: object, name: str = "") -> Iterator[str]:
    """Every clause ``value`` holds: strings in fields named ``clause``, ``*_clause`` (or
    tuples of them), in dataclasses, tuples, lists and mappings, however deep."""
    if isinstance(value, str):
        if value and (is_clause_field(name) or name == "pay_clause"):
            yield value
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from clauses(getattr(value, f.name), f.name)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from clauses(v, name)
    elif isinstance(value, dict):
        for v in value.values():
            yield from clauses(v, name)


def texts(value: object) -> Iterator[str]:
    """Every string ``value`` holds, whatever its field (messages, names)."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from texts(getattr(value, f.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from texts(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts(k)
            yield from texts(v)


class Cited:
    """What a table or tournament cited: every clause, and every text, to check at the end."""

    def __init__(self) -> None:
        self.clauses: list[str] = []
        self.texts: list[str] = []
        self.refusals = 0

    def add(self, value: object) -> None:
        self.clauses += clauses(value)
        self.texts += texts(value)

    def refused(self, e: IllegalAction) -> None:
        self.refusals += 1
        self.clauses.append(e.ruling.clause)
        self.texts.append(e.ruling.message)

    def check(self) -> set[str]:
        ours = {c for c in self.clauses if not c.startswith("croupier ")}
        wrong = sorted({c for c in ours if not c.startswith(NEW + " ")})
        assert not wrong, f"clauses not under {NEW}: {wrong}"
        stray = sorted({t for t in self.texts if BASE in t})
        assert not stray, f"texts naming {BASE}: {stray[:5]}"
        return ours


def _round_commands(rng: random.Random, r: UthRound, players: list[str]) -> list[UthCommand]:
    """Commands for the round now: legal ones, illegal ones and the floor's irregularities."""
    box = rng.randint(0, 8)
    p = rng.choice(players)
    ante = rng.choice((1, 5, 7, 10, 150, 400))
    cmds: list[UthCommand] = [
        PlaceWagers(box, p, ante, ante, rng.choice((0, 0, 5, 2))),
        PlaceWagers(box, p, ante, ante + 1, 0),
        WithdrawWagers(box),
        PlaceMarker(box, rng.choice((50, 1000))),
        Check(box),
        Fold(box),
        Bet(box, rng.randint(1, 5)),
        DeemFolded(box),
        SettleNext(),
        Tick(rng.randint(0, 10**6)),
        BoardExposed(rng.randint(0, 5)),
        EmptyBoxDealt(box, rng.random() < 0.5),
        VoidBox(box, rng.choice(list(BoxVoidReason))),
    ]
    for d in r.legal_actions():
        cmds += [Fold(d.box), *(Bet(d.box, m) for m in d.multiples)]
        cmds += [Check(d.box)] * (3 * d.can_check)
    if r.phase is Phase.SETTLEMENT:
        cmds += [SettleNext()] * 4 + [SettleAll()]
    if rng.random() < 0.02:
        cmds.append(
            rng.choice(
                [
                    DeclareMisdeal(rng.choice(list(MisdealKind))),
                    DealerCardExposed(),
                    DeckIrregularity(rng.choice(list(DeckFault))),
                    ShoeMalfunction(),
                    VoidRound(rng.choice(list(VoidReason))),
                ]
            )
        )
    return cmds


def _play_table(rules: UthRules, shoe_kind: ShoeKind, seed: int, cited: Cited) -> int:
    """Seeded rounds at a table under ``rules``: wagers, decisions, irregularities and
    refusals at random, disputes between rounds; the events, refusals and every view cited."""
    rng = random.Random(seed)
    config = UthConfig(
        TableLimits(5, 200, trips_maximum=100),
        boxes=5,
        shoe=shoe_kind,
        payouts=Payouts(max_blind_payout=500),
        decision_seconds=30,
        credit=rng.random() < 0.5,
        rules=rules,
    )
    play = UthPlay(config, bank=20_000)
    players = ["ann", "bob", "cat", "dan", "eve"]
    for p in players:
        play.buy_in(p, 2_000)
    shoe = Shoe(Deck.standard(), seed=seed)
    projectors = [UthProjector(Viewer.DEALER), UthProjector("ann"), UthProjector(Viewer.SPECTATOR)]
    rounds = 0
    for _ in range(40):
        for cmd in (
            DecideDispute(rng.randint(0, 6), "short paid", "paid", rng.randint(-3, 3)),
            DecideDispute(1, "", "no", 0),
        ):
            try:
                events: list[object] = list(play.command(cmd))
            except IllegalAction as e:
                cited.refused(e)
            else:
                cited.add(events)
        try:
            play.command(VoidRound(VoidReason.FRAUD))  # no round is open
        except IllegalAction as e:
            cited.refused(e)
        deck = shoe.shuffle()
        cut = rng.randint(1, 51) if shoe_kind is ShoeKind.CARD_SHOE else 0
        events = list(play.command(StartUthRound(deck.order, deck.commitment, cut)))
        r = play.round
        assert r is not None
        for _ in range(400):
            if r.is_over:
                break
            cmds = _round_commands(rng, r, players)
            if r.phase is Phase.WAGERS and r.boxes and rng.random() < 0.3:
                cmds = [Deal(), DealCard(Card(0))]
            cmd = rng.choice(cmds)
            why = r.why_illegal(cmd)
            if why is not None:
                cited.refused(IllegalAction(why))
                continue
            events += play.command(cmd)
        if not r.is_over:  # nobody wagered: the floor voids the empty round
            events += play.command(VoidRound(VoidReason.IMPRACTICAL))
        rounds += 1
        cited.add(events)
        for proj in projectors:
            cited.add([proj(e) for e in events])
        for who in (Viewer.DEALER, "bob", Viewer.SPECTATOR):
            cited.add(uth_view(play, who, recall=who is Viewer.DEALER))
    return rounds


def test_the_derived_book_relabels_every_clause_and_is_found_by_its_id(house: UthRules) -> None:
    assert house.id == NEW and UTH_RULEBOOKS[NEW] is house
    own = list(clauses(house))
    assert len(own) > 90 and all(c.startswith(NEW + " ") for c in own)
    assert [c.partition(" ")[2] for c in own] == [
        c.partition(" ")[2] for c in clauses(ACT_UTH_2025_RULES)
    ]
    with pytest.raises(ValueError, match="already has the id"):
        register_uth_rules(derive(ACT_UTH_2025_RULES, NEW, review="someone else"))
    with pytest.raises(UnknownRulebook, match=NEW):
        find_uth_rules("macau-uth")


@pytest.mark.parametrize("shoe_kind", list(ShoeKind))
def test_uth_rounds_with_irregularities_cite_only_the_derived_book(
    house: UthRules, shoe_kind: ShoeKind
) -> None:
    cited = Cited()
    rounds = _play_table(house, shoe_kind, 29 + len(shoe_kind), cited)
    ours = cited.check()
    # the rounds reached every part of the book: dealing, decisions, settlement, the limits,
    # the floor's irregularities and voids, the shuffle, disputes and refusals
    sections = {c.partition(" ")[2].split("(")[0].split(" ")[0] for c in ours}
    for wanted in ("4.1", "5.4", "6.1", "7.2" if shoe_kind is ShoeKind.AUTOMATED else "7.3"):
        assert wanted in sections, (wanted, sorted(sections))
    for wanted in ("8.1", "8.3", "8.5", "8.8", "9.3", "9.5", "9.6", "10.1", "13.8", "15.5"):
        assert wanted in sections, (wanted, sorted(sections))
    assert len([s for s in sections if s.startswith(("11.", "12.", "13.", "15."))]) >= 5
    assert rounds == 40 and cited.refusals > 1000 and len(ours) > 50


def _tournament_commands(
    rng: random.Random, t: UthTournament, names: list[str]
) -> list[UthTournamentCommand]:
    p, q = rng.choice(names), rng.choice(names)
    return [
        EnterTournament(p),
        RefundEntry(p),
        ForfeitSeat(p),
        DrawSeats(names[:3], 0),
        AddReserve(p),
        SeatReserve(p, q),
        SubstitutePlayer(p, q, rng.choice(("", "TD"))),
        Rebuy(p),
        AddOn(p),
        BreakTable(rng.randint(1, 3)),
        OfferBreak(t.now + rng.randint(-5, 5), rng.randint(0, 60)),
        ClockTick(t.now + rng.randint(-5, 5)),
        BeginRound(rng.randint(1, 3)),
        PlaceWager(
            p, rng.choice((1, 25, 250)), rng.choice((0, 0, 300)), table=rng.choice((None, 2))
        ),
        AskNext(rng.randint(1, 3)),
        AwardPlaces(),
    ]


def test_a_uth_tournament_under_the_derived_book_cites_it_from_entry_to_payout(
    house: UthRules,
) -> None:
    rng = random.Random(2029)
    conditions = TournamentConditions(
        entry_fee=110,
        commission=10,
        starting_chips=300,
        minimum=25,
        maximum=200,
        session=SessionEnd.ROUNDS,
        session_limit=6,
        prizes=(60, 40),
        rebuy=None,
        players_per_table=3,
        refundable=True,
        rules=house,
    )
    t = UthTournament(conditions)
    cited = Cited()
    names = [f"p{i}" for i in range(7)] + ["zed", "res"]

    def attempt(cmd: UthTournamentCommand) -> None:
        why = t.why_illegal(cmd)
        before = len(t.events)
        try:
            events = t.apply(cmd)
        except IllegalAction as e:
            refusal = e
        else:
            assert why is None
            cited.add(events)
            return
        assert refusal.ruling == why and len(t.events) == before  # decided alone, the same
        cited.refused(refusal)

    for n in names[:6]:
        attempt(EnterTournament(n))
    for _ in range(60):
        attempt(rng.choice(_tournament_commands(rng, t, names)))
    attempt(DrawSeats(sorted(p for p, e in t.players.items() if not e.out), 0))
    attempt(AddReserve("res"))
    shoe = Shoe(Deck.standard(), seed=7)
    config = UthConfig(TableLimits(25, 200), boxes=3, rules=house)
    for _ in range(300):
        if t.status.value in ("finished", "cancelled"):
            break
        attempt(ClockTick(t.now + 20))  # breaks end
        for n in sorted(t.tables):
            tbl = t.tables.get(n)
            if tbl is None:
                continue
            if tbl.status.value == "running":
                if not t.active_at(tbl):
                    attempt(BreakTable(n))
                    continue
                attempt(BeginRound(n))
            elif tbl.status.value == "wagering":
                asked = tbl.order[tbl.asked]
                if asked not in tbl.wagers:
                    attempt(PlaceWager(asked, rng.choice((25, 50))))
                attempt(AskNext(n))
            elif tbl.status.value == "in-round":
                r = UthRound(config, t.table_state(n), shoe.shuffle().order)
                for p, (ante, trips) in tbl.wagers.items():
                    r.apply(PlaceWagers(t.box_of(p), p, ante, ante, trips))
                r.apply(Deal())
                while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
                    for d in r.legal_actions():
                        r.apply(Bet(d.box, d.multiples[0]) if d.multiples else Fold(d.box))
                r.apply(SettleAll())
                cited.add(r.events)
                attempt(RecordRound(r, n))
        for _ in range(3):
            attempt(rng.choice(_tournament_commands(rng, t, names)))
    assert t.status.value == "finished", t.status
    attempt(AwardPlaces())
    attempt(AwardPlaces())  # once only
    attempt(CancelTournament())  # too late
    assert t.placed and cited.refusals > 50
    ours = cited.check()
    assert {c.partition(" ")[2] for c in ours} >= {"16.6", "16.8", "16.15", "16.16", "16.20"}


SRC = Path(__file__).resolve().parents[2] / "src" / "croupier"
IDS = ("qld-holdem-2005", "act-omaha-2017", "dunedin-house", "qld-tournament-2020", BASE)
#: attributes holding a clause's text, which no fold or planner may compare or take apart
CLAUSE_ATTRS = {"clause", "voided", "cut_clause", "pay_clause"}


def uth_findings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Clause literals (a rulebook id in a string that is not a docstring) and decisions on a
    clause's text (a comparison with, or ``startswith``/``endswith`` on, a clause)."""
    docs = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            if any(i + " " in n.value or n.value == i for i in IDS):
                yield n.lineno, f"a clause literal {n.value!r}"
        elif isinstance(n, ast.Compare) and not all(
            isinstance(op, (ast.Is, ast.IsNot)) for op in n.ops
        ):
            for side in (n.left, *n.comparators):
                if isinstance(side, ast.Attribute) and side.attr in CLAUSE_ATTRS:
                    yield n.lineno, f"compares .{side.attr}"
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            f = n.func
            on = f.value.attr if isinstance(f.value, ast.Attribute) else ""
            if f.attr in ("startswith", "endswith") and on in CLAUSE_ATTRS:
                yield n.lineno, f"{f.attr} on .{on}"


def test_the_uth_scan_finds_what_it_looks_for() -> None:
    bad = """
R = "act-uth-2025 "
x = Ruling("act-uth-2025 4.1", "no")
if e.clause == UNDER_MINIMUM: pass
if e.voided.startswith(M): pass
if not e.clause.endswith("(c)"): pass
"""
    assert len(list(uth_findings(ast.parse(bad)))) == 5
    fine = '''
"""A module about act-uth-2025 4.1."""
clause = rules.wager_clause
if e.misdeal: pass
'''
    assert list(uth_findings(ast.parse(fine))) == []


@pytest.mark.parametrize(
    "rel", sorted(p.relative_to(SRC).as_posix() for p in (SRC / "uth").rglob("*.py"))
)
def test_uth_holds_no_clause_literal_and_decides_on_no_clause_text(rel: str) -> None:
    found = list(uth_findings(ast.parse((SRC / rel).read_text(), rel)))
    assert not found, "\n".join(f"src/croupier/{rel}:{line}: {what}" for line, what in found)
