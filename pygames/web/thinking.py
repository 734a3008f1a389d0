"""Computer thinking off the main thread: the search bots (normal, hard) and the hints run in a PyScript named
worker (`search_worker.py`, plain JSON in and out), so the page never freezes while a computer thinks.

The worker is created on first need (the app's boot does not pay for a second interpreter). A request carries
only the seat's view, its legal actions, a level and a seed; its answer is played only if the game has not
moved on meanwhile (`Session.bot_answer`: undo, quit, restart and a new game all make the answer stale, so
those commands answer at once and the search is simply ignored).

A worker can die (the browser kills it under memory pressure, an error outside a request) or hang; a dead one
answers nothing and says nothing. So every request has a deadline (`request_timeout`: the think budget three
times over plus a margin), and an `error` event of the worker fails it at once: the worker is then replaced by
a new one (a new name: PyScript keeps the first worker of a name) and the request asked again. If that fails
too, the move (or hint) comes from the game's quick heuristic on the main thread, reading only that seat's
view, so the game always goes on; after `GIVE_UP_AFTER` failures in a row the page stops creating workers.
"""

from __future__ import annotations

import asyncio
import json

import js

from .render import by_id, el, missing
from .session import EASY, HARD, search_job

WORKER_NAME = "pygames-search"
WORKER_SRC = "./search_worker.py"
WORKER_CONFIG = "./pyscript.json"
REQUEST_MARGIN_S = 10.0    # over three times the think budget: importing a game's modules, a busy device
START_TIMEOUT_S = 60.0     # a worker boots a second Pyodide: seconds on a slow tablet, never a minute
AFTER_GAME_TIMEOUT_S = 60.0  # the end screen's analysis (Spyworld's best routes) takes seconds, not a minute
GIVE_UP_AFTER = 3          # failed worker requests in a row after which this page answers on the main thread


class WorkerDown(Exception):
    """The search worker died, hung or could not start: the caller answers without it."""


def request_timeout(level: str) -> float:
    """How long a search request may take before its worker is taken for dead."""
    from pygames.core import search

    return 3 * search.THINK_SECONDS[level] + REQUEST_MARGIN_S


def heuristic_answer(game, job: dict) -> dict:
    """The easy bot's choice for a job, on the main thread (instant): only the job's own view and legal actions."""
    from pygames.core import bots
    from pygames.core.rng import Rng

    action = bots.default_bot(game)(job["view"], job["legal"], Rng(int(job["seed"])))
    return {"action": action, "iterations": 0, "seconds": 0.0}


async def _called(worker, method: str, text: str) -> str:
    return await getattr(worker, method)(text)


