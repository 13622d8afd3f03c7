"""act-uth-2025 16.9, 16.11, 16.12, 16.18: several tables, reserves, substitutes and breaks in
Ultimate Texas Hold'em tournaments, with real rounds."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from croupier.cards import Card, Deck
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import TableLimits, UthConfig, UthRound
from croupier.uth.commands import Deal, Fold, PlaceWagers
from croupier.uth.tournament import (
    Cancelled,
    Eliminated,
    Placed,
    RoundBegan,
    SessionEnd,
    SessionEnded,
    Status,
    TEvent,
    TournamentConditions,
    UthTournament,
)
from croupier.uth.tournament_commands import (
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
    RecordRound,
    SeatReserve,
    SubstitutePlayer,
    UthTournamentCommand,
)
from support.uth import conditions as base_conditions


def conditions(**kw: object) -> TournamentConditions:
    """The one-table conditions of tests/uth/test_uth_tournament.py, with room for more tables."""
    return base_conditions(**({"starting_chips": 200, "max_players": 20} | kw))


def started(players: str, **kw: object) -> UthTournament:
    t = UthTournament(conditions(**kw))
    for p in players:
        t.apply(EnterTournament(p))
    t.apply(DrawSeats(list(players), now=0))
    return t


def snapshot(t: UthTournament) -> object:
    return (
        len(t.events),
        t.status,
        {p: vars(e).copy() for p, e in t.players.items()},
        {
            n: (list(tb.boxes), tb.status, tb.rounds, tb.begun, dict(tb.wagers), tb.asked)
            for n, tb in t.tables.items()
        },
        list(t.reserves),
        list(t.breaks),
        list(t.drawn),
        (t.pool, t.commission, t.now, t.rounds),
    )


def refused(cmd: UthTournamentCommand, t: UthTournament, clause: str) -> str:
    """``cmd`` is refused citing ``clause``: decided alone (``why_illegal``) and applied, the
    same ruling, and nothing changed."""
    before = snapshot(t)
    why = t.why_illegal(cmd)
    with pytest.raises(IllegalAction) as err:
        t.apply(cmd)
    assert err.value.ruling.clause == clause, err.value.ruling
    assert why == err.value.ruling
    assert snapshot(t) == before
    return err.value.ruling.message


def _deck(seed: int) -> tuple[Card, ...]:
    return Shoe(Deck.standard(), seed=seed).shuffle().order


def wager_at(t: UthTournament, table: int, antes: Mapping[str, int] | None = None) -> None:
    """Ask each player at ``table`` in turn; each wagers its ante (the minimum by default)."""
    tbl = t.tables[table]
    while tbl.status is Status.WAGERING:
        p = tbl.order[tbl.asked]
        if p not in tbl.wagers:
            t.apply(PlaceWager(p, (antes or {}).get(p, t.conditions.minimum)))
        t.apply(AskNext(table))


def finish_at(t: UthTournament, table: int, seed: int = 1) -> list[TEvent]:
    """A real round (16.1) from the wagers taken at ``table``; every box folds."""
    tbl, c = t.tables[table], t.conditions
    cfg = UthConfig(TableLimits(c.minimum, c.maximum), boxes=len(tbl.boxes))
    r = UthRound(cfg, t.table_state(table), _deck(seed))
    for p, (a, trips) in tbl.wagers.items():
        r.apply(PlaceWagers(t.box_of(p), p, a, a, trips))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    return t.apply(RecordRound(r, table))


def play_at(t: UthTournament, table: int, antes: Mapping[str, int] | None = None) -> list[TEvent]:
    t.apply(BeginRound(table))
    wager_at(t, table, antes)
    return finish_at(t, table)


# -- 16.9 -----------------------------------------------------------------------------------


def test_16_9_draw_allocates_tables_and_boxes() -> None:
    t = started("abcdefghij", players_per_table=4)
    assert sorted(t.tables) == [1, 2, 3]
    assert [tb.seated() for tb in t.tables.values()] == [list("abcd"), list("efg"), list("hij")]
    assert t.position("e") == (2, 1) and t.position("j") == (3, 3) and t.box_of("d") == 4
    assert t.tables[2].boxes == ["e", "f", "g", None]  # a free box
    # the Tournament Director decides how many sit at each table
    td = UthTournament(conditions(players_per_table=4))
    for p in "abcdefghij":
        td.apply(EnterTournament(p))
    refused(DrawSeats(list("abcdefghij"), 0, per_table=[5, 5]), td, "act-uth-2025 16.9")
    refused(DrawSeats(list("abcdefghij"), 0, per_table=[4, 4]), td, "act-uth-2025 16.9")
    td.apply(DrawSeats(list("abcdefghij"), 0, per_table=[4, 4, 2]))
    assert td.tables[3].boxes == ["i", "j", None, None]


def test_16_9_one_table_by_default() -> None:
    t = started("abcdefg")
    assert list(t.tables) == [1] and t.seats == tuple("abcdefg")
    with pytest.raises(ValueError, match=r"16\.9"):
        conditions(players_per_table=8)


def test_16_9_each_table_plays_its_own_rounds() -> None:
    t = started("abcdef", players_per_table=3)
    (began, _) = t.apply(BeginRound(2))
    assert isinstance(began, RoundBegan) and began.order == ("d", "e", "f") and began.table == 2
    assert t.status is Status.WAGERING and t.tables[1].status is Status.RUNNING
    t.apply(BeginRound(1))  # table 1 need not wait for table 2
    t.apply(PlaceWager("a", 25))
    t.apply(PlaceWager("d", 50))
    assert t.tables[1].wagers == {"a": (25, 0)} and t.tables[2].wagers == {"d": (50, 0)}
    refused(BeginRound(2), t, "act-uth-2025 16.16")
    refused(BeginRound(3), t, "act-uth-2025 16.9")
    wager_at(t, 2)
    assert t.tables[2].status is Status.IN_ROUND and t.status is Status.WAGERING
    finish_at(t, 2)
    assert t.players["d"].chips == 100 and t.tables[2].rounds == 1 and t.tables[1].rounds == 0
    wager_at(t, 1)
    finish_at(t, 1)
    assert t.status is Status.RUNNING and t.rounds == 2
    (began, _) = t.apply(BeginRound(2))  # the marker moves one player clockwise at that table
    assert began.order == ("e", "f", "d")  # type: ignore[attr-defined]


def test_16_9_player_plays_only_in_assigned_position() -> None:
    t = started("abcdefg", players_per_table=4)  # table 2: e f g and a free box 4
    t.apply(BeginRound(2))
    msg = refused(PlaceWager("e", 25, table=1), t, "act-uth-2025 16.9")
    assert "table 2 box 1" in msg
    refused(PlaceWager("e", 25, box=2), t, "act-uth-2025 16.9")
    t.apply(PlaceWager("e", 25, table=2, box=1))
    wager_at(t, 2)
    cfg = UthConfig(TableLimits(25, 200), boxes=4)
    r = UthRound(cfg, t.table_state(2), _deck(3))
    r.apply(PlaceWagers(4, "e", 25, 25, 0))  # the free box, not e's
    for p in "fg":
        r.apply(PlaceWagers(t.box_of(p), p, 25, 25, 0))
    r.apply(Deal())
    for b in r.pending():
        r.apply(Fold(b))
    refused(RecordRound(r, 2), t, "act-uth-2025 16.9")
    refused(RecordRound(r, 1), t, "act-uth-2025 16.14")  # not table 1's round
    finish_at(t, 2)
    assert t.players["e"].chips == 150


def test_16_9_break_table_reseats_players_into_free_boxes() -> None:
    t = started("abcdef", players_per_table=3)  # table 1: a b c; table 2: d e f
    play_at(t, 2, {"d": 100, "e": 100})  # d and e lose every chip
    play_at(t, 1, {"a": 100})
    msg = refused(BreakTable(2), t, "act-uth-2025 16.9")
    assert "free boxes" in msg  # nobody is out yet: no room
    events = t.apply(BeginRound(2))  # d and e eliminated (16.15); f plays on alone
    assert [e.player for e in events if isinstance(e, Eliminated)] == ["d", "e"]
    msg = refused(BreakTable(2), t, "act-uth-2025 16.9")
    assert "table 2 is in a round" in msg
    wager_at(t, 2)
    finish_at(t, 2)
    t.apply(BeginRound(1))  # a eliminated: box 1 of table 1 is free
    msg = refused(BreakTable(2), t, "act-uth-2025 16.9")
    assert "table 1 is in a round" in msg
    wager_at(t, 1)
    finish_at(t, 1)
    refused(BreakTable(2, {"f": (1, 2)}), t, "act-uth-2025 16.9")  # b's box
    refused(BreakTable(2, {"f": (2, 1)}), t, "act-uth-2025 16.9")  # same table
    refused(BreakTable(2, {}), t, "act-uth-2025 16.9")
    t.apply(BreakTable(2))
    assert list(t.tables) == [1] and t.tables[1].boxes == ["f", "b", "c"]
    assert t.position("f") == (1, 1) and t.position("a") is None
    refused(BeginRound(2), t, "act-uth-2025 16.9")
    (began, _) = t.apply(BeginRound(1))
    assert began.order == ("c", "f", "b")  # type: ignore[attr-defined]
    refused(PlaceWager("f", 25, table=2), t, "act-uth-2025 16.9")
    # a finished tournament breaks no tables
    done = started("ab", players_per_table=1, session_limit=1)
    play_at(done, 1)
    play_at(done, 2)
    assert done.status is Status.FINISHED
    refused(BreakTable(1), done, "act-uth-2025 16.9")


def test_16_9_session_of_rounds_counts_at_each_table() -> None:
    t = started("abcdef", players_per_table=3, session_limit=1)
    events = play_at(t, 1)
    assert not any(isinstance(e, SessionEnded) for e in events) and t.status is Status.RUNNING
    refused(BeginRound(1), t, "act-uth-2025 A")  # table 1 has played its round
    events = play_at(t, 2)
    assert isinstance(events[-1], SessionEnded) and t.status is Status.FINISHED
    assert (t.rounds, t.tables[1].rounds, t.tables[2].rounds) == (2, 1, 1)


def test_16_9_timed_session_ends_when_rounds_in_play_are_complete() -> None:
    t = started("abcdef", players_per_table=3, session=SessionEnd.SECONDS, session_limit=600)
    t.apply(BeginRound(2))
    t.apply(ClockTick(700))  # time is up with a round in play at table 2
    assert t.status is Status.WAGERING
    refused(BeginRound(1), t, "act-uth-2025 A")
    wager_at(t, 2)
    events = finish_at(t, 2)
    assert isinstance(events[-1], SessionEnded) and t.status is Status.FINISHED


def test_16_9_session_until_players_remain_across_tables() -> None:
    t = started("abcd", players_per_table=2, session=SessionEnd.PLAYERS, session_limit=2)
    play_at(t, 1, {"a": 100})
    t.apply(BeginRound(2))
    events = t.apply(BeginRound(1))  # a goes; 3 remain
    assert isinstance(events[0], Eliminated) and t.tables[1].status is Status.WAGERING
    wager_at(t, 1, {"b": 75})
    finish_at(t, 1)
    events = t.apply(BeginRound(1))  # b goes: 2 remain, but table 2 has a round in play
    assert [type(e) for e in events] == [Eliminated] and t.status is Status.WAGERING
    wager_at(t, 2)
    events = finish_at(t, 2)
    assert isinstance(events[-1], SessionEnded)
    places = [e for e in t.apply(AwardPlaces()) if isinstance(e, Placed)]
    assert [e.player for e in places[2:]] == ["b", "a"]  # later eliminations place higher


# -- 16.11 ----------------------------------------------------------------------------------


def test_16_11_reserve_takes_forfeited_seat() -> None:
    t = UthTournament(conditions())
    for p in "abc":
        t.apply(EnterTournament(p))
    t.apply(AddReserve("r"))
    t.apply(DrawSeats(list("abc"), now=0))
    t.apply(ForfeitSeat("b"))
    assert (t.pool, t.commission) == (300, 30)
    (seated,) = t.apply(SeatReserve("r", "b"))
    assert (seated.fee, seated.commission) == (110, 10)  # type: ignore[attr-defined]
    assert t.position("r") == (1, 2) and t.position("b") is None
    assert (t.pool, t.commission) == (400, 40)  # 16.21: as for an entry
    assert t.players["r"].chips == 200 and t.players["r"].paid == 110 and t.reserves == []
    assert t.active() == ["a", "r", "c"]
    play_at(t, 1)
    t.status = Status.FINISHED
    placed = {e.player for e in t.apply(AwardPlaces()) if isinstance(e, Placed)}
    assert placed == {"a", "r", "c"}


def test_16_11_reserve_refusals() -> None:
    t = UthTournament(conditions())
    for p in "abcd":
        t.apply(EnterTournament(p))
    t.apply(AddReserve("r"))
    refused(AddReserve("r"), t, "act-uth-2025 16.11")
    refused(AddReserve("a"), t, "act-uth-2025 16.6")
    refused(SeatReserve("r", "b"), t, "act-uth-2025 16.11")  # seats not drawn
    t.apply(DrawSeats(list("abcd"), now=0))
    refused(SeatReserve("x", "b"), t, "act-uth-2025 16.11")  # not a reserve
    refused(SeatReserve("r", "b"), t, "act-uth-2025 16.11")  # b took the seat
    t.apply(ForfeitSeat("b"))
    refused(SeatReserve("a", "b"), t, "act-uth-2025 16.11")  # entered already
    t.apply(BeginRound(1))
    msg = refused(SeatReserve("r", "b"), t, "act-uth-2025 16.11")
    assert "commences" in msg
    wager_at(t, 1)
    finish_at(t, 1)
    refused(SeatReserve("r", "b"), t, "act-uth-2025 16.11")  # the session began


def test_16_11_reserve_seated_at_a_table_yet_to_begin() -> None:
    t = UthTournament(conditions(players_per_table=2))
    for p in "abcd":
        t.apply(EnterTournament(p))
    t.apply(AddReserve("r"))
    t.apply(DrawSeats(list("abcd"), now=0))
    t.apply(ForfeitSeat("d"))
    play_at(t, 1)  # table 1 has begun; table 2 has not
    t.apply(SeatReserve("r", "d"))
    assert t.position("r") == (2, 2)


# -- 16.12 ----------------------------------------------------------------------------------


def test_16_12_substitute_takes_over_position_and_chips() -> None:
    t = started("abc")
    play_at(t, 1, {"a": 50})
    assert t.players["a"].chips == 100
    (sub,) = t.apply(SubstitutePlayer("a", "z", approved_by="TD Jones"))
    assert sub.approved_by == "TD Jones"  # type: ignore[attr-defined]
    assert t.position("z") == (1, 1) and t.position("a") is None
    assert t.players["z"].chips == 100 and t.players["a"].out and t.players["a"].chips == 0
    assert t.active() == ["z", "b", "c"] and t.pool == 300
    play_at(t, 1)
    t.status = Status.FINISHED
    assert "a" not in {e.player for e in t.apply(AwardPlaces()) if isinstance(e, Placed)}
    fresh = started("abc")
    fresh.apply(SubstitutePlayer("a", "z", approved_by="TD Jones"))
    (cancelled,) = fresh.apply(CancelTournament())
    assert isinstance(cancelled, Cancelled) and dict(cancelled.refunds) == dict.fromkeys("abc", 110)


def test_16_12_substitute_refusals() -> None:
    t = started("abcdef", players_per_table=3)
    refused(SubstitutePlayer("a", "z", approved_by=""), t, "act-uth-2025 16.12")
    refused(SubstitutePlayer("a", "z", approved_by="  "), t, "act-uth-2025 16.12")
    refused(SubstitutePlayer("a", "b", approved_by="TD"), t, "act-uth-2025 16.12")
    refused(SubstitutePlayer("y", "z", approved_by="TD"), t, "act-uth-2025 16.12")
    play_at(t, 1, {"a": 100})
    t.apply(BeginRound(1))  # a eliminated
    msg = refused(SubstitutePlayer("b", "z", approved_by="TD"), t, "act-uth-2025 16.12")
    assert "table 1 is in a round" in msg
    t.apply(SubstitutePlayer("d", "z", approved_by="TD"))  # table 2 is between rounds
    wager_at(t, 1)
    finish_at(t, 1)
    refused(SubstitutePlayer("a", "y", approved_by="TD"), t, "act-uth-2025 16.12")
    refused(SubstitutePlayer("d", "y", approved_by="TD"), t, "act-uth-2025 16.12")
    before = UthTournament(conditions())
    before.apply(EnterTournament("a"))
    refused(SubstitutePlayer("a", "z", "TD"), before, "act-uth-2025 16.12")


# -- 16.18 ----------------------------------------------------------------------------------


def test_16_18_no_round_begins_during_a_break() -> None:
    t = started("abc")
    t.apply(ClockTick(100))
    refused(OfferBreak(100, 0), t, "act-uth-2025 16.18")
    refused(OfferBreak(50, 300), t, "croupier clock")
    t.apply(OfferBreak(100, 300))
    assert t.break_ends == 400
    refused(BeginRound(), t, "act-uth-2025 16.18")
    refused(OfferBreak(200, 60), t, "act-uth-2025 16.18")  # one at a time
    t.apply(ClockTick(399))
    refused(BeginRound(), t, "act-uth-2025 16.18")
    t.apply(ClockTick(400))
    assert t.break_ends is None
    play_at(t, 1)
    assert t.rounds == 1
    entry = UthTournament(conditions())
    refused(OfferBreak(0, 60), entry, "act-uth-2025 16.18")


def test_16_18_a_round_in_play_completes_during_the_break() -> None:
    t = started("abc")
    t.apply(BeginRound())
    t.apply(OfferBreak(10, 60))
    wager_at(t, 1)
    finish_at(t, 1)
    refused(BeginRound(), t, "act-uth-2025 16.18")


def test_16_18_break_does_not_consume_a_timed_session() -> None:
    t = started("abc", session=SessionEnd.SECONDS, session_limit=600)
    t.apply(OfferBreak(100, 300))
    t.apply(ClockTick(650))  # 350 seconds played
    assert t.played_seconds() == 350 and t.status is Status.RUNNING
    play_at(t, 1)
    (_, ended) = t.apply(ClockTick(900))  # 600 seconds played
    assert isinstance(ended, SessionEnded) and t.status is Status.FINISHED
    nobreak = started("abc", session=SessionEnd.SECONDS, session_limit=600)
    assert isinstance(nobreak.apply(ClockTick(650))[-1], SessionEnded)


# -- the fold -------------------------------------------------------------------------------


def test_admin_state_is_the_fold_of_its_events() -> None:
    t = UthTournament(conditions(players_per_table=3))
    for p in "abcdef":
        t.apply(EnterTournament(p))
    t.apply(AddReserve("r"))
    t.apply(AddReserve("s"))
    t.apply(DrawSeats(list("abcdef"), now=0))
    t.apply(ForfeitSeat("c"))
    t.apply(SeatReserve("r", "c"))
    t.apply(OfferBreak(0, 30))
    t.apply(ClockTick(30))
    play_at(t, 2, {"d": 100, "e": 100})
    t.apply(SubstitutePlayer("a", "s", approved_by="TD"))
    play_at(t, 1, {"b": 100})
    t.apply(BeginRound(2))
    wager_at(t, 2)
    finish_at(t, 2)
    t.apply(BeginRound(1))
    wager_at(t, 1)
    finish_at(t, 1)
    t.apply(BreakTable(2))
    play_at(t, 1)
    assert t.tables[1].boxes == ["s", "f", "r"] and t.players["b"].out
    again = UthTournament(t.conditions, list(t.events))
    assert snapshot(again) == snapshot(t)
    assert again.position("f") == t.position("f") == (1, 2) == (t.table_of("f"), t.box_of("f"))
    assert again.marker == t.marker and again.seats == t.seats
