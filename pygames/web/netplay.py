"""Several devices at one table, in the page: the glue between the pure referee (`pygames.net`) and the WebRTC link
(`static/net/link.mjs`, imported only when pairing).

Host: this device holds a `Host` (the app's session is its session). It shows one pairing code per remote seat that
has no device, reads a guest's answer code (camera or pasted text), hands every text a guest sends to
`Host.receive` and sends what it returns; every change made on this device (its own seat's move, a computer's)
goes through `Host.changed`, which saves (the app's storage, the `net` field included) before anything is sent.
The host's own screen is the app's one `table(model)` path: its seat, or the table (`here` None: public view only).

Guest: no game, no state: a `Guest` and the last `screen` the host sent, drawn by the same `table(model)`. Its seat
token is kept in localStorage (`GUEST_KEY`), so a reloaded guest gets its seat back.

Rejoining without a scan (docs/design.md, "Several devices"): a guest keeps one DTLS certificate (`link.mjs
deviceCertificate`, in IndexedDB). Once a guest is seated, the host makes spare connections for that seat (`SPARES`:
two), pinned to the guest's certificate, and sends each one's offer and ICE credentials (`spare`); the guest keeps
them with its token. When its link drops, falls silent for `SILENT_REJOIN_S`, or its page reloads, the guest opens the
oldest spare by itself and reclaims its seat with its token; the host then makes the next spare, and until it comes
the other one brings the guest back again (a second reload right after the first). A host that reloaded has no spare
any more: each guest then scans its code once (the panel offers it all along).

Links are checked by a heartbeat: a guest pings every second; each side counts a link silent for 5 s as dead.

What this asks of the app (`app.py`, the controller) is named there: `seat_net` / `leave_net` (this device joins or
leaves a table), `open_session` and `write_save` (a host's game and its save), `show_screen`, `show_error`,
`show_notice`, and `send(msg)` with `messages.TableChanged` when a guest's text changed the game; its `cat`, `games`,
`clock` and `preview_on` are read. The host's table is drawn by the app's own `draw` (then `NetHost.drawn`); a
command handler returns what to draw, as the app's own do.
"""

from __future__ import annotations

import asyncio
import json
import time

from pygames import core

from . import dom, endscreen, kit, messages, remote, render, saving, screens, table, vdom
from .boards import board_of
from .messages import NOTHING, SAVE, STILL
from .newgame import link_seats
from .render import by_id, clear, el, missing
from .session import HUMAN, Seat, Session, clean_name

GUEST_KEY = "pygames.net.guest"  # localStorage: the guest's seat token and move in flight (Guest.to_save)
ACTIVE_KEY = "pygames.net.active"  # sessionStorage: this tab was a guest at a table (a reload goes back to it)
ICE_KEY = "pygames.net.ice"  # localStorage: optional STUN/TURN servers, one a line (pygames.net.ice; off when empty)
TICK_MS = 1000
SPARE_RETRY_S = 4.0  # a spare that could not be made (host) or opened (guest) is tried again after this long
SILENT_REJOIN_S = 10.0  # a guest's link silent this long (open or not) is replaced by the spare
# A guest's move is drawn as "sending" only if the host's answer has not come by then: on a local link the next
# screen comes first (one redraw per move, not two: the whole table is not drawn for a state it leaves at once).
SENDING_DRAW_MS = 80
_LINK = None  # the imported static/net/link.mjs module


async def link_module():
    """static/net/link.mjs, imported once, when pairing starts (never on the boot path)."""
    global _LINK
    if _LINK is None:
        _LINK = await dom.import_module("net/link.mjs")
    return _LINK


def ice_servers():
    """The user's STUN/TURN servers (pygames.net.ice: none by default, nothing contacts another host unless a user
    enters one)."""
    from pygames.net.ice import servers

    return dom.js_value(servers(dom.stored(ICE_KEY)))


def join_url(code: str) -> str:
    return dom.page_address("#join=" + code)


def fill_panel(kids: list) -> None:
    node = panel()
    clear(node)
    for kid in kids:
        node.appendChild(kid)


def panel():
    """The pairing panel `#net`, just before `#game` (made once; the page itself has none)."""
    node = by_id("net")
    if missing(node):
        node = el("section", {"id": "net", "class": "net-panel", "data-testid": "net", "aria-live": "polite"})
        game = by_id("game")
        game.parentNode.insertBefore(node, game)
    node.hidden = False
    return node


def hide_panel() -> None:
    node = by_id("net")
    if not missing(node):
        node.hidden = True
        clear(node)


def button(command: str, text: str, primary: bool = False, testid: str | None = None):
    return el("button", {"type": "button", "data-command": command, "class": "primary" if primary else None,
                         "data-testid": testid}, text)


def note(text: str, testid: str = "net-status"):
    return el("p", {"class": "net-status", "data-testid": testid, "role": "status"}, text)


def storage(kind: str):
    return dom.local_storage() if kind == "localStorage" else dom.session_storage()


