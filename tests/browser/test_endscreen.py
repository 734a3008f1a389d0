"""The end screen's first screen (issue 32): who won, why, and Play again, with each final score shown once; the
details (scores by category, the game's own part, the final board, the log) one tap away each, kept open across a
redraw. At 1024x768 and 390x844, touch. Each game's finished game is made in CPython (easy bots, seed 3) and put in
storage, so the booted page only resumes it: no whole game is played in the browser here."""

import re

import pytest
from conftest import TOUCH, AppPage, end_details_drawn

from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry

pytestmark = pytest.mark.browser
VIEWPORTS = {"1024x768": {"width": 1024, "height": 768}, "390x844": {"width": 390, "height": 844}}
FIRST_SCREEN = """() => { const vh = innerHeight, box = s => document.querySelector(s).getBoundingClientRect();
  const inside = r => r.height > 0 && r.top >= 0 && r.bottom <= vh + 1;
  const outcome = [...document.querySelectorAll('[data-testid=outcome] li')].map(e => e.getBoundingClientRect());
  return {winners: inside(box('#winners')), again: inside(box('#gameover [data-command=again]')),
          outcome: outcome.length > 0 && outcome.every(inside), text: document.getElementById('gameover').innerText,
          scroll: document.scrollingElement.scrollHeight / vh}; }"""


def finished_save(gid: str) -> tuple[str, dict]:
    s = Session.start(registry.load(gid), [Seat("Ann", HUMAN), Seat("", EASY)], 3, {}, f"{gid}-over")
    s.seats[0].kind = EASY  # both seats played by the easy bot, then saved as a human's game
    while not s.over:
        s.bot_step()
    s.seats[0].kind = HUMAN
    return s.to_save(updated=1.0), s.result()


@pytest.fixture(scope="module")
def page(pages):
    app = pages.page(viewport=VIEWPORTS["1024x768"], **TOUCH)
    app.open()
    yield app
    pages.release(app)


def show_end_screen(app: AppPage, gid: str, save: str) -> None:
    app.reset_storage()
    app.page.evaluate("""([id, text]) => { localStorage.setItem('pygames.save.' + id, text);
      localStorage.setItem('pygames.saves', JSON.stringify([id])); localStorage.setItem('pygames.current', id);
      sessionStorage.setItem('pygames.current', id); }""",  # this tab's game: what its reload resumes
                      [f"{gid}-over", save])
    app.reload()
    app.page.wait_for_selector("[data-testid=game-over]", state="visible")
    end_details_drawn(app.page)


@pytest.mark.parametrize("gid", ["ps", "pax", "spy", "sik"])
def test_the_result_why_and_play_again_fill_the_first_screen_and_each_score_shows_once(page, gid):
    save, result = finished_save(gid)
    for name, size in VIEWPORTS.items():
        page.page.set_viewport_size(size)
        show_end_screen(page, gid, save)
        seen = page.page.evaluate(FIRST_SCREEN)
        where = f"{gid} {name}"
        assert seen["winners"] and seen["outcome"] and seen["again"], (where, seen)
        if gid == "ps":  # its words give both totals: each once on the whole screen (the details are closed)
            for score in result["scores"]:
                assert len(re.findall(rf"\b{score}\b", seen["text"])) == 1, (where, score, seen["text"])
        assert seen["scroll"] <= 1.6, (where, seen["scroll"])
        details = page.page.locator("#gameover details.over-tab")
        assert details.count() >= 3 and page.page.locator("#gameover details.over-tab[open]").count() == 0
        rows = page.page.locator("[data-testid=game-over] tr[data-player][data-score]")
        assert rows.count() == len(result["scores"]) and not rows.first.is_visible()  # behind its tap
        page.page.tap("#gameover details[data-tab=scores] > summary")
        assert rows.first.is_visible()  # one tap away
        for seat, score in enumerate(result["scores"]):
            total = page.page.locator(f"tr[data-player='{seat}'] td.total").inner_text()
            assert int(total) == score


def test_an_opened_detail_stays_open_when_the_language_changes(page):
    save, _result = finished_save("sik")
    page.page.set_viewport_size(VIEWPORTS["1024x768"])
    show_end_screen(page, "sik", save)
    page.page.tap("#gameover details[data-tab=board] > summary")
    assert page.page.locator("[data-testid=final-board]").is_visible()
    page.page.click('[data-command="lang:fr"]')
    page.page.wait_for_function("document.getElementById('gameover-title').textContent.includes('Fin')")
    end_details_drawn(page.page)
    assert page.page.locator("#gameover details[data-tab=board]").get_attribute("open") is not None
    assert page.page.locator("[data-testid=final-board]").is_visible()
    assert page.page.locator("#gameover details[data-tab=log]").get_attribute("open") is None
    page.page.click('[data-command="lang:en"]')
