"""The replaceable game data (SIK-2.22), loaded once from data.json, plus geometry derived from it.

Nothing here is a rule decision: the code elsewhere reads these tables and never repeats their values.
"""

from __future__ import annotations

import json
import pathlib

#: Version of the state layout (bumped when it changes).
FORMAT = 2  # 2: the map of SIK-2.6, public Charisma picks, Equipment before and after the play

RAW = json.loads(pathlib.Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

O, G = 0, 1  # noqa: E741  (sides: Oniwaban, Government)
COLUMNS: str = RAW["columns"]
ROWS: int = RAW["rows"]
CELLS: dict = RAW["cells"]
SITE_TYPES: tuple = tuple(RAW["site_types"])
IDENTITIES: dict = RAW["identities"]
IDENTITY_ORDER: tuple = tuple(IDENTITIES)  # canonical order, SIK-2.13
CONFLICT: list = RAW["conflict"]
SITE_DECK: dict = RAW["site_deck"]
TACTIC_DECK: dict = RAW["tactic_deck"]
SITE_CARDS: tuple = tuple(SITE_DECK)
TACTIC_CARDS: tuple = tuple(TACTIC_DECK)
CHARISMA: dict = RAW["charisma"]
EQUIPMENT: dict = RAW["equipment"]
HAND_SIZE: int = RAW["hand_size"]
OPENING: dict = RAW["opening_hand"]
FIRST_SIDE: int = RAW["first_side"]
TRUE_TO_CAPTURE: int = RAW["true_to_capture"]
FALSE_TO_LOSE: int = RAW["false_to_lose"]
PLACEMENT_ORDER: list = RAW["placement_order"]
JOKER = "joker"  # the wildcard Site card (SIK-2.16)
NEUTRAL, HQ = "neutral", "hq"


def direction(side: int, name: str) -> tuple[int, int]:
    """SIK-2.4 / 2.5: the (dcol, drow) vector of a named direction, seen from `side`'s seat."""
    dc, dr = RAW["directions"][name][side]
    return dc, dr


_GROUPS = [{name: [direction(side, d) for d in dirs] for name, dirs in RAW["direction_groups"].items()}
           for side in (O, G)]


def group(side: int, name: str) -> list[tuple[int, int]]:
    """The vectors of a direction group (FWD3, BACK3, DEF5, ROW) for `side`."""
    return _GROUPS[side][name]


def cell_name(col: int, row: int) -> str | None:
    """The cell at 0-based column `col` and 1-based `row`, or None off the grid (SIK-4.21)."""
    if 0 <= col < len(COLUMNS) and 1 <= row <= ROWS:
        return f"{COLUMNS[col]}{row}"
    return None


def _step(cell: str, vec: tuple[int, int]) -> str | None:
    return cell_name(COLUMNS.index(cell[0]) + vec[0], int(cell[1:]) + vec[1])


_VECTORS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
_NEXT = {cell: {vec: _step(cell, vec) for vec in _VECTORS} for cell in CELLS}


def step(cell: str, vec: tuple[int, int]) -> str | None:
    """The cell one step from `cell` along `vec`, or None if it leaves the grid (SIK-4.21)."""
    return _NEXT[cell][vec]


def cell_type(cell: str) -> str:
    return CELLS[cell]["type"]


def hq_owner(cell: str) -> int | None:
    return CELLS[cell].get("hq")


def territory_owner(cell: str) -> int | None:
    return CELLS[cell].get("terr")


def is_coloured(cell: str) -> bool:
    """Temple / House / Market / Castle cells: the only ones a Bait can match (SIK-5.20)."""
    return cell_type(cell) in SITE_TYPES


def territory(side: int) -> list[str]:
    """SIK-2.7: the cells of `side`'s territory."""
    return list(_TERRITORY[side])


def hq_cells(side: int) -> list[str]:
    """SIK-2.9: `side`'s HQ cells."""
    return [c for c in CELLS if hq_owner(c) == side]


def start_cells(side: int) -> list[str]:
    """SIK-2.8: `side`'s start cells."""
    return [c for c in CELLS if CELLS[c].get("start") == side]


def neutral_in_territory(side: int) -> list[str]:
    """SIK-2.10: the neutral cell(s) of `side`'s territory (Chiharu's ban, SIK-5.45)."""
    return _NEUTRAL_IN[side]


def power(ident: str) -> int:
    return IDENTITIES[ident]["power"]


def is_true(ident: str) -> bool:
    return IDENTITIES[ident]["true"]


def has_star(ident: str) -> bool:
    return IDENTITIES[ident]["star"]


def attacker_wins(attacker: str, defender: str) -> bool:
    """SIK-2.14 / 2.15 / 4.35: look up the conflict table; ties go to the attacker."""
    return CONFLICT[power(attacker)][power(defender)] == "A"


def charisma_of(side: int) -> list[str]:
    """SIK-2.18: the side's own three Charisma cards (Ruri is neutral)."""
    return [c for c, d in CHARISMA.items() if d["side"] == side]


def equipment_of(side: int) -> list[str]:
    """SIK-2.19: the side's three Equipment cards."""
    return [e for e, d in EQUIPMENT.items() if d["side"] == side]


def is_site(card: str) -> bool:
    return card in SITE_DECK


def kind(card: str) -> str:
    """'site' or 'tactic': the deck a card belongs to."""
    return "site" if card in SITE_DECK else "tactic"


def card_order(card: str) -> int:
    """A stable sort key for hands: Site cards first, in data order, then Tactic cards."""
    return (SITE_CARDS + TACTIC_CARDS).index(card)


ALL_CELLS: tuple = tuple(sorted(CELLS, key=lambda c: (int(c[1:]), c[0])))

_TERRITORY = [tuple(c for c in ALL_CELLS if territory_owner(c) == side) for side in (O, G)]
_NEUTRAL_IN = [[c for c in _TERRITORY[side] if cell_type(c) == NEUTRAL] for side in (O, G)]
