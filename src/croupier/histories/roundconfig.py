"""A round's configuration as plain data (``_croupier_config`` in PHH, ``croupier`` in OHH).

A standard hand-history format says which game is played and the forced bets; croupier's rounds
also have a rulebook's commission, participation fee, dead and newcomer's blinds, a raise cap
and a chip unit. Written with a history, these make the replay use exactly the round's rules,
so every history croupier writes replays to its recorded stacks. Only plain values (str, int,
bool, lists, dicts) appear, so both TOML and JSON carry it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields as dataclass_fields
from dataclasses import replace
from typing import Any

from croupier.round.config import ConfigError, RoundConfig
from croupier.round.games import Game, Split
from croupier.round.structures import Limit, Structure
from croupier.rules import RULEBOOKS, Rulebook
from croupier.rules.commission import citing, commission_schedule

KEY = "_croupier_config"
"""The PHH user-defined key holding :func:`config_fields`."""


class ConfigFieldsError(ValueError):
    """Configuration fields that describe no round croupier can play (the message says why)."""


def config_fields(cfg: RoundConfig) -> dict[str, Any]:
    """What a history needs, besides stacks, blinds, antes and minimum bet, to rebuild ``cfg``
    (the deck order excepted: a replay is dealer-driven, the history has the cards)."""
    game, s = cfg.game, cfg.structure
    out: dict[str, Any] = {
        "min_bet": cfg.min_bet,
        "game": game.name,
        "split": game.split.value,
        "limits": [lim.value for lim in s.limits],
    }
    if game.omaha and not game.order.ace_low:
        out["ace_low"] = False
    if Limit.FIXED in s.limits:
        out["small_bet"], out["big_bet"] = s.small_bet, s.big_bet
    if s.max_raises is not None:
        out["max_raises"] = s.max_raises
    if s.uncapped_heads_up:
        out["uncapped_heads_up"] = True
    if cfg.commission is not None:
        c = cfg.commission
        com: dict[str, Any] = {k: v for k, v in c.parameters().items() if v is not None}
        out["commission"] = com
    if cfg.fee:
        out["fee"] = cfg.fee
    if cfg.max_bet is not None:
        out["max_bet"] = cfg.max_bet
    if cfg.chip_unit != 1:
        out["chip_unit"] = cfg.chip_unit
    if not cfg.burn:
        out["burn"] = False
    if cfg.dead:
        out["dead"] = list(cfg.dead)
    if cfg.big_blind_position is not None:
        out["big_blind_position"] = cfg.big_blind_position
    if cfg.expose_all_in:
        out["expose_all_in"] = cfg.expose_all_in
    blinds, antes = phh_forced_bets(cfg)  # as PHH's fields hold them: croupier's own, if not
    if blinds != cfg.blinds:
        out["blinds"] = list(cfg.blinds)
    if antes != (cfg.antes or (0,) * cfg.players):
        out["antes"] = list(cfg.antes)
    changed = rulebook_changes(cfg.rulebook)
    if changed:
        out["rulebook"] = changed
    return out


def phh_forced_bets(cfg: RoundConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The round's blinds and antes as the PHH specification reads them (where they differ,
    croupier's own are in :func:`config_fields`): a dead blind is dead money, an ante; a
    newcomer's live blind (``big_blind_position``) is negative, a blind that does not open the
    betting as a straddle would; heads-up, the specification reverses both lists (the button
    posts the small blind), so where the rulebook has the other player post it they are
    written reversed."""
    n = cfg.players
    antes = list(cfg.antes) if cfg.antes else [0] * n
    for p, d in enumerate(cfg.dead):
        antes[p] += d
    blinds = list(cfg.blinds)
    bbp = cfg.big_blind_position
    if bbp is not None:
        big = blinds[bbp]
        blinds = [-b if p != bbp and b >= big > 0 else b for p, b in enumerate(blinds)]
    if n == 2 and not cfg.rulebook.heads_up_button_small_blind:
        blinds.reverse()
        antes.reverse()
    return tuple(blinds), tuple(antes)


def rulebook_changes(rb: Rulebook) -> dict[str, Any]:
    """How ``rb`` differs from the registered rulebook of its id (a tournament's tables play
    heads-up and irregularities by the tournament's rules: qld-tournament-2020 4.2, 4.35)."""
    base = RULEBOOKS.get(rb.id)
    if base is None or base == rb:
        return {}
    out: dict[str, Any] = {}
    for f in dataclass_fields(rb):
        v = getattr(rb, f.name)
        if v != getattr(base, f.name) and isinstance(v, bool | int | str):
            out[f.name] = v
    return out


