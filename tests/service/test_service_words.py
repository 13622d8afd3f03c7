"""An accepted command's events in words (croupier.service.words): what the staff screens'
status line says, never an event's class name."""

from __future__ import annotations

import re

from croupier.room import events as ev
from croupier.room import tournaments as tr
from croupier.service.words import said, spelt
from croupier.table import events as te
from croupier.table.button import Status
from croupier.tournament import events as tv

CLASS_NAME = re.compile(r"\b[A-Z][a-z]+[A-Z]\w*")  # CashedOut, AtTableEvent


def test_a_cash_out_is_said_in_words() -> None:
    lines = said(
        [
            ev.AtTableEvent("2", te.PlayerLeft("alice", 500, "dunedin-house 33")),
            ev.CashedOut("alice", "2", 500, "dunedin-house 33"),
        ]
    )
    assert lines == ["alice leaves table 2 with 500 chips", "Cashed out 500 for alice at table 2"]
    assert not any(CLASS_NAME.search(line) for line in lines)


def test_the_cage_and_the_floor_in_words() -> None:
    lines = said(
        [
            ev.BoughtIn("zoe", "qld-1", 250),
            ev.AtTableEvent("qld-1", te.StatusChanged("zoe", Status.SITTING_OUT, "x")),
            ev.PrizePaid("zoe", "sat-1", 100),
            tr.AtTournamentEvent("sat-1", tv.Eliminated(("bot1", "bot2"), (10, 20), "x")),
            ev.AtTableEvent("qld-1", te.RoundReopened(3, "qld-holdem-2005 s6")),
        ]
    )
    assert lines == [
        "Took 250 in cash for zoe's chips at table qld-1",
        "zoe is now sitting out at table qld-1",
        "Paid a prize of 100 to zoe from sat-1",
        "bot1 and bot2 eliminated from sat-1",
        "the round at table qld-1 is reopened (3 commands taken back)",
    ]


def test_an_event_without_words_of_its_own_is_spelt_out() -> None:
    tick = tr.AtTournamentEvent("sat-1", tv.ClockTicked(5, 100))  # bookkeeping: not said
    lines = said([tick, tr.AtTournamentEvent("sat-1", tv.HandForHand(True, "x"))])
    assert lines == ["sat-1: hand for hand"]
    assert spelt("SeatChanged") == "seat changed"
    assert not any(CLASS_NAME.search(line) for line in lines)
