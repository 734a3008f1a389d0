"""Hidden information (section 7: SPY-7.1 to SPY-7.7) and determinisation."""

from __future__ import annotations

import json
import pathlib

from spy_helpers import arrange, explore_state, new, play

from pygames import core
from pygames import spyworld as spy
from pygames.core.bots import random_bot
from pygames.spyworld import data
from pygames.spyworld.data import AGENTS, CARDS, back


def test_pile_order_never_in_views():
    """SPY-7.1/SPY-7.7: only each pile's count and top back are visible; the order below never is."""
    state = new(3, 11)
    other = core.clone(state)
    for pile in other["piles"]:
        pile[:-1] = list(reversed(pile[:-1]))
    for viewer in (None, 0, 1, 2):
        assert spy.view(state, viewer) == spy.view(other, viewer)
    v = spy.view(state, 0)
    assert [p["count"] for p in v["piles"]] == [35, 35, 35]
    assert [tuple(p["top"]) for p in v["piles"]] == [back(p[-1]) for p in state["piles"]]
    text = json.dumps(v)
    assert '"rng"' not in text and "history" not in v


def test_unused_missions_are_never_stored_or_shown():
    """SPY-3.7/SPY-7.7: the 6 unused missions leave the game unseen."""
    state = new(2, 3)
    assert len(state["missions"]) == 3 and len(spy.view(state, 0)["missions"]) == 3


def test_pending_decisions_hidden():
    """SPY-4.6/SPY-7.4/SPY-7.7: another player's pending decision never appears in a view; SPY-7.2 sheets are
    public as of the last resolution; SPY-8.14 the composer's view previews the draft sheet."""
    state = new(3, 5)
    arrange(state, 1, {"kind": "fixture", "sub": "secret3"}, "R1")
    before = {q: spy.view(state, q) for q in (None, 1, 2)}
    after = play(state, 0, "take:1", "line:1", "cell:11", "done", "noclaim")
    after = play(after, 0, "submit")
    for q in (None, 1, 2):
        v = spy.view(after, q)
        assert v["sheets"] == before[q]["sheets"]
        assert v["submitted"][0] and not before[q]["submitted"][0]
        if q is not None:
            assert v["pending"] == before[q]["pending"]
        else:
            assert "pending" not in v
    own = spy.view(after, 0)["pending"]
    assert own["sheet"]["grid"][0] == "secret3" and own["submitted"]


def test_agents_hidden_until_reveal():
    """SPY-3.9/SPY-7.1: dealt agents and the kept one are private until the reveal (SPY-4.24); the agent not kept
    is never revealed; the deal is logged privately."""
    state = core.new_game(spy, 3, 8)
    for p in range(3):
        v = spy.view(state, p)
        assert v["dealt"] == state["dealt"][p]
        assert all(a is None for a in v["agents"])
        other = (p + 1) % 3
        assert not any(a in json.dumps(v) for a in state["dealt"][other])
    assert all(to is not None for k, _, to in state["log"] if k.startswith("spy.log.dealt"))
    state = play(state, 0, f"keep:{state['dealt'][0][0]}")
    assert spy.view(state, 1)["agents"][0] is None and spy.view(state, 0)["agents"][0] == state["dealt"][0][0]
    assert "dealt" not in spy.view(state, None)


def test_agents_public_after_planning_not_the_discarded_one():
    """SPY-4.24 reveal; SPY-7.1: the agent not kept is never revealed."""
    state = new(2, 8)
    while state["phase"] == "plan":
        for p in spy.to_move(state):
            state = play(state, p, "pass", "noclaim", "submit")
    v = spy.view(state, 1)
    assert v["agents"] == state["agent"]
    discarded = [a for a in state["dealt"][0] if a != state["agent"][0]]
    assert not any(a in json.dumps(v) for a in discarded)


def test_exploration_in_progress_hidden_from_the_lair_owner():
    """SPY-7.1/SPY-7.6/SPY-7.7: the route, tracks, gadgets and power of an exploration are private until all end;
    SPY-7.3 each exploration is a private input (one explorer at a time)."""
    state = explore_state(tracks=(9, 9, 9), c43="secret1")
    before = spy.view(state, 1)
    state = core.apply(spy, state, 0, "move:43")
    assert spy.view(state, 1) == before and spy.view(state, 0)["ex"][0]["pos"] == "43"
    assert spy.to_move(state) == [0]


def sample_views(state, player, count, seed=3):
    view = core.view(spy, state, player)
    rng = core.Rng(seed)
    for _ in range(count):
        sample = spy.determinize(view, player, rng)
        assert spy.view(sample, player) == view["state"]
        assert spy.legal_actions(sample, player) == spy.legal_actions(state, player)
        yield sample


