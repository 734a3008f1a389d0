"""A guest device's side of a game played on several devices (pure Python: no DOM, no network).

The guest holds no game state: only the last screen the host sent (its own seat's view and legal actions), its
seat token (the app keeps it in storage: `to_save`), and the one move in flight. A move is chosen on a screen and
the next choice needs the screen the host sends after it, so at most one move is pending; it shows as "sending"
until the host acknowledges or refuses it, and is sent again, unchanged, whenever the link comes back, and every
`RESEND_S` while no answer comes on a link that stays up (the host applies a move id once; a text it dropped, for its
rate limit say, is never a move lost). Every text from the host is checked like a guest's (`protocol.read_host`).

A seated guest also keeps the host's spare connections (`spares`: each its offer code and ICE credentials, sent by
the host while the link is up; the host keeps `SPARES` per seat): after a drop or a reload the app opens the oldest
(`spare`) with no scan (`pygames.web.netplay`), and the other still brings it back if it drops again before the host
has sent the next.

`link` says what to show: "offline" (not connected yet), "joining" (waiting for the table or a seat), "playing",
"reconnecting" (the link dropped or went silent: the seat and screen are kept), "refused" (the join was refused:
`refusal` holds the catalogue key and params), "closed" (the host ended the link: `closed_by` holds the key).
"""

from __future__ import annotations

import secrets
import time
from collections import Counter

from . import protocol as P

HEARTBEAT_TIMEOUT = 5.0  # seconds without a word from the host (it answers a ping every second)
LATE_TICK = 2.5  # a tick (every second) this late: this device was asleep or busy, the host's answers still unread
LANDING_S = 2.0  # an acknowledged move whose next screen has not come by then is no longer shown as sending
SPARES = 2  # spare connections a seated guest keeps (the host makes as many per seat)
RESEND_S = 1.5  # a move in flight with no answer this long is sent again (the host answers a live link at once)


def new_move_id() -> str:
    return secrets.token_hex(6)


def good_spare(spare) -> bool:
    """A stored spare as the host sent it (the `spare` message's fields, each checked)."""
    return isinstance(spare, dict) and set(spare) == set(P.HOST_MESSAGES["spare"]) \
        and all(check(spare[k]) for k, check in P.HOST_MESSAGES["spare"].items())


