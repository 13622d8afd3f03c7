"""The floor's rulings: irregularities the dealer or floor reports, ruled as the table's
rulebook requires (qld-holdem-2005 s32-s37, act-omaha-2017 17.x, dunedin-house 30-75)."""

from croupier.floor.chips import read_chips
from croupier.floor.decision import Decision
from croupier.floor.incidents import (
    BurnCardExposed,
    BurnCardMissed,
    CardsExposedInPlay,
    CardsInMuck,
    CardsShownToPlayer,
    ChipsPushed,
    CommunityCardsExposed,
    DealError,
    DealIrregularity,
    HandKilledByDealer,
    Incident,
    OutOfTurn,
    PotDisputed,
    SkippedPlayerSilent,
    StubFouled,
    WrongHoleCount,
)
from croupier.floor.rulings import apply_incident, reopen, rule

__all__ = [
    "BurnCardExposed",
    "BurnCardMissed",
    "CardsExposedInPlay",
    "CardsInMuck",
    "CardsShownToPlayer",
    "ChipsPushed",
    "CommunityCardsExposed",
    "DealError",
    "DealIrregularity",
    "Decision",
    "HandKilledByDealer",
    "Incident",
    "OutOfTurn",
    "PotDisputed",
    "SkippedPlayerSilent",
    "StubFouled",
    "WrongHoleCount",
    "apply_incident",
    "read_chips",
    "reopen",
    "rule",
]
