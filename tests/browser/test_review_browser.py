"""A whole game's replay in the browser (issue 49, item 1), as a player tries it: from the end screen, Replay the
game shows the game's own board at the last decision with the replay's controls in view (tablet both ways round,
the laptop, the phone); the steps, the slider, the keyboard, a tap on a log line, the autoplay, another seat's
view and Close; a finished game's Replay in the saved-games list; a running game's replay from the menu shows only
what the seat on screen saw. The finished game is made in CPython (easy bots) and put in storage."""

import json

import pytest
from conftest import TOUCH, AppPage
from test_endscreen import finished_save, show_end_screen
from test_table import axe_problems

from pygames import core
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry

pytestmark = pytest.mark.browser
VIEWPORTS = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
             "1366x768": {"width": 1366, "height": 768}, "390x844": {"width": 390, "height": 844}}
IN_VIEW = """() => { const vw = innerWidth, vh = innerHeight;
  const shown = e => { const r = e.getBoundingClientRect();  // on screen, and its middle not clipped nor covered
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.width > 0 && r.left >= -1 && r.right <= vw + 1 && r.top >= -1 && r.bottom <= vh + 1
      && hit !== null && e.contains(hit); };
  const controls = [...document.querySelectorAll('#actions button, #actions input, [data-testid=review-close]')];
  const small = controls.filter(e => { const r = e.getBoundingClientRect();
    return r.height < 43.5 || r.width < 43.5; });
  const board = document.querySelector('#board').getBoundingClientRect();
  return {controls: controls.length, hidden: controls.filter(e => !shown(e)).map(e => e.outerHTML.slice(0, 80)),
          small: small.map(e => e.getBoundingClientRect().height + ' ' + e.outerHTML.slice(0, 80)),
          board: board.width * board.height,
          actions: document.querySelectorAll('#game [data-action]').length,
          scroll: document.scrollingElement.scrollHeight > vh + 1}; }"""


@pytest.fixture(scope="module")
def page(pages):
    app = pages.page(viewport=VIEWPORTS["1024x768"], **TOUCH)
    app.open()
    yield app
    pages.release(app)


def step(app: AppPage) -> int:
    return int(app.page.get_attribute("[data-testid=review-step]", "data-step"))


def wait_step(app: AppPage, n: int) -> None:
    app.page.wait_for_selector(f"[data-testid=review-step][data-step='{n}']", state="attached")


def test_a_finished_game_replays_from_its_end_screen_with_every_control_in_view(page):
    save, _result = finished_save("sik")
    total = len(json.loads(save)["history"])
    for name, size in VIEWPORTS.items():
        page.page.set_viewport_size(size)
        show_end_screen(page, "sik", save)
        page.page.tap("#gameover [data-command=review]")
        wait_step(page, total)
        seen = page.page.evaluate(IN_VIEW)
        assert seen["controls"] >= 8 and not seen["hidden"] and not seen["small"], (name, seen)
        assert seen["board"] > 0 and seen["actions"] == 0 and not seen["scroll"], (name, seen)
        assert page.page.is_visible("#game") and not page.page.is_visible("[data-testid=game-over]")
        if name in ("1024x768", "390x844"):
            assert axe_problems(page.page, f"replay {name}") == []
        page.page.tap("[data-testid=review-close]")
        page.page.wait_for_selector("[data-testid=game-over]", state="visible")
    assert page.errors == [] and page.off_origin() == []


