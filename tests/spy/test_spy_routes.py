"""The exact route optimiser of one exploration (pygames.spyworld.routes) against brute force on small lairs:
every sequence of legal exploration actions is played out by the rules, and the best theft must match."""

from __future__ import annotations

import pytest
from spy_helpers import explore_state

from pygames import core
from pygames import spyworld as spy
from pygames.core.rng import Rng
from pygames.spyworld import exploration, routes
from pygames.spyworld.data import CELLS, SEGMENTS_ALL, START

FIXTURES = ("secret1", "secret2", "secret3", "secret1", "secret2", "lasers", "saw", "shark", "dog", "guard", "robot")
AGENTS = ("viper", "magpie", "shadow", "chameleon", "bulldozer", "dolphin", "phoenix", "gladiator")  # no A42:
# its free revisits make the brute force below endless (the optimiser cuts them; brute force cannot)


def small_lair(seed: int) -> dict:
    rng = Rng(seed)
    cells = rng.sample([x for x in CELLS if x != START], 8)
    placed = {f"c{x}": rng.choice(FIXTURES) for x in cells}
    walls = rng.sample(SEGMENTS_ALL, 4)
    gadgets = rng.sample([1, 2, 3, 4, 5], rng.below(3))
    tracks = (2 + rng.below(3), rng.below(4), rng.below(4))
    options = {f"g{n}": rng.choice(["normal", "expert"]) for n in range(1, 6)}
    return explore_state(lair=1 + rng.below(4), tracks=tracks, agent=rng.choice(AGENTS), gadgets=gadgets,
                         walls=[w for w in walls if START not in w.split("-")], options=options, **placed)


def successors(work: dict, p: int, rec: dict) -> list[dict]:
    """The record after each legal exploration action but Stop from `rec`, played by the rules."""
    out = []
    for action in list(exploration.options({**work, "ex": {p: rec}}, p)):
        if action == "stop":
            continue
        child = core.clone(rec)
        work["ex"][p] = child
        exploration.act(work, p, action)
        out.append(child)
    return out


def brute_force(state: dict, p: int = 0) -> int:
    """The most value any sequence of legal exploration actions steals (no memo, no cut)."""
    work = routes.private_state(state, p, state["ex"][p])

    def best(rec: dict) -> int:
        return max((child["stolen"] - rec["stolen"] + best(child) for child in successors(work, p, rec)), default=0)

    return best(core.clone(state["ex"][p]))


@pytest.mark.parametrize("seed", range(24))
def test_best_route_matches_brute_force_on_small_lairs(seed):
    state = small_lair(seed)
    route = routes.best_route(state, 0)
    assert route.stolen == brute_force(state)
    # the route is real: played by the rules from the start it steals exactly what it claims
    assert routes.stolen_by(state, 0, state["ex"][0], route.actions) == route.stolen
    assert route.cells[0] == START


def test_some_small_lairs_have_something_to_steal():
    """The brute-force comparison is not vacuous: most sampled lairs have a route that steals something."""
    assert sum(routes.best_route(small_lair(seed), 0).stolen > 0 for seed in range(12)) >= 6


def test_the_route_played_through_the_engine_steals_its_value():
    state = explore_state(lair=2, tracks=(6, 3, 3), agent="viper", c12="secret1", c14="secret2", c33="guard")
    route = routes.best_route(state, 0)
    assert route.stolen > 0
    for action in route.actions:
        state = core.apply(spy, state, 0, action)
    assert state["ex"][0]["stolen"] == route.stolen


def test_too_large_a_search_says_so():
    state = explore_state(lair=2, tracks=(9, 5, 5), agent="viper", c12="secret1", c55="secret2", c33="guard")
    with pytest.raises(routes.RouteTooLarge):
        routes.best_route(state, 0, limit=3)


def test_missed_reports_how_much_more_each_player_could_have_stolen():
    state = explore_state(lair=2, tracks=(6, 3, 3), agent="viper", c12="secret1", c14="secret2")
    best = routes.best_route(state, 0, shortest=True)
    assert len(best.actions) <= len(routes.best_route(state, 0).actions)
    state = core.apply(spy, state, 0, "stop")  # seat 0 stole nothing
    rows = routes.missed(state)
    assert rows[0]["stolen"] == 0 and rows[0]["best"] == best.stolen and rows[0]["more"] == best.stolen
    assert rows[0]["route"] == list(best.cells)


def fewest_actions(state: dict, value: int, p: int = 0) -> int:
    """Brute force, breadth first: the fewest legal exploration actions that steal `value` (no cut at all)."""
    work = routes.private_state(state, p, state["ex"][p])
    start = work["ex"][p]
    layer, depth = [start], 0
    while layer:
        depth += 1
        layer = [child for rec in layer for child in successors(work, p, rec)]
        if any(child["stolen"] - start["stolen"] >= value for child in layer):
            return depth
    raise AssertionError("no route steals that much")


@pytest.mark.parametrize("seed", range(12))
def test_the_end_screen_route_is_a_shortest_one_of_the_best_value(seed):
    """The end screen's route (`shortest`) steals the best value in as few actions as any sequence does; the
    plain search's may wander (its first route found that takes everything)."""
    state = small_lair(seed)
    best = routes.best_route(state, 0, shortest=True)
    if best.stolen == 0:
        return
    assert best.stolen == routes.best_route(state, 0).stolen
    assert routes.stolen_by(state, 0, state["ex"][0], best.actions) == best.stolen
    assert len(best.actions) == fewest_actions(state, best.stolen)


def test_a_large_lair_is_worked_out_within_the_end_screens_limit():
    """A Viper with 14 Movement in a lair full of secrets, from a seeded game of easy bots: the plain depth-first
    search needed more than 2 million situations; cutting situations that another one beats (same room, rooms
    and gadgets, no fewer tracks, no less stolen) and bounding by the rooms still enterable solve it exactly."""
    state = core.new_game(spy, 3, 4)
    rng = Rng(4)
    while not spy.is_over(state):
        seat = spy.to_move(state)[0]
        legal = core.legal_actions(spy, state, seat)
        state = core.apply(spy, state, seat, spy.bots()["heuristic"](core.view(spy, state, seat), legal, rng))
    rows = routes.missed(state, routes.END_SCREEN_LIMIT)
    assert all(row["best"] is not None and row["best"] >= row["stolen"] for row in rows), rows
    assert max(row["best"] for row in rows) >= 100
