"""The new-game dialog's defaults and which options it shows (issue 30), in CPython: the same data the prebuilt
dialog gets from build.py and app.py reads from the packages (tests/browser/test_home.py checks both in a page)."""

import build
from pygames import core, pax, spyworld
from pygames.web import kit


def option(game, option_id: str) -> dict:
    return next(o for o in game.OPTIONS if o["id"] == option_id)


def test_paxs_solo_level_shows_for_a_solo_game_only_and_the_start_player_only_with_players():
    level, start = option(pax, "level"), option(pax, "start")
    assert [n for n in range(1, 5) if kit.option_applies(level, n)] == [1]
    assert [n for n in range(1, 5) if kit.option_applies(start, n)] == [2, 3, 4]


def test_per_seat_options_show_only_for_seats_that_play():
    beginner3 = option(spyworld, "beginner3")
    assert not kit.option_applies(beginner3, 2) and kit.option_applies(beginner3, 3)
    assert kit.option_applies(option(spyworld, "lair"), 12)


def test_spyworlds_dialog_suggests_the_first_game_lair_and_the_rules_default_stays_polar_base():
    """SPY-2.38: the rules' default lair is Base polaire (a game set up without the dialog), the Super-yacht the
    suggested lair for a first game: the dialog starts from the lair its label says is for a first game."""
    lair = option(spyworld, "lair")
    assert kit.dialog_default(lair) == 1 and lair["default"] == 2
    assert core.new_game(spyworld, 2, 1)["options"]["lair"] == 2
    assert kit.dialog_default(option(pax, "level")) == 1  # no suggestion: the rules' default


def test_the_prebuilt_dialog_gets_the_same_defaults_and_seat_ranges():
    specs = build.dialog_specs(with_test_games=False)
    lair = next(o for o in specs["spy"]["options"] if o["id"] == "lair")
    assert lair["labels"][lair["default"]] == "spy.opt.lair.1"
    assert {o["id"]: o["players"] for o in specs["pax"]["options"]} == {"level": [1, 1], "start": [2, 4]}


def test_a_start_player_is_offered_only_when_that_seat_plays():
    """PAX-3.8: the host may choose the start player among the seats in play; no Player 3 in a 2-player game."""
    start = option(pax, "start")
    assert kit.choice_needs(start) == [0, 1, 2, 3, 4]
    assert kit.choice_needs(option(pax, "level")) == [0] * 5  # a level is not a seat
    needs = {o["id"]: o["needs"] for o in build.dialog_specs(with_test_games=False)["pax"]["options"]}
    assert needs["start"] == [0, 1, 2, 3, 4]
