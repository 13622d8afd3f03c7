"""A table's events as each reader receives them: :class:`Item` (one event for its
subscribers, with the encodings recipients share) and :class:`Projector` (one reader's
projection of them, with the words for that reader).

A published event is encoded once for every recipient who sees it alike and reads it alike:
every message to a table's readers is made here, so this module is compiled with mypyc
(:mod:`croupier.compiled`) as the round engine is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import orjson

from croupier.narration import Narration
from croupier.narration.lines import Line, mentions
from croupier.service import contract
from croupier.table.events import RoundStarted, TableEvent
from croupier.views import Viewer, position_of, project_table_event


@dataclass(slots=True)
class Item:
    """A table's event number ``seq`` for its subscribers. Each recipient is sent its own
    projection of it; recipients who see it alike share one encoding (``texts``, by the
    recipient's position in the round, or ``PUBLIC`` for an event with nothing hidden)."""

    seq: int
    event: Any  # a table's event; on the other streams (a tournament, the room's reads) theirs
    texts: dict[object, str] = field(default_factory=dict)
    spectator: TableEvent | None = None  # the event as a spectator may see it, once asked
    seen: dict[int, TableEvent] = field(default_factory=dict)  # as each position sees it
    named: frozenset[str | int] | None = None  # whom it names (None: everyone), once asked
    asked: bool = False

    def names(self, who: str, pos: int) -> bool:
        """Whether the event names the player ``who`` at round position ``pos``, whose words
        then differ from everyone else's (:func:`~croupier.narration.lines.mentions`, asked
        once an item)."""
        if not self.asked:
            self.named, self.asked = mentions(self.event), True
        return self.named is None or who in self.named or pos in self.named


#: The key of an item's encoding that every recipient may receive.
PUBLIC = "public"
#: The key of the encoding of an item's event alone, when every recipient may receive it.
EVENT_PUBLIC = ("event", PUBLIC)


class Projector:
    """One recipient's projection of a table's events, one at a time, keeping its position
    in the round in effect (from the round's start), and the events' words for them."""

    def __init__(self, who: str | Viewer) -> None:
        self.who = who
        self.pos = position_of((), who)  # the reader's position in the round in effect
        self.narration = Narration(who if isinstance(who, str) else None)

    def __call__(self, e: TableEvent) -> TableEvent:
        if isinstance(e, RoundStarted):
            self.pos = position_of(e.players, self.who)
        return project_table_event(e, self.pos)

    def follow(self, e: TableEvent) -> None:
        """Follow ``e`` without saying it (the reader has it already)."""
        if isinstance(e, RoundStarted):
            self.pos = position_of(e.players, self.who)
        self.narration.track(e)

    def message(self, item: Item) -> str:
        """``{"seq": n, "event": ..., "words": [...]}``, the recipient's projection of
        ``item`` in the message contract (:mod:`croupier.service.contract`) with its words
        for them, encoded once for every recipient who sees it and reads it alike."""
        e = item.event
        if isinstance(e, RoundStarted):
            self.pos = position_of(e.players, self.who)
        pos = self.pos
        key: object = pos
        if isinstance(pos, int) and item.names(cast(str, self.who), pos):
            key = ("you", pos)  # its words name the reader: "you call 2"
        texts = item.texts
        public = texts.get(PUBLIC) if not isinstance(key, tuple) else ""
        # nothing hidden from a spectator: every recipient not named in it receives it
        if public is None and PUBLIC not in texts and self._public(item):
            public = texts[PUBLIC] = self._encode(item, PUBLIC, e)
            return public
        if public:
            self.narration.track(e)
            return public
        if key == pos and isinstance(pos, int) and self._as_spectator(item, pos):
            key = Viewer.SPECTATOR  # not named in it, and sees no more of it than a spectator
        text = texts.get(key)
        if text is None:
            seat = key[1] if isinstance(key, tuple) else key
            text = texts[key] = self._encode(item, seat, e)
        else:
            self.narration.track(e)
        return text

    @staticmethod
    def _public(item: Item) -> bool:
        """Whether ``item``'s event hides nothing from a spectator (asked once an item: if
        so, its encoding is kept for every recipient's message, else ``texts[PUBLIC]`` is
        ``""``)."""
        texts = item.texts
        if EVENT_PUBLIC in texts:
            return True
        if PUBLIC in texts:
            return bool(texts[PUBLIC])
        e = item.event
        seen = Projector._spectators(item)
        if seen is e or seen == e:
            texts[EVENT_PUBLIC] = contract.dumps(e).decode()
            return True
        texts[PUBLIC] = ""
        return False

    @staticmethod
    def _spectators(item: Item) -> TableEvent:
        """``item``'s event as a spectator may see it (projected once an item)."""
        if item.spectator is None:
            item.spectator = project_table_event(item.event, Viewer.SPECTATOR)
        return item.spectator

    @staticmethod
    def _seen(item: Item, seat: int | Viewer) -> TableEvent:
        """``item``'s event as ``seat`` may see it (projected once an item and position)."""
        if not isinstance(seat, int):
            return project_table_event(item.event, seat)
        seen = item.seen.get(seat)
        if seen is None:
            seen = item.seen[seat] = project_table_event(item.event, seat)
        return seen

    @staticmethod
    def _as_spectator(item: Item, pos: int) -> bool:
        """Whether the player at ``pos`` may see no more of ``item``'s event than a spectator."""
        return Projector._seen(item, pos) == Projector._spectators(item)

    def _encode(self, item: Item, seat: object, e: TableEvent) -> str:
        """The message of ``item`` for this recipient at ``seat`` (its position; ``PUBLIC``:
        any): the event as the seat sees it is encoded once for every recipient who sees it
        so, the words for each ("you call 2" beside "Ann calls 2")."""
        texts = item.texts
        if seat is PUBLIC or self._public(item):
            event = texts[EVENT_PUBLIC]
        else:
            e = self._seen(item, cast(int | Viewer, seat))  # as this seat sees it
            event = texts.get(("event", seat)) or contract.dumps(e).decode()
            texts[("event", seat)] = event
        lines = contract.message_text(orjson.dumps(self.narration(e), default=Line.json))
        return f'{{"seq":{item.seq},"event":{event},"words":{lines}}}'
