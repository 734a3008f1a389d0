"""The exact route optimiser of one exploration (SPY-4.25 to SPY-4.35): the route that steals the most value in
one lair, within the explorer's trained Movement, Stealth and Combat, gadgets and once-power.

The rulebook asks its reader how much more they could have stolen; this answers it. It runs the exploration
rules themselves (`exploration.options` for what is legal and what it costs, `exploration.act` for what a move
does), on a private copy of the explorer's record: no second copy of any rule. The search is a depth-first
walk over the explorer's situations (cell, visited cells, tracks, gadgets, power, Phoenix window, Magpie bonus,
opened walls, has moved), with a memo: what can still be stolen depends only on that situation. A move that
returns to a situation already on the path (a free revisit, e.g. the A42's) adds nothing and is cut.

The bot explores along this route (see bots.py) and the end screen shows it for every player.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core.engine import clone
from pygames.core.fast import NullLog

from . import exploration
from .data import AGENTS, GADGETS, INDEX, LAIRS, rc
from .sheet import group

MAX_SITUATIONS = 400_000  # a guard for the command line and tests
END_SCREEN_LIMIT = 50_000  # the end screen's analysis (in the search worker) solves a lair or says it could not


@dataclass(frozen=True)
class Route:
    """The best exploration from a record: the value it steals, its actions and the cells it walks."""

    stolen: int
    actions: tuple[str, ...]
    cells: tuple[str, ...]


def private_state(state: dict, p: int, rec: dict | None = None) -> dict:
    """What the exploration rules read for explorer p, with p's record a private copy (fresh if None)."""
    work = {"options": state["options"], "agent": state["agent"], "sheets": state["sheets"],
            "explores": state["explores"], "players": state["players"], "log": NullLog(), "ex": {}}
    work["ex"][p] = clone(rec) if rec is not None else exploration.new_record(state, p)
    return work


def situation(rec: dict) -> tuple:
    """Everything in a record that decides the explorer's future options and thefts."""
    return (rec["pos"], rec["vis"], tuple(rec["tr"]), tuple(sorted(rec["gad"])), rec["pw"], rec["phx"], rec["mag"],
            tuple(sorted(rec["open"])), rec["moved"])


class RouteTooLarge(RuntimeError):
    """The search met more situations than its limit (the caller falls back to something cheaper)."""


def best_route(state: dict, p: int, rec: dict | None = None, limit: int = MAX_SITUATIONS,
               shortest: bool = False) -> Route:
    """The most valuable exploration for explorer p from `rec` (default: the start of p's exploration); with
    `shortest`, the one of fewest actions among them (for the end screen: the first one found may wander).

    Depth-first with a memo of exact values and branch-and-bound: a situation whose theft so far plus
    `still_stealable` cannot beat the best route found is cut, and so is one that another situation searched
    beats (`Reached`); neither, like a cycle cut, is memoised, so every memoised value stays exact. Raises
    RouteTooLarge past `limit` situations."""
    work = private_state(state, p, rec)
    start = work["ex"][p]
    memo: dict = {}
    on_path: set = set()
    best_total = [0]
    visited = [0]
    reached = Reached()
    secrets = secret_rooms(work, p)
    lair = LAIRS[work["options"]["lair"]]
    grid = exploration.lair_sheet(work, p)["grid"]

    def theft(action: str) -> int:
        """What a move into an unvisited secret room steals at most: such moves are tried first, the richest
        first, so that a good route is found early and bounds the rest of the search."""
        if not action.startswith("move:"):
            return 0
        fixture = grid[INDEX[action.split(":")[1]]]
        return lair["secrets"][fixture][1] if fixture and group(fixture) == "secret" else 0

    def solve(current: dict, acc: int) -> tuple[tuple[int, int, tuple], bool]:
        key = situation(current)
        if key in memo:
            return memo[key], False
        bound = still_stealable(work, p, current, secrets)
        if bound == 0:
            return (0, 0, ()), False
        if key in on_path or acc + bound <= best_total[0] or reached.beaten(key, acc):
            return (0, 0, ()), True
        visited[0] += 1
        if visited[0] > limit:
            raise RouteTooLarge(f"more than {limit} situations")
        on_path.add(key)
        best, cut = (0, 0, ()), False
        work["ex"][p] = current
        walked = walk_since_new_cell(current["route"])  # try loops last (see `next_step_in_view`)
        choices = exploration.options(work, p)
        for action in sorted(choices, key=lambda a: (loops_back(walked, a), -theft(a))):
            if action == "stop" or best[0] == bound:  # nothing left can beat a route that takes everything
                continue
            child = exploration.copy_record(current)
            work["ex"][p] = child
            exploration.act(work, p, action, choices[action])
            gain = child["stolen"] - current["stolen"]
            (value, length, rest), was_cut = solve(child, acc + gain)
            cut |= was_cut
            candidate = (gain + value, length + 1, (action, *rest))
            if (candidate[0], -candidate[1]) > (best[0], -best[1]):
                best = candidate
                best_total[0] = max(best_total[0], acc + best[0])
        on_path.discard(key)
        if not cut:
            memo[key] = best
        return best, cut

    (value, _, actions), _ = solve(start, 0)
    if shortest and value > 0:
        actions = shortest_route(state, p, start, value, limit) or actions
    return Route(value, actions, walk(state, p, start, actions))


