"""How much of croupier's no-limit hold'em PokerStars export pokerkit's ``PokerStarsParser``
reads to croupier's final stacks (issue 30), per rulebook with no-limit hold'em: a file of
seeded rounds as ``croupier export`` writes it, each hand played by pokerkit's own rules.
The rake aside (pokerkit pays the whole pot) and the odd chip of a split pot (pokerkit places
it by its own rule, as ``phh replay`` reports).

Two constructs cannot be put to pokerkit's parser in PokerStars text; their hands are counted
apart (scripts/pokerstars_pokerkit.py gives the figures at 1,000 hands):

* dead money. Its parser reads no ante, does not read "posts small & big blinds" (a returning
  player's dead small blind and live big blind, as PokerStars writes them) and reads a dead
  small blind posted alone ("posts small blind") as a live one.
* a live blind from a seat it takes for a blind. It takes the first two players after the
  button for the blinds and every later post for a post bet, so a newcomer's or returning
  player's big blind from the seat after the button (act-omaha-2017 17.11(b), 17.4;
  dunedin-house 29, 27), or after a big blind with no small blind before it, moves its first
  action. PokerStars itself never deals that hand: the player waits for the button to pass.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from pathlib import Path

import pytest

from croupier.histories import pokerstars as ps
from croupier.histories.phh import load
from croupier.histories.phh_export import HOUSE
from croupier.histories.phh_replay import phh_files, replay
from croupier.round import Round
from croupier.rules import find_rulebook
from croupier.rules.books.act_omaha_2017 import ACT_OMAHA_2017
from croupier.rules.books.dunedin_house import DUNEDIN_HOUSE
from croupier.rules.books.qld_holdem_2005 import QLD_HOLDEM_2005
from croupier.sim.simulate import simulate
from croupier.table.presets import PresetError, preset

notation = pytest.importorskip(
    "pokerkit.notation", reason="pokerkit is not installed: pip install 'croupier[test]'"
)

HANDS = 300
NO_LIMIT_HOLDEM = ["act-omaha-2017", "dunedin-house"]
DEAD_MONEY = "dead money"
BLIND_SEAT = "a live blind from a seat pokerkit takes for a blind"


def apart(r: Round) -> str | None:
    """Which construct pokerkit's parser cannot be given, if any (see the module's text)."""
    cfg = r.config
    if any(cfg.antes) or any(cfg.dead):
        return DEAD_MONEY
    if cfg.players == 2:
        return None
    blinds = cfg.blinds
    ours = cfg.big_blind_position
    if ours is None:  # the largest blind, the last of equals
        ours = max(range(cfg.players), key=lambda p: (blinds[p], p))
    theirs = max((0, 1), key=lambda p: (blinds[p], p))
    return None if ours == theirs else BLIND_SEAT


def read_by_pokerkit(text: str) -> dict[int, list[int]]:
    """Each hand of the file pokerkit reads and plays to the end: its final stacks."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a hand it cannot play is left out, with a warning
        for hh in notation.PokerStarsParser()(text):
            try:
                out[int(hh.hand)] = [int(s) for s in list(hh)[-1].stacks]
            except ValueError:  # pokerkit cannot play it
                continue
    return out


def same_stacks(got: list[int] | None, want: list[int], text: str) -> bool:
    """pokerkit's stacks are croupier's, each player's difference what the rake took from
    them, and where a pot is split the odd chip anywhere."""
    if got is None:
        return False
    rake = int(re.search(r"\| Rake \D?(\d+)", text)[1])  # type: ignore[index]
    pots = re.findall(r"^.+ collected \S+ from (.+)$", text, re.M)
    odd = -1 if len(pots) != len(set(pots)) else 0
    diff = [a - b for a, b in zip(got, want, strict=True)]
    return min(diff) >= odd and sum(diff) == rake


def test_the_rulebooks_with_no_limit_holdem() -> None:
    """The figure covers every rulebook with no-limit hold'em (qld-holdem-2005 has none): of
    the three croupier ships, not those other tests register in this process."""
    found = []
    for rb in (b.id for b in (QLD_HOLDEM_2005, ACT_OMAHA_2017, DUNEDIN_HOUSE)):
        try:
            preset(rb, "holdem", "no-limit")
        except PresetError:
            continue
        found.append(rb)
    assert sorted(found) == NO_LIMIT_HOLDEM


@pytest.mark.parametrize("rulebook", NO_LIMIT_HOLDEM)
def test_pokerkit_reads_99_percent_of_the_no_limit_holdem_export(
    tmp_path: Path, rulebook: str
) -> None:
    simulate(preset(rulebook, "holdem", "no-limit"), HANDS, seed=11, seats=6, history=tmp_path)
    texts, want, why = {}, {}, {}
    for f in phh_files([tmp_path]):
        h = load(f)
        r = replay(h, find_rulebook(rulebook))
        number = int(str(h.hand))
        texts[number] = ps.to_text(r, HOUSE, meta=h)
        want[number], why[number] = list(r.stacks), apart(r)
    got = read_by_pokerkit(ps.dumps(list(texts.values())))  # split where PokerStars splits
    hands, read = Counter(why.values()), Counter()
    for number, stacks in want.items():
        read[why[number]] += same_stacks(got.get(number), stacks, texts[number])
    assert sum(hands.values()) == HANDS
    assert read[None] >= 0.99 * hands[None], (read, hands)  # the figure: 100 % at 1,000 hands
    assert hands[DEAD_MONEY] and hands[BLIND_SEAT], hands  # both constructs arise here
    assert sum(read.values()) >= 0.95 * HANDS, (read, hands)  # of all: 96.7 and 97.3 % here