def test_steps_slider_keys_log_lines_autoplay_and_whose_view(page):
    save, _result = finished_save("ps")
    total = len(json.loads(save)["history"])
    page.page.set_viewport_size(VIEWPORTS["1366x768"])
    show_end_screen(page, "ps", save)
    page.page.click("#gameover [data-command=review]")
    wait_step(page, total)
    assert page.page.is_disabled("[data-testid=review-next]") and page.page.is_disabled("[data-testid=review-last]")
    page.page.click("[data-testid=review-first]")
    wait_step(page, 0)
    assert page.page.is_disabled("[data-testid=review-back]")
    page.page.click("[data-testid=review-next]")
    wait_step(page, 1)
    page.page.click("#board")  # the keys, wherever the focus is but in a field
    page.page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.page.keyboard.press("End")
    wait_step(page, total)
    page.page.keyboard.press("ArrowLeft")
    wait_step(page, total - 1)
    page.page.keyboard.press("Home")
    wait_step(page, 0)
    page.page.evaluate("""n => { const s = document.querySelector('[data-testid=review-slider]');
      s.value = String(n); s.dispatchEvent(new Event('input', {bubbles: true})); }""", total // 2)
    wait_step(page, total // 2)
    assert page.page.input_value("[data-testid=review-slider]") == str(total // 2)
    page.page.click("[data-testid=review-back]")
    wait_step(page, total // 2 - 1)
    assert page.page.input_value("[data-testid=review-slider]") == str(total // 2 - 1)  # the patch moves it too
    lines = page.page.locator("#log .log-jump")
    target = int(lines.nth(2).get_attribute("data-command").split(":")[1])
    lines.nth(2).click()
    wait_step(page, target)
    status = page.status()
    assert f"{target} of {total}" in status and "Ann" in status
    # another seat's view, then the table's
    page.page.click("[data-testid=review-seat][data-seat='1']")
    page.page.wait_for_selector("[data-testid=review-seat][data-seat='1'][aria-pressed=true]", state="attached")
    assert "Computer 2" in page.status()
    page.page.click("[data-testid=review-seat][data-seat='']")
    page.page.wait_for_selector("[data-testid=review-seat][data-seat=''][aria-pressed=true]", state="attached")
    # the autoplay, at the fast speed: it moves on by itself, and pauses
    page.page.evaluate("localStorage.setItem('pygames.speed', 'fast')")
    at = step(page)
    page.page.click("[data-testid=review-play]")
    wait_step(page, at + 2)
    page.page.click("[data-testid=review-play]")  # now Pause
    paused = step(page)
    page.page.wait_for_timeout(1200)
    assert step(page) in (paused, paused + 1) and page.page.get_attribute("[data-testid=review-play]",
                                                                           "aria-pressed") == "false"
    page.page.click("[data-testid=review-close]")
    page.page.wait_for_selector("[data-testid=game-over]", state="visible")
    assert page.errors == []


def test_the_saved_games_list_replays_a_finished_game(page):
    save, _result = finished_save("pax")
    total = len(json.loads(save)["history"])
    page.page.set_viewport_size(VIEWPORTS["768x1024"])
    page.reset_storage()
    page.page.evaluate("""([id, text]) => { localStorage.setItem('pygames.save.' + id, text);
      localStorage.setItem('pygames.saves', JSON.stringify([id])); }""", ["pax-over", save])
    page.reload()
    page.page.wait_for_selector("#home:visible")
    page.page.tap("[data-save='pax-over'] [data-command='review-save:pax-over']")
    wait_step(page, total)
    assert page.page.is_visible("[data-testid=review-slider]")
    page.page.tap("[data-testid=review-close]")
    page.page.wait_for_selector("[data-testid=game-over]", state="visible")
    assert page.errors == []


def running_save() -> tuple[str, Session]:
    game = registry.load("sik")
    s = Session.start(game, [Seat("Ann", HUMAN), Seat("", EASY)], 9, {}, "sik-running")
    for _ in range(12):
        if s.next_bot() is not None:
            s.bot_step()
        else:
            s.act(s.legal_for_viewer()[0])
    while s.next_bot() is not None:
        s.bot_step()
    return s.to_save(updated=1.0), s


def test_a_running_games_replay_shows_only_the_seat_on_screens_view(page):
    save, s = running_save()
    page.page.set_viewport_size(VIEWPORTS["390x844"])
    page.reset_storage()
    page.page.evaluate("""([id, text]) => { localStorage.setItem('pygames.save.' + id, text);
      localStorage.setItem('pygames.saves', JSON.stringify([id])); localStorage.setItem('pygames.current', id);
      sessionStorage.setItem('pygames.current', id); }""", ["sik-running", save])
    page.reload()
    page.page.wait_for_selector("#game:visible")
    page.menu("[data-command=review]", tap=True)
    wait_step(page, 0)
    assert page.page.locator("[data-testid=review-seat]").count() == 0  # no other seat's view while it runs
    hidden_seen = 0
    for n in range(0, len(s.state["history"]) + 1, 3):
        page.page.evaluate("""n => { const s = document.querySelector('[data-testid=review-slider]');
          s.value = String(n); s.dispatchEvent(new Event('input', {bubbles: true})); }""", n)
        wait_step(page, n)
        truth = core.replay(s.game, 2, s.state["seed"], s.state["options"], s.state["history"][:n])
        mine = core.view(s.game, truth, 0)["state"]["board"]  # [cell, side, ident or None, revealed]
        everything = core.view(s.game, truth, 1)["state"]["board"]
        hidden_seen += sum(1 for a, b in zip(mine, everything, strict=True) if a[2] is None and b[2] is not None)
        powers = page.page.locator("#board .sik-agent .sik-power:not(.sik-unknown)").count()
        assert powers == sum(1 for cell in mine if cell[2] is not None), n  # no agent the seat could not see
    assert hidden_seen > 0  # the rival had agents whose power only it knew: the check could have failed
    page.page.tap("[data-testid=review-close]")
    page.page.wait_for_selector("[data-testid=review-step]", state="detached")
    assert page.enabled_actions()  # back at the table, its decision open
    assert page.errors == []


def test_the_analysis_runs_in_the_worker_is_kept_resumes_after_a_reload_and_shows_on_the_board(page):
    save, _result = finished_save("sik")
    page.page.set_viewport_size(VIEWPORTS["1024x768"])
    show_end_screen(page, "sik", save)
    offer = page.page.locator("[data-testid=analysis][data-state=none]")
    assert offer.is_visible() and page.page.is_visible("[data-testid=analyse]")
    page.page.tap("[data-testid=analyse]")
    page.page.wait_for_selector("[data-testid=analysis][data-state=running]", state="attached")
    page.page.wait_for_function("+document.querySelector('[data-testid=analysis]').dataset.done >= 2")
    stored = page.page.evaluate("localStorage.getItem('pygames.analysis.sik-over')")
    assert stored and json.loads(stored)["judged"]  # kept as it comes, decision by decision
    page.reload()  # mid-analysis: the finished game is opened again from the list, and it goes on where it was
    page.page.tap("[data-save='sik-over'] [data-command='resume:sik-over']")
    page.page.wait_for_selector("[data-testid=game-over]", state="visible")
    page.page.wait_for_selector("[data-testid=analysis][data-state=running], [data-testid=analysis][data-state=done]",
                                state="attached")
    page.page.wait_for_selector("[data-testid=analysis][data-state=done]", state="attached", timeout=120_000)
    total = int(page.page.get_attribute("[data-testid=analysis]", "data-total"))
    assert total == int(page.page.get_attribute("[data-testid=analysis]", "data-done")) > 5
    report = page.page.locator("[data-testid=analysis-report][data-player='0']")
    counts = [int(report.locator(f"td[data-mark={m}]").inner_text()) for m in
              ("best", "good", "inaccuracy", "mistake", "blunder")]
    assert sum(counts) == total and report.locator("td[data-accuracy]").inner_text().endswith("%")
    assert page.page.locator("[data-testid=analysis-report]").count() == 1  # the human only: not the computer
    assert axe_problems(page.page, "analysis") == []
    if page.page.locator("[data-testid=analysis-see]").count():  # a costly decision: seen on the board
        step = int(page.page.locator(".analysis-worst li").first.get_attribute("data-step"))
        page.page.locator("[data-testid=analysis-see]").first.tap()
        wait_step(page, step + 1)
        assert "better was" in page.page.inner_text("[data-testid=review-verdict]")
        page.page.tap("[data-testid=review-close]")
        page.page.wait_for_selector("[data-testid=game-over]", state="visible")
    # Stop, then nothing more is asked; the stored analysis opens as it was
    page.page.evaluate("localStorage.removeItem('pygames.analysis.sik-over')")
    show_end_screen(page, "sik", save)
    page.page.tap("[data-testid=analyse]")
    page.page.wait_for_function("+document.querySelector('[data-testid=analysis]').dataset.done >= 1")
    page.page.tap("[data-testid=analyse-stop]")
    page.page.wait_for_selector("[data-testid=analysis][data-state=stopped]", state="attached")
    done = int(page.page.get_attribute("[data-testid=analysis]", "data-done"))
    page.page.wait_for_timeout(1500)  # the decision under way when Stop was tapped is kept, and nothing after it
    after = int(page.page.get_attribute("[data-testid=analysis]", "data-done"))
    page.page.wait_for_timeout(1500)
    assert done <= after <= done + 1 and int(page.page.get_attribute("[data-testid=analysis]", "data-done")) == after
    assert page.errors == []


def test_a_finished_game_joins_the_history_and_its_statistics(page):
    page.page.set_viewport_size(VIEWPORTS["768x1024"])
    save, result = finished_save("sik")
    show_end_screen(page, "sik", save)  # its end screen shown: the game is recorded
    page.page.tap("#gameover [data-command=quit]")
    page.page.wait_for_selector("#home:visible")
    page.page.tap("[data-testid=history-open]")
    page.page.wait_for_selector("#history:visible")
    cards = page.page.locator("[data-testid=history-card]")
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == ["all", "sik"]
    figures = cards.first.locator("dd")
    assert figures.nth(0).inner_text() == "1"  # games played
    won = 1 if 0 in result["winners"] else 0
    assert figures.nth(1).inner_text().startswith(f"{won} of 1")
    assert page.page.locator("[data-testid=history-recent] li").count() == 1
    assert axe_problems(page.page, "history") == []
    with page.page.expect_download() as download:
        page.page.tap("[data-testid=history-export]")
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["history"] == 1 and [r["id"] for r in exported["records"]] == ["sik-over"]
    # a hostile history file is refused with its reason, and the history stays as it was
    page.page.set_input_files("#import-file", files=[{"name": "h.json", "mimeType": "application/json",
                                                      "buffer": b'{"history": 1, "records": [{"id": 5}]}'}])
    page.page.wait_for_selector("#error:visible")
    assert "history" in page.page.inner_text("#error").lower()
    stored = json.loads(page.page.evaluate("localStorage.getItem('pygames.history')"))
    assert [r["id"] for r in stored["records"]] == ["sik-over"]
    # the same file imported again adds nothing; the replay opens from the list
    page.page.set_input_files("#import-file", files=[{"name": "h.json", "mimeType": "application/json",
                                                      "buffer": json.dumps(exported).encode()}])
    page.page.wait_for_selector("#notice:visible")
    page.page.tap("[data-testid=history-recent] [data-command='review-save:sik-over']")
    page.page.wait_for_selector("[data-testid=review-slider]", state="visible")
    assert page.errors == []


def test_a_mistake_of_a_saved_game_is_a_puzzle_solved_with_the_best_move(page):
    from test_puzzles import game_with_a_blunder

    from pygames.core import analysis

    s, planted = game_with_a_blunder()
    page.page.set_viewport_size(VIEWPORTS["1024x768"])
    page.reset_storage()
    page.page.evaluate("""([id, text, judged]) => { localStorage.setItem('pygames.save.' + id, text);
      localStorage.setItem('pygames.saves', JSON.stringify([id])); localStorage.setItem('pygames.analysis.' + id,
      judged); }""", [s.save_id, s.to_save(updated=1.0), analysis.stored({planted.step: planted}, "full", 1)])
    page.reload()
    page.page.tap("[data-testid=history-open]")
    page.page.wait_for_selector("#history:visible")
    page.page.tap("[data-testid=puzzles-open]")
    page.page.wait_for_selector("[data-testid=puzzle][data-state=asking]", state="visible")
    assert "1 of 1" in page.status() and "0 solved" in page.status()
    assert page.page.locator("[data-testid=hint]").count() == 0  # no "what would the computer play?" here
    actions = page.enabled_actions()
    assert planted.best in actions and planted.played in actions
    page.click_action(planted.best)  # a touch screen: the first tap selects, Confirm answers
    page.page.wait_for_selector("button[data-confirm]", state="visible")
    page.page.locator("button[data-confirm]").first.tap()
    page.page.wait_for_selector("[data-testid=puzzle][data-state=solved]", state="attached", timeout=60_000)
    assert page.enabled_actions() == []  # answered: nothing more to play on it
    page.page.tap("[data-testid=puzzle-next]")  # the one puzzle again
    page.page.wait_for_selector("[data-testid=puzzle][data-state=asking]", state="visible")
    assert "1 solved" in page.status()
    page.click_action(planted.played)  # the move played in the game: not accepted
    page.page.locator("button[data-confirm]").first.tap()
    page.page.wait_for_selector("[data-testid=puzzle][data-state=missed]", state="attached", timeout=60_000)
    page.page.tap("[data-testid=puzzle-show]")
    page.page.wait_for_selector("[data-testid=puzzle][data-state=shown]", state="attached")
    assert axe_problems(page.page, "puzzle") == []
    page.page.tap("[data-testid=puzzle-close]")
    page.page.wait_for_selector("#history:visible")
    assert page.errors == []
