"""Hidden information (PS-7.x, PS-8.7) and determinisation."""

from __future__ import annotations

import itertools
import json
from math import comb

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets.data import HEXES, PATHS, TOKENS


def _midgame_state(seed=21, placements=12):
    s = core.new_game(ps, 2, seed)
    rng = core.Rng(seed)
    while s["turn"] < placements or s["phase"] != "place":
        seat = ps.to_move(s)[0]
        s = core.apply(ps, s, seat, rng.choice(ps.legal_actions(s, seat)))
    return s


def test_ps_7_1_7_3_same_public_view_for_everyone():
    """PS-7.1 everything on the table is shown; PS-7.3 both seats and a spectator get the same view."""
    s = _midgame_state()
    v = ps.view(s, 0)
    assert v == ps.view(s, 1) == ps.view(s, None)
    assert v["own"] == s["own"] and v["markers"] == s["m"] and v["statues"] == s["statues"]
    assert v["tokens"] == [None if t is None else s["up"][t] for t in s["tok"]]
    assert v["held"] == [[s["up"][t] for t in s["held"][p]] for p in (0, 1)]
    assert v["cards"] == s["cards"] and [p["supply"] for p in v["players"]] == [13 - len(h) for h in s["held"]]
    assert core.view(ps, s, 0)["log"] == core.view(ps, s, 1)["log"]        # no private log events


def test_ps_7_2_down_faces_unused_components_and_rng_hidden():
    """PS-7.2: no token id (= down face), no unused hex or card, no seed / PRNG state in any view or log."""
    s = _midgame_state()
    for seat in (0, 1, None):
        text = json.dumps(core.view(ps, s, seat))
        assert not any(f'"{t}"' in text for t in TOKENS)
        unused = set(HEXES) - {h for h, _ in s["tiles"]}
        assert not any(f'"{h}"' in text for h in unused)
        shown_cards = {c for c, _ in s["cards"]}
        assert not any(f'"A{i}"' in text for i in range(1, 16) if f"A{i}" not in shown_cards)
        assert str(s["rng"]) not in text and '"seed"' not in text


def test_ps_7_4_8_7_no_choice_reveals_anything():
    """PS-7.4 / PS-8.7: after setup, no action draws chance, so undo is only limited by the other player."""
    s = _midgame_state(placements=4)
    rng_state = s["rng"]
    seat = ps.to_move(s)[0]
    t = core.apply(ps, s, seat, ps.legal_actions(s, seat)[0])
    assert t["rng"] == rng_state and core.can_undo(t, seat)              # no reveal barrier was set


def _feasible_tokens(view_state):
    """Independent enumeration: which token ids can sit at a position showing face f (PS-5.14 / PS-7.2)."""
    observed = [f for f in view_state["tokens"] if f] + view_state["held"][0] + view_state["held"][1]
    need = {f: observed.count(f) for f in set(observed)}
    pair_classes = sorted({tuple(sorted(f)) for f in TOKENS.values() if f[0] != f[1]})
    size = {c: sum(1 for f in TOKENS.values() if tuple(sorted(f)) == c) for c in pair_classes}
    fixed = {}
    for f in TOKENS.values():
        if f[0] == f[1]:
            fixed[f[0]] = fixed.get(f[0], 0) + 1
    can_show: dict = {}
    weights: dict = {}
    for xs in itertools.product(*[range(size[c] + 1) for c in pair_classes]):
        shown = dict(fixed)
        for c, x in zip(pair_classes, xs, strict=True):
            shown[c[0]] = shown.get(c[0], 0) + x
            shown[c[1]] = shown.get(c[1], 0) + size[c] - x
        if all(shown.get(f, 0) == need.get(f, 0) for f in set(shown) | set(need)):
            w = 1
            for c, x in zip(pair_classes, xs, strict=True):
                w *= comb(size[c], x)
                if x:
                    can_show.setdefault(c[0], set()).add(c)
                if size[c] - x:
                    can_show.setdefault(c[1], set()).add(c)
            weights[xs] = w
    ids = {f: {t for t, fs in TOKENS.items() if (fs[0] == fs[1] == f) or tuple(sorted(fs)) in can_show.get(f, ())}
           for f in need}
    return ids, pair_classes, weights


