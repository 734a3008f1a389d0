"""PAX's search hook (pygames/pax/ai.py `search_actions`): the play step is searched as a set that only grows, so
neither the search nor a game between bots can cycle through stage/unstage (a normal bot once staged and took back
the same Fleet card for ever, over the cap of PAX-5.5, in an arena game), while every playable set stays reachable."""

from pygames import core, pax
from pygames.core.rng import Rng
from pygames.pax.ai import search_actions
from pygames.pax.data import CARDS, CATEGORIES, category
from pygames.pax.rules import cap_problem, play_actions


def card_of(cat: str, symbols: int | None = None, after: str = "") -> str:
    return min(c for c, (k, s, _v) in CARDS.items() if k == cat and c > after and (symbols is None or s == symbols))


def play_state(hand: list[str], staged: list[str], area: list[str], money: int) -> dict:
    return {"phase": "play", "staged": list(staged), "areas": [list(area), []], "hands": [list(hand), []],
            "money": [money, 0]}


def offered(state: dict) -> list[str]:
    return search_actions(play_actions(state, 0), state, 0)


def test_a_fleet_card_that_could_never_be_played_is_not_staged():
    fleet = card_of("fleet")
    state = play_state([fleet, card_of("wealth")], [], [], money=10)
    assert f"stage:{fleet}" in play_actions(state, 0)  # the rules let a player stage it (and see the warning)
    assert f"stage:{fleet}" not in offered(state) and "finish" in offered(state)


def test_a_fleet_card_a_land_card_in_hand_can_cover_is_staged_then_the_land_card():
    fleet = card_of("fleet", 1)
    land = max(c for c, (k, s, _v) in CARDS.items() if k == "land" and s >= 1)
    state = play_state([fleet, land], [], [], money=10)
    assert f"stage:{fleet}" in offered(state)
    state["staged"].append(fleet)  # over the cap now: no finish, but the land card lifts it
    assert cap_problem([], [fleet]) is not None and "finish" not in play_actions(state, 0)
    assert offered(state) == [f"stage:{land}"]  # forward only: never take the fleet back to stage it again


def test_a_stuck_set_takes_back_its_last_card_only():
    fleet, army = card_of("fleet", 1), card_of("army", 1)
    state = play_state([fleet, army], [army, fleet], [], money=1)  # no money for a third card, over the cap
    assert offered(state) == [f"unstage:{max(army, fleet)}"]


def reachable_sets(state: dict, path: tuple, seen_paths: list) -> None:
    """Every sequence of offered actions from here: the staged set never repeats along a path, and every path ends
    with `finish`."""
    options = offered(state)
    assert options, state
    for action in options:
        if action == "finish":
            seen_paths.append(path)
            continue
        verb, _, card = action.partition(":")
        nxt = {**state, "staged": [*state["staged"], card] if verb == "stage" else
               [c for c in state["staged"] if c != card]}
        key = tuple(sorted(nxt["staged"]))
        assert key not in path, f"cycle through {key} after {path}"
        reachable_sets(nxt, (*path, key), seen_paths)


def test_from_real_play_steps_the_offered_actions_never_cycle_and_always_reach_finish():
    checked = 0
    for seed in range(12):
        state = core.new_game(pax, 2, seed, {})
        rng = Rng(seed)
        while not pax.is_over(state) and checked < 40:
            seat = pax.to_move(state)[0]
            legal = pax.legal_actions(state, seat)
            if state["phase"] == "play" and not state["staged"] and len(state["hands"][seat]) >= 3:
                paths: list = []
                reachable_sets({**state, "areas": state["areas"], "hands": state["hands"]}, (), paths)
                assert paths  # finish is always reachable
                checked += 1
            core.apply_in_place(pax, state, seat, legal[rng.below(len(legal))])
    assert checked >= 20
    assert any(category(c) in ("fleet", "army") for c in CARDS)


def solo_result_with(stronger: int, present: int, level: int = 1) -> dict:
    from pygames.pax.data import SOLO_LEVELS
    need = SOLO_LEVELS[level]["required"]
    return {"solo_win": present == 7 and stronger >= need, "required": need,
            "breakdown": {"stronger": [stronger], "categories": [present]}}


def test_solo_search_reward_tells_a_near_miss_from_a_rout_and_a_win_beats_both():
    """PAX-6.19 / PAX-6.20 in solo: from most positions almost no playout wins, and a bare win/loss reward made
    every action look the same to the search. A loss now earns a little for coming near the goal."""
    from pygames.core.search import hooks_of
    from pygames.pax.ai import SOLO_NEAR_MISS, solo_reward
    win = solo_reward(solo_result_with(3, 7))[0]
    near = solo_reward(solo_result_with(2, 7))[0]
    short_one_category = solo_reward(solo_result_with(3, 6))[0]
    rout = solo_reward(solo_result_with(0, 3))[0]
    assert win == 1.0
    assert 0 < rout < near < SOLO_NEAR_MISS < win and rout < short_one_category < SOLO_NEAR_MISS
    assert solo_reward(solo_result_with(5, 7))[0] == win  # beyond the goal, a win is a win
    assert solo_reward(solo_result_with(4, 7, level=2))[0] == 1.0 > solo_reward(solo_result_with(3, 7, level=2))[0]
    hooks = hooks_of(pax)
    state = core.new_game(pax, 1, 3, {"level": 1})
    assert hooks.final is not None and len(hooks.evaluate(state)) == 1 and 0 <= hooks.evaluate(state)[0] < 1


def two_player_end(k: int) -> dict:
    """A finished 2-player game: Rome has one 1-symbol card of every category; seat 0 holds Primus Conspiratus
    and nothing else; seat 1 has a 2-symbol card in `k` categories (stronger than Rome there, PAX-6.7)."""
    ones = [card_of(c, 1) for c in CATEGORIES]
    twos = [card_of(c, 2) for c in CATEGORIES[:k]]
    return {"players": 2, "areas": [[], twos], "hands": [[], []], "money": [3, 3], "pc": 0,
            "rome": ones, "rome_hidden": [], "legions": [[], [], []]}


def test_a_loss_to_rome_is_worth_a_little_to_the_players_without_primus_conspiratus_for_coming_near():
    """PAX-6.8 / PAX-6.9: Rome wins, the holder of Primus Conspiratus alone. With that bare result a player without
    it saw only the race for Primus Conspiratus; beating Rome was invisible to the search. Now a non-holder's
    reward grows with the players' categories (toward the four they need); the holder's is the rules' own."""
    from pygames.core.search import hooks_of, result_reward
    from pygames.pax.ai import ROME_NEAR_MISS
    from pygames.pax.scoring import result
    hooks = hooks_of(pax)
    rewards = []
    for k in range(4):
        state = two_player_end(k)
        now = result(state)
        assert now["rome_wins"] and now["rome_categories"] == 7 - k and now["winners"] == [0]
        reward = hooks.end_reward(pax, state)
        assert reward[0] == result_reward(now)[0] == 1.0  # the holder: the rules' reward, unchanged
        rewards.append(reward[1])
        assert reward[1] < ROME_NEAR_MISS < reward[0]  # a loss stays far below a win
    assert rewards[0] == 0.0 and rewards[0] < rewards[1] < rewards[2] < rewards[3]
    beaten = two_player_end(4)
    now = result(beaten)
    assert not now["rome_wins"] and now["winners"] == [1]
    assert hooks.end_reward(pax, beaten) == result_reward(now)  # the players beat Rome: the rules' result
