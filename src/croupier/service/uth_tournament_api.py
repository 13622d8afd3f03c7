"""Ultimate Texas Hold'em tournaments over the API: ``GET /uth-tournaments/{name}``, the
tournament as the Tournament Director's screen shows it (``/ui/uth-tournament.html``).

Its commands go through ``POST /commands`` as the room's own
(:mod:`croupier.room.uth_tournaments`; who may send each: :mod:`croupier.service.policy`). The
view shows what the room's screens may: entrants, reserves and substitutions, tables, chips, the
rounds in play (wagers and decisions, never a card before the round is over), eliminations,
places and prizes, and the cage's books of the tournament. A player in the tournament also gets
``seat``: their own box, its cards, the board as it is turned, and their decisions.

* A player wagers and decides only for their own box (``UthTournamentWager``,
  ``UthTournamentAct``; :func:`check_own`): another's is refused 403 naming both boxes.
* A substitute is approved by the director who sends ``SubstituteUthPlayer`` (16.12:
  :func:`fill` names them; a client does not).
* ``DealUthTournamentRound`` deals from the server's shoe for that table (:func:`seal_key`):
  the deck's order and salt are sealed in the store, the commitment published as the round
  opens; the command's record holds neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.room.uth_tournaments import UthTournamentAccount
from croupier.service import commands as cmds
from croupier.service.auth import ROLES_CLAUSE, Role, User
from croupier.service.deps import Caller, Owner, Refused, area
from croupier.service.store.rooms import RoomStore
from croupier.uth.game import UthRound
from croupier.uth.tournament import Eliminated, Placed, SessionEnd, Status, Substituted
from croupier.uth.view import box_result
from croupier.views import uth_box_cards

if TYPE_CHECKING:
    pass


def _round(r: UthRound) -> dict[str, Any]:
    over, pending = r.is_over, set(r.pending())
    return {
        "phase": r.phase.name.lower(),
        "over": over,
        "boxes": [
            {
                "box": n,
                "player": b.player,
                "ante": b.ante,
                "blind": b.blind,
                "trips": b.trips,
                "play": b.play,
                "folded": b.folded,
                "settled": b.settled is not None,
            }
            for n, b in sorted(r.boxes.items())
        ],
        "awaiting": r.awaiting(),
        # the boxes still to decide (a box may also fold before it is settled: not offered)
        "decisions": [
            {"box": d.box, "check": d.can_check, "fold": d.can_fold, "multiples": d.multiples}
            for d in r.legal_actions()
            if d.box in pending
        ],
        "to_settle": r.to_settle(),
    }


def seal_key(name: str, table: int) -> str:
    """The key of a UTH tournament table's shoe and of its sealed decks."""
    return f"uth-tournament:{name}/{table}"


def fill(req: cmds.Request, user: User) -> dict[str, Any]:
    """What the server sets on a UTH tournament command: the approving director's name."""
    if req.name != "SubstituteUthPlayer":
        return {}
    if "approved_by" in req.fields:
        raise Refused(422, "approved_by: the director who sends the substitution approves it")
    return {"approved_by": user.name}


def _where(rooms: RoomStore, tournament: str, player: str) -> str:
    acc = rooms.room.uth_tournaments.get(tournament)
    pos = None if acc is None else acc.run.position(player)
    return "no box" if pos is None else f"table {pos[0]}, box {pos[1]}"


def check_own(rooms: RoomStore, user: User, inner: Any) -> None:
    """A player wagers and decides only for their own box, in their own name."""
    if user.role is not Role.PLAYER or inner.player == user.name:
        return
    mine, theirs = (_where(rooms, inner.tournament, p) for p in (user.name, inner.player))
    raise Refused(
        403,
        f"a player acts only for their own box: {user.name} holds {mine}, "
        f"not {inner.player}'s ({theirs})",
        ROLES_CLAUSE,
    )


