"""PHH hand histories: parsing, writing, round trips over the shared corpus, and errors."""

from __future__ import annotations

import datetime as dt
import tomllib
import warnings
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, parse_cards
from croupier.histories.phh import (
    UNIT_SCALE_KEY,
    Action,
    HandHistory,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhDiscard,
    PhhError,
    PhhFold,
    PhhNoOp,
    PhhPostBringIn,
    PhhShowMuck,
    PhhStandPat,
    dump,
    dumps,
    format_action,
    load,
    loads,
    parse_action,
    parse_phh_cards,
)

PHH_ROOT = Path(__file__).resolve().parents[3] / "shared" / "phh"

# What the shared corpus holds (see ../shared/phh/README.md); pinned so that a change shows.
CORPUS_VARIANTS = {
    "NT": 3169,
    "FO/8": 14,
    "F7S": 13,
    "FR": 10,
    "F2L3D": 8,
    "PO": 8,
    "F7S/8": 7,
    "FT": 7,
    "N2L1D": 7,
    "FB": 1,
    "NS": 1,
}
CORPUS_FILES = 3245
CORPUS_WITH_FINISHING_STACKS = 3240


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def need_corpus() -> Path:
    if not PHH_ROOT.is_dir():
        pytest.skip(f"shared PHH corpus not found at {PHH_ROOT} (the repository's sibling folder)")
    return PHH_ROOT


@pytest.fixture(scope="module")
def corpus() -> list[HandHistory]:
    root = need_corpus()
    return [load(p) for p in sorted(root.rglob("*.phh"))]


def corpus_file(name: str) -> Path:
    path = need_corpus() / name
    if not path.is_file():
        pytest.skip(f"{path} is not in the shared corpus")
    return path


# --- the shared corpus ------------------------------------------------------------------------


@pytest.mark.shared
def test_corpus_variant_counts(corpus: list[HandHistory]) -> None:
    counts = Counter(h.variant for h in corpus)
    print("PHH variants:", dict(counts.most_common()))
    assert len(corpus) == CORPUS_FILES
    assert dict(counts) == CORPUS_VARIANTS
    assert sum(h.finishing_stacks is not None for h in corpus) == CORPUS_WITH_FINISHING_STACKS


@pytest.mark.shared
def test_corpus_round_trip(corpus: list[HandHistory]) -> None:
    for h in corpus:
        text = dumps(h)
        again = loads(text)
        assert again == h, h.path
        # TOML comments take no part in equality but must survive too.
        assert again.header == h.header, h.path
        assert [a.remark for a in again.actions] == [a.remark for a in h.actions], h.path
        assert dumps(again) == text, h.path


@pytest.mark.shared
def test_corpus_round_trip_loses_no_field(corpus: list[HandHistory]) -> None:
    """Every key of every file reads back with the same value from what dumps writes."""
    for h in corpus:
        assert h.path is not None
        original = tomllib.loads(h.path.read_text("utf-8"), parse_float=Decimal)
        written = tomllib.loads(dumps(h), parse_float=Decimal)
        assert set(original) <= set(written) <= set(original) | {"ante_trimming_status"}, h.path
        for key, value in original.items():
            if key == "actions":
                assert [parse_action(a, unit_scale=h.unit_scale) for a in written[key]] == [
                    parse_action(a, unit_scale=h.unit_scale) for a in value
                ], h.path
            else:
                assert written[key] == value, (h.path, key)  # 10000 == Decimal("10000.0")


@pytest.mark.shared
def test_corpus_structure(corpus: list[HandHistory]) -> None:
    kinds = Counter(type(a).__name__ for h in corpus for a in h.actions)
    print("PHH actions:", dict(kinds.most_common()))
    assert set(kinds) == {
        "PhhDealHole",
        "PhhDealBoard",
        "PhhFold",
        "PhhCheckCall",
        "PhhBetRaise",
        "PhhShowMuck",
        "PhhPostBringIn",
        "PhhStandPat",
        "PhhDiscard",
    }
    assert Counter(h.unit_scale for h in corpus) == {1: 3243, 10: 1, 100: 1}
    for h in corpus:
        assert h.extra == {}, h.path
        assert h.players is not None
        assert len(h.players) == h.player_count
        assert all(s > 0 for s in h.starting_stacks)
        assert (h.bring_in is None) == (h.blinds_or_straddles is not None), h.path


