"""Every seat's summary (issue 47; the boards' `summary` hook, drawn by pygames/web/table.py) shows public information
only: over seeded games of every game, at many points, the summary of a seat drawn from any other viewer's view is
exactly the one drawn from the spectator's (public) view — nothing in it depends on a secret the viewer holds or
lacks. The seat's own summary may add what only its owner knows (a PAX player's own Aurei). A summary's words come
from the catalogue (no engine code shows), and every figure says its words to screen readers."""

from __future__ import annotations

import re

import pytest
from helpers.playouts import playout
from test_table_model import walk

from pygames import core
from pygames.core import registry
from pygames.web import i18n, table, vdom
from pygames.web.boards import board_of

GAMES = ("ps", "pax", "spy", "sik")
PLAYERS = {"ps": (2,), "pax": (2, 3, 4), "spy": (2, 3, 5), "sik": (2,)}
SEEDS = (1, 2, 3)
EVERY = {"ps": 2, "pax": 7, "spy": 7, "sik": 3}  # a look every this many actions (and at the end): PS games are short


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def written(node) -> str:
    """A tree as text: its tags, attributes and words, in order (two summaries are the same iff this is)."""
    if isinstance(node, str):
        return node
    if not isinstance(node, vdom.Node):
        return f"<{type(node).__name__}>"
    attrs = " ".join(f"{k}={v!r}" for k, v in sorted(node.attrs.items()))
    return f"<{node.tag} {attrs}>" + "".join(written(k) for k in node.kids) + f"</{node.tag}>"


def summary_text(board, view, seat, cat) -> str:
    s = board.summary(view, seat, cat)
    return written(s.badge) + "|" + "".join(written(f) for f in s.figures)


def catalogue(players: int, lang: str = "en"):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann", "Bob", "Cid", "Dee", "Eve"][:players] + [""] * max(0, players - 5), set())
    return cat


def points(game, players: int, seed: int):
    """States met in a random game (a look every EVERY[game] actions, and the end)."""
    last = None
    for i, step in enumerate(playout(game, players, seed)):
        last = step.state
        if i % EVERY[game.ID] == 0:
            yield core.clone(step.state)
    yield core.clone(last)


@pytest.mark.parametrize("gid", GAMES)
def test_every_board_has_a_summary_and_a_full_area(gid):
    board = board_of(registry.load(gid))
    assert board.summary is not None and board.render_seat is not None


@pytest.mark.parametrize("gid", GAMES)
def test_a_seat_summary_is_the_same_whoever_looks(gid):
    game = registry.load(gid)
    board = board_of(game)
    looked = 0
    for players in PLAYERS[gid]:
        cat = catalogue(players)
        for seed in SEEDS:
            for state in points(game, players, seed):
                public = core.view(game, state, None)
                for seat in range(players):
                    seen = summary_text(board, public, seat, cat)
                    for viewer in range(players):
                        if viewer == seat:
                            continue
                        other = summary_text(board, core.view(game, state, viewer), seat, cat)
                        assert other == seen, f"{gid} {players}p seed {seed}: seat {seat}'s summary seen by " \
                                              f"{viewer} differs from the public one:\n{other}\n{seen}"
                    looked += 1
    assert looked > 50


ENGINE_CODE = re.compile(r"\b[a-z]+[_.][a-z_.]+\b|\{|\}|@\w")  # a catalogue key, a placeholder, an engine id


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_summaries_say_their_figures_in_the_catalogue_words(gid, lang):
    game = registry.load(gid)
    board = board_of(game)
    players = PLAYERS[gid][-1]
    cat = catalogue(players, lang)
    for state in points(game, players, 5):
        view = core.view(game, state, 0)
        for seat in range(players):
            s = board.summary(view, seat, cat)
            assert s.figures, f"{gid}: seat {seat} has no figure"
            for figure in s.figures:
                spoken = [n for n in walk(figure) if "visually-hidden" in n.attrs.get("class", "")]
                assert spoken and spoken[0].textContent.strip(), f"{gid}: a figure without its words"
                words = " ".join(figure.textContent.split())
                assert not ENGINE_CODE.search(words), f"{gid} {lang}: engine code in a summary: {words!r}"
            model = table.Model(gid, view, (), 0, tuple(cat.names), ("human",) * players)
            tree = table.table(model, cat)
            shown = [n for n in walk(tree) if n.attrs.get("data-testid") == "seat-summary"]
            assert [str(n.attrs["data-player"]) for n in shown] == [str(p) for p in range(players)]
