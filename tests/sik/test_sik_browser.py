"""Shadows in Kyoto in the browser (dist-test/ in the system Chromium): whole games through the UI by clicking
`data-action` buttons, the pass-the-device cover in hot-seat, the rules pages, and only legal targets clickable.

The clicks follow a fixed policy computed in CPython from the seat's own view (the engine's heuristic bot, with
Bait and Exchange preferred so those decisions, and the opponent's Bait window, come up). The state is rebuilt in
CPython from the autosave after every click, so every screen can be compared with the engine's legal actions.
"""

from __future__ import annotations

import pytest
from conftest import NEXT, end_rows, last_save, open_end_details  # noqa: E402

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.shadows_in_kyoto.bots import heuristic_bot
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
PREFERRED = ("place:random", "play:bait", "play:exchange", "swap:yes")


def policy(state: dict, seat: int) -> str:
    legal = g.legal_actions(state, seat)
    for action in PREFERRED:
        if action in legal:
            return action
    return heuristic_bot(core.view(g, state, seat), legal, core.Rng(1000 + len(state["history"])))


class Mirror:
    """The game rebuilt in CPython from the autosave's history, advanced incrementally."""

    def __init__(self, saved: dict):
        self.saved = saved
        self.state = core.new_game(g, saved["players"], saved["seed"], saved["options"])

    def sync(self, saved: dict) -> dict:
        done = len(self.state["history"])
        assert saved["history"][:done] == self.state["history"]
        for seat, action in saved["history"][done:]:
            self.state = core.apply(g, self.state, seat, action)
        return self.state




def enabled(app) -> set[str]:
    return set(app.enabled_actions())




def private_texts(state: dict, names: list[str]) -> list[str]:
    """Every private log line of the game so far, as a player would read it (opening hand, placement, draws…)."""
    from pygames.web.boards import sik as board  # the page names identities in words: check those words

    cat = i18n.Catalogue(STRINGS, "en")
    cat.set_seats(names, set())
    cat.format_arg = board.format_arg
    return [cat.t(key, **args) for key, args, to in state["log"] if to is not None]


def assert_only_legal_clickable(app, state: dict, seat: int) -> None:
    legal = set(g.legal_actions(state, seat))
    shown = enabled(app)
    assert shown == legal, (shown ^ legal, state["ask"])
    # every map target is a real button of at least 44 x 44 px, on a cell the engine allows
    for box in app.page.eval_on_selector_all(
            ".sik-hit", "els => els.map(e => { const r = e.getBoundingClientRect(); "
                        "return [e.dataset.action, r.width, r.height, e.getAttribute('aria-label')]; })"):
        action, width, height, label = box
        assert action in legal and width >= 44 and height >= 44 and label, box


def play_game(app, humans: list[int], names: list[str] | None = None, max_steps: int = 400) -> tuple[dict, int]:
    """Click through a whole game; returns the final state and the number of covers passed."""
    page = app.page
    mirror = Mirror(last_save(app))
    covers, last_seat = 0, None
    for _ in range(max_steps):
        page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            return mirror.sync(last_save(app)), covers
        state = mirror.sync(last_save(app))
        if app.visible("[data-testid=pass-device]"):
            html = page.content()
            assert page.inner_html("#board") == "" and page.inner_text("#log") == ""
            assert "data-ident" not in html and "sik-own-hand" not in html and "sik-table" not in html
            leaks = [t for t in private_texts(state, names or []) if t in html]
            assert not leaks, leaks
            seat = g.to_move(state)[0]
            assert names[seat] in page.inner_text("[data-testid=pass-device]")
            page.click("[data-testid=reveal]")
            covers += 1
            last_seat = seat
            continue
        seat = g.to_move(state)[0]
        assert seat in humans
        if len(humans) > 1:
            assert seat == last_seat, "the device changed hands without a cover"
            assert names[seat] in app.status()
        assert_only_legal_clickable(app, state, seat)
        app.click_action(policy(state, seat))
    raise AssertionError("the game did not end")


def check_end_screen(app, state: dict) -> None:
    result = core.result(g, state)
    assert end_rows(app) == dict(enumerate(result["scores"]))
    open_end_details(app)
    table = app.page.inner_text("[data-testid=game-over] table")
    for category in result["order"]:
        assert STRINGS["en"][f"sik.cat.{category}"] in table
    assert app.page.locator("#score-chart svg").count() == 0  # SIK-6.1: no points, so no chart adding them up
    reason = STRINGS["en"][result["reason"]]
    assert reason in app.page.inner_text("#final-log")


