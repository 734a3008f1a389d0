"""The home screen and its dialogs as a player meets them (issue 30): saved games dated and labelled and in view on
an upright tablet or phone, a delete that can be undone, saves Python refuses saying why (with Export), the rules as
a real modal, a new-game dialog that starts from its defaults, and a tutorial that replaces its own earlier save.

One booted page for the module (UTC, so dates are exact); the prebuilt shell alone (runtime held) gets its own page.
"""

from __future__ import annotations

import json

import pytest
from conftest import DESKTOP, AppPage
from helpers import tutorial_browser
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.app.session import Seat, Session
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
EN, FR = STRINGS["en"], STRINGS["fr"]
MARCH_5 = 1709649000.0  # 2024-03-05 14:30 UTC
JUNE_1 = 1717243200.0  # 2024-06-01 12:00 UTC
PORTRAITS = ({"width": 768, "height": 1024}, {"width": 390, "height": 844})
LANDSCAPE = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def home(pages):
    page = pages.page(**DESKTOP)
    page.open()
    yield page
    pages.release(page)


def nim_save(save_id: str, seats=(("Ann", "human"), ("", "easy")), moves=(), updated=MARCH_5, **fields) -> str:
    """A real hidden-Nim save made by the engine, then with `fields` set (None removes a field; `updated=None`: a
    save with neither date)."""
    session = Session.start(nim, [Seat(name, kind) for name, kind in seats], 4, {}, save_id,
                            created=(updated or 0) - 60)
    for action in moves:
        session.viewer = session.to_move()[0]
        session.act(action)
    data = json.loads(session.to_save(updated=updated or 0))
    if updated is None:
        fields.update(created=None, updated=None)
    for name, value in fields.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return json.dumps(data)


def plant(app, saves: dict[str, str], current: str | None = None, visit: bool = False) -> None:
    """These saves (index order as given) and nothing else on the device, then the home screen (of a fresh visit
    if asked)."""
    app.page.evaluate("""([saves, current]) => {
        localStorage.clear(); sessionStorage.clear();
        for (const [id, text] of Object.entries(saves)) localStorage.setItem('pygames.save.' + id, text);
        localStorage.setItem('pygames.saves', JSON.stringify(Object.keys(saves)));
        if (current) {  // the game this tab was on (what its reload opens), and the device's last game
          localStorage.setItem('pygames.current', current);
          sessionStorage.setItem('pygames.current', current);
        }
    }""", [saves, current])
    if visit:
        app.open("?lang=en")
    else:
        app.go_home()


def stored(app, save_id: str) -> str | None:
    return app.page.evaluate("id => localStorage.getItem('pygames.save.' + id)", save_id)


def item(app, save_id: str):
    return app.page.locator(f'[data-testid=continue-list] li[data-save="{save_id}"]')


def first_item_in_view(page) -> bool:
    return page.evaluate("""() => {
        const li = document.querySelector('[data-testid=continue-list] li');
        if (!li || scrollY !== 0) return false;
        const r = li.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
    }""")


# ---------------------------------------------------------------------- item 11: dated, labelled, in view


