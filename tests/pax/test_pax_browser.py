"""PAX in headless Chromium: whole games through the UI (against the computer, hot-seat, solo campaign), the
rules pages, and "only legal targets are clickable". One booted page for the module (the `app` fixture).

The engine result and the legal actions are recomputed in CPython from the game the app autosaved.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import NEXT, end_rows, last_save, open_end_details  # noqa: E402

from pygames import core, pax
from pygames.pax.data import CARD_IDS
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()




def replay(saved: dict) -> dict:
    return core.replay(pax, saved["players"], saved["seed"], saved["options"], saved["history"])




def choose(rng: random.Random, actions: list[str]) -> str:
    """A random but purposeful player: never spies (keeps games short), confirms plays half of the time."""
    actions = [a for a in actions if a != "spy"] or actions
    if "finish" in actions and rng.random() < 0.5:
        return "finish"
    stage = [a for a in actions if a.startswith("stage:")]
    if stage and rng.random() < 0.6:
        return rng.choice(stage)
    return rng.choice([a for a in actions if not a.startswith("unstage:")] or actions)


def board_targets(app) -> list[dict]:
    return app.page.eval_on_selector_all(
        "#board button[data-action]",
        "els => els.map(e => ({a: e.dataset.action, w: e.getBoundingClientRect().width,"
        " h: e.getBoundingClientRect().height, name: (e.getAttribute('aria-label') || e.textContent).trim(),"
        " on: !e.disabled && e.offsetParent !== null}))")


def check_only_legal_targets(app) -> None:
    """Every enabled data-action button (board and action bar) is a legal action of the seat on screen, each legal
    action has exactly one button, and board targets are at least 44x44 px with an accessible name."""
    state = replay(app.saved())
    seat = pax.to_move(state)[0]
    legal = core.legal_actions(pax, state, seat)
    shown = app.enabled_actions()
    assert sorted(shown) == sorted(legal), (shown, legal)
    for target in board_targets(app):
        assert target["on"] and target["w"] >= 44 and target["h"] >= 44 and target["name"], target
    # Everything else on the board is inert: no card outside a target button, no other clickable control.
    inert = app.page.eval_on_selector_all(
        "#board .pax-card", "els => els.filter(e => e.closest('button, a, [data-command], [onclick]') !== null)"
        ".map(e => e.closest('button').dataset.action)")
    assert set(inert) <= set(legal), inert
    assert app.page.locator("#board a, #board [data-command], #board input, #board select").count() == 0


def play_through(app, rng: random.Random, on_cover=None, on_turn=None, max_steps=900) -> None:
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
        actions = app.enabled_actions()
        if actions:
            if on_turn:
                on_turn()
            app.click_action(choose(rng, actions))
    raise AssertionError("the game did not end")


def check_end_screen(app) -> dict:
    saved = last_save(app)
    state = replay(saved)
    assert core.is_over(pax, state)
    result = core.result(pax, state)
    assert end_rows(app) == dict(enumerate(result["scores"]))
    # The PAX end panel: Rome against each player, category by category, from the same final state.
    owners = app.page.eval_on_selector_all("[data-testid=pax-final] tr[data-category]",
                                           "els => els.map(e => [e.dataset.category, e.dataset.owner])")
    assert dict(owners) == result["owners"]
    assert not [e for e in app.errors if "Error" in e or "Traceback" in e], app.errors
    return result


def test_whole_game_against_the_computer_matches_the_engine(app):
    app.reset_storage()
    app.open("?game=pax&seats=human,easy&seed=11&botdelay=0&names=Ann")
    rng = random.Random(11)
    checks = {"n": 0}

    def on_turn():
        if checks["n"] < 6 or rng.random() < 0.15:  # the legal-targets check on a sample of screens
            check_only_legal_targets(app)
            checks["n"] += 1

    play_through(app, rng, on_turn=on_turn)
    result = check_end_screen(app)
    assert checks["n"] >= 6
    if result["winners"]:
        names = ["Ann", STRINGS["en"]["new.computer_name"].format(n=2)]
        assert all(names[w] in app.page.inner_text("#winners") for w in result["winners"])
    assert app.page.locator("#score-chart svg").count() == 1


def private_cards(state: dict) -> set[str]:
    """Card identities nobody but their owner may see now (hands except bought cards, drawn cards, Rome's hidden
    cards, the deck, the removed cards)."""
    cards = set(state["deck"]) | set(state["removed"]) | set(state["rome_hidden"]) | set(state["front"])
    for hand, public in zip(state["hands"], state["public"], strict=True):
        cards |= set(hand) - set(public)
    return cards


def test_hot_seat_game_covers_hide_every_private_card(app):
    app.reset_storage()
    app.open("?game=pax&seats=human,human&seed=5&botdelay=0&names=Ann,Bob")
    rng = random.Random(5)
    covers = {"n": 0}

    def on_cover():
        html = app.page.content()
        state = replay(app.saved())
        leaked = sorted(c for c in private_cards(state) if c in html)
        assert not leaked, f"private cards visible under the cover: {leaked}"
        for node in ("#board", "#actions", "#log"):
            assert app.page.inner_html(node).strip() == "", node
        outside_templates = "".join(part.split("</template>")[-1] for part in html.split("<template"))
        for marker in ('data-testid="pax-hand"', 'data-testid="pax-money"', "data-action=", "You drew"):
            assert marker not in outside_templates, marker
        covers["n"] += 1

    play_through(app, rng, on_cover=on_cover)
    check_end_screen(app)
    assert covers["n"] >= 10  # one per draft and per turn at least


def winning_solo_plan(level: int, seeds=range(100)) -> tuple[int, list[str]]:
    """A seed and the actions of a solo game the heuristic bot wins at `level` (found in CPython)."""
    from pygames.core import bots as core_bots
    from pygames.core.rng import Rng

    bot = core_bots.default_bot(pax)
    for seed in seeds:
        state, rng = core.new_game(pax, 1, seed, {"level": level}), Rng(seed)
        while not core.is_over(pax, state):
            state = core.apply(pax, state, 0, core_bots.bot_move(pax, state, 0, bot, rng))
        if core.result(pax, state)["winners"]:
            return seed, [action for _seat, action in state["history"]]
    raise AssertionError("no winning seed")


def test_solo_campaign_win_through_the_ui_is_remembered_on_the_device(app):
    seed, plan = winning_solo_plan(1)
    app.reset_storage()
    app.open(f"?game=pax&seats=human&seed={seed}&botdelay=0&opt.level=1")
    assert STRINGS["en"]["pax.ui.campaign_none"] in app.page.inner_text("[data-testid=pax-campaign]")
    for action in plan:  # every step a click on the board or in the action bar
        app.page.wait_for_selector(f'button[data-action="{action}"]:visible')
        app.click_action(action)
    app.page.wait_for_selector("[data-testid=game-over]:visible")
    result = check_end_screen(app)
    assert result["winners"] == [0] and result["solo_win"]
    assert json.loads(app.page.evaluate("localStorage.getItem('pygames.pax.campaign')")) == {"won": [1]}
    open_end_details(app)  # the game's own part is one tap away
    assert STRINGS["en"]["pax.ui.campaign_recorded"].format(level=1) in app.page.inner_text("#pax-over")
    # The progress shows in the next solo game, with the next level to win.
    app.page.evaluate("localStorage.setItem('pygames.pax.campaign', JSON.stringify({won: [1, 2]}))")
    app.open("?game=pax&seats=human&seed=4&botdelay=0&opt.level=3")
    text = app.page.inner_text("[data-testid=pax-campaign]")
    assert "1, 2" in text and STRINGS["en"]["pax.ui.campaign_next"].format(level=3) in text
    assert STRINGS["en"]["pax.ui.solo_goal"].format(level=3, required=5) in app.page.inner_text("#board")


def test_rules_page_in_both_languages(app):
    app.reset_storage()
    app.open("?game=pax&seats=human,easy&seed=2&botdelay=0")
    for lang, title in (("en", "PAX — the rules in short"), ("fr", "PAX — les règles en bref")):
        app.switch_lang(lang)  # during a game: the Options drawer's (no top bar)
        app.page.click("#game [data-command=rules]")
        app.page.wait_for_selector(f"#rules-body article[lang={lang}]")  # fetched on first use
        body = app.page.inner_text("#rules-body")
        assert title in body and app.page.locator("#rules-body svg.pax-diagram").count() == 1
        assert ("Primus Conspiratus" in body) and (("scoring" in body) if lang == "en" else ("décompte" in body))
        app.page.click("[data-command=close-rules]")
    app.switch_lang("en")


def test_board_only_offers_legal_targets_at_each_step_of_a_turn(app):
    """Draft, turn choice, draw destinations, buy, and staging: the buttons are exactly the legal actions."""
    app.reset_storage()
    app.open("?game=pax&seats=human,easy&seed=8&botdelay=0&opt.start=0")
    rng = random.Random(8)
    seen = set()
    for _ in range(40):
        app.page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            break
        check_only_legal_targets(app)
        seen.add(replay(app.saved())["phase"])
        if {"draft", "turn", "draw", "buy", "play"} <= seen:
            break
        app.click_action(choose(rng, app.enabled_actions()))
    assert {"draft", "turn", "draw", "play"} <= seen, seen
    assert all(c in CARD_IDS for c in app.page.eval_on_selector_all("#board [data-card]",
                                                                    "els => els.map(e => e.dataset.card)"))
