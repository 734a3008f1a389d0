"""A table of devices wired together in memory: texts only travel between a Host and its Guests, and every text a
guest receives is checked, when it is sent, against the game's state at that moment (nothing of another seat)."""

from __future__ import annotations

import json

from pygames import core
from pygames.app.session import HUMAN, Seat, Session
from pygames.core.rng import Rng
from pygames.net.host import Host

CORE_SECRET_KEYS = {"rng", "seed", "history", "undo_floor", "barrier"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counter_tokens(prefix: str):
    n = iter(range(10**6))
    return lambda: f"{prefix}{next(n):030d}"


def new_host(game, kinds, remote, seed=7, here=None, options=None, saves=None, clock=None) -> Host:
    seats = [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]
    session = Session.start(game, seats, seed, options or {}, "net-test")
    return Host(session, remote, here=here, clock=clock or Clock(), token_source=counter_tokens("t"),
                save=saves.append if saves is not None else None)


def keys_of(value) -> set:
    """Every dict key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def private_parts(a, b, path=()):
    """(path, value) wherever `a` (a seat's view) says more than `b` (the spectator's view of the same state)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a:
            yield from private_parts(a[key], b.get(key), (*path, key))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from private_parts(x, y, (*path, i))
    elif a != b:
        yield path, a


def at_path(value, path):
    for step in path:
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and isinstance(step, int) and step < len(value):
            value = value[step]
        else:
            return None
    return value


def check_received(host: Host, seat: int, text: str) -> None:
    """What `seat`'s device receives holds nothing another seat may see and it may not."""
    game, state = host.session.game, host.session.state
    msg = json.loads(text)
    assert not keys_of(msg) & CORE_SECRET_KEYS, msg.keys()
    assert str(state["rng"]) not in text
    if msg["t"] != "screen":
        assert len(text) < 400  # acks, refusals, seat grants: no room for a view
        return
    assert msg["seat"] == seat
    own = core.view(game, state, seat)
    assert msg["view"] == own  # exactly this seat's view, its own log lines only
    assert msg["legal"] == (core.legal_actions(game, state, seat) if not core.is_over(game, state) else [])
    public = core.view(game, state, None)
    for other in range(state["players"]):
        if other == seat:
            continue
        theirs = core.view(game, state, other)
        for path, value in private_parts(theirs, public):
            if path[0] == "viewer" or at_path(own, path) == value:
                continue  # a fact both seats know
            assert at_path(msg["view"], path) != value, (seat, other, path)
        own_log = own["log"]
        for line in theirs["log"]:
            if line not in own_log:
                assert line not in msg["view"]["log"]


class Table:
    """Guests by peer id; `send(peer, texts)` carries texts to the host and the answers back until quiet."""

    def __init__(self, host: Host, guests: dict):
        self.host, self.guests = host, guests
        self.received = {peer: [] for peer in guests}

    def checked(self, out) -> list:
        """Host output checked now, against the state it was made from."""
        for peer, text in out:
            seat = self.host.peers.get(peer, self.guests[peer].seat)
            if seat is not None:
                check_received(self.host, seat, text)
        return out

    def post(self, peer, text) -> list:
        """One text to the host; its answers, checked, not yet delivered."""
        return self.checked(self.host.receive(peer, text))

    def deliver(self, out, checked=False) -> None:
        queue = list(out if checked else self.checked(out))
        while queue:
            peer, text = queue.pop(0)
            self.received[peer].append(text)
            for reply in self.guests[peer].receive(text):
                queue += self.post(peer, reply)

    def send(self, peer, texts) -> None:
        for text in texts:
            self.deliver(self.post(peer, text), checked=True)

    def join(self, peer, seat: int, name: str) -> None:
        self.send(peer, self.guests[peer].connected())
        self.send(peer, self.guests[peer].choose_seat(seat, name))
        assert self.guests[peer].link == "playing" and self.guests[peer].seat == seat


def guest_bot(game):
    """A guest's computer helper plays from what the guest received only: the screen's view and legal actions."""
    from pygames.core import bots as core_bots

    return core_bots.default_bot(game)


def play_to_end(table: Table, game, rng: Rng, clock: Clock, max_steps=5000, on_step=None) -> None:
    """Each device plays when its seat may: guests from their screens, computers on the host; a move every 0.2 s
    (the rate limit lets an honest guest through)."""
    bot = guest_bot(game)
    host = table.host
    for _ in range(max_steps):
        if host.session.over:
            return
        movers = host.session.to_move()
        if any(host.session.seats[s].kind != HUMAN for s in movers):
            table.deliver(host.bot_step())
        else:
            seat = rng.choice(movers)  # a simultaneous step: any device may be first
            peer = host.holder[seat]
            guest = table.guests[peer]
            screen = guest.screen
            table.send(peer, guest.act(bot(screen["view"], screen["legal"], rng)))
            assert guest.pending is None and guest.refusal is None, (guest.refusal, screen["legal"])
        clock.now += 0.2
        if on_step:
            on_step()
    raise AssertionError("no end")
