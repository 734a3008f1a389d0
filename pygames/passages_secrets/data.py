"""The game's tables, loaded from data.json (PS-2.x). Nothing here is a rule; rules read these tables.

Every [DEF] value of the spec lives in data.json so that a player who owns the box can correct it (PS-2.18).
This module only indexes the JSON for fast look-ups (path numbers, bit masks, node adjacency).
"""

from __future__ import annotations

import json
import pathlib
from functools import lru_cache

#: Version of the state layout (bumped when it changes).
FORMAT = 1

DATA = json.loads(pathlib.Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

TYPES: tuple[str, ...] = tuple(DATA["types"])                   # PS-2.2 canonical order
LOOT_COLOURS: tuple[str, ...] = tuple(DATA["loot_colours"])     # PS-2.3
TYPE_LOOT: dict = DATA["type_loot"]                              # PS-2.2 matching loot colour (None for NOB)
TILES: tuple[str, ...] = tuple(DATA["tiles"])                    # T1..T6
SLOTS: tuple[str, ...] = tuple(DATA["slots"])                    # N, SE, SW
HEXES: dict = DATA["hexes"]                                      # PS-2.10
ROTATIONS: int = DATA["rotations"]                               # PS-2.11
TOKENS: dict = DATA["tokens"]                                    # PS-2.12 token id -> [face, face]
SHOVEL_FACES: dict = DATA["shovel_faces"]                        # PS-2.13
Z: int = DATA["control"]["zones_per_side"]                       # PS-2.14
LOOT_TABLE: list = DATA["loot_table"]                            # PS-2.15
ACHIEVEMENTS: dict = DATA["achievements"]                        # PS-2.16
FLAGS: dict = DATA["flags"]                                      # PS-2.18 rule flags
PASSAGES_EACH: int = DATA["players"]["passages_each"]            # PS-2.17
TURNS: int = DATA["players"]["turns"]                            # PS-1.1
CARDS_FACE_UP: int = DATA["cards_face_up"]                       # PS-3.9
MIDGAME: dict = DATA["midgame"]                                  # PS-6.2, PS-6.3
REWARDS: dict = DATA["rewards"]                                  # PS-6.13 - 6.17 constants

PATHS: tuple[str, ...] = tuple(p["id"] for p in DATA["paths"])  # PS-2.6 canonical order
PATH_INDEX: dict = {pid: i for i, pid in enumerate(PATHS)}
PATH_ENDS: tuple = tuple(tuple(p["ends"]) for p in DATA["paths"])
PATH_DISTRICTS: tuple = tuple(tuple(p["districts"]) for p in DATA["paths"])
NODES: tuple[str, ...] = tuple(DATA["nodes"])
STATUES: dict = DATA["statues"]                                  # PS-2.7 statue node -> surrounding paths
STATUE_MASKS: dict = {s: sum(1 << PATH_INDEX[p] for p in ps) for s, ps in STATUES.items()}
DISTRICTS: dict = DATA["districts"]                              # PS-2.8
ENCLOSED_MASKS: tuple = tuple(sum(1 << PATH_INDEX[p] for p in d["paths"])
                              for d in DISTRICTS.values() if d["enclosed"])
SHOVEL_IDS: frozenset = frozenset(f for f in SHOVEL_FACES)


def is_shovel(face: str) -> bool:
    """PS-5.11: shovel faces are never loot."""
    return face in SHOVEL_IDS


def district_type(tiles: list, district: str) -> str:
    """PS-2.11: slot i of a tile turned r times holds the hex's types[(i - r) mod 3]."""
    tile, slot = district.split(".")
    hex_id, r = tiles[TILES.index(tile)]
    return HEXES[hex_id][(SLOTS.index(slot) - r) % ROTATIONS]


@lru_cache(maxsize=4096)
def _path_types(key: tuple) -> tuple:
    tiles = [list(t) for t in key]
    return tuple(tuple(district_type(tiles, d) for d in pair) for pair in PATH_DISTRICTS)


def path_types(tiles: list) -> tuple:
    """The two District types along each path (PS-2.6 after rotations), in canonical path order."""
    return _path_types(tuple(tuple(t) for t in tiles))
