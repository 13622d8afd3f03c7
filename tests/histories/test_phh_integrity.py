"""Hand-history integrity (issue 12 items 4 and 5): the batch replay never confirms what the
engine would not, one bad file is one error line, and an export holds only what its recipient saw.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.histories.fast.batch import UNSUPPORTED, replay_batch
from croupier.histories.phh import dumps, loads
from croupier.histories.phh_export import HOUSE, to_history
from croupier.histories.phh_replay import ReplayError, replay, replay_files
from croupier.round import CheckCall, DealHole, Fold, Game, Round
from croupier.shoe import Shoe
from support.build import round_config

BIG = 2**63 - 1

# Three players all in: the winner takes 2 * (2**63 - 1) + 4 = 2**64 + 2, which int64 wraps to 2.
# The forged record claims exactly that wrapped figure.
WRAPPED = f"""
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{BIG}, {BIG}, 4]
actions = ["d dh p1 AsAh", "d dh p2 7c2c", "d dh p3 9h6c", "p3 cbr 4", "p1 cbr {BIG}", "p2 cc",
  "d db 2d3d4h", "d db 8s", "d db Ks"]
finishing_stacks = [2, 0, 0]
"""

GOOD = """
variant = "NT"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 f"]
finishing_stacks = [201, 199]
"""

HUGE_STACK = GOOD.replace("[200, 200]", f"[{2**63}, 200]").replace(
    "[201, 199]", f"[{2**63 + 1}, 199]"
)
HUGE_BET = GOOD.replace('"p2 f"', f'"p2 cbr {2**64}"')

# A show with an unknown card while the all-in board is still coming: recorded early, refused
# (a short hand) once the showdown comes.
EARLY_UNKNOWN_SHOW = """
variant = "NT"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 cbr 200", "p1 cc", "p1 sm As??",
  "d db 2c3d4h", "d db 8s", "d db 9s"]
"""


def test_an_int64_overflow_never_confirms_a_forged_record() -> None:
    h = loads(WRAPPED)
    assert replay(h).stacks[0] == 2**64 + 2  # the engine: Python's integers
    assert replay_batch([h]).status[0] == UNSUPPORTED
    rep = replay_files([_write(WRAPPED, "wrapped.phh")])
    assert rep.matched == 0
    assert [m["got"] for m in rep.mismatched] == [[2**64 + 2, 0, 0]]


@pytest.mark.parametrize("text", [HUGE_STACK, HUGE_BET], ids=["stack", "bet"])
def test_amounts_past_int64_do_not_abort_a_folder(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "a-bad.phh"
    bad.write_text(text)
    good = tmp_path / "b-good.phh"
    good.write_text(GOOD)
    rep = replay_files([bad, good])
    assert rep.hands == 2
    assert rep.matched == 1 + (text is HUGE_STACK)  # the huge stack replays exactly
    assert len(rep.errors) == (text is HUGE_BET)


def test_a_bad_early_show_is_a_replay_error_and_one_error_line(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="action 5"):
        replay(loads(EARLY_UNKNOWN_SHOW))
    bad = tmp_path / "a-bad.phh"
    bad.write_text(EARLY_UNKNOWN_SHOW)
    good = tmp_path / "b-good.phh"
    good.write_text(GOOD)
    for batch in (True, False):
        rep = replay_files([bad, good], batch=batch)
        assert rep.matched == 1
        assert [e["file"] for e in rep.errors] == [str(bad)]


def _write(text: str, name: str) -> Path:
    import tempfile

    p = Path(tempfile.mkdtemp()) / name
    p.write_text(text)
    return p


# --- the recipient of an export --------------------------------------------------------------


def _folded_round() -> Round:
    """Four players: 2 and 3 fold unseen; the blinds check it down to the showdown."""
    cfg = round_config(
        stacks=(100, 100, 100, 100),
        blinds=(1, 2, 0, 0),
        min_bet=2,
        deck_order=Shoe(Game.holdem().deck, seed=7).shuffle().order,
    )
    r = Round(cfg)
    while not r.is_over:
        la = r.legal_actions()
        assert la is not None
        r.apply(Fold(la.player) if la.player in (2, 3) else CheckCall(la.player))
    return r


def _holes(h: object) -> dict[int, tuple[object, ...]]:
    from croupier.histories.phh import HandHistory, PhhDealHole

    assert isinstance(h, HandHistory)
    return {a.player - 1: a.cards for a in h.actions if isinstance(a, PhhDealHole)}


def test_a_players_export_holds_only_what_that_player_saw() -> None:
    r = _folded_round()
    from croupier.round.events import HandShown, HoleDealt

    dealt = {e.player: e.cards for e in r.events if isinstance(e, HoleDealt)}
    shown = {e.player for e in r.events if isinstance(e, HandShown)}
    assert 2 not in shown and 3 not in shown and shown  # two hands folded unseen

    house = to_history(r, HOUSE)
    assert _holes(house) == dealt
    assert house.extra["_croupier_recipient"] == "house"
    for me in range(4):
        h = loads(dumps(to_history(r, me)))
        assert h.extra["_croupier_recipient"] == f"p{me + 1}"
        for p, cards in _holes(h).items():
            if p == me or p in shown:  # a shown hand: the player saw it by the hand's end
                assert cards == dealt[p]
            else:
                assert cards == (None, None)
        assert replay(h).stacks == r.stacks  # what the player saw still replays to the result
    with pytest.raises(ValueError, match="no player 4"):
        to_history(r, 4)


def test_a_card_exposed_to_the_table_is_in_every_export() -> None:
    from croupier.cards import parse_cards
    from croupier.floor import CardsShownToPlayer, apply_incident

    cfg = round_config(stacks=(100, 100, 100), blinds=(1, 2, 0), min_bet=2)
    r = Round(cfg)
    for p, cards in enumerate(["AsKs", "QdQc", "7h2c"]):
        r.apply(DealHole(p, parse_cards(cards)))
    apply_incident(r, CardsShownToPlayer(2, parse_cards("7h"), to_player=1))
    h = to_history(r, 0)
    assert _holes(h)[2] == (parse_cards("7h")[0], None)  # dunedin-house 75: the table sees it
    assert _holes(h)[1] == (None, None)