def read_json(kind: str, key: str):
    try:
        text = storage(kind).getItem(key)
        return core.parse_json(text) if isinstance(text, str) else None
    except Exception:  # unreadable or storage disabled: nothing kept
        return None


def write(kind: str, key: str, value) -> None:
    try:
        if value is None:
            storage(kind).removeItem(key)
        else:
            storage(kind).setItem(key, json.dumps(value))
    except Exception:
        pass


# ---------------------------------------------------------------------------------------------------- host


class NetHost:
    """The host device's side: one `Host`, the links to its guests, the pairing panel."""

    mode = "host"

    def __init__(self, app, host):
        self.app, self.host = app, host
        self.links = None
        self.codes: dict[str, str] = {}  # pending peer id -> the code it shows
        self.in_lobby = True  # the lobby is on screen (until "Go to the table")
        self.showing: int | None = None  # the seat whose code is shown
        self.shown_peer: str | None = None  # the pending link of that code
        self.signature = None
        self.open: set[str] = set()  # peers whose data channel is up
        self.silenced: dict[str, int | None] = {}  # peers fallen silent (seat away) -> the seat they held
        self.error: str | None = None
        self.making = False
        self.timer = None
        self.gone = False  # left (home, another table): draws nothing more
        self.spares: dict[int, list[str]] = {}  # seat -> its spares' peer ids, not opened yet, the oldest first
        self.spare_peers: set[str] = set()  # spares not opened yet
        self.spare_making: set[int] = set()
        self.spare_failed: dict[int, float] = {}  # seat -> when making its spare last failed
        self.seat_links: dict[int, str] = {}  # seat -> the guest link its spares were last counted for
        self.opened_spares: set[str] = set()  # spares that opened: links a guest came back by, its other spares kept
        host.save = self.store
        self._tick = dom.callback(self.tick)

    # -- saving: the app's storage, the `net` field included, before anything is sent
    def store(self, text: str) -> None:
        data = json.loads(text)
        data["updated"] = time.time()
        self.app.write_save(self.host.session.save_id, json.dumps(data, separators=(",", ":")))

    def autosave(self) -> None:
        """The app saved (a move on this device, a computer's): the referee saves with `net` and tells the guests."""
        self.send(self.host.changed())

    def send(self, out) -> None:
        for peer, text in out:
            if self.links is not None:
                self.links.send(peer, text)

    async def start(self) -> None:
        mod = await link_module()
        self.links = mod.Links.new(dom.callback(self.on_event), ice_servers())
        await mod.openCamera(3000)  # with the permission every interface is offered (no mDNS name); refused: fine
        mod.closeCamera()
        self.timer = dom.every(TICK_MS, self._tick)
        lobby_entry(True)
        self.draw()

    async def fill(self) -> None:
        """A pending code for the seat being invited (one at a time: a code lets one device in)."""
        if self.making or self.links is None or self.showing is None or self.shown_peer in self.codes:
            return
        self.making = True
        try:
            made = await self.links.offer()
            self.codes[str(made.peer)] = str(made.code)
            self.shown_peer = str(made.peer)
        except Exception as exc:
            self.error = "net.fail." + str(getattr(exc, "reason", "no_network"))
        finally:
            self.making = False
        self.draw()

    def on_event(self, kind, peer, text) -> None:
        kind, peer, text = str(kind), str(peer), str(text)
        if peer in self.spare_peers:
            self.spare_event(kind, peer)
            return
        try:
            if kind == "message":
                self.resume_silenced(peer)
                before = (self.host.session.state, dict(self.host.holder), dict(self.host.tokens))
                self.send(self.host.receive(peer, text))
                if before != (self.host.session.state, self.host.holder, self.host.tokens):
                    self.app.send(messages.TableChanged())
            elif kind == "open":
                self.codes.pop(peer, None)
                self.open.add(peer)
                self.error, self.showing = None, None  # the next seat waiting gets its own code
            elif kind in ("close", "fail", "gone"):
                self.codes.pop(peer, None)
                self.open.discard(peer)
                if kind == "fail":
                    self.error = "net.fail." + text
                self.send(self.host.disconnect(peer))
                self.app.send(messages.TableChanged())
        except Exception as exc:  # the host stays alive whatever arrives
            dom.error("netplay host: " + kit.describe(exc))
        self.ensure_spares()
        self.draw()

    # -- spare connections: a seated guest that drops comes back with no scan
    def spare_event(self, kind: str, peer: str) -> None:
        """A spare opened (its guest is back: a normal link from now on, its hello with the token follows) or went
        before it opened (made again at the next check)."""
        self.spare_peers.discard(peer)
        for seat, spares in self.spares.items():
            if peer in spares:
                spares.remove(peer)
                if kind != "open":
                    self.spare_failed[seat] = time.monotonic()
        if kind == "open":
            self.open.add(peer)
            self.opened_spares.add(peer)

    def ensure_spares(self) -> None:
        """Every seated guest holds `SPARES` spares (made one at a time, each sent over its current link)."""
        from pygames.net.guest import SPARES

        if self.links is None or self.gone:
            return
        now = time.monotonic()
        for peer, seat in list(self.host.peers.items()):
            if self.seat_links.get(seat) != peer:  # a new link for the seat
                if peer not in self.opened_spares:  # by a code: the spares it had are not on that device any more
                    self.drop_spare(seat)
                self.seat_links[seat] = peer
            if len(self.spares.get(seat, ())) >= SPARES or seat in self.spare_making \
                    or now - self.spare_failed.get(seat, -SPARE_RETRY_S) < SPARE_RETRY_S:
                continue
            self.spare_making.add(seat)
            asyncio.ensure_future(self.make_spare(peer, seat))

    async def make_spare(self, peer: str, seat: int) -> None:
        from pygames.net import protocol as P

        try:
            made = await self.links.spare(peer)
        except Exception:
            self.spare_failed[seat] = time.monotonic()
            return
        finally:
            self.spare_making.discard(seat)
        spare = str(made.peer)
        if self.gone or self.host.peers.get(peer) != seat:  # the guest went meanwhile: its next link gets one
            self.links.close(spare)
            return
        self.spares.setdefault(seat, []).append(spare)
        self.spare_peers.add(spare)
        self.links.send(peer, P.encode("spare", code=str(made.code), ufrag=str(made.ufrag), pwd=str(made.pwd)))

    def drop_spare(self, seat: int) -> None:
        """Withdraw `seat`'s spares (not opened yet: one its guest came back through is that guest's link)."""
        for old in self.spares.pop(seat, []):
            self.spare_peers.discard(old)
            self.links.close(old)

    def resume_silenced(self, peer: str) -> None:
        """A link that fell silent (a device asleep a moment, a stalled page) speaks again: it gets its seat back
        as its own token would, unless another device took the seat meanwhile. A dead link closes by itself (ICE
        fails), and its device then rejoins with one scan."""
        seat = self.silenced.pop(peer, None)
        host = self.host
        if seat is None or peer in host.peers or seat in host.holder or seat not in host.tokens:
            return
        hello = json.dumps({"v": 1, "t": "hello", "name": host.session.seats[seat].name, "seat": None,
                            "token": host.tokens[seat]})
        self.send(host.receive(peer, hello))
        self.app.send(messages.TableChanged())

    def tick(self, *_args) -> None:
        for peer in self.host.silent_peers():  # 5 s without a word: its seat is away (the others see it)
            self.silenced[peer] = self.host.peers.get(peer)
            self.send(self.host.disconnect(peer))
            self.app.send(messages.TableChanged())
        self.ensure_spares()

    async def accept(self, code: str) -> None:
        code = code.strip()
        if not code:
            return
        try:
            await self.links.accept(code)
            self.error = "net.join.connecting"
        except Exception as exc:
            reason = str(getattr(exc, "reason", "bad_code"))
            self.error = "net.fail.expired_host" if reason == "stale_code" else "net.fail." + reason
        self.draw()

    async def scan(self) -> None:
        mod = await link_module()
        video = by_id("net-video")
        if missing(video):
            return
        video.hidden = False
        found = []

        def accept(text) -> bool:
            parsed = mod.parse(text)
            if missing(parsed) or str(parsed.kind) == "o":
                return False
            found.append(str(text))
            return True
        ok = await mod.scan(video, dom.callback(accept))
        mod.closeCamera()
        if found:
            await self.accept(found[0])
        elif not ok:
            self.error = "net.fail.camera"
            self.draw()

    def draw(self) -> None:
        """The lobby (remote.lobby: who plays where, a code for the seat being invited, give a seat away) with the
        answer field under it; once the host went to the table, one line while a remote seat has no device. Drawn
        again only when what it says changed (a field being typed in, a live camera stay as they are)."""
        if self.gone or self.host.session.over:
            hide_panel()
            return
        cat, host = self.app.cat, self.host
        seats = remote.lobby_seats(host)
        if self.showing is not None and (self.showing not in host.remote or self.showing in host.holder):
            self.showing = None
        if self.showing is None and self.in_lobby:  # an open seat first, else a seat whose device is away
            waiting = [s for s in seats if s.kind == "remote" and not s.connected and not s.invited]
            self.showing = next((s.seat for s in sorted(waiting, key=lambda s: s.joined)), None)
        code = self.codes.get(self.shown_peer) if self.showing is not None and self.shown_peer is not None else None
        if self.showing is not None and code is None and not self.making:
            asyncio.ensure_future(self.fill())
        if self.error == "net.join.connecting" and self.shown_peer in self.open:
            self.error = None
        signature = json.dumps([cat.lang, [list(vars(s).values()) for s in seats], self.in_lobby, self.showing,
                                code, self.error, [seat.name for seat in host.session.seats]])
        node = by_id("net")
        if signature == self.signature and not missing(node) and not node.hidden:
            return
        self.signature = signature
        if not self.in_lobby:
            away = host.away()
            if not away and not self.error:
                hide_panel()
                return
            kids = [note(cat.t("net.away_count", n=len(away)) if away else "", "net-away"),
                    button("net-lobby", cat.t("net.lobby.open_lobby"))]
            if self.error:
                kids.append(note(cat.t(self.error)))
            fill_panel(kids)
            return
        dom.show_table(False)
        tree = remote.lobby(seats, cat, showing=self.showing, is_table=host.here is None)
        kids = [vdom.realize(tree), answer_form(cat, "net-accept", "netlink.host.answer", "netlink.host.scan")]
        if self.error:
            kids.append(note(cat.t(self.error)))
        fill_panel(kids)
        slot = dom.query(f"[data-code-slot='{self.showing}']")
        if code is not None and missing(slot):  # a seat whose device is away: its code under the lobby
            slot = el("div", {"class": "lobby-code", "data-testid": "lobby-code"}, None, [
                el("p", None, cat.t("net.lobby.showing", player=self.showing))])
            by_id("lobby").insertBefore(slot, by_id("lobby").lastChild)
        if code is not None:
            slot.appendChild(code_box(self.shown_peer, code, cat))
        asyncio.ensure_future(draw_codes())

    def drawn(self) -> None:
        """The app drew the host's screen (its seat's, the table's or the end screen, `App.draw`): the table stays
        hidden behind the lobby while the lobby is up; the panel follows."""
        over = self.host.session.over
        if not over:
            dom.show_table(not self.in_lobby)
        self.draw()
        asyncio.ensure_future(awake(not over))

    def to_table(self) -> str:
        self.in_lobby, self.showing, self.signature = False, None, None
        dom.show_table(True)
        return STILL

    def to_lobby(self) -> None:
        self.in_lobby, self.signature = True, None
        self.draw()

    def show_code(self, seat: int) -> None:
        """Show the pairing code for `seat` (a fresh one when the code on screen was used or asked again)."""
        if seat not in self.host.remote:
            return
        if self.showing == seat and self.shown_peer in self.codes:  # "New code": the old one is withdrawn
            self.links.close(self.shown_peer)
            self.codes.pop(self.shown_peer, None)
        self.showing, self.shown_peer = seat, None
        self.draw()

    def rematch(self, seed: int) -> str | None:
        """Play again at this table: a new game with the same seats and options, every guest asked to play it at
        its seat (`Host.rematch`); the lobby shows who has said yes. Returns what the app draws."""
        old = self.host.session
        seats = [Seat(s.name, s.kind) for s in old.seats]
        save_id = f"{old.game.ID}-{int(time.time() * 1000)}"
        try:
            session = Session.start(old.game, seats, seed, old.state["options"], save_id, created=time.time(),
                                    takeback=old.takeback)
        except core.IllegalAction as exc:
            self.app.show_error(self.app.cat.t(exc.key, **exc.params))
            return None
        self.host, invites = self.host.rematch(session)
        self.host.here = session.viewer  # as open_host: this device's seat, or None for the table
        self.in_lobby, self.showing, self.shown_peer, self.signature = True, None, None, None
        self.send(invites)
        return self.app.open_session(session)

    def give(self, seat: int, to: str) -> str | None:
        try:
            self.send(self.host.give_seat(seat, to))
        except ValueError:
            return None
        self.drop_spare(seat)  # the device that held it can no longer come back
        return SAVE  # saved (the referee tells the guests), then drawn

    def leave(self) -> None:
        self.gone = True
        lobby_entry(False)
        self.send(self.host.close())
        if self.timer is not None:
            dom.stop_every(self.timer)
        if self.links is not None:
            self.links.closeAll()
        hide_panel()
        asyncio.ensure_future(awake(False))


