"""The one memo of the views: a part drawn before is handed again for the same inputs, and its key *is* its inputs.

A kept function takes plain data only (str, int, float, bool, None, tuples, lists, dicts, sets, and objects that
say what they draw with through `memo_key()`, as the catalogue does); its key is every argument it is handed,
frozen (`frozen`), so no input can be forgotten from a key written by hand. It must read nothing else that changes
(module constants only): the property test (tests/test_memo.py) draws random games with the memo on and off and
finds the same trees.

    @memo.kept(200)
    def control_row(kind: str, pos: int, cat) -> Node: ...

`finish` is applied once to what is kept (the boards mark a part `vdom.lasting`: its tokens written once).
"""

from __future__ import annotations

import contextlib
import functools

_ON = [True]  # off: every kept function draws afresh (the property test's reference, a debugging switch)
TABLES: list[Table] = []
_KEYWORDS = object()  # every memo, for `forget_all` (a language change, a test)


class Table:
    """Results for their frozen inputs, at most `keep` of them: when full, forgotten all at once (cheaper than an
    LRU's bookkeeping on every call, and a table refills within a redraw or two)."""

    __slots__ = ("keep", "results", "name")

    def __init__(self, keep: int, name: str = "", shared: bool = True):
        self.keep, self.results, self.name = keep, {}, name
        if shared:  # an object's own table (a catalogue's) goes with it
            TABLES.append(self)

    def get(self, key):
        return self.results.get(key) if _ON[0] else None

    def put(self, key, value):
        if _ON[0]:
            if len(self.results) >= self.keep:
                self.results.clear()
            self.results[key] = value
        return value

    def clear(self) -> None:
        self.results.clear()


class Part(dict):
    """A narrowed input: the part of a state a kept function reads, handed to it in place of the whole. A read of
    any other key fails, `get` included, so a narrowing that forgets something read fails at once, in every game."""

    __slots__ = ()

    def get(self, key, default=None):
        return self[key]


def frozen(value):
    """`value` as a key: equal keys only for equal values of the same types (True is not 1, 1.0 is not 1, a list
    is not a tuple, a dict keeps its order, which a drawing may follow). Anything else refuses to be a key."""
    kind = value.__class__
    if kind is str or kind is int or value is None:
        return value
    if kind is tuple or kind is list:
        return (kind, tuple([frozen(item) for item in value]))
    if kind is bool or kind is float:
        return (kind, value)
    if kind is dict or kind is Part:
        return (dict, tuple([(frozen(k), frozen(v)) for k, v in value.items()]))
    if kind is set or kind is frozenset:
        return (frozenset, frozenset([frozen(item) for item in value]))
    key = getattr(value, "memo_key", None)
    if key is not None:
        return (kind, key())
    raise TypeError(f"a kept function's input must be plain data, not {kind.__name__}")


def kept(keep: int, finish=None):
    """Keep `fn`'s results for their inputs (its positional and keyword arguments, all of them, frozen)."""
    def wrap(fn):
        table = Table(keep, fn.__qualname__)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            key = tuple([a if a.__class__ is str else frozen(a) for a in args])  # a word stands for itself
            if kwargs:  # the marker no argument can be: no positional call's key is this one
                key = (key, _KEYWORDS, frozen(kwargs))
            found = table.get(key)
            if found is None:
                made = fn(*args, **kwargs)
                found = table.put(key, finish(made) if finish is not None else made)
            return found
        call.table = table
        return call
    return wrap


def fresh() -> bool:
    """Whether parts are drawn afresh now (`off`): a part kept from a narrowed input (the part of a state it reads)
    is then drawn from the whole input instead, so the property test finds a narrowing that drops something read."""
    return not _ON[0]


def forget_all() -> None:
    for table in TABLES:
        table.clear()


@contextlib.contextmanager
def off():
    """Every kept function draws afresh meanwhile (and keeps nothing), and narrowed parts from their whole inputs
    (`fresh`): the reference a warm memo is held to."""
    _ON[0] = False
    try:
        yield
    finally:
        _ON[0] = True
