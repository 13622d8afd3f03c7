"""Hidden information (issue 12, item 5): no event carries the undealt deck order, a bot's input
is its seat's view, the play commands publish a verifiable deck commitment, and the source of
the cards is recorded."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import croupier.table.commands as C  # noqa: N812
from croupier.cards import Card, Deck
from croupier.cli import app
from croupier.round import Game, Round, RoundConfig
from croupier.round.commands import Command
from croupier.round.events import BoardDealt, CardBurned, HoleDealt
from croupier.rules import IllegalAction
from croupier.shoe import Shoe, commitment_of, verify_commitment
from croupier.sim.bots import Bot, make_bot
from croupier.sim.simulate import _Sim, simulate
from croupier.table.events import CardsDealt, RoundStarted, TableEvent
from croupier.table.presets import preset
from croupier.table.table import Table
from croupier.tournament.events import HandPlayed, TournamentStarted
from croupier.tournament.runner import run_heads_up_tournament, run_tournament
from croupier.uth import TableLimits, UthConfig
from croupier.uth.commands import Deal, Fold, PlaceWagers
from croupier.uth.table import Shuffled, UthTable
from croupier.views import (
    RoundView,
    Viewer,
    actor_view,
    project_round_events,
    project_table_events,
    round_view,
    seat_view,
    table_view,
)
from support.build import round_config
from support.tournament import EXAMPLES

RULEBOOKS = ("dunedin-house", "act-omaha-2017", "qld-holdem-2005")


def walk(x: Any) -> Iterator[Any]:
    """Everything reachable from ``x``: dataclass fields (slots or not), containers, their
    items. The rules of a game (:class:`Game`: its deck is the set of cards, public) are
    skipped."""
    stack = [x]
    while stack:
        o = stack.pop()
        yield o
        if isinstance(o, (str, bytes, int, float, enum.Enum, Game)) or o is None:
            continue
        if dataclasses.is_dataclass(o) and not isinstance(o, type):
            stack.extend(getattr(o, f.name) for f in dataclasses.fields(o))
        elif isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (tuple, list, set, frozenset)):
            stack.extend(o)


def cards_in(x: Any) -> set[Card]:
    return {o for o in walk(x) if isinstance(o, Card)}


def dealt_cards(events: list[Any]) -> set[Card]:
    out: set[Card] = set()
    for e in walk(events):
        if isinstance(e, HoleDealt | BoardDealt):
            out.update(c for c in e.cards if c is not None)
        elif isinstance(e, CardBurned) and e.card is not None:
            out.add(e.card)
    return out


def assert_no_undealt(events: list[Any], order: tuple[Card, ...]) -> None:
    """No event, field by field or in its repr, holds a card of ``order`` not yet dealt."""
    dealt = dealt_cards(events)
    undealt = [c for c in order if c not in dealt]
    assert undealt, "the whole deck was dealt: the check proves nothing"
    leaked = cards_in(events) - dealt
    assert not leaked, f"undealt cards in the events: {sorted(leaked)}"
    for e in events:
        text = repr(e)
        assert not any(repr(c) in text for c in undealt), f"undealt card in {text[:200]}"
        for o in walk(e):
            if isinstance(o, (tuple, list)) and len(o) > 10 and any(isinstance(c, Card) for c in o):
                raise AssertionError(f"a sequence of {len(o)} cards in {type(e).__name__}")


def seat(t: Table, players: int, chips: int = 300) -> None:
    for i in range(players):
        t.apply(C.SitDown(f"p{i}", i + 1, chips, 0, True))


def play_round(t: Table, deck: Any, rng: random.Random, bot: Bot, at: int) -> list[TableEvent]:
    mark = len(t.events)
    t.apply(C.StartRound.dealt_from(deck, at))
    while t.round is not None:
        t.apply(C.Act(bot.act(actor_view(t.round), rng), at))
    return t.events[mark:]


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_no_table_event_carries_the_undealt_deck_order(rulebook: str) -> None:
    cfg = preset(rulebook, None, None, 6)
    t = Table(cfg)
    seat(t, 6)
    shoe, rng = Shoe(cfg.game.deck, seed=1), random.Random(2)
    for hand in range(12):
        deck = shoe.shuffle()
        events = play_round(t, deck, rng, make_bot("random"), 60 * hand)
        assert_no_undealt(events, deck.order)
        started = next(e for e in events if isinstance(e, RoundStarted))
        assert started.config.deck_order is None and started.config.automatic
        assert (started.commitment, started.shoe) == (deck.commitment, "seeded:1")
        for _, s in t.seating.seats:  # keep everyone in the game
            if t.stacks[s.player] < cfg.stakes.min_table_stake:
                t.apply(C.AddChips(s.player, 300 - t.stacks[s.player]))


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_a_table_is_rebuilt_from_the_cards_dealt_and_deals_on_with_the_held_deck(
    rulebook: str,
) -> None:
    cfg = preset(rulebook, None, None, 4)
    shoe, rng = Shoe(cfg.game.deck, seed=7), random.Random(3)
    live = Table(cfg)
    seat(live, 4)
    bot = make_bot("calling-station")
    for hand in range(3):
        deck = shoe.shuffle()
        live.apply(C.StartRound.dealt_from(deck, hand))
        # mid-round: a table rebuilt from the events alone, then handed the dealer's deck
        rebuilt = Table.from_events(cfg, live.events)
        assert rebuilt.round is not None and live.round is not None
        assert rebuilt.round.events == live.round.events
        assert rebuilt.round.hole == live.round.hole
        assert Round.from_events(live.round.config, live.round.events).hole == live.round.hole
        with pytest.raises(IllegalAction):
            rebuilt.hold_deck(shoe.shuffle().order)  # not the deck this round was dealt from
        rebuilt.hold_deck(deck.order)
        while live.round is not None:
            cmd = C.Act(bot.act(actor_view(live.round), rng), hand)
            assert live.apply(cmd) == rebuilt.apply(cmd)
        assert rebuilt.events == live.events and rebuilt.stacks == live.stacks
        again = Table.from_events(cfg, live.events)
        assert (again.stacks, again.hands, again.seating) == (live.stacks, live.hands, live.seating)
    assert any(isinstance(e, CardsDealt) for e in live.events)


def test_a_round_is_rebuilt_from_its_events_without_the_deck() -> None:
    order = Shoe(Deck.standard(), seed=4).shuffle().order
    cfg = round_config((100, 100, 100), (1, 2, 0), min_bet=2, deck_order=order)
    r = Round(cfg)
    rng = random.Random(1)
    bot = make_bot("random")
    while not r.is_over:
        r.apply(bot.act(actor_view(r), rng))
    sealed = cfg.sealed()
    assert sealed.deck_order is None and sealed.automatic and "Card(" not in repr(sealed)
    again = Round.from_events(sealed, r.events)
    assert (again.stacks, again.board, again.hole, again.street) == (
        r.stacks,
        r.board,
        r.hole,
        r.street,
    )
    assert_no_undealt(r.events, order)


def test_a_round_dealt_by_its_table_waits_for_the_cards_and_takes_them_as_dealt() -> None:
    order = Shoe(Deck.standard(), seed=9).shuffle().order
    sealed = round_config((50, 50), (1, 2), min_bet=2, croupier_deals=True)
    r = Round(sealed)
    assert r.awaiting() == "hole"
    holes = r.deal_due(order)
    assert [type(e) for e in holes] == [HoleDealt, HoleDealt] and r.awaiting() == "hole"
    r.record_dealt(holes)
    assert r.awaiting() == "action"
    with pytest.raises(IllegalAction):
        r.record_dealt([r.events[0]])  # a blind is not a card dealt
    standalone = Round(round_config((50, 50), (1, 2), min_bet=2, deck_order=order))
    assert standalone.events == r.events


def test_uth_table_events_hold_a_salted_commitment_and_no_undealt_card() -> None:
    tbl = UthTable(UthConfig(TableLimits(5, 100)), bank=10_000)
    tbl.seat(1, "ann", 500)
    shoe = Shoe(Deck.standard(), seed=5)
    deck = shoe.shuffle()
    r = tbl.new_round(deck)
    r.apply(PlaceWagers(1, "ann", 10, 10))
    r.apply(Deal())
    r.apply(Fold(1))
    tbl.finish_round()
    shuffled = [e for e in tbl.events if isinstance(e, Shuffled)]
    assert [e.commitment for e in shuffled] == [deck.commitment]
    assert verify_commitment(shuffled[0].commitment, deck.order, deck.salt)
    unsalted = hashlib.sha256(bytes(deck.order)).hexdigest()
    assert unsalted not in repr(tbl.events) and unsalted != shuffled[0].commitment
    dealt = {e.card for e in r.events if hasattr(e, "card")}
    leaked = cards_in(tbl.events) - dealt
    assert not leaked
    assert len([c for c in deck.order if c not in dealt]) > 40


def test_tournament_events_carry_no_deck_order() -> None:
    from croupier.tournament.conditions import load_conditions

    t, _ = run_tournament(load_conditions(EXAMPLES / "small.toml"), 9, seed=3)
    hands = [e for e in t.events if isinstance(e, HandPlayed)]
    assert hands
    for e in t.events:
        for o in walk(e):
            assert not isinstance(o, RoundConfig), type(e).__name__
            if isinstance(o, (tuple, list)) and len(o) > 10:
                assert not any(isinstance(c, Card) for c in o), type(e).__name__
    for h in hands:
        assert cards_in(h) <= dealt_cards(list(h.round_events))


# ---------------------------------------------------------------------------------------------
# Views: what a seat, the dealer and spectators see


class Spy:
    """A real bot that keeps every input it was given."""

    def __init__(self, bot: Bot, seen: list[Any]) -> None:
        self.bot, self.seen, self.name = bot, seen, bot.name

    def act(self, view: RoundView, rng: random.Random) -> Command:
        self.seen.append(view)
        return self.bot.act(view, rng)


def assert_only_what_the_seat_sees(view: Any) -> None:
    assert isinstance(view, RoundView), f"a bot was given a {type(view).__name__}"
    assert view.seat is not None and view.seat == view.actor
    allowed = set(view.own_hole) | set(view.board) | set(view.exposed)
    allowed |= {c for s in view.shown if s for c in s}
    assert cards_in(view) <= allowed
    others = [h for p, h in enumerate(view.hole) if p != view.seat]
    assert others == [None] * (view.players - 1)


def test_simulate_hands_each_bot_only_its_own_seat_view() -> None:
    # the bots are made through simulate's own parameter: a compiled simulate binds its
    # module's names when built, so patching the module would watch nothing
    seen: list[Any] = []
    spy = lambda name: Spy(make_bot(name), seen)  # noqa: E731
    report = simulate(preset("dunedin-house", None, None, 6), 30, seed=5, seats=6, bots=spy)
    assert report.rounds == 30 and len(seen) > 100
    for view in seen:
        assert_only_what_the_seat_sees(view)


def test_the_tournament_runner_hands_each_bot_only_its_own_seat_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from croupier.sim.bots import RandomBot, TightAggressive
    from croupier.tournament import runner
    from croupier.tournament.conditions import load_conditions

    seen: list[Any] = []
    monkeypatch.setattr(runner, "TightAggressive", lambda: Spy(TightAggressive(), seen))
    monkeypatch.setattr(runner, "RandomBot", lambda: Spy(RandomBot(), seen))
    run_tournament(load_conditions(EXAMPLES / "small.toml"), 9, seed=3)
    run_heads_up_tournament(load_conditions(EXAMPLES / "heads_up.toml"), 4, seed=1)
    assert len(seen) > 100
    for view in seen:
        assert_only_what_the_seat_sees(view)


@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_seat_dealer_and_spectator_views(rulebook: str) -> None:
    cfg = preset(rulebook, None, None, 4)
    t = Table(cfg)
    seat(t, 4)
    deck = Shoe(cfg.game.deck, seed=2).shuffle()
    t.apply(C.StartRound.dealt_from(deck, 0))
    r = t.round
    assert r is not None
    for p in range(r.n):
        v = seat_view(r, p)
        assert v.hole[p] == r.hole[p] and v.own_hole == r.hole[p]
        assert cards_in(v) == set(r.hole[p] or ())  # no board yet: only its own cards
        assert (v.legal is not None) == (p == r.actor)
    assert round_view(r, Viewer.DEALER).hole == tuple(r.hole)
    assert round_view(r, Viewer.SPECTATOR).hole == (None,) * r.n
    me = t.players[1]
    tv = table_view(t, me)
    assert tv.round is not None and tv.round.seat == 1
    assert cards_in(table_view(t, "nobody")) == set()
    for who, visible in ((me, {1}), (Viewer.SPECTATOR, set()), (Viewer.DEALER, set(range(4)))):
        sent = project_table_events(t.events, who)
        holes = [e for d in sent if isinstance(d, CardsDealt) for e in d.events]
        shown = {e.player for e in holes if isinstance(e, HoleDealt) and None not in e.cards}
        assert shown == visible
        assert not any(
            isinstance(e, CardBurned) and e.card is not None and who != Viewer.DEALER for e in holes
        )
    events = project_round_events(r.events, 0)
    assert cards_in(events) == set(r.hole[0] or ())


# ---------------------------------------------------------------------------------------------
# The command line: a commitment before the deal, the reveal after it, the source recorded

run = CliRunner().invoke


def verify_output(output: str) -> tuple[str, list[int]]:
    """The commitment printed before the deal, checked against the salt and order revealed."""
    commitment = re.search(r"deck commitment ([0-9a-f]{64}) \((\S+) shoe\)", output)
    salt = re.search(r"deck revealed: salt ([0-9a-f]{64})", output)
    ids = re.search(r"order \(card ids, top card first\) ([0-9,]+)", output)
    assert commitment and salt and ids, output
    assert output.index(commitment.group(0)) < output.index(salt.group(0))
    order = [int(i) for i in ids.group(1).split(",")]
    digest = hashlib.sha256(bytes.fromhex(salt.group(1)) + bytes(order)).hexdigest()
    assert digest == commitment.group(1)
    assert verify_commitment(commitment.group(1), order, bytes.fromhex(salt.group(1)))
    return commitment.group(2), order


@pytest.mark.parametrize("seed", [None, 5])
def test_play_publishes_the_commitment_and_reveals_salt_and_order(seed: int | None) -> None:
    args = ["play", "--seats", "2", "--rounds", "1", "--bots", "calling-station"]
    r = run(app, args + ([] if seed is None else ["--seed", str(seed)]), input="c\nm\n" * 40)
    assert r.exit_code == 0, r.output
    source, order = verify_output(r.output)
    assert source == ("secure" if seed is None else f"seeded:{seed}")
    mine = re.search(r"your cards: (\S+) (\S+)", r.output)
    assert mine is not None
    deck = Deck.standard().cards
    first = {str(deck[i]) for i in order[:4]}  # two players' hole cards come off the top
    assert {mine.group(1), mine.group(2)} <= first


def test_uth_play_publishes_the_full_commitment_and_reveals_salt_and_order() -> None:
    r = run(app, ["uth", "play", "--rounds", "1"], input="10\n\nfold\n\n")
    assert r.exit_code == 0, r.output
    source, order = verify_output(r.output)
    assert source == "secure" and sorted(order) == list(range(52))


def test_simulate_defaults_to_a_secure_shoe_and_records_it() -> None:
    cfg = preset("dunedin-house", None, None, 6)
    for seed, source in ((None, "secure"), (4, "seeded:4")):
        sim = _Sim(cfg, seed, 6)
        sim.between_rounds()
        sim.play_round()
        started = [e for e in sim.table.events if isinstance(e, RoundStarted)]
        assert [e.shoe for e in started] == [source]
        assert len(started[0].commitment) == 64
    r = run(app, ["simulate", "--hands", "3", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["shoe"] == "secure"
    r = run(app, ["simulate", "--hands", "3", "--json", "--seed", "2"])
    assert json.loads(r.output)["shoe"] == "seeded:2"


def test_tournament_run_defaults_to_a_secure_shoe_and_records_it(tmp_path: Path) -> None:
    from croupier.tournament.conditions import load_conditions

    cond = load_conditions(EXAMPLES / "small.toml")
    t, _ = run_tournament(cond, 6)
    assert [e.shoe for e in t.events if isinstance(e, TournamentStarted)] == ["secure"]
    t, _ = run_tournament(cond, 6, seed=2)
    assert [e.shoe for e in t.events if isinstance(e, TournamentStarted)] == ["seeded:3"]
    hu, _, _ = run_heads_up_tournament(load_conditions(EXAMPLES / "heads_up.toml"), 4)
    assert [e.shoe for e in hu.events if isinstance(e, TournamentStarted)] == ["secure"]
    r = run(app, ["tournament", "run", str(EXAMPLES / "small.toml"), "--bots", "6", "--json",
                  "--out", str(tmp_path), "--no-histories"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["shoe"] == "secure"


def test_a_commitment_is_salted() -> None:
    deck = Shoe(Deck.standard()).shuffle()
    assert deck.source == "secure"
    assert deck.commitment == commitment_of(deck.order, deck.salt)
    assert deck.commitment != hashlib.sha256(bytes(deck.order)).hexdigest()
    assert "Card(" not in repr(deck) and "Card(" not in repr(C.StartRound.dealt_from(deck))
