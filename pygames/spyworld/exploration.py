"""The exploration phase (SPY-4.25 to SPY-4.35, sections 5.I to 5.K, SPY-8.15 to SPY-8.17).

Explorers act one after another in seat order, each in private (SPY-4.25). One record per explorer:
    pos (cell), vis (bit mask of visited cells), tr (tracks m, s, c), gad (unused gadgets), pw (once-power used),
    phx (the last action neutralised a guardian: Phoenix window), moved (a move was made), neut (guardians
    neutralised), trig (traps triggered in the explored lair), stolen (value), mag (Magpie bonus given),
    cells (secret cells stolen), open (segments opened by a Laser drill Expert), route, done.
Actions:
    "move:RC[:g<n>][:pw][:<m>-<s>-<c>]"  a move (or a Grappling-hook Expert jump) with its gadget, power, split
    "use:4" / "use:4:<m>-<s>-<c>"        the Energy drink, Normal / Expert
    "power"                              the Phoenix
    "stop"
"""

from __future__ import annotations

from pygames import core

from .data import AGENTS, GADGETS, INDEX, NEIGHBOURS, SHEET, SIDES, START, TRACKS, lair_of, segment, step
from .scoring import log_final
from .sheet import group


def gadget_effect(state: dict, n: int) -> str:
    """SPY-3.3: each gadget plays its Normal or Expert face (options g1..g5)."""
    return GADGETS[n][state["options"][f"g{n}"]]


def new_record(state: dict, explorer: int) -> dict:
    """SPY-4.26: the agent starts on the start cell, which counts as explored and costs nothing."""
    return {"pos": START, "vis": 1 << INDEX[START], "tr": list(state["sheets"][explorer]["tracks"]),
            "gad": list(state["sheets"][explorer]["gadgets"]), "pw": False, "phx": False, "moved": False,
            "neut": 0, "trig": 0, "stolen": 0, "mag": False, "cells": [], "open": [], "route": [START],
            "done": False}


