"""What each seat may see (section 7), button labels and the status line.

SPY-7.1/SPY-7.7: a view never holds pile order, unused missions (never stored), other players' unrevealed
agents or pending decisions, or other explorations before they have all ended.
"""

from __future__ import annotations

from pygames import core

from . import exploration, planning
from . import sheet as sh
from .data import BORDER_SET, CARDS, LAIRS, MISSIONS, SHEET, back, border_side, card_key, inner_cell, lair_of
from .sheet import copy_sheet

# A face-up card as views show it (each view copies it, adding the card's index).
_CARD = {card_id: {"id": card_id, "kind": card["kind"], "sub": card.get("sub"), "pts": card.get("pts", 0),
                   "key": card_key(card_id)} for card_id, card in CARDS.items()}


def _pending(state: dict, player: int) -> dict:
    """SPY-7.4/SPY-8.14: the acting seat's own pending decision, with its draft sheet and the data behind each
    choice (takeable slots, line/gadget costs, bonus cost, claimable missions)."""
    dec = state["dec"][player]
    out = {"stage": dec["st"], "taken": list(dec["taken"]), "slot": dec["slot"], "line": dec["line"],
           "steps": list(dec["steps"]), "claim": dec["claim"], "submitted": dec["sub"],
           "sheet": copy_sheet(dec["sheet"]), "bonus_cost": sh.bonus_cost(dec["sheet"])}
    if dec["sub"]:
        return out
    st = dec["st"]
    if st in ("first", "more"):
        out["takeable"] = planning.takeable(state, dec)
    elif st == "line":
        out["lines"] = [list(x) for x in _line_choices(state, dec)]
    elif st == "gadget":
        out["numbers"] = [list(x) for x in _gadget_choices(state, dec)]
    elif st == "claim":
        out["claimable"] = planning.claimable(state, dec)
    return out


def _line_choices(state: dict, dec: dict) -> list[tuple[int, int]]:
    sheet = dec["sheet"]
    card = CARDS[planning.display(state)[dec["slot"] - 1]]
    return planning.line_choices(lair_of(state), sheet, card["sub"], planning.index(state, dec["slot"]),
                                 sheet["budget"])


def _gadget_choices(state: dict, dec: dict) -> list[tuple[int, int]]:
    sheet = dec["sheet"]
    return planning.gadget_choices(lair_of(state), sheet, planning.index(state, dec["slot"]), sheet["budget"])


def _display(state: dict) -> list[dict]:
    """SPY-4.3/SPY-4.4: the display cards, each with its index (the back on top of its pile)."""
    return [dict(_CARD[c], index=list(planning.index(state, s)))
            for s, c in enumerate(planning.display(state), start=1)]


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
        "sheets": [copy_sheet(x) for x in state["sheets"]],
        "explores": state["explores"],
        "explorer": state["cur"] if phase == "explore" else None,
        "piles": [{"count": len(pile), "top": list(back(pile[-1])) if pile else None} for pile in state["piles"]],
        "shown": [list(t) for t in state["shown"]],
        "missions": [{"id": m, "down": d} for m, d in zip(state["missions"], state["down"], strict=True)],
        "agents": [a if (public_agents or p == player) else None for p, a in enumerate(state["agent"])],
        "direction": state["direction"],
    }
    if phase == "plan":
        v["display"] = _display(state)
        v["submitted"] = [d["sub"] for d in state["dec"]]
    if player is not None:
        v["dealt"] = list(state["dealt"][player])  # SPY-7.1: one's own dealt agents only
        if phase == "plan":
            v["pending"] = _pending(state, player)
    if state["ex"] is not None:
        # SPY-7.6/SPY-7.7: one's own exploration only, every exploration once all have ended
        v["ex"] = [_record(r) if (over or p == player) else None for p, r in enumerate(state["ex"])]
        if phase == "explore" and player == state["cur"]:
            v["options"] = _option_costs(exploration.options(state, player))
    if over:
        from .scoring import result
        res = result(state)
        v["result"] = {k: res[k] for k in ("scores", "breakdown", "winners", "tied", "titles", "records")}
    return v


