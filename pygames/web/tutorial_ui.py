"""The guided first game on screen: the panel `[data-testid=tutorial]`, the one enabled control of a scripted
step (`[data-tutorial-target]`), Skip, Minimise, the rules link and the closing `[data-testid=tutorial-done]`.

`Tutorial` owns the guided game's screen state (its runner, whether the guide is minimised) and answers the screen's
questions: the guide and the step's target (`guide`, drawn and marked by `table.py` before the patch). What a step is
and when it is due is decided by the pure runner (`tutorial.py`) from the game's history. After a patch the
controller calls `show_target` (a popover holding the target opens, the target is scrolled into reach) and
`place_panel` (sticky under the status line); nothing here takes the app.
"""

from __future__ import annotations

import time

from pygames.app import storage, tutorial
from pygames.app.session import EASY, HUMAN, Seat, Session

from . import dom, reach
from .dom import by_id, missing
from .table import Guide

MIN_KEY = "pygames.tutorial.min"
# Minimised holds for one guided game only (the id of its save, kept for this tab's reloads): the next tutorial,
# of this game or another, starts with its guide open at step 1.
TAB = storage.Store(dom.session_storage)
PANEL_ID = "tutorial-panel"
# Where the table has a side column (static/app.css: `.table` in two columns), the guide is docked at the top of that
# column, beside the board, so that it hides none of the board's decision; elsewhere it sticks under the status line.
DOCK_QUERY = "(orientation: landscape) and (min-width: 900px)"
# A board's own words on the decision (its decision panel: pax-decision, spy-decision), kept in view with the target.
EXPLAINS = '#board [data-testid$="-decision"]'


class Tutorial:
    """The guided game on screen: its runner (rebuilt when the session changes) and its guide's minimised state."""

    def __init__(self):
        self._runner: tuple | None = None  # (session, tutorial.Runner)
        self._min = ""  # the save id of the guided game minimised on this page (this tab's storage may be off)

    def runner(self, session) -> tutorial.Runner | None:
        """The runner of `session` synced with its history, or None in a normal game."""
        if session is None or not session.tutorial:
            return None
        if self._runner is None or self._runner[0] is not session:
            script = tutorial.load(session.tutorial)
            if script is None:
                return None
            self._runner = (session, tutorial.Runner(session.game, script))
        run = self._runner[1]
        run.sync(session.state)
        return run

    def minimised(self, session) -> bool:
        return session is not None and (TAB.get(MIN_KEY) or self._min) == session.save_id

    def toggle_min(self, session) -> None:
        chosen = None if self.minimised(session) else session.save_id
        self._min = chosen or ""
        TAB.set(MIN_KEY, chosen)

    def guide(self, session, view: dict, legal: list[str]) -> Guide | None:
        """The guide's words and, during a scripted step, the one action to play; None in a normal game."""
        run = self.runner(session)
        if run is None:
            return None
        due = run.current(legal)
        if due is not None:
            step, aim = due
            texts, section = [step.text], step.rules
            if run.step == 0:
                texts.insert(0, run.script.intro)
        elif run.step == 0:
            texts, section = [run.script.intro], ""
        else:
            texts, section = [tutorial.comment(run.script, view["log"]) or run.script.free], ""
        return Guide(run.script.game, tuple(texts), section, run.step if due is not None else None,
                     len(run.script.steps), due[1] if due is not None else None, self.minimised(session), docked())


def new_session(game_id: str, games, tab) -> Session | None:
    """A fresh guided game of `game_id` from its script (seed, seats, options); the earlier one of that game (in
    `tab`'s saves) is deleted."""
    script = tutorial.load(game_id)
    game = games.get(game_id)
    if script is None or game is None:
        return None
    # The computer of a guided game is the quick heuristic (EASY), seeded by the tutorial: its moves are the ones the
    # script was written against, resumed or not (a search bot's moves depend on its think time).
    seats = [Seat("", HUMAN if kind == HUMAN else EASY) for kind in script.seats]
    for earlier in tab.tutorial_saves(game_id):  # a new guided game replaces the earlier one of that game
        tab.delete(earlier)
    session = Session.start(game, seats, script.seed, script.options, f"{game_id}-tutorial-{int(time.time() * 1000)}",
                            created=time.time())
    session.tutorial = game_id
    return session


def link() -> tuple[str | None, int | None]:
    """`?tutorial=<id>[&botdelay=ms]`: (game id, bot delay); the link is consumed, so a reload resumes."""
    game_id, delay = tutorial.link_game(dom.location_search())
    if game_id is not None:
        dom.consume_link()
    return game_id, delay


def docked() -> bool:
    return dom.media(DOCK_QUERY)


def show_target() -> None:
    """After the patch, during a scripted step: a popover holding the target opens, and the target (or that
    popover's opener) is brought into reach."""
    target = dom.query("[data-tutorial-target]")
    if target is None:
        return
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
    opener = dom.query(f'[popovertarget="{pop.id}"]')
    if opener is not None:
        opener.setAttribute("data-tutorial-opener", "")
    if not pop.matches(":popover-open"):
        pop.showPopover()
    return opener


def keep_in_view(node) -> None:
    """The one control of a scripted step shows whole between the status line (and the guide, when it is not docked
    beside the board) and the action bar, together with the board's own words on the decision above it when both
    fit (PAX's play panel); the bar's own buttons and the docked hand's are always in reach."""
    if missing(node) or not missing(node.closest("#actions")):
        return
    words = dom.query(EXPLAINS)
    dock = reach.docked()
    if dock is not None and dock.contains(node):  # on screen: the board's words on the decision are brought instead
        if words is None or dock.contains(words):
            return
        node, words = words, None
    top, bottom = reach.band()
    room = bottom - top - 2 * reach.MARGIN
    rect = node.getBoundingClientRect()
    first = float(rect.top)
    if words is not None:
        said = words.getBoundingClientRect()
        if said.height > 0 and said.top < first and rect.bottom - said.top <= room:
            first = float(said.top)
    if first >= top and rect.bottom <= bottom:
        return
    if rect.bottom - first <= room:  # the smallest scroll that shows them
        delta = first - top - reach.MARGIN if first < top else rect.bottom - bottom + reach.MARGIN
    else:
        delta = (rect.top + rect.bottom) / 2 - (top + bottom) / 2
    reach.scroll_by(delta)


def place_panel(on_turn) -> None:
    """The guide sticks right under the status line (its height is the page's); a tablet turned across DOCK_QUERY
    calls `on_turn()` (the controller redraws: the guide moves between the side column and the top)."""
    panel = by_id(PANEL_ID)
    if panel is None:
        return
    panel.style.top = f"{float(by_id('status').getBoundingClientRect().height)}px"
    dom.on_media_change(DOCK_QUERY, on_turn)  # listened to once

