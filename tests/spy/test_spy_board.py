"""Spyworld's board (pygames/web/boards/spy.py), issue 47, drawn in CPython over seeded games: the layout each step of
a decision takes, the Take control on its card, wall targets that never overlap, the summaries' figures and words,
a seat's full area from public information only, and the final board with every lair and its explorer's route."""

from __future__ import annotations

import re

import pytest
from helpers.playouts import playout
from test_table_model import walk

from pygames import core
from pygames import spyworld as spy
from pygames.web import i18n, vdom
from pygames.web.boards import spy as board

SEEDS = (1, 4)


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def catalogue(players: int, lang: str = "en"):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann"] + [""] * (players - 1), set(range(1, players)))
    return cat


def drawn(view: dict, legal: list, cat) -> tuple[vdom.Node, set]:
    frag = vdom.fragment()
    placed = board.render(frag, view, legal, cat)
    return frag, placed


def root_of(frag) -> vdom.Node:
    return next(n for n in frag.kids if isinstance(n, vdom.Node) and "spy" in n.attrs.get("class", "").split())


def states(players: int, seed: int):
    """Every state of a random game, with the seat whose decision it is (the first seat to move)."""
    for step in playout(spy, players, seed):
        movers = spy.to_move(step.state)
        yield step.state, (movers[0] if movers else None)


def targets_of(node) -> list[vdom.Node]:
    return [n for n in walk(node) if "data-action" in n.attrs]


def center(node) -> tuple[float, float]:
    """A wall target's centre, in rooms (its style: left/top in % of the lair)."""
    style = dict(part.split(":") for part in node.attrs["style"].split(";"))
    return float(style["left"].rstrip("%")) / 20, float(style["top"].rstrip("%")) / 20


@pytest.mark.parametrize("seed", SEEDS)
def test_each_step_of_a_decision_has_its_layout_and_every_legal_target_is_placed_or_in_the_bar(seed):
    """`data-stage` says which layout the table takes (static/spy.css): the step of the viewer's decision, or the
    phase; the board's targets are legal actions, and a fixture's line, its room or a wall are always placed on the
    lair, a card's Take on its card."""
    seen = set()
    cat = catalogue(2)
    for state, seat in states(2, seed):
        if seat is None:
            continue
        view = core.view(spy, state, seat)
        legal = core.legal_actions(spy, state, seat)
        frag, placed = drawn(view, legal, cat)
        root = root_of(frag)
        g = view["state"]
        expected = g["pending"]["stage"] if g["phase"] == "plan" else g["phase"]
        assert root.attrs["data-stage"] == expected and root.attrs["data-phase"] == g["phase"]
        seen.add(expected)
        assert placed <= set(legal)
        for action in legal:
            if action.split(":")[0] in ("line", "cell", "wall", "take", "gadget", "keep", "claim"):
                assert action in placed, f"{expected}: {action} is not on the board"
        for take in (n for n in targets_of(root) if n.attrs["data-action"].startswith("take:")):
            cards = [n for n in walk(take) if "spy-card" in n.attrs.get("class", "").split()]
            assert len(cards) == 1, "a Take control is on its card"
            assert re.search(r"free|costs|gains", take.textContent)
    assert {"first", "line", "cell", "more", "claim", "explore"} <= seen


@pytest.mark.parametrize("seed", SEEDS)
def test_the_wall_targets_of_a_line_never_overlap(seed):
    """A wall target is a diamond as wide and tall as a room, centred on the side of a room: two of them overlap
    unless their centres are a room apart (|dx| + |dy| >= 1), so a tap lands on one wall only."""
    cat = catalogue(3)
    checked = 0
    for state, seat in states(3, seed):
        if seat is None or state["phase"] != "plan" or state["dec"][seat]["st"] != "segment":
            continue
        view = core.view(spy, state, seat)
        frag, _ = drawn(view, core.legal_actions(spy, state, seat), cat)
        walls = [n for n in targets_of(root_of(frag)) if n.attrs["data-action"].startswith("wall:")]
        assert walls and all("spy-seg" in n.attrs["class"].split() for n in walls)
        points = [center(n) for n in walls]
        for i, (x1, y1) in enumerate(points):
            assert 0 <= x1 <= 5 and 0 <= y1 <= 5
            for x2, y2 in points[i + 1:]:
                assert abs(x1 - x2) + abs(y1 - y2) >= 1 - 1e-9, (points, i)
        checked += 1
    assert checked


def test_summaries_keep_the_budget_and_the_fixtures_and_say_their_counts_in_words():
    """Issue 47: a seat's budget and fixtures are always in its summary (the other figures are `minor`: they go
    when many seats share the strip); its words agree with the count in both languages ("1 fixture")."""
    state = core.new_game(spy, 3, 2, {})
    state["sheets"][1]["grid"][0] = "lasers"
    state["sheets"][1]["walls"] = ["11-12"]
    view = core.view(spy, state, 0)
    for lang, words in (("en", ("1 fixture in the lair", "1 wall segment", "Budget: 10 cash")),
                        ("fr", ("1 Aménagement dans le repaire", "1 cloison", "Budget : 10 liasses"))):
        s = board.summary(view, 1, catalogue(3, lang))
        major = [f for f in s.figures if "minor" not in f.attrs["class"].split()]
        assert len(major) == 2
        text = " | ".join(f.attrs["title"] for f in s.figures)
        for w in words:
            assert w in text, (lang, text)
        assert s.badge.textContent == "2"
    cat = catalogue(2)
    assert "0 fixtures" in cat.t("spy.sum.fixtures", n=0) and "2 fixtures" in cat.t("spy.sum.fixtures", n=2)
    assert catalogue(2, "fr").t("spy.ui.summary", player=0, budget=1, fixtures=1, walls=0).endswith(
        "1 Aménagement, 0 cloison")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seats_full_area_shows_only_what_everyone_sees(seed):
    """SPY-7.2/SPY-7.7: a seat's area, drawn from any other seat's view, is the one drawn from the public view:
    its sheet as of the last resolution, never a pending decision nor an agent before the reveal."""
    cat = catalogue(3)
    looked = 0
    for i, (state, _seat) in enumerate(states(3, seed)):
        if i % 9:
            continue
        public = core.view(spy, state, None)
        for seat in range(3):
            frag = vdom.fragment()
            board.render_seat(frag, public, seat, cat)
            seen = vdom.program(frag)[0]
            for viewer in range(3):
                if viewer == seat:
                    continue
                other = vdom.fragment()
                board.render_seat(other, core.view(spy, state, viewer), seat, cat)
                assert vdom.program(other)[0] == seen
            looked += 1
    assert looked > 20


def test_the_final_board_shows_every_lair_with_its_explorers_route():
    """The end screen's final board is `render` of the spectator's end view: every lair, named with its owner and
    its explorer, its explorer's route drawn on it, and no control."""
    cat = catalogue(3)
    last = None
    for step in playout(spy, 3, 6):
        last = step.state
    view = core.view(spy, last, None)
    frag, placed = drawn(view, [], cat)
    assert not placed and not targets_of(root_of(frag))
    sheets = [n for n in walk(root_of(frag)) if "spy-finalsheet" in n.attrs.get("class", "").split()]
    assert [n.attrs["data-player"] for n in sheets] == ["0", "1", "2"]
    g = view["state"]
    for owner, node in enumerate(sheets):
        explorer = g["explores"].index(owner)
        assert cat.seat_name(explorer) in node.textContent
        routes = [n for n in walk(node) if "spy-route" in n.attrs.get("class", "").split()]
        assert len(routes) == (1 if len(g["ex"][explorer]["route"]) > 1 else 0)
