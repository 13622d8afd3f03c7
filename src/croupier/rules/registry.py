"""Every rulebook croupier knows, found by id; a house's own rulebook, defined in one module
outside croupier, joins them with :func:`register_rulebook`."""

from __future__ import annotations

from croupier.rules.books.act_omaha_2017 import ACT_OMAHA_2017
from croupier.rules.books.dunedin_house import DUNEDIN_HOUSE
from croupier.rules.books.qld_holdem_2005 import QLD_HOLDEM_2005
from croupier.rules.rulebook import Rulebook

RULEBOOKS: dict[str, Rulebook] = {r.id: r for r in (QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE)}


class UnknownRulebook(ValueError):
    """A rulebook id croupier does not know."""


def find_rulebook(name: str) -> Rulebook:
    """The rulebook with this id; an unknown id fails naming the ones there are."""
    try:
        return RULEBOOKS[name]
    except KeyError:
        raise UnknownRulebook(
            f"unknown rulebook {name!r}; choose one of {', '.join(RULEBOOKS)}"
        ) from None


def register_rulebook(rulebook: Rulebook) -> Rulebook:
    """Make ``rulebook`` findable by its id (registering the same rulebook again changes
    nothing); an id another rulebook holds is refused."""
    known = RULEBOOKS.get(rulebook.id)
    if known is not None and known != rulebook:
        raise ValueError(f"another rulebook already has the id {rulebook.id!r}")
    RULEBOOKS[rulebook.id] = rulebook
    return rulebook
