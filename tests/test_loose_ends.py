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
