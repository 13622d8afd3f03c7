"""Who may do what: one table for every command and every route of the service.

Each entry names the roles allowed and, for each, the scope it holds within: ``any`` (no
further condition), ``own seat`` (a player acts only for themselves: their name, their round
position, their box), ``assigned table`` (a dealer only at the tables the floor assigned:
a cash or UTH table by its name, a tournament table as ``TOURNAMENT/N``, :func:`tournament_table`)
or ``tournaments`` (the director closes tournaments, never a cash table). A route marked
public needs no log-in; every other needs one, and a role outside the entry is refused with
403 naming who may (:data:`~croupier.service.auth.ROLES_CLAUSE`).

The server consults this table (:func:`why_not`); ``docs/policy.md`` prints it
(``python -m croupier.service.policy > docs/policy.md``); tests try every role against every
entry (tests/service/test_policy.py).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from croupier.service.auth import Role, User

R = Role


class Scope(StrEnum):
    ANY = "any"
    OWN = "own seat"
    ASSIGNED = "assigned table"
    TOURNAMENTS = "tournaments"


@dataclass(frozen=True, slots=True)
class Entry:
    """Who may send a command or call a route: each role allowed, with its scope."""

    what: str  # what the caller does, as a refusal says it ("deal a tournament hand")
    allow: Mapping[Role, Scope]
    public: bool = False  # no log-in needed

    @property
    def roles(self) -> frozenset[Role]:
        return frozenset(self.allow)


Allow = Role | tuple[Role, Scope]
PLAYER_OWN: Allow = (R.PLAYER, Scope.OWN)
DEALER_AT: Allow = (R.DEALER, Scope.ASSIGNED)
ANYONE = tuple(Role)
MANAGERS = (R.ADMIN, R.AUDITOR, R.FLOOR)  # the day report
RECALLERS = (R.AUDITOR, R.ADMIN, R.FLOOR)  # rounds over, every card


def _e(what: str, *allow: Allow) -> Entry:
    pairs = dict(a if isinstance(a, tuple) else (a, Scope.ANY) for a in allow)
    return Entry(what, pairs)


def _c(*allow: Allow) -> Entry:
    return _e("", *allow)  # a command's refusal names the command (:func:`why_not`)


def _public(what: str) -> Entry:
    return Entry(what, dict.fromkeys(Role, Scope.ANY), public=True)


D = R.DIRECTOR
# The cashier moves cash, the floor rules and takes back, the dealer deals at assigned tables,
# the director runs tournaments, a player acts for their own seat, the auditor commands nothing.
COMMANDS: dict[str, Entry] = {
    # the room: configuration
    "OpenTable": _c(R.FLOOR, R.ADMIN),
    "OpenUthTable": _c(R.FLOOR, R.ADMIN),
    "OpenTournament": _c(D),
    "CloseTable": _c(R.FLOOR, R.ADMIN, (D, Scope.TOURNAMENTS)),
    "RoomTick": _c(R.FLOOR),
    # waiting lists and seat changes
    "JoinList": _c(PLAYER_OWN, R.FLOOR),
    "LeaveList": _c(PLAYER_OWN, R.FLOOR),
    "RequestSeatChange": _c(PLAYER_OWN, R.FLOOR),
    "MoveTable": _c(R.FLOOR),
    "DrawForSeat": _c(R.FLOOR),
    # the cage: cash
    "TakeSeat": _c(R.CASHIER),
    "BuyIn": _c(R.CASHIER),
    "RequestTopUp": _c(PLAYER_OWN),
    "DeclineTopUp": _c(R.CASHIER),
    "CashOut": _c(R.CASHIER),
    "UthBuyIn": _c(R.CASHIER),
    "UthCashOut": _c(R.CASHIER),
    "EnterTournament": _c(R.CASHIER),
    "PayPrize": _c(R.CASHIER),
    # a cash table
    "SitOut": _c(PLAYER_OWN, R.FLOOR),
    "Return": _c(PLAYER_OWN, R.FLOOR),
    "ChangeSeat": _c(PLAYER_OWN, R.FLOOR),
    "StartRound": _c(DEALER_AT),
    "TableTick": _c(DEALER_AT),
    "InstructTime": _c(DEALER_AT, R.FLOOR),
    "CallClock": _c(R.FLOOR),
    "VoidRound": _c(R.FLOOR),
    "Report": _c(R.FLOOR),
    "LockFunds": _c(R.FLOOR),
    "ReleaseFunds": _c(R.FLOOR),
    "ReopenRound": _c(R.FLOOR),
    # the round in progress
    "Fold": _c(PLAYER_OWN),
    "CheckCall": _c(PLAYER_OWN),
    "BetRaise": _c(PLAYER_OWN),
    "Show": _c(PLAYER_OWN),
    "Muck": _c(PLAYER_OWN),
    "DealHole": _c(DEALER_AT),
    "DealBoard": _c(DEALER_AT),
    "Burn": _c(DEALER_AT),
    # a tournament the room runs: the director; a dealer records its tables' hands; the cage
    **dict.fromkeys(
        (
            "StartTournament",
            "PauseClock",
            "ResumeClock",
            "AdjustClock",
            "NextLevel",
            "BalanceTables",
            "ColourUp",
            "CorrectSeat",
            "SetPresent",
            "ProvisionallyEliminate",
            "Penalise",
            "Disqualify",
            "AnnounceRound",
            "EliminateBusted",
            "FindSlow",
            "RuleHiddenChips",
            "ForfeitChips",
            "TransferEntry",
            "ClockOnPlayer",
            "StartDecision",
            "EnforceClock",
            "TournamentReport",
        ),
        _c(D),
    ),
    "RecordHands": _c(D, DEALER_AT),
    # live hands at a tournament's tables: dealt by the director or a dealer at the table,
    # played by the players for their own seats, the clock called and ruled by the director
    "DealTournamentHand": _c(D, DEALER_AT),
    "TournamentAct": _c(PLAYER_OWN),
    "CallTournamentClock": _c(D),
    "EnforceTournamentClock": _c(D),
    "TournamentBuy": _c(R.CASHIER),
    "CancelTournamentEntry": _c(R.CASHIER),
    # Ultimate Texas Hold'em: a player for their own box, the dealer deals, the floor rules
    "UthStartRound": _c(DEALER_AT),
    "UthPlaceWagers": _c(PLAYER_OWN),
    "UthWithdrawWagers": _c(PLAYER_OWN),
    "UthCheck": _c(PLAYER_OWN),
    "UthBet": _c(PLAYER_OWN),
    "UthFold": _c(PLAYER_OWN),
    "UthDeal": _c(DEALER_AT),
    "UthSettleNext": _c(DEALER_AT),
    "UthSettle": _c(DEALER_AT),
    "UthDeemFolded": _c(DEALER_AT),
    "UthPlaceMarker": _c(R.FLOOR),
    "UthVoidRound": _c(R.FLOOR),
    "UthVoidBox": _c(R.FLOOR),
    "UthDecideDispute": _c(R.FLOOR),
    # a UTH tournament the room runs (act-uth-2025 16.x): the director; the cage takes the money
    "OpenUthTournament": _c(D),
    "EnterUthTournament": _c(R.CASHIER),
    "UthTournamentBuy": _c(R.CASHIER),
    "RefundUthEntry": _c(R.CASHIER),
    "CancelUthTournament": _c(R.CASHIER),
    "DrawUthSeats": _c(D),
    "RunUthTournament": _c(D),
    "DealUthTournamentRound": _c(D),
    "UthTournamentDecision": _c(D),
    "PayUthPrize": _c(R.CASHIER),
    # ... its players wager and decide for their own boxes; reserves (16.11) are registered
    # and seated at the cage, a substitute (16.12) approved by the director who sends it
    "UthTournamentWager": _c(PLAYER_OWN),
    "UthTournamentAct": _c(PLAYER_OWN),
    "AddUthReserve": _c(D, R.CASHIER),
    "SeatUthReserve": _c(R.CASHIER),
    "SubstituteUthPlayer": _c(D),
}

TL = "/tournaments/{name}/tables/{table}"
#: Every route, as ``METHOD /path`` (``WS`` for a websocket) with FastAPI's path template.
ROUTES: dict[str, Entry] = {
    # sessions and users
    "POST /login": _public("log in"),
    "POST /logout": _e("log out", *ANYONE),
    "GET /me": _e("see who they are", *ANYONE),
    "GET /me/hands": _e("download their own hands", PLAYER_OWN),
    "POST /ws-ticket": _e("open a websocket", *ANYONE),
    "GET /contract": _public("read the message contract"),
    "POST /users/{name}/unlock": _e("unlock log-ins", R.ADMIN),
    "POST /addresses/{address}/unlock": _e("unlock log-ins", R.ADMIN),
    "POST /users": _e("add users", R.ADMIN),
    "PUT /users/{name}/role": _e("change roles", R.ADMIN),
    "POST /users/{name}/tables": _e("assign dealers", R.ADMIN, R.FLOOR),
    "DELETE /users/{name}/tables/{table}": _e("relieve dealers", R.ADMIN, R.FLOOR),
    # commands: each then as COMMANDS says
    "POST /commands": _e("send commands", *ANYONE),
    # a standby's channel to the owner: opened with the nodes' key, each command then as
    # POST /commands with its sender's own token
    "WS /nodes/commands": _e("forward commands from another node", *ANYONE),
    # the room
    "GET /room/board": _e("see the board", *ANYONE),
    "GET /room/ledger": _e("read the ledger", R.CASHIER, R.AUDITOR, R.FLOOR, R.ADMIN),
    "GET /room/lists": _e("see the waiting lists (a player: their own place)", *ANYONE),
    "GET /room/topups": _e("see top-up requests (a player: their own)", *ANYONE),
    # the room's reads pushed after each commit (the ledger's as GET /room/ledger allows)
    "WS /ws/room/{read}": _e("follow the board, the lists, the top-ups or the ledger", *ANYONE),
    "GET /reports/day": _e("read the day report", *MANAGERS),
    "GET /reports/day.csv": _e("read the day report", *MANAGERS),
    # tables: each caller's own view (a player's cards, the dealer's side at assigned tables)
    "GET /tables/{table}/view": _e("see a table", *ANYONE),
    "WS /ws/tables/{table}": _e("follow a table", *ANYONE),
    "GET /uth/{table}/view": _e("see a UTH table", *ANYONE),
    "WS /ws/uth/{table}": _e("follow a UTH table", *ANYONE),
    # the auditors
    "GET /significant": _e("read the significant-events log", R.AUDITOR, R.ADMIN),
    "GET /audit/verify": _e("run the audit", R.AUDITOR, R.ADMIN),
    "GET /audit/recall/{table}": _e("recall rounds", *RECALLERS),
    "GET /audit/rounds": _e("recall rounds", *RECALLERS),
    "GET /audit/rounds/{table}/{hand}": _e("recall rounds", *RECALLERS),
    "GET /audit/rounds/{table}/{hand}/deck": _e("recall rounds", *RECALLERS),
    "GET /audit/rounds/{table}/{hand}/phh": _e("recall rounds", *RECALLERS),
    # tournaments
    "GET /tournaments/{name}/clock": _public("see the wall clock"),
    "WS /ws/tournaments/{name}/clock": _public("follow the wall clock"),
    "GET /tournaments/{name}": _e("see a tournament", *ANYONE),
    "WS /ws/tournaments/{name}": _e("follow a tournament", *ANYONE),
    f"GET {TL}/plan": _e("plan a tournament hand", D, DEALER_AT),
    f"GET {TL}/hand": _e("see a tournament hand", *ANYONE),
    "WS /ws/tournaments/{name}/tables/{table}": _e("follow a tournament table", *ANYONE),
    "GET /uth-tournaments/{name}": _e("see a UTH tournament", *ANYONE),
    "WS /ws/uth-tournaments/{name}": _e("follow a UTH tournament", *ANYONE),
    # the web console's static pages (they use the routes above) and the API's own documents
    "GET /": _public("open the console"),
    "GET /healthz": _public("see each room's state"),
    "GET /locale": _public("see the language, time zone and clock the room's screens use"),
    "GET /ui": _public("load the console's pages"),
    "GET /openapi.json": _public("read the API's schema"),
    "GET /docs": _public("read the API's documents"),
    "GET /docs/oauth2-redirect": _public("read the API's documents"),
    "GET /redoc": _public("read the API's documents"),
}


def tournament_table(tournament: str, table: int) -> str:
    """The name a dealer is assigned to a tournament's table by (``thu/1``)."""
    return f"{tournament}/{table}"


