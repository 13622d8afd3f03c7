"""``croupier export``: hand histories and tournament results in the formats others read."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from croupier.cli.options import DEFAULT_RULEBOOK
from croupier.cli.usage import fail

if TYPE_CHECKING:
    from croupier.histories.phh import HandHistory
    from croupier.round import Round
    from croupier.service.store.played import Played
    from croupier.service.store.store import EventStore

T = TypeVar("T")


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
        list[Path] | None,
        typer.Argument(
            help="hand formats: .phh files or folders of a table's or a tournament's hands "
            "(croupier simulate --history, croupier tournament run); csv, json, summary: a "
            "tournament's folder (croupier tournament run --out); none with --table"
        ),
    ] = None,
    fmt_name: Annotated[
        str,
        typer.Option("--format", "-f", help="phh, ohh, pokerstars, csv, json or summary"),
    ] = "",
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
    table: Annotated[
        str | None,
        typer.Option(
            help="a stored cash table's rounds (the room service's database): the table's "
            "stream, or its name in the main room"
        ),
    ] = None,
    tournament: Annotated[
        str | None,
        typer.Option(
            help="a stored tournament's hands (the room service's database): the "
            "tournament's stream, or its id in the main room"
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="with --table or --tournament: database URL (default: $CROUPIER_DB, else "
            "./croupier.db)"
        ),
    ] = None,
    last: Annotated[
        str | None,
        typer.Option(
            metavar="N",
            help="with --table or --tournament: the last N finished rounds (default: all)",
        ),
    ] = None,
) -> None:
    """Export a table's rounds or a tournament's hands (PHH, OHH, PokerStars text), a stored
    table's rounds (--table) or tournament's hands (--tournament), or a tournament's results
    (CSV, JSON, PokerStars summary). Every hand from files is first replayed strictly under its
    rulebook; a hand that does not replay, or that the format cannot express, is a one-line
    error (exit status 2)."""
    if not fmt_name:
        raise fail(f"give --format: {', '.join(f.value for f in Format)}")
    try:
        fmt = Format(fmt_name)
    except ValueError:
        raise fail(
            f"no format {fmt_name!r}; choose one of {', '.join(f.value for f in Format)}"
        ) from None
    sources = sources or []
    if table is not None and tournament is not None:
        raise fail("give --table or --tournament, not both")
    if table is not None or tournament is not None:
        option, what = ("--table", "table") if table is not None else ("--tournament", "tournament")
        if sources:
            raise fail(f"give files and folders, or {option}, not both")
        if fmt not in HAND_FORMATS:
            raise fail(f"--format {fmt}: a stored {what} exports phh, ohh or pokerstars")
        if rulebook is not None:
            raise fail(f"--rulebook: a stored {what}'s rounds carry their rulebook")
        if table is not None:
            _stored(db, table, _count(last), fmt, player, out)
        else:
            _stored_tournament(db, str(tournament), _count(last), fmt, player, out)
        return
    if db is not None or last is not None:
        raise fail(f"{'--db' if db is not None else '--last'} goes with --table or --tournament")
    if not sources:
        raise fail("give .phh files or folders, or --table or --tournament (what the room stored)")
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


class _Sink:
    """Hands exported in one format, written out at the end (PHH to a folder: as they come)."""

    def __init__(self, fmt: Format, out: Path | None) -> None:
        self.fmt, self.out, self.count = fmt, out, 0
        self.texts: list[str] = []
        self.hands: list[dict[str, object]] = []
        if fmt is Format.phh and out is not None:
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise fail(f"cannot write {out}: {e.strerror or e}") from e

    def add(
        self,
        where: str,
        r: Round,
        who: int | None,
        h: HandHistory,
        name: str,
        info: dict[str, object] | None = None,
    ) -> None:
        """Export round ``r`` as ``who`` saw it; ``h``: its PHH history (names, seats, hand
        and table numbers); ``name``: its file's name in a PHH folder."""
        from dataclasses import replace

        from croupier.histories import ohh, pokerstars
        from croupier.histories.phh import dump, dumps
        from croupier.histories.phh_export import to_history

        try:
            if self.fmt is Format.ohh:
                self.hands.append(
                    ohh.to_ohh(r, who, meta=h, unit_scale=h.unit_scale, tournament_info=info)
                )
            elif self.fmt is Format.pokerstars:
                tid = None if info is None else str(info["tournament_number"])
                self.texts.append(
                    pokerstars.to_text(r, who, meta=h, unit_scale=h.unit_scale, tournament=tid)
                )
            else:
                mine = replace(
                    to_history(r, who), hand=h.hand, players=h.players, seats=h.seats,
                    seat_count=h.seat_count, table=h.table, event=h.event, level=h.level,
                    year=h.year, month=h.month, day=h.day, time=h.time, time_zone=h.time_zone,
                )  # fmt: skip
                if mine.variant.startswith("croupier:"):
                    raise ValueError(f"PHH has no variant for {mine.variant.split(':')[1]}")
                if self.out is not None:
                    dump(mine, self.out / name)
                else:
                    self.texts.append(dumps(mine))
        except (pokerstars.NotExpressible, ValueError) as e:
            raise fail(f"{where}: cannot be exported as {self.fmt}: {e}") from e
        except OSError as e:
            raise fail(f"cannot write {self.out}: {e.strerror or e}") from e
        self.count += 1

    def close(self) -> None:
        from croupier.histories import ohh, pokerstars

        if self.fmt is Format.ohh:
            _write(ohh.dumps(self.hands), self.out)
        elif self.fmt is Format.pokerstars:
            _write(pokerstars.dumps(self.texts), self.out)
        elif self.out is None:
            _write("\n".join(self.texts), None)


