"""Setup (SIK-3.1 - 3.14): decks, opening hands, then the setup decisions placement, Charisma and Ruri."""

from __future__ import annotations

from pygames import core

from . import data as D
from .data import G, O
from .rules import start_game
from .seats import new_deck, seat, sort_hand


def setup(state: dict) -> None:
    """SIK-3.3 / 3.4 / 3.13: shuffle both decks of each side, deal 4 Site + 2 Tactic cards; empty piles."""
    opts = state["options"]
    rng = core.rng(state)
    state.update({
        "o": opts["oniwaban"], "phase": "place", "turn": 0, "active": D.FIRST_SIDE,
        "board": {}, "prison": [[], []], "hand": [[], []],
        "deck": [{"site": [], "tactic": []}, {"site": [], "tactic": []}],
        "bottom": [{"site": 0, "tactic": 0}, {"site": 0, "tactic": 0}],
        "disc": [[], []], "bait": [[], []], "cha": [None, None], "ruri": None,
        "ruri_passed": None, "eq": None, "stun": None, "med": None, "med_force": None,
        "stack": [], "ask": {"k": "place", "side": O}, "tomoyo": [], "kh": [[], []], "win": None,
    })
    for side in (O, G):
        deck = state["deck"][side]
        deck["site"] = rng.shuffled(new_deck(D.SITE_DECK))
        deck["tactic"] = rng.shuffled(new_deck(D.TACTIC_DECK))
        hand = [deck["site"].pop() for _ in range(D.OPENING["site"])]
        hand += [deck["tactic"].pop() for _ in range(D.OPENING["tactic"])]
        sort_hand(hand)
        state["hand"][side] = hand
        core.log(state, "sik.log.hand", to=[seat(state, side)], cards=["@sik.card." + c for c in hand])


def next_start_cell(state: dict, side: int) -> str | None:
    """SIK-8.3: the next start cell to fill, in the fixed placement order."""
    for cell in D.PLACEMENT_ORDER[side]:
        if cell not in state["board"]:
            return cell
    return None


def unplaced(state: dict, side: int) -> list[str]:
    placed = {i for s, i, _r in state["board"].values() if s == side}
    return [i for i in D.IDENTITY_ORDER if i not in placed]


def place(state: dict, side: int, ident: str) -> None:
    """SIK-3.5 / 3.6: put the chosen identity on the next start cell (hidden from the opponent)."""
    cell = next_start_cell(state, side)
    state["board"][cell] = [side, ident, 0]
    core.log(state, "sik.log.place", to=[seat(state, side)], cell=cell, identity=ident)
    left = unplaced(state, side)
    if len(left) == 1:  # SIK-8.3: the last identity is forced
        place(state, side, left[0])
        return
    if left:
        state["ask"] = {"k": "place", "side": side}
        return
    if not left:
        core.log(state, "sik.log.placed", player=seat(state, side))
        if side == O:
            state["ask"] = {"k": "place", "side": G}
        else:
            after_placement(state)


def place_random(state: dict, side: int) -> None:
    """SIK-8.3 shortcut: the remaining identities go on the remaining start cells in a random order, drawn
    from the game's generator (so undo stops there). Still hidden from the opponent (SIK-3.6)."""
    order = core.rng(state).shuffled(unplaced(state, side))
    for ident in order:
        if ident in unplaced(state, side):  # `place` fills the last cell by itself
            place(state, side, ident)


def charisma_mode(state: dict) -> str:
    return state["options"]["charisma"]


def after_placement(state: dict) -> None:
    """SIK-3.7 / 3.8: Advanced I asks the Charisma picks, Government first; otherwise go to Equipment."""
    if charisma_mode(state) != "off":
        state["phase"] = "charisma"
        state["ask"] = {"k": "charisma", "side": G}
    else:
        after_charisma(state)


def charisma_choices(state: dict, side: int) -> list[str]:
    """SIK-3.8 / 8.4: own three cards, plus Ruri for Government, or for Oniwaban if Government passed it."""
    own = D.charisma_of(side)
    if charisma_mode(state) == "ruri" and (side == G or state["ruri_passed"]):
        own = own + ["ruri"]
    return own


def pick_charisma(state: dict, side: int, card: str) -> None:
    """SIK-3.7 / 3.8 / 3.9: each pick is public at once, the card put in front of its
    player; Government picks first, so Oniwaban picks knowing Government's card."""
    state["cha"][side] = card
    core.reveal(state)
    core.log(state, "sik.log.charisma", player=seat(state, side), card="@sik.cha." + card)
    if side == G:
        if charisma_mode(state) == "ruri":
            state["ruri_passed"] = card != "ruri"
            core.log(state, "sik.log.ruri_passed" if card != "ruri" else "sik.log.ruri_kept",
                     player=seat(state, G))
        state["ask"] = {"k": "charisma", "side": O}
        return
    holder = ruri_holder(state)
    if holder is not None:
        state["phase"] = "ruri"
        state["ask"] = {"k": "ruri", "side": holder}
    else:
        after_charisma(state)


def ruri_holder(state: dict) -> int | None:
    for side in (O, G):
        if state["cha"][side] == "ruri":
            return side
    return None


def ruri_choices(state: dict, side: int) -> list[str]:
    """SIK-3.11 / 8.5: a non-Joker Site type still present in the holder's Site deck."""
    deck = state["deck"][side]["site"]
    return [t for t in D.SITE_TYPES if t in deck]


def put_on_ruri(state: dict, side: int, card: str) -> None:
    """SIK-3.10 / 3.11: remove one card of that type from the Site deck (public), then reshuffle the deck."""
    deck = state["deck"][side]["site"]
    deck.remove(card)
    core.rng(state).shuffle(deck)
    state["ruri"] = card
    core.log(state, "sik.log.ruri", player=seat(state, side), card="@sik.card." + card)
    after_charisma(state)


def after_charisma(state: dict) -> None:
    """SIK-3.12 / 3.14: Equipment face down (Advanced II), then Oniwaban's first turn."""
    if state["options"]["equipment"] == "on":
        state["eq"] = [{e: "down" for e in D.equipment_of(side)} for side in (O, G)]
    state["phase"] = "play"
    state["ask"] = None
    start_game(state)
