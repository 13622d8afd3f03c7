"""Every tournament rulebook croupier knows, found by id; a house's own joins them with
:func:`register_tournament_rules`.

The rules themselves (:class:`TournamentRules`) are in :mod:`croupier.rules.tournament_rules`,
each book in ``rules/books/``: qld-tournament-2020, act-omaha-2017's rule 20, dunedin-house
78-107.
"""

from __future__ import annotations

from croupier.rules.books.act_omaha_2017_tournament import ACT_OMAHA_2017_TOURNAMENT
from croupier.rules.books.dunedin_house_tournament import DUNEDIN_HOUSE_TOURNAMENT
from croupier.rules.books.qld_tournament_2020 import QLD_TOURNAMENT_2020
from croupier.rules.tournament_rules import TournamentRules

__all__ = [
    "ACT_OMAHA_2017_TOURNAMENT",
    "DUNEDIN_HOUSE_TOURNAMENT",
    "QLD_TOURNAMENT_2020",
    "TOURNAMENT_RULES",
    "TournamentRules",
    "UnknownTournamentRules",
    "find_tournament_rules",
    "register_tournament_rules",
]

TOURNAMENT_RULES: dict[str, TournamentRules] = {
    r.id: r for r in (QLD_TOURNAMENT_2020, ACT_OMAHA_2017_TOURNAMENT, DUNEDIN_HOUSE_TOURNAMENT)
}


class UnknownTournamentRules(ValueError):
    """A tournament rulebook id croupier does not know."""


def find_tournament_rules(name: str) -> TournamentRules:
    """The tournament rules with this id; an unknown id fails naming the ones there are."""
    try:
        return TOURNAMENT_RULES[name]
    except KeyError:
        raise UnknownTournamentRules(
            f"unknown tournament rules {name!r}; choose one of {', '.join(TOURNAMENT_RULES)}"
        ) from None


def register_tournament_rules(rules: TournamentRules) -> TournamentRules:
    """Make ``rules`` findable by its id (registering the same rules again changes nothing); an
    id other rules hold is refused."""
    known = TOURNAMENT_RULES.get(rules.id)
    if known is not None and known != rules:
        raise ValueError(f"other tournament rules already have the id {rules.id!r}")
    TOURNAMENT_RULES[rules.id] = rules
    return rules
