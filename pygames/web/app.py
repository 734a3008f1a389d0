"""The app controller: every event becomes a message (`messages.py`), `App.update(msg)` decides what it changes (the
game through the pure `Session`, the screen's own state here), then `App.draw` shows the result once: the end
screen, the pass-the-device cover, or the viewer's table (`table.table(model)`, one patch).

It reads only views (`Session.view`) and legal actions of the seat on screen; it never reads hidden state. The page
is reached through `dom.py` (the bridge) and `screens.py` (the shell around the table). Two parts of it live in
files of their own, by what they do: how a game comes on screen (opening.py: the boot, the dialog, a guided game)
and the computer's turns and the saves (turns.py).
"""

from __future__ import annotations

import asyncio
import gc
from dataclasses import replace

from pygames import core
from pygames.app import messages, storage
from pygames.app.messages import COVER, NEXT, NOTHING, SAVE, STILL, TABLE
from pygames.app.session import HUMAN, Session
from pygames.core import registry
from pygames.core.guard import clip

from . import (
    analysing,
    commands,
    dom,
    gamescreen,
    historypage,
    netplay,
    pace,
    preview,
    puzzling,
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
from .opening import Opening
from .replay import Replay
from .reviewing import KEYS, Reviewing
from .turns import TurnsAndSaves


class App(Opening, TurnsAndSaves):
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
        self.trainer = puzzling.Trainer(self.thinker, self.tab.local, self.games,  # puzzles from past mistakes
                                        on_change=lambda: self.send(messages.Command("puzzle-changed")),
                                        on_error=lambda text: self.show_error(self.cat.t("analysis.failed",
                                                                                         message=text)))

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
        if self.trainer.active and what != NOTHING:  # a puzzle from a past mistake: its own table, no session
            self.draw_puzzle()
            return
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
            costly = self.analyst.costly_steps(self.session)  # the analysis's "next mistake"
            self.screen_.paint(replace(model, review=replace(model.review, verdict=verdict, costly=costly)), None)
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
        self.trainer.close()
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
        self.trainer.close()
        self.leave_net()
        self.clock.stop()
        if self.session is not None:
            self.tab.left(self.session.save_id)
        self.session = None
        self.show_screen("history")
        historypage.draw(self.tab.local, self.cat, self.trainer.count())

    def show_new_game(self, game_id: str, keep_values: bool = False) -> None:
        self.new_game_id = game_id
        self.show_screen("newgame")
        dom.shell().showNewGame(game_id, keep_values)  # static/shell.js draws the dialog, before and after boot

    def draw_puzzle(self) -> None:
        game = self.trainer.current[0]
        board = board_of(game)
        model = self.trainer.model(self.cat, gamescreen.with_device, board, self.preview_on, self.previewing)
        self.cat.set_seats(list(model.names), {i for i, kind in enumerate(model.kinds) if kind != HUMAN})
        self.cat.format_arg = board.format_arg
        if self.screen != "game":
            self.screen_.opened()
            dom.load_art(game.ID)
            self.show_screen("game")
        self.screen_.paint(model, None)

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

    def open_session(self, session: Session, save: bool = True) -> str:
        self.clock.stop()
        self.reviewing.close()
        self.trainer.close()
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
        if self.trainer.active:  # a puzzle's answer: judged in the worker, then drawn
            return TABLE if self.trainer.give(action) else NOTHING
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

    # ------------------------------------------------------------------ dialogs, errors, notices

    def ask(self, question: str, yes_command: str, yes_key: str, no_key: str) -> None:
        """An in-app question: Yes runs `yes_command`, No closes it (never the risky answer by default)."""
        screens.ask(self.cat.t(question), yes_command, yes_key, self.cat.t(yes_key), no_key, self.cat.t(no_key))

    def show_error(self, message: str) -> None:
        screens.error(clip(error_text(message, self.cat), 600))  # never a hostile value echoed whole

    def show_notice(self, message: str) -> None:
        screens.notice(message)

    # ------------------------------------------------------------------ tutorial, replay

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
