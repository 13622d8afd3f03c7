"""The owner's notices on Redis (:mod:`croupier.service.replica`): each commit's heads and rows,
signed with the nodes' key; a standby takes only what that key signed, and a commit too large
to carry is said by its heads alone."""

from __future__ import annotations

import orjson

from croupier.service.replica import MAX_ROWS, Notices, notice_key, sign, signed

KEY = notice_key(b"the session secret")
ROWS = [("table:main/a", 7, "croupier.table.events:Acted", 1, '{"x":1}', "ab" * 32)]


def test_a_notice_is_taken_only_as_signed_with_the_nodes_key() -> None:
    data = sign(KEY, b'{"room":"main"}')
    assert signed(KEY, data) == b'{"room":"main"}'
    assert signed(notice_key(b"another secret"), data) is None
    assert signed(KEY, data.replace(b"main", b"mine")) is None  # changed after signing
    assert signed(KEY, b'{"room":"main"}') is None  # not signed at all
    assert signed(KEY, "text, not bytes") is None
    assert KEY != b"the session secret" and len(KEY) == 32  # derived: never the secret


def test_a_commits_notice_carries_its_heads_and_rows_unless_too_large() -> None:
    notices = Notices("redis://127.0.0.1:6379", "main", KEY)
    note = orjson.loads(signed(KEY, notices.notice({"table:main/a": 7}, ROWS)) or b"null")
    assert note == {"room": "main", "heads": {"table:main/a": 7}, "rows": [list(r) for r in ROWS]}
    big = [(s, n, t, v, "x" * MAX_ROWS, h) for s, n, t, v, _, h in ROWS]
    note = orjson.loads(signed(KEY, notices.notice({"table:main/a": 7}, big)) or b"null")
    assert note == {"room": "main", "heads": {"table:main/a": 7}}  # the store has the rows
