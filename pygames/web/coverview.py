"""The pass-the-device cover as a pure view (its model: the seat the device goes to): one tree, patched into
`#cover` in one call (screens.cover). It names only whose turn it is: the table under it was emptied first."""

from __future__ import annotations

from .vdom import el, fragment

LANGS = (("fr", "Français"), ("en", "English"))  # each language in its own words (shell.js marks the same)


def view(seat: int, cat):
    """Whose the device is now, what the cover is for, Reveal; Home and the language from here show nothing of
    anyone's hand (the game stays saved)."""
    name = cat.seat_name(seat)
    langs = el("span", {"class": "langs", "role": "group", "aria-label": "Language / Langue"}, None, [
        el("button", {"type": "button", "data-command": f"lang:{code}", "lang": code,
                      "aria-pressed": "true" if cat.lang == code else "false"}, words) for code, words in LANGS])
    root = fragment()
    root.append(el("div", {"class": "cover-box"}, None, [
        el("h2", {"id": "cover-title"}, cat.t("cover.title", player=name)),
        el("p", None, cat.t("cover.hint")),
        el("button", {"type": "button", "data-testid": "reveal", "data-command": "reveal", "class": "primary",
                      "id": "reveal-button"}, cat.t("cover.reveal", player=name)),
        el("p", {"class": "row cover-shell"}, None, [
            el("button", {"type": "button", "data-command": "quit", "data-testid": "cover-home", "class": "quiet"},
               cat.t("cover.home")), langs])]))
    return root
