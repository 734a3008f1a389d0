"""The shell's controls (`data-command="name"` or `"name:arg"`, README's DOM contract): what each does, as one
table, `COMMANDS[name](app, arg)`. Each returns what the controller draws next (messages.NOTHING, TABLE, STILL,
NEXT, SAVE; None: nothing) and changes the app only through its named methods (`App.begin`, `open_session`,
`autosave`, `show_home`, `ask` ...). `App.update` runs them for `messages.Command`, with several devices' own
(netplay.COMMANDS). Pure of the page but through `dom`, so it is importable in CPython."""

from __future__ import annotations

from pygames.app import messages, storage
from pygames.app.messages import COVER, NEXT, STILL, TABLE

from . import dom, endscreen, historypage, preview, screens
from .match_view import offer


def set_lang(app, lang: str) -> str | None:
    app.cat.lang = lang
    dom.shell().setLang(lang)  # translates and remembers: the one language switch, before and after boot
    if app.guest() is not None:
        app.net.rerender()
    elif app.screen == "home":
        app.show_home()
    elif app.screen == "newgame":
        app.show_new_game(app.new_game_id, keep_values=True)
    elif app.session is not None:
        return STILL
    return None


def go_home(app, name: str) -> None:
    s = app.session
    if s is not None and s.over:
        app.tab.left(s.save_id)  # leaving an end screen: a reload shows the home page
    saved = name == "quit" and s is not None and not s.over
    app.show_home()
    if saved:  # Quit keeps the game: say so, and where to find it
        screens.home_note(app.cat.t("home.saved_note"))


def hint(app, _arg: str) -> None:
    s = app.session
    if s is not None:
        app.thinker.ask_hint(s, lambda: app.session is s and app.covered_for is None)


def tutorial_min(app, _arg: str) -> str | None:
    if app.session is None:
        return None
    app.tutorial.toggle_min(app.session)
    return STILL


def tutorial_skip(app, _arg: str) -> str | None:
    if app.session is None:
        return None
    app.session.tutorial = None  # from now on a normal game, saved as one
    return app.autosave() or STILL


def replay_turn(app, _arg: str) -> str | None:
    """Stage the others' moves since the viewer's last action, one frame per step at the menu's speed."""
    s = app.session
    if s is None or app.covered_for is not None or s.viewer is None or s.over or app.screen != "game":
        return None
    return TABLE if app.replay.start(s.game, s.state, s.viewer, app.replay_tick) else None


def replay_end(app, _arg: str) -> str | None:
    return TABLE if app.replay.end() else None


def open_seat(app, arg: str) -> str | None:
    """A tap on a seat's summary opens its full area over the board; a second tap (or Close, `seat:`) closes it."""
    seat = int(arg) if arg.isdigit() else None
    return screen_state(app, "seat_open", None if seat == app.seat_open else seat)


def screen_state(app, name: str, value) -> str | None:
    """Set one of the table's own states (the seat area open, the choice previewed) and draw the table again: a
    guest's from the host's last screen, else the session's."""
    setattr(app, name, value)
    if app.guest() is not None:
        app.net.rerender()
        return None
    return TABLE if app.session is not None or app.trainer.active else None  # a puzzle's table too


def show_preview(app, action: str) -> str | None:
    """A first tap on a board target: it is selected and its words, Confirm and Cancel shown (table.preview_bar)."""
    return screen_state(app, "previewing", action or None)


def news_more(app, _arg: str) -> str | None:
    """The banner's other lines shown, or folded again (they stay as the player left them for this same news)."""
    s = app.session
    if s is None:
        return None
    first = s.first_unseen(s.viewer)
    return screen_state(app, "news_open_at", None if app.news_open_at == first else first)


def cancel_preview(app, _arg: str) -> str | None:
    return screen_state(app, "previewing", None)


def toggle_preview(app, _arg: str) -> str | None:
    app.preview_on = not app.preview_on
    dom.store(preview.KEY, "on" if app.preview_on else "off")
    app.previewing = None
    screens.preview_pressed(app.preview_on)
    return TABLE


