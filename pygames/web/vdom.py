"""The boards' elements, built in Python and created in the page in one call.

A redraw builds hundreds of elements. Each crossing of the Python-JavaScript bridge costs microseconds, and each
element handed back to Python costs a proxy, so building a board node by node through the bridge would be most of a
tap's latency (docs/measurements.md). Here `el`/`svg` build plain Python `Node`s (with the few DOM methods the renderers
use: appendChild, setAttribute, classList, textContent, querySelector on `.class`/`tag` selectors, children,
remove, cloneNode); `realize` turns a whole tree into real DOM with one call to static/table.js's `build`. A
prebuilt `<template>` fragment is read once into a Node tree (`clone`), so cards are filled in Python too. A real
DOM node may be a child (the SVG symbol defs, a cached ground): it is handed over as is.

Text still goes in as text: the JavaScript side sets attributes with setAttribute and text with text nodes; nothing
is parsed as markup. The two separator characters cannot occur in a value (they are dropped), so no text can
forge an element or an attribute.
"""

from __future__ import annotations

import itertools

from ..app import memo
from . import dom  # the page (CPython, tests: trees can be built and inspected, not realized)

SVG_NS = "http://www.w3.org/2000/svg"
RS, US = "\x1e", "\x1f"  # between tokens; between attribute names and values


def _clean(text: str) -> str:
    if RS in text or US in text:
        return text.replace(RS, "").replace(US, "")
    return text


class ClassList:
    """node.classList: add / remove / contains / toggle on the `class` attribute."""

    __slots__ = ("node",)

    def __init__(self, node: Node):
        self.node = node

    def _names(self) -> list[str]:
        return self.node.attrs.get("class", "").split()

    def add(self, *names: str) -> None:
        have = self._names()
        have += [n for n in names if n and n not in have]
        self.node.attrs["class"] = " ".join(have)

    def remove(self, *names: str) -> None:
        self.node.attrs["class"] = " ".join(n for n in self._names() if n not in names)

    def contains(self, name: str) -> bool:
        return name in self._names()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else force
        (self.add if on else self.remove)(name)
        return on


class Children(list):
    """node.children: the element children, with the DOM's `item(i)` and `length`."""

    def item(self, index: int):
        return self[index] if 0 <= index < len(self) else None

    @property
    def length(self) -> int:
        return len(self)


class Node:
    """One element: namespace ('' for HTML), tag, attributes (name -> text), and children (Node, str for a text
    node, or a real DOM node)."""

    # No parent pointer: a tree without cycles is freed by reference counting as soon as it is drawn, never left to
    # Python's cyclic collector (whose pauses would land in the middle of a tap).
    __slots__ = ("ns", "tag", "attrs", "kids", "template")

    def __init__(self, ns: str, tag: str, attrs: dict | None = None, kids: list | None = None):
        self.ns, self.tag = ns, tag
        self.attrs = attrs if attrs is not None else {}
        self.kids = kids if kids is not None else []
        self.template = None  # a clone of a prebuilt template: its id, so selector lookups can be remembered

    # -- building (a node is appended once: renderers build trees, they never move a part)
    def appendChild(self, child):
        self.kids.append(child)
        return child

    def append(self, *children) -> None:
        self.kids.extend(children)

    def remove_matching(self, selector: str) -> None:
        """Remove every descendant matching `selector` (for the DOM's `node.querySelector(s).remove()`)."""
        doomed = {id(n) for n in self.querySelectorAll(selector)}

        def prune(node: Node) -> None:
            node.kids = [k for k in node.kids if id(k) not in doomed]
            for k in node.kids:
                if isinstance(k, Node):
                    prune(k)
        prune(self)

    def setAttribute(self, name: str, value) -> None:
        self.attrs[name] = str(value)

    def getAttribute(self, name: str):
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    @property
    def textContent(self) -> str:
        return "".join(k if isinstance(k, str) else str((k.real if isinstance(k, Static) else k).textContent)
                       for k in self.kids)

    @textContent.setter
    def textContent(self, text) -> None:
        self.kids = [str(text)] if text is not None and str(text) != "" else []

    @property
    def children(self) -> Children:
        return Children(k for k in self.kids if isinstance(k, Node))

    @property
    def firstChild(self):
        return self.kids[0] if self.kids else None

    def cloneNode(self, deep: bool = False) -> Node:
        kids = [k if isinstance(k, str) else k.cloneNode(True) for k in self.kids] if deep else []
        copy = Node(self.ns, self.tag, dict(self.attrs), kids)
        copy.template = self.template
        return copy

    # -- finding (the selectors the renderers use: `.class`, `tag`, `tag.class`, and descendants of those)
    def querySelectorAll(self, selector: str) -> list[Node]:
        steps = [_compound(part) for part in selector.split()]
        found: list[Node] = []
        _search(self, steps, found)
        return found

    def querySelector(self, selector: str):
        if self.template is not None:  # a card being filled: where the selector led in its template, if still so
            path = _PATHS.get((self.template, selector))
            if path is not None:
                node, chain = self, []
                for index in path:
                    kids = node.kids if isinstance(node, Node) else ()
                    node = kids[index] if index < len(kids) else None
                    chain.append(node)
                steps = [_compound(part) for part in selector.split()]
                if (all(isinstance(n, Node) for n in chain) and node.matches_compound(*steps[-1])
                        and _ancestors_match(chain[:-1], steps[:-1])):
                    return node
        if self.template is not None and (self.template, selector) not in _PATHS and self.template in _TEMPLATES:
            _remember(self.template, selector)
            if (self.template, selector) in _PATHS:
                return self.querySelector(selector)
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def matches_compound(self, tag: str | None, classes: tuple) -> bool:
        if tag is not None and self.tag.lower() != tag:
            return False
        if classes:
            have = self.attrs.get("class", "").split()
            return all(c in have for c in classes)
        return True


