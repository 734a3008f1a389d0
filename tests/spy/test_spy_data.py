"""The data tables of section 2 (SPY-2.1 to SPY-2.63), checked against the spec's numbers; the rules pages state the
rules in both languages; a save of an older FORMAT is refused."""

from __future__ import annotations

import json
import pathlib
import random
from collections import Counter

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import data
from pygames.spyworld.data import AGENTS, CARDS, DRAWABLE, GADGETS, HALL, LAIRS, MISSIONS, SHEET, START

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_data_file_has_note_and_is_the_source():
    """SPY-2.63: every value lives in data.json, with a note inviting box owners to correct [DEF] values."""
    raw = json.loads(pathlib.Path(data.__file__).with_name("data.json").read_text(encoding="utf-8"))
    assert "[DEF]" in raw["_note"] and "correct" in raw["_note"]


def test_deck_composition():
    """SPY-2.1 (108 cards), SPY-2.25 walls 18, SPY-2.26 traps 6 each, SPY-2.27 guardians 6 each, SPY-2.28 secrets 6
    each, SPY-2.29 training 3 x (2, 3, 4) per track, SPY-2.30 gadgets 9."""
    assert len(CARDS) == 108
    kinds = Counter(c["kind"] for c in CARDS.values())
    assert kinds == {"wall": 18, "fixture": 54, "training": 27, "gadget": 9}
    subs = Counter(c["sub"] for c in CARDS.values() if c["kind"] == "fixture")
    assert set(subs.values()) == {6} and len(subs) == 9
    train = Counter((c["sub"], c["pts"]) for c in CARDS.values() if c["kind"] == "training")
    assert train == {(t, p): 3 for t in "msc" for p in (2, 3, 4)}


def test_backs_distribution_and_pairing():
    """SPY-2.31/SPY-2.32: 54 red, 54 blue, numbers 11, 11, 10, 11, 11; SPY-2.33: the fixed pairing is the one made
    with random.Random(5260) as documented (tests may use `random`; the engine never does)."""
    backs = [CARDS[i]["back"] for i in sorted(CARDS)]
    count = Counter(backs)
    for colour in "RB":
        assert [count[f"{colour}{n}"] for n in range(1, 6)] == [11, 11, 10, 11, 11]
    made = [f"{c}{n}" for c in "RB" for n, k in zip(range(1, 6), (11, 11, 10, 11, 11), strict=True) for _ in range(k)]
    random.Random(5260).shuffle(made)
    assert made == backs
    assert CARDS[1]["back"] == "B3" and CARDS[108]["back"] == "B4" and CARDS[67]["back"] == "R5"


def test_sheet_geometry():
    """SPY-2.6/SPY-2.7 5x5 grid; SPY-2.8 start (5,3); SPY-2.9 hall; SPY-2.10 24 buildable; SPY-2.11 40 internal
    edges + 20 border edges; SPY-2.12 none around the start room: 37 + 19 = 56 drawable;
    per-line counts of section 2.2 plus each line's border sides."""
    assert data.SIZE == 5 and START == "53" and HALL == {"52", "54", "43"}
    assert len(data.BUILDABLE) == 24 and len(data.SEGMENTS_ALL) == 40 and len(data.BORDER) == 20
    assert len(DRAWABLE) == 56 and "53-63" not in DRAWABLE and "01-11" in DRAWABLE and "55-56" in DRAWABLE
    internal = [s for s in DRAWABLE if s not in data.BORDER_SET]
    assert len(internal) == 37
    rows = [len(data.segments_of_line("R", n)) for n in range(1, 6)]
    cols = [len(data.segments_of_line("B", n)) for n in range(1, 6)]
    # internal counts of the spec's table [9, 14, 14, 13, 6] / [9, 13, 11, 13, 9] + the border sides of each line
    assert rows == [9 + 7, 14 + 2, 14 + 2, 13 + 2, 6 + 6] and cols == [9 + 7, 13 + 2, 11 + 1, 13 + 2, 9 + 7]
    assert [data.border_side(s) for s in ("01-11", "51-61", "10-11", "15-16")] == ["top", "bottom", "left", "right"]
    assert data.inner_cell("15-16") == "15" and data.inner_cell("01-11") == "11"


