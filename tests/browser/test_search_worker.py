"""A human against the normal search bot in the browser: the bot thinks in the search worker, so the menu
answers while it thinks, and the hint (hard search on the human's own view) points at a legal move."""

import pytest

from pygames import core
from pygames.core import registry

pytestmark = pytest.mark.browser
PS = registry.load("ps")


def test_menu_answers_while_the_normal_bot_thinks_and_the_hint_is_legal(app):
    page = app.page
    app.reset_storage()
    app.open("?game=ps&seats=normal,human&seed=3&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=thinking]:visible", timeout=30_000)
    # One synchronous step in the page: click the menu's Rules button, then look. A search on the main thread
    # would have to finish before the click could be handled; in the worker the click lands first.
    seen = page.evaluate("""() => {
        document.querySelector('[data-command="rules"]').click();
        const save = JSON.parse(localStorage.getItem('pygames.save.' + localStorage.getItem('pygames.current')));
        return {rules: !document.getElementById('rules').hidden,
                thinking: !document.querySelector('[data-testid=thinking]').hidden,
                moves: save.history.length};
    }""")
    assert seen == {"rules": True, "thinking": True, "moves": 0}
    page.click('[data-command="close-rules"]')
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)  # the bot has played: the human's turn
    saved = app.saved()
    assert [step[0] for step in saved["history"]] == [0]
    state = core.replay(PS, 2, saved["seed"], saved["options"], saved["history"])
    legal = core.legal_actions(PS, state, 1)
    assert sorted(app.enabled_actions()) == sorted(legal)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-hint-action]", state="attached", timeout=60_000)
    hinted = page.get_attribute("[data-hint-action]", "data-hint-action")
    assert hinted in legal
    assert page.locator(f'button[data-action="{hinted}"][data-hint]').count() == 1
    assert app.saved()["history"] == saved["history"]  # shown, not played
    app.click_action(hinted)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length >= 2")
    assert app.saved()["history"][1] == [1, hinted]
    assert not app.errors and not app.off_origin()


def test_spyworld_hint_is_shown_while_the_computer_plans_at_the_same_time(app):
    """Spyworld: both seats choose their agent at once (SPY-3.11). The hint asked while the normal bot
    thinks comes back after the bot's hidden move has changed the state: it still answers the human's own
    unchanged choice, so it is shown (dropped as stale, no hint would ever appear in Spyworld's planning against
    a searching bot). It goes once the human has moved."""
    page = app.page
    app.reset_storage()
    app.open("?game=spy&seats=human,normal&seed=4&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)
    legal = sorted(app.enabled_actions())
    assert legal and all(a.startswith("keep:") for a in legal)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-hint-action]", state="visible", timeout=90_000)
    hinted = page.get_attribute("[data-hint-action]", "data-hint-action")
    assert hinted in legal
    history = app.saved()["history"]
    assert [step[0] for step in history] == [1]  # the computer has kept its agent (hidden); the human has not
    assert sorted(app.enabled_actions()) == legal
    assert page.locator(f'button[data-action="{hinted}"][data-hint]').count() == 1
    app.click_action(hinted)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length >= 2")
    page.wait_for_selector("[data-hint-action]", state="hidden", timeout=10_000)
    assert not app.errors and not app.off_origin()


# The search worker's <script> element (thinking.Thinker._start): its `xworker` is the Worker itself.
NEWEST_WORKER = "[...document.querySelectorAll('script[data-search-worker]')].pop()"
KILL = f"() => {NEWEST_WORKER}.xworker.terminate()"
# A crash the page hears of: the worker stops, and its `error` event fires.
CRASH = f"""() => {{ const node = {NEWEST_WORKER}; node.setAttribute('data-crashed', '');
                       node.xworker.terminate(); node.xworker.dispatchEvent(new Event('error')); }}"""
WORKERS = "[...document.querySelectorAll('script[data-search-worker]')].map(n => n.dataset.searchWorker)"


def wait_history(page, length: int) -> None:
    page.wait_for_function("n => JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length >= n", arg=length,
                           timeout=120_000)


