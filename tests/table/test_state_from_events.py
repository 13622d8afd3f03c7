"""Every change of a table's or a round's state comes from an event (issue 12 item 3).

A scan of the source finds every assignment to, deletion from or mutating call on an attribute
of ``self`` (or a local name bound to one) in :mod:`croupier.table.table` and
:mod:`croupier.round.engine`, and allows it only in the event handlers, the helpers only they
call, and the few places listed below with their reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

from croupier.round import CheckCall
from croupier.shoe import Shoe
from croupier.table.commands import Act, InstructTime, SitDown, StartRound, Tick
from croupier.table.events import TimedOut
from croupier.table.presets import preset
from croupier.table.table import Table
from support.integrity_state import differences, state

SRC = Path(__file__).resolve().parents[2] / "src" / "croupier"

MUTATORS = {
    "append",
    "extend",
    "insert",
    "pop",
    "popitem",
    "remove",
    "discard",
    "add",
    "update",
    "difference_update",
    "intersection_update",
    "clear",
    "setdefault",
    "sort",
    "reverse",
}

#: The functions that fold events into state, per class: ``_f_*`` and these.
FOLDS = {
    "Table": {"__init__", "_emit", "_set_seat", "_close_round", "_lapse_deadline"},
    "Round": {"__init__", "_reset", "emit", "_restore"},
}

#: Changes outside the fold that are not state, with the reason.
ALLOWED = {
    ("Table", "_hand_over", "events"): "events handed to the sink leave the log, not the state",
    ("Table", "trim", "events"): "events a store keeps leave the log, not the state",
    ("Table", "_after", "_deck"): "the dealer side's deck, an input held for dealing, not state",
    ("Table", "hold_deck", "_deck"): "the dealer side's deck, an input held for dealing, not state",
    ("Table", "why_illegal", "_opened"): "a memo of the plan, for the apply that follows it",
    ("Table", "remember_opening", "_opened"): "a memo of the plan, for the apply that follows it",
    ("Round", "apply", "events"): "the inlined _emit: append the event, then fold it",
    ("Round", "apply", "_marks"): "command boundaries for undo, not state",
    ("Round", "apply_ruling", "_marks"): "command boundaries for undo, not state",
    ("Round", "resolve_showdown", "_marks"): "command boundaries for undo, not state",
    ("Round", "fold_step", "_marks"): "command boundaries for undo, not state",
    ("Round", "bounds", "_bounds_at"): "a memo of the raise bounds",
    ("Round", "bounds", "_bounds"): "a memo of the raise bounds",
    ("Round", "shown_value", "_values"): "a memo of shown hands' strengths",
}


def _self_attr(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """The attribute of ``self`` that ``node`` writes into, if any (``self.x``, ``self.x[k]``,
    ``self.x.y``, or a local alias of ``self.x``)."""
    while isinstance(node, ast.Subscript | ast.Attribute | ast.Starred):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            return node.attr
        node = node.value
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    return None


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Tuple | ast.List):
        return [t for e in node.elts for t in _targets(e)]
    return [node]


def _writes(fn: ast.FunctionDef) -> list[tuple[str, int]]:
    """(attribute, line) of every change ``fn`` makes to an attribute of ``self``."""
    aliases: dict[str, str] = {}
    out: list[tuple[str, int]] = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            value = node.value
            if (
                isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name)
                and value.value.id == "self"
            ):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        aliases[t.id] = value.attr
    for node in ast.walk(fn):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = [t for x in node.targets for t in _targets(x)]
            targets = [t for t in targets if not isinstance(t, ast.Name)]
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
            if isinstance(node.target, ast.Name) and node.target.id not in aliases:
                targets = []
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            targets = [node.func.value]
        for t in targets:
            attr = _self_attr(t, aliases)
            if attr is not None:
                out.append((attr, node.lineno))
    return out


def _calls(fn: ast.FunctionDef) -> set[str]:
    return {
        n.func.attr
        for n in ast.walk(fn)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "self"
    }


def _methods(path: Path, cls: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text())
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    return {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}


def _stray_writes(path: Path, cls: str) -> list[str]:
    methods = _methods(path, cls)
    folds = {name for name in methods if name.startswith("_f_")} | FOLDS[cls]
    stray = []
    for name, fn in methods.items():
        if name in folds:
            continue
        for attr, line in _writes(fn):
            if (cls, name, attr) not in ALLOWED:
                stray.append(f"{path.name}:{line} {cls}.{name} changes self.{attr}")
    # a helper counts as part of the fold only if nothing but the fold calls it
    for name, fn in methods.items():
        if name in folds:
            continue
        for helper in _calls(fn) & (FOLDS[cls] - {"__init__", "_emit", "emit", "_restore"}):
            stray.append(f"{cls}.{name} calls the fold's helper {helper}")
    return stray


def test_table_state_changes_only_in_event_handlers() -> None:
    assert _stray_writes(SRC / "table" / "table.py", "Table") == []


def test_round_state_changes_only_in_event_handlers() -> None:
    assert _stray_writes(SRC / "round" / "engine.py", "Round") == []


#: The round's planning modules: functions of the round (``r``) that must not change it; the
#: fold handlers among them, by name.
ROUND_PLANNERS = ("betting", "dealing", "showdown", "settle", "burns", "engine")
#: the engine's fold is its handlers (``_f_*``) and these helpers of theirs
PLANNER_FOLDS = {"fold_burns_due", "_acted", "_prune_queue", "_open_betting"}


class _AsSelf(ast.NodeTransformer):
    """Read a function of the round (``def f(r: Round, ...)``) as a method: ``r`` is ``self``."""

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.copy_location(ast.Name("self", node.ctx), node) if node.id == "r" else node


def test_the_round_planners_do_not_change_the_round() -> None:
    """The engine's planning helpers live beside it as functions of the round; none of them
    writes to it (their events go through ``Round.emit``), as the engine's methods do not."""
    stray = []
    for name in ROUND_PLANNERS:
        path = SRC / "round" / f"{name}.py"
        for fn in ast.parse(path.read_text()).body:
            if not isinstance(fn, ast.FunctionDef) or fn.name in PLANNER_FOLDS:
                continue
            if fn.name.startswith("_f_"):
                continue
            if not fn.args.args or fn.args.args[0].arg != "r":
                continue
            method = _AsSelf().visit(fn)
            stray += [f"{path.name}:{line} {fn.name} changes r.{a}" for a, line in _writes(method)]
    assert stray == []


