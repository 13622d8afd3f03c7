"""Hands at tournament tables: levels, heads-up, absent and penalised players, eliminations,
places, re-buys, add-ons, re-entry, special rounds, bounties, the final table and the records."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from croupier.round import Command, Fold, Round
from croupier.round.events import BlindPosted, Folded
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.conditions import load_conditions
from croupier.tournament.events import (
    BonusAwarded,
    BountyWon,
    ButtonDrawn,
    ChipRaced,
    Disqualified,
    Eliminated,
    HandForHand,
    HandPlayed,
    PlacesAwarded,
    PlayerMoved,
    Registered,
    Seated,
    TableBroken,
    TournamentStarted,
)
from croupier.tournament.runner import Policy, check_payouts, run_tournament
from support.tournament import (
    ACT,
    EXAMPLES,
    QLD,
    calls,
    cards,
    deal_order,
    folds,
    only_table,
    play,
    recording,
    shove,
    stacked,
    started,
)


def position_of(plan_players: tuple[str, ...], player: str) -> int:
    return plan_players.index(player)


def test_dunedin_house_80_first_hand_button_is_the_drawn_seat() -> None:
    t = started(5)
    drawn = next(e for e in t.events if isinstance(e, ButtonDrawn))
    plan = t.plan_hand(drawn.table)
    assert plan.deal.button.seat == drawn.seat
    assert plan.seats[-1] == drawn.seat  # the button is the last position


def test_qld_tournament_2020_4_21_dunedin_86_new_level_applies_to_the_next_deal() -> None:
    t = started(4)
    table = only_table(t)
    plan = t.plan_hand(table, deal_order())
    t.apply(cm.Tick(600))  # level 2 starts while the hand is dealt
    r = Round(plan.config)
    assert plan.config.min_bet == 50  # the hand keeps the level it was dealt at
    while not r.is_over:
        r.apply(folds(r, r.actor or 0))
    t.apply(*recording([(plan, r)]))
    assert t.plan_hand(table).config.min_bet == 100


def test_qld_tournament_2020_4_36_no_commission_or_fee() -> None:
    t = started(4, **QLD)
    plan = t.plan_hand(only_table(t))
    assert plan.config.commission is None and plan.config.fee == 0
    plan, r = play(t, only_table(t), folds)
    assert sum(r.stacks) == sum(plan.config.stacks)


@pytest.mark.parametrize(
    ("rules", "clause"),
    [
        (QLD, "qld-tournament-2020 4.35"),
        ({**ACT, "game": "omaha"}, "act-omaha-2017 20.20"),
        ({}, "dunedin-house 95"),
    ],
)
def test_heads_up_the_button_posts_the_small_blind_and_acts_first(rules: dict[str, str],
                                                                 clause: str) -> None:  # fmt: skip
    t = started(2, **rules)
    plan = t.plan_hand(only_table(t))
    assert clause in plan.rulings
    r = Round(replace(plan.config, deck_order=deal_order()))
    button = plan.config.players - 1
    posted = {e.player: e.amount for e in r.events if isinstance(e, BlindPosted)}
    assert posted[button] == 25 and posted[1 - button] == 50
    assert r.actor == button


def test_qld_tournament_2020_4_15_4_16_1_absent_player_posts_and_is_folded() -> None:
    t = started(4, absent=["p1"], **QLD)
    table = only_table(t)
    plan = t.plan_hand(table)
    pos = plan.players.index("p1")
    assert pos in plan.killed and "qld-tournament-2020 4.16.1" in plan.rulings
    plan, r = play(t, table, calls)
    assert any(isinstance(e, Folded) and e.player == pos for e in r.events)
    assert t.stack("p1") == r.stacks[pos] == plan.config.stacks[pos] - r.contrib[pos]


def test_qld_tournament_2020_4_16_1_absent_big_blind_has_until_their_turn() -> None:
    t = started(3, absent=["p1"], **QLD)
    table = only_table(t)
    for _ in range(3):
        plan = t.plan_hand(table)
        big = plan.players[plan.seats.index(plan.deal.big_blind.seat)]
        if big == "p1":
            break
        t.apply(*recording([play(t, table, folds)]))
    assert big == "p1"
    before = t.stack("p1")
    plan, r = play(t, table, lambda r, p: Fold(p))  # everyone present folds to the blind
    t.apply(*recording([(plan, r)]))
    assert t.stack("p1") == before + 25  # the absent big blind won the small blind


def test_act_omaha_2017_20_12_absent_players_blinds_posted_cards_folded_in_turn() -> None:
    t = started(3, **ACT, game="omaha")
    table = only_table(t)
    t.apply(cm.SetPresent("p1", False))
    for _ in range(3):  # until p1 is in a blind
        plan = t.plan_hand(table)
        pos = plan.players.index("p1")
        if plan.config.blinds[pos]:
            break
        t.apply(*recording([play(t, table, calls)]))
    plan, r = play(t, table, calls)
    assert "act-omaha-2017 20.12" in plan.rulings
    pos = plan.players.index("p1")
    assert any(isinstance(e, BlindPosted) and e.player == pos for e in r.events)
    assert r.folded[pos]
    assert len(r.hole[pos] or ()) == 4  # dealt in, then folded in turn


def test_dunedin_house_92_absent_players_hand_is_dead() -> None:
    t = started(3)
    t.apply(cm.SetPresent("p2", False))
    plan, r = play(t, only_table(t), calls)
    assert "dunedin-house 92" in plan.rulings
    assert r.folded[plan.players.index("p2")]


def test_qld_tournament_2020_4_14_provisional_elimination_and_restored_stack() -> None:
    t = started(4, absent=["p4"], **QLD)
    table = only_table(t)
    with pytest.raises(TournamentError) as info:
        t.apply(cm.ProvisionallyEliminate("p4"))
    assert info.value.ruling.clause == "qld-tournament-2020 4.14"
    t.apply(cm.Tick(4 * 600))  # level 4 complete
    removed = t.stack("p4")
    t.apply(cm.ProvisionallyEliminate("p4"))
    assert t.entrants["p4"].status == "provisionally eliminated"
    assert "p4" not in t.seated
    for _ in range(3):
        t.apply(*recording([play(t, table, folds)]))
    charge = t.entrants["p4"].charge
    assert charge > 0
    t.apply(cm.SetPresent("p4", True), cm.Inputs(random.Random(0)))
    assert t.stack("p4") == (removed - charge) // 25 * 25
    assert t.entrants["p4"].status == "playing"


def test_qld_tournament_2020_4_37_time_penalty_kills_hands_until_served() -> None:
    t = started(3, **QLD)
    with pytest.raises(TournamentError):
        t.apply(cm.Penalise("p1", "minutes", 15))
    t.apply(cm.Penalise("p1", "minutes", 10))
    table = only_table(t)
    plan = t.plan_hand(table)
    assert plan.players.index("p1") in plan.killed
    assert "qld-tournament-2020 4.37" in plan.rulings
    t.apply(cm.Tick(600))
    assert t.plan_hand(table).killed == frozenset()


def test_dunedin_house_98_99_missed_round_penalty_posts_and_kills_hands() -> None:
    t = started(3)
    t.apply(cm.Penalise("p2", "rounds", 1))
    assert t.entrants["p2"].penalty_hands == 3  # a round: one hand per player at the table
    table = only_table(t)
    for _ in range(3):
        plan, r = play(t, table, calls)
        assert plan.players.index("p2") in plan.killed
        assert "dunedin-house 99" in plan.rulings
        t.apply(*recording([(plan, r)]))
    assert t.plan_hand(table).killed == frozenset()
    with pytest.raises(TournamentError, match="1-4 rounds"):
        t.apply(cm.Penalise("p2", "rounds", 5))


def test_dunedin_house_100_disqualified_players_chips_removed() -> None:
    t = started(3)
    (dq,) = [e for e in t.apply(cm.Disqualify("p3")) if isinstance(e, Disqualified)]
    assert dq.clause == "dunedin-house 100"
    assert t.chips_in_play == t.chips_on_tables() == 2000


def eliminate_two(rules: dict[str, object], stacks: dict[str, int]) -> Tournament:
    """Four players; two all in and beaten by the third in one round of play."""
    t = started(4, **rules)
    table = only_table(t)
    for p, s in stacks.items():  # a test arrangement of stacks, before the hand is planned
        t.chips_in_play += s - t.entrants[p].stack
        t.entrants[p].stack = s
    plan = t.plan_hand(table)
    winner = next(p for p in plan.players if p not in stacks)
    junk = ["7c 2d", "8c 3d", "9c 4h", "Tc 5h"]
    holes = ["As Ah" if p == winner else h for p, h in zip(plan.players, junk, strict=True)]
    deck = stacked(holes, "Kd Qs 6h Jh 2s")
    plan = t.plan_hand(table, deck)
    r = Round(plan.config)
    while not r.is_over:
        p = r.actor or 0
        name = plan.players[p]
        r.apply(shove(r, p) if name in stacks or name == winner else Fold(p))
    t.apply(*recording([(plan, r)]))
    return t


def test_qld_tournament_2020_4_19_simultaneous_eliminations_share_places_equally() -> None:
    t = eliminate_two(QLD, {"p1": 300, "p2": 700})
    group = next(e for e in t.events if isinstance(e, Eliminated))
    assert sorted(group.players) == ["p1", "p2"]
    assert group.clause == "qld-tournament-2020 4.19"


def test_act_omaha_2017_20_21_simultaneous_eliminations_by_chips_contributed() -> None:
    t = eliminate_two(ACT, {"p1": 300, "p2": 700})
    group = next(e for e in t.events if isinstance(e, Eliminated))
    assert group.clause == "act-omaha-2017 20.21"
    assert dict(zip(group.players, group.contributed, strict=True)) == {"p1": 300, "p2": 700}


def test_places_by_contribution_and_shared_equally_at_the_finish() -> None:
    for rules, expect_equal in ((QLD, True), (ACT, False), ({}, False)):
        t = eliminate_two(rules, {"p1": 300, "p2": 700})
        # two of four gone; play the last two out
        table = only_table(t)
        while not t.finished:
            t.apply(*recording([play(t, table, shove)]))
        places = {p: e.place for p, e in t.entrants.items()}
        assert sorted(places.values()) == ([1, 2, 3, 3] if expect_equal else [1, 2, 3, 4])
        if not expect_equal:
            assert places["p2"] == 3 and places["p1"] == 4  # more chips contributed: higher
        check_payouts(t)


def test_qld_tournament_2020_4_22_busted_player_must_rebuy_before_the_next_round() -> None:
    t = eliminate_two({"rebuy": {"price": 100, "chips": 1000, "until_level": 2}},
                      {"p1": 300, "p2": 700})  # fmt: skip
    assert t.entrants["p1"].status == "busted"
    why = t.why_not_deal(only_table(t))
    assert why is not None and why.clause == t.book.busted_clause
    t.apply(cm.Buy("p1", "rebuy"))
    assert t.stack("p1") == 1000 and t.pool == 500
    t.apply(cm.EliminateBusted(only_table(t)))
    assert t.entrants["p2"].status == "eliminated"
    assert t.why_not_deal(only_table(t)) is None


def test_dunedin_glossary_rebuy_only_at_or_below_the_starting_stack() -> None:
    t = started(3, rebuy={"price": 100, "chips": 1000, "until_level": 2, "stack_at_most": 1000})
    t.entrants["p1"].stack = 1500
    why = t.why_not_buy("p1", "rebuy")
    assert why is not None and why.clause == "dunedin-house glossary: Re-buy"
    assert t.why_not_buy("p2", "rebuy") is None


def test_qld_tournament_2020_4_22_add_on_at_the_end_of_the_rebuy_period() -> None:
    t = started(3, rebuy={"price": 100, "chips": 1000, "until_level": 2},
                add_on={"price": 50, "chips": 2000, "from_level": 2, "until_level": 2})  # fmt: skip
    assert t.why_not_buy("p1", "add-on") is not None
    t.apply(cm.Tick(600))
    t.apply(cm.Buy("p1", "add-on"))
    assert t.stack("p1") == 3000 and t.pool == 350
    with pytest.raises(TournamentError, match="all 1 add-ons"):
        t.apply(cm.Buy("p1", "add-on"))


def test_qld_tournament_2020_3_5_re_entry_after_elimination_within_the_period() -> None:
    t = eliminate_two({"re_entry": {"price": 100, "chips": 1000, "until_level": 1}},
                      {"p1": 300, "p2": 700})  # fmt: skip
    with pytest.raises(TournamentError):
        t.apply(cm.Buy("p3", "re-entry"), cm.Inputs(random.Random(0)))  # not eliminated
    t.apply(cm.Buy("p1", "re-entry"), cm.Inputs(random.Random(0)))
    assert t.entrants["p1"].status == "playing" and t.entries_total == 5
    t.apply(cm.Tick(600))
    why = t.why_not_buy("p2", "re-entry")
    assert why is not None and why.clause == t.book.re_entry_clause


def test_qld_tournament_2020_4_22_elimination_round_removes_the_lowest_stake() -> None:
    t = started(4)
    table = only_table(t)
    t.apply(cm.AnnounceRound(table, "elimination"))
    t.entrants["p3"].stack = 400
    t.chips_in_play -= 600
    t.apply(*recording([play(t, table, folds)]))
    assert t.entrants["p3"].status == "eliminated"
    assert [e.status for p, e in sorted(t.entrants.items()) if p != "p3"] == ["playing"] * 3
    assert t.chips_in_play == t.chips_on_tables()
    t.apply(*recording([play(t, table, folds)]))  # the announcement was for one round only
    assert len(t.alive) == 3


def test_qld_tournament_2020_4_45_5_bonus_round_adds_chips_for_the_winner() -> None:
    t = started(3)
    table = only_table(t)
    with pytest.raises(TournamentError, match="whole 25 chips"):
        t.apply(cm.AnnounceRound(table, "bonus", 30))
    t.apply(cm.AnnounceRound(table, "bonus", 500, 50))
    before = t.chips_in_play
    t.apply(*recording([play(t, table, folds)]))
    bonus = next(e for e in t.events if isinstance(e, BonusAwarded))
    assert sum(bonus.chips) == 500 and sum(bonus.prize) == 50
    assert t.chips_in_play == before + 500 == t.chips_on_tables()
    t.apply(*recording([play(t, table, folds)]))  # a bonus round is one round of play
    assert sum(isinstance(e, BonusAwarded) for e in t.events) == 1


def test_qld_tournament_2020_2_bounty_goes_to_the_eliminating_player() -> None:
    t = eliminate_two({"bounty": 20}, {"p1": 300, "p2": 700})
    won = [e for e in t.events if isinstance(e, BountyWon)]
    assert sorted(e.loser for e in won) == ["p1", "p2"]
    winner = won[0].winner
    assert t.entrants[winner].bounties == 40


def test_qld_tournament_2020_4_20_hand_for_hand_on_the_bubble_and_near_the_final_table() -> None:
    t = started(14, table_size=7, final_table_size=7, payouts=[30, 20, 15, 10, 8, 7, 5, 5])
    rng, deck = random.Random(5), cards(5)
    choose = random.Random(9)

    def sometimes_shove(r: Round, p: int) -> Command:
        return shove(r, p) if choose.random() < 0.15 else folds(r, p)

    states = []
    while not t.finished:
        assert len(states) < 3000, "no winner"
        results = [
            play(t, n, sometimes_shove) for n in sorted(t.tables) if t.why_not_deal(n) is None
        ]
        t.apply(*recording(results))
        t.apply(cm.Maintain(), cm.Inputs(rng, deck))
        states.append((len(t.alive), len(t.tables), t.hand_for_hand))
        t.apply(cm.Tick(60))
    on = {alive for alive, tables, hfh in states if hfh}
    assert on and on <= {9, 8}  # the bubble (8 paid) and one above the final table (7)
    assert all(not hfh for alive, tables, hfh in states if tables == 1)
    toggles = [e for e in t.events if isinstance(e, HandForHand)]
    assert toggles[0].on and toggles[0].clause == t.book.hand_for_hand_start_clause
    check_payouts(t)


def test_qld_tournament_2020_4_25_final_table_redraw_and_dunedin_80_button_draw() -> None:
    t = started(12, table_size=6, final_table_size=6, payouts=[100])
    rng, deck = random.Random(3), cards(3)
    while len(t.tables) > 1:
        results = [play(t, n, shove) for n in sorted(t.tables) if t.why_not_deal(n) is None]
        t.apply(*recording(results))
        t.apply(cm.Maintain(), cm.Inputs(rng, deck))
    redraw = [
        e for e in t.events if isinstance(e, PlayerMoved) and e.clause == t.book.final_table_clause
    ]
    assert redraw and all(e.to_table == 0 for e in redraw)
    assert any(isinstance(e, TableBroken) for e in t.events)
    assert isinstance(
        next(e for e in reversed(t.events) if isinstance(e, ButtonDrawn)), ButtonDrawn
    )


def test_qld_tournament_2020_4_40_colour_up_at_the_end_of_its_level() -> None:
    levels = [
        {"small_blind": 25, "big_blind": 50, "minutes": 10, "colour_up": 25},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
    ]
    t = started(4, levels=levels, starting_stack=1000)
    for p, odd in zip(("p1", "p2", "p3", "p4"), (25, 50, 75, 0), strict=True):
        t.entrants[p].stack = 1000 + odd
        t.chips_in_play += odd
    t.apply(cm.Tick(600))
    why = t.why_not_deal(only_table(t))
    assert why is not None and why.clause == t.book.colour_up_clause
    t.apply(cm.ColourUp(), cm.Inputs(cards=cards(1)))
    race = next(e for e in t.events if isinstance(e, ChipRaced))
    assert (race.old_chip, race.new_chip) == (25, 100)
    assert len(race.winners) == 2  # tally 150: one chip and a half rounds up to two
    assert all(s % 100 == 0 for s in race.after)
    assert t.chips_in_play == t.chips_on_tables()
    assert t.plan_hand(only_table(t)).config.chip_unit == 100


def test_dunedin_house_83_play_halts_on_a_table_three_short() -> None:
    t = started(18)
    tables = sorted(t.tables)
    short = t.tables[tables[0]]
    for seat in sorted(short.seats)[:3]:
        t.apply(cm.Disqualify(short.seats[seat]))
    why = t.why_not_deal(tables[0])
    assert why is not None and why.clause == "dunedin-house 83"
    t.apply(cm.Maintain(), cm.Inputs(random.Random(0), cards()))
    assert t.why_not_deal(tables[0]) is None


@pytest.mark.parametrize(
    ("rules", "clause"), [({}, "dunedin-house 81"), (QLD, "qld-tournament-2020 4.24")]
)
def test_moved_player_gets_no_hand_between_the_button_and_the_small_blind(
    rules: dict[str, str], clause: str
) -> None:
    cond = started(2, **rules).conditions
    seat = {"a": 1, "b": 3, "c": 5, "d": 7}
    events = [Registered(p, p, 100, 10, 0, False, "test") for p in (*seat, "e")]
    events += [TournamentStarted("test")]
    events += [Seated(p, 1, s, 1000, True, "test") for p, s in seat.items()]
    events += [ButtonDrawn(1, 1, (), "dunedin-house 80")]
    events += [Seated("e", 1, 2, 1000, True, "test")]  # arrives in seat 2, after the draw
    t = Tournament.from_events(cond, events)
    plan = t.plan_hand(1)
    assert (plan.deal.button.seat, plan.deal.small_blind.seat) == (1, 3)
    assert "e" not in plan.players and clause in plan.rulings
    t.apply(*recording([play(t, 1, folds)]))
    assert "e" in t.plan_hand(1).players  # dealt in once the button has passed


def test_the_result_log_and_the_event_list_rebuild_the_tournament() -> None:
    cond = load_conditions(EXAMPLES / "small.toml")
    t, stats = run_tournament(cond, 18, seed=11, policy=Policy(tight_share=0.5))
    log = t.result_log()
    assert log[0]["place"] == 1 and log[0]["tournament"] == cond.name
    assert {"tournament", "date", "player", "place", "cash"} <= set(log[0])
    assert sum(int(r["cash"]) for r in log) == t.pool  # type: ignore[call-overload]
    again = Tournament.from_events(cond, t.events)
    assert again.result_log() == log
    assert again.chips_in_play == t.chips_in_play and again.pool == t.pool
    hands = [e for e in t.events if isinstance(e, HandPlayed)]
    assert len(hands) == stats.hands
    assert any(isinstance(e, PlacesAwarded) for e in t.events)
    # the conditions' bonus round (level 4) was announced at every table and paid out
    assert t.level_number >= 4
    assert 1 <= sum(isinstance(e, BonusAwarded) for e in t.events) <= 2  # once per table
