"""Hostile-input guards shared by every loader: nesting depth, exact JSON types, cut echoed values.

Why a depth check before parsing: CPython's json refuses a very deep document with RecursionError, but in
Pyodide the same recursion overflows the WebAssembly stack first and kills the interpreter ("Maximum call
stack size exceeded"). So depth is measured here without recursion, and deep text never reaches json.loads.
"""

from __future__ import annotations

import math
import re
from itertools import accumulate

MAX_DEPTH = 64  # a save is 4 levels deep; a JS reader of saves must refuse the same texts (see README, Saves)
MAX_ECHO = 60  # characters of a hostile value that may be echoed in a message

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deeply arrays/objects nest in JSON `text` (brackets inside strings do not count), computed with
    regular expressions and a running sum, never recursion. Malformed text may be over-counted, never under."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def clip(value, limit: int = MAX_ECHO) -> str:
    """A value as short text for a message: strings cut to `limit` characters, other values named by type only
    (repr of a hostile structure could itself be huge or deep)."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + "…"
    if type(value) is int and value.bit_length() > 128:
        return "<int>"  # repr of a huge int raises ValueError (int max str digits)
    if type(value) in (int, float, bool) or value is None:
        return clip(repr(value), limit)
    return f"<{type(value).__name__}>"


def clip_args(args) -> dict:
    """Message arguments with every string cut (games' reasons may quote the action they refuse)."""
    if not isinstance(args, dict):
        return {}
    return {str(k): clip(v) if isinstance(v, str) else v for k, v in args.items()}


def is_int(value) -> bool:
    """An int and nothing else: JSON's 1.0 and true are not 1."""
    return type(value) is int


def is_number(value) -> bool:
    """A finite int or float (a timestamp), never a bool."""
    return type(value) in (int, float) and math.isfinite(value)


def same_value(a, b) -> bool:
    """Equal and of the same type, so an option choice 1 is not matched by 1.0 or true."""
    return type(a) is type(b) and a == b
