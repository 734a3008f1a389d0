"""Data tables of section 2 (PS-2.1 - 2.19) and the data-backed decisions of section 10."""

from __future__ import annotations

import json
import pathlib

from pygames.passages_secrets import data
from pygames.passages_secrets.data import (
    DATA,
    DISTRICTS,
    HEXES,
    NODES,
    PATH_DISTRICTS,
    PATH_ENDS,
    PATHS,
    STATUES,
    TOKENS,
    district_type,
)
from pygames.passages_secrets.tunnels import longest_trail

PKG = pathlib.Path(data.__file__).parent
STRINGS = json.loads((PKG / "strings.json").read_text(encoding="utf-8"))


def _degree():
    deg = dict.fromkeys(NODES, 0)
    for a, b in PATH_ENDS:
        deg[a] += 1
        deg[b] += 1
    return deg


def test_ps_2_1_component_counts():
    """PS-2.1: 10 hexes (6 used), 27 tokens (22 loot, 5 shovels), 5 markers, 4 statues, 15 cards (3 used),
    13 passages each (PS-2.17), 26 turns (PS-1.1)."""
    assert len(HEXES) == 10 and DATA["hexes_used"] == 6
    assert len(TOKENS) == 27 and sum(1 for t in TOKENS if t.startswith("L")) == 22
    assert sum(1 for f in TOKENS.values() if all(data.is_shovel(x) for x in f)) == 5
    assert len(data.TYPES) == 5 and len(STATUES) == 4 and len(data.ACHIEVEMENTS) == 15
    assert data.CARDS_FACE_UP == 3 and data.PASSAGES_EACH == 13 and data.TURNS == 26
    assert DATA["players"]["count"] == 2


def test_ps_2_2_and_2_3_types_and_loot_colours():
    """PS-2.2 canonical type order and loot pairs; PS-2.3 the 4 loot colours; NOB has none (PS-5.42)."""
    assert data.TYPES == ("BANK", "POL", "MER", "RES", "NOB")
    assert data.TYPE_LOOT == {"BANK": "YEL", "POL": "BLU", "MER": "PUR", "RES": "BRN", "NOB": None}
    assert data.LOOT_COLOURS == ("YEL", "BLU", "PUR", "BRN")
    assert DATA["type_colour"]["NOB"] == "white" and DATA["type_colour"]["MER"] == "purple"   # PS-10.21


def test_ps_2_4_2_5_2_9_graph_counts_and_degrees():
    """PS-2.4, PS-2.5, PS-2.9, PS-10.1 (Y-cube): 19 nodes, 27 paths (18 arms, 9 borders), degrees, sum 54."""
    assert len(NODES) == 19 and len(PATHS) == 27
    kinds = [p["kind"] for p in DATA["paths"]]
    assert kinds.count("arm") == 18 and kinds.count("border") == 9
    deg = _degree()
    assert deg["X"] == 6 and all(deg[n] == 3 for n in ("PA", "PB", "PC", "c1", "c2", "c3", "c4", "c5", "c6"))
    assert all(deg[n] == 3 for n in NODES if n.startswith("j")) and all(deg[n] == 1 for n in ("t1", "t3", "t6"))
    assert sum(deg.values()) == 54
    assert all(len(DATA["nodes"][n]["xy"]) == 2 for n in NODES)


def test_ps_2_6_and_2_9_each_path_borders_two_districts():
    """PS-2.6, PS-2.9: an arm borders two Districts of its tile; a border one District of each of its tiles."""
    for p, (a, b) in zip(DATA["paths"], PATH_DISTRICTS, strict=True):
        ta, tb = a.split(".")[0], b.split(".")[0]
        if p["kind"] == "arm":
            assert ta == tb == p["id"].split(".")[0]
        else:
            assert {ta, tb} == set(p["id"].split("|"))
        assert p["id"] in DISTRICTS[a]["paths"] and p["id"] in DISTRICTS[b]["paths"]
    assert PATHS[0] == "T1.NE" and PATHS[-1] == "T5|T6"


def test_ps_2_7_statues_and_their_paths():
    """PS-2.7: X has 6 surrounding paths, each platform 3; they are the paths meeting at the statue's node."""
    assert {s: len(p) for s, p in STATUES.items()} == {"X": 6, "PA": 3, "PB": 3, "PC": 3}
    for statue, paths in STATUES.items():
        at_node = {PATHS[i] for i, ends in enumerate(PATH_ENDS) if statue in ends}
        assert set(paths) == at_node


def test_ps_2_8_and_2_9_districts():
    """PS-2.8, PS-2.9: 18 Districts, 9 enclosed with 4 paths, 9 edge with 2; corner tiles 1 enclosed, middle 2."""
    assert len(DISTRICTS) == 18
    enclosed = [d for d, v in DISTRICTS.items() if v["enclosed"]]
    assert len(enclosed) == 9 and all(len(DISTRICTS[d]["paths"]) == 4 for d in enclosed)
    assert all(len(v["paths"]) == 2 for v in DISTRICTS.values() if not v["enclosed"])
    per_tile = {t: sum(1 for d in enclosed if d.startswith(t + ".")) for t in data.TILES}
    assert per_tile == {"T1": 1, "T2": 2, "T3": 1, "T4": 2, "T5": 2, "T6": 1}
    for d, v in DISTRICTS.items():                        # bounding paths list the District on their side
        for p in v["paths"]:
            assert d in PATH_DISTRICTS[data.PATH_INDEX[p]]


def test_ps_2_9_longest_trail_of_the_full_graph_and_statue_links():
    """PS-2.9: the complete graph's longest trail is 19; only T2|T4, T2|T5, T4|T5 join two statue sites (PS-5.18)."""
    assert longest_trail((1 << 27) - 1) == 19
    sites = set(STATUES)
    joins = [PATHS[i] for i, (a, b) in enumerate(PATH_ENDS) if a in sites and b in sites]
    assert sorted(joins) == ["T2|T4", "T2|T5", "T4|T5"]


