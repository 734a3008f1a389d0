"""Words on a portrait tablet (768 x 1024, touch, French): card and category names are written whole (no "Tacti…",
"Sénat…"), no engine id ("T2.NW", "ARM-04") is anywhere a player reads (text, accessible names, tooltips), and
the Restart question's destructive answer looks destructive and is not the focused one. One booted page."""

import re

import pytest
from conftest import IPAD_FR, NEXT

pytestmark = pytest.mark.browser
PORTRAIT, LANDSCAPE = {"width": 768, "height": 1024}, {"width": 1024, "height": 768}
LABELS = ".pax-cname, .pax-cat-name, .sik-card-name, .ps-row-name, .ps-stat dt, .counter-label"
CUT = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null && e.textContent.trim())
  .map(e => [e.className, e.textContent.trim(), e.scrollWidth, e.clientWidth])"""
WORDS = """() => {
  const out = [document.body.innerText];
  for (const e of document.querySelectorAll('[aria-label], [title]'))
    out.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
  for (const t of document.querySelectorAll('svg title')) out.push(t.textContent);
  return out.join('\\n'); }"""
ENGINE_ID = re.compile(r"\b[A-Z]{3}-\d\d\b|\bT\d+(?:\.|\s?\|)")


@pytest.fixture(scope="module")
def tablet(pages):
    page = pages.page(viewport=PORTRAIT, **IPAD_FR)
    yield page
    pages.release(page)


def play_and_check(tablet, game_id: str, steps: int) -> set[str]:
    """Play `steps` moves (the last action offered each time); at each, in both tablet orientations, no label is
    cut and no engine id is shown. Returns the label words met."""
    page = tablet.page
    page.set_viewport_size(PORTRAIT)
    tablet.open(f"?game={game_id}&seats=human,easy&seed=3&botdelay=0&lang=fr")
    met: set[str] = set()
    for step in range(steps):
        page.wait_for_selector(NEXT, state="visible")
        for viewport in (PORTRAIT, LANDSCAPE):
            page.set_viewport_size(viewport)
            labels = page.evaluate(CUT, LABELS)
            cut = [row for row in labels if row[2] > row[3]]
            assert not cut, f"{game_id} step {step} {viewport}: cut off {cut}"
            met.update(row[1] for row in labels)
            ids = sorted(set(m.group(0) for m in ENGINE_ID.finditer(page.evaluate(WORDS))))
            assert not ids, f"{game_id} step {step}: engine ids shown {ids}"
        if tablet.visible("[data-testid=game-over]"):
            break
        actions = tablet.enabled_actions()
        if not actions:
            break
        page.click(f'button[data-action="{actions[-1]}"]')
        if tablet.visible("[data-testid=preview]"):
            page.click("[data-testid=preview] button[data-confirm]")
    return met


def test_card_names_are_whole_and_no_engine_id_shows_in_french(tablet):
    met = play_and_check(tablet, "sik", 10)
    assert any(w.startswith("Tactique") for w in met), met  # the words once cut off were met: no vacuous pass
    met = play_and_check(tablet, "pax", 14)
    assert {"Sénateur", "Richesse"} & met, met
    play_and_check(tablet, "ps", 6)


def test_the_restart_question_keeps_the_game_by_default(tablet):
    page = tablet.page
    page.set_viewport_size(PORTRAIT)
    tablet.open("?game=ps&seats=human,easy&seed=2&botdelay=0&lang=fr")
    page.wait_for_selector(NEXT, state="visible")
    tablet.menu("[data-command=restart]")
    assert page.locator("#confirm").is_visible()
    assert page.evaluate("document.activeElement.dataset.command") == "close-confirm"  # Enter keeps the game
    yes, no = page.locator("#confirm-yes"), page.locator("#confirm-no")
    colour = "e => getComputedStyle(e).backgroundColor"
    assert yes.evaluate(colour) != no.evaluate(colour)
    red, green, blue = map(int, re.findall(r"\d+", yes.evaluate(colour))[:3])
    assert red > 150 and green < 80 and blue < 80, yes.evaluate(colour)  # red: it destroys the game in progress
    assert yes.inner_text().startswith("⚠") and "recommencer" in yes.inner_text().lower()
    page.keyboard.press("Enter")
    assert not page.locator("#confirm").is_visible()
    assert page.locator("#game").is_visible()
