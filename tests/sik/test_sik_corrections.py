"""Rules where a question could leak or the turn order is subtle: windows that open on public facts only
(SIK-4.29 step 5, SIK-5.19 / 5.35), Equipment before and after the card play (SIK-4.2 / 4.3), public Charisma
picks (SIK-3.9), the Fan's extra card (SIK-5.73), and old saves refused after the FORMAT bump."""

from __future__ import annotations

import json

import pytest
from test_hidden_questions import SETTINGS, check_state
from test_sik_support import G, O, act, at, build, legal

import pygames.shadows_in_kyoto as g
from pygames import core


def _deep_attack(g_hand):
    """Government's 3F on b2 about to take the Oniwaban 1F on b1 (Oniwaban's home row: no cell ahead of it)."""
    s = build(["G:3F@b2", "O:1F@b1"], active=G, hands={G: g_hand}, eq={G: {"fan": "up"}},
              o_fill=["a1", "c1", "d1", "e1", "c2"])
    return act(s, "play:house", "agent:b2")


def test_fan_window_opens_on_public_facts_sik_4_29_5_72():
    """SIK-4.29 step 5: the Fan window opens after every won Government attack while the
    Fan is face up and unused, even when no card of the hand can move the agent: then only "no" is offered,
    and Oniwaban's view of the question is the same in both cases."""
    views = []
    for hand, options in ((["house", "bait", "bait"], ["fan:no"]), (["house", "defend", "bait"],
                                                                     ["fan:use", "fan:no"])):
        s = act(_deep_attack(hand), "dest:b1")
        assert s["prison"][G] == ["1F"] and s["ask"] == {"k": "fan", "side": G, "cell": "b1"}
        assert legal(s) == options
        views.append((g.status(core.view(g, s, 0)), core.view(g, s, 0)["to_move"]))
        s = act(s, "fan:no")
        assert s["eq"][G]["fan"] == "up" and s["ask"]["k"] == "draw"
    assert views[0] == views[1]
    s = act(_deep_attack(["house", "defend", "bait"]), "dest:b1", "fan:use")
    assert legal(s) == ["fancard:defend"]  # Bait never (SIK-5.73); Exchange absent: no card in hand


def test_the_property_check_sees_the_fan_question_sik_4_29():
    """The generic property test (tests/test_hidden_questions.py) run from this reachable state: Government,
    holding two Bait cards, attacks b1; in worlds Oniwaban cannot tell apart Government holds a Defend or a
    Tunnel instead. The window must look the same to Oniwaban in every world."""
    game, _settings, _games, _cap, favour = SETTINGS["sik"]
    stats = {"compared": 0, "revealed": 0, "not_legal": 0, "windows": set()}
    leaks: list = []
    for seed in range(4):
        check_state(game, _deep_attack(["house", "bait", "bait"]), favour, core.Rng(seed), stats, leaks)
    assert not leaks, leaks[0]
    assert stats["compared"] >= 20


def test_anju_second_mark_always_asked_sik_5_19_5_35():
    """SIK-5.19 / SIK-5.35: with Anju the second mark is asked after every first mark,
    offering only "no second mark" when no other non-Joker Site card is in hand; Government sees the same."""
    seen = []
    for hand, options in ((["bait", "temple", "joker", "joker", "defend", "tunnel"], ["mark:none"]),
                          (["bait", "temple", "house", "joker", "defend", "tunnel"], ["mark:house", "mark:none"])):
        s = build([], hands={O: hand}, charisma={O: "anju"})
        s = act(s, "play:bait", "mark:temple")
        assert s["ask"] == {"k": "mark", "side": O, "n": 2} and legal(s) == options
        seen.append((g.status(core.view(g, s, 1)), core.view(g, s, 1)["log"][-2:]))
        s = act(s, "mark:none")
        assert s["bait"][O] == [["temple"]] and s["ask"]["k"] == "draw"
    assert seen[0] == seen[1]


