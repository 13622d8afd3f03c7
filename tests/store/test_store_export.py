"""``croupier export --table`` (issue 18): a stored cash table's rounds, read from the room
service's event store, in PHH, OHH and PokerStars text, for the house or for one player; a
reopened round exported with its final result; every bad input one line with exit status 2."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.histories import ohh
from croupier.histories.ohh_replay import replay_files
from croupier.histories.phh import PhhShowMuck, load, loads
from croupier.histories.phh_export import HOUSE, to_history
from croupier.histories.phh_replay import phh_files, replay
from croupier.room import AtTable, OpenTable, TakeSeat
from croupier.rules import find_rulebook
from croupier.service.store import audit
from croupier.service.store.played import Played, finished_rounds, fold_round, spans
from croupier.service.store.rooms import RoomStore, table_stream
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, ReopenRound, StartRound
from croupier.table.events import RoundFinished, RoundReopened
from croupier.table.presets import preset
from croupier.views import actor_view
from support.store import create_database, pg_bin, postgresql

SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "ohh-1.4.7.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
RULES = {"a": "dunedin-house", "b": "act-omaha-2017"}
ROUNDS = 8
SEATS = {"a0": 1, "a1": 2, "late": 4}


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["export", *args], env=env)
    err = res.stderr if res.stderr_bytes is not None else ""
    return res.exit_code, res.stdout, err


def play(rs: RoomStore, rounds: int = ROUNDS, seed: int = 5) -> None:
    """Table a (dunedin-house hold'em, 4 seats): three players, a fourth sits down after three
    rounds. Table b (act-omaha-2017 pot-limit Omaha, commission): three players. Players whose
    name ends in 0 call everything (showdowns); the others play tight (folds)."""
    rng = random.Random(seed)
    for name, rules in RULES.items():
        cfg = preset(rules, seats=4)
        rs.execute(OpenTable(name, cfg))
        for i in range(3):
            rs.execute(TakeSeat(f"{name}{i}", name, i + 1, cfg.stakes.min_table_stake * 2))
    bots = {True: make_bot("calling-station"), False: make_bot("tight-aggressive")}
    for name in RULES:
        t = rs.room.tables[name]
        shoe = Shoe(t.config.game.deck, seed=seed)
        for k in range(rounds):
            if name == "a" and k == 3:
                rs.execute(TakeSeat("late", "a", 4, t.config.stakes.min_table_stake * 2))
            start = AtTable(name, StartRound(shoe.shuffle().order))
            if rs.room.why_illegal(start) is not None:
                break
            rs.execute(start)
            while t.round is not None and not t.round.is_over:
                view = actor_view(t.round)
                assert view.seat is not None
                bot = bots[t.players[view.seat].endswith("0")]
                rs.execute(AtTable(name, Act(bot.act(view, rng))))


def recorded(url: str, table: str) -> list[RoundFinished]:
    store = EventStore(url)
    events = store.load(table_stream("main", table))
    store.close()
    return [e for e in events if isinstance(e, RoundFinished)]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('room') / 'croupier.db'}"
    store = EventStore(url)
    play(RoomStore(store))
    store.close()
    return url


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    if pg_bin() is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) on this machine")
    with postgresql() as base:
        url = create_database(base, "export")
        store = EventStore(url)
        play(RoomStore(store), rounds=4)
        store.close()
        yield url


def hands_of(text: str) -> list[dict[str, object]]:
    """Each OHH object of an export, validated against the spec's schema."""
    docs = [json.loads(chunk) for chunk in text.split("\n\n") if chunk.strip()]
    for d in docs:
        errors = list(VALIDATOR.iter_errors(d))
        assert not errors, errors[0].message
    return docs


def check_ohh(url: str, table: str, tmp_path: Path, last: int | None = None) -> int:
    """The table's OHH export validates, and re-imports and replays under its rulebook to the
    stacks the table recorded; the number of hands."""
    args = ["--db", url, "--table", table, "-f", "ohh"]
    code, out, err = run(*args, *(["--last", str(last)] if last else []))
    assert code == 0, err
    docs = hands_of(out)
    finished = recorded(url, table)
    if last:
        finished = finished[-last:]
    assert [d["ohh"]["game_number"] for d in docs] == [str(e.hand) for e in finished]  # type: ignore[index]
    path = tmp_path / f"{table}.ohh"
    path.write_text(out)
    rep = replay_files([path], find_rulebook(RULES[table]))
    assert (rep.errors, rep.mismatched, rep.matched) == ([], [], len(finished))
    for h, e in zip(ohh.hands_in(out), finished, strict=True):
        assert replay(h, find_rulebook(RULES[table])).stacks == [s for _, s in e.stacks]
        assert h.players == tuple(p for p, _ in e.stacks)
    return len(docs)


# ----------------------------------------------------------------------------------------
# The house's export


@pytest.mark.parametrize("table", ["a", "b"])
def test_ohh_validates_and_replays_to_the_recorded_stacks(
    room: str, table: str, tmp_path: Path
) -> None:
    assert check_ohh(room, table, tmp_path) == len(recorded(room, table)) >= 5
    assert check_ohh(room, table, tmp_path, last=2) == 2


def test_ohh_carries_the_commission_as_rake(room: str) -> None:
    code, out, err = run("--db", room, "--table", "b", "-f", "ohh")
    assert code == 0, err
    rake = [p["rake"] for d in hands_of(out) for p in d["ohh"]["pots"]]  # type: ignore[index]
    assert sum(rake) == sum(e.commission for e in recorded(room, "b")) > 0


@pytest.mark.parametrize("table", ["a", "b"])
def test_phh_replays_to_the_recorded_stacks(room: str, table: str, tmp_path: Path) -> None:
    out = tmp_path / "phh"
    code, _, err = run("--db", room, "--table", table, "-f", "phh", "--out", str(out))
    assert code == 0, err
    files = phh_files([out])
    finished = recorded(room, table)
    assert len(files) == len(finished)
    for f, e in zip(files, finished, strict=True):
        h = load(f)
        assert h.extra["_croupier_recipient"] == "house" and h.hand == e.hand
        assert h.table == table and h.seat_count == 4
        assert h.seats is not None and len(h.seats) == len(h.players or ())
        assert h.players == tuple(p for p, _ in e.stacks)
        stacks = [s for _, s in e.stacks]
        assert list(h.finishing_stacks or ()) == stacks
        assert replay(h, find_rulebook(RULES[table])).stacks == stacks


def test_pokerstars_text(room: str) -> None:
    for table, game in (("a", "Hold'em No Limit"), ("b", "Omaha Pot Limit")):
        code, out, err = run("--db", room, "--table", table, "-f", "pokerstars")
        assert code == 0, err
        finished = recorded(room, table)
        heads = [line for line in out.splitlines() if line.startswith("PokerStars Hand #")]
        assert [h.split("#")[1].split(":")[0] for h in heads] == [str(e.hand) for e in finished]
        assert all(game in h for h in heads)
        assert out.count(f"Table '{table}' 4-max") == len(finished)
        assert out.count("*** SUMMARY ***") == len(finished)


def test_audit_recall_still_gives_the_house_phh(room: str) -> None:
    store = EventStore(room)
    texts = audit.recall_phh(store, table_stream("main", "a"), 3)
    store.close()
    finished = recorded(room, "a")[-3:]
    assert [list(loads(t).finishing_stacks or ()) for t in texts] == [
        [s for _, s in e.stacks] for e in finished
    ]
    assert all(loads(t).extra["_croupier_recipient"] == "house" for t in texts)


# ----------------------------------------------------------------------------------------
# A player's export


def hidden(p: Played, me: int) -> set[str]:
    """The hole cards of the others that ``me`` never saw (not shown, not exposed)."""
    house = to_history(p.round, HOUSE)
    shown = {c for a in house.actions if isinstance(a, PhhShowMuck) for c in a.cards or ()}
    return {
        str(c)
        for i, hole in enumerate(p.round.hole)
        if i != me
        for c in hole or ()
        if c not in shown
    }


@pytest.mark.parametrize("player", ["late", "a1", "a0"])
def test_a_players_export_hides_the_others_unshown_cards(
    room: str, player: str, tmp_path: Path
) -> None:
    store = EventStore(room)
    played = [p for p in finished_rounds(store, table_stream("main", "a")) if player in p.players]
    store.close()
    assert played and (player != "late" or len(played) < len(recorded(room, "a")))
    base = ["--db", room, "--table", "a", "--player", player]
    code, out, err = run(*base, "-f", "ohh")
    assert code == 0, err
    docs = [d["ohh"] for d in hands_of(out)]  # type: ignore[index]
    assert [d["game_number"] for d in docs] == [str(p.started.hand) for p in played]
    code, stars, err = run(*base, "-f", "pokerstars")
    assert code == 0, err
    texts = [t for t in stars.split("\n\n") if t.strip()]
    code, _, err = run(*base, "-f", "phh", "--out", str(tmp_path / "phh"))
    assert code == 0, err
    files = phh_files([tmp_path / "phh"])
    unseen = 0
    for p, d, text, f in zip(played, docs, texts, files, strict=True):
        me = p.players.index(player)
        assert d["hero_player_id"] == me and d["players"][me]["name"] == player
        assert d["players"][me]["seat"] == SEATS[player]
        mine = [str(c) for c in p.round.hole[me] or ()]
        dealt = {
            a["player_id"]: a.get("cards")
            for a in d["rounds"][0]["actions"]
            if a["action"] == "Dealt Cards"
        }
        assert dealt[me] == mine
        assert f"Dealt to {player} [{' '.join(mine)}]" in text
        assert text.count("Dealt to ") == 1
        h = load(f)
        assert h.extra["_croupier_recipient"] == f"p{me + 1}"
        assert replay(h, find_rulebook("dunedin-house")).stacks == [s for _, s in p.finished.stacks]
        for card in hidden(p, me):
            unseen += 1
            assert f'"{card}"' not in json.dumps(d) and card not in text
            assert card not in f.read_text()
    assert unseen > 0  # the test saw cards to hide


# ----------------------------------------------------------------------------------------
# Walking and folding the rounds


def test_each_round_folded_alone_equals_the_tables_own_fold(room: str) -> None:
    store = EventStore(room)
    for table in RULES:
        info = store.stream(table_stream("main", table))
        events = store.load(info.id)
        for s in spans(events):
            if isinstance(events[s.end], RoundFinished):
                fast = fold_round(info.config(), events, s)
                full = fold_round(info.config(), events, s, fast=False)
                assert fast.events == full.events and fast.stacks == full.stacks
    store.close()


def test_a_reopened_round_is_exported_with_its_final_result(tmp_path: Path) -> None:
    """A disputed round taken back and played on: the export and audit recall give the round
    as it finally ended (before, the round walk stopped at its first end)."""
    url = f"sqlite:///{tmp_path / 'r.db'}"
    rs = RoomStore(EventStore(url))
    play(rs, rounds=2, seed=7)
    t = rs.room.tables["b"]
    rs.execute(AtTable("b", ReopenRound(3)))
    caller = make_bot("calling-station")
    while t.round is not None and not t.round.is_over:
        rs.execute(AtTable("b", Act(caller.act(actor_view(t.round), random.Random(1)))))
    rs.store.close()
    events = EventStore(url).load(table_stream("main", "b"))
    assert any(isinstance(e, RoundReopened) for e in events)
    first, final = recorded(url, "b")[-2:]
    assert first.hand == final.hand and first.stacks != final.stacks
    code, out, err = run("--db", url, "--table", "b", "-f", "ohh", "--last", "1")
    assert code == 0, err
    (h,) = list(ohh.hands_in(out))
    assert replay(h, find_rulebook("act-omaha-2017")).stacks == [s for _, s in final.stacks]
    store = EventStore(url)
    (text,) = audit.recall_phh(store, table_stream("main", "b"), 1)
    store.close()
    assert list(loads(text).finishing_stacks or ()) == [s for _, s in final.stacks]


# ----------------------------------------------------------------------------------------
# PostgreSQL and the database from the environment


def test_postgresql_ohh_validates_and_replays(pg_url: str, tmp_path: Path) -> None:
    assert check_ohh(pg_url, "b", tmp_path) == len(recorded(pg_url, "b")) > 0
    code, _, err = run("--db", pg_url.replace("/export?", "/nosuch?"), "--table", "b", "-f", "ohh")
    assert code == 2 and len(err.splitlines()) == 1 and "nosuch" in err


def test_the_database_comes_from_croupier_db(room: str) -> None:
    code, out, err = run("--table", "a", "-f", "pokerstars", env={"CROUPIER_DB": room})
    assert code == 0, err
    assert out.count("PokerStars Hand #") == len(recorded(room, "a"))


# ----------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--db", "{missing}", "--table", "a", "-f", "ohh"], "no database at"),
        (["--db", "{junk}", "--table", "a", "-f", "ohh"], "cannot read the event store"),
        (["--table", "zz", "-f", "ohh"], "no stream table:main/zz (tables: table:main/a"),
        (["--table", "room:main", "-f", "ohh"], "is a room stream, not a cash table's"),
        (["--table", "a", "-f", "ohh", "--player", "nobody"], "no round of player 'nobody'"),
        (["--table", "a", "-f", "xml"], "no format 'xml'"),
        (["--table", "a"], "give --format"),
        (["--table", "a", "-f", "csv"], "a stored table exports phh, ohh or pokerstars"),
        (["--table", "a", "-f", "ohh", "--last", "0"], "--last 0: give a whole number"),
        (["--table", "a", "-f", "ohh", "--last", "x"], "--last x: give a whole number"),
        (["--table", "a", "-f", "ohh", "-r", "dunedin-house"], "carry their rulebook"),
        (["--table", "a", "-f", "ohh", "."], "not both"),
        (["-f", "ohh", "--last", "2", "."], "--last goes with --table"),
        (["--table", "quiet", "-f", "pokerstars"], "table quiet has no finished round"),
        (["-f", "ohh"], "give .phh files or folders, or --table"),
    ],
)
def test_every_bad_input_is_one_line_and_status_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    rs = RoomStore(EventStore(url))
    play(rs, rounds=1)
    rs.execute(OpenTable("quiet", preset("dunedin-house", seats=4)))
    rs.store.close()
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    where = {"{missing}": str(tmp_path / "none.db"), "{junk}": str(junk)}
    argv = [where.get(a, a) for a in args]
    db = ["--db", url] if "--table" in argv and "--db" not in argv else []
    code, out, err = run(*db, *argv)
    assert code == 2, out
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("croupier: error:") and message in lines[0]
    assert not (tmp_path / "none.db").exists()  # an export never creates a database


