"""``croupier play``: sit at a table against bots in the terminal.

Reads one line per decision from standard input, so it can be driven by a person or a script.
Before each deal it prints the shoe's commitment to the deck order; after the round it reveals
the salt and the order, so the player can check the cards dealt were the cards committed to
(:func:`croupier.shoe.verify_commitment`). You see the round as your seat does
(:mod:`croupier.views`); each bot gets its own seat's view.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from croupier.cards import format_cards
from croupier.cli.commitment import commitment_line, reveal_lines
from croupier.cli.narrate import Narrator, table_line
from croupier.cli.options import DEFAULT_RULEBOOK
from croupier.cli.paths import output_folder
from croupier.cli.usage import fail
from croupier.histories.phh import dump
from croupier.histories.phh_export import dated, to_history
from croupier.round import BetRaise, CheckCall, Command, Fold, LegalActions, Muck, Round, Show
from croupier.round.betting import compute_full_bounds
from croupier.round.events import HandShown
from croupier.shoe import Shoe
from croupier.sim.bots import Bot, make_bot
from croupier.table.commands import Act, AddChips, Return, SitDown, StartRound
from croupier.table.events import RoundStarted, TableEvent
from croupier.table.presets import PresetError, preset
from croupier.table.table import Table
from croupier.views import Viewer, hole_cards, project_round_events, seat_view

YOU = "you"
HELP = (
    "f = fold, c = check or call, r N = bet or raise to N, a = all-in or the most allowed, q = quit"
)
_POSITION = re.compile(r"\bplayer (\d+)('s)?")


class _Quit(Exception):
    pass


def _ask(prompt: str) -> str:
    """One line of input; end of input (Ctrl-D) or Ctrl-C leaves as q does, the summary on a
    line of its own (the terminal echoes no newline for either)."""
    try:
        return input(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        typer.echo("")
        raise _Quit from None


def _ask_next_round() -> None:
    """Enter plays the next round and q leaves; anything else is said not understood."""
    while True:
        answer = _ask("[enter] next round, q quit > ")
        if answer in ("", "n", "next"):
            return
        if answer in ("q", "quit"):
            raise _Quit
        typer.echo(f"  not understood: {answer!r}; press enter for the next round or q to quit")


def _ask_yes_no(question: str) -> bool:
    """Ask until the answer is yes or no."""
    while True:
        answer = _ask(f"{question} (y/n) > ")
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        typer.echo("  please answer y or n")


def _tabled_all_in(r: Round, p: int) -> bool:
    """Whether ``p``'s hand is the first turned up because a live hand is all in and the
    rulebook tables every hand then (RoundConfig.expose_all_in)."""
    if not r.config.expose_all_in or p != r.showing_order()[0]:
        return False
    return any(r.all_in[i] and not r.folded[i] for i in range(r.n))


def plural(n: int, noun: str) -> str:
    """``1 round``, ``2 rounds``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def why_not(words: list[str], la: LegalActions) -> str:
    """Why a line typed at a decision is not a command ('' where nothing more can be said)."""
    verb = words[0]
    if verb in ("check", "k") and len(words) == 1 and not la.can_check:
        return f": there is a bet to you, {la.call_amount} to call (c calls, f folds)"
    if verb in ("r", "raise", "b", "bet"):
        if len(words) == 1:
            return ": say how much, as 'r 200' (to 200 in all)"
        if len(words) == 2:
            return f": {words[1]!r} is not a whole number of chips, as 'r 200'"
    return ""


def _calls_all_in(r: Round, la: LegalActions) -> bool:
    """Whether calling takes the player's whole stack (a call all-in, perhaps for less)."""
    return not la.can_check and r.bets[la.player] + la.call_amount == la.all_in_to


