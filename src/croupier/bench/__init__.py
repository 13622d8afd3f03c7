"""Benchmarks: croupier against named peers, in one run on the same inputs, as ratios."""
