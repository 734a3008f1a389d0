"""The engine contract (pygames/core/engine.py), checked on every registered game by seeded random games, like
OpenSpiel's `random_sim_test`: every player count and every option choice, played to the end.

At every action: seats are to move exactly while the game is not over, and the first of them has a non-empty
list of distinct legal strings. At a bounded number of steps per game (`CHECKS`) and at the end: every seat to
move has such a list; the state is plain JSON data; illegal actions are refused with a catalogue reason and
leave the state untouched; every seat's view and the spectator's are JSON and hold no `rng` (nor `seed`, which
with the moves would give it back); `determinize` gives a state the seat cannot tell apart. At `REPLAYS` of
those steps: replaying the action log gives the state again, and undo gives back the state before the action.
At the end: the save round-trips (`state_from_json`, `save_recipe`/`load_recipe`) and the result is JSON.
A game's own invariants (cards conserved, scores recomputed) stay in its own folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from helpers.playouts import playout

from pygames import core
from pygames.core import registry
from pygames.core.guard import same_value
from pygames.web import i18n

GAMES = registry.playable()
KEYS = set(i18n.load()["en"])
CHECKS = 6           # deep-checked steps per game, spread over it (the cost of a game stays bounded)
MIN_GAMES = 4        # games per game id at least (other seeds when counts and options need fewer)
REPLAYS = 2          # of those, how many also replay the action log and undo (each replays the whole game)
NONSENSE = "contract:no-such-action"


@dataclass(frozen=True)
class Setup:
    players: int
    options: dict
    seed: int


def setups(game) -> list[Setup]:
    """Games that together play every seat count and every choice of every option (a choice is played at a
    seat count its option applies to and the game accepts), several options varying in the same game."""
    lo, hi = game.PLAYERS
    counts = list(range(lo, hi + 1))
    pending = {option["id"]: list(option["choices"]) for option in game.OPTIONS}
    out = []
    while len(out) < max(len(counts), MIN_GAMES) or any(pending.values()):
        assert len(out) < 100, f"{game.ID}: an option choice no seat count accepts: {pending}"
        players = counts[len(out) % len(counts)]
        options: dict = {}
        for option in game.OPTIONS:
            first, last = option.get("players", (lo, hi))
            todo = pending[option["id"]] if first <= players <= last else []
            choice = next((c for c in todo if accepts(game, players, {**options, option["id"]: c})), todo)
            if choice is not todo:  # PAX's start seat 3 waits for a 4-seat game
                options[option["id"]] = choice
                todo.remove(choice)
        out.append(Setup(players, options, seed=len(out)))
    return out


def accepts(game, players: int, options: dict) -> bool:
    try:
        core.new_game(game, players, 0, options)
    except core.IllegalAction:
        return False
    return True


# --------------------------------------------------------------------------- the checks


def catalogue_refusal(exc: core.IllegalAction) -> None:
    assert exc.key in KEYS, f"refusal key {exc.key!r} is not in the catalogue"
    json.dumps(exc.params, allow_nan=False)


def check_step(game, state: dict, movers: list[int]) -> None:
    """Who moves, and the legal lists of `movers` (cheap at every action with one of them, all at a checkpoint)."""
    to_move = game.to_move(state)
    assert bool(to_move) != game.is_over(state), "seats are to move exactly while the game is not over"
    assert len(set(to_move)) == len(to_move) and all(0 <= p < state["players"] for p in to_move)
    for seat in movers:
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to move with no legal action"
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        assert all(isinstance(a, str) and a and " " not in a and '"' not in a for a in legal), \
            "actions are attribute-safe strings"


def check_views(game, state: dict) -> None:
    """Every seat's view and the spectator's: JSON, lossless, and without the generator or the seed."""
    secret = str(state["rng"])
    for seat in [None, *range(state["players"])]:
        view = core.view(game, state, seat)
        text = json.dumps(view, allow_nan=False)
        assert json.loads(text) == view, f"the view of seat {seat} is not plain JSON data"
        assert '"rng": ' not in text and '"seed": ' not in text, f"the view of seat {seat} holds the generator"
        assert secret not in text, f"the view of seat {seat} holds the generator's value"


def check_refusals(game, state: dict, stale: list[str]) -> None:
    """Illegal actions are refused with a catalogue reason, and the state is left as it was."""
    text = core.state_to_json(state)
    movers = game.to_move(state)
    tries = []
    if not movers:
        tries.append((0, stale[0] if stale else NONSENSE, "core.err.over"))
    else:
        seat = movers[0]
        legal = game.legal_actions(state, seat)
        tries.append((seat, NONSENSE, None))
        tries += [(seat, a, None) for a in stale if a not in legal][:2]
        idle = [p for p in range(state["players"]) if p not in movers]
        if idle:
            tries.append((idle[0], legal[0], "core.err.not_your_turn"))
    for seat, action, expected in tries:
        with pytest.raises(core.IllegalAction) as refused:
            core.apply(game, state, seat, action)
        catalogue_refusal(refused.value)
        assert expected is None or refused.value.key == expected
    assert core.state_to_json(state) == text, "a refused action changed the state"


def check_json(state: dict) -> None:
    assert json.loads(core.state_to_json(state)) == state, "the state is plain JSON data"


def check_replay(game, state: dict) -> str:
    """Replaying the state's action log from its seed gives it again."""
    text = core.state_to_json(state)
    again = core.replay(game, state["players"], state["seed"], state["options"], state["history"])
    assert core.state_to_json(again) == text, "replaying the action log"
    return text


