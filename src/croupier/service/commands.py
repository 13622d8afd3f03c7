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
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.cards import Card, CardError
from croupier.room import Room, draws, moves, topups
from croupier.room import commands as rc
from croupier.room import tournament_hands as th
from croupier.room import uth_tournaments as uts
from croupier.room.uth_tables import AtUth
from croupier.round import commands as roundc
from croupier.service import names, policy
from croupier.service import tournament_commands as tcmds
from croupier.service.auth import Role
from croupier.service.store import codec
from croupier.table import commands as tc
from croupier.uth import commands as uthc
from croupier.uth import played as uthp


@dataclass(frozen=True, slots=True)
class Spec:
    """One command the API takes: its class, where it goes, who may send it (from the policy)
    and which field must be the sender's own (a player acts only for themselves)."""

    cls: type
    scope: str  # "room", "table", "round", "uth" (a UTH table or its round) or "tournament"
    roles: frozenset[Role]
    own: str | None = None  # the field naming the player (a name, or a round position)


def _spec(name: str, cls: type, scope: str, own: str | None = None) -> Spec:
    return Spec(cls, scope, policy.COMMANDS[name].roles, own)


# Who may send what: the policy (croupier.service.policy, docs/policy.md).
CATALOGUE: dict[str, Spec] = {
    # the room: configuration
    "OpenTable": _spec("OpenTable", rc.OpenTable, "room"),
    "OpenUthTable": _spec("OpenUthTable", rc.OpenUthTable, "room"),
    "OpenTournament": _spec("OpenTournament", rc.OpenTournament, "room"),
    "CloseTable": _spec("CloseTable", rc.CloseTable, "room"),
    "RoomTick": _spec("RoomTick", rc.Tick, "room"),
    # waiting lists and seat changes
    "JoinList": _spec("JoinList", rc.JoinList, "room", own="player"),
    "LeaveList": _spec("LeaveList", rc.LeaveList, "room", own="player"),
    "RequestSeatChange": _spec("RequestSeatChange", rc.RequestSeatChange, "room", own="player"),
    "MoveTable": _spec("MoveTable", moves.MoveTable, "room"),  # a table change, chips and all
    "DrawForSeat": _spec("DrawForSeat", draws.DrawForSeat, "room"),  # cards from the server's shoe
    # the cage: cash
    "TakeSeat": _spec("TakeSeat", rc.TakeSeat, "room"),
    "BuyIn": _spec("BuyIn", rc.BuyIn, "room"),
    "RequestTopUp": _spec("RequestTopUp", topups.RequestTopUp, "room", own="player"),
    "DeclineTopUp": _spec("DeclineTopUp", topups.DeclineTopUp, "room"),
    "CashOut": _spec("CashOut", rc.CashOut, "room"),
    "UthBuyIn": _spec("UthBuyIn", rc.UthBuyIn, "room"),
    "UthCashOut": _spec("UthCashOut", rc.UthCashOut, "room"),
    "EnterTournament": _spec("EnterTournament", rc.EnterTournament, "room"),
    "PayPrize": _spec("PayPrize", rc.PayPrize, "room"),
    # a cash table
    "SitOut": _spec("SitOut", tc.SitOut, "table", own="player"),
    "Return": _spec("Return", tc.Return, "table", own="player"),
    "ChangeSeat": _spec("ChangeSeat", tc.ChangeSeat, "table", own="player"),
    "StartRound": _spec("StartRound", tc.StartRound, "table"),
    "TableTick": _spec("TableTick", tc.Tick, "table"),
    "InstructTime": _spec("InstructTime", tc.InstructTime, "table"),
    "CallClock": _spec("CallClock", tc.CallClock, "table"),
    "VoidRound": _spec("VoidRound", tc.VoidRound, "table"),
    "Report": _spec("Report", tc.Report, "table"),
    "LockFunds": _spec("LockFunds", tc.LockFunds, "table"),
    "ReleaseFunds": _spec("ReleaseFunds", tc.ReleaseFunds, "table"),
    "ReopenRound": _spec("ReopenRound", tc.ReopenRound, "table"),
    # the round in progress
    "Fold": _spec("Fold", roundc.Fold, "round", own="player"),
    "CheckCall": _spec("CheckCall", roundc.CheckCall, "round", own="player"),
    "BetRaise": _spec("BetRaise", roundc.BetRaise, "round", own="player"),
    "Show": _spec("Show", roundc.Show, "round", own="player"),
    "Muck": _spec("Muck", roundc.Muck, "round", own="player"),
    "DealHole": _spec("DealHole", roundc.DealHole, "round"),
    "DealBoard": _spec("DealBoard", roundc.DealBoard, "round"),
    "Burn": _spec("Burn", roundc.Burn, "round"),
}
# a tournament the room runs (croupier.service.tournament_commands)
CATALOGUE.update({n: _spec(n, c, s) for n, (c, s, _) in tcmds.ENTRIES.items()})

