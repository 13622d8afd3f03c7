"""``croupier serve`` (the card room's API) and ``croupier users`` (accounts and roles)."""

from __future__ import annotations

import getpass
from typing import TYPE_CHECKING, Annotated

import typer

Db = Annotated[
    str | None,
    typer.Option("--db", help="database URL (default: $CROUPIER_DB, else ./croupier.db)"),
]

if TYPE_CHECKING:
    from croupier.service.background import Background

users_app = typer.Typer(help="Users of the card-room service and their roles.")


def serve(
    db: Db = None,
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="port to listen on (1-65535)")
    ] = 8000,
    room: Annotated[str, typer.Option("--room", help="the room's name in the store")] = "main",
    demo: Annotated[
        bool, typer.Option("--demo", help="seed a demo room (if the room has no tables yet)")
    ] = False,
    bots: Annotated[
        bool, typer.Option("--bots", help="with --demo: bots play at the demo tables")
    ] = False,
    key_file: Annotated[
        str | None,
        typer.Option(
            "--key-file",
            help="the keys that seal the decks of rounds in play (default: $CROUPIER_KEYS or"
            " $CROUPIER_KEY, else <db>.key beside a SQLite file, made on first start)",
        ),
    ] = None,
    session_hours: Annotated[
        float | None,
        typer.Option(
            "--session-hours",
            help="how long a log-in lasts (default: $CROUPIER_SESSION_HOURS, else 16)",
        ),
    ] = None,
    locale: Annotated[
        str | None,
        typer.Option(
            "--locale",
            help="the screens' language for dates (default: $CROUPIER_LOCALE, else en-AU)",
        ),
    ] = None,
    time_zone: Annotated[
        str | None,
        typer.Option(
            "--time-zone",
            help="the room's time zone, as Australia/Brisbane (default: $CROUPIER_TIME_ZONE, "
            "else the machine's)",
        ),
    ] = None,
    node: Annotated[
        str | None,
        typer.Option(
            "--node",
            help="this server's name as one of several serving the room (PostgreSQL): it "
            "writes the room only while it holds the room's lease, else waits as a standby",
        ),
    ] = None,
    lease_s: Annotated[
        float,
        typer.Option(
            "--lease-s",
            min=1.0,
            help="with --node: the lease's length in seconds (a standby takes over a node that "
            "stops within about this long; renewed every third of it)",
        ),
    ] = 5.0,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="with --node: the Redis server (redis://host:port) on which the owner says "
            "what it commits; every standby then keeps a replica of the room, serves its reads "
            "and sockets, and forwards commands to the owner",
        ),
    ] = None,
    advertise: Annotated[
        str | None,
        typer.Option(
            "--advertise",
            help="with --node: this node's base URL, where the standbys forward commands "
            "(default: http://HOST:PORT)",
        ),
    ] = None,
) -> None:
    """Run the card room's HTTP and websocket API over the event store (FastAPI, uvicorn).
    Every stream is checked before the first command is accepted."""
    import functools
    import socket

    import uvicorn

    from croupier.cli.db import open_store
    from croupier.cli.usage import fail
    from croupier.service import demo as demo_room
    from croupier.service.api import create_app
    from croupier.service.auth import UserError, session_seconds
    from croupier.service.locale_api import LocaleError, room_locale

    try:
        session_seconds(session_hours)
        where = room_locale(locale, time_zone)
    except (UserError, LocaleError) as e:
        typer.echo(f"croupier: error: {e}", err=True)
        raise typer.Exit(2) from None
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as e:
        raise fail(f"--host {host!r}: not an address to listen on ({e})") from None
    if node is None and (redis is not None or advertise is not None):
        flag = "--redis" if redis is not None else "--advertise"
        raise fail(f"{flag}: only with --node (several nodes serving one room on PostgreSQL)")
    _check_cluster(redis, advertise)
    store = open_store(db, existing=False)  # made and migrated here, its errors one line
    if node is not None:
        _check_node(node, store.engine.dialect.name, demo)
    if not demo:
        store.close()
    else:
        try:
            seeded = demo_room.seed(store, room)
        finally:
            store.close()
        typer.echo("demo room " + ("seeded" if seeded else "already there") + ":")
        typer.echo(f"  tables {', '.join(demo_room.TABLES)}, UTH table uth-1, tournament sat-1")
        staff = ", ".join(demo_room.STAFF)
        typer.echo(f"  log-ins: {staff}, bot1..bot9; password {demo_room.PASSWORD!r}")
        for human, (table, seat) in demo_room.HUMANS.items():
            bots_there = ", ".join(demo_room.TABLES[table][1])
            typer.echo(
                f"  play: log in as {human!r} (password {demo_room.PASSWORD!r}): seat {seat} at"
                f" {table} with {bots_there}"
                + ("" if bots else " (add --bots to have them play)")
                + "; sitting out until you open the table and come back"
            )
    url = f"http://{host}:{port}"
    typer.echo(f"croupier serve: {url} (API schema at {url}/docs)")
    typer.echo(f"the room's board: {url}/ui/")
    app = create_app(
        db,
        room,
        settle=True,
        key_file=key_file,
        session_hours=session_hours,
        node=node,
        lease_s=lease_s,
        redis=redis,
        advertise=(advertise or url) if node is not None else None,
    )
    app.state.locale = where
    if demo and bots:
        background: Background = app.state.background  # a part that dies is on the board
        background.thread("the demo's bots", functools.partial(_bots, url, background))
    from croupier.service import limits

    # header deadline and size, keep-alive, websocket message size and pings: service/limits.py
    uvicorn.run(app, host=host, port=port, log_level="warning", **limits.SERVER)


