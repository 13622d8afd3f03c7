"""act-uth-2025 16.x: Ultimate Texas Hold'em tournaments, clause by clause, with real rounds."""

from __future__ import annotations

import random

import pytest

from croupier.cards import Card, Deck
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import Phase, TableLimits, UthConfig, UthRound
from croupier.uth.commands import (
    Bet,
    Check,
    Deal,
    DeclareMisdeal,
    Fold,
    MisdealKind,
    PlaceWagers,
    SettleAll,
)
from croupier.uth.tournament import (
    HOUSE_FLOAT,
    Cancelled,
    Eliminated,
    OutOfOrder,
    Placed,
    Purchase,
    RoundBegan,
    SessionEnd,
    SessionEnded,
    Status,
    UthTournament,
)
from croupier.uth.tournament_commands import (
    AddOn,
    AskNext,
    AwardPlaces,
    BeginRound,
    CancelTournament,
    ClockTick,
    DrawSeats,
    EnterTournament,
    ForfeitSeat,
    PlaceWager,
    Rebuy,
    RecordRound,
    RefundEntry,
    UthTournamentCommand,
)
from support.uth import conditions


def started(players: str = "abcd", **kw: object) -> UthTournament:
    t = UthTournament(conditions(**kw))
    for p in players:
        t.apply(EnterTournament(p))
    t.apply(DrawSeats(list(players), now=0))
    return t


def refused(cmd: UthTournamentCommand, t: UthTournament, clause: str) -> str:
    """``cmd`` is refused citing ``clause``: decided alone (``why_illegal``) and applied, the
    same ruling, and nothing changed."""
    before = (len(t.events), t.status, {p: vars(e).copy() for p, e in t.players.items()})
    why = t.why_illegal(cmd)
    with pytest.raises(IllegalAction) as err:
        t.apply(cmd)
    assert err.value.ruling.clause == clause, err.value.ruling
    assert why == err.value.ruling
    assert before == (len(t.events), t.status, {p: vars(e).copy() for p, e in t.players.items()})
    return err.value.ruling.message


def wager_all(t: UthTournament, ante: int | None = None) -> None:
    t.apply(BeginRound())
    while t.status is Status.WAGERING:
        p = t.order[t.asked]
        if p not in t.wagers:
            t.apply(PlaceWager(p, ante or t.conditions.minimum))
        t.apply(AskNext())


def play_round(
    t: UthTournament, shoe: Shoe, rng: random.Random, ante: int | None = None
) -> UthRound:
    """A real round (16.1): wagers as the tournament took them, random legal decisions."""
    wager_all(t, ante)
    c = t.conditions
    cfg = UthConfig(TableLimits(c.minimum, c.maximum), boxes=len(t.seats))
    r = UthRound(cfg, t.table_state(), shoe.shuffle().order)
    for p, (a, trips) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, trips))
    r.apply(Deal())
    while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
        for d in r.legal_actions():
            choices = [Bet(d.box, m) for m in d.multiples] + [Fold(d.box)]
            r.apply(rng.choice(choices + [Check(d.box)] * d.can_check))
    if not r.is_over:
        r.apply(SettleAll())
    t.apply(RecordRound(r))
    return r


def test_act_uth_2025_16_6_one_entry_only() -> None:
    t = UthTournament(conditions())
    t.apply(EnterTournament("a"))
    refused(EnterTournament("a"), t, "act-uth-2025 16.6")


def test_act_uth_2025_16_3_player_numbers() -> None:
    t = UthTournament(conditions(max_players=2, min_players=2))
    t.apply(EnterTournament("a"))
    refused(DrawSeats(["a"], 0), t, "act-uth-2025 16.3")
    t.apply(EnterTournament("b"))
    refused(EnterTournament("c"), t, "act-uth-2025 16.3")


def test_act_uth_2025_16_8_seats_by_ballot() -> None:
    t = UthTournament(conditions())
    for p in "abc":
        t.apply(EnterTournament(p))
    refused(DrawSeats(["a", "b"], 0), t, "act-uth-2025 16.8")
    refused(DrawSeats(["a", "b", "b"], 0), t, "act-uth-2025 16.8")
    t.apply(DrawSeats(["c", "a", "b"], now=0))
    assert t.seats == ("c", "a", "b") and t.box_of("a") == 2
    assert all(t.players[p].chips == 1000 for p in "abc")
    refused(EnterTournament("d"), t, "act-uth-2025 16.8")


