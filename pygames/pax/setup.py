"""Setup (PAX-3.x): the shuffle, the removal, Rome's hidden cards, the starting draft or the solo opening."""

from __future__ import annotations

from pygames import core

from .board import active, add_to_hand, check_primus_conspiratus, put_bottom, take_from_deck
from .data import CARD_IDS, SOLO_LEVELS, P, legion_count, removed_count, sort_cards
from .rounds import begin_turn, refill


def setup(state: dict) -> None:
    """PAX-3.1..3.8 (standard) / PAX-3.13..3.18 (solo, PAX-3.15 order), then the first private draw."""
    n = state["players"]
    rng = core.rng(state)
    deck = rng.shuffled(CARD_IDS)  # PAX-3.3: the only shuffle of the game
    k = removed_count(n)  # PAX-3.4 / PAX-3.16
    hidden = P["rome_hidden"]  # PAX-3.6 / PAX-3.17
    state.update({
        "deck": deck[k + hidden:],
        "removed": sort_cards(deck[:k]),
        "rome_hidden": sort_cards(deck[k:k + hidden]),
        "rome": [],
        "legions": [[] for _ in range(legion_count(n))],  # PAX-3.5 / PAX-3.14
        "hands": [[] for _ in range(n)],
        "public": [[] for _ in range(n)],
        "areas": [[] for _ in range(n)],
        "money": [P["start_money"]] * n,  # PAX-3.7 / PAX-3.18
        "pc": None,  # PAX-3.12 / PAX-5.15
        "start": choose_start(state, rng),
        "round": 0,
        "turns": 0,
        "phase": "solo_keep" if n == 1 else "draft",
        "draw": None,
        "front": [],
        "staged": [],
        "memo": [{"rome": [], "bottom": []} for _ in range(n)],
    })
    core.log(state, "pax.log.setup", removed=k, legions=len(state["legions"]), start_player=state["start"])
    draw_opening(state)


def choose_start(state: dict, rng) -> int:
    """PAX-3.8 [DEF]: a random start player unless the host chose one. Solo: seat 0 (PAX-3.23)."""
    n = state["players"]
    choice = state["options"]["start"]
    if n == 1:
        return 0
    if choice == "random":
        return rng.below(n)
    if choice >= n:
        raise core.IllegalAction("pax.err.start_seat", {"players": n}, "the chosen start seat is not in play")
    return choice


def opening_size(state: dict) -> int:
    """PAX-3.9: the k-th drafter draws k + 1 cards (PAX-2.19); solo: the level's opening draw (PAX-3.20)."""
    if state["players"] == 1:
        return SOLO_LEVELS[state["options"]["level"]]["draw"]
    return state["turns"] + 1 + P["draft_extra_cards"]


def draw_opening(state: dict) -> None:
    """The private draw before DRAFT_KEEP (PAX-8.2) or SOLO_KEEP (PAX-8.5): chance + reveal to the drawer."""
    p = active(state)
    cards = take_from_deck(state, opening_size(state))
    state["front"] = cards
    core.log(state, "pax.log.draft_draw", player=p, n=len(cards))
    core.log(state, "pax.log.drawn", to=[p], player=p, cards=",".join(cards))
    core.reveal(state)


def keep_actions(state: dict) -> list[str]:
    return [f"keep:{c}" for c in state["front"]]


def bottom_actions(state: dict) -> list[str]:
    return [f"bottom:{c}" for c in state["front"]]


def apply_keep(state: dict, card: str) -> None:
    """DRAFT_KEEP (PAX-3.9, 3.10) or SOLO_KEEP (PAX-3.19): one card to hand, privately."""
    p = active(state)
    state["front"].remove(card)
    add_to_hand(state, p, [card], public=False)
    core.log(state, "pax.log.kept", player=p)
    if state["players"] > 1:
        for c in state["front"]:  # PAX-3.10 [DEF]: to the bottom, in the order drawn
            put_bottom(state, p, c)
        core.log(state, "pax.log.returned", player=p, n=len(state["front"]))
        state["front"] = []
        state["turns"] += 1
        if state["turns"] < state["players"]:
            draw_opening(state)  # PAX-3.10 [DEF]: each player finishes before the next one draws
        else:
            start_game(state)
    elif len(state["front"]) == SOLO_LEVELS[state["options"]["level"]]["bottom"]:
        apply_solo_bottom(state, state["front"][0])  # PAX-8.5: levels 1-2, the last card goes down by itself
    else:
        state["phase"] = "solo_bottom"


def apply_solo_bottom(state: dict, card: str) -> None:
    """SOLO_BOTTOM (PAX-3.19, 8.6); the rest is played free, ignoring the cap (PAX-3.21)."""
    state["front"].remove(card)
    put_bottom(state, 0, card)
    core.log(state, "pax.log.returned", player=0, n=1)
    played = state["front"]
    state["front"] = []
    if played:
        state["areas"][0] = sort_cards(state["areas"][0] + played)
        core.log(state, "pax.log.opening_play", player=0, cards=",".join(played))
        check_primus_conspiratus(state, 0)  # PAX-3.21 [RB~]: no effect in solo (PAX-6.19)
    start_game(state)


def start_game(state: dict) -> None:
    """PAX-3.11 / PAX-3.22: one face-up card under each Legion, I first; PAX-3.12: the start player begins."""
    refill(state, list(range(len(state["legions"]))))
    state["round"] = 1
    state["turns"] = 0
    begin_turn(state)
