"""The app controller: every event becomes a message (`messages.py`), `App.update(msg)` decides what it changes (the
game through the pure `Session`, the screen's own state here), then `App.draw` shows the result once: the end
screen, the pass-the-device cover, or the viewer's table (`table.table(model)`, one patch).

It reads only views (`Session.view`) and legal actions of the seat on screen; it never reads hidden state. The page
is reached through `dom.py` (the bridge) and `screens.py` (the shell around the table).
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
from dataclasses import replace

from pygames import core
from pygames.app import match as matches
from pygames.app import messages, newgame, storage
from pygames.app.messages import COVER, NEXT, NOTHING, SAVE, STILL, TABLE
from pygames.app.session import HUMAN, LinkError, Seat, Session, parse_deep_link
from pygames.core import registry
from pygames.core.guard import clip

from . import (
    analysing,
    commands,
    dom,
    gamescreen,
    historypage,
    netguest,
    nethost,
    netplay,
    pace,
    preview,
    reach,
    saving,
    screens,
    table,
    thinking,
)
from . import tutorial_ui as tutorials
from .boards import Board, board_of
from .gamescreen import GameScreen
from .i18n import Catalogue
from .kit import describe, error_text
from .replay import Replay
from .reviewing import KEYS, Reviewing


class App:
    def __init__(self):
        self.games = registry.LazyGames()
        self.cat = Catalogue(lang=str(dom.shell().lang()))  # boot.js chose it (saved choice, else the browser's)
        self.session: Session | None = None
        self.screen = "home"
        self.covered_for: int | None = None  # the seat the cover waits for, or None
        self.clock = pace.Clock(dom.stored(pace.KEY))  # the computer's pause: the menu's speed; a link's wins
        self.new_game_id: str | None = None
        self.tab = storage.Tab(storage.Store(dom.local_storage), storage.Store(dom.session_storage))
        self.saver = saving.Saver(self.tab, self.games)
        self.preview_on = preview.enabled(dom.stored(preview.KEY))
        self.thinker = thinking.Thinker(on_change=lambda: self.send(messages.Redraw()),  # a search failed:
                                        on_error=lambda text: self.show_error(self.cat.t("app.error", message=text)),
                                        on_notice=lambda key: self.show_notice(self.cat.t(key)))
        self.tutorial = tutorials.Tutorial()
        self.board: Board | None = None  # the board contract of the session's game (boards/__init__.py)
        self.screen_ = GameScreen(self.cat, self.thinker, self.tutorial)  # draws the game screen
        self.replay = Replay()  # the replay of the last turn, when one is on screen
        self.reviewing = Reviewing()  # a whole game's replay, when one is on screen (over the table or end screen)
        self.analyst = analysing.Analyst(self.thinker, self.tab.local,  # a finished game's analysis, in the worker
                                         on_change=lambda: self.send(messages.Command("analysis-changed")),
                                         on_error=lambda text: self.show_error(self.cat.t("analysis.failed",
                                                                                          message=text)))
        self.seat_open: int | None = None  # the seat whose full area is open over the board (its summary tapped)
        self.previewing: str | None = None  # the board target tapped once (touch preview), until played or cancelled
        self.news_open_at: int | None = None  # the banner's news whose other lines were opened (its first line)
        self.net = None  # several devices (netplay.py): this device's NetHost or NetGuest, else None
        self.recorded: set[str] = set()  # the games this page already put in the history

    # ------------------------------------------------------------------ boot

    def start(self) -> None:
        dom.listen("body", "click", self.on_click)
        dom.on_file_chosen("import-file", self.imported)  # a save file to import
        dom.listen("window", "storage", lambda event: self.send(
            messages.OtherTab(event.key if isinstance(event.key, str) else None)))  # another tab saved (None: cleared)
        dom.listen("window", "resize", lambda _event=None: self.send(messages.Resized()))  # a tablet turned
        dom.listen("window", "pygames:art", lambda _event=None: self.send(messages.Resized()))  # the game's look came
        dom.listen("window", "keydown", self.on_key)  # a replay's steps from the keyboard
        dom.listen("body", "input", self.on_input)  # a replay's slider
        link = None
        try:
            link = parse_deep_link(dom.location_search(), self.games)
        except LinkError as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
        if link and link.get("lang"):
            self.cat.lang = link["lang"]
            dom.store(storage.LANG_KEY, link["lang"])
        dom.shell().setLang(self.cat.lang, False)  # static/shell.js: the page's texts, the list, the dialog
        screens.app_shown()
        pending = dom.shell_pending()
        if (shown := netplay.start(self, link)) is not None:
            pass
        elif link and link.get("game"):
            shown = self.start_from_link(link)
        elif (shown := self.start_tutorial_from_link()) is not None:
            pass
        elif pending:
            shown = self.run_pending(pending)
        elif (shown := self.resume(self.tab.current() or "")) is None:
            self.show_home()
        self.draw(self.settle(shown or NOTHING))
        dom.set_app_state("ready")

    def run_pending(self, pending: str) -> str | None:
        """Do what the prebuilt home screen was asked before Python was ready: its dialog has our fields."""
        name, _, arg = pending.partition(":")
        try:
            if name in ("new", "start") and arg in self.games:
                self.show_new_game(arg, keep_values=True)
                return self.start_from_form() if name == "start" else NOTHING
            if name == "resume" and (shown := self.resume(arg)) is not None:
                return shown
            if name == "review-save" and (shown := commands.review_saved(self, arg)) is not None:
                return shown
            if name == "join-table":
                return netguest.start_guest(self, None)
            if name == "history":
                return self.show_history()
            if name == "tutorial" and arg in self.games:
                return self.start_tutorial(arg)
        except Exception as exc:  # whatever was asked, the app still starts
            self.show_error(self.cat.t("app.error", message=clip(describe(exc), 300)))
        self.show_home()
        return None

    def start_from_link(self, link: dict) -> str | None:
        seats = newgame.link_seats(link)
        if link["botdelay"] is not None:
            self.clock.delay = link["botdelay"]
        seed = link["seed"] if link["seed"] is not None else dom.random_seed()
        dom.consume_link()
        return self.begin(self.games[link["game"]], seats, seed, link["options"])

    # ------------------------------------------------------------------ events become messages

    def on_click(self, event) -> None:
        target = event.target.closest("[data-command],[data-action]") if hasattr(event.target, "closest") else None
        on_board = hasattr(event.target, "closest") and not dom.missing(event.target.closest("#board"))
        if self.replay.run is not None and (on_board or not dom.missing(target) and target.hasAttribute("data-action")):
            self.send(messages.Command("replay-end"))  # a tap on the board or the decision ends the replay
        if dom.missing(target) or target.disabled:
            return
        try:
            if target.hasAttribute("data-action") and self.preview_on and preview.wants_preview(target):
                # first tap on the board: say what it does, commit on the second
                self.send(messages.Command("preview", str(target.dataset.action)))
            elif target.hasAttribute("data-action"):
                self.send(messages.Play(str(target.dataset.action)))
            else:
                self.send(messages.Command.parse(str(target.dataset.command)))
        except Exception as exc:
            self.fail(exc)

    def on_key(self, event) -> None:
        """←/→, Home and End step a whole game's replay (not while a field or the slider has the keys)."""
        where = KEYS.get(str(event.key))
        if where is None or self.reviewing.review is None or self.screen != "game" or event.altKey or event.ctrlKey:
            return
        if str(getattr(event.target, "tagName", "")).upper() in ("INPUT", "TEXTAREA", "SELECT"):
            return
        event.preventDefault()
        self.send(messages.Command("review-go", where))

    def on_input(self, event) -> None:
        """The replay's slider moved: its value is the decision to show."""
        target = event.target  # any field's input comes here (a file chosen, a name typed): only the slider counts
        if hasattr(target, "getAttribute") and target.getAttribute("data-command") == "review-go":
            self.send(messages.Command("review-go", str(target.value)))

    def imported(self, file) -> None:
        """A save file chosen: refused before it is read when too big to be a save, else read as text."""
        async def read() -> None:
            try:
                saving.check_import_size(file.size)
                self.send(messages.Imported(str(await file.text())))
            except Exception as exc:  # too big, unreadable, wrong encoding…
                self.fail(exc)
        asyncio.ensure_future(read())

    def send(self, msg) -> None:
        """The one way in: `update` decides what `msg` changes and `settle` performs what that asks of the app's
        state, then the screen is drawn once (`draw` only draws)."""
        try:
            self.draw(self.settle(self.update(msg)))
        except Exception as exc:
            self.fail(exc)

    def fail(self, exc: Exception) -> None:
        """Never let an event crash the app: a refused move or save is said in the catalogue's words (nothing is
        lost), anything else (a bot bug) as an error."""
        if isinstance(exc, (core.IllegalAction, core.InvalidSave)):
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.show_error(self.cat.t("app.error", message=clip(describe(exc), 300)))
        dom.error(describe(exc))

    def update(self, msg) -> str:
        """What `msg` changes; returns what to draw (messages.NOTHING, TABLE, STILL, NEXT or SAVE)."""
        match msg:
            case messages.Play(action):
                return self.play(action)
            case messages.Command(name, arg):
                handler = COMMANDS.get(name)
                return (handler(self, arg) if handler is not None else None) or NOTHING
            case messages.BotTurn():
                return self.bot_turn()
            case messages.BotAnswer(session, request, action):
                return self.bot_answer(session, request, action)
            case messages.Played(session, state):  # drawn in the task after the one that saved it
                same = self.session is session and session.state is state and self.screen == "game"
                return NEXT if same else NOTHING  # skipped if anything else moved the game on (that drew it)
            case messages.Redraw():
                return TABLE
            case messages.ReplayStep():
                self.replay.step(self.replay_tick)
                return TABLE
            case messages.TableChanged(save):
                return SAVE if save else NEXT
            case messages.Resized():
                if self.screen == "game" and self.covered_for is None:
                    reach.bring_decision_into_view()
                return NOTHING
            case messages.OtherTab(key):
                if self.session is not None and key == storage.SAVE_PREFIX + self.session.save_id:
                    return self.other_tab() or NOTHING
                if self.screen == "home":
                    self.draw_saved_games()
                return NOTHING
            case messages.Imported(text):
                return self.open_import(text)
        return NOTHING

    # ------------------------------------------------------------------ drawing

    def settle(self, what: str) -> str:
        """What `update`'s answer asks of the app's state, done in this one place before anything is drawn (Elm's
        commands): the seat names the words use, the save, the clock at the end, whose screen comes next and the
        pass-the-device cover (then COVER), the next computer's turn. Returns what `draw` shows."""
        if what == NOTHING or self.session is None:
            return what
        s = self.session
        if self.net is not None:  # a guest's device names its seat when it joins: the host's words say it too
            self.name_seats(s)
        if what == SAVE:
            self.autosave()
        if what == TABLE:
            return what
        if s.over:
            self.clock.stop()
            if self.net is None and s.save_id not in self.recorded:  # once per game: its record in the history
                self.recorded.add(s.save_id)
                historypage.remember(self.tab.local, s)
            return what
        waiting = s.choose_viewer()
        if waiting is not None:
            self.covered_for = waiting
            self.seat_open = self.previewing = None  # the next seat's table: no one's area or choice over it
            return COVER
        if self.covered_for is None and s.next_bot() is not None and what != STILL:
            self.clock.start(lambda: self.send(messages.BotTurn()))  # runs after this task: after the draw
        return what

    def draw(self, what: str) -> None:
        """Show what `update` asked for (`settle` did the rest): the end screen, the cover, the table, or nothing."""
        if what == NOTHING or self.session is None:
            return
        self.draw_game(what)
        if self.net is not None:
            self.net.drawn()  # a host's pairing panel (its lobby, or who is away) with the table

    def draw_game(self, what: str) -> None:
        if what == COVER:  # the device goes to another seat: no one's replay stays over the cover
            self.reviewing.close()
        if self.reviewing.review is not None:  # a whole game's replay is on screen, whatever the game does meanwhile
            if self.screen != "game":
                self.show_screen("game")
            model = self.reviewing.model(self.session, self.board, gamescreen.with_device)
            verdict = self.analyst.verdict(self.session, model.review.step, self.cat)
            self.screen_.paint(replace(model, review=replace(model.review, verdict=verdict)) if verdict else model,
                               None)
            return
        if what == TABLE:
            if self.screen == "game" and self.covered_for is None and not self.session.over:
                self.draw_table()
            return
        s = self.session
        if s.over:
            self.show_screen("gameover")
            me = self.net.host.here if self.net is not None else s.initial_viewer()  # the one player here, if any
            analysed = self.analyst.model(s, self.cat) if self.net is None else None  # a host's several devices: not
            self.screen_.over(s, self.board, lambda: self.session is s and self.screen == "gameover", me, analysed)
            return
        if self.screen != "game":
            self.show_screen("game")
        if what == COVER:
            self.screen_.cover(s, self.covered_for)
        elif self.covered_for is None:
            self.draw_table()

    def show_screen(self, name: str) -> None:
        """Only screen `name`, at its top: shown first, so the board going back to fit is laid out only if it shows
        (leaving a zoomed board for the end screen relaid the whole board out, ~40 ms, just before hiding it)."""
        changed = name != self.screen
        self.screen = name
        screens.show(name)
        if changed:
            reach.to_top()

    def show_home(self) -> None:
        self.reviewing.close()
        self.leave_net()
        self.clock.stop()
        self.tab.left(self.session.save_id if self.session else None)
        self.session = None
        self.show_screen("home")
        self.draw_saved_games()

    def draw_saved_games(self) -> None:
        dom.shell().renderSaves()  # static/shell.js draws the saved-games list, before and after boot
        screens.home_note(None)

    def show_history(self) -> None:
        """Your games and statistics: its model from the stored history, one patch."""
        self.reviewing.close()
        self.leave_net()
        self.clock.stop()
        if self.session is not None:
            self.tab.left(self.session.save_id)
        self.session = None
        self.show_screen("history")
        historypage.draw(self.tab.local, self.cat)

    def show_new_game(self, game_id: str, keep_values: bool = False) -> None:
        self.new_game_id = game_id
        self.show_screen("newgame")
        dom.shell().showNewGame(game_id, keep_values)  # static/shell.js draws the dialog, before and after boot

    def draw_table(self) -> None:
        self.screen_.table(self.session, self.table_model(), self.clock.delay, lambda: self.send(messages.Redraw()))

    def table_model(self) -> table.Model:
        """The seat on screen's model: a host's at a table of several devices, else with the replay on screen."""
        s = self.session
        if self.net is not None:
            return self.screen_.host_model(self.net.host, s, self.board, self.preview_on, self.seat_open,
                                           self.previewing)
        return self.screen_.model(s, self.board, self.preview_on, self.replay.stage(s.state, s.viewer),
                                  self.seat_open, self.previewing, self.news_open_at)

    # ------------------------------------------------------------------ games: start, open, play

    def start_from_form(self) -> str | None:
        form = json.loads(str(dom.shell().newGameForm()))  # the dialog's choices, as plain JSON
        try:
            seed = newgame.form_seed(form)
        except LinkError as exc:
            self.show_error(self.cat.t(exc.key))
            return None
        seed = dom.random_seed() if seed is None else seed
        if form.get("net") is not None:  # players on several devices: this device hosts the table
            return nethost.start_from_form(self, form, newgame.form_seats(form), seed)
        return self.begin(self.games[form["game"]], newgame.form_seats(form), seed, form["options"],
                          takeback=form["takeback"])

    def begin(self, game, seats: list[Seat], seed: int, options: dict, match=None, takeback: bool = False):
        save_id = f"{game.ID}-{int(time.time() * 1000)}"
        try:
            session = Session.start(game, seats, seed, options, save_id, created=time.time(), takeback=takeback)
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return None
        session.match = match if match is not None else matches.start(game, session.state["options"])
        return self.open_session(session)

    def open_session(self, session: Session, save: bool = True) -> str:
        self.clock.stop()
        self.reviewing.close()
        screens.clear_error()  # a refusal of the dialog's (say) is about the game not started, not this one
        self.session = session
        self.name_seats(session)
        self.board = board_of(session.game)
        self.cat.format_arg = self.board.format_arg
        self.tab.opened(session.save_id)
        if save:  # not when taking another tab's newer state: that tab has just saved it
            self.autosave()
        self.covered_for = None
        self.seat_open = self.previewing = None
        self.screen_.opened()
        dom.load_art(session.game.ID)
        screens.undo_label(session.undo_key, self.cat.t(session.undo_key), self.cat.t(session.undo_key + "_short"))
        self.show_screen("game")
        return NEXT

    def name_seats(self, session: Session) -> None:
        """The catalogue's seat names and computers, as the session has them."""
        self.cat.set_seats([s.name for s in session.seats],
                           {i for i, s in enumerate(session.seats) if s.kind != HUMAN})

    def play(self, action: str) -> str:
        self.previewing = None
        if self.guest() is not None:
            self.net.play(action)  # sent to the host, whose answer redraws this device
            return NOTHING
        if self.session is None or self.covered_for is not None:
            return NOTHING
        if (taken := self.other_tab()) is not None:
            return taken
        self.clock.following = False
        self.session.play(action, self.board.chained)  # a refused action raises: said by `fail`, nothing drawn
        return SAVE

    def undo(self) -> str | None:
        if self.session is None:
            return None
        if (taken := self.other_tab()) is not None:
            return taken
        s = self.session
        before = list(s.state["history"])
        s.undo()
        if s.takeback:  # say what was taken back: the player's move, in its words, and the computer's reply
            gone = before[len(s.state["history"]):]
            mine = [action for seat, action in gone if seat == s.viewer]
            if mine:
                words = table.action_label(s.game, s.view(), mine[0], self.cat)
                replies = len(gone) - len(mine)
                key = {0: "app.notice.taken_back_own", 1: "app.notice.taken_back"}.get(replies,
                                                                                      "app.notice.taken_back_many")
                self.show_notice(self.cat.t(key, move=words, n=replies))
        return SAVE

    def reveal(self) -> str | None:
        if self.covered_for is None:
            return None
        self.session.reveal(self.covered_for)
        self.covered_for = None
        screens.hide("cover")
        return TABLE

    def restart(self) -> str | None:
        if self.session is None:
            return None
        screens.hide("confirm")
        self.session.restart()
        self.covered_for = None
        return SAVE

    # ------------------------------------------------------------------ the computer

    def bot_turn(self) -> str:
        if self.session is None or self.session.over:
            return NOTHING
        if (taken := self.other_tab()) is not None:
            return taken
        if thinking.searched(self.session):  # normal and hard think in the search worker
            self.thinker.think(self.session, self.searched_move)
            return NOTHING
        return SAVE if self.session.bot_step() is not None else NOTHING

    def searched_move(self, session, request: dict, action: str) -> bool:
        self.send(messages.BotAnswer(session, request, action))
        return True  # a move not played redraws through `update` (the thinking line goes)

    def bot_answer(self, session, request: dict, action: str) -> str:
        """A searched move came back: played if the game has not moved on. It is saved in this task, its board is
        drawn in the next one and the table patched in the one after: on a busy two-core tablet each task of the
        main thread is stretched several times over, so the page stays responsive only if no single task does two
        of these."""
        if self.session is not session or not session.bot_answer(request, action):
            return TABLE  # not played: the thinking line goes
        played = session.state
        if (taken := self.autosave()) is not None:
            return taken

        async def later() -> None:
            await asyncio.sleep(0)  # a click waiting since the answer came goes first
            if self.session is session and session.state is played and self.screen == "game" \
                    and self.covered_for is None and not session.over:
                table.prepare(self.table_model(), self.cat)  # the board in a task of its own, taken by the redraw
                await asyncio.sleep(0)
            self.send(messages.Played(session, played))
        asyncio.ensure_future(later())
        return NOTHING

    # ------------------------------------------------------------------ saving

    def autosave(self) -> str | None:
        """Save the game; NEXT when another tab had moved it on and its newer state was taken instead."""
        if self.net is not None:
            self.net.autosave()  # the referee saves (with its seats and tokens) before it tells the guests
            return None
        newer, failed_now = self.saver.save(self.session, time.time())
        if failed_now:
            self.show_notice(self.cat.t("app.notice.save_failed"))
        return self.take(newer)

    def other_tab(self) -> str | None:
        """If another tab moved this game on, take its newer state (never write over it): NEXT."""
        return self.take(self.saver.newer(self.session, time.time()) if self.session is not None else None)

    def take(self, newer: saving.Newer | None) -> str | None:
        if newer is None:
            return None
        if newer.session is None:  # unreadable: both kept, this game saved under a new id
            self.show_notice(self.cat.t("app.notice.forked"))
            return None
        self.clock.following = True
        shown = self.open_session(newer.session, save=False)
        self.show_notice(self.cat.t("app.notice.other_tab"))
        return shown

    def resume(self, save_id: str) -> str | None:
        if nethost.is_host_save(text := self.tab.read(save_id) if save_id else None):
            return nethost.resume_host(self, text, save_id)  # a host's game on several devices
        try:
            session = saving.read(self.tab, save_id, self.games) if save_id else None
        except core.InvalidSave as exc:  # kept as it is: the home list says why, and offers Export and Delete
            self.show_notice(self.cat.t("app.notice.unreadable", name=clip(save_id, 40),
                                        reason=self.cat.t(exc.key, **exc.params)))
            dom.shell().refused(save_id, exc.key, saving.refusal_params(exc))
            return None
        return self.open_session(session) if session is not None else None

    def open_import(self, text: str) -> str:
        """A refused save raises `core.InvalidSave`: said by `fail`, the game in progress kept. A history file is
        joined to this device's history."""
        if historypage.is_history(text):
            added = historypage.imported(self.tab.local, text)
            self.show_notice(self.cat.t("history.imported", n=added))
            return self.show_history() or NOTHING
        session = Session.from_save(text, self.games, save_id=f"import-{int(time.time() * 1000)}")
        refused = analysing.imported(text, session, self.tab.local)
        if refused is not None:  # the game is imported; its analysis was not (said, and nothing else lost)
            self.show_notice(self.cat.t("analysis.import_refused", reason=self.cat.t(refused[0], **refused[1])))
        return self.open_session(session)

    def export(self, _arg: str = "") -> None:
        if self.session is not None:
            screens.hide("confirm")
            s = self.session
            text = s.to_save(updated=time.time())
            if s.over:  # a finished game goes with its analysis, if it has one
                text = analysing.exported(text, self.tab.local.get(storage.ANALYSIS_PREFIX + s.save_id))
            dom.download(text, f"pygames-{s.save_id}.json")

    # ------------------------------------------------------------------ dialogs, errors, notices

    def ask(self, question: str, yes_command: str, yes_key: str, no_key: str) -> None:
        """An in-app question: Yes runs `yes_command`, No closes it (never the risky answer by default)."""
        screens.ask(self.cat.t(question), yes_command, yes_key, self.cat.t(yes_key), no_key, self.cat.t(no_key))

    def show_error(self, message: str) -> None:
        screens.error(clip(error_text(message, self.cat), 600))  # never a hostile value echoed whole

    def show_notice(self, message: str) -> None:
        screens.notice(message)

    # ------------------------------------------------------------------ tutorial, replay

    def start_tutorial(self, game_id: str) -> str | None:
        session = tutorials.new_session(game_id, self.games, self.tab)
        return self.open_session(session) if session is not None else None

    def start_tutorial_from_link(self) -> str | None:
        game_id, delay = tutorials.link()
        if game_id is None:
            return None
        if delay is not None:
            self.clock.delay = delay
        return self.start_tutorial(game_id)

    def replay_tick(self) -> None:
        self.send(messages.ReplayStep())

    # ------------------------------------------------------------------ several devices: what netplay.py may use

    def guest(self):
        """This device's NetGuest when it is a guest at a table of several devices, else None."""
        return self.net if self.net is not None and self.net.mode == "guest" else None

    def seat_net(self, net) -> None:
        """`net` (netplay's NetHost or NetGuest) takes this device's table; an earlier one is left."""
        self.leave_net()
        self.net = net
        if net.mode == "guest":
            self.session = None  # a guest holds no game: the host's screens are drawn by the NetGuest
    def leave_net(self) -> None:
        if self.net is not None:
            self.net.leave()
            self.net = None

    def write_save(self, save_id: str, text: str) -> None:
        """A host's referee saves its own text (the `net` field included) in this tab's storage."""
        self.tab.write(save_id, text)


COMMANDS = {**commands.COMMANDS, **netplay.COMMANDS}  # data-command name -> handler(app, arg): what to draw


def start() -> App:
    app = App()
    app.start()
    # What is alive once the app is up (modules, data tables, the catalogue) lives as long as the page: the cyclic
    # collector need never scan it again, so its pauses (in the middle of a tap) stay short.
    gc.freeze()
    return app
