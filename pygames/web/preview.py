"""Preview, then confirm (touch): the first tap on a target on the board selects it and says what it does (its
label: what is taken, which markers move, the cost); a second tap on it, or Confirm, commits. The action bar's
buttons already say what they do in words and commit at once. A menu setting turns previews off; the default is
on where there is no hover (a touch screen), off with a mouse."""

from __future__ import annotations

from . import dom, reach
from .dom import by_id, el, missing

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


def label_of(target) -> str:
    return str(target.getAttribute("title") or target.getAttribute("aria-label") or target.textContent or "").strip()


def show(target, cat) -> None:
    """Select `target` and put its consequence with Confirm / Cancel at the top of the action bar."""
    clear_selection()
    target.setAttribute("data-previewing", "1")
    action = str(target.dataset.action)
    bar = el("div", {"id": "preview", "class": "preview", "data-testid": "preview", "role": "group",
                     "aria-label": cat.t("preview.title")}, None, [
        el("p", {"class": "preview-text"}, label_of(target) or action),
        el("button", {"type": "button", "data-action": action, "class": "act primary", "data-confirm": "1"},
           cat.t("preview.confirm")),
        el("button", {"type": "button", "data-command": "cancel-preview", "class": "quiet"}, cat.t("preview.cancel")),
    ])
    actions = by_id("actions")
    actions.insertBefore(bar, actions.firstChild)
    settle()


def settle() -> None:
    """The action bar grew or shrank with the preview, so the board's container did too: ask again whether the
    hand docks there, and bring the decision back into view above it (a row of targets half under the docked hand
    otherwise)."""
    dom.dock()
    reach.bring_decision_into_view()


def clear_selection() -> None:
    bar = by_id("preview")
    if bar is not None:
        bar.remove()
    for node in dom.query_all("#board [data-previewing]"):
        node.removeAttribute("data-previewing")
