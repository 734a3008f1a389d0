"""Standard-library modules loaded lazily, set up before PyScript's own Python starts (static/pyodide-warm.mjs calls
`defer` as soon as our package is installed).

PyScript's `pyscript.display` imports `html` at its top, and `html` imports `html.entities`: a table of about 2,200
names that Pyodide compiles from source at every boot (Pyodide 314 ships its stdlib without bytecode): more of a
cold boot than all our own modules cost (docs/measurements.md), for a module nothing reads at boot (PyScript calls
`html.escape` only when it displays something).

A deferred module is in `sys.modules` with its spec, path and name, so `import html` binds it at once; its code runs
the first time a name it defines is read (`html.escape`, `from html import escape`). The standard library's
`importlib.util.LazyLoader` is not enough here: the `import` statement itself reads the module's `__spec__`, and
LazyLoader runs the module on any attribute read.

A submodule imported first (`import html.parser`) then runs before its package: that is only safe for a package
whose `__init__` does not import the submodule that imports from it, as with `html` (tests/test_lazy_stdlib.py
imports each of its submodules first). So DEFERRED names only packages checked that way.
"""

from __future__ import annotations

import importlib.util
import sys
import types

DEFERRED = ("html",)  # what PyScript's boot imports and does not use (the bare Pyodide boot imports neither)


class DeferredModule(types.ModuleType):
    """A module whose code has not run yet: the first read of a name it lacks runs it, then reads again."""

    def __getattr__(self, name: str):
        # Only called for names the module does not have yet (its spec and name are set already).
        self.__class__ = types.ModuleType
        self.__spec__.loader.exec_module(self)
        return getattr(self, name)


def defer(names: tuple[str, ...] = DEFERRED) -> list[str]:
    """Make each module of `names` not yet imported deferred; returns those it deferred."""
    deferred = []
    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        module.__class__ = DeferredModule
        sys.modules[name] = module
        deferred.append(name)
    return deferred
