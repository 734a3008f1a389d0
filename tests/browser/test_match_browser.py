"""Matches and large tables in the real app (headless Chromium, one booted page for the module):
a Shadows in Kyoto best-of-three match played to its result (SIK-6.20), the Spyworld tie-break offer (SPY-6.11),
and a 7-player Spyworld game started from the new-game dialog with free agents and a border wall (SPY-1/SPY-3.8,
SPY-3.11, SPY-2.11).

Seeds: Spyworld seed 10 ends in a tie between its two computers; Shadows in Kyoto seed 3 goes to three games (both
found with pygames.app.session.Session in CPython; the tests read what happened from the saves, so they hold
whatever the bots do). Spyworld seed 10 with 7 players shows a Wall card in display slot 1 on turn 1.
"""

from __future__ import annotations

import json

import pytest
from conftest import end_rows, last_save

from pygames import core
from pygames import shadows_in_kyoto as sik
from pygames import spyworld as spy
from pygames.app import match as matches
from pygames.app.match import Match
from pygames.app.session import EASY, Seat, Session
from pygames.web import i18n

pytestmark = pytest.mark.browser
EN = i18n.load()["en"]
OVER = "[data-testid=game-over]"


def fast_timers(app) -> None:
    """Every later setTimeout fires at once (the computer's pause included), for games not opened by a deep link
    with botdelay=0 (the dialog, a reload)."""
    app.page.evaluate("""() => { const st = window.__st || window.setTimeout; window.__st = st;
        window.setTimeout = (f, d, ...a) => st(f, 0, ...a); }""")


def hold_timers(app) -> None:
    """No later setTimeout fires: the computers wait (to reload at a chosen point)."""
    app.page.evaluate("() => { window.__st = window.__st || window.setTimeout; window.setTimeout = () => 0; }")


def saves(app) -> list[dict]:
    """Every saved game, newest first."""
    texts = app.page.evaluate("JSON.parse(localStorage.getItem('pygames.saves') || '[]')"
                              ".map(id => localStorage.getItem('pygames.save.' + id))")
    return [json.loads(t) for t in texts]


def wait_over(app, timeout: int = 90_000) -> None:
    app.page.wait_for_selector(f"{OVER}:visible", timeout=timeout)


def result_of(record: dict, game) -> dict:
    state = core.replay(game, record["players"], record["seed"], record["options"], record["history"])
    assert core.is_over(game, state)
    return core.result(game, state)


