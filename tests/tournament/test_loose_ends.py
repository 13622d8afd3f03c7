"""Loose ends: dunedin-house 85 ruled once a hand and never onto an eliminated player; a
reopened round keeps its dunedin-house 18 notices; bounties of players nobody knocked out."""

from __future__ import annotations

import pytest

from croupier.round import CheckCall, Command, Fold, Round
from croupier.tournament import Tournament, TournamentError
from croupier.tournament import commands as cm
from support.tournament import QLD, all_in_hand, recording, started


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
    t.apply(cm.RuleHiddenChips(shover, 25))
    stack, n = t.stack(shover), len(t.events)
    with pytest.raises(TournamentError) as info:
        t.apply(cm.RuleHiddenChips(shover, 25))
    assert info.value.ruling.clause == "dunedin-house 85"
    assert "already" in info.value.ruling.message
    assert t.stack(shover) == stack and len(t.events) == n


def test_dunedin_house_85_a_loser_is_ruled_once_too() -> None:
    t, shover, caller = _losing_shover()
    t.apply(cm.RuleHiddenChips(shover, 25, award_to=caller))
    before = t.stack(caller)
    with pytest.raises(TournamentError):
        t.apply(cm.RuleHiddenChips(shover, 25, award_to=caller))
    assert t.stack(caller) == before


def test_dunedin_house_85_adds_no_chips_to_an_eliminated_player() -> None:
    t, shover, _ = _winning_shover()
    t.apply(cm.Disqualify(shover))
    in_play, n = t.chips_in_play, len(t.events)
    with pytest.raises(TournamentError) as info:
        t.apply(cm.RuleHiddenChips(shover, 25))
    assert info.value.ruling.clause == "dunedin-house 85"
    assert t.chips_in_play == in_play and len(t.events) == n
    assert t.chips_on_tables() == t.chips_in_play


def test_reopen_round_keeps_a_dunedin_house_18_notice() -> None:
    from croupier.round import BetRaise, Fold
    from croupier.table.commands import Act, ReopenRound, SitOut, StartRound, Tick
    from croupier.table.events import Notice
    from croupier.table.table import Table
    from support.table import DUN, deck, seated

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


def test_bounties_of_players_not_knocked_out_go_to_the_winner() -> None:
    """qld-tournament-2020 2 "Bounty": won by the player who eliminates another. A player
    disqualified, provisionally eliminated or put out by an elimination round was eliminated
    by nobody: the bounty goes, with the winner's own, to the last player left."""
    from croupier.tournament.events import BountyWon
    from croupier.tournament.runner import check_payouts
    from support.tournament import only_table, play, play_out, shove

    t = started(6, bounty=20, absent=["p6"], **QLD)
    t.apply(cm.Tick(4 * 600))
    t.apply(cm.ProvisionallyEliminate("p6"))
    t.apply(cm.Disqualify("p5"))
    table = only_table(t)
    t.apply(cm.AnnounceRound(table, "elimination"))
    t.apply(*recording([play(t, table, shove)]))
    play_out(t, shove)
    assert t.finished and t.bounty_fund == 0
    won = [e for e in t.events if isinstance(e, BountyWon)]
    assert sum(e.amount for e in won) == 20 * t.entries_total
    unclaimed = {e.loser for e in won if e.clause == t.book.unclaimed_bounty_clause}
    assert {"p5", "p6"} <= unclaimed
    winner = next(p for p, e in t.entrants.items() if e.place == 1)
    assert all(e.winner == winner for e in won if e.clause == t.book.unclaimed_bounty_clause)
    check_payouts(t)
    rebuilt = Tournament.from_events(t.conditions, t.events)
    assert rebuilt.bounty_fund == 0
    assert rebuilt.entrants[winner].bounties == t.entrants[winner].bounties


def _folds(r: Round, p: int) -> Command:
    la = r.legal_actions()
    assert la is not None
    return CheckCall(p) if la.call_amount == 0 else Fold(p)


