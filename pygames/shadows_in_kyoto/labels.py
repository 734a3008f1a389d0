"""Words for the UI: refusal reasons (why_illegal), button labels (action_label) and the status line."""

from __future__ import annotations

from . import actions as A
from . import board as B
from . import data as D
from . import rules as R
from .seats import side_of

CARD_VERBS = {"play", "fancard", "mark", "take", "ruri", "ayane"}


def _card_arg(card: str) -> str:
    return "@sik.card." + card


def action_label(view: dict, action: str):
    """A catalogue key `sik.act.<verb>` (or `sik.act.<verb>.<choice>` for fixed choices) and its arguments."""
    verb, _, arg = action.partition(":")
    if verb in ("agent", "dest", "push", "pushto", "ex1", "ex2", "baitto", "target"):
        return "sik.act." + verb, {"cell": arg}
    if verb in ("play", "fancard", "take", "ruri"):
        return "sik.act." + verb, {"card": _card_arg(arg)}
    if verb == "mark":
        return ("sik.act.mark.none", {}) if arg == "none" else ("sik.act.mark", {"card": _card_arg(arg)})
    if action == "place:random":
        return "sik.act.place.random", {}
    if verb in ("place", "guess"):
        return "sik.act." + verb, {"identity": arg}
    if verb == "charisma":
        return "sik.act.charisma", {"card": "@sik.cha." + arg}
    if verb in ("equip", "flip"):
        if arg == "none":
            return "sik.act." + verb + ".none", {}
        return "sik.act." + verb, {"card": "@sik.eq." + arg}
    if verb == "bait":
        if arg == "no":
            return "sik.act.bait.no", {}
        return "sik.act.bait", {"card": _card_arg(arg.partition(":")[2]), "bait": int(arg.partition(":")[0]) + 1}
    if verb == "draw":
        return "sik.act.draw", {"deck": "@sik.kind." + arg}
    if verb == "keep":
        pending = view["state"]["tomoyo"]
        card = pending[int(arg)][1] if int(arg) < len(pending) and pending[int(arg)][1] else None
        return "sik.act.keep", {"card": _card_arg(card) if card else "@sik.hidden"}
    return "sik.act." + verb + "." + arg, {}


def status(view: dict):
    """The status line: who must act and what the decision is (SIK-8), or the result."""
    g = view["state"]
    if g["win"] is not None:
        return "sik.status.over", {"player": g["seats"][g["win"][0]], "reason": "@sik.reason." + g["win"][1]}
    ask = g["ask"]
    if ask is None:
        return "sik.status.wait", {}
    return "sik.status." + ask["k"], {"player": g["seats"][ask["side"]]}


def why_illegal(state: dict, player: int, action: str):
    """A precise catalogue reason for common mistakes, or None (the core then gives a generic refusal)."""
    ask = state["ask"]
    if ask is None or state["win"] is not None:
        return "sik.err.not_now", {}
    side = side_of(state, player)
    verb, _, arg = action.partition(":")
    expected = {o.partition(":")[0] for o in A.options(state)}
    if verb not in expected:
        return "sik.err.not_now", {}
    hand = state["hand"][side]
    if verb in ("play", "fancard"):
        if arg not in hand:
            return "sik.err.not_in_hand", {"card": _card_arg(arg)}
        if R.medicine_target(state) is not None and side == D.G and verb == "play":
            return "sik.err.medicine", {"cell": R.medicine_target(state)}
        return "sik.err.unplayable", {"card": _card_arg(arg)}
    if verb == "mark":
        if arg == D.JOKER:
            return "sik.err.mark_joker", {}
        return "sik.err.not_in_hand", {"card": _card_arg(arg)}
    if verb in ("agent", "ex1", "ex2"):
        if arg not in D.CELLS:
            return "sik.err.no_cell", {"cell": arg}
        if B.owner_at(state, arg) != side:
            return "sik.err.not_your_agent", {"cell": arg}
        if B.is_stunned(state, arg):
            return "sik.err.stunned", {"cell": arg}
        if verb == "agent" and R.medicine_target(state) not in (None, arg) and side == D.G:
            return "sik.err.medicine", {"cell": R.medicine_target(state)}
        return ("sik.err.no_move", {"cell": arg}) if verb == "agent" else ("sik.err.not_aligned", {"cell": arg})
    if verb == "dest":
        return _dest_reason(state, side, ask, arg)
    if verb in ("draw",) and arg in ("site", "tactic"):
        return "sik.err.empty_deck", {"deck": "@sik.kind." + arg}
    if verb == "equip":
        return "sik.err.equip_unavailable", {"card": "@sik.eq." + arg if arg in D.EQUIPMENT else arg}
    if verb in ("pushto", "baitto"):
        return "sik.err.push_cell", {"cell": arg}
    return None


def _dest_reason(state: dict, side: int, ask: dict, cell: str):
    if cell not in D.CELLS:
        return "sik.err.no_cell", {"cell": cell}
    if B.owner_at(state, cell) == side:
        return "sik.err.own_agent", {"cell": cell}  # SIK-4.16
    hq = D.hq_owner(cell)
    if hq is not None and hq != side and not B.has_charisma(state, side, "chiharu"):
        return "sik.err.enemy_hq", {"cell": cell}  # SIK-4.18
    if B.entry_banned(state, side, cell):
        return "sik.err.banned", {"cell": cell}  # SIK-5.45 / 5.50
    card = ask["card"]
    if D.is_site(card) and not B.accepts(cell, card):
        return "sik.err.wrong_site", {"cell": cell, "card": _card_arg(card)}  # SIK-4.19
    return "sik.err.bad_direction", {"cell": cell, "card": _card_arg(card)}
