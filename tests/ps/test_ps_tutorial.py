"""Passages Secrets' guided first game (pygames/passages_secrets/tutorial.json) reaches every mechanic issue 14
lists, read from the engine's log, not from the script: a passage placed, its token taken, both markers moving,
a shovel of each kind, a statue, an achievement (all within the scripted steps), the midgame and final scorings."""

from __future__ import annotations

from helpers import tutorial_play


def test_the_scripted_steps_make_the_newcomer_meet_every_turn_mechanic():
    played = tutorial_play.play("ps")
    first = next(t for t in played.turns if t.step == 0)
    keys = [e[0] for e in first.events]
    assert keys[0] == "ps.log.place" and "ps.log.token" in keys
    assert [e[1]["player"] for e in first.events if e[0] == "ps.log.marker"] == [0, 0]  # both markers move
    for key in ("ps.log.shovel1", "ps.log.shovel2", "ps.log.statue", "ps.log.card"):
        assert played.human_events(key, scripted_only=True), f"{key} is not met during the scripted steps"


def test_the_game_goes_through_both_scorings_and_names_the_winner():
    played = tutorial_play.play("ps")
    keys = [e[0] for e in played.events()]
    assert keys.count("ps.log.midgame") == 1
    assert keys.count("ps.log.score") == 4  # two players, two scorings
    assert ("ps.log.winner" in keys) != ("ps.log.draw" in keys)
    result = played.session.result()
    assert result["winners"] and "scores" in result