def test_act_uth_2025_16_21_prize_pool_is_fees_less_commission_plus_rebuys_and_addons() -> None:
    t = started(
        "abc",
        rebuy=Purchase(cost=100, chips=1000),
        addon=Purchase(cost=50, chips=500),
        added_value=1000,  # 16.22
    )
    assert (t.pool, t.commission) == (3 * 100 + 1000, 3 * 10)
    t.apply(AddOn("a"))
    t.players["b"].chips = 0  # as if lost at the table
    t.apply(Rebuy("b"))
    assert t.pool == 3 * 100 + 1000 + 50 + 100
    assert t.players["b"].chips == 1000 and t.players["a"].chips == 1500


def test_act_uth_2025_16_16_starting_marker_and_clockwise_order() -> None:
    t = started("abcd")
    (began, _) = t.apply(BeginRound())
    assert isinstance(began, RoundBegan) and began.order == ("a", "b", "c", "d")
    t.apply(PlaceWager("a", 25))
    t.apply(PlaceWager("a", 50))  # still a's opportunity: the wager may change
    t.apply(AskNext())
    refused(PlaceWager("a", 25), t, "act-uth-2025 16.16")  # 16.17: it has ended
    events = t.apply(PlaceWager("d", 30))  # out of order: stands, with a warning
    assert isinstance(events[-1], OutOfOrder) and not events[-1].voided
    assert t.wagers["d"] == (30, 0)
    refused(PlaceWager("d", 40), t, "act-uth-2025 16.16")
    t.apply(PlaceWager("b", 25))
    t.apply(AskNext())
    t.apply(PlaceWager("c", 25))
    t.apply(AskNext())  # d already wagered: not asked again
    assert t.status is Status.IN_ROUND
    shoe = Shoe(Deck.standard(), seed=1)
    r = UthRound(UthConfig(TableLimits(25, 200), boxes=4), t.table_state(), shoe.shuffle().order)
    for p, (a, tr) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    t.apply(RecordRound(r))
    assert t.players["a"].chips == 1000 - 100 and t.players["d"].chips == 1000 - 60
    (began, _) = t.apply(BeginRound())  # the marker moves one player clockwise
    assert began.order == ("b", "c", "d", "a")  # type: ignore[attr-defined]
    t.apply(PlaceWager("b", 25))
    t.apply(AskNext())  # c is asked now
    events = t.apply(PlaceWager("d", 25))  # d's second infringement: the wager is void
    assert isinstance(events[-1], OutOfOrder) and events[-1].voided and "d" not in t.wagers


def test_act_uth_2025_16_15_at_least_the_minimum_or_eliminated() -> None:
    t = started("abc")
    t.apply(BeginRound())
    refused(PlaceWager("a", 10), t, "act-uth-2025 16.15")
    refused(AskNext(), t, "act-uth-2025 16.15")  # a must wager
    refused(PlaceWager("a", 600), t, "act-uth-2025 16.3(a)(vii)")
    t.players["a"].chips = 60
    refused(PlaceWager("a", 25, 25), t, "act-uth-2025 16.14")
    t.apply(PlaceWager("a", 25))
    t.apply(AskNext())
    t.apply(PlaceWager("b", 25))
    t.apply(AskNext())
    t.apply(PlaceWager("c", 25))
    t.apply(AskNext())
    r = UthRound(UthConfig(TableLimits(25, 200), boxes=3), t.table_state(), _deck(3))
    for p, (a, tr) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    t.apply(RecordRound(r))
    assert t.players["a"].chips == 10  # cannot wager the minimum Ante and Blind
    events = t.apply(BeginRound())
    assert isinstance(events[0], Eliminated) and events[0].clause == "act-uth-2025 16.15"
    assert events[0].player == "a" and t.active() == ["b", "c"]


def _deck(seed: int) -> tuple[Card, ...]:
    return Shoe(Deck.standard(), seed=seed).shuffle().order


def test_act_uth_2025_16_7_rebuy_and_addon_terms() -> None:
    t = started("ab", rebuy=Purchase(100, 1000, per_player=1, until_round=0))
    refused(AddOn("a"), t, "act-uth-2025 16.3(a)(iii)(H)")
    refused(Rebuy("a"), t, "act-uth-2025 16.3(a)(iii)(G)")  # still has chips
    t.players["a"].chips = 0
    t.apply(Rebuy("a"))
    t.players["a"].chips = 0
    assert "all 1" in refused(Rebuy("a"), t, "act-uth-2025 16.3(a)(iii)(G)")
    t2 = started("ab", rebuy=Purchase(100, 1000, per_player=3, until_round=0))
    play_round(t2, Shoe(Deck.standard(), seed=4), random.Random(4))
    t2.players["a"].chips = 0
    assert "ended" in refused(Rebuy("a"), t2, "act-uth-2025 16.3(a)(iii)(G)")


