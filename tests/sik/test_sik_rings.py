"""The last-move ring on the Shadows in Kyoto table (issue 47: "SIK rings 12–23 cells" after each computer move).
static/table.js rings the innermost keyed parts of the board (`data-cell`, `data-side`, `data-track`, …) whose look
(classes but the transient ones, attributes but the ignored ones, words but the controls') changed. Here the same
rule is applied in CPython to the board drawn for the viewer before and after the computer's moves: every key is
drawn once (a map cell's ground and its agent shared `data-cell=c3`, so every occupied cell rang), and what rings is
exactly what the others changed — a spot whose occupant arrived, left or was revealed, the other side's cards, a
prison — never a spot whose agent stayed as it was, nor your own area."""

from __future__ import annotations

import re

import pytest
from test_table_model import Templates

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.core import bots as core_bots
from pygames.web import i18n, vdom
from pygames.web.boards import sik as board

# static/table.js
KEYS = ("data-cell", "data-path", "data-category", "data-seat", "data-legion", "data-slot", "data-track",
        "data-district", "data-mission", "data-gadget", "data-player", "data-side", "data-agent")
TRANSIENT = re.compile(r"^(target|moved|selected)$|-(legal|target|choice|choosing|selected)$")
IGNORED = {"class", "style", "data-action", "data-previewing", "disabled", "aria-disabled", "tabindex", "title",
           "aria-label", "aria-describedby", "aria-busy", "aria-pressed", "aria-expanded", "data-hint",
           "data-tutorial-target", "data-tutorial-opener", "data-part", "data-owned", "open"}


@pytest.fixture(scope="module", autouse=True)
def page_parts(test_site_dir):
    reader = Templates()
    reader.feed((test_site_dir / "index.html").read_text(encoding="utf-8"))
    for name, root in reader.found.items():
        vdom.add_template(name, root)
    static = vdom.static
    # the map's ground drawn as a tree (its cells are keyed too, if any key is there); the symbol defs as a key only
    vdom.static = lambda key, build: build() if key.startswith("sik-ground") else vdom.Static(key, None)
    yield
    vdom.static = static


def keyed(tree) -> dict[str, vdom.Node]:
    """key -> node for every keyed part (the key: its own and its keyed ancestors' key attributes), each key once."""
    found: dict[str, vdom.Node] = {}

    def visit(node, trail):
        if not isinstance(node, vdom.Node):
            return
        mine = [f"{k}={node.attrs[k]}" for k in KEYS if k in node.attrs]
        here = mine + trail
        if mine:
            key = "/".join(here)
            assert key not in found, f"two parts share the key {key}: the ring compares one with the other"
            found[key] = node
        for kid in node.kids:
            visit(kid, here)

    visit(tree, [])
    return found


def text(node) -> str:
    if isinstance(node, str):
        return node
    if not isinstance(node, vdom.Node):
        return ""
    return "".join(text(k) for k in node.kids)


def signature(node) -> str:
    classes = " ".join(c for c in node.attrs.get("class", "").split() if not TRANSIENT.search(c))
    attrs = ",".join(f"{k}={v}" for k, v in node.attrs.items() if k not in IGNORED)
    words = "" if node.tag == "button" and "data-action" in node.attrs else text(node)
    for control in walk(node):
        if control is not node and control.tag == "button" and "data-action" in control.attrs:
            words = words.replace(text(control), "", 1)
    return f"{classes}|{attrs}|{words}"


def walk(node):
    yield node
    for kid in node.kids:
        if isinstance(kid, vdom.Node):
            yield from walk(kid)


def drawn(state, viewer, legal, cat):
    frag = vdom.fragment()
    board.render(frag, core.view(g, state, viewer), legal, cat)
    return vdom.el("div", None, None, frag.kids)


def rung(before, after) -> set[str]:
    old, new = keyed(before), keyed(after)
    changed = {k for k, node in new.items() if k in old and signature(old[k]) != signature(node)}
    return {k for k in changed if not any(o != k and o.endswith("/" + k) for o in changed)}  # the innermost


def test_a_computer_move_rings_only_the_parts_it_changed():
    cat = i18n.Catalogue(lang="en")
    cat.set_seats(["Ann", ""], {1})
    checked = spots = 0
    for seed in range(4):
        options = {"charisma": "on" if seed % 2 else "off", "equipment": "on" if seed % 2 else "off"}
        state = core.new_game(g, 2, 40 + seed, options)
        rng = core.Rng(seed)
        human = 0
        for _ in range(600):
            if g.is_over(state):
                break
            seat = g.to_move(state)[0]
            if seat == human:
                core.apply_in_place(g, state, seat, rng.choice(g.legal_actions(state, seat)))
                continue
            before_view = core.view(g, state, human)["state"]
            before = drawn(state, human, [], cat)
            while not g.is_over(state) and g.to_move(state)[0] != human:  # the computer's whole turn
                mover = g.to_move(state)[0]
                core.apply_in_place(g, state, mover, core_bots.bot_move(g, state, mover, core_bots.random_bot, rng))
            after_view = core.view(g, state, human)["state"]
            legal = g.legal_actions(state, human) if not g.is_over(state) else []
            after = drawn(state, human, legal, cat)
            was = {cell: (s, i, r) for cell, s, i, r in before_view["board"]}
            now = {cell: (s, i, r) for cell, s, i, r in after_view["board"]}
            for key in rung(before, after):
                kind, _, value = key.partition("=")
                if kind == "data-cell":
                    assert was.get(value) != now.get(value), f"seed {seed}: {value} rang, its agent stayed as it was"
                    spots += 1
                elif kind == "data-side":
                    assert int(value) != before_view["me"], f"seed {seed}: your own area rang"
                else:
                    assert key.startswith("data-track=prison-"), key
            moved = {c for c in set(was) | set(now) if was.get(c) != now.get(c)}
            assert len([k for k in rung(before, after) if k.startswith("data-cell=")]) <= len(moved)
            checked += 1
    assert checked > 40 and spots > 20, (checked, spots)
