"""A table event's message on a stream socket, for each recipient: the event as they may see
it with their own words, the event encoded once for every recipient who sees it alike."""

from __future__ import annotations

import orjson

from croupier.round import CheckCall, Fold
from croupier.round.events import CardBurned
from croupier.service import contract
from croupier.service.projection import Item, Projector
from croupier.table.commands import Act, StartRound
from croupier.table.events import CardsDealt, TableEvent
from croupier.views import Viewer
from support.table import DUN, deck, seated

WHO: tuple[str | Viewer, ...] = (Viewer.DEALER, Viewer.SPECTATOR, "p1", "p2", "p3")


def _as_said(p: Projector, seq: int, e: TableEvent) -> str:
    """The message as the contract spells it: the recipient's projection, its words (in
    ASCII: a hidden card's "▒" as its JSON escape)."""
    seen = p(e)
    words = [x.json() for x in p.narration(seen)]
    text = orjson.dumps({"seq": seq, "event": contract.plain(seen), "words": words}).decode()
    return text.replace("▒", "\\u2592")


def test_each_recipient_gets_its_projection_and_words_the_event_encoded_once() -> None:
    t = seated(DUN, 3)
    dealt = t.apply(StartRound(deck(t)))
    assert t.round is not None and t.round.actor is not None
    actor = t.players[t.round.actor]
    acted = t.apply(Act(Fold(t.round.actor)))
    assert len(acted) == 1
    events = [*dealt, *acted]

    said, encodings = _messages(events)
    # the action hides nothing: one encoding of it for all five, the actor's words their own
    assert encodings[-1] == 1
    last = {w: orjson.loads(said[-1][i]) for i, w in enumerate(WHO)}
    assert len({orjson.dumps(m["event"]) for m in last.values()}) == 1
    assert last[actor]["words"] != last[Viewer.SPECTATOR]["words"]
    assert any(line["text"].startswith("you") for line in last[actor]["words"])


def test_a_board_deal_is_encoded_for_the_dealer_and_once_for_everyone_else() -> None:
    """A board card's burn is the dealer's alone: the players, not named in the deal, share
    the spectators' message; every message still equals the recipient's own projection."""
    t = seated(DUN, 3)
    events = list(t.apply(StartRound(deck(t))))
    while t.round is not None and t.round.actor is not None:
        events += t.apply(Act(CheckCall(t.round.actor)))
    boards = [e for e in events if isinstance(e, CardsDealt) and _burns(e)]
    assert len(boards) == 3, "flop, turn and river, each after a burn"

    said, encodings = _messages(events)
    for e, got, n in zip(events, said, encodings, strict=True):
        if e in boards:
            assert n == 2, "the dealer's, and one for the spectator and players"
            dealer, *others = (orjson.loads(m)["event"] for m in got)
            assert all(o == others[0] for o in others) and dealer != others[0]


def _messages(events: list[TableEvent]) -> tuple[list[list[str]], list[int]]:
    """Each event's messages to the recipients in ``WHO`` (checked equal to each one's own
    projection and words), and how many encodings of each event were made for them (the
    item keeps each, ``("event", seat)``, to be shared by every recipient who sees it so)."""
    projectors = [Projector(w) for w in WHO]
    references = [Projector(w) for w in WHO]
    said, encodings = [], []
    for seq, e in enumerate(events, 1):
        item = Item(seq, e)
        expected = [_as_said(r, seq, e) for r in references]
        got = [p.message(item) for p in projectors]
        assert got == expected
        said.append(got)
        made = [k for k in item.texts if isinstance(k, tuple) and k[0] == "event"]
        encodings.append(len(made))
    return said, encodings


def _burns(e: CardsDealt) -> bool:
    return any(isinstance(x, CardBurned) for x in e.events)
