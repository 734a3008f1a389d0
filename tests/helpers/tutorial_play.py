"""Shared by the tutorial tests: play a guided game through the real shell session (pure Python) and the runner,
the way the app does (`pygames/web/tutorial_ui.py`), and read what happened from the engine's own log."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygames.app import tutorial
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry


@dataclass
class Turn:
    seat: int
    action: str
    step: int | None          # the scripted step this human action completed, None in free play or for a bot
    events: list              # the log events [key, args, to] this action produced


@dataclass
class Played:
    session: Session
    runner: tutorial.Runner
    turns: list = field(default_factory=list)

    def events(self, scripted_only: bool = False) -> list:
        return [e for t in self.turns if not scripted_only or t.step is not None for e in t.events]

    def human_events(self, key: str, scripted_only: bool = False) -> list:
        human = self.runner.script.human
        return [e for e in self.events(scripted_only) if e[0] == key and e[1].get("player") == human]


def start(game_id: str) -> tuple[Session, tutorial.Runner]:
    script = tutorial.load(game_id)
    game = registry.load(game_id)
    # as tutorial_ui.start: the computer of a guided game is the seeded quick heuristic (EASY)
    seats = [Seat("", HUMAN if kind == HUMAN else EASY) for kind in script.seats]
    session = Session.start(game, seats, script.seed, script.options, "t")
    session.tutorial = game_id
    return session, tutorial.Runner(game, script)


def chained(game_id: str):
    """The board's `chained(action)` hook, or None: the app plays the returned action right after a tap that
    joins two steps (Spyworld: a claim also submits), so the guided game does the same here."""
    from pygames.core import registry
    from pygames.web.boards import board_of

    return board_of(registry.LazyGames()[game_id]).chained


def act(session: Session, game_id: str, action: str) -> None:
    """One tap: the action, then the action the board joins to it when it is legal (as `app.play` does)."""
    session.play(action, chained(game_id))


def varied(session: Session, legal: list[str]) -> str:
    """A free-play choice that depends only on the position (so a resumed game chooses alike) and never loops
    forever on undoable pairs such as PAX's stage/unstage: a pseudo-random legal action."""
    n = len(session.state["history"])
    return legal[(n * 2654435761 + 12345) % 4093 % len(legal)]


def play(game_id: str, free=varied, session=None, runner=None, max_actions: int = 5000,
         stop_after_steps: int | None = None) -> Played:
    """Play to the end: each due step's target, else `free(session, legal)`; computers move as in the app."""
    if session is None:
        session, runner = start(game_id)
    played = Played(session, runner)
    for _ in range(max_actions):
        if session.over:
            break
        before = len(session.state["log"])
        if session.next_bot() is not None:
            seat, action = session.bot_step()
            played.turns.append(Turn(seat, action, None, session.state["log"][before:]))
            continue
        runner.sync(session.state)
        if stop_after_steps is not None and runner.step >= stop_after_steps:
            break
        legal = session.legal_for_viewer()
        assert legal, f"{game_id}: a human decision with no legal action"
        due = runner.current(legal)
        action = due[1] if due is not None else free(session, legal)
        step = runner.step if due is not None else None
        act(session, game_id, action)
        played.turns.append(Turn(session.viewer, action, step, session.state["log"][before:]))
    runner.sync(session.state)
    return played
