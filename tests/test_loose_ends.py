"""Loose ends: dunedin-house 85 ruled once a hand and never onto an eliminated player."""

from __future__ import annotations

import pytest
from test_tournament_chips import all_in_hand
from test_tournament_support import started

from croupier.tournament import Tournament, TournamentError


def _winning_shover() -> tuple[Tournament, str, str]:
    for seed in range(40):
        t = started(4, seed=seed)
        shover, caller, _ = all_in_hand(t, seed)
        if t.stack(shover):
            return t, shover, caller
    pytest.fail("the shover never won")


def _losing_shover() -> tuple[Tournament, str, str]:
    for seed in range(40):
        t = started(4, seed=seed)
        shover, caller, _ = all_in_hand(t, seed)
        if not t.stack(shover):
            return t, shover, caller
    pytest.fail("the shover never lost")


def test_dunedin_house_85_is_ruled_once_for_a_hand() -> None:
    t, shover, _ = _winning_shover()
    t.rule_hidden_chips(shover, 25)
    stack, n = t.stack(shover), len(t.events)
    with pytest.raises(TournamentError) as info:
        t.rule_hidden_chips(shover, 25)
    assert info.value.ruling.clause == "dunedin-house 85"
    assert "already" in info.value.ruling.message
    assert t.stack(shover) == stack and len(t.events) == n


def test_dunedin_house_85_a_loser_is_ruled_once_too() -> None:
    t, shover, caller = _losing_shover()
    t.rule_hidden_chips(shover, 25, award_to=caller)
    before = t.stack(caller)
    with pytest.raises(TournamentError):
        t.rule_hidden_chips(shover, 25, award_to=caller)
    assert t.stack(caller) == before


def test_dunedin_house_85_adds_no_chips_to_an_eliminated_player() -> None:
    t, shover, _ = _winning_shover()
    t.disqualify(shover)
    in_play, n = t.chips_in_play, len(t.events)
    with pytest.raises(TournamentError) as info:
        t.rule_hidden_chips(shover, 25)
    assert info.value.ruling.clause == "dunedin-house 85"
    assert t.chips_in_play == in_play and len(t.events) == n
    assert t.chips_on_tables() == t.chips_in_play


def test_reopen_round_keeps_a_dunedin_house_18_notice() -> None:
    from test_table import DUN, deck, seated

    from croupier.round import BetRaise, Fold
    from croupier.table.commands import Act, ReopenRound, SitOut, StartRound, Tick
    from croupier.table.events import Notice
    from croupier.table.table import Table

    t = seated(DUN, 4, chips=200)
    t.apply(SitOut("p4", at=100))
    t.apply(StartRound(deck(t), at=200))
    r = t.round
    assert r is not None
    la = r.legal_actions()
    assert la is not None and la.min_raise_to is not None
    t.apply(Act(BetRaise(r.actor, la.min_raise_to)))  # type: ignore[arg-type]
    while t.round is not None:
        t.apply(Act(Fold(t.round.actor)))  # type: ignore[arg-type]
    [notice] = [e for e in t.apply(Tick(100 + 901)) if isinstance(e, Notice)]
    assert notice.clause == "dunedin-house 18"
    t.apply(ReopenRound(1, at=1100))
    assert "p4" in t.away_noticed
    assert not [e for e in t.apply(Tick(2000)) if isinstance(e, Notice)]  # said once
    assert Table.from_events(t.config, t.events).away_noticed == t.away_noticed