def _option_costs(options: dict) -> dict:
    """SPY-8.15: each exploration action (`exploration.options`) with what it costs (a move) or gains (a drink,
    the Phoenix)."""
    return {a: o.get("cost", o.get("gain")) for a, o in options.items()}


_DISPLAYS: dict = {}
_DISPLAYS_KEPT = 4096  # displays remembered (a playout shows ~30; forgotten all at once beyond this)
_CARD_STAGES = frozenset(("first", "more", "line", "cell"))  # where the bot reads the display


def _shared_display(state: dict) -> list[dict]:
    """`_display(state)`, made once per display cards and index cards (the piles' top cards, `planning.index`) and
    shared by every `policy_view` that shows them (read-only)."""
    piles = state["piles"]
    key = (*state["shown"][-1], piles[0][-1], piles[1][-1], piles[2][-1])  # planning.display, the index cards
    display = _DISPLAYS.get(key)
    if display is None:
        if len(_DISPLAYS) >= _DISPLAYS_KEPT:
            _DISPLAYS.clear()
        display = _DISPLAYS[key] = _display(state)
    return display


def policy_view(state: dict, player: int, options: dict | None = None) -> dict:
    """The part of `view(state, player)` that the easy bot reads (`bots.heuristic` with ``exact=False``), for the
    search's playout policy (`ai.rollout`, on the search's own sample, a few hundred times a playout): the
    state's own sheets, pending decision and exploration record instead of copies; the display only where the
    bot takes or places a card; no pile, mission, agent, log or rooms count; and not the takeable slots or
    claimable missions, which the bot reads from its legal actions, nor the lines' costs, which it works out from
    the card's index (the legal actions being the lines it may take). Building the whole view would be much of a
    playout's time (docs/measurements.md). For a reader that reads and forgets at once; it holds nothing `view`
    would not show.
    `options`: the explorer's `exploration.options`, when the caller has them already."""
    phase = state["phase"]
    v = {"phase": phase, "lair": state["options"]["lair"]}
    if phase == "plan":
        dec = state["dec"][player]
        st = dec["st"]
        sheet = dec["sheet"]
        pending = {"stage": st, "taken": dec["taken"], "slot": dec["slot"], "sheet": sheet}
        if st in ("first", "more"):
            pending["bonus_cost"] = sh.bonus_cost(sheet)
        if st in _CARD_STAGES:
            v["display"] = _shared_display(state)
        if st == "gadget":
            pending["numbers"] = _gadget_choices(state, dec)
        v["pending"] = pending
    elif phase == "explore":
        v["sheets"] = state["sheets"]
        v["explores"] = state["explores"]
        v["ex"] = [r if p == player else None for p, r in enumerate(state["ex"])]
        if player == state["cur"]:
            v["options"] = _option_costs(exploration.options(state, player) if options is None else options)
    return v


def _record(rec: dict) -> dict:
    out = core.clone(rec)
    out["rooms"] = exploration.rooms(rec)
    return out


# --------------------------------------------------------------------------- labels and status


def cell_text(x: str) -> str:
    """A room named as the spec writes it: (row,column)."""
    return f"({x[0]},{x[1]})"


def _cost_key(base: str, cost: int, gain: int = 0) -> str:
    """The label variant that states what a choice costs and gains (SPY-8.7, SPY-8.10: costs shown first)."""
    if cost and gain:
        return base + "_both"
    if gain:
        return base + "_gain"
    return base + ("_cost" if cost else "_free")


def _take_label(g: dict, slot: int):
    """A display card with what taking it costs now: the bonus action (SPY-4.9), a training card's price
    (SPY-5.13), and what a secret gains (SPY-5.8, capped by SPY-5.23); shifts are priced at the next step."""
    card = g.get("display", [{}] * 3)[slot - 1]
    pending = g.get("pending") or {}
    cost = (pending.get("bonus_cost") or 0) if pending.get("taken") else 0
    gain = 0
    if card.get("kind") == "training":
        cost += card["index"][1]
    elif card.get("kind") == "fixture" and sh.group(card["sub"]) == "secret" and pending.get("sheet"):
        gain = sh.capped_gain(pending["sheet"], LAIRS[g["lair"]]["secrets"][card["sub"]][0])
    return _cost_key("spy.act.take", cost, gain), {"slot": slot, "card": "@" + card.get("key", "spy.card.wall"),
                                                   "cost": cost, "gain": gain}


