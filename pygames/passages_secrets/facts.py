"""The quantities the rules talk about for one player p (spec notation): m(d), pos_p(d), n_c(p), sh(p), S(p),
L(p), C(p), A(p). Pure reads of the state, shared by achievements, scoring, views and bots."""

from __future__ import annotations

from .data import LOOT_COLOURS, PASSAGES_EACH, TOKENS, TYPES, Z, is_shovel
from .tunnels import longest_trail


def toward(state: dict, seat: int) -> int:
    """PS-5.1, PS-2.14: +1 moves a marker toward P1 (state["first"]), -1 toward P2."""
    return 1 if seat == state["first"] else -1


def move_marker(state: dict, d: str, seat: int, steps: int) -> tuple[int, int]:
    """PS-5.3 clamp: move marker d `steps` zones toward `seat`; past +-Z the rest is lost. Returns (old, new)."""
    old = state["m"][d]
    new = max(-Z, min(Z, old + toward(state, seat) * steps))
    state["m"][d] = new
    return old, new


def pos(state: dict, seat: int, d: str) -> int:
    """PS-5.4: zones between marker d and the centre, counted on `seat`'s side."""
    return state["m"][d] * toward(state, seat)


def controlled(state: dict, seat: int) -> list[str]:
    """PS-5.5, PS-5.7: the District types whose marker is on `seat`'s side (pos >= 1), canonical order."""
    return [d for d in TYPES if pos(state, seat, d) >= 1]


def faces_held(state: dict, seat: int) -> list[str]:
    """PS-4.6: the up faces of the tokens `seat` took."""
    return [state["up"][t] for t in state["held"][seat]]


def loot_counts(state: dict, seat: int) -> dict:
    """PS-5.14: n_c(p), counting loot tokens by their up face; shovels excluded (PS-5.11)."""
    counts = dict.fromkeys(LOOT_COLOURS, 0)
    for face in faces_held(state, seat):
        if face in counts:
            counts[face] += 1
    return counts


def shovels(state: dict, seat: int) -> int:
    """PS-5.12: sh(p) counts Shovel tokens, whatever face is up."""
    return sum(1 for t in state["held"][seat] if all(is_shovel(f) for f in TOKENS[t]))


def mask(state: dict, seat: int) -> int:
    """The bit mask of `seat`'s passages over the canonical path order."""
    bits = 0
    for i, owner in enumerate(state["own"]):
        if owner == seat:
            bits |= 1 << i
    return bits


def tunnel(state: dict, seat: int) -> int:
    """PS-5.19: L(p)."""
    return longest_trail(mask(state, seat))


def statues(state: dict, seat: int) -> int:
    """PS-5.17: S(p)."""
    return sum(1 for owner in state["statues"].values() if owner == seat)


def cards(state: dict, seat: int) -> list[str]:
    """PS-5.24: the achievement cards `seat` holds."""
    return [card for card, owner in state["cards"] if owner == seat]


def supply(state: dict, seat: int) -> int:
    """PS-3.10: passages left in `seat`'s supply."""
    return PASSAGES_EACH - state["own"].count(seat)
