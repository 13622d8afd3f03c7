"""A UTH table opened through the real app, and its views."""

from __future__ import annotations

from croupier.service import contract
from croupier.service.store import codec
from croupier.uth.game import UthConfig
from croupier.uth.limits import TableLimits
from croupier.uth.view import UthTableView
from support.service import Room


def open_uth(room: Room, table: str = "u1", assign: bool = True) -> None:
    config = codec.encode(UthConfig(TableLimits(5, 500)))
    room.ok("floor", {"type": "OpenUthTable", "table": table, "config": config})
    if assign:
        r = room.c.post(
            "/users/dealer/tables", json={"table": table}, headers=room.headers("admin")
        )
        assert r.status_code == 200, r.text


def uth_view(room: Room, who: str, table: str = "u1") -> tuple[int, UthTableView]:
    r = room.c.get(f"/uth/{table}/view", headers=room.headers(who))
    assert r.status_code == 200, r.text
    body = r.json()
    view = contract.decode(body["view"])
    assert isinstance(view, UthTableView)
    return body["seq"], view