def test_best_of_three_match_to_its_result_sik_6_20(app):
    """SIK-6.20: deep link opt.match=bo3 between two computers; game 1's end screen shows the match score and a
    "next game" button (also after a reload between games); the next game switches sides and is saved with its
    record; a reload mid-game resumes it with the match title; the deciding game (if any) draws its sides; the last
    end screen names the match winner and the finished match is no longer the current game."""
    app.reset_storage()
    app.open("?game=sik&seats=easy,easy&names=Ann,Bob&opt.match=bo3&botdelay=0&seed=3")
    wait_over(app)
    page = app.page
    first = last_save(app)
    assert first["match"] == {"kind": "bestof", "number": 1, "best_of": 3, "results": [], "tied": []}
    assert first["options"]["oniwaban"] == 0
    w1 = result_of(first, sik)["winners"]
    score = page.locator("[data-testid=match-score]")
    assert app.saved()["id"] == first["id"]  # not over as a match: still the current save
    assert score.get_attribute("data-score") == ",".join(str(int(p in w1)) for p in range(2))
    assert score.inner_text() == EN["match.score"].format(score=f"Ann {int(0 in w1)} – Bob {int(1 in w1)}")
    assert EN["match.sides.switch"] in page.inner_text("[data-testid=match]")
    shown = score.inner_text()
    app.reload()  # between games: the finished game 1 stays current, its end screen offers the next game
    wait_over(app)
    assert page.locator("[data-testid=match-score]").inner_text() == shown
    button = page.locator("[data-testid=follow-up]")
    assert button.get_attribute("data-follow-up") == "next" and button.inner_text() == "Next game (2 of 3)"
    hold_timers(app)
    button.click()
    page.wait_for_selector("#game:visible")
    assert "Best of 3, game 2" in page.inner_text("#game-title")
    second = app.saved()
    assert second["match"]["number"] == 2 and second["match"]["results"] == [w1]
    assert second["options"]["oniwaban"] == 1 and second["seats"] == first["seats"]  # sides switched
    assert first["id"] != second["id"] and first["id"] in [s["id"] for s in saves(app)]  # game 1 still saved
    app.reload()  # mid-match: the current game is game 2, with its match record
    assert "Best of 3, game 2" in page.inner_text("#game-title")
    assert app.saved()["id"] == second["id"]
    fast_timers(app)
    played = [tuple(w1)]
    while True:
        wait_over(app)
        record = last_save(app)
        winners = result_of(record, sik)["winners"]
        played.append(tuple(winners))
        follow = page.locator("[data-testid=follow-up]")
        if not follow.count():
            break
        follow.click()
        page.wait_for_selector("#game:visible, [data-testid=game-over]:visible")
        third = last_save(app)
        assert third["match"]["number"] == 3 and "Best of 3, game 3" in page.inner_text("#game-title") + \
            page.inner_text("[data-testid=match] h3")
        expected = matches.follow_up(sik, record["options"], record["seed"],
                                     Match.from_json(record["match"], 2), {"winners": winners}, 2)
        assert expected.sides == "random" and third["options"] == expected.options and third["seed"] == expected.seed
    record = last_save(app)
    assert app.page.evaluate("localStorage.getItem('pygames.current')") is None  # the match is over
    assert len(played) == record["match"]["number"] in (2, 3)
    totals = [sum(1 for w in played if w == (p,)) for p in range(2)]
    winner = totals.index(2)
    text = page.inner_text("[data-testid=match-result]")
    assert text == EN["match.won"].format(player=["Ann", "Bob"][winner], score=f"Ann {totals[0]} – Bob {totals[1]}")
    assert page.locator("[data-testid=match-score]").get_attribute("data-score") == f"{totals[0]},{totals[1]}"
    assert not [e for e in app.errors if "Error" in e], app.errors


def test_tie_names_the_tied_players_and_offers_a_tie_break_spy_6_11(app):
    """SPY-6.11: a tied game (seed 10) has no winner: the end screen says who is tied and one tap starts
    a tie-break game with the same seats and options (and a new seed), titled as a tie-break."""
    app.reset_storage()
    app.open("?game=spy&seats=easy,easy&names=Ann,Bob&seed=10&botdelay=0&opt.lair=2")
    wait_over(app)
    page = app.page
    first = last_save(app)
    res = result_of(first, spy)
    assert res["tied"] == [0, 1] and res["winners"] == []
    assert end_rows(app) == {0: res["scores"][0], 1: res["scores"][0]}
    assert page.inner_text("#winners") == EN["over.tied"].format(players="Ann and Bob")
    button = page.locator("[data-testid=follow-up]")
    assert button.get_attribute("data-follow-up") == "tiebreak" and button.inner_text() == EN["match.tiebreak_offer"]
    hold_timers(app)
    button.click()
    page.wait_for_selector("#game:visible")
    assert "Tie-break game between Ann and Bob" in page.inner_text("#game-title")
    second = app.saved()
    assert second["options"] == first["options"] and second["seats"] == first["seats"]
    assert second["seed"] != first["seed"] and second["match"]["kind"] == "tiebreak"
    assert second["match"]["tied"] == [0, 1]
    assert not [e for e in app.errors if "Error" in e], app.errors


