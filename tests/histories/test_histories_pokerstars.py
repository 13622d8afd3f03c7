"""PokerStars-style text (issue 18), checked by an independent parser: pokerkit's
``PokerStarsParser`` reads the export and replays it under its own rules of no-limit hold'em;
its actions must be the round's. (pokerkit parses only no-limit hold'em and reads no antes,
so the check covers those hands; the layout of the others is checked line by line.)"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from pokerkit.notation import PokerStarsParser

from croupier.histories import pokerstars as ps
from croupier.histories.phh import HandHistory, PhhShowMuck, format_action, load
from croupier.histories.phh_export import HOUSE, to_history
from croupier.histories.phh_replay import in_scope, phh_files, replay
from croupier.round import Round
from croupier.rules import find_rulebook
from croupier.sim.simulate import simulate
from croupier.table.presets import preset
from support.build import round_config

SHARED = Path(__file__).resolve().parents[3] / "shared" / "phh"


def pokerkit_actions(text: str) -> list[str]:
    return pokerkit_hand(text)[0]


def pokerkit_hand(text: str) -> tuple[list[str], list[int]]:
    """The actions pokerkit reads from the text, and the stacks its own rules end with."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of its own field names
        (hh,) = list(PokerStarsParser()(text, error_status=True))
        stacks = list(list(hh)[-1].stacks)
    return [str(a) for a in hh.actions if " sm" not in str(a)], stacks


def ours(r: Round) -> list[str]:
    return [
        format_action(a) for a in to_history(r, HOUSE).actions if not isinstance(a, PhhShowMuck)
    ]


def plain_nlhe(h: HandHistory) -> bool:
    return h.variant == "NT" and not any(h.antes) and h.unit_scale == 1


@pytest.mark.shared
@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/phh is not present")
def test_pokerkit_reads_the_corpus_as_pokerstars_text() -> None:
    checked = 0
    for f in phh_files([SHARED]):
        h = load(f)
        if not plain_nlhe(h) or f.name == "wsop-2019-42-3-00-01-07.phh":
            continue
        r = replay(h)
        actions, stacks = pokerkit_hand(ps.to_text(r, HOUSE, meta=h))
        assert (actions, stacks) == (ours(r), r.stacks), f
        checked += 1
    assert checked > 3000


def test_pokerkit_reads_our_own_hands(tmp_path: Path) -> None:
    cfg = preset("dunedin-house", seats=6)
    simulate(cfg, 80, seed=4, seats=6, history=tmp_path)
    checked = 0
    for f in phh_files([tmp_path]):
        h = load(f)
        r = replay(h, find_rulebook("dunedin-house"))
        text = ps.to_text(r, HOUSE, meta=h)
        assert text.startswith("PokerStars Hand #")
        assert "*** HOLE CARDS ***" in text and "*** SUMMARY ***" in text
        assert f"| Rake ${r.commission}" in text
        # pokerkit plays standard blinds only: skip newcomers' and dead blinds, commission
        if h.extra["_croupier_config"].keys() - {
            "min_bet",
            "game",
            "split",
            "limits",
            "commission",
        }:
            continue
        if r.commission:
            continue
        assert pokerkit_hand(text) == (ours(r), r.stacks), text
        checked += 1
    assert checked > 20