def test_saves_are_dated_labelled_by_kind_and_turn_and_first_in_view_when_upright(home):
    page = home.page
    page.set_viewport_size(LANDSCAPE)
    saves = {
        "solo-vs": nim_save("solo-vs", moves=["take:1"]),  # Ann still to play: her "end" is due
        "hot": nim_save("hot", seats=(("Ann", "human"), ("Bob", "human")), moves=["take:2", "end"], updated=JUNE_1),
        "old": nim_save("old", updated=None, to_move=None),  # written before saves had these fields
    }
    plant(home, saves)
    vs = item(home, "solo-vs")
    text = vs.inner_text()
    assert EN["home.kind.computer"] in text and "Ann to play" in text and "1 move played" in text
    assert vs.locator("time").get_attribute("datetime") == "2024-03-05T14:30:00.000Z"
    assert "Mar 5, 2024" in vs.locator("time").inner_text()
    hot = item(home, "hot").inner_text()
    assert EN["home.kind.hotseat"] in hot and "Bob to play" in hot and "2 moves played" in hot and "Jun 1, 2024" in hot
    assert item(home, "old").locator("time").count() == 0 and "to play" not in item(home, "old").inner_text()
    assert "0 moves played" in item(home, "old").inner_text()

    page.click('[data-command="lang:fr"]')
    vs_fr = item(home, "solo-vs").inner_text()
    assert FR["home.kind.computer"] in vs_fr and "à Ann de jouer" in vs_fr and "1 coup joué" in vs_fr
    assert "5 mars 2024" in vs_fr and "14:30" in vs_fr
    assert "0 coup joué" in item(home, "old").inner_text()  # French: 0 takes the singular
    page.click('[data-command="lang:en"]')

    for viewport in PORTRAITS:  # the first saved game shows without scrolling, held upright
        page.set_viewport_size(viewport)
        page.evaluate("scrollTo(0, 0)")
        assert first_item_in_view(page), viewport
    small = page.eval_on_selector_all(
        "#continue button", "els => els.filter(e => e.offsetParent).map(e => [e.textContent,"
        " e.getBoundingClientRect().width, e.getBoundingClientRect().height]).filter(([, w, h]) => w < 44 || h < 44)")
    assert not small, small
    page.set_viewport_size(LANDSCAPE)

    # Many saves: the three latest, then "Show all", so the games to start stay near the top.
    plant(home, {f"g{i}": nim_save(f"g{i}") for i in range(6)})
    assert page.locator("[data-testid=continue-list] li").count() == 3
    assert page.inner_text("#continue-more") == "Show all 6 saved games"
    page.click("#continue-more")
    assert page.locator("[data-testid=continue-list] li").count() == 6 and not home.visible("#continue-more")
    plant(home, {})
    assert home.visible("#continue-empty")  # and with none, the games come first
    assert page.evaluate("document.getElementById('games').compareDocumentPosition("
                         "document.getElementById('continue')) & Node.DOCUMENT_POSITION_FOLLOWING") > 0


# ---------------------------------------------------------------------- item 5: undoable delete


def test_a_delete_can_be_undone_and_becomes_durable_only_after(home):
    page = home.page
    plant(home, {"x": nim_save("x"), "y": nim_save("y", updated=JUNE_1)})
    page.click('[data-command="delete:x"]')
    assert item(home, "x").get_attribute("data-deleted") == "true"
    assert "Deleted" in item(home, "x").inner_text()
    assert page.evaluate("document.activeElement.dataset.command") == "undo-delete:x"
    assert stored(home, "x") is not None  # nothing removed yet
    page.click('[data-command="undo-delete:x"]')
    assert item(home, "x").locator('[data-command="resume:x"]').count() == 1 and stored(home, "x") is not None

    page.click('[data-command="delete:x"]')
    home.reload()  # a reload inside the window loses nothing
    assert item(home, "x").locator('[data-command="resume:x"]').count() == 1 and stored(home, "x") is not None

    page.click('[data-command="delete:x"]')
    page.click('[data-command="lang:fr"]')  # the next action ends the window: deleted for good
    assert stored(home, "x") is None and "x" not in json.loads(page.evaluate("localStorage.getItem('pygames.saves')"))
    assert item(home, "x").count() == 0
    page.click('[data-command="lang:en"]')

    page.click('[data-command="delete:y"]')  # and so does the end of the window
    page.wait_for_function("localStorage.getItem('pygames.save.y') === null", timeout=15_000)
    assert item(home, "y").count() == 0 and home.visible("#continue-empty")


# ---------------------------------------------------------------------- item 16: refused saves say why


def refusal(text: str) -> tuple[str, dict]:
    """Why CPython's Session refuses a save: the catalogue key and its arguments."""
    try:
        Session.from_save(text, {"hnim": nim})
    except core.InvalidSave as exc:
        return exc.key, exc.params
    raise AssertionError("the save was accepted")