class Reached:
    """The situations a search went on from, by everything but the tracks: (tracks, theft so far) of each."""

    def __init__(self):
        self.seen: dict = {}

    def beaten(self, key: tuple, acc: int) -> bool:
        """True when another situation searched stands in the same room with the same rooms visited, gadgets and
        powers, with at least as much in every track and at least as much stolen: whatever this one can still
        do, that one could too (a track only ever pays), so this one leads to no better route (nor, searched
        breadth first, to a shorter one). Else it is recorded as searched."""
        rest, tracks = key[:2] + key[3:], key[2]
        seen = self.seen.setdefault(rest, [])
        for other, got in seen:
            if got >= acc and all(o >= t for o, t in zip(other, tracks, strict=True)):
                return True
        seen[:] = [(o, g) for o, g in seen if not (acc >= g and all(t >= x for t, x in zip(tracks, o, strict=True)))]
        seen.append((tracks, acc))
        return False


def shortest_route(state: dict, p: int, rec: dict, value: int, limit: int = MAX_SITUATIONS) -> tuple | None:
    """The fewest actions that steal `value` from `rec` (breadth first: situations that cannot reach it, by
    `still_stealable`, or that another one beats, are cut), or None past `limit` situations."""
    work = private_state(state, p, rec)
    start = work["ex"][p]
    reached = Reached()
    reached.beaten(situation(start), 0)
    secrets = secret_rooms(work, p)
    layer, count = [(start, ())], 0
    while layer:
        following = []
        for current, actions in layer:
            work["ex"][p] = current
            choices = exploration.options(work, p)
            for action, outcome in choices.items():
                if action == "stop":
                    continue
                child = exploration.copy_record(current)
                work["ex"][p] = child
                exploration.act(work, p, action, outcome)
                acc = child["stolen"] - start["stolen"]
                if acc >= value:
                    return (*actions, action)
                if acc + still_stealable(work, p, child, secrets) < value or reached.beaten(situation(child), acc):
                    continue
                count += 1
                if count > limit:
                    return None
                following.append((child, (*actions, action)))
        layer = following
    return None


def best_route_in_view(view: dict, limit: int = MAX_SITUATIONS) -> Route:
    """The best rest of the viewer's own exploration, from what the viewer sees (every sheet is open, SPY-7.2;
    one's own record, SPY-7.6): for the bot, which reads views only."""
    g = view["state"]
    me = view["viewer"]
    known = {"options": view["options"], "agent": g["agents"], "sheets": g["sheets"], "explores": g["explores"],
             "players": view["players"]}
    return best_route(known, me, g["ex"][me], limit)


def walk_since_new_cell(route: list[str]) -> set[str]:
    """The cells of a route from the last one entered for the first time to where the explorer stands."""
    seen: set[str] = set()
    last_new = 0
    for i, cell in enumerate(route):
        if cell not in seen:
            seen.add(cell)
            last_new = i
    return set(route[last_new:])


def loops_back(walked: set[str], action: str) -> bool:
    """A move back into a cell of the walk since the explorer last entered a new cell (`walked`)."""
    return action.startswith("move:") and action.split(":")[1] in walked


def next_step_in_view(view: dict, legal: list[str], limit: int = MAX_SITUATIONS) -> str | None:
    """The viewer's next action on its best route (for the bots), or None when nothing is left to steal or when
    that action would loop back into the walk since the last new cell. The optimiser returns the first route
    it finds that steals everything it can; from two neighbouring rooms, two such routes may each start by
    stepping to the other, and a bot that solves again at every step would then walk back and forth for ever
    (A42 walks visited rooms for free, SPY-5.55). Raises RouteTooLarge past `limit` situations."""
    best = best_route_in_view(view, limit)
    if best.stolen <= 0 or not best.actions or best.actions[0] not in legal:
        return None
    rec = view["state"]["ex"][view["viewer"]]
    return None if loops_back(walk_since_new_cell(rec["route"]), best.actions[0]) else best.actions[0]


