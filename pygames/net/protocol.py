"""The messages between a host device and its guests: versioned JSON, every field checked with its exact type.

Every message is a JSON object ``{"v": VERSION, "t": <kind>, ...fields}`` with exactly the fields listed (no more,
none missing; ``null`` only where said). Text goes through the core's one door, `core.parse_json` (size and depth
limits), after a first cut at `MAX_GUEST_TEXT` characters: a guest's messages are small, so a large one is hostile.
Exact types as in saves: ``1.0`` and ``true`` are not ``1``. A message that fails any check is dropped and counted
by reason (`Dropped`); the referee never raises on what a guest sends.

Guest -> host
    hello  name: str (<= 96; cleaned by the host), seat: int | null, token: str | null
           token set: reclaim the seat that token was given for. No token, seat set: take that open seat.
           Neither: ask for the table (answered by welcome).
    act    id: str (the move id, chosen by the guest), at: str (the `at` of the screen the move was chosen on),
           action: str (an engine action id)
    ping   n: int (heartbeat, answered by pong with the same n)
    bye    (no field: the guest leaves; its seat stays reserved for its token)

Host -> guest (only ever the one guest it concerns)
    welcome  game: str, seats: [{name: str, kind: "open" | "taken" | "here" | "computer"}]  (who sits where)
    seat     seat: int, token: str, game: str   (the seat is granted; the guest keeps the token to reclaim it)
    refused  id: str | null, key: str, params: {str: scalar}   (a move, or with id null a join, refused:
             catalogue key and its arguments)
    ack      id: str   (the move was applied; sent again, unchanged, for a move sent again)
    screen   seat: int, at: str, view: {...} (core.view for that seat: its log lines included), legal: [str],
             names: [str], decided: [int] (who has already chosen in a simultaneous step, never what),
             away: [int] (remote seats whose device is not connected), result: {...} | null (once over),
             fresh: int (where the lines that are news to the seat start in its log: since its own last move)
    pong     n: int
    spare    code: str, ufrag: str, pwd: str   (a spare connection waiting on the host for this seated device: its
             offer code and the ICE credentials the device answers it with; see `pygames.web.nethost`)
    bye      key: str   (the host ends this link: seat given away, reclaimed by another device, table closed)
    rematch  game: str, seat: int   (the game is over and the host starts a new one at this table: the same seat is
             kept for this device, which accepts with its hello and its token, or leaves with bye)
"""

from __future__ import annotations

import json
import time

from pygames.core import InvalidSave, parse_json
from pygames.core.guard import is_int

VERSION = 1
MAX_GUEST_TEXT = 2048  # the largest hello or act is well under 400 characters
MAX_ID = 32
MAX_ACTION = 200
MAX_TOKEN = 64
MAX_CODE = 1200  # a pairing code (static/net/link.mjs parse: the same limit)
MAX_ICE = 256  # an ICE user fragment or password
MAX_NAME_SOURCE = 96  # as pygames.app.session.MAX_NAME_SOURCE: the host cleans names with clean_name
MAX_COUNT = 2**53  # a heartbeat counter stays an exact JavaScript number

# Every catalogue key the host sends in refused/bye (pygames/web/strings.json holds their words).
REASONS = ("net.err.version", "net.err.bad_token", "net.err.no_seat", "net.err.not_open", "net.err.seat_taken",
           "net.err.stale", "net.err.unseated", "net.err.one_seat", "net.err.bad_move", "net.err.bad_hello",
           "net.bye.seat_given", "net.bye.replaced", "net.bye.closed")


class Dropped(ValueError):
    """A message refused by the checks; `reason` is the counter it goes to. `kind` is the message's kind when it was
    a well-formed object of a known kind, and `move_id` a move's own id when that field was well formed: the host
    then answers with a reason (a move left unanswered would be sent again for ever)."""

    def __init__(self, reason: str, kind: str | None = None, move_id: str | None = None):
        self.reason, self.kind, self.move_id = reason, kind, move_id
        super().__init__(reason)


def text(limit: int):
    return lambda value: isinstance(value, str) and 0 < len(value) <= limit


def nullable(check):
    return lambda value: value is None or check(value)