@pytest.mark.shared
def test_wikipedia_badugi_field_by_field() -> None:
    path = corpus_file("alice-carol-wikipedia.phh")
    h = load(path)
    assert h.path == path
    assert h.header == (
        "An example badugi hand from Wikipedia.",
        "Link: https://en.wikipedia.org/wiki/Badugi",
    )
    assert h.variant == "FB"
    assert h.is_known_variant
    assert h.ante_trimming_status is True
    assert h.antes == (0, 0, 0, 0)
    assert h.blinds_or_straddles == (1, 2, 0, 0)
    assert (h.small_bet, h.big_bet, h.min_bet, h.bring_in) == (2, 4, None, None)
    assert h.starting_stacks == (200, 200, 200, 200)
    assert h.finishing_stacks is None
    assert h.unit_scale == 1
    assert h.author == "Juho Kim"
    assert h.players == ("Bob", "Carol", "Ted", "Alice")
    assert (h.hand, h.year, h.currency, h.event) == (None, None, None, None)
    assert len(h.actions) == 36
    assert h.actions[:5] == (
        PhhDealHole(1, (None,) * 4),
        PhhDealHole(2, (None,) * 4),
        PhhDealHole(3, (None,) * 4),
        PhhDealHole(4, (None,) * 4),
        PhhFold(3),
    )
    assert [a.remark for a in h.actions[:5]] == ["Bob", "Carol", "Ted", "Alice", "Ted"]
    assert h.actions[8] == PhhDiscard(1, (None, None))
    assert h.actions[10] == PhhDiscard(4, (None,))
    assert h.actions[15] == PhhBetRaise(2, 2)
    assert h.actions[19] == PhhStandPat(2)
    assert h.actions[-2:] == (
        PhhShowMuck(4, cards("2s4c6d9h")),
        PhhShowMuck(2, cards("3s5d7c8h")),
    )
    # The file's own slip: this line is p2 (Carol) but the comment says Bob.
    assert h.actions[27] == PhhCheckCall(2)
    assert h.actions[27].remark == "Bob"


@pytest.mark.shared
def test_antonius_blom_decimal_stacks_scale_to_cents() -> None:
    h = load(corpus_file("antonius-blom-2009.phh"))
    assert h.variant == "PO"
    assert h.unit_scale == 100
    assert h.starting_stacks == (125945025, 67847350)
    assert h.blinds_or_straddles == (50000, 100000)
    assert h.min_bet == 100000
    assert h.to_decimal(h.starting_stacks[0]) == Decimal("1259450.25")
    assert h.actions[2] == PhhBetRaise(2, 300000)
    assert h.actions[0] == PhhDealHole(1, cards("Ah3sKsKh"))
    assert (h.month, h.year, h.currency) == (11, 2009, "USD")
    assert "starting_stacks = [1259450.25, 678473.5]" in dumps(h)
    assert "min_bet = 1000\n" in dumps(h)


@pytest.mark.shared
def test_pluribus_half_chip_hand_scales_to_tenths() -> None:
    h = load(corpus_file("pluribus/102/0.phh"))
    assert h.unit_scale == 10
    assert h.blinds_or_straddles == (500, 1000, 0, 0, 0, 0)
    assert h.starting_stacks == (100000,) * 6
    assert h.finishing_stacks == (101125, 97750, 100000, 100000, 101125, 100000)
    assert sum(h.finishing_stacks) == sum(h.starting_stacks)


