"""A quick heuristic bot: it reads only its view and its legal actions.

Planning: take a card when its rough value beats passing (secrets first, training towards useful levels, a few
traps and guardians near the entrance, no gadgets), pay as little shifting as possible, hide secrets far from the
start cell and never wall them in, claim the largest end-of-game bonus. Exploration: step into the best
affordable unvisited room (secrets first), walk back through visited rooms only to get closer to one, else stop.
"""

from __future__ import annotations

from . import routes
from .data import FIXTURES, INDEX, LAIRS, MISSIONS, NEIGHBOURS, START, rc, segment
from .planning import TAKE, shift_cost
from .scoring import reachable
from .sheet import group

AGENT_PREFERENCE = ("magpie", "viper", "a42", "shadow", "chameleon", "bulldozer", "dolphin", "phoenix", "gladiator")
SECRETS = frozenset(f for f in FIXTURES if group(f) == "secret")
TRAINING_TARGET = {"m": 9, "s": 5, "c": 5}
BOT_ROUTE_LIMIT = 5_000  # situations the search's route optimiser may visit per decision (in the search worker)
# The easy bot plays on the page's main thread: a smaller limit keeps each exploration step short enough not to
# freeze the page, at no measurable cost to its play, since a lair too large to solve falls back on the quick rules
# (figures: docs/measurements.md).
EASY_ROUTE_LIMIT = 400


def _dist(x: str, y: str) -> int:
    (a, b), (c, d) = rc(x), rc(y)
    return abs(a - c) + abs(b - d)


# --------------------------------------------------------------------------- planning


def _card_value(g: dict, pending: dict, slot: int) -> float:
    card = g["display"][slot - 1]
    sheet = pending["sheet"]
    kind = card["kind"]
    if kind == "training":
        sub = card["sub"]
        useful = min(card["pts"], max(0, TRAINING_TARGET[sub] - sheet["tracks"]["msc".index(sub)]))
        return 1.3 * useful - card["index"][1]
    if kind == "gadget":
        return -3.0
    if kind == "wall":
        return 0.6 if len(sheet["walls"]) < 10 else 0.0
    fixture = card["sub"]
    if fixture in SECRETS:
        now, end = LAIRS[g["lair"]]["secrets"][fixture]
        return now + 0.5 * end
    return 2.5 if _placed(sheet) < 10 else 0.5


def _placed(sheet: dict) -> int:
    """The traps and guardians on the sheet."""
    grid = sheet["grid"]
    n = len(grid) - grid.count("")
    for secret in SECRETS:
        n -= grid.count(secret)
    return n


def card_preference(g: dict, pending: dict, slots, threshold: float) -> list[int]:
    """The slots among `slots` whose card is worth taking (its value, less a bonus card's cost, beats
    `threshold`), best first (ties: the lowest slot). The bot takes the first one it may take."""
    extra = (pending["bonus_cost"] or 0) if pending["taken"] else 0
    wanted = []
    for slot in slots:
        value = _card_value(g, pending, slot) - extra
        if value > threshold:
            wanted.append((value, slot))
    if len(wanted) > 1:
        wanted.sort(key=_minus_value)  # stable: equal values keep the slots' order
    return [slot for _, slot in wanted]


def _minus_value(pair: tuple[float, int]) -> float:
    return -pair[0]


TAKE_FIRST = 1.0  # a first card must be worth more than passing ...
TAKE_MORE = 0.5   # ... a bonus card more than stopping


def _pick_card(g: dict, pending: dict, legal: list[str], fallback: str, threshold: float) -> str:
    best = card_preference(g, pending, [_TAKE_SLOT[a] for a in legal if a in _TAKE_SLOT], threshold)
    return TAKE[best[0]] if best else fallback


_TAKE_SLOT = {f"take:{slot}": slot for slot in (1, 2, 3)}


def _line_score(n0: int, secret: bool, row: bool, n: int) -> float:
    """A line's appeal: cheap to shift to (its cost is its shift from the card's index, SPY-5.2); secrets low in
    a row's order or far from the middle column, the rest the other way."""
    weight = 0.5 if secret else -0.5
    return -shift_cost(abs(n - n0)) + weight * ((5 - n) if row else abs(n - 3))


# (index number, secret?, row?) -> {"line:N": its `_line_score`}, made once
_LINE_SCORES = {(n0, secret, row): {f"line:{n}": _line_score(n0, secret, row, n) for n in range(1, 6)}
                for n0 in range(1, 6) for secret in (False, True) for row in (False, True)}


def _pick_line(g: dict, pending: dict, legal: list[str]) -> str:
    card = g["display"][pending["slot"] - 1]
    colour, n0 = card["index"]
    return max(legal, key=_LINE_SCORES[(n0, card["sub"] in SECRETS, colour == "R")].__getitem__)


_FROM_START = {f"cell:{x}": _dist(x, START) for x in INDEX}  # a "cell:RC" step's distance from the start cell


