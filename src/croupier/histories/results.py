"""A tournament's results for regulators and players: CSV and JSON (place, player, prize,
bounties, re-entries) and a summary in PokerStars' tournament-summary layout.

Rows come from the tournament's result log (qld-tournament-2020 2 "Tournament Result Log"): one
per entry placed, best place first. ``re_entries`` counts a player's entries after the first;
``bounties`` is the money the player won in bounties.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from croupier.rules import find_rulebook
from croupier.tournament import Tournament

FIELDS = ("place", "player", "name", "prize", "seat_won", "bounties", "re_entries", "rebuys",
          "add_ons")  # fmt: skip


def rows(t: Tournament) -> list[dict[str, Any]]:
    """One row per entry placed, best place first."""
    out = []
    for r in t.result_log():
        e = t.entrants[str(r["player"])]
        out.append(
            {
                "place": r["place"],
                "player": r["player"],
                "name": r["name"],
                "prize": r["cash"],
                "seat_won": r["seat"],
                "bounties": r["bounties"],
                "re_entries": max(e.entries - 1, 0),
                "rebuys": e.rebuys,
                "add_ons": e.add_ons,
            }
        )
    return out


def document(t: Tournament) -> dict[str, Any]:
    """The results as one JSON document: the tournament's facts and :func:`rows`."""
    c = t.conditions
    return {
        "tournament": c.name,
        "start": c.start.isoformat(),
        "rules": c.rules,
        "game": c.game,
        "structure": c.structure,
        "entry_fee": c.entry_fee,
        "admin_fee": c.admin_fee,
        "bounty": c.bounty,
        "starting_stack": c.starting_stack,
        "entries": t.entries_total,
        "prize_pool": t.pool,
        "results": rows(t),
    }


def to_json(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=2) + "\n"


def to_csv(doc: dict[str, Any]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    w.writerows(doc["results"])
    return buf.getvalue()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def summary(
    doc: dict[str, Any],
    *,
    number: str = "1",
    player: str | None = None,
    currency: str = "$",
    code: str | None = None,
) -> str:
    """The PokerStars tournament-summary layout of :func:`document`; with ``player``, the line
    a player's copy ends with (where the player finished). ``code``: the currency (default:
    the tournament's rulebook's, :func:`currency_of`)."""
    code = code or currency_of(doc)
    game = {"holdem": "Hold'em", "omaha": "Omaha", "short-deck": "6+ Hold'em"}.get(
        doc["game"], doc["game"]
    )
    limit = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed": "Limit"}.get(
        doc["structure"], doc["structure"]
    )
    rs = doc["results"]
    pool = int(doc["prize_pool"])
    when = doc["start"].replace("-", "/").replace("T", " ")
    lines = [
        f"PokerStars Tournament #{number}, {limit} {game}",
        f"Buy-In: {currency}{doc['entry_fee']}/{currency}{doc['admin_fee']} {code}",
        f"{doc['entries']} players",
        f"Total Prize Pool: {currency}{pool} {code}",
        f"Tournament started {when} UTC",
    ]
    for r in rs:
        prize = int(r["prize"])
        share = f" ({100 * prize / pool:.2f}%)" if pool and prize else ""
        won = f", {currency}{prize}{share}" if prize else ","
        lines.append(f"{int(r['place']):3d}: {r['player']} ({r['name']}){won}")
    if player is not None:
        mine = [r for r in rs if r["player"] == player]
        if mine:
            lines.append(f"You finished in {_ordinal(int(mine[0]['place']))} place.")
        else:
            lines.append("You did not finish in a recorded place.")
    return "\n".join(lines) + "\n"


def currency_of(doc: dict[str, Any]) -> str:
    """The currency of the tournament's rulebook (dunedin-house: NZD); AUD for the
    Queensland tournament rules (qld-tournament-2020), which are no cash rulebook of their own."""
    try:
        return find_rulebook(str(doc.get("rules", ""))).currency
    except ValueError:
        return "AUD"


def tournament_info(doc: dict[str, Any], currency: str | None = None) -> dict[str, Any]:
    """OHH's ``tournament_info`` of :func:`document` (spec 1.4.7); ``currency``: default the
    rulebook's (:func:`currency_of`)."""
    currency = currency or currency_of(doc)
    start = str(doc["start"]).split("+")[0]
    return {
        "tournament_number": str(doc["tournament"]),
        "name": str(doc["tournament"]),
        "start_date_utc": start[:19] + "Z",
        "currency": currency,
        "buyin_amount": doc["entry_fee"],
        "fee_amount": doc["admin_fee"],
        "bounty_fee_amount": doc.get("bounty", 0),
        "initial_stack": doc.get("starting_stack", 0),
        "type": "MTT",
        "speed": {"type": "Normal", "round_time": 0},
    }
