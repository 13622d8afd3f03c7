"""One round of play (one hand): forced bets, dealing, betting, showdown, pots and commission."""

from croupier.round.commands import (
    BetRaise,
    Burn,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    IllegalAction,
    Muck,
    Ruling,
    Show,
)
from croupier.round.commission import Commission
from croupier.round.config import ConfigError, RoundConfig
from croupier.round.engine import LegalActions, Pot, Round
from croupier.round.games import Game, Split
from croupier.round.rulebooks import (
    ACT_OMAHA_2017,
    DUNEDIN_HOUSE,
    QLD_HOLDEM_2005,
    RULEBOOKS,
    Rulebook,
    rulebook,
)
from croupier.round.structures import Limit, Structure

__all__ = [
    "ACT_OMAHA_2017",
    "DUNEDIN_HOUSE",
    "QLD_HOLDEM_2005",
    "RULEBOOKS",
    "BetRaise",
    "Burn",
    "CheckCall",
    "Command",
    "Commission",
    "ConfigError",
    "DealBoard",
    "DealHole",
    "Fold",
    "Game",
    "IllegalAction",
    "LegalActions",
    "Limit",
    "Muck",
    "Pot",
    "Round",
    "RoundConfig",
    "Rulebook",
    "Ruling",
    "Show",
    "Split",
    "Structure",
    "rulebook",
]
