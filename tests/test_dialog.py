"""The new-game dialog's defaults and which options it shows (issue 30), in CPython: the data build.py works out
once (pygames/app/dialog.py) and static/shell.js draws the dialog from, before and after boot
(tests/browser/test_home.py checks both in a page). The dialog and the language switch have one implementation."""

import pathlib
import re

import build
from pygames import core, pax, spyworld
from pygames.app import dialog
from pygames.web import kit

ROOT = pathlib.Path(__file__).resolve().parent.parent


def option(game, option_id: str) -> dict:
    return next(o for o in game.OPTIONS if o["id"] == option_id)


def spec(gid: str, option_id: str) -> dict:
    return next(o for o in build.dialog_specs(with_test_games=False)[gid]["options"] if o["id"] == option_id)


def test_paxs_solo_level_shows_for_a_solo_game_only_and_the_start_player_only_with_players():
    level, start = option(pax, "level"), option(pax, "start")
    assert [n for n in range(1, 5) if dialog.option_applies(level, n)] == [1]
    assert [n for n in range(1, 5) if dialog.option_applies(start, n)] == [2, 3, 4]
    assert spec("pax", "level")["shown"] == [1] and spec("pax", "start")["shown"] == [2, 3, 4]


def test_per_seat_options_show_only_for_seats_that_play():
    beginner3 = option(spyworld, "beginner3")
    assert not dialog.option_applies(beginner3, 2) and dialog.option_applies(beginner3, 3)
    assert dialog.option_applies(option(spyworld, "lair"), 12)
    assert spec("spy", "beginner3")["shown"] == list(range(3, 13))
    assert spec("spy", "lair")["shown"] == list(range(2, 13))


def test_spyworlds_dialog_suggests_the_first_game_lair_and_the_rules_default_stays_polar_base():
    """SPY-2.38: the rules' default lair is Base polaire (a game set up without the dialog), the Super-yacht the
    suggested lair for a first game: the dialog starts from the lair its label says is for a first game."""
    lair = option(spyworld, "lair")
    assert dialog.dialog_default(lair) == 1 and lair["default"] == 2
    assert core.new_game(spyworld, 2, 1)["options"]["lair"] == 2
    assert dialog.dialog_default(option(pax, "level")) == 1  # no suggestion: the rules' default


def test_the_prebuilt_dialog_gets_the_same_defaults_and_seat_ranges():
    lair = spec("spy", "lair")
    assert lair["labels"][lair["default"]] == "spy.opt.lair.1" and lair["values"][lair["default"]] == 1
    assert build.dialog_specs(with_test_games=False)["pax"]["players"] == [1, 4]


def test_a_start_player_is_offered_only_when_that_seat_plays():
    """PAX-3.8: the host may choose the start player among the seats in play; no Player 3 in a 2-player game."""
    start = option(pax, "start")
    assert dialog.choice_needs(start) == [0, 1, 2, 3, 4]
    assert dialog.choice_needs(option(pax, "level")) == [0] * 5  # a level is not a seat
    assert spec("pax", "start")["needs"] == [0, 1, 2, 3, 4]


# The dialog's and the language switch's page parts: only static/shell.js builds or reads them.
DIALOG_DOM = ("seat-count", "data-seat-kind", "data-seat-name", "data-option", "newgame-title", "options-box",
              "takeback-row", 'by_id("seed")', 'by_id("seats")', 'by_id("options")', "querySelectorAll(\"[data-i18n",
              ".langs button")


def test_the_dialog_and_the_language_switch_have_one_implementation():
    """static/shell.js draws the dialog and switches the language, before boot and after (issue 31 item 5): no
    Python module builds or reads the dialog's fields nor translates the page, the dialog's rules are Python's,
    worked out at build time, and the script holds no copy of them."""
    for path in sorted((ROOT / "pygames").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found = [part for part in DIALOG_DOM if part in text]
        assert not found, f"{path.relative_to(ROOT)} handles the dialog's or the language's DOM: {found}"
    for name in ("option_applies", "choice_needs", "offer_choices", "dialog_default", "PER_SEAT_OPTION"):
        assert not hasattr(kit, name)
    app = "".join((ROOT / "pygames/web" / name).read_text(encoding="utf-8") for name in ("app.py", "opening.py"))
    for call in ("shell().showNewGame(", "shell().newGameForm()", "shell().setLang(", "shell().lang()"):
        assert call in app  # dom.shell() is static/shell.js's window.pygamesShell (App and its opening part)
    assert "return js.pygamesShell" in (ROOT / "pygames/web/dom.py").read_text(encoding="utf-8")
    shell = (ROOT / "static/shell.js").read_text(encoding="utf-8")
    assert "beginner(" not in shell and "RegExp" not in shell and "opt.players" not in shell
    assert re.search(r"window\.pygamesShell = \{[^}]*\bshowNewGame,\s*newGameForm,", shell)
    assert "perSeatOption" not in build.dialog_kinds()
