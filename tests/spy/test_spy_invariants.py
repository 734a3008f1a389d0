"""Spyworld's own invariants over 500 seeded games (random and heuristic bots, every lair, player counts 2-12,
dealt and free agents, border walls, every gadget face): checked after every action and at each new turn or phase,
views unchanged when hidden information changes, and the score recomputed at the end. The engine contract every
game keeps (JSON views, round trip, replay, undo) is tests/test_game_contract.py's.

Rules exercised throughout: SPY-4.12 (budget never negative), SPY-5.23 (gain cap), SPY-2.19/SPY-5.14 (tracks
0..20), SPY-4.10 (at most 5 bonus boxes), SPY-5.5 (start cell empty), SPY-5.4 (no Shark pool/Robot in the hall),
SPY-5.7 (fixtures and walls never erased), SPY-4.30 (tracks never below 0), SPY-6.10 (final score).
"""

from __future__ import annotations

from helpers.playouts import playout

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import exploration, planning
from pygames.spyworld.data import (
    AGENTS,
    BORDER_SET,
    CARDS,
    DRAWABLE_SET,
    HALL,
    INDEX,
    LAIRS,
    NEIGHBOURS,
    SHEET,
    START,
    segment,
)

GAMES = 500  # a Spyworld game costs ~5 of the other games' (up to 12 players): 500 keep the suite short
H = spy.bots()["heuristic"]


# --------------------------------------------------------------------------- invariants


def inv_cards_conserved(state):
    """Components conserved: the 108 cards are in the piles or have been shown, each exactly once."""
    shown = [c for t in state["shown"] for c in t]
    cards = shown + [c for pile in state["piles"] for c in pile]
    assert len(cards) == 108
    if state["history"] and state["history"][-1][1] == "submit":
        assert sorted(cards) == sorted(CARDS)


def inv_sheet(sheet):
    """SPY-4.12, SPY-5.23, SPY-2.19, SPY-4.10, SPY-5.5, SPY-5.4, SPY-2.12 on one sheet."""
    assert sheet["budget"] >= 0
    assert 0 <= sheet["gained"] <= SHEET["gain_cap"]
    assert all(0 <= t <= SHEET["track_cap"] for t in sheet["tracks"])
    assert 0 <= sheet["boxes"] <= len(SHEET["bonus_costs"])
    assert sheet["grid"][INDEX[START]] == ""
    assert all(sheet["grid"][INDEX[x]] not in SHEET["no_hall"] for x in HALL)
    assert len(set(sheet["walls"])) == len(sheet["walls"]) and set(sheet["walls"]) <= DRAWABLE_SET
    assert len(set(sheet["gadgets"])) == len(sheet["gadgets"])


def inv_resources(state):
    for sheet in state["sheets"]:
        inv_sheet(sheet)
    for dec in state["dec"] or ():
        inv_sheet(dec["sheet"])
    for rec in state["ex"] or ():
        assert all(0 <= t <= SHEET["track_cap"] for t in rec["tr"])  # SPY-4.30


def inv_monotone(before, after):
    """SPY-5.7: fixtures and walls are never moved or erased (public sheets, across a resolution)."""
    for a, b in zip(before, after, strict=True):
        assert all(x == "" or x == y for x, y in zip(a["grid"], b["grid"], strict=True))
        assert set(a["walls"]) <= set(b["walls"])


def scramble(state, viewer, rng):
    """A copy with everything hidden from `viewer` changed (SPY-7.1/SPY-7.7): cards below the pile tops,
    other seats' agents before the reveal, other seats' pending decisions, other explorations before the end."""
    s = core.clone(state)
    below = [c for pile in s["piles"] for c in pile[:-1]]
    rng.shuffle(below)
    for pile in s["piles"]:
        k = len(pile) - 1
        pile[:-1] = below[:k]
        below = below[k:]
    if s["phase"] in ("keep", "plan") and len(s["dealt"][0]) == len(AGENTS):  # SPY-3.11: any other pick
        for p in range(s["players"]):
            if p != viewer and s["agent"][p] is not None:
                s["agent"][p] = rng.choice(sorted(AGENTS))
    elif s["phase"] in ("keep", "plan"):
        used = {a for d in s["dealt"] for a in d}
        spare = [a for a in sorted(AGENTS) if a not in used]
        for p in range(s["players"]):
            if p != viewer and spare:
                a = spare.pop()
                s["dealt"][p][0] = a
                if s["agent"][p] is not None:
                    s["agent"][p] = a
    if s["phase"] == "plan":
        for p in range(s["players"]):
            if p != viewer:
                sub = s["dec"][p]["sub"]
                s["dec"][p] = planning.new_decision(s, p)
                s["dec"][p]["sub"] = sub
    if s["phase"] == "explore":
        for p in range(s["players"]):
            if p != viewer:
                done = s["ex"][p]["done"]
                s["ex"][p] = exploration.new_record(s, p)
                s["ex"][p]["done"] = done
    return s


def inv_no_leak(state, rng):
    """Views are unchanged when hidden information changes (SPY-7.1, SPY-7.7)."""
    for viewer in [None, *range(state["players"])]:
        v = spy.view(state, viewer)
        assert spy.view(scramble(state, viewer, rng), viewer) == v


# --------------------------------------------------------------------------- end of game: recomputation


def reach(walls):
    seen, todo = {START}, [START]
    while todo:
        a = todo.pop()
        for b, _ in NEIGHBOURS[a]:
            if b not in seen and segment(a, b) not in walls:
                seen.add(b)
                todo.append(b)
    return seen


