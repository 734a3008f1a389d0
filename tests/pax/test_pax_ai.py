"""PAX's search hook (pygames/pax/ai.py `search_actions`): the play step is searched as a set that only grows, so
neither the search nor a game between bots can cycle through stage/unstage (a normal bot once staged and took back
the same Fleet card for ever, over the cap of PAX-5.5, in an arena game), while every playable set stays reachable."""

from pygames import core, pax
from pygames.core.rng import Rng
from pygames.pax.ai import search_actions
from pygames.pax.data import CARDS, category
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
