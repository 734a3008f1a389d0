"""Cells, agents and where they may go: entry legality (SIK-4.15 - 4.25) and the movement patterns of
Site cards and Tactic cards (SIK-5.3 - 5.14), with the Charisma and Stun Gun bans applied (SIK-4.22).

The board is ``state["board"] = {cell: [side, identity, revealed]}``; prisons are off-grid lists.
"""

from __future__ import annotations

from . import data as D
from .data import G, O


def enemy(side: int) -> int:
    return 1 - side


def has_charisma(state: dict, side: int, name: str) -> bool:
    return state["cha"][side] == name


_CELL_ORDER = {cell: i for i, cell in enumerate(D.ALL_CELLS)}


def agents_of(state: dict, side: int) -> list[str]:
    """The cells of `side`'s agents on the grid, in a stable order (the grid's; the search calls this a lot,
    so it walks the few agents rather than every cell)."""
    return sorted((c for c, occ in state["board"].items() if occ[0] == side), key=_CELL_ORDER.__getitem__)


def cell_of(state: dict, side: int, ident: str) -> str | None:
    """Where `side`'s agent with this identity stands (None when in prison or not placed)."""
    for cell, (s, i, _r) in state["board"].items():
        if s == side and i == ident:
            return cell
    return None


def owner_at(state: dict, cell: str) -> int | None:
    occ = state["board"].get(cell)
    return None if occ is None else occ[0]


def is_stunned(state: dict, cell: str) -> bool:
    """SIK-5.70: the Stun Gun target may not be moved by its owner during the stunned turn."""
    stun = state["stun"]
    occ = state["board"].get(cell)
    return bool(stun and stun[1] == state["turn"] and occ and occ[0] == O and occ[1] == stun[0])


def entry_banned(state: dict, side: int, cell: str) -> bool:
    """SIK-4.22: the entry bans of an own move of `side` into `cell`, tested before anything happens.

    Enemy HQ (SIK-4.18, Chiharu exception SIK-5.44), Chiharu's neutral-cell ban (SIK-5.45) and Ruri's ban
    (SIK-5.50). A banned move is never offered, so it never triggers a conflict or a Bait.
    """
    foe = enemy(side)
    cha = state["cha"]  # has_charisma, read once: this test runs for every candidate move of a search
    hq = D.hq_owner(cell)
    if hq is not None and hq != side and cha[side] != "chiharu":
        return True
    if cha[foe] == "chiharu" and cell in D.neutral_in_territory(foe):
        return True
    if cha[foe] == "ruri" and owner_at(state, cell) == foe and D.cell_type(cell) == state["ruri"]:
        return True
    return False


def accepts(cell: str, card: str) -> bool:
    """SIK-2.12 / 4.19: does `cell` accept this Site card? Coloured cells want their type or a Joker;
    neutral cells and HQ cells (own HQ, or the enemy HQ with Chiharu) take any Site card."""
    kind = D.cell_type(cell)
    if kind in D.SITE_TYPES:
        return card == kind or card == D.JOKER
    return True


def _one_step(state: dict, side: int, cell: str, group: str, card: str | None) -> list[str]:
    """Destinations of a one-cell own move (Site card, Defend, Charge first part), Yoko jumps included.

    SIK-4.16: never onto an own agent; SIK-5.37 - 5.41: Yoko may jump one own agent instead, the landing cell
    obeying every entry rule and, for a Site card, accepting the card (SIK-5.38).
    """
    board = state["board"]
    yoko = has_charisma(state, side, "yoko")
    out = []
    for vec in D.group(side, group):
        target = D.step(cell, vec)
        if target is None:  # SIK-4.21
            continue
        occ = board.get(target)
        if occ is not None and occ[0] == side:
            if not yoko:
                continue
            target = D.step(target, vec)
            if target is None or owner_at(state, target) == side:  # SIK-5.39: only one agent is jumped
                continue
        if entry_banned(state, side, target):
            continue
        if card is not None and not accepts(target, card):
            continue
        out.append(target)
    return out