def test_equipment_before_and_after_the_play_sik_4_2_4_3():
    """SIK-4.2 / SIK-4.3: "during your turn" Equipment is offered before the card play and again once
    it is resolved, before the escape check and the refill; several in one turn; each once per game."""
    hand = {G: ["house", "market", "castle", "temple", "joker", "defend"]}
    s = build(["O:2F@d3"], active=G, hands=hand, eq={G: {"eavesdrop": "up", "stun": "up"}})
    assert s["ask"] == {"k": "equip", "side": G, "when": "before"}
    assert legal(s) == ["equip:none", "equip:eavesdrop", "equip:stun"]
    s = act(s, "equip:eavesdrop", "target:d3")
    assert at(s, "d3") == [O, "2F", 1] and s["eq"][G]["eavesdrop"] == "used"
    assert legal(s) == ["equip:none", "equip:stun"]  # a second card, same turn, still before the play
    s = act(s, "equip:none", "play:joker", "agent:e6", "dest:e5")
    assert s["ask"] == {"k": "equip", "side": G, "when": "after"} and legal(s) == ["equip:none", "equip:stun"]
    s = act(s, "equip:stun", "target:d3")
    assert s["stun"] == ["2F", s["turn"] + 1] and s["eq"][G]["stun"] == "used"
    assert s["ask"]["k"] == "draw"  # nothing left to use: straight to the refill
    s = build([], active=G, hands=hand, eq={G: {"eavesdrop": "up"}})
    s = act(s, "equip:none", "play:joker", "agent:e6", "dest:e5", "equip:none")
    assert s["ask"]["k"] == "draw" and s["eq"][G]["eavesdrop"] == "up"  # declined, still usable later


def test_equipment_after_play_precedes_the_escape_check_sik_4_2_6_4():
    """SIK-4.2: the after-play Equipment comes before phase D; the escape is then checked."""
    s = build(["O:2T@b5"], hands={O: ["market"]}, o_fill=["a1", "b1", "d1", "e1", "c1"],
              g_fill=["a6", "c6", "d6", "e6", "c5", "e4"], eq={O: {"medicine": "up"}})
    s = act(s, "equip:none", "play:market", "agent:b5", "dest:b6")
    assert s["win"] is None and s["ask"]["when"] == "after"
    s = act(s, "equip:none")
    assert s["win"] == [O, "escape"]




def test_public_picks_with_ruri_sik_3_8_3_9():
    """SIK-3.8 / SIK-3.9: with Ruri, Government's pick is public before Oniwaban chooses."""
    s = core.new_game(g, 2, 7, {"charisma": "ruri", "oniwaban": 0})
    s = core.apply(g, s, 0, "place:random")
    s = core.apply(g, s, 1, "place:random")
    s = core.apply(g, s, 1, "charisma:chiharu")
    assert core.view(g, s, 0)["state"]["charisma"] == [None, "chiharu"]
    assert core.legal_actions(g, s, 0) == ["charisma:tomoyo", "charisma:anju", "charisma:yoko", "charisma:ruri"]


def test_fan_extra_card_exchange_sik_5_73():
    """SIK-5.73: the Fan's extra card may be an Exchange that includes the winning agent (its
    partner chosen among agents sharing its row or column); Bait never; Ayane never applies to it."""
    hand = {G: ["temple", "exchange", "bait", "market"]}
    s = build(["G:3F@c4", "O:2F@c3"], active=G, hands=hand, eq={G: {"fan": "up"}}, charisma={G: "ayane"})
    s = act(s, "play:temple", "agent:c4", "dest:c3")
    assert s["ask"]["k"] == "fan" and legal(s) == ["fan:use", "fan:no"]
    s = act(s, "fan:use")
    assert legal(s) == ["fancard:market", "fancard:exchange"]
    s = act(s, "fancard:exchange")
    assert s["ask"] == {"k": "ex2", "side": G, "cell": "c3"} and legal(s) == ["ex2:c6"]
    s = act(s, "ex2:c6", "swap:yes")
    assert at(s, "c6") == [G, "3F", 0] and s["disc"][G][-1] == "exchange"
    assert s["ask"] == {"k": "ayane", "side": G, "card": "temple"}  # the main card only (SIK-5.43)


def test_old_saves_are_refused_clearly():
    """FORMAT 2 (the map of SIK-2.6, Equipment before and after the play): a save of FORMAT 1 is refused with
    the 'version' message."""
    s = core.new_game(g, 2, 3, {})
    recipe = core.save_recipe(s)
    recipe["format"] = 1
    with pytest.raises(core.InvalidSave) as err:
        core.load_recipe(json.dumps(recipe), {"sik": g})
    assert err.value.key == "core.save.older" and g.FORMAT == 2
