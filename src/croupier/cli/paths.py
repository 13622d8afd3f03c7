"""Output folders checked before long work starts: one line and exit status 2 when unusable."""

from __future__ import annotations

import os
from pathlib import Path

from croupier.cli.usage import fail


def output_folder(path: Path, option: str) -> Path:
    """Create ``path`` as a writable folder, or fail naming ``option`` and why."""
    if path.exists() and not path.is_dir():
        raise fail(f"{option}: {path} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise fail(f"{option}: cannot create {path}: {e.strerror or e}") from e
    if not os.access(path, os.W_OK | os.X_OK):
        raise fail(f"{option}: {path} is not writable")
    return path


def fresh_folder(base: Path) -> Path:
    """``base``, or ``base-2``, ``base-3``... : the first that does not exist yet, so that a run
    never mixes its files with an earlier run's."""
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate
