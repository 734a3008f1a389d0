"""The engine protocol (pygames.core) on the hidden-Nim test game: chance, legality, undo, views, saves."""

import json

import pytest
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.core import bots, registry
from pygames.core.rng import Rng


def play(state, *steps):
    for player, action in steps:
        state = core.apply(nim, state, player, action)
    return state


def random_game(seed: int):
    state = core.new_game(nim, 2, seed, {"pile": 11})
    return bots.play_out(nim, state, [bots.random_bot, nim.greedy_bot], Rng(seed))


# --------------------------------------------------------------------------- PRNG


def test_splitmix64_matches_the_reference_sequence():
    """The published SplitMix64 outputs for seed 0: the same numbers in CPython and Pyodide."""
    r = Rng(0)
    assert [r.next64(), r.next64()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_rng_helpers_are_uniform_and_complete():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts
    items = list(range(20))
    shuffled = Rng(3).shuffled(items)
    assert sorted(shuffled) == items and shuffled != items
    assert Rng(3).shuffled(items) == shuffled  # same seed, same order
    with pytest.raises(ValueError):
        r.below(0)


def test_negative_and_huge_seeds_are_accepted():
    a = core.new_game(nim, 2, -5)
    b = core.new_game(nim, 2, 2**80)
    assert isinstance(a["rng"], int) and isinstance(b["rng"], int)


# --------------------------------------------------------------------------- protocol


def test_new_game_refuses_bad_setups_with_reasons():
    with pytest.raises(core.IllegalAction) as exc:
        core.new_game(nim, 3, 1)
    assert exc.value.key == "core.err.players" and exc.value.params == {"min": 2, "max": 2}
    with pytest.raises(core.IllegalAction) as exc:
        core.new_game(nim, 2, 1, {"pile": 9})
    assert exc.value.key == "core.err.option_value"
    with pytest.raises(core.IllegalAction) as exc:
        core.new_game(nim, 2, 1, {"colour": "red"})
    assert exc.value.key == "core.err.option"
    with pytest.raises(core.IllegalAction):
        core.new_game(nim, 2, "12")


def test_options_default_and_apply():
    assert core.new_game(nim, 2, 1)["pile"] == 7
    assert core.new_game(nim, 2, 1, {"pile": 11})["pile"] == 11


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s0 = core.new_game(nim, 2, 1)
    before = core.state_to_json(s0)
    s1 = core.apply(nim, s0, 0, "take:2")
    assert core.state_to_json(s0) == before
    assert s1["pending"] == 2 and s1["history"] == [[0, "take:2"]]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    s = core.new_game(nim, 2, 1)
    before = core.state_to_json(s)
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(nim, s, 1, "take:1")
    assert exc.value.key == "core.err.not_your_turn"
    s = play(s, (0, "take:3"), (0, "end"), (1, "take:3"), (1, "end"))
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(nim, s, 0, "take:3")  # one stone left
    assert exc.value.key == "hnim.err.too_many" and exc.value.params == {"pile": 1}
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(nim, s, 0, "fly")
    assert exc.value.key == "core.err.illegal"
    assert core.state_to_json(core.new_game(nim, 2, 1)) == before


def test_current_decision_names_the_player_and_ends_empty():
    s = core.new_game(nim, 2, 4)
    assert core.current_decision(nim, s).players == (0,)
    assert not core.current_decision(nim, s).simultaneous
    s = random_game(4)
    assert core.current_decision(nim, s).players == ()
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(nim, s, 0, "end")
    assert exc.value.key == "core.err.over"


def test_result_has_breakdown_winners_and_tiebreak():
    s = core.new_game(nim, 2, 1)
    s["secret"] = [3, 1]
    s = play(s, (0, "take:3"), (0, "end"), (1, "take:3"), (1, "end"), (0, "take:1"), (0, "end"))
    res = core.result(nim, s)
    assert res["breakdown"] == {"stones": [4, 3], "last": [2, 0], "secret": [3, 1]}
    assert res["scores"] == [9, 4] and res["winners"] == [0] and res["tiebreak"] is None
    tie = core.new_game(nim, 2, 1)
    tie["secret"] = [1, 3]
    tie = play(tie, (0, "take:3"), (0, "end"), (1, "take:3"), (1, "end"), (0, "take:1"), (0, "end"))
    res = core.result(nim, tie)
    assert res["scores"] == [7, 6]
    tie["secret"] = [1, 4]
    res = core.result(nim, tie)
    assert res["scores"] == [7, 7] and res["winners"] == [0] and res["tiebreak"] == "hnim.tiebreak.last"


# --------------------------------------------------------------------------- undo (Board Game Arena policy)


def test_undo_takes_back_only_my_own_choices_since_the_last_barrier():
    s = core.new_game(nim, 2, 1)
    assert not core.can_undo(s, 0)  # setup dealt cards by chance: nothing to undo
    s1 = core.apply(nim, s, 0, "take:2")
    assert core.can_undo(s1, 0) and not core.can_undo(s1, 1)
    back = core.undo(nim, s1, 0)
    assert core.state_to_json(back) == core.state_to_json(s)
    s2 = play(s1, (0, "end"))
    assert core.can_undo(s2, 0)  # still my own choices
    s3 = play(s2, (1, "take:1"))
    assert not core.can_undo(s3, 0)  # never past another player's action
    assert core.can_undo(s3, 1)
    with pytest.raises(core.IllegalAction) as exc:
        core.undo(nim, s3, 0)
    assert exc.value.key == "core.err.no_undo"


def test_random_events_and_reveals_are_undo_barriers():
    s = core.new_game(nim, 2, 1)
    s = core.apply(nim, s, 0, "take:1")

    def draw(state, player, action):  # a game step that uses chance
        core.rng(state).below(6)

    def peek(state, player, action):  # a game step that shows new information
        core.reveal(state)

    for step in (draw, peek):
        t = core.clone(s)
        original = nim.apply_action
        nim.apply_action = step
        try:
            core.apply_in_place(nim, t, 0, "end")
        finally:
            nim.apply_action = original
        assert not core.can_undo(t, 0), step.__name__


# --------------------------------------------------------------------------- views and hidden information


def test_view_hides_the_other_secret_and_private_log_lines():
    s = core.new_game(nim, 2, 11)
    mine, theirs = s["secret"]
    v0 = core.view(nim, s, 0)
    assert v0["state"]["secret"] == [mine, None]
    assert v0["log"] == [["hnim.log.secret", {"player": 0, "value": mine}]]
    v1 = core.view(nim, s, 1)
    assert v1["state"]["secret"] == [None, theirs]
    assert all(args.get("player") != 0 for _, args in v1["log"])
    spectator = core.view(nim, s, None)
    assert spectator["state"]["secret"] == [None, None] and spectator["log"] == []
    end = random_game(11)
    assert None not in core.view(nim, end, None)["state"]["secret"]  # revealed at the end


def test_views_are_json_and_carry_no_prng_state():
    s = core.new_game(nim, 2, 5)
    text = json.dumps(core.view(nim, s, 0))
    assert '"rng"' not in text and str(s["rng"]) not in text


def test_determinisation_matches_the_view_and_covers_every_possibility():
    s = core.new_game(nim, 2, 21)
    s = play(s, (0, "take:2"), (0, "end"))
    v = core.view(nim, s, 1)
    seen = set()
    r = Rng(9)
    for _ in range(200):
        sample = nim.determinize(v, 1, r)
        assert nim.view(sample, 1) == v["state"]
        seen.add(sample["secret"][0])
    assert seen == {1, 2, 3}


# --------------------------------------------------------------------------- replay and serialisation


@pytest.mark.parametrize("seed", range(25))
def test_replay_from_seed_and_log_gives_the_same_state(seed):
    end = random_game(seed)
    again = core.replay(nim, 2, seed, end["options"], end["history"])
    assert core.state_to_json(again) == core.state_to_json(end)


def test_json_round_trip_and_tampering_is_refused():
    end = random_game(3)
    text = core.state_to_json(end)
    assert core.state_to_json(core.state_from_json(nim, text)) == text
    forged = json.loads(text)
    forged["secret"] = [9, 9]
    with pytest.raises(core.InvalidSave) as exc:
        core.state_from_json(nim, json.dumps(forged))
    assert exc.value.key == "core.save.mismatch"


def test_saved_game_round_trip():
    games = {"hnim": nim}
    s = play(core.new_game(nim, 2, 8), (0, "take:1"))
    text = json.dumps(core.save_recipe(s, {"seats": []}))
    game, again, data = core.load_recipe(text, games)
    assert game is nim and core.state_to_json(again) == core.state_to_json(s) and data["seats"] == []


@pytest.mark.parametrize("text,key", [
    ("not json", "core.save.not_json"),
    ("[1, 2]", "core.save.schema"),
    ('{"app": "other"}', "core.save.not_ours"),
    ('{"app": "pygames", "save_format": 99}', "core.save.newer"),
    ('{"app": "pygames", "save_format": 0}', "core.save.older"),
    ('{"app": "pygames"}', "core.save.no_version"),
    ('{"app": "pygames", "save_format": "1"}', "core.save.no_version"),
    ('{"app": "pygames", "save_format": 1, "game": "chess"}', "core.save.unknown_game"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim", "format": 7}', "core.save.newer"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim"}', "core.save.no_version"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim", "format": 1, "players": 2, "seed": "x",'
     ' "options": {}, "history": []}', "core.save.schema"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim", "format": 1, "players": 5, "seed": 1,'
     ' "options": {}, "history": []}', "core.save.schema"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim", "format": 1, "players": 2, "seed": 1,'
     ' "options": {}, "history": [[0, "take:9"]]}', "core.save.illegal_step"),
    ('{"app": "pygames", "save_format": 1, "game": "hnim", "format": 1, "players": 2, "seed": 1,'
     ' "options": {}, "history": [["0", {"x": 1}]]}', "core.save.bad_step"),
    ("[" * 100_000 + "]" * 100_000, "core.save.too_deep"),
    ('"' + "a" * 3_000_000 + '"', "core.save.too_big"),
])
def test_corrupt_or_hostile_saves_are_rejected_with_a_reason(text, key):
    with pytest.raises(core.InvalidSave) as exc:
        core.load_recipe(text, {"hnim": nim})
    assert exc.value.key == key
    from pygames.web import i18n  # the reason in words: never "None", never a field left unfilled

    for lang in i18n.LANGS:
        words = i18n.Catalogue(lang=lang).t(key, **exc.value.params)
        assert words != key and "None" not in words and "{" not in words, words


# --------------------------------------------------------------------------- bots and registry


def test_bot_sees_only_its_view_and_legal_actions():
    seen = []

    def spy(view, legal, rng):
        seen.append(json.dumps(view))
        return legal[0]

    s = core.new_game(nim, 2, 30)
    secret0 = s["secret"][0]
    bots.play_out(nim, s, [nim.greedy_bot, spy], Rng(1))
    assert seen and all(json.loads(v)["viewer"] == 1 for v in seen)
    assert all(json.loads(v)["state"]["secret"][0] is None for v in seen)
    assert secret0 in (1, 2, 3)


def test_greedy_bot_beats_the_random_bot():
    wins = 0
    for seed in range(200):
        s = core.new_game(nim, 2, seed, {"pile": 11})
        s = bots.play_out(nim, s, [nim.greedy_bot, bots.random_bot], Rng(seed))
        wins += core.result(nim, s)["winners"] == [0]
    assert wins > 130, wins


def test_registry_lists_the_four_games_and_knows_the_test_game():
    assert registry.GAME_IDS == ("ps", "pax", "spy", "sik")
    assert registry.load("hnim") is nim
    assert registry.load("nope") is None
    assert "hnim" in registry.playable()


def test_lazy_games_import_only_what_is_asked():
    import sys

    games = registry.LazyGames(("hnim", "nope"))
    assert games.get("nope") is None and "nope" not in games and games.get(5) is None
    assert games["hnim"] is nim and list(games) == ["hnim"] and len(games) == 1
    with pytest.raises(KeyError):
        games["chess"]
    assert "pygames_testgames.hidden_nim" in sys.modules
