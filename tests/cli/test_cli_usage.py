"""The command line as a new user meets it, run as a process (``python -m croupier``): a
mistake on the command line is one line on stderr and exit status 2, never a traceback nor a
box of help; output folders are checked before any work and never mix two runs; the UTH
house bank stays at or above zero unless the table allows credit."""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.cards import Deck
from croupier.hands import Category
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import Phase, TableLimits, TableState, UthConfig, UthRound
from croupier.uth.commands import Bet, Check, Deal, Fold, PlaceWagers, SettleAll
from support.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "examples" / "tournaments" / "small.toml"


def croupier(
    *args: str, cwd: Path | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``python -m croupier ARGS`` with this checkout's sources, as a user would run it."""
    paths = [str(ROOT / "src"), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run(
        [sys.executable, "-m", "croupier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
        timeout=120,
    )


def one_line_error(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("croupier: error: "), run.stderr
    return lines[0]


def test_python_dash_m_croupier_runs_the_command_line() -> None:
    run = croupier("--version")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("croupier ")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("tournament", "run", str(SMALL), "--every", "0"), "'--every'"),
        (("simulate", "--hands", "0"), "'--hands'"),
        (("simulate", "--hands", str(10**12)), "'--hands'"),
        (("simulate", "--hands", "lots"), "'--hands'"),
        (("simulate", "--bogus"), "--bogus"),
        (("nosuch",), "'nosuch'"),
        (("tournament", "run"), "CONDITIONS"),
    ],
)
def test_a_usage_mistake_is_one_line_naming_where_to_read_more(
    args: tuple[str, ...], names: str
) -> None:
    line = one_line_error(croupier(*args))
    assert names in line
    assert "--help'" in line and "╭" not in line


def test_simulate_history_refuses_to_mix_two_runs(tmp_path: Path) -> None:
    history = tmp_path / "h"
    first = croupier("simulate", "--hands", "4", "--seed", "1", "--history", str(history))
    assert first.returncode == 0, first.stderr
    before = {p.name: p.read_bytes() for p in history.iterdir()}
    assert len(before) == 4
    line = one_line_error(
        croupier("simulate", "--hands", "2", "--seed", "2", "--history", str(history))
    )
    assert "--history" in line and "earlier run" in line
    assert {p.name: p.read_bytes() for p in history.iterdir()} == before  # nothing overwritten


def test_tournament_out_refuses_an_earlier_runs_results(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ("tournament", "run", str(SMALL), "--seed", "1", "--no-histories", "--out", str(out))
    first = croupier(*args)
    assert first.returncode == 0, first.stderr
    assert "shoe, from --seed 1)" in first.stdout  # the shoe's own seed is derived from it
    log = (out / "result_log.json").read_bytes()
    line = one_line_error(croupier(*args))
    assert "--out" in line and "earlier run" in line
    assert (out / "result_log.json").read_bytes() == log


def _round(bank: int, credit: bool, seed: int = 1) -> UthRound:
    return UthRound(
        UthConfig(TableLimits(5, 500), 2, credit=credit),
        TableState({"P1": 1000, "P2": 1000}, bank),
        Shoe(Deck.standard(), seed=seed).shuffle().order,
    )


def test_uth_a_wager_the_bank_cannot_pay_is_refused_without_credit() -> None:
    r = _round(bank=0, credit=False)
    with pytest.raises(IllegalAction) as info:
        r.apply(PlaceWagers(1, "P1", 10, 10, 0))
    ruling = info.value.ruling
    assert ruling.clause == "act-uth-2025 10.1"
    assert "house bank holds 0 chips" in ruling.message and "no credit" in ruling.message
    assert r.boxes == {} and r.chips["P1"] == 1000  # nothing changed
    # a bank that covers one box's most (10 + 40 + 500 * 10 on the Blind) but not two
    r = _round(bank=5050, credit=False)
    r.apply(PlaceWagers(1, "P1", 10, 10, 0))
    with pytest.raises(IllegalAction):
        r.apply(PlaceWagers(2, "P2", 10, 10, 0))
    # with credit the house pays from its float, as a room's books do
    _round(bank=0, credit=True).apply(PlaceWagers(1, "P1", 10, 10, 5))


def test_uth_bank_without_credit_never_goes_below_zero() -> None:
    rng = random.Random(7)
    for seed in range(60):
        bank = rng.choice((0, 200, 3_000, 6_000, 12_000))
        r = _round(bank=bank, credit=False, seed=seed)
        for box, p in ((1, "P1"), (2, "P2")):
            ante = rng.choice((5, 10, 25))
            with contextlib.suppress(IllegalAction):  # wagers the bank cannot pay
                r.apply(PlaceWagers(box, p, ante, ante, rng.choice((0, 5))))
        if not r.boxes:
            continue
        r.apply(Deal())
        while r.phase in (Phase.PREFLOP, Phase.FLOP, Phase.RIVER):
            box = r.pending()[0]
            d = next(d for d in r.legal_actions() if d.box == box)
            if d.multiples and rng.random() < 0.7:
                r.apply(Bet(box, max(d.multiples)))
            elif d.can_check:
                r.apply(Check(box))
            else:
                r.apply(Fold(box))
        if r.phase is Phase.SETTLEMENT:
            r.apply(SettleAll())
        assert r.table_after().bank >= 0, (seed, bank)


def test_uth_play_credit_is_the_users_choice() -> None:
    refused = croupier(
        "uth", "play", "--seed", "1", "--bank", "0", "--rounds", "1", stdin="10\n0\n0\n"
    )
    assert "the table allows no credit" in refused.stdout
    assert "house bank: 0 (0)" in refused.stdout
    credit = croupier(
        "uth",
        "play",
        "--seed",
        "1",
        "--bank",
        "0",
        "--credit",
        "--rounds",
        "1",
        stdin="10\n0\nf\n\n",
    )
    assert credit.returncode == 0, credit.stderr
    assert "no credit" not in credit.stdout and "Box 1 (P1): ante 10, blind 10" in credit.stdout


def test_uth_play_ctrl_c_at_a_decision_asks_before_folding_and_ends_with_the_summary() -> None:
    term = Terminal("uth", "play", "--seed", "1")
    try:
        term.until(r"ante \[5; 0 sits out\]: ")
        term.type("10")
        term.until(r"trips \[0\]: ")
        term.type("0")
        decision = r"Box 1 \[[^\]]+\] check, fold[^\n]*> "
        term.until(decision)
        time.sleep(0.5)  # let it start reading, as a person would be
        term.proc.send_signal(signal.SIGINT)
        term.until(r"leave now\? your undecided boxes fold and lose 20 chips \(y/n\) > ")
        term.type("n")  # changed their mind: the same decision again, nothing folded
        term.until(decision)
        time.sleep(0.5)
        term.proc.send_signal(signal.SIGINT)
        term.until(r"\(y/n\) > ")
        term.type("y")
        term.until(r"house bank: \d+ \(\+20\)")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    screen = term.screen
    assert "Traceback" not in screen
    assert screen.index("deemed folded") > screen.rindex("leave now?")
    assert "P1: 980 (-20)" in screen
    assert "choose one of" not in screen  # "n" asks the decision again, and nothing else


@pytest.mark.parametrize("group", [(), ("bench",), ("tournament",), ("phh",)])
def test_a_groups_list_of_commands_has_no_line_breaks_mid_sentence(group: tuple[str, ...]) -> None:
    """Each summary is wrapped by the list at the terminal's width: a line is cut short only
    where its entry ends, never where the docstring's source line did."""
    env = {**os.environ, "COLUMNS": "100"}
    run = subprocess.run(
        [sys.executable, "-m", "croupier", *group, "--help"],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(ROOT / "src")},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [r for r in run.stdout.split("Commands")[1].splitlines() if r.startswith("│")]
    assert len(lines) >= 2
    for line, after in itertools.pairwise(lines):
        text = line.strip("│ ")
        if after.startswith("│    "):  # the entry goes on: this line was filled to the width
            assert len(text) > 100 - 30, (text, after)
        assert "``" not in text


def test_bench_eval_ratios_put_batch_and_per_call_side_by_side() -> None:
    from croupier.cli.bench_cmd import RATIO_HEADER, ratio_rows, table

    ratios = {  # as croupier.bench.eval_bench.run names them
        "batch7_vs_phevaluator": 96.94,
        "omaha_batch_vs_phevaluator": 17.71,
        "single7_vs_phevaluator": 0.8731,
        "single_omaha_vs_phevaluator": 0.5204,
        "single_omaha_hilo_vs_phevaluator": 0.3681,
        "batch7_vs_treys": 36736.2,
        "single7_vs_treys": 331.4,
    }
    rows = ratio_rows(ratios)
    assert rows == [
        ("phevaluator", "7-card", "96.9x", "0.873x"),
        ("phevaluator", "Omaha high", "17.7x", "0.52x"),
        ("phevaluator", "Omaha hi/lo", "-", "0.368x"),
        ("treys", "7-card", "36,736x", "331x"),
    ]
    text = table(RATIO_HEADER, rows, numbers=2)
    assert "batch vs peer per call" in text.splitlines()[0]
    assert "per call vs per call" in text.splitlines()[0]


def test_bench_figures_are_a_table_of_rounded_numbers() -> None:
    from croupier.cli.bench_cmd import figures_table

    text = figures_table(
        {
            "exact_s": 61.2345,
            "house_edge_per_ante": 0.021850123456,
            "hands": 123456,
            "hands_per_s": 4567.89,
            "simulate_ci99": [0.020112345, 0.02321234],
            "matches_published_edge": True,
        }
    )
    lines = text.splitlines()
    assert lines[0].split() == ["measure", "value"] and set(lines[1]) == {"-", " "}
    assert lines[2].startswith("exact s") and lines[2].endswith(" 61.23")
    assert lines[3].endswith(" 0.02185")
    assert lines[4].endswith(" 123,456") and lines[5].endswith(" 4,568")
    assert lines[6].endswith(" 0.02011 to 0.02321") and lines[7].endswith(" yes")
    assert len({len(line) for line in lines}) == 1  # one column of figures, right-aligned


def test_clock_plus_adds_time_to_the_level_and_minus_takes_it_off() -> None:
    from croupier.cli.clock_screen import press
    from croupier.tournament.clock import Clock
    from croupier.tournament.conditions import load_conditions

    levels = load_conditions(SMALL).levels  # 10-minute levels
    two_minutes_in = Clock(levels).tick(120)
    assert two_minutes_in.state.remaining == 480
    more, said = press(two_minutes_in, "+")
    assert (more.state.number, more.state.remaining) == (1, 540) and "added" in said
    less, said = press(two_minutes_in, "-")
    assert (less.state.number, less.state.remaining) == (1, 420) and "taken off" in said
    # never back into the level before: 30 s into level 2, + gives those 30 s back
    early = Clock(levels).skip_to(1).tick(30)
    back, _ = press(early, "+")
    assert (back.state.number, back.state.remaining) == (2, 600)
    fresh, said = press(Clock(levels), "+")
    assert fresh.state.remaining == 600 and "nothing to add" in said


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("--bank", "-1"), "--bank"),
        (("--chips", "-5"), "--chips"),
        (("--boxes", "9"), "--boxes"),
        (("--minimum", "600"), "--maximum 500"),
    ],
)
def test_uth_play_option_refusals_name_the_option(args: tuple[str, ...], names: str) -> None:
    line = one_line_error(croupier("uth", "play", *args))
    assert names in line