def copy_record(rec: dict) -> dict:
    """A copy of an exploration record, whose lists hold only strings and numbers: what the route optimiser
    branches on (a deep copy took a third of its time)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in rec.items()}


def begin(state: dict) -> None:
    state["phase"] = "explore"
    state["ex"] = [new_record(state, p) for p in range(state["players"])]
    state["cur"] = 0
    settle(state)


def settle(state: dict) -> None:
    """SPY-4.33/SPY-8.17: an explorer whose only legal action is Stop ends without being asked; when every
    exploration has ended the game is scored (SPY-4.35)."""
    while state["cur"] < state["players"]:
        p = state["cur"]
        if not state["ex"][p]["done"] and can_act(state, p):
            return
        finish(state, p)
    state["phase"] = "over"
    core.reveal(state)
    log_final(state)


def finish(state: dict, p: int) -> None:
    rec = state["ex"][p]
    if not rec["done"]:
        rec["done"] = True
        core.log(state, "spy.log.stop", to=[p], player=p)
    state["cur"] = p + 1


def rooms(rec: dict) -> int:
    """SPY-6.1: distinct cells the agent was in, start cell included."""
    return bin(rec["vis"]).count("1")


def visited(rec: dict, x: str) -> bool:
    return bool(rec["vis"] >> INDEX[x] & 1)


def lair_sheet(state: dict, explorer: int) -> dict:
    return state["sheets"][state["explores"][explorer]]


def closed_walls(state: dict, explorer: int) -> set[str]:
    """SPY-4.28: walls drawn in planning, minus segments opened by a Laser drill Expert (SPY-5.52)."""
    return set(lair_sheet(state, explorer)["walls"]).difference(state["ex"][explorer]["open"])


def wall_between(state: dict, explorer: int, a: str, b: str) -> bool:
    return segment(a, b) in closed_walls(state, explorer)


# --------------------------------------------------------------------------- entry cost (section 5.I)


def base_cost(state: dict, fixture: str, dolphin: bool) -> tuple[list[int], int]:
    """SPY-5.35 to SPY-5.38: the content cost from the lair table as (fixed [m, s, c], pool total to split).
    SPY-5.32: the Super-yacht pool is fixed, SPY-5.64: except for the Dolphin who splits its total."""
    if not fixture or group(fixture) == "secret":
        return [0, 0, 0], 0
    lair = lair_of(state)
    cost = lair["costs"][fixture]
    if "pool" in cost:
        return [0, 0, 0], cost["pool"]
    fixed = [cost[t] for t in TRACKS]
    if fixture == "shark" and dolphin:
        return [0, 0, 0], sum(fixed)
    return fixed, 0


def apply_gadget(effect: str, fixture: str, fixed: list[int], pool: int) -> tuple[list[int], int] | None:
    """SPY-5.43 to SPY-5.47: a gadget move modifier on an unvisited cell's cost, or None if it changes nothing
    (SPY-5.41: a modifier is attached only when its condition holds)."""
    m, s, c = fixed
    kind = group(fixture) if fixture else ""
    if effect == "smoke" and fixture in ("lasers", "saw") and s:
        return [m, 0, c], pool
    if effect == "smoke_x" and kind == "trap" and (m + s + c + pool):
        return [0, 0, 0], 0
    if effect == "stun" and kind == "guardian" and c:
        return [m, s, 0], pool
    if effect == "stun_x" and kind == "guardian" and (s + c):
        return [m, 0, 0], pool
    if effect == "hook" and fixture == "shark" and (m + s + c + pool):
        return [0, 0, 0], 0
    return None


def apply_power(power: str, fixture: str, fixed: list[int]) -> list[int] | None:
    """SPY-5.56 to SPY-5.58, SPY-5.61: a once-power's effect on an unvisited cell's content cost, or None."""
    m, s, c = fixed
    kind = group(fixture) if fixture else ""
    if power == "shadow" and (fixture in ("lasers", "saw") or kind == "guardian") and s:
        return [m, 0, c]
    if power == "bulldozer" and kind == "guardian" and c:
        return [m, s, 0]
    if power == "chameleon" and fixture in ("lasers", "saw") and (m + s):
        return [0, 0, c + m + s]
    return None


def splits(pool: int, three: bool) -> list[tuple[int, int, int]]:
    """SPY-5.36/SPY-5.59: whole splits of a pool total into (Movement, Stealth[, Combat])."""
    if three:
        return [(m, s, pool - m - s) for m in range(pool + 1) for s in range(pool + 1 - m)]
    return [(m, pool - m, 0) for m in range(pool + 1)]


def _targets(state: dict, p: int):
    """(target, crossed wall segment or None, jump) for adjacent moves and Grappling-hook Expert jumps."""
    rec = state["ex"][p]
    a = rec["pos"]
    hook_x = 3 in rec["gad"] and gadget_effect(state, 3) == "hook_x"
    closed = closed_walls(state, p)
    for b, d, ab in SIDES[a]:
        walled = ab in closed
        yield b, (ab if walled else None), False
        if hook_x and not walled:
            c = step(a, d, 2)  # SPY-5.48: over B to C, no wall on A|B or B|C
            if c and segment(b, c) not in closed:
                yield c, None, True


def options(state: dict, p: int) -> dict[str, dict]:
    """Every legal exploration action of explorer p with its outcome (SPY-8.15)."""
    return dict(_options(state, p))


def can_act(state: dict, p: int) -> bool:
    """Whether explorer p has a legal action other than Stop (the first one found ends the search)."""
    return any(action != "stop" for action, _ in _options(state, p))


def outcome_of(state: dict, p: int, action: str) -> dict:
    """`options(state, p)[action]`, working out only the moves to the action's cell."""
    head, _, rest = action.partition(":")
    for a, o in _options(state, p, rest.partition(":")[0] if head == "move" else None):
        if a == action:
            return o
    raise KeyError(action)


