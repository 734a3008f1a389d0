"""Saved games in storage (pygames.app.storage) in CPython: two tabs, unreadable saves, full or disabled storage.

`MemoryStorage` implements the Web Storage interface (getItem/setItem/removeItem/key/length, a quota in
characters) so the same `Tab` code the browser runs is exercised here; the browser tests run it on the real one.
"""

import json

import pytest
from pygames_testgames import hidden_nim as nim

from pygames.app import storage
from pygames.app.session import COMPUTER, HUMAN, Seat, Session

DEEP = "[" * 5_000 + "]" * 5_000


class MemoryStorage:
    """The Web Storage interface over a dict; setItem raises like QuotaExceededError past `quota` characters."""

    def __init__(self, quota: int = 5_000_000):
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):  # noqa: N802 (the Web Storage names)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise OSError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, index):
        return list(self.items)[index]

    @property
    def length(self):
        return len(self.items)


def tab_on(local: MemoryStorage) -> storage.Tab:
    """A new tab of a browser whose localStorage is `local` (each tab has its own sessionStorage)."""
    session = MemoryStorage()
    return storage.Tab(storage.Store(lambda: local), storage.Store(lambda: session))


def save_text(moves: int = 0, updated: float = 1.0) -> str:
    session = Session.start(nim, [Seat("Ann", HUMAN), Seat("", COMPUTER)], 4, {}, "hnim-1")
    for action in ["take:1", "end"][:moves]:
        session.act(action)
    return session.to_save(updated=updated)


def test_a_tab_never_writes_over_a_save_another_tab_moved_on():
    local = MemoryStorage()
    a, b = tab_on(local), tab_on(local)
    assert a.write("hnim-1", save_text(0)) == storage.SAVED
    assert b.read("hnim-1") == save_text(0)
    assert b.write("hnim-1", save_text(1)) == storage.SAVED  # B plays
    assert a.newer("hnim-1") == save_text(1)
    assert a.write("hnim-1", save_text(2)) == storage.CONFLICT  # stale A: nothing written
    assert local.items["pygames.save.hnim-1"] == save_text(1)
    assert a.read("hnim-1") == save_text(1) and a.write("hnim-1", save_text(2)) == storage.SAVED
    assert b.write("hnim-1", save_text(1, updated=5.0)) == storage.CONFLICT  # and now B is the stale one


def test_same_moves_ignores_only_when_the_save_was_written():
    assert storage.same_moves(save_text(1, updated=1.0), save_text(1, updated=9.0))
    assert not storage.same_moves(save_text(1), save_text(2))
    assert not storage.same_moves(save_text(1), DEEP) and not storage.same_moves(None, save_text(1))


def test_each_tab_keeps_its_own_game_and_a_fresh_tab_opens_on_the_home_screen():
    local = MemoryStorage()
    a, b = tab_on(local), tab_on(local)
    a.opened("ps-1")
    # a fresh tab (or the bare address typed again) opens on the home screen, that game first under Continue
    # (issue 47); the device still notes the game last opened (the home list's first entry)
    assert tab_on(local).current() is None and local.items["pygames.current"] == "ps-1"
    b.opened("sik-2")
    assert (a.current(), b.current()) == ("ps-1", "sik-2")
    a.left("ps-1")  # A went home: its reload shows home, and the device pointer (B's game) is untouched
    assert a.current() is None and b.current() == "sik-2" and local.items["pygames.current"] == "sik-2"
    b.left("sik-2")
    assert "pygames.current" not in local.items and tab_on(local).current() is None and b.current() is None


def test_full_storage_fails_the_write_and_keeps_the_previous_save():
    local = MemoryStorage(quota=2_000)
    tab = tab_on(local)
    assert tab.write("hnim-1", save_text(0)) == storage.SAVED
    local.setItem("filler", "x" * (2_000 - sum(len(k) + len(v) for k, v in local.items.items()) - 6))
    assert tab.write("hnim-1", save_text(2) + " " * 50) == storage.FAILED
    assert local.items["pygames.save.hnim-1"] == save_text(0)
    assert tab.newer("hnim-1") is None  # a failed write is not a change made by another tab


def test_disabled_storage_reads_nothing_and_refuses_writes_without_raising():
    def blocked():
        raise PermissionError("SecurityError: access to localStorage is denied")

    tab = storage.Tab(storage.Store(blocked), storage.Store(blocked))
    assert tab.current() is None and tab.read("x") is None and tab.entries() == []
    assert tab.write("hnim-1", save_text(0)) == storage.FAILED
    tab.left("hnim-1")
    tab.delete("hnim-1")


def test_unreadable_saves_are_listed_with_their_reason_and_never_dropped():
    local = MemoryStorage()
    tab = tab_on(local)
    tab.write("hnim-1", save_text(1))
    local.setItem("pygames.save.deep", DEEP)
    local.setItem("pygames.save.chess", json.dumps({"app": "pygames", "game": "chess", "seats": [], "history": []}))
    local.setItem("pygames.saves", '["deep", ' * 3_000)  # a hostile index is ignored, never fatal
    entries = {e.save_id: e for e in tab.entries()}
    assert set(entries) == {"hnim-1", "deep", "chess"}  # every stored save, even those the index lost
    assert entries["hnim-1"].error is None and entries["hnim-1"].data["history"] == [[0, "take:1"]]
    assert entries["deep"].error.key == "core.save.too_deep" and entries["deep"].text == DEEP
    assert entries["chess"].error.key == "core.save.unknown_game"
    assert local.items["pygames.save.deep"] == DEEP  # listing never deletes
    tab.delete("deep")
    assert "pygames.save.deep" not in local.items


@pytest.mark.parametrize("index,keys,expected", [
    (["b", "a"], ["pygames.save.a", "pygames.save.b", "pygames.lang"], ["b", "a"]),
    (["gone", "a"], ["pygames.save.a", "pygames.save.c"], ["a", "c"]),
    ([], ["pygames.save.z", "pygames.save.y"], ["y", "z"]),
])
def test_saves_are_listed_in_index_order_then_the_ones_it_lost(index, keys, expected):
    assert storage.ordered_ids(index, keys) == expected


def test_a_new_tutorial_finds_only_the_earlier_saves_of_its_own_game():
    """A guided game started again replaces its earlier save (tutorial_ui.start deletes what this returns): not
    another game's, not a skipped one (a normal game by then), not an unreadable one."""
    local = MemoryStorage()
    tab = tab_on(local)
    for save_id, tutorial in (("ps-t1", "ps"), ("ps-t2", "ps"), ("pax-t", "pax"), ("plain", None)):
        data = json.loads(save_text(1))
        if tutorial:
            data["tutorial"] = tutorial
        tab.write(save_id, json.dumps(data))
    local.setItem("pygames.save.broken", '{"tutorial": "ps"')
    assert sorted(tab.tutorial_saves("ps")) == ["ps-t1", "ps-t2"]
    assert tab.tutorial_saves("sik") == []


def test_a_save_says_whose_turn_it_is_from_the_public_view():
    """The home list names the seats to move without replaying: the save's `to_move` is what every view shows,
    the spectator's included (so it tells nothing hidden)."""
    from pygames import core

    session = Session.start(nim, [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], 4, {}, "hnim-1")
    session.viewer = 0
    for action in ("take:2", "end"):
        data = json.loads(session.to_save())
        assert data["to_move"] == core.view(nim, session.state, None)["to_move"] == session.to_move()
        session.act(action)
    assert json.loads(session.to_save())["to_move"] == [1]
