"""Scoring and end of game (SPY-6.1 to SPY-6.13)."""

from __future__ import annotations

from pygames import core

from .data import AGENTS, INDEX, LAIRS, SHEET, gadget_count
from .sheet import group, reachable

ORDER = ("kept", "stolen", "budget", "trapper", "gadget_fan", "explorer", "brutal", "missions")
AWARDS = ("trapper", "gadget_fan", "explorer", "brutal")


def kept_value(lair: dict, sheet: dict, stolen_cells, opened=()) -> int:
    """SPY-6.3/SPY-6.4: end-of-game value of the lair's secrets neither stolen nor walled in."""
    reach = reachable(sheet["walls"], opened)
    total = 0
    for x, i in INDEX.items():
        fixture = sheet["grid"][i]
        if fixture and group(fixture) == "secret" and x not in stolen_cells and x in reach:
            total += lair["secrets"][fixture][1]
    return total


def brutal_count(agent_id: str, neutralised: int) -> int:
    """SPY-6.9/SPY-5.60: guardians neutralised; the Gladiator's first one counts double."""
    extra = AGENTS[agent_id].get("extra_brutal", 0) if neutralised >= 1 else 0
    return neutralised + extra


def award(metric: list[int], value: int) -> list[int]:
    """SPY-6.5: the players with the maximum get it, unless every player has the same value."""
    if len(set(metric)) == 1:
        return [0] * len(metric)
    best = max(metric)
    return [value if m == best else 0 for m in metric]


def title(score: int) -> str | None:
    """SPY-2.24/SPY-6.12: the flavour title of a final score (None below the lowest threshold)."""
    for threshold, key in SHEET["titles"]:
        if score >= threshold:
            return key
    return None


def records(state: dict) -> dict:
    """SPY-6.1: per-seat records: traps triggered in own lair, rooms, guardians, stolen and kept value."""
    n = state["players"]
    lair = LAIRS[state["options"]["lair"]]
    explorer_of = {owner: e for e, owner in enumerate(state["explores"])}
    out = {"traps": [], "gadgets": [], "rooms": [], "brutal": [], "neutralised": [], "stolen": [], "kept": []}
    for p in range(n):
        mine = state["ex"][p]
        guest = state["ex"][explorer_of[p]]
        opened = guest["open"]
        out["traps"].append(guest["trig"])
        out["kept"].append(kept_value(lair, state["sheets"][p], guest["cells"], opened))
        out["gadgets"].append(gadget_count(state["sheets"][p]["gadgets"]))
        out["rooms"].append(bin(mine["vis"]).count("1"))
        out["neutralised"].append(mine["neut"])
        out["brutal"].append(brutal_count(state["agent"][p], mine["neut"]))
        out["stolen"].append(mine["stolen"])
    return out


def breakdown(state: dict) -> dict:
    """SPY-6.6 to SPY-6.10: the score categories per seat."""
    rec = records(state)
    values = SHEET["awards"]
    return {
        "kept": rec["kept"],
        "stolen": rec["stolen"],
        "budget": [s["budget"] for s in state["sheets"]],  # SPY-5.22
        "trapper": award(rec["traps"], values["trapper"]),
        "gadget_fan": award(rec["gadgets"], values["gadget_fan"]),
        "explorer": award(rec["rooms"], values["explorer"]),
        "brutal": award(rec["brutal"], values["brutal"]),
        "missions": [s["bonus"] for s in state["sheets"]],
    }


def _scores(parts: dict, n: int) -> list[int]:
    return [sum(parts[k][p] for k in ORDER) for p in range(n)]


def scores(state: dict) -> list[int]:
    """SPY-6.10: each seat's final score, the categories summed (what `result` says, without the rest)."""
    return _scores(breakdown(state), state["players"])


def result(state: dict) -> dict:
    """SPY-6.10 to SPY-6.13: final scores (may be negative). SPY-6.11: a tie for first
    place is not a shared win: nobody wins, `tied` names the top players, and a tie-break game is offered."""
    parts = breakdown(state)
    n = state["players"]
    scores = _scores(parts, n)
    best = max(scores)
    top = [p for p in range(n) if scores[p] == best]
    return {"scores": scores, "order": list(ORDER), "breakdown": parts,
            "winners": top if len(top) == 1 else [], "tied": top if len(top) > 1 else [], "tiebreak": None,
            "titles": [title(s) for s in scores], "records": records(state),
            "agents": list(state["agent"])}


def log_final(state: dict) -> None:
    """SPY-8.18: the final screen reveals every exploration and the scores (not in a search's private state,
    whose log nobody reads)."""
    if not core.logged(state):
        return
    rec = records(state)
    for p in range(state["players"]):
        core.log(state, "spy.log.explored", player=p, owner_player=state["explores"][p], rooms=rec["rooms"][p],
                 neutralised=rec["neutralised"][p], stolen=rec["stolen"][p], traps=state["ex"][p]["trig"])
    res = result(state)
    for p in range(state["players"]):
        core.log(state, "spy.log.score", player=p, score=res["scores"][p])