@memo.kept(512)
def _compound(part: str) -> tuple[str | None, tuple]:
    bits = part.split(".")
    if any(ch in part for ch in "#[]:>+~*,"):
        raise ValueError(f"vdom: unsupported selector {part!r}")
    return (bits[0].lower() or None), tuple(b for b in bits[1:] if b)


def _search(node: Node, steps: list, found: list) -> None:
    """Descendants of `node` matching the last step whose ancestors (below `node`) match the earlier ones."""
    def walk(current: Node, chain: list[Node]) -> None:
        for kid in current.kids:
            if not isinstance(kid, Node):
                continue
            if kid.matches_compound(*steps[-1]) and _ancestors_match(chain, steps[:-1]):
                found.append(kid)
            walk(kid, [*chain, kid])
    walk(node, [])


def _ancestors_match(chain: list[Node], steps: list) -> bool:
    i = len(chain) - 1
    for step in reversed(steps):
        while i >= 0 and not chain[i].matches_compound(*step):
            i -= 1
        if i < 0:
            return False
        i -= 1
    return True


# ---------------------------------------------------------------------- building


def _attrs(attrs: dict | None) -> dict:
    out = {}
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        out[name] = "" if value is True else str(value)
    return out


def _adopt(node: Node, text: str | None, children) -> Node:
    if text is not None and str(text) != "":
        node.kids.append(str(text))
    node.kids.extend(child for child in children if child is not None)
    return node


def el(tag: str, attrs: dict | None = None, text: str | None = None, children=()) -> Node:
    """An HTML element; attributes that are None or False are left out, True is an empty value."""
    return _adopt(Node("", tag, _attrs(attrs)), text, children)


def svg(tag: str, attrs: dict | None = None, text: str | None = None, children=()) -> Node:
    """An SVG element (same rules as `el`)."""
    return _adopt(Node(SVG_NS, tag, _attrs(attrs)), text, children)


def fragment() -> Node:
    """A container whose children are realized without it (a DocumentFragment): what a board renderer fills."""
    return Node("", "#fragment")


class Static:
    """A part that never changes for a given key (the symbol defs, a map's ground): made real once, and in the board
    the page keeps the copy it has (marked `data-static`) or puts a native clone of it: no Python work per redraw."""

    __slots__ = ("key", "real")

    def __init__(self, key: str, real):
        self.key, self.real = _clean(key), real


class Keep:
    """An element of the page that a patch keeps as it stands, whatever it holds (the page's own menu in the game
    screen): the patch passes over the element at its place."""

    __slots__ = ()


_STATICS: dict[str, object] = {}
STATIC_KEEP = 10  # a few grounds (tile layouts, orientations, languages) and the defs of the four games


