"""The host device: the referee of a game played on several devices (pure Python: no DOM, no network).

Only the host runs the engine and holds the state (a `pygames.app.session.Session`, saved as usual, plus a
``net`` field). The transport (a WebRTC data channel per guest) hands every text a guest sends to
`Host.receive(peer, text)` and sends the `(peer, text)` pairs it returns, in order; `peer` is any hashable id of
one connection. What a guest receives is built from its own seat only: `core.view(state, seat)` (its log lines
included), its legal actions, the seats' names, who is away and who has already chosen in a simultaneous step.

Seats: a human seat is played on this device (`here`, the session's viewer; None makes the host *the table*, a
spectator screen of public information) or on another device (`remote`); other seats are computer levels.
A remote seat is given to the first device that asks for it, with a random token; only that token reclaims it.

A move carries the guest's id and the `at` of the screen it was chosen on: the digest of that seat's view and
legal actions. So a move made on a screen the seat no longer has is refused as stale, and `at` says nothing the
seat does not already see (a position counter would tell it how many moves others made in secret). A move id seen
before gets its first answer again, never a second application; applied ids are saved with the game, so a host
that reloads still recognises them.

After every applied action the host calls `save(text)` before it returns its answers: the app stores the game
first, then sends, so no acknowledged move is ever lost.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections import Counter, OrderedDict

from pygames import core
from pygames.app.session import HUMAN, LEVELS, Session, clean_name
from pygames.core.guard import is_int

from . import protocol as P

HEARTBEAT_TIMEOUT = 5.0  # seconds of silence after which a link counts as dead (guests ping every second)
# The app checks for silence every second. A check this late means this device was asleep or busy (a screen turned
# off, a long task, a throttled tab): its peers' pings are still queued, unread, so silence is counted from now.
LATE_CHECK = 2.5
KEPT_ANSWERS = 64  # move ids remembered per seat: far more than a guest ever has in flight


def new_token() -> str:
    return secrets.token_hex(16)


class Host:
    """The referee: `session` holds the game; `remote` are the human seats played on other devices; `here` is the
    host device's own seat (None: the table). `clock` and `token_source` are injected for tests; `save(text)` is
    called with the whole save after every applied action and every seat granted or given, before any answer."""

    def __init__(self, session: Session, remote, *, here: int | None = None, clock=time.monotonic,
                 token_source=new_token, save=None):
        if here is not None and session.seats[here].kind != HUMAN:
            raise ValueError(f"seat {here} is a computer")
        for seat in remote:
            if session.seats[seat].kind != HUMAN or seat == here:
                raise ValueError(f"seat {seat} cannot be played on another device")
        self.session = session
        session.viewer, session.pinned = here, True  # this device's seat or the table: never a hot-seat cover
        self.remote = set(remote)
        self.clock, self.token_source, self.save = clock, token_source, save
        self.tokens: dict[int, str] = {}  # remote seat -> the token of the device that holds it
        self.answers: dict[int, OrderedDict] = {}  # seat -> {move id: the reply text}
        self.holder: dict[int, object] = {}  # seat -> connected peer
        self.peers: dict[object, int] = {}  # connected peer -> its seat
        self.sent: dict[object, str] = {}  # peer -> the last screen text sent
        self.buckets: dict[object, P.TokenBucket] = {}
        self.last_heard: dict[object, float] = {}
        self.last_check: float | None = None  # when silent_peers last ran
        self.dropped: Counter = Counter()  # reason -> how many guest messages were dropped
        self.save_failures = 0
        self.round = set(session.to_move())  # the seats of the current decision round
        self._screens = (None, {})  # (state object, {seat: (view, legal, at)}): views cost, states are immutable
        self.known = {s: self._screen_parts(s)[1:] for s in self.remote}  # seat -> (legal, at) after the last move
        self.accepted: dict[int, set] = {}  # seat -> earlier `at`s still good for a move (see `_applied`)
        self.invited: dict[int, object] = {}  # seat -> the peer asked to play this rematch, until it comes back or goes

    # ------------------------------------------------------------------ saving and resuming

    def to_save(self) -> str:
        """The session's save plus the ``net`` field: the seats' places, tokens, applied move ids, the round."""
        data = json.loads(self.session.to_save())
        players = self.session.state["players"]
        data["net"] = {"here": self.session.viewer, "remote": sorted(self.remote),
                       "tokens": [self.tokens.get(s) for s in range(players)],
                       "acked": [[i for i, reply in self.answers.get(s, {}).items() if _is_ack(reply)]
                                 for s in range(players)],
                       "round": sorted(self.round)}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_save(cls, text: str, games: dict, **kwargs) -> Host:
        """A host rebuilt from its save; raises core.InvalidSave when the ``net`` field is missing or malformed."""
        session = Session.from_save(text, games)
        net = core.parse_json(text).get("net")
        players = session.state["players"]
        seat = lambda v: is_int(v) and 0 <= v < players  # noqa: E731
        checks = {"here": lambda v: v is None or seat(v),
                  "remote": lambda v: isinstance(v, list) and all(seat(s) for s in v),
                  "tokens": lambda v: isinstance(v, list) and len(v) == players
                  and all(t is None or P.text(P.MAX_TOKEN)(t) for t in v),
                  "acked": lambda v: isinstance(v, list) and len(v) == players
                  and all(isinstance(ids, list) and len(ids) <= KEPT_ANSWERS and all(P.text(P.MAX_ID)(i) for i in ids)
                          for ids in v),
                  "round": lambda v: isinstance(v, list) and all(seat(s) for s in v)}
        if not isinstance(net, dict):
            raise core.InvalidSave("core.save.schema", {"field": "net"}, "field 'net' is missing")
        for key, check in checks.items():
            if not check(net.get(key)):
                raise core.InvalidSave("core.save.schema", {"field": f"net.{key}"}, f"field 'net.{key}' is malformed")
        try:
            host = cls(session, net["remote"], here=net["here"], **kwargs)
        except ValueError as exc:
            raise core.InvalidSave("core.save.schema", {"field": "net.remote"}, str(exc)) from exc
        host.tokens = {s: t for s, t in enumerate(net["tokens"]) if t is not None and s in host.remote}
        host.answers = {s: OrderedDict((i, P.encode("ack", id=i)) for i in ids) for s, ids in enumerate(net["acked"])}
        host.round = set(net["round"])
        return host

    def _applied(self, actor: int | None = None) -> None:
        """After every applied action: a new round when new seats must choose, then save before answering.

        In a simultaneous step another seat's choice changes a seat's screen (who is still to choose) but not its
        own decision: a move it chose on the earlier screen stays good while its legal actions are the same, so
        every device may act at once. Any other change of its screen makes its earlier moves stale."""
        to_move = set(self.session.to_move())
        new_round = not to_move <= self.round
        if new_round:
            self.round = to_move
        for seat in self.remote:
            legal, at = self._screen_parts(seat)[1:]
            before_legal, before_at = self.known.get(seat, (None, None))
            if at == before_at:
                continue
            if not new_round and seat != actor and seat in to_move and legal == before_legal:
                self.accepted[seat] = self.accepted.get(seat, set()) | {before_at}
            else:
                self.accepted.pop(seat, None)
            self.known[seat] = (legal, at)
        self._store()

    def _store(self) -> None:
        if self.save is None:
            return
        try:
            self.save(self.to_save())
        except Exception:  # storage full or disabled: the game goes on (the app says saving failed)
            self.save_failures += 1

    # ------------------------------------------------------------------ what each seat sees

    def _screen_parts(self, seat: int) -> tuple[dict, list, str]:
        state = self.session.state
        if self._screens[0] is not state:
            self._screens = (state, {})
        cache = self._screens[1]
        if seat not in cache:
            game = self.session.game
            view = core.view(game, state, seat)
            legal = core.legal_actions(game, state, seat) if not core.is_over(game, state) else []
            digest = hashlib.sha256(json.dumps([view, legal], sort_keys=True, separators=(",", ":")).encode())
            cache[seat] = (view, legal, digest.hexdigest()[:16])
        return cache[seat]

    def decided(self) -> list[int]:
        """Who has already chosen in the current simultaneous step (public: it is in every view's to_move)."""
        if len(self.round) < 2:
            return []
        return sorted(self.round - set(self.session.to_move()))

    def away(self) -> list[int]:
        return sorted(s for s in self.remote if s not in self.holder)

    def screen(self, seat: int) -> str:
        """The one message that tells `seat` everything it may know now."""
        view, legal, at = self._screen_parts(seat)
        game, state = self.session.game, self.session.state
        result = core.result(game, state) if core.is_over(game, state) else None
        return P.encode("screen", seat=seat, at=at, view=view, legal=legal, names=[s.name for s in self.session.seats],
                        decided=self.decided(), away=self.away(), result=result,
                        fresh=self.session.first_unseen(seat))  # its news: its log's lines since its last move

    def sync(self) -> list[tuple]:
        """A new screen to every connected guest whose screen changed (only then: no timing tells a seat that
        another one is composing a secret choice)."""
        out = []
        for peer, seat in self.peers.items():
            text = self.screen(seat)
            if self.sent.get(peer) != text:
                self.sent[peer] = text
                out.append((peer, text))
        return out

    def welcome(self) -> str:
        def kind(seat: int) -> str:
            if self.session.seats[seat].kind != HUMAN:
                return "computer"
            if seat not in self.remote:
                return "here"
            return "taken" if seat in self.tokens else "open"

        seats = [{"name": s.name, "kind": kind(i)} for i, s in enumerate(self.session.seats)]
        return P.encode("welcome", game=self.session.game.ID, seats=seats)

    # ------------------------------------------------------------------ guests' messages

    def receive(self, peer, raw) -> list[tuple]:
        """Everything to send after `peer` sent `raw`. Never raises: a bad message is dropped and counted."""
        self.last_heard[peer] = self.clock()
        bucket = self.buckets.setdefault(peer, P.TokenBucket(clock=self.clock))
        if not bucket.take():
            self.dropped["rate"] += 1
            return []
        try:
            msg = P.read_guest(raw)
        except P.Dropped as exc:
            self.dropped[exc.reason] += 1
            if exc.reason == "version":
                return [(peer, _refused(None, "net.err.version", {"version": P.VERSION}))]
            if exc.kind == "act" and exc.move_id is not None:  # an empty or over-long move: refused, never resent
                return [(peer, _refused(exc.move_id, "net.err.bad_move", {}))]
            if exc.kind == "hello":  # a token or seat that is not one (a token that is not ASCII, say)
                return [(peer, _refused(None, "net.err.bad_hello", {}))]
            return []
        handler = {"hello": self._hello, "act": self._act, "ping": self._ping, "bye": self._bye}[msg["t"]]
        try:
            return handler(peer, msg)
        except Exception:  # a bug must not let one guest stop the table; the state is only ever replaced whole
            self.dropped["internal"] += 1
            return []

    def _ping(self, peer, msg) -> list[tuple]:
        return [(peer, P.encode("pong", n=msg["n"]))]

    def _bye(self, peer, _msg) -> list[tuple]:
        return self.disconnect(peer)

    def _hello(self, peer, msg) -> list[tuple]:
        if msg["token"] is not None:
            seat = next((s for s, t in self.tokens.items() if secrets.compare_digest(t, msg["token"])), None)
            if seat is None:
                return [(peer, _refused(None, "net.err.bad_token", {}))]
            return self._bind(peer, seat)
        seat = msg["seat"]
        if seat is None:
            return [(peer, self.welcome())]
        if seat >= len(self.session.seats):
            return [(peer, _refused(None, "net.err.no_seat", {}))]
        if seat not in self.remote:
            return [(peer, _refused(None, "net.err.not_open", {"player": seat}))]
        if seat in self.tokens:
            return [(peer, _refused(None, "net.err.seat_taken", {"player": seat}))]
        if peer in self.peers:  # one seat per device: a seated device cannot take another open seat as well
            return [(peer, _refused(None, "net.err.one_seat", {"player": self.peers[peer]}))]
        self.tokens[seat] = self.token_source()
        self.answers[seat] = OrderedDict()
        name = clean_name(msg["name"])
        if name:
            self.session.seats[seat].name = name
        self._store()  # the token must survive a host reload, or the guest could never reclaim its seat
        return self._bind(peer, seat)

    def _bind(self, peer, seat: int) -> list[tuple]:
        out = []
        if peer in self.peers:
            out += self._unbind(peer)
        old = self.holder.get(seat)
        if old is not None:
            out += self._unbind(old) + [(old, P.encode("bye", key="net.bye.replaced"))]
        self.holder[seat], self.peers[peer] = peer, seat
        self.invited.pop(seat, None)
        out.append((peer, P.encode("seat", seat=seat, token=self.tokens[seat], game=self.session.game.ID)))
        return out + self.sync()

    def _unbind(self, peer) -> list[tuple]:
        seat = self.peers.pop(peer, None)
        self.sent.pop(peer, None)
        if seat is not None and self.holder.get(seat) == peer:
            del self.holder[seat]
        return []

    def _act(self, peer, msg) -> list[tuple]:
        seat = self.peers.get(peer)
        if seat is None:
            self.dropped["unseated"] += 1
            return [(peer, _refused(msg["id"], "net.err.unseated", {}))]
        answers = self.answers.setdefault(seat, OrderedDict())
        if msg["id"] in answers:
            return [(peer, answers[msg["id"]])]
        applied = False
        if msg["at"] != self._screen_parts(seat)[2] and msg["at"] not in self.accepted.get(seat, ()):
            reply = _refused(msg["id"], "net.err.stale", {})
        else:
            try:
                self.session._apply(seat, msg["action"])  # Session's one place that applies a seat's action
            except core.IllegalAction as exc:
                reply = _refused(msg["id"], exc.key, exc.params)
            else:
                reply, applied = P.encode("ack", id=msg["id"]), True
        answers[msg["id"]] = reply
        while len(answers) > KEPT_ANSWERS:
            answers.popitem(last=False)
        if applied:
            self._applied(seat)
        return [(peer, reply)] + self.sync()

    # ------------------------------------------------------------------ the host device's own doings

    def act_here(self, action: str) -> list[tuple]:
        """This device's seat plays `action` (raises core.IllegalAction, nothing changed, when illegal)."""
        self.session.act(action)
        self._applied()
        return self.sync()

    def bot_step(self) -> list[tuple]:
        """One computer seat chooses (the app may instead search off-thread, then call `changed`)."""
        if self.session.bot_step() is None:
            return []
        return self.changed()

    def changed(self) -> list[tuple]:
        """After an action applied through the session directly (a computer's searched answer): save, then tell."""
        self._applied()
        return self.sync()

    def disconnect(self, peer) -> list[tuple]:
        """The link to `peer` is gone: its seat waits for its token; the others see it away."""
        self._unbind(peer)
        self.invited = {s: p for s, p in self.invited.items() if p != peer}
        self.buckets.pop(peer, None)
        self.last_heard.pop(peer, None)
        return self.sync()

    def silent_peers(self) -> list:
        """Links not heard from for HEARTBEAT_TIMEOUT seconds: the app closes them and calls `disconnect`."""
        now = self.clock()
        if self.last_check is not None and now - self.last_check > LATE_CHECK:
            self.last_heard = dict.fromkeys(self.last_heard, now)
        self.last_check = now
        return [p for p, t in self.last_heard.items() if now - t > HEARTBEAT_TIMEOUT]

    def give_seat(self, seat: int, to: str) -> list[tuple]:
        """Give a remote seat to another device (`to` = "remote": open again, a new token) or to a computer level.
        The device that held it is told and can no longer reclaim it."""
        if seat not in self.remote or (to != "remote" and to not in LEVELS):
            raise ValueError(f"seat {seat} cannot be given to {to!r}")
        out = []
        old = self.holder.get(seat)
        if old is not None:
            out += self._unbind(old) + [(old, P.encode("bye", key="net.bye.seat_given"))]
        self.tokens.pop(seat, None)
        self.answers.pop(seat, None)
        self.accepted.pop(seat, None)
        if to in LEVELS:
            self.remote.discard(seat)
            self.session.seats[seat].kind = to
        self._store()
        return out + self.sync()

    def rematch(self, session: Session) -> tuple[Host, list[tuple]]:
        """Play again at this table: a referee for `session` (a new game with the same seats) in which every remote
        seat stays its device's (the same token reclaims it), and an invitation to every connected guest. A guest
        takes its seat again by its hello (its token), or leaves with bye: until then the seat is away."""
        if len(session.seats) != len(self.session.seats):
            raise ValueError("a rematch keeps the table's seats")
        new = Host(session, [s for s in self.remote if session.seats[s].kind == HUMAN], here=self.session.viewer,
                   clock=self.clock, token_source=self.token_source, save=self.save)
        new.tokens = {s: t for s, t in self.tokens.items() if s in new.remote}
        new.invited = {seat: peer for peer, seat in self.peers.items() if seat in new.tokens}
        out = [(peer, P.encode("rematch", game=session.game.ID, seat=seat)) for seat, peer in new.invited.items()]
        for peer in list(self.peers):
            self._unbind(peer)
        new._store()  # the tokens must be in the new game's save before any guest comes back with one
        return new, out

    def close(self) -> list[tuple]:
        """The table closes: every guest is told."""
        out = [(peer, P.encode("bye", key="net.bye.closed")) for peer in self.peers]
        for peer in list(self.peers):
            self._unbind(peer)
        return out


def _refused(move_id, key: str, params: dict) -> str:
    return P.encode("refused", id=move_id, key=key, params={k: v for k, v in params.items() if P.scalar(v)})


def _is_ack(reply: str) -> bool:
    return json.loads(reply)["t"] == "ack"