def test_a_save_python_refuses_says_why_and_offers_export_and_delete(home):
    page = home.page
    saves = {
        "old-format": nim_save("old-format", format=99),
        "forged": nim_save("forged", history=[[0, "take:9"]]),
        "bad-match": nim_save("bad-match", match={"kind": "bo", "number": 7}),
    }
    reasons = {save_id: refusal(text) for save_id, text in saves.items()}  # the core's own words for each
    assert [key for key, _ in reasons.values()] == ["core.save.newer", "core.save.illegal_step", "core.save.schema"]
    plant(home, saves)
    for save_id, (key, args) in reasons.items():
        assert item(home, save_id).locator(f'[data-command="resume:{save_id}"]').count() == 1
        page.click(f'[data-command="resume:{save_id}"]')
        page.wait_for_selector("[data-testid=notice]", state="visible")
        page.click("[data-command=dismiss-notice]")
        row = item(home, save_id)
        assert row.get_attribute("data-refused") == "true"
        assert EN[key].format(**args) in row.inner_text(), row.inner_text()
        assert row.locator("[data-command^=resume]").count() == 0
        assert row.locator(f'[data-command="delete:{save_id}"]').count() == 1
        with page.expect_download() as info:
            row.locator(f'[data-command="export-raw:{save_id}"]').click()
        assert open(info.value.path(), encoding="utf-8").read() == saves[save_id]  # byte for byte
    page.click('[data-command="lang:fr"]')
    assert FR["core.save.schema"].format(**reasons["bad-match"][1]) in item(home, "bad-match").inner_text()
    page.click('[data-command="lang:en"]')
    problems = tutorial_browser.axe_problems(page, "home with refused saves")
    page.click('[data-command="delete:forged"]')
    problems += tutorial_browser.axe_problems(page, "home with a deleted save")
    assert not problems, problems

    # Remembered for that very text, across visits; the game the tab was on is refused at boot the same way.
    plant(home, {"forged": saves["forged"], "old-format": saves["old-format"]}, current="forged", visit=True)
    assert home.visible("[data-testid=notice]")
    assert item(home, "forged").get_attribute("data-refused") == "true"
    assert item(home, "old-format").get_attribute("data-refused") is None  # never tried on this device now
    page.click("[data-command=dismiss-notice]")
    home.reload()
    assert item(home, "forged").get_attribute("data-refused") == "true"


# ---------------------------------------------------------------------- item 4: the rules are a modal


def rules_state(page) -> dict:
    return page.evaluate("""() => {
        const close = document.getElementById('rules-close'), r = close.getBoundingClientRect();
        const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return {open: !document.getElementById('rules').hidden, focusInside:
                document.getElementById('rules').contains(document.activeElement),
                closeReachable: r.top >= 0 && r.bottom <= innerHeight && at === close,
                active: document.activeElement.dataset.shellRules || document.activeElement.dataset.command || ''};
    }""")


def test_the_rules_close_from_the_top_esc_or_the_backdrop_and_keep_focus_inside(home):
    page = home.page
    page.set_viewport_size(LANDSCAPE)
    plant(home, {})
    opener = page.locator('[data-shell-rules="pax"]')
    opener.focus()
    opener.click()
    page.wait_for_selector("#rules-body article")
    assert rules_state(page)["focusInside"] and page.evaluate("document.activeElement.id") == "rules-close"
    page.evaluate("document.querySelector('#rules .cover-box').scrollTop = 1e6")  # read to the very end
    assert rules_state(page)["closeReachable"]  # Close still at hand
    for _ in range(3):
        page.keyboard.press("Tab")
        assert rules_state(page)["focusInside"]
    page.evaluate("document.getElementById('rules-close').focus()")
    page.keyboard.press("Shift+Tab")  # round the other way
    assert rules_state(page)["focusInside"]
    page.keyboard.press("Escape")
    state = rules_state(page)
    assert not state["open"] and state["active"] == "pax"  # focus back on the opener

    opener.click()
    page.wait_for_selector("#rules-body article")
    page.mouse.click(5, 400)  # the backdrop beside the page
    assert not rules_state(page)["open"]
    assert not [e for e in home.errors if "Error" in e], home.errors


# ---------------------------------------------------------------------- items 4 and 11: tutorials