def _check_node(node: str, dialect: str, demo: bool) -> None:
    """``--node`` refused in one line where it cannot work."""
    from croupier.cli.usage import fail
    from croupier.service.store.lease import check_node

    why = check_node(node)
    if dialect != "postgresql":
        why = "--node: a SQLite file has one writer and needs no lease (use postgresql://)"
    elif demo:
        why = "--node with --demo: seed the demo room once without --node, then start the nodes"
    if why is not None:
        raise fail(why)


def _check_cluster(redis: str | None, advertise: str | None) -> None:
    """``--redis`` and ``--advertise`` refused in one line where they cannot work."""
    from croupier.cli.usage import fail

    if advertise is not None and not advertise.startswith(("http://", "https://")):
        raise fail(f"--advertise {advertise!r}: a base URL, as http://host:port")
    if redis is None:
        return
    from croupier.service.replica import check_url

    why = check_url(redis)
    if why is not None:
        raise fail(why)


def _bots(url: str, background: Background, patience: float = 600.0) -> None:
    """Demo bots: a round every second or so at each demo table, once the server answers
    (it checks every stream first: ``patience`` seconds at most), each table's bots a part of
    ``background`` of their own; they act only for the demo's bot accounts, and at the table of
    a person (``demo.HUMANS``) the round waits for them to act."""
    import time

    import httpx

    from croupier.client import ClientError, run_demo
    from croupier.service import demo as demo_room

    deadline = time.monotonic() + patience
    while True:
        try:
            httpx.get(f"{url}/openapi.json", timeout=2)
            break
        except httpx.HTTPError as e:
            if time.monotonic() > deadline:
                raise ClientError(f"the server at {url} did not answer: {e}") from e
            time.sleep(0.2)
    run_demo(url, demo_room.PASSWORD, demo_room.BOTS, pace=1.0, spawn=background.thread)


def bots(
    server: Annotated[str, typer.Option("--server", help="the server's address")] = (
        "http://127.0.0.1:8000"
    ),
    tables: Annotated[int, typer.Option("--tables", min=1, help="tables to play at")] = 3,
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, help="rounds in all (default: forever)")
    ] = None,
    password: Annotated[str, typer.Option("--password", help="the demo users' password")] = "demo",
    seed: Annotated[int, typer.Option("--seed", help="the bots' choices (not the shoe)")] = 0,
) -> None:
    """Bots that log in as players (and the demo room's dealer and cashier) and play through
    the API of a demo room (``croupier serve --demo``), opening tables as needed."""
    import time

    from croupier.client import ClientError, run_bots

    began = time.monotonic()
    try:
        played = run_bots(server, tables, rounds, password, seed=seed)
    except ClientError as e:
        typer.echo(f"croupier: error: {e}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"{played} rounds at {tables} tables in {time.monotonic() - began:.1f} s")


@users_app.command("add")
def add(
    name: str,
    role: Annotated[str, typer.Option("--role", help="admin, floor, dealer, director, ...")],
    password: Annotated[
        str | None, typer.Option("--password", help="default: asked for on the terminal")
    ] = None,
    db: Db = None,
) -> None:
    """Add a user with a role (their password stored only as an argon2 hash)."""
    import datetime

    from croupier.cli.db import open_store
    from croupier.service.auth import Directory, Role, UserError

    if not name.strip():
        typer.echo("croupier: error: a user needs a name, not an empty one", err=True)
        raise typer.Exit(2)
    try:
        chosen = Role(role)
    except ValueError:
        typer.echo(
            f"croupier: error: no role {role!r}: {', '.join(r.value for r in Role)}", err=True
        )
        raise typer.Exit(2) from None
    secret = password if password is not None else getpass.getpass(f"password for {name}: ")
    store = open_store(db, existing=False)
    try:
        at = datetime.datetime.now(datetime.UTC).isoformat()
        Directory(store).add(name, chosen, secret, "croupier users add", at)
    except UserError as e:
        typer.echo(f"croupier: error: {e}", err=True)
        raise typer.Exit(2) from None
    finally:
        store.close()
    typer.echo(f"{name}: {chosen.value}")
