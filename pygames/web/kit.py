"""The shared component kit of the four boards and the shell: small pure helpers first (testable in CPython),
DOM builders after them. Text always goes in with textContent."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from ..app import memo
from . import vdom
from .render import by_id
from .vdom import el, svg


def describe(exc: BaseException) -> str:
    """An exception's words, or its kind when it has none (StopIteration, KeyError() ...): never empty."""
    text = str(exc).strip()
    return text if text else type(exc).__name__


def error_text(message: str, cat) -> str:
    """What the error box says: never empty, never a sentence cut after its colon ("Something went wrong:")."""
    text = (message or "").strip()
    if not text:
        return cat.t("app.error_unknown")
    if text.endswith(":"):
        return text + " " + cat.t("app.error_unknown")
    return text


def outcome_lines(game, result: dict) -> list[tuple[str, dict]]:
    """The game's own words for its result (`<package>.outcome.outcome(result)`), or none."""
    try:
        module = importlib.import_module(f"{game.__name__}.outcome")
    except ImportError:
        return []
    return list(module.outcome(result))


# ---------------------------------------------------------------------- DOM components shared by the four boards


def target_button(action: str, label: str | None, cls: str = "", text: str | None = None, children=(),
                  aria: str | None = None):
    """A highlighted legal target on the board (the DOM contract: `<button data-action>` with an accessible name).
    Its label says what it does: it is the tooltip with a mouse and the preview's words on touch (preview.py)."""
    node = el("button", {"type": "button", "data-action": action, "class": ("target " + cls).strip(),
                         "title": label}, text, children)
    name = aria or label
    shown = shown_words(node)
    if name and name.lower() not in shown.lower():  # else its words name it (a card with "Keep Dolphin" on it)
        node.setAttribute("aria-label", spoken_name(shown, name))
    return node


def shown_words(node) -> str:
    """The words a part shows, each element's apart ("2 Intrigue", never "2Intrigue"), what is hidden from screen
    readers left out: the start of a control's spoken name (label in name)."""
    parts = []

    def walk(n) -> None:
        if isinstance(n, str):
            parts.append(n)
        elif isinstance(n, vdom.Node) and n.attrs.get("aria-hidden") != "true":
            for kid in n.kids:
                walk(kid)
            parts.append(" ")
    walk(node)
    return " ".join("".join(parts).split())


SOFT_HYPHEN = "\u00ad"
_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæ")
_KEPT_PAIRS = {"ch", "ph", "th", "gn", "qu", "gu", "sh", "ck"}  # never split (French and English digraphs)


def _syllable_breaks(word: str) -> list[int]:
    """Where a long word may break, by the usual syllable rule of French and English print: between a vowel and the
    single consonant before the next vowel (pa-ra-ly-sant), between two consonants (ar-mée, Dis-cré-tion) unless
    they sound as one or the second is an l or r after a stop (é-ner-gie, ta-ble); two letters at least each side."""
    low = word.lower()
    out = []
    for i in range(2, len(word) - 1):
        a, b = low[i - 1], low[i]
        if not (a.isalpha() and b.isalpha()):
            return []  # digits, hyphens, apostrophes: the word is left whole
        after = low[i + 1]
        if a in _VOWELS and b not in _VOWELS and after in _VOWELS:
            out.append(i)
        elif a not in _VOWELS and b not in _VOWELS and low[i - 2] in _VOWELS and after in _VOWELS \
                and a + b not in _KEPT_PAIRS and not (b in "lr" and a in "bcdfgkpstv"):
            out.append(i)
    return out


def breakable(text: str, longer_than: int = 5) -> str:
    """`text` with soft hyphens in its long words, so a narrow box breaks "Pistolet paralysant" as "Pisto-/let
    para-/lysant" (a hyphen where it breaks) and never letter by letter; what it shows is unchanged elsewhere. A
    control's spoken name keeps them (label in name: axe compares it with the words shown; speech ignores them)."""
    words = text.split(" ")
    for n, word in enumerate(words):
        if len(word) > longer_than:
            cuts = _syllable_breaks(word)
            words[n] = "".join(SOFT_HYPHEN + ch if i in cuts else ch for i, ch in enumerate(word))
    return " ".join(words)


