"""The puzzles on screen (pygames/app/puzzles.py decides): the saved games' mistakes and blunders, one at a time on
the game's own table (its model carries `puzzle`: the prompt, the verdict, Skip, Show the answer, Next, Close), an
answer judged in the search worker from the puzzle's view, the puzzles solved kept on this device."""

from __future__ import annotations

import asyncio
import json
import zlib
from dataclasses import dataclass

from pygames.app import puzzles
from pygames.app.storage import ANALYSIS_PREFIX, SAVE_PREFIX
from pygames.core import analysis
from pygames.core import engine as core

from . import table


@dataclass(frozen=True)
class Shown:
    """What the table shows of the puzzle on screen."""

    number: int  # 1-based
    total: int
    solved: int  # puzzles solved on this device, of `total`
    mark: str  # the mistake's mark in its game
    state: str  # "asking", "judging", "solved", "missed", "shown"
    answer: str = ""  # the answer in words (once given)
    best: str = ""  # the best move in words (once answered or shown)
    loss: float = 0.0  # what the answer lost against the best


class Trainer:
    def __init__(self, thinker, store, games, on_change, on_error):
        self.thinker, self.store, self.games, self.on_change, self.on_error = thinker, store, games, on_change, on_error
        self.found: list[puzzles.Puzzle] = []
        self.at = 0
        self.current = None  # (game, view, legal, seats) of the puzzle on screen
        self.state = "asking"
        self.answer: str | None = None
        self.judged = None
        self.active = False

    def solved(self) -> set[str]:
        try:
            kept = json.loads(self.store.get(puzzles.SOLVED_KEY) or "[]")
        except ValueError:
            return set()
        return {k for k in kept if isinstance(k, str)} if isinstance(kept, list) else set()

    def count(self) -> int:
        """How many puzzles the saved games hold (the history screen offers them)."""
        return len(self.collect())

    def collect(self) -> list[puzzles.Puzzle]:
        saves = []
        for key in self.store.keys():
            if key.startswith(ANALYSIS_PREFIX):
                save_id = key[len(ANALYSIS_PREFIX):]
                text = self.store.get(SAVE_PREFIX + save_id)
                if text is not None:
                    saves.append((save_id, text, self.store.get(key)))
        return puzzles.collect(self.games, sorted(saves))

    def open(self) -> bool:
        """The first unsolved puzzle (else the first); False when the saved games hold none."""
        self.found = self.collect()
        if not self.found:
            return False
        done = self.solved()
        self.at = next((i for i, p in enumerate(self.found) if p.key not in done), 0)
        self.active = True
        self.load()
        return True

    def load(self) -> None:
        p = self.found[self.at]
        game, state, data = core.load_recipe(self.store.get(SAVE_PREFIX + p.save_id), self.games)
        view, legal = puzzles.position(game, state, p, seed=zlib.crc32(p.key.encode()))
        self.current = (game, view, tuple(legal), data.get("seats") or [])
        self.state, self.answer, self.judged = "asking", None, None

    def close(self) -> bool:
        was, self.active = self.active, False
        return was

    def next(self) -> None:
        self.at = (self.at + 1) % len(self.found)
        self.load()

    def show(self) -> None:
        if self.state in ("asking", "missed"):
            self.state = "shown"

    def give(self, action: str) -> bool:
        """An answer: judged in the worker from the puzzle's view; True when it was taken."""
        if not self.active or self.state != "asking" or action not in self.current[2]:
            return False
        self.state, self.answer = "judging", action
        asyncio.ensure_future(self._judge(self.found[self.at], action))
        return True

    async def _judge(self, puzzle, action: str) -> None:
        game, view, legal, _seats = self.current
        rounds = int(analysis.THRESHOLDS["rounds"]["full"].get(game.ID, 32))
        try:
            got = analysis.from_json(await self.thinker.analyse({
                "game": game.ID, "view": view, "legal": list(legal), "played": action, "rounds": rounds,
                "seed": zlib.crc32(puzzle.key.encode()), "step": puzzle.step}))
        except Exception as exc:
            self.state = "asking"
            self.on_error(str(exc)[:300])
            return
        if not self.active or self.found[self.at] is not puzzle:
            return
        self.judged = got
        if puzzles.accepted(action, got):
            self.state = "solved"
            self.store.set(puzzles.SOLVED_KEY, json.dumps(sorted(self.solved() | {puzzle.key})))
        else:
            self.state = "missed"
        self.on_change()

    def model(self, cat, with_device, board, preview_on: bool = False, previewing: str | None = None) -> table.Model:
        game, view, legal, seats = self.current
        p = self.found[self.at]
        best = self.judged.best if self.judged is not None else p.best
        words = (lambda action: table.action_label(game, view, action, cat)) if view is not None else str
        answered = self.state != "asking"
        shown = Shown(self.at + 1, len(self.found), len(self.solved() & {q.key for q in self.found}), p.mark,
                      self.state, words(self.answer) if self.answer else "",
                      words(best) if self.state in ("solved", "missed", "shown") else "",
                      self.judged.loss if self.judged is not None else 0.0)
        names = tuple(str(s.get("name", "")) if isinstance(s, dict) else "" for s in seats)
        kinds = tuple(str(s.get("kind", "human")) if isinstance(s, dict) else "human" for s in seats)
        return table.Model(game.ID, with_device(view, board), () if answered else legal, p.seat, names, kinds,
                           first_fresh=len(view["log"]), preview_on=preview_on, puzzle=shown,
                           previewing=previewing if previewing in legal and not answered else None)
