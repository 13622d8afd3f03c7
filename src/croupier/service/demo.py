"""The demo room ``croupier serve --demo`` seeds: staff of every role and bot players (password
``demo``), a qld-holdem-2005, an act-omaha-2017 and a dunedin-house cash table with bots seated
and the dealer assigned, a UTH table (its dealer assigned) and a tournament open for entries;
and a person's seat: the player ``you`` has seat 4 at the dunedin-house table with its bots.

The bots are bot accounts (``UserAdded.bot``: the day report tells their money from people's);
``--bots`` act for them alone. ``you`` is seated sitting out, as a casino keeps the seat of a
player not yet at the table: the bots' rounds go on without them while nobody plays as ``you``,
and ``you`` come back from the table's page (Come back, posting to be dealt in at once, or
waiting for the big blind). Once back, a round waits for ``you`` to act, and if ``you`` go the
table's grace period and the rulebook's absent-player rules apply
(:mod:`croupier.service.presence`)."""

from __future__ import annotations

import dataclasses
import datetime

from croupier.room import OpenTable, OpenTournament, OpenUthTable, TakeSeat, TournamentTerms
from croupier.room.commands import AtTable, RoomCommand
from croupier.service.auth import DealerAssigned, Directory, Role, UserAdded
from croupier.service.commands import Issued
from croupier.service.hashing import hash_published
from croupier.service.store.rooms import RoomStore, commands_stream
from croupier.service.store.store import EventStore
from croupier.table.commands import SitOut
from croupier.table.presets import preset
from croupier.tournament import parse_conditions
from croupier.uth.game import UthConfig
from croupier.uth.limits import TableLimits

PASSWORD = "demo"
STAFF = {
    "admin": Role.ADMIN,
    "floor": Role.FLOOR,
    "dealer": Role.DEALER,
    "director": Role.DIRECTOR,
    "cashier": Role.CASHIER,
    "auditor": Role.AUDITOR,
}
#: Cash tables: name, rulebook, bots seated there.
TABLES = {
    "qld-1": ("qld-holdem-2005", ("bot1", "bot2", "bot3")),
    "act-1": ("act-omaha-2017", ("bot4", "bot5", "bot6")),
    "dun-1": ("dunedin-house", ("bot7", "bot8", "bot9")),
}
BOTS = tuple(b for _, bots in TABLES.values() for b in bots)
#: The demo tournament, run by the room (its wall clock: GET /tournaments/sat-1/clock).
SATURDAY = parse_conditions(
    {
        "name": "Saturday freezeout",
        "date": datetime.datetime(2026, 11, 28, 19, 0),
        "rules": "dunedin-house",
        "entry_fee": 100,
        "admin_fee": 10,
        "starting_stack": 5000,
        "max_entrants": 27,
        "payouts": [50, 30, 20],
        "levels": [
            {"small_blind": 25, "big_blind": 50, "minutes": 20},
            {"small_blind": 50, "big_blind": 100, "minutes": 20},
            {"break": True, "minutes": 10, "colour_up": 25},
            {"small_blind": 100, "big_blind": 200, "big_blind_ante": 200, "minutes": 20},
            {"small_blind": 200, "big_blind": 400, "big_blind_ante": 400, "minutes": 20},
        ],
    }
)
#: People who play the demo in the browser: name, table, seat.
HUMANS = {"you": ("dun-1", 4)}


def seed(store: EventStore, room: str = "main") -> bool:
    """Seed the demo room unless the room already has tables; whether it seeded."""
    rooms = RoomStore(store, room)
    if rooms.room.tables or rooms.room.board():
        return False
    at = datetime.datetime.now(datetime.UTC).isoformat()
    users = Directory(store)
    players = [(b, Role.PLAYER, True) for b in BOTS] + [(h, Role.PLAYER, False) for h in HUMANS]
    # every demo user has the one published password, hashed once at argon2's least cost: a
    # published password has no secret for the cost to guard (users added later: full cost)
    demo_hash = hash_published(PASSWORD)
    for name, role, is_bot in [*((n, r, False) for n, r in STAFF.items()), *players]:
        if name not in users.users.users:
            users.change(UserAdded(name, role, demo_hash, at, bot=is_bot), "demo")

    seconds = int(datetime.datetime.now(datetime.UTC).timestamp())

    def run(who: str, role: Role, cmd: RoomCommand) -> None:
        if isinstance(cmd, AtTable):  # the room clock, on the table's command
            cmd = AtTable(cmd.table, dataclasses.replace(cmd.command, at=seconds))  # type: ignore[call-arg]
        else:
            cmd = dataclasses.replace(cmd, at=seconds)  # type: ignore[call-arg]
        rooms.execute(
            cmd, who, at, [(commands_stream(room), "commands", Issued(who, role, cmd, at))]
        )

    for table, (rulebook, bots) in TABLES.items():
        config = preset(rulebook, seats=6)
        run("floor", Role.FLOOR, OpenTable(table, config))
        users.change(DealerAssigned("dealer", table, at), "demo")
        cash = config.stakes.min_table_stake * 4
        for n, bot in enumerate(bots, start=1):
            run("cashier", Role.CASHIER, TakeSeat(bot, table, n, cash, post=True))
        for human, (at_table, seat) in HUMANS.items():
            if at_table == table:  # their seat kept, not dealt in until they come back
                run("cashier", Role.CASHIER, TakeSeat(human, table, seat, cash, post=True))
                run("floor", Role.FLOOR, AtTable(table, SitOut(human)))
    run("floor", Role.FLOOR, OpenUthTable("uth-1", UthConfig(TableLimits(5, 500))))
    users.change(DealerAssigned("dealer", "uth-1", at), "demo")
    terms = TournamentTerms("Saturday freezeout", "holdem", 100, 10)
    run("director", Role.DIRECTOR, OpenTournament("sat-1", terms, conditions=SATURDAY))
    return True