def test_the_layout_of_a_hand(tmp_path: Path) -> None:
    """A golden hand, checked by hand against PokerStars' published layout: header, table line
    naming the button's seat, seats, posts, hole cards, streets, show down, summary."""
    from croupier.cards import parse_cards
    from croupier.round import BetRaise, CheckCall, DealBoard, DealHole, Fold

    r = Round(round_config(stacks=(200, 200, 200), blinds=(1, 2, 0), min_bet=2))
    for p, c in enumerate(["AsKs", "QdQc", "7h2c"]):
        r.apply(DealHole(p, parse_cards(c)))
    for cmd in (Fold(2), BetRaise(0, 6), CheckCall(1)):
        r.apply(cmd)
    r.apply(DealBoard(parse_cards("Ad7c2d")))
    for cmd in (BetRaise(0, 8), CheckCall(1)):
        r.apply(cmd)
    r.apply(DealBoard(parse_cards("3s")))
    r.apply(CheckCall(0))
    r.apply(CheckCall(1))
    r.apply(DealBoard(parse_cards("9h")))
    r.apply(BetRaise(0, 20))
    r.apply(Fold(1))
    assert r.is_over
    text = ps.to_text(r, 1, hand_number="42", table_name="Dunedin 1")
    assert text.splitlines() == [
        "PokerStars Hand #42: Hold'em No Limit ($1/$2 NZD) - 1970/01/01 00:00:00 UTC",
        "Table 'Dunedin 1' 3-max Seat #3 is the button",
        "Seat 1: Player1 ($200 in chips)",
        "Seat 2: Player2 ($200 in chips)",
        "Seat 3: Player3 ($200 in chips)",
        "Player1: posts small blind $1",
        "Player2: posts big blind $2",
        "*** HOLE CARDS ***",
        "Dealt to Player2 [Qd Qc]",
        "Player3: folds",
        "Player1: raises $4 to $6",
        "Player2: calls $4",
        "*** FLOP *** [Ad 7c 2d]",
        "Player1: bets $8",
        "Player2: calls $8",
        "*** TURN *** [Ad 7c 2d] [3s]",
        "Player1: checks",
        "Player2: checks",
        "*** RIVER *** [Ad 7c 2d 3s] [9h]",
        "Player1: bets $20",
        "Player2: folds",
        "Uncalled bet ($20) returned to Player1",
        "Player1 collected $28 from pot",
        "*** SUMMARY ***",
        "Total pot $28 | Rake $0",
        "Board [Ad 7c 2d 3s 9h]",
        "Seat 1: Player1 (small blind) collected ($28)",
        "Seat 2: Player2 (big blind) folded on the River",
        "Seat 3: Player3 (button) folded before Flop",
    ]
    assert "AsKs" not in text.replace(" ", "") and "7h 2c" not in text  # Player2's view
    assert pokerkit_actions(ps.to_text(r, HOUSE)) == ours(r)


def test_games_the_layout_cannot_name_are_refused() -> None:
    from croupier.round import Structure

    r = Round(
        round_config(
            stacks=(50, 50), blinds=(1, 2), min_bet=2, structure=Structure.pot_limit(half=True)
        )
    )
    with pytest.raises(ps.NotExpressible, match="half-pot"):
        ps.game_name(r)


def test_every_in_scope_own_game_has_a_name(tmp_path: Path) -> None:
    for rb, game, structure, name in (
        ("act-omaha-2017", "omaha", "pot-limit", "Omaha Pot Limit"),
        ("dunedin-house", "holdem", "fixed", "Hold'em Limit"),
        ("dunedin-house", "short-deck", "no-limit", "6+ Hold'em No Limit"),
    ):
        d = tmp_path / f"{rb}-{game}-{structure}"
        simulate(preset(rb, game=game, structure=structure), 3, seed=1, history=d)
        h = load(phh_files([d])[0])
        assert in_scope(h)
        text = ps.to_text(replay(h, find_rulebook(rb)), HOUSE, meta=h)
        assert name in text.splitlines()[0]


def _folded(cfg: object) -> Round:
    """A round of ``cfg`` (a RoundConfig) dealt and folded to the last player."""
    from croupier.cards import parse_cards
    from croupier.round import DealHole, Fold, RoundConfig

    assert isinstance(cfg, RoundConfig)
    r = Round(cfg)
    deck = "AsKsQdQc7h2c9d8d"
    for p in range(cfg.players):
        r.apply(DealHole(p, parse_cards(deck[4 * p : 4 * p + 4])))
    while not r.is_over:
        r.apply(Fold(r.actor or 0))
    return r


def test_currency_and_date_come_from_the_rulebook_and_the_record() -> None:
    import datetime as dt
    from dataclasses import replace

    for rb, code in (("dunedin-house", "NZD"), ("act-omaha-2017", "AUD")):
        r = _folded(
            round_config(stacks=(50, 50), blinds=(1, 2), min_bet=2, rulebook=find_rulebook(rb))
        )
        meta = replace(to_history(r, HOUSE), year=2026, month=12, day=5, hand=7)
        head = ps.to_text(r, HOUSE, meta=meta).splitlines()[0]
        assert head.endswith(f"($1/$2 {code}) - 2026/12/05 00:00:00 UTC"), head
    assert find_rulebook("qld-holdem-2005").currency == "AUD"
    start = dt.datetime(2026, 12, 5, 21, 4, 5)
    assert "2026/12/05 21:04:05 UTC" in ps.to_text(r, HOUSE, start=start)


