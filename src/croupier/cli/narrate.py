"""The terminal's narration: the dealer's spoken lines, from the one narration package
(:mod:`croupier.narration.dealer`)."""

from __future__ import annotations

from croupier.narration.dealer import STREETS, Narrator, round_line, table_line

__all__ = ["STREETS", "Narrator", "round_line", "table_line"]
