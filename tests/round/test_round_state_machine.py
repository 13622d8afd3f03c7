"""A round as a hypothesis state machine: legal actions, refused commands, the floor taking
actions back and play going on from there, and the round rebuilt from its events and played on.

tests/round/test_round_properties.py walks rounds to the end and checks that undo and from_events
reproduce the state; here the undone or rebuilt round *becomes* the round in play, so a state
restored by either must behave exactly as the original would from then on (hypothesis shrinks
a failure to the shortest sequence of steps). After every step: chips conserved, no negative
stack, the round is the fold of its events, refusals cite a clause and change nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from croupier.round import Round
from croupier.rules import IllegalAction
from support.round import (
    Dealer,
    Setup,
    check_invariants,
    check_refused,
    next_command,
    refused_commands,
    setups,
    snapshot,
)


class RoundMachine(RuleBasedStateMachine):
    """One round under random rules; each rule is one thing the table or the floor does."""

    s: Setup
    r: Round
    dealer: Dealer

    @initialize(s=setups())
    def deal(self, s: Setup) -> None:
        self.s = s
        self.r = Round(s.config)
        self.dealer = Dealer(s)
        # before each command since the round began (or was rebuilt): where the live dealer's
        # deck stood, and the round as it was
        self.dealt_at: list[int] = []
        self.history: list[tuple[object, ...]] = []

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """The next legal step: an action offered, cards dealt, a hand shown or mucked."""
        if self.r.is_over:
            self.refused(data)
            return
        self.dealt_at.append(self.dealer.pos)
        self.history.append(snapshot(self.r))
        cmd = next_command(data, self.r, self.s, self.dealer)
        if cmd is None:
            self.r.resolve_showdown()
        else:
            self.r.apply(cmd)

    @rule(data=st.data())
    def refused(self, data: st.DataObject) -> None:
        """A command the rules refuse, in whatever state the round is."""
        cmds = refused_commands(self.r, self.s, self.r.legal_actions())
        check_refused(self.r, data.draw(st.sampled_from(cmds), label="refused"))

    @rule(data=st.data())
    def floor_takes_back(self, data: st.DataObject) -> None:
        """The floor takes back the last few commands; play resumes on that round. Once the
        round has ended its result stands, and nothing is taken back past the last command."""
        if self.r.is_over or not self.dealt_at:
            before = snapshot(self.r)
            with pytest.raises(IllegalAction) as info:
                self.r.undo(len(self.dealt_at) + 1)
            assert info.value.ruling.clause == "croupier undo"
            assert snapshot(self.r) == before
            return
        k = data.draw(st.integers(1, len(self.dealt_at)), label="commands taken back")
        undone = self.r.undo(k)
        assert snapshot(undone) == self.history[-k], f"undo({k}) is not the round {k} back"
        again = Round.from_events(self.s.config, undone.events)
        assert snapshot(undone) == snapshot(again), "an undone round is the fold of its events"
        self.r = undone
        del self.history[-k:]
        event("taken back and played on")
        self.dealer.pos = self.dealt_at[-k]
        del self.dealt_at[-k:]

    @rule()
    def rebuilt(self) -> None:
        """The round is rebuilt from its events (a restart, a replica) and play goes on there."""
        again = Round.from_events(self.s.config, self.r.events)
        assert snapshot(again) == snapshot(self.r)
        self.r = again
        self.dealt_at, self.history = [], []  # events carry no command boundaries
        event("rebuilt")

    @invariant()
    def holds(self) -> None:
        if hasattr(self, "r"):
            check_invariants(self.r, self.s)


RoundMachine.TestCase.settings = settings(
    max_examples=100,
    stateful_step_count=60,
    deadline=None,
    derandomize=True,  # the same runs on every machine, as CI needs
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_round_state_machine = RoundMachine.TestCase
