"""The controller's pure parts, in CPython: messages, saving between two tabs, a board's device data, a new game's
seats and seed (pygames/app/messages.py, saving.py, newgame.py). The controller itself runs in the browser tests."""

import json

import pytest
from pygames_testgames import hidden_nim as nim
from test_storage import MemoryStorage, tab_on

from pygames import core
from pygames.app import messages, newgame
from pygames.app.session import COMPUTER, HUMAN, LinkError, Seat, Session
from pygames.web import saving
from pygames.web.boards import Board

GAMES = {nim.ID: nim}


def nim_game(save_id: str = "hnim-1") -> Session:
    return Session.start(nim, [Seat("Ann", HUMAN), Seat("", COMPUTER)], 4, {}, save_id)


# ---------------------------------------------------------------------- messages

def test_a_command_message_is_its_name_and_argument():
    assert messages.Command.parse("rules:ps") == messages.Command("rules", "ps")
    assert messages.Command.parse("undo") == messages.Command("undo", "")
    assert messages.Command.parse("tutorial-rules:a:b") == messages.Command("tutorial-rules", "a:b")


def test_messages_are_values():
    assert messages.Play("take:1") == messages.Play("take:1") and messages.Play("a") != messages.Play("b")
    with pytest.raises(AttributeError):
        messages.Play("a").action = "b"


# ---------------------------------------------------------------------- two tabs

def test_a_tab_takes_the_newer_state_another_tab_saved_and_never_writes_over_it():
    local = MemoryStorage()
    a, b = saving.Saver(tab_on(local), GAMES), saving.Saver(tab_on(local), GAMES)
    mine = nim_game()
    assert a.save(mine, 1.0) == (None, False)
    theirs = Session.from_save(b.tab.read("hnim-1"), GAMES, save_id="hnim-1")
    theirs.act("take:1")
    assert b.save(theirs, 2.0) == (None, False)
    stale = local.items["pygames.save.hnim-1"]
    mine.act("take:2")  # A played on the old state: its save is refused and B's game is taken
    newer, failed = a.save(mine, 3.0)
    assert not failed and newer.session is not None
    assert newer.session.state["history"] == theirs.state["history"]
    assert local.items["pygames.save.hnim-1"] == stale  # nothing written over B's move


def test_a_text_only_saved_again_elsewhere_is_not_news():
    local = MemoryStorage()
    a, b = saving.Saver(tab_on(local), GAMES), saving.Saver(tab_on(local), GAMES)
    game = nim_game()
    a.save(game, 1.0)
    b.tab.read("hnim-1")
    b.save(game, 5.0)  # same moves, written later (a resume)
    assert a.newer(game, 6.0) is None


def test_an_unreadable_newer_text_is_kept_and_this_game_goes_on_under_a_new_id():
    local = MemoryStorage()
    saver = saving.Saver(tab_on(local), GAMES)
    game = nim_game()
    saver.save(game, 1.0)
    local.items["pygames.save.hnim-1"] = "[" * 100 + "]" * 100  # another tab wrote what cannot be read
    newer = saver.newer(game, 2.0)
    assert newer == saving.Newer(None)
    assert game.save_id == "hnim-1-2000" and "pygames.save.hnim-1-2000" in local.items
    assert local.items["pygames.save.hnim-1"].startswith("[[[")  # both kept


def test_a_failing_storage_is_said_once_until_a_save_works_again():
    local = MemoryStorage(quota=10)
    saver = saving.Saver(tab_on(local), GAMES)
    game = nim_game()
    assert saver.save(game, 1.0) == (None, True)
    assert saver.save(game, 2.0) == (None, False)
    local.quota = 5_000_000
    assert saver.save(game, 3.0) == (None, False) and not saver.failing
    local.quota = 10
    assert saver.save(game, 4.0) == (None, True)


def test_a_stored_game_is_read_or_refused_with_its_reason():
    local = MemoryStorage()
    tab = tab_on(local)
    saving.Saver(tab, GAMES).save(nim_game(), 1.0)
    assert saving.read(tab, "hnim-1", GAMES).save_id == "hnim-1"
    assert saving.read(tab, "nothing", GAMES) is None
    local.items["pygames.save.bad"] = json.dumps({"app": "pygames"})
    with pytest.raises(core.InvalidSave) as refused:
        saving.read(tab, "bad", GAMES)
    assert all(len(value) <= 61 for value in json.loads(saving.refusal_params(refused.value)).values())


