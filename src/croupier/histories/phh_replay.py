"""Replay PHH hand histories through the round engine and compare the recorded stacks.

Replay is strict: an action the rules refuse is an error, never repaired. Variants in scope:
``NT`` (no-limit hold'em), ``NS`` (no-limit short-deck hold'em), ``FT`` (fixed-limit hold'em),
``PO`` (pot-limit Omaha) and ``FO/8`` (fixed-limit Omaha 8 or better), and croupier's own
histories of any game, which carry their round's configuration (``_croupier_config``:
commission, fee, dead and newcomers' blinds, raise cap); others are skipped.
:func:`replay_files` first verifies hands in batches with :mod:`croupier.histories.fast.batch`
(the same rules, compiled) and replays through the engine every hand the batch does not confirm.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from croupier.histories.phh import (
    HandHistory,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhError,
    PhhFold,
    PhhShowMuck,
    load,
)
from croupier.histories.roundconfig import KEY, ConfigFieldsError, round_config
from croupier.round import (
    BetRaise,
    CheckCall,
    Command,
    DealBoard,
    DealHole,
    Fold,
    Game,
    Muck,
    Round,
    RoundConfig,
    Show,
    Split,
    Structure,
)
from croupier.round.config import ConfigError
from croupier.round.events import PotAwarded
from croupier.round.streets import SHOWDOWN
from croupier.rules import DUNEDIN_HOUSE, IllegalAction, Rulebook, find_rulebook

IN_SCOPE = ("NT", "NS", "FT", "PO", "FO/8")


class ReplayError(ValueError):
    """A hand history that cannot be replayed under the rules (the message says why)."""


def in_scope(h: HandHistory) -> bool:
    """Whether replay handles the history: a variant in :data:`IN_SCOPE`, or croupier's own
    history carrying its round's configuration."""
    return h.variant in IN_SCOPE or KEY in h.extra


def config_for(h: HandHistory, rulebook: Rulebook = DUNEDIN_HOUSE) -> RoundConfig:
    """The round configuration a hand history describes (dealer-driven: the file has the cards).
    croupier's own histories carry theirs (commission, fee, dead and newcomer's blinds, raise
    cap); a standard history is read as its variant's usual game and structure."""
    n = len(h.starting_stacks)
    blinds = tuple(h.blinds_or_straddles or (0,) * n)
    antes = tuple(h.antes) if any(h.antes) else ()
    own = h.extra.get(KEY)
    if own is not None:
        try:
            return round_config(
                own,
                stacks=tuple(h.starting_stacks),
                blinds=blinds,
                antes=antes,
                min_bet=h.min_bet or h.small_bet or 0,
                antes_dead=not h.ante_trimming_status,
                rulebook=rulebook,
                recorded=str(h.extra.get("_croupier_rulebook", "")),
            )
        except ConfigFieldsError as bad:
            raise ReplayError(f"{KEY}: {bad}") from bad
    v = h.variant
    if v == "NT":
        game, structure, min_bet = Game.holdem(), Structure.no_limit(), h.min_bet
    elif v == "NS":
        game, structure, min_bet = Game.short_deck("B"), Structure.no_limit(), h.min_bet
    elif v == "PO":
        game, structure, min_bet = Game.omaha_game(), Structure.pot_limit(), h.min_bet
    elif v in ("FT", "FO/8"):
        if not h.small_bet or not h.big_bet:
            raise ReplayError("a fixed-limit hand needs small_bet and big_bet")
        split = Split.HILO if v == "FO/8" else Split.HIGH
        game = Game.omaha_game(split=split) if v == "FO/8" else Game.holdem()
        structure = Structure.fixed_limit(
            h.small_bet, h.big_bet, max_raises=4, uncapped_heads_up=False
        )
        min_bet = h.small_bet
    else:
        raise ReplayError(f"variant {v!r} is not in scope ({', '.join(IN_SCOPE)})")
    if not min_bet:
        raise ReplayError("the hand history gives no minimum bet")
    try:
        return RoundConfig(
            stacks=tuple(h.starting_stacks),
            blinds=blinds,
            antes=antes,
            min_bet=min_bet,
            rulebook=rulebook,
            game=game,
            structure=structure,
            antes_dead=not h.ante_trimming_status,
        )
    except ConfigError as e:
        raise ReplayError(str(e)) from e


