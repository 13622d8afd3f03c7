"""The tournament commands the API takes, who may send each, and the fields the server sets.

A tournament command is ``{"type": NAME, "tournament": T, ...fields}``: the fields of its
class in :mod:`croupier.tournament.commands` (a played hand in the store's tagged JSON), sent
to the tournament the room runs as :class:`~croupier.room.tournaments.AtTournament`. Only the
tournament director runs a tournament; a dealer may also record the hands of its tables; the
cage (the cashier) takes the money: entries (``EnterTournament``), re-buys, add-ons and
re-entries (``TournamentBuy``) and prizes (``PayPrize``).

The server sets the random draws and cards a command needs (``seed``: the seat draws;
``cards``: the button draw, a chip race, the final table's draw, from a shuffled deck; ``shoe``:
which shoe, ``secure`` or ``seeded:N``) and the time of a decision (``now``, the server's clock
in seconds): a client never chooses them.
"""

from __future__ import annotations

import random
import secrets
import tomllib
from collections.abc import Mapping
from typing import Any

from croupier.room import Room
from croupier.room import commands as rc
from croupier.room import tournaments as rt
from croupier.service.auth import Role
from croupier.shoe import Shoe
from croupier.tournament import ConditionsError, parse_conditions
from croupier.tournament import commands as tc

R = Role
D = (R.DIRECTOR,)

#: API name: (command class, who may send it, fields fixed by the name). Scope "tournament"
#: for the tournament's own commands; the cage's and NextLevel are room commands.
ENTRIES: dict[str, tuple[type, str, tuple[Role, ...], Mapping[str, Any]]] = {
    "StartTournament": (tc.Start, "tournament", D, {}),
    "PauseClock": (tc.Pause, "tournament", D, {"paused": True}),
    "ResumeClock": (tc.Pause, "tournament", D, {"paused": False}),
    "AdjustClock": (tc.Adjust, "tournament", D, {}),
    "NextLevel": (rt.NextLevel, "room", D, {}),
    "BalanceTables": (tc.Maintain, "tournament", D, {}),
    "ColourUp": (tc.ColourUp, "tournament", D, {}),
    "CorrectSeat": (tc.CorrectSeat, "tournament", D, {}),
    "SetPresent": (tc.SetPresent, "tournament", D, {}),
    "ProvisionallyEliminate": (tc.ProvisionallyEliminate, "tournament", D, {}),
    "Penalise": (tc.Penalise, "tournament", D, {}),
    "Disqualify": (tc.Disqualify, "tournament", D, {}),
    "AnnounceRound": (tc.AnnounceRound, "tournament", D, {}),
    "EliminateBusted": (tc.EliminateBusted, "tournament", D, {}),
    "FindSlow": (tc.FindSlow, "tournament", D, {}),
    "RuleHiddenChips": (tc.RuleHiddenChips, "tournament", D, {}),
    "ForfeitChips": (tc.ForfeitChips, "tournament", D, {}),
    "TransferEntry": (tc.Transfer, "tournament", D, {}),
    "ClockOnPlayer": (tc.CallClock, "tournament", D, {}),
    "StartDecision": (tc.StartDecision, "tournament", D, {}),
    "EnforceClock": (tc.EnforceClock, "tournament", D, {}),
    "TournamentReport": (tc.Report, "tournament", D, {}),
    "RecordHands": (tc.RecordHands, "tournament", (R.DIRECTOR, R.DEALER), {}),
    "TournamentBuy": (rt.TournamentBuy, "room", (R.CASHIER,), {}),
    "CancelTournamentEntry": (rt.CancelTournamentEntry, "room", (R.CASHIER,), {}),
}

#: Fields of tournament commands the server sets.
SERVER_FIELDS = frozenset({"seed", "cards", "now", "shoe"})
#: Room commands with fields the server sets for a tournament the room runs.
ROOM_WITH_DRAWS = frozenset({"EnterTournament", "TournamentBuy"})


class Malformed(ValueError):
    """A tournament command that is not one."""


def envelope(name: str, scope: str, data: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """Check a tournament command's envelope: the tournament it goes to (tournament scope),
    no field the server sets; the fields its name fixes. ``data`` loses ``tournament``."""
    prefill: dict[str, Any] = {}
    if scope != "tournament" and name not in ROOM_WITH_DRAWS and name != "OpenTournament":
        return None, prefill
    server = set(data) & SERVER_FIELDS
    if server:
        raise Malformed(f"{sorted(server)}: set by the server, not the client")
    tournament = None
    if scope == "tournament":
        tournament = data.pop("tournament", None)
        if not isinstance(tournament, str) or not tournament:
            tournament = None  # refused once the sender may send it (:func:`target`)
        _, _, _, fixed = ENTRIES[name]
        if set(data) & set(fixed):
            raise Malformed(f"{name}: {sorted(set(data) & set(fixed))} are set by the name")
        prefill.update(fixed)
    if name == "OpenTournament" and isinstance(data.get("conditions"), str):
        conditions = _conditions(data.pop("conditions"))
        prefill["conditions"] = conditions
        if "terms" not in data:
            prefill["terms"] = rt.terms_of(conditions)
    return tournament, prefill


def target(name: str, scope: str, tournament: str | None) -> None:
    """A tournament command names its tournament (checked after the sender's role)."""
    if scope == "tournament" and tournament is None:
        raise Malformed(f'{name} is sent to a tournament: give "tournament" (its name)')


def _conditions(text: str) -> Any:
    try:
        return parse_conditions(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise Malformed(f"conditions: not valid TOML: {e}"[:300]) from e
    except ConditionsError as e:
        raise Malformed(f"conditions: {e}"[:300]) from e


def server_fill(
    room: Room, name: str, cls: type, tournament: str | None, at: int, shoe_seed: int | None
) -> dict[str, Any]:
    """The fields the server sets for a tournament command at time ``at``: draws from the
    secure generator (or, with ``shoe_seed``, a replayable one: tests and demos only)."""
    fields = set(cls.__dataclass_fields__) & SERVER_FIELDS  # type: ignore[attr-defined]
    if not fields or (tournament is None and name not in ROOM_WITH_DRAWS):
        return {}
    seed = secrets.randbits(63) if shoe_seed is None else _replayable(shoe_seed, at, name)
    fill: dict[str, Any] = {}
    if "seed" in fields:
        fill["seed"] = seed
    if "now" in fields:
        fill["now"] = at
    if "cards" in fields:
        tm = room.tournaments.get(tournament or "")
        if tm is None or tm.run is None:
            return fill  # the room refuses the command: no tournament to deal for
        shoe = Shoe(tm.run.conditions.game_rules.deck, seed=None if shoe_seed is None else seed)
        deck = shoe.shuffle()
        fill["cards"] = deck.order
        if "shoe" in fields:
            fill["shoe"] = deck.source
    return fill


def _replayable(shoe_seed: int, at: int, name: str) -> int:
    return random.Random(f"{shoe_seed}/{at}/{name}").getrandbits(63)


def wrap(tournament: str, inner: tc.TCommand, at: int) -> rc.RoomCommand:
    return rt.AtTournament(tournament, inner, at)
