"""What the Shadows in Kyoto table says (pygames/web/boards/sik.py, drawn in CPython from the built page's fragments),
over seeded games with both modules, from both seats, in English and in French (issue 47):

- no engine code anywhere a player reads or hears: no identity code ("3T", "2F": power and truth are words, "3 true",
  "2 faux"), no catalogue key, no placeholder, in the visible words, the accessible names and the tooltips;
- every button's accessible name starts with the words it shows (WCAG 2.5.3, "label in name"), then says what it does;
- the prisons are named without an article problem in French ("Prison — Joueur 1", never "Prison de Joueur 1");
- the final board (the end screen's `render(board, final_view, [], cat)`) has no empty prompt panel between the map and
  the prisons."""

from __future__ import annotations

import re

import pytest
from test_table_model import walk

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.web import i18n, vdom
from pygames.web.boards import sik as board

IDENTITY_CODE = re.compile(r"(?<![\w])[0-3][TF](?![\w])")
ENGINE_CODE = re.compile(r"\bsik\.[a-z_.]+|\{|\}|@sik")
MODES = (("ruri", "on"), ("on", "on"), ("off", "off"))
HIDDEN = ("sik-card-desc", "visually-hidden")  # written for the magnifier and screen readers, not shown on the table


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def catalogue(lang: str):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["", ""], {1})  # the default names: "Player 1" / "Joueur 1", "Computer 2" / "Ordinateur 2"
    return cat


def states(seeds=range(3)):
    """(state, seat to move) met in seeded random games, every few actions, with each option setting."""
    for seed in seeds:
        charisma, equipment = MODES[seed % len(MODES)]
        state = core.new_game(g, 2, 900 + seed, {"charisma": charisma, "equipment": equipment, "oniwaban": seed % 2})
        rng = core.Rng(seed)
        for step in range(2000):
            if g.is_over(state):
                break
            seat = g.to_move(state)[0]
            if step % 4 == 0 or (state["ask"] or {}).get("k") in ("place", "charisma", "equip", "guess", "bait"):
                yield state, seat
            core.apply_in_place(g, state, seat, rng.choice(g.legal_actions(state, seat)))
        yield state, None


def drawn(state: dict, viewer: int | None, legal: list, cat) -> vdom.Node:
    frag = vdom.fragment()
    board.render(frag, core.view(g, state, viewer), legal, cat)
    return vdom.el("div", None, None, frag.kids)


def chunks(node) -> list[str]:
    """The words a node shows, piece by piece, in order (no SVG title, nothing only for screen readers or hidden
    by the board's style: a small card's name is its accessible name only)."""
    out = []

    def visit(n, hidden, small):
        if isinstance(n, str):
            if not hidden and n.strip():
                out.append(" ".join(n.split()))
            return
        if not isinstance(n, vdom.Node):
            return
        cls = n.attrs.get("class", "").split()
        small = small or "sik-small" in cls
        gone = hidden or n.tag == "title" or any(c in cls for c in HIDDEN) or ("sik-card-name" in cls and small)
        for kid in n.kids:
            visit(kid, gone, small)

    visit(node, False, False)
    return out


def said(tree) -> list[str]:
    """Everything a player may read or hear on the board: its words, accessible names and tooltips."""
    texts = [" ".join(n.split()) for n in iter_text(tree)]
    for node in walk(tree):
        texts += [node.attrs[a] for a in ("aria-label", "title") if node.attrs.get(a)]
    return texts


def iter_text(node):
    for kid in node.kids:
        if isinstance(kid, str):
            yield kid
        elif isinstance(kid, vdom.Node):
            yield from iter_text(kid)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_engine_code_and_every_name_starts_with_its_words(lang):
    cat = catalogue(lang)
    buttons = asks = 0
    kinds = set()
    for state, seat in states():
        for viewer in (0, 1):
            legal = g.legal_actions(state, viewer) if viewer == seat else []
            tree = drawn(state, viewer, legal, cat)
            for text in said(tree):
                assert not IDENTITY_CODE.search(text), f"{lang}: an identity code in {text!r}"
                assert not ENGINE_CODE.search(text), f"{lang}: an engine code in {text!r}"
                assert "Prison de " not in text and "Prison of " not in text, text
            for node in walk(tree):
                action = node.attrs.get("data-action")
                if node.tag != "button" or not action:
                    continue
                shown = chunks(node)
                name = " ".join((node.attrs.get("aria-label") or " ".join(shown)).split())
                assert name, action
                if shown:
                    assert name.lower().startswith(shown[0].lower()), f"{lang} {action}: {name!r} after {shown!r}"
                    for piece in shown:
                        assert piece.lower() in name.lower(), f"{lang} {action}: {piece!r} not in {name!r}"
                buttons += 1
                kinds.add(action.partition(":")[0])
            asks += bool(legal)
    assert buttons > 500 and asks > 50
    assert {"place", "play", "agent", "dest", "draw", "charisma"} <= kinds, kinds


def test_the_placement_choices_show_the_power_and_the_truth_in_words():
    """The identity buttons read "3 true" ("3 vrai"), their names "3 true: place this agent on a1 (…)"."""
    for lang, words in (("en", ("3 true", "0 false")), ("fr", ("3 vrai", "0 faux"))):
        cat = catalogue(lang)
        state = core.new_game(g, 2, 1)
        tree = drawn(state, 0, g.legal_actions(state, 0), cat)
        names = {n.attrs["data-action"]: (n.attrs.get("aria-label"), " ".join(chunks(n)))
                 for n in walk(tree) if n.attrs.get("data-action", "").startswith("place:")}
        assert names["place:3T"][1] == words[0] and names["place:0F"][1] == words[1], names
        assert names["place:3T"][0].startswith(words[0] + (" :" if lang == "fr" else ":")), names
        assert "a1" in names["place:3T"][0]


def test_the_final_board_has_no_empty_panel():
    """The end screen draws the spectator's final view with no legal action: no prompt panel unless it has the last
    results to show, and both prisons."""
    cat = catalogue("en")
    ended = 0
    for state, seat in states(range(6)):
        if seat is not None:
            continue
        tree = drawn(state, None, [], cat)
        for node in walk(tree):
            if "sik-prompt" in node.attrs.get("class", "").split():
                assert node.textContent.strip(), "an empty prompt panel on the final board"
        prisons = [n for n in walk(tree) if "sik-prison" in n.attrs.get("class", "").split()]
        assert len(prisons) == 2
        ended += 1
    assert ended == 6