def check_saves(game, state: dict) -> None:
    """The save's round trips: the whole state (`state_from_json`) and the saved recipe (`load_recipe`)."""
    text = core.state_to_json(state)
    assert core.state_to_json(core.state_from_json(game, text)) == text, "JSON round trip"
    loaded, rebuilt, _ = core.load_recipe(json.dumps(core.save_recipe(state)), {game.ID: game})
    assert loaded is game and core.state_to_json(rebuilt) == text, "save_recipe / load_recipe"


def check_undo(game, state: dict, seat: int, before: str) -> None:
    """Undo, when the rules allow it, gives back the state before the seat's last action."""
    if core.can_undo(state, seat):
        assert core.state_to_json(core.undo(game, state, seat)) == before, "undo"
    else:
        with pytest.raises(core.IllegalAction) as refused:
            core.undo(game, state, seat)
        catalogue_refusal(refused.value)


def check_determinize(game, state: dict, rng: core.Rng) -> None:
    """A determinised state looks the same to a seat to move: same view, same legal actions."""
    if not hasattr(game, "determinize") or game.is_over(state):
        return
    seat = rng.choice(game.to_move(state))
    view = core.view(game, state, seat)
    sample = game.determinize(core.clone(view), seat, rng)
    assert core.view(game, sample, seat) == view, f"determinize changed what seat {seat} sees"
    assert game.legal_actions(sample, seat) == game.legal_actions(state, seat)


# --------------------------------------------------------------------------- the run


def length_of(game, setup: Setup) -> int:
    """The number of actions of this setup's game (a first, unchecked pass, to spread the deep checks)."""
    return sum(1 for _ in playout(game, setup.players, setup.seed, setup.options)) - 1


def play_checked(game, setup: Setup) -> int:
    """One checked game: cheap checks at every action, the deep ones every `stride` actions and at the end."""
    stride = max(1, length_of(game, setup) // CHECKS)
    rng = core.Rng(setup.seed ^ 0xC0FFEE)
    stale: list[str] = []
    replays = REPLAYS

    def before_checkpoint(state: dict) -> str | None:  # the state undo must give back, kept only when needed
        return core.state_to_json(state) if (len(state["history"]) + 1) % stride == 0 else None

    steps = 0
    for step in playout(game, setup.players, setup.seed, setup.options, snapshot=before_checkpoint):
        state = step.state
        over = game.is_over(state)
        deep = steps % stride == 0 or over
        movers = game.to_move(state)
        check_step(game, state, movers if deep else movers[:1])
        if deep:
            check_json(state)
            check_views(game, state)
            check_refusals(game, state, stale)
            check_determinize(game, state, rng)
            if replays > 0 and step.before is not None:
                replays -= 1
                check_replay(game, state)
                check_undo(game, state, step.seat, step.before)
        if over:
            check_saves(game, state)  # state_from_json replays the log and compares: the end's replay check
            json.dumps(core.result(game, state), allow_nan=False)
        if movers:
            stale = game.legal_actions(state, movers[0])[:3] + stale[:3]
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_keeps_the_engine_contract(game_id):
    game = GAMES[game_id]
    played = [play_checked(game, setup) for setup in setups(game)]
    assert all(n > 0 for n in played)


def test_every_registered_game_is_covered():
    assert set(registry.GAME_IDS) <= set(GAMES)


def test_setups_cover_every_count_and_option_choice():
    for game in GAMES.values():
        plan = setups(game)
        assert {s.players for s in plan} == set(range(game.PLAYERS[0], game.PLAYERS[1] + 1))
        for option in game.OPTIONS:
            played = [s.options[option["id"]] for s in plan if option["id"] in s.options]
            assert all(any(same_value(c, p) for p in played) for c in option["choices"]), option["id"]