class Thinker:
    """One search worker for the app, and the request it is answering now."""

    def __init__(self):
        self._worker = None                   # the worker's exported functions, once started
        self._loading = None                  # the start of the current worker (a future shared by requests)
        self._node = None                     # its <script> element, whose `xworker` is the Worker itself
        self._died = None                     # a future set by the worker's `error` event
        self.generation = 0                   # workers started so far; each gets a name of its own
        self.failures = 0                     # failed requests in a row (GIVE_UP_AFTER)
        self.pending: dict | None = None      # the bot request being searched
        self.hint_for: object = None          # what the viewer saw when a hint was asked (`hint_key`)
        self.hint_action: str | None = None   # the hint's answer, shown while the viewer's position stands
        self.hint_asked = False               # a hint search is under way
        self.stats: list = []                 # effort of the last searches (iterations, seconds) for the bench
        self.after: tuple | None = None       # (finished state, its `after_game` answer or None while asked)

    async def _start(self):
        """A new worker, as PyScript's `create_named_worker` makes one, but with its element kept: the element's
        `xworker` is the Worker, whose `error` event and `terminate` the page needs."""
        from pyodide.ffi import create_proxy
        from pyscript import workers

        self.generation += 1
        name = f"{WORKER_NAME}-{self.generation}"
        node = js.document.createElement("script")
        node.type, node.src = "py", WORKER_SRC
        for key, value in (("worker", ""), ("name", name), ("config", WORKER_CONFIG),
                           ("data-search-worker", str(self.generation))):
            node.setAttribute(key, value)
        died = asyncio.get_event_loop().create_future()
        self._node, self._died = node, died
        js.document.body.append(node)

        async def started():
            return await workers[name]

        try:
            worker = await asyncio.wait_for(started(), START_TIMEOUT_S)
        except Exception as exc:
            raise WorkerDown(f"the search worker did not start: {exc!r}") from exc

        def on_error(_event=None):
            if not died.done():
                died.set_result(None)

        xworker = getattr(node, "xworker", None)
        if xworker is not None:
            xworker.addEventListener("error", create_proxy(on_error))
        node.setAttribute("data-ready", "true")  # its failures are heard from now on (tests wait for it)
        return worker

    async def _get_worker(self):
        if self._worker is None:
            if self._loading is None:
                self._loading = asyncio.ensure_future(self._start())
            loading = self._loading
            try:
                worker = await loading
            except Exception:
                if self._loading is loading:
                    self._drop()
                raise
            if self._loading is loading:
                self._worker = worker
            return worker
        return self._worker

    def _drop(self) -> None:
        """Forget the current worker and stop it (a hung one would keep a core busy for nothing)."""
        node = self._node
        self._worker = self._loading = self._node = self._died = None
        if node is not None and not missing(node):
            xworker = getattr(node, "xworker", None)
            try:
                if xworker is not None:
                    xworker.terminate()
            finally:
                node.remove()

    async def _ask(self, method: str, text: str, timeout: float) -> str:
        """The worker's answer to one call; a worker that dies, errs out or hangs is replaced and asked once more."""
        if self.failures >= GIVE_UP_AFTER:
            raise WorkerDown("the search worker failed too often on this page")
        for _attempt in range(2):
            try:
                worker = await self._get_worker()
            except Exception:
                self.failures += 1  # a start that failed is not tried again for this request
                raise
            died, node = self._died, self._node
            call = asyncio.ensure_future(_called(worker, method, text))
            waits = [call] if died is None else [call, died]
            done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if call in done:
                self.failures = 0
                return call.result()  # an exception raised by the search itself is raised here, as it is
            call.cancel()
            if self._node is node:  # not already replaced by another request that saw the same worker fail
                self.failures += 1
                js.console.warn(f"search worker {'failed' if died in done else 'silent'}: started again")
                self._drop()
            if self.failures >= GIVE_UP_AFTER:
                break
        raise WorkerDown("the search worker stopped answering")

    async def search(self, game, job: dict) -> dict:
        """{action, iterations, seconds} for a job, from the worker; from the easy heuristic here if it is down."""
        try:
            answer = json.loads(await self._ask("think", json.dumps(job), request_timeout(job["level"])))
        except Exception as exc:  # no worker: the game goes on with the instant heuristic
            js.console.warn(f"search worker unavailable, the easy heuristic answers: {exc!r}")
            return heuristic_answer(game, job)
        self.stats = ([*self.stats, {"game": job["game"], "level": job["level"], "iterations":
                       answer["iterations"], "seconds": answer["seconds"]}])[-200:]
        js.window.pygamesSearchStats = json.dumps(self.stats)  # read by `build.py bench` only
        return answer

    async def after_game(self, game, view: dict):
        """The game's `ai.after_game` of an end-of-game view, from the worker (or here if it is down)."""
        try:
            text = await self._ask("after_game", json.dumps({"game": game.ID, "view": view}), AFTER_GAME_TIMEOUT_S)
            return json.loads(text)
        except Exception as exc:  # no worker: work it out here rather than not at all
            js.console.warn(f"search worker unavailable, end-of-game analysis on the main thread: {exc!r}")
            from pygames.core import search

            return search.after_game_of(game)(view)


def searched(session) -> bool:
    """True when the next computer seat plays a searched level (normal, hard), not the instant heuristic."""
    seat = session.next_bot()
    return seat is not None and session.seats[seat].level != EASY


def bot_turn(app) -> None:
    """Ask the worker for the next computer seat's move; play it when it comes back if still relevant."""
    session, thinker = app.session, app.thinker
    if thinker.pending is not None and thinker.pending["ticket"] is session.state:
        return  # already thinking about this very position
    request = session.bot_request()
    if request is None:
        return
    thinker.pending = request
    show_thinking(app, request["seat"])
    asyncio.ensure_future(_play_when_ready(app, session, request))


async def _play_when_ready(app, session, request: dict) -> None:
    try:
        answer = await app.thinker.search(session.game, search_job(request))
    except Exception as exc:
        app.show_error(app.cat.t("app.error", message=str(exc)[:300]))
        return
    finally:
        if app.thinker.pending is request:
            app.thinker.pending = None
            show_thinking(app, _hint_seat(app))
    if app.session is session and session.bot_answer(request, answer["action"]):
        await played_then_drawn(app, session)


async def played_then_drawn(app, session) -> None:
    """A computer's move is saved in this task and drawn in the next one: on a busy two-core tablet each task of
    the main thread is stretched several times over, so the page stays responsive only if no single task does
    both. The redraw is skipped if anything else has moved the game on meanwhile (that change drew it)."""
    played = session.state
    app.autosave()
    await asyncio.sleep(0)  # a new task of the event loop: a click waiting since the answer came goes first
    if app.session is session and session.state is played and app.screen == "game":
        app.refresh()


def show_thinking(app, seat: int | None) -> None:
    """The visible "NAME is thinking…" line, first in the action bar: the bar sticks to the bottom of the
    screen, so the line is in sight however far the board is scrolled. Gone when nobody thinks."""
    node = by_id("thinking")
    if seat is None:
        if not missing(node):
            node.remove()
        return
    if missing(node):
        node = el("p", {"id": "thinking", "class": "thinking", "data-testid": "thinking", "role": "status"})
        bar = by_id("actions")
        bar.insertBefore(node, bar.firstChild)
    node.textContent = app.cat.t("game.thinking", player=app.cat.seat_name(seat))


