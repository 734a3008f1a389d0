"""Passages Secrets in headless Chromium: whole games through the UI, hot seat, rules pages, legal targets only.

One booted page for the module (the `app` fixture); each test starts from a deep link. The engine's answers are
recomputed in CPython from the autosaved history, so the UI is checked against the rules engine, not itself.
"""

from __future__ import annotations

import re

import pytest
from conftest import NEXT, TOUCH, end_rows, last_save, open_end_details  # noqa: E402

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets.data import ACHIEVEMENTS, HEXES, PATHS, TOKENS
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
TOKEN_ID = re.compile(r"\b(?:" + "|".join(sorted(TOKENS)) + r")\b")


def replay(saved: dict) -> dict:
    return core.replay(ps, saved["players"], saved["seed"], saved["options"], saved["history"])






def board_actions(app) -> list[str]:
    return app.page.eval_on_selector_all("#board button[data-action]", "els => els.map(e => e.dataset.action)")


def pick_for(step: int):
    """A deterministic but varied human: a different legal choice each time (never always the first)."""
    def pick(actions: list[str]) -> str:
        places = [a for a in actions if a.startswith("place:")]
        pool = places or actions
        return pool[(step * 7 + 3) % len(pool)]
    return pick


def play_to_the_end(app, on_step=None, max_steps=120) -> dict:
    """Click data-action buttons (and any cover's reveal button) until the end screen shows."""
    page = app.page
    seen = {"covers": 0, "clicks": 0}
    for step in range(max_steps):
        page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            return seen
        if app.visible("[data-testid=pass-device]"):
            seen["covers"] += 1
            html = page.content()
            assert not TOKEN_ID.search(html), "a token id (its hidden down face) is on the page under the cover"
            assert page.inner_html("#board") == "" and page.inner_html("#actions") == ""
            page.click("[data-testid=reveal]")
            continue
        actions = app.enabled_actions()
        if on_step:
            on_step(step, actions)
        app.click_action(pick_for(step)(actions))
        seen["clicks"] += 1
    raise AssertionError("the game did not end")


def test_ps_whole_game_against_the_computer_matches_the_engine(app):
    app.reset_storage()
    app.open("?game=ps&seats=human,easy&seed=11&botdelay=0&names=Ann")
    seen = play_to_the_end(app)
    saved = last_save(app)
    state = replay(saved)
    assert ps.is_over(state) and state["turn"] == 26
    result = core.result(ps, state)
    assert end_rows(app) == dict(enumerate(result["scores"]))
    assert seen["clicks"] >= 13 and {p for p, _ in saved["history"]} == {0, 1}
    open_end_details(app)
    # Every category of the shell's table, per player.
    for seat in (0, 1):
        cells = app.page.locator(f"[data-testid=game-over] tr[data-player='{seat}'] td").all_inner_texts()
        assert [int(c) for c in cells] == [result["breakdown"][c][seat] for c in result["order"]] + \
            [result["scores"][seat]]
    # Our score pad under it: both scorings, every District reward, the running total.
    pad = app.page.locator("#ps-over")
    pad.wait_for()
    heads = pad.locator("thead").inner_text()
    assert STRINGS["en"]["ps.scoring.mid"] in heads and STRINGS["en"]["ps.scoring.final"] in heads
    mid, fin = state["mid"]["cats"], state["final"]["cats"]
    results = pad.locator("tr.ps-result td").all_inner_texts()
    assert [int(x) for x in results] == [sum(mid[0]), sum(mid[1]), sum(fin[0]), sum(fin[1])]
    running = pad.locator("tr.ps-running td").all_inner_texts()
    assert [int(x) for x in running[-2:]] == result["scores"]
    assert pad.locator("tr.ps-reward").count() == 5
    winners = [["Ann", "Computer 2"][w] for w in result["winners"]]
    assert all(name in app.page.inner_text("#winners") for name in winners)
    assert not [e for e in app.errors if "Error" in e], app.errors