def lobby_entry(shown: bool) -> None:
    """The drawer's "Devices" entry: a host opens its lobby from it at any time (a seat to give away while every
    device is still connected)."""
    node = by_id("lobby-open")
    if not missing(node):
        node.hidden = not shown


async def awake(on: bool) -> None:
    try:
        await (await link_module()).keepAwake(on)
    except Exception:
        pass


def code_box(peer: str, code: str, cat):
    """One pairing code: its QR code, its text, Copy link and Share."""
    return el("figure", {"class": "net-code", "data-peer": peer}, None, [
        el("canvas", {"class": "net-qr", "data-code": code, "role": "img", "aria-label": cat.t("netlink.qr")}),
        el("figcaption", None, None, [
            el("code", {"data-testid": "net-code"}, code),
            el("span", {"class": "row"}, None, [
                button(f"net-copy:{code}", cat.t("net.join.copy")),
                button(f"net-share:{code}", cat.t("net.join.share"))])])])


async def draw_codes() -> None:
    mod = await link_module()
    for canvas in dom.query_all("canvas.net-qr:not([data-size])"):
        await mod.drawQR(canvas, str(canvas.dataset.code), 4)


def answer_form(cat, command: str, label_key: str, scan_key: str = "net.join.camera"):
    """A code typed or pasted (`#net-input`), Connect, and the camera to scan it instead."""
    return el("div", {"class": "net-answer"}, None, [
        el("label", {"for": "net-input"}, cat.t(label_key)),
        el("input", {"id": "net-input", "type": "text", "autocomplete": "off", "spellcheck": "false",
                     "data-testid": "net-input"}),
        el("span", {"class": "row"}, None, [
            button(command, cat.t("net.join.connect"), primary=True, testid="net-connect"),
            button("net-scan", cat.t(scan_key), testid="net-scan")]),
        el("video", {"id": "net-video", "class": "net-video", "hidden": True, "playsinline": True, "muted": True})])


