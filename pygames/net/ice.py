"""The user's STUN/TURN servers (issue 33, "beyond the local network"): off by default, so nothing contacts another
host unless a user enters one.

The settings field (static/shell.js `checkIce`, same rule) stores its text in localStorage `pygames.net.ice`, one
server a line: `stun:host[:port]`, or `turn:host[:port][?transport=udp|tcp] username credential` (`turns:` too).
The page reads that text back here before each link (`servers`): storage is hostile until checked, so a line that
breaks the rule is left out, and at most MAX_SERVERS are used.
"""

from __future__ import annotations

import re

MAX_SERVERS = 4
MAX_LINE = 300
URL = re.compile(r"^(stun|turns?):(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?(\?transport=(udp|tcp))?$")


def check_line(line: str) -> tuple[dict | None, str | None]:
    """One line of the field: (an RTCIceServer, None), or (None, the catalogue key saying what is wrong)."""
    fields = line.split()
    if not fields or len(line) > MAX_LINE:
        return None, "net.ice.bad_url"
    match = URL.match(fields[0])
    if match is None or (match.group(1) == "stun" and match.group(4)):
        return None, "net.ice.bad_url"
    if match.group(1) == "stun":
        return ({"urls": fields[0]}, None) if len(fields) == 1 else (None, "net.ice.extra")
    if len(fields) != 3:
        return None, "net.ice.login"
    return {"urls": fields[0], "username": fields[1], "credential": fields[2]}, None


def check(text: str) -> tuple[list[dict], tuple[str, dict] | None]:
    """The whole field: its servers, and the first problem as (key, params) with the 1-based line, or None."""
    found: list[dict] = []
    lines = [(n, line.strip()) for n, line in enumerate(str(text).splitlines(), 1) if line.strip()]
    for n, line in lines:
        server, problem = check_line(line)
        if problem:
            return found, (problem, {"line": n, "text": line.split()[0][:60] if line.split() else ""})
        found.append(server)
    if len(found) > MAX_SERVERS:
        return found[:MAX_SERVERS], ("net.ice.too_many", {"n": MAX_SERVERS})
    return found, None


def servers(text) -> list[dict]:
    """What the links use: the stored text's well-formed lines, at most MAX_SERVERS (none for anything else)."""
    if not isinstance(text, str):
        return []
    kept = [server for server, _ in map(check_line, text.splitlines()[:50]) if server is not None]
    return kept[:MAX_SERVERS]