def seat(acc: UthTournamentAccount, player: str) -> dict[str, Any] | None:
    """``player``'s own place in the tournament: their box, chips and wager, and the round at
    their table (the one in play, else the last): their own cards, the board as turned, the
    dealer's cards once declared, their decisions and result. Never another box's cards."""
    t = acc.run
    e = t.players.get(player)
    if e is None:
        return {"player": player, "reserve": True} if player in t.reserves else None
    pos = t.position(player)
    out: dict[str, Any] = {
        "player": player,
        "reserve": False,
        "chips": e.chips,
        "out": e.out,
        "table": None if pos is None else pos[0],
        "box": None if pos is None else pos[1],
        "asked": False,
        "wager": None,
        "round": None,
    }
    if pos is None or pos[0] not in t.tables:
        return out
    tbl = t.tables[pos[0]]
    if tbl.status is Status.WAGERING and 0 <= tbl.asked < len(tbl.order):
        out["asked"] = tbl.order[tbl.asked] == player
    if player in tbl.wagers:
        ante, trips = tbl.wagers[player]
        out["wager"] = {"ante": ante, "trips": trips}
    r = acc.rounds.get(pos[0])
    r = acc.last.get(pos[0]) if r is None else r
    b = None if r is None else r.boxes.get(pos[1])
    if r is None or b is None or b.player != player:
        return out
    declared = r.dealer_hand
    result = None if b.settled is None else box_result(b.settled)
    out["round"] = {
        "in_play": not r.is_over,
        "phase": r.phase.name.lower(),
        "hole": [str(c) for c in uth_box_cards(r, pos[1], player)],
        "board": [str(c) for c in r.board[: r.revealed]],
        "dealer": [str(c) for c in r.dealer] if declared is not None else [],
        "dealer_hand": "" if declared is None else declared.words,
        "ante": b.ante,
        "blind": b.blind,
        "trips": b.trips,
        "play": b.play,
        "folded": b.folded,
        "decisions": [
            {"check": d.can_check, "fold": d.can_fold, "multiples": list(d.multiples)}
            for d in r.legal_actions()
            if d.box == pos[1] and d.box in r.pending()
        ],
        "result": None
        if result is None
        else {"hand": result.hand, "paid": result.paid_to_player, "folded": result.folded},
    }
    return out


def view(acc: UthTournamentAccount) -> dict[str, Any]:
    """The tournament as the director's screen shows it (no card of a round in play)."""
    t = acc.run
    c = t.conditions
    places = {e.player: e for e in t.events if isinstance(e, Placed)}
    out = [e for e in t.events if isinstance(e, Eliminated)]
    entrants = [
        {
            "player": p,
            "chips": e.chips,
            "paid_in": e.paid,
            "out": e.out,
            "forfeited": e.forfeited,
            "position": t.position(p),
            "place": places[p].place if p in places else None,
            "prize": places[p].prize if p in places else 0,
            "prize_paid": acc.paid.get(p, 0),
        }
        for p, e in t.players.items()
    ]
    tables = [
        {
            "number": tbl.number,
            "status": tbl.status.value,
            "boxes": list(tbl.boxes),
            "rounds": tbl.rounds,
            # a session of rounds: this table has played its rounds (the rest end it)
            "played_out": c.session is SessionEnd.ROUNDS and tbl.rounds >= c.session_limit,
            "order": list(tbl.order),
            "asked": tbl.order[tbl.asked] if wagering and 0 <= tbl.asked < len(tbl.order) else None,
            "wagers": {p: {"ante": a, "trips": tr} for p, (a, tr) in tbl.wagers.items()},
            "round": _round(acc.rounds[tbl.number]) if tbl.number in acc.rounds else None,
            "commitment": acc.commitments.get(tbl.number, ""),
        }
        for tbl in t.in_play()
        for wagering in [tbl.status is Status.WAGERING]
    ]
    return {
        "rules": c.rules.id,
        "conditions": {
            "entry_fee": c.entry_fee,
            "commission": c.commission,
            "starting_chips": c.starting_chips,
            "minimum": c.minimum,
            "maximum": c.maximum,
            "session": c.session.value,
            "session_limit": c.session_limit,
            "prizes": list(c.prizes),
            "players_per_table": c.players_per_table,
            "clause": c.rules.tournament.conditions_clause,
        },
        "status": t.status.value,
        "rounds": t.rounds,
        "pool": t.pool,
        "entrants": entrants,
        "tables": tables,
        "eliminated": [{"player": e.player, "chips": e.chips, "clause": e.clause} for e in out],
        "reserves": list(t.reserves),
        "reserve_clause": c.rules.tournament.reserve_clause,
        "substitutions": [
            {
                "player": e.player,
                "substitute": e.substitute,
                "approved_by": e.approved_by,
                "clause": e.clause,
            }
            for e in t.events
            if isinstance(e, Substituted)
        ],
        "placed": t.placed,
        "places_clause": c.rules.tournament.places_clause,
        "cage": {
            "cash_in": acc.cash_in,
            "cash_out": acc.cash_out,
            "pool": acc.pool,
            "commission": acc.commission,
            "balanced": acc.balanced(),
        },
    }


router = area("uth tournaments")


@router.get("/uth-tournaments/{name}")
async def uth_tournament_view(name: str, user: Caller, own: Owner) -> dict[str, Any]:
    """The UTH tournament ``name`` as the director's screen shows it; to a player in it, also
    their own seat (``seat``)."""
    async with own.lock:
        acc = own.rooms.room.uth_tournaments.get(name)
        if acc is None:
            raise Refused(404, f"no UTH tournament {name}", "croupier room")
        mine = seat(acc, user.name) if user.role is Role.PLAYER else None
        return {"name": name, "view": view(acc), "seat": mine}


__all__ = ["check_own", "fill", "router", "seal_key", "seat", "view"]
