"""An honest analysis of a finished game's decisions (issue 49, item 2): each non-forced decision of a seat is judged
from THAT seat's view at that moment, never from the state.

How one decision is judged (`judge`): flat Monte Carlo with common random numbers, the search's own flat mode
(`search._flat_choice`), so the actions are compared on the same worlds. Each round samples a full state consistent
with the seat's view (the game's `determinize`), plays every action out from it with the same chance and the same
playout policy, and records every seat's reward in [0, 1] (the search's `terminal_reward` or the game's own). The
rounds are split in two halves: the first picks the best action, the second (independent of that choice) measures
the loss of the action played against it, paired round by round, with its standard error; so a lucky estimate of
the best is not counted as the player's loss. Values are "against the computer's playout policy": the screen says
so.

The verdict (`mark`) uses the thresholds of `analysis.json` for the game, on the loss in expected score (0..1):
"best" when the played action is the one found best; else inaccuracy, mistake or blunder only when loss − 2·SE
clears the threshold; else "good" (about as good as the best). Accuracy per decision and per game is lichess's
formula (ANALYSIS.md) on the same scale (×100 for its Win% points), on the loss that is sure (loss − 2·SE, at
least 0): a noisy estimate of a move about as good as the best costs it nothing.

Honesty by construction: `judge` receives the seat's view and legal actions and a seed; it never sees a state.
Two true states that give the seat the same view give the same judgement for the same seed (tests/test_analysis.py).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

from . import engine, fast, search
from .guard import nesting_depth
from .rng import Rng

MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = json.loads((Path(__file__).with_name("analysis.json")).read_text(encoding="utf-8"))
VERSION = 1  # the analysis's own version: stored with it, so a file says how it was made


@dataclass(frozen=True)
class Judgement:
    """One decision judged from its mover's view: what was played, the best found, the expected scores (0..1) of
    both for the mover, the loss and its standard error, every seat's expected score after the move played (from
    the mover's view), the rounds played, and the verdict."""

    step: int  # the decision's index in the history
    seat: int
    played: str
    best: str
    value_played: float
    value_best: float
    loss: float
    se: float
    seats: tuple[float, ...]
    rounds: int
    mark: str
    accuracy: float

    def to_json(self) -> dict:
        return {**asdict(self), "seats": list(self.seats)}


def thresholds(game_id: str) -> dict:
    return THRESHOLDS["games"].get(game_id) or THRESHOLDS["default"]


def decisions(game, players: int, seed: int, options: dict, history: list, seats) -> list[tuple[int, int, dict,
                                                                                                 list[str], str]]:
    """The decisions to judge: (step, seat, that seat's view then, its legal actions, the action played) for every
    step of a seat in `seats` that had a real choice (a forced move is no decision)."""
    state = engine.new_game(game, players, seed, options)
    out = []
    for step, (seat, action) in enumerate(history):
        if seat in seats:
            legal = engine.legal_actions(game, state, seat)
            if len(legal) > 1:
                out.append((step, seat, engine.view(game, state, seat), legal, action))
        engine.apply_in_place(game, state, seat, action)
    return out


