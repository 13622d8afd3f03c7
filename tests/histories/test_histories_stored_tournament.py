"""A stored tournament's hands export like a cash table's rounds (issue 30 §2): a tournament
played through the real service over SQLite, exported with ``croupier export --tournament`` in
PHH, OHH and PokerStars text carrying the tournament, level, table and seats; each PHH hand
replays in croupier to the stacks the tournament recorded, and pokerkit (an independent reader,
optional) reaches the same stacks."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories import ohh
from croupier.histories.ohh_replay import replay_files
from croupier.histories.phh import dumps, load
from croupier.histories.phh_replay import phh_files, replay
from croupier.histories.pokerstars import tournament_number
from croupier.rules import find_rulebook
from croupier.service.store.rooms import tournament_stream
from croupier.service.store.store import EventStore
from croupier.tournament import events as te
from support.service import Room
from support.service_tournament import Clock, T, act, hand, serve, start, url_of

run = CliRunner().invoke


def _play(room: Room, table: int) -> None:
    """Deal a hand at ``table``; each player to act calls (or checks) to the end."""
    r = room.send("dealer", {"type": "DealTournamentHand", "tournament": T, "number": table})
    assert r.status_code == 200, r.text
    path = f"/tournaments/{T}/tables/{table}/hand"
    while True:
        h = room.c.get(path, headers=room.headers("director")).json()["hand"]
        if h is None or h["over"]:
            return
        r = act(room, h["actor"], "call", number=table)
        assert r.status_code == 200, r.text


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[te.HandPlayed]]:
    """A tournament's database after two hands at each of its two tables."""
    url = url_of(tmp_path_factory.mktemp("room"))
    with serve(url, Clock()) as room:
        start(room)
        for table in (1, 2, 1, 2):
            _play(room, table)
        assert hand(room)["hand"] is None
    store = EventStore(url)
    try:
        recorded = [
            e for e in store.load(tournament_stream("main", T)) if isinstance(e, te.HandPlayed)
        ]
    finally:
        store.close()
    assert len(recorded) == 4
    return url, recorded


def test_phh_carries_the_tournament_and_replays_to_the_recorded_stacks(
    played: tuple[str, list[te.HandPlayed]], tmp_path: Path
) -> None:
    url, recorded = played
    res = run(app, ["export", "--tournament", T, "--db", url, "-f", "phh", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    files = phh_files([tmp_path])
    assert len(files) == 4
    by = {(e.table, e.hand): e for e in recorded}
    for f in files:
        h = load(f)
        e = by[int(str(h.table)), int(str(h.hand))]
        assert h.event == "Thursday freezeout" and h.level == 1 and h.seat_count == 4
        assert (tuple(h.players or ()), tuple(h.seats or ())) == (e.players, e.seats)
        assert tuple(h.starting_stacks) == e.before and tuple(h.finishing_stacks or ()) == e.after
        rb = find_rulebook(str(h.extra["_croupier_rulebook"]))
        assert tuple(replay(h, rb).stacks) == e.after, f
        assert h.year == 1970 and h.time is not None  # the server's clock of the test


def test_pokerkit_reads_the_phh_to_the_same_stacks(
    played: tuple[str, list[te.HandPlayed]], tmp_path: Path
) -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test extra) is not installed")
    url, _ = played
    res = run(app, ["export", "--tournament", T, "--db", url, "-f", "phh", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    for f in phh_files([tmp_path]):
        h = load(f)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns of croupier's own fields
            states = list(pokerkit.HandHistory.loads(dumps(h)))
        assert [int(s) for s in states[-1].stacks] == list(h.finishing_stacks or ()), f


def test_ohh_and_pokerstars_name_the_tournament_level_table_and_seats(
    played: tuple[str, list[te.HandPlayed]], tmp_path: Path
) -> None:
    url, recorded = played
    res = run(app, ["export", "--tournament", T, "--db", url, "-f", "ohh"])
    assert res.exit_code == 0, res.output
    hands = ohh.loads(res.output)
    assert len(hands) == 4
    for h in hands:
        o = h["ohh"]
        assert o["tournament"] and o["tournament_info"]["name"] == "Thursday freezeout"
        assert o["tournament_info"]["buyin_amount"] == 50 and o["table_size"] == 4
        assert o["table_name"] in ("1", "2")
    (tmp_path / "all.ohh").write_text(res.output)
    rep = replay_files([tmp_path / "all.ohh"], None)
    assert (rep.errors, rep.mismatched, rep.matched) == ([], [], 4)
    res = run(app, ["export", "--tournament", f"tournament:main/{T}", "--db", url,
                    "-f", "pokerstars"])  # fmt: skip
    assert res.exit_code == 0, res.output
    heads = [line for line in res.output.splitlines() if line.startswith("PokerStars Hand #")]
    assert len(heads) == 4 and len({h.split(":")[0] for h in heads}) == 4
    assert all(f"Tournament #{tournament_number(T)}, " in h and "Level I (" in h for h in heads)
    assert "Table '1' 4-max" in res.output and "Table '2' 4-max" in res.output
    for e in recorded:
        for seat, name, stack in zip(e.seats, e.players, e.before, strict=True):
            assert f"Seat {seat}: {name} ({stack} in chips)" in res.output


def test_a_players_export_holds_their_hands_as_they_saw_them(
    played: tuple[str, list[te.HandPlayed]],
) -> None:
    url, recorded = played
    me = recorded[0].players[0]
    res = run(app, ["export", "--tournament", T, "--db", url, "-f", "pokerstars", "--player", me])
    assert res.exit_code == 0, res.output
    mine = [e for e in recorded if me in e.players]
    assert res.output.count("PokerStars Hand #") == len(mine)
    dealt = [line for line in res.output.splitlines() if line.startswith("Dealt to ")]
    assert dealt and all(line.startswith(f"Dealt to {me} [") for line in dealt)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tournament", "nope"], "no stream tournament:main/nope"),
        (["--tournament", T, "--table", "x"], "give --table or --tournament, not both"),
        (["--tournament", T, "--rulebook", "dunedin-house"], "--rulebook"),
        (["--tournament", T, "--last", "0"], "--last 0"),
        (["--tournament", "room:main"], "room:main is a room stream, not a tournament's"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    played: tuple[str, list[te.HandPlayed]], args: list[str], message: str
) -> None:
    url, _ = played
    res = run(app, ["export", "-f", "ohh", "--db", url, *args])
    assert res.exit_code == 2, res.output
    assert message in res.output and len(res.output.strip().splitlines()) == 1, res.output
