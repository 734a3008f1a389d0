"""The guided first game on screen: the panel `[data-testid=tutorial]`, the one enabled control of a scripted
step (`[data-tutorial-target]`), Skip, Minimise, the rules link and the closing `[data-testid=tutorial-done]`.

The shell calls four hooks (start from a link, decorate after each redraw, the end screen, commands); what a step
is and when it is due is decided by the pure runner (`tutorial.py`) from the game's history.
"""

from __future__ import annotations

import time

import js
from pyodide.ffi import create_proxy

from . import reach, storage, tutorial
from .render import by_id, clear, el, missing
from .session import EASY, HUMAN, Seat, Session

MIN_KEY = "pygames.tutorial.min"
# Minimised holds for one guided game only (the id of its save, kept for this tab's reloads): the next tutorial,
# of this game or another, starts with its guide open at step 1.
TAB = storage.Store(lambda: js.sessionStorage)
PANEL_ID = "tutorial-panel"
# Where the table has a side column (static/app.css: `.table` in two columns), the guide is docked at the top of that
# column, beside the board, so that it hides none of the board's decision; elsewhere it sticks under the status line.
DOCK_QUERY = "(orientation: landscape) and (min-width: 900px)"
_dock_watch = []  # the media-query listener, added once (a turned tablet moves the guide)
# A board's own words on the decision (its decision panel: pax-decision, spy-decision), kept in view with the target.
EXPLAINS = '#board [data-testid$="-decision"]'


def runner(app) -> tutorial.Runner | None:
    """The runner of the session on screen (rebuilt when the session changes), or None in a normal game."""
    s = app.session
    if s is None or not s.tutorial:
        return None
    current = getattr(app, "_tutorial_runner", None)
    if current is None or current[0] is not s:
        script = tutorial.load(s.tutorial)
        if script is None:
            return None
        current = (s, tutorial.Runner(s.game, script))
        app._tutorial_runner = current
    current[1].sync(s.state)
    return current[1]


def start(app, game_id: str) -> bool:
    """Open a fresh guided game of `game_id` from its script (seed, seats, options)."""
    script = tutorial.load(game_id)
    game = app.games.get(game_id)
    if script is None or game is None:
        return False
    # The computer of a guided game is the quick heuristic (EASY), seeded by the tutorial: its moves are the ones the
    # script was written against, resumed or not (a search bot's moves depend on its think time).
    seats = [Seat("", HUMAN if kind == HUMAN else EASY) for kind in script.seats]
    for earlier in app.tab.tutorial_saves(game_id):  # a new guided game replaces the earlier one of that game
        app.tab.delete(earlier)
    session = Session.start(game, seats, script.seed, script.options, f"{game_id}-tutorial-{int(time.time() * 1000)}",
                            created=time.time())
    session.tutorial = game_id
    app.open_session(session)
    return True


def start_from_link(app) -> bool:
    """`?tutorial=<id>[&botdelay=ms]`: start that game's tutorial (the link is consumed, a reload resumes)."""
    game_id, delay = tutorial.link_game(str(js.location.search))
    if game_id is None:
        return False
    if delay is not None:
        app.bot_delay = delay
    js.history.replaceState(None, "", str(js.location.pathname))
    return start(app, game_id)


def decorate(app, view: dict, legal: list[str]) -> None:
    """After the table is drawn: the panel, and during a scripted step only its target enabled and marked."""
    panel = by_id(PANEL_ID)
    run = runner(app)
    if run is None:
        if not missing(panel):
            panel.remove()
        return
    due = run.current(legal)
    if due is not None:
        step, aim = due
        for node in js.document.querySelectorAll("[data-action]"):
            if str(node.dataset.action) == aim:
                node.setAttribute("data-tutorial-target", "")
                node.disabled = False
            else:
                node.disabled = True
        texts, section = [step.text], step.rules
        if run.step == 0:
            texts.insert(0, run.script.intro)
    elif run.step == 0:
        texts, section = [run.script.intro], ""
    else:
        texts, section = [tutorial.comment(run.script, view["log"]) or run.script.free], ""
    draw_panel(app, run, texts, section, due is not None)
    if due is not None:
        target = js.document.querySelector("[data-tutorial-target]")
        opener = open_popover(target)
        keep_in_view(target if opener is None else opener)


def open_popover(node):
    """A target listed in a closed popover (a Spyworld room's ways in) is shown at once, and the control that opens
    that popover is marked too (`data-tutorial-opener`), so a light dismiss leaves the way back in view.
    Returns that opener, or None when the target is not in a popover."""
    if missing(node):
        return None
    pop = node.closest("[popover]")
    if missing(pop):
        return None
    opener = js.document.querySelector(f'[popovertarget="{pop.id}"]')
    if not missing(opener):
        opener.setAttribute("data-tutorial-opener", "")
    if not pop.matches(":popover-open"):
        pop.showPopover()
    return None if missing(opener) else opener