def test_a_dead_search_worker_is_replaced_and_the_game_goes_on(app):
    """Terminated while thinking, while idle, or crashing before a hint: the request's deadline or the worker's
    error event notices it, a new worker answers, and the game goes on with every move kept."""
    page = app.page
    app.reset_storage()
    app.open("?game=ps&seats=normal,human&seed=3&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=thinking]:visible", timeout=30_000)
    page.wait_for_selector("script[data-search-worker][data-ready]", state="attached", timeout=60_000)
    page.evaluate(KILL)  # while it thinks about the first move
    page.wait_for_selector("[data-testid=hint]:visible", timeout=120_000)
    first = app.saved()["history"]
    assert [step[0] for step in first] == [0]
    assert page.locator("[data-testid=thinking]").count() == 0

    page.evaluate(KILL)  # idle, on the human's turn: nothing notices until the next request
    app.click_action(app.enabled_actions()[0])
    page.wait_for_selector("[data-testid=thinking]:visible", timeout=30_000)
    wait_history(page, 3)  # the computer answered after all, from a new worker
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)
    assert page.evaluate(WORKERS) not in ([], ["1"])  # the dead one is gone, a newer one answered
    saved = app.saved()
    assert saved["history"][:1] == first and [step[0] for step in saved["history"]] == [0, 1, 0]
    state = core.replay(PS, 2, saved["seed"], saved["options"], saved["history"])
    legal = core.legal_actions(PS, state, 1)
    assert sorted(app.enabled_actions()) == sorted(legal)

    page.wait_for_selector("script[data-search-worker][data-ready]", state="attached", timeout=60_000)
    page.evaluate(CRASH)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-hint-action]", state="attached", timeout=120_000)
    assert page.get_attribute("[data-hint-action]", "data-hint-action") in legal
    assert app.saved()["history"] == saved["history"]
    assert not app.errors and not app.off_origin()


def test_a_search_worker_that_keeps_dying_gives_way_to_the_easy_heuristic(app):
    """Three workers crash in a row: the page stops starting workers, and the computer answers with the game's
    quick heuristic (from its own view) rather than never."""
    page = app.page
    app.reset_storage()
    app.open("?game=ps&seats=normal,human&seed=5&botdelay=0&lang=en")
    crashed = 0
    while crashed < 3:  # crash each worker once it is up; play the human's turns in between
        page.wait_for_selector("script[data-search-worker][data-ready]:not([data-crashed]), "
                               "[data-testid=hint]:visible", state="attached", timeout=60_000)
        if page.locator("script[data-search-worker][data-ready]:not([data-crashed])").count():
            page.evaluate(CRASH)
            crashed += 1
        else:
            app.click_action(app.enabled_actions()[0])
    moves = len(app.saved()["history"])
    for _ in range(2):  # the computer goes on answering, and no worker is started again
        page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)
        app.click_action(app.enabled_actions()[0])
    wait_history(page, moves + 3)
    assert page.evaluate(WORKERS) == []
    assert "now plays at the easy level" in page.inner_text("#notice-text")  # never lowered without a word
    saved = app.saved()
    assert {step[0] for step in saved["history"]} == {0, 1}
    core.replay(PS, 2, saved["seed"], saved["options"], saved["history"])  # every move kept, every move legal
    assert not app.errors and not app.off_origin()


def test_a_computer_move_is_saved_in_one_task_and_drawn_in_the_next(app):
    """On a busy device each main-thread task is stretched several times over: the computer's answer is saved,
    then the table is drawn in a task of its own (a click waiting meanwhile is handled in between). Seen from the
    page: each log line drawn notes the save made earlier in the same task, if any (a save is forgotten once its
    task ends, by a microtask)."""
    page = app.page
    app.reset_storage()
    page.add_init_script("""(() => {
        const write = Storage.prototype.setItem, append = Node.prototype.appendChild;
        const insert = Node.prototype.insertBefore;  // the patch of the table adds a new log line with it
        let saved = null;
        window.__drawn = [];
        Storage.prototype.setItem = function (key, value) {
            write.call(this, key, value);
            if (!key.startsWith('pygames.save.')) return;
            saved = JSON.parse(value).history.length;
            queueMicrotask(() => { saved = null; });
        };
        Node.prototype.appendChild = function (child) {
            if (this.id === 'log') window.__drawn.push(saved);
            return append.call(this, child);
        };
        Node.prototype.insertBefore = function (child, before) {
            if (this.id === 'log') window.__drawn.push(saved);
            return insert.call(this, child, before);
        };
        const rect = Element.prototype.getBoundingClientRect;
        window.__statusRects = 0;  // reach.py measures the status line when it looks for a decision to show
        Element.prototype.getBoundingClientRect = function () {
            if (this.id === 'status') window.__statusRects += 1;
            return rect.call(this);
        };
    })()""")
    app.open("?game=ps&seats=normal,human&seed=3&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)
    assert [step[0] for step in app.saved()["history"]] == [0]
    drawn = page.evaluate("window.__drawn")
    assert 1 not in drawn  # the computer's move was not drawn in the task that saved it
    assert drawn[-1] is None  # its log line was drawn in a task of its own
    # A human's move is saved and drawn at once, as before; with the computer to move next there is no decision
    # to bring into view, so that redraw forces no layout to look for one.
    measured = page.evaluate("""action => { window.__statusRects = 0;
        document.querySelector(`button[data-action="${action}"]`).click(); return window.__statusRects; }""",
                             app.enabled_actions()[0])
    assert page.evaluate("window.__drawn.includes(2)")
    assert measured == 0
    assert not app.errors
