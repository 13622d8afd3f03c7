"""``croupier play`` at the showdown, in a real pseudo-terminal: a hand the rules do not oblige
its player to show is shown or mucked as the player answers; all-in hands are tabled."""

from __future__ import annotations

import re

import pytest

from croupier.rules import DUNEDIN_HOUSE
from support.terminal import Terminal

PROMPT = r"you may: [^\n]*\n> |\[enter\] next round, q quit > |you leave[^\n]*\n|show or muck\? > "


def _play(*args: str, at_showdown: list[str], action: str = "c") -> str:
    """Play with ``action`` at every decision and ``at_showdown``'s answers, in turn, at each
    show-or-muck prompt (then the last again); the screen."""
    term = Terminal("play", *args)
    answers = iter(at_showdown)
    last = at_showdown[-1] if at_showdown else "m"
    try:
        while True:
            prompt = term.until(PROMPT)
            if prompt.startswith("you leave"):
                break
            if prompt.startswith("show or muck"):
                term.type(next(answers, last))
            elif prompt.startswith("[enter]"):
                term.type("")
            else:
                term.type(action)
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    return term.screen


@pytest.mark.parametrize("answer", ["m", "s"])
def test_a_losing_hand_is_shown_or_mucked_as_its_player_answers(answer: str) -> None:
    screen = _play("--seed", "1", "--seats", "3", "--rounds", "1", at_showdown=["x", answer])
    showdown = DUNEDIN_HOUSE.showdown_clause
    # the hand shown first beats yours: you are asked, citing the showdown's clause
    asked = re.search(
        r"  (\S+) shows (\S\S \S\S)\n"
        r"your hand (\S\S \S\S) does not beat the hand shown: you need not show it "
        rf"\({re.escape(showdown)}\); s show, m muck\nshow or muck\? > ",
        screen,
    )
    assert asked is not None, screen
    assert asked.group(1) != "seat"
    assert "not understood: 'x'; s shows your hand, m mucks it" in screen
    mine = asked.group(3)
    if answer == "m":
        assert "  seat 1 (you) mucks\n" in screen
        assert "seat 1 (you) shows" not in screen
    else:
        assert f"  seat 1 (you) shows {mine}\n" in screen
        assert "seat 1 (you) mucks" not in screen
    assert re.search(rf"{re.escape(asked.group(1))} is paid \d+ \(dunedin-house", screen)


def test_every_hand_is_tabled_once_a_player_is_all_in_and_the_betting_is_over() -> None:
    screen = _play(
        "--seed", "1", "--seats", "3", "--rounds", "1", "--bots", "calling-station",
        at_showdown=[], action="a",
    )  # fmt: skip
    clause = DUNEDIN_HOUSE.all_in_showdown_clause
    assert clause
    assert "(all-in)" in screen
    said = (
        f"  a player is all in and the betting is over: every hand is turned face up ({clause})\n"
    )
    assert said in screen, screen
    after = screen[screen.index(said) :]
    shown = re.findall(r"  (seat 1 \(you\)|calling-station-\d) shows \S\S \S\S\n", after)
    assert sorted(shown) == ["calling-station-2", "calling-station-3", "seat 1 (you)"]
    assert "show or muck" not in screen
    assert " mucks" not in screen
