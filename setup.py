"""Build croupier: the round engine's modules are compiled with mypyc where a C compiler is
present (about twice as fast); elsewhere, or with ``CROUPIER_PURE=1``, croupier installs as
plain Python with the same behaviour. Everything else is in pyproject.toml."""

from __future__ import annotations

import os
import runpy
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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

        exts: list[Extension] = mypycify(COMPILED, opt_level="3", multi_file=True)
    except (ImportError, SystemExit, Exception) as e:  # mypyc absent or refusing: stay Python
        print(f"croupier: building without mypyc ({e!r})", file=sys.stderr)
        remove_inplace_builds()
        return []
    for ext in exts:
        ext.optional = True  # no C compiler: fall back to the Python modules
    return exts


class BuildExt(build_ext):
    """Compiles an extension's C files on every core at once: with ``multi_file`` mypyc writes
    one file a module, which one compiler would otherwise take in turn (minutes on 2 cores)."""

    def build_extension(self, ext: Any) -> None:
        one_by_one = self.compiler.compile

        def on_every_core(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                return one_by_one(sources, *args, **kwargs)  # type: ignore[no-any-return]
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                # the largest first, so that no long file starts last
                order = sorted(sources, key=lambda f: -os.path.getsize(f))
                objects = pool.map(lambda f: one_by_one([f], *args, **kwargs), order)
                done = dict(zip(order, objects, strict=True))
            return [o for f in sources for o in done[f]]

        self.compiler.compile = on_every_core
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile  # the instance's own attribute: the class's method again


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
