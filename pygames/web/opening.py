"""How a game comes on screen, read as a part of `App` (app.py): the boot (a link, a request made before Python ran,
a guided game, the last game of this tab, else home), the new-game dialog's start and a guided first game. Split out
of app.py by what it does; `App` is still the one controller."""

from __future__ import annotations

import json
import time

from pygames import core
from pygames.app import match as matches
from pygames.app import messages, newgame, storage
from pygames.app.messages import NOTHING
from pygames.app.session import LinkError, Seat, Session, parse_deep_link
from pygames.core.guard import clip

from . import commands, dom, netguest, nethost, netplay, screens
from . import tutorial_ui as tutorials
from .kit import describe


class Opening:
    """App's boot and game starts (a mixin: `App(Opening, TurnsAndSaves)`; every field it reads is App's)."""

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
