"""The floor's rulings on the deal: misdeals and reconstruction, boxed cards, wrong numbers of
hole cards, dead hands and who wins when hands are dead, killed and mucked hands.

Each test names the clause it proves; where the rulebooks disagree the same report runs under
each. Rounds are dealer-driven (the test enters the cards)."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.floor import (
    CardsInMuck,
    DealError,
    DealIrregularity,
    HandKilledByDealer,
    WrongHoleCount,
    apply_incident,
)
from croupier.round import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Round,
    Show,
    Structure,
)
from croupier.round.events import (
    HandKilled,
    HoleCardReplaced,
    PotAwarded,
    RoundVoided,
    RulingMade,
)
from croupier.rules import ACT_OMAHA_2017, DUNEDIN_HOUSE, QLD_HOLDEM_2005, IllegalAction, Rulebook
from support.build import make_round, round_config

HOLES = ["AsAd", "KsKd", "QsQd"]


def deal(rulebook: Rulebook, holes: list[str] | None = None, *, burn: bool = True) -> Round:
    """A three-handed pot-limit round; ``holes`` entered in order (None: none yet)."""
    return make_round(holes or (), rulebook=rulebook, structure=Structure.pot_limit(), burn=burn)


def to_flop(r: Round) -> None:
    """Everyone calls the big blind (qld: an opening bet equal to it) and the flop comes."""
    while r.street == 0 and r.actor is not None:
        r.apply(CheckCall(r.actor))
    r.apply(DealBoard(parse_cards("2c7h9d")))


def snapshot(r: Round) -> tuple[object, ...]:
    return (
        list(r.stacks),
        list(r.bets),
        list(r.folded),
        r.street,
        len(r.events),
        sorted(r.cards_out),
        dict(r.pending),
        dict(r.passive),
        r.bet_cap,
    )


def replays(r: Round) -> None:
    """The ruling's events are the truth: folding them rebuilds the same round."""
    again = Round.from_events(r.config, r.events)
    assert snapshot(again) == snapshot(r)


def won(r: Round) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            out[e.player] = out.get(e.player, 0) + e.amount
    return out


def ruling(r: Round) -> RulingMade:
    return [e for e in r.events if isinstance(e, RulingMade)][-1]


# ---------------------------------------------------------------------------------------------
# Misdeals and reconstruction


@pytest.mark.parametrize(
    ("rulebook", "clause"),
    [
        (QLD_HOLDEM_2005, "qld-holdem-2005 s32(1)(a), (3)"),
        (ACT_OMAHA_2017, "act-omaha-2017 17.1(a), 17.3"),
        (DUNEDIN_HOUSE, "dunedin-house 68"),
    ],
)
def test_qld_s32_1_a_act_17_1_a_dunedin_68_card_exposed_in_the_cut_is_a_misdeal(
    rulebook: Rulebook, clause: str
) -> None:
    r = deal(rulebook, HOLES[:2])
    apply_incident(r, DealIrregularity(DealError.CUT_EXPOSED))
    assert r.is_over and r.voided
    assert r.stacks == list(r.config.stacks)  # the blinds go back: no round was played
    assert r.pot_total == 0
    assert [e.clause for e in r.events if isinstance(e, RoundVoided)] == [clause]
    replays(r)


def test_qld_s32_3_misdeal_returns_the_participation_fee() -> None:
    cfg = round_config(
        stacks=(1000, 1000, 1000),
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
        fee=2,
    )
    r = Round(cfg)
    assert r.stacks == [993, 988, 998]
    apply_incident(r, DealIrregularity(DealError.NOT_CUT))
    assert r.stacks == [1000, 1000, 1000] and r.fees == 0  # s32(3)(a): taken not to have started


def test_qld_s32_2_no_misdeal_once_the_first_round_of_betting_starts() -> None:
    r = deal(QLD_HOLDEM_2005, HOLES)
    r.apply(CheckCall(2))
    before = snapshot(r)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, DealIrregularity(DealError.HOLE_EXPOSED, parse_cards("As"), 0))
    assert info.value.ruling.clause == "qld-holdem-2005 s32(2)"
    assert snapshot(r) == before


