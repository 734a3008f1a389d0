"""Shadows in Kyoto's guided first game (pygames/shadows_in_kyoto/tutorial.json) reaches every mechanic issue 14
lists, read from the engine's log and state, not from the script: hidden placement, a Site move, a conflict in
which the defender is revealed, a Tactic, a Bait (all during the scripted steps), the prisons and a victory."""

from __future__ import annotations

import pytest
from helpers import tutorial_play

from pygames.shadows_in_kyoto import data as D


@pytest.fixture(scope="module")
def played():
    return tutorial_play.play("sik")


def card_of(event) -> str:
    return event[1]["card"].rsplit(".", 1)[1]


def test_placement_is_hidden_from_the_computer(played):
    human = played.runner.script.human
    placed = [e for t in played.turns if t.step is not None for e in t.events if e[0] == "sik.log.place"]
    assert len(placed) == 6 and all(e[2] == [human] for e in placed)  # each identity told to its owner only


def test_a_site_card_moves_an_agent_and_a_tactic_is_played(played):
    plays = [card_of(e) for e in played.human_events("sik.log.play", scripted_only=True)]
    assert any(c in D.SITE_TYPES or c == D.JOKER for c in plays)
    assert any(c in D.TACTIC_CARDS and c != "bait" for c in plays)
    assert played.human_events("sik.log.move", scripted_only=True)


def test_a_conflict_reveals_the_defender_to_both_and_fills_a_prison(played):
    keys = ("sik.log.conflict_won", "sik.log.conflict_lost")
    conflicts = [e for e in played.events(scripted_only=True) if e[0] in keys]
    assert conflicts and all(e[2] is None for e in conflicts)  # public
    assert all(e[1]["defender"] in D.IDENTITY_ORDER for e in conflicts)  # the defender's identity, in the open
    captures = played.human_events("sik.log.capture", scripted_only=True)
    assert captures
    human_side = played.session.state["o"] ^ played.runner.script.human
    assert played.session.state["prison"][human_side]


def test_a_bait_is_laid_with_a_marked_site_card(played):
    assert played.human_events("sik.log.marked", scripted_only=True)
    assert "play:bait" in [t.action for t in played.turns if t.step is not None]


def test_the_game_ends_on_a_victory_condition(played):
    wins = [e for e in played.events() if e[0] == "sik.log.win"]
    assert len(wins) == 1 and played.session.over
    assert wins[0][1]["reason"] in {f"@sik.reason.{r}" for r in ("secrets", "decoys", "escape",
                                                                  "escape_over_decoys", "noplay")}