def again(app, _arg: str) -> str | None:
    """Play again: the same seats, a new seed; at a table of several devices, a rematch on every device."""
    s = app.session
    if s is not None and app.net is not None and app.net.mode == "host":
        return app.net.rematch(dom.random_seed())
    return app.begin(s.game, s.seats, dom.random_seed(), s.state["options"], takeback=s.takeback) if s else None


def follow_up(app, _arg: str) -> str | None:
    s = app.session
    follow = offer(s, s.result()) if s is not None and s.over else None
    if follow is None:
        return None  # else the same seats: the next game of the match or a tie-break game
    return app.begin(s.game, s.seats, follow.seed, follow.options, follow.match, takeback=s.takeback)


def restart(app, _arg: str) -> None:
    if app.session is not None:
        app.ask("app.confirm_restart", "restart-yes", "common.yes_restart", "common.no_keep")


def export(app, _arg: str) -> None:
    """Export asks first when the file would show one player another's secrets (hot-seat with hidden information)."""
    if app.session is not None and app.session.secrets_between_humans():
        app.ask("app.confirm_export", "export-yes", "common.yes_export", "common.no_cancel")
    else:
        app.export()


def export_raw(app, save_id: str) -> None:
    """A stored save as it is, byte for byte (also one that cannot be read)."""
    dom.download(app.tab.local.get(storage.SAVE_PREFIX + save_id) or "", f"pygames-{save_id}.json")


def show_rules(app, game_id: str | None = None, section: str = "") -> None:
    """The rules page (static/shell.js fetches it on first use), scrolled to `section` when given."""
    game_id = game_id or (app.session.game.ID if app.session else app.new_game_id)
    dom.shell().showRules(game_id or "", app.cat.lang, section)


def review_open(app, _arg: str) -> str | None:
    """Replay the game from its end screen (every seat's view), or a running game as the seat on screen saw it."""
    s = app.session
    if app.guest() is not None:
        app.show_notice(app.cat.t("app.notice.review_guest"))  # the game's history is the host's
        return None
    if s is None or app.covered_for is not None:
        return None
    app.replay.end()
    app.seat_open = app.previewing = None
    return TABLE if app.reviewing.open(s) is not None else None


def review_saved(app, save_id: str) -> str | None:
    """The saved-games list's Replay: the finished game opened, then its replay."""
    shown = app.resume(save_id)
    return (review_open(app, "") or shown) if shown is not None else None


def review_go(app, where: str) -> str | None:
    """A step of the replay: first, back, next, last or a decision's number (the slider, a log line, the keys)."""
    review = app.reviewing.review
    if review is None:
        return None
    review.playing = False
    app.reviewing.stop()
    review.move(where.strip() or "0")
    return TABLE


def review_play(app, arg: str) -> str | None:
    """The replay's autoplay on or off, a step per frame's time at the menu's speed."""
    review = app.reviewing.review
    if review is None:
        return None
    review.play(arg == "on")
    app.reviewing.wait(lambda: app.send(messages.Command("review-tick")))
    return TABLE


def review_tick(app, _arg: str) -> str | None:
    review = app.reviewing.review
    if review is None or not review.tick():
        return TABLE if review is not None else None
    app.reviewing.wait(lambda: app.send(messages.Command("review-tick")))
    return TABLE


def review_seat(app, arg: str) -> str | None:
    """See the replay as one seat saw it (a finished game only), or as the table showed it to all (`""`)."""
    review = app.reviewing.review
    if review is None:
        return None
    review.choose(int(arg) if arg.isdigit() else None)
    app.screen_.opened()  # another seat's board: nothing of the last one's is compared with it (no slide)
    return TABLE


def review_at(app, step: str) -> str | None:
    """The analysis's "See it": the replay of the finished game at the board after that decision."""
    shown = review_open(app, "")
    review = app.reviewing.review
    if review is None:
        return shown
    review.move(step)
    return TABLE


def analyse(app, _arg: str) -> str | None:
    """Analyse this device's finished game (or go on with it) in the search worker, decision by decision."""
    s = app.session
    if s is None or not s.over or app.net is not None:
        return None
    app.analyst.start(s)
    return STILL