def test_a_file_too_big_to_be_a_save_is_refused_before_it_is_read():
    saving.check_import_size(4 * core.engine.MAX_SAVE_BYTES)
    with pytest.raises(core.InvalidSave) as refused:
        saving.check_import_size(4 * core.engine.MAX_SAVE_BYTES + 1)
    assert refused.value.key == "core.save.too_big"


# ---------------------------------------------------------------------- what a board keeps on this device

def counting(view, device):
    return {"games": device.get("games", 0) + 1}, True


def test_device_data_goes_in_the_view_and_a_hostile_record_reads_as_none():
    board = Board("x", None, device_key="k", device_update=counting)
    assert saving.with_device({"log": []}, board, '{"games": 2}')["device"] == {"games": 2}
    assert saving.with_device({}, board, "[" * 10_000)["device"] == {}  # too deep: refused before parsing
    assert saving.with_device({}, board, None)["device"] == {}
    assert saving.with_device({"a": 1}, Board("x", None), "{}") == {"a": 1}  # a board that keeps nothing


def test_the_end_updates_the_device_record_once():
    board = Board("x", None, device_key="k", device_update=counting)
    view, text = saving.record_end({"device": {"games": 2}}, board)
    assert view["device"] == {"games": 3} and view["device_recorded"] and json.loads(text) == {"games": 3}
    assert saving.record_end({"log": []}, Board("x", None)) == ({"log": []}, None)


# ---------------------------------------------------------------------- a new game's seats and seed

def test_a_link_names_its_seats_and_the_others_keep_the_default_name():
    seats = newgame.link_seats({"names": ["Ann<b>"], "kinds": [HUMAN, COMPUTER]})
    assert [(s.name, s.kind) for s in seats] == [("Ann<b>", HUMAN), ("", COMPUTER)]


def test_the_dialog_seed_is_a_whole_number_or_empty():
    assert newgame.form_seed({"seed": " 42 "}) == 42 and newgame.form_seed({"seed": "-3"}) == -3
    assert newgame.form_seed({"seed": ""}) is None
    with pytest.raises(LinkError) as refused:
        newgame.form_seed({"seed": "4.2"})
    assert refused.value.key == "core.err.seed"
    seats = newgame.form_seats({"names": [" Ann ", ""], "kinds": [HUMAN, COMPUTER]})
    assert [(s.name, s.kind) for s in seats] == [("Ann", HUMAN), ("", COMPUTER)]


# ---------------------------------------------------------------------- commands

def test_every_command_the_python_screens_draw_has_a_handler():
    """A control drawn by Python (`data-command`, pygames/web) that no handler knows would do nothing when tapped:
    each name is in the app's table (commands.py) or in netplay's own (read from its source: it needs a browser)."""
    import ast
    import re
    from pathlib import Path

    from pygames.web import commands

    web = Path(__file__).resolve().parent.parent / "pygames" / "web"
    netplay = ast.parse((web / "netplay.py").read_text(encoding="utf-8"))
    net_names = {key.value for node in ast.walk(netplay) if isinstance(node, ast.Assign)
                 and any(getattr(t, "id", None) == "COMMANDS" for t in node.targets)
                 for key in node.value.keys}
    assert {"net-accept", "join-table", "net-play"} <= net_names
    assert not net_names & set(commands.COMMANDS)  # one handler per name
    drawn = set()
    for path in [*web.rglob("*.py"), *(web.parent / "app").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        drawn |= set(re.findall(r'"data-command": f?"([a-z-]+)', text))
        if path.name.startswith("net"):  # the several-devices glue draws its controls with its own `button`
            drawn |= set(re.findall(r'\bbutton\(f?"([a-z-]+)', text))
    assert {"replay-turn", "replay-end", "hint", "net-scan"} <= drawn
    assert drawn - set(commands.COMMANDS) - net_names == set()