def judge(game, view: dict, legal: list[str], played: str, *, rounds: int, seed: int, step: int = 0) -> Judgement:
    """The decision `played` among `legal`, judged from `view` (its mover's) with `rounds` sampled worlds (an even
    number ≥ 4: half choose the best, half measure the loss)."""
    seat = view["viewer"]
    if played not in legal:
        raise ValueError("the action played is not among the legal actions")
    hooks = search.hooks_of(game)
    candidates = list(legal)
    if hooks.prune is not None:  # the game's own pruning (a pure undo, say), never dropping the action played
        kept = hooks.actions(legal, fast.search_mode(game.determinize(view, seat, Rng(seed ^ 0x5EED))), seat)
        candidates = [a for a in legal if a in kept or a == played]
    rng = Rng(seed)
    half = max(2, rounds // 2)
    pick = {a: 0.0 for a in candidates}
    paired: list[dict[str, list[float]]] = []
    for index in range(2 * half):
        sample = fast.search_mode(game.determinize(view, seat, rng))
        world = rng.next64()
        got = {}
        for action in candidates:
            state = fast.private(sample)
            game.apply_action(state, seat, action)
            got[action] = search._rollout(game, hooks, state, Rng(world))
        if index < half:
            for action, reward in got.items():
                pick[action] += reward[seat]
        else:
            paired.append(got)
    known = hooks.decide(view, legal) if hooks.decide is not None else None  # a best answer the game knows
    best = known if known in candidates else max(candidates, key=lambda a: (pick[a], a == played))
    diffs = [g[best][seat] - g[played][seat] for g in paired]
    loss = sum(diffs) / len(diffs)
    var = sum((d - loss) ** 2 for d in diffs) / (len(diffs) - 1) if len(diffs) > 1 else 0.0
    se = math.sqrt(var / len(diffs))
    seats = tuple(sum(g[played][s] for g in paired) / len(paired) for s in range(len(paired[0][played])))
    value_best = sum(g[best][seat] for g in paired) / len(paired)
    clearly = best == played and all(sure_gain(paired, seat, played, other) > 0 for other in candidates
                                     if other != played)
    verdict = mark(game.ID, clearly, loss, se)
    return Judgement(step, seat, played, best, round(seats[seat], 4), round(value_best, 4), round(loss, 4),
                     round(se, 4), tuple(round(v, 4) for v in seats), 2 * half, verdict,
                     round(move_accuracy(0.0 if verdict == "best" else max(0.0, loss - 2 * se)), 1))


def sure_gain(paired: list, seat: int, action: str, other: str) -> float:
    """How much better `action` is than `other` for sure: the mean paired difference less two standard errors."""
    diffs = [g[action][seat] - g[other][seat] for g in paired]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) if len(diffs) > 1 else 0.0
    return mean - 2 * math.sqrt(var / len(diffs))


def mark(game_id: str, is_best: bool, loss: float, se: float) -> str:
    """The verdict: "best" when the move played is the best found and surely better than every other (a tie with
    another move is "good": which of two equal moves is "the best" is noise, and would change with the seed); else the
    worst class whose threshold loss − 2·SE clears; else "good" (about as good as the best)."""
    if is_best:
        return "best"
    sure = loss - 2 * se
    limits = thresholds(game_id)
    for name in ("blunder", "mistake", "inaccuracy"):
        if sure >= limits[name]:
            return name
    return "good"


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from the fall of the mover's Win% (here: expected score × 100), in [0, 100]."""
    fall = max(0.0, loss) * 100
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * fall) - 3.1669 + 1))