#: Fields the server fills: the clock, and the shoe's deck at StartRound.
SERVER_FIELDS = frozenset({"at", "deck_order", "commitment", "shoe"})

# live hands at a tournament's tables (croupier.room.tournament_hands): dealt by the room,
# played by the players by name ("all-in" read by the core), the clock called by the director
LIVE_HANDS: dict[str, Spec] = {
    "DealTournamentHand": _spec("DealTournamentHand", th.DealTournamentHand, "room"),
    "TournamentAct": _spec("TournamentAct", th.TournamentPlay, "room", own="player"),
    "CallTournamentClock": _spec("CallTournamentClock", th.CallTournamentClock, "room"),
    "EnforceTournamentClock": _spec("EnforceTournamentClock", th.EnforceTournamentClock, "room"),
}
CATALOGUE.update(LIVE_HANDS)

# Ultimate Texas Hold'em tables (croupier.service.uth_api).
UTH: dict[str, Spec] = {
    "UthStartRound": _spec("UthStartRound", uthp.StartUthRound, "uth"),
    "UthPlaceWagers": _spec("UthPlaceWagers", uthc.PlaceWagers, "uth", own="box"),
    "UthWithdrawWagers": _spec("UthWithdrawWagers", uthc.WithdrawWagers, "uth", own="box"),
    "UthCheck": _spec("UthCheck", uthc.Check, "uth", own="box"),
    "UthBet": _spec("UthBet", uthc.Bet, "uth", own="box"),
    "UthFold": _spec("UthFold", uthc.Fold, "uth", own="box"),
    "UthDeal": _spec("UthDeal", uthc.Deal, "uth"),
    "UthSettleNext": _spec("UthSettleNext", uthc.SettleNext, "uth"),
    "UthSettle": _spec("UthSettle", uthc.SettleAll, "uth"),
    "UthDeemFolded": _spec("UthDeemFolded", uthc.DeemFolded, "uth"),
    "UthPlaceMarker": _spec("UthPlaceMarker", uthc.PlaceMarker, "uth"),
    "UthVoidRound": _spec("UthVoidRound", uthc.VoidRound, "uth"),
    "UthVoidBox": _spec("UthVoidBox", uthc.VoidBox, "uth"),
    "UthDecideDispute": _spec("UthDecideDispute", uthp.DecideDispute, "uth"),  # 15.5
}
CATALOGUE.update(UTH)

