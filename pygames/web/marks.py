"""The marks the game screen's tree carries once drawn (table.table sets them on its nodes, pure): the touch
preview's selected target and its Confirm, the hint's outline, a guided step's one target (every other control
disabled, a popover's opener marked) and a guest's controls waiting for the host."""

from __future__ import annotations

from . import vdom
from .vdom import el


def controls(root: vdom.Node, path: tuple = ()):
    """(node, its ancestors) for every `[data-action]` control of the tree, in document order."""
    for kid in root.kids:
        if isinstance(kid, vdom.Node):
            if "data-action" in kid.attrs:
                yield kid, path
            yield from controls(kid, (*path, kid))


def mark_preview(root: vdom.Node, action: str, cat) -> None:
    """Touch preview: the tapped target on the board is selected (`data-previewing`) and its words, Confirm and Cancel
    head the action bar (`[data-testid=preview]`); nothing when that target is not on the board now."""
    for node, path in controls(root):
        if node.attrs["data-action"] == action and any(a.attrs.get("id") == "board" for a in path):
            node.attrs["data-previewing"] = "1"
            words = str(node.attrs.get("title") or node.attrs.get("aria-label") or node.textContent or action)
            bar = next(a for a in root.kids if isinstance(a, vdom.Node) and a.attrs.get("id") == "actions")
            bar.kids.insert(0, el("div", {"id": "preview", "class": "preview", "data-testid": "preview",
                                          "role": "group", "aria-label": cat.t("preview.title")}, None, [
                el("p", {"class": "preview-text"}, " ".join(words.split())),
                el("button", {"type": "button", "data-action": action, "class": "act primary", "data-confirm": "1"},
                   cat.t("preview.confirm")),
                el("button", {"type": "button", "data-command": "cancel-preview", "class": "quiet"},
                   cat.t("preview.cancel"))]))
            return


def mark_hint(root: vdom.Node, action: str) -> None:
    """The hinted action's first control (on the board, else in the action bar) is outlined."""
    for node, _path in controls(root):
        if node.attrs["data-action"] == action:
            node.attrs["data-hint"] = "true"
            return


def mark_target(root: vdom.Node, action: str) -> None:
    """A scripted step: its target is marked and enabled, every other game control disabled; a target listed in
    a popover also marks the control that opens it (`data-tutorial-opener`)."""
    popovers = []
    for node, path in controls(root):
        if node.attrs["data-action"] == action:
            node.attrs["data-tutorial-target"] = ""
            node.attrs.pop("disabled", None)
            if not popovers:  # the first target's innermost popover
                popovers = [None, *[a.attrs.get("id") for a in path if "popover" in a.attrs]]
        else:
            node.attrs["disabled"] = ""
    if len(popovers) > 1:
        for opener in openers(root, popovers[-1]):
            opener.attrs["data-tutorial-opener"] = ""


def mark_waiting(root: vdom.Node, sending: str | None) -> None:
    """A guest whose move is in flight or whose link is down: every game control is `aria-disabled` and points
    to the link line for the reason; the move in flight is marked busy."""
    for node, _path in controls(root):
        node.attrs["aria-disabled"] = "true"
        node.attrs["aria-describedby"] = "link"
        if node.attrs["data-action"] == sending:
            node.attrs["aria-busy"] = "true"


def openers(root: vdom.Node, popover_id: str | None) -> list:
    if popover_id is None:
        return []
    found = []

    def walk(node: vdom.Node) -> None:
        for kid in node.kids:
            if isinstance(kid, vdom.Node):
                if kid.attrs.get("popovertarget") == popover_id:
                    found.append(kid)
                walk(kid)
    walk(root)
    return found[:1]
