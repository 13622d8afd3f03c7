"""Commands as data: the JSON a client sends, decoded into the core's command dataclasses, and
who may send each.

A command is ``{"type": NAME, ...fields}``. Room commands name their fields as the room's
dataclasses do; table commands add ``"table"``; a round command (an action, a card dealt, a
show or muck) is sent at a table and wrapped in :class:`~croupier.table.commands.Act`. Cards
are written ``"As"``; configurations and incidents in the store's tagged JSON
(:mod:`croupier.service.store.codec`), or a cash table by preset (``"preset": {"rulebook":
..., "seats": ..., "grace_seconds": ...}``). ``at`` is the server clock's, never the client's.
The dealer's ``StartRound`` is dealt from the server's secure shoe (``"live": true``: a live
dealer enters the cards).
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import sys
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.cards import Card, CardError
from croupier.room import commands as rc
from croupier.room import draws, moves, topups
from croupier.room.uth_tables import AtUth
from croupier.round import commands as roundc
from croupier.service import tournament_commands as tcmds
from croupier.service.auth import Role
from croupier.service.store import codec
from croupier.table import commands as tc
from croupier.uth import commands as uthc
from croupier.uth import played as uthp

R = Role


@dataclass(frozen=True, slots=True)
class Spec:
    """One command the API takes: its class, where it goes, who may send it and which field
    must be the sender's own (a player acts only for themselves)."""

    cls: type
    scope: str  # "room", "table", "round", "uth" (a UTH table or its round) or "tournament"
    roles: frozenset[Role]
    own: str | None = None  # the field naming the player (a name, or a round position)


def _spec(cls: type, scope: str, *roles: Role, own: str | None = None) -> Spec:
    return Spec(cls, scope, frozenset(roles), own)


# Who may send what (docs/design.md, "The service"): the cashier moves cash, the floor rules
# and takes back, the dealer deals at assigned tables, the director runs tournaments, a player
# acts for their own seat, the auditor commands nothing.
CATALOGUE: dict[str, Spec] = {
    # the room: configuration
    "OpenTable": _spec(rc.OpenTable, "room", R.FLOOR, R.ADMIN),
    "OpenUthTable": _spec(rc.OpenUthTable, "room", R.FLOOR, R.ADMIN),
    "OpenTournament": _spec(rc.OpenTournament, "room", R.DIRECTOR),
    "CloseTable": _spec(rc.CloseTable, "room", R.FLOOR, R.ADMIN, R.DIRECTOR),
    "RoomTick": _spec(rc.Tick, "room", R.FLOOR),
    # waiting lists and seat changes
    "JoinList": _spec(rc.JoinList, "room", R.PLAYER, R.FLOOR, own="player"),
    "LeaveList": _spec(rc.LeaveList, "room", R.PLAYER, R.FLOOR, own="player"),
    "RequestSeatChange": _spec(rc.RequestSeatChange, "room", R.PLAYER, R.FLOOR, own="player"),
    "MoveTable": _spec(moves.MoveTable, "room", R.FLOOR),  # a table change, chips and all
    "DrawForSeat": _spec(draws.DrawForSeat, "room", R.FLOOR),  # cards from the server's shoe
    # the cage: cash
    "TakeSeat": _spec(rc.TakeSeat, "room", R.CASHIER),
    "BuyIn": _spec(rc.BuyIn, "room", R.CASHIER),
    "RequestTopUp": _spec(topups.RequestTopUp, "room", R.PLAYER, own="player"),
    "DeclineTopUp": _spec(topups.DeclineTopUp, "room", R.CASHIER),
    "CashOut": _spec(rc.CashOut, "room", R.CASHIER),
    "UthBuyIn": _spec(rc.UthBuyIn, "room", R.CASHIER),
    "UthCashOut": _spec(rc.UthCashOut, "room", R.CASHIER),
    "EnterTournament": _spec(rc.EnterTournament, "room", R.CASHIER),
    "PayPrize": _spec(rc.PayPrize, "room", R.CASHIER),
    # a cash table
    "SitOut": _spec(tc.SitOut, "table", R.PLAYER, R.FLOOR, own="player"),
    "Return": _spec(tc.Return, "table", R.PLAYER, R.FLOOR, own="player"),
    "ChangeSeat": _spec(tc.ChangeSeat, "table", R.PLAYER, R.FLOOR, own="player"),
    "StartRound": _spec(tc.StartRound, "table", R.DEALER),
    "TableTick": _spec(tc.Tick, "table", R.DEALER),
    "InstructTime": _spec(tc.InstructTime, "table", R.DEALER, R.FLOOR),
    "CallClock": _spec(tc.CallClock, "table", R.FLOOR),
    "VoidRound": _spec(tc.VoidRound, "table", R.FLOOR),
    "Report": _spec(tc.Report, "table", R.FLOOR),
    "LockFunds": _spec(tc.LockFunds, "table", R.FLOOR),
    "ReleaseFunds": _spec(tc.ReleaseFunds, "table", R.FLOOR),
    "ReopenRound": _spec(tc.ReopenRound, "table", R.FLOOR),
    # the round in progress
    "Fold": _spec(roundc.Fold, "round", R.PLAYER, own="player"),
    "CheckCall": _spec(roundc.CheckCall, "round", R.PLAYER, own="player"),
    "BetRaise": _spec(roundc.BetRaise, "round", R.PLAYER, own="player"),
    "Show": _spec(roundc.Show, "round", R.PLAYER, own="player"),
    "Muck": _spec(roundc.Muck, "round", R.PLAYER, own="player"),
    "DealHole": _spec(roundc.DealHole, "round", R.DEALER),
    "DealBoard": _spec(roundc.DealBoard, "round", R.DEALER),
    "Burn": _spec(roundc.Burn, "round", R.DEALER),
}
# a tournament the room runs (croupier.service.tournament_commands)
CATALOGUE.update({n: _spec(c, s, *r) for n, (c, s, r, _) in tcmds.ENTRIES.items()})

