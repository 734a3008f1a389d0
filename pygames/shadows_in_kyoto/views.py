"""What each seat may see (section 7, SIK-7.1 - 7.16). Enemy agents appear by cell only, with no token ID, so
an Exchange is indistinguishable from a non-swap (SIK-7.3). A spectator (player None) sees public facts only."""

from __future__ import annotations

from pygames import core

from . import board as B
from . import data as D
from .data import G, O
from .rules import cards_to_draw
from .seats import seat, side_of
from .setup import next_start_cell


def _target(state: dict, side: int, effect) -> list | None:
    """A Stun / Medicine target as [cell, identity or None, turn]; the identity only when it is public or
    the viewer's own (a target in prison is public, SIK-7.4)."""
    if not effect:
        return None
    cell = B.cell_of(state, side, effect[0])
    return [cell, effect[0] if cell is None else None, effect[1]]


def public_hand(state: dict, side: int) -> dict:
    """SIK-7.7: hand size and its Site / Tactic split are public."""
    hand = state["hand"][side]
    sites = sum(D.is_site(c) for c in hand)
    return {"site": sites, "tactic": len(hand) - sites}


def view(state: dict, player: int | None) -> dict:
    me = None if player is None else side_of(state, player)
    over = state["win"] is not None

    def sees(side: int) -> bool:  # SIK-7.1 own facts; SIK-6.12 everything once the game is over
        return over or side == me

    board = []
    for cell in D.ALL_CELLS:
        occ = state["board"].get(cell)
        if occ is not None:
            side, ident, rev = occ
            board.append([cell, side, ident if (rev or sees(side)) else None, rev])  # SIK-7.2 / 7.3 / 7.4
    out = {
        "seats": [seat(state, O), seat(state, G)],
        "me": me,
        "phase": state["phase"],
        "turn": state["turn"],
        "active": state["active"],
        "board": board,
        "prison": [list(p) for p in state["prison"]],
        "hand_count": [public_hand(state, s) for s in (O, G)],
        "hand": [list(state["hand"][s]) if sees(s) else None for s in (O, G)],
        "deck": [{k: len(state["deck"][s][k]) for k in ("site", "tactic")} for s in (O, G)],
        "bottom": [dict(state["bottom"][s]) for s in (O, G)],  # SIK-7.10: how many Tomoyo returns
        "bottom_cards": [{k: state["deck"][s][k][:state["bottom"][s][k]] for k in ("site", "tactic")}
                         if sees(s) else None for s in (O, G)],  # SIK-5.34: the owner remembers them
        "discard": [list(state["disc"][s]) if sees(s) else None for s in (O, G)],  # SIK-4.14
        "discard_size": [len(state["disc"][s]) for s in (O, G)],  # SIK-7.9
        "discard_top": [state["disc"][s][-1] if state["disc"][s] else None for s in (O, G)],
        "bait": [[list(m) for m in state["bait"][s]] if sees(s) else None for s in (O, G)],  # SIK-7.11
        "bait_marks": [[len(m) for m in state["bait"][s]] for s in (O, G)],
        "charisma": [state["cha"][s] for s in (O, G)],  # SIK-3.9 / 7.12: picks are public
        "charisma_picked": [state["cha"][s] is not None for s in (O, G)],
        "ruri_passed": state["ruri_passed"],
        "ruri": state["ruri"],
        "equipment": [dict(e) for e in state["eq"]] if state["eq"] is not None else None,  # SIK-5.58
        "stun": _target(state, O, state["stun"]),
        "medicine": _target(state, G, state["med"]),
        "medicine_now": _target(state, G, [state["med_force"], state["turn"]] if state["med_force"] else None),
        "tomoyo": [list(p) if sees(state["active"]) else [p[0], None] for p in state["tomoyo"]],  # SIK-7.10
        "known_hand": [list(state["kh"][s]) for s in (O, G)] if me is not None else None,  # SIK-7.8 / 7.14
        "stack": core.clone(state["stack"]),
        "ask": core.clone(state["ask"]),
        "win": list(state["win"]) if over else None,
        "escape_cells": [D.territory(G), D.territory(O)],
        "to_draw": [cards_to_draw(state, s) for s in (O, G)],  # SIK-4.9, from the public hand sizes (SIK-7.7)
        # SIK-8.3: the start cell the agent being placed goes to (the placement order and the board are public)
        "next_start": next_start_cell(state, state["ask"]["side"]) if (state["ask"] or {}).get("k") == "place"
        else None,
    }
    return out
