"""``croupier simulate`` at the edges: a round that ends inside StartRound (heads-up, the
blinds can only post all-in) and a table whose seats are all held by players who cannot play."""

from __future__ import annotations

from croupier.sim.bots import make_bot
from croupier.sim.simulate import SeatResult, _Sim, simulate
from croupier.table.button import Status
from croupier.table.events import PlayerSat
from croupier.table.presets import preset
from croupier.table.table import Table


def test_a_round_that_ends_at_its_start_is_counted_and_checked() -> None:
    config = preset("dunedin-house", None, None, 2)
    sim = _Sim(config, seed=1, seats=2)
    stacks = {"p1": 1, "p2": 1000}  # p1 can only post a blind all in: nobody acts
    sim.table = Table.from_events(
        config,
        [
            PlayerSat(p, n, c, Status.PLAYING, False, "test")
            for n, (p, c) in enumerate(stacks.items(), 1)
        ],
    )
    for p, c in stacks.items():
        sim.bots[p] = make_bot("calling-station")
        sim.report.players[p] = SeatResult(p, "calling-station", bought_in=c)
        sim.money_in += c
    r, players = sim.play_round()
    assert r.is_over and sim.table.round is None and sim.table.hands == 1
    assert set(players) == {"p1", "p2"}
    assert sum(r.stacks) == 1001 - r.commission - r.fees
    assert all(sim.report.players[p].rounds == 1 for p in players)


def test_two_seats_keep_dealing_when_a_player_cannot_play() -> None:
    """Two seats, one player sitting out or broke: the other seat is not free for a newcomer,
    so the simulation brings the player back (topped up) or lets them go."""
    for rulebook in ("dunedin-house", "act-omaha-2017", "qld-holdem-2005"):
        config = preset(rulebook, None, None, 2)
        report = simulate(config, 300, seed=0, seats=2)
        assert report.rounds == 300
