"""Secrets at rest: the store's files are the owner's alone, and the decks of rounds in play are
sealed (AES-GCM) under keys kept outside the database. A reader of the raw database finds no
deck order or salt; a room whose keys are missing waits for them, loudly, and loses nothing;
given them back it deals on from the same cards; keys rotate; records written before decks were
sealed still read."""

from __future__ import annotations

import base64
import logging
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from croupier.cards import Card
from croupier.client import ClientError
from croupier.room import AtTable, OpenTable, TakeSeat
from croupier.service.owner import DeckSealed
from croupier.service.store import audit
from croupier.service.store.rooms import RoomStore, sealed_stream, table_stream
from croupier.service.store.sealing import (
    Keyring,
    KeyringError,
    SealedDeck,
    SealingError,
    fingerprint,
    load_keys,
    new_key,
    parse_keys,
)
from croupier.service.store.significant import STREAM, What
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe, ShuffledDeck
from croupier.table.commands import StartRound
from croupier.table.events import RoundStarted
from croupier.table.presets import preset
from croupier.uth.game import DECK
from support.service import Room, add_users, served
from support.service_uth import open_uth, uth_view

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def db_url(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "room.db"
    return f"sqlite:///{path}", path


# ----------------------------------------------------------------------------------------
# The files


def test_the_store_and_its_companions_are_made_owner_only(tmp_path: Path) -> None:
    url, path = db_url(tmp_path)
    # the usual umask: a file made plainly would be 0644
    with umask(0o022), served(url, players=3) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        files = [path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}.secret")]
        assert {str(f): mode(f) for f in files} == {str(f): 0o600 for f in files}
        assert mode(Path(f"{path}.key")) == 0o600


def test_a_store_readable_by_others_is_tightened_at_start(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url, path = db_url(tmp_path)
    EventStore(url).close()
    key = Path(f"{path}.key")
    key.write_text(new_key() + "\n")
    for f in (path, key):
        f.chmod(0o644)  # as an earlier croupier left them
    with caplog.at_level(logging.WARNING):
        store = EventStore(url)
        try:
            load_keys(url)
            assert mode(path) == 0o600 and mode(key) == 0o600
            assert mode(Path(f"{path}-wal")) == 0o600
        finally:
            store.close()
    said = " ".join(r.getMessage() for r in caplog.records)
    assert f"{path} was readable by others (mode 644): now 600" in said
    assert f"{key} was readable by others" in said


# ----------------------------------------------------------------------------------------
# Nothing to come in plain


def raw_texts(path: Path) -> tuple[str, bytes]:
    """Every row of every table of the database, as text, and its files' raw bytes."""
    con = sqlite3.connect(path)
    try:
        names = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        rows = [repr(r) for n in names for r in con.execute(f'SELECT * FROM "{n}"')]
    finally:
        con.close()
    raw = b"".join(p.read_bytes() for p in path.parent.glob(f"{path.name}*") if p.suffix != ".key")
    return "\n".join(rows), raw


def assert_not_in_plain(path: Path, decks: list[ShuffledDeck]) -> None:
    """Neither a deck's salt nor its undealt cards (its last ten) appear in the database's rows
    or files, in any form the codec or a hand-made encoding would give them."""
    text, raw = raw_texts(path)
    for d in decks:
        tail = [int(c) for c in d.order[-10:]]
        forms = [
            d.salt.hex(),
            base64.b64encode(d.salt).decode(),
            ",".join(f'{{"$card":{c}}}' for c in tail),  # the codec's cards
            ",".join(str(c) for c in tail),  # a list of ids
            bytes(tail).hex(),
        ]
        for form in forms:
            assert form not in text, f"found in a row: {form}"
            assert form.encode() not in raw, f"found in the files: {form}"
        assert d.salt not in raw and bytes(tail) not in raw


def commitment_in_play(url: str, table: str) -> str:
    store = EventStore(url)
    try:
        starts = [e for e in store.load(table_stream("main", table)) if isinstance(e, RoundStarted)]
        return starts[-1].commitment
    finally:
        store.close()


def test_no_deck_or_salt_is_stored_in_plain_while_rounds_are_in_play(tmp_path: Path) -> None:
    url, path = db_url(tmp_path)
    with served(url, players=6) as room:  # shoe seed 11: the cash table's, then 12 the UTH's
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.actor is not None
        room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": "t1"})
        open_uth(room)
        for p in ("p4", "p5"):
            room.ok("cashier", {"type": "UthBuyIn", "player": p, "table": "u1", "cash": 100})
        room.ok("dealer", {"type": "UthStartRound", "table": "u1"})
        cash = Shoe(preset("dunedin-house").game.deck, seed=11).shuffle()
        uth = Shoe(DECK, seed=12).shuffle()
        assert cash.commitment == commitment_in_play(url, "t1")
        assert uth.commitment == uth_view(room, "p4")[1].commitment
        assert_not_in_plain(path, [cash, uth])  # during play: the rows and the WAL
    assert_not_in_plain(path, [cash, uth])


def test_a_tournament_hands_deck_is_sealed_too(tmp_path: Path) -> None:
    from support.service_tournament import Clock, deal, hand, serve, start, url_of

    url = url_of(tmp_path)
    with serve(url, Clock()) as room:  # shoe seed 7
        start(room)
        deal(room)
        h = hand(room)["hand"]
        assert h is not None and not h["over"]
        run = room.c.app.state.service.rooms.room.tournaments["thu"].run  # type: ignore[attr-defined]
        d = Shoe(run.conditions.game_rules.deck, seed=7).shuffle()
        assert d.commitment == h["commitment"]
        assert_not_in_plain(tmp_path / "room.db", [d])
    store = EventStore(url)
    try:
        sealed = store.load(sealed_stream("main"))
        assert len(sealed) == 1 and isinstance(sealed[0], SealedDeck)
    finally:
        store.close()


def test_a_uth_tournament_rounds_deck_is_sealed_and_its_deal_records_no_seed(
    tmp_path: Path,
) -> None:
    """A UTH tournament's round is dealt from the server's shoe like a UTH table's: the deck's
    order and salt sealed before the reveal, the commitment published as the round opens, and
    the deal's record in the commands stream holds neither the order nor a seed."""
    from croupier.service.decks import sealed_decks
    from croupier.service.store.rooms import commands_stream
    from support.service_uth_tournament import body, deal, opened, table, wagers_in

    url, path = db_url(tmp_path)
    with served(url, players=3) as room:
        opened(room, ["p1", "p2", "p3"])
        wagers_in(room)
        deal(room)
        seat = body(room, "p1")["seat"]
        assert seat["round"]["in_play"] and len(seat["round"]["hole"]) == 2
        commitment = table(room, 1)["commitment"]
        store = EventStore(url)
        try:
            (d,) = sealed_decks(store, "main", load_keys(url))
        finally:
            store.close()
        assert d.table == "uth-tournament:uthcup/1" and d.commitment == commitment
        assert {str(c) for c in seat["round"]["hole"]} <= {str(c) for c in d.order[:11]}
        assert_not_in_plain(path, [ShuffledDeck(d.order, d.salt, d.commitment, 0)])
        text, _ = raw_texts(path)
        deals = [row for row in text.splitlines() if "DealUthTournamentRound" in row]
        assert deals and all('"seed"' not in row for row in deals), deals
    store = EventStore(url)
    try:
        (issued,) = [
            e for e in store.load(commands_stream("main")) if "DealUth" in type(e.command).__name__
        ]
        assert issued.command.deck_order is None and issued.command.commitment == commitment
        sealed = store.load(sealed_stream("main"))
        assert len(sealed) == 1 and isinstance(sealed[0], SealedDeck)
    finally:
        store.close()


# ----------------------------------------------------------------------------------------
# Without the key, with it again


def deal_a_round(url: str) -> Any:
    """A round dealt at t1 and one action taken: the dealer's view of it."""
    with served(url, players=3) as room:
        room.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.actor is not None
        room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": "t1"})
        _, tv = room.view("dealer", "t1")
        return tv


def play_out(room: Room, table: str = "t1") -> Any:
    """Everyone calls or checks (folds where they may not) until the round is over."""
    for _ in range(60):
        _, tv = room.view("dealer", table)
        if tv.round is None or tv.round.actor is None:
            return tv
        try:
            room.ok(tv.players[tv.round.actor], {"type": "CheckCall", "table": table})
        except ClientError:
            room.ok(tv.players[tv.round.actor], {"type": "Fold", "table": table})
    raise AssertionError("the round did not end")


def stored_rows(path: Path) -> list[Any]:
    """Everything in the database but the significant-events log (a start records itself)."""
    con = sqlite3.connect(path)
    try:
        return [
            con.execute(
                f"SELECT * FROM events WHERE stream_id != '{STREAM}' ORDER BY position"
            ).fetchall(),
            con.execute(
                "SELECT id, kind, meta, genesis, head_seq, head_hash FROM streams "
                f"WHERE id != '{STREAM}' ORDER BY id"
            ).fetchall(),
            con.execute("SELECT * FROM snapshots ORDER BY stream_id, seq").fetchall(),
        ]
    finally:
        con.close()


def significant(url: str) -> list[Any]:
    store = EventStore(url)
    try:
        return store.load(STREAM)
    finally:
        store.close()


def test_a_room_without_its_key_waits_loudly_and_deals_on_once_it_is_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url, path = db_url(tmp_path)
    before = deal_a_round(url)
    key = Path(f"{path}.key")
    kid = parse_keys(key.read_text(), "k").current
    assert kid is not None
    kept = stored_rows(path)
    hidden = key.rename(tmp_path / "elsewhere.key")
    with caplog.at_level(logging.ERROR), served(url, users=False) as room:
        r = room.c.get("/tables/t1/view", headers=room.headers("dealer"))
        assert r.status_code == 503 and repr(kid) in r.json()["refused"], r.text
        r = room.send("p1", {"type": "Fold", "table": "t1"})
        assert r.status_code == 503 and "sealed under key" in r.json()["refused"]
        r = room.c.get("/audit/rounds", headers=room.headers("auditor"))
        assert r.status_code == 503 and repr(kid) in r.json()["refused"]
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("room main refused" in m and repr(kid) in m for m in said), said
    refused = [e for e in significant(url) if e.what is What.REFUSED_STREAM]
    assert len(refused) == 1 and repr(kid) in refused[0].detail
    assert refused[0].detail.startswith(sealed_stream("main"))
    assert stored_rows(path) == kept and not key.exists()  # nothing written, no new key
    # a different key under the same id does not open the deck: refused as well
    other = base64.b64encode(os.urandom(32)).decode()
    key.write_text(f"{kid}:{other}\n")
    with served(url, users=False) as room:
        r = room.c.get("/tables/t1/view", headers=room.headers("dealer"))
        assert r.status_code == 503 and "does not open" in r.json()["refused"]
    assert stored_rows(path) == kept
    hidden.replace(key)
    with served(url, users=False) as room:
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.hole == before.round.hole
        assert play_out(room).hands == 1
        r = room.c.get("/audit/rounds/t1/1/deck", headers=room.headers("auditor"))
        deck = r.json()
        assert r.status_code == 200 and deck["verified"] and deck["dealt_from_top"], deck
    store = EventStore(url)
    try:
        assert audit.verify(store)["ok"]
    finally:
        store.close()


def test_keys_rotate_and_the_decks_of_the_old_key_still_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, path = db_url(tmp_path)
    before = deal_a_round(url)
    key = Path(f"{path}.key")
    old = parse_keys(key.read_text(), "k").current
    line = new_key()
    with key.open("a") as f:  # rotation: a new last line seals from now on
        f.write(line + "\n")
    new = line.split(":")[0]
    with served(url, users=False) as room:
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and tv.round.hole == before.round.hole
        play_out(room)
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
        play_out(room)
        for hand in (1, 2):
            r = room.c.get(f"/audit/rounds/t1/{hand}/deck", headers=room.headers("auditor"))
            assert r.status_code == 200 and r.json()["verified"], r.text
    store = EventStore(url)
    try:
        sealed = store.load(sealed_stream("main"))
        assert [s.key for s in sealed] == [old, new]
    finally:
        store.close()
    # the keys given in the environment instead of the file (the file is then not read)
    monkeypatch.setenv("CROUPIER_KEYS", key.read_text())
    key.unlink()
    with served(url, users=False) as room:
        r = room.c.get("/audit/rounds/t1/1/deck", headers=room.headers("auditor"))
        assert r.status_code == 200 and r.json()["verified"], r.text
    assert not key.exists()


def test_decks_stored_in_plain_before_sealing_still_read(tmp_path: Path) -> None:
    """A store written before decks were sealed: the round in play resumes from its plain
    record, and its deck is revealed after the round; the next round's is sealed."""
    url, _ = db_url(tmp_path)
    add_users(url, 3)
    cfg = preset("dunedin-house", seats=6)
    deck = Shoe(cfg.game.deck, seed=5).shuffle()
    store = EventStore(url)
    try:
        rooms = RoomStore(store, "main")
        rooms.execute(OpenTable("t1", cfg))
        for seat, p in enumerate(("p1", "p2", "p3"), 1):
            rooms.execute(TakeSeat(p, "t1", seat, 400, post=True))
        plain = DeckSealed("t1", deck.commitment, deck.order, deck.salt)  # as stored before
        rooms.execute(
            AtTable("t1", StartRound.dealt_from(deck)),
            also=[(sealed_stream("main"), "sealed", plain)],
        )
        hole = list(rooms.room.tables["t1"].round.hole)  # type: ignore[union-attr]
    finally:
        store.close()
    with served(url, users=False) as room:
        r = room.c.post("/users/dealer/tables", json={"table": "t1"}, headers=room.headers("admin"))
        assert r.status_code == 200, r.text
        _, tv = room.view("dealer", "t1")
        assert tv.round is not None and list(tv.round.hole) == hole
        play_out(room)
        r = room.c.get("/audit/rounds/t1/1/deck", headers=room.headers("auditor"))
        body = r.json()
        assert r.status_code == 200 and body["verified"] and body["salt"] == deck.salt.hex()
        room.ok("dealer", {"type": "StartRound", "table": "t1"})
    store = EventStore(url)
    try:
        kinds = [type(e) for e in store.load(sealed_stream("main"))]
        assert kinds == [DeckSealed, SealedDeck]
        assert audit.verify(store)["ok"]
    finally:
        store.close()


# ----------------------------------------------------------------------------------------
# The seal itself, and where keys come from


def ring(*lines: str) -> Keyring:
    return parse_keys("\n".join(lines), "test")


def test_a_sealed_deck_opens_only_where_it_was_sealed() -> None:
    d = Shoe(DECK, seed=1).shuffle()
    keys = ring(new_key())
    s = keys.seal("sealed:main", "t1", d.commitment, d.order, d.salt)
    assert keys.open("sealed:main", s) == (d.order, d.salt)
    assert all(isinstance(c, Card) for c in keys.open("sealed:main", s)[0])
    other = Shoe(DECK, seed=2).shuffle()
    flipped = bytes([s.box[-1] ^ 1])  # the box's last byte changed (a zero byte might equal it)
    moved = [
        ("sealed:other", s),  # another room's stream
        ("sealed:main", SealedDeck("t2", s.commitment, s.key, s.nonce, s.box)),  # table
        ("sealed:main", SealedDeck("t1", other.commitment, s.key, s.nonce, s.box)),  # round
        ("sealed:main", SealedDeck("t1", s.commitment, s.key, s.nonce, s.box[:-1] + flipped)),
    ]
    for stream, box in moved:
        with pytest.raises(SealingError, match="does not open"):
            keys.open(stream, box)
    with pytest.raises(SealingError, match="not among the keys"):
        ring(new_key()).open("sealed:main", s)
    with pytest.raises(SealingError, match="no key"):
        Keyring({}, None, "none").seal("sealed:main", "t1", d.commitment, d.order, d.salt)
    assert s.nonce != keys.seal("sealed:main", "t1", d.commitment, d.order, d.salt).nonce
    assert d.salt not in s.box and bytes(d.order) not in s.box


def test_keys_come_from_the_environment_or_a_file_made_owner_only(tmp_path: Path) -> None:
    raw = os.urandom(32)
    b64 = base64.b64encode(raw).decode()
    url, path = db_url(tmp_path)
    one = load_keys(url, environ={"CROUPIER_KEY": b64})
    assert one.keys == {fingerprint(raw): raw} and one.current == fingerprint(raw)
    two = load_keys(url, environ={"CROUPIER_KEYS": f"a:{new_key().split(':')[1]}, b:{b64}"})
    assert two.current == "b" and two.ids == {"a", "b"}
    assert not Path(f"{path}.key").exists()  # keys given: no file made
    with umask(0o022):
        made = load_keys(url, environ={})
    key = Path(f"{path}.key")
    assert mode(key) == 0o600 and made.current is not None
    assert load_keys(url, environ={}) == made  # the same file read again
    assert load_keys("sqlite://", environ={}).current is not None  # in memory: this process's
    with pytest.raises(KeyringError, match="does not exist"):
        load_keys(url, tmp_path / "none.key", environ={}, create=False)
    bad = {
        "a:not base64!": "line 1: a key is base64",
        f"a:{base64.b64encode(b'short').decode()}": "a key is 32 bytes, not 5",
        f"a b:{b64}": "line 1: a key is base64",
        f"a:{b64}\n# rotated\na:{new_key().split(':')[1]}": "line 3: two different keys",
        "# nothing": "holds no key",
    }
    for text, why in bad.items():
        with pytest.raises(KeyringError, match=why):
            load_keys(url, environ={"CROUPIER_KEYS": text})
    assert b64 not in repr(one)


# ----------------------------------------------------------------------------------------
# A real server without its key


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_says_on_the_console_which_key_the_room_waits_for(tmp_path: Path) -> None:
    url, path = db_url(tmp_path)
    deal_a_round(url)
    key = Path(f"{path}.key")
    kid = parse_keys(key.read_text(), "k").current
    key.unlink()
    port = _port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("CROUPIER_KEYS", None)
    env.pop("CROUPIER_KEY", None)
    cmd = [*CLI, "serve", "--db", str(path), "--port", str(port)]
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(400):
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/room/board", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        login = httpx.post(
            f"http://127.0.0.1:{port}/login", json={"name": "dealer", "password": "dealer-pw"}
        )
        token = login.json()["token"]
        r = httpx.get(
            f"http://127.0.0.1:{port}/tables/t1/view",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status_code == 503 and repr(kid) in r.text
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    console = err.decode()
    assert "room main refused" in console and repr(kid) in console, console
    assert not key.exists()