def test_a_dead_small_blind_states_the_tables_stakes() -> None:
    r = _folded(round_config(stacks=(50, 50, 50), blinds=(0, 2, 0), min_bet=2))
    head = ps.to_text(r, HOUSE).splitlines()[0]
    assert "($1/$2 NZD)" in head and "$0/" not in head


def test_the_queensland_big_blinds_option_is_a_check(tmp_path: Path) -> None:
    simulate(preset("qld-holdem-2005"), 40, seed=2, seats=6, history=tmp_path)
    texts = [
        ps.to_text(replay(h, find_rulebook("qld-holdem-2005")), HOUSE, meta=h)
        for h in map(load, phh_files([tmp_path]))
    ]
    text = ps.dumps(texts)
    assert "calls $0" not in text and "(AUD" not in text and " AUD)" in text
    assert any("checks" in t.split("*** FLOP")[0] for t in texts)


def test_tournament_hands_have_levels_numbers_and_distinct_hand_numbers(tmp_path: Path) -> None:
    from dataclasses import replace

    r = _folded(round_config(stacks=(5000, 5000), blinds=(100, 200), min_bet=200))

    heads = []
    for table in (0, 1):
        meta = replace(to_history(r, HOUSE), hand=1, table=table, level=6)
        heads.append(ps.to_text(r, HOUSE, meta=meta, tournament="Dunedin Tuesday Turbo"))
    first, second = (t.splitlines()[0] for t in heads)
    number = ps.tournament_number("Dunedin Tuesday Turbo")
    assert number.isdigit() and f"Tournament #{number}, " in first
    assert "- Level VI (100/200)" in first
    assert first.split(":")[0] != second.split(":")[0]


def test_posts_are_written_as_pokerstars_writes_them() -> None:
    """The table's small and big blind first, then the other posts clockwise from the button,
    each named by the blinds it makes up, dead or live (act-omaha-2017 17.4, 17.11(b);
    dunedin-house 27, 29): a returning player's dead small blind and live big blind one "posts
    small & big blinds" with the sum, a dead small blind alone "posts small blind", a
    newcomer's live blind another "posts big blind"."""

    def posts(r: Round) -> list[str]:
        return [line for line in ps.to_text(r, HOUSE).splitlines() if ": posts " in line]

    r = _folded(round_config((50,) * 4, (1, 2, 0, 2), dead=(0, 0, 0, 1), min_bet=2))
    assert posts(r) == [
        "Player1: posts small blind $1",
        "Player2: posts big blind $2",
        "Player4: posts small & big blinds $3",
    ]
    r = _folded(round_config((50,) * 4, (1, 2, 2, 0), min_bet=2))
    assert posts(r)[1:] == ["Player2: posts big blind $2", "Player3: posts big blind $2"]
    # a newcomer in the seat after the button: the blinds' posts still come first
    r = _folded(round_config((50,) * 4, (2, 1, 2, 0), min_bet=2, big_blind_position=2))
    assert posts(r) == [
        "Player2: posts small blind $1",
        "Player3: posts big blind $2",
        "Player1: posts big blind $2",
    ]
    # a dead small blind alone, from the button: pokerkit reads it (as a live post), and as
    # the poster folds, to croupier's stacks
    r = _folded(round_config((50,) * 4, (1, 2, 0, 0), dead=(0, 0, 0, 1), min_bet=2))
    assert posts(r)[2:] == ["Player4: posts small blind $1"]
    assert pokerkit_hand(ps.to_text(r, HOUSE))[1] == list(r.stacks) == [49, 52, 50, 49]


def test_seats_are_listed_in_seat_order() -> None:
    from dataclasses import replace

    r = _folded(round_config((50, 60, 70), (1, 2, 0), min_bet=2))
    meta = replace(to_history(r, HOUSE), seats=(5, 6, 2), seat_count=6)
    lines = ps.to_text(r, HOUSE, meta=meta).splitlines()
    assert lines[1] == "Table 'croupier' 6-max Seat #2 is the button"
    assert [line[:6] for line in lines if line.startswith("Seat ")] == ["Seat 2", "Seat 5",
        "Seat 6"] * 2  # fmt: skip
