"""Setup (PS-3.x): all the game's chance happens here, in the order of PS-8.1."""

from __future__ import annotations

from pygames import core

from .data import ACHIEVEMENTS, CARDS_FACE_UP, DATA, HEXES, PATHS, ROTATIONS, STATUES, TILES, TOKENS, TYPES


def setup(state: dict) -> None:
    """Fill a fresh state. Chance C1..C7 (PS-8.1) is drawn from core.rng in that order."""
    rng = core.rng(state)
    hexes = rng.sample(sorted(HEXES), DATA["hexes_used"])          # C1, PS-3.3: 6 of the 10 hexes
    rng.shuffle(hexes)                                              # C2, PS-3.4: random tile slots
    tiles = [[h, rng.below(ROTATIONS)] for h in hexes]              # C3, PS-3.5: rotation r in {0,1,2}
    tokens = rng.shuffled(sorted(TOKENS))                           # C4, PS-3.6: one token per path
    up = {t: TOKENS[t][rng.below(2)] for t in sorted(TOKENS)}       # C5, PS-3.7: random face, 1/2 each
    face_up_cards = rng.sample(sorted(ACHIEVEMENTS, key=_card_order), CARDS_FACE_UP)  # C6, PS-3.9
    first = rng.below(2)                                            # C7, PS-3.11: random first player
    assert len(tiles) == len(TILES) and len(tokens) == len(PATHS)
    state.update({
        "tiles": tiles,
        "tok": tokens,                                     # token id on each path (None once taken)
        "up": up,                                          # PS-4.6: a token keeps its up face forever
        "own": [None] * len(PATHS),                        # passage owner per path
        "held": [[], []],                                  # tokens taken, in order
        "statues": dict.fromkeys(STATUES),                 # PS-3.8: every statue on its node
        "m": dict.fromkeys(TYPES, 0),                      # PS-3.2: all markers on the centre zone
        "cards": [[c, None] for c in sorted(face_up_cards, key=_card_order)],  # PS-3.9
        "first": first,
        "phase": "comp",                                   # PS-3.12: D1 is asked of P2 first
        "active": 1 - first,
        "turn": 0,                                         # PS-3.13: placements made
        "last": None,
        "mid": None,
        "final": None,
    })
    core.log(state, "ps.log.setup", first_player=first)


def _card_order(card: str) -> int:
    return int(card[1:])