def spoken_name(shown: str, label: str) -> str:
    """The accessible name starts with the words on the button, so a voice command naming what is seen works
    (WCAG 2.5.3 "label in name"); the label then says what the choice does."""
    shown = " ".join(shown.split())
    if not shown or shown.lower() in label.lower():
        return label
    return f"{shown}: {label}"


def counter(label: str, value, cls: str = "") -> object:
    """A named number on the table (deck size, money, points): the label is always written, never only a colour."""
    return el("span", {"class": ("counter " + cls).strip()}, None, [
        el("span", {"class": "counter-label"}, label), el("strong", {"class": "counter-value"}, str(value))])


def clone(template_id: str):
    """A fresh copy of a Jinja2-prebuilt fragment (`<template id>`): the boards' cards, tokens and symbols, as a
    vdom tree the renderer fills in Python."""
    return vdom.clone(template_id)


def defs(template_id: str):
    """The game's SVG symbol definitions: a static part (kept in the board, cloned natively when missing)."""
    return vdom.static(f"defs:{template_id}", lambda: by_id(template_id).content.firstElementChild)


def card(template_id: str, classes=(), data: dict | None = None, texts: dict | None = None,
         label: str | None = None, title: str | None = None):
    """A card: a clone of its prebuilt fragment with its classes, `data-*` attributes and words (`texts`: CSS
    selector inside the card -> text, set with textContent), an accessible name (`label`) and a tooltip."""
    node = clone(template_id)
    for name in classes:
        if name:
            node.classList.add(name)
    for name, value in (data or {}).items():
        node.setAttribute(f"data-{name}", str(value))
    for selector, text in (texts or {}).items():
        node.querySelector(selector).textContent = text
    if label is not None:
        node.setAttribute("aria-label", label)
    if title is not None:
        node.setAttribute("title", title)
    return node


def hand(cards, cls: str, attrs: dict | None = None, tag: str = "div"):
    """A row of cards (faces, backs or card buttons) in one container, in the order given."""
    return el(tag, {"class": cls, **(attrs or {})}, None, list(cards))


def pile(heading, cards, cls: str, attrs: dict | None = None, label: str | None = None):
    """A labelled group of cards (a category's column, a seat's tableau): its heading parts, then its cards in the
    order given; `label` is its accessible name (what the heading shows, in words)."""
    return el("div", {"class": cls, "aria-label": label, **(attrs or {})}, None, [*heading, *cards])


def fold(summary, children, attrs: dict | None = None, open_: bool = False):
    """A panel the player opens and closes (`details`): whether it is open is the player's, so a redraw never opens
    or closes it (`data-owned`, static/table.js); `open_` is how a new panel starts. `summary`: its words, or the
    nodes of its always-shown line (a heading, a one-line summary of what it holds)."""
    line = el("summary", None, summary) if isinstance(summary, str) else el("summary", None, None, list(summary))
    return el("details", {**(attrs or {}), "open": open_, "data-owned": "open"}, None, [line, *children])


@dataclass
class Space:
    """One space of a track: its words (a number, a cost), its classes, the markers standing on it (DOM nodes)
    and any other attribute (a tooltip, an accessible name)."""

    text: str | None = None
    cls: str = ""
    markers: tuple = ()
    attrs: dict = field(default_factory=dict)


def track(spaces, cls: str, attrs: dict | None = None, tag: str = "ol", space_tag: str = "li"):
    """A row of spaces with markers on some (a score track, a row of boxes to tick), in the order given."""
    row = el(tag, {"class": cls, **(attrs or {})})
    for space in spaces:
        row.appendChild(el(space_tag, {"class": space.cls or None, **space.attrs}, space.text, space.markers))
    return row


def anim_key(node, key: str, came_from: str | None = None):
    """Give a part that moves between redraws its identity, so the other seats' moves slide (static/table.js).
    The key must be public: a face-up card's name, a marker, a piece's place; a hidden card's key is its slot,
    never its name. `came_from` is the key of where it was before (a vanished part, or a place such as a hand)."""
    node.setAttribute("data-anim-key", key)
    if came_from is not None:
        node.setAttribute("data-anim-from", came_from)
    return node


def bar(percent: int, text: str, label: str, cls: str, fill_cls: str):
    """A filled bar with its number written on it (a training track, the money gained): never only a colour."""
    return el("div", {"class": cls, "role": "img", "aria-label": label}, None, [
        el("div", {"class": fill_cls, "style": f"width:{max(0, min(100, percent))}%"}), el("span", None, text)])