def options(r: Round, la: LegalActions) -> list[str]:
    """What the player may do, labelled as it is: a bet or a raise, all-in or the most the
    structure allows, and only the all-in where a full raise is beyond the stack."""
    if la.can_check:
        call = "c check"
    else:
        call = f"c call {la.call_amount}{' (all-in)' if _calls_all_in(r, la) else ''}"
    out = ["f fold", call]
    lo, hi = la.min_raise_to, la.max_raise_to
    if lo is None or hi is None:
        return out
    verb = "raise to" if r.current_bet else "bet"
    full = compute_full_bounds(r, la.player)
    if hi != la.all_in_to:
        top = f"{verb} {hi} (the most allowed)"
    elif full is not None and full[0] > hi:  # the all-in is the only bet or raise left
        top = f"all-in to {hi} (less than a full {'raise' if r.current_bet else 'bet'})"
    else:
        top = f"all-in to {hi}"
    if lo < hi:
        out.append(f"r N {verb} {lo}..{hi}")
    out.append(f"a {top}")
    return out


def play(
    rulebook: Annotated[
        str, typer.Option(help="qld-holdem-2005, act-omaha-2017 or dunedin-house")
    ] = DEFAULT_RULEBOOK,
    game: Annotated[
        str | None, typer.Option(help="holdem, omaha or short-deck (default: the rulebook's)")
    ] = None,
    structure: Annotated[
        str | None,
        typer.Option(help="no-limit, pot-limit, half-pot, fixed or straddle"),
    ] = None,
    seats: Annotated[int, typer.Option(min=2, max=10, help="players at the table")] = 6,
    bots: Annotated[
        str, typer.Option(help="bot kinds to fill the other seats, comma-separated")
    ] = "tight-aggressive,random,calling-station",
    seed: Annotated[
        int | None,
        typer.Option(help="seed the shoe and bots (repeatable; default: a secure shoe)"),
    ] = None,
    rounds: Annotated[int | None, typer.Option(min=1, help="stop after this many rounds")] = None,
    history: Annotated[
        Path | None,
        typer.Option(
            help="write each round you are dealt in as a PHH file in this folder, as you saw "
            "it (croupier export turns them into OHH or PokerStars text)"
        ),
    ] = None,
) -> None:
    """Play at a table against bots: your cards, the pots, your legal actions with their
    amounts, and every ruling with its clause."""
    try:
        config = preset(rulebook, game, structure, seats)
        kinds = [make_bot(k.strip()) for k in bots.split(",") if k.strip()]
    except (PresetError, ValueError) as e:
        raise fail(str(e)) from e
    if not kinds:
        raise fail("--bots names no bot")
    if history is not None:
        output_folder(history, "--history")
        if next(history.glob("*.phh"), None) is not None:
            raise fail(f"--history: {history} already holds hand histories; name a new folder")
        history.mkdir(parents=True, exist_ok=True)
    # the players decide at the showdown: you are asked to show or muck a hand the rules do
    # not oblige you to show, and all-in hands are tabled where the rulebook says so
    table = Table(replace(config, ask_showdown=True))
    session = _Session(config_table=table, kinds=kinds, seed=seed)
    session.history = history
    typer.echo(
        f"{config.rulebook.title} ({config.rulebook.id}): {config.game.name}, "
        f"{config.structure.name}, blinds {config.stakes.small_blind}/{config.stakes.big_blind}"
    )
    typer.echo(HELP)
    with contextlib.suppress(_Quit, KeyboardInterrupt):  # Ctrl-C leaves as q does
        session.run(rounds)
    session.goodbye()


