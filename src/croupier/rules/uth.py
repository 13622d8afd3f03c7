"""The house-banked game's rulebook (act-uth-2025): the clauses :mod:`croupier.uth` cites by
name where a ruling of the floor or the dealer is recorded."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UthRules:
    """Clauses of a UTH rulebook, named by what they govern."""

    id: str
    #: the operator's decision in a dispute is final (subject to a review, if requested)
    dispute_clause: str
    #: the dealer cuts the cards after a manual shuffle when a card shoe is used
    cut_clause: str
    #: who may review the operator's decision, as the rulebook names them
    review: str = ""


UTH_RULES = UthRules(
    id="act-uth-2025",
    dispute_clause="act-uth-2025 15.5",
    cut_clause="act-uth-2025 6.3",
    review="the ACT Gambling and Racing Commission (if requested)",
)

__all__ = ["UTH_RULES", "UthRules"]
