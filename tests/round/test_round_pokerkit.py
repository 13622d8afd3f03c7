"""Differential test: croupier's round engine against pokerkit, round by round.

Thousands of random rounds of no-limit hold'em and pot-limit Omaha are played through both
engines with the same cards and the same random legal actions. At every decision point both
must name the same player to act and agree on what that player may do (check or call and its
amount, the smallest and largest raise); at the showdown both must form the same pots; at the
end both must leave the same stacks.

croupier runs under dunedin-house with no commission (pokerkit takes no rake); pokerkit runs in
tournament mode with every automation except dealing and showing, and is dealt the cards
croupier dealt (hole cards, burn cards, board) from the same shuffled deck. Where the two
engines differ the test aligns them and counts the cases:

* Heads-up, both engines swap the antes with the blinds, so a big-blind ante stays with the
  big blind.
* ``antes_dead`` is pokerkit's ``ante_trimming_status`` negated. With trimming on, pokerkit
  returns the part of a lone largest ante nobody matched; croupier keeps it as a pot only its
  owner can win. Stacks and pots are compared only where no ante is trimmed so.
* pokerkit's tournament mode refuses a fold when there is nothing to call (croupier allows
  it): the walk folds only when facing a bet.
* pokerkit measures a pre-flop short all-in against a full raise of nothing, so it reopens the
  betting to players who already acted; croupier measures it against the big blind and does
  not (dunedin-house 46). Counted; the walk does not raise there.
* pokerkit, having summed short all-ins to a full raise, forgets them but not who had acted,
  so a later short all-in closes the betting to a player facing more than a full raise in
  total; croupier reopens it (dunedin-house 46). Counted; the walk does not raise there.
* pokerkit sometimes asks for a check from a player whose bet covers every opponent, all of
  them all-in; croupier has nothing to ask and moves on, so the test checks for pokerkit
  alone. Counted.
* Odd chips: both give a split's remainder to the lowest position, but pokerkit divides the
  pots it merges after killing the losing hands, so each player may differ by less than the
  split pots' remainders; counted separately and bounded.
"""

from __future__ import annotations

import os
import random
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pytest

from croupier.cards import Card, Deck
from croupier.round import BetRaise, CheckCall, Fold, Game, Round, RoundConfig, Structure
from croupier.round.betting import short_since_acted
from croupier.round.engine import LegalActions
from croupier.round.events import (
    Announcement,
    BoardDealt,
    CardBurned,
    CommissionTaken,
    Event,
    HandMucked,
    HandShown,
    HoleDealt,
    PotAwarded,
    RoundEnded,
)
from croupier.rules import DUNEDIN_HOUSE, IllegalAction
from support.build import round_config

pokerkit = pytest.importorskip("pokerkit")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
SETTLE_EVENTS = (HandShown, HandMucked, Announcement, CommissionTaken, PotAwarded, RoundEnded)
DECK = Deck.standard()


def _memoized(from_game: Callable[..., object]) -> Callable[..., object]:
    """pokerkit evaluates every hand again for each player it shows, kills and pays (95 % of
    its time here); hand evaluation is a pure function of the cards, so remember it."""
    cache: dict[tuple[tuple[object, ...], tuple[object, ...]], object] = {}

    def cached(hole_cards: Iterable[object], board_cards: Iterable[object] = ()) -> object:
        key = (tuple(hole_cards), tuple(board_cards))
        hand = cache.get(key)
        if hand is None:
            hand = cache[key] = from_game(*key)
        return hand

    return cached


@pytest.fixture
def fast_pokerkit(monkeypatch: pytest.MonkeyPatch) -> None:
    for cls in (pokerkit.StandardHighHand, pokerkit.OmahaHoldemHand):
        monkeypatch.setattr(cls, "from_game", staticmethod(_memoized(cls.from_game)))


# ---------------------------------------------------------------------------------------------
# Random configurations


