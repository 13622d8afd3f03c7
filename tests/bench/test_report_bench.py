"""``croupier bench report`` at a small size: the store it fills holds real play (rounds,
buy-ins, cash-outs, commission) over several days and tables, and the read models' day report
equals the fold of the stored events for every day."""

from __future__ import annotations

from pathlib import Path

from croupier.bench import report_bench
from croupier.room import daybook
from croupier.room.books import RoomBooks
from croupier.service.auth import Directory
from croupier.service.store.rooms import merge, room_streams
from croupier.service.store.store import EventStore


def test_the_filled_store_holds_play_and_its_books_equal_the_fold(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/report.db"
    filled = report_bench.fill(url, 20_000, days=3, templates=2)
    assert filled["events"] >= 20_000 and filled["tables"] >= 2
    store = EventStore(url, migrate=False)
    try:
        events = merge(
            report_bench.ROOM, store.read_streams(room_streams(store, report_bench.ROOM))
        )
        bots = {u.name for u in Directory(store).users.users.values() if u.bot}
    finally:
        store.close()
    assert len(events) == filled["events"]
    books = RoomBooks.of(events)
    days = books.day.days()
    assert 1 <= len(days) <= 3
    totals = [books.day.report(d, bots).totals for d in days]
    assert sum(t.rounds for t in totals) >= 2 * 400  # every table's rounds, on their days
    assert all(t.commission > 0 and t.cash_in > 0 for t in totals)
    assert sum(t.cash_out for t in totals) > 0  # players went home
    assert 0 < sum(t.bots_in for t in totals) < sum(t.cash_in for t in totals)
    for d in days:
        assert books.day.report(d, bots) == daybook.day_report(events, d, bots)
    parts = report_bench.rebuild(url)  # raises where the read model's report is not the fold's
    assert set(parts) == {"read_s", "room_fold_s", "books_fold_s", "scan_s"}
    # what a server would have left: checkpoints and an image, loaded equal to the fold
    served = report_bench.as_served(url)  # raises where the image's room is not the fold's
    assert set(served) == {"fold_load_s", "image_ms", "image_kb", "image_load_s"}
