"""Computer thinking off the main thread: the search bots (normal, hard) and the hints run in a PyScript named
worker (`search_worker.py`, plain JSON in and out), so the page never freezes while a computer thinks.

The worker is created on first need (the app's boot does not pay for a second interpreter). A request carries
only the seat's view, its legal actions, a level and a seed; its answer is played only if the game has not
moved on meanwhile (`Session.bot_answer`: undo, quit, restart and a new game all make the answer stale, so
those commands answer at once and the search is simply ignored). If the worker cannot start, the search runs
on the main thread with the same budget (slower to answer clicks, never wrong).
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


class Thinker:
    """One search worker for the app, and the request it is answering now."""

    def __init__(self):
        self._worker = None
        self._loading = None
        self.pending: dict | None = None      # the bot request being searched
        self.hint_for: object = None          # what the viewer saw when a hint was asked (`hint_key`)
        self.hint_action: str | None = None   # the hint's answer, shown while the viewer's position stands
        self.hint_asked = False               # a hint search is under way
        self.stats: list = []                 # effort of the last searches (iterations, seconds) for the bench
        self.after: tuple | None = None       # (finished state, its `after_game` answer or None while asked)

    async def _get_worker(self):
        if self._worker is None:
            if self._loading is None:
                from pyscript import create_named_worker

                self._loading = asyncio.ensure_future(
                    create_named_worker(src=WORKER_SRC, name=WORKER_NAME, config=WORKER_CONFIG))
            self._worker = await self._loading
        return self._worker

    async def search(self, game, job: dict) -> dict:
        """{action, iterations, seconds} for a job, from the worker (or the main thread if it cannot start)."""
        try:
            worker = await self._get_worker()
            answer = json.loads(await worker.think(json.dumps(job)))
            self.stats = ([*self.stats, {"game": job["game"], "level": job["level"], "iterations":
                           answer["iterations"], "seconds": answer["seconds"]}])[-200:]
            js.window.pygamesSearchStats = json.dumps(self.stats)  # read by `build.py bench` only
            return answer
        except Exception as exc:  # no worker: think here rather than not at all
            js.console.warn(f"search worker unavailable, thinking on the main thread: {exc!r}")
            from pygames.core import search

            out = search.choose(game, job["view"], job["legal"], seconds=search.THINK_SECONDS[job["level"]],
                                iterations=search.MAX_ITERATIONS[job["level"]], seed=job["seed"])
            return {"action": out.action, "iterations": out.iterations, "seconds": out.seconds}


    async def after_game(self, game, view: dict):
        """The game's `ai.after_game` of an end-of-game view, from the worker (or here if it cannot start)."""
        try:
            worker = await self._get_worker()
            return json.loads(await worker.after_game(json.dumps({"game": game.ID, "view": view})))
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
        app.after_change()


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
