"""Ready-made table set-ups per rulebook, for the command line, demos and simulations.

Chips are dollars here (one chip = $1), so the commission schedules' dollar amounts apply as
written. Each preset is what a floor would post on the table's sign (act-omaha-2017 4.1, 4.2;
dunedin-house 21; qld-holdem-2005 s13).
"""

from __future__ import annotations

from croupier.round import Game, Structure
from croupier.round.structures import Limit
from croupier.rules import find_rulebook
from croupier.table.stakes import Stakes
from croupier.table.table import TableConfig

GAMES = ("holdem", "omaha", "short-deck")
STRUCTURES = ("no-limit", "pot-limit", "half-pot", "fixed", "straddle")


class PresetError(ValueError):
    """A table set-up the rulebook does not allow, named."""


def game_named(name: str) -> Game:
    if name == "holdem":
        return Game.holdem()
    if name == "omaha":
        return Game.omaha_game()
    if name == "short-deck":
        return Game.short_deck("A")
    raise PresetError(f"no game {name!r}; choose one of {', '.join(GAMES)}")


def structure_named(name: str, small_bet: int, big_bet: int) -> Structure:
    match name:
        case "no-limit":
            return Structure.no_limit()
        case "pot-limit":
            return Structure.pot_limit()
        case "half-pot":
            return Structure.pot_limit(half=True)
        case "fixed":
            return Structure.fixed_limit(small_bet, big_bet)
        case "straddle":
            return Structure.straddle()
    raise PresetError(f"no betting structure {name!r}; choose one of {', '.join(STRUCTURES)}")


def preset(
    rulebook_id: str,
    game: str | None = None,
    structure: str | None = None,
    seats: int = 9,
    action_seconds: int | None = None,
    grace_seconds: int = 60,
) -> TableConfig:
    """A table under ``rulebook_id`` with that rulebook's usual game, structure and commission:

    * qld-holdem-2005: hold'em, full pot, $5/$10 blinds (s23), minimum stake $100, commission
      as s30;
    * act-omaha-2017: Omaha, full pot, $1/$2 blinds, stake $40 to $400 (4.2(a), (i)),
      commission 5 % over $19 capped at $5 (15.2(a)(i), (b));
    * dunedin-house: no-limit hold'em, $1/$2 blinds, buy-in $40, a posted 5 % rake capped at $5
      with no flop, no drop (21).
    """
    rules = find_rulebook(rulebook_id)
    usual = rules.table.preset
    if usual is None:
        raise PresetError(f"{rules.id} has no usual table set-up")
    g = game_named(game or usual.game)
    stakes = Stakes(
        usual.small_blind, usual.big_blind, usual.min_table_stake, max_buy_in=usual.max_buy_in
    )
    commission = usual.commission
    default = usual.structure
    s = structure_named(structure or default, stakes.big_blind, stakes.big_blind * 2)
    if Limit.NO_LIMIT in s.limits and not rules.no_limit_allowed:
        raise PresetError(
            f"{rules.id} has no no-limit betting: full pot, half pot, straddle or structured "
            f"({rules.no_limit_clause})"
        )
    return TableConfig(
        rules,
        stakes,
        game=g,
        structure=s,
        commission=commission,
        size=seats,
        action_seconds=action_seconds,
        grace_seconds=grace_seconds,
    )