@pytest.mark.shared
def test_pluribus_first_hand() -> None:
    h = load(corpus_file("pluribus/100/0.phh"))
    assert h.header == ()
    assert h.variant == "NT"
    assert h.blinds_or_straddles == (50, 100, 0, 0, 0, 0)
    assert h.min_bet == 100
    assert h.hand == 0
    assert h.players == ("MrBlue", "MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus")
    assert h.finishing_stacks == (10310, 9900, 10000, 9790, 10000, 10000)
    assert h.actions[0] == PhhDealHole(1, cards("TcQc"))
    assert h.actions[7] == PhhBetRaise(4, 210)
    assert h.actions[12] == PhhDealBoard(cards("7d5h9d"))
    assert h.actions[-1] == PhhFold(4)


@pytest.mark.shared
def test_wsop_2019_big_blind_ante_and_unicode() -> None:
    h = load(corpus_file("wsop/wsop-2019-42-3-00-01-07.phh"))
    assert h.player_count == 8
    assert h.antes == (0, 500000, 0, 0, 0, 0, 0, 0)
    assert h.event is not None
    assert "No-Limit Hold\u2019em" in h.event
    assert (h.city, h.region, h.country) == (
        "Las Vegas",
        "Nevada",
        "United States of America",
    )
    assert (h.day, h.month, h.year) == (20, 6, 2019)
    assert h.finishing_stacks is not None
    assert sum(h.finishing_stacks) == sum(h.starting_stacks)
    assert h.actions[-2:] == (PhhShowMuck(2, cards("Ac7c")), PhhShowMuck(1, cards("QdJd")))


@pytest.mark.shared
def test_wsop_razz_bring_in() -> None:
    h = load(corpus_file("wsop/2023/43/5/26.phh"))
    assert h.variant == "FR"
    assert h.blinds_or_straddles is None
    assert h.min_bet is None
    assert (h.bring_in, h.small_bet, h.big_bet) == (50000, 200000, 400000)
    assert h.antes == (50000,) * 5
    assert h.actions[5] == PhhPostBringIn(1)
    assert h.actions[11] == PhhDealHole(2, cards("Js"))
    assert h.hand == 26


@pytest.mark.shared
def test_pokerkit_reads_what_dumps_writes() -> None:
    """An independent PHH reader sees the same hand in our output as in the original."""
    notation = pytest.importorskip("pokerkit.notation")
    root = need_corpus()
    paths = sorted(root.glob("*.phh")) + sorted((root / "wsop").rglob("*.phh"))
    for path in paths:
        h = load(path)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            ours = notation.HandHistory.loads(dumps(h))
        theirs = notation.HandHistory.loads(path.read_text("utf-8"))
        for name in ("variant", "antes", "starting_stacks", "actions", "players"):
            assert list(getattr(ours, name)) == list(getattr(theirs, name)), (path, name)
        assert ours.finishing_stacks == theirs.finishing_stacks, path


# --- actions ----------------------------------------------------------------------------------

ACTION_CASES: list[tuple[str, Action]] = [
    ("d dh p1 AsKd", PhhDealHole(1, cards("AsKd"))),
    ("d dh p12 ????", PhhDealHole(12, (None, None))),
    ("d dh p2 Kh7c6d2c??", PhhDealHole(2, (*cards("Kh7c6d2c"), None))),
    ("d db Jc3d5c", PhhDealBoard(cards("Jc3d5c"))),
    ("p3 pb", PhhPostBringIn(3)),
    ("p1 f", PhhFold(1)),
    ("p2 cc", PhhCheckCall(2)),
    ("p3 cbr 7000", PhhBetRaise(3, 7000)),
    ("p1 sd", PhhStandPat(1)),
    ("p4 sd As??", PhhDiscard(4, (Card.parse("As"), None))),
    ("p2 sm", PhhShowMuck(2)),
    ("p2 sm -", PhhShowMuck(2, as_dealt=True)),
    ("p2 sm ??Ad", PhhShowMuck(2, (None, Card.parse("Ad")))),
    ("p1 f # tanks, then folds", PhhFold(1, "tanks, then folds")),
    ("p1 cbr 30 # all in # really", PhhBetRaise(1, 30, "all in # really")),
    ("p1 f #", PhhFold(1, "")),
    ("# Burn card 6s is exposed", PhhNoOp("Burn card 6s is exposed")),
    ("", PhhNoOp()),
]


