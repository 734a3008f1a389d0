"""The tutorial runner (pygames/app/tutorial.py) and what every game's script must satisfy.

Per game, the mechanics a script must reach are checked from the engine's log in tests/<game>/test_*_tutorial.py;
here: the runner's own behaviour and the checks common to every script (legality at each step, resume, strings,
rules sections)."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

import pytest
from conftest import ROOT
from helpers import tutorial_play

from pygames import core
from pygames.app import tutorial
from pygames.app.session import Session
from pygames.core import registry
from pygames.web import i18n

SCRIPTED = [gid for gid in registry.GAME_IDS if tutorial.has_script(gid)]
STRINGS = i18n.load()
SHELL_KEYS = ["home.learn", "tut.title", "tut.step", "tut.minimise", "tut.expand", "tut.skip", "tut.rules",
              "tut.done.title", "tut.done.common", "tut.done.normal"]


def test_every_game_has_a_script():
    assert {"ps", "pax", "spy", "sik"} <= set(SCRIPTED)


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_every_scripted_step_is_due_and_legal_in_order_and_the_game_ends(game_id):
    played = tutorial_play.play(game_id)
    script = played.runner.script
    done = [t for t in played.turns if t.step is not None]
    assert [t.step for t in done] == list(range(len(script.steps))), "a step was never due, or out of order"
    for turn in done:
        step = script.steps[turn.step]
        assert fnmatchcase(turn.action, step.action)
    assert played.session.over and played.runner.finished_steps
    # the history the runner read is the game's: replaying it through the rules checks every action's legality
    state = played.session.state
    core.replay(played.session.game, state["players"], state["seed"], state["options"], state["history"])


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_a_resumed_tutorial_plays_on_exactly_like_an_uninterrupted_one(game_id):
    whole = tutorial_play.play(game_id)
    session, runner = tutorial_play.start(game_id)
    tutorial_play.play(game_id, session=session, runner=runner, stop_after_steps=2)
    saved = session.to_save()
    resumed = Session.from_save(saved, {game_id: session.game}, save_id="t")
    assert resumed.tutorial == game_id
    fresh_runner = tutorial.Runner(session.game, runner.script)
    fresh_runner.sync(resumed.state)
    assert fresh_runner.step == 2
    tutorial_play.play(game_id, session=resumed, runner=fresh_runner)
    assert resumed.state["history"] == whole.session.state["history"]


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_every_string_key_exists_in_both_languages(game_id):
    script = tutorial.load(game_id)
    for key in [*script.keys(), *SHELL_KEYS, f"home.game.{game_id}"]:
        for lang in i18n.LANGS:
            assert STRINGS[lang].get(key, "").strip(), f"{key} missing in {lang}"
    for step in script.steps:  # 1-3 sentences that say why
        for lang in i18n.LANGS:
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", STRINGS[lang][step.text]) if s]
            assert 1 <= len(sentences) <= 3, (step.text, lang)


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_every_rules_link_names_a_section_of_the_rules_page_in_both_languages(game_id):
    script = tutorial.load(game_id)
    text = (ROOT / "templates" / game_id / "fragments.html.j2").read_text(encoding="utf-8")
    for step in script.steps:
        assert step.rules, f"step {step.text} links to no rules section"
        assert text.count(f'data-section="{step.rules}"') == 2, step.rules  # the English and the French page


def test_a_step_is_due_only_when_its_pattern_matches_a_legal_action():
    step = tutorial.Step("place:*", "k")
    assert tutorial.target(step, ["shovel:A", "place:B", "place:C"]) == "place:B"
    assert tutorial.target(step, ["shovel:A"]) is None
    assert tutorial.target(tutorial.Step("place:B", "k"), ["place:BB"]) is None


def test_the_comment_is_the_latest_notable_event():
    script = tutorial.parse({"game": "ps", "seed": 1, "seats": ["human", "computer"], "intro": "i", "free": "f",
                             "done": "d", "steps": [], "comments": {"a": "ca", "b": "cb"}})
    assert tutorial.comment(script, [["a", {}], ["x", {}], ["b", {}], ["x", {}]]) == "cb"
    assert tutorial.comment(script, [["x", {}]]) is None


def test_the_runner_starts_over_after_an_undo_or_restart():
    session, runner = tutorial_play.start("ps")
    tutorial_play.play("ps", session=session, runner=runner, stop_after_steps=3)
    assert runner.step == 3
    session.state = core.replay(session.game, 2, session.state["seed"], {}, session.state["history"][:2])
    runner.sync(session.state)
    assert runner.step == 1  # the history is no longer a continuation: recomputed from the start


def test_deep_link_names_a_game_with_a_script_only():
    assert tutorial.link_game("?tutorial=ps&lang=fr&botdelay=0") == ("ps", 0)
    assert tutorial.link_game("?tutorial=nope") == (None, None)
    assert tutorial.link_game("?game=ps") == (None, None)
