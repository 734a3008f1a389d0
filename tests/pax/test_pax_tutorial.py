"""PAX's guided first game (pygames/pax/tutorial.json) reaches every mechanic issue 14 lists, read from the
engine's log and state, not from the script: the three destinations of a draw, the spy turn, buying a pile,
playing cards and their cost, income, the Land/Intrigue limit, Religion's better draw, Primus Conspiratus (all
during the scripted steps), Rome's pile and the end check against Rome."""

from __future__ import annotations

import json
import pathlib

import pytest
from helpers import tutorial_play

from pygames import pax
from pygames.pax.data import category
from pygames.pax.scoring import cap, symbol_counts


@pytest.fixture(scope="module")
def played():
    return tutorial_play.play("pax")


def cards(event) -> list[str]:
    return event[1]["cards"].split(",")


def test_the_scripted_steps_send_drawn_cards_to_all_three_destinations_spy_and_buy(played):
    for key in ("pax.log.to_hand", "pax.log.to_legion", "pax.log.to_bottom", "pax.log.spy", "pax.log.buy"):
        assert played.human_events(key, scripted_only=True), key


def test_playing_cards_costs_0_1_2_and_income_follows_the_categories_played(played):
    plays = played.human_events("pax.log.play", scripted_only=True)
    assert any(len(cards(p)) == 3 and p[1]["paid"] == 3 for p in plays)  # 0 + 1 + 2
    incomes = [e[1]["gained"] for e in played.human_events("pax.log.income", scripted_only=True)]
    assert 0 in incomes and any(g > 0 for g in incomes)  # no income after an Intrigue, some otherwise


def test_an_army_is_played_within_the_land_intrigue_limit(played):
    plays = played.human_events("pax.log.play", scripted_only=True)
    fighting = [p for p in plays if any(category(c) in ("army", "fleet") for c in cards(p))]
    assert fighting
    sym = symbol_counts(cards(fighting[0]))
    assert sym["army"] + sym["fleet"] > 0 and sym["land"] + sym["intrigue"] > 0
    assert sym["army"] <= cap(sym) and sym["fleet"] <= cap(sym)  # PAX-5.3: the larger of Land and Intrigue


def test_religion_gives_the_better_draw_and_intrigue_primus_conspiratus(played):
    modes = [e[1]["mode"] for e in played.human_events("pax.log.draw_mode", scripted_only=True)]
    assert any(m.startswith("@pax.mode.religion") for m in modes)
    assert played.human_events("pax.log.primus_conspiratus", scripted_only=True)


def test_rome_takes_piles_and_the_game_ends_with_the_check_against_rome(played):
    keys = [e[0] for e in played.events()]
    assert "pax.log.rome_takes" in keys and keys[-1] == "pax.log.game_end"
    state = played.session.state
    assert len(state["deck"]) < sum(1 for pile in state["legions"] if not pile)  # PAX-4.39's end check
    result = played.session.result()
    assert "rome_wins" in result and 0 <= result["rome_categories"] <= 7


def test_the_guide_quotes_the_symbols_the_cards_show(played):
    """The guide's words count symbols of the scripted cards (data.json, PAX-2.4): the Army and the Intrigue of
    the first play show 2 symbols each, and the two Religion cards played make 3 Religion symbols (the threshold of
    the better draw, PAX-2.21)."""
    words = json.loads(pathlib.Path(pax.__file__).with_name("strings.json").read_text(encoding="utf-8"))
    plays = [cards(p) for p in played.human_events("pax.log.play", scripted_only=True)]
    first = symbol_counts(plays[0])
    assert (first["army"], first["intrigue"]) == (2, 2)
    assert "Army (2 symbols)" in words["pax.tut.s.stage_cap"]["en"]
    assert "your 2 Intrigue symbols" in words["pax.tut.s.stage_cap"]["en"]
    assert symbol_counts(sum(plays[:2], []))["religion"] == 3
    script = json.loads(pathlib.Path(pax.__file__).with_name("tutorial.json").read_text(encoding="utf-8"))
    step = next(s for s in script["steps"] if s.get("text") == "pax.tut.s.hand")
    assert symbol_counts([step["action"].split(":")[1]])["religion"] == 1  # the first Religion card to the hand
    assert "Religion card (1 symbol)" in words["pax.tut.s.hand"]["en"]
    assert "Religion (1 symbole)" in words["pax.tut.s.hand"]["fr"]
    for key in ("pax.tut.s.hand_religion", "pax.tut.s.stage_religion", "pax.tut.s.normal_religion"):
        assert "3 Religion symbols" in words[key]["en"] and "3 symboles Religion" in words[key]["fr"], key