@pytest.mark.parametrize("looked", [False, True])
def test_qld_s32_4_a_missed_player_is_reconstructed_unless_someone_looked(looked: bool) -> None:
    r = deal(QLD_HOLDEM_2005, HOLES[:1])
    apply_incident(r, DealIrregularity(DealError.PLAYER_MISSED, player=1, looked=looked))
    assert r.is_over is looked
    if not looked:  # s32(5): the dealer reconstructs; the deal goes on
        assert ruling(r).clause == "qld-holdem-2005 s32(4)-(5)"
        r.apply(DealHole(1, parse_cards("KsKd")))
        assert r.awaiting() == "hole"


def test_qld_s32_6_cards_dealt_to_a_vacant_seat_go_to_the_discards() -> None:
    r = deal(QLD_HOLDEM_2005, HOLES[:1])
    apply_incident(r, DealIrregularity(DealError.VACANT_SEAT, parse_cards("2h3h")))
    assert ruling(r).clause == "qld-holdem-2005 s32(4)-(6)"
    with pytest.raises(IllegalAction):  # the discarded cards are out of play
        r.apply(DealHole(1, parse_cards("2hKd")))


@pytest.mark.parametrize(
    ("rulebook", "voided", "clause"),
    [
        (QLD_HOLDEM_2005, True, "qld-holdem-2005 s32(1)(c)(i), (3)"),
        (ACT_OMAHA_2017, False, "act-omaha-2017 17.20"),
        (DUNEDIN_HOUSE, False, "dunedin-house 68"),
    ],
)
def test_qld_s32_1_c_act_17_20_dunedin_68_one_exposed_hole_card(
    rulebook: Rulebook, voided: bool, clause: str
) -> None:
    r = deal(rulebook, HOLES)
    apply_incident(
        r,
        DealIrregularity(
            DealError.HOLE_EXPOSED, parse_cards("As"), 0, replacement=parse_cards("Ah")[0]
        ),
    )
    assert r.is_over is voided
    assert ruling(r).clause == clause
    if not voided:  # the exposed ace is discarded and replaced by the next card
        assert r.hole[0] == parse_cards("AhAd")
        assert [type(e) for e in r.events[-1:]] == [HoleCardReplaced]
        replays(r)


def test_act_omaha_2017_17_21_exposed_hole_card_without_burning_is_a_misdeal() -> None:
    r = deal(ACT_OMAHA_2017, HOLES[:1], burn=False)
    apply_incident(r, DealIrregularity(DealError.HOLE_EXPOSED, parse_cards("As"), 0))
    assert r.voided and ruling(r).clause == "act-omaha-2017 17.21"


def test_act_omaha_2017_17_1_d_card_out_of_turn_looked_at_is_a_misdeal() -> None:
    r = deal(ACT_OMAHA_2017, HOLES[:1])
    apply_incident(r, DealIrregularity(DealError.OUT_OF_TURN, player=2, looked=True))
    assert r.voided and ruling(r).clause == "act-omaha-2017 17.1(d), 17.3"
    r2 = deal(ACT_OMAHA_2017, HOLES[:1])
    apply_incident(r2, DealIrregularity(DealError.OUT_OF_TURN, player=2))
    assert not r2.is_over and ruling(r2).clause == "act-omaha-2017 17.1(d)"


def test_act_omaha_2017_17_1_f_an_excess_card_is_a_misdeal() -> None:
    r = deal(ACT_OMAHA_2017, HOLES[:1])
    apply_incident(r, DealIrregularity(DealError.WRONG_COUNT, parse_cards("KsKdKh"), 1))
    assert r.voided and ruling(r).clause == "act-omaha-2017 17.1(f), 17.3"


@pytest.mark.parametrize(
    ("error", "looked", "voided", "clause"),
    [
        (DealError.NOT_CUT, False, True, "act-omaha-2017 17.1(b), 17.3"),
        (DealError.PLAYER_MISSED, False, False, "act-omaha-2017 17.1(e)"),
        (DealError.PLAYER_MISSED, True, True, "act-omaha-2017 17.1(e), 17.3"),
        (DealError.HOLE_EXPOSED, False, True, "act-omaha-2017 17.1(c), 17.3"),
    ],
)
def test_act_omaha_2017_17_1_b_c_e_misdeal_or_reconstruction(
    error: DealError, looked: bool, voided: bool, clause: str
) -> None:
    r = deal(ACT_OMAHA_2017, HOLES[:1])
    cards = parse_cards("As Ad") if error is DealError.HOLE_EXPOSED else ()
    apply_incident(r, DealIrregularity(error, cards, 0, looked=looked))
    assert r.is_over is voided and ruling(r).clause == clause