def test_sheet_numbers():
    """SPY-2.13 budget 10, SPY-2.14 beginner +5, SPY-2.15 cap 40, SPY-2.16/SPY-2.17 5 boxes 2..6, SPY-2.18 2 per
    turn, SPY-2.19 tracks to 20, SPY-2.20 shift 2, SPY-2.21 pass 1, SPY-2.22 awards, SPY-2.23 35 turns,
    SPY-2.24 titles."""
    assert SHEET["budget"] == 10 and SHEET["beginner_bonus"] == 5 and SHEET["gain_cap"] == 40
    assert SHEET["bonus_costs"] == [2, 3, 4, 5, 6] and SHEET["bonus_per_turn"] == 2
    assert SHEET["track_cap"] == 20 and SHEET["shift_cost"] == 2 and SHEET["pass_cash"] == 1
    assert SHEET["awards"] == {"trapper": 10, "gadget_fan": -20, "explorer": 5, "brutal": 20}
    assert SHEET["max_turns"] == 35
    assert [t for t, _ in SHEET["titles"]] == [250, 220, 180, 130, 70]


def test_components():
    """SPY-2.2 9 missions, SPY-2.3 4 lairs, SPY-2.4 5 gadgets, SPY-2.5 9 agents."""
    assert len(MISSIONS) == 9 and sorted(LAIRS) == [1, 2, 3, 4] and sorted(GADGETS) == [1, 2, 3, 4, 5]
    assert len(AGENTS) == 9


def test_lair_tables():
    """SPY-2.34, SPY-2.35, SPY-2.36, SPY-2.37: costs (trap = Stealth, Movement; guardian = Stealth, Combat) and
    secret values;
    the Super-yacht's flags (SPY-2.38 default lair 2); SPY-5.34 the other lairs have no special flag."""
    def t(lair, f):
        c = LAIRS[lair]["costs"][f]
        return c.get("pool") or (c["s"], c["m"] if f in ("lasers", "saw") else c["c"])
    assert [t(1, f) for f in ("lasers", "saw", "dog", "guard", "robot")] == [(1, 1), (0, 2), (0, 2), (1, 2), (2, 2)]
    assert LAIRS[1]["costs"]["shark"] == {"m": 2, "s": 1, "c": 0}
    assert [t(2, f) for f in ("lasers", "saw", "shark", "dog", "guard", "robot")] == [(2, 1), (1, 2), 4, (1, 1),
                                                                                       (1, 2), (2, 3)]
    assert [t(3, f) for f in ("lasers", "saw", "shark", "dog", "guard", "robot")] == [(2, 2), (1, 3), 5, (1, 2),
                                                                                       (2, 2), (2, 3)]
    assert [t(4, f) for f in ("lasers", "saw", "shark", "dog", "guard", "robot")] == [(3, 2), (2, 3), 6, (2, 2),
                                                                                       (2, 3), (3, 3)]
    assert [LAIRS[n]["secrets"]["secret3"] for n in (1, 2, 3, 4)] == [[5, 15], [6, 15], [6, 16], [7, 18]]
    assert [LAIRS[n]["secrets"]["secret1"] for n in (1, 2, 3, 4)] == [[2, 5], [2, 6], [2, 6], [3, 7]]
    assert not LAIRS[1]["shift"] and not LAIRS[1]["gadget_shift"] and not LAIRS[1]["agent_choice"]
    assert all(LAIRS[n]["shift"] and LAIRS[n]["pool_split"] for n in (2, 3, 4))
    assert data.DATA["default_lair"] == 2


