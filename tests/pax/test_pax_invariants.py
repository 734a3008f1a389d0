"""PAX's own invariants over 400 seeded random games (all player counts and solo levels, random and heuristic
bots): after every action (cards conserved, money, Rome, Legions, the cap, the PC, no hidden card in the public log),
in the views (no card hidden from their reader), and at the end (the score recomputed; PAX-4.43 termination).
The engine contract every game keeps (JSON views, round trip, replay, determinisation) is
tests/test_game_contract.py's."""

from __future__ import annotations

import json

from helpers.playouts import bot_choice, playout, random_choice
from pax_helpers import all_cards

from pygames import core, pax
from pygames.pax.data import CARD_IDS, CATEGORIES, POINTS, category, legion_count
from pygames.pax.scoring import cap, final_rome_cards, strengths, symbol_counts

GAMES = 400  # 100 per player count, 20 per solo level: every invariant after every action
HEURISTIC = bot_choice(pax, pax.bots()["heuristic"])
ALL = sorted(CARD_IDS)


def hidden_from(state: dict, seat: int | None) -> set[str]:
    """PAX-7.17: the cards `seat` must not find in its view."""
    over = state["phase"] == "over"
    hidden = set(state["deck"]) | set(state["removed"])
    if seat is not None:
        hidden -= set(state["memo"][seat]["bottom"])
    if not over and (seat is None or set(state["memo"][seat]["rome"]) != set(state["rome_hidden"])):
        hidden |= set(state["rome_hidden"])
    turn = None if over else pax.to_move(state)[0]
    for q in range(state["players"]):
        if q != seat and not over:
            hidden |= set(state["hands"][q]) - set(state["public"][q])
        if q == turn and q != seat:
            hidden |= set(state["front"])
    return hidden


def check_action_invariants(state: dict, log_from: int) -> None:
    n = state["players"]
    cards = all_cards(state)
    assert sorted(cards) == ALL, "components conserved (PAX-2.1: 74 cards, each in one place)"
    assert all(m >= 0 for m in state["money"]), "no negative money (PAX-4.19, 4.24)"
    assert len(state["rome_hidden"]) == 3, "Rome keeps 3 hidden cards (PAX-3.6)"
    assert len(state["legions"]) == legion_count(n), "Legions in play (PAX-2.18)"
    for q in range(n):
        assert set(state["public"][q]) <= set(state["hands"][q]), "public hand cards are in the hand"
    assert set(state["staged"]) <= set(state["hands"][pax.to_move(state)[0]] if not pax.is_over(state) else [])
    intrigue = [symbol_counts(a)["intrigue"] for a in state["areas"]]
    if state["pc"] is None:
        assert n == 1 or all(i == 0 for i in intrigue), "PC taken by the first Intrigue (PAX-5.16)"
    else:
        assert all(intrigue[state["pc"]] >= i for i in intrigue), "PC holder has the most Intrigue (PAX-5.17)"
    if n > 1:
        for area in state["areas"]:
            sym = symbol_counts(area)
            assert sym["fleet"] <= cap(sym) and sym["army"] <= cap(sym), "areas respect the cap (PAX-5.5)"
    if not pax.is_over(state):
        assert len(pax.to_move(state)) == 1, "one seat acts at a time"
    hidden = hidden_from(state, None)
    for key, args, to in state["log"][log_from:]:
        if to is None:
            text = json.dumps(args)
            assert not any(c in text for c in hidden), f"public log leaks a hidden card: {key}"


def check_views(state: dict) -> None:
    """PAX-7.x: views contain no card hidden from their reader; status lines and action labels come from them."""
    for seat in [None, *range(state["players"])]:
        v = core.view(pax, state, seat)
        game_text = json.dumps(v["state"])
        leaked = [c for c in hidden_from(state, seat) if c in game_text]
        assert not leaked, f"view of seat {seat} leaks {leaked}"
        pax.status(v)
        for action in pax.legal_actions(state, seat) if seat is not None else []:
            key, args = pax.action_label(v, action)
            assert key.startswith("pax.act.")


def check_determinize(state: dict, rng: core.Rng) -> None:
    """A determinised state deals the 74 cards again, each in one place."""
    seat = pax.to_move(state)[0]
    sample = pax.determinize(core.view(pax, state, seat), seat, rng)
    assert sorted(all_cards(sample)) == ALL


def recompute_points(state: dict) -> list[int]:
    """PAX-6.18 written out independently of the engine's per-category code."""
    rome = strengths(final_rome_cards(state))
    n = state["players"]
    mv = [state["money"][p] + len(state["hands"][p]) for p in range(n)]
    out = []
    for p in range(n):
        t = strengths(state["areas"][p])
        out.append(POINTS["category"] * len({category(c) for c in state["areas"][p]})
                   + POINTS["stronger"] * sum(t[c] > rome[c] for c in CATEGORIES)
                   + t["fleet"] + t["army"] + (state["pc"] == p) + POINTS["money"] * (mv[p] == max(mv)))
    return out


def check_end(state: dict) -> None:
    res = core.result(pax, state)
    rome = strengths(final_rome_cards(state))
    ts = [strengths(a) for a in state["areas"]]
    rome_cats = sum(all(rome[c] >= t[c] for t in ts) for c in CATEGORIES)
    if state["players"] == 1:
        assert res["winners"] in ([], [0])
    elif rome_cats >= 4:
        assert res["rome_wins"] and res["winners"] == ([] if state["pc"] is None else [state["pc"]])
    else:
        assert not res["rome_wins"] and res["scores"] == recompute_points(state), "score equals a recomputation"
        assert all(res["scores"][w] == max(res["scores"]) for w in res["winners"])
    assert len(state["deck"]) < sum(1 for p in state["legions"] if not p) or state["players"] == 0


def play_game(index: int, rng: core.Rng) -> dict:
    players = 1 + index % 4
    options = {"level": 1 + (index // 4) % 5} if players == 1 else {}
    choosers = [HEURISTIC if (index + p) % 3 == 0 else random_choice for p in range(players)]
    deep = index % 10 == 0
    for step in playout(pax, players, 1000 + index, options, rng=rng, choosers=choosers,
                        snapshot=lambda state: len(state["log"]), max_steps=5000):  # PAX-4.43: the game ends
        state = step.state
        check_action_invariants(state, step.before or 0)
        if deep and not pax.is_over(state):
            check_views(state)
            if len(state["history"]) % 7 == 0:
                check_determinize(state, rng)
    if deep:
        check_views(state)
    check_end(state)
    return state


def test_pax_random_games_invariants():
    """PAX-4.43 / PAX-6.1: 400 seeded games end through the end check, with every invariant holding."""
    rng = core.Rng(20240601)
    over_by = {n: 0 for n in (1, 2, 3, 4)}
    for index in range(GAMES):
        state = play_game(index, rng)
        over_by[state["players"]] += 1
    assert all(v == GAMES // 4 for v in over_by.values())
