"""Several devices, a guest's page side: `NetGuest` (its link to the host, its seat, its screen drawn from the host's
`screen` messages through the app's one `table(model)`, its end screen), and joining a table. The design is in
netplay.py."""

from __future__ import annotations

import asyncio
import json
import time

from pygames.app.messages import NOTHING
from pygames.app.session import clean_name

from . import dom, endscreen, kit, remote, sounds, table, vdom
from .boards import board_of
from .netpage import (
    ACTIVE_KEY,
    GUEST_KEY,
    SENDING_DRAW_MS,
    SILENT_REJOIN_S,
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
    note,
    read_json,
    scan_code,
    write,
)
from .render import by_id, clear, el, missing

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
        self.games = 0  # the games of this table drawn here (a rematch is another: its sounds and rings start anew)
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
        code, opened = await scan_code(offer=True)  # the host's code
        if code:
            await self.answer_code(code)
        elif not opened:
            self.error = "net.fail.camera"
            self.draw()

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
                show_guest_over(app, g.game, screen, g.invited is not None, self.game_key)
                app.screen_.ears.hear(sounds.screen(self.game_key, screen["seat"], [], [], over=True,
                                                    won=screen["seat"] in screen["result"]["winners"]))
            return
        if app.screen != "game":
            app.show_screen("game")
            dom.load_art(g.game)
        dom.show_table(True)
        app.cat.format_arg = board_of(app.games[g.game]).format_arg
        model = remote.model_of_guest(g, preview_on=app.preview_on, seat_open=app.seat_open,
                                      previewing=app.previewing if app.previewing in screen["legal"] else None)
        app.cat.set_seats(list(screen["names"]), remote.computers(model.kinds))
        app.screen_.guest_table(self.game_key, model)  # no Undo in its model: the host's game, its undo policy
        asyncio.ensure_future(awake(True))

    @property
    def game_key(self) -> str:
        return f"net:{self.guest.game}:{self.games}"

    def accept_rematch(self) -> None:
        """The host's new game, at this device's seat: its screen comes after the seat grant."""
        sent = self.guest.accept_rematch()
        if sent:
            self.accepting = True
            self.games += 1
            self.app.screen_.opened()  # nothing of the last game's board is compared with the new one
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


def show_guest_over(app, game_id: str, screen: dict, invited: bool, game_key: str) -> None:
    """The guest's end screen, drawn as the host's (`endscreen.show`): the result the host sent and its seat's final
    view (its own board, log and the game's after-the-end part: Spyworld's best routes), and in place of Play again
    the host's invitation to its next game (`invited`) or a word that it may come."""
    result, view, game = screen["result"], screen["view"], app.games[game_id]
    app.show_screen("gameover")
    board = board_of(game)

    def after_game(final_view: dict) -> None:  # once per finished game (the screen's `at` is its key)
        def show(answer) -> None:
            gameover = by_id("gameover")
            if not gameover.hidden and gameover.getAttribute("data-save") == game_key:
                endscreen.fill_after_game(board, final_view, answer, app.cat)
        answer = app.thinker.after_game(game, screen["at"], final_view, show)
        if answer is not None:
            show(answer)
    endscreen.show(app.cat, game, game_key, result, board, view, after_game, screen["seat"],
                   invited=invited, guest=True)
    asyncio.ensure_future(awake(False))


def start_guest(app, code: str | None) -> str:
    """This device joins a table (`code`: the host's, from a `#join=` link); it draws itself from then on."""
    net = NetGuest(app)
    app.seat_net(net)
    app.screen_.opened()  # nothing of this device's last game is compared with the table's
    app.show_screen("game")
    clear(by_id("board"))
    game = net.guest.game if net.guest.game in app.games else "sik"  # the stored one: its table, until screens come
    vdom.patch(by_id("game"), table.table(table.Model(game, None), app.cat))
    asyncio.ensure_future(net.start(code))
    return NOTHING
