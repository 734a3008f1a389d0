"""Achievement cards: conditions (PS-5.30 - 5.44) and claiming (PS-5.24 - 5.27).

Each card of data.json names a `test` and its thresholds; the functions below are those tests.
"""

from __future__ import annotations

from pygames import core

from . import facts
from .data import ACHIEVEMENTS, ENCLOSED_MASKS, TYPE_LOOT, TYPES
from .tunnels import components, longest_trail


def _statues(state, seat, card):
    """PS-5.30 A1: S(p) >= 2."""
    return facts.statues(state, seat) >= card["n"]


def _tunnel(state, seat, card):
    """PS-5.31 A2: L(p) >= 6."""
    return facts.tunnel(state, seat) >= card["n"]


def _two_tunnels(state, seat, card):
    """PS-5.32 A3: at least 2 different components (PS-5.23) each with a trail of >= 3 passages."""
    long_ones = [c for c in components(facts.mask(state, seat)) if longest_trail(c) >= card["n"]]
    return len(long_ones) >= card["count"]


def _surround(state, seat, card):
    """PS-5.33 A4: all 4 paths of some *enclosed* District hold p's passages (edge Districts never count)."""
    mine = facts.mask(state, seat)
    return any(mine & m == m for m in ENCLOSED_MASKS)


def _loot_colours(state, seat, card):
    """PS-5.34 - 5.37 A5..A8: at least `count` colours with n_c(p) >= n."""
    return sum(1 for n in facts.loot_counts(state, seat).values() if n >= card["n"]) >= card["count"]


def _control(state, seat, card):
    """PS-5.38 A9: C(p) >= 4."""
    return len(facts.controlled(state, seat)) >= card["n"]


def _positions(state, seat, card):
    """PS-5.39 - 5.41 A10..A12: at least `count` types with pos_p(d) >= n."""
    return sum(1 for d in TYPES if facts.pos(state, seat, d) >= card["n"]) >= card["count"]


def _district_loot(state, seat, card):
    """PS-5.42 A13: >= 3 controlled non-Noble types d with at least one loot of d's colour."""
    loot = facts.loot_counts(state, seat)
    return sum(1 for d in facts.controlled(state, seat) if TYPE_LOOT[d] and loot[TYPE_LOOT[d]] >= 1) >= card["count"]


TESTS = {"statues": _statues, "tunnel": _tunnel, "two_tunnels": _two_tunnels, "surround": _surround,
         "loot_colours": _loot_colours, "control": _control, "positions": _positions, "district_loot": _district_loot}


def met(state: dict, seat: int, card_id: str) -> bool:
    """Whether `seat` meets the condition of a step-F card (A1..A13)."""
    card = ACHIEVEMENTS[card_id]
    return TESTS[card["test"]](state, seat, card)


def claim_turn_cards(state: dict, seat: int) -> list[str]:
    """PS-4.9, PS-5.25, PS-5.26: at step F the active player takes every face-up, unclaimed A1..A13 card met."""
    taken = []
    for entry in state["cards"]:
        card_id, owner = entry
        if owner is None and ACHIEVEMENTS[card_id]["when"] == "turn" and met(state, seat, card_id):
            entry[1] = seat
            taken.append(card_id)
            core.log(state, "ps.log.card", player=seat, card="@ps.card." + card_id,
                     wealth=ACHIEVEMENTS[card_id]["wealth"])
    return taken


def _midgame_winner(state: dict, test: str):
    """PS-5.43 A14 / PS-5.44 A15: the seat strictly ahead on L or C; None on a tie."""
    if test == "longest_tunnel":
        values = [facts.tunnel(state, s) for s in (0, 1)]
    else:
        values = [len(facts.controlled(state, s)) for s in (0, 1)]
    if values[0] == values[1]:
        return None
    return 0 if values[0] > values[1] else 1


def award_midgame_cards(state: dict) -> None:
    """PS-5.27, PS-6.7: A14/A15 are judged only at the midgame scoring; an unwon card stays unclaimed forever."""
    for entry in state["cards"]:
        card_id, owner = entry
        card = ACHIEVEMENTS[card_id]
        if owner is None and card["when"] == "midgame":
            winner = _midgame_winner(state, card["test"])
            if winner is None:
                core.log(state, "ps.log.card_nobody", card="@ps.card." + card_id)
            else:
                entry[1] = winner
                core.log(state, "ps.log.card", player=winner, card="@ps.card." + card_id, wealth=card["wealth"])