def test_determinize_planning_covers_hidden_possibilities():
    """determinize: the sample gives the player exactly their view; over many samples every pile-top face
    consistent with its back, and every unseen agent for another seat, appears."""
    state = new(2, 21)
    state = play(state, 1, "pass", "noclaim", "submit")
    state = play(state, 0, "pass")
    shown = {c for t in state["shown"] for c in t}
    want_top = {c for c in CARDS if c not in shown and back(c) == back(state["piles"][0][-1])}
    seen_top, seen_agent = set(), set()
    for sample in sample_views(state, 0, 400):
        seen_top.add(sample["piles"][0][-1])
        seen_agent.add(sample["agent"][1])
        assert sample["dec"][1]["sub"] and sum(len(p) for p in sample["piles"]) == 105
        assert sorted(c for p in sample["piles"] for c in p) == sorted(c for p in state["piles"] for c in p)
    assert seen_top == want_top
    assert seen_agent == set(AGENTS) - set(state["dealt"][0])


def test_determinize_exploration_and_end():
    """determinize during exploration: other explorations are sampled, own record kept; after the end nothing
    is hidden but the pile order."""
    rng = core.Rng(9)
    for seed in range(3):
        state = core.new_game(spy, 3, 40 + seed, {"g3": "expert", "g4": "expert"})
        while not spy.is_over(state):
            p = spy.to_move(state)[0]
            if state["phase"] == "explore" and rng.below(4) == 0:
                for q in range(3):
                    for _ in sample_views(state, q, 3, seed):
                        pass
            core.apply_in_place(spy, state, p, random_bot(None, spy.legal_actions(state, p), rng))
        for q in range(3):
            for sample in sample_views(state, q, 2, seed):
                assert spy.result(sample)["scores"] == spy.result(state)["scores"]


def test_catalogue_covers_logs_labels_and_status():
    """Every log key, action label key and status key produced in play exists in strings.json."""
    strings = json.loads(pathlib.Path(data.__file__).with_name("strings.json").read_text(encoding="utf-8"))
    rng = core.Rng(4)
    for seed in range(4):
        state = core.new_game(spy, 2 + seed % 2, seed, {"lair": 1 + seed})
        while not spy.is_over(state):
            p = spy.to_move(state)[0]
            legal = spy.legal_actions(state, p)
            view = core.view(spy, state, p)
            key, args = spy.status(view)
            assert key in strings
            for action in legal[:3] + legal[-2:]:
                key, args = spy.action_label(view, action)
                assert key in strings, key
                assert all(v[1:] in strings for v in args.values() if isinstance(v, str) and v.startswith("@"))
            core.apply_in_place(spy, state, p, random_bot(None, legal, rng))
        assert spy.status(core.view(spy, state, 0))[0] in strings
        for key, args, _ in state["log"]:
            assert key in strings, key
            assert all(v[1:] in strings for v in args.values() if isinstance(v, str) and v.startswith("@")), key


def test_free_choice_stays_secret_views_logs_and_questions():
    """SPY-3.11/SPY-7.1: a pick is hidden until the agents are revealed at the end of planning (SPY-4.24): other
    seats' views, their log lines and who is asked what are identical whichever agent was picked."""
    base = core.new_game(spy, 3, 11, {"agents": "free"})
    assert ["spy.log.free_choice", {}, None] in base["log"]
    after = {a: core.apply(spy, base, 0, f"keep:{a}") for a in ("magpie", "gladiator")}
    for viewer in (None, 1, 2):
        views = [core.view(spy, s, viewer) for s in after.values()]
        assert views[0] == views[1]
        assert [spy.legal_actions(s, viewer) if viewer is not None else None for s in after.values()] in (
            [None, None], [spy.legal_actions(after["magpie"], viewer), spy.legal_actions(after["gladiator"], viewer)])
        if viewer is not None:
            assert spy.legal_actions(after["magpie"], viewer) == spy.legal_actions(after["gladiator"], viewer)
    assert spy.to_move(after["magpie"]) == spy.to_move(after["gladiator"]) == [1, 2]
    mine = core.view(spy, after["magpie"], 0)
    assert mine["state"]["agents"][0] == "magpie"
    assert ["spy.log.kept", {"player": 0, "agent": "@spy.agent.magpie"}] in mine["log"]
    # revealed with everyone's agent at the end of planning (SPY-4.24)
    state = after["magpie"]
    state = play(state, 1, "keep:magpie")
    state = play(state, 2, "keep:a42")
    state["turn"] = 35
    for p in range(3):
        state = play(state, p, "pass", "noclaim", "submit")
    assert state["phase"] == "explore" and core.view(spy, state, 2)["state"]["agents"] == ["magpie", "magpie", "a42"]


def test_free_choice_determinize_samples_any_agent():
    """SPY-3.11 with the determinisation hook: another seat's hidden pick may be any of the 9 (duplicates too)."""
    state = core.new_game(spy, 2, 4, {"agents": "free"})
    state = play(state, 0, "keep:viper")
    state = play(state, 1, "keep:a42")
    view = core.view(spy, state, 0)
    rng = core.Rng(9)
    seen = set()
    for _ in range(300):
        sample = spy.determinize(view, 0, rng)
        assert spy.view(sample, 0) == view["state"]
        seen.add(sample["agent"][1])
    assert seen == set(AGENTS)
