"""``croupier play`` and ``croupier simulate`` end to end, as a user runs them.

``play`` runs in a real pseudo-terminal: the test answers its prompts and reads the screen.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.histories.phh import load

CLI = [sys.executable, "-c", "from croupier.cli import main; main()"]


class Terminal:
    """A command on a pseudo-terminal: read what it prints, type answers."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [*CLI, *args], stdin=slave, stdout=slave, stderr=slave, close_fds=True
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0

    def until(self, pattern: str, timeout: float = 60) -> str:
        """Read until ``pattern`` appears after what was already consumed; return its match."""
        end = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.screen, self.seen)
            if m:
                self.seen = m.end()
                return m.group(0)
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; screen:\n{self.screen}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    if self.proc.poll() is not None and not rx.search(self.screen, self.seen):
                        raise AssertionError(f"exited before {pattern!r}; screen:\n{self.screen}")
                    continue
                self.screen += chunk.decode(errors="replace").replace("\r\n", "\n")

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


def test_play_in_a_terminal_shows_cards_actions_and_rulings() -> None:
    term = Terminal("play", "--seed", "5", "--seats", "3", "--rounds", "3")
    try:
        rounds_seen = 0
        tried_bad_raise = False
        while True:
            prompt = term.until(r"you may: [^\n]*\n> |\[enter\] next round, q quit > |you leave")
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("[enter]"):
                rounds_seen += 1
                term.type("")
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
