"""Seeds for chunked work: each chunk of a simulation draws from its own seed, derived from
the run's seed and the chunk's index alone, so a result does not depend on how many workers
(or which) played the chunks."""

from __future__ import annotations

import hashlib


def derive_seed(seed: int, index: int) -> int:
    """A 63-bit seed for chunk ``index`` of a run seeded with ``seed`` (BLAKE2b of both)."""
    digest = hashlib.blake2b(f"croupier:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def chunk_sizes(total: int, size: int) -> list[int]:
    """``total`` split into chunks of ``size``, the last one shorter where it does not divide."""
    if total < 0 or size < 1:
        raise ValueError(f"cannot split {total} into chunks of {size}")
    return [size] * (total // size) + ([total % size] if total % size else [])