@pytest.mark.parametrize(("text", "action"), ACTION_CASES)
def test_parse_and_format_action(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text
    body, hash_, comment = text.partition("#")
    assert parse_action(f"  {body.replace(' ', '   ')}{hash_}{comment}  ") == action


def test_show_muck_semantics() -> None:
    assert PhhShowMuck(1).mucks
    assert not PhhShowMuck(1, as_dealt=True).mucks
    assert not PhhShowMuck(1, (None, None)).mucks
    with pytest.raises(ValueError, match="either cards or as_dealt"):
        PhhShowMuck(1, cards("AsKs"), as_dealt=True)


def test_action_amount_scaling() -> None:
    assert parse_action("p1 cbr 12.5", unit_scale=10) == PhhBetRaise(1, 125)
    assert format_action(PhhBetRaise(1, 125), unit_scale=10) == "p1 cbr 12.5"
    assert format_action(PhhBetRaise(1, 120), unit_scale=10) == "p1 cbr 12"
    with pytest.raises(PhhError, match=r"not a whole number of units of 1/1\b"):
        parse_action("p1 cbr 12.5")


def test_phh_cards() -> None:
    assert parse_phh_cards("") == ()
    with pytest.raises(PhhError, match="at least one card"):
        format_action(PhhDealBoard(()))
    with pytest.raises(PhhError, match="at least one card"):
        format_action(PhhShowMuck(1, ()))
    assert parse_phh_cards("as??Td") == (Card.parse("As"), None, Card.parse("Td"))


# --- whole hands ------------------------------------------------------------------------------

MINIMAL = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 300, 400]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 f"]
"""


def test_minimal_hand_defaults() -> None:
    h = loads(MINIMAL)
    assert h.ante_trimming_status is False
    assert h.player_count == 3
    assert h.path is None
    assert h.source == "<string>"
    assert h.finishing_stacks is None
    assert h.players is None
    assert h.extra == {}
    assert loads(dumps(h)) == h


def test_load_accepts_text_paths_and_path_objects(tmp_path: Path) -> None:
    p = tmp_path / "hand.phh"
    p.write_text(MINIMAL, "utf-8")
    assert load(MINIMAL) == load(str(p)) == load(p)
    assert load(p).path == p
    out = tmp_path / "out.phh"
    dump(load(p), out)
    assert load(out) == load(p)


def test_optional_and_user_defined_fields_round_trip() -> None:
    text = (
        MINIMAL
        + """\
author = "A. N. Annotator"
url = "https://example.org/hand?id=1"
venue = "Casino \\"Royale\\""
time = 21:15:30
time_zone = "Australia/Canberra"
time_zone_abbreviation = "AEST"
hand = "7-B"
level = 12
seats = [1, 4, 9]
seat_count = 9
table = 3
players = ["Ann", "", "Cy"]
finishing_stacks = [199, 298, 403]
winnings = [0, 0, 7]
currency_symbol = "$"
time_limit = inf
time_banks = [30, 30.5, 0]
_sponsors = ["", "GGPoker", ""]
_meta = { note = "x", weights = [1.5, 2] }
"strange key" = 1979-05-27T07:32:00
"""
    )
    h = loads(text)
    assert h.time == dt.time(21, 15, 30)
    assert (h.hand, h.table, h.level, h.seats, h.seat_count) == ("7-B", 3, 12, (1, 4, 9), 9)
    assert h.venue == 'Casino "Royale"'
    assert h.winnings == (0, 0, 7)
    assert h.time_limit == Decimal("inf")
    assert h.time_banks == (30, Decimal("30.5"), 0)
    assert h.extra == {
        "_sponsors": ["", "GGPoker", ""],
        "_meta": {"note": "x", "weights": [Decimal("1.5"), 2]},
        "strange key": dt.datetime(1979, 5, 27, 7, 32),
    }
    again = loads(dumps(h))
    assert again == h
    assert list(again.extra) == list(h.extra)


LAST = "two on a line: the comment is the last one's"


def test_commentary_and_toml_comments() -> None:
    text = """\
