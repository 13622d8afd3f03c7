"""The floor's rulings on what players do and say: official terms (dunedin-house 3), a forward
motion in limit (33), a miscounted call (40), "I bet the pot" (41), ambiguous amounts (42),
conditional statements (43), silently pushed chips (45), a hand not tabled (62), a card off the
table (70), a breach that costs the hand (act-omaha-2017 19.2; dunedin-house 4), lending chips
(qld-holdem-2005 s38(2); act-omaha-2017 14.4; dunedin-house 20; qld-tournament-2020 4.17) and
agreed options (act-omaha-2017 17.16). Every refused report leaves the round unchanged."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import (
    AmountDeclared,
    CardOffTable,
    CardsShownToPlayer,
    ChipsLent,
    ChipsPushed,
    ConditionalStatement,
    ForwardMotion,
    HandNotTabled,
    Incident,
    MiscountedCall,
    OptionsAgreed,
    RuleBreached,
    apply_incident,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Round,
    Show,
    Structure,
)
from croupier.round.events import (
    CardExposed,
    CardsShownToTable,
    HandKilled,
    HandMucked,
    HoleCardReplaced,
    PotAwarded,
    RoundVoided,
    RulingMade,
)
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from croupier.table.commands import StartRound
from support.build import make_round, round_config
from support.floor import clause, facing_20, flop, outcome

C = parse_cards
QLD_TOURNAMENT = QLD_HOLDEM_2005.for_tournament()


def refused(r: Round, incident: Incident) -> str:
    """The clause a refused report cites; the round is unchanged."""
    before = (list(r.stacks), list(r.bets), list(r.folded), len(r.events), r.street, r.actor)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, incident)
    assert (list(r.stacks), list(r.bets), list(r.folded), len(r.events), r.street, r.actor) == (
        before
    )
    return info.value.ruling.clause


def limit_flop(rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    """Fixed limit 10/20; everyone called pre-flop; on the flop player 0 is to act."""
    r = make_round(
        ("AsAd", "KsKd", "QsQd"), rulebook=rulebook, structure=Structure.fixed_limit(10, 20)
    )
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(C("2c7h9d")))
    return r


def showdown(rulebook: Rulebook = DUNEDIN_HOUSE, board: str = "2c7h9dTc3s") -> Round:
    """Three hands checked down to the showdown, nothing shown yet (dealer-driven)."""
    r = make_round(("AsAd", "KsKd", "QsQd"), rulebook=rulebook)
    for street, cards in enumerate((board[:6], board[6:8], board[8:]), start=1):
        while r.street < street and r.actor is not None:
            r.apply(CheckCall(r.actor))
        r.apply(DealBoard(C(cards)))
    while r.actor is not None:
        r.apply(CheckCall(r.actor))
    assert r.awaiting() == "showdown"
    return r


def last_ruling(r: Round) -> RulingMade:
    return [e for e in r.events if isinstance(e, RulingMade)][-1]


def awards(r: Round) -> dict[int, int]:
    won: dict[int, int] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            won[e.player] = won.get(e.player, 0) + e.amount
    return won


# ---------------------------------------------------------------------------------------------
# Declarations: dunedin-house 3, 41, 42, 43, 45


@pytest.mark.parametrize(
    ("declared", "expect", "cited"),
    [
        ("knock", ("check", 0), "dunedin-house 3"),
        ("check", ("check", 0), "dunedin-house 3"),
        ("all-in", ("raise", 970), "dunedin-house 3"),
        ("bet", ("raise", 10), "dunedin-house 35, 41"),  # "bet" alone: the smallest bet
    ],
)
def test_dunedin_house_3_official_terms_bind_as_declared(
    declared: str, expect: tuple[str, int], cited: str
) -> None:
    r = facing_20(DUNEDIN_HOUSE, Structure.no_limit())
    r.apply(CheckCall(1))
    r.apply(CheckCall(2))
    r.apply(DealBoard(C("Tc")))
    apply_incident(r, ChipsPushed(0, (), declared))
    assert outcome(r)[0] == expect[0] and clause(r) == cited
    if expect[0] == "raise":
        assert r.current_bet == expect[1]


def test_dunedin_house_3_a_check_facing_a_bet_is_refused() -> None:
    r = facing_20()
    assert refused(r, ChipsPushed(1, (), "knock")) == "dunedin-house 3"


@pytest.mark.parametrize(
    ("limit", "to", "cited"),
    [
        (Structure.no_limit(), 40, "dunedin-house 41"),  # a valid raise: the smallest
        (Structure.pot_limit(), 90, "dunedin-house 3, 36"),  # "pot" is official in pot-limit
    ],
)
def test_dunedin_house_41_i_bet_the_pot(limit: Structure, to: int, cited: str) -> None:
    r = facing_20(DUNEDIN_HOUSE, limit)
    apply_incident(r, ChipsPushed(1, (), "pot"))
    assert outcome(r) == ("raise", to) and clause(r) == cited


def test_dunedin_house_41_pot_in_fixed_limit_is_the_structured_bet() -> None:
    r = limit_flop()
    apply_incident(r, ChipsPushed(0, (), "pot"))
    assert r.current_bet == 10 and clause(r) == "dunedin-house 41"


@pytest.mark.parametrize(
    ("meanings", "expect", "cited"),
    [
        ((50, 70), ("raise", 50), "dunedin-house 42"),  # "raise fifty": to 50 or by 50
        ((30, 50), ("raise", 40), "dunedin-house 42, 35"),  # the lesser is short: a full raise
        ((20, 2000), ("call", 20), "dunedin-house 42"),  # "twenty": a call, not a raise
    ],
)
def test_dunedin_house_42_ambiguous_amount_is_the_lesser(
    meanings: tuple[int, ...], expect: tuple[str, int], cited: str
) -> None:
    r = facing_20()
    apply_incident(r, AmountDeclared(1, meanings))
    assert outcome(r) == expect and clause(r) == cited


@pytest.mark.parametrize(
    ("rulebook", "cited"),
    [(QLD_HOLDEM_2005, "qld-holdem-2005 s22(2)"), (ACT_OMAHA_2017, "act-omaha-2017 4.7")],
)
def test_qld_s22_2_act_4_7_a_spoken_amount_is_no_wager(rulebook: Rulebook, cited: str) -> None:
    r = facing_20(rulebook)
    assert refused(r, AmountDeclared(1, (50, 70))) == cited
    assert refused(r, ChipsPushed(1, (), "call")) == cited
    assert refused(r, ConditionalStatement(CheckCall(1), binding=True)) == cited


def test_qld_s4_1_act_11_1_a_spoken_check_is_a_check() -> None:
    for rulebook, cited in ((QLD_HOLDEM_2005, "qld-holdem-2005 s4(1)"), (ACT_OMAHA_2017,
                            "act-omaha-2017 11.1")):  # fmt: skip
        r = flop(rulebook)
        apply_incident(r, ChipsPushed(0, (), "knock"))
        assert r.actor == 1 and last_ruling(r).clause == cited


def test_dunedin_house_42_refuses_empty_or_out_of_turn_declarations() -> None:
    r = facing_20()
    assert refused(r, AmountDeclared(1, ())) == "dunedin-house 42"
    assert refused(r, AmountDeclared(2, (50,))) == DUNEDIN_HOUSE.turn_clause


def test_dunedin_house_43_a_conditional_statement_binds_only_if_ruled_so() -> None:
    r = facing_20()
    apply_incident(r, ConditionalStatement(BetRaise(1, 60), binding=True))
    assert outcome(r) == ("raise", 60) and clause(r) == "dunedin-house 43"
    r2 = facing_20()
    apply_incident(r2, ConditionalStatement(BetRaise(1, 60), binding=False))
    assert r2.actor == 1 and r2.current_bet == 20  # the player acts freely
    assert refused(r2, ConditionalStatement(Fold(2), binding=True)) == "dunedin-house 43"


def test_dunedin_house_45_chips_pushed_silently_all_count() -> None:
    r = facing_20()
    apply_incident(r, ChipsPushed(1, (40, 40)))  # meant to call 20 and take change
    assert outcome(r) == ("raise", 80) and r.stacks[1] == 910


# ---------------------------------------------------------------------------------------------
# Forward motion and the miscounted call: dunedin-house 33, 40


def test_dunedin_house_33_forward_motion_in_limit_is_completed() -> None:
    r = limit_flop()
    apply_incident(r, ForwardMotion(0))  # not facing a bet: the bet is completed
    assert r.current_bet == 10 and clause(r) == "dunedin-house 33"
    apply_incident(r, ForwardMotion(1))
    assert outcome(r) == ("call", 10)
    apply_incident(r, ForwardMotion(2, raise_=True))
    assert r.current_bet == 20


def test_dunedin_house_33_refused_outside_limit_or_another_rulebook() -> None:
    assert refused(facing_20(), ForwardMotion(1)) == "dunedin-house 33"
    assert refused(limit_flop(), ForwardMotion(1)) == "dunedin-house 33"  # not the turn
    assert refused(limit_flop(ACT_OMAHA_2017), ForwardMotion(0)) == "act-omaha-2017 4.7"


def test_dunedin_house_40_a_miscounted_caller_pays_the_correct_amount() -> None:
    r = facing_20()
    apply_incident(r, MiscountedCall(1, 15))  # told 15, put in 15
    assert outcome(r) == ("call", 20) and r.stacks[1] == 970
    assert clause(r) == "dunedin-house 40"


def test_dunedin_house_40_refusals() -> None:
    r = facing_20()
    assert refused(r, MiscountedCall(1, 20)) == "dunedin-house 40"  # no miscount
    assert refused(r, MiscountedCall(1, 0)) == "dunedin-house 40"
    assert refused(facing_20(ACT_OMAHA_2017), MiscountedCall(1, 15)) == "act-omaha-2017 17.8"


# ---------------------------------------------------------------------------------------------
# The showdown: dunedin-house 60, 62, 65


def test_dunedin_house_60_a_hand_is_read_only_from_all_its_hole_cards() -> None:
    r = showdown()
    with pytest.raises(IllegalAction):
        r.apply(Show(0, C("As")))  # one card of two: not tabled
    r.apply(Show(0, C("AsAd")))
    r.apply(Muck(1))
    r.apply(Muck(2))
    assert awards(r) == {0: 30}


def test_dunedin_house_65_playing_the_board_needs_every_hole_card_tabled() -> None:
    r = showdown(board="AhKhQhJhTh")  # a royal flush on the board
    with pytest.raises(IllegalAction):
        r.apply(Show(1, C("Ks")))
    r.apply(Show(0))
    r.apply(Show(1, C("KsKd")))
    r.apply(Muck(2))  # not tabled: no share
    assert awards(r) == {0: 15, 1: 15}


def test_dunedin_house_62_a_hand_not_clearly_read_has_no_claim() -> None:
    r = showdown()
    apply_incident(r, HandNotTabled(0, readable=False))
    assert r.mucked[0] and clause(r) == "dunedin-house 62"
    assert isinstance(r.events[-1], HandMucked)
    r.apply(Show(1))
    r.apply(Show(2))
    assert awards(r) == {1: 30}


def test_dunedin_house_62_a_hand_clearly_read_stands() -> None:
    r = showdown()
    apply_incident(r, HandNotTabled(0, readable=True))
    r.apply(Muck(1))
    r.apply(Muck(2))
    assert awards(r) == {0: 30}


def test_dunedin_house_62_refusals() -> None:
    assert refused(facing_20(), HandNotTabled(1, readable=False)) == "dunedin-house 62"
    r = showdown()
    r.apply(Muck(0))
    assert refused(r, HandNotTabled(0, readable=False)) == "dunedin-house 62"
    assert refused(showdown(ACT_OMAHA_2017), HandNotTabled(0, False)) == "act-omaha-2017 4.7"


def test_dunedin_house_8_cards_tabled_on_request_are_live() -> None:
    r = showdown()
    r.apply(Show(1))  # the last hand shown so far
    r.apply(Show(0))  # tabled because a player in the hand asked: live, and it wins
    r.apply(Muck(2))
    assert awards(r) == {0: 30}


# ---------------------------------------------------------------------------------------------
# A card off the table: dunedin-house 70


def test_dunedin_house_70_player_error_the_card_is_played() -> None:
    r = facing_20()
    apply_incident(r, CardOffTable(C("Ks")[0], player=1, by_dealer=False))
    assert not r.folded[1] and r.hole[1] == tuple(C("KsKd"))
    assert clause(r) == "dunedin-house 70" and not any(isinstance(e, RoundVoided) for e in r.events)


def test_dunedin_house_70_dealer_error_is_an_exposed_card() -> None:
    cfg = round_config(stacks=(1000,) * 3, blinds=(5, 10, 0), min_bet=10, rulebook=DUNEDIN_HOUSE)
    r = Round(cfg)
    r.apply(DealHole(0, C("AsAd")))
    r.apply(DealHole(1, C("KsKd")))
    r.apply(DealHole(2, C("QsQd")))
    apply_incident(r, CardOffTable(C("Kd")[0], 1, by_dealer=True, replacement=C("3c")[0]))
    assert r.hole[1] == tuple(C("Ks3c")) and clause(r) == "dunedin-house 70"
    assert [type(e) for e in r.events[-1:]] == [HoleCardReplaced]


def test_dunedin_house_70_a_stub_card_off_the_table_by_the_dealer_is_exposed() -> None:
    r = facing_20()
    apply_incident(r, CardOffTable(C("5h")[0], None, by_dealer=True))
    assert [(e.card, e.use) for e in r.events if isinstance(e, CardExposed)] == [
        (C("5h")[0], "board")
    ]
    assert clause(r) == "dunedin-house 70, dunedin-house 72" and r.bet_cap is not None


def test_dunedin_house_70_refusals() -> None:
    r = facing_20()
    assert refused(r, CardOffTable(C("As")[0], 1, by_dealer=False)) == "dunedin-house 70"
    assert refused(r, CardOffTable(C("5h")[0], None, by_dealer=False)) == "dunedin-house 70"
    act = facing_20(ACT_OMAHA_2017)
    assert refused(act, CardOffTable(C("Ks")[0], 1, False)) == "act-omaha-2017 (silent)"


# ---------------------------------------------------------------------------------------------
# Breaches: act-omaha-2017 19.2(a); dunedin-house 4


def test_act_omaha_2017_19_2_a_breach_folds_the_hand_and_its_wagers_stay() -> None:
    r = flop(ACT_OMAHA_2017)
    r.apply(BetRaise(0, 20))
    apply_incident(r, RuleBreached(0))
    assert r.folded[0] and r.contrib[0] == 30
    assert [e.clause for e in r.events if isinstance(e, HandKilled)] == ["act-omaha-2017 19.2(a)"]


def test_dunedin_house_4_a_phone_with_live_cards_kills_the_hand() -> None:
    r = facing_20()
    apply_incident(r, RuleBreached(2, phone=True))
    assert r.folded[2] and clause(r) == "dunedin-house 4"
    assert refused(r, RuleBreached(1)) == "dunedin-house 4"  # only the phone rule kills
    assert refused(r, RuleBreached(2, phone=True)) == "dunedin-house 4"  # already dead
    assert refused(facing_20(QLD_HOLDEM_2005), RuleBreached(1)) == "qld-holdem-2005 (silent)"


# ---------------------------------------------------------------------------------------------
# Chips lent or bet for another player


@pytest.mark.parametrize(
    ("rulebook", "cited"),
    [
        (QLD_HOLDEM_2005, "qld-holdem-2005 s38(2)"),
        (ACT_OMAHA_2017, "act-omaha-2017 14.4"),
        (DUNEDIN_HOUSE, "dunedin-house 20"),
        (QLD_TOURNAMENT, "qld-tournament-2020 4.17"),
    ],
)
def test_no_lending_qld_s38_2_act_14_4_dunedin_20_qld_tournament_4_17(
    rulebook: Rulebook, cited: str
) -> None:
    r = facing_20(rulebook)
    stacks = list(r.stacks)
    apply_incident(r, ChipsLent(0, 1, 100))
    assert clause(r) == cited and r.stacks == stacks  # the chips stay the lender's
    assert r.why_illegal(BetRaise(1, 20 + stacks[1])) is not None  # 1 cannot bet them
    assert refused(r, ChipsLent(0, 0, 100)) == cited
    assert refused(r, ChipsLent(0, 1, stacks[0] + 1)) == cited
    assert refused(r, ChipsLent(0, 1, 0)) == cited


# ---------------------------------------------------------------------------------------------
# Options the players agree on: act-omaha-2017 17.16, 19.4


def test_act_omaha_2017_17_16_all_agree_to_void() -> None:
    r = flop(ACT_OMAHA_2017)
    r.apply(BetRaise(0, 20))
    apply_incident(r, OptionsAgreed("void", all_agree=True))
    assert r.is_over and r.stacks == list(r.config.stacks)
    assert clause(r) == "act-omaha-2017 17.16"


def test_act_omaha_2017_17_16_without_agreement_19_4_applies() -> None:
    r = flop(ACT_OMAHA_2017)
    apply_incident(r, OptionsAgreed("void", all_agree=False))
    assert not r.is_over and r.actor == 0 and clause(r) == "act-omaha-2017 19.4"
    apply_incident(r, OptionsAgreed("play on", all_agree=True))
    assert not r.is_over and clause(r) == "act-omaha-2017 17.16"
    assert refused(r, OptionsAgreed("split the pot", True)) == "act-omaha-2017 17.16"
    assert refused(flop(DUNEDIN_HOUSE), OptionsAgreed("void", True)) == "dunedin-house (silent)"


def test_qld_s38_7_8_information_about_a_hand_goes_to_every_player() -> None:
    r = flop(QLD_HOLDEM_2005)
    r.apply(BetRaise(0, 20))  # an uncalled bettor (s38(8))
    apply_incident(r, CardsShownToPlayer(0, C("As"), to_player=1))
    r.apply(Fold(1))
    apply_incident(r, CardsShownToPlayer(1, C("Ks"), to_player=2))  # an inactive hand (s38(7))
    shown = [(e.player, e.clause) for e in r.events if isinstance(e, CardsShownToTable)]
    assert shown == [(0, "qld-holdem-2005 s38(7)-(8)"), (1, "qld-holdem-2005 s38(7)-(8)")]


def test_conduct_rulings_at_the_table_act_17_16_void_and_14_4_lending() -> None:
    from croupier.table.commands import Report
    from croupier.table.table import Table
    from support.table import ACT, deck, seated
    from support.table import refused as table_refused

    t = seated(ACT, 3, chips=200)
    t.apply(StartRound(deck(t)))
    before = dict(t.stacks)
    table_refused(t, Report(ChipsLent(0, 1, 500)), "act-omaha-2017 14.4")  # more than held
    t.apply(Report(ChipsLent(0, 1, 50)))
    assert t.round is not None
    t.apply(Report(OptionsAgreed("void", all_agree=True)))
    assert t.round is None and t.stacks == before  # void: every chip back, the same deal again
    again = Table.from_events(t.config, t.events)
    assert again.stacks == t.stacks
