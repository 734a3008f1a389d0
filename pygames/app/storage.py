"""Saved games in the browser's storage: what is saved, which game each tab plays, and no lost move.

Keys (the JS side of the app must read them the same way):
  localStorage   "pygames.save.<id>"  one saved game (the JSON of `Session.to_save`), read through core.parse_json
                 "pygames.saves"      JSON list of save ids, most recent first (order only: every
                                      "pygames.save.*" key is a saved game, listed or not)
                 "pygames.current"    the game last opened on this device (first in the home screen's list)
  sessionStorage "pygames.current"    this tab's own game; "" = this tab is on the home screen

Two tabs: a tab remembers the text of each save as it last read or wrote it (`Tab.known`) and never writes over
a save whose stored text has changed since; it loads the newer text instead. Nothing here touches the DOM:
`Store` wraps any object with the Web Storage interface (app.py passes the browser's), and turns its failures
(storage disabled, quota exceeded) into return values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pygames import core
from pygames.core import registry

LANG_KEY, INDEX_KEY, CURRENT_KEY, SAVE_PREFIX = "pygames.lang", "pygames.saves", "pygames.current", "pygames.save."
ANALYSIS_PREFIX = "pygames.analysis."  # a finished game's analysis, beside its save (pygames/web/analysing.py)
SAVED, FAILED, CONFLICT = "saved", "failed", "conflict"


class Store:
    """One Web Storage area. `area` is a function returning it, since merely reaching a disabled
    localStorage raises. Reads of a broken store give None; writes say whether they worked."""

    def __init__(self, area):
        self._area = area

    def get(self, key: str) -> str | None:
        try:
            value = self._area().getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull, not None

    def set(self, key: str, value: str | None) -> bool:
        try:
            if value is None:
                self._area().removeItem(key)
            else:
                self._area().setItem(key, value)
        except Exception:  # QuotaExceededError, SecurityError (storage disabled)
            return False
        return True

    def keys(self) -> list[str]:
        try:
            area = self._area()
            found = [area.key(i) for i in range(int(area.length))]
        except Exception:
            return []
        return [k for k in found if isinstance(k, str)]


@dataclass
class Entry:
    """A saved game as the home list shows it: its header when it reads, else the reason it does not."""

    save_id: str
    text: str
    data: dict | None = None
    error: core.InvalidSave | None = None


def read_entry(save_id: str, text: str) -> Entry:
    """Check what the list needs (through the same depth-checked parser as import and resume), without replaying
    the game: the full check happens when the game is resumed."""
    try:
        data = core.parse_json(text)
        if not isinstance(data, dict) or data.get("app") != core.engine.APP:
            raise core.InvalidSave("core.save.not_ours", {}, "not a pygames save")
        game = data.get("game")
        if not isinstance(game, str) or game not in {**registry.PACKAGES, **registry.EXTRA_PACKAGES}:
            raise core.InvalidSave("core.save.unknown_game", {"game": core.guard.clip(game, 40)}, "unknown game")
        for field in ("seats", "history"):
            if not isinstance(data.get(field), list):
                raise core.InvalidSave("core.save.schema", {"field": field}, f"field {field!r} is wrong")
    except core.InvalidSave as exc:
        return Entry(save_id, text, error=exc)
    return Entry(save_id, text, data=data)


def parse_index(text: str | None) -> list[str]:
    try:
        data = core.parse_json(text or "[]")
    except core.InvalidSave:
        return []
    return list(dict.fromkeys(i for i in data if isinstance(i, str))) if isinstance(data, list) else []


def ordered_ids(index: list[str], keys: list[str]) -> list[str]:
    """Saves in index order, then any stored save the index lost (two tabs writing it at once): none is hidden."""
    stored = [k[len(SAVE_PREFIX):] for k in keys if k.startswith(SAVE_PREFIX)]
    present = set(stored)
    return [i for i in index if i in present] + sorted(i for i in present if i not in index)


def same_moves(a: str | None, b: str | None) -> bool:
    """Two texts of one save that differ only in when they were written (no move, seat or option changed)."""
    if a == b:
        return True
    try:
        first, second = core.parse_json(a), core.parse_json(b)
    except core.InvalidSave:
        return False
    if not (isinstance(first, dict) and isinstance(second, dict)):
        return False
    first.pop("updated", None)
    second.pop("updated", None)
    return first == second


class Tab:
    """This tab's view of the saved games: its own current game and the text it last saw of each save."""

    def __init__(self, local: Store, session: Store):
        self.local, self.session = local, session
        self.known: dict[str, str] = {}

    # ------------------------------------------------------------------ which game this tab plays

    def current(self) -> str | None:
        """This tab's game after a reload. A fresh tab (or the bare address typed again) has none: it opens on the
        home screen, where Continue comes first (issue 47: it opened straight into the last game)."""
        return self.session.get(CURRENT_KEY) or None

    def opened(self, save_id: str) -> None:
        self.session.set(CURRENT_KEY, save_id)
        self.local.set(CURRENT_KEY, save_id)

    def left(self, save_id: str | None) -> None:
        """This tab went home (or its game ended): a reload shows home, and a fresh tab does not reopen it."""
        self.session.set(CURRENT_KEY, "")
        if save_id is not None and self.local.get(CURRENT_KEY) == save_id:
            self.local.set(CURRENT_KEY, None)

    # ------------------------------------------------------------------ reading and writing saves

    def read(self, save_id: str) -> str | None:
        text = self.local.get(SAVE_PREFIX + save_id)
        if text is not None:
            self.known[save_id] = text
        return text

    def newer(self, save_id: str) -> str | None:
        """The stored text if another tab changed this save since this tab last read or wrote it."""
        stored = self.local.get(SAVE_PREFIX + save_id)
        if stored is None or save_id not in self.known or stored == self.known[save_id]:
            return None
        return stored

    def write(self, save_id: str, text: str) -> str:
        """SAVED, FAILED (storage full or disabled) or CONFLICT (another tab moved on: nothing written)."""
        if self.newer(save_id) is not None:
            return CONFLICT
        if not self.local.set(SAVE_PREFIX + save_id, text):
            return FAILED
        self.known[save_id] = text
        index = [i for i in parse_index(self.local.get(INDEX_KEY)) if i != save_id]
        self.local.set(INDEX_KEY, json.dumps([save_id, *index]))
        return SAVED

    def delete(self, save_id: str) -> None:
        """Only ever on the user's request, or for the earlier save of a guided game started again."""
        self.local.set(SAVE_PREFIX + save_id, None)
        self.local.set(INDEX_KEY, json.dumps([i for i in parse_index(self.local.get(INDEX_KEY)) if i != save_id]))
        self.known.pop(save_id, None)

    def tutorial_saves(self, game_id: str) -> list[str]:
        """The readable saves of `game_id`'s guided game (`tutorial` field): a new one replaces them, so the list
        keeps one per game. A tutorial the player skipped is a normal game by then (no `tutorial` field) and stays."""
        return [e.save_id for e in self.entries() if e.data is not None and e.data.get("tutorial") == game_id]

    def entries(self) -> list[Entry]:
        ids = ordered_ids(parse_index(self.local.get(INDEX_KEY)), self.local.keys())
        found = []
        for save_id in ids:
            text = self.local.get(SAVE_PREFIX + save_id)
            if text is not None:
                found.append(read_entry(save_id, text))
        return found
