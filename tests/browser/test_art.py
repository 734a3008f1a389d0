"""Each game's look (art/<game>.css, static/art.js): built per game under its byte target, on no boot path, fetched
when that game opens and kept for offline; the credits name the icons' licence in both languages; no serious
accessibility violation once a game's art is on.

One booted page for the module; the offline check stops this module's own server, so it runs last.
"""

import gzip
import json
import re

import pytest
from conftest import DESKTOP, NEXT, AppPage
from helpers.tutorial_browser import axe_problems
from test_table import TAP

pytestmark = pytest.mark.browser
GAMES = ("ps", "pax", "spy", "sik")
ART_TARGET = 300_000  # bytes gzipped, per game (issue #32)
TILE_TARGET = 8_000  # bytes raw: a home tile is on the boot path
ART_ON = """gid => {
  const board = document.querySelector('#board');
  return window.pygamesArt.loaded(gid) && getComputedStyle(board).backgroundImage.includes('data:image/svg+xml');
}"""


@pytest.fixture(scope="module")
def art_app(pages):
    page = pages.page(viewport={"width": 1024, "height": 768}, **DESKTOP)
    page.open()
    yield page
    pages.release(page)


def art_requests(app) -> list[str]:
    return [u for u in app.requests if "/art/" in u]


@pytest.mark.parametrize("gid", GAMES)
def test_each_game_has_its_art_under_the_target_and_off_the_precache(test_site_dir, gid):
    art = test_site_dir / "art" / f"{gid}.css"
    css = art.read_bytes()
    assert len(gzip.compress(css, 9)) <= ART_TARGET
    assert b"data:image/svg+xml" in css and b"<svg" not in css  # drawn as SVG, percent-encoded in data: URLs
    assert b"url(" not in re.sub(rb'url\("data:[^"]*"\)', b"", css)  # nothing fetched from anywhere else
    assert f"art/{gid}.css" not in (test_site_dir / "sw.js").read_text()  # kept when used, not precached
    boot = json.loads(re.search(r'<script type="application/json" id="boot-data">(.*?)</script>',
                                (test_site_dir / "index.html").read_text(), re.S).group(1))
    assert not [k for k in boot["precache"] if k.startswith("art/")]
    assert len((test_site_dir / "static/icons" / f"{gid}.svg").read_bytes()) <= TILE_TARGET


def test_no_art_at_boot_then_each_game_fetches_its_own_once(art_app, test_site_dir):
    app = art_app
    app.page.wait_for_selector("html[data-shell=ready]", state="attached")
    assert art_requests(app) == []  # the home screen, booted: no game's art
    for gid in GAMES:
        app.reset_storage()
        app.requests.clear()
        app.open(f"?game={gid}&seats=human,easy&seed=3&botdelay=0")
        app.page.wait_for_selector(NEXT, state="visible")
        app.page.wait_for_function(ART_ON, arg=gid)
        # every picture of its stylesheet made ahead, once each, so that no tap pays for a picture's first showing
        css = (test_site_dir / "art" / f"{gid}.css").read_text()
        pictures = len(set(re.findall(r'url\("(data:image/svg\+xml[^"]*)"\)', css)))
        assert pictures >= 2
        app.page.wait_for_function("([gid, n]) => pygamesArt.warmed(gid) === n", arg=[gid, pictures])
        # its own art only (asked twice before the service worker controls the page: the stylesheet, then the
        # page's own copy for offline, a revalidation of what the browser holds)
        assert {u.rsplit("/", 1)[1] for u in art_requests(app)} == {f"{gid}.css"}
        for _ in range(3):  # a few moves in, as the table's axe test does (a mid-game screen)
            app.page.evaluate(TAP, app.enabled_actions()[0])
            app.page.wait_for_selector(NEXT, state="visible")
        problems = axe_problems(app.page, f"{gid} with its art")
        assert not problems, "\n".join(problems)
    # Opening a game again in the same page adds nothing: the loader keeps one stylesheet per game.
    assert app.page.evaluate("gid => pygamesArt.load(gid).then(() => document.querySelectorAll"
                             "(`link[data-art='${gid}']`).length)", "sik") == 1
    assert app.page.evaluate("pygamesArt.load('hnim')") is False  # a game without art: nothing to fetch
    assert app.off_origin() == []


