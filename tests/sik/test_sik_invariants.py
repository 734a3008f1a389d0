"""Shadows in Kyoto's own invariants over seeded random games (random and heuristic bots, every mode, both
seatings): cards and agents conserved, hand size, HQs, decline windows after every action; hidden identities,
hands, marks and discards in the views; the result recomputed at the end. The engine contract every game keeps
(JSON views, round trip, replay, undo) is tests/test_game_contract.py's."""

from __future__ import annotations

from collections import Counter

from helpers.playouts import bot_choice, playout, random_choice
from sik_helpers import B, D, G, O, R

import pygames.shadows_in_kyoto as g
from pygames import core

GAMES = 400  # every mode and heuristic seat mix, every end reason: every invariant after every action
MODES = [(c, e) for c in ("off", "on", "ruri") for e in ("off", "on")]
FULL = Counter({**D.SITE_DECK, **D.TACTIC_DECK})
DECLINE = {"fan": "fan:no", "bait": "bait:no", "pistol": "pistol:no", "flip": "flip:none", "equip": "equip:none"}


def cards_of(s, side):
    """Every card of `side`, wherever it is (hand, decks, discard, Bait area, cards being resolved, Ruri)."""
    cards = list(s["hand"][side]) + s["deck"][side]["site"] + s["deck"][side]["tactic"] + s["disc"][side]
    for marks in s["bait"][side]:
        cards += marks + ["bait"]
    if s["active"] == side:
        cards += [f["card"] for f in s["stack"] if f["f"] == "card" and not f.get("placed")]
        cards += [p[1] for p in s["tomoyo"]]
    if s["cha"][side] == "ruri" and s["ruri"]:
        cards.append(s["ruri"])
    return Counter(cards)


def check_step(s):
    """Invariants after every action."""
    for side in (O, G):
        # components conserved (SIK-2.1 / 2.16 / 2.17): 33 cards per side, none created or lost
        assert cards_of(s, side) == FULL, (side, cards_of(s, side) - FULL, FULL - cards_of(s, side))
        # agents conserved: 6 per side, on the grid or in the opponent's prison (SIK-2.11 / 4.15)
        on_grid = [i for sd, i, _r in s["board"].values() if sd == side]
        if s["phase"] != "place":
            assert sorted(on_grid + s["prison"][1 - side]) == sorted(D.IDENTITY_ORDER)
        for kind in ("site", "tactic"):
            assert 0 <= s["bottom"][side][kind] <= len(s["deck"][side][kind])
        # SIK-4.13: a hand only goes above 6 through Ayane / Typewriter, by one card
        assert len(s["hand"][side]) <= D.HAND_SIZE + 1
    for cell, (side, _i, _r) in s["board"].items():
        assert cell in D.CELLS
        hq = D.hq_owner(cell)
        if hq is not None and hq != side:  # SIK-4.18: only Chiharu lets an enemy stand in an HQ
            assert B.has_charisma(s, side, "chiharu")
    if not g.is_over(s):
        seats = g.to_move(s)
        assert len(seats) == 1, "one seat acts at a time"
        ask = s["ask"]
        if ask["k"] in DECLINE or (ask["k"] == "mark" and ask["n"] == 2):  # SIK-4.29 / 5.29 / 5.35: every
            assert DECLINE.get(ask["k"], "mark:none") in g.legal_actions(s, seats[0])  # window can say no
        other = 1 - seats[0]
        assert g.legal_actions(s, other) == []


def check_views(s):
    """Views leak nothing hidden (section 7): enemy identities, hands, marks, discards."""
    if g.is_over(s):
        return
    for seat in (0, 1, None):
        st = g.view(s, seat)
        me = None if seat is None else g.side_of(s, seat)
        for cell, side, ident, rev in st["board"]:
            if side != me and not rev:
                assert ident is None  # SIK-7.2
            else:
                assert ident == s["board"][cell][1]
        for side in (O, G):
            if side != me:
                assert st["hand"][side] is None and st["bait"][side] is None and st["discard"][side] is None
                assert st["bottom_cards"][side] is None


def check_end(s):
    """End of game: the result agrees with a recomputation."""
    res = core.result(g, s)
    side, reason = s["win"]
    winner_seat = side ^ s["o"]
    assert res["winners"] == [winner_seat] and res["scores"][winner_seat] == 1 and sum(res["scores"]) == 1
    trues = [sum(D.is_true(i) for i in s["prison"][sd]) for sd in (O, G)]
    falses = [sum(not D.is_true(i) for i in s["prison"][1 - sd]) for sd in (O, G)]
    assert res["breakdown"]["secrets"][winner_seat] == trues[side]
    if reason == "secrets":  # SIK-6.2
        assert trues[side] == 2
    elif reason == "decoys":  # SIK-6.3
        assert falses[side] == 3
    elif reason == "escape":  # SIK-6.4
        assert B.true_agent_escaped(s, side)
    elif reason == "escape_over_decoys":  # SIK-6.6
        assert falses[1 - side] == 3 and B.true_agent_escaped(s, side)
    else:
        assert reason == "noplay"  # SIK-6.7
        assert not R.playable_cards(s, 1 - side)
    assert trues[0] < 3 and trues[1] < 3 and max(falses) <= 3


def play_one(seed, mode, heuristic_seats):
    charisma, equipment = mode
    options = {"charisma": charisma, "equipment": equipment, "oniwaban": seed % 2}
    heuristic = bot_choice(g, g.bots()["heuristic"])
    choosers = [heuristic if seat in heuristic_seats else random_choice for seat in (0, 1)]
    deep = seed % 25 == 0
    for step in playout(g, 2, seed, options, rng=core.Rng(seed * 7919 + 1), choosers=choosers, max_steps=5000):
        s = step.state
        if step.seat is None:
            continue
        check_step(s)
        if deep or len(s["history"]) % 9 == 1:
            check_views(s)
    check_end(s)
    return s


def test_sik_random_games_invariants():
    """400 seeded games over every mode (SIK-3.2 / SIK-10.9) with every invariant; SIK-6.10: all end."""
    reasons = Counter()
    modes_seen = Counter()
    for seed in range(GAMES):
        mode = MODES[seed % len(MODES)]
        heuristic = [(), (0,), (1,), (0, 1)][(seed // len(MODES)) % 4]
        s = play_one(seed, mode, heuristic)
        reasons[s["win"][1]] += 1
        modes_seen[mode] += 1
    assert set(reasons) == {"secrets", "decoys", "escape", "noplay", "escape_over_decoys"} or len(reasons) >= 4
    assert len(modes_seen) == len(MODES)
