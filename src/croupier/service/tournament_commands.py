"""The tournament commands the API takes and the fields the server sets.

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
from croupier.shoe import Shoe
from croupier.tournament import ConditionsError, parse_conditions
from croupier.tournament import commands as tc

#: API name: (command class, scope, fields fixed by the name). Scope "tournament" for the
#: tournament's own commands; the cage's and NextLevel are room commands. Who may send each:
#: :mod:`croupier.service.policy`.
ENTRIES: dict[str, tuple[type, str, Mapping[str, Any]]] = {
    "StartTournament": (tc.Start, "tournament", {}),
    "PauseClock": (tc.Pause, "tournament", {"paused": True}),
    "ResumeClock": (tc.Pause, "tournament", {"paused": False}),
    "AdjustClock": (tc.Adjust, "tournament", {}),
    "NextLevel": (rt.NextLevel, "room", {}),
    "BalanceTables": (tc.Maintain, "tournament", {}),
    "ColourUp": (tc.ColourUp, "tournament", {}),
    "CorrectSeat": (tc.CorrectSeat, "tournament", {}),
    "SetPresent": (tc.SetPresent, "tournament", {}),
    "ProvisionallyEliminate": (tc.ProvisionallyEliminate, "tournament", {}),
    "Penalise": (tc.Penalise, "tournament", {}),
    "Disqualify": (tc.Disqualify, "tournament", {}),
    "AnnounceRound": (tc.AnnounceRound, "tournament", {}),
    "EliminateBusted": (tc.EliminateBusted, "tournament", {}),
    "FindSlow": (tc.FindSlow, "tournament", {}),
    "RuleHiddenChips": (tc.RuleHiddenChips, "tournament", {}),
    "ForfeitChips": (tc.ForfeitChips, "tournament", {}),
    "TransferEntry": (tc.Transfer, "tournament", {}),
    "ClockOnPlayer": (tc.CallClock, "tournament", {}),
    "StartDecision": (tc.StartDecision, "tournament", {}),
    "EnforceClock": (tc.EnforceClock, "tournament", {}),
    "TournamentReport": (tc.Report, "tournament", {}),
    "RecordHands": (tc.RecordHands, "tournament", {}),
    "TournamentBuy": (rt.TournamentBuy, "room", {}),
    "CancelTournamentEntry": (rt.CancelTournamentEntry, "room", {}),
}

#: Fields of tournament commands the server sets.
SERVER_FIELDS = frozenset({"seed", "cards", "now", "shoe"})
#: Room commands with fields the server sets for a tournament the room runs.
ROOM_WITH_DRAWS = frozenset(
    {"EnterTournament", "TournamentBuy", "DrawUthSeats", "DealUthTournamentRound"}
)


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
        _, _, fixed = ENTRIES[name]
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
