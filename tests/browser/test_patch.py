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


# Parts named with `data-part` are matched by name: a part that comes or goes before the others (PAX's decision
# above the market) leaves their elements as they stand, where matching by place rewrote each into its neighbour.
NAMED = """() => {
  const t = window.pygamesTable;
  const part = (name, text) => ["Esection", "Adata-part\\x1f" + name, "Ep", "A", "T" + text, "/", "/"];
  const program = names => ["D", ...names.flatMap(n => part(n, "text of " + n)), "/"].join("\\x1e");
  const target = document.createElement("div");
  const nodes = () => [...target.children];
  const names = () => nodes().map(n => n.getAttribute("data-part") + ":" + n.textContent).join(",");
  t.patch(target, program(["market", "rome", "areas"]));
  const [market, rome, areas] = nodes();
  const out = {};
  t.patch(target, program(["decision", "market", "rome", "areas"]));
  out.added = [names(), nodes()[1] === market && nodes()[2] === rome && nodes()[3] === areas];
  const decision = nodes()[0];
  t.patch(target, program(["market", "rome", "areas"]));
  out.removed = [names(), nodes()[0] === market && nodes()[1] === rome && nodes()[2] === areas];
  t.patch(target, program(["areas", "market"]));
  out.moved = [names(), nodes()[0] === areas && nodes()[1] === market, !target.contains(rome)];
  t.patch(target, program(["market", "decision"]));
  out.back = [names(), nodes()[0] === market && nodes()[1] !== decision];
  return out;
}"""


def on_home(app, script: str):
    """`script`'s answer, run on the home screen once static/table.js is in the page."""
    app.open("?lang=en")
    app.page.wait_for_function("window.pygamesTable !== undefined")
    return app.page.evaluate(script)


def test_named_parts_are_kept_when_a_part_comes_or_goes_before_them(app):
    seen = on_home(app, NAMED)
    assert seen["added"] == ["decision:text of decision,market:text of market,rome:text of rome,"
                             "areas:text of areas", True], seen
    assert seen["removed"] == ["market:text of market,rome:text of rome,areas:text of areas", True], seen
    assert seen["moved"] == ["areas:text of areas,market:text of market", True, True], seen
    assert seen["back"] == ["market:text of market,decision:text of decision", True], seen


# A lasting part (vdom.lasting) is described once (`L<serial>`), then named (`R<serial>`): the page leaves the element
# it made from that description as it stands, unless anything changed it since (the last move's ring, a panel the
# player opened, a line taken out), which the next patch undoes as it always did.
KEPT = """() => {
  const t = window.pygamesTable, out = {};
  const part = ["Esection", "Aclass\\x1fkept", "Edetails", "A", "Esummary", "A", "Trules", "/", "Ep", "A", "Ttext",
                "/", "/", "Ep", "A", "Tlast", "/", "/"];
  const status = n => ["Ep", "A", "Tstatus " + n, "/"];
  const join = tokens => ["D", ...tokens, "/"].join("\\x1e");
  const target = document.createElement("div");
  document.body.appendChild(target);
  const fresh = document.createElement("div");
  fresh.appendChild(t.build(join([...part, ...status(2)])));
  t.patch(target, join(["L777001", ...part, ...status(1)]));
  const section = target.firstElementChild;
  t.patch(target, join(["R777001", ...status(2)]));
  out.named = [target.firstElementChild === section, target.isEqualNode(fresh), target.textContent];
  section.classList.add("moved");
  section.querySelector("details").open = true;
  section.querySelector("summary").firstChild.data = "changed";
  section.lastElementChild.remove();
  t.patch(target, join(["R777001", ...status(2)]));
  out.undone = [target.firstElementChild === section, target.isEqualNode(fresh), section.className,
                section.querySelector("details").open];
  try { t.patch(target, join(["R777999"])); out.unknown = "patched"; } catch (e) { out.unknown = e.message; }
  try { t.patch(target, join(["!", "R777001"])); out.forgotten = "patched"; } catch (e) { out.forgotten = e.message; }
  target.remove();
  return out;
}"""


def test_a_lasting_part_is_named_once_described_and_what_changed_it_since_is_undone(app):
    seen = on_home(app, KEPT)
    assert seen["named"] == [True, True, "rulestextlaststatus 2"], seen
    assert seen["undone"] == [True, True, "kept", False], seen
    assert "does not hold: 777999" in seen["unknown"], seen
    assert "does not hold: 777001" in seen["forgotten"], seen


# A foldable panel (kit.fold: `details` with data-owned="open") is the player's to open and close: a patch neither
# closes one the player opened nor opens one the player closed (a panel that starts open), in a lasting part too;
# a new panel starts as its description says. Without data-owned, a patch brings `open` back in line (as before).
FOLDS = """() => {
  const t = window.pygamesTable, out = {};
  const fold = (cls, open, owned) => ["Edetails", "Aclass\\x1f" + cls + (open ? "\\x1fopen\\x1f" : "") +
    (owned ? "\\x1fdata-owned\\x1fopen" : ""), "Esummary", "A", "T" + cls, "/", "Ep", "A", "Tbody", "/", "/"];
  const status = n => ["Ep", "A", "Tstatus " + n, "/"];
  const join = tokens => ["D", ...tokens, "/"].join("\\x1e");
  const board = n => [...fold("other", false, true), ...fold("last", true, true), ...fold("plain", false, false),
                      ...status(n)];
  const target = document.createElement("div");
  document.body.appendChild(target);
  t.patch(target, join(board(1)));
  const [other, last, plain] = target.querySelectorAll("details");
  out.made = [other.open, last.open, plain.open];
  other.open = true;
  last.open = false;
  plain.open = true;
  t.patch(target, join(board(2)));
  const again = [...target.querySelectorAll("details")];
  out.kept = [again[0] === other && other.open, again[1] === last && !last.open, plain.open];
  const lasting = ["Esection", "Aclass\\x1fkept", ...fold("inner", false, true), "/"];
  t.patch(target, join(["L777101", ...lasting, ...status(3)]));
  const inner = target.querySelector("details.inner");
  inner.open = true;
  t.patch(target, join(["R777101", ...status(4)]));
  out.lasting = [target.querySelector("details.inner") === inner, inner.open];
  target.remove();
  return out;
}"""


def test_a_foldable_panel_stays_as_the_player_left_it_through_every_redraw(app):
    seen = on_home(app, FOLDS)
    assert seen["made"] == [False, True, False], seen
    assert seen["kept"] == [True, True, False], seen  # the plain details is brought back in line, as before
    assert seen["lasting"] == [True, True], seen
