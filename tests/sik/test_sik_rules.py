"""Rule-by-rule tests for the IDs not already exercised by the worked examples."""

from __future__ import annotations

from sik_helpers import B, D, G, O, R, act, at, build, dests, legal

import pygames.shadows_in_kyoto as g
from pygames import core


def fresh(**opts):
    return core.new_game(g, 2, 7, opts)


def place_all(s):
    while s["ask"] and s["ask"]["k"] == "place":
        s = act(s, legal(s)[0])
    return s


def test_setup_sik_1_1_3_1_3_3_3_4_3_13_8_2():
    """SIK-1.1 two players, 6 agents each; SIK-3.1 sides / seats; SIK-3.3 shuffled decks; SIK-3.4 opening
    hand 4 Site + 2 Tactic, private; SIK-3.13 empty piles; SIK-8.2 chance at setup."""
    assert g.PLAYERS == (2, 2)
    s = fresh()
    for side in (O, G):
        hand = s["hand"][side]
        assert sum(D.is_site(c) for c in hand) == 4 and len(hand) == 6
        assert len(s["deck"][side]["site"]) == 21 and len(s["deck"][side]["tactic"]) == 6
        assert s["disc"][side] == [] and s["bait"][side] == [] and s["prison"][side] == []
    other = fresh()
    assert core.new_game(g, 2, 8, {})["deck"] != other["deck"]  # SIK-8.2: chance
    assert s["log"][0][2] == [0] and s["log"][1][2] == [1]  # SIK-3.4: secret hands
    swapped = core.new_game(g, 2, 7, {"oniwaban": 1})
    assert g.to_move(swapped) == [1]  # SIK-3.1 / SIK-8.1: the Oniwaban seat places first


def test_placement_sik_3_5_3_6_8_3_10_7():
    """SIK-3.5 / SIK-3.6 / SIK-8.3 / SIK-10.7: each side fills its start cells in the fixed order, Oniwaban
    first, 6-5-4-3-2 options, the last forced; the opponent sees nothing."""
    s = fresh()
    counts = []
    while s["ask"]["side"] == O:
        options = [a for a in legal(s) if a != "place:random"]  # the random shortcut: test_sik_place_random
        counts.append(len(options))
        s = act(s, options[-1])
    assert counts == [6, 5, 4, 3, 2]
    assert [at(s, c)[1] for c in D.PLACEMENT_ORDER[O]] == ["0F", "1F", "2F", "2T", "3F", "3T"]
    assert g.to_move(s) == [1] and all(i is None for _c, sd, i, _r in g.view(s, 1)["board"] if sd == O)
    s = place_all(s)
    assert sorted(c for c, (sd, _i, _r) in s["board"].items() if sd == G) == sorted(D.start_cells(G))
    assert s["phase"] == "play" and s["active"] == O and s["turn"] == 1  # SIK-3.14 / SIK-4.1


def test_charisma_public_sik_3_7_3_9_8_4_7_12():
    """SIK-3.7 / SIK-8.4: one of three, Government first; SIK-3.9 / SIK-7.12: each pick is public at
    once, so Oniwaban picks knowing Government's card."""
    s = place_all(fresh(charisma="on"))
    assert legal(s) == ["charisma:ayane", "charisma:chiharu", "charisma:iroha"] and g.to_move(s) == [1]
    s = act(s, "charisma:iroha")
    assert g.view(s, 0)["charisma"] == [None, "iroha"] == g.view(s, None)["charisma"]
    assert ["sik.log.charisma", {"player": 1, "card": "@sik.cha.iroha"}] in core.view(g, s, 0)["log"]
    assert legal(s) == ["charisma:tomoyo", "charisma:anju", "charisma:yoko"] and g.to_move(s) == [0]
    s = act(s, "charisma:yoko")
    assert g.view(s, 1)["charisma"] == ["yoko", "iroha"] == g.view(s, None)["charisma"]


