"""Primitive moves on the table shared by setup and the turn rules: deck, hands, money, Primus Conspiratus."""

from __future__ import annotations

from pygames import core

from .data import sort_cards
from .scoring import symbol_counts


def active(state: dict) -> int:
    """PAX-4.1 / PAX-3.2: turns (and the draft, PAX-3.9) go clockwise (increasing seat) from the start player."""
    return (state["start"] + state["turns"]) % state["players"]


def take_from_deck(state: dict, n: int) -> list[str]:
    """PAX-4.15: draw n cards from the top of the queue. Nobody's memory of them as deck cards stays valid."""
    cards = state["deck"][:n]
    del state["deck"][:n]
    for memo in state["memo"]:
        if memo["bottom"]:
            memo["bottom"] = [c for c in memo["bottom"] if c not in cards]
    return cards


def put_bottom(state: dict, player: int, card: str) -> None:
    """PAX-4.8 / PAX-3.10: face down under the deck; the player who put it there remembers it (PAX-7.10, 7.15)."""
    state["deck"].append(card)
    state["memo"][player]["bottom"].append(card)


def add_to_hand(state: dict, player: int, cards, public: bool) -> None:
    """Hands are sets (kept sorted). Bought cards are public knowledge until played (PAX-7.13)."""
    state["hands"][player] = sort_cards(state["hands"][player] + list(cards))
    if public:
        state["public"][player] = sort_cards(state["public"][player] + list(cards))


def remove_from_hand(state: dict, player: int, cards) -> None:
    gone = set(cards)
    state["hands"][player] = [c for c in state["hands"][player] if c not in gone]
    state["public"][player] = [c for c in state["public"][player] if c not in gone]


def gain(state: dict, player: int, amount: int, key: str, **args) -> None:
    """Money from the unlimited bank (PAX-2.12, 2.33). Every gain is logged in public (PAX-7.7)."""
    state["money"][player] += amount
    core.log(state, key, player=player, gained=amount, **args)


def pay(state: dict, player: int, amount: int, key: str, **args) -> None:
    """A payment to the bank, logged in public (PAX-7.7). Callers checked that the player can afford it."""
    state["money"][player] -= amount
    core.log(state, key, player=player, paid=amount, **args)


def intrigue(state: dict, player: int) -> int:
    return symbol_counts(state["areas"][player])["intrigue"]


def check_primus_conspiratus(state: dict, player: int) -> None:
    """PAX-5.16 / PAX-5.17 / PAX-5.18: strictly more Intrigue symbols than the holder (or > 0) takes the card."""
    holder = state["pc"]
    if holder == player:
        return
    mine = intrigue(state, player)
    needed = 0 if holder is None else intrigue(state, holder)
    if mine > needed:
        state["pc"] = player
        core.log(state, "pax.log.primus_conspiratus", player=player, intrigue=mine)