@dataclass(frozen=True)
class Summary:
    """A seat's summary (a board's `summary` hook): its colour badge (a colour with its symbol or number, never the
    colour alone) and its figures (`figure`), in the order a player reads them."""

    badge: object = None
    figures: tuple = ()


def figure(icon, value, label: str, cls: str = ""):
    """One figure of a seat's summary: an icon (a node, or a short sign) and its value, its words said to screen
    readers and shown as its tooltip; the value is always written, never only a colour."""
    sign = icon if not isinstance(icon, str) else el("span", {"class": "figure-sign", "aria-hidden": "true"}, icon)
    if not isinstance(icon, str):
        icon.setAttribute("aria-hidden", "true")
    return el("span", {"class": ("figure " + cls).strip(), "title": label}, None, [
        sign, el("b", {"aria-hidden": "true"}, str(value)), el("span", {"class": "visually-hidden"}, label)])


def lasting(made):
    """What a kept part function drew, marked lasting for the patch (vdom.lasting): a node, a tuple of nodes, or a
    seat's summary."""
    if isinstance(made, tuple):
        return tuple(lasting(part) for part in made)
    if isinstance(made, Summary):
        return Summary(lasting(made.badge), lasting(made.figures))
    return vdom.lasting(made) if isinstance(made, vdom.Node) else made


def kept(keep: int = 64):
    """A board's part kept for its inputs (pygames.app.memo: its key is every argument, so none can be forgotten),
    handed again, unchanged, while they are the same: most of a board looks the same after a tap, and a kept part is
    neither drawn nor written again (vdom.lasting: its tokens written once). For a part with no game control in it
    (the marks set on controls after a redraw would stay on it); it reads only its arguments and constants."""
    return memo.kept(keep, finish=lasting)


def one_side(values: list | None, seat: int) -> list | None:
    """A per-seat list with that seat's entry only (the others None): what a kept part of one seat is handed, so
    that the others' changes keep it."""
    return None if values is None else [v if i == seat else None for i, v in enumerate(values)]


def section(cls: str, title: str | None = None, children=(), heading: tuple[str, str] = ("h3", ""),
            part: str | None = None):
    """A titled part of a board: a `<section>` with its heading (`heading`: the tag and class) when it has a title,
    then its children. `part` names it for the patch (`data-part`, static/table.js): a section that comes and goes
    before it (a decision) then leaves it as it stands instead of rewriting it into its neighbour."""
    tag, heading_cls = heading
    head = [el(tag, {"class": heading_cls or None}, title)] if title else []
    return el("section", {"class": cls, "data-part": part}, None, [*head, *children])


def symbol(ref: str, attrs: dict | None = None, cls: str | None = None):
    """A `<use>` of one of the game's prebuilt SVG symbols (`#<ref>`, cloned into the board with its defs)."""
    node = svg("use", {**(attrs or {}), "href": f"#{ref}"})
    if cls:
        node.setAttribute("class", cls)
    return node


class Board:
    """One render of a board: the view, the catalogue, the viewer's legal actions, and the actions it placed as
    targets on the board (what a renderer returns: the shell offers every other legal action in its action bar).
    `cls` is the game's class for its targets; `words(action)` names a target when its caller gives no label."""

    def __init__(self, view: dict, legal, cat, cls: str, words=None):
        self.view, self.g, self.cat = view, view["state"], cat
        self.me = view["viewer"]
        self.legal = set(legal)
        self.placed: set[str] = set()
        self.cls = cls
        self.words = words

    def t(self, key: str, **args) -> str:
        return self.cat.t(key, **args)

    def button(self, action: str, label: str | None = None, *, text: str | None = None, cls: str = "",
               aria: str | None = None, children=()):
        """A highlighted legal target (kit.target_button), recorded as placed; None when `action` is not legal for
        the viewer now. `label` is its tooltip and accessible name, `text` the words on it, `aria` a spoken name
        other than the label."""
        if action not in self.legal:
            return None
        self.placed.add(action)
        if label is None and self.words is not None:
            label = self.words(action)
        return target_button(action, label, self.cls + " " + cls, text, children, aria)
