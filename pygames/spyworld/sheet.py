"""A player's score sheet (SPY-2.6): the lair grid (Part A), budget, tracks, gadgets, bonus boxes (Part B).

A sheet is a small JSON dict:
    grid    25 strings, "" or a fixture id (lasers, saw, shark, dog, guard, robot, secret1..3), row-major
    walls   sorted segment names ("31-32")
    budget, gained, tracks [m, s, c], gadgets (sorted numbers), boxes (bonus boxes ticked), bonus (end-of-game
    mission bonuses), claims ([mission, "cash"|"bonus"])
"""

from __future__ import annotations

from .data import (
    FIXTURES,
    INDEX,
    MISSIONS,
    NEIGHBOURS,
    SHEET,
    SIZE,
    START,
    TRACKS,
    gadget_count,
    line_buildable,
    segment,
)


def new_sheet(beginner: bool) -> dict:
    """SPY-3.5: empty grid, no walls, budget 10 (+5 beginner, SPY-2.14/SPY-3.4, not a gain), all tracks 0."""
    return {"grid": [""] * (SIZE * SIZE), "walls": [], "budget": SHEET["budget"] + (SHEET["beginner_bonus"] if beginner
            else 0), "gained": 0, "tracks": [0, 0, 0], "gadgets": [], "boxes": 0, "bonus": 0, "claims": []}


_FLAT_LISTS = ("grid", "walls", "tracks", "gadgets")  # the sheet's lists of numbers and strings (and "claims")


def copy_sheet(sheet: dict) -> dict:
    """A copy of a sheet (its flat lists, the claims pairs), cheaper than a generic deep copy."""
    out = dict(sheet)
    for key in _FLAT_LISTS:
        out[key] = sheet[key][:]
    out["claims"] = [c[:] for c in sheet["claims"]]
    return out


def gain(sheet: dict, amount: int) -> int:
    """SPY-5.23/SPY-5.24: every cash gain is cut to what still fits under the 40 cap; returns what was gained."""
    room = max(0, SHEET["gain_cap"] - sheet["gained"])
    got = min(amount, room)
    sheet["gained"] += got
    sheet["budget"] += got
    return got


def capped_gain(sheet: dict, amount: int) -> int:
    """What `gain` would credit, without changing the sheet."""
    return min(amount, max(0, SHEET["gain_cap"] - sheet["gained"]))


def pay(sheet: dict, amount: int) -> None:
    """SPY-4.12: a payment needs that much in the budget; the budget is never negative."""
    assert 0 <= amount <= sheet["budget"], "payment exceeds the budget"
    sheet["budget"] -= amount


def train(sheet: dict, track: str, points: int) -> None:
    """SPY-5.14: add points to a track, capped at 20 (excess lost)."""
    i = TRACKS.index(track)
    sheet["tracks"][i] = min(SHEET["track_cap"], sheet["tracks"][i] + points)


def bonus_cost(sheet: dict) -> int | None:
    """SPY-4.9/SPY-2.17: the cost of the next unticked bonus box, or None when all 5 are ticked."""
    costs = SHEET["bonus_costs"]
    return costs[sheet["boxes"]] if sheet["boxes"] < len(costs) else None


def is_full(sheet: dict) -> bool:
    """SPY-4.16: all 24 buildable cells hold a fixture (walls do not count)."""
    grid = sheet["grid"]
    return len(grid) - grid.count("") == SIZE * SIZE - 1


def fixture_at(sheet: dict, x: str) -> str:
    return sheet["grid"][INDEX[x]]


def count_gadgets(sheet: dict) -> int:
    return gadget_count(sheet["gadgets"])


# --------------------------------------------------------------------------- missions (SPY-2.39 to SPY-2.47)


# per colour, the grid indexes of each line's buildable cells (SPY-2.42/SPY-2.43)
_LINES = {colour: [tuple(INDEX[x] for x in line_buildable(colour, n)) for n in range(1, SIZE + 1)] for colour in "RB"}


def _line_full(sheet: dict, colour: str) -> bool:
    """SPY-2.42/SPY-2.43: some row (red) or column (blue) has a fixture in every buildable cell."""
    grid = sheet["grid"]
    for line in _LINES[colour]:
        for i in line:
            if not grid[i]:
                break
        else:
            return True
    return False


def _condition(m: dict):
    """SPY-5.25: a mission's condition as a test of a sheet (numbers from data.json).
    SPY-5.29: training conditions see only the points bought in planning (agents are added later)."""
    cond = m["cond"]
    if cond == "has_all":
        kinds = frozenset(m["kinds"])
        return lambda sheet: kinds.issubset(sheet["grid"])
    if cond == "full_row":
        return lambda sheet: _line_full(sheet, "R")
    if cond == "full_column":
        return lambda sheet: _line_full(sheet, "B")
    least = m["min"]
    if cond == "walls":
        return lambda sheet: len(sheet["walls"]) >= least
    if cond == "one_track":
        return lambda sheet: max(sheet["tracks"]) >= least
    if cond == "all_tracks":
        return lambda sheet: min(sheet["tracks"]) >= least
    if cond == "gadget_count":
        return lambda sheet: count_gadgets(sheet) >= least
    raise ValueError(f"unknown mission condition {cond!r}")


_CONDITIONS = {mission_id: _condition(m) for mission_id, m in MISSIONS.items()}


def mission_met(mission_id: str, sheet: dict) -> bool:
    """SPY-5.25: the mission's condition (`_condition`), checked on the claimer's own sheet."""
    return _CONDITIONS[mission_id](sheet)


def claim(sheet: dict, mission_id: str, reward: str) -> int:
    """SPY-5.26: cash now (a capped gain, SPY-5.24) or the end-of-game bonus (score, not capped)."""
    m = MISSIONS[mission_id]
    sheet["claims"].append([mission_id, reward])
    if reward == "cash":
        return gain(sheet, m["cash"])
    sheet["bonus"] += m["bonus"]
    return m["bonus"]


def group(fixture: str) -> str:
    """"trap", "guardian" or "secret" (SPY-2.26 to SPY-2.28). (A def, not the bound `FIXTURES.__getitem__`:
    in Pyodide a call of a bound C method costs 2.6 times a Python function's.)"""
    return FIXTURES[fixture]


def reachable(walls, opened=()) -> set[str]:
    """SPY-6.2: cells reached from the start cell by orthogonal steps that cross no wall segment (costs ignored);
    segments opened by a Laser drill Expert count as open."""
    closed = set(walls) - set(opened)
    seen = {START}
    todo = [START]
    while todo:
        a = todo.pop()
        for b, _ in NEIGHBOURS[a]:
            if b not in seen and segment(a, b) not in closed:
                seen.add(b)
                todo.append(b)
    return seen