def test_whole_game_against_the_computer_with_both_modules(app):
    """(1) Charisma with Ruri + Equipment, human Oniwaban against the computer: placement, Charisma, Bait,
    Exchange, Pocket Pistol, Equipment, draws — every decision clicked; the end screen matches the engine."""
    app.reset_storage()
    app.open("?game=sik&seats=human,easy&seed=16&botdelay=0&opt.charisma=ruri&opt.equipment=on&names=Ann")
    state, covers = play_game(app, humans=[0])
    assert covers == 0 and core.is_over(g, state)
    assert app.page.evaluate("localStorage.getItem('pygames.current')") is None  # finished: not resumable
    check_end_screen(app, state)
    asked = {a.partition(":")[0] for seat, a in state["history"] if seat == 0}
    assert {"place", "charisma", "play", "agent", "dest", "draw", "mark"} <= asked


def test_whole_hot_seat_game_covers_hide_every_secret(app):
    """(2) Both seats human: a cover before each hand-over (turns, placement, Charisma, the Bait window and back),
    and while it is up nothing private of either player is in the page."""
    app.reset_storage()
    app.open("?game=sik&seats=human,human&seed=5&botdelay=0&opt.charisma=on&opt.equipment=on&names=Ann,Bob")
    state, covers = play_game(app, humans=[0, 1], names=["Ann", "Bob"])
    assert core.is_over(g, state) and covers >= 10
    check_end_screen(app, state)
    interrupts = [a for _s, a in state["history"] if a.startswith(("bait:", "baitto:"))]
    assert interrupts  # the Bait owner was asked on the other player's turn (pass-the-device and back)


def test_rules_page_in_both_languages(app):
    """(3) The rules page opens from the game screen, in English and in French, with the map diagram."""
    app.reset_storage()
    app.open("?game=sik&seats=human,easy&seed=1&botdelay=0")
    titles = (("en", "Shadows in Kyoto — the rules in short"), ("fr", "Shadows in Kyoto — les règles en bref"))
    for lang, title in titles:
        app.switch_lang(lang)  # during a game the languages are in the Options drawer (no top bar)
        app.page.click("#game [data-command=rules]")
        app.page.wait_for_selector(f"#rules-body article[lang={lang}]")  # fetched on first use
        body = app.page.locator("#rules-body")
        assert title in body.inner_text()
        assert app.page.locator("#rules-body .sik-diagram").count() == 1
        assert app.page.locator(f"#rules-body article[lang={lang}]").count() == 1
        app.page.click("[data-command=close-rules]")
    app.switch_lang("en")


def test_only_legal_targets_are_clickable_and_labelled(app):
    """(4) Placement: identity choices plus the random shortcut; a Site card: only the agents it can move, then
    only the cells it reaches, as buttons on the map; costs and consequences are in the labels; Back undoes."""
    app.reset_storage()
    app.open("?game=sik&seats=human,easy&seed=3&botdelay=0")
    mirror = Mirror(app.saved())
    state = mirror.sync(app.saved())
    assert_only_legal_clickable(app, state, 0)
    assert "a1" in app.page.inner_text("[data-testid=sik-prompt]")  # the start cell being filled
    app.click_action("place:3T")
    app.click_action("place:random")
    app.page.wait_for_selector('button[data-action^="play:"]')
    state = mirror.sync(app.saved())
    assert_only_legal_clickable(app, state, 0)
    assert app.page.locator('[data-ident]').count() == 6  # own identities shown to their owner only
    assert app.page.locator('.sik-agent.sik-g [data-ident], .sik-agent.sik-g[data-ident]').count() == 0
    site = next(a for a in g.legal_actions(state, 0) if a.startswith("play:") and a[5:] in
                ("temple", "house", "market", "castle", "joker"))
    label = app.page.get_attribute(f'button[data-action="{site}"]', "aria-label")
    assert "forward" in label  # what the card does, before it is committed
    app.click_action(site)
    state = mirror.sync(app.saved())
    assert_only_legal_clickable(app, state, 0)
    agents = [a for a in g.legal_actions(state, 0)]
    assert agents and all(a.startswith("agent:") for a in agents)
    assert app.page.locator(".sik-hit").count() == len(agents)
    app.click_action(agents[0])
    state = mirror.sync(app.saved())
    assert_only_legal_clickable(app, state, 0)
    dests = g.legal_actions(state, 0)
    assert all(a.startswith("dest:") for a in dests) and app.page.locator(".sik-hit").count() == len(dests)
    # a cell the card cannot reach has no button: clicking there does nothing
    unreachable = next(c for c in ("a6", "e6", "c6") if f"dest:{c}" not in dests)
    assert app.page.locator(f'button[data-action="dest:{unreachable}"]').count() == 0
    history = app.saved()["history"]
    app.page.click(".sik-undo")  # the visible way back before the move is committed
    assert app.saved()["history"] == history[:-1]
    assert not [e for e in app.errors if "Error" in e], app.errors
