"""Spyworld in headless Chromium: whole games through the UI (against the computer, and hot-seat with every seat
human), the rules pages in both languages, and only legal targets clickable.

One booted page for the module (the `app` fixture); each test starts from a deep link with botdelay=0.
"""

from __future__ import annotations

import pytest
from conftest import NEXT, end_rows, last_save, open_end_details  # noqa: E402

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import routes
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
OPENERS = 'button[popovertarget^="spy-pop-"]:visible'
OPEN_CHOICE = ".spy-pop:popover-open button[data-action]"
ALL_ACTIONS = "els => els.map(e => e.dataset.action)"




def replay(saved: dict) -> dict:
    return core.replay(spy, saved["players"], saved["seed"], saved["options"], saved["history"])




class Policy:
    """Plays the planning steps with real placements (cards, lines, rooms, walls, gadgets, claims, a bonus action
    now and then) and explores a few rooms through the room popovers before stopping."""

    def __init__(self, bonus_every: int = 4, max_moves: int = 8, take_every: int = 1):
        self.take_every = take_every
        self.turns = 0
        self.moves = 0
        self.bonus_every = bonus_every
        self.max_moves = max_moves

    def pick(self, actions: list[str]) -> str:
        for head in ("submit", "keep:"):
            found = [a for a in actions if a.startswith(head)]
            if found:
                if head == "submit":
                    self.turns += 1
                return found[0]
        claims = [a for a in actions if a.startswith("claim:") and a.endswith(":bonus")]
        if claims:
            return claims[0]
        if "noclaim" in actions:
            return "noclaim"
        takes = [a for a in actions if a.startswith("take:")]
        if "done" in actions:
            return takes[0] if takes and self.turns % self.bonus_every == 1 else "done"
        if "pass" in actions:
            if not takes or self.turns % self.take_every:
                return "pass"
            return takes[self.turns % len(takes)]
        for head in ("line:", "cell:", "wall:", "gadget:"):
            found = [a for a in actions if a.startswith(head)]
            if found:
                return found[len(found) // 2]
        return actions[0]


def play(app, policy: Policy, on_step=None, on_cover=None, max_steps: int = 1500) -> None:
    """Click data-action buttons (rooms through their popovers) and pass every cover until the end screen."""
    page = app.page
    for _ in range(max_steps):
        page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            return
        if app.visible("[data-testid=pass-device]"):
            if on_cover:
                on_cover()
            page.click("[data-testid=reveal]")
            continue
        if on_step:
            on_step()
        if page.locator(OPENERS).count() and policy.moves < policy.max_moves and \
                page.locator("[data-testid=spy-explore]").count():
            rooms = page.locator(OPENERS)
            rooms.nth(policy.moves % rooms.count()).click()
            page.wait_for_selector(OPEN_CHOICE, state="visible")
            page.locator(OPEN_CHOICE).first.click()
            policy.moves += 1
            continue
        actions = app.enabled_actions()
        if actions:
            action = policy.pick(actions)
            try:
                app.click_action(action)
            except Exception as exc:
                raise AssertionError(f"could not click {action}") from exc
    raise AssertionError("the game did not end")


def test_whole_game_against_the_computer_matches_the_engine(app):
    app.reset_storage()
    app.open("?game=spy&seats=human,easy&seed=11&botdelay=0&names=Ann&opt.lair=2")
    app.page.evaluate(WATCH_AFTER_GAME)
    checked = {"n": 0}

    def check_legal_targets():
        checked["n"] += 1
        if checked["n"] % 15 != 3 and not app.page.locator("[data-testid=spy-explore]").count():
            return
        legal_only_targets(app, 0)

    play(app, Policy(), on_step=check_legal_targets)
    record = last_save(app)
    state = replay(record)
    assert core.is_over(spy, state)
    result = core.result(spy, state)
    assert end_rows(app) == dict(enumerate(result["scores"]))
    open_end_details(app)
    best_routes_come_from_the_worker(app, state)
    assert any(step[1].startswith("move:") for step in record["history"] if step[0] == 0)  # Ann really explored
    assert any(step[1].startswith("cell:") for step in record["history"] if step[0] == 0)  # and really built
    final = app.page.locator("[data-testid=spy-final] tbody tr")
    assert final.count() == 2
    for p in range(2):
        title = result["titles"][p]
        expected = STRINGS["en"][f"spy.title.{title}"] if title else STRINGS["en"]["spy.ui.no_title"]
        assert expected in final.nth(p).inner_text()
    assert app.page.locator("#score-chart svg").count() == 1
    assert not [e for e in app.errors if "Error" in e], app.errors


# Whether the end screen ever showed the best routes' placeholder (drawn at once, filled by the search worker).
WATCH_AFTER_GAME = """() => { window.__afterGameSeen = false; new MutationObserver(() => {
  if (document.querySelector('[data-after-game]')) window.__afterGameSeen = true;
}).observe(document.body, {subtree: true, childList: true}); }"""


def best_routes_come_from_the_worker(app, state: dict) -> None:
    """The end screen answers "could you have stolen more?" for every player as the rules engine does
    (routes.missed of the replayed state), worked out off the page's thread: a placeholder first, then the answer;
    and a redraw (another language) shows it again, in that language."""
    page = app.page
    page.wait_for_selector("[data-testid=spy-best] li[data-player]", timeout=120_000)
    assert page.evaluate("window.__afterGameSeen"), "the best routes were worked out before the end screen showed"
    expected = routes.missed(state, routes.END_SCREEN_LIMIT)
    rows = page.locator("[data-testid=spy-best] li[data-player]")
    assert rows.count() == len(expected)
    for row in expected:
        li = page.locator(f"[data-testid=spy-best] li[data-player='{row['player']}']")
        assert row["best"] is not None and li.get_attribute("data-more") == str(row["more"])
        text = li.inner_text()
        assert str(row["best"]) in text
        if row["more"]:
            assert " → ".join(f"({x[0]},{x[1]})" for x in row["route"]) in text
    app.switch_lang("fr")
    page.wait_for_selector("[data-testid=spy-best] li[data-player]")
    assert "Auriez-vous pu voler davantage" in page.inner_text("[data-testid=spy-best]")
    app.switch_lang("en")


def legal_only_targets(app, seat: int) -> None:
    """Every data-action button on the page (popovers included) is a legal action of the viewer, every legal
    action is reachable, every visible target is at least 44 × 44 px, and no room that is not a target is a
    button."""
    page = app.page
    on_page = page.eval_on_selector_all("button[data-action]", ALL_ACTIONS)
    state = replay(last_save(app))
    legal = set(core.legal_actions(spy, state, seat))
    assert set(on_page) <= legal, set(on_page) - legal
    assert set(on_page) == legal, legal - set(on_page)
    sizes = page.eval_on_selector_all(
        "button[data-action], button[popovertarget]",
        "els => els.filter(e => e.offsetParent !== null).map(e => [e.getBoundingClientRect().width,"
        " e.getBoundingClientRect().height, e.dataset.action || e.getAttribute('popovertarget')])")
    small = [s for s in sizes if s[0] < 43.5 or s[1] < 43.5]
    assert not small, small
    stray = page.eval_on_selector_all(".spy-cell", "els => els.filter(e => e.tagName === 'BUTTON' &&"
                                      " !e.dataset.action && !e.hasAttribute('popovertarget')).length")
    assert stray == 0


def test_hot_seat_every_seat_human_hides_private_information_behind_the_cover(app):
    app.reset_storage()
    app.open("?game=spy&seats=human,human&seed=5&botdelay=0&names=Ann,Bob&opt.lair=3")
    covers = {"n": 0}

    def while_covered():
        covers["n"] += 1
        html = app.page.content()
        assert "data-testid=\"spy-decision\"" not in html and "spy-my-sheet" not in html
        assert "spy-explore" not in html
        for key in ("spy.log.dealt", "spy.log.kept", "spy.log.move", "spy.ui.your_agent"):
            assert STRINGS["en"][key].split("{")[0] not in html, key
        state = replay(last_save(app))
        if state["phase"] in ("keep", "plan"):
            for seat in range(2):  # nobody's dealt or kept agent may be on the page
                for agent in state["dealt"][seat]:
                    assert f">{STRINGS['en'][f'spy.agent.{agent}']}<" not in html, agent
                    assert f'data-agent="{agent}"' not in html
        assert app.page.locator("#board *").count() == 0 and app.page.locator("#actions *").count() == 0

    play(app, Policy(bonus_every=3, max_moves=4, take_every=3), on_cover=while_covered)
    record = last_save(app)
    state = replay(record)
    assert core.is_over(spy, state)
    assert end_rows(app) == dict(enumerate(core.result(spy, state)["scores"]))
    # a cover whenever the other human takes the device: every turn (the last to submit opens the next turn)
    assert covers["n"] >= state["turn"] + 2
    assert not [e for e in app.errors if "Error" in e], app.errors


def test_rules_page_opens_in_both_languages(app):
    app.reset_storage()
    app.open("?game=spy&seats=human,easy&seed=2&botdelay=0")
    for lang, title in (("en", "Spyworld — the rules in short"), ("fr", "Spyworld — les règles en bref")):
        app.switch_lang(lang)  # during a game the languages are in the Options drawer (issue 47: no top bar)
        app.page.click("#game [data-command=rules]")
        assert app.visible("#rules")
        app.page.wait_for_selector(f"#rules-body article[lang={lang}]")  # fetched on first use
        body = app.page.inner_text("#rules-body")
        assert title in body
        assert ("Maître du monde" in body) and ("40" in body)
        assert app.page.locator("#rules-body svg.spy-diagram").count() == 1
        app.page.click("[data-command=close-rules]")
    app.switch_lang("en")


def test_only_legal_targets_are_clickable_through_a_decision(app):
    """Step by step through turn 1 (take, line, room, more), then one tap claims and submits."""
    app.reset_storage()
    app.open("?game=spy&seats=human,easy&seed=3&botdelay=0&opt.lair=2")
    page = app.page
    page.wait_for_selector("button[data-action^=keep]")
    legal_only_targets(app, 0)
    app.click_action(app.enabled_actions()[0])
    page.wait_for_selector("button[data-action^=take]")
    legal_only_targets(app, 0)
    take = page.locator("button[data-action^=take]").first
    assert "free" in take.inner_text() or "costs" in take.inner_text() or "gains" in take.inner_text()
    while True:  # compose a decision to the submit step, checking the targets at each step
        actions = app.enabled_actions()
        if "noclaim" in actions:
            break
        pick = next((a for a in actions if a.split(":")[0] in ("take", "line", "cell", "wall", "gadget")), None)
        if pick is None or (pick.startswith("take") and "done" in actions):
            pick = "done" if "done" in actions else actions[0]
        app.click_action(pick)
        page.wait_for_timeout(50)
        legal_only_targets(app, 0)
    assert page.locator("[data-testid=spy-decision] .spy-steps li").count() >= 2
    assert page.inner_text('button[data-action="noclaim"]') == "Claim no mission and submit"
    turns = sum(1 for step in app.saved()["history"] if step == [0, "submit"])
    app.click_action("noclaim")  # one tap: no claim, and the decision is submitted
    page.wait_for_selector("button[data-action^=take]")
    assert sum(1 for step in app.saved()["history"] if step == [0, "submit"]) == turns + 1
    assert page.locator("[data-testid=spy-decision] .spy-steps li").count() == 0
    legal_only_targets(app, 0)