def commands_for(h: HandHistory) -> Iterable[Command]:
    """The engine commands of a hand history's actions (PHH players are 1-based)."""
    for a in h.actions:
        if isinstance(a, PhhDealHole):
            yield DealHole(a.player - 1, tuple(a.cards))
        elif isinstance(a, PhhDealBoard):
            yield DealBoard(tuple(c for c in a.cards if c is not None))
        elif isinstance(a, PhhFold):
            yield Fold(a.player - 1)
        elif isinstance(a, PhhCheckCall):
            yield CheckCall(a.player - 1)
        elif isinstance(a, PhhBetRaise):
            yield BetRaise(a.player - 1, a.amount)
        elif isinstance(a, PhhShowMuck):
            cards = a.cards
            if cards is None or all(c is None for c in cards):
                yield Muck(a.player - 1)
            else:
                yield Show(a.player - 1, tuple(c for c in cards if c is not None))


def replay(h: HandHistory, rulebook: Rulebook = DUNEDIN_HOUSE) -> Round:
    """Play a hand history through the engine, strictly; raises ReplayError on a refusal."""
    r = Round(config_for(h, rulebook))
    early: list[tuple[int, Command]] = []  # shows recorded before the all-in runout ends
    for i, cmd in enumerate(commands_for(h)):
        if isinstance(cmd, (Show, Muck)) and r.street != SHOWDOWN:
            early.append((i, cmd))
            continue
        _apply(r, i, cmd)
        if r.street == SHOWDOWN and early:
            for j, c in early:
                _apply(r, j, c)
            early = []
    if r.street == SHOWDOWN:
        for j, c in early:
            _apply(r, j, c)
        try:
            r.resolve_showdown()
        except IllegalAction as at_showdown:
            raise ReplayError(f"at the showdown: {at_showdown}") from at_showdown
    if not r.is_over:
        raise ReplayError(f"the hand history ends before the round does (it awaits {r.awaiting()})")
    return r


def _apply(r: Round, i: int, cmd: Command) -> None:
    """Apply the history's command number ``i`` (0-based); a refusal is a ReplayError."""
    try:
        r.apply(cmd)
    except IllegalAction as e:
        raise ReplayError(f"action {i + 1} ({phh_words(cmd)}): {_positions(str(e))}") from e


_POSITION = re.compile(r"\bplayer (\d+)")


def _positions(text: str) -> str:
    """The engine's 0-based ``player 0`` as PHH names the player, ``p1``."""
    return _POSITION.sub(lambda m: f"p{int(m.group(1)) + 1}", text)


def phh_words(cmd: Command) -> str:
    """A command as the history's action line says it (``p1 cc``, ``p2 cbr 300``)."""
    match cmd:
        case Fold(player=p):
            return f"p{p + 1} f"
        case CheckCall(player=p):
            return f"p{p + 1} cc"
        case BetRaise(player=p, to=to):
            return f"p{p + 1} cbr {to}"
        case Muck(player=p):
            return f"p{p + 1} sm (mucks)"
        case Show(player=p):
            return f"p{p + 1} sm"
        case DealBoard(cards=cards):
            return "d db " + "".join(map(str, cards))
        case DealHole(player=p):
            return f"d dh p{p + 1}"
    return type(cmd).__name__


@dataclass
class Report:
    hands: int = 0
    in_scope: int = 0
    matched: int = 0
    skipped: int = 0
    mismatched: list[dict[str, object]] = field(default_factory=list)
    errors: list[dict[str, object]] = field(default_factory=list)
    odd_chip: list[dict[str, object]] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "in_scope": self.in_scope,
            "matched": self.matched,
            "mismatched": self.mismatched,
            "errors": self.errors,
            "skipped": self.skipped,
            "odd_chip": self.odd_chip,
        }


def recorded_rulebook(h: HandHistory) -> Rulebook:
    """The rulebook a history records (``_croupier_rulebook``); dunedin-house where it records
    none (a standard history). An unknown one raises ``UnknownRulebook``."""
    name = h.extra.get("_croupier_rulebook")
    return DUNEDIN_HOUSE if name is None else find_rulebook(str(name))


