"""The app controller: screens, clicks, bots, the pass-the-device cover, autosave, import/export.

It reads only views (`Session.view`) and legal actions of the seat on screen; it never reads hidden state.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import time

import js
from pyodide.ffi import create_proxy, to_js

from pygames import core
from pygames.core import registry

from . import i18n, render, thinking
from .render import by_id, clear, el, missing
from .session import HUMAN, LEVELS, NORMAL, LinkError, Seat, Session, clean_name, parse_deep_link

LANG_KEY, INDEX_KEY, CURRENT_KEY, SAVE_PREFIX = "pygames.lang", "pygames.saves", "pygames.current", "pygames.save."
DEFAULT_BOT_DELAY = 450


def storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage disabled (private mode): the app still works, without saves
        return None
    return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull, not None


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
        self.bot_delay = DEFAULT_BOT_DELAY
        self.bot_timer = None
        self.new_game_id: str | None = None
        self._bot_proxy = create_proxy(self.bot_tick)
        self.thinker = thinking.Thinker()

    # ------------------------------------------------------------------ boot

    def initial_lang(self) -> str:
        saved = storage_get(LANG_KEY)
        if saved in i18n.LANGS:
            return saved
        languages = [str(lang) for lang in (js.navigator.languages or [js.navigator.language or "en"])]
        return "fr" if any(lang.lower().startswith("fr") for lang in languages) else "en"

    def start(self) -> None:
        js.document.body.addEventListener("click", create_proxy(self.on_click))
        by_id("import-file").addEventListener("change", create_proxy(self.on_import))
        by_id("seat-count").addEventListener("change", create_proxy(lambda e: self.render_seats()))
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
        if link and link.get("game"):
            self.start_from_link(link)
        elif not self.resume_current():
            self.show_home()
        js.document.documentElement.dataset.appState = "ready"

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
        js.document.documentElement.lang = self.cat.lang
        for node in js.document.querySelectorAll("[data-i18n]"):
            node.textContent = self.cat.t(node.dataset.i18n)
        for node in js.document.querySelectorAll("[data-i18n-aria]"):
            node.setAttribute("aria-label", self.cat.t(node.dataset.i18nAria))
        for node in js.document.querySelectorAll(".langs button"):
            node.setAttribute("aria-pressed", "true" if node.getAttribute("lang") == self.cat.lang else "false")

    def set_lang(self, lang: str) -> None:
        self.cat.lang = lang
        storage_set(LANG_KEY, lang)
        self.translate()
        self.rerender()

    def rerender(self) -> None:
        if self.screen == "home":
            self.show_home()
        elif self.screen == "newgame":
            self.show_new_game(self.new_game_id, keep_values=True)
        elif self.session is not None:
            self.refresh(schedule=False)

    # ------------------------------------------------------------------ screens

    def show_screen(self, name: str) -> None:
        self.screen = name
        for screen in ("home", "newgame", "game", "gameover"):
            by_id(screen).hidden = screen != name
        by_id("cover").hidden = True
        by_id("rules").hidden = True

    def show_home(self) -> None:
        self.stop_bots()
        self.session = None
        storage_set(CURRENT_KEY, None)
        self.show_screen("home")
        target = by_id("continue-list")
        clear(target)
        saves = self.saved_games()
        for save_id, data in saves:
            seats = [s for s in data.get("seats", []) if isinstance(s, dict)]
            names = ", ".join(clean_name(s.get("name", "")) or self.cat.t(
                "new.default_name" if s.get("kind") == HUMAN else "new.computer_name", n=i + 1)
                for i, s in enumerate(seats))
            label = self.cat.t("home.saved", game=self.cat.t(f"home.game.{data.get('game')}"), players=names,
                               moves=len(data.get("history", [])))
            target.appendChild(el("li", {"data-save": save_id}, None, [
                el("span", {"class": "save-label"}, label),
                el("button", {"type": "button", "data-command": f"resume:{save_id}"}, self.cat.t("home.resume")),
                el("button", {"type": "button", "data-command": f"delete:{save_id}", "class": "quiet"},
                   self.cat.t("home.delete")),
            ]))
        by_id("continue-empty").hidden = bool(saves)

    def show_new_game(self, game_id: str, keep_values: bool = False) -> None:
        game = self.games[game_id]
        previous = self.read_new_game_form() if keep_values and self.new_game_id == game_id else None
        self.new_game_id = game_id
        self.show_screen("newgame")
        by_id("newgame-title").textContent = self.cat.t("new.title", game=self.cat.t(f"home.game.{game_id}"))
        count = by_id("seat-count")
        clear(count)
        lo, hi = getattr(game, "DIALOG_PLAYERS", game.PLAYERS)  # a game may offer fewer seats on one screen
        for n in range(lo, hi + 1):
            count.appendChild(el("option", {"value": n}, str(n)))
        count.value = str(previous["count"] if previous else lo)
        self.render_seats(previous)
        box = by_id("options")
        clear(box)
        for opt in game.OPTIONS:
            select = el("select", {"data-option": opt["id"]})
            for i, choice in enumerate(opt["choices"]):
                key = f"{game_id}.opt.{opt['id']}.{choice}"
                select.appendChild(el("option", {"value": i}, self.cat.t(key)))
            chosen = previous["options"].get(opt["id"], opt["default"]) if previous else opt["default"]
            select.value = str(opt["choices"].index(chosen))
            box.appendChild(el("label", None, None, [el("span", None, self.cat.t(f"{game_id}.opt.{opt['id']}")),
                                                     select]))
        by_id("options-box").hidden = False
        if previous:
            by_id("seed").value = previous["seed"]

    def render_seats(self, previous: dict | None = None) -> None:
        count = int(by_id("seat-count").value)
        current = previous or (self.read_new_game_form() if by_id("seats").firstChild else None)
        seats = by_id("seats")
        clear(seats)
        for i in range(count):
            kind = current["kinds"][i] if current and i < len(current["kinds"]) else (HUMAN if i == 0 else NORMAL)
            name = current["names"][i] if current and i < len(current["names"]) else ""
            kind_select = el("select", {"data-seat-kind": i, "aria-label": self.cat.t("new.kind", n=i + 1)}, None, [
                el("option", {"value": HUMAN}, self.cat.t("new.human")),
                *[el("option", {"value": level}, self.cat.t(f"new.{level}")) for level in LEVELS]])
            kind_select.value = kind if kind in (HUMAN, *LEVELS) else NORMAL
            name_input = el("input", {"type": "text", "maxlength": 24, "data-seat-name": i, "autocomplete": "off",
                                      "aria-label": self.cat.t("new.name", n=i + 1),
                                      "placeholder": self.cat.t("new.default_name", n=i + 1)})
            name_input.value = name
            seats.appendChild(el("li", None, None, [name_input, kind_select]))

    def read_new_game_form(self) -> dict:
        names = [str(n.value) for n in js.document.querySelectorAll("[data-seat-name]")]
        kinds = [str(n.value) for n in js.document.querySelectorAll("[data-seat-kind]")]
        options = {}
        game = self.games.get(self.new_game_id)
        for node in js.document.querySelectorAll("[data-option]"):
            opt = next(o for o in game.OPTIONS if o["id"] == node.dataset.option)
            options[opt["id"]] = opt["choices"][int(node.value)]
        return {"count": len(names) or 0, "names": names, "kinds": kinds, "options": options,
                "seed": str(by_id("seed").value)}

    def start_from_form(self) -> None:
        form = self.read_new_game_form()
        seats = []
        for name, kind in zip(form["names"], form["kinds"], strict=True):
            seats.append(Seat(clean_name(name), kind))
        seed_text = form["seed"].strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self.show_error(self.cat.t("core.err.seed"))
            return
        seed = int(seed_text) if seed_text else self.random_seed()
        self.begin(self.games[self.new_game_id], seats, seed, form["options"])

    def begin(self, game, seats: list[Seat], seed: int, options: dict) -> None:
        save_id = f"{game.ID}-{int(time.time() * 1000)}"
        try:
            session = Session.start(game, seats, seed, options, save_id, created=time.time())
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        self.stop_bots()
        self.session = session
        self.cat.set_seats([s.name for s in session.seats],
                           {i for i, s in enumerate(session.seats) if s.kind != HUMAN})
        module = self.board_module(session.game.ID)
        self.cat.format_arg = getattr(module, "format_arg", None)
        storage_set(CURRENT_KEY, session.save_id)
        self.autosave()
        self.covered_for = None
        self.show_screen("game")
        self.refresh()

    # ------------------------------------------------------------------ the game screen

    def refresh(self, schedule: bool = True) -> None:
        """Decide what the screen shows after any change: end screen, cover, or the viewer's table."""
        s = self.session
        if s.over:
            self.show_game_over()
            return
        if self.screen != "game":
            self.show_screen("game")
        by_id("game-title").textContent = self.cat.t(f"home.game.{s.game.ID}")
        bot = s.next_bot()
        human = None if bot is not None else s.next_human()
        if human is not None and human != s.viewer:
            if s.needs_cover(human):
                self.cover(human)
                return
            s.viewer = human
        if self.covered_for is not None:
            return
        self.draw_table()
        if bot is not None and schedule:
            self.schedule_bot()

    def cover(self, seat: int) -> None:
        """Hide everything private, then ask for the device to be passed to `seat`."""
        self.covered_for = seat
        for node_id in ("board", "actions", "log", "scores"):
            clear(by_id(node_id))
        by_id("status").textContent = ""
        name = self.cat.seat_name(seat)
        by_id("cover-title").textContent = self.cat.t("cover.title", player=name)
        by_id("reveal-button").textContent = self.cat.t("cover.reveal", player=name)
        by_id("cover").hidden = False
        by_id("reveal-button").focus()

    def reveal(self) -> None:
        if self.covered_for is None:
            return
        self.session.viewer = self.covered_for
        self.covered_for = None
        by_id("cover").hidden = True
        self.draw_table()

    def draw_table(self) -> None:
        s = self.session
        view = s.view()
        legal = s.legal_for_viewer()
        self.draw_status(view)
        board = by_id("board")
        clear(board)
        placed = self.board_renderer(s.game.ID)(board, view, legal, self.cat)
        actions = by_id("actions")
        clear(actions)
        for action in legal:
            if action not in placed:
                actions.appendChild(render.action_button(action, self.action_label(view, action)))
        thinking.on_draw(self, legal)
        self.draw_players(view)
        render.log_items(by_id("log"), view["log"], self.cat)
        js.document.querySelector('[data-command="undo"]').disabled = not s.can_undo()

    def action_label(self, view: dict, action: str) -> str:
        labeler = getattr(self.session.game, "action_label", None)
        if labeler is None:
            return action
        key, args = labeler(view, action)
        return self.cat.t(key, **args)

    def draw_status(self, view: dict) -> None:
        s = self.session
        status = getattr(s.game, "status", None)
        if s.viewer is not None and s.viewer in view["to_move"] and status is not None:
            key, args = status(view)
        elif s.viewer is not None and s.viewer in view["to_move"]:
            key, args = "core.status.turn", {"player": s.viewer}
        elif len(view["to_move"]) > 1:
            key, args = "core.status.simultaneous", {"players": [self.cat.seat_name(p) for p in view["to_move"]]}
        elif view["to_move"]:
            key, args = "core.status.wait", {"player": view["to_move"][0]}
        else:
            key, args = "core.status.over", {}
        by_id("status").textContent = self.cat.t(key, **args)

    def draw_players(self, view: dict) -> None:
        target = by_id("scores")
        clear(target)
        for seat, info in enumerate(self.session.seats):
            kind = self.cat.t("game.human" if info.kind == HUMAN else "game.computer")
            tags = [kind]
            if seat == self.session.viewer:
                tags.append(self.cat.t("game.you"))
            if seat in view["to_move"]:
                tags.append(self.cat.t("game.to_move"))
            target.appendChild(el("li", {"data-player": seat, "class": "moving" if seat in view["to_move"] else None},
                                  None, [el("strong", None, self.cat.seat_name(seat)),
                                         el("span", None, " — " + ", ".join(tags))]))

    def board_module(self, game_id: str):
        try:
            return importlib.import_module(f"pygames.web.boards.{game_id}")
        except ImportError:
            return None

    def board_renderer(self, game_id: str):
        """pygames.web.boards.<id>.render(board, view, legal, cat) -> actions it placed, or the generic one."""
        module = self.board_module(game_id)
        return module.render if module is not None else self.generic_board

    def generic_board(self, board, view: dict, legal: list, cat) -> set:
        lines = getattr(self.session.game, "board_lines", None)
        for key, args in (lines(view) if lines else []):
            board.appendChild(el("p", {"class": "board-line"}, cat.t(key, **args)))
        return set()

    def show_game_over(self) -> None:
        self.stop_bots()
        s = self.session
        for node_id in ("board", "actions"):
            clear(by_id(node_id))  # no stale game controls behind the end screen
        self.show_screen("gameover")
        result = s.result()
        render.score_table(by_id("score-table"), result, self.cat, s.game.ID)
        render.score_chart(by_id("score-chart"), result, self.cat, s.game.ID)
        winners = [self.cat.seat_name(w) for w in result["winners"]]
        text = self.cat.t("over.nobody") if not winners else self.cat.t(
            "over.winner" if len(winners) == 1 else "over.winners", players=self.cat.join(winners))
        if result.get("tiebreak"):
            text += " " + self.cat.t(result["tiebreak"])
        by_id("winners").textContent = text
        final_view = core.view(s.game, s.state, None)
        extra = by_id("gameover-extra")
        clear(extra)
        module = self.board_module(s.game.ID)
        if module is not None and hasattr(module, "render_over"):
            module.render_over(extra, final_view, result, self.cat)
        render.log_items(by_id("final-log"), final_view["log"], self.cat)

    # ------------------------------------------------------------------ actions and bots

    def play(self, action: str) -> None:
        if self.session is None or self.covered_for is not None:
            return
        try:
            self.session.act(action)
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.after_change()

    def after_change(self) -> None:
        self.autosave()
        self.refresh()

    def schedule_bot(self) -> None:
        if self.bot_timer is None:
            self.bot_timer = js.setTimeout(self._bot_proxy, self.bot_delay)

    def stop_bots(self) -> None:
        if self.bot_timer is not None:
            js.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def bot_tick(self, *_args) -> None:
        self.bot_timer = None
        if self.session is None or self.session.over:
            return
        try:
            if thinking.searched(self.session):  # normal and hard think in the search worker
                thinking.bot_turn(self)
                return
            if self.session.bot_step() is not None:
                self.after_change()
        except Exception as exc:  # a bot bug must not freeze the app: say it
            self.show_error(self.cat.t("app.error", message=str(exc)))

    def undo(self) -> None:
        try:
            self.session.undo()
        except core.IllegalAction as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        self.after_change()

    # ------------------------------------------------------------------ saving

    def autosave(self) -> None:
        s = self.session
        storage_set(SAVE_PREFIX + s.save_id, s.to_save(updated=time.time()))
        index = [i for i in self.save_index() if i != s.save_id]
        storage_set(INDEX_KEY, json.dumps([s.save_id, *index]))
        if s.over:
            storage_set(CURRENT_KEY, None)

    def save_index(self) -> list[str]:
        try:
            data = json.loads(storage_get(INDEX_KEY) or "[]")
        except ValueError:
            return []
        return [str(i) for i in data if isinstance(i, str)] if isinstance(data, list) else []

    def saved_games(self) -> list[tuple[str, dict]]:
        found = []
        for save_id in self.save_index():
            try:
                data = json.loads(storage_get(SAVE_PREFIX + save_id) or "null")
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("game") in self.games and isinstance(data.get("seats"), list):
                found.append((save_id, data))
        return found

    def resume(self, save_id: str) -> bool:
        text = storage_get(SAVE_PREFIX + save_id)
        if text is None:
            return False
        try:
            session = Session.from_save(text, self.games, save_id=save_id)
        except core.InvalidSave as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return False
        self.open_session(session)
        return True

    def resume_current(self) -> bool:
        current = storage_get(CURRENT_KEY)
        return bool(current) and self.resume(current)

    def delete_save(self, save_id: str) -> None:
        storage_set(SAVE_PREFIX + save_id, None)
        storage_set(INDEX_KEY, json.dumps([i for i in self.save_index() if i != save_id]))
        self.show_home()

    def export(self) -> None:
        s = self.session
        if s is None:
            return
        blob = js.Blob.new(to_js([s.to_save(updated=time.time())]),
                           to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = el("a", {"href": url, "download": f"pygames-{s.save_id}.json"})
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
            text = str(await file.text())
            session = Session.from_save(text, self.games, save_id=f"import-{int(time.time() * 1000)}")
        except core.InvalidSave as exc:
            self.show_error(self.cat.t(exc.key, **exc.params))
            return
        except Exception as exc:  # unreadable file, wrong encoding…
            self.show_error(self.cat.t("app.error", message=str(exc)[:200]))
            return
        self.open_session(session)

    # ------------------------------------------------------------------ rules and errors

    def show_rules(self) -> None:
        body = by_id("rules-body")
        clear(body)
        game_id = self.session.game.ID if self.session else self.new_game_id
        template = by_id(f"rules-{game_id}-{self.cat.lang}")
        if template is not None:
            body.appendChild(template.content.cloneNode(True))
        else:
            body.appendChild(el("p", None, self.cat.t("app.no_rules")))
        by_id("rules").hidden = False

    def show_error(self, message: str) -> None:
        by_id("error-text").textContent = message
        by_id("error").hidden = False

    # ------------------------------------------------------------------ clicks

    def on_click(self, event) -> None:
        target = event.target.closest("[data-command],[data-action]") if hasattr(event.target, "closest") else None
        if missing(target) or target.disabled:
            return
        try:
            if target.hasAttribute("data-action"):
                self.play(str(target.dataset.action))
            else:
                self.command(str(target.dataset.command))
        except Exception as exc:  # never let a click crash the app
            self.show_error(self.cat.t("app.error", message=str(exc)[:300]))
            js.console.error(str(exc))

    def command(self, command: str) -> None:
        name, _, arg = command.partition(":")
        if name == "lang":
            self.set_lang(arg)
        elif name == "home" or name == "quit":
            self.show_home()
        elif name == "new":
            self.show_new_game(arg)
        elif name == "start":
            self.start_from_form()
        elif name == "resume":
            self.resume(arg)
        elif name == "delete":
            self.delete_save(arg)
        elif name == "reveal":
            self.reveal()
        elif name == "hint" and self.session:
            thinking.ask_hint(self)
        elif name == "undo" and self.session:
            self.undo()
        elif name == "restart" and self.session:
            if js.window.confirm(self.cat.t("app.confirm_restart")):
                self.session.restart()
                self.covered_for = None
                self.after_change()
        elif name == "again" and self.session:
            s = self.session
            self.begin(s.game, s.seats, self.random_seed(), s.state["options"])
        elif name == "export":
            self.export()
        elif name == "rules":
            self.show_rules()
        elif name == "close-rules":
            by_id("rules").hidden = True
        elif name == "dismiss-error":
            by_id("error").hidden = True


def start() -> App:
    app = App()
    app.start()
    return app
