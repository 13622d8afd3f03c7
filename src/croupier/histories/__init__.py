"""Hand histories and results in the formats the poker world reads: OHH (JSON), PokerStars-style
text, tournament results; and the round configuration croupier's own histories carry so that
every history it writes replays under its rulebook to its recorded stacks."""