def start_host(app, game, seats: list[Seat], seed: int, options: dict, remote_seats: list[int], here) -> str | None:
    """A new game hosted on this device: `remote_seats` are played on other devices, `here` is this device's."""
    from pygames.net.host import Host

    save_id = f"{game.ID}-{int(time.time() * 1000)}"
    try:
        session = Session.start(game, seats, seed, options, save_id, created=time.time())
    except core.IllegalAction as exc:
        app.show_error(app.cat.t(exc.key, **exc.params))
        return None
    return open_host(app, Host(session, remote_seats, here=here))


def start_from_form(app, form: dict, seats: list[Seat], seed: int) -> str | None:
    """The new-game dialog's "Players on several devices" (dialog.net_seats checks its choice)."""
    from .dialog import net_seats

    try:
        remote_seats, here = net_seats(form, len(seats))
    except ValueError as exc:
        app.show_error(app.cat.t(str(exc)))
        return None
    return start_host(app, app.games[form["game"]], seats, seed, form["options"], remote_seats, here)


def open_host(app, host) -> str:
    """`host`'s game on this device; returns what the app draws."""
    net = NetHost(app, host)
    host.here = host.session.viewer
    app.seat_net(net)
    shown = app.open_session(host.session)
    write("sessionStorage", ACTIVE_KEY, None)
    asyncio.ensure_future(net.start())
    return shown