def _bounties_by_loser(t: Tournament) -> dict[str, list[tuple[str, int, str]]]:
    from croupier.tournament.events import BountyWon

    out: dict[str, list[tuple[str, int, str]]] = {}
    for e in t.events:
        if isinstance(e, BountyWon):
            out.setdefault(e.loser, []).append((e.winner, e.amount, e.clause))
    return out


def test_bounty_of_a_player_put_out_by_an_elimination_round_goes_to_the_winner() -> None:
    """qld-tournament-2020 4.22: the lowest table stake after an elimination round goes out,
    eliminated by no player (2 "Bounty"): nobody takes the bounty then; the tournament's
    winner does at the end (design.md, "Bounties of players nobody knocked out")."""
    from croupier.tournament.events import Eliminated
    from croupier.tournament.runner import check_payouts
    from support.tournament import only_table, play, play_out, shove

    t = started(4, bounty=20, **QLD)
    table = only_table(t)
    t.apply(cm.AnnounceRound(table, "elimination"))
    n = len(t.events)
    t.apply(
        *recording([play(t, table, _folds)])
    )  # the small blind folds its blind: the lowest stake
    [gone] = [e for e in t.events[n:] if isinstance(e, Eliminated)]
    assert len(gone.players) == 1 and not t.finished
    assert all(t.entrants[p].status == "eliminated" for p in gone.players)
    assert not any(p in _bounties_by_loser(t) for p in gone.players)  # nobody knocked them out
    play_out(t, shove)
    winner = next(p for p, e in t.entrants.items() if e.place == 1)
    won = _bounties_by_loser(t)
    for p in gone.players:
        assert won[p] == [(winner, 20, t.book.unclaimed_bounty_clause)]
    assert t.bounty_fund == 0
    check_payouts(t)


def test_bounty_of_a_forfeited_entry_goes_to_the_winner() -> None:
    """qld-tournament-2020 4.13: a player who forfeits a short stack and buys back in has two
    entries and two bounties; the forfeited entry was eliminated by no player, so its bounty
    goes to the tournament's winner, and the new entry's to whoever knocks it out."""
    from croupier.tournament.runner import check_payouts
    from support.tournament import play_out, shove

    t = started(4, bounty=20, re_entry={"price": 100, "chips": 1000, "until_level": 1}, **QLD)
    t.apply(cm.Tick(600))  # the re-entry period is over: 4.13's option
    t.apply(cm.Forfeit("p1"))
    assert t.entrants["p1"].entries == 2 and t.bounty_fund == 20 * 5
    play_out(t, shove)
    winner = next(p for p, e in t.entrants.items() if e.place == 1)
    won = _bounties_by_loser(t)["p1"]
    assert sum(amount for _, amount, _ in won) == 40  # both of p1's bounties, each once
    assert [w for w in won if w[2] == t.book.unclaimed_bounty_clause] == [
        (winner, 20, t.book.unclaimed_bounty_clause)
    ]
    assert t.bounty_fund == 0
    # the forfeited entry also takes a place of its own (the worst), so every place is
    # awarded and the whole pool paid (check_payouts)
    assert (5, 0, "") in t.entrants["p1"].results and len(t.entrants["p1"].results) == 2
    check_payouts(t)


def test_a_purchase_of_no_known_kind_is_refused_not_a_crash() -> None:
    """``Buy``'s kind comes from the user (the service, the CLI): an unknown kind is refused
    naming the clause (it raised KeyError)."""
    from croupier.tournament import commands as cm

    t = started(4)
    n = len(t.events)
    for call in (lambda: t.apply(cm.Buy("p1", "bogus")), lambda: t.apply(cm.Buy("p1", "top-up"))):
        with pytest.raises(TournamentError) as info:
            call()
        assert info.value.ruling.clause == t.book.purchase_clause
        assert len(t.events) == n
