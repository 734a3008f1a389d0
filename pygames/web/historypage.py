"""The history of finished games on this device (pygames/app/history.py decides, historyview.py draws): each game
that ends here is recorded once, its analysis added when it is done; the history screen is patched in one call
from its model; the history is exported as a file of its own and an imported one is joined to this device's. A
stored history that cannot be read is never written over: it stays as it is, the screen says so, and new games
wait for it to be exported or cleared."""

from __future__ import annotations

import json
import time

from pygames.app import history
from pygames.app.storage import SAVE_PREFIX
from pygames.core import engine as core
from pygames.core.guard import nesting_depth

from . import dom, historyview, vdom
from .dom import by_id


def read(store) -> tuple[list[dict], tuple[str, dict] | None]:
    """This device's history, or ([], why) when its text cannot be read (then it is kept, not written over)."""
    text = store.get(history.KEY)
    if text is None:
        return [], None
    try:
        return history.parse(text), None
    except core.InvalidSave as exc:
        return [], (exc.key, exc.params)


def remember(store, session) -> None:
    """A game that ended on this device, recorded once (a guided game is practice: not recorded)."""
    if session.tutorial:
        return
    records, refused = read(store)
    if refused is not None:
        return
    known = next((r for r in records if r["id"] == session.save_id), None)
    if known is not None and known["moves"] == len(session.state["history"]):
        return
    store.set(history.KEY, history.to_text(history.with_record(records, history.record(session, time.time()))))


def remember_analysis(store, save_id: str, reports: list[dict]) -> None:
    records, refused = read(store)
    if refused is None and any(r["id"] == save_id for r in records):
        store.set(history.KEY, history.to_text(history.with_analysis(records, save_id, reports)))


def model(store, puzzles: int = 0) -> historyview.Screen:
    records, refused = read(store)
    saves = frozenset(key[len(SAVE_PREFIX):] for key in store.keys() if key.startswith(SAVE_PREFIX))
    return historyview.Screen(history.statistics(records), tuple(records), saves, refused, puzzles)


def draw(store, cat, puzzles: int = 0) -> None:
    vdom.patch(by_id("history"), historyview.screen(model(store, puzzles), cat))


def export(store) -> None:
    records, refused = read(store)
    text = store.get(history.KEY) if refused is not None else history.to_text(records)  # an unreadable one as is
    dom.download(text or history.to_text([]), "pygames-history.json")


def is_history(text: str) -> bool:
    """Whether an imported file is a history (rather than a save): its fields say so. A file too big or too deep to
    be one is not read here (a hostile save is refused by the save's own checks)."""
    if len(text) > history.MAX_TEXT or nesting_depth(text) > 8:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and "history" in data and "records" in data


def imported(store, text: str) -> int:
    """An imported history joined to this device's; returns how many games it added. A refused file raises
    InvalidSave (nothing is written); so does a stored history that cannot be read (it is not written over)."""
    theirs = history.parse(text)
    mine, refused = read(store)
    if refused is not None:
        raise core.InvalidSave(*refused, "the stored history cannot be read")
    joined = history.merged(mine, theirs)
    store.set(history.KEY, history.to_text(joined))
    return len(joined) - len(mine)
