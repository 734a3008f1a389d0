"""The data tables of section 2 (SIK-2.x) and the scenario builder's fillers (SIK-9.0); a save of an older
FORMAT is refused."""

from __future__ import annotations

import json

import pytest
from sik_helpers import D, G, O, at, build

import pygames.shadows_in_kyoto as g
from pygames import core


def test_board_map_data_sik_2_3_to_2_10():
    """SIK-2.3 / SIK-2.6: 5x6 grid, symmetric under 180° rotation; SIK-2.7 territories; SIK-2.8 starts;
    SIK-2.9 HQ; SIK-2.10 neutral cells; counts of SIK-2.6."""
    assert len(D.CELLS) == 30 and D.COLUMNS == "abcde" and D.ROWS == 6
    mirror = {"a": "e", "b": "d", "c": "c", "d": "b", "e": "a"}
    for cell, info in D.CELLS.items():
        other = D.CELLS[mirror[cell[0]] + str(7 - int(cell[1]))]
        assert info["type"] == other["type"]
        for key in ("hq", "terr", "start"):
            assert (info.get(key) is None) == (other.get(key) is None)
            if info.get(key) is not None:
                assert info[key] == 1 - other[key]
    types = [c["type"] for c in D.CELLS.values()]
    # two neutral sites in the middle besides the two on the home rows
    assert {t: types.count(t) for t in set(types)} == {"temple": 6, "house": 4, "market": 6, "castle": 6,
                                                      "neutral": 4, "hq": 4}
    assert D.territory(O) == ["a1", "b1", "c1", "d1", "e1"] and D.territory(G) == ["a6", "b6", "c6", "d6", "e6"]
    assert sorted(D.start_cells(O)) == ["a1", "b1", "c1", "c2", "d1", "e1"]
    assert sorted(D.start_cells(G)) == ["a6", "b6", "c5", "c6", "d6", "e6"]
    assert D.hq_cells(O) == ["a2", "e2"] and D.hq_cells(G) == ["a5", "e5"]
    assert D.neutral_in_territory(O) == ["c1"] and D.neutral_in_territory(G) == ["c6"]
    assert D.cell_type("b3") == "castle" and D.cell_type("c3") == "neutral" and D.cell_type("a3") == "temple"


def _p7_cells(side: int) -> list[str]:
    """Cells from which the book's movement example (P7) reads, for `side`'s agent (SIK-2.6)."""
    found = []
    for cell in D.CELLS:
        ahead = [D.step(cell, v) for v in D.group(side, "FWD3")]
        around = [D.step(cell, v) for v in D.group(side, "DEF5")]
        forward = D.direction(side, "forward")
        two = D.step(D.step(cell, forward) or cell, forward) if D.step(cell, forward) else None
        if None in ahead or two is None:
            continue
        if sorted(D.cell_type(c) for c in ahead) != ["house", "market", "neutral"]:
            continue
        kinds = [D.cell_type(c) for c in around if c is not None]
        own_hq = [c for c in around if c is not None and D.hq_owner(c) == side]
        if "market" in kinds and "temple" in kinds and own_hq and D.cell_type(two) == "temple":
            found.append(cell)
    return found


def test_map_fits_the_book_movement_example_sik_2_6_2_10():
    """SIK-2.6 / SIK-2.10: a cell exists whose three forward cells are a House, a Market and a neutral
    site, with a Market, a Temple and the owner's HQ beside or behind it and a Temple two cells ahead; by the
    map's symmetry it exists for both sides. Neutral sites are not only on the home rows; start cells are the
    home row plus the middle of the second row (SIK-6.8)."""
    assert _p7_cells(O) == ["b3"] and _p7_cells(G) == ["d4"]
    neutral_rows = {int(c[1]) for c, info in D.CELLS.items() if info["type"] == "neutral"}
    assert neutral_rows == {1, 3, 4, 6}
    assert all(D.CELLS[c].get("start") == O for c in ("a1", "b1", "c1", "d1", "e1", "c2"))


def test_directions_sik_2_4_2_5():
    """SIK-2.4 / SIK-2.5: forward is toward the opponent; left/right from the owner's seat."""
    assert D.direction(O, "forward") == (0, 1) and D.direction(G, "forward") == (0, -1)
    assert D.direction(O, "forward_left") == (-1, 1) and D.direction(G, "forward_left") == (1, -1)
    assert D.direction(O, "back_right") == (1, -1) and D.direction(G, "back_right") == (-1, 1)
    assert D.direction(O, "left") == (-1, 0) and D.direction(G, "left") == (1, 0)
    assert len(D.group(O, "DEF5")) == 5 and len(D.group(G, "FWD3")) == 3


