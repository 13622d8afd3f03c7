"""Replay OHH hand histories under a rulebook, as strictly as PHH replay.

Each hand is read into a PHH history (:func:`croupier.histories.ohh.to_history`) and played
through the round engine: an action the rules refuse is an error naming the clause, never
repaired. The engine's round is then exported again and compared with the record, action by
action: a call, bet or blind of another amount than the rules give, or a hand that ends with
other stacks, is reported, never corrected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from croupier.histories.ohh import UNBALANCED, OhhError, loads, to_history, to_ohh
from croupier.histories.phh_replay import (
    ReplayError,
    Report,
    in_scope,
    recorded_rulebook,
    replay,
)
from croupier.round import Round
from croupier.rules import DUNEDIN_HOUSE, Rulebook


def replay_hand(hand: Mapping[str, Any], rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    """Replay one OHH hand strictly; raises ReplayError (the rules refuse it, or the record's
    amounts are not the rules') or OhhError (not a hand croupier reads)."""
    h = to_history(hand)
    if not in_scope(h):
        raise OhhError(f"variant {h.variant!r} is not in scope")
    r = replay(h, rulebook)
    again = to_ohh(r, None, unit_scale=h.unit_scale)["ohh"]
    _same_actions(hand["ohh"], again, h.players or ())
    if UNBALANCED in h.extra:
        raise ReplayError(str(h.extra[UNBALANCED]))
    return r


def _key(a: Mapping[str, Any], pos: Mapping[int, int]) -> tuple[object, ...]:
    amount = a.get("amount")
    return (
        pos.get(int(a["player_id"]), -1),
        a["action"],
        None if amount is None else float(amount),
    )


def _same_actions(record: Mapping[str, Any], rules: Mapping[str, Any], names: object) -> None:
    """The record's betting actions and boards are exactly those the rules produced."""
    players = [p for p in record["players"] if not p.get("is_sitting_out")]
    dealer = int(record["dealer_seat"])
    by_seat = sorted(players, key=lambda p: int(p["seat"]))
    order = [p for p in by_seat if int(p["seat"]) > dealer] + [
        p for p in by_seat if int(p["seat"]) <= dealer
    ]
    pos = {int(p["id"]): i for i, p in enumerate(order)}
    ident = {i: i for i in range(len(order))}
    skip = ("Dealt Cards", "Shows Cards", "Mucks Cards")
    mine = [
        (rnd["street"], _key(a, pos))
        for rnd in record["rounds"]
        for a in rnd["actions"]
        if a["action"] not in skip
    ]
    theirs = [
        (rnd["street"], _key(a, ident))
        for rnd in rules["rounds"]
        for a in rnd["actions"]
        if a["action"] not in skip
    ]
    for i, (m, t) in enumerate(zip(mine, theirs, strict=False)):
        if m != t:
            raise ReplayError(
                f"action {i + 1} of the betting: the record has {_say(m)}, the rules give {_say(t)}"
            )
    if len(mine) != len(theirs):
        raise ReplayError(
            f"the record has {len(mine)} betting actions, the rules give {len(theirs)}"
        )
    boards = [tuple(r.get("cards") or ()) for r in record["rounds"] if r["street"] != "Showdown"]
    ruled = [tuple(r.get("cards") or ()) for r in rules["rounds"] if r["street"] != "Showdown"]
    if boards != ruled:
        raise ReplayError(f"the record's boards {boards} are not the rules' {ruled}")


def _say(x: tuple[str, tuple[object, ...]]) -> str:
    street, (p, action, amount) = x
    return f"{street}: player {p} {action}" + (f" {amount:g}" if amount is not None else "")


def replay_files(paths: Iterable[Path], rulebook: Rulebook | None = DUNEDIN_HOUSE) -> Report:
    """Replay every hand of every OHH file; the report counts hands, as PHH replay's does.
    ``rulebook``: the one to apply; None: each hand's own (its ``croupier.rulebook``)."""
    rep = Report()
    for path in paths:
        try:
            hands = loads(path.read_text(encoding="utf-8"), source=str(path))
        except (OSError, UnicodeDecodeError, OhhError) as e:
            rep.hands += 1
            rep.errors.append({"file": str(path), "error": str(e)})
            continue
        for i, hand in enumerate(hands):
            rep.hands += 1
            where = f"{path}#{i + 1}"
            _check(where, hand, rulebook, rep)
    return rep


def _check(where: str, hand: Mapping[str, Any], rulebook: Rulebook | None, rep: Report) -> None:
    try:
        h = to_history(hand)
        rulebook = rulebook or recorded_rulebook(h)
    except (OhhError, ValueError) as unread:
        rep.errors.append({"file": where, "error": str(unread)})
        return
    if not in_scope(h):
        rep.skipped += 1
        return
    rep.in_scope += 1
    try:
        r = replay_hand(hand, rulebook)
    except (ReplayError, OhhError) as refused:
        rep.errors.append({"file": where, "error": str(refused)})
        return
    except Exception as broken:  # one bad hand is one error line, never the end of the run
        rep.errors.append({"file": where, "error": f"{type(broken).__name__}: {broken}"})
        return
    expected = list(h.finishing_stacks or ())
    got = list(r.stacks)
    if expected == got:
        rep.matched += 1
    else:
        rep.mismatched.append(
            {"file": where, "expected": expected, "got": got, "why": "stacks differ"}
        )


def ohh_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix.lower() == ".ohh"))
        else:
            out.append(p)
    return out