def test_equipment_setup_sik_3_12_5_53_8_6():
    """SIK-3.12 / SIK-5.53: three face-down cards per side; SIK-8.6: no D-EQUIP without a face-up card."""
    s = place_all(fresh(equipment="on"))
    assert s["eq"] == [{"typewriter": "down", "medicine": "down", "pistol": "down"},
                       {"eavesdrop": "down", "stun": "down", "fan": "down"}]
    assert s["ask"]["k"] == "card"


def test_turn_sequence_sik_4_1_4_2_4_5_4_6_4_7_4_8_4_9_4_42_8_7_8_13():
    """SIK-4.1 alternate; SIK-4.2 phases; SIK-4.5 exactly one card; SIK-4.6 Site moves one agent; SIK-4.7 the
    card is discarded; SIK-4.8 it is public; SIK-4.9 refill to 6; SIK-4.42 / SIK-8.7 / SIK-8.13 choices."""
    s = build([], hands={O: ["joker", "temple", "house", "market", "castle", "defend"]})
    assert s["ask"]["k"] == "card" and "play:joker" in legal(s)
    s = act(s, "play:joker")
    assert ["sik.log.play", {"player": 0, "card": "@sik.card.joker"}] in core.view(g, s, 1)["log"]
    s = act(s, "agent:a1", "dest:a2")
    assert s["disc"][O] == ["joker"] and s["ask"]["k"] == "draw"
    s = act(s, "draw:tactic")
    assert len(s["hand"][O]) == 6 and s["active"] == G and s["turn"] == 2


def test_refill_sik_4_10_4_11_4_12_10_25():
    """SIK-4.10 one card at a time, deck chosen each time; SIK-4.11 empty deck never offered, refill stops;
    SIK-4.12 the discard is never reshuffled; SIK-10.25."""
    decks = {O: {"site": ["house"], "tactic": []}}
    s = build([], hands={O: ["joker", "temple"]}, decks=decks, discard={O: ["castle"]})
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    assert s["active"] == G and s["hand"][O] == ["temple", "house"] and s["disc"][O] == ["castle", "joker"]
    s = build([], hands={O: ["joker", "temple"]}, decks={O: {"site": ["house"], "tactic": ["tunnel"]}})
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    assert legal(s) == ["draw:site", "draw:tactic"]
    s = act(s, "draw:tactic")
    assert s["active"] == G and len(s["hand"][O]) == 3  # the Site draw was forced, then both decks empty


def test_own_discard_visible_sik_4_14_7_1_7_9_10_41():
    """SIK-4.14 / SIK-7.1 own discard browsable; SIK-7.9 / SIK-10.41 the opponent sees size and top only."""
    s = build([], hands={O: ["joker"]}, discard={O: ["house", "bait"]})
    assert g.view(s, 0)["discard"][O] == ["house", "bait"]
    assert g.view(s, 1)["discard"][O] is None
    assert g.view(s, 1)["discard_size"][O] == 2 and g.view(s, 1)["discard_top"][O] == "bait"


def test_cells_and_bans_sik_4_15_4_17_4_18_4_21_4_22_4_25_4_26_10_24():
    """SIK-4.15 one agent per cell; SIK-4.17 / SIK-4.26 entering an enemy is an attack; SIK-4.18 enemy HQ;
    SIK-4.21 never off the grid; SIK-4.22 / SIK-10.24 banned moves are never offered; SIK-4.25."""
    s = build(["O:1F@a4", "G:2F@b5"], hands={O: ["joker"]})
    assert dests(s, "joker", "a4") == ["b5"]  # a5 is the Government HQ; b5 an enemy (attack)
    assert dests(s, "defend", "a4") == ["a3", "b3", "b4"]  # SIK-4.21: nothing off the grid
    s = act(s, "play:joker", "agent:a4", "dest:b5")
    assert any(e[0] == "sik.log.attack" for e in s["log"])  # SIK-4.17
    assert len(s["board"]) == len(set(s["board"]))  # SIK-4.15


