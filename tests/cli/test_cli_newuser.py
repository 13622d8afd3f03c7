"""``croupier play`` in a pseudo-terminal as a new user types at it: misspelt and malformed
input, a refusal, an all-in to the end, a buy-in question answered wrongly then properly, and
Ctrl-C; the screen names players as it shows them and narrates as a dealer announces."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from support.terminal import CLI, Terminal

PROMPT = (
    r"you may: [^\n]*\n> |\[enter\] next round, q quit > |you leave[^\n]*\n|\(y/n\) > "
    r"|show or muck\? > "
)


def test_play_over_a_new_users_mistakes() -> None:
    term = Terminal("play", "--seed", "3", "--seats", "2", "--rounds", "40")
    asked = refused = False
    try:
        decisions = 0
        while True:
            prompt = term.until(PROMPT)
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("[enter]"):
                term.type("")
            elif prompt.startswith("show or muck"):
                term.type("m")
            elif "(y/n)" in prompt:
                asked = True
                term.type("maybe")
                term.until(r"please answer y or n\n[^\n]*\(y/n\) > ")
                term.type("n")
            else:
                decisions += 1
                if decisions == 1:
                    for bad in ("rase 200", "r abc", "r -5", "c now"):
                        term.type(bad)
                        term.until(r"not understood: [^\n]*\n[^\n]*\n> ")
                    if "r N" in prompt:
                        term.type("r 3")  # below the smallest raise: refused, naming seats
                        refused = True
                        term.until(r"not allowed: [^\n]*\n> ")
                term.type("a")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    screen = term.screen
    for bad in ("rase 200", "r abc", "r -5", "c now"):
        assert f"not understood: '{bad}'" in screen
    assert refused and "not allowed: " in screen
    assert not re.search(r"\bplayer \d+\b", screen), "the engine's 0-based positions leaked"
    assert "bets or raises" not in screen
    assert re.search(r"(raises to|bets) \d+", screen)
    assert "raise to 200..200" not in screen
    for line in re.findall(r"you may: [^\n]*", screen):
        lo_hi = re.search(r"(\d+)\.\.(\d+)", line)
        assert lo_hi is None or int(lo_hi.group(1)) < int(lo_hi.group(2)), line
    assert asked, "the all-in player never went broke"
    assert re.search(r"you leave with \d+ after \d+ rounds", screen)


def test_ctrl_c_leaves_with_the_summary() -> None:
    term = Terminal("play", "--seed", "1", "--seats", "3")
    try:
        term.until(r"you may: [^\n]*\n> ")
        time.sleep(0.5)  # let input() start reading, as a person would be
        term.proc.send_signal(signal.SIGINT)
        term.until(r"you leave with \d+ after 0 rounds")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    assert "Traceback" not in term.screen


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    # another working directory: keep PYTHONPATH pointing at the same sources
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(Path(p).resolve()) for p in paths if p)}
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, cwd=cwd, env=env, check=False
    )


def test_one_line_errors_and_exit_2_before_any_work(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    small = Path(__file__).resolve().parents[2] / "examples" / "tournaments" / "small.toml"
    cases = [
        ("simulate", "--hands", "5", "--history", str(afile)),
        ("simulate", "--hands", "5", "--history", str(afile / "below")),
        ("simulate", "--hands", str(10**12)),
        ("tournament", "run", str(small), "--every", "0"),
        ("tournament", "run", str(small), "--out", str(afile)),
    ]
    for args in cases:
        run = _cli(*args)
        assert run.returncode == 2, (args, run.stderr)
        assert "Traceback" not in run.stderr, (args, run.stderr)
        assert not list((afile.parent).glob("*.phh")), args


def test_version_and_eval_json() -> None:
    v = _cli("--version")
    assert v.returncode == 0 and re.fullmatch(r"croupier \S+\n", v.stdout)
    e = _cli("eval", "--json", "-p", "alice=AsKs", "-p", "2c2d", "-b", "Qs Js Ts 3h 4d")
    assert e.returncode == 0, e.stderr
    out = json.loads(e.stdout)
    assert out["winners"] == ["alice"]
    assert out["hands"][0]["high"]["category"] == "royal_flush"
    assert out["hands"][1]["high"]["words"] == "one pair, twos"


def test_tournament_runs_never_mix_their_files(tmp_path: Path) -> None:
    small = Path(__file__).resolve().parents[2] / "examples" / "tournaments" / "small.toml"
    for _ in range(2):
        run = _cli("tournament", "run", str(small), "--seed", "2", "--json", cwd=tmp_path)
        assert run.returncode == 0, run.stderr
    folders = sorted(p.name for p in (tmp_path / "tournaments").iterdir())
    assert len(folders) == 2 and folders[1] == folders[0] + "-2"
    again = _cli(
        "tournament", "run", str(small), "--out", str(tmp_path / "tournaments" / folders[0])
    )
    assert again.returncode == 2 and "earlier run" in again.stderr


def _uth(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, "uth", "play", "--seed", "1", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_uth_play_asks_before_ctrl_d_folds_wagers_and_speaks_plainly() -> None:
    run = _uth("10\n0\n")  # wagers placed, then end of input at the first decision
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "leave now? your undecided boxes fold and lose 20 chips (y/n)" in out
    assert out.index("leave now?") < out.index("deemed folded")
    assert "Shoe(" not in out and "seeded shoe" in out
    n = _uth("abc\n5\nxyz\n0\n", "--rounds", "1")
    assert "the ante must be a whole number of chips, not 'abc'" in n.stdout
    assert "the trips wager must be a whole number of chips, not 'xyz'" in n.stdout


def test_uth_house_bank_never_goes_below_zero() -> None:
    run = _uth("10\n0\n4x\n\n" * 3, "--bank", "0", "--rounds", "3")
    assert run.returncode == 0, run.stderr
    assert "house bank holds 0 chips" in run.stdout and "allows no credit" in run.stdout
    bank = int(re.search(r"house bank: (-?\d+)", run.stdout).group(1))  # type: ignore[union-attr]
    assert bank >= 0


def test_tournament_run_progress_announces_each_level_once(tmp_path: Path) -> None:
    small = Path(__file__).resolve().parents[2] / "examples" / "tournaments" / "small.toml"
    run = _cli("tournament", "run", str(small), "--seed", "0", "--every", "5", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    heads = re.findall(r"^(level \d+: [^\n]*|break [^\n]*)$", run.stdout, re.M)
    numbers = [int(m) for m in re.findall(r"^level (\d+):", run.stdout, re.M)]
    assert numbers == sorted(set(numbers)) and len(numbers) >= 3  # once each, in order
    assert any(h.startswith("break") for h in heads)
    assert "level 1: 25/50 (10:00)" in heads
    assert "00:00 left" not in run.stdout
    assert "no clock (last level)" in run.stdout or "the last level" not in run.stdout


def test_tournament_clock_redraws_in_place_takes_keys_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CROUPIER_CACHE", str(tmp_path))
    small = str(Path(__file__).resolve().parents[2] / "examples" / "tournaments" / "small.toml")
    term = Terminal("tournament", "clock", small)
    try:
        term.until(r"LEVEL 1 +25/50")
        term.until(r"players: none entered yet")
        term.type("eee")
        term.until(r"players 3 of 3 +average stack 2,000 +prize pool 150")
        term.type("x")
        term.until(r"players 2 of 3 +average stack 3,000 +prize pool 150")
        term.type("p")
        term.until(r"PAUSED")
        term.type("n")
        term.until(r"LEVEL 2 +50/100")
        term.type("q")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    assert "\x1b[H\x1b[J" in term.screen  # redrawn in place, not a new line every second
    assert " ### " in term.screen  # large digits
    again = Terminal("tournament", "clock", small)
    try:
        again.until(r"resumed where it was left")
        again.until(r"LEVEL 2 +50/100")
        again.until(r"PAUSED")
        again.until(r"players 2 of 3")  # the field is kept with the clock
        again.type("q")
        assert again.close() == 0
    finally:
        if again.proc.poll() is None:
            again.proc.kill()


def test_commission_is_announced_once() -> None:
    from croupier.cli.narrate import Narrator
    from croupier.round.events import Announcement, CommissionTaken
    from croupier.rules import QLD_HOLDEM_2005

    say = Narrator(lambda p: f"seat {p + 1}", QLD_HOLDEM_2005)
    lines = [
        say(Announcement("pot 100", "qld-holdem-2005 s26(3)")),
        say(Announcement("commission 5", "qld-holdem-2005 s26(3)")),
        say(CommissionTaken(5, "qld-holdem-2005 s26(3)")),
    ]
    assert sum("commission" in line for line in lines) == 1


def test_uth_wager_refusal_names_the_field_plainly() -> None:
    from croupier.cards import Deck
    from croupier.rules import IllegalAction
    from croupier.shoe import Shoe
    from croupier.uth import TableLimits, TableState, UthConfig, UthRound
    from croupier.uth.commands import PlaceWagers

    r = UthRound(
        UthConfig(TableLimits(5, 500), 1),
        TableState({"P1": 1000}, 10_000),
        Shoe(Deck.standard(), seed=1).shuffle().order,
    )
    with pytest.raises(IllegalAction) as info:
        r.apply(PlaceWagers(1, "P1", 10, 10, -5))
    message = info.value.ruling.message
    assert "trips" in message and "-5" in message and "(" not in message