def test_ps_hot_seat_every_seat_human(app):
    """PS-7.1 - 7.3: nothing is private, so the shell never needs a cover; what PS-7.2 hides for everyone (token
    ids = down faces, unused hexes and cards) is never on the page. Any cover that did show is checked too."""
    app.reset_storage()
    app.open("?game=ps&seats=human,human&seed=4&botdelay=0&names=Ann,Bob")
    page = app.page
    hidden: dict = {}

    def on_step(step, actions):
        if step % 5:
            return
        state = replay(app.saved())
        html = page.content()
        assert not TOKEN_ID.search(html), "token ids (down faces) must never reach the page"
        unused_cards = set(ACHIEVEMENTS) - {c for c, _ in state["cards"]}
        shown = set(re.findall(r'data-card="(A\d+)"', html))
        assert shown == {c for c, _ in state["cards"]} and not shown & unused_cards
        unused_hexes = set(HEXES) - {h for h, _ in state["tiles"]}
        assert not any(f'"{h}"' in html for h in unused_hexes)
        mover = ps.to_move(state)[0]
        assert ["Ann", "Bob"][mover] in app.status()            # the "your turn" banner names the mover
        assert sorted(actions) == sorted(core.legal_actions(ps, state, mover))
        hidden["checked"] = hidden.get("checked", 0) + 1

    seen = play_to_the_end(app, on_step)
    assert seen["covers"] == 0 and hidden["checked"] >= 5
    state = replay(last_save(app))
    assert all(seat in (0, 1) for seat, _ in state["history"]) and {s for s, _ in state["history"]} == {0, 1}
    assert end_rows(app) == dict(enumerate(core.result(ps, state)["scores"]))


def test_ps_rules_page_in_both_languages(app):
    app.reset_storage()
    app.open("?game=ps&seats=human,easy&seed=2&botdelay=0")
    page = app.page
    for lang, title, word in (("en", "Prowler's Passage (Passages Secrets) — two thieves, one city", "Midgame"),
                              ("fr", "Passages Secrets — deux voleurs, une ville", "mi-partie")):
        app.menu(f'[data-command="lang:{lang}"]')  # a game on screen: the languages are in the Options drawer
        page.click("#game [data-command=rules]")
        body = page.locator("#rules-body")
        page.wait_for_selector(f"#rules-body article[lang={lang}]")  # fetched on first use
        assert page.is_visible("#rules")
        assert body.locator(f"article.ps-rules[lang={lang}] h3").inner_text() == title
        text = body.inner_text()
        assert word.lower() in text.lower() and len(text) > 1500
        assert body.locator("svg.ps-rules-diagram").count() == 1
        page.click("[data-command=close-rules]")
        assert not page.is_visible("#rules")
    app.menu('[data-command="lang:en"]')


def test_ps_only_legal_targets_are_clickable(app):
    app.reset_storage()
    # Seed 2: the computer is the first player, so the human (seat 0, second player) decides the compensation.
    app.open("?game=ps&seats=human,easy&seed=2&botdelay=0")
    page = app.page
    state = replay(app.saved())
    assert state["first"] == 1 and state["phase"] == "comp"
    # D1 on the Control board: the 5 markers are board buttons, "decline" stays in the action bar.
    assert sorted(board_actions(app)) == sorted(f"comp:{d}" for d in ps.data.TYPES)
    assert page.eval_on_selector_all("#actions button[data-action]", "els => els.map(e => e.dataset.action)") == \
        ["decline"]
    label = page.get_attribute('button[data-action="comp:MER"]', "aria-label")
    assert "0 → +1" in label                                            # the consequence before the choice
    app.click_action("comp:MER")
    for _ in range(4):                                                  # a few turns in
        page.wait_for_selector(".ps-spot")
        state = replay(app.saved())
        legal = core.legal_actions(ps, state, 0)
        assert sorted(app.enabled_actions()) == sorted(legal)
        spots = page.locator(".ps-spot")
        assert {spots.nth(i).get_attribute("data-action") for i in range(spots.count())} == \
            {a for a in legal if a.startswith("place:")}
        for i in range(spots.count()):                                  # >= 44 x 44 px, named, highlighted
            box = spots.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            assert spots.nth(i).get_attribute("aria-label").startswith("Dig ")
        occupied = [p for i, p in enumerate(PATHS) if state["own"][i] is not None]
        assert occupied and all(page.locator(f'button[data-action="place:{p}"]').count() == 0 for p in occupied)
        assert page.locator(".ps-passage").count() == len(occupied)
        # A click on a taken path's passage does nothing: it is not a button.
        before = len(app.saved()["history"])
        page.locator(f'.ps-passage[data-path="{occupied[0]}"]').dispatch_event("click")
        assert len(app.saved()["history"]) == before
        actions = app.enabled_actions()
        app.click_action(pick_for(len(occupied))(actions))
        if page.locator("button[data-action^='shovel:']").count():
            # D3: only the 5 markers, on the Control board, and the map offers nothing meanwhile.
            assert page.locator(".ps-spot").count() == 0
            assert sorted(board_actions(app)) == sorted(f"shovel:{d}" for d in ps.data.TYPES)
            app.click_action("shovel:BANK")
    # While the computer thinks, the human has no button at all.
    app.reset_storage()
    app.open("?game=ps&seats=human,easy&seed=4&botdelay=4000")   # seed 4: the computer is second
    state = replay(app.saved())
    assert state["first"] == 0 and ps.to_move(state) == [1]
    assert app.enabled_actions() == [] and page.locator(".ps-spot").count() == 0
    assert app.status() == STRINGS["en"]["core.status.wait"].format(player="Computer 2")