def test_tactic_moves_ignore_colour_sik_4_20_5_1_5_3_5_4_5_5_10_16_10_27():
    """SIK-4.20 / SIK-10.16 Tactic moves ignore colour, keep HQ rules; SIK-5.3 / SIK-10.27 Defend: left,
    right, back, back diagonals; SIK-5.4; SIK-5.5 a Defend into an enemy is a conflict; SIK-5.1 discarded."""
    s = build(["O:1F@c3", "G:2F@b2"], hands={O: ["defend"]})
    assert dests(s, "defend", "c3") == ["b2", "b3", "c2", "d2", "d3"]
    s = act(s, "play:defend", "agent:c3", "dest:b2")
    assert at(s, "c3") == [O, "1F", 0] and at(s, "b2") == [G, "2F", 1] and s["disc"][O] == ["defend"]
    s = build(["G:1F@b4"], active=G, hands={G: ["defend"]})
    assert dests(s, "defend", "b4") == ["a4", "a5", "b5", "c4", "c5"]  # a5: G's own HQ (back-right for G)


def test_own_moves_and_displacements_sik_4_27_4_28_5_21_10_13():
    """SIK-4.27 / SIK-4.28 / SIK-5.21 / SIK-10.13: a Charge push is a displacement: no conflict, no Bait."""
    s = build(["O:2F@c3", "G:1F@b4"], hands={O: ["charge"]}, bait={O: [["temple"]]})
    s = act(s, "play:charge", "agent:c3", "dest:d4", "push:b4", "pushto:c5")
    assert s["ask"]["k"] == "draw"  # no Bait for own agent pushes, and pushes never ask Bait
    s = build(["G:1F@b4", "O:2F@c3"], active=G, hands={G: ["charge"]}, bait={O: [["temple"]]})
    s = act(s, "play:charge", "agent:b4", "dest:b3")
    assert s["ask"] == {"k": "bait", "side": O, "cell": "b3"}  # the own move of Charge does trigger


def test_attacker_never_captured_sik_4_38_4_39():
    """SIK-4.38 a normal conflict never captures the attacker; SIK-4.39 no honesty-check step exists."""
    s = build(["O:1F@b3", "G:3F@b4"], hands={O: ["house"]})
    s = act(s, "play:house", "agent:b3", "dest:b4")
    assert s["prison"] == [[], []] and s["ask"]["k"] == "draw"


def test_playability_after_phase_b_sik_4_41():
    """SIK-4.41: playability is checked at phase C, after the optional Equipment."""
    s = build([], hands={O: ["joker"]}, eq={O: {"medicine": "up"}})
    assert s["ask"]["k"] == "equip" and s["win"] is None


def test_bait_play_sik_5_2_5_18_5_30_7_11():
    """SIK-5.2 / SIK-5.18 Bait stays in play with a hidden mark; SIK-5.30 two Baits at once; SIK-7.11."""
    s = build([], hands={O: ["bait", "bait", "joker", "temple", "house", "castle"]})
    s = act(s, "play:bait")
    assert legal(s) == ["mark:temple", "mark:house", "mark:castle"]  # never the Joker
    s = act(s, "mark:house")
    assert s["bait"][O] == [["house"]] and "bait" not in s["disc"][O]
    assert g.view(s, 1)["bait"][O] is None and g.view(s, 1)["bait_marks"][O] == [1]
    s["hand"][O] = ["bait", "temple"]
    s["active"], s["turn"], s["stack"], s["ask"] = O, 3, [{"f": "turn", "st": "B"}], None
    R.advance(s)
    s = act(s, "play:bait", "mark:temple")
    assert s["bait"][O] == [["house"], ["temple"]]