def with_changes(rb: Rulebook, changes: object) -> Rulebook:
    """``rb`` with :func:`rulebook_changes` applied (those a rulebook of its id recorded)."""
    if not isinstance(changes, Mapping):
        raise ConfigFieldsError("'rulebook' must be a table of fields")
    names = {f.name: type(getattr(rb, f.name)) for f in dataclass_fields(rb)}
    for k, v in changes.items():
        if k not in names or k == "id" or type(v) is not names[k]:
            raise ConfigFieldsError(f"'rulebook': no field {k!r} of that type")
    return replace(rb, **{str(k): v for k, v in changes.items()})


def game_of(fields: Mapping[str, Any]) -> Game:
    """The game :func:`config_fields` names."""
    name, split = fields.get("game"), fields.get("split", "high")
    try:
        sp = Split(split)
    except ValueError:
        raise ConfigFieldsError(f"no split {split!r}") from None
    if name == "holdem" and sp is Split.HIGH:
        return Game.holdem()
    if name == "omaha":
        return Game.omaha_game(split=sp, ace_low=bool(fields.get("ace_low", True)))
    if isinstance(name, str) and name.startswith("short-deck-") and sp is Split.HIGH:
        option = name.removeprefix("short-deck-")
        if option in ("A", "B"):
            return Game.short_deck(option)
    raise ConfigFieldsError(f"no game {name!r} with split {split!r}")


def structure_of(fields: Mapping[str, Any]) -> Structure:
    """The betting structure :func:`config_fields` names."""
    limits = fields.get("limits")
    if not isinstance(limits, list) or len(limits) != 4:
        raise ConfigFieldsError("'limits' must name the four betting rounds' limits")
    try:
        lims = tuple(Limit(x) for x in limits)
    except ValueError as e:
        raise ConfigFieldsError(f"'limits': {e}") from None
    max_raises = fields.get("max_raises")
    return Structure(
        (lims[0], lims[1], lims[2], lims[3]),
        _int(fields, "small_bet", 0),
        _int(fields, "big_bet", 0),
        max_raises if isinstance(max_raises, int) else None,
        bool(fields.get("uncapped_heads_up", False)),
    )


def round_config(
    fields: Mapping[str, Any],
    *,
    stacks: tuple[int, ...],
    blinds: tuple[int, ...],
    antes: tuple[int, ...],
    min_bet: int,
    antes_dead: bool,
    rulebook: Rulebook,
    recorded: str | None = None,
) -> RoundConfig:
    """The round configuration of a history that carries :func:`config_fields`, under
    ``rulebook``; the recorded rulebook changes apply where ``recorded`` (the id the history
    names) is ``rulebook``'s."""
    if not isinstance(fields, Mapping):
        raise ConfigFieldsError(f"{KEY} must be a table of fields")
    com = fields.get("commission")
    commission = None
    if com is not None:
        if not isinstance(com, Mapping):
            raise ConfigFieldsError("'commission' must be a table of fields")
        try:
            commission = commission_schedule(**{str(k): v for k, v in com.items()})
        except (TypeError, ValueError) as e:
            raise ConfigFieldsError(f"'commission': {e}") from None
    changes = fields.get("rulebook")
    if changes is not None and rulebook.id == recorded:
        rulebook = with_changes(rulebook, changes)
    if commission is not None:
        commission = citing(commission, rulebook.table.commission_clause)
    dead = fields.get("dead", [])
    bbp = fields.get("big_blind_position")
    max_bet = fields.get("max_bet")
    try:
        return RoundConfig(
            stacks=stacks,
            blinds=_ints(fields, "blinds", blinds),
            min_bet=_int(fields, "min_bet", min_bet),
            antes=_ints(fields, "antes", antes),
            rulebook=rulebook,
            game=game_of(fields),
            structure=structure_of(fields),
            max_bet=max_bet if isinstance(max_bet, int) else None,
            chip_unit=_int(fields, "chip_unit", 1),
            burn=bool(fields.get("burn", True)),
            commission=commission,
            fee=_int(fields, "fee", 0),
            antes_dead=antes_dead,
            dead=tuple(int(x) for x in dead) if isinstance(dead, list) else (),
            big_blind_position=bbp if isinstance(bbp, int) else None,
            expose_all_in=str(fields.get("expose_all_in", "")),
        )
    except ConfigError as e:
        raise ConfigFieldsError(str(e)) from e


def _ints(fields: Mapping[str, Any], key: str, default: tuple[int, ...]) -> tuple[int, ...]:
    v = fields.get(key)
    if v is None:
        return default  # written before croupier kept its own forced bets here
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in v):
        raise ConfigFieldsError(f"{key!r} must be a list of integers, not {v!r}")
    return tuple(v)


def _int(fields: Mapping[str, Any], key: str, default: int) -> int:
    v = fields.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ConfigFieldsError(f"{key!r} must be an integer, not {v!r}")
    return v