def static(key: str, build) -> Static:
    """The unchanging part named `key`; `build()` gives its tree (or a real node) the first time it is asked for."""
    if key not in _STATICS:
        while len(_STATICS) >= STATIC_KEEP:
            _STATICS.pop(next(iter(_STATICS)))
        _STATICS[key] = realize(build())
    return Static(key, _STATICS[key])


# ---------------------------------------------------------------------- to the page and back

_TEMPLATES: dict[str, Node] = {}
_PATHS: dict[tuple[str, str], tuple] = {}  # (template, selector) -> child indexes from the root to the first match


def clone(template_id: str) -> Node:
    """A fresh copy of a Jinja2-prebuilt fragment (`<template id>`), read from the page once per template."""
    if template_id not in _TEMPLATES:
        add_template(template_id, parse(dom.template_program(template_id)))
    copy = _TEMPLATES[template_id].cloneNode(True)
    copy.template = template_id
    return copy


def add_template(template_id: str, root: Node) -> None:
    """Remember a template's tree, and where each selector the renderers ask of it leads (found once)."""
    _TEMPLATES[template_id] = root
    for key in [k for k in _PATHS if k[0] == template_id]:
        del _PATHS[key]


def _path_to(root: Node, target: Node) -> tuple | None:
    for i, kid in enumerate(root.kids):
        if kid is target:
            return (i,)
        if isinstance(kid, Node):
            below = _path_to(kid, target)
            if below is not None:
                return (i, *below)
    return None


def _remember(template_id: str, selector: str) -> None:
    found = _TEMPLATES[template_id].querySelectorAll(selector)
    if found:
        path = _path_to(_TEMPLATES[template_id], found[0])
        if path is not None:
            _PATHS[(template_id, selector)] = path


_REUSED: dict[int, list] = {}  # id(part) -> [part, its tokens once written] for parts later trees may hold again


def reusable(parts) -> None:
    """Parts that later trees may hold again unchanged (a board taken by the next redraw, table.py): the tokens of
    each (if it refers to no real node) are written once, at its first `program`, and copied after that. The parts
    must not change once drawn."""
    _REUSED.clear()
    for part in parts:
        if isinstance(part, Node):
            _REUSED[id(part)] = [part, None]


_LASTING: dict[int, list] = {}  # id(part) -> [part, its tokens once written, its serial]: parts a renderer keeps
LASTING_KEEP = 2000
_SERIALS = itertools.count(1)

# The lasting parts whose description the page holds (static/table.js `memo`, by serial), so a patch names them
# (`R<serial>`) instead of describing them again, and the page leaves alone the element it made from that very
# description (unless anything changed it since). `page` is the page's memo id: a page loaded anew holds none.
_ON_PAGE: dict = {"page": None, "serials": set(), "forget": False}


def lasting(part: Node) -> Node:
    """A part its renderer keeps and hands again, unchanged, to later redraws (a memo of its inputs): its tokens are
    written once, at its first `program`, and copied after that; a patch names it once the page holds it. The part
    must not change once drawn."""
    if id(part) not in _LASTING:
        if len(_LASTING) >= LASTING_KEEP:
            _LASTING.clear()
            _ON_PAGE["serials"].clear()
            _ON_PAGE["forget"] = True  # the page drops its descriptions too, at the next patch
        _LASTING[id(part)] = [part, None, next(_SERIALS)]
    return part


