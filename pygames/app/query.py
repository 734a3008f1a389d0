"""Reading the page's query string (`?game=ps&seats=human,hard`), as a form query is decoded.

Written here rather than importing `urllib.parse`, which costs a cold boot dearly in Pyodide (it imports
`ipaddress`; docs/measurements.md) for this one use; tests/test_query.py checks it against `urllib.parse.parse_qs`."""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """`+` is a space and `%XX` runs are UTF-8 bytes (bad bytes become U+FFFD), as a form query is decoded."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPE.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def query_params(query: str, keep_blank: bool = False) -> dict[str, str]:
    """A page query (`?a=1&b=x+y`) as {name: last value}; blank values are dropped unless `keep_blank`."""
    params = {}
    for part in str(query).lstrip("?").split("&"):
        if not part:
            continue
        name, sep, value = part.partition("=")
        if (sep or keep_blank) and (value or keep_blank):
            params[_unquote(name)] = _unquote(value)
    return params
