"""What the other seats did since the viewer last acted: their log lines, highlighted on the table.

Only the viewer's own log (`view["log"]`, already filtered by the engine) is read, so nothing hidden can show.
The banner and the fresh log lines fade in (static/app.css: <= 400 ms, none under prefers-reduced-motion); the
animation never holds back the decision's controls, which are drawn at once.
"""

from __future__ import annotations

from . import dom

SHOWN = 3  # banner lines shown at once; the rest of the others' turn waits behind a tap, so the decision stays in reach


class LastMoves:
    """The board's look for the last-move ring and the slides. Which log lines are news is the session's
    (`Session.first_unseen`); this only keeps what each seat's board looked like when it last saw it."""

    def __init__(self):
        self.before = None  # the board's look at the previous redraw (static/table.js), for the same viewer only
        self.before_places = None  # where its keyed parts (`data-anim-key`) stood then, for the slides
        self.before_viewer: int | None = -1
        self.comparable = False  # the board on screen before this redraw was this viewer's (or its look was kept)
        self.looks: dict[int | None, object] = {}  # seat -> its board's look when it was last on screen
        self.log_size = -1  # the log's length at the previous redraw: a longer log means a move was made
        self.grew = False

    def leave_board(self, board) -> None:
        """Before another seat's screen or the cover replaces this one: keep its look, in memory only (never in the
        page), to ring at that seat's next turn what changed meanwhile."""
        helper = dom.table_helper()
        if helper is not None and self.before_viewer != -1 and board.firstChild:
            self.looks[self.before_viewer] = helper.snapshot(board)

    def remember_board(self, board, viewer: int | None, others_moved: bool = True) -> None:
        """Before a redraw: keep the board's look, unless another seat's screen is on it (nothing crosses seats):
        then the look this seat's board had when it last saw it. The look is read only for a redraw that will ring
        the other seats' moves (`others_moved`): reading it walks every keyed part of the board, a tap's cost."""
        helper = dom.table_helper()
        same = viewer == self.before_viewer
        if helper is not None and not same:
            self.leave_board(board)
        keep = helper is not None and same and board.firstChild
        if keep:
            self.before = helper.snapshot(board) if others_moved else None
        else:
            self.before = self.looks.pop(viewer, None)
            self.before_places = None  # measured at the end of the last redraw (mark_board), for this viewer only
        self.comparable = bool(keep) or self.before is not None
        self.before_viewer = viewer

    def mark_board(self, board, others_moved: bool) -> None:
        """After a redraw that follows other seats' moves: ring what changed (CSS class `moved`). After any move
        (the log grew), slide the pieces, markers and cards that moved from where they stood (static/table.js,
        <= 400 ms, none under prefers-reduced-motion): the other seats' moves, and the viewer's own too, since a
        tap of theirs often resolves the others' moves (Spyworld's turn ends on the last submit, refilling the
        display; PAX's purchase sends the cards to the buyer's area). A redraw with no move (language, preview)
        slides nothing. The slides run on their own; the controls are already drawn and enabled."""
        helper = dom.table_helper()
        if helper is None:
            return
        if others_moved and self.before is not None:
            helper.markChanged(board, self.before)
        moving = (others_moved or self.grew) and self.comparable
        self.before_places = helper.slide(board, self.before_places if moving else None)

    def log_seen(self, log: list) -> None:
        """Note the log's length at each redraw: a longer log than at the previous one means a move was made."""
        self.grew, self.log_size = self.log_size != -1 and len(log) != self.log_size, len(log)

    def reset(self) -> None:
        self.before, self.before_places, self.before_viewer = None, None, -1
        self.comparable = False
        self.looks.clear()
        self.log_size, self.grew = -1, False


def split(entries: list, shown: int = SHOWN) -> tuple[list, list]:
    """The lines the banner shows at once and those behind its "more" button: the first ones in the order they
    happened, and all the others (never dropped: a turn's own action may come after its effects' lines)."""
    if len(entries) <= shown + 1:  # a button for one line would take as much room as the line
        return list(entries), []
    return list(entries[:shown]), list(entries[shown:])


def head(cat, others: list, any_line: bool) -> str:
    """The banner's first words: "Last move:", or in hot-seat play who played since the viewer's last move."""
    if not others:
        return cat.t("game.last_move")
    names = cat.join([cat.seat_name(p) for p in others])
    return cat.t("game.since_yours" if any_line else "game.since_yours_unseen", players=names, n=len(others))
