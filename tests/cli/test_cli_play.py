"""``croupier play`` and ``croupier simulate`` end to end, as a user runs them.

``play`` runs in a real pseudo-terminal: the test answers its prompts and reads the screen.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
import tomllib
from pathlib import Path

import pytest

from croupier.histories.phh import load
from support.terminal import CLI, Terminal


def test_play_in_a_terminal_shows_cards_actions_and_rulings() -> None:
    term = Terminal("play", "--seed", "5", "--seats", "3", "--rounds", "3")
    try:
        rounds_seen = 0
        tried_bad_raise = False
        while True:
            prompt = term.until(
                r"you may: [^\n]*\n> |\[enter\] next round, q quit > |you leave|show or muck\? > "
            )
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("[enter]"):
                rounds_seen += 1
                term.type("")
            elif prompt.startswith("show or muck"):
                term.type("m")
            elif not tried_bad_raise and "raise to" in prompt:
                tried_bad_raise = True
                term.type("r 1")  # below the minimum raise: refused with its clause
                term.until(r"not allowed: [^\n]*\(dunedin-house 37\)")
                term.until(r"> ")
                term.type("c")
            else:
                term.type("c")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    screen = term.screen
    assert rounds_seen == 2
    assert screen.count("=== round ") == 3
    assert "your cards: " in screen
    assert re.search(r"posts the big blind, 2 \(dunedin-house 25\)", screen)
    assert re.search(r"is paid \d+ \(dunedin-house", screen)
    assert tried_bad_raise
    assert re.search(r"you leave with \d+ after 3 rounds", screen)


def test_play_quits_at_a_prompt_and_rejects_a_bad_rulebook() -> None:
    term = Terminal("play", "--seed", "1", "--rulebook", "qld-holdem-2005", "--seats", "4")
    try:
        term.until(r"your cards: ")
        term.until(r"> ")
        term.type("q")
        term.until(r"you leave with \d+ after 0 rounds")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    assert "qld-holdem-2005" in term.screen
    bad = subprocess.run([*CLI, "play", "--rulebook", "vegas"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert "vegas" in bad.stderr


def test_simulate_summary_and_hand_histories(tmp_path: Path) -> None:
    args = ["--rulebook", "qld-holdem-2005", "--hands", "300", "--seed", "4"]
    out = subprocess.run(
        [*CLI, "simulate", *args, "--history", str(tmp_path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["rounds"] == 300
    assert summary["commission"] > 0
    seats = summary["seats"]
    assert sum(v["net"] for v in seats.values()) == -summary["commission"]
    assert sum(v["rounds"] for v in seats.values()) >= 2 * 300
    files = sorted(tmp_path.glob("*.phh"))
    assert len(files) == 300
    h = load(files[0])
    assert h.finishing_stacks is not None
    assert sum(h.finishing_stacks) <= sum(h.starting_stacks)


@pytest.mark.parametrize("rulebook", ["qld-holdem-2005", "act-omaha-2017", "dunedin-house"])
def test_simulate_checks_every_round(rulebook: str) -> None:
    from croupier.sim.simulate import simulate
    from croupier.table.presets import preset

    report = simulate(preset(rulebook), 1500, seed=11)
    assert report.rounds == 1500
    assert report.joins > 9 and report.departures > 0 and report.top_ups > 0
    money_in = sum(r.bought_in for r in report.players.values())
    money_out = sum(r.cashed_out for r in report.players.values())
    assert sum(report.final_stacks.values()) + report.commission + report.fees == (
        money_in - money_out
    )


PROMPT = (
    r"you may: [^\n]*\n> |\[enter\] next round, q quit > |you leave[^\n]*\n|\(y/n\) > "
    r"|show or muck\? > "
)


def test_play_offers_what_is_legal_and_refuses_in_the_screens_words() -> None:
    """A short stack is offered its all-in, labelled as less than a full raise; a raise below
    the smallest is refused with what is open instead; all-in with no raise open is a call of
    the whole stack or the round's reason, never "not understood"; the round-end prompt says
    what it did not understand; buy-ins are shown."""
    term = Terminal("play", "--seed", "1", "--seats", "3", "--rounds", "30")
    done: set[str] = set()
    try:
        while True:
            prompt = term.until(PROMPT)
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("[enter]"):
                if "next" not in done:
                    done.add("next")
                    term.type("again")
                    term.until(r"not understood: 'again'[^\n]*\n\[enter\] next round, q quit > ")
                term.type("")
            elif prompt.startswith("show or muck"):
                term.type("m")
            elif "(y/n)" in prompt:
                done.add("buy-in")
                term.type("y")
                term.until(r"you (buy in again for|top up by) \d+")
            elif (m := re.search(r"a all-in to (\d+) \(less than a full raise\)", prompt)) and (
                "short" not in done
            ):
                done.add("short")
                top = int(m.group(1))
                term.type(f"r {top - 1}")
                term.until(
                    rf"not allowed: the smallest raise allowed is to \d+, not {top - 1} "
                    rf"\(dunedin-house \d+\); you may: [^\n]*a all-in to {top} "
                    r"\(less than a full raise\)\n> "
                )
                term.type("a")
                term.until(rf"seat 1 \(you\) raises to {top} \(all-in\)")
            elif (m := re.search(r"c call (\d+) \(all-in\)", prompt)) and "call" not in done:
                done.add("call")
                term.type("a")
                term.until(rf"seat 1 \(you\) calls {m.group(1)} \(all-in\)")
            elif " a " not in prompt and "(all-in)" not in prompt and "no raise" not in done:
                done.add("no raise")
                term.type("a")
                term.until(r"not allowed: [^\n]*\(dunedin-house [^\n]*\); you may: [^\n]*\n> ")
                term.type("c")
            else:
                term.type("c")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    screen = term.screen
    assert done == {"next", "buy-in", "short", "call", "no raise"}, done
    assert "not understood: 'a'" not in screen
    bot = r"(random|calling-station|tight-aggressive)-\d"
    assert re.search(rf"\n  {bot} (buys in again for \d+|tops up by \d+ to \d+)\n", screen), (
        "no bot's buy-in shown"
    )
    assert not re.search(r"\bplayer \d+\b", screen), "the engine's 0-based positions leaked"
    # the all-in alone is offered where a full raise is beyond the stack, never a range of one
    for line in re.findall(r"you may: [^\n]*", screen):
        lo_hi = re.search(r"(\d+)\.\.(\d+)", line)
        assert lo_hi is None or int(lo_hi.group(1)) < int(lo_hi.group(2)), line


@pytest.mark.parametrize("leave", ["q", "\x03"])
def test_ctrl_c_typed_leaves_as_q_does(leave: str) -> None:
    """Ctrl-C typed at the terminal prints q's leaving summary, on lines of its own."""
    term = Terminal("play", "--seed", "1", "--seats", "3", controlling=True)
    try:
        term.until(r"you may: [^\n]*\n> ")
        time.sleep(0.3)  # input() is reading, as when a person types
        os.write(term.master, leave.encode() + (b"\n" if leave == "q" else b""))
        term.until(r"you leave with \d+ after 0 rounds \(net \+0\)\n")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    tail = term.screen[term.screen.rindex("\n> ") :]
    assert "Traceback" not in term.screen
    assert re.fullmatch(
        r"\n> (q|\^C)?\nyou leave mid-round; the round is abandoned\n"
        r"you leave with 200 after 0 rounds \(net \+0\)\n",
        tail,
    ), tail


