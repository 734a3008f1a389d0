"""Preview, then confirm (touch): the first tap on a target on the board selects it and says what it does (its
label: what is taken, which markers move, the cost); a second tap on it, or Confirm, commits. The action bar's
buttons already say what they do in words and commit at once. A menu setting turns previews off; the default is
on where there is no hover (a touch screen), off with a mouse.

The choice being previewed is the screen's state (`table.Model.previewing`), drawn by the pure table like the rest
(`table.preview_bar`): a redraw for another reason (a computer submitting meanwhile in Spyworld) keeps it, and it
goes when the choice is no longer legal, is played or cancelled, or another seat's screen comes.
"""

from __future__ import annotations

from . import dom
from .dom import missing

KEY = "pygames.preview"


def enabled(stored: str | None) -> bool:
    if stored in ("on", "off"):
        return stored == "on"
    return dom.media("(hover: none)")


def wants_preview(target) -> bool:
    """A board target not yet selected (a chooser's list is already a second step; a toggle is reversible)."""
    board = target.closest("#board")
    return (not missing(board) and missing(target.closest("[popover]"))
            and not target.hasAttribute("data-previewing") and not target.hasAttribute("aria-pressed")
            and not says_it_all(target))


def says_it_all(target) -> bool:
    """A button whose visible words are its whole label ("Normal turn (draw, buy, play)") needs no preview."""
    shown = " ".join(str(target.textContent or "").split()).lower()
    label = " ".join(str(target.getAttribute("title") or "").split()).lower()
    return bool(shown) and (not label or label in shown)