#: Fields the server fills: the clock, and the shoe's deck at StartRound.
SERVER_FIELDS = frozenset({"at", "deck_order", "commitment", "shoe"})

# Ultimate Texas Hold'em tables (croupier.service.uth_api): a player wagers and decides for
# their own box, the dealer opens the round from the shoe, deals and settles, the floor rules.
UTH: dict[str, Spec] = {
    "UthStartRound": _spec(uthp.StartUthRound, "uth", R.DEALER),
    "UthPlaceWagers": _spec(uthc.PlaceWagers, "uth", R.PLAYER, own="box"),
    "UthWithdrawWagers": _spec(uthc.WithdrawWagers, "uth", R.PLAYER, own="box"),
    "UthCheck": _spec(uthc.Check, "uth", R.PLAYER, own="box"),
    "UthBet": _spec(uthc.Bet, "uth", R.PLAYER, own="box"),
    "UthFold": _spec(uthc.Fold, "uth", R.PLAYER, own="box"),
    "UthDeal": _spec(uthc.Deal, "uth", R.DEALER),
    "UthSettleNext": _spec(uthc.SettleNext, "uth", R.DEALER),
    "UthSettle": _spec(uthc.SettleAll, "uth", R.DEALER),
    "UthDeemFolded": _spec(uthc.DeemFolded, "uth", R.DEALER),
    "UthPlaceMarker": _spec(uthc.PlaceMarker, "uth", R.FLOOR),
    "UthVoidRound": _spec(uthc.VoidRound, "uth", R.FLOOR),
    "UthVoidBox": _spec(uthc.VoidBox, "uth", R.FLOOR),
}
CATALOGUE.update(UTH)


class BadCommand(ValueError):
    """A command that is not one: unknown type, unknown or missing field, wrong type."""


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    if any(h is tuple or h is type for h in hints.values()):
        # a class compiled with mypyc keeps only the annotations it can express at run time
        # (``tuple[Card, ...]`` becomes ``tuple``): read the fields as its source declares them
        hints.update(_declared(cls))
    return hints


def _declared(cls: type) -> dict[str, Any]:
    """The field annotations of ``cls`` as written in its module's source (empty if the
    source is not there)."""
    module = sys.modules[cls.__module__]
    source = Path(module.__file__ or "").with_name(cls.__module__.rsplit(".", 1)[-1] + ".py")
    try:
        tree = ast.parse(source.read_text())
    except (OSError, SyntaxError, ValueError):
        return {}
    out: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    try:
                        annotation = ast.unparse(stmt.annotation)
                        out[stmt.target.id] = eval(annotation, vars(module))  # its own source
                    except Exception:  # an annotation the module cannot resolve: keep the hint
                        continue
    return out


def _value(tp: Any, v: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is bool:
        if type(v) is not bool:
            raise BadCommand(f"{where}: expected true or false")
        return v
    if tp is int:
        if type(v) is not int or not -(2**53) < v < 2**53:
            raise BadCommand(f"{where}: expected a whole number")
        return v
    if tp is str:
        if not isinstance(v, str) or len(v) > 200:
            raise BadCommand(f"{where}: expected text (at most 200 characters)")
        return v
    if tp is type(None):
        if v is not None:
            raise BadCommand(f"{where}: expected null")
        return None
    if tp is Card:
        if not isinstance(v, str):
            raise BadCommand(f"{where}: expected a card such as 'As'")
        try:
            return Card.parse(v)
        except CardError as e:
            raise BadCommand(f"{where}: {e}") from e
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            try:
                return _value(arg, v, where)
            except BadCommand:
                continue
        raise BadCommand(f"{where}: expected {tp}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(v, list) or len(v) > 64:
            raise BadCommand(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], x, f"{where}[{i}]") for i, x in enumerate(v))
        if len(args) != len(v):
            raise BadCommand(f"{where}: expected {len(args)} items")
        return tuple(
            _value(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, v, strict=True))
        )
    if isinstance(tp, type) and issubclass(tp, enum.Enum) and isinstance(v, str):
        try:
            return tp(v)  # an enum by its value ("fraud")
        except ValueError as e:
            raise BadCommand(f"{where}: one of {[m.value for m in tp]}"[:300]) from e
    if isinstance(tp, type):
        try:
            value = codec.decode(v)
        except (codec.CodecError, RecursionError, TypeError, ValueError) as e:
            raise BadCommand(f"{where}: {e}"[:300]) from e
        if not isinstance(value, tp):
            raise BadCommand(f"{where}: expected a {tp.__name__}")
        return value
    raise BadCommand(f"{where}: cannot be sent")