def test_act_omaha_2017_17_2_found_after_the_first_betting_round_is_no_misdeal() -> None:
    r = deal(ACT_OMAHA_2017, HOLES)
    to_flop(r)
    apply_incident(r, DealIrregularity(DealError.OUT_OF_TURN, player=1, looked=True))
    assert not r.is_over and ruling(r).clause == "act-omaha-2017 17.2"
    assert r.pot_total == 30  # no money is returned


def test_dunedin_house_68_two_exposed_hole_cards_misdeal_unless_substantial_action() -> None:
    r = deal(DUNEDIN_HOUSE, HOLES)
    apply_incident(r, DealIrregularity(DealError.HOLE_EXPOSED, parse_cards("As Ks"), 0))
    assert r.voided
    r2 = deal(DUNEDIN_HOUSE, HOLES)
    r2.apply(CheckCall(2))
    r2.apply(CheckCall(0))  # two players acted in turn: substantial action
    apply_incident(r2, DealIrregularity(DealError.HOLE_EXPOSED, parse_cards("As Ks"), 0))
    assert not r2.is_over and ruling(r2).clause == "dunedin-house 68"


@pytest.mark.parametrize(
    ("rulebook", "voided"),
    [(QLD_HOLDEM_2005, True), (ACT_OMAHA_2017, False), (DUNEDIN_HOUSE, False)],
)
def test_qld_s32_1_c_ii_boxed_card_is_a_misdeal_elsewhere_set_aside(
    rulebook: Rulebook, voided: bool
) -> None:
    r = deal(rulebook, HOLES[:1])
    apply_incident(r, DealIrregularity(DealError.BOXED_CARD, parse_cards("7c")))
    assert r.is_over is voided
    if not voided:
        with pytest.raises(IllegalAction):  # the boxed card is out of play
            r.apply(DealHole(1, parse_cards("7cKd")))


# ---------------------------------------------------------------------------------------------
# Wrong number of hole cards and dead hands


@pytest.mark.parametrize(
    ("rulebook", "clause"),
    [
        (QLD_HOLDEM_2005, "qld-holdem-2005 s33(1)-(2)"),
        (ACT_OMAHA_2017, "act-omaha-2017 17.9"),
        (DUNEDIN_HOUSE, "dunedin-house 55(e)"),
    ],
)
def test_qld_s33_2_act_17_9_dunedin_55_wrong_hole_count_kills_the_hand_bets_stay(
    rulebook: Rulebook, clause: str
) -> None:
    r = deal(rulebook, HOLES)
    to_flop(r)
    r.apply(BetRaise(0, 30))
    apply_incident(r, WrongHoleCount(0, 3))
    assert r.folded[0] and 0 in r.killed
    assert [e.clause for e in r.events if isinstance(e, HandKilled)] == [clause]
    assert r.contrib[0] == 40  # the blind, the call and the bet stay in the pot
    r.apply(CheckCall(1))  # the others still face the bet (taken to have folded after it)
    r.apply(Fold(2))
    assert r.is_over and won(r) == {1: 90}
    replays(r)


@pytest.mark.parametrize(
    ("rulebook", "clause"),
    [(QLD_HOLDEM_2005, "qld-holdem-2005 s33"), (ACT_OMAHA_2017, "act-omaha-2017 17.9")],
)
def test_qld_s33_4_act_17_9_no_hand_left_at_showdown_the_last_to_fold_wins(
    rulebook: Rulebook, clause: str
) -> None:
    r = deal(rulebook, HOLES)
    to_flop(r)
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    r.apply(Fold(2))
    for board in ("Tc", "Jc"):
        r.apply(DealBoard(parse_cards(board)))
        r.apply(CheckCall(0))
        r.apply(CheckCall(1))
    assert r.awaiting() == "showdown"
    apply_incident(r, WrongHoleCount(0, 1))
    apply_incident(r, WrongHoleCount(1, 3))
    assert r.is_over
    assert won(r) == {2: 90}  # player 2 folded last and holds no dead hand
    assert {e.clause for e in r.events if isinstance(e, PotAwarded)} == {clause}


