"""The games the app knows, in home-page order. A game is playable once its package sets READY = True."""

from __future__ import annotations

import importlib

GAME_IDS = ("ps", "pax", "spy", "sik")
PACKAGES = {"ps": "pygames.passages_secrets", "pax": "pygames.pax", "spy": "pygames.spyworld",
            "sik": "pygames.shadows_in_kyoto"}
# Extra packages that register games only in test builds (see build.py --test-games); never listed on home.
EXTRA_PACKAGES = {"hnim": "pygames_testgames.hidden_nim"}


def load(game_id: str):
    """The game module for `game_id`, or None if it is unknown or not playable yet."""
    name = PACKAGES.get(game_id) or EXTRA_PACKAGES.get(game_id)
    if name is None:
        return None
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    return module if getattr(module, "READY", False) else None


def playable() -> dict:
    """{id: module} for every playable game, test games included when their package is present."""
    found = {}
    for game_id in (*GAME_IDS, *EXTRA_PACKAGES):
        module = load(game_id)
        if module is not None:
            found[game_id] = module
    return found
