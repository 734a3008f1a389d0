"""Turn rules (PS-4.x, PS-5.x, PS-8.x): decisions D1 (compensation), D2 (path), D3 (1-shovel marker).

Actions: "comp:<TYPE>" / "decline" (D1, PS-8.2), "place:<path>" (D2, PS-8.3), "shovel:<TYPE>" (D3, PS-8.4).
A turn runs steps A..G in order (PS-4.2); only D2 and sometimes D3 ask the player.
"""

from __future__ import annotations

from pygames import core

from . import achievements, facts, scoring
from .data import PATH_INDEX, PATHS, SHOVEL_FACES, STATUE_MASKS, TURNS, TYPES, path_types

DECLINE = "decline"
COMP_STEPS = 1  # PS-3.12: the compensation moves one marker one zone


def to_move(state: dict) -> list[int]:
    return [] if is_over(state) else [state["active"]]


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def legal_actions(state: dict, player: int) -> list[str]:
    """Exact option lists of PS-8.2 - 8.4, in canonical order."""
    if is_over(state) or player != state["active"]:
        return []
    phase = state["phase"]
    if phase == "comp":                                    # PS-8.2: 5 markers or decline
        return [f"comp:{d}" for d in TYPES] + [DECLINE]
    if phase == "shovel":                                  # PS-8.4, PS-5.13: all 5 markers, always
        return [f"shovel:{d}" for d in TYPES]
    return [f"place:{p}" for i, p in enumerate(PATHS) if state["own"][i] is None]   # PS-8.3, PS-4.3


def why_illegal(state: dict, player: int, action: str):
    """A catalogue reason for the common mistakes (the core has already checked game over / turn)."""
    kind, _, arg = str(action).partition(":")
    phase = state["phase"]
    if action == DECLINE or kind == "comp":
        if phase != "comp":
            return "ps.err.comp_done", {}
        if kind == "comp" and arg not in TYPES:
            return "ps.err.unknown_type", {"type": arg[:20]}
    elif kind == "place":
        if phase == "comp":
            return "ps.err.comp_first", {}
        if phase == "shovel":
            return "ps.err.shovel_first", {}
        if arg not in PATH_INDEX:
            return "ps.err.unknown_path", {"path": arg[:20]}
        if state["own"][PATH_INDEX[arg]] is not None:
            return "ps.err.occupied", {"path": arg, "owner_player": state["own"][PATH_INDEX[arg]]}
    elif kind == "shovel":
        if phase != "shovel":
            return "ps.err.no_shovel", {}
        if arg not in TYPES:
            return "ps.err.unknown_type", {"type": arg[:20]}
    else:
        return "ps.err.unknown", {"action": str(action)[:40]}
    return None


def apply_action(state: dict, player: int, action: str) -> None:
    kind, _, arg = action.partition(":")
    if action == DECLINE or kind == "comp":
        compensate(state, player, arg if kind == "comp" else None)
    elif kind == "place":
        place(state, player, PATH_INDEX[arg])
    elif kind == "shovel":
        one_shovel(state, player, arg)
        end_turn(state, player)
    else:  # the core only passes legal actions
        raise ValueError(action)


def compensate(state: dict, player: int, d: str | None) -> None:
    """PS-3.12 (D1): P2 may move one marker 1 zone toward P2, or decline. Then P1 plays turn 1 (PS-4.1)."""
    if d is None:
        core.log(state, "ps.log.decline", player=player)
    else:
        old, new = facts.move_marker(state, d, player, COMP_STEPS)
        core.log(state, "ps.log.comp", player=player, type="@ps.type." + d, old=old, new=new)
    state["phase"] = "place"
    state["active"] = state["first"]


def place(state: dict, player: int, index: int) -> None:
    """Steps A..E of one turn (PS-4.3 - 4.8); F and G follow in end_turn unless D3 must be asked first."""
    state["own"][index] = player                                     # A, PS-4.3
    state["turn"] += 1
    state["last"] = index
    d1, d2 = path_types(state["tiles"])[index]
    core.log(state, "ps.log.place", player=player, path=PATHS[index], turn=state["turn"],
             a="@ps.type." + d1, b="@ps.type." + d2)
    steal_statues(state, player)                                     # B, PS-4.5
    face = take_token(state, player, index)                          # C, PS-4.6
    dig_moves(state, player, d1, d2, face)                           # D, E: PS-4.7, PS-4.8, PS-5.9
    effect = SHOVEL_FACES.get(face)
    if effect and effect["effect"] == "any_marker":
        state["phase"] = "shovel"                                    # PS-5.8: D3 is asked now
        return
    end_turn(state, player)


