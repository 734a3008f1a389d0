"""Replay the last turn: every move the other seats made since the viewer's own last action, staged one after
another on the viewer's board (the slides of static/table.js move the parts between two frames).

Each frame is the VIEWER's own view (`core.view(game, state, viewer)`) of the game as it stood after one of those
moves, worked out by replaying the game's recipe (seed, options, history) up to that move: never another seat's
view, never the hidden state. A move that changed nothing the viewer can see makes no frame of its own, so a
replay shows no more than the viewer's log already says. Pure: the controller runs the clock (`STEP_MS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygames import core

MAX_FRAMES = 60  # the last ones of a very long wait (a 4-player round of many steps); older moves stay in the log
STEP_MS = {"fast": 500, "normal": 1100, "slow": 2000}  # how long each frame stays, by the menu's speed (pace.py)


def step_ms(speed: str | None) -> int:
    """How long a frame stays on screen at the menu's speed (the normal one when none is chosen)."""
    return STEP_MS.get(speed or "normal", STEP_MS["normal"])


@dataclass(frozen=True)
class Frame:
    """The viewer's board after `seat`'s move (`seat` None: the board as the viewer left it, the first frame)."""

    seat: int | None
    view: dict
    fresh: int  # where this move's lines start in `view["log"]` (the viewer's log)


def last_own_action(history: list, viewer: int) -> int:
    """The index in the history of the viewer's last action, -1 if it has not acted yet."""
    return next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == viewer), -1)


def others_moved(state: dict, viewer: int | None) -> bool:
    """Whether another seat acted since the viewer's last action (public: the status line says whose turn it is)."""
    history = state["history"]
    return viewer is not None and last_own_action(history, viewer) < len(history) - 1


def frames(game, state: dict, viewer: int, limit: int = MAX_FRAMES) -> list[Frame]:
    """The frames of the replay: the viewer's board right after its own last action (the start of the game if it
    has not acted), then its board after each other seat's move that changed what it sees. Empty when nobody
    else moved since. Worked out from the recipe only, so it is the same after a reload."""
    history = state["history"]
    start = last_own_action(history, viewer) + 1
    if start >= len(history):
        return []
    again = core.new_game(game, state["players"], state["seed"], state["options"])
    for seat, action in history[:start]:  # already checked when played: replayed unchecked
        core.apply_in_place(game, again, seat, action)
    shown = core.view(game, again, viewer)
    out = [Frame(None, shown, len(shown["log"]))]
    for seat, action in history[start:]:
        core.apply_in_place(game, again, seat, action)
        seen = core.view(game, again, viewer)
        if seen != shown:
            out.append(Frame(seat, seen, len(shown["log"])))
            shown = seen
    if len(out) <= 1:
        return []  # nothing the viewer can see changed: nothing to stage
    return [out[0], *out[1:][-limit:]]


@dataclass(frozen=True)
class Stage:
    """What the table draws of a replay: the frame on screen, its number (0: before the moves) and how many moves."""

    frame: Frame
    step: int
    total: int


@dataclass
class Run:
    """A replay on screen: its frames, the one shown, and what it was made for (a change of game or viewer ends it)."""

    frames: list[Frame]
    viewer: int
    moves: int  # the history's length when it started
    own: int = -1  # where the viewer's last action was then (last_own_action): it acting again ends the replay
    at: int = 0
    ended: bool = field(default=False)

    @classmethod
    def of(cls, game, state: dict, viewer: int) -> Run | None:
        made = frames(game, state, viewer)
        history = state["history"]
        return cls(made, viewer, len(history), last_own_action(history, viewer)) if made else None

    def fits(self, state: dict, viewer: int | None) -> bool:
        """Still the game it was made for: the same seat on screen, which has not acted since, and no move taken
        back. Another seat moving meanwhile (a computer submitting in a simultaneous step) does not end it: the
        frames are the moves before it, and its own lines come in the banner once the replay ends."""
        history = state["history"]
        return not self.ended and viewer == self.viewer and len(history) >= self.moves \
            and last_own_action(history, viewer) == self.own

    def current(self) -> Stage:
        return Stage(self.frames[self.at], self.at, self.total)

    def advance(self) -> bool:
        """The next frame; False (and ended) after the last one."""
        if self.at + 1 >= len(self.frames):
            self.ended = True
            return False
        self.at += 1
        return True

    @property
    def total(self) -> int:
        """How many moves it shows (the first frame is the board before them)."""
        return len(self.frames) - 1
