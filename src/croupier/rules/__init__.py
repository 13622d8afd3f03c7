"""The rules layer: every rulebook croupier conducts, its clauses and its settings.

The rest of croupier asks a :class:`Rulebook` (a setting named by its behaviour, a clause id, a
hook) and never compares a rulebook's id; adding a rulebook is one module in ``rules/books/``.
"""

from croupier.rules.books.act_omaha_2017 import ACT_OMAHA_2017
from croupier.rules.books.dunedin_house import DUNEDIN_HOUSE
from croupier.rules.books.qld_holdem_2005 import QLD_HOLDEM_2005
from croupier.rules.floor import FloorRules
from croupier.rules.registry import RULEBOOKS, UnknownRulebook, find_rulebook, register_rulebook
from croupier.rules.rulebook import MinRaiseRule, Rulebook
from croupier.rules.rulings import IllegalAction, Ruling

__all__ = [
    "ACT_OMAHA_2017",
    "DUNEDIN_HOUSE",
    "QLD_HOLDEM_2005",
    "RULEBOOKS",
    "FloorRules",
    "IllegalAction",
    "MinRaiseRule",
    "Rulebook",
    "Ruling",
    "UnknownRulebook",
    "find_rulebook",
    "register_rulebook",
]