# Ultimate Texas Hold'em tournaments the room runs (croupier.room.uth_tournaments).
CATALOGUE.update(
    {
        name: _spec(name, cls, "room")
        for name, cls in (
            ("OpenUthTournament", uts.OpenUthTournament),
            ("EnterUthTournament", uts.EnterUthTournament),
            ("UthTournamentBuy", uts.UthTournamentBuy),
            ("RefundUthEntry", uts.RefundUthEntry),
            ("CancelUthTournament", uts.CancelUthTournament),
            ("DrawUthSeats", uts.DrawUthSeats),
            ("RunUthTournament", uts.RunUthTournament),
            ("DealUthTournamentRound", uts.DealUthTournamentRound),
            ("UthTournamentDecision", uts.UthTournamentDecision),
            ("PayUthPrize", uts.PayUthPrize),
            ("AddUthReserve", uts.AddUthReserve),
            ("SeatUthReserve", uts.SeatUthReserve),
            ("SubstituteUthPlayer", uts.SubstituteUthPlayer),
        )
    }
)
# ... where a seated player wagers and decides for their own box (the server names them)
UTH_TOURNAMENT_PLAYS: dict[str, Spec] = {
    "UthTournamentWager": _spec("UthTournamentWager", uts.UthTournamentWager, "room", "player"),
    "UthTournamentAct": _spec("UthTournamentAct", uts.UthTournamentAct, "room", own="player"),
}
CATALOGUE.update(UTH_TOURNAMENT_PLAYS)


#: The largest whole number a client may send (an amount of cash or chips, a seat, a time): far
#: below 2**53, so every sum of a day's amounts is still exact in a browser's numbers.
MAX_NUMBER = 10**12
#: The field an opening command names its table or tournament by.
OPENS = {
    "OpenTable": "table",
    "OpenUthTable": "table",
    "OpenTournament": "tournament",
    "OpenUthTournament": "tournament",
}
#: Commands that bring a player into the room: the player must be a user of the service.
NEWCOMERS = frozenset(
    {
        "TakeSeat",
        "UthBuyIn",
        "EnterTournament",
        "JoinList",
        "TournamentBuy",
        "EnterUthTournament",
        "AddUthReserve",
        "SeatUthReserve",
    }
)


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
        if type(v) is not int:
            raise BadCommand(f"{where}: expected a whole number")
        if not -MAX_NUMBER <= v <= MAX_NUMBER:
            raise BadCommand(f"{where}: at most {MAX_NUMBER:,} either side of 0, not {v}"[:300])
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


def targets(req: Request) -> list[str]:
    """The tables a command acts at, for the policy's scope: its table, the one it closes."""
    if req.table is not None:
        return [req.table]
    if req.name in LIVE_HANDS:  # a tournament's table, as a dealer is assigned to it
        name, number = req.fields.get("tournament"), req.fields.get("number")
        if isinstance(name, str) and type(number) is int:
            return [policy.tournament_table(name, number)]
        return []
    closed = req.fields.get("table") if req.name == "CloseTable" else None
    return [closed] if isinstance(closed, str) else []


def hand_tables(req: Request, inner: Any) -> list[str]:
    """The tournament tables whose hands ``RecordHands`` records (``TOURNAMENT/N``)."""
    if req.name != "RecordHands" or req.tournament is None:
        return []
    return [policy.tournament_table(req.tournament, h.plan.table) for h in inner.hands]


def check_new(req: Request, room: Room, users: Container[str]) -> None:
    """A new table's or tournament's name (:mod:`croupier.service.names`: printable, short,
    unique regardless of case) and a newcomer who is a user of the service."""
    field = OPENS.get(req.name)
    name = req.fields.get(field) if field else None
    if field and isinstance(name, str):
        existing = [*room.tables, *room.uth, *room.tournaments, *room.uth_tournaments]
        # the same name exactly: the room refuses it, citing its clause
        why = names.why_not(name, field) or names.taken(
            name, [n for n in existing if n != name], field
        )
        if why is not None:
            raise BadCommand(why)
    player = req.fields.get("player")
    if req.name in NEWCOMERS and isinstance(player, str) and player not in users:
        raise BadCommand(f"player: no user {player[:64]!r} (the cage seats users of the room)")
    sub = req.fields.get("substitute") if req.name == "SubstituteUthPlayer" else None
    if isinstance(sub, str) and sub not in users:
        raise BadCommand(f"substitute: no user {sub[:64]!r} (a substitute is a user of the room)")


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
