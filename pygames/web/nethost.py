"""Several devices, the host's page side: `NetHost` (the lobby, the pairing codes, the referee's texts to and from
each guest, a rematch at the same table), and starting or resuming a hosted game. The design is in netplay.py."""

from __future__ import annotations

import asyncio
import json
import time

from pygames import core
from pygames.app import messages
from pygames.app.messages import SAVE, STILL
from pygames.app.session import Seat, Session

from . import dom, kit, remote, saving, vdom
from .netpage import (
    ACTIVE_KEY,
    SPARE_RETRY_S,
    TICK_MS,
    answer_form,
    awake,
    button,
    code_box,
    draw_codes,
    fill_panel,
    hide_panel,
    ice_servers,
    link_module,
    lobby_entry,
    note,
    scan_code,
    write,
)
from .render import by_id, el, missing

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
        code, opened = await scan_code(offer=False)  # a guest's answer
        if code:
            await self.accept(code)
        elif not opened:
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
    from pygames.app.dialog import net_seats

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