@pytest.mark.parametrize("command", [("audit", "verify"), ("audit", "recall", "t1")])
def test_a_db_that_is_no_database_is_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, just some text the user pointed --db at\n" * 50)
    line = one_line_error(croupier(*command, "--db", str(notes)))
    assert "database" in line and "file is not a database" in line


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("tournament", "run", str(SMALL), "--bots", "99999999999999999999"), "'--bots'"),
        (("tournament", "clock", str(SMALL), "--speed", "nan"), "--speed"),
        (("tournament", "clock", str(SMALL), "--speed", "inf"), "--speed"),
        (("tournament", "clock", str(SMALL), "--updates", "-1"), "'--updates'"),
        (("uth", "analyze", "--seed", "-1"), "'--seed'"),
        (("uth", "play", "--chips", "0"), "--chips"),
        (("uth", "trips", "--paytable", "50-40-30-8-7-4-" + "1" + "0" * 21), "100,000 to 1"),
        (("bench", "uth", "--rounds", "-1"), "'--rounds'"),
        (("bench", "engine", "--phh", "/nope"), "'--phh'"),
        (("audit", "recall", "t1", "--last", "-1"), "'--last'"),
        (("audit", "verify", "--db", "mysql://x"), "mysql://"),
        (("serve", "--port", "70000"), "'--port'"),
        (("serve", "--port", "-1"), "'--port'"),
        (("serve", "--host", "bad host!"), "--host"),
        (("serve", "--db", "/proc/nope.db"), "/proc/nope.db"),
        (("serve", "--db", "/nonexistent-folder/x.db"), "/nonexistent-folder"),
        (("--version", "extra"), "'extra'"),
        (("users", "add", "", "--role", "player", "--password", "x"), "name"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...], names: str
) -> None:
    line = one_line_error(croupier(*args, cwd=tmp_path))
    assert names in line
    assert not (tmp_path / "croupier.db").exists()  # nothing made on the way to the refusal


