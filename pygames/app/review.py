"""The replay of a whole game, decision by decision, drawn by the game's own board (issue 49, item 1).

A review holds the game's recipe (seed, options, history) and rebuilds the state after any decision from the
nearest kept state (one every `KEEP_EVERY` decisions, kept as it is first passed), so any step is drawn quickly
however late in a long game. What it shows is always one seat's view of that state (`core.view`), or the table's
(the public view, seat None): never the hidden state itself.

Honesty: while the game is still being played, the review shows only what the seat on screen saw at each moment
(its own view: `seats` is that seat alone); once the game is over, every seat's view can be shown in turn, as
Board Game Arena's replays do, and the table's. Pure: the controller runs the autoplay clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames import core

KEEP_EVERY = 16  # a kept state every K decisions: a jump replays at most K-1 decisions


@dataclass(frozen=True)
class Position:
    """What the screen shows of a review: the step (decisions played, 0 = the setup), their number, whose view,
    the views the switch offers, the autoplay, the seat of the decision just shown, and for each line of the log
    shown the step that wrote it (a tap on a line goes there)."""

    step: int
    total: int
    seat: int | None
    seats: tuple[int | None, ...]
    playing: bool
    mover: int | None
    line_steps: tuple[int, ...]
    over: bool  # the game reviewed is finished (so every seat's view may be shown)
    verdict: str | None = None  # the analysis's verdict of the decision shown, in words (pygames/web/analysing.py)
    costly: tuple[int, ...] = ()  # the replay steps right after the analysis's mistakes and blunders


class Review:
    """A whole game's replay: the step on screen, whose view, kept states, the autoplay flag."""

    def __init__(self, game, state: dict, seat: int | None, over: bool):
        """`state`: the game's current state (only its recipe and log are read); `seat`: the seat on screen while
        the game runs (the only view a running game's review may show), or the first view shown of a finished one."""
        self.game = game
        self.players: int = state["players"]
        self.seed: int = state["seed"]
        self.options: dict = dict(state["options"])
        self.history: list = [list(step) for step in state["history"]]
        self.over = over
        self.seats: tuple[int | None, ...] = (*range(self.players), None) if over else (seat,)
        if seat not in self.seats:
            raise ValueError("a running game's review shows only the seat on screen")
        self.seat = seat
        self.step = len(self.history)
        self.playing = False
        self.kept: dict[int, dict] = {}
        self.log_after: list[int] = []  # the length of the whole log after each step (index 0: after setup)
        self._walk()

    def _walk(self) -> None:
        """One pass over the game: the kept states and where each step's log lines start."""
        state = core.new_game(self.game, self.players, self.seed, self.options)
        self.kept[0] = core.clone(state)
        self.log_after.append(len(state["log"]))
        for index, (player, action) in enumerate(self.history, start=1):
            core.apply_in_place(self.game, state, player, action)  # checked when the save was read or played
            if index % KEEP_EVERY == 0:
                self.kept[index] = core.clone(state)
            self.log_after.append(len(state["log"]))
        self.final_log = state["log"]

    @property
    def total(self) -> int:
        return len(self.history)

    def state_at(self, step: int) -> dict:
        """The state after `step` decisions, rebuilt from the nearest kept one before it (a fresh copy)."""
        step = max(0, min(step, self.total))
        base = step - step % KEEP_EVERY
        state = core.clone(self.kept[base])
        for player, action in self.history[base:step]:
            core.apply_in_place(self.game, state, player, action)
        return state

    def view(self) -> dict:
        """The view on screen: the chosen seat's (or the table's) view of the state after the step shown."""
        return core.view(self.game, self.state_at(self.step), self.seat)

    def go(self, step: int) -> bool:
        """Show the state after `step` decisions (clamped); False when that is already on screen."""
        step = max(0, min(int(step), self.total))
        if step == self.step:
            return False
        self.step = step
        return True

    def move(self, where: str) -> bool:
        """ "first", "back", "next", "last" or a step number (a slider's value, a log line's step)."""
        named = {"first": 0, "back": self.step - 1, "next": self.step + 1, "last": self.total}
        if where in named:
            return self.go(named[where])
        if where.lstrip("-").isdigit():
            return self.go(int(where))
        raise ValueError(f"no such replay step: {where!r}")

    def choose(self, seat: int | None) -> bool:
        """See the table as `seat` saw it (None: the table's public view); only among `seats`."""
        if seat not in self.seats:
            raise ValueError("that seat's view is not offered")
        changed = seat != self.seat
        self.seat = seat
        return changed

    def tick(self) -> bool:
        """The autoplay's next step; False (and the autoplay stopped) at the end."""
        if not self.playing:
            return False
        if self.step >= self.total:
            self.playing = False
            return False
        self.step += 1
        if self.step >= self.total:
            self.playing = False
        return True

    def play(self, on: bool) -> None:
        """Autoplay on (from the start again when at the end) or off."""
        if on and self.step >= self.total:
            self.step = 0
        self.playing = on and self.total > 0

    def line_steps(self, seat: int | None) -> tuple[int, ...]:
        """For each line of `seat`'s log up to the step shown, the step that wrote it."""
        out = []
        step = 0
        for index, line in enumerate(self.final_log[:self.log_after[self.step]]):
            while self.log_after[step] <= index:
                step += 1
            to = line[2]
            if to is None or (seat is not None and seat in to):  # the rule of core.visible_log
                out.append(step)
        return tuple(out)

    def position(self) -> Position:
        mover = self.history[self.step - 1][0] if self.step else None
        return Position(self.step, self.total, self.seat, self.seats, self.playing, mover,
                        self.line_steps(self.seat), self.over)
