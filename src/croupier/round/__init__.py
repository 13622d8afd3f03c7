"""One round of play (one hand): forced bets, dealing, betting, showdown, pots and commission."""

from croupier.round.commands import (
    BetRaise,
    Burn,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Show,
)
from croupier.round.config import ConfigError, RoundConfig
from croupier.round.engine import LegalActions, Round
from croupier.round.games import Game, Split
from croupier.round.settle import Pot
from croupier.round.structures import Limit, Structure

__all__ = [
    "BetRaise",
    "Burn",
    "CheckCall",
    "Command",
    "ConfigError",
    "DealBoard",
    "DealHole",
    "Fold",
    "Game",
    "LegalActions",
    "Limit",
    "Muck",
    "Pot",
    "Round",
    "RoundConfig",
    "Show",
    "Split",
    "Structure",
]
