"""Shadows in Kyoto's table at a glance on a phone, in French (issue 47), in Chromium (390 x 844, touch):

- placing your agents: the identity buttons read "3 vrai", "0 faux" (no engine code), their accessible names start
  with those words and say the start cell; the whole table fits its box (no text under 10 px, every choice >= 44 px);
- choosing a card: the map and your hand are both in view (the hand a column of cards beside the map), each card a
  button of at least 44 px; both prisons and your decks under them;
- a card that is no control opens large in the magnifier with its effect; the other side's summary opens its whole
  area ("Prison — Ordinateur 2", its decks), with no serious accessibility problem."""

from __future__ import annotations

import re

import pytest
from conftest import NEXT
from helpers.fit_probe import PROBE, faults
from helpers.tutorial_browser import axe_problems

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
FRENCH_PHONE = {"has_touch": True, "is_mobile": True, "locale": "fr-FR"}
IDENTITY_CODE = re.compile(r"(?<![\w])[0-3][TF](?![\w])")
NAMES = """() => [...document.querySelectorAll('#board button[data-action]')].map(b => [b.dataset.action,
  b.innerText.replace(/\\s+/g, ' ').trim(), b.getAttribute('aria-label') || '', b.getAttribute('title') || ''])"""
BOX = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }"""


@pytest.fixture(scope="module")
def phone(pages):
    app = pages.page(viewport=PHONE, **FRENCH_PHONE)
    app.open()
    yield app
    pages.release(app)


def inside(part, box) -> bool:
    return part[0] >= box[0] - 1 and part[1] >= box[1] - 1 and part[2] <= box[2] + 1 and part[3] <= box[3] + 1


def test_the_phone_table_in_french_from_placement_to_a_card(phone):
    page = phone.page
    phone.reset_storage()
    page.evaluate("localStorage.setItem('pygames.preview', 'off')")
    phone.open("?game=sik&seats=human,easy&seed=3&botdelay=0&lang=fr")
    page.wait_for_selector(NEXT, state="visible")
    names = {action: (shown, label, title) for action, shown, label, title in page.evaluate(NAMES)}
    assert names["place:3T"][0] == "3 vrai" and names["place:0F"][0] == "0 faux", names
    for action, (shown, label, title) in names.items():
        assert not IDENTITY_CODE.search(" ".join((shown, label, title))), (action, shown, label)
        assert label.lower().startswith(shown.split(" ")[0].lower()), (action, shown, label)
    assert names["place:3T"][1].startswith("3 vrai : ") and "a1" in names["place:3T"][1]
    seen = page.evaluate(PROBE)
    assert not faults(seen, 10.0), faults(seen, 10.0)

    # a card that is no control now (placing agents): shown large with its effect, closed by a tap
    card = page.locator("#board .sik-own-hand [data-magnify]").first
    small = card.bounding_box()
    card.tap()
    lens = page.locator("[data-testid=magnifier]")
    lens.wait_for(state="visible")
    assert lens.locator(".magnified").bounding_box()["width"] >= 1.8 * small["width"]
    assert lens.locator(".sik-card-desc").is_visible(), "the card's effect is written in the magnifier"
    page.touchscreen.tap(5, 5)
    lens.wait_for(state="detached")

    page.click('button[data-action="place:random"]')
    page.wait_for_selector('#board button[data-action^="play:"]', state="visible")
    seen = page.evaluate(PROBE)
    assert not faults(seen, 10.0), faults(seen, 10.0)
    board = page.evaluate(BOX, "#board")
    for part in ("#board .sik-map", "#board .sik-own-hand", "#board .sik-prisons", "#board .sik-me .sik-decks"):
        assert inside(page.evaluate(BOX, part), board), part
    hand, map_ = page.evaluate(BOX, "#board .sik-own-hand"), page.evaluate(BOX, "#board .sik-map")
    assert hand[0] >= map_[2] - 1, "the hand is a column beside the map"
    cards = page.eval_on_selector_all('#board button[data-action^="play:"]', "bs => bs.map(b => "
                                      "{ const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    assert cards and all(w >= 44 and h >= 44 for w, h in cards), cards
    assert not axe_problems(page, "sik phone table")

    # the other side's whole area, one tap on its summary away
    page.tap("[data-testid=seat-summary][data-player='1'] button.seat-open")
    area = page.locator("[data-testid=seat-area]")
    area.wait_for(state="visible")
    text = area.inner_text()
    assert "Prison — Ordinateur 2" in text and "Pioches" in text and "Main : 6 cartes" in text, text
    assert not IDENTITY_CODE.search(text)
    assert not axe_problems(page, "sik seat area")
    page.tap("[data-testid=seat-area-close]")
    area.wait_for(state="detached")
