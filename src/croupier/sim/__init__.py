"""Bots and simulation: :mod:`~croupier.sim.bots` (the bots a seat or a client plays with) and
:mod:`~croupier.sim.simulate` (a table run for many rounds by bots, every per-round check on)."""
