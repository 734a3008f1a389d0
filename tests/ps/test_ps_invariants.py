"""Passages Secrets' own invariants, after every action of seeded random games (random and heuristic bots):
components, markers, statues, cards, turn order, the exact legal lists, hidden token ids, and both scorings
recomputed from the spec's formulas (PS-4, PS-6, PS-7). The engine contract every game keeps (views JSON and
without the generator, JSON round trip, replay, undo) is tests/test_game_contract.py's.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers.playouts import bot_choice, playout, random_choice

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets.data import (
    ACHIEVEMENTS,
    LOOT_COLOURS,
    PATHS,
    STATUES,
    TOKENS,
    TYPE_LOOT,
    TYPES,
    Z,
    path_types,
)
from pygames.passages_secrets.tunnels import longest_trail

GAMES = 400  # every invariant after every action of ~11,600 actions; both mid-game triggers and D3 are met
TOKEN_ID = re.compile(r'"[LS]\d\d"')


# --------------------------------------------------------------------------- independent score recomputation


def _counts(state, seat):
    faces = [state["up"][t] for t in state["held"][seat]]
    return {c: faces.count(c) for c in LOOT_COLOURS}, sum(1 for t in state["held"][seat] if t.startswith("S"))


def recompute(state, seat, final):
    """PS-6.9 - 6.18 written again from the spec's formulas, as a cross-check of scoring.py."""
    sign = 1 if seat == state["first"] else -1
    pos = {d: sign * state["m"][d] for d in TYPES}
    ctrl = [d for d in TYPES if pos[d] >= 1]
    n, sh = _counts(state, seat)
    length = longest_trail(sum(1 << i for i, o in enumerate(state["own"]) if o == seat))
    s_count = sum(1 for o in state["statues"].values() if o == seat)
    held_cards = [c for c, o in state["cards"] if o == seat]
    rewards = {"BANK": 5 + n["YEL"], "POL": n["BLU"] + 2 * len(ctrl),
               "MER": n["PUR"] + len(held_cards) + s_count + pos["MER"], "RES": n["BRN"] + max(0, length - 2),
               "NOB": -sh + 3 * sum(v // 2 for v in n.values())}
    return [2 * length, s_count, sum(v * (v + 1) // 2 for v in n.values()), sum(rewards[d] for d in ctrl),
            sum(ACHIEVEMENTS[c]["wealth"] for c in held_cards) if final else 0]


# --------------------------------------------------------------------------- invariants


def check_invariants(state, prev):
    """Named invariants, checked after every action."""
    own, tok = state["own"], state["tok"]
    placed = [sum(1 for o in own if o == s) for s in (0, 1)]
    # components conserved (PS-2.12, PS-4.6): every token exactly once, on an empty path or held
    board = [t for t in tok if t is not None]
    assert sorted(board + state["held"][0] + state["held"][1]) == sorted(TOKENS), "tokens conserved"
    assert all((t is None) == (o is not None) for t, o in zip(tok, own, strict=True)), "token iff no passage"
    assert [len(h) for h in state["held"]] == placed, "one token per passage (PS-4.6)"
    assert sum(placed) == state["turn"] and all(0 <= p <= 13 for p in placed), "no negative supply (PS-3.10)"
    assert all(state["up"][t] in TOKENS[t] for t in TOKENS), "up face is a face of the token (PS-3.7)"
    # markers in range (PS-2.14, PS-5.3)
    assert all(-Z <= v <= Z for v in state["m"].values()), "markers clamped"
    # statues: stolen exactly when surrounded (PS-4.5, PS-5.16, PS-5.17)
    occupied = {PATHS[i] for i, o in enumerate(own) if o is not None}
    for statue, owner in state["statues"].items():
        surrounded = set(STATUES[statue]) <= occupied
        assert surrounded == (owner is not None) or state["phase"] == "comp", "statue stolen iff surrounded"
        if prev is not None and prev["statues"][statue] is not None:
            assert owner == prev["statues"][statue], "a statue is stolen once (PS-5.17)"
    # cards: claimed ones keep their owner (PS-5.24); A14/A15 only at the midgame (PS-5.27)
    for i, (card, owner) in enumerate(state["cards"]):
        if prev is not None and prev["cards"][i][1] is not None:
            assert owner == prev["cards"][i][1], "a claimed card stays claimed"
        if ACHIEVEMENTS[card]["when"] == "midgame" and state["mid"] is None:
            assert owner is None, "A14/A15 only at the midgame scoring"
    # turn order (PS-4.1): placement k+1 is P1's when k is even
    if state["phase"] == "place":
        assert state["active"] == (state["first"] if state["turn"] % 2 == 0 else 1 - state["first"])
    # midgame scoring during turns 1-16, once (PS-6.4)
    if state["turn"] >= 16 and state["phase"] != "shovel" or state["phase"] == "over":
        assert state["mid"] is not None and 1 <= state["mid"]["turn"] <= 16, "midgame by turn 16"
    if prev is not None and prev["mid"] is not None:
        assert state["mid"] == prev["mid"], "midgame scoring runs once (PS-6.1)"
    # decisions (PS-8.2 - 8.4): exactly one seat to move with a non-empty, exact list
    if not ps.is_over(state):
        (seat,) = ps.to_move(state)
        legal = ps.legal_actions(state, seat)
        assert legal and ps.legal_actions(state, 1 - seat) == [], "legal actions for the mover only"
        expected = {"comp": [f"comp:{d}" for d in TYPES] + ["decline"],
                    "shovel": [f"shovel:{d}" for d in TYPES],
                    "place": [f"place:{PATHS[i]}" for i, o in enumerate(own) if o is None]}[state["phase"]]
        assert legal == expected, "legal_actions exact"
        assert len(legal) != len(expected) or state["phase"] != "place" or len(legal) == 27 - state["turn"]
    else:
        assert ps.to_move(state) == []
    # views (PS-7.1 - 7.3): identical for every seat, no token ids
    v0 = ps.view(state, 0)
    text = json.dumps(v0)
    assert not TOKEN_ID.search(text), "view leaks token ids (down faces, PS-7.2)"
    assert ps.view(state, 1) == v0 == ps.view(state, None), "same view for all (PS-7.3)"
    assert not any(TOKEN_ID.search(json.dumps(e)) for e in state["log"][-8:]), "log leaks token ids"


def check_end(state):
    """End of game: 26 placements, scores recomputed."""
    assert state["turn"] == 26 and sum(1 for o in state["own"] if o is None) == 1, "exactly 1 empty path (PS-2.9)"
    res = core.result(ps, state)
    fin = [recompute(state, s, final=True) for s in (0, 1)]
    assert state["final"]["cats"] == fin, "final scoring = recomputation"
    assert res["scores"] == [sum(fin[s]) + sum(state["mid"]["cats"][s]) for s in (0, 1)], "total (PS-6.20)"
    assert res["breakdown"]["tunnel"][0] == fin[0][0] + state["mid"]["cats"][0][0]
    a, b = res["scores"]
    if a != b:
        assert res["winners"] == [0 if a > b else 1] and res["tiebreak"] is None, "PS-6.21"


def check_midgame_record(state, before):
    """The midgame scoring, when it has just run, equals a recomputation on the state at that moment."""
    if before["mid"] is None and state["mid"] is not None:
        # cards and statues are as at step G; A14/A15 already awarded (PS-6.7)
        assert state["mid"]["cats"] == [recompute(state, s, final=False) for s in (0, 1)]


def before_action(state):
    """What the invariants compare across one action: statues, cards and the midgame record."""
    return {"statues": dict(state["statues"]), "cards": [list(c) for c in state["cards"]], "mid": state["mid"]}


def run_games(count, seed0=0):
    rng = core.Rng(12345)
    heur = bot_choice(ps, ps.bots()["heuristic"])
    rand = random_choice
    pairs = [(rand, rand), (heur, rand), (rand, heur), (rand, rand), (heur, heur), (rand, rand)]
    stats = {"games": 0, "actions": 0, "midgame_by_statues": 0, "draws": 0, "shovel_d3": 0}
    for g in range(count):
        for step in playout(ps, 2, seed0 + g, rng=rng, choosers=pairs[g % len(pairs)], snapshot=before_action):
            state = step.state
            check_invariants(state, step.before)
            if step.action is not None:
                stats["shovel_d3"] += step.action.startswith("shovel:")
                check_midgame_record(state, step.before)
                stats["actions"] += 1
        check_end(state)
        stats["games"] += 1
        stats["midgame_by_statues"] += state["mid"]["turn"] < 16
        stats["draws"] += len(ps.result(state)["winners"]) == 2
    return stats


@pytest.mark.slow
def test_ps_random_games_keep_every_invariant():
    """PS-4.1 - 4.12, PS-6.1 - 6.6, PS-7.1 - 7.3, PS-8.2 - 8.6 over 400 seeded games (random + heuristic)."""
    stats = run_games(GAMES)
    assert stats["games"] == GAMES
    # PS-8.6: 27 to 32 atomic decisions per game
    assert 27 * GAMES <= stats["actions"] <= 32 * GAMES
    assert stats["midgame_by_statues"] > 0 and stats["shovel_d3"] > 0   # both triggers and D3 were exercised


def test_ps_path_types_match_the_layout_in_random_setups():
    """PS-2.10, PS-2.11, PS-3.3 - 3.5: 6 distinct hexes, rotations 0..2, types of each path from the hexes."""
    for seed in range(50):
        state = core.new_game(ps, 2, seed)
        hexes = [h for h, _ in state["tiles"]]
        assert len(set(hexes)) == 6 and all(r in (0, 1, 2) for _, r in state["tiles"])
        for pair in path_types(state["tiles"]):
            assert all(t in TYPES for t in pair)
        assert all(TYPE_LOOT[d] in (*LOOT_COLOURS, None) for d in TYPES)
