"""The streets of a round and the turn orders every part of the round shares."""

from __future__ import annotations

PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, OVER = range(6)
STREET_NAMES = ("pre-flop", "flop", "turn", "river", "showdown", "over")
BOARD_SIZES = (0, 3, 1, 1)

# Turn orders for n players: CLOCKWISE[n][first] starts at ``first``; AFTER[n][p] is everyone
# else, starting after ``p``.
CLOCKWISE = [[tuple((f + j) % n for j in range(n)) for f in range(n)] for n in range(11)]
AFTER = [[tuple((p + 1 + j) % n for j in range(n - 1)) for p in range(n)] for n in range(11)]
