"""Scenario builder shared by the SIK tests (conventions of SIK-9.0)."""

from __future__ import annotations

import importlib

import pygames.shadows_in_kyoto as g
from pygames import core

D = importlib.import_module("pygames.shadows_in_kyoto.data")
R = importlib.import_module("pygames.shadows_in_kyoto.rules")
B = importlib.import_module("pygames.shadows_in_kyoto.board")
O, G = 0, 1  # noqa: E741  (sides: Oniwaban, Government)
FILLERS = {O: ["a1", "b1", "d1", "e1", "c1", "c2"], G: ["e6", "d6", "b6", "a6", "c6", "c5"]}  # SIK-9.0


def build(agents=(), active=O, hands=None, o_fill=None, g_fill=None, prison=None, charisma=None, equipment=None,
          eq=None, bait=None, ruri=None, decks=None, discard=None, turn=None, start=True):
    """A play-phase state: `agents` like "O:2T@b3"; unlisted agents on the filler cells of SIK-9.0.

    charisma: {side: card}; eq: {side: {name: state}}; bait: {side: [[marks]]}; prison: {captor: [idents]}.
    """
    opts = {"charisma": "ruri" if charisma and "ruri" in charisma.values() else ("on" if charisma else "off"),
            "equipment": "on" if (equipment or eq) else "off", "oniwaban": 0}
    s = core.new_game(g, 2, 12345, opts)
    s["phase"] = "play"
    s["board"] = {}
    s["prison"] = [list((prison or {}).get(O, [])), list((prison or {}).get(G, []))]
    for spec in agents:
        who, rest = spec.split(":")
        ident, cell = rest.split("@")
        s["board"][cell] = [O if who == "O" else G, ident, 0]
    for side, fill in ((O, o_fill), (G, g_fill)):
        placed = {i for sd, i, _r in s["board"].values() if sd == side} | set(s["prison"][1 - side])
        left = [i for i in D.IDENTITY_ORDER if i not in placed]
        cells = [c for c in (fill if fill is not None else FILLERS[side]) if c not in s["board"]]
        for cell, ident in zip(cells, left, strict=False):
            s["board"][cell] = [side, ident, 0]
    s["cha"] = [None, None]
    for side, card in (charisma or {}).items():
        s["cha"][side] = card
    s["ruri"] = ruri
    if opts["equipment"] == "on":
        s["eq"] = [{e: "down" for e in D.equipment_of(sd)} for sd in (O, G)]
        for side, states in (eq or {}).items():
            s["eq"][side].update(states)
    s["hand"] = [sorted((hands or {}).get(sd, ["joker"]), key=D.card_order) for sd in (O, G)]
    s["disc"] = [list((discard or {}).get(sd, [])) for sd in (O, G)]
    s["bait"] = [[list(m) for m in (bait or {}).get(sd, [])] for sd in (O, G)]
    s["deck"] = [consistent_deck(s, sd) for sd in (O, G)]  # the rest of the 33 cards, so cards are conserved
    for side, dk in (decks or {}).items():
        s["deck"][side] = dk
    s["kh"] = [[], []]
    s["active"] = active
    s["turn"] = turn if turn is not None else (1 if active == O else 2)
    s["stack"] = [{"f": "turn", "st": "B"}]
    s["ask"] = None
    s["win"] = None
    if start:
        R.advance(s)
    return s


def consistent_deck(s, side):
    rest = [c for c, n in {**D.SITE_DECK, **D.TACTIC_DECK}.items() for _ in range(n)]
    used = s["hand"][side] + s["disc"][side] + [c for m in s["bait"][side] for c in m] + ["bait"] * len(s["bait"][side])
    if s["cha"][side] == "ruri" and s["ruri"]:
        used.append(s["ruri"])
    for c in used:
        if c in rest:
            rest.remove(c)
    return {"site": [c for c in rest if D.is_site(c)], "tactic": [c for c in rest if not D.is_site(c)]}


def act(s, *actions):
    """Apply checked actions, each by the seat that must answer (oniwaban option 0: seat = side)."""
    for a in actions:
        s = core.apply(g, s, g.to_move(s)[0], a)
    return s


def legal(s):
    return g.legal_actions(s, g.to_move(s)[0])


def at(s, cell):
    return s["board"].get(cell)


def dests(s, card, cell):
    """Legal destinations of the agent on `cell` with `card` for the active side."""
    return sorted(B.destinations(s, s["active"], cell, card))
