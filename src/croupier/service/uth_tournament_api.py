"""Ultimate Texas Hold'em tournaments over the API: ``GET /uth-tournaments/{name}``, the
tournament as the Tournament Director's screen shows it (``/ui/uth-tournament.html``).

Its commands go through ``POST /commands`` as the room's own
(:mod:`croupier.room.uth_tournaments`; who may send each: :mod:`croupier.service.policy`). The
view shows what the room's screens may: entrants, tables, chips, the rounds in play (wagers and
decisions, never a card before the round is over), eliminations, places and prizes, and the
cage's books of the tournament.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter

from croupier.room.uth_tournaments import UthTournamentAccount
from croupier.service.deps import Caller, Owner, Refused
from croupier.uth.game import UthRound
from croupier.uth.tournament import Eliminated, Placed, SessionEnd, Status

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


router = APIRouter(tags=["uth tournaments"])


@router.get("/uth-tournaments/{name}")
async def uth_tournament_view(name: str, _: Caller, own: Owner) -> dict[str, Any]:
    """The UTH tournament ``name`` as the director's screen shows it."""
    async with own.lock:
        acc = own.rooms.room.uth_tournaments.get(name)
        if acc is None:
            raise Refused(404, f"no UTH tournament {name}", "croupier room")
        return {"name": name, "view": view(acc)}


__all__ = ["router", "view"]
