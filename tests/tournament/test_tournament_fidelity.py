"""Rule fidelity at tournament tables: each test quotes the clause it holds croupier to."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from croupier.cards import Deck, parse_cards
from croupier.floor import CommunityCardsExposed, apply_incident
from croupier.round import (
    Burn,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    Round,
    Structure,
)
from croupier.round.events import CardExposed, HandKilled, HoleDealt
from croupier.rules import QLD_HOLDEM_2005, IllegalAction
from croupier.tournament import ConditionsError, HandPlan, Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.conditions import Purchase
from croupier.tournament.events import ChipRaced, HandForHand
from support.build import round_config
from support.tournament import (
    ACT,
    QLD,
    cards,
    conditions,
    deal_order,
    folds,
    only_table,
    play,
    recording,
    started,
)


def _until_big_blind(t: Tournament, table: int, player: str) -> HandPlan:
    for _ in range(6):
        plan = t.plan_hand(table)
        if plan.players[plan.seats.index(plan.deal.big_blind.seat)] == player:
            return plan
        t.apply(*recording([play(t, table, lambda r, p: Fold(p))]))
    raise AssertionError(f"{player} never reached the big blind")


def test_dunedin_house_92_absent_big_blind_is_dead_after_the_initial_deal() -> None:
    # 92: "A player must be at his seat in order to have a live hand. Unprotected cards will
    # be mucked following the initial deal."
    t = started(3)
    table = only_table(t)
    t.apply(cm.SetPresent("p1", False))
    _until_big_blind(t, table, "p1")
    before = t.stack("p1")
    plan, r = play(t, table, lambda r, p: Fold(p))  # the first present player folds
    pos = plan.players.index("p1")
    killed = [e for e in r.events if isinstance(e, HandKilled)]
    assert [(e.player, e.clause) for e in killed] == [(pos, "dunedin-house 92")]
    first_action = next(i for i, e in enumerate(r.events) if type(e).__name__ == "Folded")
    assert r.events.index(killed[0]) < first_action  # killed before anyone acted
    t.apply(*recording([(plan, r)]))
    assert t.stack("p1") == before - plan.config.blinds[pos]  # the absent blind wins nothing


def test_dunedin_house_99_penalised_players_hand_is_killed_after_each_initial_deal() -> None:
    # 99: "Cards are dealt to his seat, his blinds and antes are posted, and the hand is
    # killed after each initial deal."
    t = started(3)
    table = only_table(t)
    t.apply(cm.Penalise("p2", "rounds", 1))
    for _ in range(3):
        plan = t.plan_hand(table, deal_order(t.tables[table].hands))
        pos = plan.players.index("p2")
        r = Round(plan.config)
        assert r.folded[pos] and any(
            isinstance(e, HandKilled) and e.clause == "dunedin-house 99" for e in r.events
        )
        assert r.actor != pos
        while not r.is_over:
            r.apply(Fold(r.actor or 0))
        assert r.stacks[pos] <= plan.config.stacks[pos]  # never wins: the hand is dead
        t.apply(*recording([(plan, r)]))


def test_dunedin_house_92_dealer_entered_cards_kill_the_hand_when_the_deal_completes() -> None:
    t = started(3)
    table = only_table(t)
    t.apply(cm.SetPresent("p3", False))
    plan = t.plan_hand(table)
    pos = plan.players.index("p3")
    r = Round(plan.config)
    order = deal_order(5)
    for p in range(r.n):
        assert not r.folded[pos]
        r.apply(DealHole(p, tuple(order[2 * p : 2 * p + 2])))
    assert isinstance(r.events[-1], HandKilled) and isinstance(r.events[-2], HoleDealt)
    assert r.folded[pos] and r.events[-1].clause == "dunedin-house 92"


@pytest.mark.parametrize(
    ("rules", "clause"),
    [(QLD, "qld-tournament-2020 4.16.1"), ({**ACT, "game": "omaha"}, "act-omaha-2017 20.12")],
)
def test_an_absent_players_hand_cannot_be_played_whatever_deals_the_round(
    rules: dict[str, str], clause: str
) -> None:
    # qld-tournament-2020 4.16.1: "Should the player still not be present at the completion of
    # the initial deal the hand shall be folded"; act-omaha-2017 20.12 likewise: a driver that
    # lets the absent player's hand call is refused when the hand is recorded.
    t = started(4, **rules)
    table = only_table(t)
    t.apply(cm.SetPresent("p1", False))
    plan = t.plan_hand(table, deal_order(1))
    if plan.players[plan.seats.index(plan.deal.big_blind.seat)] == "p1":
        t.record([play(t, table)])
        plan = t.plan_hand(table, deal_order(2))
    r = Round(plan.config)
    while not r.is_over:
        r.apply(CheckCall(r.actor or 0))  # no forced fold: everyone calls
    with pytest.raises(TournamentError) as info:
        t.apply(*recording([(plan, r)]))
    assert info.value.ruling.clause == clause


def test_qld_tournament_2020_4_20_hand_for_hand_no_table_runs_ahead() -> None:
    # 4.20: "Play may go to hand for hand on all tables": no table deals its next hand until
    # every table has completed the current one. The core refuses a table's hand recorded on
    # its own, so it cannot record a second hand before another table has played its first.
    base = started(12, table_size=6, rules="qld-tournament-2020", structure="full-pot")
    t = Tournament.from_events(
        base.conditions, [*base.events, HandForHand(True, "qld-tournament-2020 4.20(a)")]
    )
    t1, t2 = sorted(t.tables)
    first = play(t, t1, folds)
    with pytest.raises(TournamentError) as info:
        t.apply(*recording([first]))
    assert info.value.ruling.clause == "qld-tournament-2020 4.20"
    assert t.tables[t1].hands == 0  # nothing recorded
    t.apply(*recording([first, play(t, t2, folds)]))
    assert (t.tables[t1].hands, t.tables[t2].hands) == (1, 1)


def test_qld_tournament_2020_4_40_d_race_off_starts_left_of_the_dealer_not_the_button() -> None:
    # 4.40(d): "Starting at the first seating position to the left of the dealer, the dealer
    # will deal cards to players face-up." The dealer sits before seat 1 (dunedin-house 87
    # says it in plain words), wherever the button is.
    levels = [
        {"small_blind": 25, "big_blind": 50, "minutes": 10, "colour_up": 25},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
    ]
    t = started(4, levels=levels, **QLD)
    table = only_table(t)
    seats = sorted(t.tables[table].seats)
    for _ in range(4):
        buttons = t.tables[table].buttons
        if buttons is not None and buttons.button != seats[-1]:
            break
        t.apply(*recording([play(t, table, folds)]))
    buttons = t.tables[table].buttons
    assert buttons is not None and buttons.button != seats[-1]
    for p in t.tables[table].seats.values():  # one odd 25 chip each: one new chip to race
        t.chips_in_play += 1025 - t.entrants[p].stack
        t.entrants[p].stack = 1025
    t.apply(cm.Tick(600))
    order = deal_order(3)
    (race,) = [
        e for e in t.apply(cm.ColourUp(), cm.Inputs(cards=iter(order))) if isinstance(e, ChipRaced)
    ]
    assert race.players[0] == t.tables[table].seats[seats[0]]
    assert race.cards[0] == (order[0],)  # seat 1's side of the dealer gets the first card


REBUY = {"price": 100, "chips": 1000, "until_level": 2}


def test_dunedin_glossary_rebuy_limit_is_the_starting_bank_by_default() -> None:
    # glossary, Re-buy: "The purchase of an additional bank of tournament chips that may be
    # purchased by an entrant during a pre-determined time period of the tournament whenever
    # the entrant has less than or equal to the starting bank of chips."
    assert conditions(rebuy=REBUY).rebuy == Purchase(100, 1000, until_level=2, stack_at_most=1000)
    t = started(3, rebuy=REBUY)  # no stack_at_most in the conditions
    t.entrants["p1"].stack, t.entrants["p2"].stack = 1025, 975
    why = t.why_not_buy("p1", "rebuy")
    assert why is not None and why.clause == "dunedin-house glossary: Re-buy"
    assert t.why_not_buy("p2", "rebuy") is None
    with pytest.raises(ConditionsError, match="dunedin-house glossary: Re-buy"):
        conditions(rebuy={**REBUY, "stack_at_most": 1001})
    assert conditions(rebuy={**REBUY, "stack_at_most": 0}).rebuy is not None  # stricter: fine
    # other rulebooks leave the limit to the conditions
    assert conditions(rebuy=REBUY, **QLD).rebuy == Purchase(100, 1000, until_level=2)


def test_dunedin_glossary_add_on_is_once_only() -> None:
    # glossary, Add-on: "A once-only purchase of an additional bank of tournament chips at a
    # specified time, purchased by an entrant during a tournament."
    twice = {"price": 50, "chips": 2000, "from_level": 2, "until_level": 2, "max_per_player": 2}
    with pytest.raises(ConditionsError, match="once-only") as info:
        conditions(rebuy=REBUY, add_on=twice)
    assert info.value.field == "add_on.max_per_player"
    assert conditions(rebuy=REBUY, add_on=twice, **QLD).add_on is not None
    # conditions built in code rather than read from a file are held to it too
    cond = conditions(rebuy=REBUY, add_on={**twice, "max_per_player": 1})
    assert cond.add_on is not None
    t = Tournament(replace(cond, add_on=replace(cond.add_on, max_per_player=2)))
    for p in ("p1", "p2"):
        t.apply(cm.Register(p))
    t.apply(cm.Start(), cm.Inputs(random.Random(0), cards(0)))
    t.apply(cm.Tick(600))
    t.apply(cm.Buy("p1", "add-on"))
    with pytest.raises(TournamentError) as refused:
        t.apply(cm.Buy("p1", "add-on"))
    assert refused.value.ruling.clause == "dunedin-house glossary: Add-on"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"max_entrants": 1_000_000}, "max_entrants"),
        ({"starting_stack": 10**15}, "starting_stack"),
        ({"entry_fee": 2**63}, "entry_fee"),
        ({"alternates": 10**6}, "alternates"),
        ({"chips": [25, 100, 10**15]}, "chips"),
        ({"chips": list(range(1, 1000))}, "chips"),
        ({"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 10}] * 10_000}, "levels"),
        ({"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 10**9}]}, "levels[1].minutes"),
        (
            {"levels": [{"small_blind": 25, "big_blind": 2**70, "minutes": 10}]},
            "levels[1].big_blind",
        ),
        ({"rebuy": {**REBUY, "max_per_player": 10**9}}, "rebuy.max_per_player"),
        ({"clock_seconds": 10**9}, "clock_seconds"),
    ],
)
def test_a_conditions_file_asks_for_bounded_numbers(changes: dict[str, object], field: str) -> None:
    # issue 12 item 6: a 1,000,000-entrant max_entrants registered a million bots
    with pytest.raises(ConditionsError) as info:
        conditions(**changes)
    assert info.value.field == field
    assert "bound" in str(info.value)


# ---------------------------------------------------------------------------------------------
# qld-tournament-2020 4.42 and burn cards in dealer-driven rounds


def _dealt(t: Tournament) -> tuple[HandPlan, Round]:
    """A dealer-driven hand at the only table, hole cards entered, the flop betting open."""
    plan = t.plan_hand(only_table(t), None)
    r = Round(plan.config)
    deck = iter(Deck.standard().cards)  # 2c 2d 2h 2s 3c ...: hole cards from the low end
    for p in range(r.n):
        r.apply(DealHole(p, (next(deck), next(deck))))
    return plan, r


def _bet_out(r: Round) -> None:
    while r.actor is not None:
        r.apply(CheckCall(r.actor))


def _refused(r: Round, cmd: Command) -> str:
    n = len(r.events)
    with pytest.raises(IllegalAction) as info:
        r.apply(cmd)
    assert len(r.events) == n
    return info.value.ruling.clause


def test_qld_tournament_2020_4_42_1_the_set_aside_turn_waits_for_the_next_card() -> None:
    # 4.42(1): "(a) the exposed card will be retrieved and set aside, the burn card shall
    # remain ... (b) the dealer will burn a card, turn over a new fourth community card ...
    # (c) the set aside card ... will be shuffled with the remainder of the deck and a fifth
    # card will be turned without burning a card."
    t = started(4, **QLD)
    plan, r = _dealt(t)
    _bet_out(r)
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("Ts Jd Qh")))
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("9c"))),
        cm.Inputs(rounds=(r,)),
    )  # during the flop betting
    assert CardExposed(parse_cards("9c")[0], "aside", "qld-tournament-2020 4.42(1)(a)") in r.events
    _bet_out(r)
    assert _refused(r, DealBoard(parse_cards("Kc"))) == "qld-holdem-2005 s21(6), (8), (10)"
    r.apply(Burn(parse_cards("5h")[0]))  # (b): a new burn, entered face up
    assert "9c has already been dealt" in str(r.why_illegal(DealBoard(parse_cards("9c"))))
    r.apply(DealBoard(parse_cards("Kc")))
    _bet_out(r)
    assert _refused(r, Burn()) == "qld-tournament-2020 4.42(1)(c)"
    r.apply(DealBoard(parse_cards("9c")))  # (c): shuffled back for the fifth card
    assert tuple(r.board) == parse_cards("Ts Jd Qh Kc 9c")


def test_qld_tournament_2020_4_42_2_and_lead_no_further_burn_for_a_re_dealt_card() -> None:
    # 4.42(2): "The burn card shall remain. ... a new card dealt. No further burn cards will
    # be dealt for that betting round." 4.42: the flop "will be taken back without the burn
    # card" and re-dealt: the burn that remains is the flop's.
    t = started(4, **QLD)
    plan, r = _dealt(t)
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("Ts Jd Qh"))),
        cm.Inputs(rounds=(r,)),
    )
    _bet_out(r)
    assert _refused(r, Burn()) == "qld-tournament-2020 4.42"
    r.apply(DealBoard(parse_cards("Ts Jd Qh")))  # shuffled back: the same cards may come
    _bet_out(r)
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("Kc")))
    t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CommunityCardsExposed(parse_cards("9c"))),
        cm.Inputs(rounds=(r,)),
    )
    _bet_out(r)
    assert _refused(r, Burn()) == "qld-tournament-2020 4.42(2)"
    r.apply(DealBoard(parse_cards("9c")))
    assert Round.from_events(r.config, r.events).board == r.board


def test_burn_cards_entered_by_the_dealer_are_checked() -> None:
    # qld-holdem-2005 s2: a burn card is "the card dealt immediately before the flop, turn
    # card or river card"
    t = started(4, **QLD)
    plan, r = _dealt(t)
    assert plan.config.record_burns
    clause = "qld-holdem-2005 s21(6), (8), (10)"
    assert _refused(r, Burn()) == clause  # not during a betting round
    _bet_out(r)
    assert _refused(r, Burn(parse_cards("2c")[0])) == "qld-holdem-2005 s13"  # a hole card
    r.apply(Burn(parse_cards("As")[0]))
    assert _refused(r, Burn()) == clause  # one burn before each street
    assert "As has already been dealt" in str(r.why_illegal(DealBoard(parse_cards("As Kd Qd"))))
    # an automatic round deals its own burns
    auto = Round(t.plan_hand(only_table(t), deal_order(1)).config)
    assert _refused(auto, Burn()) == "croupier dealing"


def test_qld_holdem_2005_s36_the_card_kept_in_play_takes_no_further_burn() -> None:
    # s36(2): "The card exposed in error must remain in play and be dealt as the community
    # card after the round of betting." It was exposed past its burn card: no second burn.
    cfg = round_config(
        stacks=(1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
        record_burns=True,
    )
    r = Round(cfg)
    for p, h in enumerate(["AsAd", "KsKd", "QsQd"]):
        r.apply(DealHole(p, parse_cards(h)))
    _bet_out(r)
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("2c7h9d")))
    apply_incident(r, CommunityCardsExposed(parse_cards("Jc")))
    _bet_out(r)
    assert _refused(r, Burn()) == "qld-holdem-2005 s36"
    r.apply(DealBoard(parse_cards("Jc")))
    _bet_out(r)
    assert _refused(r, DealBoard(parse_cards("3c"))) == "qld-holdem-2005 s21(6), (8), (10)"
    r.apply(Burn())
    r.apply(DealBoard(parse_cards("3c")))


# ---------------------------------------------------------------------------------------------
# Rules a runner used to keep: the core holds them for whoever drives the tournament


def test_qld_tournament_2020_4_25_no_deal_until_the_final_table_is_redrawn() -> None:
    # 4.25: "Once the player make-up for the final table has been determined players will
    # redraw for seating positions." A director who does not run the floor's maintenance
    # cannot deal on at two tables.
    t = started(12, table_size=6, final_table_size=6)
    for p in ("p1", "p2", "p3", "p4", "p5", "p6"):
        t.apply(cm.Disqualify(p))
    assert len(t.tables) == 2
    why = t.why_not_deal(min(t.tables))
    assert why is not None and why.clause == t.book.final_table_clause
    t.apply(cm.Maintain(), cm.Inputs(random.Random(0), cards(0)))
    assert len(t.tables) == 1 and t.why_not_deal(only_table(t)) is None


def test_dunedin_house_81_no_deal_while_a_table_is_due_to_break() -> None:
    t = started(13, table_size=6, final_table_size=6)
    assert len(t.tables) == 3
    t.apply(cm.Disqualify("p1"))
    t.apply(cm.Disqualify("p2"))  # 11 players fit two tables
    why = t.why_not_deal(min(t.tables))
    assert why is not None and why.clause == "dunedin-house 81"
    t.apply(cm.Maintain(), cm.Inputs(random.Random(0), cards(0)))
    assert len(t.tables) == 2 and all(t.why_not_deal(n) is None for n in t.tables)


def test_qld_tournament_2020_fixes_the_clock_and_provisional_elimination_level() -> None:
    # 4.26: "the entrant in question will have one minute to act"; 4.14: "If a player has not
    # taken their position by the completion of Level 4 ..." A conditions file may not
    # shorten either (dunedin-house 90 leaves the time to the Tournament Schedule).
    with pytest.raises(ConditionsError, match=r"4\.26") as info:
        conditions(clock_seconds=30, **QLD)
    assert info.value.field == "clock_seconds"
    with pytest.raises(ConditionsError, match=r"4\.14"):
        conditions(provisional_elimination_level=2, **QLD)
    assert conditions(provisional_elimination_level=6, **QLD).provisional_elimination_level == 6
    assert conditions(clock_seconds=30).clock_seconds == 30  # dunedin-house 90


def test_qld_holdem_2005_s21_a_dealer_driven_cash_table_records_its_burns() -> None:
    # s21(6): "A burn card is dealt face down before the flop is dealt face down" (the table
    # of play's rounds, not only a tournament's)
    from croupier.table import commands as tc
    from croupier.table.presets import preset
    from croupier.table.table import Table

    cfg = preset("qld-holdem-2005", game="holdem", structure="pot-limit", seats=6)
    t = Table(cfg)
    for i, seat in enumerate((1, 2, 3)):
        t.apply(tc.SitDown(f"p{i}", seat, 1000, 0))
    t.apply(tc.StartRound(None, 1))
    r = t.round
    assert r is not None and r.config.record_burns
    deck = iter(Deck.standard().cards)
    for p in range(r.n):
        t.apply(tc.Act(DealHole(p, (next(deck), next(deck))), 2))
    while t.round is not None and t.round.actor is not None:
        t.apply(tc.Act(CheckCall(t.round.actor), 3))
    flop = tc.Act(DealBoard(parse_cards("Ts Jd Qh")), 4)
    assert t.why_illegal(flop) is not None
    t.apply(tc.Act(Burn(), 4))
    t.apply(flop)
    assert t.round is not None and tuple(t.round.board) == parse_cards("Ts Jd Qh")