def _hint_seat(app) -> int | None:
    """The viewer while a hint search is under way (its "thinking…" line), else None."""
    return app.session.viewer if app.thinker.hint_asked and app.session is not None else None


# ---------------------------------------------------------------------------------------------------- hints


def hint_key(session, legal: list[str]) -> str:
    """What a hint answers: the viewer's choices, before the viewer's next move. While the viewer has a choice,
    the state changes without the viewer moving only by other seats' hidden simultaneous moves (Spyworld: the
    computer plans while the human does; they are revealed once everybody has submitted), which a hint from
    the viewer's own view could not see anyway."""
    moves = sum(1 for step in session.state["history"] if step[0] == session.viewer)
    return json.dumps([session.viewer, moves, legal])


def on_draw(app, legal: list[str]) -> None:
    """After the table is drawn (the action bar is new): a hint for an older position is gone, a hint for this
    one is shown again, the hint button is offered for a real choice, and the thinking line is back."""
    thinker = app.thinker
    if thinker.hint_for is not None and thinker.hint_for != hint_key(app.session, legal):
        thinker.hint_for = thinker.hint_action = None
    if len(legal) >= 2:
        hint_button(app)
    if thinker.hint_action is not None:
        mark_hint(app, thinker.hint_action)
    show_thinking(app, thinker.pending["seat"] if thinker.pending is not None else _hint_seat(app))


def hint_button(app) -> None:
    """Offer "What would the computer play?" to a human seat with a real choice to make."""
    by_id("actions").appendChild(el("button", {"type": "button", "data-command": "hint", "class": "quiet hint",
                                               "data-testid": "hint"}, app.cat.t("game.hint")))


def ask_hint(app) -> None:
    """Run the hard search on the human viewer's own view; show its move on the board without playing it."""
    session = app.session
    if session is None or session.viewer is None:
        return
    legal = session.legal_for_viewer()
    if len(legal) < 2:
        return
    from pygames import core

    request = {"game": session.game.ID, "seat": session.viewer, "level": HARD,
               "view": core.view(session.game, session.state, session.viewer), "legal": legal,
               "seed": session.bot_rng.next64()}
    key = hint_key(session, legal)
    app.thinker.hint_for, app.thinker.hint_action, app.thinker.hint_asked = key, None, True
    show_thinking(app, session.viewer)
    asyncio.ensure_future(_show_hint(app, session, request, key))


async def _show_hint(app, session, request: dict, key: str) -> None:
    thinker = app.thinker
    try:
        answer = await thinker.search(session.game, search_job(request))
    finally:
        show_thinking(app, thinker.pending["seat"] if thinker.pending is not None else None)
        thinker.hint_asked = False
    if app.session is not session or thinker.hint_for != key or app.covered_for is not None:
        return  # the viewer's position changed (or the device was passed): the hint is stale
    thinker.hint_action = answer["action"]
    mark_hint(app, answer["action"])


def mark_hint(app, action: str) -> None:
    """Highlight the hinted action's control (board or action bar) and say it in words in the action bar."""
    for node in js.document.querySelectorAll("[data-hint]"):
        node.removeAttribute("data-hint")
    target = js.document.querySelector(f'[data-action="{js.CSS.escape(action)}"]')
    if not missing(target):
        target.setAttribute("data-hint", "true")
    node = by_id("hint-line")
    if missing(node):  # in the action bar, by the hint button and the moves
        node = el("p", {"id": "hint-line", "class": "thinking", "data-testid": "hint-line", "role": "status"})
        by_id("actions").appendChild(node)
    node.setAttribute("data-hint-action", action)
    node.textContent = app.cat.t("game.hint_says", action=app.action_label(app.session.view(), action))


# ---------------------------------------------------------------------------------------------------- the end screen


def after_game(app, view: dict, module) -> None:
    """Fill the end screen's placeholder (`[data-after-game]`, drawn by the board's `render_over`) with what the
    game works out after the end (`ai.after_game`, e.g. Spyworld's best routes): in the worker, once per finished
    game; a redraw of the end screen (another language) draws the answer again without asking twice."""
    session, thinker = app.session, app.thinker
    if thinker.after is not None and thinker.after[0] is session.state:
        if thinker.after[1] is not None:
            _draw_after_game(app, view, module, thinker.after[1])
        return  # asked already: drawn when it comes
    thinker.after = (session.state, None)
    asyncio.ensure_future(_after_game(app, session, view, module))


async def _after_game(app, session, view: dict, module) -> None:
    try:
        answer = await app.thinker.after_game(session.game, view)
    except Exception as exc:
        app.thinker.after = None
        app.show_error(app.cat.t("app.error", message=str(exc)[:300]))
        return
    app.thinker.after = (session.state, answer)
    if app.session is session and app.screen == "gameover":
        _draw_after_game(app, view, module, answer)


def _draw_after_game(app, view: dict, module, answer) -> None:
    from . import vdom

    slot = js.document.querySelector("[data-after-game]")
    if missing(slot):
        return
    built = vdom.fragment()
    module.render_after_game(built, view, answer, app.cat)
    slot.replaceWith(vdom.realize(built))