def dig_moves(state: dict, player: int, d1: str, d2: str, face: str) -> None:
    """Steps D and E's marker moves: the base move (PS-4.7), then a 2-shovel face's extra steps (PS-5.9)."""
    base_move(state, player, d1, d2)
    effect = SHOVEL_FACES.get(face)
    if effect and effect["effect"] == "moved_markers":
        two_shovels(state, player, d1, d2, effect["steps"])


def marker_moves(state: dict, player: int, action: str) -> list[list]:
    """What a choice will do to the markers, shown before it is made: [type, old, new] positions on `player`'s
    side (PS-5.4), in the order the rules move them, found by playing the rules' own moves on a scratch copy of the
    markers (PS-3.12, PS-4.7, PS-5.3 clamp, PS-5.8, PS-5.9)."""
    scratch = {"m": dict(state["m"]), "first": state["first"], "log": []}
    kind, _, arg = action.partition(":")
    if kind == "place":
        index = PATH_INDEX[arg]
        d1, d2 = path_types(state["tiles"])[index]
        dig_moves(scratch, player, d1, d2, state["up"][state["tok"][index]])
        moved = [d1] if d1 == d2 else [d1, d2]
    elif kind in ("comp", "shovel"):
        steps = COMP_STEPS if kind == "comp" else shovel_steps(state, player)
        facts.move_marker(scratch, arg, player, steps)
        moved = [arg]
    else:
        return []
    return [[d, facts.pos(state, player, d), facts.pos(scratch, player, d)] for d in moved]


def steal_statues(state: dict, player: int) -> None:
    """PS-4.5, PS-5.16 - 5.18: every statue still on the board whose paths are all occupied goes to the mover."""
    occupied = sum(1 << i for i, owner in enumerate(state["own"]) if owner is not None)
    for statue, owner in state["statues"].items():
        needed = STATUE_MASKS[statue]
        if owner is None and occupied & needed == needed:
            state["statues"][statue] = player
            core.log(state, "ps.log.statue", player=player, statue="@ps.statue." + statue)


def take_token(state: dict, player: int, index: int) -> str:
    """PS-4.6: the mover keeps the path's token with the same face up. Returns that face."""
    token = state["tok"][index]
    state["tok"][index] = None
    state["held"][player].append(token)
    face = state["up"][token]
    core.log(state, "ps.log.token", player=player, face="@ps.face." + face)
    return face


def _move(state: dict, player: int, d: str, steps: int) -> None:
    old, new = facts.move_marker(state, d, player, steps)
    core.log(state, "ps.log.marker", player=player, type="@ps.type." + d, old=old, new=new)


def base_move(state: dict, player: int, d1: str, d2: str) -> None:
    """PS-4.7: the two bordering types move 1 zone each toward the mover; the same type twice moves 2."""
    if d1 == d2:
        _move(state, player, d1, 2)
    else:
        _move(state, player, d1, 1)
        _move(state, player, d2, 1)


def two_shovels(state: dict, player: int, d1: str, d2: str, steps: int) -> None:
    """PS-5.9: each marker just moved goes `steps` more zones; a single type (d1 = d2) goes twice that."""
    core.log(state, "ps.log.shovel2", player=player)
    if d1 == d2:
        _move(state, player, d1, 2 * steps)
    else:
        _move(state, player, d1, steps)
        _move(state, player, d2, steps)


def one_shovel(state: dict, player: int, d: str) -> None:
    """PS-5.8, PS-5.13 (D3): any one marker moves toward the mover; one already at the end stays (no effect)."""
    core.log(state, "ps.log.shovel1", player=player, type="@ps.type." + d)
    _move(state, player, d, shovel_steps(state, player))


def shovel_steps(state: dict, player: int) -> int:
    """PS-5.8: the zones a 1-shovel moves its marker, read from the face just taken (the data's `steps`)."""
    return SHOVEL_FACES[state["up"][state["held"][player][-1]]]["steps"]


def end_turn(state: dict, player: int) -> None:
    """Steps F and G (PS-4.9, PS-4.10), then the final scoring after turn 26 (PS-4.11) or the next turn."""
    achievements.claim_turn_cards(state, player)                     # F, PS-5.25
    if scoring.midgame_due(state):                                   # G, PS-6.2 - 6.4
        scoring.run_midgame(state, player)
    if state["turn"] >= TURNS:                                       # PS-4.11, PS-6.6
        scoring.run_final(state)
        state["phase"] = "over"
        return
    state["phase"] = "place"
    state["active"] = 1 - player                                     # PS-4.1, PS-4.12, PS-6.5
