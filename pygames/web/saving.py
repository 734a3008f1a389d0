"""What the controller decides about saves, pure: two tabs on one game, reading a save, importing a file, what a
board keeps on this device. Storage is reached through `storage.Tab` / `storage.Store` (the page's storage in the
browser, a dict in tests); nothing here draws or says anything: the controller turns the answers into notices.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pygames import core
from pygames.app.session import Session


@dataclass(frozen=True)
class Newer:
    """Another tab moved this game on: `session` is its newer state (None: that text could not be read, so this
    tab's game goes on under a new id, both kept)."""

    session: Session | None


class Saver:
    """This tab's saving of its game: every change written, never over a newer state another tab wrote; a failure
    (storage full or disabled) is said once, until a save works again."""

    def __init__(self, tab, games):
        self.tab, self.games = tab, games
        self.failing = False

    def save(self, session: Session, now: float) -> tuple[Newer | None, bool]:
        """Write `session`; (another tab's newer state to take instead, or None; whether saving just failed)."""
        from pygames.app.storage import CONFLICT, FAILED

        from .match_view import offer

        outcome = self.tab.write(session.save_id, session.to_save(updated=now))
        if outcome == CONFLICT:  # our last change was made on a stale game: take the newer one
            return self.newer(session, now), False
        failed_now = outcome == FAILED and not self.failing
        self.failing = outcome == FAILED
        if session.over and offer(session, session.result()) is None:  # a pending follow-up game stays current
            self.tab.left(session.save_id)
        return None, failed_now

    def newer(self, session: Session, now: float) -> Newer | None:
        """Whether another tab moved `session`'s game on since this tab last read or wrote it; None when not (a
        text only re-saved over there, with the same moves, is taken as known). A newer text that cannot be read
        is kept: this tab's game is saved under a new id (`Newer(None)`)."""
        from pygames.app.storage import same_moves

        save_id = session.save_id
        newer = self.tab.newer(save_id)
        if newer is None:
            return None
        if same_moves(newer, self.tab.known[save_id]):
            self.tab.known[save_id] = newer  # only re-saved (e.g. resumed) over there
            return None
        try:
            taken = Session.from_save(newer, self.games, save_id=save_id)
        except core.InvalidSave:
            session.save_id = f"{save_id}-{int(now * 1000)}"
            self.tab.opened(session.save_id)
            self.save(session, now)
            return Newer(None)
        self.tab.known[save_id] = newer
        return Newer(taken)


def read(tab, save_id: str, games) -> Session | None:
    """The stored game `save_id` as a session; None when there is no such save. Raises `core.InvalidSave` (kept
    as it is: the home list says why, and offers Export and Delete)."""
    text = tab.read(save_id)
    if text is None:
        return None
    return Session.from_save(text, games, save_id=save_id)


def refusal_params(exc: core.InvalidSave) -> str:
    """The reason's values for the home list (static/shell.js `refused`), each cut short."""
    from pygames.core.guard import clip

    return json.dumps({key: clip(value) for key, value in exc.params.items()})


def check_import_size(size: int) -> None:
    """A file too big to be a save is refused before it is read (4 bytes per UTF-8 character at most)."""
    if size > 4 * core.engine.MAX_SAVE_BYTES:
        raise core.InvalidSave("core.save.too_big", {}, "file too big")


def device_data(stored: str | None) -> dict:
    """What a board keeps on this device (`DEVICE_KEY`), depth-checked: a deep record never kills Pyodide."""
    try:
        device = core.parse_json(stored or "{}")
    except core.InvalidSave:
        return {}
    return device if isinstance(device, dict) else {}


def with_device(view: dict, board, stored: str | None) -> dict:
    """The view plus the board's device data (`view["device"]`): renderers never read storage."""
    return view if board.device_key is None else {**view, "device": device_data(stored)}


def record_end(final_view: dict, board) -> tuple[dict, str | None]:
    """At the end: the final view with the board's device record updated (PAX's solo campaign), and the text to
    store under `board.device_key` (None when the board keeps nothing)."""
    if board.device_update is None or "device" not in final_view:
        return final_view, None
    device, recorded = board.device_update(final_view, final_view["device"])
    return {**final_view, "device": device, "device_recorded": recorded}, json.dumps(device)
