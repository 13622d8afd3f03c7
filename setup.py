"""Build croupier: the round engine's modules are compiled with mypyc where a C compiler is
present (about twice as fast); elsewhere, or with ``CROUPIER_PURE=1``, croupier installs as
plain Python with the same behaviour. Everything else is in pyproject.toml."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import Extension, setup

COMPILED = runpy.run_path("src/croupier/compiled.py")["sources"]()  # one list, in the package


def remove_inplace_builds() -> None:
    """An editable install compiles in place; a pure build must not leave old modules there."""
    for source in COMPILED:
        for built in Path(source).parent.glob(Path(source).stem + ".*.so"):
            built.unlink()
    for shared in Path("src").glob("*__mypyc.*.so"):
        shared.unlink()


def extensions() -> list[Extension]:
    # setup.py also runs to read metadata; only a build compiles (mypyc type-checks first)
    building = {"build_ext", "build", "bdist_wheel", "editable_wheel", "develop", "install"}
    if not building & set(sys.argv):
        return []
    if os.environ.get("CROUPIER_PURE") == "1":
        remove_inplace_builds()
        return []
    try:
        from mypyc.build import mypycify

        exts: list[Extension] = mypycify(COMPILED, opt_level="3")
    except (ImportError, SystemExit, Exception) as e:  # mypyc absent or refusing: stay Python
        print(f"croupier: building without mypyc ({e!r})", file=sys.stderr)
        remove_inplace_builds()
        return []
    for ext in exts:
        ext.optional = True  # no C compiler: fall back to the Python modules
    return exts


setup(ext_modules=extensions())