def is_host_save(text: str) -> bool:
    return isinstance(text, str) and '"net":' in text


def resume_host(app, text: str, save_id: str) -> str | None:
    """A host that reloads resumes from its save; its guests rejoin (one scan each: its ports changed)."""
    from pygames.net.host import Host

    try:
        host = Host.from_save(text, app.games)
    except core.InvalidSave as exc:  # as App.resume says it: the home list keeps it with its reason, Export, Delete
        app.show_notice(app.cat.t("app.notice.unreadable", name=save_id[:40], reason=app.cat.t(exc.key, **exc.params)))
        dom.shell().refused(save_id, exc.key, saving.refusal_params(exc))
        return None
    host.session.save_id = save_id
    return open_host(app, host)


# ---------------------------------------------------------------------------------------------------- guest


class NetGuest:
    """A guest device: the link to the host, a `Guest`, and its screen drawn from the host's `screen` messages."""

    mode = "guest"

    def __init__(self, app):
        from pygames.net.guest import Guest

        self.app = app
        self.guest = Guest.from_save(read_json("localStorage", GUEST_KEY))
        self.links = None
        self.answer: str | None = None  # the code this device shows the host
        self.error: str | None = None
        self.timer = None
        self._tick = dom.callback(self.tick)
        self.signature = None
        self.over_drawn = None
        self.ticks_waiting = 0
        self.gone = False  # left (home, another table): draws nothing more
        self.pairing = False  # a code entered or scanned by hand is being answered: no spare meanwhile
        self.accepting = False  # the host's new game accepted: its seat grant and first screen are on their way
        self.rejoining = False  # the spare is being opened
        self.opening: dict | None = None  # that spare
        self.tried_at = -SPARE_RETRY_S
        self.deferred = False  # a move just sent: not drawn as sending until SENDING_DRAW_MS (or its screen) passed
        self._draw_later = dom.callback(self.draw_deferred)

    def keep(self) -> None:
        write("localStorage", GUEST_KEY, self.guest.to_save())

    def send(self, texts) -> None:
        for text in texts:
            if self.links is not None:
                self.links.send("host", text)

    async def start(self, code: str | None) -> None:
        mod = await link_module()
        self.links = mod.Links.new(dom.callback(self.on_event), ice_servers(), await mod.deviceCertificate())
        self.timer = dom.every(TICK_MS, self._tick)
        write("sessionStorage", ACTIVE_KEY, True)
        self.draw()
        if code:
            await self.answer_code(code)
        else:
            self.try_spare()

    async def answer_code(self, code: str) -> None:
        mod = await link_module()
        parsed = mod.parse(code)
        if missing(parsed) or str(parsed.kind) != "o":
            self.error = "net.fail.bad_code"
            self.draw()
            return
        self.pairing, self.rejoining = True, False  # this code's connection replaces a spare being opened
        try:
            made = await self.links.answer(code)
        except Exception as exc:
            self.pairing = False
            self.error = "net.fail." + str(getattr(exc, "reason", "bad_code"))
            self.draw()
            return
        self.answer, self.error = str(made.code), None
        self.draw()

    def try_spare(self) -> None:
        """Open the host's spare when the link is gone, or silent for SILENT_REJOIN_S (not while a code is being
        answered by hand, and once per SPARE_RETRY_S at most)."""
        g = self.guest
        if self.links is None or self.gone or g.spare is None or g.token is None or self.pairing \
                or self.answer is not None or self.rejoining or g.link not in ("reconnecting", "offline"):
            return
        now = time.monotonic()
        if now - self.tried_at < SPARE_RETRY_S:
            return
        if self.links.has("host") and now - g.heard < SILENT_REJOIN_S:
            return  # the link is still there and may speak again
        self.tried_at, self.rejoining, self.opening, g.link = now, True, g.spare, "reconnecting"
        asyncio.ensure_future(self.rejoin(g.spare))
        self.draw()

    async def rejoin(self, spare: dict) -> None:
        try:
            await self.links.rejoin(spare["code"], spare["ufrag"], spare["pwd"])
        except Exception:  # a spare this browser cannot open (no lasting certificate): the code, as before
            self.rejoining = False
            self.guest.spares = []
            self.keep()
            self.draw()

    async def scan(self) -> None:
        mod = await link_module()
        video = by_id("net-video")
        if missing(video):
            return
        video.hidden = False
        found = []

        def accept(text) -> bool:
            parsed = mod.parse(text)
            if missing(parsed) or str(parsed.kind) != "o":
                return False
            found.append(str(text))
            return True
        ok = await mod.scan(video, dom.callback(accept))  # the camera opens before any RTCPeerConnection
        if found:
            await self.answer_code(found[0])
        elif not ok:
            self.error = "net.fail.camera"
            self.draw()
        mod.closeCamera()

    def on_event(self, kind, _peer, text) -> None:
        kind, text = str(kind), str(text)
        try:
            if kind == "open":
                if self.rejoining:  # the spare is this link now: used (the host sends the next one at once)
                    self.guest.spare_used(self.opening)
                    self.keep()
                self.answer, self.error, self.pairing, self.rejoining = None, None, False, False
                self.tried_at = -SPARE_RETRY_S  # the limit is for spares that fail: a link up may use the next at once
                self.send(self.guest.connected())
            elif kind == "message":
                if self.guest.link == "reconnecting" and self.guest.token:  # the host speaks again: our seat back
                    self.send(self.guest.connected())
                self.send(self.guest.receive(text))
                if self.guest.refusal and self.guest.refusal[0] == "net.err.bad_token" and self.guest.token is None \
                        and self.guest.link == "refused":
                    self.send(self.guest.connected())  # the seat was given away: join afresh
                self.keep()
            elif kind in ("close", "fail"):
                self.guest.disconnected()
                if kind == "fail" and not self.rejoining:  # a spare that did not open: tried again, quietly
                    self.error = "net.fail." + text
                self.pairing = self.rejoining = False
                self.try_spare()
        except Exception as exc:
            dom.error("netplay guest: " + kit.describe(exc))
        self.draw()

    def tick(self, *_args) -> None:
        g = self.guest
        self.try_spare()
        if self.links is None or not self.links.send("host", g.ping()):
            return
        self.send(g.resend())  # a move the host never answered (dropped on the way) goes again: applied once
        self.ticks_waiting = self.ticks_waiting + 1 if g.link == "joining" and g.table is None else 0
        if self.ticks_waiting % 3 == 2 and g.seat is None:
            self.send(g.connected())  # the table not told yet: ask again (asking for it is harmless)
        if g.tick():  # 5 s without a word from the host: "reconnecting" (the link is kept: it may come back)
            self.draw()

    def play(self, action: str) -> None:
        sent = self.guest.act(action)
        self.send(sent)
        self.keep()
        if not sent:  # ignored (a move already in flight), or kept until the link is back: drawn now
            self.draw()
            return
        link = by_id("link")  # at once, the link line only (the next whole drawing writes it the same way)
        if not missing(link):
            link.dataset.link, link.className = "sending", "link link-sending"
            link.textContent = self.app.cat.t("net.link.sending")
        self.deferred = True
        dom.once(SENDING_DRAW_MS, self._draw_later)

    def draw_deferred(self, *_args) -> None:
        self.deferred = False
        self.draw()

    def choose_seat(self, seat: int) -> None:
        name_box = by_id("join-name")
        name = clean_name(str(name_box.value)) if not missing(name_box) else ""
        self.send(self.guest.choose_seat(seat, name))
        self.keep()
        self.draw()

    def draw(self) -> None:
        """The pairing panel while joining, the seat picker, then the seat's screen (its link line says sending,
        reconnecting or lost); the panel again while the link is down, to scan the host's code once more."""
        if self.gone:
            return
        cat, g = self.app.cat, self.guest
        if self.deferred and g.sending is not None and g.link == "playing":
            return  # the ack of a move just sent: its screen follows, or the timer draws it as sending
        self.deferred = False
        screen = g.screen["at"] if g.screen else None
        if g.screen is not None:
            self.accepting = False
        signature = json.dumps([cat.lang, g.link, screen, g.sending, g.refusal, g.table, g.closed_by, self.answer,
                                self.error, g.seat, g.spare is not None, g.invited,
                                self.accepting])  # an ack alone changes none: no redraw
        if signature != self.signature:
            self.signature = signature
            self.draw_panel(cat, g)
            if g.screen is not None and g.game is not None and g.seat is not None:
                self.draw_screen()

    def draw_panel(self, cat, g) -> None:
        kids = []
        if g.link == "closed":
            kids += [note(cat.t(g.closed_by or "net.bye.closed"), "net-link"), button("home", cat.t("netlink.leave"))]
        elif g.link == "refused" and g.refusal is not None:
            kids += [note(cat.t(g.refusal[0], **g.refusal[1]), "net-link")] + self.join_parts(cat)
        elif self.accepting:
            kids.append(note(cat.t("net.join.waiting")))
        elif g.link != "playing":
            kids += self.join_parts(cat)
        if self.error:
            kids.append(note(cat.t(self.error), "net-error"))
        if not kids:
            hide_panel()
            return
        if g.screen is None:
            dom.show_table(False)
        fill_panel(kids)
        asyncio.ensure_future(draw_codes())

    def join_parts(self, cat) -> list:
        g = self.guest
        if g.link == "joining" and g.table is not None and g.seat is None:
            name = by_id("join-name")
            typed = str(name.value) if not missing(name) else g.name
            return [vdom.realize(remote.seat_picker({"seats": g.table}, cat, name=typed))]
        if g.link == "joining":
            return [note(cat.t("net.join.waiting"))]
        parts = [el("h2", None, cat.t("net.join.title"))]
        if g.spare is not None and g.token is not None:  # tried again and again by itself: one steady note (a redraw
            parts.append(note(cat.t("net.join.rejoining"), "net-rejoining"))  # per attempt would clear a typed code)
        if self.answer is not None:
            parts += [el("p", None, cat.t("net.join.show")), code_box("host", self.answer, cat)]
        else:
            parts += [el("p", None, cat.t("net.join.scan")), answer_form(cat, "net-answer", "net.join.paste")]
        return parts

    def draw_screen(self) -> None:
        app, g = self.app, self.guest
        screen = g.screen
        if screen["result"] is not None:
            if self.over_drawn != (screen["at"], g.invited):
                self.over_drawn = (screen["at"], g.invited)
                show_guest_over(app, g.game, screen, g.invited is not None)
            return
        if app.screen != "game":
            app.show_screen("game")
            dom.load_art(g.game)
        dom.show_table(True)
        app.cat.format_arg = board_of(app.games[g.game]).format_arg
        model = remote.model_of_guest(g, preview_on=app.preview_on, seat_open=app.seat_open,
                                      previewing=app.previewing if app.previewing in screen["legal"] else None)
        app.cat.set_seats(list(screen["names"]), remote.computers(model.kinds))
        vdom.patch(by_id("game"), table.table(model, app.cat))
        screens.menu_state(False, app.preview_on)  # no Undo on a guest's device: the host's game, its undo policy
        dom.board_drawn()
        asyncio.ensure_future(awake(True))

    def accept_rematch(self) -> None:
        """The host's new game, at this device's seat: its screen comes after the seat grant."""
        sent = self.guest.accept_rematch()
        if sent:
            self.accepting = True
            self.send(sent)
            self.keep()
        self.draw()

    def rerender(self) -> None:
        self.signature = self.over_drawn = None
        self.draw()

    def leave(self) -> None:
        self.gone = True
        if self.links is not None:
            self.send([self.guest.bye()])
            self.links.closeAll()
        if self.timer is not None:
            dom.stop_every(self.timer)
        write("sessionStorage", ACTIVE_KEY, None)
        hide_panel()
        asyncio.ensure_future(awake(False))