def test_a_tutorials_rules_are_the_same_modal_and_a_new_tutorial_replaces_its_save(home):
    page = home.page
    page.set_viewport_size(LANDSCAPE)
    plant(home, {"other": nim_save("other", tutorial="pax")})  # another game's guided game stays
    home.open("?tutorial=ps&botdelay=0&lang=en")
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    link = page.locator('[data-command^="tutorial-rules:"]')
    section = link.get_attribute("data-command").split(":", 1)[1]
    link.click()
    page.wait_for_selector(f"#rules-body [data-section={section}]")
    assert rules_state(page)["focusInside"] and rules_state(page)["closeReachable"]
    shown = page.evaluate("""s => {
        const head = document.querySelector('#rules .rules-head').getBoundingClientRect();
        const r = document.querySelector(`#rules-body [data-section="${s}"]`).getBoundingClientRect();
        return r.top >= head.bottom - 1 && r.bottom <= innerHeight;
    }""", section)
    assert shown  # the section opened below the sticky title and Close, not under them
    page.keyboard.press("Escape")
    assert not rules_state(page)["open"] and rules_state(page)["active"].startswith("tutorial-rules:")

    first = page.evaluate("sessionStorage.getItem('pygames.current')")
    home.open("?tutorial=ps&botdelay=0&lang=en")  # the same tutorial again
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    second = page.evaluate("sessionStorage.getItem('pygames.current')")
    assert second != first and stored(home, first) is None and stored(home, second) is not None
    home.go_home()
    tutorials = [json.loads(stored(home, i)).get("tutorial")
                 for i in json.loads(page.evaluate("localStorage.getItem('pygames.saves')"))]
    assert sorted(tutorials) == ["pax", "ps"]
    assert EN["home.learn"] in item(home, second).inner_text()


# ---------------------------------------------------------------------- items 2 and 10: the new-game dialog


def seat_form(page) -> dict:
    return page.evaluate("""() => ({
        kinds: [...document.querySelectorAll('[data-seat-kind]')].map(e => e.value),
        names: [...document.querySelectorAll('[data-seat-name]')].map(e => e.value),
        seed: document.getElementById('seed').value,
        shown: [...document.querySelectorAll('[data-option]')].filter(e => e.offsetParent).map(e => e.dataset.option),
        lair: (document.querySelector('[data-option=lair]') || {}).selectedOptions?.[0]?.textContent})""")


def start_choices(page) -> list[str]:
    """The start players PAX's dialog offers (choice keys, read from the labels' catalogue order)."""
    return page.eval_on_selector("[data-option=start]", """e => [...e.options].filter(o => !o.hidden && !o.disabled)
        .map(o => ['random', '0', '1', '2', '3'][o.index])""")


def check_dialog_defaults(page) -> None:
    """What a new game offers: seat 1 human, the others the normal computer, no name or seed from an earlier game;
    PAX's solo level only for a solo game (the start player only with players to choose from); Spyworld's lair the
    one its label suggests for a first game."""
    page.click('[data-command="new:pax"]')
    assert seat_form(page)["shown"] == ["level"]
    page.select_option("#seat-count", "3")
    form = seat_form(page)
    assert form["shown"] == ["start"] and form["kinds"] == ["human", "normal", "normal"]
    assert start_choices(page) == ["random", "0", "1", "2"]  # no Player 4 in a 3-player game
    page.select_option("[data-option=start]", index=3)  # Player 3 starts...
    page.select_option("#seat-count", "2")  # ...until there is no Player 3: back to the default
    assert start_choices(page) == ["random", "0", "1"]
    assert page.eval_on_selector("[data-option=start]", "e => e.selectedIndex") == 0
    page.click("#newgame [data-command=home]")
    page.click('[data-command="new:spy"]')
    assert seat_form(page)["lair"] == EN["spy.opt.lair.1"]
    page.click("#newgame [data-command=home]")


