"""The games the app knows, in home-page order. A game is playable once its package sets READY = True."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

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


class LazyGames(Mapping):
    """{id: module} of playable games that imports a game only when it is first asked for, so the app's boot
    does not pay for compiling four rules engines it may not need (the home page is prebuilt)."""

    def __init__(self, ids=(*GAME_IDS, *EXTRA_PACKAGES)):
        self._ids = tuple(ids)
        self._loaded: dict = {}

    def get(self, game_id, default=None):
        if not isinstance(game_id, str) or game_id not in self._ids:
            return default
        if game_id not in self._loaded:
            self._loaded[game_id] = load(game_id)
        return self._loaded[game_id] or default

    def __getitem__(self, game_id):
        module = self.get(game_id)
        if module is None:
            raise KeyError(game_id)
        return module

    def __contains__(self, game_id) -> bool:
        return self.get(game_id) is not None

    def __iter__(self):
        return (game_id for game_id in self._ids if game_id in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)