def _move_label(g: dict, parts: list[str]):
    """SPY-8.15: a move with its full cost (step + content, after gadget and power) and what it uses."""
    cost = (g.get("options") or {}).get(":".join(parts)) or [0, 0, 0]
    gadget = next((int(x[1:]) for x in parts[2:] if x.startswith("g") and x[1:].isdigit()), None)
    power = "pw" in parts[2:]
    args = {"cell": cell_text(parts[1]), "m": cost[0], "s": cost[1], "c": cost[2]}
    if gadget is not None:
        args["gadget"] = f"@spy.gadget.{gadget}"
    key = "spy.act.move_c"
    if gadget is not None and power:
        key = "spy.act.move_gp"
    elif gadget is not None:
        key = "spy.act.move_g"
    elif power:
        key = "spy.act.move_p"
    return key, args


def action_label(view: dict, action: str):
    """A catalogue key and arguments for a button, with the cost or gain of the choice when it has one."""
    parts = action.split(":")
    head = parts[0]
    g = view.get("state", {})
    pending = g.get("pending") or {}
    if head == "take":
        return _take_label(g, int(parts[1]))
    if head == "keep":
        return "spy.act.keep", {"agent": f"@spy.agent.{parts[1]}"}
    if head == "pass":
        sheet = pending.get("sheet")
        gain = sh.capped_gain(sheet, SHEET["pass_cash"]) if sheet else SHEET["pass_cash"]
        return "spy.act.pass_n", {"gain": gain}
    if head == "line":
        n = int(parts[1])
        cost = dict((a, b) for a, b in pending.get("lines", [])).get(n, 0)
        colour = "R"
        if pending.get("slot") and g.get("display"):
            colour = g["display"][pending["slot"] - 1]["index"][0]
        base = "spy.act.row" if colour == "R" else "spy.act.col"
        return base + ("_cost" if cost else "_free"), {"n": n, "cost": cost}
    if head == "cell":
        return "spy.act.cell", {"cell": cell_text(parts[1])}
    if head == "wall":
        if parts[1] in BORDER_SET:  # SPY-2.11: a wall on the lair's outer edge
            return "spy.act.wall_border", {"cell": cell_text(inner_cell(parts[1])),
                                           "side": f"@spy.side.{border_side(parts[1])}"}
        a, b = parts[1].split("-")
        return "spy.act.wall2", {"a": cell_text(a), "b": cell_text(b)}
    if head == "gadget":
        n = int(parts[1])
        cost = dict((a, b) for a, b in pending.get("numbers", [])).get(n, 0)
        return "spy.act.gadget" + ("_cost" if cost else "_free"), {"n": n, "gadget": f"@spy.gadget.{n}",
                                                                   "cost": cost}
    if head == "claim":
        m = MISSIONS[parts[1]]
        if parts[2] == "cash":
            sheet = pending.get("sheet")
            amount = sh.capped_gain(sheet, m["cash"]) if sheet else m["cash"]
            return "spy.act.claim_cash", {"mission": f"@spy.mission.{parts[1]}", "n": amount}
        return "spy.act.claim_bonus", {"mission": f"@spy.mission.{parts[1]}", "n": m["bonus"]}
    if head == "move":
        return _move_label(g, parts)
    if head == "use":
        gain = (g.get("options") or {}).get(action) or [0, 0, 0]
        return "spy.act.use_gain", {"gadget": "@spy.gadget.4", "m": gain[0], "s": gain[1], "c": gain[2]}
    if head == "power":
        gain = (g.get("options") or {}).get(action) or [0, 0, 0]
        return "spy.act.power_gain", {"c": gain[2]}
    return f"spy.act.{head}", {}


def status(view: dict):
    """What the status line tells the viewer: who acts and what to do."""
    g = view["state"]
    me = view["viewer"]
    if view["over"]:
        if g["result"]["tied"]:  # SPY-6.11: a tie is not a shared win
            return "spy.status.tied", {"tied_player": list(g["result"]["tied"])}
        return "spy.status.over", {"winners_player": list(g["result"]["winners"])}
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