class _Session:
    def __init__(self, config_table: Table, kinds: list[Bot], seed: int | None) -> None:
        self.t = config_table
        cfg = config_table.config
        self.rng = random.Random(seed)
        self.shoe = Shoe(cfg.game.deck, seed=seed, cut_clause=cfg.rulebook.cut_clause)
        self.at = 0
        self.bots: dict[str, Bot] = {}
        buy_in = cfg.stakes.max_buy_in or cfg.stakes.min_table_stake * 5
        self.buy_in = buy_in
        self.t.apply(SitDown(YOU, 1, buy_in))
        for seat in range(2, cfg.size + 1):
            bot = kinds[(seat - 2) % len(kinds)]
            name = f"{bot.name}-{seat}"
            self.bots[name] = bot
            self.t.apply(SitDown(name, seat, buy_in))
        self.start_chips = buy_in
        self.players: tuple[str, ...] = ()
        self.history: Path | None = None
        self.written = 0

    def name(self, p: int) -> str:
        return self.screen_name(self.players[p])

    @staticmethod
    def screen_name(player: str) -> str:
        """A player as the screen names them: your seat, or the bot's name."""
        return "seat 1 (you)" if player == YOU else player

    def screen_names(self, text: str) -> str:
        """The engine's "player 3" (a 0-based position) as the screen names them."""

        def sub(m: re.Match[str]) -> str:
            p = int(m.group(1))
            if not 0 <= p < len(self.players):
                return m.group(0)
            name = self.name(p)
            return name + ("'s" if m.group(2) else "")

        return _POSITION.sub(sub, text)

    def run(self, rounds: int | None) -> None:
        played = 0
        while rounds is None or played < rounds:
            self.refill()
            self.round()
            played += 1
            if rounds is None or played < rounds:
                _ask_next_round()

    def refill(self) -> None:
        """Bots that lost their chips buy in again; you are asked."""
        t = self.t
        for _, s in t.seating.seats:
            if t.stacks[s.player] >= t.config.stakes.min_table_stake:
                continue
            if s.player == YOU:
                if t.stacks[YOU] > 0 and t.why_illegal(AddChips(YOU, 1)) is not None:
                    continue
                have = t.stacks[YOU]
                offer = (
                    f"top up by {self.buy_in - have} to {self.buy_in}"
                    if have
                    else f"buy in for {self.buy_in}"
                )
                answer = _ask_yes_no(f"your stack is {have}: {offer}?")
                if not answer:
                    if t.stacks[YOU] == 0:
                        raise _Quit
                    continue
            add = self.buy_in - t.stacks[s.player]
            if t.why_illegal(AddChips(s.player, add)) is None:
                topped = t.stacks[s.player] > 0
                t.apply(AddChips(s.player, add))
                if topped:
                    who = "you top" if s.player == YOU else f"{s.player} tops"
                    typer.echo(f"  {who} up by {add} to {self.buy_in}")
                else:
                    who = "you buy" if s.player == YOU else f"{s.player} buys"
                    typer.echo(f"  {who} in again for {add}")
                if s.player == YOU:
                    self.start_chips += add
            if t.why_illegal(Return(s.player, post=True)) is None:
                t.apply(Return(s.player, post=True))

    def say_table(self, events: list[TableEvent]) -> None:
        for e in events:
            line = table_line(e, self.screen_name)
            if line:
                typer.echo(line)

    def round(self) -> None:
        t = self.t
        self.at = max(self.at + 60, int(time.time()))  # calendar time, for the records' dates
        deck = self.shoe.shuffle()
        events = t.apply(StartRound.dealt_from(deck, self.at))
        started = next(e for e in events if isinstance(e, RoundStarted))
        self.players = started.players
        deal = started.deal
        typer.echo(
            f"\n=== round {started.hand}: button seat {deal.button.seat}"
            f"{' (dead)' if deal.button.dead else ''} ({deal.button.clause}) ==="
        )
        typer.echo(commitment_line(deck))
        self.say_table(events)
        # a round can end as it starts (heads-up, the blinds all in): rebuild it to narrate
        r = t.round if t.round is not None else t.last_round_played(started)
        self.narrator = Narrator(self.name, r.rules)
        shown = 0
        shown = self.narrate(r, shown)
        me = t.position_of(YOU)
        if me is not None:
            typer.echo(f"your cards: {format_cards(hole_cards(r, me, me))}")
        else:
            typer.echo("you are not dealt in this round")
        while t.round is not None:
            p = r.actor
            if p is None:
                cmd = self.show_or_muck(r)
            elif self.players[p] == YOU:
                cmd = self.decide(r, p)
            else:
                cmd = self.bots[self.players[p]].act(seat_view(r, p), self.rng)
            self.say_table(t.apply(Act(cmd, self.at)))
            shown = self.narrate(r, shown)
        stacks = ", ".join(f"{n} {t.stacks.get(n, 0)}" for n in started.players)
        typer.echo(f"stacks: {stacks}")
        if self.history is not None and me is not None:
            self.write(r, me, started)
        for line in reveal_lines(deck):
            typer.echo(line)

    def write(self, r: Round, me: int, started: RoundStarted) -> None:
        """The round as you saw it, a PHH file in the --history folder."""
        assert self.history is not None
        self.written += 1
        h = replace(
            to_history(r, me),
            hand=started.hand,
            players=started.players,
            table="croupier play",
            seats=started.deal.dealt_in,
            seat_count=self.t.config.size,
        )
        dump(dated(h, started.at), self.history / f"{self.written:06d}.phh")

    def narrate(self, r: Round, shown: int) -> int:
        me = self.players.index(YOU) if YOU in self.players else Viewer.SPECTATOR
        for e in project_round_events(r.events[shown:], me):
            if isinstance(e, HandShown) and _tabled_all_in(r, e.player):
                typer.echo(
                    "  a player is all in and the betting is over: every hand is turned face "
                    f"up ({r.config.expose_all_in})"
                )
            line = self.narrator(e)
            if line:
                typer.echo(self.screen_names(line))
        return len(r.events)

    def show_or_muck(self, r: Round) -> Command:
        """At the showdown, the player whose hand need not be shown shows or mucks it: you
        are asked, a bot decides."""
        p = r.to_show()
        if p is None:
            raise RuntimeError(f"the round waits for {r.awaiting()}, not a player")
        if self.players[p] != YOU:
            return (
                Show(p) if self.bots[self.players[p]].shows(seat_view(r, p), self.rng) else Muck(p)
            )
        typer.echo(
            f"your hand {format_cards(hole_cards(r, p, p))} does not beat the hand shown: "
            f"you need not show it ({r.rules.showdown_clause}); s show, m muck"
        )
        while True:
            answer = _ask("show or muck? > ")
            if answer in ("s", "show"):
                return Show(p)
            if answer in ("m", "muck"):
                return Muck(p)
            if answer in ("q", "quit"):
                raise _Quit
            typer.echo(f"  not understood: {answer!r}; s shows your hand, m mucks it")

    def decide(self, r: Round, p: int) -> Command:
        la = r.legal_actions()
        if la is None:
            raise RuntimeError("no action is open to you")
        board = format_cards(r.board) if r.board else "(none)"
        typer.echo(f"board {board} | pot {r.pot_total} | your stack {r.stacks[p]}")
        offered = " | ".join(options(r, la))
        typer.echo("you may: " + offered)
        while True:
            words = _ask("> ").split()
            cmd = self.parse(words, r, la)
            if cmd is None:
                if words:
                    typer.echo(f"  not understood: {' '.join(words)!r}{why_not(words, la)}")
                typer.echo(HELP)
                continue
            ruling = r.why_illegal(cmd)
            if ruling is None:
                return cmd
            # the core's refusal names its clause; the options say what is open instead (a
            # short stack's all-in, not the full raise the refusal speaks of)
            hint = f"; you may: {offered}" if isinstance(cmd, BetRaise) else ""
            typer.echo(f"  not allowed: {self.screen_names(str(ruling))}{hint}")

    @staticmethod
    def parse(words: list[str], r: Round, la: LegalActions) -> Command | None:
        """The command typed, or None where it is not understood (never whether it is
        allowed: the round says that, with its clause)."""
        if not words:
            return None
        p = la.player
        match words[0]:
            case "q" | "quit" if len(words) == 1:
                raise _Quit
            case "f" | "fold" if len(words) == 1:
                return Fold(p)
            case "c" | "call" if len(words) == 1:
                return CheckCall(p)
            case "check" | "k" if len(words) == 1 and la.can_check:
                return CheckCall(p)  # facing a bet, a check is refused (why_not), not a call
            case "a" | "all-in" | "max" if len(words) == 1:
                if la.max_raise_to is not None:
                    return BetRaise(p, la.max_raise_to)
                if _calls_all_in(r, la):
                    return CheckCall(p)  # all-in is a call of the whole stack
                return BetRaise(p, la.all_in_to)  # refused, with the reason no raise is open
            case "r" | "raise" | "b" | "bet" if len(words) == 2 and words[1].isdigit():
                return BetRaise(p, int(words[1]))
        return None

    def goodbye(self) -> None:
        t = self.t
        if t.round is not None:
            typer.echo("you leave mid-round; the round is abandoned")
        stack = t.stacks.get(YOU, 0)
        net = stack - self.start_chips
        typer.echo(f"you leave with {stack} after {plural(t.hands, 'round')} (net {net:+d})")
