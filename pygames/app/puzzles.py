"""Learn from your mistakes (issue 49, item 3): every mistake and blunder the analysis found in this device's saved
games is a puzzle. Its position is the one before that decision as its player saw it; what the player could not see
is drawn again from that view (`determinize`: the same view, other hidden cards), so remembering how the game went
on does not solve it; the answer is judged from the view like any decision (pygames/core/analysis.py) and accepted
within 3.5 points of expected score of the best (lichess's rule). Pure: the controller reads storage, asks the worker
and draws."""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core import analysis
from pygames.core import engine as core
from pygames.core.rng import Rng

ACCEPT = 0.035  # an answer within this of the best expected score is accepted (lichess: 3.5 Win% points)
SOLVED_KEY = "pygames.puzzles"  # the puzzles solved on this device (their keys), for the solved / total counter


@dataclass(frozen=True)
class Puzzle:
    key: str  # "<save id>:<step>"
    save_id: str
    game_id: str
    step: int  # the decision's index in the game's history
    seat: int
    mark: str
    loss: float  # what the move played then lost
    best: str  # the best move the analysis found


def collect(games: dict, saves: list[tuple[str, str, str]]) -> list[Puzzle]:
    """The puzzles of the saved games: (save id, save text, analysis text) each; a save or an analysis that cannot
    be read gives none (it is listed as it is elsewhere)."""
    found = []
    for save_id, save_text, analysis_text in saves:
        try:
            game, state, data = core.load_recipe(save_text, games)
            judged, _pass, _seed = analysis.parse_stored(analysis_text, state["history"])
        except core.InvalidSave:
            continue
        humans = {i for i, seat in enumerate(data.get("seats") or []) if isinstance(seat, dict)
                  and seat.get("kind") == "human"}
        for step, j in sorted(judged.items()):
            if j.mark in ("mistake", "blunder") and j.seat in humans and j.best != j.played:
                found.append(Puzzle(f"{save_id}:{step}", save_id, game.ID, step, j.seat, j.mark, j.loss, j.best))
    return found


def position(game, state: dict, puzzle: Puzzle, seed: int) -> tuple[dict, list[str]]:
    """The puzzle's board: the view before the decision of the seat that made it, from a state drawn again from that
    view (the hidden parts resampled: `seed`), and its legal actions there."""
    before = core.replay(game, state["players"], state["seed"], state["options"], state["history"][:puzzle.step])
    view = core.view(game, before, puzzle.seat)
    drawn = game.determinize(view, puzzle.seat, Rng(seed))
    return core.view(game, drawn, puzzle.seat), core.legal_actions(game, drawn, puzzle.seat)


def accepted(answer: str, judged) -> bool:
    """Solved: the best move itself, or one within ACCEPT of the best's expected score."""
    return answer == judged.best or judged.loss <= ACCEPT
