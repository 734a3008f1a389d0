"""Several devices, what this branch draws in the page (issue 33), on a landscape touch tablet (1024x768): the public
table drawn by every game's board in the middle of a game (a game of computers only shows `view(state, None)`,
exactly what the table device shows), the new-game dialog's "Players on several devices" and the home screen's
"Join a table". The pairing and the guests' screens are tested by the netplay tests."""

import json

import pytest
from conftest import TOUCH
from test_table import axe_problems

pytestmark = pytest.mark.browser
LANDSCAPE = {"width": 1024, "height": 768}
SMALL_TARGETS = """els => els.filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map(e => [e.dataset.action || e.dataset.command || e.id || e.textContent.trim().slice(0, 30),
             Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])
  .filter(([name, w, h]) => w < 44 || h < 44)"""


@pytest.fixture(scope="module")
def tablet(pages):
    page = pages.page(viewport=LANDSCAPE, **TOUCH)
    page.open()
    yield page
    pages.release(page)


def history_length(tablet) -> int:
    return len(tablet.saved()["history"])


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_the_public_table_draws_mid_game_on_a_tablet(tablet, game_id):
    """Computers only: nobody's seat is on screen, so the board draws the public view at every redraw. Three
    points of the game are checked: the board drawn, the status line on screen, no game control, no scrolling
    sideways, every visible control at least 44 px."""
    page = tablet.page
    tablet.reset_storage()
    tablet.open(f"?game={game_id}&seats=easy,easy&seed=4&botdelay=350")
    seen = 0
    for goal in (2, 7, 14):
        page.wait_for_function(f"""() => {{ const id = localStorage.getItem('pygames.current');
            const save = id && JSON.parse(localStorage.getItem('pygames.save.' + id) || 'null');
            return !save || save.over || save.history.length >= {goal}; }}""")
        if tablet.visible("[data-testid=game-over]"):
            break
        assert not tablet.errors, tablet.errors
        assert page.locator("#board").evaluate("b => b.querySelectorAll('*').length") > 5, "the board is empty"
        assert not page.locator("button[data-action]").count(), "the table offers a game control"
        status = page.locator("[data-testid=status]").bounding_box()
        assert status and status["y"] >= 0 and status["y"] + status["height"] <= LANDSCAPE["height"]
        assert page.inner_text("[data-testid=status]").strip()
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        small = page.eval_on_selector_all("#game button, #game select", SMALL_TARGETS)
        assert not small, small
        assert page.locator("[data-testid=pass-device]").is_hidden()
        if seen == 1:
            problems = axe_problems(page, f"{game_id} table")
            assert not problems, problems
        seen += 1
    assert seen >= 2, f"{game_id}: the game ended before the table could be looked at"
    page.tap("#game [data-command=quit]") if tablet.visible("#game") else page.tap("#gameover [data-command=quit]")


def form(page) -> dict:
    return json.loads(page.evaluate("pygamesShell.newGameForm()"))


def test_the_dialog_offers_players_on_several_devices(tablet):
    page = tablet.page
    tablet.open()
    page.tap('[data-command="new:spy"]')
    assert form(page)["net"] is None
    assert tablet.visible("#devices") and not tablet.visible("#table-row")
    page.select_option("#seat-count", "3")
    page.select_option("#devices", "on")
    kinds = page.eval_on_selector_all("[data-seat-kind='1'] option", "os => os.map(o => o.value)")
    assert kinds == ["here", "remote", "easy", "normal", "hard"]
    assert page.eval_on_selector("[data-seat-kind='1'] option[value=remote]", "o => o.textContent") == \
        "a device that will join"
    # Every seat takes the mode's default: this device, then devices that join (a computer left there would make
    # Start refuse); off again, you and the computer.
    assert [page.input_value(f"[data-seat-kind='{i}']") for i in range(3)] == ["here", "remote", "remote"]
    assert form(page)["net"] == {"remote": [1, 2], "here": 0, "table": False}
    page.select_option("[data-seat-kind='2']", "normal")
    page.select_option("[data-seat-kind='2']", "here")  # one seat on this device: seat 1's becomes a joining one
    chosen = form(page)
    assert [page.input_value(f"[data-seat-kind='{i}']") for i in range(3)] == ["remote", "remote", "here"]
    assert chosen["kinds"] == ["human", "human", "human"]
    assert chosen["net"] == {"remote": [0, 1], "here": 2, "table": False}
    assert not tablet.visible("#takeback-row") and tablet.visible("#table-row")
    assert not axe_problems(page, "several devices")
    page.select_option("#as-table", "on")
    assert "here" not in page.eval_on_selector_all("[data-seat-kind='0'] option", "os => os.map(o => o.value)")
    assert form(page)["net"] == {"remote": [0, 1, 2], "here": None, "table": True}
    page.click("[data-command='lang:fr']")  # the language switch keeps the choices and words them in French
    assert page.inner_text("#devices-row span") == "Joueurs sur plusieurs appareils"
    assert form(page)["net"] == {"remote": [0, 1, 2], "here": None, "table": True}
    page.click("[data-command='lang:en']")
    small = page.eval_on_selector_all("#newgame button, #newgame select", SMALL_TARGETS)
    assert not small, small
    page.select_option("#as-table", "off")
    page.select_option("[data-seat-kind='2']", "here")
    page.fill("[data-seat-name='0']", "here")  # a name is not a seat kind: seat 2 stays on this device
    page.dispatch_event("[data-seat-name='0']", "change")
    assert form(page)["net"] == {"remote": [0, 1], "here": 2, "table": False}
    page.select_option("#devices", "off")
    assert form(page)["net"] is None and not tablet.visible("#table-row")
    assert [page.input_value(f"[data-seat-kind='{i}']") for i in range(3)] == ["human", "normal", "normal"]
    page.tap("#newgame [data-command=home]")
    page.tap('[data-command="new:pax"]')
    page.select_option("#seat-count", "1")
    assert not tablet.visible("#devices-row") and form(page)["net"] is None  # a solo game: no devices to join
    page.tap("#newgame [data-command=home]")


