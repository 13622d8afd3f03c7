"""Hand evaluation for every hand order in the rulebooks.

Single hands: :func:`evaluate`, :func:`evaluate_omaha`, :func:`evaluate_low`; unchecked fast
paths for the engine: :func:`strength`, :func:`omaha_strength`, :func:`low_strength`.
Batches of numpy arrays: :mod:`croupier.hands.batch`.
"""

from croupier.hands.evaluate import (
    HandValue,
    LowValue,
    Outcome,
    compare,
    evaluate,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
    low_strength,
    omaha_hilo_strength,
    omaha_low_strength,
    omaha_strength,
    strength,
)
from croupier.hands.orders import STANDARD, Category, HandOrder, LowRule

__all__ = [
    "STANDARD",
    "Category",
    "HandOrder",
    "HandValue",
    "LowRule",
    "LowValue",
    "Outcome",
    "compare",
    "evaluate",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "low_strength",
    "omaha_hilo_strength",
    "omaha_low_strength",
    "omaha_strength",
    "strength",
]
