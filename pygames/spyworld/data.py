"""The game's tables (section 2 of the spec), read from data.json, plus the lair geometry derived from them.

SPY-2.63: every number lives in data.json; this module only indexes it. Cells are named "RC" (row, column,
1-based, SPY-2.7), e.g. "53" is the start cell; a wall segment is named by its two cells, "31-32" (SPY-2.11);
a border segment names the virtual cell just outside the grid, "01-11".
"""

from __future__ import annotations

import json
import pathlib
from operator import itemgetter

#: Version of the state layout (bumped when it changes).
FORMAT = 2  # 2: border walls (SPY-2.11), 2-12 seats (SPY-1/SPY-3.8), option "agents" (SPY-3.11)

DATA = json.loads(pathlib.Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

SHEET = DATA["sheet"]
SIZE = SHEET["size"]
CARDS = {c["id"]: c for c in DATA["cards"]}
FIXTURES = {k: v for k, v in DATA["fixtures"].items() if not k.startswith("_")}
LAIRS = {lair["id"]: lair for lair in DATA["lairs"]}
MISSIONS = {m["id"]: m for m in DATA["missions"]}
GADGETS = {g["n"]: g for g in DATA["gadgets"]}
AGENTS = {a["id"]: a for a in DATA["agents"]}
TRACKS = ("m", "s", "c")  # SPY-2.19: Movement, Stealth, Combat


def lair_of(state: dict) -> dict:
    """The one lair table the whole table plays (option `lair`)."""
    return LAIRS[state["options"]["lair"]]


def cell(r: int, c: int) -> str:
    return f"{r}{c}"


def rc(name: str) -> tuple[int, int]:
    return int(name[0]), int(name[1])


CELLS = [cell(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)]
INDEX = {name: i for i, name in enumerate(CELLS)}
START = cell(*SHEET["start"])  # SPY-2.8
HALL = frozenset(cell(*h) for h in SHEET["hall"])  # SPY-2.9
BUILDABLE = [x for x in CELLS if x != START]  # SPY-2.10, SPY-5.5


def segment(a: str, b: str) -> str:
    """The canonical name of the edge between two adjacent cells (smaller cell first)."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


def _all_segments() -> list[str]:
    out = []
    for r in range(1, SIZE + 1):
        for c in range(1, SIZE + 1):
            if c < SIZE:
                out.append(segment(cell(r, c), cell(r, c + 1)))
            if r < SIZE:
                out.append(segment(cell(r, c), cell(r + 1, c)))
    return out


def _border_segments() -> list[str]:
    """The 20 outer edges, each named by its room and the virtual room just outside the grid (row or column 0
    or 6): "01-11" is the top side of (1,1), "15-16" the right side of (1,5)."""
    out = []
    for n in range(1, SIZE + 1):
        out += [segment(cell(0, n), cell(1, n)), segment(cell(SIZE, n), cell(SIZE + 1, n)),
                segment(cell(n, 0), cell(n, 1)), segment(cell(n, SIZE), cell(n, SIZE + 1))]
    return sorted(out)


SEGMENTS_ALL = _all_segments()  # the 40 internal edges
BORDER = _border_segments()  # SPY-2.11: the 20 outer edges take walls too
BORDER_SET = frozenset(BORDER)
# SPY-2.11/SPY-2.12: every side of every room except the 4 sides of the start room: 37 internal + 19 border = 56
DRAWABLE = [s for s in SEGMENTS_ALL + BORDER if START not in s.split("-")]
DRAWABLE_SET = frozenset(DRAWABLE)


def inner_cell(seg: str) -> str:
    """The room inside the grid of a border segment (SPY-2.11)."""
    return next(x for x in seg.split("-") if x in INDEX)


def border_side(seg: str) -> str:
    """Which side of its room a border segment is: top, bottom, left or right."""
    a, b = seg.split("-")
    (ra, ca), (_, cb) = rc(a), rc(b)
    if ca == cb:
        return "top" if ra == 0 else "bottom"
    return "left" if ca == 0 else "right"

NEIGHBOURS: dict[str, list[tuple[str, str]]] = {}  # cell -> [(neighbour, direction)]
DIRS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
for _x in CELLS:
    _r, _c = rc(_x)
    NEIGHBOURS[_x] = [(cell(_r + dr, _c + dc), d) for d, (dr, dc) in DIRS.items()
                      if 1 <= _r + dr <= SIZE and 1 <= _c + dc <= SIZE]


# cell -> [(neighbour, direction, the segment between them)]
SIDES = {x: [(y, d, segment(x, y)) for y, d in near] for x, near in NEIGHBOURS.items()}


def step(x: str, d: str, n: int = 1) -> str | None:
    """The cell n steps from x in direction d, or None outside the grid."""
    r, c = rc(x)
    dr, dc = DIRS[d]
    r, c = r + n * dr, c + n * dc
    return cell(r, c) if 1 <= r <= SIZE and 1 <= c <= SIZE else None


def in_line(x: str, colour: str, number: int) -> bool:
    """SPY-2.31: red n names row n, blue n names column n."""
    r, c = rc(x)
    return (r if colour == "R" else c) == number


LINES = [(colour, n) for colour in "RB" for n in range(1, SIZE + 1)]
_LINE_BUILDABLE = {line: [x for x in BUILDABLE if in_line(x, *line)] for line in LINES}
_LINE_SEGMENTS = {line: [s for s in DRAWABLE if any(x in INDEX and in_line(x, *line) for x in s.split("-"))]
                  for line in LINES}


def line_buildable(colour: str, number: int) -> list[str]:
    """The buildable cells of a row (red) or column (blue)."""
    return _LINE_BUILDABLE[(colour, number)]


# The same cells with their grid index and whether they are in the hall (what placing a fixture looks at).
LINE_CELLS = {line: tuple((x, INDEX[x], x in HALL) for x in cells) for line, cells in _LINE_BUILDABLE.items()}


def _getter(indexes: list[int]):
    """grid -> the tuple of grid[i] for `indexes` (operator.itemgetter, which returns a bare item for one index)."""
    if len(indexes) == 1:
        return lambda grid, i=indexes[0]: (grid[i],)
    return itemgetter(*indexes) if indexes else (lambda grid: ())


# (colour, barred from the hall) -> [number] -> grid -> the contents of the line's cells where such a fixture
# may go (index 0 unused: lines are numbered 1-5)
LINE_CONTENTS = {(colour, no_hall): [None] + [_getter([i for _, i, hall in LINE_CELLS[(colour, n)]
                                                        if not (no_hall and hall)]) for n in range(1, SIZE + 1)]
                 for colour in "RB" for no_hall in (False, True)}


def segments_of_line(colour: str, number: int) -> list[str]:
    """SPY-8.9: drawable segments with at least one side-cell in the line."""
    return _LINE_SEGMENTS[(colour, number)]


_BACKS = {card_id: (c["back"][0], int(c["back"][1:])) for card_id, c in CARDS.items()}


def back(card_id: int) -> tuple[str, int]:
    """A card's back as (colour "R"/"B", number) (SPY-2.31)."""
    return _BACKS[card_id]


def gadget_count(gadgets) -> int:
    """SPY-5.19: each gadget counts its data 'count' (the Laser drill counts 2)."""
    return sum(GADGETS[n]["count"] for n in gadgets)


def card_key(card_id: int) -> str:
    """The catalogue key naming a card's face (e.g. spy.card.secret1, spy.card.train.m)."""
    card = CARDS[card_id]
    if card["kind"] == "fixture":
        return f"spy.card.{card['sub']}"
    if card["kind"] == "training":
        return f"spy.card.train.{card['sub']}"
    return f"spy.card.{card['kind']}"
