"""``croupier uth play``: an Ultimate Texas Hold'em table in the terminal (act-uth-2025).

The user plays one or more boxes against the house. Each box is its own player ("P1", "P2",
...), since 4.4 lets a player wager on one hand a round; the user decides for all of them.
Input is read line by line from stdin, so a pipe or a pseudo-terminal can drive it. Before
each round it prints the shoe's commitment to the deck order; after the round, the salt and the
order, so the user can verify the cards (:mod:`croupier.cli.commitment`).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from croupier.cards import Deck, format_cards
from croupier.cli.commitment import commitment_line, reveal_lines
from croupier.cli.usage import fail
from croupier.rules import IllegalAction
from croupier.shoe import Shoe
from croupier.uth import (
    LimitsError,
    Phase,
    ShoeKind,
    TableLimits,
    TableState,
    UthConfig,
    UthRound,
)
from croupier.uth.commands import (
    Bet,
    Check,
    Deal,
    DeemFolded,
    Fold,
    PlaceWagers,
    SettleAll,
    UthCommand,
)
from croupier.uth.events import (
    BoardRevealed,
    BoxSettled,
    DealerHandDeclared,
    PlayerWarned,
    RulingMade,
    UthEvent,
    UthRoundVoided,
)
from croupier.uth.settle import WagerResult
from croupier.views import uth_box_cards

QUIT = ("quit", "q", "exit")
STREET = {Phase.PREFLOP: "before the flop", Phase.FLOP: "after the flop", Phase.RIVER: "river"}


class Quit(Exception):
    """The user typed ``quit`` (or stdin ended)."""


class EndOfInput(Quit):
    """Standard input ended (Ctrl-D at a terminal), or Ctrl-C was pressed at a prompt."""


def ask(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:  # Ctrl-C: as Ctrl-D, leave (asking first where wagers are out)
        line = ""
    if not line:
        sys.stdout.write("\n")
        raise EndOfInput
    answer = line.strip().lower()
    if answer in QUIT:
        raise Quit
    return answer


def say(text: str = "") -> None:
    typer.echo(text)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _result_line(r: WagerResult) -> str:
    line = f"    {r.wager.value:<5} {r.stake:>6}: {r.outcome.value:<6} {_signed(r.amount):>7}"
    line += f"  ({r.clause}"
    if r.line is not None:
        line += f"; {r.line.category.words} pays {r.odds}, {r.pay_clause}"
    elif r.odds is not None:
        line += f"; {r.odds}, {r.pay_clause}"
    if r.uncapped is not None:
        line += f"; {r.uncapped} capped to the maximum payout"
    return line + ")"


def show_settlement(e: BoxSettled) -> None:
    s = e.settlement
    hand = "folded" if s.folded else f"{s.player.words} ({format_cards(s.player.best_five)})"
    say(f"  Box {e.box} ({e.player}): {hand}  [{e.clause}]")
    for r in s.results:
        say(_result_line(r))
    for c in e.counted:
        say(f"    note: {c.note} ({c.clause})")
    say(f"    net {_signed(s.net)}, {e.paid_to_player} chips back to {e.player}")


def show_events(events: list[UthEvent]) -> None:
    for e in events:
        if isinstance(e, PlayerWarned):
            say(f"  warning to {e.player}: {e.message} ({e.clause})")
        elif isinstance(e, BoardRevealed) and e.cards:
            say(f"  board: {format_cards(e.cards)} revealed ({e.clause})")
        elif isinstance(e, DealerHandDeclared):
            q = "qualifies" if e.qualifies else "does not qualify: antes refunded (9.2)"
            say(f"  dealer's hand: {format_cards(e.cards)}, {e.words}; {q} ({e.clause})")
        elif isinstance(e, BoxSettled):
            show_settlement(e)
        elif isinstance(e, (RulingMade, UthRoundVoided)):
            say(f"  ruling: {e.message} ({e.clause})")


def apply(r: UthRound, cmd: UthCommand) -> bool:
    """Apply ``cmd``, printing what happened or why it was refused."""
    try:
        show_events(r.apply(cmd))
    except IllegalAction as e:
        say(f"  refused: {e.ruling}")
        return False
    return True


def board_text(r: UthRound) -> str:
    shown = [str(c) for c in r.board[: r.revealed]]
    return " ".join(shown + ["??"] * (5 - len(shown)))


def _chips(text: str, field: str, default: int) -> int | None:
    if not text:
        return default
    if not text.isdigit():
        say(f"  refused: {field} must be a whole number of chips, not {text!r}")
        return None
    return int(text)


def place_wagers(r: UthRound, players: list[str], last: dict[str, int]) -> None:
    for box, p in enumerate(players, start=1):
        while True:
            default = last[p]
            text = ask(f"Box {box} ({p}, {r.chips[p]} chips) ante [{default}; 0 sits out]: ")
            ante = _chips(text, "the ante", default)
            if ante is None:
                continue
            trips = _chips(ask("  trips [0]: "), "the trips wager", 0) if ante else 0
            if trips is None:
                continue
            if ante == 0 or apply(r, PlaceWagers(box, p, ante, ante, trips)):
                last[p] = ante or default
                break
            # refused: offer what can be wagered, never the ante just refused again
            last[p] = offer_after_refusal(r, p, ante, default)


def offer_after_refusal(r: UthRound, player: str, refused: int, default: int) -> int:
    """The ante to offer once ``refused`` was: the previous offer unless that was refused;
    then the table minimum for an ante below it, the most the player's chips cover (ante and
    blind) for one above them, the minimum for another refusal, 0 (sit out) where none fits."""
    if refused != default:
        return default
    limits = r.config.limits
    afford = r.chips[player] // 2
    afford -= afford % limits.multiple
    if afford < limits.minimum:
        return 0
    if refused > afford:
        return afford
    if refused < limits.minimum:
        return limits.minimum
    return limits.minimum if limits.minimum < refused else 0


def at_risk(r: UthRound) -> int:
    """Chips the user's undecided boxes have on the layout."""
    pending = set(r.pending())
    return sum(b.ante + b.blind + b.trips for n, b in r.boxes.items() if n in pending)


