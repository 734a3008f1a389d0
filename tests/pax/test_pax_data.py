"""Section 2: the data file holds every table and every [DEF] value (PAX-2.x, PAX-10.1, 10.2, 10.15, 10.30)."""

from __future__ import annotations

import json
import pathlib

import pytest
from pax_helpers import spec_card_list, spec_cards  # noqa: F401  (a fixture)

from pygames import core, pax
from pygames.pax import data

RAW = json.loads(pathlib.Path(pax.__file__).with_name("data.json").read_text(encoding="utf-8"))


def test_pax_2_1_2_7_card_counts_and_categories():
    """PAX-2.1 74 Influence cards; PAX-2.7 seven categories with counts 10/10/10/10/10/12/12 in seed order."""
    assert len(data.CARDS) == 74
    assert data.CATEGORIES == ("wealth", "fleet", "army", "religion", "senator", "land", "intrigue")
    counts = {c: sum(1 for v in data.CARDS.values() if v[0] == c) for c in data.CATEGORIES}
    assert counts == {"wealth": 10, "fleet": 10, "army": 10, "religion": 10, "senator": 10, "land": 12,
                      "intrigue": 12}
    assert [data.CATEGORY_INFO[c]["colour"] for c in data.CATEGORIES] == [
        "beige", "blue", "orange", "grey", "yellow", "green", "red"]


def test_pax_2_4_2_11_default_card_list():
    """PAX-2.4 / PAX-2.11 / PAX-10.1 [DEF]: the data file's list, tuned for balance within the box's facts
    (1 or 2 symbols, values 1-4): 102 symbols and 157 value in total. Inside a category, cards run from cheap
    to dear; the value-1 and value-2 cards show 2, 2, then 1 symbols; every value-3 and value-4 card 1, so the
    dear piles Rome takes count fewer symbols than the cheap cards the players build with (the arena figures of
    docs/measurements.md). PAX-2.8 / PAX-2.9: a card is (category, symbols, value); the function belongs to the
    category."""
    assert all(set(v) == {v[0], v[1], v[2]} for v in data.CARDS.values())
    assert sum(v[1] for v in data.CARDS.values()) == 102
    assert sum(v[2] for v in data.CARDS.values()) == 157
    pattern = {10: [(2, 1), (2, 1), (1, 1), (2, 2), (2, 2), (1, 2), (1, 2), (1, 3), (1, 3), (1, 4)],
               12: [(2, 1), (2, 1), (1, 1), (2, 2), (2, 2), (1, 2), (1, 2), (1, 2), (1, 3), (1, 3), (1, 3), (1, 4)]}
    for code in data.CATEGORIES:
        info = data.CATEGORY_INFO[code]
        ids = [cid for cid in data.CARD_IDS if data.category(cid) == code]
        assert ids == [f"{info['prefix']}-{n:02d}" for n in range(1, info["count"] + 1)]
        assert [(data.symbols(c), data.value(c)) for c in ids] == pattern[info["count"]], code
        assert sum(data.symbols(c) for c in ids) == {10: 14, 12: 16}[info["count"]]
    for cid, (cat, sym, val) in data.CARDS.items():
        assert sym in (1, 2) and 1 <= val <= 4
        assert data.CATEGORY_INFO[cat]["prefix"] == cid[:3]
    # the seed's buying example: a Land and an Intrigue for 4 in total is possible (2+2 or 1+3)
    assert data.value("LAN-04") + data.value("INT-04") == 4


def test_pax_2_4_dear_cards_show_fewer_symbols_than_cheap_ones():
    """PAX-2.4's balance decision: Rome takes the dearest pile every round (PAX-4.34), so in every category the
    dear cards (values 3 and 4) show fewer symbols each than the cheap ones (values 1 and 2) that players build
    with; with the first draft's list (dear cards with 2 symbols) Rome won ~90 % of strong 2-player games."""
    for code in data.CATEGORIES:
        ids = [cid for cid in data.CARD_IDS if data.category(cid) == code]
        cheap = [data.symbols(c) for c in ids if data.value(c) <= 2]
        dear = [data.symbols(c) for c in ids if data.value(c) >= 3]
        assert max(dear) == 1 and sum(cheap) / len(cheap) > sum(dear) / len(dear), code


@pytest.mark.usefixtures("spec_cards")
def test_pax_2_4_spec_list_differs_in_symbols_only():
    """PAX-2.4: the spec's card list, which the worked examples name cards by (the `spec_cards` fixture), has the
    data file's ids, categories and values; the data file (the source of truth) differs only in symbols."""
    spec = spec_card_list()
    shipped = {cid: (cat, sym, val) for cid, cat, sym, val in RAW["cards"]}
    assert list(spec) == list(shipped)
    assert all(spec[c][0::2] == shipped[c][0::2] for c in shipped)
    assert sum(s for _c, s, _v in spec.values()) == 97 and sum(s for _c, s, _v in shipped.values()) == 102
    assert data.CARDS == spec  # the fixture is in place for the whole engine