def _preset(v: Any) -> Any:
    from croupier.table.presets import preset

    if not isinstance(v, dict):
        raise BadCommand("preset: expected an object")
    args: dict[str, Any] = {"rulebook_id": v.get("rulebook")}
    known = ("game", "structure", "seats", "action_seconds", "grace_seconds")
    for key in known:
        if key in v:
            args[key] = v[key]
    if set(v) - {"rulebook", *known}:
        raise BadCommand(f"preset: unknown fields {sorted(set(v) - set(args) - {'rulebook'})}")
    if not isinstance(args["rulebook_id"], str):
        raise BadCommand("preset.rulebook: expected a rulebook id such as 'dunedin-house'")
    try:
        return preset(**args)
    except Exception as e:  # an unknown rulebook, game or structure: the preset says which
        raise BadCommand(f"preset: {type(e).__name__}: {e}"[:300]) from e


def build(cls: type, data: dict[str, Any], fill: dict[str, Any]) -> Any:
    """An instance of ``cls`` from the client's fields ``data`` and the server's ``fill``."""
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    server = set(data) & SERVER_FIELDS
    if server:
        raise BadCommand(f"{sorted(server)}: set by the server, not the client")
    unknown = set(data) - set(fields)
    if unknown:
        raise BadCommand(f"{cls.__name__}: unknown fields {sorted(unknown)}")
    args: dict[str, Any] = {}
    for name, f in fields.items():
        if name in fill:
            args[name] = fill[name]
        elif name in data:
            args[name] = _value(hints[name], data[name], name)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise BadCommand(f"{cls.__name__}: missing field {name!r}")
    try:
        return cls(**args)
    except (TypeError, ValueError) as e:
        raise BadCommand(f"{cls.__name__}: {e}"[:300]) from e


@dataclass(frozen=True, slots=True)
class Request:
    """A decoded command: its spec, the client's fields and where it goes."""

    name: str
    spec: Spec
    fields: dict[str, Any]
    table: str | None
    live: bool  # StartRound: a live dealer enters the cards
    prefill: dict[str, Any]  # fields already decoded (a preset's configuration)
    tournament: str | None = None  # where a tournament command goes


def parse(body: Any) -> Request:
    """Check the envelope of a command (``type``, ``table``): the fields are checked later,
    once the server knows who sends it (:func:`build`)."""
    if not isinstance(body, dict):
        raise BadCommand('a command is a JSON object {"type": ..., ...}')
    data = dict(body)
    name = data.pop("type", None)
    if not isinstance(name, str):
        raise BadCommand('a command names its "type"')
    spec = CATALOGUE.get(name)
    if spec is None:
        raise BadCommand(f"unknown command {name[:60]!r}; known: {', '.join(sorted(CATALOGUE))}")
    table: str | None = None
    try:
        tournament, prefill = tcmds.envelope(name, spec.scope, data)
    except tcmds.Malformed as e:
        raise BadCommand(str(e)) from e
    if spec.scope not in ("room", "tournament"):
        table = data.pop("table", None)
        if not isinstance(table, str):
            raise BadCommand(f'{name} is sent at a table: give "table"')
    live = False
    if name == "StartRound":
        live = data.pop("live", False)
        if type(live) is not bool:
            raise BadCommand("live: expected true or false")
    if name == "OpenTable" and "preset" in data:
        if "config" in data:
            raise BadCommand('OpenTable takes "preset" or "config", not both')
        prefill["config"] = _preset(data.pop("preset"))
    data.pop("seq", None)
    return Request(name, spec, data, table, live, prefill, tournament)


@dataclass(frozen=True, slots=True)
class Issued:
    """An accepted command as the server recorded it: who sent it, in which role, when (the
    server's clock) and what (a shoe's deck order never: only its commitment)."""

    who: str
    role: Role
    command: object
    at: str


def wrap(req: Request, inner: Any, at: int) -> rc.RoomCommand:
    """The room command that carries ``inner`` (a room, table or round command)."""
    if req.spec.scope == "room":
        assert isinstance(inner, rc.RoomCommand)
        return inner
    if req.spec.scope == "tournament":
        assert req.tournament is not None
        return tcmds.wrap(req.tournament, inner, at)
    assert req.table is not None
    if req.spec.scope == "table":
        return rc.AtTable(req.table, inner)
    if req.spec.scope == "uth":
        return AtUth(req.table, inner, at)
    return rc.AtTable(req.table, tc.Act(inner, at))