def test_missions_gadgets_agents_tables():
    """SPY-2.39, SPY-2.40, SPY-2.41, SPY-2.42, SPY-2.43, SPY-2.44, SPY-2.45, SPY-2.46, SPY-2.47 rewards; SPY-2.48
    to SPY-2.53 gadgets (drill = 5, counts 2); SPY-2.54 to SPY-2.62
    agents (bonus totals 6)."""
    assert [(MISSIONS[f"m{i}"]["cash"], MISSIONS[f"m{i}"]["bonus"]) for i in range(1, 10)] == [
        (4, 10), (4, 10), (3, 8), (5, 12), (5, 12), (3, 9), (4, 10), (5, 13), (2, 7)]
    assert [GADGETS[n]["count"] for n in range(1, 6)] == [1, 1, 1, 1, 2] and GADGETS[5]["key"] == "drill"
    assert GADGETS[4]["normal_movement"] == 3 and GADGETS[4]["expert_points"] == 5
    assert all(sum(a["bonus"]) == 6 for a in AGENTS.values())
    assert AGENTS["magpie"]["bonus"] == [2, 3, 1] and AGENTS["a42"]["bonus"] == [2, 2, 2]
    assert AGENTS["phoenix"]["regain_combat"] == 2 and AGENTS["magpie"]["extra_steal"] == 5


def test_strings_catalogue():
    """Every catalogue key is prefixed spy. and has en + fr; rulebook French terms are used."""
    path = pathlib.Path(data.__file__).with_name("strings.json")
    strings = json.loads(path.read_text(encoding="utf-8"))
    assert all(k.startswith("spy.") and set(v) == {"en", "fr"} for k, v in strings.items())
    for key in ("spy.name", "spy.opt.lair", "spy.cat.kept", "spy.card.shark", "spy.agent.magpie", "spy.gadget.5"):
        assert key in strings
    assert strings["spy.card.shark"]["fr"] == "Piscine à requins" and strings["spy.gadget.5"]["fr"] == "Foreuse laser"
    from pygames.spyworld.scoring import ORDER
    assert all(f"spy.cat.{c}" in strings for c in ORDER)


def test_a_copied_sheet_shares_no_list_with_its_original():
    """`sheet.copy_sheet` copies the sheet's lists by name (a draft sheet, SPY-4.6, must never write through to
    the public one): every list a sheet holds, and each claim pair, is a new list of equal content."""
    from pygames.spyworld.sheet import claim, copy_sheet, new_sheet

    sheet = new_sheet(False)
    sheet["walls"].append("31-32")
    sheet["gadgets"].append(2)
    claim(sheet, next(iter(MISSIONS)), "bonus")
    copy = copy_sheet(sheet)
    assert copy == sheet
    for key, value in sheet.items():
        if isinstance(value, list):
            assert copy[key] is not value, key
    assert all(a is not b for a, b in zip(copy["claims"], sheet["claims"], strict=True))


def test_rules_pages_state_these_rules_in_both_languages():
    """The rules pages (EN/FR) state these rules: outer-edge walls (SPY-2.11), 2-12 players (SPY-3.8), free
    agent choice (SPY-3.11), ties settled by a tie-break game (SPY-6.11)."""
    spy_page = (ROOT / "templates/spy/fragments.html.j2").read_text(encoding="utf-8")
    en, fr = spy_page.split('<template id="rules-spy-fr">')
    wanted = {"en": ("From 2 to 12 players", "Free agent choice", "outer edge", "tie-break game"),
              "fr": ("De 2 à 12 joueurs", "Choix libre des agents", "bord extérieur", "partie de départage")}
    for text, phrases in ((en, wanted["en"]), (fr, wanted["fr"])):
        assert all(p in text for p in phrases), phrases


def test_saves_of_the_old_layout_are_refused_clearly():
    """FORMAT 2 (border walls, 2-12 seats, option "agents"): a save made with FORMAT 1 is refused with the
    catalogue's version message, never half-loaded."""
    assert spy.FORMAT == 2
    state = core.new_game(spy, 2, 1)
    record = core.save_recipe(state, {"seats": [{"name": "", "kind": "human"}] * 2})
    record["format"] = 1
    try:
        core.load_recipe(json.dumps(record), {"spy": spy})
    except core.InvalidSave as exc:
        assert exc.key == "core.save.older"
    else:
        raise AssertionError("a FORMAT 1 save was loaded")
    assert core.load_recipe(json.dumps(dict(record, format=2)), {"spy": spy})[1] == state
