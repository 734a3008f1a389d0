"""What each seat may see (section 7), button labels and the status line.

SPY-7.1/SPY-7.7: a view never holds pile order, unused missions (never stored), other players' unrevealed
agents or pending decisions, or other explorations before they have all ended.
"""

from __future__ import annotations

from pygames import core

from . import exploration, planning
from . import sheet as sh
from .data import CARDS, SHEET, back, card_key
from .sheet import copy_sheet


def _card(card_id: int) -> dict:
    card = CARDS[card_id]
    return {"id": card_id, "kind": card["kind"], "sub": card.get("sub"), "pts": card.get("pts", 0),
            "key": card_key(card_id)}


def _pending(state: dict, player: int) -> dict:
    """SPY-7.4/SPY-8.14: the acting seat's own pending decision, with its draft sheet and the data behind each
    choice (line/gadget costs, bonus cost, claimable missions)."""
    dec = state["dec"][player]
    out = {"stage": dec["st"], "taken": list(dec["taken"]), "slot": dec["slot"], "line": dec["line"],
           "steps": list(dec["steps"]), "claim": dec["claim"], "submitted": dec["sub"],
           "sheet": copy_sheet(dec["sheet"]), "bonus_cost": sh.bonus_cost(dec["sheet"])}
    if dec["sub"]:
        return out
    lair = planning.lair_of(state)
    st = dec["st"]
    sheet = dec["sheet"]
    if st in ("first", "more"):
        out["takeable"] = planning.takeable(state, dec)
    elif st == "line":
        card = CARDS[planning.display(state)[dec["slot"] - 1]]
        out["lines"] = [list(x) for x in planning.line_choices(lair, sheet, card["sub"],
                                                               planning.index(state, dec["slot"]), sheet["budget"])]
    elif st == "gadget":
        out["numbers"] = [list(x) for x in planning.gadget_choices(lair, sheet, planning.index(state, dec["slot"]),
                                                                   sheet["budget"])]
    elif st == "claim":
        out["claimable"] = planning.claimable(state, dec)
    return out


def view(state: dict, player: int | None) -> dict:
    phase = state["phase"]
    over = phase == "over"
    public_agents = phase in ("explore", "over")  # SPY-4.24: agents revealed at the end of planning
    # SPY-7.2: every sheet is open (as of the last resolution)
    v = {
        "phase": phase,
        "lair": state["options"]["lair"],
        "turn": state["turn"],
        "final": state["final"],
        "max_turns": SHEET["max_turns"],
        "piles": [{"count": len(pile), "top": list(back(pile[-1])) if pile else None} for pile in state["piles"]],
        "shown": [list(t) for t in state["shown"]],
        "missions": [{"id": m, "down": d} for m, d in zip(state["missions"], state["down"], strict=True)],
        "sheets": [copy_sheet(x) for x in state["sheets"]],
        "agents": [a if (public_agents or p == player) else None for p, a in enumerate(state["agent"])],
        "direction": state["direction"],
        "explores": state["explores"],
        "explorer": state["cur"] if phase == "explore" else None,
    }
    if phase == "plan":
        v["display"] = [dict(_card(c), index=list(planning.index(state, s)))
                        for s, c in enumerate(planning.display(state), start=1)]
        v["submitted"] = [d["sub"] for d in state["dec"]]
    if player is not None:
        v["dealt"] = list(state["dealt"][player])  # SPY-7.1: one's own dealt agents only
        if phase == "plan":
            v["pending"] = _pending(state, player)
    if state["ex"] is not None:
        # SPY-7.6/SPY-7.7: one's own exploration only, every exploration once all have ended
        v["ex"] = [_record(r) if (over or p == player) else None for p, r in enumerate(state["ex"])]
        if phase == "explore" and player == state["cur"]:
            v["options"] = {a: o.get("cost", o.get("gain")) for a, o in exploration.options(state, player).items()}
    if over:
        from .scoring import result
        res = result(state)
        v["result"] = {k: res[k] for k in ("scores", "breakdown", "winners", "titles", "records")}
    return v


def _record(rec: dict) -> dict:
    out = core.clone(rec)
    out["rooms"] = exploration.rooms(rec)
    return out


# --------------------------------------------------------------------------- labels and status


def action_label(view: dict, action: str):
    """A catalogue key and arguments for a button."""
    parts = action.split(":")
    head = parts[0]
    g = view.get("state", {})
    if head == "take":
        slot = int(parts[1])
        card = g.get("display", [{}] * 3)[slot - 1]
        return "spy.act.take", {"slot": slot, "card": "@" + card.get("key", "spy.card.wall")}
    if head == "keep":
        return "spy.act.keep", {"agent": f"@spy.agent.{parts[1]}"}
    if head == "line":
        return "spy.act.line", {"n": int(parts[1])}
    if head == "cell":
        return "spy.act.cell", {"cell": parts[1]}
    if head == "wall":
        return "spy.act.wall", {"segment": parts[1]}
    if head == "gadget":
        return "spy.act.gadget", {"gadget": f"@spy.gadget.{parts[1]}"}
    if head == "claim":
        return "spy.act.claim", {"mission": f"@spy.mission.{parts[1]}", "reward": f"@spy.reward.{parts[2]}"}
    if head == "move":
        return "spy.act.move", {"cell": parts[1], "extra": ":".join(parts[2:])}
    if head == "use":
        return "spy.act.use", {"gadget": "@spy.gadget.4", "split": parts[2] if len(parts) > 2 else ""}
    return f"spy.act.{head}", {}


def status(view: dict):
    """What the status line tells the viewer: who acts and what to do."""
    g = view["state"]
    me = view["viewer"]
    if view["over"]:
        return "spy.status.over", {"winners": ", ".join(str(w + 1) for w in g["result"]["winners"])}
    movers = view["to_move"]
    if me in movers:
        if g["phase"] == "keep":
            return "spy.status.keep", {"player": me}
        if g["phase"] == "plan":
            return f"spy.status.{g['pending']['stage']}", {"player": me, "turn": g["turn"]}
        return "spy.status.explore", {"player": me}
    if g["phase"] == "explore":
        return "spy.status.wait_explore", {"player": movers[0]}
    return "spy.status.wait", {"player": movers[0]}
