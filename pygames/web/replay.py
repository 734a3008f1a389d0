"""The replay of the last turn on screen: its frames (`staging.Run`, pure) and the clock that moves them on. The
controller starts and ends it (`replay-turn`, `replay-end`, a tap on the board or an action) and each tick of the
clock comes back to it as a message (`messages.ReplayStep`); the table draws `stage(...)` from the model."""

from __future__ import annotations

from pygames.app import staging

from . import dom, pace


class Replay:
    def __init__(self):
        self.run: staging.Run | None = None
        self.timer = None

    def start(self, game, state: dict, viewer: int, on_tick) -> bool:
        """Stage the others' moves since `viewer`'s last action; False when there is nothing to stage.
        `on_tick()` after each frame's time at the menu's speed."""
        self.end()
        self.run = staging.Run.of(game, state, viewer)
        if self.run is None:
            return False
        self.wait(on_tick)
        return True

    def wait(self, on_tick) -> None:
        self.timer = dom.later("replay", staging.step_ms(dom.stored(pace.KEY)), lambda *_: self.rang(on_tick))

    def rang(self, on_tick) -> None:
        self.timer = None
        on_tick()

    def step(self, on_tick) -> bool:
        """The next frame (its clock started again); False once the replay is over (or was ended)."""
        if self.run is None:
            return False
        if not self.run.advance():
            self.end()
            return False
        self.wait(on_tick)
        return True

    def end(self) -> bool:
        """The replay over (its last frame, Skip, a tap); True when one was on screen."""
        if self.timer is not None:
            dom.cancel(self.timer)
            self.timer = None
        was, self.run = self.run, None
        return was is not None

    def stage(self, state: dict, viewer: int | None) -> staging.Stage | None:
        """The frame to draw, or None; a replay of a game that moved on (or of another seat) is over."""
        if self.run is not None and not self.run.fits(state, viewer):
            self.end()
        return self.run.current() if self.run is not None else None