def show_guest_over(app, game_id: str, screen: dict, invited: bool) -> None:
    """The guest's end screen: the result the host sent, the seat's final view (its own board), and in place of
    Play again the host's invitation to its next game (`invited`) or a word that it may come."""
    result, view = screen["result"], screen["view"]
    app.show_screen("gameover")
    by_id("gameover").setAttribute("data-guest", "")
    board = board_of(app.games[game_id])
    render.score_table(by_id("score-table"), result, app.cat, game_id)
    clear(by_id("score-chart"))
    endscreen.header(app.cat, game_id, result, screen["seat"])
    extra = by_id("gameover-extra")
    clear(extra)
    extra.appendChild(vdom.realize(remote.rematch_box(app.cat, invited)))
    extra.appendChild(el("ul", {"class": "outcome", "data-testid": "outcome"}, None, [
        el("li", None, app.cat.t(key, **args)) for key, args in kit.outcome_lines(app.games[game_id], result)]))
    endscreen.final_board(extra, board, view, app.cat)
    vdom.patch(by_id("final-log"), table.log_fragment(view["log"], app.cat))
    by_id("gameover").setAttribute("data-details", "drawn")
    asyncio.ensure_future(awake(False))


def start_guest(app, code: str | None) -> str:
    """This device joins a table (`code`: the host's, from a `#join=` link); it draws itself from then on."""
    net = NetGuest(app)
    app.seat_net(net)
    app.show_screen("game")
    clear(by_id("board"))
    vdom.patch(by_id("game"), table.table(table.Model(net.guest.game or "sik", None), app.cat))
    asyncio.ensure_future(net.start(code))
    return NOTHING