# ---------------------------------------------------------------------- the whole table at a glance (issue 47)

PHONE = {"width": 390, "height": 844}
# Each legal spot: its centre, its size, and which spot a tap at 40 % and 60 % of the way to its nearest legal
# neighbour lands on (the page's own hit test: clip-path, z-order and all).
SPOTS = """() => {
  const spots = [...document.querySelectorAll('#board .ps-spot')];
  const at = (x, y) => { const e = document.elementFromPoint(x, y); const b = e && e.closest('.ps-spot');
    return b ? b.dataset.action : null; };
  const c = spots.map(s => { const r = s.getBoundingClientRect();
    return {a: s.dataset.action, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, w: r.width, h: r.height}; });
  return c.map(s => {
    let near = null, d = 1e9;
    for (const o of c) { const e = Math.hypot(o.x - s.x, o.y - s.y); if (o !== s && e < d) { d = e; near = o; } }
    const mid = (t) => near ? at(s.x + (near.x - s.x) * t, s.y + (near.y - s.y) * t) : null;
    return {...s, near: near && near.a, gap: d, self: at(s.x, s.y), before: mid(0.4), after: mid(0.6),
            ring: parseFloat(getComputedStyle(document.querySelector(`[data-action="${s.a}"]`), '::before').width)};
  }); }"""


@pytest.fixture(scope="module")
def phone(pages):
    page = pages.page(viewport=PHONE, **TOUCH)
    page.open()
    yield page
    pages.release(page)


def test_ps_spots_on_a_phone_are_44_px_and_a_tap_goes_to_the_nearest(phone):
    """On a phone's city two neighbouring paths' midpoints are ~30 px apart: every spot is still >= 44 px, its ring
    (drawn round its token) never touches a neighbour's, and its tap area is cut halfway to its neighbours, so a
    tap always lands on the nearer spot (none hides another)."""
    page = phone.page
    phone.reset_storage()
    phone.open("?game=ps&seats=human,easy&seed=4&botdelay=0")  # seed 4: the human is first, places at once
    page.wait_for_selector(".ps-spot")
    spots = page.evaluate(SPOTS)
    assert len(spots) == 27
    for s in spots:
        assert min(s["w"], s["h"]) >= 43.5, s
        assert s["self"] == s["a"], s
        assert s["before"] == s["a"] and s["after"] == s["near"], s
        assert s["ring"] + 4 <= s["gap"], s  # the rings (with their white edge) never touch
    assert min(s["gap"] for s in spots) < 44  # the case this design is for: neighbours nearer than a button


def test_ps_cards_magnify_whole_and_a_thief_s_area_and_the_score_pad_open_on_a_phone(phone):
    page = phone.page
    phone.reset_storage()
    phone.open("?game=ps&seats=human,easy&seed=4&botdelay=0")
    page.wait_for_selector(".ps-spot")
    # a corner card is narrow (its Wealth and holder): the magnifier shows the whole card, its goal in words
    card = page.locator("#board .ps-card").first
    title = card.locator(".ps-card-title").inner_text() if card.locator(".ps-card-title").is_visible() else None
    assert title is None  # too narrow on a phone: the goal is one tap away
    card.click()
    lens = page.locator("[data-testid=magnifier]")
    lens.wait_for()
    shown = lens.locator(".ps-card-title")
    assert shown.is_visible() and shown.inner_text()
    box, frame = shown.bounding_box(), lens.locator(".magnifier-frame").bounding_box()
    assert box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
    lens.click()
    lens.wait_for(state="detached")
    # a thief's full area: their holdings
    page.click("[data-testid=seat-summary][data-player='1'] .seat-open")
    area = page.locator("[data-testid=seat-area]")
    area.wait_for()
    for key in ("ps.ui.passages", "ps.ui.tunnel", "ps.ui.shovels", "ps.ui.controls", "ps.ui.wealth"):
        assert STRINGS["en"][key] in area.inner_text()
    page.click("[data-testid=seat-area-close]")
    area.wait_for(state="detached")
    # the score pad opens over the city cell and folds again from its own line, the table still at fit
    page.click("#board .ps-pad > summary")
    cell = page.locator("#board .ps-city-cell").bounding_box()
    pad = page.locator("#board .ps-pad").bounding_box()
    assert abs(pad["width"] - cell["width"]) < 2 and abs(pad["height"] - cell["height"]) < 2
    assert page.evaluate("window.pygamesZoom.scale()") == 1
    page.click("#board .ps-pad > summary")
    assert page.locator("#board .ps-pad[open]").count() == 0
    assert not [e for e in phone.errors if "Error" in e], phone.errors