def test_identities_and_conflict_table_sik_2_13_2_14_2_15():
    """SIK-2.13 identities (2 true, 4 false, stars); SIK-2.14 0 beats 3 both ways; SIK-2.15 full table."""
    assert list(D.IDENTITY_ORDER) == ["3T", "3F", "2T", "2F", "1F", "0F"]
    assert [i for i in D.IDENTITY_ORDER if D.is_true(i)] == ["3T", "2T"]
    assert [i for i in D.IDENTITY_ORDER if D.has_star(i)] == ["3T", "3F", "2T", "0F"]
    table = {(a, d): D.CONFLICT[a][d] for a in range(4) for d in range(4)}
    expected = {(0, 0): "A", (0, 1): "D", (0, 2): "D", (0, 3): "A", (1, 0): "A", (1, 1): "A", (1, 2): "D",
                (1, 3): "D", (2, 0): "A", (2, 1): "A", (2, 2): "A", (2, 3): "D", (3, 0): "D", (3, 1): "A",
                (3, 2): "A", (3, 3): "A"}
    assert table == expected
    assert D.attacker_wins("0F", "3T") and not D.attacker_wins("3T", "0F")  # SIK-2.14
    assert not D.attacker_wins("0F", "1F") and not D.attacker_wins("1F", "3F")


def test_decks_and_cards_sik_2_1_2_2_2_16_2_17_2_18_2_19():
    """SIK-2.1 inventory; SIK-2.2 identical decks per side; SIK-2.16 Site split; SIK-2.17 Tactic deck;
    SIK-2.18 Charisma; SIK-2.19 Equipment with FR names."""
    assert D.SITE_DECK == {"temple": 5, "house": 5, "market": 5, "castle": 5, "joker": 5}
    assert sum(D.SITE_DECK.values()) == 25
    assert D.TACTIC_DECK == {"defend": 2, "tunnel": 2, "charge": 1, "exchange": 1, "bait": 2}
    assert D.charisma_of(O) == ["tomoyo", "anju", "yoko"] and D.charisma_of(G) == ["ayane", "chiharu", "iroha"]
    assert D.CHARISMA["ruri"]["side"] is None and len(D.CHARISMA) == 7
    assert D.equipment_of(O) == ["typewriter", "medicine", "pistol"]
    assert D.equipment_of(G) == ["eavesdrop", "stun", "fan"]
    assert D.EQUIPMENT["pistol"]["fr"] == "Pistolet de poche" and D.EQUIPMENT["fan"]["timing"] == "react"
    s = core.new_game(g, 2, 3, {})
    for side in (O, G):  # SIK-2.2: both sides start from the same composition
        cards = s["hand"][side] + s["deck"][side]["site"] + s["deck"][side]["tactic"]
        assert len(cards) == 33


def test_numbers_and_data_file_sik_2_20_2_21_2_22_2_23():
    """SIK-2.20 hand 6 / opening 4+2 / Oniwaban first; SIK-2.21 thresholds; SIK-2.22 the data file carries
    the [DEF] note; SIK-2.23 the state holds the minimum fields."""
    assert D.HAND_SIZE == 6 and D.OPENING == {"site": 4, "tactic": 2} and D.FIRST_SIDE == O
    assert D.TRUE_TO_CAPTURE == 2 and D.FALSE_TO_LOSE == 3
    assert "_note" in D.RAW and "correct" in D.RAW["_note"]
    s = core.new_game(g, 2, 3, {"charisma": "on", "equipment": "on"})
    for key in ("board", "prison", "hand", "deck", "disc", "bait", "cha", "ruri", "eq", "stun", "med", "turn",
                "active", "win"):
        assert key in s


def test_builder_fillers_sik_9_0():
    """SIK-9.0: fillers in canonical order on the listed cells."""
    s = build(["G:2T@c4", "O:2F@c3"], active=G, hands={G: ["temple"]})
    assert at(s, "a1") == [O, "3T", 0] and at(s, "c1") == [O, "0F", 0]
    assert at(s, "e6") == [G, "3T", 0] and at(s, "c6") == [G, "0F", 0]


def test_old_saves_are_refused_clearly():
    """FORMAT 2 (the map of SIK-2.6, Equipment before and after the play): a save of FORMAT 1 is refused with
    the 'version' message."""
    s = core.new_game(g, 2, 3, {})
    recipe = core.save_recipe(s)
    recipe["format"] = 1
    with pytest.raises(core.InvalidSave) as err:
        core.load_recipe(json.dumps(recipe), {"sik": g})
    assert err.value.key == "core.save.older" and g.FORMAT == 2