def replay_files(
    paths: Iterable[Path],
    rulebook: Rulebook | None = DUNEDIN_HOUSE,
    *,
    batch: bool = True,
    chunk: int = 4096,
) -> Report:
    """Replay every file; compare with ``finishing_stacks`` where the file records them.
    ``rulebook``: the one to apply; None: each file's own (:func:`recorded_rulebook`).

    With ``batch`` (the default), hands are verified ``chunk`` at a time by the compiled batch
    replay (:mod:`croupier.histories.fast.batch`, the engine's rules for the variants it
    handles); a hand it does not confirm, whatever the reason, is replayed by the engine, which
    writes the report's entry. ``batch=False`` replays every hand through the engine.
    """
    rep = Report()
    pending: dict[str, tuple[Rulebook, list[tuple[Path, HandHistory]]]] = {}
    for path in paths:
        rep.hands += 1
        try:
            h = load(path)
            rb = rulebook or recorded_rulebook(h)
        except (PhhError, ValueError) as e:
            rep.errors.append({"file": str(path), "error": str(e)})
            continue
        if not in_scope(h):
            rep.skipped += 1
            continue
        rep.in_scope += 1
        _, items = pending.setdefault(rb.id, (rb, []))
        items.append((path, h))
        if len(items) >= chunk:
            verify_histories(items, rb, rep, batch=batch)
            items.clear()
    for rb, items in pending.values():
        verify_histories(items, rb, rep, batch=batch)
    return rep


def verify_histories(
    items: Sequence[tuple[Path, HandHistory]],
    rulebook: Rulebook,
    rep: Report,
    *,
    batch: bool = True,
) -> None:
    """Verify loaded in-scope hands into ``rep``: the batch replay confirms what it can (status
    OK and the recorded stacks); the engine replays the rest."""
    confirmed = [False] * len(items)
    if batch and items:
        from croupier.histories.fast.batch import OK, BatchResult, replay_batch

        res: BatchResult | None = None
        # the batch only confirms: where it cannot encode the chunk, the engine decides
        with contextlib.suppress(OverflowError, ValueError):
            res = replay_batch([h for _, h in items], rulebook)
        for i, (_, h) in enumerate(items):
            if res is not None and res.status[i] == OK:
                expected = h.finishing_stacks
                confirmed[i] = expected is None or list(expected) == res.stacks_of(i)
    for i, (path, h) in enumerate(items):
        if confirmed[i]:
            rep.matched += 1
        else:
            _engine_check(path, h, rulebook, rep)


def _engine_check(path: Path, h: HandHistory, rulebook: Rulebook, rep: Report) -> None:
    try:
        r = replay(h, rulebook)
    except ReplayError as refused:  # not `e`: mypyc types a name once per function
        rep.errors.append({"file": str(path), "error": str(refused)})
        return
    except Exception as broken:  # one bad file is one error line, never the end of the run
        rep.errors.append({"file": str(path), "error": f"{type(broken).__name__}: {broken}"})
        return
    expected = h.finishing_stacks
    got = list(r.stacks)
    if expected is None or list(expected) == got:
        rep.matched += 1
        return
    diff = [g - e for g, e in zip(got, expected, strict=True)]
    split = _split_pot(r)
    entry: dict[str, object] = {"file": str(path), "expected": list(expected), "got": got}
    if split and sum(diff) == 0 and max(abs(d) for d in diff) <= h.unit_scale:
        entry["why"] = (
            f"odd chip on a split pot: {rulebook.odd_chip_clause} gives it to the first "
            "winner clockwise from the button; the record divides it"
        )
        rep.odd_chip.append(entry)
        rep.matched += 1
    else:
        entry["why"] = "stacks differ"
        rep.mismatched.append(entry)


def _split_pot(r: Round) -> bool:
    seen: dict[int, int] = {}
    for e in r.events:
        if isinstance(e, PotAwarded):
            seen[e.pot] = seen.get(e.pot, 0) + 1
    return any(v > 1 for v in seen.values())


def phh_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        out.extend(sorted(p.rglob("*.phh")) if p.is_dir() else [p])
    return out
