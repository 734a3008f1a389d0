"""Each game's end-screen words (`<package>/outcome.py`) for real finished games, in both languages."""

import random

import pytest

from pygames import core
from pygames.core import registry
from pygames.web import i18n
from pygames.web.kit import outcome_lines

STRINGS = i18n.load()


def finish(game, players: int, seed: int, options: dict | None = None) -> dict:
    """A random legal game to its end (bounded)."""
    pick = random.Random(seed)
    state = core.new_game(game, players, seed, options or {})
    for _ in range(20_000):
        if core.is_over(game, state):
            return state
        player = game.to_move(state)[0]
        core.apply_in_place(game, state, player, pick.choice(core.legal_actions(game, state, player)))
    raise AssertionError("no end")


@pytest.mark.parametrize("game_id,players", [("ps", 2), ("pax", 1), ("pax", 2), ("pax", 3), ("spy", 2), ("sik", 2)])
def test_the_end_screen_says_why_and_who_in_words(game_id, players):
    game = registry.load(game_id)
    for seed in (1, 2):
        result = core.result(game, finish(game, players, seed))
        lines = outcome_lines(game, result)
        assert lines, f"{game_id}: no words for the result"
        for lang in i18n.LANGS:
            cat = i18n.Catalogue(STRINGS, lang=lang)
            for key, args in lines:
                assert key in STRINGS[lang], key
                text = cat.t(key, **args)
                assert "{" not in text and "@" not in text, text
        if game_id == "sik":  # the victory condition that ended it, named (SIK-6.1 - 6.7)
            assert lines == [("sik.outcome.won", {"player": result["winners"][0], "reason": "@" + result["reason"]})]
        if game_id == "pax" and players == 1:  # the solo verdict (PAX-6.19)
            assert lines[-1][0] == ("pax.result.solo_win" if result["solo_win"] else "pax.result.solo_loss")
        elif game_id == "pax":  # Rome's result, then Primus Conspiratus (PAX-6.8 - 6.10)
            keys = [k for k, _ in lines]
            assert ("pax.result.rome_wins" in keys) == result["rome_wins"]


def test_a_tie_names_every_tied_player():
    spy = registry.load("spy")
    lines = outcome_lines(spy, {"scores": [7, 7, 3], "winners": [0, 1]})
    assert lines[-1] == ("spy.outcome.tied", {"tied_player": [0, 1], "n": 7})
    cat = i18n.Catalogue(STRINGS, lang="en")
    cat.set_seats(["Ann", "Bob", "Cy"], set())
    assert cat.t(*lines[-1][:1], **lines[-1][1]) == "Tied for first place with 7: Ann, Bob."
    ps = registry.load("ps")
    words = outcome_lines(ps, {"scores": [30, 30], "tiebreak": "ps.tiebreak.tunnel"})
    assert ("ps.tiebreak.tunnel", {}) in words


@pytest.mark.parametrize("game_id,players", [("ps", 2), ("pax", 1), ("pax", 3), ("spy", 3), ("sik", 2)])
def test_the_end_screen_tells_the_one_player_at_the_device_whether_they_won(game_id, players):
    """`endview.headline_key`: won alone, shared the win, tied, or lost, for whichever seat is at this device;
    nothing where several players share it. PAX solo: a win exactly when the level is won (PAX-6.19)."""
    from pygames.web.endview import headline_key

    game = registry.load(game_id)
    for seed in (1, 2, 3):
        result = core.result(game, finish(game, players, seed))
        for seat in range(players):
            key = headline_key(result, seat)
            assert key in STRINGS["en"] and key in STRINGS["fr"]
            if seat in result["winners"]:
                assert key == ("over.you_win" if len(result["winners"]) == 1 else "over.you_share")
            else:
                assert key in ("over.you_lose", "over.you_tie")
        if game_id == "pax" and players == 1:
            assert (headline_key(result, 0) == "over.you_win") == result["solo_win"]
        assert headline_key(result, None) is None
    assert headline_key({"winners": [0, 1], "scores": [7, 7, 3]}, 1) == "over.you_share"
    assert headline_key({"winners": [], "tied": [0, 2], "scores": [7, 3, 7]}, 2) == "over.you_tie"
    assert headline_key({"winners": [], "tied": [0, 2], "scores": [7, 3, 7]}, 1) == "over.you_lose"