def _hands(
    sources: list[Path], fmt: Format, player: str | None, rb_name: str | None, out: Path | None
) -> None:
    from croupier.histories.phh import PhhError, load
    from croupier.histories.phh_export import HOUSE
    from croupier.histories.phh_replay import ReplayError, phh_files, replay
    from croupier.rules import find_rulebook

    try:
        forced = find_rulebook(rb_name) if rb_name is not None else None
    except ValueError as e:
        raise fail(str(e)) from e
    files = phh_files(sources)
    sink = _Sink(fmt, out)
    for f in files:
        try:
            h = load(f)
            recorded = h.extra.get("_croupier_rulebook")
            rb = forced or find_rulebook(DEFAULT_RULEBOOK if recorded is None else str(recorded))
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
        sink.add(str(f), r, who, h, f.name, info)
    if not sink.count:
        raise fail(
            f"no hand of player {player!r} in {len(files)} files"
            if player is not None
            else "no .phh hand histories found"
        )
    sink.close()


def _count(last: str | None) -> int | None:
    if last is None:
        return None
    try:
        n = int(last)
    except ValueError:
        n = 0
    if n < 1:
        raise fail(f"--last {last}: give a whole number of rounds, 1 or more")
    return n


def _stored(
    db: str | None, table: str, last: int | None, fmt: Format, player: str | None, out: Path | None
) -> None:
    """A stored cash table's last finished rounds, each folded from the table's events."""
    from croupier.histories.phh_export import HOUSE

    played = _played(db, table, last)
    if not played:
        raise fail(f"table {table} has no finished round")
    name = played[0].table
    sink = _Sink(fmt, out)
    for p in played:
        if player is not None and player not in p.players:
            continue  # a player's export holds the rounds they played
        who = HOUSE if player is None else p.players.index(player)
        sink.add(f"{table} hand {p.started.hand}", p.round, who, p.history(HOUSE),
                 f"{name}-{p.started.hand:06d}.phh")  # fmt: skip
    if not sink.count:
        raise fail(f"no round of player {player!r} in the {len(played)} rounds of table {table}")
    sink.close()


def _stored_tournament(
    db: str | None,
    tournament: str,
    last: int | None,
    fmt: Format,
    player: str | None,
    out: Path | None,
) -> None:
    """A stored tournament's last finished hands, each folded from the room's events."""
    from croupier.histories.phh_export import HOUSE
    from croupier.service.store.rooms import tournament_stream
    from croupier.service.store.tournament_played import tournament_rounds

    stream = tournament if ":" in tournament else tournament_stream("main", tournament)
    played = _read(db, lambda store: tournament_rounds(store, stream, last), "tournament")
    if not played:
        raise fail(f"tournament {tournament} has no finished hand the room dealt")
    sink = _Sink(fmt, out)
    for p in played:
        if player is not None and player not in p.players:
            continue  # a player's export holds the hands they played
        who = HOUSE if player is None else p.players.index(player)
        sink.add(f"{tournament} table {p.plan.table} hand {p.plan.hand}", p.round, who,
                 p.history(HOUSE), f"{p.plan.table:03d}-{p.plan.hand:06d}.phh",
                 p.info())  # fmt: skip
    if not sink.count:
        raise fail(
            f"no hand of player {player!r} in the {len(played)} hands of tournament {tournament}"
        )
    sink.close()


def _played(db: str | None, table: str, last: int | None) -> list[Played]:
    from croupier.service.store.played import finished_rounds
    from croupier.service.store.rooms import table_stream

    stream = table if ":" in table else table_stream("main", table)
    return _read(db, lambda store: finished_rounds(store, stream, last), "table")


def _read(db: str | None, read: Callable[[EventStore], list[T]], kind: str) -> list[T]:
    """What ``read`` finds in the event store at ``db``, opened read only."""
    import sqlalchemy as sa

    from croupier.service.store.store import EventStore, StoreError, resolve_url

    url = resolve_url(db)
    store, shown = None, url.split("://", 1)[0] + "://..."
    try:
        where = sa.engine.make_url(url)
        shown = where.render_as_string(hide_password=True)
        file = where.database if where.get_backend_name() == "sqlite" else None
        if file not in (None, "", ":memory:") and not Path(str(file)).is_file():
            raise fail(f"no database at {file}")
        store = EventStore(url, migrate=False)  # read only: an export changes nothing
        try:
            return read(store)
        except StoreError as e:
            known = [s.id for s in store.streams(kind)]
            raise fail(f"{e} ({kind}s: {', '.join(known) or 'none'})") from e
    except sa.exc.SQLAlchemyError as e:
        why = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise fail(f"cannot read the event store at {shown}: {why}") from e
    finally:
        if store is not None:
            store.close()


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