def ask_or_confirm(r: UthRound, prompt: str) -> str | None:
    """Ask; at end of input (Ctrl-D) with wagers out, ask once more before folding them
    (``None``: the user chose to stay, and is asked the same again)."""
    try:
        return ask(prompt)
    except EndOfInput:
        chips = at_risk(r)
        if not chips:
            raise
        answer = ask(f"  leave now? your undecided boxes fold and lose {chips} chips (y/n) > ")
        if answer in ("y", "yes"):
            raise Quit from None
        return None


def decide(r: UthRound, box: int) -> None:
    b = r.boxes[box]
    while box in r.pending():
        d = next(d for d in r.legal_actions() if d.box == box)
        options = (["check"] if d.can_check else []) + ["fold"] + [f"{m}x" for m in d.multiples]
        cards = format_cards(uth_box_cards(r, box, b.player))
        text = ask_or_confirm(r, f"Box {box} [{cards}] {', '.join(options)} > ")
        if text is None:
            continue
        if not text:
            say(f"  choose one of: {', '.join(options)} (or quit)")
            continue
        cmd: UthCommand
        if text in ("c", "check"):
            cmd = Check(box)
        elif text in ("f", "fold"):
            cmd = Fold(box)
        elif text.rstrip("x").isdigit():
            cmd = Bet(box, int(text.rstrip("x")))
        else:
            say(f"  choose one of: {', '.join(options)} (or quit)")
            continue
        apply(r, cmd)


