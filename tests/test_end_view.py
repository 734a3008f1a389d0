"""The end screen as a pure function (pygames/web/endview.py), in CPython as the table is (test_table_model.py):
one tree per model for a finished game of each game: the headline for the player at this device, who won, the
outcome's lines, every seat's scores, the chart where they are points, Play again (not on a guest's device), the
details each closed and named for their game, the final board and log once `details` is set, a match's box and
a guided game's close, and the game's after-the-end answer in its placeholder."""

import dataclasses

import pytest
from test_table_model import by_testid, walk

from pygames.app import match as matches
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import engine as core
from pygames.core import registry
from pygames.web import endview, i18n, kit, match_view, vdom
from pygames.web.boards import board_of

pytestmark = pytest.mark.usefixtures("board_templates")
GAMES = ("ps", "pax", "spy", "sik")


def finished(gid: str, seed: int = 3) -> Session:
    s = Session.start(registry.load(gid), [Seat("Ann", HUMAN), Seat("", EASY)], seed, {}, f"{gid}-over")
    s.seats[0].kind = EASY  # both seats played by the easy bot
    while not s.over:
        s.bot_step()
    s.seats[0].kind = HUMAN
    return s


def catalogue(lang: str = "en") -> i18n.Catalogue:
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann", ""], {1})
    return cat


def by_id(root: vdom.Node, node_id: str) -> vdom.Node:
    found = [n for n in walk(root) if n.attrs.get("id") == node_id]
    assert len(found) == 1, node_id
    return found[0]


def tabs(root: vdom.Node) -> dict:
    return {n.attrs["data-tab"]: n for n in walk(root) if n.tag == "details"}


@pytest.mark.parametrize("gid", GAMES)
def test_the_end_screen_says_the_result_and_why_and_offers_play_again(gid):
    s = finished(gid)
    result, cat = s.result(), catalogue()
    view = core.view(s.game, s.state, None)
    board = board_of(s.game)
    model = endview.Over(gid, s.save_id, result, view, me=0)
    tree, errors = endview.screen(model, board, cat)
    assert not errors
    headline = by_id(tree, "over-headline")
    assert headline.textContent == cat.t(endview.headline_key(result, 0)) and "hidden" not in headline.attrs
    assert by_id(tree, "winners").textContent == endview.winners_text(cat, result)
    assert by_id(tree, "over-scene").attrs["data-game"] == gid
    outcome = by_testid(tree, "outcome")
    assert [li.textContent for li in outcome.children] == [cat.t(k, **a) for k, a in kit.outcome_lines(s.game, result)]
    rows = by_id(tree, "score-table").querySelector("tbody").children
    assert [r.attrs["data-score"] for r in rows] == [str(x) for x in result["scores"]]
    assert [("winner" in (r.attrs.get("class") or "")) for r in rows] == [p in result["winners"] for p in (0, 1)]
    assert bool(by_id(tree, "score-chart").kids) == board.points_chart
    row = [n for n in walk(tree) if n.tag == "p" and n.attrs.get("class") == "row" and
           any(k.attrs.get("data-command") == "quit" for k in n.children)]
    assert [b.attrs["data-command"] for b in row[0].children] == ["again", "review", "export", "quit"]
    details = tabs(tree)
    assert set(details) == {"scores", "log", "board"} | ({"game"} if board.render_over else set())
    assert all("open" not in d.attrs and d.attrs["data-owned"] == "open" and
               d.attrs["data-part"] == f"over-{name}-{s.save_id}" for name, d in details.items())
    assert not by_id(tree, "final-log").kids and not by_testid(tree, "final-board").kids  # the frame after
    assert endview.attributes(model) == {"data-save": s.save_id, "data-guest": None, "data-headline": "",
                                         "data-details": "drawing"}
    full, _ = endview.screen(endview.with_details(model), board, cat)
    assert len(by_id(full, "final-log").children) == len(view["log"])
    assert by_testid(full, "final-board").kids and not any("data-action" in n.attrs for n in walk(full))