@pytest.mark.parametrize("command", ["tournament", "strategy"])
def test_a_file_that_is_not_utf8_is_one_line(tmp_path: Path, command: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe name = 1\n")
    if command == "tournament":
        args = ("tournament", "run", str(bad))
    else:
        args = ("uth", "analyze", "--simulate", "10", "--strategy", str(bad))
    assert "not UTF-8" in one_line_error(croupier(*args))


def test_audit_refuses_a_missing_database_and_an_unknown_table(tmp_path: Path) -> None:
    typo = tmp_path / "typo.db"
    line = one_line_error(croupier("audit", "verify", "--db", str(typo)))
    assert "no database at" in line and str(typo) in line
    assert not typo.exists()  # no empty database made, and no "ok" for it
    db = tmp_path / "room.db"
    made = croupier("users", "add", "ann", "--role", "floor", "--password", "pw", "--db", str(db))
    assert made.returncode == 0, made.stderr
    line = one_line_error(croupier("audit", "recall", "nosuch", "--db", str(db)))
    assert "no stream" in line


@pytest.mark.parametrize(
    "command",
    [
        ("export",),
        ("phh", "replay"),
        ("ohh", "replay"),
        ("users", "add"),
        ("audit", "recall"),
        ("tournament", "run"),
        ("tournament", "clock"),
    ],
)
def test_help_names_arguments_in_words_never_a_python_type(command: tuple[str, ...]) -> None:
    run = croupier(*command, "--help")
    assert run.returncode == 0, run.stderr
    for bare in ("<list[Path]>", "<path>", "<str>", "<int>", "<Path>"):
        assert bare not in run.stdout, (bare, run.stdout)


def test_uth_play_never_offers_again_the_ante_just_refused() -> None:
    """The bank (0, no credit) cannot pay the minimum's wagers: Enter takes the offered 5,
    refused; the next offer is 0 (sit out), not the 5 just refused."""
    run = croupier("uth", "play", "--seed", "1", "--bank", "0", "--rounds", "1", stdin="\n\n\n")
    assert run.returncode == 0, run.stderr
    assert "the table allows no credit" in run.stdout
    assert run.stdout.count("ante [5; 0 sits out]") == 1
    assert "ante [0; 0 sits out]" in run.stdout


def test_play_explains_a_line_it_cannot_take_and_never_calls_for_a_check() -> None:
    from croupier.cli.play_cmd import _Session, plural, why_not
    from croupier.round.engine import LegalActions

    facing = LegalActions(0, True, False, 10, 20, 100, 100)
    free = LegalActions(0, True, True, 0, 20, 100, 100)
    assert _Session.parse(["check"], None, facing) is None  # type: ignore[arg-type]
    assert "10 to call" in why_not(["check"], facing)
    assert _Session.parse(["check"], None, free) is not None  # type: ignore[arg-type]
    assert _Session.parse(["c"], None, facing) is not None  # type: ignore[arg-type]
    assert "'4.5' is not a whole number of chips" in why_not(["r", "4.5"], facing)
    assert "say how much" in why_not(["r"], facing)
    assert (plural(1, "round"), plural(2, "round"), plural(0, "round")) == (
        "1 round",
        "2 rounds",
        "0 rounds",
    )


def test_narration_checks_for_the_qld_big_blind_and_names_each_pot() -> None:
    from croupier.cli.narrate import round_line
    from croupier.round.events import Called, PotAwarded
    from croupier.rules import DUNEDIN_HOUSE, QLD_HOLDEM_2005

    line = round_line(Called(1, 0, False), "P{}".format, QLD_HOLDEM_2005)
    assert "P1 checks" in line and "calls" not in line
    main = round_line(PotAwarded(0, 2, 300, "all", "x 1"), "P{}".format, DUNEDIN_HOUSE)
    side = round_line(PotAwarded(1, 3, 50, "all", "x 1"), "P{}".format, DUNEDIN_HOUSE)
    low = round_line(PotAwarded(0, 2, 150, "low", "x 1"), "P{}".format, DUNEDIN_HOUSE)
    assert main == "  main pot: P2 is paid 300 (x 1)"
    assert side == "  side pot 1: P3 is paid 50 (x 1)"
    assert low == "  main pot, low half: P2 is paid 150 (x 1)"


def test_slow_work_says_so_and_quick_work_says_nothing() -> None:
    import io

    from croupier.cli.slow import notice_if_slow

    said = io.StringIO()
    with notice_if_slow("working...", after=0.05, to=said):
        time.sleep(0.3)
    assert said.getvalue() == "working...\n"
    quick = io.StringIO()
    with notice_if_slow("working...", after=0.5, to=quick):
        pass
    time.sleep(0.6)
    assert quick.getvalue() == ""


#: The census of C(52,7) seven-card hands by best five (published; sums to 133,784,560).
CENSUS = {
    "ROYAL_FLUSH": 4_324,
    "STRAIGHT_FLUSH": 37_260,
    "FOUR_OF_A_KIND": 224_848,
    "FULL_HOUSE": 3_473_184,
    "FLUSH": 4_047_644,
    "STRAIGHT": 6_180_020,
    "THREE_OF_A_KIND": 6_461_620,
    "TWO_PAIR": 31_433_400,
    "ONE_PAIR": 58_627_800,
    "HIGH_CARD": 23_294_460,
}


def write_census(folder: Path) -> None:
    """The census where ``uth trips`` caches it."""
    import json

    assert sum(CENSUS.values()) == 133_784_560
    (folder / "seven-card-counts-v1.json").write_text(
        json.dumps({int(Category[k]): v for k, v in CENSUS.items()})
    )


def test_uth_trips_reads_the_cached_census_instead_of_recounting(tmp_path: Path) -> None:
    write_census(tmp_path)
    env_cache = {**os.environ, "CROUPIER_CACHE": str(tmp_path)}
    began = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "croupier", "uth", "trips"],
        capture_output=True,
        text=True,
        env={**env_cache, "PYTHONPATH": str(ROOT / "src")},
        check=False,
        timeout=120,
    )
    took = time.monotonic() - began
    assert run.returncode == 0, run.stderr
    assert "house edge 3.4979% = 4,679,700/133,784,560" in run.stdout, run.stdout
    assert took < 5, f"{took:.1f} s: the census was counted again"