def test_a_stored_round_is_exported_with_the_servers_date(tmp_path: Path) -> None:
    """The server's clock recorded as the round starts (``StartRound.at``, UTC seconds) is
    each format's date."""
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    store = EventStore(url)
    rs = RoomStore(store)
    cfg = preset("dunedin-house", seats=4)
    rs.execute(OpenTable("d", cfg))
    for i in range(2):
        rs.execute(TakeSeat(f"d{i}", "d", i + 1, cfg.stakes.min_table_stake * 2))
    t, rng, bot = rs.room.tables["d"], random.Random(1), make_bot("tight-aggressive")
    at = 1_796_504_645  # 2026-12-05 21:04:05 UTC
    rs.execute(AtTable("d", StartRound(Shoe(cfg.game.deck, seed=1).shuffle().order, at)))
    while t.round is not None and not t.round.is_over:
        rs.execute(AtTable("d", Act(bot.act(actor_view(t.round), rng))))
    store.close()
    code, out, err = run("--db", url, "--table", "d", "-f", "pokerstars")
    assert code == 0, err
    assert " - 2026/12/05 21:04:05 UTC\n" in out.splitlines(keepends=True)[0]
    code, out, err = run("--db", url, "--table", "d", "-f", "ohh")
    assert code == 0, err
    assert hands_of(out)[0]["ohh"]["start_date_utc"] == "2026-12-05T21:04:05Z"  # type: ignore[index]
