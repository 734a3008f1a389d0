"""The IS-MCTS bot (pygames.core.search), its fast path and the arena: honest, deterministic with a seed and an
iteration cap, and strong enough to beat a random player (a broken search would not)."""

from __future__ import annotations

import importlib
import json

import pytest

from pygames import arena, core
from pygames.core import bots, fast, registry, search
from pygames.core.rng import Rng

GAMES = list(registry.PACKAGES)
# per game: (games against random, iterations per decision); seeded and iteration-capped, so reproducible.
# Each game's `ai` hooks stop playouts early, which keeps PAX and Spyworld (long random games) to seconds.
ARENA = {"ps": (10, 16), "sik": (10, 30), "pax": (10, 20), "spy": (3, 8)}


def load(gid: str):
    return importlib.import_module(registry.PACKAGES[gid])


def position(game, seed: int, moves: int):
    """A 2-seat state `moves` random actions in, advanced to a real choice (two legal actions or more)."""
    state = core.new_game(game, 2, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        state = core.apply(game, state, seat, rng.choice(core.legal_actions(game, state, seat)))
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        legal = core.legal_actions(game, state, seat)
        if len(legal) > 1:
            return state, seat
        state = core.apply(game, state, seat, legal[0])
    return None, None


def twin(game, state: dict, seat: int, seed: int):
    """Another true state that gives `seat` exactly the same view but differs in what `seat` cannot see."""
    mine = core.view(game, state, seat)
    for k in range(50):
        other = game.determinize(mine, seat, Rng(seed * 100 + k))
        if core.view(game, other, seat) == mine and _hidden(game, other) != _hidden(game, state):
            return other
    return None


def _hidden(game, state: dict) -> str:
    keep = {k: v for k, v in state.items() if k not in core.engine.CORE_KEYS}
    return core.state_to_json(keep)


@pytest.mark.parametrize("gid", GAMES)
def test_same_view_same_seed_same_choice(gid):
    """Honesty: the search reads the seat's view only, so two true states with one view give one choice."""
    game = load(gid)
    checked = 0
    for seed in range(1, 30):
        state, seat = position(game, seed, moves=5 + seed % 7)
        if state is None:
            continue
        other = twin(game, state, seat, seed)
        if other is None:
            continue
        bot = search.budget_bot(game, iterations=40)
        first = bots.bot_move(game, state, seat, bot, Rng(seed))
        second = bots.bot_move(game, other, seat, bot, Rng(seed))
        assert first == second
        assert first in core.legal_actions(game, state, seat)
        checked += 1
        if checked == 3:
            break
    assert checked == 3, "no position with hidden information found"


def test_the_search_never_reads_the_true_state():
    """The only inputs are the view and the legal actions: a view with the other seat's hidden part swapped in
    by determinize changes nothing, and the true state may be destroyed without effect."""
    game = load("ps")
    state, seat = position(game, 4, 6)
    view = core.view(game, state, seat)
    legal = core.legal_actions(game, state, seat)
    before = search.choose(game, view, legal, iterations=60, seed=9).action
    state.clear()
    assert search.choose(game, view, legal, iterations=60, seed=9).action == before


@pytest.mark.parametrize("gid", GAMES)
def test_the_search_is_reproducible_with_a_seed_and_a_cap(gid):
    game = load(gid)
    state, seat = position(game, 2, 8)
    view, legal = core.view(game, state, seat), core.legal_actions(game, state, seat)
    a = search.choose(game, view, legal, iterations=30, seed=5)
    b = search.choose(game, view, legal, iterations=30, seed=5)
    assert a.action == b.action and a.visits == b.visits
    assert 1 <= a.iterations <= 30 and a.action in legal
    assert sum(a.visits.values()) == a.iterations


def test_a_clear_choice_stops_early():
    """Once no remaining iteration could change the most visited action, the search stops."""
    game = load("ps")
    state, seat = position(game, 3, 4)
    view, legal = core.view(game, state, seat), core.legal_actions(game, state, seat)
    out = search.choose(game, view, legal + [], iterations=5000, seed=1)
    top = sorted(out.visits.values(), reverse=True)
    assert out.iterations == 5000 or top[0] - top[1] > 5000 - out.iterations


def test_simultaneous_choices_are_searched_for_the_seat_only():
    """Spyworld planning: several seats choose at once; the searching seat's choice is searched and legal."""
    game = load("spy")
    state = core.new_game(game, 3, 7)
    for seat in list(game.to_move(state)):  # keep phase: everybody at once
        state = core.apply(game, state, seat, core.legal_actions(game, state, seat)[0])
    movers = game.to_move(state)
    assert len(movers) == 3
    seat = movers[1]
    view, legal = core.view(game, state, seat), core.legal_actions(game, state, seat)
    out = search.choose(game, view, legal, iterations=20, seed=3)
    assert out.action in legal and sum(out.visits.values()) == out.iterations <= 20


@pytest.mark.parametrize("gid", GAMES)
def test_fast_path_plays_the_same_game_as_the_protocol(gid):
    """In place with the log off, the same actions give the same rules state as core.apply (no second copy
    of a rule, only less bookkeeping)."""
    game = load(gid)
    slow = core.new_game(game, 2, 11)
    quick = fast.private(slow)
    rng = Rng(4)
    for _ in range(60):
        if game.is_over(slow):
            break
        seat = game.to_move(slow)[0]
        legal = core.legal_actions(game, slow, seat)
        assert game.legal_actions(quick, seat) == legal
        action = rng.choice(legal)
        slow = core.apply(game, slow, seat, action)
        fast.step(game, quick, seat, action)
        assert _hidden(game, quick) == _hidden(game, slow)
    assert list(quick["log"]) == [] and slow["log"]


def _objects(value, out):
    """Every list and dict inside `value`, by identity."""
    if isinstance(value, (dict, list)):
        out.append(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _objects(item, out)
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_a_private_copy_is_a_deep_copy_sharing_nothing(gid):
    """`fast.private` (a copy per playout, made through marshal) equals `engine.clone` of the state, keeps its
    types and order, and shares no list or dict with the original or within itself, mid-game; a value marshal
    cannot write falls back on `clone`."""
    game = load(gid)
    state = core.new_game(game, 3 if gid in ("pax", "spy") else 2, 5)
    rng = Rng(5)
    for _ in range(40):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        state = core.apply(game, state, seat, rng.choice(core.legal_actions(game, state, seat)))
    copy = fast.private(state)
    expected = {k: v for k, v in core.clone(state).items() if k not in ("log", "history")}
    got = {k: v for k, v in copy.items() if k not in ("log", "history")}
    assert got == expected and list(got) == list(expected)
    assert json.dumps(got, sort_keys=False) == json.dumps(expected, sort_keys=False)  # bools stay bools, order kept
    mine, theirs = _objects(got, []), _objects(state, [])
    assert len(set(mine)) == len(mine) and not set(mine) & set(theirs)
    odd = dict(state, extra=fast.NullLog())  # not marshal's: cloned instead
    assert fast.private(odd)["extra"] == [] and fast.private(odd)["extra"] is not odd["extra"]


@pytest.mark.parametrize("gid", sorted(ARENA))
def test_small_arena_normal_beats_random(gid):
    """A broken search is caught: at a small fixed budget the search bot wins most games against random."""
    games, iterations = ARENA[gid]
    out = arena.run(gid, games, ["normal", "random"], 2, iterations=iterations)
    assert out["wins"]["normal"] >= 0.8 * games, out


def test_arena_labels_rotation_and_json_line(capsys):
    assert arena.labels_for(["normal", "heuristic", "heuristic"]) == ["normal", "heuristic", "heuristic#2"]
    lo, hi = arena.wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert arena.main(["ps", "--games", "2", "--seats", "random,random", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    import json

    data = json.loads(last)
    assert set(data) == {"game", "games", "wins", "ties", "rome"}
    assert data["game"] == "ps" and data["games"] == 2 and set(data["wins"]) == {"random", "random#2"}
    assert sum(data["wins"].values()) + data["ties"] == 2


def test_arena_log_keeps_every_finished_game(tmp_path):
    """--log appends a line per game as it ends, so a long run stopped early still counts its games."""
    import json

    log = tmp_path / "games.jsonl"
    assert arena.main(["ps", "--games", "3", "--seats", "random,heuristic", "--log", str(log)]) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 3 and all(line["seats"] == ["random", "heuristic"] for line in lines)
    assert all(set(line["winners"]) <= {"random", "heuristic"} and len(line["scores"]) == 2 for line in lines)


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_supplies_search_hooks_that_score_a_game_not_over(gid):
    """Each game's `ai` module is found through the registry and scores sampled states mid-game: one reward in
    [0, 1] per seat, together no more than the whole reward (the win share once, the rank parts)."""
    game = load(gid)
    hooks = search.hooks_of(game)
    assert hooks.evaluate is not None and 1 <= hooks.depth <= 1000
    checked = 0
    for seed in range(1, 6):
        state, seat = position(game, seed, moves=10 + 5 * seed)
        if state is None:
            continue
        sample = fast.search_mode(game.determinize(core.view(game, state, seat), seat, Rng(seed)))
        values = hooks.evaluate(sample)
        assert len(values) == state["players"] and all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) <= 1.0 + 1e-9
        checked += 1
    assert checked >= 3


def test_score_rewards_favour_the_seat_ahead():
    ahead, behind = search.score_rewards([10.0, 4.0], 3.0)
    assert ahead > 0.5 > behind and abs(ahead + behind - 1.0) < 1e-9
    even = search.score_rewards([5.0, 5.0], 3.0)
    assert even[0] == even[1] == pytest.approx(search.WIN_SHARE / 2)


def _nim_flat(monkeypatch, final, stones: int = 1):
    """Hidden Nim (pile 7, seat 0 to take) searched flat, with a playout policy that takes `stones` stones."""
    from pygames_testgames import hidden_nim as nim

    def policy(state, seat, legal, rng):
        return f"take:{stones}" if f"take:{stones}" in legal else legal[0]
    monkeypatch.setitem(search._HOOKS, nim.__name__, search.Hooks(rollout=policy, final=final, flat=True))
    state = core.new_game(nim, 2, 3)
    return nim, core.view(nim, state, 0), core.legal_actions(nim, state, 0)


def test_flat_search_pairs_the_actions_on_one_sample(monkeypatch):
    """Each round plays every action from the same sample: the opponent's hidden card (sampled) swings the
    reward far more than the choice does, yet one round already ranks the choices right (take 3: 5 stones
    against 4 with one-stone playouts), because the swing is the same for every action of the round."""
    def stones_plus_noise(state):
        mine = state["taken"][0] / 7 + 10 * state["secret"][1]
        return [mine, 0.0]
    game, view, legal = _nim_flat(monkeypatch, stones_plus_noise)
    for seed in range(5):
        out = search.choose(game, view, legal, iterations=len(legal), seed=seed)
        assert out.action == "take:3" and out.iterations == len(legal)
    out = search.choose(game, view, legal, iterations=30, seed=1)
    assert out.iterations == 30 and set(out.visits.values()) == {10}


def test_flat_search_keeps_the_policy_choice_unless_beaten(monkeypatch):
    """When no action does better than what the playout policy would play, the search plays that: a searching
    bot is never worse than its policy for lack of evidence (here every playout scores the same)."""
    game, view, legal = _nim_flat(monkeypatch, lambda state: [0.5, 0.5], stones=2)
    assert legal == ["take:1", "take:2", "take:3"]
    assert search.choose(game, view, legal, iterations=60, seed=2).action == "take:2"


def test_arena_hard_keeps_the_apps_think_ratio_with_a_fixed_iteration_count():
    """Hard thinks 2.5 s where normal thinks 0.8 s in the app; with --iterations the arena keeps that ratio."""
    game = registry.load("ps")
    ratio = search.THINK_SECONDS["hard"] / search.THINK_SECONDS["normal"]
    assert arena.make_bot(game, "normal", None, 800).budget == {"seconds": None, "iterations": 800}
    assert arena.make_bot(game, "hard", None, 800).budget == {"seconds": None, "iterations": round(800 * ratio)}
    timed = arena.make_bot(game, "hard", 400, None).budget
    assert timed["seconds"] == pytest.approx(0.4 * ratio)