def test_ps_determinize_matches_the_view_and_covers_every_possibility():
    """determinize: view(sample) == view; every consistent token id appears at every position; the split of
    each two-colour class follows the exact weights (uniform sampling)."""
    s = _midgame_state(seed=5, placements=14)
    v = core.view(ps, s, 0)
    g = v["state"]
    feasible, classes, weights = _feasible_tokens(g)
    rng = core.Rng(77)
    n = 3000
    seen_board = {i: set() for i, f in enumerate(g["tokens"]) if f}
    seen_held = {(p, k): set() for p in (0, 1) for k in range(len(g["held"][p]))}
    split_counts: dict = {}
    for k in range(n):
        sample = ps.determinize(v, 0, rng)
        if k < 200:
            assert core.view(ps, sample, 0)["state"] == g
            assert ps.legal_actions(sample, ps.to_move(sample)[0]) == ps.legal_actions(s, ps.to_move(s)[0])
        for i in seen_board:
            seen_board[i].add(sample["tok"][i])
        for (p, j) in seen_held:
            seen_held[(p, j)].add(sample["held"][p][j])
        xs = tuple(sum(1 for t, f in sample["up"].items() if tuple(sorted(TOKENS[t])) == c and f == c[0])
                   for c in classes)
        split_counts[xs] = split_counts.get(xs, 0) + 1
    for i, ids in seen_board.items():
        assert ids == feasible[g["tokens"][i]], PATHS[i]
    for (p, j), ids in seen_held.items():
        assert ids == feasible[g["held"][p][j]]
    total = sum(weights.values())
    assert set(split_counts) <= set(weights)
    for xs, w in weights.items():
        expected = n * w / total
        if expected >= 30:
            sigma = (expected * (1 - w / total)) ** 0.5
            assert abs(split_counts.get(xs, 0) - expected) < 5 * sigma + 1


def test_ps_determinize_at_setup_and_at_the_end():
    """determinize works before the first choice and after the final scoring."""
    s = core.new_game(ps, 2, 8)
    v = core.view(ps, s, 1)
    assert core.view(ps, ps.determinize(v, 1, core.Rng(1)), 1)["state"] == v["state"]
    rng = core.Rng(8)
    while not ps.is_over(s):
        seat = ps.to_move(s)[0]
        s = core.apply(ps, s, seat, rng.choice(ps.legal_actions(s, seat)))
    v = core.view(ps, s, None)
    d = ps.determinize(v, None, core.Rng(2))
    assert core.view(ps, d, None)["state"] == v["state"] and ps.is_over(d)


def test_the_view_says_what_each_choice_does_to_the_markers_as_the_rules_then_do_it():
    """PS-4.7, PS-5.8, PS-5.9, PS-3.12: the board words its targets from the view's `moves`; applying the choice
    moves exactly those markers to exactly those positions (a 2-shovel face's data steps included)."""
    from pygames.core.rng import Rng
    from pygames.passages_secrets import facts
    kinds = set()
    for seed in range(6):
        state = core.new_game(ps, 2, seed)
        rng = Rng(seed)
        while not ps.is_over(state):
            seat = ps.to_move(state)[0]
            moves = core.view(ps, state, seat)["state"]["moves"]
            legal = ps.legal_actions(state, seat)
            assert set(moves) == set(legal)
            for action in legal:
                after = core.clone(state)
                core.engine.apply_in_place(ps, after, seat, action)
                for d, old, new in moves[action]:
                    kinds.add(action.partition(":")[0] if old != new else "clamped")
                    assert (old, new) == (facts.pos(state, seat, d), facts.pos(after, seat, d)), (action, d)
                moved = {d for d, _o, _n in moves[action]}
                assert all(facts.pos(after, seat, d) == facts.pos(state, seat, d) for d in set(state["m"]) - moved)
            core.engine.apply_in_place(ps, state, seat, rng.choice(legal))
    assert {"place", "comp", "shovel"} <= kinds