def test_the_scan_sees_a_stray_assignment() -> None:
    """The scan is able to fail: the code issue 12 found is flagged."""
    source = """
class Table:
    def _after(self, cmd):
        if self.deadline is not None:
            self.deadline = None
        q = self.queue
        q.pop(0)
        self.stacks[cmd.player] += 1
        self.seen.add(1)
    def _f_x(self, e):
        self.deadline = None
"""
    fns = {
        f.name: f
        for f in ast.parse(source).body[0].body  # type: ignore[attr-defined]
    }
    assert sorted(a for a, _ in _writes(fns["_after"])) == ["deadline", "queue", "seen", "stacks"]


def test_deadline_after_an_instruction_is_the_same_rebuilt() -> None:
    """Issue 12 item 3: after an act-omaha-2017 4.8(b) instruction and the player's action the
    live table had no deadline, the table rebuilt from its events still had one, and on a later
    tick the rebuilt table timed the player out and folded the hand."""
    cfg = preset("act-omaha-2017", game="holdem", structure="pot-limit", seats=6)
    t = Table(cfg)
    for i in range(3):
        t.apply(SitDown(f"p{i}", i + 1, 100))
    t.apply(StartRound(Shoe(cfg.game.deck, seed=4).shuffle().order, 0))
    r = t.round
    assert r is not None and r.actor is not None
    t.apply(InstructTime(10))
    t.apply(Act(CheckCall(r.actor), 20))
    assert t.deadline is None
    again = Table.from_events(cfg, t.events)
    assert differences(state(again), state(t)) == []
    assert not [e for e in again.apply(Tick(60)) if isinstance(e, TimedOut)]
