"""What the other seats did since the viewer last acted: their log lines, highlighted on the table.

Only the viewer's own log (`view["log"]`, already filtered by the engine) is read, so nothing hidden can show.
The banner and the fresh log lines fade in (static/app.css: <= 400 ms, none under prefers-reduced-motion); the
animation never holds back the decision's controls, which are drawn at once.
"""

from __future__ import annotations

import js

from .render import by_id, el


class LastMoves:
    def __init__(self):
        self.marks: dict[int | None, int] = {}  # viewer -> log length right after their own last action
        self.acted: set[int | None] = set()
        self.before = None  # the board's look at the previous redraw (static/table.js), for the same viewer only
        self.before_places = None  # where its keyed parts (`data-anim-key`) stood then, for the slides
        self.before_viewer: int | None = -1
        self.log_size = -1  # the log's length at the previous redraw: a longer log means a move was made
        self.grew = False

    def remember_board(self, board, viewer: int | None) -> None:
        """Before a redraw: keep the board's look, unless another seat's screen is on it (nothing crosses seats)."""
        helper = getattr(js.window, "pygamesTable", None)
        same = viewer == self.before_viewer
        keep = helper is not None and same and board.firstChild
        self.before = helper.snapshot(board) if keep else None
        if not keep:
            self.before_places = None  # measured at the end of the last redraw (mark_board), for this viewer only
        self.before_viewer = viewer

    def mark_board(self, board, others_moved: bool) -> None:
        """After a redraw that follows other seats' moves: ring what changed (CSS class `moved`). After any move
        (the log grew), slide the pieces, markers and cards that moved from where they stood (static/table.js,
        <= 400 ms, none under prefers-reduced-motion): the other seats' moves, and the viewer's own too, since a
        tap of theirs often resolves the others' moves (Spyworld's turn ends on the last submit, refilling the
        display; PAX's purchase sends the cards to the buyer's area). A redraw with no move (language, preview)
        slides nothing. The slides run on their own; the controls are already drawn and enabled."""
        helper = getattr(js.window, "pygamesTable", None)
        if helper is None:
            return
        if others_moved and self.before is not None:
            helper.markChanged(board, self.before)
        moving = (others_moved or self.grew) and self.before is not None
        self.before_places = helper.slide(board, self.before_places if moving else None)

    def after_own_action(self, viewer: int | None) -> None:
        self.acted.add(viewer)

    def fresh(self, viewer: int | None, log: list) -> int:
        """The index of the first log line the viewer has not seen happen (set after their own action)."""
        self.grew, self.log_size = self.log_size != -1 and len(log) != self.log_size, len(log)
        if viewer in self.acted or viewer not in self.marks:
            self.acted.discard(viewer)
            self.marks[viewer] = len(log)
        return min(self.marks[viewer], len(log))

    def reset(self) -> None:
        self.marks.clear()
        self.acted.clear()
        self.before, self.before_places, self.before_viewer = None, None, -1
        self.log_size, self.grew = -1, False


def draw(banner, log_list, view: dict, first: int, cat) -> None:
    """Mark the fresh lines of the log and repeat them in the banner above the board."""
    entries = view["log"][first:]
    items = log_list.children
    for i in range(first, items.length):
        items.item(i).classList.add("fresh")
    banner.textContent = ""
    banner.hidden = not entries
    if entries:
        banner.appendChild(el("strong", None, cat.t("game.last_move") + " "))
        for key, args in entries[-4:]:
            banner.appendChild(el("span", {"class": "last-line"}, cat.t(key, **args) + " "))


def banner_node():
    """The banner, created once after the status line."""
    node = by_id("last-move")
    if node is None:
        node = el("p", {"id": "last-move", "class": "last-move", "data-testid": "last-move", "hidden": True})
        status = by_id("status")
        status.parentNode.insertBefore(node, status.nextSibling)
    return node
