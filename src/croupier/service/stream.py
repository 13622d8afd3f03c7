"""One stream socket, written once: every websocket a client opens follows one stream.

The streams: a cash table (``/ws/tables/{table}``), a UTH table (``/ws/uth/{table}``), a
tournament table's hands (``/ws/tournaments/{name}/tables/{table}``), a tournament's clock
(``/ws/tournaments/{name}/clock``, public), and the room's reads (:class:`ReadFeed`): the board,
the waiting lists, the cage's ledger and top-ups (``/ws/room/{read}``), a tournament's overview
with, ``hand=N|mine|all``, the reader's view of the hands in play (``/ws/tournaments/{name}``)
and a UTH tournament (``/ws/uth-tournaments/{name}``), each pushed as the reader's view after
every commit that changes it. Each opens the same way: a one-time ``?ticket=``
(``POST /ws-ticket``) names the user; ``after=SEQ`` asks for the events after number ``SEQ``
of the stream (by the stream's own sequence numbers; a tournament table's hands are numbered
in the room's stream, with gaps); without it the first message is a snapshot of the reader's
view. The owner of the room publishes every stream it committed, in memory, to the sockets
subscribed (:class:`croupier.service.owner.Hub`); the store is read only to catch up a client
that is behind, and a client too far behind is sent a snapshot instead. Every message is in
the message contract (:mod:`croupier.service.contract`); each event carries its words for its
reader (:mod:`croupier.narration`). A client may send commands over any stream socket,
``{"command": {...}, "id": ...}``: each goes through the one command path (``POST
/commands``'s) and is answered ``{"reply": id, "status": ...}`` after its commit, following
the command's events. ``views=1`` (a table): the reader's view after every commit, so that a
client never fetches it; ``turns=1`` (a player at a cash table): its view of the round when it
is to act (the bench's players); ``batch=1``: the messages ready at once in one frame, one a
line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from croupier.narration import Narration
from croupier.room.tournament_hands import TournamentHandDealt, TournamentHandProgressed
from croupier.service import contract, limits, policy
from croupier.service.auth import Role, User
from croupier.service.decks import last_start
from croupier.service.deps import unserved
from croupier.service.owner import RoomOwner, Subscriber, reads_key, tournament_table_key
from croupier.service.projection import Item, Projector
from croupier.service.room_api import board_body, ledger_body
from croupier.service.staff import lists_body, topups_body
from croupier.service.store.lease import LeaseLost
from croupier.service.store.rooms import room_stream, table_stream, tournament_stream, uth_stream
from croupier.service.tournament_api import clock_message, tournament_state
from croupier.service.tournament_live import hand_view
from croupier.service.uth_api import last_shuffle
from croupier.service.uth_tournament_api import seat as uth_seat
from croupier.service.uth_tournament_api import view as uth_tournament_view
from croupier.uth.view import UthProjector, uth_view
from croupier.views import Viewer, project_round_events, table_view

#: A client further behind than this gets a snapshot of its view instead of the events.
MAX_BEHIND = 1_000

#: A command message's answer: ``reply(user, message, token)`` (the token of the user's
#: session, which a standby forwards the command with).
Reply = Callable[[User, Any, str], Awaitable[dict[str, Any]]]


def _dumps(value: object) -> str:
    return contract.message_text(contract.encode(value))


def viewer(user: User | None, table: str) -> str | Viewer:
    """Who reads a table: a player by name; the floor and the table's dealers as the
    dealer; every other role as a spectator."""
    if user is None:
        return Viewer.SPECTATOR
    if user.role is Role.PLAYER:
        return user.name
    if user.role is Role.FLOOR or (user.role is Role.DEALER and table in user.tables):
        return Viewer.DEALER
    return Viewer.SPECTATOR


class Feed:
    """One stream as one reader follows it: the stream's head, the reader's snapshot, and
    its events as messages (methods that read the room run under the owner's lock)."""

    key: str  # the subscribers' key (:class:`~croupier.service.owner.Hub`)
    locked = False  # :meth:`say` reads the room: it runs under the owner's lock

    def head(self) -> int:
        raise NotImplementedError

    def missing(self) -> str | None:
        """Why the stream cannot be followed (closed 4404), or None."""
        return None

    def snapshot(self) -> object:
        """``{"seq": head, "snapshot": view}``'s view, plain."""
        raise NotImplementedError

    async def prime(self) -> None:
        """Make ready to say the live events after a snapshot."""

    async def catch_up(self, after: int, upto: int) -> list[str]:
        """The messages of the events after ``after`` up to ``upto``, from the store."""
        raise NotImplementedError

    def say(self, item: Item) -> str | None:
        """A published event's message for this reader (None: nothing for them)."""
        raise NotImplementedError

    def then(self, item: Item) -> str | None:
        """A message after ``item``'s (a view the owner does not publish), if any."""
        return None


class TableFeed(Feed):
    def __init__(self, own: RoomOwner, table: str, who: str | Viewer) -> None:
        self.own, self.table, self.who = own, table, who
        self.key = table_stream(own.rooms.name, table)
        self.projector = Projector(who)

    def head(self) -> int:
        return self.own.rooms.heads.get(self.key, 0)

    def missing(self) -> str | None:
        return None if self.table in self.own.rooms.room.tables else f"no cash table {self.table}"

    def snapshot(self) -> object:
        t = self.own.rooms.room.tables.get(self.table)
        return None if t is None else contract.plain(table_view(t, self.who))

    async def prime(self) -> None:
        await self._from_start(self.head(), self.head())

    async def catch_up(self, after: int, upto: int) -> list[str]:
        return await self._from_start(after, upto)

    async def _from_start(self, after: int, upto: int) -> list[str]:
        """From the start of the round in progress at ``after`` (its players give the
        positions); the messages of what follows ``after``."""
        rooms = self.own.rooms
        start = await asyncio.to_thread(last_start, rooms, self.key, after)
        since = max(start - 1, 0) if start else after
        rows = await asyncio.to_thread(rooms.store.read, self.key, since, upto)
        out = []
        for r in rows:
            if r.seq > after:
                out.append(self.projector.message(Item(r.seq, r.event())))
            else:  # what the reader saw already: followed, not said again
                self.projector.follow(r.event())
        return out

    def say(self, item: Item) -> str:
        return self.projector.message(item)


class UthFeed(Feed):
    def __init__(self, own: RoomOwner, table: str, who: str | Viewer) -> None:
        self.own, self.table, self.who = own, table, who
        self.key = uth_stream(own.rooms.name, table)
        self.projector = UthProjector(who)
        self.narration = Narration(who if isinstance(who, str) else None)

    def head(self) -> int:
        return self.own.rooms.heads.get(self.key, 0)

    def missing(self) -> str | None:
        return None if self.table in self.own.rooms.room.uth else f"no UTH table {self.table}"

    def snapshot(self) -> object:
        u = self.own.rooms.room.uth.get(self.table)
        if u is None:
            return None
        r = u.play.round
        self.projector.boxes = {} if r is None else {n: b.player for n, b in r.boxes.items()}
        return contract.plain(uth_view(u.play, self.who))

    async def catch_up(self, after: int, upto: int) -> list[str]:
        rooms = self.own.rooms
        start = await asyncio.to_thread(last_shuffle, rooms, self.key, after)
        rows = await asyncio.to_thread(
            rooms.store.read, self.key, start - 1 if start else after, upto
        )
        out = []
        for r in rows:
            e = self.projector(r.event())
            if r.seq > after:
                out.append(self._message(r.seq, e))
        return out

    def say(self, item: Item) -> str:
        return self._message(item.seq, self.projector(item.event))

    def _message(self, seq: int, e: object) -> str:
        lines = [x.json() for x in self.narration(e)]
        return _dumps({"seq": seq, "event": contract.plain(e), "words": lines})


class HandsFeed(Feed):
    """A tournament table's hands: a player sees their own hole cards (by their position in
    each hand's plan), everyone else only what is face up."""

    def __init__(self, own: RoomOwner, name: str, table: int, user: User) -> None:
        self.own, self.name, self.table, self.user = own, name, table, user
        self.key = tournament_table_key(own.rooms.name, name, table)
        self.stream = room_stream(own.rooms.name)
        reader = user.name if user.role is Role.PLAYER else None
        self.narration = Narration(reader)
        self.players: dict[int, tuple[str, ...]] = {}
        self.views = False  # the hand's view after each of its events (``views=1``)

    def _tournament(self) -> Any:
        return self.own.rooms.room.tournaments.get(self.name)

    def head(self) -> int:
        return self.own.rooms.heads.get(self.stream, 0)

    def missing(self) -> str | None:
        tm = self._tournament()
        return None if tm is not None and tm.run is not None else f"no tournament {self.name}"

    def snapshot(self) -> object:
        got = hand_view(self.own, self.name, self.table, self.user)
        hand = got["hand"]
        if hand is not None:
            self.players[hand["hand"]] = tuple(hand["players"])
            self.narration.players = tuple(hand["players"])
        return hand

    async def prime(self) -> None:
        tm = self._tournament()
        lh = None if tm is None else tm.live.get(self.table)
        if lh is not None:
            self.players[lh.plan.hand] = lh.plan.players
            self.narration.players = lh.plan.players

    async def catch_up(self, after: int, upto: int) -> list[str]:
        await self.prime()
        rows = await asyncio.to_thread(self.own.rooms.store.read, self.stream, after, upto)
        out = []
        for r in rows:
            message = self.say(Item(r.seq, r.event()))
            if message is not None:
                out.append(message)
        return out

    def then(self, item: Item) -> str | None:
        e = item.event
        ours = (isinstance(e, TournamentHandDealt) and e.plan.table == self.table) or (
            isinstance(e, TournamentHandProgressed) and e.number == self.table
        )
        if not self.views or not ours or getattr(e, "tournament", None) != self.name:
            return None
        hand = hand_view(self.own, self.name, self.table, self.user)["hand"]
        return _dumps({"seq": item.seq, "view": hand})

    def _position(self, hand: int) -> int | Viewer:
        players = self.players.get(hand, ())
        if self.user.role is Role.PLAYER and self.user.name in players:
            return players.index(self.user.name)
        return Viewer.SPECTATOR

    def say(self, item: Item) -> str | None:
        e = item.event
        if isinstance(e, TournamentHandDealt):
            if e.tournament != self.name or e.plan.table != self.table:
                return None
            self.players[e.plan.hand] = e.plan.players
            shown: object = e
        elif isinstance(e, TournamentHandProgressed):
            if e.tournament != self.name or e.number != self.table:
                return None
            seen = project_round_events(e.events, self._position(e.hand))
            shown = TournamentHandProgressed(e.tournament, e.number, e.hand, tuple(seen), e.at)
        else:
            return None
        lines = [x.json() for x in self.narration(shown)]
        return _dumps({"seq": item.seq, "event": contract.plain(shown), "words": lines})


class ReadFeed(Feed):
    """A read of the room (the board, the waiting lists, the cage's ledger and top-ups, a
    tournament's overview): ``read()``, the reader's view (plain JSON) made from the room in
    memory, sent ``{"seq": n, "view": ...}`` after each commit that changes it. ``n`` is the
    room's position (:attr:`~croupier.service.store.rooms.RoomStore.position`); a client
    behind is sent the view as it is now (a read is its own catch-up). ``share``: readers who
    see it alike (their view is made once per commit), or None; ``gist``: what of a view
    counts as a change (the whole view if None; a view that tells the time changes with
    every commit)."""

    locked = True

    def __init__(
        self,
        own: RoomOwner,
        read: Callable[[], object],
        share: object = None,
        missing: Callable[[], str | None] = lambda: None,
        gist: Callable[[Any], object] | None = None,
    ) -> None:
        self.own, self.read, self.share, self._missing = own, read, share, missing
        self.gist = gist
        self.key = reads_key(own.rooms.name)
        self.last: str | None = None  # the view the reader has, encoded (None: unknown)

    def head(self) -> int:
        return self.own.rooms.position

    def missing(self) -> str | None:
        return self._missing()

    def _said(self, view: object, text: str) -> str:
        return text if self.gist is None else _dumps(self.gist(view))

    def snapshot(self) -> object:
        view = self.read()
        self.last = self._said(view, _dumps(view))
        return view

    async def catch_up(self, after: int, upto: int) -> list[str]:
        if after >= upto:
            return []  # the reader has the view at ``upto``; the next commit's is sent
        async with self.own.lock:
            view = self.snapshot()
            seq = self.head()
        return [_dumps({"seq": seq, "view": view})]

    def say(self, item: Item) -> str | None:
        if self._missing() is not None:
            return None
        text = None if self.share is None else item.texts.get(self.share)
        if text is None:
            view = self.read()
            text = _dumps(view)
            said = self._said(view, text)
            if self.share is not None:
                item.texts[self.share] = text
        else:
            said = text  # a shared view has no gist
        if said == self.last:
            return None
        self.last = said
        return f'{{"seq":{item.seq},"view":{text}}}'


class ClockFeed(Feed):
    """A tournament's clock: one message ``{"seq": n, "clock": ...}`` per commit."""

    def __init__(self, own: RoomOwner, name: str, now: Callable[[], int]) -> None:
        self.own, self.name, self.now = own, name, now
        self.key = tournament_stream(own.rooms.name, name)
        self.last = -1
        self.locked = True

    def head(self) -> int:
        return self.own.rooms.heads.get(self.key, 0)

    def missing(self) -> str | None:
        tm = self.own.rooms.room.tournaments.get(self.name)
        return None if tm is not None and tm.run is not None else f"no tournament {self.name}"

    def clock(self) -> str | None:
        view = clock_message(self.own, self.name, self.now())
        if view["seq"] <= self.last:
            return None
        self.last = view["seq"]
        return _dumps(view)

    async def catch_up(self, after: int, upto: int) -> list[str]:
        if after >= upto:
            self.last = upto
            return []
        async with self.own.lock:
            got = self.clock()
        return [] if got is None else [got]

    def snapshot(self) -> object:
        view = clock_message(self.own, self.name, self.now())
        self.last = view["seq"]
        return view["clock"]

    def say(self, item: Item) -> str | None:
        return self.clock()  # the clock as it is now


async def open_socket(ws: WebSocket, public: bool = False) -> tuple[Any, User | None] | None:
    """The handshake every stream socket makes: the service and the user its one-time
    ticket names (``None`` on a public stream without one); closed (and None) if refused."""
    svc = ws.app.state.service
    got = svc.sessions.session(ws.query_params.get("ticket", ""))
    name, ws.state.token = (None, "") if got is None else got
    user = None if name is None else svc.directory.users.users.get(name)
    if user is None and not public:
        await ws.close(code=4401, reason="log in first: POST /ws-ticket, then ?ticket=")
        return None
    if svc.owner is None:
        why = "the room was refused at recovery" if svc.node is None else unserved(svc)[0]
        await ws.close(code=4503, reason=_reason(why))
        return None
    return svc, user


def _reason(text: str) -> str:
    """``text`` cut to what a websocket's close frame holds (123 bytes)."""
    return text.encode()[:120].decode(errors="ignore")


@dataclass(slots=True)
class Options:
    """What a client asked for in its query (see the module's docstring)."""

    after: int | None
    views: bool
    turns: bool
    batch: bool


def _options(ws: WebSocket) -> Options | str:
    q = ws.query_params
    text = q.get("after")
    try:
        after = None if text is None else int(text)
    except ValueError:
        return "after: a whole number"
    views, turns, batch = (q.get(k) in ("1", "true") for k in ("views", "turns", "batch"))
    return Options(after, views, turns, batch)


async def serve(
    ws: WebSocket,
    svc: Any,
    user: User | None,
    feed: Feed,
    reply: Reply | None,
    viewer: object = None,
    turns: str | None = None,
    presence: tuple[Any, str] | None = None,
) -> None:
    """Follow ``feed`` on ``ws`` (see the module's docstring) until the client goes."""
    options = _options(ws)
    if isinstance(options, str):
        await ws.close(code=4400, reason=options)
        return
    after = options.after
    if isinstance(feed, HandsFeed) and options.views:
        feed.views = feed.locked = True  # its views read the room
    if not await limits.admit(ws, None if user is None else user.name):
        return
    own: RoomOwner | None = svc.owner
    if own is None:  # this node stopped serving the room meanwhile
        await ws.close(code=4503, reason=_reason(unserved(svc)[0]))
        return
    try:
        async with own.lock:
            why = feed.missing()
            if why is not None:
                await ws.close(code=4404, reason=why)
                return
            head = feed.head()
            if after is not None and not 0 <= after <= head:
                await ws.close(code=4409, reason=f"stale: the stream is at {head}, not {after}")
                return
            who, seen = turns if options.turns else None, viewer if options.views else None
            sub = own.hub.subscribe(feed.key, who=who, viewer=seen)
            snapshot = None
            if after is None or head - after > MAX_BEHIND:
                snapshot = _dumps({"seq": head, "snapshot": feed.snapshot()})
                view = None
            else:
                view = feed.snapshot() if options.views else None
    except LeaseLost as e:
        await ws.close(code=4503, reason=_reason(str(e)))
        return
    opened = presence
    try:
        if opened is not None and not await opened[0].opened(opened[1], user.name if user else ""):
            opened = None  # nothing was counted
            await ws.close(code=4503, reason="the connection could not be recorded: retry")
            return
        await ws.accept()
        if snapshot is not None:
            await feed.prime()
            await ws.send_text(snapshot)
        else:
            assert after is not None
            for message in await feed.catch_up(after, head):
                await ws.send_text(message)
            if view is not None:  # the view as it is at the head caught up to
                await ws.send_text(_dumps({"seq": head, "view": view}))
        await _live(ws, svc, user, own, sub, feed, head, reply, options.batch)
    except WebSocketDisconnect:
        pass
    except LeaseLost as e:  # this node stopped writing the room: go elsewhere
        await ws.close(code=4503, reason=_reason(str(e)))
    finally:
        own.hub.unsubscribe(feed.key, sub)
        if opened is not None and user is not None:
            await opened[0].closed(opened[1], user.name)


async def _live(
    ws: WebSocket,
    svc: Any,
    user: User | None,
    own: RoomOwner,
    sub: Subscriber,
    feed: Feed,
    last: int,
    reply: Reply | None,
    batch: bool,
) -> None:
    """Send ``sub``'s items and notes as they come; run each command the client sends (its
    reply comes as a note once it is committed or refused)."""
    running: set[asyncio.Task[None]] = set()
    wire = limits.Wire(ws)

    async def answer(data: Any) -> None:
        if reply is None or user is None:
            body: dict[str, Any] = {"reply": None, "status": 401, "refused": "log in first"}
        else:
            body = await reply(user, data, ws.state.token)
        sub.note(feed.head(), _dumps(body))  # after the events already published

    async def read() -> None:
        try:
            while True:
                got = await wire.receive()
                if got.get("type") == "websocket.disconnect":
                    return
                try:
                    data = limits.frame(got)
                except limits.BadJson as e:
                    data = e  # answered with a refusal, in turn
                task = asyncio.ensure_future(answer(data))
                running.add(task)
                task.add_done_callback(running.discard)
        finally:
            sub.wake()  # the writer below sees the reader is done

    reader = asyncio.ensure_future(read())
    try:
        while True:
            await sub.wait()
            if reader.done():
                return await reader
            if sub.closed is not None:  # this node stopped writing the room: go elsewhere
                await ws.close(code=4503, reason=_reason(sub.closed))
                return None
            if sub.lagged:
                async with own.lock:
                    sub.lagged = False
                    sub.items.clear()
                    last = feed.head()
                    snap = feed.snapshot()
                await feed.prime()
                await ws.send_text(_dumps({"seq": last, "snapshot": snap}))
                continue
            items, notes = sub.items, sub.notes
            ready: list[str] = []
            while items or notes:
                text: str | None
                if items and (not notes or items[0].seq <= notes[0][0]):
                    item = items.popleft()
                    if item.seq <= last:
                        continue
                    last = item.seq
                    if feed.locked:
                        async with own.lock:
                            text, more = feed.say(item), feed.then(item)
                    else:
                        text, more = feed.say(item), feed.then(item)
                    if more is not None:
                        notes.appendleft((item.seq, more))
                else:
                    text = notes.popleft()[1]
                if text is not None:
                    ready.append(text)
            if ready:
                # Written at once, with no turn of the loop first: such a turn let every socket
                # woken by the same commit write together, so that clients on the server's own
                # cores woke less, but it cost the server a task step per socket woken
                # (measured in docs/design.md, "Where a command's time goes").
                if batch:
                    await wire.send_text("\n".join(ready))
                else:
                    for text in ready:
                        await wire.send_text(text)
    finally:
        reader.cancel()


#: The room's reads a socket may follow (``/ws/room/{read}``): the ``GET /room/{read}`` body.
ROOM_READS = ("board", "lists", "topups", "ledger")


def room_read(ws: WebSocket, svc: Any, user: User, read: str) -> ReadFeed | tuple[int, str]:
    """The feed of the room's read ``read`` for ``user``, or why not (a close code and
    reason)."""
    own: RoomOwner = svc.owner
    rooms = own.rooms
    staff = user.role is not Role.PLAYER
    if read == "board":
        background = ws.app.state.background
        return ReadFeed(
            own, lambda: board_body(rooms.room, background.board(staff)), ("board", staff)
        )
    if read == "lists":
        return ReadFeed(
            own, lambda: lists_body(rooms.room, rooms.books.lists, user, svc.clock()), gist=_places
        )
    if read == "topups":
        return ReadFeed(own, lambda: topups_body(rooms.room, rooms.books.topups, user))
    if read == "ledger":
        why = policy.why_not("GET /room/ledger", user, ())
        if why is not None:
            return 4403, why
        return ReadFeed(own, lambda: ledger_body(rooms.room), ("ledger",))
    return 4404, f"no read {read!r}: one of {', '.join(ROOM_READS)}"


def _places(body: dict[str, Any]) -> object:
    """The waiting lists less what tells the time (the client counts it down)."""
    timed = ("seconds_left", "estimate", "basis")
    return [
        {**x, "players": [{k: v for k, v in p.items() if k not in timed} for p in x["players"]]}
        for x in body["lists"]
    ]


def tournament_read(svc: Any, user: User, name: str, hand: str | None) -> ReadFeed | str:
    """A tournament's overview (``GET /tournaments/{name}``'s body) as ``user`` follows it;
    ``hand``: also the reader's view of the hand in play at table ``hand`` (``"hand"``; at
    their own table: ``"mine"``), or at every table (``"all"``: ``"hands"`` by table)."""
    own: RoomOwner = svc.owner
    table: int | None = None
    if hand is not None and hand not in ("all", "mine"):
        try:
            table = int(hand)
        except ValueError:
            return "hand: a table's number, mine or all"

    def missing() -> str | None:
        tm = own.rooms.room.tournaments.get(name)
        return None if tm is not None and tm.run is not None else f"no tournament {name}"

    def read() -> object:
        body = tournament_state(own, name, svc.clock())
        if hand == "all":
            run = own.rooms.room.tournaments[name].run
            numbers = [] if run is None else sorted(run.tables)
            body["hands"] = {str(n): hand_view(own, name, n, user)["hand"] for n in numbers}
        elif hand is not None:  # hand_seq: the room's stream's head, as GET .../hand's seq
            at = table
            if at is None:  # "mine": the table the reader is seated at now, if any
                run = own.rooms.room.tournaments[name].run
                entrant = None if run is None else run.entrants.get(user.name)
                at = None if entrant is None else entrant.table
            got = {"seq": 0, "hand": None} if at is None else hand_view(own, name, at, user)
            body["hand"], body["hand_seq"] = got["hand"], got["seq"]
        return body

    return ReadFeed(own, read, None if hand else ("tournament", name), missing)


def register(app: FastAPI, reply: Reply) -> None:
    """The stream sockets on ``app``; ``reply``: a command message's answer (the one
    command path's)."""

    @app.websocket("/ws/tables/{table}")
    async def table_ws(ws: WebSocket, table: str) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        assert user is not None  # not a public stream
        who = viewer(user, table)
        player = user.name if user.role is Role.PLAYER else None
        # a player's connection (recorded by the node that writes the room)
        here = (svc.presence, table) if isinstance(who, str) and svc.presence else None
        feed = TableFeed(svc.owner, table, who)
        await serve(ws, svc, user, feed, reply, who, player, here)

    @app.websocket("/ws/uth/{table}")
    async def uth_ws(ws: WebSocket, table: str) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        who = viewer(user, table)
        await serve(ws, svc, user, UthFeed(svc.owner, table, who), reply, who)

    @app.websocket("/ws/tournaments/{name}/tables/{table}")
    async def hands_ws(ws: WebSocket, name: str, table: int) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        assert user is not None  # not a public stream
        await serve(ws, svc, user, HandsFeed(svc.owner, name, table, user), reply)

    @app.websocket("/ws/room/{read}")
    async def room_ws(ws: WebSocket, read: str) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        assert user is not None  # not a public stream
        feed = room_read(ws, svc, user, read)
        if isinstance(feed, tuple):
            await ws.close(code=feed[0], reason=feed[1])
            return
        await serve(ws, svc, user, feed, reply)

    @app.websocket("/ws/tournaments/{name}")
    async def tournament_ws(ws: WebSocket, name: str) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        assert user is not None  # not a public stream
        feed = tournament_read(svc, user, name, ws.query_params.get("hand"))
        if isinstance(feed, str):
            await ws.close(code=4400, reason=feed)
            return
        await serve(ws, svc, user, feed, reply)

    @app.websocket("/ws/uth-tournaments/{name}")
    async def uth_tournament_ws(ws: WebSocket, name: str) -> None:
        opened = await open_socket(ws)
        if opened is None:
            return
        svc, user = opened
        rooms = svc.owner.rooms

        player = user is not None and user.role is Role.PLAYER

        def read() -> object:  # GET /uth-tournaments/{name}'s body: a player's own seat too
            acc = rooms.room.uth_tournaments[name]
            mine = uth_seat(acc, user.name) if player and user is not None else None
            return {"name": name, "view": uth_tournament_view(acc), "seat": mine}

        def missing() -> str | None:
            there = name in rooms.room.uth_tournaments
            return None if there else f"no UTH tournament {name}"

        # staff share one encoding per commit; a player's read holds their own cards
        share = ("uth-tournament", name, user.name if player and user else "")
        feed = ReadFeed(svc.owner, read, share, missing)
        await serve(ws, svc, user, feed, reply)

    @app.websocket("/ws/tournaments/{name}/clock")
    async def clock_ws(ws: WebSocket, name: str) -> None:
        opened = await open_socket(ws, public=True)
        if opened is None:
            return
        svc, user = opened
        await serve(ws, svc, user, ClockFeed(svc.owner, name, svc.clock), reply)
