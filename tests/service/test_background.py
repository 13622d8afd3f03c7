"""A background part of the server that dies (the demo's bots, the tournaments' level timer, a
player's grace timer) is loud: logged with its cause and traceback, recorded in the
significant-events log (``BACKGROUND_FAILED``) and listed on the room board, never a silent
death. Each part here fails for real: bots pointed at a port where nothing listens, a timer
over a room with a broken tournament in it, a grace timer given a deadline that is no time."""

from __future__ import annotations

import functools
import logging
import shutil
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.cli.serve_cmd import _bots
from croupier.client import Client, run_demo
from croupier.service import demo
from croupier.service.api import create_app
from croupier.service.background import Background
from croupier.service.store.significant import What
from croupier.service.store.store import EventStore


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "seeded.db"
    store = EventStore(f"sqlite:///{path}")
    try:
        demo.seed(store)
    finally:
        store.close()
    return path


@pytest.fixture
def room(seeded: Path, tmp_path: Path) -> Iterator[tuple[Client, Background]]:
    path = tmp_path / "room.db"
    shutil.copy(seeded, path)
    with TestClient(create_app(f"sqlite:///{path}")) as http:
        yield Client(http, lambda _: demo.PASSWORD), http.app.state.background  # type: ignore[attr-defined]


def _closed_port() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"  # closed when this returns


def _failed(client: Client, who: str, parts: int, within: float = 20) -> list[dict[str, Any]]:
    """The board's failed parts once there are ``parts`` of them (as ``who`` sees them)."""
    began = time.monotonic()
    while True:
        r = client.c.get("/room/board", headers=client.headers(who))
        assert r.status_code == 200, r.text
        failed: list[dict[str, Any]] = r.json()["background_failed"]
        if len(failed) >= parts or time.monotonic() - began > within:
            return failed
        time.sleep(0.05)


def _recorded(client: Client) -> list[str]:
    r = client.c.get("/significant", headers=client.headers("auditor"))
    assert r.status_code == 200, r.text
    events = [e["event"] for e in r.json()["events"]]
    return [e["detail"] for e in events if e["what"] == What.BACKGROUND_FAILED]


def test_the_demos_bots_that_give_up_are_on_the_board_and_in_the_log(
    room: tuple[Client, Background], caplog: pytest.LogCaptureFixture
) -> None:
    client, background = room
    assert _failed(client, "floor", 0) == []
    caplog.set_level(logging.WARNING)
    # each table's bots try twice, then give up: nothing listens there
    run_demo(_closed_port(), demo.PASSWORD, demo.BOTS, pace=0.01, tries=2, spawn=background.thread)
    failed = _failed(client, "floor", len(demo.TABLES))
    assert sorted(f["part"] for f in failed) == [
        f"the demo's bots at {t}" for t in sorted(demo.TABLES)
    ]
    for f in failed:
        assert "gave up after 2 failures in a row: ConnectError" in f["why"]
        assert f["at"].endswith("+00:00")
    # a player sees which part stopped and when, not the server's error text
    seen = _failed(client, "bot1", len(demo.TABLES))
    assert {"part", "at"} == set(seen[0])
    recorded = _recorded(client)
    assert sorted(d.split(":")[0] for d in recorded) == sorted(f["part"] for f in failed)
    # logged with the cause and its traceback
    stopped = [r for r in caplog.records if "stopped" in r.getMessage()]
    assert len(stopped) == len(demo.TABLES) and all(r.exc_info for r in stopped)


def test_the_bots_thread_that_finds_no_server_is_on_the_board(
    room: tuple[Client, Background],
) -> None:
    """``croupier serve --bots``'s own thread: the server never answers it."""
    client, background = room
    url = _closed_port()
    background.thread("the demo's bots", functools.partial(_bots, url, background, 0.2))
    (failed,) = _failed(client, "admin", 1)
    assert failed["part"] == "the demo's bots"
    assert failed["why"].startswith(f"ClientError: the server at {url} did not answer")
    assert [d.split(":")[0] for d in _recorded(client)] == ["the demo's bots"]


def test_a_level_timer_that_dies_is_on_the_board(room: tuple[Client, Background]) -> None:
    client, background = room
    tournaments = client.c.app.state.service.owner.rooms.room.tournaments  # type: ignore[attr-defined]
    tournaments["broken"] = object()  # a tournament with no run: the timer's next look trips
    began = time.monotonic()
    while not background.failures and time.monotonic() - began < 10:
        time.sleep(0.05)
    del tournaments["broken"]  # (the board would trip on it too)
    (failed,) = _failed(client, "floor", 1)
    assert failed["part"] == "the tournaments' level timer"
    assert failed["why"].startswith("AttributeError")
    assert _recorded(client) == [f"the tournaments' level timer: {failed['why']}"]


def test_a_grace_timer_that_dies_is_on_the_board(room: tuple[Client, Background]) -> None:
    client, _ = room
    svc = client.c.app.state.service  # type: ignore[attr-defined]

    async def start() -> None:
        svc.presence._start_timer("dun-1", "you", "soon")  # a deadline that is no time

    client.c.portal.call(start)  # type: ignore[attr-defined]
    (failed,) = _failed(client, "floor", 1)
    assert failed["part"] == "the grace timer of you at dun-1"
    assert failed["why"].startswith("TypeError")
    assert len(_recorded(client)) == 1
    assert not svc.presence.timers  # gone from the timers, as one that ran out


def test_a_failure_before_the_store_is_attached_is_recorded_once_it_is(tmp_path: Path) -> None:
    """The demo's bots start with the process, before the server has recovered its store."""
    background = Background()
    background.thread("early", lambda: 1 / 0).join()
    assert [f.part for f in background.failures] == ["early"]
    store = EventStore(f"sqlite:///{tmp_path / 'x.db'}")
    try:
        background.attach(store)
        (row,) = store.read("significant", 0)
        assert row.event().detail == "early: ZeroDivisionError: division by zero"
    finally:
        store.close()