def test_a_guest_s_end_screen_has_no_play_again_and_several_players_no_headline():
    s = finished("sik")
    view = core.view(s.game, s.state, None)
    board, cat = board_of(s.game), catalogue("fr")
    guest = endview.Over("sik", "net-key", s.result(), view, me=1, guest=True, invited=True)
    tree, _ = endview.screen(guest, board, cat)
    commands = [n.attrs["data-command"] for n in walk(tree) if "data-command" in n.attrs]
    assert "again" not in commands and "export" not in commands and "net-rematch" in commands and "quit" in commands
    assert endview.attributes(guest)["data-guest"] == ""
    shared, _ = endview.screen(endview.Over("sik", "k", s.result(), view), board, cat)
    assert "hidden" in by_id(shared, "over-headline").attrs and not by_id(shared, "over-headline").kids
    assert endview.attributes(endview.Over("sik", "k", s.result(), view))["data-headline"] is None


def test_a_match_box_and_a_guided_game_s_close_lead_the_end_screen():
    s = finished("ps")
    s.match = matches.Match(matches.BEST_OF, 1, 3)
    box = match_view.box(s, s.result())
    assert box is not None and box.follow is not None and box.score is not None
    model = endview.Over("ps", s.save_id, s.result(), core.view(s.game, s.state, None), match=box,
                         tutorial_done="tut.ps.done")
    tree, _ = endview.screen(model, board_of(s.game), catalogue())
    extra = by_id(tree, "gameover-extra").children
    assert [n.attrs.get("data-testid") for n in extra[:3]] == ["tutorial-done", "match", "outcome"]
    assert by_testid(tree, "match-score").attrs["data-score"] == ",".join(map(str, box.score))
    assert by_testid(tree, "follow-up").attrs["data-follow-up"] == box.follow.kind
    assert [n.attrs.get("data-command") for n in walk(extra[0]) if n.tag == "button"] == ["new:ps"]


def test_the_after_game_answer_takes_its_placeholder_s_place():
    root = vdom.fragment()
    root.append(vdom.el("div", None, None, [vdom.el("p", {"data-after-game": ""}, "…")]), vdom.el("p", None, "end"))
    assert endview.replace_marked(root, "data-after-game", [vdom.el("ol", None, "routes")])
    assert root.kids[0].kids[0].tag == "ol" and root.kids[1].textContent == "end"
    assert not endview.replace_marked(root, "data-after-game", [])


def test_a_final_board_that_cannot_be_drawn_leaves_the_result_readable():
    s = finished("pax")
    board = dataclasses.replace(board_of(s.game), render=lambda *a: 1 / 0)
    model = endview.Over("pax", "k", s.result(), core.view(s.game, s.state, None), details=True)
    tree, errors = endview.screen(model, board, catalogue())
    assert errors and errors[0].startswith("final board:") and "division" in errors[0]
    assert by_testid(tree, "final-board").textContent == catalogue().t("over.no_board")
    assert by_id(tree, "winners").textContent


def test_the_cover_names_only_whose_turn_it_is_in_the_player_s_language():
    """The pass-the-device cover (coverview.py): the next seat's name in its title and on Reveal, Home, and the two
    languages with the one in use pressed; nothing of any game in it."""
    from pygames.web import coverview

    cat = catalogue("fr")
    cat.set_seats(["Ann", "Bob"], set())
    tree = coverview.view(1, cat)
    assert by_id(tree, "cover-title").textContent == cat.t("cover.title", player="Bob") == "Passez l'appareil à Bob"
    assert by_id(tree, "reveal-button").textContent == cat.t("cover.reveal", player="Bob")
    commands = {n.attrs["data-command"]: n for n in walk(tree) if "data-command" in n.attrs}
    assert set(commands) == {"reveal", "quit", "lang:fr", "lang:en"}
    assert commands["lang:fr"].attrs["aria-pressed"] == "true" and commands["lang:en"].attrs["aria-pressed"] == "false"
    assert "Ann" not in tree.textContent