def test_the_city_casts_a_soft_shadow_with_no_blur_from_an_outline_never_drawn_again(art_app):
    """Passages Secrets' look: the city's shadow is its outline under it, drawn three times wider and fainter (one
    path each, so the hexes' shared edges are not darker). A blur (a filter over the city or its outline, or in a
    picture) was drawn anew in every area a tap redrew (~40 ms of raster work per move on a board zoomed in). It is
    the same element after a move, on no layer of its own (a filter there is applied again at every frame)."""
    app = art_app
    app.reset_storage()
    app.open("?game=ps&seats=human,easy&seed=3&botdelay=0")
    app.page.wait_for_selector(NEXT, state="visible")
    app.page.wait_for_function(ART_ON, arg="ps")
    look = """() => {
      const c = document.querySelector('#board .ps-city'), s = document.querySelector('#board .ps-shadow');
      s.dataset.seen = '1';
      const box = (n) => [n.getBoundingClientRect().width, n.getBoundingClientRect().height].map(Math.round).join();
      const paths = [...s.querySelectorAll('path')];
      return {tag: s.localName, shown: getComputedStyle(s).display, city: getComputedStyle(c).filter,
              filters: [s, ...s.querySelectorAll('*')].filter(n => getComputedStyle(n).filter !== 'none').length,
              layer: getComputedStyle(s).willChange, hexes: paths.map(p => p.getAttribute('d').split('Z').length - 1),
              widths: paths.map(p => parseFloat(getComputedStyle(p).strokeWidth)),
              under: s.compareDocumentPosition(c) === Node.DOCUMENT_POSITION_FOLLOWING, same: box(s) === box(c)}; }"""
    seen = app.page.evaluate(look)
    assert seen == {"tag": "svg", "shown": "block", "city": "none", "filters": 0, "layer": "auto",
                    "hexes": [6, 6, 6], "widths": [0, 9, 20], "under": True, "same": True}, seen
    app.page.evaluate(TAP, app.enabled_actions()[0])
    app.page.wait_for_selector(NEXT, state="visible")
    assert app.page.evaluate("document.querySelector('#board .ps-shadow').dataset.seen") == "1"


# A piece's shadow: the look shows a dark copy of its shape under it. No piece of the board carries a filter, which
# would be blurred anew wherever a tap redraws (the last move's ring and a hint are the only ones, and they pass).
PIECE_SHADOWS = """sel => {
  const filtered = [...document.querySelectorAll('#board *')]
    .filter(n => !['none', ''].includes(getComputedStyle(n).filter) && !n.closest('.moved, [data-hint]'))
    .map(n => n.localName + '.' + (n.getAttribute('class') || ''));
  const pieces = [...document.querySelectorAll('#board ' + sel)];
  const shown = (d) => d && /-drop$/.test(d.getAttribute('class')) && getComputedStyle(d).display !== 'none'
    && getComputedStyle(d).transform !== 'none';
  return {filtered, pieces: pieces.length, shadows: pieces.filter(p => shown(p.previousElementSibling)).length}; }"""


@pytest.mark.parametrize("gid, pieces", [("ps", ".ps-passage"), ("sik", ".sik-disc")])
def test_pieces_cast_their_shadows_as_shapes_not_filters(art_app, gid, pieces):
    app = art_app
    app.reset_storage()
    app.open(f"?game={gid}&seats=human,easy&seed=3&botdelay=0")
    app.page.wait_for_selector(NEXT, state="visible")
    app.page.wait_for_function(ART_ON, arg=gid)
    for _ in range(4):  # a few moves in: passages dug, agents moved
        app.page.evaluate(TAP, app.enabled_actions()[0])
        app.page.wait_for_selector(NEXT, state="visible")
    seen = app.page.evaluate(PIECE_SHADOWS, pieces)
    assert seen["filtered"] == [] and seen["pieces"] >= 2 and seen["shadows"] == seen["pieces"], seen


def test_a_new_game_tap_starts_the_art_before_python_opens_the_game(art_app):
    app = art_app
    app.reset_storage()
    app.open()
    app.requests.clear()
    app.page.click('[data-command="new:ps"]')
    app.page.wait_for_function("pygamesArt.loaded('ps')")
    assert app.page.locator("#newgame").is_visible()


def test_the_credits_name_the_icons_licence_in_both_languages(art_app):
    page = art_app.page
    art_app.reset_storage()
    art_app.open()
    page.click("[data-art-credits]")
    dialog = page.locator("#credits")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "Game Icons" in text and "Creative Commons Attribution 3.0" in text and "CC BY 3.0" in text
    assert "Lorc" in text and "Delapouite" in text
    problems = axe_problems(page, "credits")
    assert not problems, "\n".join(problems)
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    page.click('[data-command="lang:fr"]')
    page.click("[data-art-credits]")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "Crédits" in text and "sous licence Creative Commons Attribution 3.0 (CC BY 3.0)" in text
    page.click("#credits [data-art-close]")
    dialog.wait_for(state="hidden")
    page.click('[data-command="lang:en"]')


def test_a_games_art_is_served_offline_once_it_was_opened(browser, server):
    """A first visit straight into a game, in a fresh browser profile: its art is kept, no other game's."""
    origin = f"http://127.0.0.1:{server.server_port}"
    app = AppPage(browser, origin, viewport={"width": 1024, "height": 768}, locale="en-US")
    try:
        app.open("?game=sik&seats=human,easy&seed=4&botdelay=0")
        app.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        app.page.wait_for_function(ART_ON, arg="sik")
        build_id = app.page.get_attribute("html", "data-build")
        stored = app.page.evaluate("name => caches.open(name).then(c => c.keys()).then(k => k.map(r => r.url))",
                                   f"pygames-app-{build_id}")
        assert origin + "/art/sik.css" in stored
        assert [u for u in stored if "/art/" in u] == [origin + "/art/sik.css"]  # a game never opened: not fetched
        server.shutdown()
        server.server_close()
        app.context.set_offline(True)
        app.reload()
        app.page.wait_for_selector(NEXT, state="visible")
        app.page.wait_for_function(ART_ON, arg="sik")
        assert app.off_origin() == []
    finally:
        app.close()
