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
view, so the game always goes on; after `GIVE_UP_AFTER` failures in a row the page stops creating workers. The
player is told each time (`on_notice`): the search started again, or the computer now plays at the easy level.
"""

from __future__ import annotations

import asyncio
import json

from pygames.app.session import EASY, HARD, search_job

from . import dom
from .dom import missing

WORKER_NAME = "pygames-search"
WORKER_SRC = "./search_worker.py"
WORKER_CONFIG = "./pyscript.json"
REQUEST_MARGIN_S = 10.0    # over three times the think budget: a new worker imports a game's modules, a busy device
WARM_MARGIN_S = 3.0        # over twice the think budget, once this worker has answered: a dead one is noticed fast
START_TIMEOUT_S = 60.0     # a worker boots a second Pyodide: seconds on a slow tablet, never a minute
AFTER_GAME_TIMEOUT_S = 60.0  # the end screen's analysis (Spyworld's best routes) takes seconds, not a minute
ANALYSE_TIMEOUT_S = 30.0  # one decision judged (pygames/core/analysis.py): a second or two on a slow tablet
GIVE_UP_AFTER = 3          # failed worker requests in a row after which this page answers on the main thread


class WorkerDown(Exception):
    """The search worker died, hung or could not start: the caller answers without it."""


def request_timeout(level: str, warm: bool = False) -> float:
    """How long a search request may take before its worker is taken for dead: the search stops on its think
    budget (wall clock), so a worker that has answered before gets twice that and a few seconds (a dead one left
    "is thinking…" up for 17 s with no word); a new one also imports the game's modules."""
    from pygames.core import search

    if warm:
        return 2 * search.THINK_SECONDS[level] + WARM_MARGIN_S
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
    """One search worker for the app, the bot move and the hint it is searching, and what it found. It never draws:
    `on_change()` says that what the screen shows of it changed (a thinking line, a hint), `on_error(text)` that a
    search failed; the controller redraws from `thinking_seat` and `hint`."""

    def __init__(self, on_change=lambda: None, on_error=lambda _text: None, on_notice=lambda _key: None):
        self.on_change, self.on_error, self.on_notice = on_change, on_error, on_notice
        self._told_of = None  # the failed worker the player was last told of (one notice per worker)
        self._worker = None                   # the worker's exported functions, once started
        self._loading = None                  # the start of the current worker (a future shared by requests)
        self._node = None                     # its <script> element, whose `xworker` is the Worker itself
        self._died = None                     # a future set by the worker's `error` event
        self.generation = 0                   # workers started so far; each gets a name of its own
        self.failures = 0                     # failed requests in a row (GIVE_UP_AFTER)
        self.warm = False                     # the current worker has answered a request
        self.told_easy = False                # the player was told the computer now plays the easy heuristic
        self.pending: dict | None = None      # the bot request being searched
        self.hint_for: object = None          # what the viewer saw when a hint was asked (`hint_key`)
        self.hint_action: str | None = None   # the hint's answer, shown while the viewer's position stands
        self.hint_asked = False               # a hint search is under way
        self.stats: list = []                 # effort of the last searches (iterations, seconds) for the bench
        self.after: tuple | None = None       # (finished state, its `after_game` answer or None while asked)

    async def _start(self):
        """A new worker, as PyScript's `create_named_worker` makes one, but with its element kept: the element's
        `xworker` is the Worker, whose `error` event and `terminate` the page needs."""
        self.generation += 1
        name = f"{WORKER_NAME}-{self.generation}"
        node = dom.script_element({"type": "py", "src": WORKER_SRC, "worker": "", "name": name,
                                   "config": WORKER_CONFIG, "data-search-worker": str(self.generation)})
        died = asyncio.get_event_loop().create_future()
        self._node, self._died = node, died
        dom.append_to_body(node)

        try:
            worker = await asyncio.wait_for(dom.named_worker(name), START_TIMEOUT_S)
        except Exception as exc:
            raise WorkerDown(f"the search worker did not start: {exc!r}") from exc

        def on_error():
            if not died.done():
                died.set_result(None)

        dom.on_worker_error(node, on_error)
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
        self.warm = False
        if node is not None and not missing(node):
            xworker = getattr(node, "xworker", None)
            try:
                if xworker is not None:
                    xworker.terminate()
            finally:
                node.remove()

    async def _ask(self, method: str, text: str, timeout) -> str:
        """The worker's answer to one call; a worker that dies, errs out or hangs is replaced and asked once more
        (the player is told). `timeout(warm)`: the deadline, shorter once the worker has answered before."""
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
            done, _ = await asyncio.wait(waits, timeout=timeout(self.warm), return_when=asyncio.FIRST_COMPLETED)
            if call in done:
                self.failures = 0
                self.warm = self._node is node or self.warm
                return call.result()  # an exception raised by the search itself is raised here, as it is
            call.cancel()
            if self._node is node:  # not already replaced by another request that saw the same worker fail
                self.failures += 1
                dom.warn(f"search worker {'failed' if died in done else 'silent'}: started again")
                self._drop()
            if self.failures < GIVE_UP_AFTER and node is not self._told_of:  # once per worker that failed
                self._told_of = node
                self.on_notice("app.notice.search_restarted")
            if self.failures >= GIVE_UP_AFTER:
                break
        raise WorkerDown("the search worker stopped answering")

    def gave_up(self) -> None:
        """The page answers with the easy heuristic from now on: said once, never lowered in silence."""
        if not self.told_easy:
            self.told_easy = True
            self.on_notice("app.notice.search_easy")

    async def search(self, game, job: dict) -> dict:
        """{action, iterations, seconds} for a job, from the worker; from the easy heuristic here if it is down."""
        try:
            answer = json.loads(await self._ask("think", json.dumps(job),
                                                lambda warm: request_timeout(job["level"], warm)))
        except Exception as exc:  # no worker: the game goes on with the instant heuristic, and the player knows
            dom.warn(f"search worker unavailable, the easy heuristic answers: {exc!r}")
            self.gave_up()
            return heuristic_answer(game, job)
        self.stats = ([*self.stats, {"game": job["game"], "level": job["level"], "iterations":
                       answer["iterations"], "seconds": answer["seconds"]}])[-200:]
        dom.set_search_stats(json.dumps(self.stats))
        return answer

    async def worker_after_game(self, game, view: dict):
        """The game's `ai.after_game` of an end-of-game view, from the worker (or here if it is down)."""
        try:
            text = await self._ask("after_game", json.dumps({"game": game.ID, "view": view}),
                                   lambda _warm: AFTER_GAME_TIMEOUT_S)
            return json.loads(text)
        except Exception as exc:  # no worker: work it out here rather than not at all
            dom.warn(f"search worker unavailable, end-of-game analysis on the main thread: {exc!r}")
            from pygames.core import search

            return search.after_game_of(game)(view)


    async def analyse(self, job: dict) -> dict:
        """One decision judged in the worker, never here: the analysis waits for a worker rather than freeze the
        page (a failure is raised to the caller, which stops and says so)."""
        return json.loads(await self._ask("analyse", json.dumps(job), lambda _warm: ANALYSE_TIMEOUT_S))

    # ------------------------------------------------------------------ what the screen shows of it

    def thinking_seat(self, viewer: int | None) -> int | None:
        """The seat whose "is thinking…" line shows: the computer being searched, else the viewer while a hint is."""
        if self.pending is not None:
            return self.pending["seat"]
        return viewer if self.hint_asked else None

    def hint(self, session, legal: list[str]) -> str | None:
        """The hint for the position on screen, if one was found for it; a hint for an older position is dropped."""
        if self.hint_for is not None and self.hint_for != hint_key(session, legal):
            self.hint_for = self.hint_action = None
        return self.hint_action

    # ------------------------------------------------------------------ the computer's move

    def think(self, session, play) -> None:
        """Search the next computer seat's move in the worker; `play(session, request, action) -> bool` plays it
        when it comes back (False: the game moved on, nothing played)."""
        if self.pending is not None and self.pending["ticket"] is session.state:
            return  # already thinking about this very position
        request = session.bot_request()
        if request is None:
            return
        self.pending = request
        self.on_change()
        asyncio.ensure_future(self._think(session, request, play))

    async def _think(self, session, request: dict, play) -> None:
        try:
            answer = await self.search(session.game, search_job(request))
        except Exception as exc:
            if self.pending is request:
                self.pending = None
            self.on_error(str(exc)[:300])
            self.on_change()
            return
        if self.pending is request:
            self.pending = None
        if not play(session, request, answer["action"]):
            self.on_change()  # not played: the thinking line goes (a played move redraws the table anyway)

    # ------------------------------------------------------------------ hints

    def ask_hint(self, session, wanted) -> None:
        """Run the hard search on the human viewer's own view; the answer is kept for that position (`hint`)
        if `wanted()` still holds when it comes (the same game, not behind the cover)."""
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
        self.hint_for, self.hint_action, self.hint_asked = key, None, True
        self.on_change()
        asyncio.ensure_future(self._hint(session, request, key, wanted))

    async def _hint(self, session, request: dict, key: str, wanted) -> None:
        try:
            answer = await self.search(session.game, search_job(request))
        finally:
            self.hint_asked = False
        if self.hint_for == key and wanted():
            self.hint_action = answer["action"]
        self.on_change()

    # ------------------------------------------------------------------ the end screen

    def after_game(self, game, state, view: dict, show) -> object:
        """What the game works out after the end (`ai.after_game`, e.g. Spyworld's best routes) for the finished
        `state`: in the worker, once per finished game. Returns the answer when known, else None, and `show(answer)`
        is called when it comes."""
        if self.after is not None and self.after[0] is state:
            return self.after[1]  # None: asked already, shown when it comes
        self.after = (state, None)
        asyncio.ensure_future(self._after_game(game, state, view, show))
        return None

    async def _after_game(self, game, state, view: dict, show) -> None:
        try:
            answer = await self.worker_after_game(game, view)
        except Exception as exc:
            self.after = None
            self.on_error(str(exc)[:300])
            return
        self.after = (state, answer)
        show(answer)


def searched(session) -> bool:
    """True when the next computer seat plays a searched level (normal, hard), not the instant heuristic."""
    seat = session.next_bot()
    return seat is not None and session.seats[seat].level != EASY


def hint_key(session, legal: list[str]) -> str:
    """What a hint answers: the viewer's choices, before the viewer's next move. While the viewer has a choice,
    the state changes without the viewer moving only by other seats' hidden simultaneous moves (Spyworld: the
    computer plans while the human does; they are revealed once everybody has submitted), which a hint from
    the viewer's own view could not see anyway."""
    moves = sum(1 for step in session.state["history"] if step[0] == session.viewer)
    return json.dumps([session.viewer, moves, legal])