def test_act_uth_2025_16_7_eliminated_player_buys_back_in() -> None:
    t = started("abc", rebuy=Purchase(100, 1000))
    t.players["a"].chips = 0
    t.apply(BeginRound())
    assert t.players["a"].out
    wager_rest = list(t.order)
    assert "a" not in wager_rest
    for _ in wager_rest:
        t.apply(PlaceWager(t.order[t.asked], 25))
        t.apply(AskNext())
    r = UthRound(UthConfig(TableLimits(25, 200), boxes=3), t.table_state(), _deck(5))
    for p, (a, tr) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    t.apply(RecordRound(r))
    t.apply(Rebuy("a"))
    assert not t.players["a"].out and "a" in t.active()


def test_act_uth_2025_a_session_of_a_set_number_of_rounds() -> None:
    t = started("abc", session_limit=3)
    shoe, rng = Shoe(Deck.standard(), seed=11), random.Random(11)
    for _ in range(3):
        play_round(t, shoe, rng)
    assert t.status is Status.FINISHED and t.rounds == 3
    refused(BeginRound(), t, "act-uth-2025 16.16")


def test_act_uth_2025_a_session_of_a_set_time() -> None:
    t = started("abc", session=SessionEnd.SECONDS, session_limit=600)
    shoe, rng = Shoe(Deck.standard(), seed=12), random.Random(12)
    play_round(t, shoe, rng)
    t.apply(ClockTick(300))
    wager_all(t)
    t.apply(ClockTick(700))  # time is up mid-round: the round in play completes
    assert t.status is Status.IN_ROUND
    r = UthRound(UthConfig(TableLimits(25, 200), boxes=3), t.table_state(), shoe.shuffle().order)
    for p, (a, tr) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    events = t.apply(RecordRound(r))
    assert isinstance(events[-1], SessionEnded) and t.rounds == 2
    refused(ClockTick(100), t, "croupier clock")


