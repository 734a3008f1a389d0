"""A whole game's replay on screen (pygames/app/review.py decides; this keeps it and its autoplay clock): opened from
the end screen, the saved-games list or the table, drawn through the table's own path (`table.Model.review`), its
steps coming back as commands (`review-go`, `review-play`, `review-seat`, `review-close`; commands.py)."""

from __future__ import annotations

from pygames.app import staging
from pygames.app.review import Review

from . import dom, pace, table

KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}  # the keyboard's steps


class Reviewing:
    def __init__(self):
        self.review: Review | None = None
        self.timer = None

    def open(self, session) -> Review | None:
        """A replay of `session`'s game: every seat's view once it is over (the seat at this device first, if one
        plays here), else only the seat on screen's, as it saw each moment."""
        self.close()
        if session.over:
            seat = session.initial_viewer() if len(session.humans) == 1 else None
        elif session.viewer is not None:
            seat = session.viewer
        else:
            return None
        self.review = Review(session.game, session.state, seat, session.over)
        if not session.over:
            self.review.go(0)  # from the start: the end of a running game is the table itself
        return self.review

    def close(self) -> bool:
        self.stop()
        was, self.review = self.review, None
        return was is not None

    def stop(self) -> None:
        if self.timer is not None:
            dom.cancel(self.timer)
            self.timer = None

    def wait(self, on_tick) -> None:
        """The next autoplay step after a frame's time at the menu's speed, while it plays."""
        self.stop()
        if self.review is not None and self.review.playing:
            self.timer = dom.later("review", staging.step_ms(dom.stored(pace.KEY)), lambda *_: on_tick())

    def model(self, session, board, with_device) -> table.Model:
        """The table's model of the step on screen: its view (of the seat chosen, or the table's), no action."""
        review = self.review
        position = review.position()
        view = with_device(review.view(), board)
        fresh = sum(1 for step in position.line_steps if step < position.step)
        return table.Model(session.game.ID, view, (), position.seat, tuple(seat.name for seat in session.seats),
                           tuple(seat.kind for seat in session.seats), session.match, first_fresh=fresh,
                           review=position)