def game_accuracy(judgements: list) -> float | None:
    """Lichess's game accuracy for one seat: the mean of the volatility-weighted mean and the harmonic mean of its
    move accuracies (weights: the standard deviation of its expected score over a sliding window, in [0.5, 12])."""
    if not judgements:
        return None
    values = [j.value_best * 100 for j in judgements]
    accs = [j.accuracy for j in judgements]
    window = max(2, min(8, len(values) // 10))
    weights = []
    for i in range(len(values)):
        part = values[max(0, i - window + 1):i + 1] if i >= window - 1 else values[:window]
        mean = sum(part) / len(part)
        weights.append(max(0.5, min(12.0, math.sqrt(sum((v - mean) ** 2 for v in part) / len(part)))))
    weighted = sum(a * w for a, w in zip(accs, weights, strict=True)) / sum(weights)
    harmonic = len(accs) / sum(1 / max(a, 1e-6) for a in accs)
    return round((weighted + harmonic) / 2, 1)


def report(judgements: list, seat: int) -> dict:
    """A seat's report card: its decisions judged, the count per mark, its accuracy, and its three costliest
    decisions (largest loss among the marked ones)."""
    own = [j for j in judgements if j.seat == seat]
    counts = {name: sum(1 for j in own if j.mark == name) for name in MARKS}
    worst = sorted((j for j in own if j.mark in ("inaccuracy", "mistake", "blunder")), key=lambda j: -j.loss)[:3]
    return {"seat": seat, "decisions": len(own), "counts": counts, "accuracy": game_accuracy(own),
            "worst": [j.step for j in worst]}


def chance_steps(game, players: int, seed: int, options: dict, history: list) -> list[int]:
    """The steps that drew on chance or showed hidden information (a draw, a shuffle, a reveal: the state's generator
    moved, or the rules marked the action a reveal, `engine.reveal`): the chart's band, where luck lives."""
    state = engine.new_game(game, players, seed, options)
    out = []
    for step, (seat, action) in enumerate(history):
        before = state["rng"]
        state["barrier"] = False
        game.apply_action(state, seat, action)  # replayed from a checked history
        state["history"].append([seat, action])
        if state["rng"] != before or state["barrier"]:
            out.append(step)
    return out


def from_json(data) -> Judgement:
    """A stored judgement, checked field by field (a hostile file is refused, never trusted)."""
    if not isinstance(data, dict):
        raise engine.InvalidSave("analysis.bad", {}, "a judgement is not an object")
    try:
        j = Judgement(int(data["step"]), int(data["seat"]), str(data["played"]), str(data["best"]),
                      float(data["value_played"]), float(data["value_best"]), float(data["loss"]),
                      float(data["se"]), tuple(float(v) for v in data["seats"]), int(data["rounds"]),
                      str(data["mark"]), float(data["accuracy"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise engine.InvalidSave("analysis.bad", {}, f"a judgement is malformed: {exc}") from None
    if j.mark not in MARKS or not all(math.isfinite(v) for v in (j.loss, j.se, j.value_best, j.value_played)):
        raise engine.InvalidSave("analysis.bad", {}, "a judgement's values are out of range")
    return j


MAX_STORED = 1_000_000  # characters of a stored analysis: ~3,000 judgements, more than any game here has


def stored(judgements: dict, pass_name: str, seed: int) -> str:
    """The text kept beside a save (and exported with it): how it was made (version, pass, seed) and each
    judgement by step."""
    return json.dumps({"analysis": VERSION, "pass": pass_name, "seed": seed,
                       "judged": [judgements[step].to_json() for step in sorted(judgements)]}, separators=(",", ":"))


def read_json(text, limit: int, kind: str):
    """A small JSON file of ours read with care: refused (InvalidSave `<kind>.too_big` or `<kind>.bad`) when it is
    not text, longer than `limit`, nested deeper than any of ours, or not JSON, before anything trusts it."""
    if not isinstance(text, str) or len(text) > limit:
        raise engine.InvalidSave(f"{kind}.too_big", {}, f"the {kind} is too big")
    if nesting_depth(text) > 8:
        raise engine.InvalidSave(f"{kind}.bad", {}, f"the {kind} is nested too deeply")
    try:
        return json.loads(text)
    except ValueError:
        raise engine.InvalidSave(f"{kind}.bad", {}, f"the {kind} is not JSON") from None


def parse_stored(text, history: list) -> tuple[dict, str, int]:
    """A stored analysis of the game whose history is `history`: ({step: Judgement}, pass, seed). A corrupt,
    hostile, oversized or foreign one raises InvalidSave with a reason (the save itself is not touched)."""
    data = read_json(text, MAX_STORED, "analysis")
    if not isinstance(data, dict) or data.get("analysis") != VERSION or data.get("pass") not in ("first", "full") \
            or not isinstance(data.get("seed"), int) or not isinstance(data.get("judged"), list):
        raise engine.InvalidSave("analysis.bad", {}, "the analysis is not one this version made")
    out = {}
    for item in data["judged"]:
        j = from_json(item)
        if not 0 <= j.step < len(history) or history[j.step] != [j.seat, j.played]:
            raise engine.InvalidSave("analysis.foreign", {}, "the analysis is of another game")
        out[j.step] = j
    return out, data["pass"], data["seed"]