def program(node: Node, sent: list | None = None) -> tuple[str, list]:
    """The tree as static/table.js's `build` reads it, and the real DOM nodes it refers to (`F<i>` tokens):
    `E<tag>`/`S<tag>`/`D` open an HTML element, an SVG element or a fragment, then one `A` token of attributes
    (name US value US ...); `T<text>` is a text node; `K<i>:<key>` a static part (kept, or a clone of the i-th
    real node); `=` keeps the page's element standing there; `/` closes the element. With `sent` (a patch): a
    lasting part the page holds is `R<serial>`, one it does not is `L<serial>` then its description (its serial
    added to `sent`)."""
    tokens: list[str] = []
    foreign: list = []
    append = tokens.append
    on_page = _ON_PAGE["serials"]
    naming = [sent is not None]  # off while a part's own tokens are written for its cache: they describe all of it

    def walk(n) -> None:
        reused = _REUSED.get(id(n)) if _REUSED else None
        if reused is None and _LASTING:
            reused = _LASTING.get(id(n))
        if reused is None or reused[0] is not n or (reused[1] is None and naming[0] and len(reused) == 2):
            write(n)  # the last case: a reusable board part written in a patch (it names the lasting parts)
        else:
            _write_reused(n, reused, naming, write, tokens, foreign, on_page, sent)

    def write(n) -> None:
        if n.__class__ is str:
            append("T" + _clean(n))
        elif n.__class__ is not Node:
            _write_other(n, tokens, foreign, write_node)
        else:
            write_node(n)

    def write_node(n: Node) -> None:
        if n.tag == "#fragment":
            append("D")
        else:
            append(("S" if n.ns == SVG_NS else "E") + n.tag)
            attrs = n.attrs
            if attrs:
                text = US.join([part for pair in attrs.items() for part in pair])
                if RS in text or text.count(US) != 2 * len(attrs) - 1:  # a separator in a value: dropped
                    text = US.join([_clean(part) for pair in attrs.items() for part in pair])
                append("A" + text)
            else:
                append("A")
        for kid in n.kids:
            walk(kid)
        append("/")

    walk(node)
    return RS.join(tokens), foreign


def _write_reused(n: Node, reused: list, naming: list, write, tokens: list, foreign: list, on_page: set,
                  sent: list | None) -> None:
    """A part later trees hold again: its tokens written once (naming off: they describe all of it), then copied."""
    serial = reused[2] if naming[0] and len(reused) > 2 else None
    if reused[1] is not None:
        if serial is not None:
            if serial in on_page:
                tokens.append(f"R{serial}")
                return
            tokens.append(f"L{serial}")
            sent.append(serial)
        tokens.extend(reused[1])
        return
    start, known, was = len(tokens), len(foreign), naming[0]
    naming[0] = False
    try:
        write(n)
    finally:
        naming[0] = was
    if len(foreign) == known:
        reused[1] = tokens[start:]
        if serial is not None:
            tokens.insert(start, f"L{serial}")
            sent.append(serial)


def _write_other(n, tokens: list, foreign: list, write_node) -> None:
    """A child not a plain str or Node: a subclass, a kept element (`=`), a static part (`K`), a real node (`F`)."""
    if isinstance(n, str):
        tokens.append("T" + _clean(n))
    elif isinstance(n, Keep):
        tokens.append("=")
    elif isinstance(n, Static):
        tokens.append(f"K{len(foreign)}:{n.key}")
        foreign.append(n.real)
    elif isinstance(n, Node):
        write_node(n)
    else:
        tokens.append(f"F{len(foreign)}")
        foreign.append(n)


def parse(text: str) -> Node:
    """The inverse of `program` (without real nodes): a template read from the page."""
    stack: list[Node] = []
    root = None
    tokens = text.split(RS)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        kind, rest = token[:1], token[1:]
        if kind in ("E", "S", "D"):
            node = Node(SVG_NS if kind == "S" else "", rest if kind != "D" else "#fragment")
            if kind != "D":
                i += 1
                parts = tokens[i][1:].split(US) if len(tokens[i]) > 1 else []
                node.attrs = dict(zip(parts[::2], parts[1::2], strict=False))
            if stack:
                stack[-1].appendChild(node)
            else:
                root = node
            stack.append(node)
        elif kind == "T":
            stack[-1].kids.append(rest)
        elif kind == "/":
            stack.pop()
        i += 1
    if root is None:
        raise ValueError("vdom: empty program")
    return root


def realize(node):
    """A real DOM node (a DocumentFragment for `fragment()`), made in one call; a real node is returned as is."""
    if not isinstance(node, Node):
        return node
    text, foreign = program(node)
    return dom.build(text, foreign)


def patch(target, node: Node) -> None:
    """Make the real `target`'s children those of the fragment `node`, reusing the elements that stay (one call;
    static/table.js `patch`): a redraw after a tap restyles only what changed, and the parts it kept from the last
    redraw are named, not described again."""
    page = dom.memo_id()
    if page != _ON_PAGE["page"]:
        _ON_PAGE.update(page=page, serials=set(), forget=False)
    sent: list[int] = []
    text, foreign = program(node, sent)
    if _ON_PAGE["forget"]:
        text = "!" + RS + text
    dom.patch(target, text, foreign)
    _ON_PAGE["forget"] = False
    _ON_PAGE["serials"].update(sent)
