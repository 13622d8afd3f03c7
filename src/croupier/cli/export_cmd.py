"""``croupier export``: hand histories and tournament results in the formats others read."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.options import fail


class Format(StrEnum):
    phh = "phh"
    ohh = "ohh"
    pokerstars = "pokerstars"
    csv = "csv"
    json = "json"
    summary = "summary"


HAND_FORMATS = (Format.phh, Format.ohh, Format.pokerstars)


def export_cmd(
    sources: Annotated[
        list[Path],
        typer.Argument(
            help="hand formats: .phh files or folders of a table's or a tournament's hands "
            "(croupier simulate --history, croupier tournament run); csv, json, summary: a "
            "tournament's folder (croupier tournament run --out)"
        ),
    ],
    fmt_name: Annotated[
        str,
        typer.Option("--format", "-f", help="phh, ohh, pokerstars, csv, json or summary"),
    ],
    player: Annotated[
        str | None,
        typer.Option(help="export as this player saw it (their hands only); default: the house"),
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option("--rulebook", "-r", help="replay under this rulebook (default: recorded)"),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="file to write (phh: a folder, one file a hand); default: stdout"),
    ] = None,
) -> None:
    """Export a table's rounds or a tournament's hands (PHH, OHH, PokerStars text), or a
    tournament's results (CSV, JSON, PokerStars summary). Every hand is first replayed strictly
    under its rulebook; a hand that does not replay, or that the format cannot express, is a
    one-line error (exit status 2)."""
    try:
        fmt = Format(fmt_name)
    except ValueError:
        raise fail(
            f"no format {fmt_name!r}; choose one of {', '.join(f.value for f in Format)}"
        ) from None
    missing = [str(s) for s in sources if not s.exists()]
    if missing:
        raise fail(f"no such file or folder: {missing[0]}")
    if fmt in HAND_FORMATS:
        _hands(sources, fmt, player, rulebook, out)
    else:
        if len(sources) != 1 or not (sources[0] / "results.json").is_file():
            raise fail(
                f"--format {fmt}: give one tournament folder holding results.json "
                "(croupier tournament run --out FOLDER)"
            )
        _results(sources[0] / "results.json", fmt, player, out)


def _results(path: Path, fmt: Format, player: str | None, out: Path | None) -> None:
    import json

    from croupier.histories import results

    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        text = (
            results.to_csv(doc)
            if fmt is Format.csv
            else results.to_json(doc)
            if fmt is Format.json
            else results.summary(doc, player=player)
        )
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise fail(f"{path}: not a results file croupier wrote: {e}") from e
    _write(text, out)


def _hands(
    sources: list[Path], fmt: Format, player: str | None, rb_name: str | None, out: Path | None
) -> None:
    from croupier.histories import ohh, pokerstars
    from croupier.phh import PhhError, dump, dumps, load
    from croupier.phh_export import HOUSE, to_history
    from croupier.phh_replay import ReplayError, phh_files, replay
    from croupier.round.rulebooks import rulebook

    try:
        forced = rulebook(rb_name) if rb_name is not None else None
    except ValueError as e:
        raise fail(str(e)) from e
    texts: list[str] = []
    hands: list[dict[str, object]] = []
    exported = 0
    files = phh_files(sources)
    if fmt is Format.phh and out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for f in files:
        try:
            h = load(f)
            rb = forced or rulebook(str(h.extra.get("_croupier_rulebook", "dunedin-house")))
            r = replay(h, rb)
        except (PhhError, ReplayError, ValueError) as e:
            raise fail(f"{f}: cannot be exported: {e}") from e
        if h.finishing_stacks is not None and tuple(h.finishing_stacks) != tuple(r.stacks):
            raise fail(
                f"{f}: cannot be exported: it records stacks {list(h.finishing_stacks)}, "
                f"the rules give {list(r.stacks)}"
            )
        who = HOUSE
        if player is not None:
            names = list(h.players or ())
            if player not in names:
                continue  # a player's export holds the hands they played
            who = names.index(player)
        info = _tournament(f) if h.event is not None else None
        try:
            if fmt is Format.ohh:
                hands.append(
                    ohh.to_ohh(r, who, meta=h, unit_scale=h.unit_scale, tournament_info=info)
                )
            elif fmt is Format.pokerstars:
                tid = None if info is None else str(info["tournament_number"])
                texts.append(
                    pokerstars.to_text(r, who, meta=h, unit_scale=h.unit_scale, tournament=tid)
                )
            else:
                from dataclasses import replace

                mine = replace(
                    to_history(r, who), hand=h.hand, players=h.players, seats=h.seats,
                    table=h.table, event=h.event, level=h.level,
                )  # fmt: skip
                if out is not None:
                    dump(mine, out / f.name)
                else:
                    texts.append(dumps(mine))
        except (pokerstars.NotExpressible, ValueError) as e:
            raise fail(f"{f}: cannot be exported as {fmt}: {e}") from e
        exported += 1
    if not exported:
        raise fail(
            f"no hand of player {player!r} in {len(files)} files"
            if player is not None
            else "no .phh hand histories found"
        )
    if fmt is Format.ohh:
        _write(ohh.dumps(hands), out)
    elif fmt is Format.pokerstars:
        _write(pokerstars.dumps(texts), out)
    elif out is None:
        _write("\n".join(texts), None)


def _tournament(hand: Path) -> dict[str, object] | None:
    """The OHH tournament_info of a tournament's hand, from the results.json that
    ``croupier tournament run`` writes beside its hands folder."""
    import json

    from croupier.histories.results import tournament_info

    path = hand.parent.parent / "results.json"
    try:
        return tournament_info(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError):
        return None


def _write(text: str, out: Path | None) -> None:
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise fail(f"cannot write {out}: {e.strerror or e}") from e
