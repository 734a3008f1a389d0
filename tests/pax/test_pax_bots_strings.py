"""The heuristic bot beats the random bot; the string catalogue covers every key the engine uses; the
remaining decisions (PAX-2.5, 2.23, 2.24, 2.27, 2.28, 3.10, 8.22, 10.15, 10.29, 10.30, 10.33)."""

from __future__ import annotations

import json
import pathlib
import re

from pax_helpers import act, scenario

from pygames import core, pax
from pygames.core import bots as core_bots

STRINGS = json.loads(pathlib.Path(pax.__file__).with_name("strings.json").read_text(encoding="utf-8"))


def test_pax_heuristic_beats_random():
    """Seeded duels (2 players, seats alternated): the heuristic bot wins clearly more often than random."""
    rng = core.Rng(77)
    wins = [0, 0]
    for seed in range(60):
        h = seed % 2
        s = core.new_game(pax, 2, 500 + seed)
        seats = [core_bots.random_bot, core_bots.random_bot]
        seats[h] = pax.bots()["heuristic"]
        core_bots.play_out(pax, s, seats, rng)
        res = core.result(pax, s)
        wins[0] += h in res["winners"]
        wins[1] += (1 - h) in res["winners"]
    assert wins[0] > 2 * wins[1], wins


def test_pax_strings_cover_engine_keys():
    """Every catalogue key named in the package's code exists in strings.json, in English and French."""
    assert all(k.startswith("pax.") and set(v) == {"en", "fr"} and v["en"] and v["fr"] for k, v in STRINGS.items())
    src = "".join(p.read_text(encoding="utf-8") for p in pathlib.Path(pax.__file__).parent.glob("*.py"))
    for key in set(re.findall(r'"(pax\.(?:log|err|tiebreak|act|status)\.[a-z_0-9.]+)"', src)):
        assert key in STRINGS, key
    for phase in ("draft", "solo_keep", "solo_bottom", "turn", "mode", "draw", "buy", "play", "over"):
        assert f"pax.phase.{phase}" in STRINGS and f"pax.status.{phase}" in STRINGS
    for opt in pax.OPTIONS:
        assert f"pax.opt.{opt['id']}" in STRINGS
        assert all(f"pax.opt.{opt['id']}.{c}" in STRINGS for c in opt["choices"])
    for cat in ("wealth", "fleet", "army", "religion", "senator", "land", "intrigue"):
        assert f"pax.category.{cat}" in STRINGS
    assert STRINGS["pax.category.land"]["fr"] == "Terrain" and STRINGS["pax.category.wealth"]["fr"] == "Richesse"


def test_pax_strings_cover_every_logged_and_labelled_key():
    """Log events, result categories, labels and status lines met in real games all have strings."""
    rng = core.Rng(3)
    for n in (1, 2, 3, 4):
        s = core.new_game(pax, n, 40 + n, {"level": 3} if n == 1 else {})
        while not pax.is_over(s):
            p = pax.to_move(s)[0]
            v = core.view(pax, s, p)
            legal = pax.legal_actions(s, p)
            for a in legal:
                assert pax.action_label(v, a)[0] in STRINGS, a
            assert pax.status(v)[0] in STRINGS
            core.engine.apply_in_place(pax, s, p, rng.choice(legal))
        assert all(k in STRINGS for k, _a, _t in s["log"])
        res = core.result(pax, s)
        assert all(f"pax.cat.{c}" in STRINGS for c in res["order"])


def test_pax_2_5_2_23_2_24_gains():
    """PAX-2.5 PC starts with nobody; PAX-2.23 idle income 2; PAX-2.24 empty deck gain 2."""
    s = scenario(2, deck=[], hands=[["SEN-01"], []])
    assert s["pc"] is None
    s = act(s, 0, "normal")
    assert s["money"][0] == 7
    s = act(s, 0, "finish")
    assert s["money"][0] == 9


def test_pax_2_27_2_28_steps_and_rome_needs():
    """PAX-2.27 a step is 3 symbols; PAX-2.28 Rome needs 4 of 7 categories."""
    from pygames.pax.scoring import step_bonus
    assert [step_bonus(n) for n in (2, 3, 5, 6, 9)] == [0, 1, 1, 2, 3]
    s = scenario(2, phase="over", rome=["WEA-01", "FLE-01", "ARM-01"], rome_hidden=[],
                 areas=[["REL-01", "SEN-01"], ["LAN-01", "INT-01"]], pc=1)
    res = pax.result(s)
    assert res["rome_categories"] == 3 and not res["rome_wins"]


def test_pax_3_10_draft_returns_in_drawn_order():
    """PAX-3.10 [DEF]: the cards not kept go under the deck in the order drawn, without the player choosing."""
    s = core.new_game(pax, 4, 12, {"start": 3})
    s = act(s, 3, f"keep:{s['front'][0]}")
    s_before = s
    drawn = list(s["front"])
    s = act(s, 0, f"keep:{drawn[1]}")
    assert s["deck"][-2:] == [drawn[0], drawn[2]] and len(s_before["deck"]) == len(s["deck"]) + 4 - 2


def test_pax_8_22_final_scoring_reveals():
    """PAX-8.22: at the end Rome's hidden cards and money values are shown to everyone (public log + view)."""
    s = scenario(2, deck=[], legions=[[], ["WEA-01"], []], active=1, start=0)
    s = act(s, 1, "spy")
    assert pax.is_over(s)
    v = core.view(pax, s, None)
    assert v["state"]["rome_hidden"] == s["rome_hidden"] and v["state"]["seats"][0]["money"] == 5
    assert any(k == "pax.log.game_end" for k, _a in v["log"])


def test_pax_10_15_10_29_10_30_10_33_small_decisions():
    """PAX-10.15 no hand limit; PAX-10.29 others' hand size shown, money hidden; PAX-10.30 Legions I..L;
    PAX-10.33 stray seed text has no rule: nothing to model (the game runs without it)."""
    s = scenario(3, phase="buy", legions=[["WEA-01", "WEA-02"], [], [], []], hands=[[f"SEN-0{i}" for i in range(1, 10)],
                 [], []], money=[9, 5, 5])
    s = act(s, 0, "buy:1", "finish")
    assert len(s["hands"][0]) == 11  # PAX-10.15
    v = core.view(pax, s, 1)["state"]
    assert v["seats"][0]["hand_count"] == 11 and v["seats"][0]["money"] is None  # PAX-10.29
    assert len(v["legions"]) == 4  # PAX-10.30: Legions I-IV with 3 players
    assert core.state_to_json(core.new_game(pax, 2, 1))  # PAX-10.33
