"""Events in words: :mod:`croupier.narration.lines` says a table's events for one reader (the
web console, the terminal, the recall and the exports share it); :mod:`croupier.narration.dealer`
is the terminal dealer's running commentary."""

from croupier.narration.lines import Line, Narration, cards_text, spelt, words

__all__ = ["Line", "Narration", "cards_text", "spelt", "words"]