def test_bait_trigger_rules_sik_5_20_5_24_5_26_5_11_5_46_10_23():
    """SIK-5.20 neutral / HQ never match; SIK-5.26 no legal final cell: the mark cannot be used; SIK-5.24
    passed cells are free; SIK-5.11 / SIK-5.46 / SIK-10.23 pushes never end in the pusher's HQ."""
    s = build(["O:1F@b5"], hands={O: ["joker"]}, bait={G: [["temple"]]}, g_fill=["a6", "b6", "d6", "e6", "c5"])
    s = act(s, "play:joker", "agent:b5", "dest:c6")
    assert s["ask"]["k"] == "draw"  # c6 is neutral: no Bait window
    s = build(["G:1F@a2"], active=G, hands={G: ["joker"]}, charisma={G: "chiharu"}, bait={O: [["market"]]},
              o_fill=["a1", "c1", "d1", "e1", "c2"])
    s = act(s, "play:joker", "agent:a2", "dest:b1")  # b1 House: the window opens without a match (SIK-5.29)
    assert legal(s) == ["bait:no"]
    s = build(["O:1F@a6"], bait={G: [["castle"]]}, g_fill=["b5", "a4", "b4", "c4", "e6", "d6"])
    assert R.bait_choices(s, G, "a6") == []  # SIK-5.26: every final cell blocked or the owner's HQ
    s["board"].pop("c4")
    assert R.bait_choices(s, G, "a6") == ["bait:0:castle"]
    s = build(["G:1F@b3"], active=G, hands={G: ["market"]}, bait={O: [["market"]]},
              o_fill=["a1", "b1", "c1", "d1", "e1", "c2"])
    s["board"]["a3"] = [O, "3T", 0]
    s["board"]["b4"] = [O, "2T", 0]
    s["board"]["c4"] = [O, "3F", 0]
    s["board"]["c3"] = s["board"].pop("c2")
    s = act(s, "play:market", "agent:b3", "dest:b2")
    opts = B.bait_push_destinations(s, O, "b2")
    assert "a2" not in opts and "e2" not in opts  # never into the Bait owner's HQ
    assert "b4" not in opts and set(opts) <= {"a4", "b3", "d4", "a3", "c3", "c4", "b4"}
    for cha in (None, {G: "chiharu"}):  # SIK-5.46: Chiharu does not open the Oniwaban HQ to pushes
        s2 = build(["G:1F@a1"], charisma=cha, o_fill=["b1", "c1", "d1", "e1", "c2", "c3"])
        assert B.charge_push_destinations(s2, O, "a1") == ["b2"]


def test_charisma_precedence_sik_5_31_5_57():
    """SIK-5.31 / SIK-5.57: a Charisma or Equipment card beats a basic rule (Chiharu enters the enemy HQ,
    the Typewriter pushes the hand to 7)."""
    s = build(["G:2F@b3"], active=G, charisma={G: "chiharu"}, o_fill=["a1", "b1", "c1", "d1", "e1"])
    assert "a2" in dests(s, "joker", "b3")


def test_yoko_details_sik_5_38_5_39_5_40():
    """SIK-5.38 the card must match the landing cell; SIK-5.39 only one agent jumped; SIK-5.40 landing on an
    enemy is a conflict and a loss retreats to the start."""
    s = build(["O:1F@c2", "O:2F@c3", "O:3F@c4"], charisma={O: "yoko"}, o_fill=["a1", "b1", "d1"])
    assert "c4" not in dests(s, "temple", "c2")  # c3 jumped lands on c4: own agent (SIK-5.39)
    s = build(["O:1F@b2", "O:2F@b3"], charisma={O: "yoko"}, o_fill=["a1", "b1", "d1", "e1"])
    assert "b4" in dests(s, "house", "b2") and "b4" not in dests(s, "castle", "b2")  # SIK-5.38


def test_ruri_ban_sik_5_49_5_50_5_51_3_2():
    """SIK-5.49 public card; SIK-5.50 ban on cells of that type holding the holder's agent; SIK-5.51 not for
    pushes; SIK-3.2 Ruri only with Advanced I."""
    assert [o for o in g.OPTIONS if o["id"] == "charisma"][0]["choices"] == ["off", "on", "ruri"]
    s = build(["O:2F@c3", "G:1F@d4"], hands={O: ["charge"]}, charisma={O: "ruri"}, ruri="castle")
    assert "d4" in dests(s, "charge", "c3")  # the ban protects the holder's agents only
    s = build(["G:1F@d4", "O:2F@d3"], active=G, hands={G: ["charge"]}, charisma={O: "ruri"}, ruri="house")
    assert "d3" not in dests(s, "charge", "d4") and "c3" in dests(s, "charge", "d4")
    s = act(s, "play:charge", "agent:d4", "dest:c3", "push:d3")
    assert sorted(legal(s)) == ["pushto:c2", "pushto:d2", "pushto:e2"]  # SIK-5.51: pushes unaffected


