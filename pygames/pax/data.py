"""PAX game data (PAX-2.x): loaded from data.json so an owner of the box can correct the [DEF] values.

Nothing in the engine repeats a number of the tables: every count, threshold and point value is read here.
"""

from __future__ import annotations

import json
import pathlib

#: Version of the state layout and card data (bumped when either changes: a save replays its history on this
#: data). 3: the card list of data.json tuned for balance (PAX-2.4).
FORMAT = 3

_RAW = json.loads(pathlib.Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

#: PAX-2.7: the seven category codes, in the seed's display order.
CATEGORIES: tuple[str, ...] = tuple(c["code"] for c in _RAW["categories"])
CATEGORY_INFO: dict[str, dict] = {c["code"]: c for c in _RAW["categories"]}

#: PAX-2.4 / PAX-2.11: id -> (category, symbols, value). Ids are listed in data order (cheap to dear).
CARDS: dict[str, tuple[str, int, int]] = {cid: (cat, sym, val) for cid, cat, sym, val in _RAW["cards"]}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
ORDER: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}

#: PAX-2.6: the parameters table.
P: dict = _RAW["params"]
POINTS: dict[str, int] = P["points"]

#: PAX-3.20: solo levels, by level number.
SOLO_LEVELS: dict[int, dict] = {lv["level"]: lv for lv in _RAW["solo_levels"]}


def category(card: str) -> str:
    return CARDS[card][0]


def symbols(card: str) -> int:
    """PAX-2.8: how many category symbols the card shows."""
    return CARDS[card][1]


def value(card: str) -> int:
    """PAX-2.10: the printed value in Aurei (buying price, Rome's choice)."""
    return CARDS[card][2]


def sort_cards(cards) -> list[str]:
    """A canonical order for sets of cards (hands, areas), so equal sets give equal states."""
    return sorted(cards, key=ORDER.__getitem__)


def legion_count(players: int) -> int:
    """PAX-2.18 / PAX-3.5 / PAX-3.14: players + 1 Legions, or 3 in solo."""
    return P["solo_legions"] if players == 1 else players + P["extra_legions"]


def removed_count(players: int) -> int:
    """PAX-2.16 / PAX-2.30: cards removed unseen at setup."""
    return P["removed_by_players"][str(players)]