def _options(state: dict, p: int, only: str | None = None):
    """(action, outcome) for every legal exploration action of explorer p, in the order `options` lists them;
    with `only` a cell, just the moves to it. Order of the cost computation: table -> gadget -> power -> step ->
    split (SPY-5.39)."""
    rec = state["ex"][p]
    agent = AGENTS[state["agent"][p]]
    power = agent["power"]
    once_ready = agent["kind"] == "once" and not rec["pw"]
    dolphin = power == "dolphin"
    grid = lair_sheet(state, p)["grid"]
    tr = rec["tr"]
    for target, wall, jump in _targets(state, p):
        if only is not None and target != only:
            continue
        seen = visited(rec, target)
        fixture = "" if seen else grid[INDEX[target]]  # SPY-4.31: a visited cell's content is ignored
        fixed0, pool0 = base_cost(state, fixture, dolphin)
        gadget_opts: list[tuple[int | None, list[int], int]] = []
        if jump:
            gadget_opts.append((3, fixed0, pool0))
        elif wall:
            if 5 in rec["gad"]:
                gadget_opts.append((5, fixed0, pool0))  # SPY-5.51: the drill crosses the wall, costs unchanged
        else:
            gadget_opts.append((None, fixed0, pool0))
            if not seen:
                for n in rec["gad"]:
                    if n in (3, 5) and gadget_effect(state, n) in ("hook_x", "drill", "drill_x"):
                        continue
                    changed = apply_gadget(gadget_effect(state, n), fixture, fixed0, pool0)
                    if changed:
                        gadget_opts.append((n, *changed))
        for n, fixed1, pool1 in gadget_opts:
            power_opts = [(False, fixed1)]
            if once_ready and power == "viper" and not jump:
                power_opts.append((True, fixed1))  # SPY-5.56: the step becomes 0
            elif once_ready and not seen:
                changed = apply_power(power, fixture, fixed1)
                if changed:
                    power_opts.append((True, changed))
            for use_power, fixed2 in power_opts:
                if jump:
                    step_cost = GADGETS[3]["jump_step"]  # SPY-5.48: never reduced
                elif (use_power and power == "viper") or (power == "a42" and seen):
                    step_cost = 0  # SPY-5.55/SPY-5.56
                else:
                    step_cost = 1  # SPY-4.29
                base = [fixed2[0] + step_cost, fixed2[1], fixed2[2]]
                pool_splits = splits(pool1, dolphin) if pool1 else [None]
                for split in pool_splits:
                    cost = list(base) if split is None else [x + y for x, y in zip(base, split, strict=True)]
                    if cost[0] > tr[0] or cost[1] > tr[1] or cost[2] > tr[2]:
                        continue  # SPY-4.30: each track pays its full share
                    action = f"move:{target}"
                    if n is not None:
                        action += f":g{n}"
                    if use_power:
                        action += ":pw"
                    if split is not None:
                        action += ":" + "-".join(map(str, split))
                    yield action, {"to": target, "cost": cost, "gadget": n, "power": use_power, "jump": jump,
                                   "wall": wall, "fixture": fixture}
    if only is None:
        yield from standalone(state, rec, agent)
        yield "stop", {}


def standalone(state: dict, rec: dict, agent: dict):
    """SPY-5.49/SPY-5.50 (Energy drink) and SPY-5.63 (Phoenix): (action, outcome) pairs."""
    if 4 in rec["gad"]:
        if gadget_effect(state, 4) == "drink":
            yield "use:4", {"gain": [GADGETS[4]["normal_movement"], 0, 0]}
        elif not rec["moved"]:
            for split in splits(GADGETS[4]["expert_points"], True):
                yield "use:4:" + "-".join(map(str, split)), {"gain": list(split)}
    if agent["power"] == "phoenix" and not rec["pw"] and rec["phx"]:
        yield "power", {"gain": [0, 0, agent["regain_combat"]]}


# --------------------------------------------------------------------------- applying an action


def _raise(rec: dict, gain: list[int]) -> None:
    cap = SHEET["track_cap"]
    rec["tr"] = [min(cap, t + g) for t, g in zip(rec["tr"], gain, strict=True)]


