"""Short blinds and hidden chips at tournament tables (qld-tournament-2020 4.29;
dunedin-house 85, 93, 94)."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.floor import CardsInMuck
from croupier.round import DealHole, Fold, Round
from croupier.round.events import BlindPosted
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from croupier.tournament.events import FloorRuled, HiddenChipsRuled
from support.tournament import (
    QLD,
    all_in_hand,
    folds,
    only_table,
    play,
    recording,
    short_big_blind,
    started,
)


@pytest.mark.parametrize(("changes", "clause"), [(QLD, "qld-tournament-2020 4.29"),
                                                  ({}, "dunedin-house 94")])  # fmt: skip
def test_qld_tournament_2020_4_29_dunedin_house_94_a_short_blind_plays_all_in(
    changes: dict[str, str], clause: str
) -> None:
    t = started(4, chips=[5, 25, 100], **changes)
    table = only_table(t)
    short = short_big_blind(t, 40)  # the big blind is 50, the small 25
    plan = t.plan_hand(table)
    assert clause in plan.rulings
    plan, r = play(t, table, folds)  # everyone folds to the short big blind
    p = plan.players.index(short)
    posted = [e for e in r.events if isinstance(e, BlindPosted) and e.player == p]
    assert [e.amount for e in posted] == [40] and r.all_in[p]
    assert r.stacks[p] == 40 + 25  # a live blind: it wins the small blind
    t.apply(*recording([(plan, r)]))
    after = t.plan_hand(table)
    # 94: the partial blind counts as a full one: the blinds move on, nobody owes one
    seats = sorted(t.tables[table].seats)
    bb = plan.deal.big_blind.seat
    assert after.deal.small_blind.seat == bb
    assert after.deal.big_blind.seat == next((s for s in seats if s > bb), seats[0])
    assert short not in [
        post.player for post in after.deal.posts if post.blind.value == "big blind"
    ]


def test_qld_tournament_2020_4_29_a_full_stack_gets_no_ruling() -> None:
    t = started(4, **QLD)
    assert "qld-tournament-2020 4.29" not in t.plan_hand(only_table(t)).rulings


def test_dunedin_house_85_hidden_chip_of_a_winner_is_not_paid_off() -> None:
    for seed in range(40):
        t = started(4, seed=seed)
        shover, caller, _ = all_in_hand(t, seed)
        if t.stack(shover):
            break
    else:
        pytest.fail("the shover never won")
    before, in_play = t.stack(shover), t.chips_in_play
    with pytest.raises(TournamentError) as info:
        t.apply(cm.RuleHiddenChips(shover, 25, award_to=caller))
    assert info.value.ruling.clause == "dunedin-house 85"
    [e] = t.apply(cm.RuleHiddenChips(shover, 25))
    assert isinstance(e, HiddenChipsRuled) and e.to == shover
    assert t.stack(shover) == before + 25 and t.chips_in_play == in_play + 25
    assert t.chips_on_tables() == t.chips_in_play
    assert Tournament.from_events(t.conditions, t.events).stack(shover) == before + 25


def test_dunedin_house_85_hidden_chip_does_not_save_a_loser_and_may_go_to_the_caller() -> None:
    for seed in range(40):
        t = started(4, seed=seed)
        shover, caller, _ = all_in_hand(t, seed)
        if not t.stack(shover):
            break
    else:
        pytest.fail("the shover never lost")
    before = t.stack(caller)
    [e] = t.apply(cm.RuleHiddenChips(shover, 25, award_to=caller))
    assert isinstance(e, HiddenChipsRuled) and t.stack(caller) == before + 25
    assert t.stack(shover) == 0 and t.chips_on_tables() == t.chips_in_play
    n = len(t.events)
    with pytest.raises(TournamentError):
        t.apply(cm.RuleHiddenChips(shover, 30))  # not whole 25 chips
    assert len(t.events) == n


def test_dunedin_house_93_the_director_rules_a_mucked_hand_retrievable() -> None:
    t = started(4)
    plan = t.plan_hand(only_table(t))
    r = Round(plan.config)
    deck = iter(Deck.standard().cards)
    for p in range(r.n):
        r.apply(DealHole(p, (next(deck), next(deck))))
    p = r.actor or 0
    [ruled] = t.apply(
        cm.Report(cm.PlayedHand.of(plan, r), CardsInMuck(p, identifiable=False, retrieve=True)),
        cm.Inputs(rounds=(r,)),
    )
    assert isinstance(ruled, FloorRuled) and ruled.clause == "dunedin-house 93"
    assert not r.folded[p] and r.actor == p
    r.apply(Fold(p))
    with pytest.raises(TournamentError) as info:
        t.apply(
            cm.Report(cm.PlayedHand.of(plan, r), CardsInMuck(p, retrieve=True)),
            cm.Inputs(rounds=(r,)),
        )
    assert info.value.ruling.clause == "dunedin-house 93"
