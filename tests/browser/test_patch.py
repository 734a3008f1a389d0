"""The board is patched, not rebuilt (pygames/web/vdom.py, static/table.js `patch`): after every redraw of a real
game of each of the four, patching the previous board gives exactly the board a fresh build gives, and keeps most of
its elements (the browser restyles only what changed; a tap's redraw stays fast)."""

import random

import pytest
from conftest import NEXT, TOUCH

pytestmark = pytest.mark.browser

# Record every patch of the game screen the app makes (the program and copies of the real nodes handed beside it):
# the board is patched as part of the one tree of `#game` (pygames/web/table.py).
RECORD = """(() => {
  let helper;
  window.__patches = [];
  Object.defineProperty(window, "pygamesTable", {configurable: true, get: () => helper, set: value => {
    const patch = value.patch;
    value.patch = (target, program, ...foreign) => {
      if (target.id === "game") window.__patches.push({program, foreign: foreign.map(n => n.cloneNode(true))});
      return patch(target, program, ...foreign);
    };
    helper = value;
  }});
})()"""
# For each recorded redraw after the first: patch a copy of the previous screen into the next one, build the next
# one fresh, and compare their boards (isEqualNode: same tree, same attributes in any order, same text); count the
# board's elements the patch kept.
CHECK = """() => {
  const t = window.pygamesTable, out = [];
  const copy = p => p.foreign.map(n => n.cloneNode(true));
  const fresh = p => {
    const d = document.createElement("div");
    d.appendChild(t.build(p.program, ...copy(p)));
    return d;
  };
  const list = window.__patches;
  for (let i = 1; i < list.length; i++) {
    const screen = fresh(list[i - 1]);
    const before = new Set(screen.querySelectorAll("#board *"));
    t.patch(screen, list[i].program, ...copy(list[i]));
    const board = screen.querySelector("#board"), after = [...board.querySelectorAll("*")];
    out.push({same: board.isEqualNode(fresh(list[i]).querySelector("#board")),
              kept: after.filter(n => before.has(n)).length, total: after.length});
  }
  return out;
}"""
TAP = """pick => {
  const buttons = [...document.querySelectorAll('button[data-action]:not([disabled])')].filter(b => b.offsetParent);
  if (!buttons.length) return false;
  buttons[pick % buttons.length].click();
  const confirm = document.querySelector('[data-testid=preview] button[data-confirm]');
  if (confirm) confirm.click();
  return true;
}"""


@pytest.fixture(scope="module")
def app(pages):
    page = pages.page(viewport={"width": 1024, "height": 768}, **TOUCH)
    page.page.add_init_script(RECORD)
    yield page
    pages.release(page)


@pytest.mark.parametrize("game", ["ps", "pax", "spy", "sik"])
def test_a_patched_board_is_the_fresh_board_and_keeps_what_did_not_change(app, game):
    app.open(f"?game={game}&seats=human,easy&seed=3&botdelay=0&lang=en")
    rng = random.Random(game)
    for _ in range(8):
        app.page.wait_for_selector(NEXT)
        if app.visible("[data-testid=game-over]") or not app.page.evaluate(TAP, rng.randrange(1000)):
            break
        app.page.wait_for_timeout(150)
    results = app.page.evaluate(CHECK)
    assert len(results) >= 6, results
    assert all(r["same"] for r in results), results
    kept = sum(r["kept"] for r in results) / sum(r["total"] for r in results)
    assert kept > 0.5, f"the patch rebuilt the board: kept {kept:.0%} of its elements"
    assert not app.errors and not app.off_origin()