# Header line one
#Header line two

variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = [
  # Pre-flop (a section comment: not kept)
  "d dh p1 AsKs",  # Ann
  'd dh p2 QsQd',
  "p2 cbr 6 # raises from the button",  # Bo
  "# a standalone commentary",
  "p1 cc", "p1 f"  # two on a line: the comment is the last one's
]
"""
    h = loads(text)
    assert h.header == ("Header line one", "Header line two")
    assert [a.remark for a in h.actions] == ["Ann", None, "Bo", None, None, LAST]
    assert h.actions[2] == PhhBetRaise(2, 6, "raises from the button")
    assert h.actions[3] == PhhNoOp("a standalone commentary")
    # Remarks take no part in equality; commentary does.
    assert h.actions[0] == PhhDealHole(1, cards("AsKs"))
    assert h.actions[2] != PhhBetRaise(2, 6)
    again = loads(dumps(h))
    assert again == h
    assert again.header == h.header
    assert [a.remark for a in again.actions] == ["Ann", None, "Bo", None, None, LAST]
    out = dumps(h)
    assert out.startswith("# Header line one\n# Header line two\n\nvariant")
    assert '  "d dh p1 AsKs",  # Ann\n' in out


def test_declared_unit_scale_survives_a_round_trip() -> None:
    h = loads(MINIMAL)
    cents = HandHistory(
        variant=h.variant,
        antes=(0, 0, 0),
        blinds_or_straddles=(100, 200, 0),
        min_bet=200,
        starting_stacks=(20000, 30000, 40000),
        actions=(PhhDealBoard(cards("2c3c4c")), PhhBetRaise(3, 600)),
        unit_scale=100,
    )
    text = dumps(cents)
    assert f"{UNIT_SCALE_KEY} = 100" in text
    assert "min_bet = 2\n" in text
    assert loads(text) == cents
    assert UNIT_SCALE_KEY not in dumps(loads(MINIMAL))
    with pytest.raises(ValueError, match="power of ten"):
        HandHistory(variant="NT", antes=(0,), starting_stacks=(1,), actions=(), unit_scale=3)


def test_unknown_variant_kept_as_is() -> None:
    text = 'variant = "NOPE"\nantes = [0]\nstarting_stacks = [5]\nactions = []\n'
    h = loads(text)
    assert h.variant == "NOPE"
    assert not h.is_known_variant
    assert loads(dumps(h)) == h


# --- errors -----------------------------------------------------------------------------------


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "broken.phh"
    p.write_text(text, "utf-8")
    return p


def _actions(*actions: str) -> str:
    listed = ", ".join(f'"{a}"' for a in actions)
    return MINIMAL.replace(MINIMAL.splitlines()[-1], f"actions = [{listed}]")


@pytest.mark.parametrize(
    ("text", "where", "problem"),
    [
        (_actions("d dh p1 AsXz"), "action 0 'd dh p1 AsXz'", "malformed card 'Xz'"),
        (_actions("d dh p1 AsK"), "action 0", "each card is two characters"),
        (_actions("d dh p1 AsAs"), "action 0", "duplicate card As"),
        (_actions("d dh p1 AsKs", "p1 raise 6"), "action 1 'p1 raise 6'", "unknown action 'raise'"),
        (_actions("d burn 2c"), "action 0", "unknown dealer action 'burn'"),
        (_actions("d db"), "action 0", "wrong arguments for the dealer's 'db'"),
        (_actions("p1 cbr"), "action 0", "wrong arguments for 'cbr'"),
        (_actions("p1 f now"), "action 0", "wrong arguments for 'f'"),
        (_actions("x1 f"), "action 0", "bad player 'x1'"),
        (_actions("p0 f"), "action 0", "bad player 'p0'"),
        (_actions("p4 f"), "action 0", "p4 is not among p1..p3"),
        (_actions("p1 cbr -5"), "action 0", "bad amount '-5'"),
        (_actions("p1 cbr 1e-9"), "action 0 'p1 cbr 1e-9'", "no power of ten up to 10**6"),
        (
            MINIMAL.replace("[200, 300, 400]", "[200, 300.0000001, 400]"),
            "field 'starting_stacks' element 1",
            "no power of ten up to 10**6",
        ),
        (
            MINIMAL.replace("[200, 300, 400]", "[200, inf, 400]"),
            "field 'starting_stacks' element 1",
            "amount Infinity is not a finite number",
        ),
        (MINIMAL.replace("min_bet = 2", "min_bet = -2"), "field 'min_bet'", "negative amount"),
        (MINIMAL.replace("min_bet = 2", 'min_bet = "2"'), "field 'min_bet'", "expected a number"),
        (MINIMAL.replace("min_bet = 2\n", ""), "field 'min_bet'", "variant 'NT' needs it"),
        (MINIMAL.replace('variant = "NT"\n', ""), "field 'variant'", "missing"),
        (MINIMAL.replace("[0, 0, 0]", "[0, 0]"), "field 'antes'", "2 entries for the 3 players"),
        (MINIMAL + "players = ['a', 'b']\n", "field 'players'", "2 entries for the 3 players"),
        (MINIMAL + "players = ['a', 'b', 3]\n", "field 'players'", "element 2 should be a string"),
        (MINIMAL + "day = 1.5\n", "field 'day'", "expected an integer, got float 1.5"),
        (MINIMAL + "hand = true\n", "field 'hand'", "expected an integer or a string"),
        (MINIMAL + "ante_trimming_status = 1\n", "field 'ante_trimming_status'", "true or false"),
        (MINIMAL + "time = 2024-01-01\n", "field 'time'", "local time"),
        (MINIMAL + "actions = []\n", "TOML", "Cannot overwrite a value"),
        (MINIMAL + f"{UNIT_SCALE_KEY} = 3\n", f"field '{UNIT_SCALE_KEY}'", "power of ten"),
    ],
)
def test_errors_name_file_place_and_problem(
    tmp_path: Path, text: str, where: str, problem: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(PhhError) as info:
        load(path)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.source == str(path)
    assert str(err).startswith(f"{path}: ")
    assert where in err.where
    assert problem in err.problem, err.problem


def test_declared_scale_too_small() -> None:
    text = MINIMAL.replace("[200, 300, 400]", "[200, 300.25, 400]") + f"{UNIT_SCALE_KEY} = 10\n"
    with pytest.raises(PhhError, match="10 is too small: field 'starting_stacks' element 1 needs"):
        loads(text)


def test_missing_file_and_bad_encoding(tmp_path: Path) -> None:
    with pytest.raises(PhhError, match="cannot read"):
        load(tmp_path / "absent.phh")
    p = tmp_path / "latin1.phh"
    p.write_bytes(MINIMAL.replace('"NT"', '"NT"\nauthor = "Jos\xe9"').encode("latin-1"))
    with pytest.raises(PhhError, match="not UTF-8"):
        load(p)


def test_dumps_refuses_what_toml_cannot_hold() -> None:
    h = loads(MINIMAL)
    bad_remark = HandHistory(
        variant="NT", antes=(0,), starting_stacks=(5,), actions=(PhhFold(1, remark="a\nb"),)
    )
    with pytest.raises(PhhError, match="control characters"):
        dumps(bad_remark)
    with pytest.raises(PhhError, match="is a PHH field"):
        dumps(
            HandHistory(
                variant="NT", antes=(0,), starting_stacks=(5,), actions=(), extra={"hand": 1}
            )
        )
    with pytest.raises(PhhError, match="cannot write"):
        dumps(
            HandHistory(
                variant="NT", antes=(0,), starting_stacks=(5,), actions=(), extra={"_x": {1}}
            )
        )
    assert loads(dumps(h)) == h


# --- property: any history round-trips --------------------------------------------------------

text_st = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
stripped_st = text_st.map(lambda s: s.replace("#", "").strip()).filter(
    lambda s: all(ord(c) >= 0x20 and c != "\x7f" for c in s)
)
comment_st = st.none() | stripped_st


@st.composite
def card_tuples(draw: st.DrawFn, min_size: int = 1) -> tuple[Card | None, ...]:
    known = draw(st.lists(st.integers(0, 51), unique=True, min_size=0, max_size=5))
    unknown = draw(st.integers(0 if known else min_size, 3))
    out: list[Card | None] = [Card(c) for c in known] + [None] * unknown
    return tuple(draw(st.permutations(out)))


@st.composite
def histories(draw: st.DrawFn) -> HandHistory:
    n = draw(st.integers(1, 9))
    scale = draw(st.sampled_from([1, 10, 100, 10**6]))
    money = st.integers(0, 10**9)
    per = st.tuples(*[money] * n)
    player = st.integers(1, n)
    cm = comment_st
    action = st.one_of(
        st.builds(PhhDealHole, player, card_tuples(), cm, cm),
        st.builds(PhhDealBoard, card_tuples(), cm, cm),
        st.builds(PhhPostBringIn, player, cm, cm),
        st.builds(PhhFold, player, cm, cm),
        st.builds(PhhCheckCall, player, cm, cm),
        st.builds(PhhBetRaise, player, money, cm, cm),
        st.builds(PhhStandPat, player, cm, cm),
        st.builds(PhhDiscard, player, card_tuples(), cm, cm),
        st.builds(PhhShowMuck, player, st.none() | card_tuples(), st.just(False), cm, cm),
        st.builds(PhhShowMuck, player, st.none(), st.just(True), cm, cm),
        st.builds(PhhNoOp, cm, cm),
    )
    opt = st.none() | text_st
    variant = draw(st.sampled_from(["NT", "FT", "PO", "FO/8", "F7S", "XX"]))
    required = {"bring_in", "small_bet", "big_bet"} if variant == "F7S" else set()
    required |= {"blinds_or_straddles"} if variant in ("NT", "FT", "PO", "FO/8") else set()
    required |= {"min_bet"} if variant in ("NT", "PO") else set()
    required |= {"small_bet", "big_bet"} if variant in ("FT", "FO/8") else set()

    def maybe(name: str, values: st.SearchStrategy[Any]) -> Any:
        return draw(values if name in required else st.none() | values)

    return HandHistory(
        variant=variant,
        antes=draw(per),
        starting_stacks=draw(st.tuples(*[st.integers(1, 10**9)] * n)),
        actions=tuple(draw(st.lists(action, max_size=12))),
        ante_trimming_status=draw(st.booleans()),
        blinds_or_straddles=maybe("blinds_or_straddles", per),
        bring_in=maybe("bring_in", money),
        small_bet=maybe("small_bet", money),
        big_bet=maybe("big_bet", money),
        min_bet=maybe("min_bet", money),
        finishing_stacks=draw(st.none() | per),
        winnings=draw(st.none() | per),
        unit_scale=scale,
        author=draw(opt),
        event=draw(opt),
        time=draw(st.none() | st.times()),
        hand=draw(st.none() | st.integers(0, 10**6) | text_st),
        table=draw(st.none() | st.integers(0, 99) | text_st),
        seats=draw(st.none() | st.tuples(*[st.integers(1, 10)] * n)),
        players=draw(st.none() | st.tuples(*[text_st] * n)),
        time_limit=draw(st.none() | st.integers(0, 60) | st.just(Decimal("1.5"))),
        extra=draw(st.dictionaries(text_st.map(lambda s: "_" + s), st.integers() | text_st)),
        header=tuple(draw(st.lists(stripped_st, max_size=2))),
    )


@settings(max_examples=300, deadline=None)
@given(histories())
def test_any_history_round_trips(h: HandHistory) -> None:
    text = dumps(h)
    again = loads(text)
    assert again == h
    assert again.header == h.header
    assert [a.remark for a in again.actions] == [a.remark for a in h.actions]