def count(value) -> bool:
    return is_int(value) and 0 <= value < MAX_COUNT


def list_of(check):
    return lambda value: isinstance(value, list) and all(check(v) for v in value)


def scalar(value) -> bool:
    return value is None or type(value) in (str, int, float, bool)


def params(value) -> bool:
    return isinstance(value, dict) and all(scalar(v) for v in value.values())


def seat_entry(value) -> bool:
    return isinstance(value, dict) and set(value) == {"name", "kind"} and isinstance(value["name"], str) \
        and value["kind"] in ("open", "taken", "here", "computer")


def name(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_NAME_SOURCE


def token(value) -> bool:
    """A seat's token as the host makes them: ASCII (hex), never anything compare_digest cannot take."""
    return text(MAX_TOKEN)(value) and value.isascii()


GUEST_MESSAGES = {
    "hello": {"name": name, "seat": nullable(count), "token": nullable(token)},
    "act": {"id": text(MAX_ID), "at": text(MAX_ID), "action": text(MAX_ACTION)},
    "ping": {"n": count},
    "bye": {},
}

HOST_MESSAGES = {
    "welcome": {"game": text(MAX_ID), "seats": list_of(seat_entry)},
    "seat": {"seat": count, "token": text(MAX_TOKEN), "game": text(MAX_ID)},
    "refused": {"id": nullable(text(MAX_ID)), "key": text(MAX_ACTION), "params": params},
    "ack": {"id": text(MAX_ID)},
    "screen": {"seat": count, "at": text(MAX_ID), "view": lambda v: isinstance(v, dict),
               "legal": list_of(text(MAX_ACTION)), "names": list_of(lambda v: isinstance(v, str)),
               "decided": list_of(count), "away": list_of(count), "result": nullable(lambda v: isinstance(v, dict)),
               "fresh": count},
    "pong": {"n": count},
    "spare": {"code": text(MAX_CODE), "ufrag": text(MAX_ICE), "pwd": text(MAX_ICE)},
    "bye": {"key": text(MAX_ACTION)},
    "rematch": {"game": text(MAX_ID), "seat": count},
}


def read(raw, kinds: dict, limit: int | None = None) -> dict:
    """The message in `raw` checked against `kinds` ({kind: {field: check}}), or Dropped with the reason.
    A wrong version raises Dropped("version") only once the message is otherwise a well-formed object."""
    if not isinstance(raw, str):
        raise Dropped("not_text")
    if limit is not None and len(raw) > limit:
        raise Dropped("too_big")
    try:
        msg = parse_json(raw)
    except InvalidSave as exc:
        raise Dropped({"core.save.too_big": "too_big", "core.save.too_deep": "too_deep"}.get(exc.key, "not_json")) \
            from exc
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise Dropped("schema")
    fields = kinds.get(msg["t"])
    if fields is None:
        raise Dropped("unknown")
    if not is_int(msg.get("v")):
        raise Dropped("schema")
    if msg["v"] != VERSION:
        raise Dropped("version")
    if set(msg) != {"v", "t", *fields} or not all(check(msg[key]) for key, check in fields.items()):
        move_id = msg.get("id") if msg["t"] == "act" and text(MAX_ID)(msg.get("id")) else None
        raise Dropped("schema", msg["t"], move_id)
    return msg


def read_guest(raw) -> dict:
    """A guest's message, as the host reads it."""
    return read(raw, GUEST_MESSAGES, MAX_GUEST_TEXT)


def read_host(raw) -> dict:
    """A host's message, as a guest reads it (no tighter limit than a save's: a screen carries a whole view)."""
    return read(raw, HOST_MESSAGES)


def encode(kind: str, **fields) -> str:
    """One message as compact JSON text (non-ASCII names kept as they are: fewer bytes)."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


class TokenBucket:
    """A guest's rate limit: `capacity` messages at once, refilled at `rate` per second. The clock is injected
    so tests step time by hand."""

    def __init__(self, capacity: float = 30, rate: float = 10, clock=time.monotonic):
        self.capacity, self.rate, self.clock = capacity, rate, clock
        self.tokens = float(capacity)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
