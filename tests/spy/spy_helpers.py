"""Shared helpers for the Spyworld tests: scenario states built directly, and independent recomputations."""

from __future__ import annotations

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import exploration
from pygames.spyworld.data import CARDS, INDEX, back


def new(players: int = 2, seed: int = 1, **options) -> dict:
    """A game in planning turn 1 (agents kept automatically if a choice is needed)."""
    state = core.new_game(spy, players, seed, options)
    while state["phase"] == "keep":
        p = spy.to_move(state)[0]
        state = core.apply(spy, state, p, spy.legal_actions(state, p)[0])
    return state


def find_card(state: dict, pred, exclude=()) -> tuple[int, int]:
    """(pile, position) of a card in the piles matching pred(card)."""
    for i, pile in enumerate(state["piles"]):
        for j, c in enumerate(pile):
            if c not in exclude and pred(CARDS[c]):
                return i, j
    raise LookupError("no such card in the piles")


def arrange(state: dict, slot: int, face, index: str) -> int:
    """Make display `slot` show a card whose face matches `face` (dict of card fields) and whose pile top has
    back `index` (e.g. "R2"), swapping cards so the 108 cards stay conserved. Returns the display card id."""
    def match(card):
        return all(card.get(k) == v for k, v in face.items())
    display = state["shown"][-1]
    if not match(CARDS[display[slot - 1]]):
        i, j = find_card(state, match)
        state["piles"][i][j], display[slot - 1] = display[slot - 1], state["piles"][i][j]
    pile = state["piles"][slot - 1]
    if CARDS[pile[-1]]["back"] != index:
        i, j = find_card(state, lambda c: c["back"] == index, exclude=[pile[-1]])
        state["piles"][i][j], pile[-1] = pile[-1], state["piles"][i][j]
    assert back(pile[-1]) == (index[0], int(index[1:]))
    return display[slot - 1]


def play(state: dict, player: int, *actions: str) -> dict:
    """Apply checked actions in order (each must be legal)."""
    for action in actions:
        state = core.apply(spy, state, player, action)
    return state


def put(sheet: dict, **cells) -> None:
    """put(sheet, c43="guard") places fixtures by cell name."""
    for name, fixture in cells.items():
        sheet["grid"][INDEX[name[1:]]] = fixture


def explore_state(lair: int = 2, tracks=(5, 5, 5), agent: str = "viper", gadgets=(), walls=(), options=None,
                  **cells) -> dict:
    """Two players at the start of exploration: seat 0 (agent, tracks, gadgets) explores seat 1's lair."""
    opts = {"lair": lair, **(options or {})}
    state = new(2, 1, **opts)
    state["dec"] = None
    state["phase"] = "explore"
    state["explores"] = [1, 0]
    state["direction"] = "swap"
    state["agent"] = [agent, "gladiator" if agent != "gladiator" else "viper"]
    state["sheets"][0]["tracks"] = list(tracks)
    state["sheets"][0]["gadgets"] = sorted(gadgets)
    state["sheets"][1]["walls"] = sorted(walls)
    put(state["sheets"][1], **cells)
    state["ex"] = [exploration.new_record(state, p) for p in range(2)]
    state["cur"] = 0
    return state


def ex(state: dict, p: int = 0) -> dict:
    return state["ex"][p]
