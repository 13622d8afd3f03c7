"""Heads-up tournaments: rounds of best-of-three matches (qld-tournament-2020 4.45).

Each heads-up round is at most three matches; the first player to win two advances (4.45(1)).
Every match starts with equal chips, and a match ends when one player holds them all (2
"Match"). Heads-up, the button posts the small blind and acts first before the flop (4.35).
Pairings are drawn by ballot (4.6); when the field is not a power of two, the first round
gives byes (a house reading: the rules are silent). Players knocked out in the same round
share the places they take and their prizes equally (4.19 read for a bracket).

Randomness (the draw and the bots) and the cards are inputs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from croupier.cards import Card
from croupier.round import Command, Round, RoundConfig
from croupier.tournament.clock import Clock
from croupier.tournament.conditions import Conditions
from croupier.tournament.payouts import Prize, schedule, shared_places

Chooser = Callable[[Round, str], Command]
# Told of every finished hand: the round, who sat where (position 0 first after the button),
# the hand's number in its match and the schedule index of its level.
OnHand = Callable[[Round, tuple[str, str], int, int], None]


@dataclass(frozen=True)
class Match:
    """One match: who played, who won, and each hand's stacks after it."""

    players: tuple[str, str]
    winner: str
    hands: int
    stacks: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class HeadsUpRound:
    players: tuple[str, str]
    matches: tuple[Match, ...]
    winner: str
    clause: str = ""  # not read: the tournament cites its own rules (kept for stored results)

    @property
    def loser(self) -> str:
        return self.players[1] if self.winner == self.players[0] else self.players[0]


@dataclass(frozen=True)
class HeadsUpResult:
    rounds: tuple[tuple[HeadsUpRound, ...], ...]  # by stage, first round first
    byes: tuple[str, ...]
    places: tuple[tuple[str, int, int], ...]  # (player, place, cash)
    prizes: tuple[Prize, ...]
    pool: int


def play_match(
    cond: Conditions,
    players: tuple[str, str],
    decks: Iterator[Sequence[Card]],
    choose: Chooser,
    hand_seconds: int = 60,
    max_hands: int = 100_000,
    on_hand: OnHand | None = None,
) -> Match:
    """A match: equal chips (4.45(1)); the button moves every hand; the blinds follow the
    conditions' levels on the match's own clock; it ends when one player has every chip."""
    stacks = dict.fromkeys(players, cond.starting_stack)
    clock = Clock(cond.levels)
    button = 0
    history: list[tuple[int, int]] = []
    rules = cond.rulebook
    for _ in range(max_hands):
        level = clock.play_level()
        order = (players[1 - button], players[button])  # position 0 first after the button
        # heads-up the engine has the button (position 1) post the small blind (4.35)
        cfg = RoundConfig(
            stacks=(stacks[order[0]], stacks[order[1]]),
            blinds=(level.small_blind, level.big_blind),
            min_bet=level.big_blind,
            rulebook=rules,
            game=cond.game_rules,
            structure=cond.structure_for(level),
            deck_order=tuple(next(decks)),
        )
        r = Round(cfg)
        while not r.is_over:
            actor = r.actor
            assert actor is not None
            r.apply(choose(r, order[actor]))
        stacks[order[0]], stacks[order[1]] = r.stacks
        if on_hand is not None:
            on_hand(r, order, len(history) + 1, clock.index)
        history.append((stacks[players[0]], stacks[players[1]]))
        if 0 in stacks.values():
            winner = players[0] if stacks[players[0]] else players[1]
            return Match(players, winner, len(history), tuple(history))
        button = 1 - button
        clock = clock.tick(hand_seconds)
    raise RuntimeError(f"no match winner after {max_hands} hands")


def best_of_three(
    cond: Conditions,
    players: tuple[str, str],
    decks: Iterator[Sequence[Card]],
    choose: Chooser,
    on_hand: OnHand | None = None,
) -> HeadsUpRound:
    """qld-tournament-2020 4.45(1): up to three matches; the first to win two advances."""
    wins = dict.fromkeys(players, 0)
    matches: list[Match] = []
    while max(wins.values()) < 2:
        # each match the other player starts on the button
        pair = players if len(matches) % 2 == 0 else (players[1], players[0])
        m = play_match(cond, pair, decks, choose, on_hand=on_hand)
        matches.append(m)
        wins[m.winner] += 1
    winner = max(wins, key=lambda p: wins[p])
    return HeadsUpRound(players, tuple(matches), winner)


def run_heads_up(
    cond: Conditions,
    players: Sequence[str],
    rng: random.Random,
    decks: Iterator[Sequence[Card]],
    choose: Chooser,
    on_hand: OnHand | None = None,
) -> HeadsUpResult:
    """A heads-up knockout: draw, byes, rounds of best of three, places and prizes."""
    if len(players) < 2:
        raise ValueError("a heads-up tournament needs two players")
    field = list(players)
    rng.shuffle(field)  # the ballot (4.6)
    size = 1
    while size < len(field):
        size *= 2
    byes = tuple(field[: size - len(field)])
    alive = field[len(byes) :]
    pool = cond.entry_fee * len(players) + cond.added_prize - cond.commission * len(players)
    prizes = schedule(
        pool, len(players), cond.payouts, cond.payout_per_mille, cond.payout_unit,
        cond.satellite_seat_value, cond.satellite_target,
    )  # fmt: skip
    stages: list[tuple[HeadsUpRound, ...]] = []
    places: list[tuple[str, int, int]] = []
    while len(alive) + len(byes) > 1 or len(alive) > 1:
        rounds = tuple(
            best_of_three(cond, (alive[i], alive[i + 1]), decks, choose, on_hand)
            for i in range(0, len(alive) - 1, 2)
        )
        stages.append(rounds)
        losers = [r.loser for r in rounds]
        remaining = len(players) - len(places) - len(losers)
        places += shared_places(prizes, remaining + 1, losers)
        alive = [*byes, *(r.winner for r in rounds)]
        byes = ()
    places.append((alive[0], 1, prizes[0].cash if prizes else 0))
    return HeadsUpResult(tuple(stages), tuple(field[: size - len(field)]), tuple(places),
                         tuple(prizes), pool)  # fmt: skip
