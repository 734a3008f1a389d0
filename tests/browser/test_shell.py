"""The web shell in headless Chromium, on the hidden-Nim test game (built into dist-test/ only).

One booted page for the module (a pooled page, see conftest); each test starts from a deep link or the home screen;
the first visit has its own fresh profile.
"""

import json
import re

import pytest
from conftest import NEXT, end_rows, last_save  # noqa: E402
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()


def play_to_the_end(app, pick=lambda actions: actions[0], max_steps=200):
    """Click data-action buttons (and the cover's reveal button) until the end screen shows."""
    page = app.page
    for _ in range(max_steps):
        page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            return
        if app.visible("[data-testid=pass-device]"):
            page.click("[data-testid=reveal]")
            continue
        actions = app.enabled_actions()
        if actions:
            app.click_action(pick(actions))
    raise AssertionError("the game did not end")


def engine_result(saved: dict) -> dict:
    state = core.replay(nim, saved["players"], saved["seed"], saved["options"], saved["history"])
    assert core.is_over(nim, state)
    return core.result(nim, state)




@pytest.fixture
def first_visit(browser, origin):
    """A first visit: a fresh browser profile (the module's `app` is a pooled page, booted from a snapshot)."""
    from conftest import AppPage

    page = AppPage(browser, origin, locale="en-US")
    page.open()
    yield page
    page.close()


def test_boots_to_ready_with_no_request_off_its_origin(first_visit):
    app = first_visit
    assert app.page.get_attribute("html", "data-app-state") == "ready"
    assert app.off_origin() == []
    assert any(u.endswith("pyodide.asm.wasm") for u in app.requests)  # the self-hosted runtime was used
    assert app.page.get_attribute("#boot-progress", "value") in ("95", "100")  # the bar really moved
    cards = app.page.locator(".game-card")
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == ["ps", "pax", "spy", "sik"]
    assert "hnim" not in app.page.inner_text("#home")  # the test game is never listed
    assert not [e for e in app.errors if "Error" in e], app.errors


def visible_i18n_texts(app) -> list[tuple[str, str]]:
    return app.page.eval_on_selector_all(
        "[data-i18n]", "els => els.filter(e => e.offsetParent !== null).map(e => [e.dataset.i18n, e.textContent])")