def test_uth_analyze_exact_reads_its_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from croupier.cli.uth_analyze_cmd import DEFAULT_BLIND, DEFAULT_TRIPS, exact_cache_path
    from croupier.uth import PayTable

    monkeypatch.setenv("CROUPIER_CACHE", str(tmp_path))
    blind = PayTable.from_spec("blind", DEFAULT_BLIND, Category.STRAIGHT)
    trips = PayTable.from_spec("trips", DEFAULT_TRIPS, Category.THREE_OF_A_KIND)
    cached = {  # as the exact analysis writes it, with figures no analysis gives
        "mode": "exact",
        "strategy": "optimal",
        "paytable": DEFAULT_BLIND,
        "trips_paytable": DEFAULT_TRIPS,
        "deals": 1234,
        "house_edge_per_ante": 0.125,
        "house_edge_per_ante_fraction": "1/8",
        "house_edge_per_initial_bet": 0.0625,
        "element_of_risk": 0.5,
        "element_of_risk_fraction": "1/2",
        "avg_total_bet": 4.0,
        "avg_total_bet_fraction": "4/1",
        "decisions": {"raise4x": 1.0},
        "decisions_fractions": {"raise4x": "1/1"},
        "return_table": [],
        "preflop": [],
    }
    exact_cache_path(blind, trips).write_text(json.dumps(cached))
    write_census(tmp_path)
    began = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "croupier", "uth", "analyze", "--exact"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        check=False,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "exact over 1,234 deals" in run.stdout
    assert "house edge per Ante        12.5000%  (1/8)" in run.stdout
    assert time.monotonic() - began < 5


def test_the_clock_counts_the_field_players_average_stack_and_prize_pool() -> None:
    from croupier.cli.clock_screen import Field, count
    from croupier.tournament.conditions import load_conditions

    cond = load_conditions(SMALL)
    field = Field()
    for key in "eeee":
        field, said = count(field, key)
    assert said == "an entry added"
    field, said = count(field, "x")
    assert (field.entries, field.players, said) == (4, 3, "a player out")
    pool = cond.added_prize + 4 * (cond.entry_fee - cond.commission)
    assert field.line(cond) == (
        f"players 3 of 4   average stack {4 * cond.starting_stack // 3:,}   prize pool {pool:,}"
    )
    # never fewer than one player left, never an entry taken back from a player already out
    for key in "xxx":
        field, said = count(field, key)
    assert field.players == 1 and "nothing to change" in said
    field, said = count(field, "E")
    assert field.entries == 4 and "nothing to change" in said
    assert count(field, "X")[0].players == 2


def test_the_clock_lines_show_the_field_when_entries_are_given() -> None:
    run = croupier(
        "tournament", "clock", str(SMALL), "--simulate", "--updates", "2", "--entries", "12"
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 2 and all("players 12 of 12" in line for line in lines)
    assert "prize pool" in lines[0]