def test_qld_commission_is_announced_once_a_round() -> None:
    term = Terminal("play", "--seed", "2", "--rulebook", "qld-holdem-2005", "--seats", "4")
    try:
        rounds = 0
        while True:
            prompt = term.until(PROMPT)
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("[enter]"):
                rounds += 1
                term.type("q" if "commission" in term.screen or rounds == 30 else "")
            else:
                term.type("y" if "(y/n)" in prompt else "m" if "muck" in prompt else "c")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    for played in term.screen.split("=== round ")[1:]:
        assert len(re.findall(r"(?<!less )commission \d+", played)) <= 1, played
    said = r"dealer: commission \d+ \(qld-holdem-2005 s2[67]\(\d+\)\), taken \(qld-holdem-2005 s30"
    assert re.search(said, term.screen)


def test_floor_rulings_name_you_as_the_screen_does() -> None:
    from croupier.cli.narrate import table_line
    from croupier.cli.play_cmd import YOU, _Session
    from croupier.table.button import Status
    from croupier.table.events import PlayerLeft, StatusChanged

    name = _Session.screen_name
    sat_out = table_line(StatusChanged(YOU, Status.SITTING_OUT, "dunedin-house 29"), name)
    assert sat_out == "  floor: seat 1 (you) is sitting out (dunedin-house 29)"
    left = table_line(PlayerLeft("random-3", 0, "qld-holdem-2005 s31"), name)
    assert left == "  floor: random-3 must leave the game with 0 (qld-holdem-2005 s31)"


def test_play_writes_each_round_you_played_as_you_saw_it(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    answers = "\n".join(["c"] * 12 + [""] + ["f"] * 12) + "\nq\n"
    run = subprocess.run(
        [*CLI, "play", "--seed", "5", "--seats", "4", "--rounds", "2", "--history", str(folder)],
        input=answers,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    files = sorted(folder.glob("*.phh"))
    assert [f.name for f in files] == ["000001.phh", "000002.phh"]
    for f in files:
        h = load(f)
        assert h.players is not None and "you" in h.players
        assert h.year is not None and h.year >= 2026  # the calendar date, not 1970
        me = f"p{h.players.index('you') + 1}"
        actions = tomllib.loads(f.read_text())["actions"]
        deals = {a.split()[2]: a.split()[3] for a in actions if a.startswith("d dh ")}
        assert "?" not in deals[me]  # your own cards
        shown = {a.split()[0] for a in actions if a.startswith("p") and " sm " in a}
        for who, cards in deals.items():  # another's cards only where shown at the showdown
            assert (who == me or who in shown) == ("?" not in cards), (who, cards)
    replay = subprocess.run(
        [*CLI, "phh", "replay", str(folder)], capture_output=True, text=True, check=True
    )
    assert "2 matched, 0 mismatched, 0 errors" in replay.stdout
    again = subprocess.run(
        [*CLI, "play", "--rounds", "1", "--history", str(folder)],
        input="q\n",
        capture_output=True,
        text=True,
    )
    assert again.returncode == 2 and "already holds hand histories" in again.stderr