def entry(key: str) -> Entry:
    """The entry of a command (by name) or a route (``METHOD /path``)."""
    found = ROUTES.get(key) if " " in key else COMMANDS.get(key)
    if found is None:
        raise KeyError(f"{key} is not in the policy (croupier.service.policy)")
    return found


def why_not(
    key: str, user: User, at: Iterable[str] = (), tournaments: Container[str] = ()
) -> str | None:
    """Why ``user`` may not send the command or call the route ``key`` at the tables (or
    tournaments) ``at``; None if they may. ``tournaments``: the tournaments the room has."""
    e = entry(key)
    what = e.what or f"send {key}"
    scope = e.allow.get(user.role)
    if scope is None:
        who = " or ".join(sorted(r.value for r in e.allow))
        return f"only {who} may {what}; {user.name} is {user.role.value}"
    for table in at:
        if scope is Scope.ASSIGNED and table not in user.tables:
            return f"{user.role.value} {user.name} is not assigned to table {table}"
        if scope is Scope.TOURNAMENTS and table not in tournaments:
            return f"{user.role.value} {user.name} may {what} only for a tournament, not {table}"
    return None


def markdown() -> str:
    """The policy as the markdown of docs/policy.md."""
    roles = list(Role)
    head = "| | " + " | ".join(r.value for r in roles) + " |"
    rule = "|---" * (len(roles) + 1) + "|"

    def cells(e: Entry) -> str:
        if e.public:
            return " | ".join("public" for _ in roles)
        marks = {Scope.ANY: "yes", Scope.OWN: "own seat", Scope.ASSIGNED: "assigned table"}
        marks[Scope.TOURNAMENTS] = "tournaments only"
        return " | ".join(marks[e.allow[r]] if r in e.allow else "—" for r in roles)

    out = [
        "# Who may do what",
        "",
        "Generated from `src/croupier/service/policy.py` by "
        "`python -m croupier.service.policy > docs/policy.md`; a test keeps the two the same.",
        "The server consults that table for every command and route: a role marked — is "
        "refused with 403 and the clause `croupier roles`.",
        "",
        "- **own seat**: a player acts only for themselves (their name, round position or box).",
        "- **assigned table**: a dealer acts only at the tables the floor or an admin assigned "
        "(`POST /users/{name}/tables`); a tournament's table is assigned as `TOURNAMENT/N` "
        "(table N of that tournament, e.g. `thu/1`).",
        "- **tournaments only**: the director closes a tournament, never a cash or UTH table.",
        "- **public**: no log-in needed.",
        "",
        "## Commands (`POST /commands` and the table websockets)",
        "",
        head,
        rule,
        *(f"| `{name}` | {cells(e)} |" for name, e in sorted(COMMANDS.items())),
        "",
        "## Routes",
        "",
        head,
        rule,
        *(f"| `{key}` | {cells(e)} |" for key, e in ROUTES.items()),
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown(), end="")