def keep_in_view(node) -> None:
    """The one control of a scripted step shows whole between the status line (and the guide, when it is not docked
    beside the board) and the action bar, together with the board's own words on the decision above it when both
    fit (PAX's play panel); the bar's own buttons are always in reach."""
    if missing(node) or not missing(node.closest("#actions")):
        return
    top, bottom = reach.band()
    room = bottom - top - 2 * reach.MARGIN
    rect = node.getBoundingClientRect()
    first = float(rect.top)
    words = js.document.querySelector(EXPLAINS)
    if not missing(words):
        said = words.getBoundingClientRect()
        if said.height > 0 and said.top < first and rect.bottom - said.top <= room:
            first = float(said.top)
    if first >= top and rect.bottom <= bottom:
        return
    if rect.bottom - first <= room:  # the smallest scroll that shows them
        delta = first - top - reach.MARGIN if first < top else rect.bottom - bottom + reach.MARGIN
    else:
        delta = (rect.top + rect.bottom) / 2 - (top + bottom) / 2
    js.window.scrollBy(0, delta)


def place_panel(panel) -> None:
    """Docked first in the side column when the table has one, else right under the status line; sticky under it."""
    docked = bool(js.window.matchMedia(DOCK_QUERY).matches)
    status = by_id("status")
    side = js.document.querySelector("#game .side")
    # moved only when it is not there yet (a move would drop the focus from its buttons); compared in JavaScript
    if docked and not missing(side):
        if not side.firstElementChild.isSameNode(panel):
            side.insertBefore(panel, side.firstChild)
    elif not status.nextElementSibling.isSameNode(panel):
        status.parentNode.insertBefore(panel, status.nextSibling)
    panel.classList.toggle("docked", docked and not missing(side))
    panel.style.top = f"{float(status.getBoundingClientRect().height)}px"  # sticks under the status


def watch_dock() -> None:
    """A tablet turned (or a window resized) across DOCK_QUERY: the guide moves, and the decision is kept in view."""
    if _dock_watch:
        return

    def moved(_event=None) -> None:
        panel = by_id(PANEL_ID)
        if not missing(panel):
            place_panel(panel)
            opener = js.document.querySelector("[data-tutorial-opener]")
            keep_in_view(js.document.querySelector("[data-tutorial-target]") if missing(opener) else opener)
            reach.bring_decision_into_view()
    _dock_watch.append(create_proxy(moved))
    js.window.matchMedia(DOCK_QUERY).addEventListener("change", _dock_watch[0])


def minimised(app) -> bool:
    """Whether the guide of the guided game on screen was minimised (this tab's storage, else this page's memory)."""
    s = app.session
    return s is not None and (TAB.get(MIN_KEY) or getattr(app, "_tutorial_min", "")) == s.save_id


def draw_panel(app, run: tutorial.Runner, texts: list[str], section: str, scripted: bool) -> None:
    cat = app.cat
    panel = by_id(PANEL_ID)
    if missing(panel):
        panel = el("section", {"id": PANEL_ID, "class": "tutorial", "data-testid": "tutorial",
                               "aria-labelledby": "tutorial-title"})
        watch_dock()
    place_panel(panel)
    clear(panel)
    small = minimised(app)
    panel.classList.toggle("minimised", small)
    total = len(run.script.steps)
    title = cat.t("tut.title", game=cat.t(f"home.game.{run.script.game}"))
    if scripted:
        title += " — " + cat.t("tut.step", n=run.step + 1, total=total)
    head = el("div", {"class": "tutorial-head"}, None, [
        el("h3", {"id": "tutorial-title"}, title),
        el("button", {"type": "button", "data-command": "tutorial-min", "aria-expanded": "false" if small else "true",
                      "class": "quiet"}, cat.t("tut.expand" if small else "tut.minimise")),
        el("button", {"type": "button", "data-command": "tutorial-skip", "class": "quiet"}, cat.t("tut.skip")),
    ])
    panel.appendChild(head)
    if small:
        return
    body = el("div", {"class": "tutorial-body", "role": "status", "aria-live": "polite"}, None, [
        el("p", {"data-tutorial-text": key}, cat.t(key)) for key in texts])
    if section:
        body.appendChild(el("button", {"type": "button", "class": "linkish",
                                       "data-command": f"tutorial-rules:{section}"}, cat.t("tut.rules")))
    panel.appendChild(body)


def game_over(app) -> None:
    """At the end of a guided game: what the end screen says, and a normal game offered."""
    s = app.session
    if s is None or not s.tutorial:
        return
    script = tutorial.load(s.tutorial)
    if script is None:
        return
    cat = app.cat
    box = el("section", {"class": "tutorial tutorial-done", "data-testid": "tutorial-done"}, None, [
        el("h3", None, cat.t("tut.done.title")),
        el("p", None, cat.t(script.done)),
        el("p", None, cat.t("tut.done.common")),
        el("button", {"type": "button", "class": "primary", "data-command": f"new:{s.game.ID}"},
           cat.t("tut.done.normal")),
    ])
    extra = by_id("gameover-extra")
    extra.insertBefore(box, extra.firstChild)


def command(app, name: str, arg: str) -> None:
    if name == "tutorial":
        start(app, arg)
    elif name == "tutorial-min" and app.session is not None:
        chosen = None if minimised(app) else app.session.save_id
        app._tutorial_min = chosen or ""
        TAB.set(MIN_KEY, chosen)
        app.refresh(schedule=False)
    elif name == "tutorial-skip" and app.session is not None:
        app.session.tutorial = None  # from now on a normal game, saved as one
        app.autosave()
        app.refresh(schedule=False)
    elif name == "tutorial-rules":
        app.show_rules(section=arg)

