"""Shared helpers for the Passages Secrets tests: scenario states built directly (spec PS-9.x set-ups)."""

from __future__ import annotations

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets.data import PATH_INDEX, PATHS, TOKENS, TYPES

# PS-9.0 layout L1: (hex, rotation) for T1..T6.
L1 = [["H01", 0], ["H02", 0], ["H03", 0], ["H07", 0], ["H10", 2], ["H05", 0]]


def _assign(faces: list[str], used: set) -> list[str]:
    """Distinct unused tokens able to show each requested face (a bipartite matching), or explicit 'ID=FACE'."""
    match: dict = {}                       # token -> index in faces

    def augment(i: int, seen: set) -> bool:
        for t in sorted(TOKENS):
            if t in used or t in seen or faces[i] not in TOKENS[t]:
                continue
            seen.add(t)
            if t not in match or augment(match[t], seen):
                match[t] = i
                return True
        return False

    out = [f.split("=")[0] if "=" in f else None for f in faces]
    for i, f in enumerate(faces):
        if "=" not in f:
            assert augment(i, set()), f"no token left for {f}"
    for t, i in match.items():
        out[i] = t
    return out


def scenario(own: dict | None = None, held: dict | None = None, board: dict | None = None,
             markers: dict | None = None, cards: list | None = None, statues: dict | None = None,
             tiles: list | None = None, first: int = 0, turn: int | None = None, mid=None, seed: int = 0) -> dict:
    """A state set directly. Seat `first` is P1. `own` {path: seat}; `held` {seat: [face or 'ID=FACE']};
    `board` {path: face or 'ID=FACE'} for tokens on empty paths; other tokens fill the rest of the board."""
    state = core.new_game(ps, 2, seed)
    own = own or {}
    state["tiles"] = [list(t) for t in (tiles or L1)]
    state["first"] = first
    state["own"] = [own.get(p) for p in PATHS]
    explicit = [f for faces in (held or {}).values() for f in faces] + list((board or {}).values())
    used: set = {f.split("=")[0] for f in explicit if "=" in f}
    slots = [(seat, None) for seat, faces in (held or {}).items() for _ in faces]
    slots += [(None, path) for path in (board or {})]
    faces = explicit
    tokens = _assign([f.split("=")[-1] if "=" not in f else f for f in faces], used)
    state["held"] = [[], []]
    up = {}
    tok = [None] * len(PATHS)
    for (seat, path), face, token in zip(slots, faces, tokens, strict=True):
        up[token] = face.split("=")[-1]
        if path is None:
            state["held"][seat].append(token)
        else:
            tok[PATH_INDEX[path]] = token
    used |= set(tokens)
    rest = [t for t in sorted(TOKENS) if t not in used]
    for i in range(len(PATHS)):
        if tok[i] is None and state["own"][i] is None and rest:
            tok[i] = rest.pop(0)
    for t in TOKENS:
        up.setdefault(t, TOKENS[t][0])
    # tokens not on the board nor held (artificial scenarios) are simply parked in no place
    state["tok"] = tok
    state["up"] = up
    state["m"] = {d: 0 for d in TYPES} | (markers or {})
    state["cards"] = [[c, None] for c in (cards or ["A1", "A8", "A15"])]
    state["statues"] = {"X": None, "PA": None, "PB": None, "PC": None} | (statues or {})
    placed = sum(1 for o in state["own"] if o is not None)
    state["turn"] = placed if turn is None else turn
    state["phase"] = "place"
    state["active"] = first if state["turn"] % 2 == 0 else 1 - first
    state["mid"] = mid
    state["final"] = None
    state["last"] = None
    state["log"] = []
    return state


def play(state: dict, *actions: str) -> dict:
    """Apply actions for whoever is to move (checked by the core)."""
    for action in actions:
        state = core.apply(ps, state, ps.to_move(state)[0], action)
    return state