def test_home_offers_join_a_table(tablet):
    page = tablet.page
    tablet.open()
    join = page.locator("[data-testid=join-table]")
    assert join.get_attribute("data-command") == "join-table" and join.inner_text() == "Join a table"
    assert not axe_problems(page, "home")
    box = join.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    page.click("[data-command='lang:fr']")
    assert join.inner_text() == "Rejoindre une table"
    page.click("[data-command='lang:en']")


PHONE = {"width": 390, "height": 844}
# The page's own Python draws what netplay.py will show: the host's lobby and a guest's seat picker on the home
# screen, and a guest's game screen (Spyworld, its move in flight) in #game, from a real Host and Guest.
DRAW = """async (lang) => {
  const py = await (await import("/static/pyodide-warm.mjs")).loadPyodide();
  return py.runPython(`
import js
from pygames import spyworld
from pygames.net.guest import Guest
from pygames.net.host import Host
from pygames.web import i18n, remote, table, vdom
from pygames.app.session import Seat, Session

host = Host(Session.start(spyworld, [Seat("Ann", "human"), Seat("Bob", "human"), Seat("", "human"),
                                     Seat("", "easy")], 5, {}, "net-page"), [1, 2], here=0)
bob, cy = Guest(), Guest()
def send(guest, peer, texts):
    for text in texts:
        for to, reply in host.receive(peer, text):
            send(guest, peer, guest.receive(reply)) if to == peer else None
send(bob, "b", bob.connected())
send(bob, "b", bob.choose_seat(1, "Bob"))
send(cy, "c", cy.connected())
cat = i18n.Catalogue(lang="${lang}")
cat.set_seats([s.name for s in host.session.seats], {3})
box = js.document.getElementById("net-test") or js.document.createElement("div")
box.id = "net-test"
js.document.getElementById("home").prepend(box)
part = vdom.fragment()
part.append(remote.lobby(remote.lobby_seats(host), cat, showing=2),
            remote.seat_picker({"game": cy.game, "seats": cy.table}, cat, name="Cy"))
vdom.patch(box, part)
guest_cat = i18n.Catalogue(lang="${lang}")
model = remote.model_of_guest(bob, sending=None)
guest_cat.set_seats(list(model.names), remote.computers(model.kinds))
import dataclasses
model = dataclasses.replace(model, link="sending", sending=model.legal[0], refused=("net.err.stale", {}))
game = js.document.getElementById("game")
vdom.patch(game, table.table(model, guest_cat))
len(model.legal)
`);
}"""


def test_the_lobby_the_seat_picker_and_a_waiting_guest_screen_in_the_page(tablet):
    page = tablet.page
    tablet.reset_storage()
    tablet.open()
    assert page.evaluate(DRAW, "fr") > 0
    lobby, picker = page.locator("[data-testid=lobby]"), page.locator("[data-testid=seat-picker]")
    assert lobby.is_visible() and picker.is_visible()
    assert lobby.locator("li[data-seat='1'][data-joined][data-connected]").count() == 1
    assert lobby.locator("[data-command='net-code:2']").inner_text() == "Nouveau code"  # its code is on screen
    assert picker.locator("[data-command]").evaluate_all("bs => bs.map(b => b.dataset.command)") == ["net-seat:2"]
    assert "Choisissez votre place" in picker.inner_text()
    for viewport in (LANDSCAPE, PHONE):
        page.set_viewport_size(viewport)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, viewport
        small = page.eval_on_selector_all("#net-test button, #net-test input", SMALL_TARGETS)
        assert not small, (viewport, small)
    assert not axe_problems(page, "lobby and seat picker")
    page.set_viewport_size(LANDSCAPE)
    page.evaluate("document.getElementById('home').hidden = true; document.getElementById('game').hidden = false")
    link = page.locator("[data-testid=link]")
    assert link.inner_text() == "Envoi de votre coup…" and link.get_attribute("data-link") == "sending"
    assert page.locator("[data-testid=refused][role=alert]").inner_text().startswith("La partie a avancé")
    actions = page.locator("#game button[data-action]")
    assert actions.count() > 0
    assert actions.evaluate_all("bs => bs.every(b => b.getAttribute('aria-disabled') === 'true')")
    assert page.locator("#game button[data-action][aria-busy=true]").count() >= 1
    for viewport in (LANDSCAPE, PHONE):
        page.set_viewport_size(viewport)
        for part in ("[data-testid=status]", "[data-testid=link]"):
            box = page.locator(part).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (viewport, part)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, viewport
    assert not axe_problems(page, "a guest's screen, its move in flight")
    page.set_viewport_size(LANDSCAPE)
    tablet.open()  # the page's own state again