class Guest:
    def __init__(self, name: str = "", *, token: str | None = None, seat: int | None = None, pending=None,
                 spares=(), clock=time.monotonic, id_source=new_move_id):
        self.name, self.token, self.seat = name, token, seat
        self.pending: dict | None = pending  # {"id", "at", "action"} until the host answers
        # [{"code", "ufrag", "pwd"}, ...]: the host's spare connections for this seat, the oldest first
        self.spares: list[dict] = list(spares)[-SPARES:]
        # An acknowledged move until the screen after it comes (the host sends it right behind the ack): still shown
        # as sending, so the ack alone redraws nothing. {"action", "at", "since"}
        self.landing: dict | None = None
        self.clock, self.id_source = clock, id_source
        self.sent_at: float | None = None  # when the move in flight was last sent
        self.link = "offline"
        self.table: list | None = None  # the welcome's seats, to choose from
        self.game: str | None = None
        self.screen: dict | None = None
        self.refusal: tuple | None = None  # (key, params) of the last refused move or join
        self.closed_by: str | None = None
        self.invited: str | None = None  # the game of the host's rematch this device may join (its seat kept)
        self.dropped: Counter = Counter()
        self.heard = clock()
        self.ticked: float | None = None  # when tick last ran
        self.pings = 0

    @property
    def spare(self) -> dict | None:
        """The spare to open next (the oldest kept)."""
        return self.spares[0] if self.spares else None

    def spare_used(self, spare: dict | None) -> None:
        """`spare` is this link now, or cannot be opened here: the next one kept is the one to open."""
        self.spares = [kept for kept in self.spares if kept != spare]

    # ------------------------------------------------------------------ what the app persists

    def to_save(self) -> dict:
        """What survives a reload of the guest's page: the seat's token and the move in flight."""
        return {"name": self.name, "token": self.token, "seat": self.seat, "pending": self.pending,
                "spares": self.spares, "game": self.game}  # the game: what Home names (a seat held, static/shell.js)

    @classmethod
    def from_save(cls, data: dict, **kwargs) -> Guest:
        """A guest from its stored record; anything malformed is dropped (the guest then joins afresh)."""
        data = data if isinstance(data, dict) else {}
        pend = data.get("pending")
        if not (isinstance(pend, dict) and set(pend) == {"id", "at", "action"}
                and P.text(P.MAX_ID)(pend["id"]) and P.text(P.MAX_ID)(pend["at"])
                and P.text(P.MAX_ACTION)(pend["action"])):
            pend = None
        token = data.get("token") if P.text(P.MAX_TOKEN)(data.get("token")) else None
        seat = data.get("seat") if P.count(data.get("seat")) else None
        name = data.get("name") if P.name(data.get("name")) else ""
        spares = data.get("spares")
        spares = [spare for spare in spares[-SPARES:] if good_spare(spare)] if isinstance(spares, list) else []
        guest = cls(name, token=token, seat=seat if token else None, pending=pend if token else None,
                    spares=spares if token else (), **kwargs)
        guest.game = data.get("game") if token and P.text(P.MAX_ID)(data.get("game")) else None
        return guest

    # ------------------------------------------------------------------ messages to the host

    def connected(self) -> list[str]:
        """The link is up: reclaim the seat with the token, else ask for the table."""
        self.link = "reconnecting" if self.token else "joining"
        self.heard = self.clock()
        return [P.encode("hello", name=self.name, seat=None, token=self.token)]

    def accept_rematch(self) -> list[str]:
        """Join the host's new game at the same seat: the last game's screen and moves are dropped, the token
        reclaims the seat (its first screen follows the seat grant)."""
        if self.invited is None or self.token is None:
            return []
        self.invited, self.screen, self.pending, self.landing, self.refusal = None, None, None, None, None
        return self.connected()

    def choose_seat(self, seat: int, name: str) -> list[str]:
        self.name = name
        self.link = "joining"
        return [P.encode("hello", name=name, seat=seat, token=None)]

    def act(self, action: str) -> list[str]:
        """Send `action`, chosen on the current screen; nothing while a move is in flight or off the screen."""
        if self.sending is not None or self.screen is None or action not in self.screen["legal"]:
            return []
        self.refusal = None
        self.pending = {"id": self.id_source(), "at": self.screen["at"], "action": action}
        return [self._act_text()] if self.link == "playing" else []

    def _act_text(self) -> str:
        self.sent_at = self.clock()
        return P.encode("act", **self.pending)

    def resend(self) -> list[str]:
        """The move in flight again when the host has not answered it for RESEND_S on a link that is up (its answer
        comes at once: the text was dropped on the way, by the host's rate limit say). Called at each tick."""
        if self.pending is None or self.link != "playing" or self.sent_at is None \
                or self.clock() - self.sent_at < RESEND_S:
            return []
        return [self._act_text()]

    def ping(self) -> str:
        self.pings += 1
        return P.encode("ping", n=self.pings)

    def bye(self) -> str:
        return P.encode("bye")

    @property
    def sending(self) -> str | None:
        """The action shown as "sending" (None when nothing is in flight): the move not yet answered, or the one
        acknowledged whose next screen is still on its way."""
        if self.pending is not None:
            return self.pending["action"]
        landing = self.landing
        if landing is not None and self.screen is not None and self.screen["at"] == landing["at"]:
            return landing["action"]
        return None

    # ------------------------------------------------------------------ the link

    def disconnected(self) -> None:
        if self.link not in ("refused", "closed"):
            self.link = "reconnecting" if self.token else "offline"

    def tick(self) -> bool:
        """True (and "reconnecting") once the host has been silent for HEARTBEAT_TIMEOUT seconds."""
        now = self.clock()
        if self.ticked is not None and now - self.ticked > LATE_TICK:
            self.heard = now  # silence is counted from now, not from before this device slept
        self.ticked = now
        if self.landing is not None and now - self.landing["since"] > LANDING_S:
            self.landing = None  # no screen came after the ack: the current one is the one to play on
            return True
        if self.link == "playing" and now - self.heard > HEARTBEAT_TIMEOUT:
            self.link = "reconnecting"
            return True
        return False

    def receive(self, raw) -> list[str]:
        """Take in one host message; returns what to send back (a move in flight, after a seat is granted)."""
        try:
            msg = P.read_host(raw)
        except P.Dropped as exc:
            self.dropped[exc.reason] += 1
            return []
        self.heard = self.clock()
        kind = msg["t"]
        if kind == "welcome":
            self.table, self.game = msg["seats"], msg["game"]
        elif kind == "seat":
            self.seat, self.token, self.game, self.link = msg["seat"], msg["token"], msg["game"], "playing"
            self.refusal = None
            return [self._act_text()] if self.pending else []
        elif kind == "screen":
            if msg["seat"] == self.seat:
                self.screen = msg
                if self.landing is not None and msg["at"] != self.landing["at"]:
                    self.landing = None
            else:
                self.dropped["not_mine"] += 1
        elif kind == "ack":
            if self.pending and self.pending["id"] == msg["id"]:
                self.landing = {"action": self.pending["action"], "at": self.pending["at"], "since": self.clock()}
                self.pending = None
        elif kind == "refused":
            self._refused(msg)
        elif kind == "spare":
            if self.token is not None:
                self.spares = [*self.spares, {k: msg[k] for k in ("code", "ufrag", "pwd")}][-SPARES:]
        elif kind == "rematch":
            if self.token is not None and msg["seat"] == self.seat:
                self.invited = msg["game"]
            else:
                self.dropped["not_mine"] += 1
        elif kind == "bye":
            self.link, self.closed_by = "closed", msg["key"]
            self.spares = []  # this link was ended on purpose: no coming back by itself
            if msg["key"] == "net.bye.seat_given":
                self.token, self.seat, self.pending = None, None, None
        return []

    def _refused(self, msg: dict) -> None:
        if msg["id"] is None and self.link == "playing":
            # Not about this seat's move, and no join is under way: the host refused some other text of this
            # channel (a wrong version, a second hello). The seat and its game go on.
            self.dropped["refused_" + msg["key"]] += 1
        elif msg["id"] is None:  # a join refused
            self.refusal, self.link = (msg["key"], msg["params"]), "refused"
            if msg["key"] == "net.err.bad_token":  # the seat was given away meanwhile: join afresh
                self.token, self.seat, self.pending, self.spares = None, None, None, []
        elif self.pending and self.pending["id"] == msg["id"]:
            self.pending = None
            self.refusal = (msg["key"], msg["params"])
