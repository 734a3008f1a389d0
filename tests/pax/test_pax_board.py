"""PAX's board (pygames/web/boards/pax.py) in CPython, over seeded games of 1 to 4 players, for every viewer, in
English and French (issue 47): every target's spoken name starts with its own words and reads as words (no engine
code anywhere a player reads or hears), the board's targets are legal actions, Rome against the seats marks exactly
where a seat beats Rome's face-up cards, the summaries say no opponent's money (PAX-7.7, 7.17), and a seat's full
area shows nothing of its hand to another seat. The boards' prebuilt fragments are read from the built page."""

from __future__ import annotations

import re

import pytest
from helpers.playouts import playout
from test_table_model import walk

from pygames import core, pax
from pygames.pax.data import CARD_IDS, CATEGORIES
from pygames.web import i18n, vdom
from pygames.web.boards import pax as board

# a card code, a catalogue key, a placeholder left unfilled, a seat argument's marker
CODE = re.compile(r"\b[A-Z]{3}-\d\d\b|\bpax\.[a-z_.]+|\{|\}|@\w")
# in one name: words glued to each other or to a number ("2IntrigueJouer +0")
GLUE = re.compile(r"[a-zé][A-Z]|[A-Za-zé]\d|\d[A-Za-zé]")
SETTINGS = [(1, {"level": 3}), (2, {}), (3, {}), (4, {})]
EVERY = 5


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def catalogue(players: int, lang: str):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann", ""] + ["Cid", "Dee"][:max(0, players - 2)], {1})
    cat.format_arg = board.format_arg
    return cat


def states(players: int, options: dict, seed: int):
    for i, step in enumerate(playout(pax, players, seed, options)):
        if i % EVERY == 0:
            yield core.clone(step.state)


def drawn(view: dict, legal, cat):
    frag = vdom.fragment()
    placed = board.render(frag, view, legal, cat)
    return frag, placed


def words(node) -> str:
    return " ".join(str(node.textContent).split())


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players, options", SETTINGS)
def test_every_target_is_named_by_its_own_words_then_what_it_does(players, options, lang):
    cat = catalogue(players, lang)
    looked = 0
    for state in states(players, options, 3 + players):
        for seat in pax.to_move(state):
            view = core.view(pax, state, seat)
            legal = core.legal_actions(pax, state, seat)
            frag, placed = drawn(view, legal, cat)
            assert placed <= set(legal)
            for node in walk(frag):
                for attr in ("aria-label", "title"):
                    said = node.attrs.get(attr)
                    assert not said or not (CODE.search(str(said)) or GLUE.search(str(said))), (attr, said)
                if "data-action" not in node.attrs:
                    continue
                shown = words(node)
                name = str(node.attrs.get("aria-label") or shown)
                assert shown and name.lower().startswith(shown.lower()), (node.attrs["data-action"], shown, name)
                assert not CODE.search(name) and not GLUE.search(name), (shown, name)
                looked += 1
            text = " ".join(words(k) for k in frag.kids if isinstance(k, vdom.Node))
            assert not CODE.search(text), CODE.search(text).group(0)
    assert looked > 30


def test_rome_against_the_seats_marks_where_each_seat_beats_rome():
    cat = catalogue(3, "en")
    for state in states(3, {}, 8):
        view = core.view(pax, state, 0)
        g = view["state"]
        frag, _ = drawn(view, [], cat)
        rows = {str(n.attrs["data-seat"]): n for n in walk(frag) if n.tag == "tr" and "data-seat" in n.attrs}
        assert sorted(rows) == ["0", "1", "2", "rome"]
        rome = g["rome_strength"] if g["phase"] == "over" else g["rome_open_strength"]
        for q in range(3):
            cells = {n.attrs["data-category"]: n for n in walk(rows[str(q)]) if n.tag == "td"}
            for c in CATEGORIES:
                beats = g["seats"][q]["strength"][c] > rome[c]
                assert ("pax-beats" in cells[c].attrs["class"]) == beats
                assert words(cells[c]).startswith(str(g["seats"][q]["strength"][c]))


def test_a_summary_shows_the_seats_own_aurei_to_it_alone_and_every_figure_in_words():
    cat = catalogue(4, "fr")
    for state in states(4, {}, 2):
        over = state["phase"] == "over"
        for viewer in range(4):
            view = core.view(pax, state, viewer)
            for seat in range(4):
                s = board.summary(view, seat, cat)
                text = " ".join(words(f) for f in s.figures)
                has_money = "Aurei" in text
                assert has_money == (seat == viewer or over), (viewer, seat, text)
                assert s.badge is not None and words(s.badge) == str(seat + 1)
                assert not CODE.search(text)


def test_a_seats_full_area_shows_its_hand_to_that_seat_only():
    cat = catalogue(2, "en")
    for state in states(2, {}, 5):
        if state["phase"] == "over":
            continue
        for seat in range(2):
            for viewer in (None, 0, 1):
                frag = vdom.fragment()
                board.render_seat(frag, core.view(pax, state, viewer), seat, cat)
                shown = {n.attrs.get("data-card") for n in walk(frag)} - {None}
                secret = set(state["hands"][seat]) - set(state["public"][seat])
                if viewer != seat:
                    assert not shown & secret, (viewer, seat, shown & secret)
                assert set(state["areas"][seat]) <= shown
                assert shown <= set(CARD_IDS)