def test_act_uth_2025_a_session_until_players_remain() -> None:
    t = started("abcd", session=SessionEnd.PLAYERS, session_limit=2)
    shoe, rng = Shoe(Deck.standard(), seed=13), random.Random(13)
    rounds = 0
    while t.status is Status.RUNNING and rounds < 500:
        if t.apply(BeginRound())[-1].__class__ is SessionEnded:
            break
        while t.status is Status.WAGERING:
            p = t.order[t.asked]
            t.apply(PlaceWager(p, min(200, t.players[p].chips // 2)))
            t.apply(AskNext())
        c = t.conditions
        cfg = UthConfig(TableLimits(c.minimum, c.maximum), boxes=4)
        r = UthRound(cfg, t.table_state(), shoe.shuffle().order)
        for p, (a, tr) in t.wagers.items():
            r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
        r.apply(Deal())
        while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
            for d in r.legal_actions():
                r.apply(rng.choice([Fold(d.box)] + [Bet(d.box, m) for m in d.multiples]))
        if not r.is_over:
            r.apply(SettleAll())
        t.apply(RecordRound(r))
        rounds += 1
    assert t.status is Status.FINISHED and len(t.active()) <= 2
    placed = t.apply(AwardPlaces())
    assert sum(e.prize for e in placed if isinstance(e, Placed)) == t.pool


def test_act_uth_2025_16_20_places_and_split_ties() -> None:
    t = started("abcd", session_limit=1, prizes=(50, 30, 20))
    t.apply(BeginRound())
    for p in "abcd":
        t.apply(PlaceWager(p, 25))
        t.apply(AskNext())
    r = UthRound(UthConfig(TableLimits(25, 200), boxes=4), t.table_state(), _deck(21))
    for p, (a, tr) in t.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, tr))
    r.apply(Deal())
    r.apply(DeclareMisdeal(MisdealKind.WRONG_CARD_COUNT))  # void: no chips move (13.3)
    t.apply(RecordRound(r))
    assert t.rounds == 0 and t.status is Status.RUNNING
    t.players["a"].chips, t.players["b"].chips = 1500, 1200
    t.players["c"].chips, t.players["d"].chips = 1200, 100
    t.status = Status.FINISHED  # as if the session just ended
    events = t.apply(AwardPlaces())
    prizes = {e.player: (e.place, e.prize) for e in events if isinstance(e, Placed)}
    pool = 4 * 100
    assert prizes["a"] == (1, pool * 50 // 100)
    # b and c level for 2nd: 2nd and 3rd prizes combined and divided equally
    assert prizes["b"] == prizes["c"] == (2, (pool * 30 // 100 + pool * 20 // 100) // 2)
    assert prizes["d"] == (4, 0)
    assert sum(p for _, p in prizes.values()) == pool
    refused(AwardPlaces(), t, "act-uth-2025 16.20")


def test_act_uth_2025_16_3_ties_by_a_draw_of_cards() -> None:
    t = started("abc", split_ties=False, prizes=(70, 30))
    t.players["a"].chips = t.players["b"].chips = 900
    t.players["c"].chips = 500
    t.status = Status.FINISHED
    refused(AwardPlaces(), t, "act-uth-2025 16.3(a)(iii)(E)")
    draw = {"a": Card.parse("Kc"), "b": Card.parse("Ks"), "c": Card.parse("2c")}
    places = {e.player: e.place for e in t.apply(AwardPlaces(draw)) if isinstance(e, Placed)}
    assert places == {"b": 1, "a": 2, "c": 3}  # spades above clubs


def test_act_uth_2025_16_23_no_refunds_unless_the_conditions_allow() -> None:
    t = UthTournament(conditions())
    t.apply(EnterTournament("a"))
    refused(RefundEntry("a"), t, "act-uth-2025 16.23")
    ok = UthTournament(conditions(refundable=True))
    ok.apply(EnterTournament("a"))
    ok.apply(EnterTournament("b"))
    ok.apply(RefundEntry("a"))
    assert ok.pool == 100 and ok.commission == 10 and ok.players["a"].out


def test_act_uth_2025_16_24_cancellation_refunds_everything() -> None:
    t = started("abc", rebuy=Purchase(100, 1000), addon=Purchase(50, 500))
    t.apply(AddOn("a"))
    t.players["b"].chips = 0
    t.apply(Rebuy("b"))
    (cancelled,) = t.apply(CancelTournament())
    assert isinstance(cancelled, Cancelled)
    assert dict(cancelled.refunds) == {"a": 110 + 50, "b": 110 + 100, "c": 110}
    refused(CancelTournament(), t, "act-uth-2025 16.24")


def test_act_uth_2025_16_10_forfeited_seat_leaves_the_fee_in_the_pool() -> None:
    t = started("abc")
    t.apply(ForfeitSeat("c"))
    assert t.pool == 300 and "c" not in t.active()
    play_round(t, Shoe(Deck.standard(), seed=31), random.Random(31))
    refused(ForfeitSeat("b"), t, "act-uth-2025 16.10")
    t.status = Status.FINISHED
    assert "c" not in {e.player for e in t.apply(AwardPlaces()) if isinstance(e, Placed)}


def test_act_uth_2025_16_14_chips_change_only_through_rounds() -> None:
    t = started("ab", session_limit=50)
    shoe, rng = Shoe(Deck.standard(), seed=41), random.Random(41)
    stale = None
    while t.status is Status.RUNNING:
        r = play_round(t, shoe, rng)
        if set(r.start.chips.values()) != {1000}:
            stale = r  # a round that started from other chip counts than a new tournament's
        house = HOUSE_FLOAT - r.table_after().bank
        # what the house lost the players won, to the chip
        assert house == sum(r.table_after().chips.values()) - sum(r.start.chips.values())
    t2 = started("ab")
    wager_all(t2)
    assert stale is not None
    refused(RecordRound(stale), t2, "act-uth-2025 16.14")


def test_tournament_state_is_the_fold_of_its_events() -> None:
    t = started("abcd", session_limit=5, rebuy=Purchase(100, 1000, per_player=5))
    shoe, rng = Shoe(Deck.standard(), seed=51), random.Random(51)
    while t.status is Status.RUNNING:
        for p in t.active():
            if t.players[p].chips < 50:
                t.apply(Rebuy(p))
        play_round(t, shoe, rng, ante=100)
    again = UthTournament(t.conditions, list(t.events))
    assert {p: vars(e) for p, e in again.players.items()} == {
        p: vars(e) for p, e in t.players.items()
    }
    assert (again.pool, again.rounds, again.status) == (t.pool, t.rounds, t.status)


class _Untouchable(list[object]):
    """A history no decision may read: any look at it fails the test."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise AssertionError("a decision read the tournament's history")

    def __len__(self) -> int:
        raise AssertionError("a decision read the tournament's history")

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        raise AssertionError("a decision read the tournament's history")


def test_commands_are_decided_without_the_tournaments_history() -> None:
    """``why_illegal`` decides alone (no replay, no scan of the events): its cost does not grow
    with the history, and it changes nothing."""
    t = started("abc", session_limit=1)
    shoe, rng = Shoe(Deck.standard(), seed=5), random.Random(5)
    play_round(t, shoe, rng)
    assert t.status is Status.FINISHED
    kept = t.events
    t.events = _Untouchable()  # type: ignore[assignment]
    for cmd in (
        AwardPlaces(),
        BeginRound(),
        PlaceWager("a", 25),
        EnterTournament("z"),
        Rebuy("a"),
        ClockTick(-1),
        CancelTournament(),
    ):
        t.why_illegal(cmd)
    assert t.why_illegal(AwardPlaces()) is None
    t.events = kept
    t.apply(AwardPlaces())
    assert t.placed
    assert t.why_illegal(AwardPlaces()) is not None  # places are awarded once (16.20)
