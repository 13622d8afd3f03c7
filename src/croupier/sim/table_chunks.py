"""A table simulation in chunks: each chunk is a fresh table of the same preset, played by bots
for its share of the rounds from its own derived seed (:mod:`croupier.sim.seeds`), every
per-round check on as in :func:`croupier.sim.simulate.simulate`. The chunks' totals add up to
the run's; they are the same whichever worker played which chunk."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.sim.seeds import chunk_sizes, derive_seed
from croupier.sim.simulate import Report, simulate
from croupier.table.presets import preset


@dataclass
class Totals:
    """What one or more tables did: rounds, money, arrivals, per seat (rounds, net) and per
    bot kind (players, rounds, net). Plain data: it travels between processes."""

    rounds: int = 0
    commission: int = 0
    fees: int = 0
    joins: int = 0
    departures: int = 0
    top_ups: int = 0
    seats: dict[int, tuple[int, int]] = field(default_factory=dict)
    bots: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, report: Report) -> Totals:
        return cls(
            report.rounds,
            report.commission,
            report.fees,
            report.joins,
            report.departures,
            report.top_ups,
            {n: (r, net) for n, (r, net) in report.seats.items()},
            report.by_bot(),
        )

    def add(self, other: Totals) -> None:
        self.rounds += other.rounds
        self.commission += other.commission
        self.fees += other.fees
        self.joins += other.joins
        self.departures += other.departures
        self.top_ups += other.top_ups
        for n, (r, net) in other.seats.items():
            r0, net0 = self.seats.get(n, (0, 0))
            self.seats[n] = (r0 + r, net0 + net)
        for b, (p, r, net) in other.bots.items():
            p0, r0, net0 = self.bots.get(b, (0, 0, 0))
            self.bots[b] = (p0 + p, r0 + r, net0 + net)


@dataclass(frozen=True)
class Preset:
    """The table a chunk builds: :func:`croupier.table.presets.preset`'s arguments."""

    rulebook: str
    game: str | None
    structure: str | None
    seats: int


def plan(rounds: int, chunk: int, seed: int | None) -> list[tuple[int, int | None]]:
    """(rounds, seed) of each chunk; a seed of None deals that chunk from a secure shoe."""
    sizes = chunk_sizes(rounds, chunk)
    return [(n, None if seed is None else derive_seed(seed, i)) for i, n in enumerate(sizes)]


def play_chunk(table: Preset, rounds: int, seed: int | None) -> Totals:
    """One chunk: a fresh table, ``rounds`` rounds (a Dask task; module-level to be pickled)."""
    config = preset(table.rulebook, table.game, table.structure, table.seats)
    return Totals.of(simulate(config, rounds, seed, table.seats))


def total(chunks: list[Totals]) -> Totals:
    out = Totals()
    for t in chunks:
        out.add(t)
    return out
