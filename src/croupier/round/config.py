"""A round's configuration: everything fixed before the first card, checked up front."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from croupier.cards import Card, CardError
from croupier.round.games import HOLDEM, Game
from croupier.round.structures import Limit, Structure
from croupier.rules import DUNEDIN_HOUSE, Rulebook
from croupier.rules.commission import Commission


class ConfigError(ValueError):
    """A round configuration the rulebook does not allow."""


@dataclass(frozen=True)
class RoundConfig:
    """One round of play.

    Positions: 0 is the first player clockwise from the button, ``n - 1`` the button. ``blinds``
    and ``antes`` are per position (PHH's ``blinds_or_straddles`` and ``antes``); heads-up, a
    rulebook may have the button post the first blind (dunedin-house 95). ``deck_order`` (top
    card first) makes croupier deal; without it a live dealer enters the cards actually dealt.
    The deck order is the dealer side's secret input: it is left out of ``repr`` and of
    comparisons, and :meth:`sealed` gives the configuration without it (what a table records in
    its events: ``croupier_deals`` then says croupier deals, from a deck the dealer side holds,
    recording each card as it is dealt). ``min_bet`` is the minimum permissible wager (the big
    blind); ``max_bet`` the table's maximum permissible wager for an opening bet
    (qld-holdem-2005 s25(4)). ``chip_unit`` is the smallest chip a split pot is divided in
    (qld-holdem-2005 s27(9)(e)(ii): $1; act-omaha-2017 13.2). ``fee`` is a participation fee
    charged to each player before the round instead of commission (qld-holdem-2005 s20).
    ``antes_dead`` puts antes in the main pot as dead money instead of counting them as each
    player's contribution when side pots form (a big-blind ante, paid by one player for the
    table, works this way; PHH's ``ante_trimming_status = false``). ``dead`` is chips each
    position posts dead into the centre before the deal, outside its bet: a missed small blind
    made up on return (dunedin-house 27; act-omaha-2017 17.4). ``big_blind_position`` names the
    round's big blind when others also post a big blind to come in (act-omaha-2017 17.11(b);
    dunedin-house 29): the first action before the flop is the player after it, and the others'
    posts are live bets acted on in turn. ``None``: the largest blind or straddle, the last of
    equals. ``expose_all_in`` names the clause that turns every live hand face up, none mucked,
    once a player is all in and the betting is over (qld-tournament-2020 4.30; dunedin-house
    84); empty: the rulebook's showdown order applies. ``dead_hands``: positions whose hands
    are killed once the initial deal is complete, each with its clause (dunedin-house 92: a
    player not at the seat; 99: a player serving a penalty); their blinds and antes stay posted.
    ``record_burns`` (dealer-driven rounds): each street's burn card must be entered or
    confirmed (``Burn``) before its cards (croupier.round.burns). ``full_blind`` names the
    clause under which a blind posted short, all in, counts as a full one for the others: to
    play they call the full blind and a raise is reckoned from it (dunedin-house 94).
    ``ask_showdown`` (croupier deals): at the showdown the round shows the hands the rules
    oblige to show and waits for a Show or Muck from each player who need not
    (croupier.round.showdown.ask_showdown); otherwise it shows or mucks for them.
    """

    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    antes: tuple[int, ...] = ()
    rulebook: Rulebook = DUNEDIN_HOUSE
    game: Game = HOLDEM
    structure: Structure = field(default_factory=Structure.no_limit)
    max_bet: int | None = None
    chip_unit: int = 1
    burn: bool = True
    deck_order: tuple[Card, ...] | None = field(default=None, repr=False, compare=False)
    commission: Commission | None = None
    fee: int = 0
    antes_dead: bool = False
    dead: tuple[int, ...] = ()
    big_blind_position: int | None = None
    expose_all_in: str = ""
    croupier_deals: bool = False
    dead_hands: tuple[tuple[int, str], ...] = ()
    record_burns: bool = False
    full_blind: str = ""
    ask_showdown: bool = False

    def __post_init__(self) -> None:
        n = len(self.stacks)
        rb = self.rulebook
        r = rb.id
        if not 2 <= n <= 10:
            raise ConfigError(
                f"a round needs 2 to 10 players, not {n}{_cite(rb.table.seats_clause)}"
            )
        if len(self.blinds) != n:
            raise ConfigError(f"blinds name {len(self.blinds)} positions for {n} players")
        if self.antes and len(self.antes) != n:
            raise ConfigError(f"antes name {len(self.antes)} positions for {n} players")
        if self.dead and len(self.dead) != n:
            raise ConfigError(f"dead blinds name {len(self.dead)} positions for {n} players")
        if self.big_blind_position is not None and not 0 <= self.big_blind_position < n:
            raise ConfigError(f"the big blind's position {self.big_blind_position} is not a player")
        killed = [p for p, _ in self.dead_hands]
        if len(set(killed)) != len(killed) or not all(0 <= p < n for p in killed):
            raise ConfigError(f"dead hands {killed} are not distinct players")
        if len(killed) == n:
            raise ConfigError("every hand dead: nobody could win the pot")
        if self.dead and min(self.dead) < 0:
            raise ConfigError("dead blinds cannot be negative")
        if min(self.stacks) <= 0:
            raise ConfigError(f"every player in a round needs chips{_cite(rb.table.buy_in_clause)}")
        if min(self.blinds) < 0 or (self.antes and min(self.antes) < 0) or self.fee < 0:
            raise ConfigError("blinds, antes and fees cannot be negative")
        if min(self.stacks) <= self.fee:
            i = next(i for i, stack in enumerate(self.stacks) if stack <= self.fee)
            raise ConfigError(
                f"player {i} would have no table stake after the participation fee"
                + _cite(rb.fee_clause)
            )
        if self.min_bet <= 0:
            raise ConfigError("the minimum bet must be positive")
        if self.chip_unit <= 0:
            raise ConfigError("the chip unit must be positive")
        if not self.rulebook.no_limit_allowed and Limit.NO_LIMIT in self.structure.limits:
            raise ConfigError(
                f"{r} has no no-limit betting: full pot, half pot, straddle or structured"
                + _cite(rb.no_limit_clause)
            )
        if self.fee and self.commission is not None:
            raise ConfigError(
                "no participation fee when commission is deducted"
                + _cite(rb.fee_with_commission_clause)
            )
        if Limit.FIXED in self.structure.limits and not (
            self.structure.small_bet > 0 and self.structure.big_bet > 0
        ):
            raise ConfigError(
                "structured betting needs its two bet sizes" + _cite(rb.structured_bet_sizes_clause)
            )
        if self.deck_order is not None:
            self.check_deck(self.deck_order)

    def check_deck(self, order: Sequence[Card]) -> None:
        """Refuse (:class:`ConfigError`) a deck order this round cannot be dealt from."""
        n = len(self.stacks)
        deck = self.game.deck
        if not deck.is_permutation(order):
            try:
                deck.check(order)
            except CardError as e:
                raise ConfigError(f"deck order: {e}") from e
        if len(order) != deck.size:
            raise ConfigError(f"deck order has {len(order)} cards; the {deck} has {deck.size}")
        need = n * self.game.hole_cards + 5 + (3 if self.burn else 0)
        if need > len(order):
            raise ConfigError(f"{n} players need {need} cards; the deck has {len(order)}")

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def automatic(self) -> bool:
        """Whether croupier deals (True) or a live dealer enters the cards (False)."""
        return self.croupier_deals or self.deck_order is not None

    def sealed(self) -> RoundConfig:
        """This configuration without the deck order, to record and send: croupier still
        deals, from the order the dealer side holds (:meth:`Round.record_dealt
        <croupier.round.engine.Round.record_dealt>` takes each card as it is dealt)."""
        if self.deck_order is None:
            return self
        return replace(self, deck_order=None, croupier_deals=self.automatic)


def _cite(clause: str) -> str:
    """`` (clause)`` to close a message, or nothing where the rulebook cites none."""
    return f" ({clause})" if clause else ""