def test_pax_2_note_for_box_owners():
    """The data file says that [DEF] values may be corrected by someone who owns the box."""
    assert "correct" in RAW["_note"] and "[DEF]" in RAW["_note"]


def test_pax_2_6_parameters_table():
    """PAX-2.15..2.33 and the [DEF] values PAX-2.12 / 2.32 / 2.33 (PAX-10.2, 10.15) live in the data file."""
    p = data.P
    assert p["start_money"] == 5  # PAX-2.15
    assert [data.removed_count(n) for n in (2, 3, 4)] == [20, 10, 0]  # PAX-2.16
    assert data.removed_count(1) == 30  # PAX-2.30
    assert p["rome_hidden"] == 3  # PAX-2.17
    assert [data.legion_count(n) for n in (1, 2, 3, 4)] == [3, 3, 4, 5]  # PAX-2.18, PAX-2.13 (I..L)
    assert p["max_legions"] == 5  # PAX-2.3: Legions I-V
    assert p["draft_extra_cards"] == 1  # PAX-2.19: the k-th player draws k + 1
    assert p["draw_per_turn"] == 3  # PAX-2.20
    assert (p["religion2_symbols"], p["religion3_symbols"]) == (3, 6)  # PAX-2.21
    assert p["spy_gain"] == 2 and p["idle_income"] == 2 and p["empty_deck_gain"] == 2  # PAX-2.22..2.24
    assert p["senator_bonus"] == 1 and p["bonus_step"] == 3 and p["rome_needs"] == 4  # PAX-2.26..2.28
    assert data.POINTS == {"category": 2, "stronger": 3, "fleet_army": 1, "primus_conspiratus": 1,
                           "money": 4}  # PAX-2.29
    assert p["hand_limit"] is None and p["bank"] is None  # PAX-2.32, PAX-2.33 / PAX-2.12 unlimited bank
    from pygames.pax.rules import play_cost
    assert [play_cost(n) - play_cost(n - 1) for n in range(1, 6)] == [0, 1, 2, 3, 4]  # PAX-2.25


def test_pax_2_31_3_20_solo_levels():
    """PAX-2.31 / PAX-3.20: opening draw, played, bottom, kept, categories needed per level."""
    rows = [(lv["draw"], lv["played"], lv["bottom"], lv["keep"], lv["required"])
            for lv in (data.SOLO_LEVELS[i] for i in range(1, 6))]
    assert rows == [(2, 0, 1, 1, 3), (2, 0, 1, 1, 4), (3, 1, 1, 1, 5), (4, 2, 1, 1, 6), (5, 3, 1, 1, 7)]
    assert all(d == p + b + k for d, p, b, k, _ in rows)


def test_pax_2_2_2_5_2_6_money_and_markers_are_not_cards():
    """PAX-2.2 / PAX-2.12: money is an int per seat; PAX-2.4 / 2.5 Primus and PC are seat markers;
    PAX-2.6 overview cards and PAX-2.14 the Legion slots: Legions hold piles (lists) of cards."""
    s = pax_state()
    assert all(isinstance(m, int) for m in s["money"])
    assert s["start"] in range(2) and s["pc"] is None
    assert all(isinstance(p, list) for p in s["legions"])
    assert "overview" not in json.dumps(s)  # PAX-5.23: no rules effect, not modelled


def pax_state():
    from pygames import core
    return core.new_game(pax, 2, 5)


def test_pax_2_10_what_counts_where():
    """PAX-2.10: symbols for functions and scores, card counts only for income, value for price and Rome."""
    from pygames.pax import rules, scoring
    from pygames.pax.rounds import pile_value
    area = ["SEN-01", "SEN-08"]  # 2 + 1 symbols, values 1 + 3
    assert scoring.symbol_counts(area)["senator"] == 3
    assert scoring.card_counts(area)["senator"] == 2
    assert rules.income(area, ["SEN-01"]) == 2 + 1
    assert pile_value(["SEN-01", "SEN-08"]) == 4


def test_pax_saves_of_the_old_card_data_are_refused_clearly():
    """FORMAT 3 (the card list tuned for balance, PAX-2.4): a save replays its history on the card data, so a
    save of an earlier list (FORMAT 1: the first draft; FORMAT 2: the value-3 cards with 2 symbols) is refused
    with the catalogue's version message, never replayed."""
    assert pax.FORMAT == 3
    state = core.new_game(pax, 2, 3)
    seat = pax.to_move(state)[0]
    state = core.apply(pax, state, seat, pax.legal_actions(state, seat)[0])
    recipe = core.save_recipe(state)
    assert core.load_recipe(json.dumps(recipe), {"pax": pax})[0] is pax
    for earlier in (1, 2):
        recipe["format"] = earlier
        with pytest.raises(core.InvalidSave) as err:
            core.load_recipe(json.dumps(recipe), {"pax": pax})
        assert err.value.key == "core.save.older" and err.value.params == {"version": str(earlier), "supported": 3}
        old = json.loads(core.state_to_json(state))
        old["format"] = earlier
        with pytest.raises(core.InvalidSave) as err:
            core.state_from_json(pax, json.dumps(old))
        assert err.value.key == "core.save.older"
