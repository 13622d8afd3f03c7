"""``croupier uth play`` driven end to end through a real pseudo-terminal: the installed entry
point, prompts answered as they appear, the screen checked against the game core."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.cards import Deck, format_cards
from croupier.shoe import Shoe
from croupier.uth import TableLimits, TableState, UthConfig, UthRound
from croupier.uth.commands import Bet, Check, Deal, PlaceWagers, SettleAll
from croupier.uth.events import BoxSettled

CROUPIER = Path(sys.executable).with_name("croupier")
pytestmark = pytest.mark.skipif(not CROUPIER.exists(), reason="croupier entry point not installed")


class Terminal:
    """A child process on a pseudo-terminal; :meth:`expect` waits for text on its screen."""

    def __init__(self, *args: str) -> None:
        self.master, slave = os.openpty()
        env = dict(os.environ, COLUMNS="200", TERM="dumb")
        self.proc = subprocess.Popen(
            [str(CROUPIER), *args], stdin=slave, stdout=slave, stderr=slave, env=env
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0

    def expect(self, text: str, timeout: float = 20.0) -> str:
        """Everything shown since the last match, up to and including ``text``."""
        end = time.monotonic() + timeout
        while text not in self.screen[self.seen :]:
            left = end - time.monotonic()
            assert left > 0, f"{text!r} never appeared; screen:\n{self.screen[self.seen :]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                assert chunk, f"{text!r} never appeared; screen:\n{self.screen[self.seen :]}"
                self.screen += chunk.decode().replace("\r\n", "\n")
        at = self.screen.index(text, self.seen) + len(text)
        out, self.seen = self.screen[self.seen : at], at
        return out

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self) -> str:
        rest = ""
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], 10)
                if not ready:
                    break
                chunk = os.read(self.master, 4096)
                if not chunk:
                    break
                rest += chunk.decode().replace("\r\n", "\n")
        except OSError:
            pass
        self.proc.wait(timeout=10)
        os.close(self.master)
        self.screen += rest
        return self.screen


def core_round(seed: int) -> UthRound:
    """The first round of ``--seed seed`` played by the core with the same decisions as the
    test: P1 antes 10 with Trips 5 and checks to the river, then plays 1x; P2 antes 20 and
    plays 4x before the flop."""
    shuffled = Shoe(Deck.standard(), seed=seed).shuffle()
    t = TableState({"P1": 1000, "P2": 1000}, 1_000_000)
    r = UthRound(UthConfig(TableLimits(5, 500), boxes=2), t, shuffled.order)
    r.apply(PlaceWagers(1, "P1", 10, 10, 5))
    r.apply(PlaceWagers(2, "P2", 20, 20))
    r.apply(Deal())
    r.apply(Check(1))
    r.apply(Bet(2, 4))
    r.apply(Check(1))
    r.apply(Bet(1, 1))
    r.apply(SettleAll())
    return r


def test_uth_play_shows_cards_decisions_and_every_settlement_line() -> None:
    seed = 7
    core = core_round(seed)
    term = Terminal("uth", "play", "--seed", str(seed), "--boxes", "2", "--rounds", "1")
    term.expect("Box 1 (P1, 1000 chips) ante [5; 0 sits out]: ")
    term.send("10")
    term.expect("trips [0]: ")
    term.send("5")
    term.expect("ante [5; 0 sits out]: ")
    term.send("20")
    term.expect("trips [0]: ")
    term.send("")
    hole1 = format_cards(core.boxes[1].hole)
    shown = term.expect(f"Box 1 [{hole1}] check, fold, 3x, 4x > ")
    assert f"Box 1 (P1): ante 10, blind 10, trips 5; dealt {hole1}" in shown
    assert f"Box 2 (P2): ante 20, blind 20; dealt {format_cards(core.boxes[2].hole)}" in shown
    term.send("2x")  # not a pre-flop Play: refused with its clause, asked again
    shown = term.expect(f"Box 1 [{hole1}] check, fold, 3x, 4x > ")
    assert "refused:" in shown and "(act-uth-2025 8.1(c)(ii))" in shown
    term.send("check")
    term.expect(f"Box 2 [{format_cards(core.boxes[2].hole)}] check, fold, 3x, 4x > ")
    term.send("4x")
    shown = term.expect(f"Box 1 [{hole1}] check, fold, 2x > ")
    assert f"board: {format_cards(core.board[:3])} revealed (act-uth-2025 8.2)" in shown
    term.send("c")
    shown = term.expect(f"Box 1 [{hole1}] fold, 1x > ")
    assert f"board: {format_cards(core.board[3:])} revealed (act-uth-2025 8.4)" in shown
    term.send("1x")
    shown = term.expect("Box 2: Enter to settle, 'fold' to concede (9.1) > ")
    assert f"dealer's hand: {format_cards(core.dealer)}" in shown
    term.send("")
    term.expect("Box 1: Enter to settle")
    term.send("")
    screen = term.finish()
    assert term.proc.returncode == 0
    settled = screen[screen.index("Enter to settle") :]
    assert settled.index("Box 2 (P2)") < settled.index("Box 1 (P1)")  # from the dealer's right
    for n in (1, 2):
        s = next(e for e in core.events if isinstance(e, BoxSettled) and e.box == n)
        for r in s.settlement.results:
            line = re.search(rf"{r.wager.value}\s+{r.stake}: {r.outcome.value}.*", settled)
            assert line is not None, r
            assert r.clause in line.group(0)
            if r.pay_clause:
                assert r.pay_clause in line.group(0)
    table = core.table_after()
    assert f"P1: {table.chips['P1']}" in screen and f"P2: {table.chips['P2']}" in screen
    assert f"house bank: {table.bank}" in screen


def test_uth_play_quit_mid_round_folds_undecided_boxes_and_reports() -> None:
    term = Terminal("uth", "play", "--seed", "3")
    term.expect("ante [5; 0 sits out]: ")
    term.send("50")
    term.expect("trips [0]: ")
    term.send("0")
    term.expect("check, fold, 3x, 4x > ")
    term.send("quit")
    screen = term.finish()
    assert term.proc.returncode == 0
    assert "deemed folded (act-uth-2025 13.8 (second))" in screen
    assert "P1: 900 (-100)" in screen and "house bank: 1000100 (+100)" in screen


def test_uth_play_under_minimum_warning_then_returned() -> None:
    term = Terminal("uth", "play", "--seed", "5", "--rounds", "2", "--minimum", "10")
    term.expect("ante [10; 0 sits out]: ")
    term.send("5")
    term.expect("trips [0]: ")
    term.send("")
    shown = term.expect("check, fold, 3x, 4x > ")
    assert "warning to P1" in shown and "(act-uth-2025 5.4)" in shown
    term.send("fold")
    term.expect("ante [5; 0 sits out]: ")
    term.send("5")
    term.expect("trips [0]: ")
    term.send("")
    shown = term.expect("ante [10; 0 sits out]: ")  # the minimum, not the 5 just refused
    assert "refused:" in shown and "returned (act-uth-2025 5.4)" in shown
    term.send("0")
    screen = term.finish()
    assert "Session over:" in screen and "P1: 990 (-10)" in screen
