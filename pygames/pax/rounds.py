"""Turn order, the end of a round and the new round (PAX-4.1, PAX-4.33..4.43, PAX-6.1)."""

from __future__ import annotations

from pygames import core

from .board import active, take_from_deck
from .data import value


def begin_turn(state: dict) -> None:
    """PAX-4.2: the active player chooses a normal turn or a spy turn."""
    state["phase"] = "turn"
    state["draw"] = None
    state["front"] = []
    state["staged"] = []
    core.log(state, "pax.log.turn", player=active(state), round=state["round"])


def end_turn(state: dict) -> None:
    """PAX-4.33: the next player clockwise; after the last player of the round, the round ends."""
    state["turns"] += 1
    state["draw"] = None
    state["staged"] = []
    if state["turns"] < state["players"]:
        begin_turn(state)
    else:
        end_round(state)


def pile_value(pile: list[str]) -> int:
    """PAX-4.34: a pile's value is the sum of its printed values (symbols and counts do not matter)."""
    return sum(value(c) for c in pile)


def rome_choice(legions: list[list[str]]) -> int | None:
    """PAX-4.34 / 4.35 / 4.36: the index of the most valuable pile, lowest Legion on ties; None if all are empty."""
    best, index = 0, None
    for i, pile in enumerate(legions):
        v = pile_value(pile)
        if pile and (index is None or v > best):
            best, index = v, i
    return index


def end_round(state: dict) -> None:
    """PAX-4.34..4.37 then the new round (PAX-4.38..4.41)."""
    i = rome_choice(state["legions"])
    if i is not None:  # PAX-4.37: face up with Rome, for the rest of the game
        taken = state["legions"][i]
        state["rome"] += taken
        state["legions"][i] = []
        core.log(state, "pax.log.rome_takes", legion=i + 1, cards=",".join(taken), value=pile_value(taken))
    else:
        core.log(state, "pax.log.rome_nothing")
    new_round(state)


def new_round(state: dict) -> None:
    """PAX-4.38 start player, PAX-4.39 end check, PAX-4.40 refill, PAX-4.41 the start player begins."""
    if state["pc"] is not None and state["pc"] != state["start"]:
        state["start"] = state["pc"]
        core.log(state, "pax.log.primus", player=state["start"])
    empty = [i for i, pile in enumerate(state["legions"]) if not pile]
    if len(state["deck"]) < len(empty):
        end_game(state)
        return
    refill(state, empty)
    state["round"] += 1
    state["turns"] = 0
    begin_turn(state)


def refill(state: dict, empty: list[int]) -> None:
    """PAX-4.40 / PAX-3.11: one face-up card under each empty Legion, lowest number first (a public reveal)."""
    for i in empty:
        card = take_from_deck(state, 1)[0]
        state["legions"][i].append(card)
        core.log(state, "pax.log.refill", legion=i + 1, card=card)
    core.reveal(state)


def end_game(state: dict) -> None:
    """PAX-6.1..6.4: the game ends only here; Rome's hidden cards and the unbought piles are revealed to all."""
    state["phase"] = "over"
    state["front"] = []
    core.reveal(state)
    core.log(state, "pax.log.game_end", deck=len(state["deck"]), cards=",".join(state["rome_hidden"]))