def apply(state: dict, p: int, action: str, outcome: dict | None = None) -> None:
    """One exploration action (`outcome`: its entry of `options`, when the caller has them already)."""
    if action == "stop":
        finish(state, p)
        _barrier(state)
        settle(state)
        return
    act(state, p, action, outcome)
    _barrier(state)
    settle(state)


def act(state: dict, p: int, action: str, outcome: dict | None = None) -> None:
    """A move, drink or power changes only explorer p's record (the route optimiser replays them with it, passing
    the action's `outcome` when it holds this record's options already)."""
    rec = state["ex"][p]
    if outcome is None:
        outcome = outcome_of(state, p, action)
    rec["phx"] = False
    if action.startswith("use:"):
        rec["gad"].remove(4)  # SPY-5.20: single use
        _raise(rec, outcome["gain"])
        core.log(state, "spy.log.use", to=[p], player=p, gadget="@spy.gadget.4")
    elif action == "power":
        rec["pw"] = True
        _raise(rec, outcome["gain"])
        core.log(state, "spy.log.power", to=[p], player=p)
    else:
        _move(state, p, rec, outcome)


def _barrier(state: dict) -> None:
    """SPY-8.16: each exploration action is final unless the lenient option lets the explorer undo until Stop."""
    if not state["options"]["explore_undo"]:
        core.reveal(state)


def _move(state: dict, p: int, rec: dict, o: dict) -> None:
    """SPY-4.28 to SPY-4.32 and the effects of SPY-5.40, SPY-5.44, SPY-5.46, SPY-5.52, SPY-5.60 to SPY-5.62."""
    rec["tr"] = [t - c for t, c in zip(rec["tr"], o["cost"], strict=True)]
    rec["moved"] = True
    n = o["gadget"]
    effect = gadget_effect(state, n) if n is not None else ""
    if n is not None:
        rec["gad"].remove(n)
    if o["power"]:
        rec["pw"] = True
    if effect == "drill_x":
        rec["open"].append(o["wall"])
    target = o["to"]
    fixture = o["fixture"]
    first = not visited(rec, target)
    rec["pos"] = target
    rec["route"].append(target)
    rec["vis"] |= 1 << INDEX[target]
    if first and fixture:
        kind = group(fixture)
        if kind == "trap":
            rec["trig"] += GADGETS[1]["expert_trap_counts"] if effect == "smoke_x" else 1
        elif kind == "guardian" and effect != "stun_x":
            rec["neut"] += 1
            rec["phx"] = True
        elif kind == "secret":
            value = lair_of(state)["secrets"][fixture][1]
            agent = AGENTS[state["agent"][p]]
            if agent["power"] == "magpie" and not rec["mag"]:
                value += agent["extra_steal"]
                rec["mag"] = True
            rec["stolen"] += value
            rec["cells"].append(target)
    core.log(state, "spy.log.move", to=[p], player=p, cell=target, m=o["cost"][0], s=o["cost"][1], c=o["cost"][2])


def why(state: dict, p: int, action: str):
    """A precise reason for common exploration mistakes (catalogue key, args), or None."""
    parts = action.split(":")
    rec = state["ex"][p]
    if parts[0] == "move" and len(parts) > 1:
        target = parts[1]
        near = {b for b, _ in NEIGHBOURS[rec["pos"]]}
        if target not in near:
            return "spy.err.not_adjacent", {"cell": target}
        if wall_between(state, p, rec["pos"], target) and 5 not in rec["gad"]:
            return "spy.err.wall", {}
        if any(x.startswith("g") and x[1:].isdigit() and int(x[1:]) not in rec["gad"] for x in parts[2:]):
            return "spy.err.no_gadget", {}
        return "spy.err.cannot_pay", {}
    if parts[0] == "use":
        if 4 not in rec["gad"]:
            return "spy.err.no_gadget", {}
        if rec["moved"] and len(parts) > 2:
            return "spy.err.drink_late", {}
    if parts[0] == "power":
        return "spy.err.power", {}
    return None