def analyse_stop(app, _arg: str) -> str | None:
    app.analyst.stop()
    return STILL if app.session is not None and app.session.over else None


def analysis_changed(app, _arg: str) -> str | None:
    """A decision was judged: the end screen (or the replay on screen) shows it."""
    if app.session is None or not app.session.over:
        return None
    if app.reviewing.review is not None:
        return TABLE
    if app.analyst.complete() and app.net is None:  # its accuracy and blunders join the game's record
        historypage.remember_analysis(app.tab.local, app.session.save_id, app.analyst.reports(app.session))
    if app.screen == "gameover" and app.net is None:
        endscreen.refresh_analysis(app.session.save_id, app.analyst.model(app.session, app.cat))
    return None


def puzzles_open(app, _arg: str) -> str | None:
    """Learn from your mistakes: the first unsolved puzzle of the saved games, on its game's table."""
    if not app.trainer.open():
        app.show_notice(app.cat.t("puzzle.none"))
        return None
    return TABLE


def review_close(app, _arg: str) -> str | None:
    """Back where the replay was opened: the end screen of a finished game, else the table."""
    if not app.reviewing.close():
        return None
    app.screen_.opened()
    s = app.session
    return STILL if s is not None and s.over else COVER if app.covered_for is not None else NEXT


def _hide(node_id: str):
    return lambda _app, _arg: screens.hide(node_id)


# data-command name -> what it does, given the app and the text after "name:" ("" when none); returns what to draw
COMMANDS = {
    "lang": set_lang,
    "home": lambda app, _arg: go_home(app, "home"),
    "quit": lambda app, _arg: go_home(app, "quit"),
    "new": lambda app, arg: app.show_new_game(arg),
    "start": lambda app, _arg: app.start_from_form(),
    "resume": lambda app, arg: app.resume(arg),
    "reveal": lambda app, _arg: app.reveal(),
    "hint": hint,
    "undo": lambda app, _arg: app.undo(),
    "restart": restart,
    "restart-yes": lambda app, _arg: app.restart(),
    "close-confirm": _hide("confirm"),
    "skip-replay": lambda _app, _arg: screens.skip_replay(),
    "replay-turn": replay_turn,
    "replay-end": replay_end,
    "review": review_open,
    "review-save": review_saved,
    "review-go": review_go,
    "review-play": review_play,
    "review-tick": review_tick,
    "review-seat": review_seat,
    "review-close": review_close,
    "review-at": review_at,
    "history": lambda app, _arg: app.show_history(),
    "puzzles": puzzles_open,
    "puzzle-next": lambda app, _arg: (app.trainer.next(), TABLE)[1] if app.trainer.active else None,
    "puzzle-show": lambda app, _arg: (app.trainer.show(), TABLE)[1] if app.trainer.active else None,
    "puzzle-close": lambda app, _arg: app.show_history() if app.trainer.active else None,
    "puzzle-changed": lambda app, _arg: TABLE if app.trainer.active else None,
    "history-export": lambda app, _arg: historypage.export(app.tab.local),
    "analyse": analyse,
    "analyse-stop": analyse_stop,
    "analysis-changed": analysis_changed,
    "seat": open_seat,
    "preview": show_preview,
    "news-more": news_more,
    "cancel-preview": cancel_preview,
    "toggle-preview": toggle_preview,
    "speed": lambda app, arg: app.clock.speed(arg),
    "again": again,
    "follow-up": follow_up,
    "export": export,
    "export-yes": lambda app, _arg: app.export(),
    "rules": lambda app, arg: show_rules(app, arg or None),
    "dismiss-error": _hide("error"),
    "dismiss-notice": _hide("notice"),
    "export-raw": export_raw,
    "tutorial": lambda app, arg: app.start_tutorial(arg),
    "tutorial-min": tutorial_min,
    "tutorial-skip": tutorial_skip,
    "tutorial-rules": lambda app, arg: show_rules(app, section=arg),
}
