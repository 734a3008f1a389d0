"""The app controller: screens, clicks, bots, the pass-the-device cover, autosave, import/export.

It reads only views (`Session.view`) and legal actions of the seat on screen; it never reads hidden state.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time

import js
from pyodide.ffi import create_proxy, to_js

from pygames import core
from pygames.core import registry
from pygames.core.guard import clip

from . import endscreen, i18n, match_view, pace, preview, reach, render, storage, table, thinking, tutorial_ui, vdom
from . import match as matches
from . import netplay as devices
from . import staging as replays
from .boards import Board, board_of
from .kit import describe, error_text
from .lastmove import LastMoves
from .render import by_id, clear, el, missing
from .session import HUMAN, LinkError, Seat, Session, clean_name, parse_deep_link
from .sounds import Ears

LANG_KEY = storage.LANG_KEY  # the saved-game keys live in storage.py
FOLLOW_DELAY = 3000  # a tab that took another tab's newer state lets that tab's computer seats move first


def storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage disabled (private mode): the app still works, without saves
        return None
    return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull, not None


def shell_pending() -> str | None:
    """A start or resume asked on the prebuilt home screen before Python was ready (static/shell.js)."""
    shell = getattr(js, "pygamesShell", None)
    asked = shell.takePending() if shell is not None else None
    return asked if isinstance(asked, str) else None


def storage_set(key: str, value: str | None) -> None:
    try:
        if value is None:
            js.localStorage.removeItem(key)
        else:
            js.localStorage.setItem(key, value)
    except Exception:
        pass


class App:
    def __init__(self):
        self.games = registry.LazyGames()
        self.cat = i18n.Catalogue(lang=self.initial_lang())
        self.session: Session | None = None
        self.screen = "home"
        self.covered_for: int | None = None  # the seat the cover waits for, or None
        self.bot_delay = pace.delay(storage_get(pace.KEY))  # the menu's speed; a link's botdelay wins
        self.bot_timer = None
        self.new_game_id: str | None = None
        self._bot_proxy = create_proxy(self.bot_tick)
        self.tab = storage.Tab(storage.Store(lambda: js.localStorage), storage.Store(lambda: js.sessionStorage))
        self.save_failing = False
        self.following = False  # this tab took its game's newer state from another tab
        self.last_moves = LastMoves()
        self.preview_on = preview.enabled(storage_get(preview.KEY))
        self.thinker = thinking.Thinker(on_change=self.redraw, on_error=self.search_failed)
        self.tutorial = tutorial_ui.Tutorial()
        self.board: Board | None = None  # the board contract of the session's game (boards/__init__.py)
        self.ears = Ears()  # the sound cues of each redraw
        self.net = None  # several devices (devices.py): this device's NetHost or NetGuest
        self.staging: replays.Run | None = None  # a replay of the last turn on screen (staging.py)
        self.stage_timer = None
        self._stage_proxy = create_proxy(self.stage_tick)

    # ------------------------------------------------------------------ boot

    def initial_lang(self) -> str:
        return str(js.pygamesShell.lang())  # boot.js chose it (the saved choice, else the browser's)

    def start(self) -> None:
        js.document.body.addEventListener("click", create_proxy(self.on_click))
        by_id("import-file").addEventListener("change", create_proxy(self.on_import))
        js.window.addEventListener("storage", create_proxy(self.on_storage))  # another tab saved
        js.window.addEventListener("resize", create_proxy(self.on_resize))  # a tablet turned: keep the decision
        js.window.addEventListener("pygames:art", create_proxy(self.on_resize))  # the game's look came (art.js)
        link = None
        try:
            link = parse_deep_link(str(js.location.search), self.games)
        except LinkError as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
        if link and link.get("lang"):
            self.cat.lang = link["lang"]
            storage_set(LANG_KEY, link["lang"])
        self.translate()
        by_id("loading").hidden = True
        js.document.querySelector(".topbar").hidden = False
        by_id("app").hidden = False
        pending = shell_pending()
        if devices.start(self, link):
            pass
        elif link and link.get("game"):
            self.start_from_link(link)
        elif self.start_tutorial_from_link():
            pass
        elif pending:
            self.run_pending(pending)
        elif not self.resume_current():
            self.show_home()
        js.document.documentElement.dataset.appState = "ready"

    def on_resize(self, _event=None) -> None:
        if self.screen == "game" and self.covered_for is None:
            reach.bring_decision_into_view()

    def run_pending(self, pending: str) -> None:
        """Do what the prebuilt home screen was asked before Python was ready: its dialog has our fields."""
        name, _, arg = pending.partition(":")
        try:
            if name in ("new", "start") and arg in self.games:
                self.new_game_id = arg
                self.show_new_game(arg, keep_values=True)
                if name == "start":
                    self.start_from_form()
                return
            if name == "resume" and self.resume(arg):
                return
            if name == "join-table":
                devices.start_guest(self, None)
                return
            if name == "tutorial" and arg in self.games:
                self.start_tutorial(arg)
                return
        except Exception as exc:  # whatever was asked, the app still starts
            self.show_error(self.cat.t("app.error", message=clip(describe(exc), 300)))
        self.show_home()

    def start_from_link(self, link: dict) -> None:
        game = self.games[link["game"]]
        seats = []
        for i, kind in enumerate(link["kinds"]):
            seats.append(Seat(clean_name(link["names"][i] if i < len(link["names"]) else ""), kind))
        if link["botdelay"] is not None:
            self.bot_delay = link["botdelay"]
        seed = link["seed"] if link["seed"] is not None else self.random_seed()
        js.history.replaceState(None, "", str(js.location.pathname))
        self.begin(game, seats, seed, link["options"])

    def random_seed(self) -> int:
        return int(js.Math.floor(js.Math.random() * 2_000_000_000))

    # ------------------------------------------------------------------ language

    def translate(self) -> None:
        js.pygamesShell.setLang(self.cat.lang, False)  # static/shell.js: the page's texts, the list, the dialog

    def set_lang(self, lang: str) -> None:
        self.cat.lang = lang
        js.pygamesShell.setLang(lang)  # translates and remembers: the one language switch, before and after boot
        self.rerender()

    def rerender(self) -> None:
        if self.net is not None and self.net.mode == "guest":
            self.net.rerender()
        elif self.screen == "home":
            self.show_home()
        elif self.screen == "newgame":
            self.show_new_game(self.new_game_id, keep_values=True)
        elif self.session is not None:
            self.refresh(schedule=False)

    # ------------------------------------------------------------------ screens

    def show_screen(self, name: str) -> None:
        if name != self.screen:
            reach.to_top()
        self.screen = name
        for screen in ("home", "newgame", "game", "gameover"):
            by_id(screen).hidden = screen != name
        by_id("cover").hidden = True
        by_id("rules").hidden = True
        by_id("confirm").hidden = True

    def show_home(self) -> None:
        if self.net is not None:
            self.net.leave()
            self.net = None
        self.stop_bots()
        self.tab.left(self.session.save_id if self.session else None)
        self.session = None
        self.show_screen("home")
        self.draw_saved_games()

    def draw_saved_games(self) -> None:
        js.pygamesShell.renderSaves()  # static/shell.js draws the saved-games list, before and after boot
        by_id("home-note").hidden = True

    def show_new_game(self, game_id: str, keep_values: bool = False) -> None:
        self.new_game_id = game_id
        self.show_screen("newgame")
        js.pygamesShell.showNewGame(game_id, keep_values)  # static/shell.js draws the dialog, before and after boot

    def start_from_form(self) -> None:
        form = json.loads(str(js.pygamesShell.newGameForm()))  # the dialog's choices, as plain JSON
        seats = [Seat(clean_name(name), kind) for name, kind in zip(form["names"], form["kinds"], strict=True)]
        seed_text = form["seed"].strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self.show_error(self.cat.t("core.err.seed"))
            return
        seed = int(seed_text) if seed_text else self.random_seed()
        if form.get("net") is not None:  # players on several devices: this device hosts the table
            devices.start_from_form(self, form, seats, seed)
            return
        self.begin(self.games[form["game"]], seats, seed, form["options"], takeback=form["takeback"])

    def begin(self, game, seats: list[Seat], seed: int, options: dict, match=None, takeback: bool = False) -> None:
        save_id = f"{game.ID}-{int(time.time() * 1000)}"
        try:
            session = Session.start(game, seats, seed, options, save_id, created=time.time(), takeback=takeback)
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        session.match = match if match is not None else matches.start(game, session.state["options"])
        self.open_session(session)

    def open_session(self, session: Session, save: bool = True) -> None:
        self.stop_bots()
        self.session = session
        self.cat.set_seats([s.name for s in session.seats],
                           {i for i, s in enumerate(session.seats) if s.kind != HUMAN})
        self.board = board_of(session.game)
        self.cat.format_arg = self.board.format_arg
        self.tab.opened(session.save_id)
        if save:  # not when taking another tab's newer state: that tab has just saved it
            self.autosave()
        self.covered_for = None
        self.last_moves.reset()
        js.pygamesArt.load(session.game.ID)  # the game's look (static/art.js), fetched once, never at boot
        undo = js.document.querySelector('[data-command="undo"]')  # "Take back" when the game allows take-backs
        undo.dataset.i18n, undo.textContent = session.undo_key, self.cat.t(session.undo_key)
        self.show_screen("game")
        self.refresh()

    # ------------------------------------------------------------------ the game screen

    def refresh(self, schedule: bool = True) -> None:
        """Decide what the screen shows after any change: end screen, cover, or the viewer's table."""
        s = self.session
        if self.net is not None:
            self.net.refresh(schedule)
            return
        if s.over:
            self.show_game_over()
            return
        if self.screen != "game":
            self.show_screen("game")
        waiting = s.choose_viewer()
        if waiting is not None:
            self.cover(waiting)
            return
        if self.covered_for is not None:
            return
        self.draw_table()
        if s.next_bot() is not None and schedule:
            self.schedule_bot()

    def cover(self, seat: int) -> None:
        """Hide everything private, then ask for the device to be passed to `seat`."""
        self.covered_for = seat
        self.last_moves.leave_board(by_id("board"))  # kept in memory for that seat's next turn, not in the page
        s = self.session
        # the table with nothing of anyone's: no board, hand, log, actions, nor the last viewer's news
        vdom.patch(by_id("game"), table.table(table.Model(s.game.ID, None, match=s.match), self.cat))
        name = self.cat.seat_name(seat)
        by_id("cover-title").textContent = self.cat.t("cover.title", player=name)
        by_id("reveal-button").textContent = self.cat.t("cover.reveal", player=name)
        by_id("cover").hidden = False
        by_id("reveal-button").focus()

    def reveal(self) -> None:
        if self.covered_for is None:
            return
        self.session.reveal(self.covered_for)
        self.covered_for = None
        by_id("cover").hidden = True
        self.draw_table()

    def redraw(self) -> None:
        """The table again, when what it shows of the thinker changed (a thinking line, a hint)."""
        if self.session is not None and self.screen == "game" and self.covered_for is None and not self.session.over:
            self.draw_table()

    def model(self) -> table.Model:
        """What the seat on screen may see, and the screen's own state: all `table.table` draws from."""
        if self.net is not None:
            return self.net.model()
        s = self.session
        legal = s.legal_for_viewer()
        view = self.with_device(s.view())
        first = s.first_unseen(s.viewer)
        if self.staging is not None and not self.staging.fits(s.state, s.viewer):
            self.end_replay(draw=False)  # the game moved on (or another seat is on screen): the replay is over
        return table.Model(
            s.game.ID, view, tuple(legal), s.viewer, tuple(seat.name for seat in s.seats),
            tuple(seat.kind for seat in s.seats), s.match, self.thinker.thinking_seat(s.viewer),
            self.thinker.hint(s, legal), self.tutorial.guide(s, view, legal), first,
            tuple(s.others_since(s.viewer)) if len(s.humans) > 1 else None,  # hot-seat: who played meanwhile
            news_open(first), s.can_undo(), self.preview_on,
            replayable=replays.others_moved(s.state, s.viewer),
            stage=self.staging.current() if self.staging is not None else None)

    def draw_table(self) -> None:
        """The viewer's screen: its model, its one tree, one patch; then what only the page can do (slides, scroll)."""
        s, model = self.session, self.model()
        self.last_moves.remember_board(by_id("board"), model.viewer)
        vdom.patch(by_id("game"), table.table(model, self.cat))
        log = (model.stage.frame.view if model.stage is not None else model.view)["log"]  # a replay's frame moves
        self.last_moves.log_seen(log)
        self.last_moves.mark_board(by_id("board"), model.stage is not None or model.first_fresh < len(log))
        render.scroll_to_end("log")
        js.document.querySelector('[data-command="undo"]').disabled = not model.can_undo  # the page's own menu
        by_id("preview-toggle").setAttribute("aria-pressed", "true" if model.preview_on else "false")
        if model.guide is not None:
            tutorial_ui.place_panel(self.redraw)
            if model.guide.target is not None:
                tutorial_ui.show_target()
        pace.show(self.bot_delay, len(s.humans) < len(s.seats))
        self.ears.table(s, model.view)
        reach.bring_into_view_after_slides()

    def show_game_over(self) -> None:
        self.stop_bots()
        s = self.session
        for node_id in ("board", "actions"):
            clear(by_id(node_id))  # no stale game controls behind the end screen
        self.show_screen("gameover")
        final_view = self.with_device(core.view(s.game, s.state, None))
        board = self.board
        if board.device_update is not None:  # e.g. PAX's solo campaign on this device
            device, recorded = board.device_update(final_view, final_view["device"])
            storage_set(board.device_key, json.dumps(device))
            final_view = {**final_view, "device": device, "device_recorded": recorded}
        endscreen.draw(self.cat, s, board, final_view, self.after_game)
        self.ears.over(s, s.result())

    def after_game(self, final_view: dict) -> None:
        """What the game works out after the end, asked once per finished game (a redraw draws it again)."""
        s = self.session

        def show(answer) -> None:
            if self.session is s and self.screen == "gameover":
                endscreen.fill_after_game(self.board, final_view, answer, self.cat)
        answer = self.thinker.after_game(s.game, s.state, final_view, show)
        if answer is not None:
            show(answer)

    def with_device(self, view: dict) -> dict:
        """The view plus what the board keeps on this device (`DEVICE_KEY`): renderers never read storage."""
        key = self.board.device_key
        if key is None:
            return view
        try:
            device = core.parse_json(storage_get(key) or "{}")  # depth-checked: a deep record never kills Pyodide
        except core.InvalidSave:
            device = {}
        return {**view, "device": device}

    # ------------------------------------------------------------------ actions and bots

    def play(self, action: str) -> None:
        if self.net is not None and self.net.mode == "guest":
            self.net.play(action)
            return
        if self.session is None or self.covered_for is not None or self.went_on_elsewhere():
            return
        self.following = False
        try:
            self.session.play(action, self.board.chained)
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.after_change()

    def after_change(self) -> None:
        self.autosave()
        self.refresh()

    def schedule_bot(self) -> None:
        if self.bot_timer is None:
            self.bot_timer = js.setTimeout(self._bot_proxy, self.bot_delay + (FOLLOW_DELAY if self.following else 0))

    def stop_bots(self) -> None:
        if self.bot_timer is not None:
            js.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def bot_tick(self, *_args) -> None:
        self.bot_timer = None
        if self.session is None or self.session.over or self.went_on_elsewhere():
            return
        try:
            if thinking.searched(self.session):  # normal and hard think in the search worker
                self.thinker.think(self.session, self.bot_played)
                return
            if self.session.bot_step() is not None:
                self.after_change()
        except Exception as exc:  # a bot bug must not freeze the app: say it
            self.show_error(self.cat.t("app.error", message=clip(describe(exc), 300)))

    def bot_played(self, session, request: dict, action: str) -> bool:
        """A searched move came back: played if the game has not moved on. It is saved in this task, its board is
        drawn in the next one and the table patched in the one after: on a busy two-core tablet each task of the
        main thread is stretched several times over, so the page stays responsive only if no single task does two
        of these."""
        if self.session is not session or not session.bot_answer(request, action):
            return False
        played = session.state
        self.autosave()

        def current() -> bool:
            return self.session is session and session.state is played and self.screen == "game"

        async def draw() -> None:
            await asyncio.sleep(0)  # a click waiting since the answer came goes first
            if current() and self.covered_for is None and not session.over:
                table.prepare(self.model(), self.cat)  # the board in a task of its own, taken by the redraw
                await asyncio.sleep(0)
            if current():
                self.refresh()  # skipped if anything else moved the game on meanwhile (that change drew it)
        asyncio.ensure_future(draw())
        return True

    def search_failed(self, message: str) -> None:
        self.show_error(self.cat.t("app.error", message=message))

    def undo(self) -> None:
        if self.went_on_elsewhere():
            return
        try:
            self.session.undo()
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.after_change()

    # ------------------------------------------------------------------ saving

    def autosave(self) -> None:
        s = self.session
        if self.net is not None:
            self.net.autosave()  # the referee saves (with its seats and tokens) before it tells the guests
            return
        outcome = self.tab.write(s.save_id, s.to_save(updated=time.time()))
        if outcome == storage.CONFLICT:  # our last change was made on a stale game: take the newer one
            self.went_on_elsewhere()
            return
        if outcome == storage.FAILED and not self.save_failing:
            self.show_notice(self.cat.t("app.notice.save_failed"))
        self.save_failing = outcome == storage.FAILED
        if s.over and match_view.offer(s, s.result()) is None:  # a pending follow-up game stays current
            self.tab.left(s.save_id)

    def went_on_elsewhere(self) -> bool:
        """If another tab moved this game on, load its newer state (never write over it) and say so. A newer
        copy that cannot be read is kept, and this tab's game goes on under a new id. True if reloaded."""
        s = self.session
        newer = self.tab.newer(s.save_id) if s is not None else None
        if newer is None:
            return False
        if storage.same_moves(newer, self.tab.known[s.save_id]):
            self.tab.known[s.save_id] = newer  # only re-saved (e.g. resumed) over there
            return False
        try:
            session = Session.from_save(newer, self.games, save_id=s.save_id)
        except core.InvalidSave:
            s.save_id = f"{s.save_id}-{int(time.time() * 1000)}"
            self.tab.opened(s.save_id)
            self.show_notice(self.cat.t("app.notice.forked"))
            self.autosave()
            return False
        self.tab.known[s.save_id] = newer
        self.following = True
        self.open_session(session, save=False)
        self.show_notice(self.cat.t("app.notice.other_tab"))
        return True

    def on_storage(self, event) -> None:
        key = event.key if isinstance(event.key, str) else None  # None: storage cleared
        if self.session is not None and key == storage.SAVE_PREFIX + self.session.save_id:
            self.went_on_elsewhere()
        elif self.screen == "home":
            self.draw_saved_games()

    def resume(self, save_id: str) -> bool:
        text = self.tab.read(save_id)
        if text is None:
            return False
        if devices.is_host_save(text):
            return devices.resume_host(self, text, save_id)
        try:
            session = Session.from_save(text, self.games, save_id=save_id)
        except core.InvalidSave as exc:  # kept as it is: the home list says why, and offers Export and Delete
            self.show_notice(self.cat.t("app.notice.unreadable", name=clip(save_id, 40),
                                        reason=self.cat.t(exc.key, **exc.params)))
            js.pygamesShell.refused(save_id, exc.key, json.dumps({k: clip(v) for k, v in exc.params.items()}))
            return False
        self.open_session(session)
        return True

    def resume_current(self) -> bool:
        current = self.tab.current()
        return bool(current) and self.resume(current)

    def export(self) -> None:
        s = self.session
        if s is None:
            return
        self.download(s.to_save(updated=time.time()), f"pygames-{s.save_id}.json")

    def download(self, text: str, filename: str) -> None:
        blob = js.Blob.new(to_js([text]),
                           to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = el("a", {"href": url, "download": filename})
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    def on_import(self, event) -> None:
        files = event.target.files
        if files.length == 0:
            return
        asyncio.ensure_future(self.import_file(files.item(0)))
        event.target.value = ""

    async def import_file(self, file) -> None:
        try:
            if file.size > 4 * core.engine.MAX_SAVE_BYTES:  # do not even read it (4 bytes per UTF-8 char at most)
                raise core.InvalidSave("core.save.too_big", {}, "file too big")
            text = str(await file.text())
            session = Session.from_save(text, self.games, save_id=f"import-{int(time.time() * 1000)}")
        except core.InvalidSave as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        except Exception as exc:  # unreadable file, wrong encoding…
            self.show_error(self.cat.t("app.error", message=describe(exc)[:200]))
            return
        self.open_session(session)

    # ------------------------------------------------------------------ rules and errors

    def show_rules(self, game_id: str | None = None, section: str = "") -> None:
        """The rules page (static/shell.js fetches it on first use), scrolled to `section` when given."""
        game_id = game_id or (self.session.game.ID if self.session else self.new_game_id)
        js.pygamesShell.showRules(game_id or "", self.cat.lang, section)

    def ask(self, question: str, yes_command: str, yes_key: str, no_key: str) -> None:
        """An in-app question (not the browser's confirm()): Yes runs `yes_command`, No closes it."""
        by_id("confirm-text").textContent = self.cat.t(question)
        yes, no = by_id("confirm-yes"), by_id("confirm-no")
        label = yes.querySelector("[data-i18n]")  # beside the warning sign, which stays
        yes.dataset.command, label.dataset.i18n, label.textContent = yes_command, yes_key, self.cat.t(yes_key)
        no.dataset.i18n, no.textContent = no_key, self.cat.t(no_key)
        by_id("confirm").hidden = False
        no.focus()  # a stray Enter keeps things as they are: the risky answer is never the default

    def show_error(self, message: str) -> None:
        by_id("error-text").textContent = clip(error_text(message, self.cat), 600)  # never a hostile value echoed whole
        by_id("error").hidden = False

    def show_notice(self, message: str) -> None:
        by_id("notice-text").textContent = message
        by_id("notice").hidden = False

    # ------------------------------------------------------------------ clicks

    def on_click(self, event) -> None:
        target = event.target.closest("[data-command],[data-action]") if hasattr(event.target, "closest") else None
        on_board = hasattr(event.target, "closest") and not missing(event.target.closest("#board"))
        if self.staging is not None and (on_board or not missing(target) and target.hasAttribute("data-action")):
            self.end_replay()  # any tap on the decision (or the board) ends the replay; an action is then played
        if missing(target) or target.disabled:
            return
        try:
            if target.hasAttribute("data-action") and self.preview_on and preview.wants_preview(target):
                preview.show(target, self.cat)  # first tap on the board: say what it does, commit on the second
            elif target.hasAttribute("data-action"):
                self.play(str(target.dataset.action))
            else:
                self.command(str(target.dataset.command))
        except Exception as exc:  # never let a click crash the app
            self.show_error(self.cat.t("app.error", message=describe(exc)[:300]))
            js.console.error(str(exc))

    def command(self, command: str) -> None:
        """A shell control's `data-command` ("name" or "name:arg"), run by its entry in COMMANDS."""
        name, _, arg = command.partition(":")
        handler = COMMANDS.get(name)
        if handler is not None:
            handler(self, arg)

    def go_home(self, name: str) -> None:
        if self.session is not None and self.session.over:
            self.tab.left(self.session.save_id)  # leaving an end screen: a reload shows the home page
        saved = name == "quit" and self.session is not None and not self.session.over
        self.show_home()
        if saved:  # Quit keeps the game: say so, and where to find it
            by_id("home-note").textContent = self.cat.t("home.saved_note")
            by_id("home-note").hidden = False

    def ask_hint(self) -> None:
        s = self.session
        if s is not None:
            self.thinker.ask_hint(s, lambda: self.session is s and self.covered_for is None)

    def start_tutorial(self, game_id: str) -> bool:
        session = tutorial_ui.new_session(game_id, self.games, self.tab)
        if session is not None:
            self.open_session(session)
        return session is not None

    def start_tutorial_from_link(self) -> bool:
        game_id, delay = tutorial_ui.link()
        if game_id is None:
            return False
        if delay is not None:
            self.bot_delay = delay
        return self.start_tutorial(game_id)

    def tutorial_min(self) -> None:
        if self.session is not None:
            self.tutorial.toggle_min(self.session)
            self.refresh(schedule=False)

    def tutorial_skip(self) -> None:
        if self.session is not None:
            self.session.tutorial = None  # from now on a normal game, saved as one
            self.autosave()
            self.refresh(schedule=False)

    def ask_restart(self) -> None:
        if self.session is not None:
            self.ask("app.confirm_restart", "restart-yes", "common.yes_restart", "common.no_keep")

    def restart(self) -> None:
        if self.session is None:
            return
        by_id("confirm").hidden = True
        self.session.restart()
        self.covered_for = None
        self.after_change()

    def skip_replay(self) -> None:
        """A step-by-step replay (Spyworld's routes) shown at once."""
        for node in js.document.querySelectorAll(".replay"):
            node.classList.remove("replay")
        for node in js.document.querySelectorAll(".replay-skip"):
            node.hidden = True

    def replay_turn(self) -> None:
        """Stage the others' moves since the viewer's last action, one frame per step at the menu's speed."""
        s = self.session
        if s is None or self.covered_for is not None or s.viewer is None or s.over or self.screen != "game":
            return
        self.end_replay(draw=False)
        self.staging = replays.Run.of(s.game, s.state, s.viewer)
        if self.staging is not None:
            self.draw_table()
            self.stage_timer = js.setTimeout(self._stage_proxy, replays.step_ms(storage_get(pace.KEY)))

    def stage_tick(self, *_args) -> None:
        self.stage_timer = None
        if self.staging is None:
            return
        if not self.staging.advance():
            self.end_replay()
            return
        self.redraw()
        if self.staging is not None:
            self.stage_timer = js.setTimeout(self._stage_proxy, replays.step_ms(storage_get(pace.KEY)))

    def end_replay(self, draw: bool = True) -> None:
        """The replay is over (its last frame, Skip, a tap on the decision): the table as it stands."""
        if self.stage_timer is not None:
            js.clearTimeout(self.stage_timer)
            self.stage_timer = None
        was, self.staging = self.staging, None
        if was is not None and draw:
            self.redraw()

    def toggle_preview(self) -> None:
        self.preview_on = not self.preview_on
        storage_set(preview.KEY, "on" if self.preview_on else "off")
        preview.clear_selection()
        by_id("preview-toggle").setAttribute("aria-pressed", "true" if self.preview_on else "false")

    def again(self) -> None:
        if self.session is not None:
            s = self.session
            self.begin(s.game, s.seats, self.random_seed(), s.state["options"], takeback=s.takeback)

    def follow_up(self) -> None:
        if self.session is None or not self.session.over:
            return
        follow = match_view.offer(self.session, self.session.result())
        if follow is not None:  # same seats: the next game of the match or a tie-break game
            self.begin(self.session.game, self.session.seats, follow.seed, follow.options, follow.match,
                       takeback=self.session.takeback)

    def speed(self, arg: str) -> None:
        if arg in pace.DELAYS:
            storage_set(pace.KEY, arg)
            self.bot_delay = pace.delay(arg)
            pace.show(self.bot_delay, True)

    def ask_export(self) -> None:
        if self.session is not None and self.session.secrets_between_humans():
            self.ask("app.confirm_export", "export-yes", "common.yes_export", "common.no_cancel")
        else:
            self.confirmed_export()

    def confirmed_export(self) -> None:
        by_id("confirm").hidden = True
        self.export()

    def export_raw(self, save_id: str) -> None:
        self.download(self.tab.local.get(storage.SAVE_PREFIX + save_id) or "", f"pygames-{save_id}.json")


def _hide(node_id: str):
    def hide(app: App, _arg: str) -> None:
        by_id(node_id).hidden = True
    return hide


# data-command name -> what it does, given the app and the text after "name:" ("" when none)
COMMANDS = {
    "lang": App.set_lang,
    "home": lambda app, _arg: app.go_home("home"),
    "quit": lambda app, _arg: app.go_home("quit"),
    "new": App.show_new_game,
    "start": lambda app, _arg: app.start_from_form(),
    "resume": App.resume,
    "reveal": lambda app, _arg: app.reveal(),
    "hint": lambda app, _arg: app.ask_hint(),
    "undo": lambda app, _arg: app.undo() if app.session is not None else None,
    "restart": lambda app, _arg: app.ask_restart(),
    "restart-yes": lambda app, _arg: app.restart(),
    "close-confirm": _hide("confirm"),
    "skip-replay": lambda app, _arg: app.skip_replay(),
    "replay-turn": lambda app, _arg: app.replay_turn(),
    "replay-end": lambda app, _arg: app.end_replay(),
    "cancel-preview": lambda app, _arg: preview.clear_selection(),
    "toggle-preview": lambda app, _arg: app.toggle_preview(),
    "speed": App.speed,
    "again": lambda app, _arg: app.again(),
    "follow-up": lambda app, _arg: app.follow_up(),
    "export": lambda app, _arg: app.ask_export(),
    "export-yes": lambda app, _arg: app.confirmed_export(),
    "rules": lambda app, arg: app.show_rules(arg or None),
    "dismiss-error": _hide("error"),
    "dismiss-notice": _hide("notice"),
    "export-raw": App.export_raw,
    "tutorial": App.start_tutorial,
    "tutorial-min": lambda app, _arg: app.tutorial_min(),
    "tutorial-skip": lambda app, _arg: app.tutorial_skip(),
    "tutorial-rules": lambda app, arg: app.show_rules(section=arg),
    **devices.COMMANDS,
}


def news_open(first: int) -> bool:
    """Whether the player opened the banner's "more" list of this same news: it stays open across redraws."""
    banner = by_id("last-move")
    more = banner.querySelector("details") if banner is not None else None
    return not missing(more) and bool(more.open) and str(banner.dataset.first) == str(first)


def start() -> App:
    app = App()
    app.start()
    # What is alive once the app is up (modules, data tables, the catalogue) lives as long as the page: the cyclic
    # collector need never scan it again, so its pauses (in the middle of a tap) stay short.
    gc.freeze()
    return app