# ---------------------------------------------------------------------------------------------------- app entry


def link_request(search: str, fragment: str) -> dict | None:
    """What the page's address asks of the network: {"join": code | ""} (a `#join=` link or `#join`), or
    {"remote": [...], "here": seat | None} with `?remote=1,2[&here=0|table]` beside a game link; None else."""
    from .query import query_params

    if fragment.startswith("#join"):
        return {"join": fragment[6:] if fragment.startswith("#join=") else ""}
    params = query_params(search, keep_blank=True)
    if "remote" not in params:
        return None
    try:
        remote = sorted({int(s) for s in params["remote"].split(",") if s.strip()})
    except ValueError:
        return None
    here_text = params.get("here", "")
    here = None if here_text == "table" else (int(here_text) if here_text.isdigit() else "first")
    return {"remote": remote, "here": here}


def start(app, link: dict | None) -> str | None:
    """At boot: a join link, a hosted game link, a tab that was a guest; what to draw when the network took the
    page, else None. Whatever goes wrong here, the app still starts (on its home screen, the reason shown)."""
    try:
        return start_from_address(app, link)
    except Exception as exc:
        app.show_error(app.cat.t("app.error", message=kit.describe(exc)[:300]))
        return None


def start_from_address(app, link: dict | None) -> str | None:
    request = link_request(dom.location_search(), dom.location_hash())
    if request is not None and "join" in request:
        dom.consume_fragment()
        return start_guest(app, dom.decode_uri(request["join"]) if request["join"] else None)
    if request is not None and link and link.get("game"):
        game = app.games[link["game"]]
        seats = link_seats(link)
        away = [s for s in request["remote"] if s < len(seats) and seats[s].kind == HUMAN]
        here = request["here"]
        if here == "first":
            here = next((i for i, s in enumerate(seats) if s.kind == HUMAN and i not in away), None)
        if link["botdelay"] is not None:
            app.clock.delay = link["botdelay"]
        seed = link["seed"] if link["seed"] is not None else dom.random_seed()
        dom.consume_link()
        return start_host(app, game, seats, seed, link["options"], away, here) or NOTHING
    if read_json("sessionStorage", ACTIVE_KEY) is True:
        return start_guest(app, None)
    return None