def test_ps_2_10_hexes_and_10_3():
    """PS-2.10, PS-10.3: the 10 hexes are the 10 different 3-of-5 type sets, in canonical order."""
    sets = [tuple(v) for v in HEXES.values()]
    assert len(set(frozenset(s) for s in sets)) == 10
    assert all(list(s) == sorted(s, key=data.TYPES.index) for s in sets)
    assert HEXES["H01"] == ["BANK", "POL", "MER"] and HEXES["H10"] == ["MER", "RES", "NOB"]
    assert all(sum(1 for s in sets if t in s) == 6 for t in data.TYPES)


def test_ps_2_11_rotation_convention():
    """PS-2.11: slot i holds t[(i - r) mod 3]: r=1 gives N=t2, SE=t0, SW=t1; r=2 gives N=t1, SE=t2, SW=t0."""
    tiles = [["H01", 1]] + [["H02", 2]] + [["H03", 0]] * 4
    assert [district_type(tiles, f"T1.{s}") for s in data.SLOTS] == ["MER", "BANK", "POL"]
    assert [district_type(tiles, f"T2.{s}") for s in data.SLOTS] == ["POL", "RES", "BANK"]
    assert data.ROTATIONS == 3


def test_ps_2_12_token_faces_and_10_4():
    """PS-2.12, PS-10.4: 4 single-colour, 18 two-colour (3 per pair) loot tokens; shovels 1/2; 11 faces per colour."""
    loot = {t: f for t, f in TOKENS.items() if t.startswith("L")}
    assert sum(1 for f in loot.values() if f[0] == f[1]) == 4
    pairs = {}
    for f in loot.values():
        if f[0] != f[1]:
            pairs[frozenset(f)] = pairs.get(frozenset(f), 0) + 1
    assert len(pairs) == 6 and set(pairs.values()) == {3}
    for c in data.LOOT_COLOURS:
        assert sum(f.count(c) for f in loot.values()) == 11
        assert sum(1 for f in loot.values() if c in f) == 10
    assert all(TOKENS[f"S0{i}"] == ["S1", "S2"] for i in range(1, 6))


def test_ps_2_13_shovel_face_effects_and_10_5():
    """PS-2.13, PS-10.5: 1 shovel = any one marker +1 (D3); 2 shovels = the moved markers +1 each."""
    assert data.SHOVEL_FACES["S1"] == {"shovels": 1, "effect": "any_marker", "steps": 1}
    assert data.SHOVEL_FACES["S2"] == {"shovels": 2, "effect": "moved_markers", "steps": 1}


def test_ps_2_14_control_board_and_10_6():
    """PS-2.14, PS-10.6: Z = 7 per side, clamp at the ends (at least 5, needed by A10)."""
    assert data.Z == 7 and DATA["control"]["at_end"] == "clamp" and data.Z >= 5


def test_ps_2_15_loot_table_and_10_10():
    """PS-2.15, PS-10.10: T(n) = n(n+1)/2 for n = 0..13."""
    assert data.LOOT_TABLE == [n * (n + 1) // 2 for n in range(14)]


def test_ps_2_16_achievement_cards_and_5_29():
    """PS-2.16, PS-5.29: the 15 cards' Wealth and timing; labels FR/EN in strings.json."""
    wealth = {c: v["wealth"] for c, v in data.ACHIEVEMENTS.items()}
    assert wealth == {"A1": 3, "A2": 3, "A3": 5, "A4": 5, "A5": 5, "A6": 5, "A7": 4, "A8": 4, "A9": 4, "A10": 6,
                      "A11": 4, "A12": 4, "A13": 4, "A14": 3, "A15": 3}
    assert [c for c, v in data.ACHIEVEMENTS.items() if v["when"] == "midgame"] == ["A14", "A15"]
    assert STRINGS["ps.card.A4"]["fr"] == "Entourer complètement un Quartier"
    assert all(f"ps.card.{c}" in STRINGS for c in data.ACHIEVEMENTS)


def test_ps_2_17_2_18_2_19_colours_flags_note_symbols():
    """PS-2.17 colours (PS-10.21), PS-2.18 data file with a note and rule flags, PS-2.19 / PS-10.22 symbols."""
    assert DATA["players"]["colours"] == ["pink", "slate"]
    assert "correct" in DATA["_note"] and "[DEF]" in DATA["_note"]
    assert data.FLAGS == {"award_midgame_achievements_before_scoring": True, "full_tie": "shared"}
    symbols = DATA["symbols"]
    assert len({symbols[t] for t in data.TYPES}) == 5
    assert all(symbols[t] == symbols[c] for t, c in data.TYPE_LOOT.items() if c)


def test_ps_strings_catalogue_uses_the_glossary():
    """PS-2.19 language / section 11 glossary: every key prefixed ps., en+fr present, French rulebook terms."""
    assert all(k.startswith("ps.") and set(v) == {"en", "fr"} for k, v in STRINGS.items())
    fr = {k: v["fr"] for k, v in STRINGS.items()}
    assert fr["ps.type.BANK"] == "Quartier bancaire" and fr["ps.type.NOB"] == "Quartier noble"
    assert fr["ps.cat.loot"] == "Butins" and fr["ps.cat.achievements"] == "Hauts faits"
    assert fr["ps.face.S2"] == "deux Pelles" and fr["ps.scoring.mid"] == "Décompte de mi-partie"
    for cat in ("tunnel", "statues", "loot", "districts", "achievements"):
        assert f"ps.cat.{cat}" in STRINGS