def test_language_switch_changes_every_visible_string_and_is_remembered(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=2&botdelay=0")
    for lang, other in (("fr", "en"), ("en", "fr")):
        app.switch_lang(lang)
        assert app.page.get_attribute("html", "lang") == lang
        texts = visible_i18n_texts(app)
        assert texts and all(text == STRINGS[lang][key] for key, text in texts), texts
        body = app.page.inner_text("body")
        leftovers = [s for k, s in STRINGS[other].items() if len(s) > 6 and s != STRINGS[lang][k]
                     and "{" not in s and s in body]
        assert not leftovers, f"{other} strings still visible in {lang}: {leftovers}"
        # Dynamic text too: the status line and the action buttons.
        assert app.status() == STRINGS[lang]["hnim.status.take"].format(player=STRINGS[lang]["new.default_name"]
                                                                       .format(n=1))
        assert app.page.inner_text('button[data-action="take:1"]') == STRINGS[lang]["hnim.act.take"].format(n=1)
    app.switch_lang("fr")
    app.reload()
    assert app.page.get_attribute("html", "lang") == "fr"
    assert app.page.inner_text("[data-command=undo] .wide-words") == STRINGS["fr"]["menu.undo"]
    app.switch_lang("en")


def test_default_language_follows_the_browser(browser, origin):
    from conftest import AppPage

    for locale, lang in (("fr-FR", "fr"), ("en-GB", "en")):
        fresh = AppPage(browser, origin, locale=locale)
        try:
            fresh.open()
            assert fresh.page.get_attribute("html", "lang") == lang
            assert fresh.page.inner_text("#home-title") == STRINGS[lang]["home.games"]
        finally:
            fresh.close()


def test_deep_linked_game_against_the_computer_plays_to_the_end_screen(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=7&botdelay=0&names=Ann")
    assert "game=" not in app.page.url  # the link is consumed: a reload resumes instead of restarting
    saved_before = app.saved()
    assert saved_before["seed"] == 7 and saved_before["seats"][0] == {"name": "Ann", "kind": "human"}
    play_to_the_end(app, pick=lambda actions: actions[-1])
    result = engine_result(last_save(app))
    assert end_rows(app) == dict(enumerate(result["scores"]))
    winners = [["Ann", "Computer 2"][w] for w in result["winners"]]
    assert all(name in app.page.inner_text("#winners") for name in winners)
    assert app.page.locator("#score-chart svg rect").count() >= 2


def test_hot_seat_cover_hides_the_previous_players_secrets(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,human&seed=12&botdelay=0&names=Ann,Bob")
    page = app.page
    assert app.visible("[data-testid=pass-device]")
    assert "Your secret card" not in page.content()  # nobody's screen yet
    assert "Ann" in page.inner_text("[data-testid=pass-device]")
    page.click("[data-testid=reveal]")
    ann_secret = re.search(r"Your secret card: (\d)", page.inner_text("#board")).group(1)
    app.click_action("take:1")
    app.click_action("end")
    assert app.visible("[data-testid=pass-device]")
    assert "Bob" in page.inner_text("[data-testid=pass-device]")
    html = page.content()
    assert "Your secret card" not in html and "data-action" not in html.split('id="actions"')[1].split("</div>")[0]
    page.click("[data-testid=reveal]")
    board = page.inner_text("#board")
    assert "Your secret card" in board
    log = page.inner_text("#log")
    assert f"Your secret card is {ann_secret}." not in log or re.search(r"Your secret card: (\d)", board).group(1) == \
        ann_secret
    assert log.count("Your secret card is") == 1  # only Bob's own line


def test_reload_mid_game_resumes_the_same_state(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=21&botdelay=0")
    app.click_action("take:2")
    before = (app.status(), app.page.inner_text("#board"), app.page.inner_text("#log"), app.enabled_actions())
    history = app.saved()["history"]
    app.reload()
    after = (app.status(), app.page.inner_text("#board"), app.page.inner_text("#log"), app.enabled_actions())
    assert after == before and app.saved()["history"] == history == [[0, "take:2"]]
    assert not app.page.is_disabled("[data-command=undo]")
    app.page.click("[data-command=undo]")
    assert app.saved()["history"] == []


def test_corrupt_import_shows_an_error_and_keeps_the_game(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=5&botdelay=0")
    app.click_action("take:1")
    before = (app.page.inner_text("#board"), app.saved()["history"])
    bad_log = json.dumps({"app": "pygames", "save_format": 1, "game": "hnim", "format": 1, "players": 2, "seed": 1,
                          "options": {"pile": 7}, "history": [[0, "take:3"], [0, "end"], [1, "take:9"]],
                          "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]})
    for payload, key in ((b"{not json", "core.save.not_json"), (bad_log.encode(), "core.save.illegal_step"),
                         (b'{"app": "pygames"}', "core.save.no_version")):
        app.page.set_input_files("#import-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                         "buffer": payload}])
        app.page.wait_for_selector("[data-testid=error]", state="visible")
        expected = STRINGS["en"][key].split("{")[0]
        assert expected in app.page.inner_text("[data-testid=error]")
        app.page.click("[data-command=dismiss-error]")
        assert (app.page.inner_text("#board"), app.saved()["history"]) == before
    assert app.visible("#game")


def test_export_then_import_restores_the_game(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=9&botdelay=0")
    app.click_action("take:3")
    app.click_action("end")
    app.page.wait_for_selector('button[data-action="take:1"]')
    with app.page.expect_download() as info:
        app.menu("[data-command=export]")
    exported = open(info.value.path(), encoding="utf-8").read()
    assert json.loads(exported)["history"][:2] == [[0, "take:3"], [0, "end"]]
    app.page.click("#game [data-command=quit]")
    app.page.set_input_files("#import-file", files=[{"name": "g.json", "mimeType": "application/json",
                                                     "buffer": exported.encode()}])
    app.page.wait_for_selector("#game:not([hidden])")
    assert "Stones left: 4" in app.page.inner_text("#board") or "Stones left" in app.page.inner_text("#board")
    assert app.saved()["history"] == json.loads(exported)["history"]


def test_continue_list_resumes_a_saved_game(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=31&botdelay=0&names=Zoé")
    app.click_action("take:1")
    app.page.click("#game [data-command=quit]")
    item = app.page.locator("[data-testid=continue-list] li")
    assert item.count() == 1 and "Zoé" in item.inner_text()
    item.locator("button[data-command^=resume]").click()
    assert app.visible("#game") and app.saved()["history"] == [[0, "take:1"]]


def test_player_names_are_text_never_html(app):
    app.reset_storage()
    app.open("?game=hnim&seats=human,easy&seed=3&botdelay=0&names=%3Cimg%20src%3Dx%3E")
    assert app.page.locator("#scores img").count() == 0
    assert "<img src=x>" in app.page.inner_text("#scores")


def test_new_game_dialog_starts_a_configured_game(app):
    """The dialog's seats, names and options reach the engine (the test game is reachable by deep link only,
    so open its dialog the way the home page would)."""
    app.reset_storage()
    app.open("?lang=en")
    app.page.evaluate("document.body.insertAdjacentHTML('beforeend', "
                      "'<button id=probe data-command=new:hnim>x</button>')")
    app.page.click("#probe")
    app.page.fill("[data-seat-name='0']", "Léa")
    app.page.select_option("[data-seat-kind='1']", "human")
    app.page.select_option("[data-option=pile]", label="11")
    app.page.fill("#seed", "77")
    app.page.click("[data-command=start]")
    saved = app.saved()
    assert saved["seed"] == 77 and saved["options"] == {"pile": 11}
    assert [s["kind"] for s in saved["seats"]] == ["human", "human"] and saved["seats"][0]["name"] == "Léa"
    assert app.visible("[data-testid=pass-device]")  # two humans with secrets


@pytest.mark.parametrize("width,height", [(768, 1024), (1024, 768)])
def test_ipad_touch_no_horizontal_scroll_and_44px_targets(pages, width, height):
    from conftest import IPAD_FR

    tablet = pages.page(viewport={"width": width, "height": height}, **IPAD_FR)
    try:
        tablet.open("?game=hnim&seats=human,easy&seed=4&botdelay=0")
        page = tablet.page

        def check(screen):
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{screen}: horizontal scroll of {overflow}px"
            small = page.eval_on_selector_all(
                "button, .button, select, input:not(.visually-hidden)",
                "els => els.filter(e => e.offsetParent !== null).map(e => [e.textContent.trim() || e.id,"
                " e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
                ".filter(([n, w, h]) => w < 44 || h < 44)")
            assert not small, f"{screen}: targets under 44px: {small}"

        check("game")
        for _ in range(60):
            page.wait_for_selector(NEXT, state="visible")
            if tablet.visible("[data-testid=game-over]"):
                break
            actions = tablet.enabled_actions()
            if actions:
                page.tap(f'button[data-action="{actions[0]}"]')
        check("game over")
        page.tap("#gameover [data-command=quit]")
        check("home")
    finally:
        pages.release(tablet)
