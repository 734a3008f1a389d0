"""Hostile-input guards shared by every loader: nesting depth, exact JSON types, cut echoed values.

Why a depth check before parsing: CPython's json refuses a very deep document with RecursionError, but in
Pyodide the same recursion overflows the WebAssembly stack first and kills the interpreter ("Maximum call
stack size exceeded"). So depth is measured here without recursion, and deep text never reaches json.loads.
Depth is counted in one pass over the text, in C, so a hostile save of the largest size allowed is refused at once.
"""

from __future__ import annotations

import math
import re
from array import array
from itertools import accumulate

MAX_DEPTH = 64  # a save is 4 levels deep; a JS reader of saves must refuse the same texts (see README, Saves)
MAX_ECHO = 60  # characters of a hostile value that may be echoed in a message

# A JSON string as static/shell.js's nestingDepth scans it: from a quote to the next unescaped quote, or to the end
# of the text when none closes it. Possessive quantifiers and an optional closing quote: the pattern never fails
# once it has started, so it never backtracks (one that could fail would be retried from every quote: quadratic).
_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_BRACKET_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # as signed bytes: +1 for an opening, -1 for a closing
_NOT_BRACKET = bytes(set(range(256)) - set(b"[]{}"))


def nesting_depth(text: str) -> int:
    """How deeply arrays/objects nest in `text`, the same single scan as static/shell.js's nestingDepth (brackets
    inside strings do not count; an unclosed string runs to the end), never recursion. Linear and done in C: the
    strings are cut out by one regular expression, the brackets become +1/-1 bytes, and the deepest running sum
    is their accumulated maximum. On JSON it is the exact depth; no text is under-counted for a JSON parser."""
    outside_strings = _JSON_STRING.sub("", text).encode("utf-8", "surrogatepass")  # brackets are ASCII
    steps = array("b", outside_strings.translate(_BRACKET_STEP, _NOT_BRACKET))
    return max(accumulate(steps, initial=0))


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