def site_destinations(state: dict, side: int, cell: str, card: str) -> list[str]:
    """SIK-4.23 - 4.25: one cell in a FWD3 direction onto a cell that accepts the card."""
    return _one_step(state, side, cell, "FWD3", card)


def defend_destinations(state: dict, side: int, cell: str) -> list[str]:
    """SIK-5.3 / 5.4: one cell left, right, back or back-diagonal; colour ignored (SIK-4.20)."""
    return _one_step(state, side, cell, "DEF5", None)


def charge_destinations(state: dict, side: int, cell: str) -> list[str]:
    """SIK-5.9: first part of Charge, one cell in a FWD3 direction; colour ignored."""
    return _one_step(state, side, cell, "FWD3", None)


def tunnel_destinations(state: dict, side: int, cell: str) -> list[str]:
    """SIK-5.6 - 5.8: any distance along the row, never over an agent; an enemy ends the path (conflict).
    Empty banned cells (an enemy HQ) may be passed but not entered. No Yoko jump (SIK-5.41)."""
    out = []
    for vec in D.group(side, "ROW"):
        target = D.step(cell, vec)
        while target is not None:
            occ = state["board"].get(target)
            if occ is not None:
                if occ[0] != side and not entry_banned(state, side, target):
                    out.append(target)
                break
            if not entry_banned(state, side, target):
                out.append(target)
            target = D.step(target, vec)
    return out


MOVING_TACTICS = ("defend", "tunnel", "charge")


def destinations(state: dict, side: int, cell: str, card: str) -> list[str]:
    """Every legal own-move destination of the agent on `cell` with `card` (empty if stunned, SIK-5.70)."""
    if is_stunned(state, cell):
        return []
    if D.is_site(card):
        return site_destinations(state, side, cell, card)
    if card == "defend":
        return defend_destinations(state, side, cell)
    if card == "tunnel":
        return tunnel_destinations(state, side, cell)
    if card == "charge":
        return charge_destinations(state, side, cell)
    return []


def moves_an_agent(card: str) -> bool:
    """Cards whose effect is an own move of one agent (Site cards, Defend, Tunnel, Charge)."""
    return D.is_site(card) or card in MOVING_TACTICS


def exchange_partners(state: dict, side: int, cell: str) -> list[str]:
    """SIK-5.14: own agents sharing a row or column with `cell`, at any distance; stunned ones excluded."""
    if is_stunned(state, cell):
        return []
    return [c for c in agents_of(state, side)
            if c != cell and (c[0] == cell[0] or c[1:] == cell[1:]) and not is_stunned(state, c)]


def charge_push_destinations(state: dict, pusher: int, cell: str) -> list[str]:
    """SIK-5.10 / 5.11: one cell in the pushed agent's own BACK3; on the grid, empty, not the pusher's HQ."""
    pushed = enemy(pusher)
    out = []
    for vec in D.group(pushed, "BACK3"):
        target = D.step(cell, vec)
        if target is not None and target not in state["board"] and D.hq_owner(target) != pusher:
            out.append(target)
    return out


def bait_push_destinations(state: dict, owner: int, cell: str) -> list[str]:
    """SIK-5.23 - 5.25: 1 or 2 steps in the pushed agent's BACK3; passed cells are free (SIK-5.24); the final
    cell is on the grid, empty and not one of the Bait owner's HQ cells."""
    pushed = enemy(owner)
    finals = set()
    for vec in D.group(pushed, "BACK3"):
        first = D.step(cell, vec)
        if first is None:
            continue
        finals.add(first)
        for vec2 in D.group(pushed, "BACK3"):
            second = D.step(first, vec2)
            if second is not None:
                finals.add(second)
    ok = [c for c in finals if c not in state["board"] and D.hq_owner(c) != owner]
    return [c for c in D.ALL_CELLS if c in ok]


def true_agent_escaped(state: dict, side: int) -> bool:
    """SIK-6.4: a true agent of `side` stands on a cell of the opponent's territory."""
    return any(D.is_true(state["board"][c][1]) for c in agents_of(state, side)
               if D.territory_owner(c) == enemy(side))


__all__ = ["G", "O"]