def _pick_cell(g: dict, pending: dict, legal: list[str]) -> str:
    card = g["display"][pending["slot"] - 1]
    if card["sub"] in SECRETS:
        return max(legal, key=_FROM_START.__getitem__)
    return min(legal, key=_FROM_START.__getitem__)


def _pick_wall(pending: dict, legal: list[str], rng) -> str:
    sheet = pending["sheet"]
    secrets = [x for x, i in INDEX.items() if sheet["grid"][i] and group(sheet["grid"][i]) == "secret"]
    safe = [a for a in legal if all(x in reachable(sheet["walls"] + [a[5:]]) for x in secrets)]
    return rng.choice(safe or legal)


def plan(g: dict, legal: list[str], rng) -> str:
    """A planning step, from the view's state `g` (the search's playout policy calls it directly)."""
    pending = g["pending"]
    stage = pending["stage"]
    if stage == "first":
        return _pick_card(g, pending, legal, "pass", TAKE_FIRST)
    if stage == "more":
        return _pick_card(g, pending, legal, "done", TAKE_MORE)
    if stage == "line":
        return _pick_line(g, pending, legal)
    if stage == "cell":
        return _pick_cell(g, pending, legal)
    if stage == "segment":
        return _pick_wall(pending, legal, rng)
    if stage == "gadget":
        return min(legal, key=lambda a: dict(pending["numbers"])[int(a[7:])])
    if stage == "claim":
        claims = [a for a in legal if a.endswith(":bonus")]
        return max(claims, key=lambda a: MISSIONS[a.split(":")[1]]["bonus"]) if claims else "noclaim"
    return "submit"


# --------------------------------------------------------------------------- exploration


def _room_value(lair: dict, fixture: str) -> float:
    if not fixture:
        return 0.4
    kind = group(fixture)
    if kind == "secret":
        return lair["secrets"][fixture][1]
    return 1.5 if kind == "guardian" else 0.2


def _frontier_distance(start: str, visited: set, walls: set, goals: set) -> int:
    """Steps through visited rooms (no wall crossing) to the nearest goal room."""
    todo, seen, depth = [start], {start}, 0
    while todo:
        nxt = []
        for a in todo:
            if a in goals:
                return depth
            for b, _ in NEIGHBOURS[a]:
                if b not in seen and segment(a, b) not in walls and (b in visited or b in goals):
                    seen.add(b)
                    nxt.append(b)
        todo, depth = nxt, depth + 1
    return 99


def _explore(view: dict, legal: list[str], exact: bool = True) -> str:
    g = view["state"]
    me = view["viewer"]
    try:  # the exact optimiser when the lair is small enough to solve at once, else the quick rules below
        step = routes.next_step_in_view(view, legal, EASY_ROUTE_LIMIT) if exact else None
        if step is not None:
            return step
    except routes.RouteTooLarge:
        pass
    rec = g["ex"][me]
    lair = LAIRS[g["lair"]]
    sheet = g["sheets"][g["explores"][me]]
    grid = sheet["grid"]
    walls = set(sheet["walls"]) - set(rec["open"])
    costs = g["options"]
    visited = {x for x, i in INDEX.items() if rec["vis"] >> i & 1}
    if "power" in legal:
        return "power"
    if "use:4:3-1-1" in legal:
        return "use:4:3-1-1"
    if "use:4" in legal and rec["tr"][0] <= 1:
        return "use:4"
    best, best_value = None, 0.0
    for action in legal:
        if not action.startswith("move:"):
            continue
        target = action.split(":")[1]
        if target in visited:
            continue
        value = _room_value(lair, grid[INDEX[target]]) - 0.15 * sum(costs[action]) - 0.3 * (action.count(":") - 1)
        if value > best_value:
            best, best_value = action, value
    if best:
        return best
    goals = {x for x in INDEX if x not in visited and _room_value(lair, grid[INDEX[x]]) >= 1}
    here = _frontier_distance(rec["pos"], visited, walls, goals)
    for action in legal:
        parts = action.split(":")
        if parts[0] == "move" and len(parts) == 2 and parts[1] in visited:
            if _frontier_distance(parts[1], visited, walls, goals) < here:
                return action
    return "stop"


def heuristic(view: dict, legal: list[str], rng, exact: bool = True) -> str:
    """The easy bot. `exact=False` explores by the quick rules only, never the route optimiser: the search's
    playout policy, which plays whole games by the hundred per decision."""
    if len(legal) == 1:
        return legal[0]
    g = view["state"]
    if g["phase"] == "keep":
        ranked = sorted(legal, key=lambda a: AGENT_PREFERENCE.index(a[5:]))
        return rng.choice(ranked[:3]) if len(ranked) > 3 else ranked[0]  # free choice (SPY-3.11): vary a little
    if g["phase"] == "plan":
        return plan(g, legal, rng)
    return _explore(view, legal, exact)


def bots() -> dict:
    return {"heuristic": heuristic}