def test_qld_s33_3_one_active_player_left_at_showdown_wins() -> None:
    r = deal(QLD_HOLDEM_2005, HOLES)
    to_flop(r)
    for board in (None, "Tc", "Jc"):
        if board:
            r.apply(DealBoard(parse_cards(board)))
        for p in (0, 1, 2):
            r.apply(CheckCall(p))
    r.apply(Show(2))
    apply_incident(r, WrongHoleCount(0, 3))  # the best hand, but dead
    r.apply(Show(1))
    assert won(r) == {1: 30}


def test_qld_s33_5_dead_hand_at_showdown_subject_to_the_all_in_rules() -> None:
    cfg = round_config(
        stacks=(1000, 1000, 30),
        blinds=(5, 10, 0),
        min_bet=10,
        rulebook=QLD_HOLDEM_2005,
        structure=Structure.pot_limit(),
    )
    r = Round(cfg)
    for p, h in enumerate(("KsKd", "QsQd", "AsAd")):
        r.apply(DealHole(p, parse_cards(h)))
    to_flop(r)
    r.apply(BetRaise(0, 30))
    r.apply(CheckCall(1))
    r.apply(CheckCall(2))  # all-in for 20
    for board in ("Tc", "Jc"):
        r.apply(DealBoard(parse_cards(board)))
        r.apply(CheckCall(0))
        r.apply(CheckCall(1))
    apply_incident(r, WrongHoleCount(0, 3))
    r.apply(Show(1))
    r.apply(Show(2))
    # s33(3) gives the active player the pot, but s29: the all-in aces take the main pot
    assert won(r) == {2: 90, 1: 20}


@pytest.mark.parametrize(
    ("rulebook", "back"),
    [(DUNEDIN_HOUSE, 30), (QLD_HOLDEM_2005, 0), (ACT_OMAHA_2017, 0)],
)
def test_dunedin_house_69_killed_hand_gets_its_uncalled_bet_back(
    rulebook: Rulebook, back: int
) -> None:
    r = deal(rulebook, HOLES)
    to_flop(r)
    r.apply(BetRaise(0, 30))
    apply_incident(r, HandKilledByDealer(0))
    assert r.folded[0]
    assert r.stacks[0] == 960 + back  # dunedin-house 69: the uncalled bet goes back
    assert r.current_bet == 30 - back
    replays(r)


def test_dunedin_house_63_dealer_cannot_kill_a_tabled_winning_hand() -> None:
    r = deal(DUNEDIN_HOUSE, HOLES)
    to_flop(r)
    for board in (None, "Tc", "Jc"):
        if board:
            r.apply(DealBoard(parse_cards(board)))
        for p in (0, 1, 2):
            r.apply(CheckCall(p))
    r.apply(Show(0))
    r.apply(Show(1))
    before = snapshot(r)
    with pytest.raises(IllegalAction) as info:
        apply_incident(r, HandKilledByDealer(0))
    assert info.value.ruling.clause == "dunedin-house 63" and snapshot(r) == before
    apply_incident(r, HandKilledByDealer(1))  # the losing tabled hand may still be killed
    assert r.folded[1]


@pytest.mark.parametrize(
    ("rulebook", "retrieve", "dead"),
    [
        (ACT_OMAHA_2017, True, True),  # 17.10: no further part, whatever the floor wishes
        (DUNEDIN_HOUSE, True, False),  # 56: an identifiable hand may be retrieved
        (DUNEDIN_HOUSE, False, True),
        (QLD_HOLDEM_2005, False, True),  # s5(3): taken to have folded
    ],
)
def test_act_omaha_2017_17_10_and_dunedin_house_56_cards_that_reached_the_muck(
    rulebook: Rulebook, retrieve: bool, dead: bool
) -> None:
    r = deal(rulebook, HOLES)
    to_flop(r)
    apply_incident(r, CardsInMuck(1, identifiable=True, retrieve=retrieve))
    assert r.folded[1] is dead
