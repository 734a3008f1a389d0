"""The page's shell around the table, written through the DOM bridge (`dom.py`): which screen shows, the
pass-the-device cover, the in-app question, errors and notices, the menu's own controls. The controller decides;
these only write what it decided. Text is always set as text."""

from __future__ import annotations

from . import dom, vdom
from .dom import by_id

SCREENS = ("home", "newgame", "game", "gameover", "history")


def show(name: str) -> None:
    """Only screen `name`; the cover, the rules and any question closed."""
    for screen in SCREENS:
        if screen == "game":
            dom.show_table(name == "game")
        else:
            by_id(screen).hidden = screen != name
    for node_id in ("cover", "rules", "confirm"):
        by_id(node_id).hidden = True


def app_shown() -> None:
    """The app replaces the boot's loading screen."""
    by_id("loading").hidden = True
    dom.query(".topbar").hidden = False
    by_id("app").hidden = False


def cover(tree) -> None:
    """The pass-the-device cover (coverview.view) up, its Reveal button focused."""
    vdom.patch(by_id("cover"), tree)
    by_id("cover").hidden = False
    by_id("reveal-button").focus()


def hide(node_id: str) -> None:
    by_id(node_id).hidden = True


def ask(question: str, yes_command: str, yes_key: str, yes: str, no_key: str, no: str) -> None:
    """An in-app question (not the browser's confirm()): Yes runs `yes_command`, No closes it."""
    by_id("confirm-text").textContent = question
    yes_button, no_button = by_id("confirm-yes"), by_id("confirm-no")
    label = yes_button.querySelector("[data-i18n]")  # beside the warning sign, which stays
    yes_button.dataset.command, label.dataset.i18n, label.textContent = yes_command, yes_key, yes
    no_button.dataset.i18n, no_button.textContent = no_key, no
    by_id("confirm").hidden = False
    no_button.focus()  # a stray Enter keeps things as they are: the risky answer is never the default


def error(message: str) -> None:
    by_id("error-text").textContent = message
    by_id("error").hidden = False


def clear_error() -> None:
    by_id("error").hidden = True


def notice(message: str) -> None:
    by_id("notice-text").textContent = message
    by_id("notice").hidden = False


def home_note(text: str | None) -> None:
    """The note under the home screen's title ("your game is saved"), or none."""
    note = by_id("home-note")
    if text is not None:
        note.textContent = text
    note.hidden = text is None


def undo_label(key: str, text: str, short: str) -> None:
    """The menu's Undo, or "Take back" when the game allows take-backs (the menu is the page's own), in its words
    and its short words (a phone's menu row: "Annuler" for "Annuler le coup")."""
    wide = dom.query('[data-command="undo"] .wide-words')
    narrow = dom.query('[data-command="undo"] .narrow-words')
    wide.dataset.i18n, wide.textContent = key, text
    narrow.dataset.i18n, narrow.textContent = key + "_short", short


def menu_state(can_undo: bool, preview_on: bool) -> None:
    dom.query('[data-command="undo"]').disabled = not can_undo
    preview_pressed(preview_on)


def preview_pressed(on: bool) -> None:
    by_id("preview-toggle").setAttribute("aria-pressed", "true" if on else "false")


def skip_replay() -> None:
    """A step-by-step replay (Spyworld's routes) shown at once."""
    for node in dom.query_all(".replay"):
        node.classList.remove("replay")
    for node in dom.query_all(".replay-skip"):
        node.hidden = True
