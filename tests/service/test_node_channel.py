"""The owner's command channel between nodes (``WS /nodes/commands``): opened only with the
nodes' key; each frame checked and applied as ``POST /commands`` with its sender's own token
would be, and answered by its number with the route's status and body. (Forwarding through
it from a real standby, killed owners included, is in test_service_replica.py and
test_cluster_bench.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from croupier.service.forward import PATH, node_key
from support.service import Room, served


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    with served(f"sqlite:///{tmp_path / 'room.db'}") as r:
        r.open_table("t1", "dunedin-house", ["p1", "p2", "p3"])
        yield r


def key(room: Room) -> dict[str, str]:
    secret: bytes = room.c.app.state.service.sessions.secret  # type: ignore[attr-defined]
    return {"Authorization": f"Bearer {node_key(secret)}"}


@pytest.mark.parametrize("header", [{}, {"Authorization": "Bearer nope"}])
def test_the_channel_opens_only_with_the_nodes_key(room: Room, header: dict[str, str]) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        room.c.websocket_connect(PATH, headers=header),
    ):
        pass
    assert closed.value.code == 4401


def test_each_frame_is_answered_as_post_commands_with_its_senders_token(room: Room) -> None:
    start = {"type": "StartRound", "table": "t1"}
    frames: list[dict[str, Any]] = [
        {"id": 1, "token": "forged", "command": start},  # no session: 401
        {"id": 2, "token": room.login("p1"), "command": start},  # a player may not deal: 403
        {"id": 3, "token": room.login("dealer"), "command": {"type": "Nope"}},  # 422
        {"id": 4, "token": room.login("dealer"), "command": start},  # accepted
        {"id": 5, "token": room.login("dealer"), "command": start},  # a round in play: 409
    ]
    with room.c.websocket_connect(PATH, headers=key(room)) as ws:
        got = {}
        for frame in frames:
            ws.send_json(frame)
            reply = ws.receive_json()
            got[reply["id"]] = reply
    assert {n: r["status"] for n, r in got.items()} == {1: 401, 2: 403, 3: 422, 4: 200, 5: 409}
    assert got[4]["body"]["accepted"] is True and got[4]["body"]["type"] == "StartRound"
    assert "heads" in got[4]["body"]
    assert all(set(got[n]["body"]) == {"refused", "clause"} for n in (1, 2, 3, 5))
    # the same command over HTTP is refused alike: the round is in play
    r = room.c.post(
        "/commands", json=start, headers={"Authorization": f"Bearer {room.login('dealer')}"}
    )
    assert r.status_code == 409 and r.json() == got[5]["body"]
