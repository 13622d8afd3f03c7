"""Keep docs/rules-coverage.md true: mark implemented clauses and recount the summary.

``IMPLEMENTED`` maps each clause croupier applies to the code that applies it and the tests
that prove it. Run ``python scripts/coverage.py`` after changing it; ``--check`` exits 1 when
the document is out of date (the test suite runs the check).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules-coverage.md"

ROUND = "`croupier.round` (`engine` and its `betting`, `dealing`, `showdown`, `settle`)"
ROUND_T = "`tests/round/test_round_rules.py`, `tests/round/test_round_properties.py`"
PHH_T = "`tests/histories/test_phh_export.py`, `tests/histories/test_phh_replay.py`"
COMM = "`croupier.rules.commission`"
SHOE = ("`croupier.shoe`", "`tests/cards/test_shoe.py`")
#: every clause the UTH game cites is a field of this book, relabelled by a derived one
UTH_BOOK = "`croupier.rules.books.act_uth_2025`"
UTH_DERIVED = "`tests/uth/test_uth_rules_derived.py`"
UTH_PLAYERS_T = "`tests/service/test_service_uth_tournament_players.py`"
UTH_WEB_T = "`tests/web/test_web_uth_tournament.py`"

_round = (ROUND, ROUND_T)
_comm = (COMM, "`tests/round/test_round_rules.py`")

IMPLEMENTED: dict[str, tuple[str, str]] = {
    # qld-holdem-2005: a round of play
    **{f"qld-holdem-2005 s3({i})": _round for i in (1, 2)},
    **{f"qld-holdem-2005 s4({i})": _round for i in (1, 2, 3, 4)},
    "qld-holdem-2005 s5(1)": _round,
    "qld-holdem-2005 s6": _round,
    "qld-holdem-2005 s9(1)": _round,
    "qld-holdem-2005 s9(2)": ("`croupier.round.structures.Structure.max_raises`", ROUND_T),
    "qld-holdem-2005 s10": _round,
    "qld-holdem-2005 s17(1)": (
        "`croupier.shoe`; `croupier.table` (`StartRound.dealt_from`: commitment and shoe "
        "recorded, order held by the dealer side)",
        "`tests/cards/test_shoe.py`, `tests/views/test_hidden_information.py`",
    ),
    **{f"qld-holdem-2005 s20({i})": _round for i in (1, 2, 3)},
    **{
        f"qld-holdem-2005 s21({i})": (ROUND, f"{ROUND_T}, {PHH_T}")
        for i in range(1, 14)
        if i not in (6, 8, 10)
    },
    **{f"qld-holdem-2005 s23({i})": _round for i in (1, 2, 3, 4)},
    **{f"qld-holdem-2005 s24({i})": _round for i in range(1, 11)},
    **{f"qld-holdem-2005 s25({i})": _round for i in range(1, 11)},
    **{f"qld-holdem-2005 s26({i})": _round for i in (1, 2, 3, 4, 5)},
    **{f"qld-holdem-2005 s27({i})": _round for i in range(1, 15)},
    **{f"qld-holdem-2005 s28({i})": _round for i in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11)},
    **{f"qld-holdem-2005 s29({i})": _round for i in range(1, 10)},
    **{f"qld-holdem-2005 s30({i})": _comm for i in (1, 2, 3, 4, 5)},
    # act-omaha-2017: a round of play
    "act-omaha-2017 4.2": ("`croupier.round.config.RoundConfig`", ROUND_T),
    "act-omaha-2017 5.1": _round,
    "act-omaha-2017 5.2": _round,
    "act-omaha-2017 6.1": _round,
    "act-omaha-2017 6.2": _round,
    **{f"act-omaha-2017 9.{i}": _round for i in (2, 3, 4, 5, 6)},
    "act-omaha-2017 10.1": _round,
    **{f"act-omaha-2017 11.{i}": _round for i in (1, 2, 3)},
    **{f"act-omaha-2017 12.{i}": _round for i in (1, 2, 3, 4)},
    **{f"act-omaha-2017 13.{i}": _round for i in (1, 2, 3)},
    **dict.fromkeys(
        ("act-omaha-2017 14.1", "act-omaha-2017 14.2", "act-omaha-2017 14.5"),
        (ROUND, "`tests/round/test_round_tap_out.py`, `tests/round/test_round_rules.py`"),
    ),
    "act-omaha-2017 15.1": _comm,
    **{f"act-omaha-2017 15.2({x})": _comm for x in ("a)(i", "a)(ii", "b", "c", "d", "e")},
    # dunedin-house: a round of play
    "dunedin-house 36": _round,
    "dunedin-house 39": _round,
    "dunedin-house 46": _round,
    "dunedin-house 47": _round,
    "dunedin-house 48": _round,
    "dunedin-house 61": _round,
    "dunedin-house 64": _round,
    "dunedin-house 66": _round,
    "dunedin-house glossary: Call": _round,
    "dunedin-house glossary: Check": _round,
    "dunedin-house glossary: Cut": SHOE,
    # act-uth-2025: settling a box against the dealer, and the pay tables
    **{
        f"act-uth-2025 9.{i}": (
            f"`croupier.uth.settle`, {UTH_BOOK}",
            f"`tests/uth/test_uth_settle.py`, {UTH_DERIVED}",
        )
        for i in (1, 2, 4, 5, 6, 7, 8, 9, 10)
    },
    "act-uth-2025 10.1": (
        f"`croupier.uth.paytables`, `croupier.uth.trips`, {UTH_BOOK}",
        "`tests/uth/test_uth_settle.py`, `tests/uth/test_uth_trips.py`",
    ),
    # act-uth-2025: the round of play, its irregularities, the table and tournaments
    **dict.fromkeys(
        (
            "act-uth-2025 A",
            *(f"act-uth-2025 {c}" for c in ("2.2", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6")),
            *(f"act-uth-2025 {c}" for c in ("5.1", "5.2", "5.3", "5.4", "5.5")),
            *(f"act-uth-2025 {c}" for c in ("7.1", "7.2", "7.3", "9.3")),
            *(f"act-uth-2025 8.{i}" for i in (1, 2, 3, 4, 5, 6, 8)),
            "act-uth-2025 13.8 (first)",
            "act-uth-2025 13.8 (second)",
        ),
        (
            f"`croupier.uth.game`, `croupier.uth.limits`, {UTH_BOOK}",
            f"`tests/uth/test_uth_game.py`, `tests/uth/test_uth_play.py`, {UTH_DERIVED}",
        ),
    ),
    **dict.fromkeys(
        (
            "act-uth-2025 11.1",
            "act-uth-2025 12.3",
            *(f"act-uth-2025 13.{i}" for i in range(1, 8)),
            "act-uth-2025 15.2",
            "act-uth-2025 15.3",
            "act-uth-2025 15.4",
            "act-uth-2025 15.7",
        ),
        (
            f"`croupier.uth.irregularities`, `croupier.uth.table`, {UTH_BOOK}",
            f"`tests/uth/test_uth_game.py`, {UTH_DERIVED}",
        ),
    ),
    "dunedin-house 77": (
        "`croupier.table.seat_plans` (`LockFunds`, `ReleaseFunds`)",
        "`tests/table/test_table_lock.py`, `tests/table/test_table_properties.py`",
    ),
    "act-uth-2025 16.9": (
        "`croupier.uth.tournament_decide` (`draw_seats`, `break_table`), "
        "`croupier.uth.tournament_tables`; a player acts only at their own box: "
        "`croupier.room.uth_tournaments` (`UthTournamentAct`), "
        "`croupier.service.uth_tournament_api.check_own`",
        f"`tests/uth/test_uth_tournament_admin.py`, {UTH_PLAYERS_T}, {UTH_WEB_T}",
    ),
    "act-uth-2025 16.11": (
        "`croupier.uth.tournament_decide` (`add_reserve`, `seat_reserve`); at the cage: "
        "`croupier.room.uth_tournaments` (`AddUthReserve`, `SeatUthReserve`)",
        f"`tests/uth/test_uth_tournament_admin.py`, {UTH_PLAYERS_T}, {UTH_WEB_T}",
    ),
    "act-uth-2025 16.12": (
        "`croupier.uth.tournament_decide.substitute`; approved by the director who sends "
        "`SubstituteUthPlayer` (`croupier.room.uth_tournaments`, "
        "`croupier.service.uth_tournament_api.fill`)",
        f"`tests/uth/test_uth_tournament_admin.py`, {UTH_PLAYERS_T}, {UTH_WEB_T}",
    ),
    "act-uth-2025 16.18": (
        "`croupier.uth.tournament_decide.offer_break`, "
        "`croupier.uth.tournament.UthTournament.played_seconds`",
        "`tests/uth/test_uth_tournament_admin.py`",
    ),
    "act-uth-2025 6.1": (
        "`croupier.uth.table.UthTable` (`new_round`, `record_shuffle`; `Shuffled` records the "
        f"salted commitment), `croupier.shoe`, {UTH_BOOK}; a UTH tournament's round: "
        "`croupier.room.uth_tournaments.DealUthTournamentRound` (the server's shoe, sealed)",
        "`tests/uth/test_uth_shuffle.py`, `tests/views/test_hidden_information.py`, "
        "`tests/service/test_secrets_at_rest.py`",
    ),
    # ... the players' own wagers and decisions, seats forfeited, through the API
    **dict.fromkeys(
        ("act-uth-2025 16.10", "act-uth-2025 16.17"),
        (
            f"`croupier.uth.tournament`, `croupier.uth.tournament_decide`, {UTH_BOOK}, "
            "`croupier.room.uth_tournaments` (`UthTournamentWager`)",
            f"`tests/uth/test_uth_tournament.py`, {UTH_DERIVED}, {UTH_PLAYERS_T}, {UTH_WEB_T}",
        ),
    ),
    **dict.fromkeys(
        (
            "act-uth-2025 16.1",
            *(f"act-uth-2025 16.{i}" for i in (7, 14, 23, 24)),
        ),
        (
            f"`croupier.uth.tournament`, `croupier.uth.tournament_decide`, {UTH_BOOK}",
            f"`tests/uth/test_uth_tournament.py`, {UTH_DERIVED}",
        ),
    ),
    # ... and run by the room through the API: entries and prizes at the cage, the ballot,
    # the rounds at its tables (croupier.room.uth_tournaments)
    **dict.fromkeys(
        (f"act-uth-2025 16.{i}" for i in (6, 8, 15, 16, 20, 21, 22)),
        (
            f"`croupier.uth.tournament`, `croupier.uth.tournament_decide`, {UTH_BOOK}, "
            "`croupier.room.uth_tournaments`",
            f"`tests/uth/test_uth_tournament.py`, {UTH_DERIVED}, "
            "`tests/service/test_service_uth_tournament.py`, "
            "`tests/web/test_web_uth_tournament.py`",
        ),
    ),
    # the table: who has the button and posts which blind, round after round
    **dict.fromkeys(
        (
            "qld-holdem-2005 s11(1)",
            "qld-holdem-2005 s18(1)",
            "qld-holdem-2005 s18(2)",
            "qld-holdem-2005 s18(3)",
            "act-omaha-2017 8.3",
            "act-omaha-2017 8.5",
            "act-omaha-2017 17.11",
            "act-omaha-2017 17.12",
            "dunedin-house 26",
            "dunedin-house 29",
            "dunedin-house glossary: Dead Button",
            "dunedin-house glossary: Dead Small Blind",
            "dunedin-house glossary: Dealer Button",
        ),
        ("`croupier.table.button`", "`tests/table/test_table_button.py`"),
    ),
    **dict.fromkeys(
        ("act-omaha-2017 17.4", "dunedin-house 27"),
        (
            "`croupier.table.button`, `croupier.round.config.RoundConfig`",
            "`tests/table/test_table_button.py`, `tests/round/test_round_rules.py`",
        ),
    ),
    "dunedin-house 95": (
        "`croupier.round`, `croupier.table.button`",
        "`tests/round/test_round_rules.py`, `tests/table/test_table_button.py`",
    ),
    # the table over many rounds: seats, stakes, breaks, seat changes, time, closure, voids
    **dict.fromkeys(
        (
            *(f"qld-holdem-2005 s16({i})" for i in (1, 2, 3, 4)),
            "act-omaha-2017 8.2",
            "dunedin-house 16",
            "dunedin-house 17",
        ),
        ("`croupier.table.seats`", "`tests/table/test_table.py`"),
    ),
    **dict.fromkeys(
        (
            "qld-holdem-2005 s19(1)",
            "qld-holdem-2005 s19(3)",
            "qld-holdem-2005 s19(4)",
            "qld-holdem-2005 s19(5)",
            "qld-holdem-2005 s19(6)",
            *(f"qld-holdem-2005 s31({i})" for i in range(1, 7)),
            "act-omaha-2017 4.3",
            "act-omaha-2017 4.4",
            "act-omaha-2017 4.5",
            "act-omaha-2017 4.6",
            "act-omaha-2017 14.3",
            "dunedin-house 19",
            "dunedin-house 22",
            "dunedin-house 23",
            "dunedin-house 24",
        ),
        (
            "`croupier.table.stakes`, `croupier.table.seat_plans`",
            "`tests/table/test_table.py`, `tests/cli/test_cli_play.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "act-omaha-2017 4.8",
            "act-omaha-2017 17.13",
            "act-omaha-2017 18.2",
            "act-omaha-2017 19.1",
            "act-omaha-2017 19.3",
            "act-omaha-2017 19.6",
            "act-omaha-2017 15.3",
            "dunedin-house 28",
            "dunedin-house 90",
        ),
        (
            "`croupier.table.seat_plans`, `croupier.table.round_plans`, `croupier.table.seats`",
            "`tests/table/test_table.py`",
        ),
    ),
    "dunedin-house 18": (
        "`croupier.table.round_plans`, `croupier.table.seat_plans`",
        "`tests/table/test_table.py`, `tests/tournament/test_loose_ends.py`",
    ),
    "dunedin-house 25": (ROUND, "`tests/round/test_round_rules.py`, `tests/table/test_table.py`"),
    # the floor's rulings in a round of play
    **dict.fromkeys(
        (
            *(f"qld-holdem-2005 s32({i})" for i in range(1, 7)),
            *(f"qld-holdem-2005 s33({i})" for i in range(1, 6)),
            *(f"act-omaha-2017 17.{i}" for i in (1, 2, 3, 9, 10, 20, 21)),
            "dunedin-house 55",
            "dunedin-house 56",
            "dunedin-house 63",
            "dunedin-house 68",
            "dunedin-house 69",
        ),
        (
            "`croupier.floor.rulings`, `croupier.round`, `croupier.table.round_plans`",
            "`tests/floor/test_floor_deal.py`, `tests/floor/test_floor_rejections.py`, "
            "`tests/table/test_table.py`",
        ),
    ),
    **dict.fromkeys(
        (
            *(f"qld-holdem-2005 s34({i})" for i in range(1, 5)),
            "qld-holdem-2005 s35(1)",
            "qld-holdem-2005 s35(2)",
            "act-omaha-2017 17.17",
            "act-omaha-2017 17.19",
            "dunedin-house 71",
            "dunedin-house 73",
        ),
        (
            "`croupier.floor.rulings`, `croupier.round`",
            "`tests/floor/test_floor_cards.py`, `tests/floor/test_floor_rejections.py`",
        ),
    ),
    **dict.fromkeys(
        (
            *(f"qld-holdem-2005 s37({i})" for i in range(1, 7)),
            "act-omaha-2017 17.5",
            *(f"act-omaha-2017 17.6({x})" for x in "abcd"),
            "act-omaha-2017 17.14",
            "act-omaha-2017 17.18",
            "dunedin-house 57",
            "dunedin-house 58",
            "dunedin-house 59",
            "dunedin-house 67",
            "dunedin-house 74",
            "dunedin-house 75",
        ),
        (
            "`croupier.floor.rulings`, `croupier.round`, `croupier.table.round_plans`",
            "`tests/floor/test_floor_action.py`, `tests/floor/test_floor_properties.py`, "
            "`tests/table/test_table.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "act-omaha-2017 17.7",
            "act-omaha-2017 17.8",
            *(f"dunedin-house {i}" for i in (30, 31, 32, 34, 35, 37, 49, 50, 51, 52, 53)),
        ),
        (
            "`croupier.floor.chips`, `croupier.round`",
            "`tests/floor/test_floor_chips.py`, `tests/round/test_round_rules.py`",
        ),
    ),
    # tournaments
    **{
        f"qld-tournament-2020 {c}": (
            f"`croupier.tournament.{m}`",
            f"`tests/tournament/test_tournament_{t}.py`",
        )
        for c, m, t in (
            ("2", "entry", "entry"),
            ("3.3", "entry", "entry"),
            ("3.4", "entry", "entry"),
            ("3.5", "entry", "play"),
            ("3.6", "entry", "entry"),
            ("3.8", "floor", "entry"),
            ("3.9", "floor", "entry"),
            ("3.10", "entry", "entry"),
            ("3.12", "entry", "entry"),
            ("4.1", "conditions", "conditions"),
            ("4.2", "conditions", "conditions"),
            ("4.3", "payouts", "payouts"),
            ("4.4", "payouts", "payouts"),
            ("4.5", "state", "entry"),
            ("4.6", "seating", "seating"),
            ("4.7", "seating", "seating"),
            ("4.8", "seating", "seating"),
            ("4.10", "entry", "entry"),
            ("4.13", "entry", "flights"),
            ("4.14", "floor", "play"),
            ("4.15", "hands", "play"),
            ("4.16", "hands", "play"),
            ("4.16.2", "floor", "entry"),
            ("4.18", "floor", "entry"),
            ("4.21", "clock", "play"),
            ("4.22", "hands", "play"),
            ("4.23", "seating", "seating"),
            ("4.24", "seating", "seating"),
            ("4.25", "floor", "play"),
            ("4.26", "live", "live"),
            ("4.28", "live", "live"),
            ("4.35", "hands", "play"),
            ("4.36", "hands", "play"),
            ("4.37", "floor", "play"),
            ("4.45(1)", "headsup", "headsup"),
            ("4.45(5)", "hands", "runs"),
        )
    },
    **{
        f"dunedin-house {c}": (
            f"`croupier.tournament.{m}`",
            f"`tests/tournament/test_tournament_{t}.py`",
        )
        for c, m, t in (
            ("78", "seating", "seating"),
            ("79", "seating", "seating"),
            ("80", "seating", "seating"),
            ("81", "seating", "seating"),
            ("82", "seating", "seating"),
            ("83", "seating", "seating"),
            ("86", "clock", "play"),
            ("88", "floor", "play"),
            ("89", "hands", "floor"),
            ("91", "live", "live"),
            ("96", "entry", "entry"),
            ("97", "floor", "play"),
            ("98", "floor", "play"),
            ("100", "floor", "play"),
        )
    },
    **{
        f"act-omaha-2017 20.{c}": (
            f"`croupier.tournament.{m}`",
            f"`tests/tournament/test_tournament_{t}.py`",
        )
        for c, m, t in (
            ("1", "conditions", "runs"),
            ("3", "conditions", "conditions"),
            ("6", "entry", "entry"),
            ("7", "hands", "floor"),
            ("8", "seating", "seating"),
            ("9", "seating", "seating"),
            ("10", "entry", "entry"),
            ("11", "entry", "entry"),
            ("13", "entry", "entry"),
            ("15", "entry", "entry"),
            ("16", "clock", "clock"),
            ("18", "places", "play"),
            ("19", "payouts", "payouts"),
            ("20", "hands", "play"),
            ("21", "payouts", "payouts"),
            ("22", "entry", "entry"),
            ("23", "entry", "entry"),
        )
    },
    # tournaments: the clock on a player, floor procedures, chips, flights
    **dict.fromkeys(
        (
            "qld-tournament-2020 4.27",
            *(f"qld-tournament-2020 4.41({x})" for x in "abcdef"),
            "qld-tournament-2020 4.43",
            "qld-tournament-2020 4.44",
        ),
        (
            "`croupier.tournament.live`, `croupier.floor`, `croupier.round`",
            "`tests/tournament/test_tournament_live.py`, "
            "`tests/tournament/test_tournament_floor_rules.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "qld-tournament-2020 4.30",
            "qld-tournament-2020 4.33",
            "qld-tournament-2020 4.34",
            "qld-tournament-2020 4.38",
        ),
        (
            "`croupier.round`, `croupier.floor.chips`, `croupier.tournament.hands`",
            "`tests/tournament/test_tournament_floor_rules.py`",
        ),
    ),
    **dict.fromkeys(
        ("dunedin-house 93",),
        (
            "`croupier.tournament.live`, `croupier.tournament.hands`",
            "`tests/tournament/test_tournament_chips.py`",
        ),
    ),
    "qld-tournament-2020 4.13": (
        "`croupier.tournament.entry`, `croupier.tournament.state`",
        "`tests/tournament/test_tournament_flights.py`, `tests/tournament/test_loose_ends.py`",
    ),
    "dunedin-house 85": (
        "`croupier.tournament.live`, `croupier.tournament.hands`",
        "`tests/tournament/test_tournament_chips.py`, `tests/tournament/test_loose_ends.py`",
    ),
    # qld-tournament-2020: forced bets in a round
    "qld-tournament-2020 4.29": _round,
    # the floor's rulings on what players do and say
    **dict.fromkeys(
        (
            *(f"dunedin-house {i}" for i in (3, 4, 20, 33, 40, 41, 42, 43, 45, 62, 70)),
            "act-omaha-2017 4.7",
            "act-omaha-2017 14.4",
            "act-omaha-2017 17.16",
            "act-omaha-2017 19.2",
            "qld-holdem-2005 s38(2)",
            "qld-tournament-2020 4.17",
        ),
        (
            "`croupier.floor.conduct`, `croupier.floor.chips`, `croupier.floor.rulings`",
            "`tests/floor/test_floor_conduct.py`, `tests/floor/test_floor_chips.py`",
        ),
    ),
    **dict.fromkeys(
        ("qld-holdem-2005 s22(1)", "qld-holdem-2005 s22(2)"),
        (
            "`croupier.floor.chips`",
            "`tests/floor/test_floor_chips.py`, `tests/floor/test_floor_conduct.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "qld-holdem-2005 s38(7)",
            "qld-holdem-2005 s38(8)",
            "act-omaha-2017 16.5",
            "act-omaha-2017 16.6",
        ),
        (
            "`croupier.floor.rulings`",
            "`tests/floor/test_floor_action.py`, `tests/floor/test_floor_conduct.py`",
        ),
    ),
    "qld-holdem-2005 s5(3)": ("`croupier.floor.rulings`", "`tests/floor/test_floor_deal.py`"),
    "dunedin-house 84": (
        "`croupier.round`, `croupier.floor.chips`, `croupier.tournament.hands`; at a cash "
        "table as a house default citing it (`croupier.table`, `TableConfig.ask_showdown`; "
        "`croupier.cli.play_cmd`)",
        "`tests/tournament/test_tournament_floor_rules.py`, `tests/cli/test_cli_play_showdown.py`",
    ),
    # the showdown: every hole card tabled, a hand read from its cards
    **dict.fromkeys(
        ("dunedin-house 8", "dunedin-house 60", "dunedin-house 65"),
        (ROUND, "`tests/floor/test_floor_conduct.py`"),
    ),
    # definitions and glossary entries that carry a rule; rules the round applies by its shape
    **dict.fromkeys(
        (
            "qld-holdem-2005 s2",
            "act-omaha-2017 A",
            "act-omaha-2017 8.4",
            "act-omaha-2017 10.2",
            "act-omaha-2017 10.3",
            "act-omaha-2017 10.4",
            "act-omaha-2017 16.2",
            "dunedin-house 101",
            "dunedin-house glossary: All-in",
            "dunedin-house glossary: Blind",
            "dunedin-house glossary: Cards Speak",
        ),
        (ROUND, "`tests/rules/test_rules_definitions.py`"),
    ),
    "dunedin-house glossary: Defective Deck": (
        "`croupier.cards.Deck`, `croupier.floor.rulings`",
        "`tests/rules/test_rules_definitions.py`",
    ),
    "dunedin-house glossary: Oversize chip": (
        "`croupier.floor.chips`",
        "`tests/floor/test_floor_chips.py`",
    ),
    **dict.fromkeys(
        ("dunedin-house glossary: Add-on", "dunedin-house glossary: Re-buy"),
        (
            "`croupier.tournament.entry`, `croupier.tournament.conditions`",
            "`tests/tournament/test_tournament_fidelity.py`, "
            "`tests/tournament/test_tournament_play.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "dunedin-house glossary: Pot Limit",
            "dunedin-house glossary: Raise",
            "dunedin-house glossary: Side Pot",
        ),
        _round,
    ),
    "dunedin-house glossary: Rake": _comm,
    "dunedin-house glossary: String Bet": (
        "`croupier.floor.chips`",
        "`tests/floor/test_floor_chips.py`",
    ),
    "dunedin-house glossary: Substantial Action": (
        "`croupier.floor.rulings`",
        "`tests/floor/test_floor_deal.py`",
    ),
    "dunedin-house glossary: Table Stakes": (
        "`croupier.table.stakes`, `croupier.round`",
        "`tests/table/test_table.py`",
    ),
    # issue 13: rule fidelity (dead hands after the deal, hand-for-hand, the race-off, burns)
    "qld-tournament-2020 4.19": (
        "`croupier.tournament.payouts`, `croupier.tournament.hands`",
        "`tests/tournament/test_tournament_payouts.py`, `tests/rules/test_rule_readings.py`",
    ),
    "dunedin-house 94": (
        "`croupier.tournament.hands`, `croupier.round`",
        "`tests/tournament/test_tournament_chips.py`, `tests/rules/test_rule_readings.py`",
    ),
    **dict.fromkeys(
        ("dunedin-house 92", "dunedin-house 99"),
        (
            "`croupier.tournament.hands`, `croupier.round.config.RoundConfig`",
            "`tests/tournament/test_tournament_fidelity.py`, "
            "`tests/tournament/test_tournament_play.py`",
        ),
    ),
    **dict.fromkeys(
        ("qld-tournament-2020 4.16.1", "act-omaha-2017 20.12"),
        (
            "`croupier.tournament.hands`",
            "`tests/tournament/test_tournament_play.py`, "
            "`tests/tournament/test_tournament_fidelity.py`",
        ),
    ),
    **dict.fromkeys(
        ("qld-tournament-2020 4.20", "qld-tournament-2020 4.31"),
        (
            "`croupier.tournament.hands`, `croupier.tournament.floor`",
            "`tests/tournament/test_tournament_fidelity.py`, "
            "`tests/tournament/test_tournament_floor.py`",
        ),
    ),
    "qld-tournament-2020 4.40": (
        "`croupier.tournament.chiprace`, `croupier.tournament.floor`",
        "`tests/tournament/test_tournament_chiprace.py`, "
        "`tests/tournament/test_tournament_fidelity.py`",
    ),
    "dunedin-house 87": (
        "`croupier.tournament.chiprace`, `croupier.tournament.floor`",
        "`tests/tournament/test_tournament_chiprace.py`, "
        "`tests/tournament/test_tournament_fidelity.py`",
    ),
    **dict.fromkeys(
        (
            "qld-tournament-2020 4.42",
            "qld-tournament-2020 4.42(1)",
            "qld-tournament-2020 4.42(2)",
        ),
        (
            "`croupier.tournament.live`, `croupier.round.burns`, `croupier.round`",
            "`tests/tournament/test_tournament_fidelity.py`, "
            "`tests/tournament/test_tournament_live.py`",
        ),
    ),
    **dict.fromkeys(
        (*(f"qld-holdem-2005 s36({i})" for i in range(1, 4)), "dunedin-house 72"),
        (
            "`croupier.floor.rulings`, `croupier.round`, `croupier.round.burns`",
            "`tests/floor/test_floor_cards.py`, `tests/floor/test_floor_rejections.py`, "
            "`tests/tournament/test_tournament_fidelity.py`",
        ),
    ),
    **dict.fromkeys(
        (
            "qld-holdem-2005 s21(6)",
            "qld-holdem-2005 s21(8)",
            "qld-holdem-2005 s21(10)",
            "dunedin-house glossary: Burn Card",
        ),
        (
            "`croupier.round`, `croupier.round.burns`",
            f"{ROUND_T}, `tests/tournament/test_tournament_fidelity.py`",
        ),
    ),
    "act-uth-2025 11.3": ("`croupier.uth.irregularities`", "`tests/uth/test_uth_game.py`"),
    "act-uth-2025 16.3": (
        "`croupier.uth.tournament_conditions`, `croupier.uth.tournament_decide`, "
        "`croupier.room.uth_tournaments`",
        "`tests/uth/test_uth_tournament.py`, `tests/service/test_service_uth_tournament.py`",
    ),
    # the dealer's cut at a card shoe, and the operator's decision in a dispute (issue 32)
    **dict.fromkeys(
        ("act-uth-2025 6.3", "act-uth-2025 15.5"),
        (
            f"`croupier.uth.table`, `croupier.uth.played`, {UTH_BOOK}",
            "`tests/uth/test_uth_disputes.py`",
        ),
    ),
    # the room (croupier.room): seat priority for a vacated seat against the waiting list, and
    # buy-ins that turn cash into chips at the cage (these entries override the table's above)
    **dict.fromkeys(
        ("qld-holdem-2005 s16(2)", "act-omaha-2017 8.2", "dunedin-house 17"),
        (
            "`croupier.table.seats`, `croupier.room.room`",
            "`tests/table/test_table.py`, `tests/room/test_room.py`",
        ),
    ),
    **dict.fromkeys(
        ("qld-holdem-2005 s19(3)", "dunedin-house 19"),
        (
            "`croupier.table.stakes`, `croupier.table.seat_plans`, `croupier.room.room`",
            "`tests/table/test_table.py`, `tests/cli/test_cli_play.py`, `tests/room/test_room.py`",
        ),
    ),
}

# Integrity (issue 12): the pot of dead hands, deadlines folded from events, disputes resumed
# from the round kept for them, all checked by the random-command test.
_INTEGRITY: dict[tuple[str, ...], tuple[str, str]] = {
    (
        "qld-holdem-2005 s5(3)",
        *(f"qld-holdem-2005 s33({i})" for i in (2, 3, 4)),
        "act-omaha-2017 17.9",
        "act-omaha-2017 17.10",
        "act-omaha-2017 19.2",
        "dunedin-house 69",
    ): ("", "`tests/floor/test_floor_dead_hands.py`, `tests/table/test_table_integrity.py`"),
    ("act-omaha-2017 4.8", "dunedin-house 90"): ("", "`tests/table/test_state_from_events.py`"),
    ("act-omaha-2017 17.14", "dunedin-house 67"): (
        "`croupier.table.history`",
        "`tests/table/test_table_integrity.py`",
    ),
}
# Disconnections (issue 15): an absent player's hand folded on their turn, the seat sitting out.
_INTEGRITY[("dunedin-house 92", "act-omaha-2017 4.8", "dunedin-house 18")] = (
    "`croupier.table.absence`",
    "`tests/table/test_table_absence.py`, `tests/service/test_service_presence.py`",
)
# Table changes (issue 16): the floor moves a player with their chips to another table of the
# same game; the target's seat-change requests come first; chips never leave through the cage.
_INTEGRITY[
    (
        "qld-holdem-2005 s16(2)",
        "act-omaha-2017 8.2",
        "dunedin-house 17",
        "dunedin-house 22",
        "dunedin-house 23",
    )
] = (
    "`croupier.room.moves`",
    "`tests/room/test_room_moves.py`, `tests/service/test_service_moves.py`",
)
# The room's seats as the rulebooks write them (issue 32): priority on seat changes, a draw of
# the cards between equals, the clause of a refusal, dunedin-house 29's exception, call times.
_SEATS = "`tests/room/test_room_seats.py`"
_INTEGRITY[
    (
        *(f"qld-holdem-2005 s16({i})" for i in (2, 3, 4)),
        "act-omaha-2017 8.2",
        "dunedin-house 16",
        "dunedin-house 17",
    )
] = ("`croupier.room.draws`", f"{_SEATS}, `tests/service/test_service_draws.py`")
_INTEGRITY[("dunedin-house 29",)] = ("`croupier.room.moves`", _SEATS)
_INTEGRITY[
    ("qld-holdem-2005 s19(4)", "act-omaha-2017 4.6", "dunedin-house 22", "qld-holdem-2005 s31(4)")
] = ("`croupier.room.room`", _SEATS)
for _clauses, (_code, _tests) in _INTEGRITY.items():
    for _c in _clauses:
        _was_code, _was_tests = IMPLEMENTED[_c]
        IMPLEMENTED[_c] = (
            f"{_was_code}, {_code}" if _code else _was_code,
            f"{_was_tests}, {_tests}",
        )

BOOKS = (
    "qld-holdem-2005",
    "act-uth-2025",
    "act-omaha-2017",
    "dunedin-house",
    "qld-tournament-2020",
)
_BOOK = "|".join(BOOKS)
ROW = re.compile(
    rf"^\| (?P<clause>(?:{_BOOK}) [^|]+?) \| (?P<summary>[^|]*) \| (?P<status>[^|]*) \| "
    r"(?P<code>[^|]*) \| (?P<tests>[^|]*) \|$"
)


def update(text: str) -> tuple[str, list[str]]:
    """The document with IMPLEMENTED applied and the summary recounted; unknown clause ids."""
    seen: set[str] = set()
    lines = text.splitlines()
    out: list[str] = []
    counts: dict[str, dict[str, int]] = {}
    for line in lines:
        m = ROW.match(line)
        if m:
            clause = m["clause"]
            status, code, tests = m["status"].strip(), m["code"].strip(), m["tests"].strip()
            if clause in IMPLEMENTED:
                seen.add(clause)
                status, (code, tests) = "implemented", IMPLEMENTED[clause]
            line = f"| {clause} | {m['summary'].strip()} | {status} | {code} | {tests} |"
            book = clause.split(" ")[0]
            kind = "not-software" if status.startswith("not-software") else status
            counts.setdefault(book, {}).setdefault(kind, 0)
            counts[book][kind] += 1
        out.append(line)
    missing = sorted(set(IMPLEMENTED) - seen)
    return _recount("\n".join(out) + "\n", counts), missing


def _recount(text: str, counts: dict[str, dict[str, int]]) -> str:
    total = {"implemented": 0, "planned": 0, "not-software": 0}
    rows = []
    for book, c in counts.items():
        i, p, n = c.get("implemented", 0), c.get("planned", 0), c.get("not-software", 0)
        total["implemented"] += i
        total["planned"] += p
        total["not-software"] += n
        rows.append(f"| {book} | {i} | {p} | {n} | {i + p + n} |")
    t = total
    rows.append(
        f"| **all rulebooks** | **{t['implemented']}** | **{t['planned']}** | "
        f"**{t['not-software']}** | **{sum(t.values())}** |"
    )
    head = (
        "| rulebook | implemented | planned | not-software | total rows |\n"
        "|---|---:|---:|---:|---:|\n"
    )
    start = text.index(head) + len(head)
    end = text.index("\n\n", start)
    return text[:start] + "\n".join(rows) + text[end:]


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    new, missing = update(text)
    if missing:
        print("clause ids not in the table:", ", ".join(missing), file=sys.stderr)
        return 1
    if "--check" in sys.argv:
        if new != text:
            print("docs/rules-coverage.md is out of date: run python scripts/coverage.py")
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
