"""Information-set sampling: a full state consistent with what one seat has seen.

Hidden from a seat (section 7): the faces below each pile's top back, other players' agents before the reveal,
other players' pending decisions, and other explorations before all have ended. The core keys and the seat's
own log are copied from the view.
"""

from __future__ import annotations

from pygames import core

from . import exploration, planning
from .data import AGENTS, CARDS, FORMAT, back
from .setup import agents_per_player


def _unseen_cards(g: dict) -> list[int]:
    shown = {c for t in g["shown"] for c in t}
    return [c for c in sorted(CARDS) if c not in shown]


def sample_piles(g: dict, rng) -> list[list[int]]:
    """Each pile's top gets an unseen card with the public back (uniform over distinct choices); the other
    unseen cards are shuffled into the piles below the tops."""
    pool = _unseen_cards(g)
    tops = []
    for pile in g["piles"]:
        want = tuple(pile["top"])
        options = [c for c in pool if back(c) == want and c not in tops]
        tops.append(rng.choice(options))
    rest = rng.shuffled([c for c in pool if c not in tops])
    piles = []
    for pile, top in zip(g["piles"], tops, strict=True):
        below = [rest.pop() for _ in range(pile["count"] - 1)]
        piles.append(below + [top])
    return piles


def sample_agents(g: dict, player: int, k: int, to_move: list, rng) -> tuple[list, list]:
    """Other seats' dealt and kept agents, drawn from the agents this seat has not seen."""
    n = len(g["agents"])
    dealt = [None] * n
    agent = list(g["agents"])
    dealt[player] = list(g["dealt"])
    if k == len(AGENTS):  # SPY-3.11 free choice: everyone was offered all 9; others' picks are unknown
        for p in range(n):
            dealt[p] = sorted(AGENTS)
            if p != player and agent[p] is None and (g["phase"] != "keep" or p not in to_move):
                agent[p] = rng.choice(sorted(AGENTS))
        return dealt, agent
    pool = rng.shuffled([a for a in sorted(AGENTS) if a not in g["dealt"] and a not in g["agents"]])
    for p in range(n):
        if p == player:
            continue
        if agent[p] is not None:  # revealed: the second dealt card (if any) was never seen
            dealt[p] = [agent[p]] + [pool.pop() for _ in range(k - 1)]
        else:
            dealt[p] = [pool.pop() for _ in range(k)]
            if g["phase"] != "keep" or p not in to_move:
                agent[p] = rng.choice(dealt[p])
    return dealt, agent


def _random_decision(state: dict, p: int, rng) -> None:
    """A submitted, hidden decision of another seat: some legal decision, composed by random legal steps."""
    while not state["dec"][p]["sub"]:
        legal = [a for a in planning.legal(state, p) if a != "restart"]
        action = rng.choice(legal)
        if action == "submit":
            state["dec"][p]["sub"] = True
        else:
            planning.apply(state, p, action)


def _random_exploration(state: dict, p: int, rng) -> None:
    rec = state["ex"][p]
    for _ in range(200):
        acts = list(exploration.options(state, p))
        if acts == ["stop"]:
            break
        action = rng.choice(acts)
        if action == "stop":
            break
        outcome = exploration.options(state, p)[action]
        rec["phx"] = False
        if action.startswith("use:"):
            rec["gad"].remove(4)
            exploration._raise(rec, outcome["gain"])
        elif action == "power":
            rec["pw"] = True
            exploration._raise(rec, outcome["gain"])
        else:
            exploration._move(state, p, rec, outcome)
    rec["done"] = True


def determinize(view: dict, player: int, rng) -> dict:
    g = view["state"]
    n = view["players"]
    state = {
        "game": view["game"], "format": FORMAT, "players": n, "seed": 0, "options": dict(view["options"]),
        "rng": rng.next64(), "log": [[k, a, [player]] for k, a in view["log"]], "history": [], "undo_floor": 0,
        "barrier": False,
        "phase": g["phase"], "turn": g["turn"], "final": g["final"], "shown": [list(t) for t in g["shown"]],
        "missions": [m["id"] for m in g["missions"]], "down": [m["down"] for m in g["missions"]],
        "sheets": core.clone(g["sheets"]), "direction": g["direction"], "explores": g["explores"],
        "cur": g["explorer"] if g["explorer"] is not None else (n if g["phase"] == "over" else 0),
        "dec": None, "ex": None,
    }
    state["piles"] = sample_piles(g, rng)
    state["dealt"], state["agent"] = sample_agents(g, player, agents_per_player(state), view["to_move"], rng)
    if g["phase"] == "plan":
        state["dec"] = [None] * n
        for p in range(n):
            if p == player:
                mine = g["pending"]
                state["dec"][p] = {"st": mine["stage"], "taken": list(mine["taken"]), "slot": mine["slot"],
                                   "line": mine["line"], "steps": list(mine["steps"]), "claim": mine["claim"],
                                   "sub": mine["submitted"], "sheet": core.clone(mine["sheet"])}
            else:
                state["dec"][p] = planning.new_decision(state, p)
                if g["submitted"][p]:
                    _random_decision(state, p, rng)
    if g.get("ex") is not None:
        state["ex"] = [None] * n
        for p in range(n):
            if g["ex"][p] is not None:
                rec = core.clone(g["ex"][p])
                rec.pop("rooms")
                state["ex"][p] = rec
            else:
                state["ex"][p] = exploration.new_record(state, p)
                if p < state["cur"]:
                    _random_exploration(state, p, rng)
    return state