def test_equipment_flip_timing_sik_5_55_5_56():
    """SIK-5.55 a flipped card is usable the same turn; SIK-5.56 used once then gone."""
    s = build(["G:3F@c4", "O:3T@c3", "G:2F@b4", "O:1F@b3"], active=G, hands={G: ["temple"]}, equipment=True,
              g_fill=["e6", "d6", "b6", "a6"])
    s = act(s, "play:temple", "agent:c4", "dest:c3", "flip:pistol")
    assert s["eq"][O]["pistol"] == "up"
    s, _ = _refill(s)
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    s, _ = _refill(s)
    s["hand"][G] = ["castle"]
    s = act(s, "play:castle", "agent:b4", "dest:b3", "pistol:use", "guess:2F")
    assert s["eq"][O]["pistol"] == "used" and s["prison"][O] == ["2F"]


def _refill(s):
    n = 0
    while s["ask"] and s["ask"]["k"] == "draw":
        s = act(s, "draw:site")
        n += 1
    return s, n


def test_pistol_rules_sik_5_61_5_62_5_63_8_9():
    """SIK-5.61 a full identity is named; SIK-5.62 a right guess captures, defender stays hidden;
    SIK-5.63 a wrong guess continues the conflict; SIK-8.9 D-PISTOL then D-GUESS."""
    s = build(["G:1F@c4", "O:3T@c3"], active=G, hands={G: ["temple"]}, eq={O: {"pistol": "up"}})
    s = act(s, "play:temple", "agent:c4", "dest:c3")
    assert legal(s) == ["pistol:use", "pistol:no"]
    s1 = act(s, "pistol:use")
    assert legal(s1) == ["guess:3T", "guess:3F", "guess:2T", "guess:2F", "guess:1F", "guess:0F"]
    s2 = act(s1, "guess:1F")
    assert s2["prison"][O] == ["1F"] and at(s2, "c3") == [O, "3T", 0]
    s3 = act(s1, "guess:0F")
    assert at(s3, "c4") == [G, "1F", 1] and at(s3, "c3") == [O, "3T", 1]
    s4 = act(s, "pistol:no")
    assert s4["eq"][O]["pistol"] == "up" and at(s4, "c3") == [O, "3T", 1]


def test_medicine_rules_sik_5_66_5_67_5_68():
    """SIK-5.66 Exchange / Bait never count and only the target is offered; SIK-5.67 otherwise the hand is
    shown then any card; SIK-5.68 a target gone means no obligation and no reveal."""
    s = build(["G:2F@b4"], hands={O: ["joker"]}, eq={O: {"medicine": "up"}})
    s["hand"][G] = ["house", "exchange"]
    s = act(s, "equip:medicine", "target:b4")
    s["board"].pop("b4")
    s["prison"][O].append("2F")
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    s, _ = _refill(s)
    assert any(e[0] == "sik.log.med_lapse" for e in s["log"]) and not any(e[0] == "sik.log.med_reveal"
                                                                           for e in s["log"])
    assert "play:exchange" in legal(s)