def check_dialog_follows_the_seats_and_the_language(page) -> None:
    """The dialog answers in the page (static/shell.js, the one implementation, before boot and after): the seat
    count makes the seats, each count shows its options, the take-back setting is offered to one player against
    the computer only, and a language switch translates the open dialog and keeps every choice."""
    takeback = "#takeback-row"
    page.click('[data-command="new:pax"]')
    assert page.locator("#seats li").count() == 1 and page.locator(takeback).is_hidden()  # solo: no computer
    page.select_option("#seat-count", "3")
    assert page.locator("#seats li").count() == 3 and seat_form(page)["shown"] == ["start"]
    assert page.locator(takeback).is_visible()
    page.select_option("[data-seat-kind='1']", "human")
    assert page.locator(takeback).is_hidden()  # two humans: hot-seat keeps the standard undo
    page.select_option("[data-seat-kind='1']", "easy")
    page.select_option("#takeback", "off")  # on by default (issue 47)
    page.fill("[data-seat-name='0']", "Aiko")
    page.click('[data-command="lang:fr"]')
    assert page.inner_text("#newgame-title") == FR["new.title"].format(game=FR["home.game.pax"])
    assert page.inner_text(f"{takeback} span") == FR["new.takeback"]
    assert page.eval_on_selector("#takeback", "e => e.selectedOptions[0].textContent") == FR["new.takeback.off"]
    assert page.eval_on_selector("[data-seat-kind='1']", "e => e.selectedOptions[0].textContent") == FR["new.easy"]
    form = seat_form(page)
    assert (form["names"], form["kinds"], form["shown"]) == (["Aiko", "", ""], ["human", "easy", "normal"], ["start"])
    page.click('[data-command="lang:en"]')
    assert page.inner_text("#newgame-title") == EN["new.title"].format(game=EN["home.game.pax"])
    assert page.eval_on_selector("#takeback", "e => e.value") == "off"
    page.click("#newgame [data-command=home]")


def test_the_dialog_answers_the_same_after_boot_as_before(home):
    page = home.page
    plant(home, {})
    check_dialog_follows_the_seats_and_the_language(page)
    page.click('[data-command="new:pax"]')  # a new dialog starts from its defaults, take-back on
    assert page.eval_on_selector("#takeback", "e => e.value") == "on"
    page.click("#newgame [data-command=home]")


def test_the_new_game_dialog_starts_from_its_defaults_every_time(home):
    page = home.page
    plant(home, {})
    page.click('[data-command="new:sik"]')
    page.fill("[data-seat-name='0']", "Aiko")
    page.select_option("[data-seat-kind='1']", "easy")
    page.fill("#seed", "77")
    page.click("[data-command=start]")
    page.wait_for_selector("#game:visible")
    page.click("#game [data-command=quit]")
    page.click('[data-command="new:sik"]')
    form = seat_form(page)
    assert (form["kinds"], form["names"], form["seed"]) == (["human", "normal"], ["", ""], "")
    page.click("#newgame [data-command=home]")
    check_dialog_defaults(page)


def test_the_prebuilt_shell_alone_labels_saves_undoes_a_delete_and_offers_the_same_defaults(browser, origin):
    """The runtime held back: what the player meets before Python runs is static/shell.js's own work."""
    app = AppPage(browser, origin, locale="en-US", timezone_id="UTC")
    try:
        saves = {"vs": nim_save("vs", moves=["take:1"]), "gone": nim_save("gone")}
        app.context.add_init_script(f"""if (!localStorage.getItem("pygames.saves")) {{
            const saves = {json.dumps(saves)};
            for (const [id, text] of Object.entries(saves)) localStorage.setItem("pygames.save." + id, text);
            localStorage.setItem("pygames.saves", JSON.stringify(Object.keys(saves)));
        }}""")
        held = []
        app.page.route("**/runtime/pyodide/**", lambda route: held.append(route))  # never let through: no Python
        app.page.goto(origin + "/", wait_until="domcontentloaded")
        page = app.page
        page.wait_for_selector("html[data-shell=ready]", state="attached")
        assert page.get_attribute("html", "data-app-state") == "loading"
        text = item(app, "vs").inner_text()
        assert EN["home.kind.computer"] in text and "Ann to play" in text and "Mar 5, 2024" in text
        page.click('[data-command="delete:gone"]')
        assert item(app, "gone").get_attribute("data-deleted") == "true" and stored(app, "gone") is not None
        page.click('[data-command="undo-delete:gone"]')
        assert item(app, "gone").locator('[data-command="resume:gone"]').count() == 1
        page.click('[data-command="delete:gone"]')
        page.click('[data-command="lang:en"]')
        assert stored(app, "gone") is None
        check_dialog_defaults(page)
        check_dialog_follows_the_seats_and_the_language(page)
        assert page.get_attribute("html", "data-app-state") == "loading"  # all of it without Python
    finally:
        app.close()