def expected_scores(state):
    """SPY-6.1 to SPY-6.10 recomputed from the raw records, independently of pygames.spyworld.scoring."""
    n = state["players"]
    lair = LAIRS[state["options"]["lair"]]
    guest = {owner: e for e, owner in enumerate(state["explores"])}
    kept, traps, rooms, brutal, stolen = [], [], [], [], []
    for p in range(n):
        g = state["ex"][guest[p]]
        cells = reach(set(state["sheets"][p]["walls"]) - set(g["open"]))
        kept.append(sum(lair["secrets"][f][1] for x, f in zip(INDEX, state["sheets"][p]["grid"], strict=True)
                        if f.startswith("secret") and x in cells and x not in g["cells"]))
        traps.append(g["trig"])
        mine = state["ex"][p]
        rooms.append(bin(mine["vis"]).count("1"))
        brutal.append(mine["neut"] + (1 if state["agent"][p] == "gladiator" and mine["neut"] else 0))
        grid = state["sheets"][state["explores"][p]]["grid"]
        base = sum(lair["secrets"][grid[INDEX[x]]][1] for x in mine["cells"])
        assert mine["stolen"] == base + (5 if state["agent"][p] == "magpie" and mine["cells"] else 0)
        stolen.append(mine["stolen"])
    gadgets = [sum(2 if g == 5 else 1 for g in s["gadgets"]) for s in state["sheets"]]

    def award(metric, value):
        return [0] * n if len(set(metric)) == 1 else [value if m == max(metric) else 0 for m in metric]
    parts = [kept, stolen, [s["budget"] for s in state["sheets"]], award(traps, 10), award(gadgets, -20),
             award(rooms, 5), award(brutal, 20), [s["bonus"] for s in state["sheets"]]]
    return [sum(part[p] for part in parts) for p in range(n)]


# --------------------------------------------------------------------------- the run


def game_config(i, rng):
    # SPY-1/SPY-3.8: every 25th game has 6 to 12 players (10-12 pick their agents freely)
    players = (2, 2, 2, 3, 3, 3, 4, 4, 5, 9)[i % 10] if i % 25 else (6, 7, 8, 10, 11, 12)[(i // 25) % 6]
    options = {"lair": 1 + i % 4, "explore_undo": i % 7 == 0, "agents": "free" if i % 6 == 1 else "dealt"}  # SPY-3.11
    for n in range(1, 6):
        options[f"g{n}"] = "expert" if rng.below(2) else "normal"
    options[f"beginner{1 + i % players}"] = i % 3 == 0
    bots = [H if rng.below(5) < 2 else None for _ in range(players)]  # None: random
    return players, options, bots


def inv_step(state, p):
    """Cheap checks after each action: card count, the acting seat's draft or exploration."""
    assert sum(len(pile) for pile in state["piles"]) + 3 * len(state["shown"]) == 108
    if state["phase"] == "plan":
        inv_sheet(state["dec"][p]["sheet"])
    elif state["phase"] == "explore":
        assert all(0 <= t <= SHEET["track_cap"] for t in state["ex"][state["cur"]]["tr"])  # SPY-4.30


def chooser(bot):
    """The heuristic plans; explorations are random here (its exact route optimiser is costly, and is checked
    against brute force in test_spy_routes.py)."""
    def choose(state, seat, legal, rng):
        if bot is H and state["phase"] == "plan":
            return H(core.view(spy, state, seat), legal, rng)
        return rng.choice(legal)
    return choose


def play_one(i, rng, deep):
    players, options, bots = game_config(i, rng)
    mark = None
    sheets_before = None
    for step in playout(spy, players, 1000 + i, options, rng=rng, choosers=[chooser(b) for b in bots]):
        state = step.state
        if step.seat is not None:
            inv_step(state, step.seat)
        if (state["phase"], state["turn"]) != mark:  # a new turn or phase: full checks
            mark = (state["phase"], state["turn"])
            inv_cards_conserved(state)
            inv_resources(state)
            inv_monotone(sheets_before or state["sheets"], state["sheets"])
            sheets_before = core.clone(state["sheets"])
        if deep and len(state["history"]) % 40 == 0:
            inv_no_leak(state, rng)
    res = core.result(spy, state)
    assert res["scores"] == expected_scores(state)
    top = [p for p, s in enumerate(res["scores"]) if s == max(res["scores"])]
    assert (res["winners"], res["tied"]) == ((top, []) if len(top) == 1 else ([], top))  # SPY-6.11
    if deep:
        inv_no_leak(state, rng)
    return state, len(state["history"])


def test_spy_random_games_keep_the_invariants():
    """500 seeded games over every lair, seat count, agent deal and gadget face."""
    rng = core.Rng(2024)
    total = 0
    seen = {"border": 0, "free": 0, "twelve": 0, "tie": 0}
    for i in range(GAMES):
        state, steps = play_one(i, rng, deep=i % 20 == 0)
        total += steps
        seen["border"] += sum(1 for sheet in state["sheets"] for w in sheet["walls"] if w in BORDER_SET)  # SPY-2.11
        seen["free"] += state["dealt"][0] == sorted(AGENTS)  # SPY-3.11
        seen["twelve"] += state["players"] >= 10
        seen["tie"] += bool(core.result(spy, state)["tied"])
    assert total > GAMES * 50
    assert seen["border"] > 500 and seen["free"] > 75 and seen["twelve"] >= 8, seen