def test_fan_rules_sik_5_73_5_74_5_75():
    """SIK-5.73 only moving cards; SIK-5.74 the Fan comes after the Bait; SIK-5.75 the re-move can be
    answered by the Pistol and the Bait."""
    s = build(["G:3F@b4", "O:2F@b3"], active=G, hands={G: ["castle", "house", "temple", "exchange", "bait"]},
              eq={G: {"fan": "up"}, O: {"pistol": "up"}}, bait={O: [["castle"]]})
    s = act(s, "play:castle", "agent:b4", "dest:b3", "pistol:no")
    assert s["ask"]["k"] == "bait"
    s = act(s, "bait:0:castle", "baitto:a5")
    assert s["ask"] == {"k": "fan", "side": G, "cell": "a5"}
    s = act(s, "fan:use")
    # from a5: House b4 (Temple a4 would need a Market); Exchange with a6 (SIK-5.73); never Bait
    assert legal(s) == ["fancard:house", "fancard:exchange"]


def test_game_end_sik_6_1_6_11_6_12_1_2_1_3():
    """SIK-6.1 the engine ends the game itself; SIK-6.12 everything is shown at the end; SIK-1.2 the three
    ways to win; SIK-1.3 turns alternate with a card play and a refill; SIK-6.11 (best-of-3 is outside the
    engine: one game per state)."""
    s = build(["O:2T@b5"], hands={O: ["market"]}, o_fill=["a1", "b1", "d1", "e1", "c1"],
              g_fill=["a6", "c6", "d6", "e6", "c5", "e4"])
    s = act(s, "play:market", "agent:b5", "dest:b6")
    assert g.is_over(s) and g.to_move(s) == []
    assert all(i is not None for _c, _s, i, _r in g.view(s, 1)["board"])
    assert g.view(s, 1)["hand"][O] is not None
    assert core.result(g, s)["tiebreak"] is None


def test_hot_seat_prompts_sik_7_17_8_9():
    """SIK-7.17: interrupts are decisions of the non-active seat (the UI puts a hand-over screen there)."""
    s = build(["G:1F@c4", "O:3T@c3"], active=G, hands={G: ["temple"]}, eq={O: {"pistol": "up"}})
    s = act(s, "play:temple", "agent:c4", "dest:c3")
    assert s["active"] == G and g.to_move(s) == [0]


def test_options_cover_all_modes_sik_8_1_10_9_3_2():
    """SIK-8.1 / SIK-10.9 / SIK-3.2: every variant combination and both seatings are options."""
    ids = {o["id"]: o["choices"] for o in g.OPTIONS}
    assert ids == {"charisma": ["off", "on", "ruri"], "equipment": ["off", "on"], "oniwaban": [0, 1],
                   "match": ["single", "bo3"]}  # SIK-6.20: the match option (tests/test_match.py)


def test_spec_decisions_data_sik_10_1_10_2_10_3_10_4_10_5_10_8_10_47_10_48():
    """SIK-10.1 map / SIK-10.2 6 rows / SIK-10.3 off-grid prisons / SIK-10.4 coordinates / SIK-10.5 identities /
    SIK-10.8 Site split / SIK-10.47 the seven Charisma cards / SIK-10.48 literal Equipment names: all data."""
    assert D.ROWS == 6 and D.cell_type("a2") == "hq" and "prison" not in D.CELLS
    assert D.direction(O, "left") == (-1, 0)
    assert len(D.IDENTITIES) == 6 and set(D.SITE_DECK.values()) == {5}
    assert len(D.CHARISMA) == 7 and D.EQUIPMENT["typewriter"]["en"] == "Typewriter"


def test_revealed_public_until_exchange_sik_10_19_10_42_7_7_7_8():
    """SIK-10.19 revealed = public; SIK-7.7 / SIK-10.42 hand split public; SIK-7.8 played cards public."""
    s = build(["O:3T@b3", "G:0F@b4"], hands={O: ["house", "bait"]})
    s = act(s, "play:house", "agent:b3", "dest:b4")
    assert ["b4", G, "0F", 1] in g.view(s, None)["board"]
    assert g.view(s, 1)["hand_count"][O] == {"site": 0, "tactic": 1}


def test_equipment_targets_any_enemy_sik_10_49():
    """SIK-10.49: Eavesdropping / Medicine / Stun may target any enemy agent on the grid."""
    s = build([], active=G, eq={G: {"stun": "up"}})
    s = act(s, "equip:stun")
    assert len(legal(s)) == 6


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
