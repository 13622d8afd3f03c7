"""The decks of the rounds in play given back at a start or a takeover
(croupier.service.decks.resume): found from the sealed stream's head back, so a takeover's cost
follows the rounds in play, not every deck the room has dealt."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from croupier.room import AtTable
from croupier.service.decks import resume, round_starts
from croupier.service.owner import DeckSealed
from croupier.service.store.rooms import RoomStore, sealed_stream, table_stream
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.views import actor_view
from support.store import play_room

OLD_DECKS = 400


def deal(rs: RoomStore, name: str, shoe: Shoe) -> Any:
    """A round dealt at ``name`` from ``shoe``, its deck written to the sealed stream with it
    (as the room's owner writes it); the deck."""
    d = shoe.shuffle()
    kept = DeckSealed(name, d.commitment, d.order, d.salt)
    rs.execute(
        AtTable(name, StartRound.dealt_from(d)), also=[(sealed_stream("main"), "sealed", kept)]
    )
    return d


def test_a_resume_reads_the_decks_in_play_not_every_deck_dealt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        rs = RoomStore(store)
        play_room(rs, rounds=2)
        shoes = {
            n: Shoe(t.config.game.deck, seed=i) for i, (n, t) in enumerate(rs.room.tables.items())
        }
        bot, rng = make_bot("random"), random.Random(4)
        stream = sealed_stream("main")
        old = [shoes["b"].shuffle() for _ in range(OLD_DECKS)]  # rounds dealt long ago
        with store.transaction() as w:
            w.create(stream, "sealed", "main")
        store.append(stream, 0, [DeckSealed("b", d.commitment, d.order, d.salt) for d in old])
        rs = RoomStore(store)
        in_play = {n: deal(rs, n, shoes[n]) for n in ("a", "b")}
        for n in in_play:
            r = rs.room.tables[n].round
            assert r is not None
            rs.execute(AtTable(n, Act(bot.act(actor_view(r), rng))))

        again = RoomStore(store)  # a takeover: the room from the store, no deck held
        starts = round_starts(again, [table_stream("main", n) for n in in_play])
        assert {s: e.commitment for s, e in starts.items()} == {
            table_stream("main", n): d.commitment for n, d in in_play.items()
        }
        read = EventStore.read
        rows: list[int] = []

        def counted(self: EventStore, s: str, after: int = 0, upto: int | None = None) -> Any:
            got = read(self, s, after, upto)
            if s == stream:
                rows.append(len(got))
            return got

        load = EventStore.load

        def loaded(self: EventStore, s: str, after: int = 0) -> Any:
            got = load(self, s, after)
            if s == stream:
                rows.append(len(got))
            return got

        monkeypatch.setattr(EventStore, "read", counted)
        monkeypatch.setattr(EventStore, "load", loaded)
        assert sorted(resume(again, None)) == ["a", "b"]
        assert 0 < sum(rows) < OLD_DECKS // 4, rows  # the head's decks, not all 400
        for n in in_play:  # each round deals on from its own deck
            tn = again.room.tables[n]
            hands = tn.hands
            while tn.round is not None and not tn.round.is_over:
                again.execute(AtTable(n, Act(bot.act(actor_view(tn.round), rng))))
            assert tn.hands == hands + 1
    finally:
        store.close()