def secret_rooms(work: dict, p: int) -> list[tuple[int, int, int, int]]:
    """(cell bit, row, column, value) of every secret in the lair explorer p explores, the richest first."""
    lair = LAIRS[work["options"]["lair"]]
    grid = exploration.lair_sheet(work, p)["grid"]
    rooms = [(i, *rc(x), lair["secrets"][f][1]) for x, i in INDEX.items() if (f := grid[i]) and group(f) == "secret"]
    return sorted(rooms, key=lambda room: -room[3])


def still_stealable(work: dict, p: int, rec: dict, secrets: list | None = None) -> int:
    """An upper bound of what can still be stolen: the unvisited secrets of the lair within reach, at most as many
    as rooms the explorer can still enter (the most valuable ones), plus an unused Magpie bonus (SPY-5.62). Zero
    means the exploration can gain nothing more. `secrets`: the lair's `secret_rooms`, if known already."""
    agent = AGENTS[work["agent"][p]]
    rooms_left = new_rooms_left(rec, agent)
    reach = float("inf") if agent["power"] == "a42" else rooms_left
    (r0, c0) = rc(rec["pos"])
    visited = rec["vis"]
    values = [value for i, r, c, value in (secrets if secrets is not None else secret_rooms(work, p))
              if not visited >> i & 1 and abs(r - r0) + abs(c - c0) <= reach]
    total = sum(values[:rooms_left])
    if total and agent["power"] == "magpie" and not rec["mag"]:
        total += agent["extra_steal"]
    return total


def new_rooms_left(rec: dict, agent: dict) -> int:
    """How many rooms not yet visited the explorer can still enter, at most, which is also how many steps away a
    theft can be (but for the A42, which walks visited rooms for free, SPY-5.55): every move into an unvisited
    room costs at least 1 Movement (SPY-4.29; a Grappling-hook jump 2), an Energy drink adds at most its points
    (SPY-5.49/5.50), the Viper's power saves one step (SPY-5.56)."""
    rooms = rec["tr"][0]
    if 4 in rec["gad"]:
        rooms += max(GADGETS[4]["normal_movement"], GADGETS[4]["expert_points"])
    if agent["power"] == "viper" and not rec["pw"]:
        rooms += 1
    return rooms


def walk(state: dict, p: int, rec: dict, actions) -> tuple[str, ...]:
    """The cells visited by playing `actions` from `rec`, start cell included."""
    work = private_state(state, p, rec)
    cells = [work["ex"][p]["pos"]]
    for action in actions:
        exploration.act(work, p, action)
        if work["ex"][p]["pos"] != cells[-1]:
            cells.append(work["ex"][p]["pos"])
    return tuple(cells)


def stolen_by(state: dict, p: int, rec: dict, actions) -> int:
    """The value stolen by playing `actions` from `rec` (what a route is worth by the rules)."""
    work = private_state(state, p, rec)
    before = work["ex"][p]["stolen"]
    for action in actions:
        exploration.act(work, p, action)
    return work["ex"][p]["stolen"] - before


def missed_in_view(view: dict, limit: int = MAX_SITUATIONS) -> list[dict]:
    """`missed` from the end-of-game view (every exploration is shown once all have ended, SPY-7.7)."""
    g = view["state"]
    known = {"options": view["options"], "agent": g["agents"], "sheets": g["sheets"], "explores": g["explores"],
             "players": view["players"], "ex": g["ex"]}
    return missed(known, limit)


def missed(state: dict, limit: int = MAX_SITUATIONS) -> list[dict]:
    """For every player at the end: the best route in the lair they explored and how much more it steals
    (best None when the lair is too large to solve within `limit` situations)."""
    out = []
    for p in range(state["players"]):
        got = state["ex"][p]["stolen"]
        try:
            route = best_route(state, p, limit=limit, shortest=True)
        except RouteTooLarge:
            out.append({"player": p, "stolen": got, "best": None, "more": None, "route": []})
            continue
        out.append({"player": p, "stolen": got, "best": route.stolen, "more": max(0, route.stolen - got),
                    "route": list(route.cells)})
    return out