def test_seven_players_from_the_dialog_free_agents_and_a_border_wall(app):
    """SPY-1/SPY-3.8: the dialog offers every count 2-12; a 7-player game starts from it with the option "agents:
    free choice" (SPY-3.11): the human picks among all 9 and sees nobody else's pick; a Wall card taken on turn 1
    offers outer-edge targets of at least 44 px (SPY-2.11), one is tapped and drawn on the sheet at the resolution."""
    app.reset_storage()
    app.open()
    fast_timers(app)
    page = app.page
    page.click('[data-command="new:spy"]')
    counts = page.eval_on_selector_all("#seat-count option", "els => els.map(e => e.value)")
    assert counts == [str(n) for n in range(2, 13)]
    page.select_option("#seat-count", "7")
    assert page.locator("[data-seat-kind]").count() == 7
    for seat in range(1, 7):  # the seeded heuristic plays the six computers: the test does not wait on searches
        page.select_option(f"[data-seat-kind='{seat}']", "easy")
    page.fill("[data-seat-name='0']", "Ann")
    page.select_option("select[data-option=agents]", label=EN["spy.opt.agents.free"])
    page.fill("#seed", "10")
    page.click("[data-command=start]")
    page.wait_for_selector("button[data-action^='keep:']")
    assert sorted(app.enabled_actions()) == sorted(f"keep:{a}" for a in spy.data.AGENTS)
    assert EN["spy.ui.free_title"] in page.inner_text("[data-testid=board]")
    app.click_action("keep:viper")
    page.wait_for_selector("button[data-action='take:1']")
    record = app.saved()
    assert record["players"] == 7 and record["options"]["agents"] == "free" and record["seed"] == 10
    assert record["seats"][0] == {"name": "Ann", "kind": "human"}
    state = core.replay(spy, 7, 10, record["options"], record["history"])
    others = {state["agent"][p] for p in range(1, 7)} - {"viper"}
    html = page.content()
    for agent in others:  # the computers' secret picks are nowhere on Ann's screen
        assert f'data-agent="{agent}"' not in html and EN[f"spy.agent.{agent}"] not in page.inner_text("#log")
    app.click_action("take:1")
    border = page.locator("button.spy-seg-border[data-action^='wall:']")
    assert border.count() == 7  # column 1: the top of (1,1), the bottom of (5,1) and the left of all five
    for i in range(border.count()):
        box = border.nth(i).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44 and box["x"] >= 0 and box["y"] >= 0
    assert border.first.get_attribute("aria-label").startswith("Outer wall")
    action = border.first.get_attribute("data-action")
    border.first.click()
    for step in ("done", "noclaim"):  # "claim no mission" also submits the decision (one tap)
        page.wait_for_selector(f"button[data-action='{step}']")
        app.click_action(step)
    page.wait_for_selector("button[data-action=pass]")  # turn 2: every computer has submitted too
    state = core.replay(spy, 7, 10, record["options"], app.saved()["history"])
    assert state["turn"] == 2 and state["sheets"][0]["walls"] == [action[5:]]
    assert page.locator(".spy-wall").count() >= 1
    assert "on the outer edge" in page.inner_text("#log")
    assert not [e for e in app.errors if "Error" in e], app.errors


def test_a_tie_in_the_last_tie_break_game_stands_spy_6_11(app):
    """SPY-6.11: a tie in the last game a run of tie-break games may have (a finished save of game 99, seed 10)
    stands: the end screen says so and offers no further game, whose save the app could not read back."""
    session = Session.start(spy, [Seat("Ann", EASY), Seat("Bob", EASY)], 10, {"lair": 2}, "tb99")
    while not session.over:
        assert session.bot_step() is not None
    assert session.result()["tied"] == [0, 1]
    session.match = Match(matches.TIEBREAK, matches.MAX_GAMES, 0, ((),) * (matches.MAX_GAMES - 1), (0, 1))
    app.reset_storage()
    app.page.evaluate("""([id, text]) => { localStorage.setItem('pygames.save.' + id, text);
        localStorage.setItem('pygames.saves', JSON.stringify([id])); }""", ["tb99", session.to_save(updated=1.0)])
    app.open("?botdelay=0")
    page = app.page
    page.click('[data-command="resume:tb99"]')
    wait_over(app)
    assert page.inner_text("[data-testid=tie-stands]") == EN["match.tie_stands"]
    assert page.locator("[data-testid=follow-up]").count() == 0
    assert page.inner_text("[data-testid=match] h3") == "Tie-break game between Ann and Bob"
    assert not [e for e in app.errors if "Error" in e], app.errors
