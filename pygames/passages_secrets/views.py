"""What players see (PS-7.x) and determinisation for search bots (labels and status lines: `__init__.py`).

PS-7.1 / PS-7.3: there is no private information, so every seat (and a spectator) gets the same view.
PS-7.2: the view omits token identities (they would give away each token's down face), the hexes and
cards that left the game (never stored), and the PRNG state.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from pygames import core

from . import facts, rules, scoring
from .data import FORMAT, PATHS, STATUE_MASKS, TOKENS, TYPES, path_types


def _steals(state: dict) -> dict:
    """For each empty path, the statues a placement there would steal (PS-4.5): data behind choice D2."""
    occupied = sum(1 << i for i, owner in enumerate(state["own"]) if owner is not None)
    out = {}
    for statue, owner in state["statues"].items():
        if owner is not None:
            continue
        missing = STATUE_MASKS[statue] & ~occupied
        if missing.bit_count() == 1:
            out.setdefault(PATHS[missing.bit_length() - 1], []).append(statue)
    return out


def _player_facts(state: dict, seat: int) -> dict:
    return {"tunnel": facts.tunnel(state, seat), "control": facts.controlled(state, seat),
            "statues": facts.statues(state, seat), "cards": facts.cards(state, seat),
            "loot": facts.loot_counts(state, seat), "shovels": facts.shovels(state, seat),
            "pos": {d: facts.pos(state, seat, d) for d in TYPES}, "supply": facts.supply(state, seat)}


def view(state: dict, player: int | None) -> dict:
    """PS-7.1 - 7.3: the whole table, identical for every seat; up faces only, never token ids."""
    up = state["up"]
    return {
        "phase": state["phase"],
        "turn": state["turn"],
        "active": state["active"],
        "first": state["first"],
        "tiles": [list(t) for t in state["tiles"]],
        "path_types": [list(t) for t in path_types(state["tiles"])],
        "own": list(state["own"]),
        "tokens": [None if t is None else up[t] for t in state["tok"]],
        "held": [[up[t] for t in state["held"][s]] for s in (0, 1)],
        "statues": dict(state["statues"]),
        "markers": dict(state["m"]),
        "cards": [list(c) for c in state["cards"]],
        "last": None if state["last"] is None else PATHS[state["last"]],
        "mid": core.clone(state["mid"]),
        "final": core.clone(state["final"]),
        "players": [_player_facts(state, s) for s in (0, 1)],
        "steals": _steals(state),
        "totals": scoring.totals(state),                                  # PS-6.25: scores are public
        "winners": scoring.result(state)["winners"] if state["phase"] == "over" else None,
        "moves": _marker_moves(state),
    }


def _marker_moves(state: dict) -> dict:
    """What each choice of the player to move will do to the markers (rules.marker_moves), so the board words its
    targets from the rules: public, as every marker and up face is (PS-7.1)."""
    if state["phase"] not in ("place", "comp", "shovel"):
        return {}
    player = state["active"]
    return {action: rules.marker_moves(state, player, action) for action in rules.legal_actions(state, player)}


# --------------------------------------------------------------------------- determinisation


def _classes() -> list:
    """Tokens grouped by their pair of faces (PS-2.12): [(faces, [token ids])], a stable order."""
    groups: dict = {}
    for t in sorted(TOKENS):
        groups.setdefault(tuple(sorted(TOKENS[t])), []).append(t)
    return sorted(groups.items())


CLASSES = _classes()


@lru_cache(maxsize=1024)
def _face_splits(counts: tuple) -> tuple:
    """Every way to split each class between its two faces that matches the observed face counts.

    Returns ((weight, splits), ...) where splits[i] = tokens of class i showing its first face and
    weight = prod C(N_i, splits[i]): the number of token-to-face choices behind that split.
    """
    need = dict(counts)
    out = []

    def walk(i: int, weight: int, chosen: list) -> None:
        if i == len(CLASSES):
            if not any(need.values()):
                out.append((weight, tuple(chosen)))
            return
        (a, b), tokens = CLASSES[i]
        n = len(tokens)
        if a == b:
            options = [n] if need.get(a, 0) >= n else []
        else:
            options = [x for x in range(n + 1) if need.get(a, 0) >= x and need.get(b, 0) >= n - x]
        for x in options:
            need[a] = need.get(a, 0) - x
            need[b] = need.get(b, 0) - (n - x if a != b else 0)
            walk(i + 1, weight * (comb(n, x) if a != b else 1), [*chosen, x])
            need[a] += x
            need[b] += n - x if a != b else 0

    walk(0, 1, [])
    return tuple(out)


def _weighted_pick(options: tuple, rng):
    """One of ((weight, value), ...) with probability proportional to its weight."""
    pick = rng.below(sum(w for w, _ in options))
    for weight, value in options:
        if pick < weight:
            return value
        pick -= weight
    raise AssertionError("unreachable")


def sample_tokens(faces: list[str], rng) -> list[str]:
    """Token ids for a list of observed up faces, uniform among all consistent assignments (PS-7.2)."""
    counts: dict = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    splits = _face_splits(tuple(sorted(counts.items())))
    chosen = _weighted_pick(splits, rng)
    showing: dict = {}
    for ((a, b), tokens), x in zip(CLASSES, chosen, strict=True):
        first = set(rng.sample(tokens, x))
        for t in tokens:
            showing.setdefault(a if t in first else b, []).append(t)
    for pool in showing.values():
        rng.shuffle(pool)
    return [showing[f].pop() for f in faces]


def determinize(view_: dict, player: int | None, rng) -> dict:
    """A full state whose view is exactly `view_["state"]`; token ids (hence down faces) sampled uniformly."""
    g = view_["state"]
    board = [(i, f) for i, f in enumerate(g["tokens"]) if f is not None]
    observed = [f for _, f in board] + g["held"][0] + g["held"][1]
    ids = sample_tokens(observed, rng)
    up = {t: f for t, f in zip(ids, observed, strict=True)}
    tok = [None] * len(PATHS)
    for (i, _), t in zip(board, ids, strict=False):
        tok[i] = t
    n0 = len(g["held"][0])
    held = [ids[len(board):len(board) + n0], ids[len(board) + n0:]]
    return {
        "game": view_["game"], "format": FORMAT, "players": 2, "seed": 0,
        "options": dict(view_["options"]), "rng": rng.next64(), "log": [[k, a, None] for k, a in view_["log"]],
        "history": [], "undo_floor": 0, "barrier": False,
        "tiles": [list(t) for t in g["tiles"]], "tok": tok, "up": up, "own": list(g["own"]), "held": held,
        "statues": dict(g["statues"]), "m": dict(g["markers"]), "cards": [list(c) for c in g["cards"]],
        "first": g["first"], "phase": g["phase"],
        "active": g["active"],
        "turn": g["turn"], "last": None if g["last"] is None else PATHS.index(g["last"]),
        "mid": core.clone(g["mid"]), "final": core.clone(g["final"]),
    }
