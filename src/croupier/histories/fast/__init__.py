"""The fast batch verifier of PHH hand histories: :mod:`~croupier.histories.fast.batch` encodes
parsed histories into arrays and :mod:`~croupier.histories.fast.kernel` (numba) replays them all
in one call under the round engine's dunedin-house rules.

Its contract is its differential test against the engine
(``tests/histories/test_phh_batch.py``): on the shared corpus, on random rounds the engine plays
and exports, and on those rounds mutated, every hand it confirms is one
:func:`croupier.histories.phh_replay.replay` replays to the same stacks, and every hand it
refuses the engine refuses at the same action. The engine stays the authority: a hand this
package does not handle, and the message and clause of every refusal, come from it.
"""