def _input() -> str:
    box = by_id("net-input")
    return "" if missing(box) else str(box.value)


def _copy(app, code: str) -> None:
    async def run():
        mod = await link_module()
        await mod.copy(join_url(code) if code[1] == "o" else code)
    asyncio.ensure_future(run())


def _share(app, code: str) -> None:
    async def run():
        mod = await link_module()
        if code[1] == "o":
            shared = await mod.share(code, join_url(code))
        else:
            shared = await mod.share(code, None)
        if not shared:
            await mod.copy(join_url(code) if code[1] == "o" else code)
    asyncio.ensure_future(run())


def _accept(app, _arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "host":
        asyncio.ensure_future(net.accept(_input()))
    elif net is not None:
        asyncio.ensure_future(net.answer_code(_input().strip()))


def _scan(app, _arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None:
        asyncio.ensure_future(net.scan())


def _seat(app, arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "guest" and arg.isdigit():
        net.choose_seat(int(arg))


def _host(app, method: str, *args) -> str | None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "host":
        return getattr(net, method)(*args)
    return None


# data-command name -> handler (app.py adds them to its COMMANDS)
COMMANDS = {
    "net-accept": _accept,
    "net-answer": _accept,
    "net-scan": _scan,
    "net-seat": _seat,
    "net-copy": _copy,
    "net-share": _share,
    "join-table": lambda app, _arg: start_guest(app, None),
    "net-code": lambda app, arg: _host(app, "show_code", int(arg)) if arg.isdigit() else None,
    "net-computer": lambda app, arg: _host(app, "give", int(arg), remote.COMPUTER_LEVEL) if arg.isdigit() else None,
    "net-reopen": lambda app, arg: _host(app, "give", int(arg), "remote") if arg.isdigit() else None,
    "net-play": lambda app, _arg: _host(app, "to_table"),
    "net-rematch": lambda app, _arg: app.guest().accept_rematch() if app.guest() is not None else None,
    "net-lobby": lambda app, _arg: _host(app, "to_lobby"),
}

