"""Every UTH rulebook croupier knows, found by id; a house's own, derived from one of them
(:func:`croupier.rules.derive.derive`), joins them with :func:`register_uth_rules`."""

from __future__ import annotations

from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES
from croupier.rules.registry import UnknownRulebook
from croupier.rules.uth import UthRules

UTH_RULEBOOKS: dict[str, UthRules] = {ACT_UTH_2025_RULES.id: ACT_UTH_2025_RULES}


def find_uth_rules(name: str) -> UthRules:
    """The UTH rulebook with this id; an unknown id fails naming the ones there are."""
    try:
        return UTH_RULEBOOKS[name]
    except KeyError:
        raise UnknownRulebook(
            f"unknown UTH rulebook {name!r}; choose one of {', '.join(UTH_RULEBOOKS)}"
        ) from None


def register_uth_rules(rules: UthRules) -> UthRules:
    """Make ``rules`` findable by its id (registering the same rules again changes nothing);
    an id other rules hold is refused."""
    known = UTH_RULEBOOKS.get(rules.id)
    if known is not None and known != rules:
        raise ValueError(f"another UTH rulebook already has the id {rules.id!r}")
    UTH_RULEBOOKS[rules.id] = rules
    return rules


__all__ = ["UTH_RULEBOOKS", "find_uth_rules", "register_uth_rules"]