@dataclass(frozen=True)
class Scenario:
    omaha: bool
    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    antes: tuple[int, ...]
    antes_dead: bool
    deck_order: tuple[Card, ...]

    @property
    def n(self) -> int:
        return len(self.stacks)

    def __repr__(self) -> str:
        game = "PLO" if self.omaha else "NLHE"
        deck = "".join(str(c) for c in self.deck_order)
        return (
            f"{game} stacks={self.stacks} blinds={self.blinds} antes={self.antes} "
            f"antes_dead={self.antes_dead} deck={deck}"
        )

    def config(self) -> RoundConfig:
        return round_config(
            stacks=self.stacks,
            blinds=self.blinds,
            min_bet=self.min_bet,
            antes=self.antes,
            rulebook=DUNEDIN_HOUSE,
            game=Game.omaha_game() if self.omaha else Game.holdem(),
            structure=Structure.pot_limit() if self.omaha else Structure.no_limit(),
            deck_order=self.deck_order,
            antes_dead=self.antes_dead,
        )

    def pokerkit_state(self) -> object:
        kind = pokerkit.PotLimitOmahaHoldem if self.omaha else pokerkit.NoLimitTexasHoldem
        antes = self.antes or (0,) * self.n
        return kind.create_state(
            AUTOMATIONS,
            not self.antes_dead,  # ante_trimming_status
            antes,
            self.blinds,
            self.min_bet,
            self.stacks,
            self.n,
            mode=pokerkit.Mode.TOURNAMENT,
        )

    def ante_trimmed(self) -> bool:
        """Whether pokerkit returns part of a lone largest ante at its bet collection."""
        if not self.antes or self.antes_dead:
            return False
        posted = sorted(min(a, s) for a, s in zip(self.antes, self.stacks, strict=True))
        return posted[-1] > posted[-2]


