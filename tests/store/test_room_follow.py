"""A standby's replica of a room (:meth:`RoomStore.follow`): loaded once, then folding what
another writer commits, commit after commit, it holds the room, its tables and its books as the
writer does; the events it folds are the writer's, in the order committed, and a new table's
stream is followed from its first event."""

from __future__ import annotations

import random
from pathlib import Path

from croupier.room import AtTable, OpenTable, RoomEvent, TakeSeat
from croupier.service.store import images
from croupier.service.store.rooms import RoomStore
from croupier.service.store.store import EventStore
from croupier.shoe import Shoe
from croupier.sim.bots import make_bot
from croupier.table.commands import Act, StartRound
from croupier.table.presets import preset
from croupier.views import actor_view
from support.store import play_room


def _same(replica: RoomStore, writer: RoomStore, written: list[RoomEvent]) -> None:
    before, events = replica.follow()
    assert events == written
    assert replica.heads == writer.heads
    assert images.fingerprint(replica.room, replica.books) == images.fingerprint(
        writer.room, writer.books
    )
    assert before != replica.heads or not written


def test_a_replica_folds_what_the_writer_commits(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'croupier.db'}")
    try:
        writer = RoomStore(store, image_every=40)
        play_room(writer, rounds=2)
        replica = RoomStore(store)  # loaded as a takeover loads it
        _same(replica, writer, [])
        cfg = preset("act-omaha-2017", seats=3)  # nobody waits for its game
        written = writer.execute(OpenTable("c", cfg))  # a new table's stream, in the commit
        for i in range(3):
            written += writer.execute(TakeSeat(f"c{i}", "c", i + 1, cfg.stakes.min_table_stake * 2))
        _same(replica, writer, written)  # several commits at one look
        t, bot, rng = writer.room.tables["c"], make_bot("random"), random.Random(5)
        shoe = Shoe(t.config.game.deck, seed=5)
        rounds = 0
        for _ in range(3):
            start = AtTable("c", StartRound(shoe.shuffle().order))
            if writer.room.why_illegal(start) is not None:
                break  # a player went broke
            rounds += 1
            _same(replica, writer, writer.execute(start))
            while t.round is not None and not t.round.is_over:
                move = AtTable("c", Act(bot.act(actor_view(t.round), rng)))
                _same(replica, writer, writer.execute(move))  # each decision, mid-round
        assert rounds >= 1
        again = RoomStore(store)  # and as a fresh load of the store has it
        assert images.fingerprint(again.room, again.books) == images.fingerprint(
            replica.room, replica.books
        )
    finally:
        store.close()
