"""The deck commitment as the play commands print it: published before the deal, revealed
after the round, so the player can check the cards dealt were the cards committed to.

The check (:func:`croupier.shoe.verify_commitment`): SHA-256 of the salt's bytes followed by
one byte per card id, top card first, equals the commitment.
"""

from __future__ import annotations

from croupier.cards import format_cards
from croupier.shoe import ShuffledDeck


def commitment_line(deck: ShuffledDeck) -> str:
    """What to print before the deal: the whole commitment and the kind of shoe."""
    return f"deck commitment {deck.commitment} ({deck.source or 'unnamed'} shoe)"


def reveal_lines(deck: ShuffledDeck) -> list[str]:
    """What to print after the round: the salt and the deck order."""
    order, salt = deck.reveal()
    return [
        f"deck revealed: salt {salt.hex()}",
        f"  order (card ids, top card first) {','.join(str(int(c)) for c in order)}",
        f"  order (cards) {format_cards(order)}",
        "  check: sha256(salt bytes + one byte per card id) = the deck commitment",
    ]