def random_scenario(rng: random.Random, omaha: bool) -> Scenario:
    n = rng.choice((2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 10))
    bb = rng.choice((2, 4, 10, 20, 25, 50, 100))
    sb = rng.choice((bb // 2, bb // 2, max(1, bb // 3), bb, 1))
    stacks = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.1:
            stacks.append(rng.randint(1, bb))  # may post the blind short
        elif kind < 0.4:
            stacks.append(rng.randint(bb, 8 * bb))
        elif kind < 0.75:
            stacks.append(rng.randint(8 * bb, 40 * bb))
        else:
            stacks.append(rng.randint(40 * bb, 250 * bb))
    blinds = (sb, bb, *([0] * (n - 2)))
    antes: tuple[int, ...] = ()
    antes_dead = False
    a = rng.random()
    if a < 0.15:  # the same ante from everyone, counted as each player's contribution
        antes = (max(1, bb // rng.choice((2, 5, 10))),) * n
    elif a < 0.25:  # the same ante from everyone, dead money in the main pot
        antes = (max(1, bb // rng.choice((2, 5, 10))),) * n
        antes_dead = True
    elif a < 0.35:  # a big-blind ante: one player antes for the table (dead)
        bb_seat = 0 if n == 2 else 1  # heads-up the button posts the small blind
        antes = tuple(bb if p == bb_seat else 0 for p in range(n))
        antes_dead = True
    deck = rng.sample(DECK.cards, DECK.size)  # the shoe's own tests cover Shoe; keep this apart
    return Scenario(omaha, tuple(stacks), blinds, bb, antes, antes_dead, tuple(deck))


# ---------------------------------------------------------------------------------------------
# Driving both engines


@dataclass
class Tally:
    rounds: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    showdowns: int = 0
    side_pots: int = 0
    all_in_rounds: int = 0
    min_raises: int = 0
    max_raises: int = 0
    all_in_raises: int = 0
    pots_compared: int = 0
    winners_compared: int = 0
    odd_chip: int = 0
    needless_decision: int = 0
    pk_short_all_ins_reset: int = 0
    pk_preflop_reopen: int = 0
    stalled: int = 0
    failures: list[str] = field(default_factory=list)


def cards_text(cards: tuple[Card | None, ...]) -> str:
    return "".join(str(c) for c in cards)


class Mismatch(AssertionError):
    """croupier and pokerkit disagree."""


class Stalled(Exception):
    """croupier's round waits for an action nobody can take (see the xfail test)."""


def check(ok: bool, what: str) -> None:
    if not ok:
        raise Mismatch(what)


class Duel:
    """One round played through croupier and pokerkit side by side."""

    def __init__(self, sc: Scenario, tally: Tally) -> None:
        self.sc = sc
        self.tally = tally
        self.cfg = sc.config()
        self.r = Round(self.cfg)
        self.pk = sc.pokerkit_state()
        self.cards: deque[Event] = deque()
        self.seen = 0
        self.pk_pots: list[tuple[int, tuple[int, ...]]] | None = None
        self.log: list[str] = []
        if self.r.actor is None and not self.r.is_over:
            raise Stalled("after the blinds nobody can act, yet croupier awaits an action")
        self._feed()

    def _feed(self) -> None:
        """Pass croupier's new dealing events to pokerkit, and show down when it asks."""
        new = self.r.events[self.seen :]
        self.seen = len(self.r.events)
        self.cards.extend(e for e in new if isinstance(e, (HoleDealt, CardBurned, BoardDealt)))
        pk = self.pk
        while True:
            if (
                pk.actor_index is not None
                and self.r.actor != pk.actor_index
                and pk.checking_or_calling_amount == 0
                and self._pk_nobody_can_call(pk.actor_index)
            ):
                # pokerkit asks for a check from a player whose bet covers every opponent;
                # croupier (with nothing to decide) has moved on
                self.tally.needless_decision += 1
                pk.check_or_call()
            elif pk.can_show_or_muck_hole_cards():
                if self.pk_pots is None:
                    self.pk_pots = [(p.amount, tuple(p.player_indices)) for p in pk.pots]
                pk.show_or_muck_hole_cards()
            elif pk.can_deal_hole() or pk.can_burn_card() or pk.can_deal_board():
                if not self.cards:
                    break  # croupier has not dealt yet: a decision is still due
                e = self.cards.popleft()
                if pk.can_deal_hole():
                    check(isinstance(e, HoleDealt), f"pokerkit deals hole cards; croupier: {e}")
                    assert isinstance(e, HoleDealt)
                    check(pk.hole_dealee_index == e.player, "hole cards dealt to another player")
                    pk.deal_hole(cards_text(e.cards))
                elif pk.can_burn_card():
                    check(isinstance(e, CardBurned), f"pokerkit burns a card; croupier: {e}")
                    assert isinstance(e, CardBurned)
                    pk.burn_card(str(e.card))
                else:
                    check(isinstance(e, BoardDealt), f"pokerkit deals the board; croupier: {e}")
                    assert isinstance(e, BoardDealt)
                    pk.deal_board(cards_text(e.cards))
            else:
                break
        check(not self.cards, f"croupier dealt {list(self.cards)} that pokerkit did not")

    def compare_legal(self, la: LegalActions) -> tuple[int | None, int | None]:
        """Compare what the player to act may do; return the raise bounds both allow."""
        pk, t = self.pk, self.tally
        check(pk.actor_index == la.player, f"actor: croupier {la.player}, pk {pk.actor_index}")
        call = pk.checking_or_calling_amount
        check(call == la.call_amount, f"call amount: croupier {la.call_amount}, pk {call}")
        check(la.can_check == (call == 0), f"can check: croupier {la.can_check}, pk call {call}")
        if not self.sc.ante_trimmed():
            check(pk.stacks == self.r.stacks, f"stacks: croupier {self.r.stacks}, pk {pk.stacks}")
            check(pk.bets == self.r.bets, f"bets: croupier {self.r.bets}, pk {pk.bets}")
            total = pk.total_pot_amount
            check(total == self.r.pot_total, f"pot: croupier {self.r.pot_total}, pk {total}")
        lo = pk.min_completion_betting_or_raising_to_amount
        hi = pk.max_completion_betting_or_raising_to_amount
        mine = (la.min_raise_to, la.max_raise_to)
        if mine[0] is None and lo is not None and short_since_acted(self.r, la.player):
            # pokerkit measures a pre-flop short all-in against nothing (its full raise starts
            # at 0), so it reopens the betting to a player who already acted; croupier measures
            # it against the big blind and does not (dunedin-house 46)
            t.pk_preflop_reopen += 1
            return None, None
        if lo is None and mine[0] is not None and self._pk_forgot_short_all_ins(la):
            t.pk_short_all_ins_reset += 1
            return None, None
        check(mine == (lo, hi), f"raise bounds: croupier {mine[0]}..{mine[1]}, pk {lo}..{hi}")
        return lo, hi

    def _pk_forgot_short_all_ins(self, la: LegalActions) -> bool:
        """pokerkit forgets the short all-ins it has summed to a full raise but keeps the players
        who acted before them as having acted, so a later short all-in closes the betting to
        them although they now face more than a full raise in total; dunedin-house 46 (and
        croupier) reopen it to a player facing at least a full raise."""
        pk = self.pk
        full = pk.completion_betting_or_raising_amount
        shorts = pk.consecutive_short_all_in_amounts
        return (
            la.player in pk.acted_player_indices
            and bool(shorts)
            and sum(shorts) < full <= la.call_amount
        )

    def _pk_nobody_can_call(self, p: int) -> bool:
        """In pokerkit's state: whether no other live player could put in more."""
        pk = self.pk
        top = max(pk.bets)
        return not any(
            i != p and pk.statuses[i] and pk.bets[i] + pk.stacks[i] > top for i in range(self.sc.n)
        )

    def _nobody_can_call(self, p: int) -> bool:
        """Whether no other live player could put in more than the current bet."""
        r = self.r
        return not any(
            i != p and not r.folded[i] and r.bets[i] + r.stacks[i] > r.current_bet
            for i in range(self.sc.n)
        )

    def step(self, rng: random.Random) -> None:
        r = self.r
        la = r.legal_actions()
        if la is None:
            raise Stalled(f"croupier awaits {r.awaiting()} with nobody to act")
        self.tally.decisions += 1
        lo, hi = self.compare_legal(la)
        p = la.player
        x = rng.random()
        if la.call_amount and x < 0.2:
            cmd: Fold | CheckCall | BetRaise = Fold(p)
        elif lo is None or hi is None or x < 0.65:
            cmd = CheckCall(p)
        else:
            y = rng.random()
            if y < 0.3:
                to = lo
                self.tally.min_raises += 1
            elif y < 0.5:
                to = hi
                self.tally.max_raises += 1
            elif y < 0.7 and lo <= la.all_in_to <= hi:
                to = la.all_in_to
                self.tally.all_in_raises += 1
            else:
                to = rng.randint(lo, hi)
            cmd = BetRaise(p, to)
        self._apply(cmd)

    def _apply(self, cmd: Fold | CheckCall | BetRaise, croupier_only: bool = False) -> None:
        self.log.append(repr(cmd))
        self.r.apply(cmd)
        if croupier_only:
            pass
        elif isinstance(cmd, Fold):
            self.pk.fold()
        elif isinstance(cmd, CheckCall):
            self.pk.check_or_call()
        else:
            self.pk.complete_bet_or_raise_to(cmd.to)
        self._feed()

    def finish(self) -> None:
        r, pk, sc, t = self.r, self.pk, self.sc, self.tally
        check(not pk.status, "pokerkit's round has not ended")
        check(not self.cards, f"croupier dealt {list(self.cards)} that pokerkit did not")
        if any(getattr(e, "all_in", False) for e in r.events):
            t.all_in_rounds += 1
        if self.pk_pots is not None:
            t.showdowns += 1
            # croupier's pots as they stood when the betting ended, before any hand was shown
            cut = next(i for i, e in enumerate(r.events) if isinstance(e, SETTLE_EVENTS))
            before = Round.from_events(self.cfg, r.events[:cut])
            mine = [(pot.amount, pot.eligible) for pot in before.pots()]
            if len(mine) > 1:
                t.side_pots += 1
            if not sc.ante_trimmed():
                check(mine == self.pk_pots, f"pots: croupier {mine}, pk {self.pk_pots}")
                t.pots_compared += 1
        winners = {e.player for e in r.events if isinstance(e, PotAwarded)}
        pushed = {
            i
            for op in pk.operations
            if isinstance(op, pokerkit.ChipsPushing)
            for i, a in enumerate(op.amounts)
            if a > 0
        }
        check(winners == pushed, f"winners: croupier {sorted(winners)}, pk {sorted(pushed)}")
        t.winners_compared += 1
        shares: dict[int, list[tuple[int, int]]] = {}
        for e in r.events:
            if isinstance(e, PotAwarded):
                shares.setdefault(e.pot, []).append((e.player, e.amount))
        for pot, split in shares.items():
            # croupier's own rule, checked here because pokerkit cannot check it: equal shares,
            # the remainder to the first winner clockwise from the button
            amounts = [a for _, a in sorted(split)]
            first, rest = amounts[0], amounts[1:]
            check(
                all(a == rest[0] for a in rest) and 0 <= first - rest[0] < len(amounts)
                if rest
                else True,
                f"pot {pot} split {sorted(split)}: not equal shares with the odd chip first",
            )
        got, want = list(r.stacks), list(pk.stacks)
        if got == want:
            return
        # odd chips of split pots: croupier gives each pot's remainder to its first winner
        # clockwise from the button; pokerkit does the same, but over the pots it merges after
        # killing the losing hands, so the remainders fall differently. A pot split w ways has
        # a remainder below w, so no player can differ by more than the sum of (w - 1).
        diff = [g - w for g, w in zip(got, want, strict=True)]
        ways = Counter(e.pot for e in r.events if isinstance(e, PotAwarded))
        bound = sum(w - 1 for w in ways.values())
        check(
            bound > 0 and sum(diff) == 0 and all(abs(d) <= bound for d in diff),
            f"stacks: croupier {got}, pk {want}",
        )
        t.odd_chip += 1


def play(sc: Scenario, rng: random.Random, tally: Tally) -> None:
    tally.rounds["omaha" if sc.omaha else "holdem"] += 1
    d: Duel | None = None
    try:
        d = Duel(sc, tally)
        while not d.r.is_over:
            d.step(rng)
        d.finish()
    except Stalled:
        tally.stalled += 1
    except (Mismatch, IllegalAction, ValueError) as e:
        log = d.log if d is not None else []
        tally.failures.append(f"{type(e).__name__}: {e}\n  {sc}\n  actions: {log}")


def run(seed: int, rounds: int) -> Tally:
    """Play ``rounds`` rounds, alternately no-limit hold'em and pot-limit Omaha."""
    rng = random.Random(seed)
    tally = Tally()
    for k in range(rounds):
        play(random_scenario(rng, omaha=k % 2 == 1), rng, tally)
    return tally


def assert_agree(t: Tally, rounds: int) -> None:
    assert not t.failures, f"{len(t.failures)} disagreement(s):\n" + "\n".join(t.failures[:5])
    assert t.rounds["holdem"] + t.rounds["omaha"] == rounds
    assert t.rounds["omaha"] == rounds // 2
    compared = rounds
    assert t.stalled == 0, "croupier stalled: it waited for an action nobody can take"
    # the walk reaches what it is meant to reach
    assert t.decisions > 5 * compared
    assert t.showdowns > compared // 20
    assert t.side_pots > t.showdowns // 4
    assert t.all_in_rounds > compared // 10
    assert t.pots_compared > t.showdowns * 9 // 10
    assert t.min_raises and t.max_raises and t.all_in_raises
    assert t.odd_chip <= t.showdowns // 20


@pytest.mark.usefixtures("fast_pokerkit")
def test_a_few_hundred_rounds_agree_with_pokerkit() -> None:
    assert_agree(run(seed=20240601, rounds=300), 300)


def test_pokerkit_forgets_short_all_ins_summed_to_a_full_raise() -> None:
    """The pokerkit quirk the walk steps around, pinned: croupier is right by dunedin-house 46."""
    sc = Scenario(
        False,
        (60, 148, 75, 171, 537, 580, 397, 1007, 58),
        (10, 20, 0, 0, 0, 0, 0, 0, 0),
        20,
        (),
        False,
        tuple(random.Random(7).sample(DECK.cards, DECK.size)),
    )
    d = Duel(sc, Tally())
    script = [CheckCall(2), Fold(3), BetRaise(4, 40), CheckCall(5), Fold(6), CheckCall(7)]
    # three short all-ins: 58 (+18), 60 (+2: together a full raise of 20), 75 (+15)
    script += [BetRaise(8, 58), BetRaise(0, 60), Fold(1), BetRaise(2, 75)]
    for cmd in script:
        la = d.r.legal_actions()
        assert la is not None
        d.compare_legal(la)
        d._apply(cmd)
    la = d.r.legal_actions()
    assert la is not None and la.player == 4 and la.call_amount == 35  # > a full raise of 20
    assert d.compare_legal(la) == (None, None)
    assert d.tally.pk_short_all_ins_reset == 1
    assert d.pk.min_completion_betting_or_raising_to_amount is None
    assert (la.min_raise_to, la.max_raise_to) == (95, 537)


#: Rounds per seed of the long comparison (CROUPIER_POKERKIT_ROUNDS=2500: the 10,000 rounds of
#: a longer run).
ROUNDS_PER_SEED = int(os.environ.get("CROUPIER_POKERKIT_ROUNDS", "1000"))


@pytest.mark.slow
@pytest.mark.usefixtures("fast_pokerkit")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_thousands_of_rounds_agree_with_pokerkit(seed: int) -> None:
    """4 x 1,000 rounds, half no-limit hold'em and half pot-limit Omaha, 2-10 players."""
    assert_agree(run(seed=seed, rounds=ROUNDS_PER_SEED), ROUNDS_PER_SEED)


if __name__ == "__main__":  # pragma: no cover - the counts, for a look by hand
    import sys
    import time

    for cls in (pokerkit.StandardHighHand, pokerkit.OmahaHoldemHand):
        cls.from_game = staticmethod(_memoized(cls.from_game))
    t0 = time.perf_counter()
    tally = run(int(sys.argv[1]) if len(sys.argv) > 1 else 1, 2500)
    print(f"{time.perf_counter() - t0:.1f} s")
    print({k: v for k, v in vars(tally).items() if k != "failures"})
    print("\n".join(tally.failures[:10]))