def play_round(r: UthRound, players: list[str], last: dict[str, int]) -> bool:
    """One round; ``False`` when nobody wagered. :class:`Quit` propagates after the round is
    brought to an end (undecided boxes are deemed folded, act-uth-2025 13.8 (second))."""
    place_wagers(r, players, last)
    if not r.boxes:
        return False
    apply(r, Deal())
    for n, b in sorted(r.boxes.items()):
        trips = f", trips {b.trips}" if b.trips else ""
        dealt = format_cards(uth_box_cards(r, n, b.player))  # said to the box's player
        say(f"  Box {n} ({b.player}): ante {b.ante}, blind {b.blind}{trips}; dealt {dealt}")
    try:
        while r.phase in STREET:
            say(f"-- {STREET[r.phase]}: board {board_text(r)}")
            for box in r.pending():
                decide(r, box)
        if r.phase is Phase.SETTLEMENT:
            for box in r.to_settle():
                text = ask(f"Box {box}: Enter to settle, 'fold' to concede (9.1) > ")
                if text in ("f", "fold"):
                    apply(r, Fold(box))
            apply(r, SettleAll())
    except Quit:
        say(f"  quitting: undecided boxes are deemed folded ({r.rules.timeout_clause})")
        while r.phase in STREET:
            for box in r.pending():
                apply(r, DeemFolded(box))
        if r.phase is Phase.SETTLEMENT:
            apply(r, SettleAll())
        raise
    return True


def play(
    seed: Annotated[
        int | None, typer.Option("--seed", help="seeded shoe, reproducible (never for live play)")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", help="rounds to play (0: until quit)")] = 0,
    boxes: Annotated[int, typer.Option("--boxes", help="boxes the user plays (1-7)")] = 1,
    chips: Annotated[int, typer.Option("--chips", help="chips each box's player brings")] = 1000,
    minimum: Annotated[int, typer.Option("--minimum", help="table minimum (5.1)")] = 5,
    maximum: Annotated[int, typer.Option("--maximum", help="table maximum (5.1)")] = 500,
    bank: Annotated[int, typer.Option("--bank", help="the house bank's chips")] = 1_000_000,
    credit: Annotated[
        bool,
        typer.Option(
            "--credit",
            help="let the house bank go below zero (default: a wager is taken only "
            "where the bank can pay the most it could win)",
        ),
    ] = False,
    card_shoe: Annotated[
        bool, typer.Option("--card-shoe", help="deal one card at a time from a card shoe (7.3)")
    ] = False,
) -> None:
    """Play Ultimate Texas Hold'em against the house (act-uth-2025); type quit to stop."""
    for option, value in (("--chips", chips), ("--bank", bank), ("--rounds", rounds)):
        if value < 0:
            raise fail(f"{option} cannot be negative, not {value}")
    try:
        limits = TableLimits(minimum, maximum)
    except (LimitsError, ValueError) as e:
        raise fail(f"--minimum {minimum}, --maximum {maximum}: {e}") from e
    if chips < 2 * minimum:
        raise fail(
            f"--chips {chips}: a box needs at least {2 * minimum} for the smallest ante and"
            f" blind (--minimum {minimum})"
        )
    try:
        config = UthConfig(
            limits,
            boxes,
            shoe=ShoeKind.CARD_SHOE if card_shoe else ShoeKind.AUTOMATED,
            credit=credit,
        )
    except ValueError as e:
        raise fail(f"--boxes: {e}") from e
    players = [f"P{i}" for i in range(1, boxes + 1)]
    state = TableState(dict.fromkeys(players, chips), bank)
    shoe = Shoe(Deck.standard(), seed=seed)
    dealing = "seeded shoe (reproducible, not for live play)" if seed is not None else "shoe"
    say(f"Ultimate Texas Hold'em (act-uth-2025), limits {limits}, {dealing}")
    last = dict.fromkeys(players, minimum)
    n = 0
    r: UthRound | None = None
    try:
        while not rounds or n < rounds:
            n += 1
            shuffled = shoe.shuffle()  # 6.1(a): in preparation for the round
            say(f"== Round {n} ==")
            say(commitment_line(shuffled))
            r = UthRound(config, state, shuffled.order)
            try:
                if play_round(r, players, last):
                    state = r.table_after()
            finally:  # the round is over (or never dealt): the deck may be shown
                for line in reveal_lines(shuffled):
                    say(line)
            say("  chips: " + ", ".join(f"{p} {state.chips[p]}" for p in players))
    except Quit:
        if r is not None and r.is_over:
            state = r.table_after()
    say("Session over:")
    for p in players:
        say(f"  {p}: {state.chips[p]} ({_signed(state.chips[p] - chips)})")
    say(f"  house bank: {state.bank} ({_signed(state.bank - bank)})")
