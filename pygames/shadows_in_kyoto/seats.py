"""Who plays which side (SIK-3.1 / 8.1), and how a pile is built and a hand ordered.

The small helpers that setup, the turn rules, the views and the scoring all need: they live below every one of
them, so that setup may hand over to the turn rules (SIK-3.14) without the two importing each other.
"""

from __future__ import annotations

from . import data as D


def seat(state: dict, side: int) -> int:
    """SIK-3.1 / 8.1: the seat playing `side` (option `oniwaban` = seat of the Oniwaban player)."""
    return side ^ state["o"]


def side_of(state: dict, seat_: int) -> int:
    return seat_ ^ state["o"]


def new_deck(counts: dict) -> list[str]:
    return [card for card, n in counts.items() for _ in range(n)]


def sort_hand(hand: list[str]) -> None:
    hand.sort(key=D.card_order)
