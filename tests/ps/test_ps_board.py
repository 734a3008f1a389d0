"""Passages Secrets on the table, in CPython (issue 47: the whole table at a glance): the spots' tap areas never
overlap, a path looks the same whoever is to play, each thief's holdings are in their summary and full area, a stolen
statue goes to its thief's end of the Control board, the cards and the score pad stand in the city's empty corners,
and every figure says its words in both languages."""

from __future__ import annotations

import json
import math

import pytest
from helpers.playouts import playout
from test_table_model import walk

import pygames.passages_secrets as ps
from pygames import core
from pygames.web import i18n, vdom
from pygames.web.boards import ps as board

PATHS = board.PATHS


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def catalogue(lang: str = "en"):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann", ""], {1})
    return cat


def states(seed: int = 3, every: int = 4):
    """States met in a random game (a look every `every` actions, and the end)."""
    last = None
    for i, step in enumerate(playout(ps, 2, seed)):
        last = step.state
        if i % every == 0:
            yield core.clone(step.state)
    yield core.clone(last)


def polygon(clip: str | None) -> list[tuple[float, float]]:
    """A spot's tap area in data units around its midpoint: the clip-path polygon, or the whole round button."""
    if clip is None:
        return list(board.ROUND)
    points = clip[len("polygon("):-1].split(",")
    r = board.SPOT_R
    return [(float(x[:-1]) / 100 * 2 * r - r, float(y[:-1]) / 100 * 2 * r - r)
            for x, y in (p.split() for p in points)]


def separated(a: list, b: list) -> bool:
    """Two convex polygons share no inner point (a separating axis among their edges' normals, 0.5 % slack)."""
    for poly in (a, b):
        for k, (x1, y1) in enumerate(poly):
            x2, y2 = poly[(k + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            if abs(nx) + abs(ny) < 1e-9:
                continue
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            slack = 0.005 * math.hypot(nx, ny)
            if max(pa) <= min(pb) + slack or max(pb) <= min(pa) + slack:
                return True
    return False


@pytest.mark.parametrize("free", [PATHS, PATHS[::2], PATHS[5:19]])
def test_no_two_spots_share_a_point_and_each_keeps_its_ring(free):
    """A phone's city is ~300 px wide: two neighbouring paths' midpoints are ~28 px apart, under a 44 px button.
    Each spot's tap area is its button's disc cut halfway to each nearer legal spot: no two tap areas overlap,
    each holds its midpoint and the ring drawn round its token (48 % of the button), and it is whole where no
    spot is near."""
    legal = frozenset(free)
    areas = {}
    for path in free:
        mx, my = board.MIDS[path]
        areas[path] = [(mx + x, my + y) for x, y in polygon(board.spot_clip(path, legal))]
    for i, a in enumerate(free):
        for b in free[i + 1:]:
            assert separated(areas[a], areas[b]), (a, b)
        ring = 0.48 * board.SPOT_R
        for x, y in polygon(board.spot_clip(a, legal)):  # every vertex at least the ring's radius away
            assert math.hypot(x, y) >= ring - 1e-6, a
    lonely = [p for p in free if not any(n in legal for n in board.NEAR[p])]
    assert all(board.spot_clip(p, legal) is None for p in lonely)


def test_a_spot_is_44_px_where_the_city_is_narrowest():
    """The spots are SPOT of the city's width: 44 px once the city is 294 px wide (a phone's is 300-357 at a place;
    below, their min-width keeps them at 44 px)."""
    assert board.SPOT * 294 >= 44


def test_a_free_path_looks_the_same_whoever_is_to_play():
    """The ring count after a computer's move (issue 47): a free path's line and token never say whether the viewer
    may dig it (the spots over the city do), so the turn passing changes no path of the city."""
    cat = catalogue()
    for state in states(5):
        first, second = core.view(ps, state, 0)["state"], core.view(ps, state, 1)["state"]  # one of them to play
        for i, path in enumerate(PATHS):
            if first["own"][i] is None:
                parts = board.path_parts(first, i, path, cat)
                assert board.path_parts(second, i, path, cat) is parts  # the same kept groups, for either seat
                assert "ps-legal" not in vdom.program(parts[0])[0]


def rendered(state, viewer: int, cat):
    view = core.view(ps, state, viewer)
    legal = ps.legal_actions(state, viewer) if viewer in ps.to_move(state) else []
    frag = vdom.fragment()
    placed = board.render(frag, view, legal, cat)
    return frag, placed, legal


def test_the_table_holds_the_city_cell_and_the_control_board_and_places_every_choice_on_the_board():
    """The table's two parts (the city cell: the city, the cards, the score pad; then the Control board), each
    place: a spot on the city and each marker choice a button of the Control board; only decline is left to the
    action bar. No thief's holdings are on the board (they are in the seats' summaries and areas)."""
    cat = catalogue()
    seen = set()
    for state in states(2, every=1):
        if ps.is_over(state):
            continue
        seat = ps.to_move(state)[0]
        frag, placed, legal = rendered(state, seat, cat)
        table = next(n for n in frag.kids if isinstance(n, vdom.Node) and "ps-table" in n.attrs.get("class", ""))
        cell, control = table.kids
        assert cell.attrs["class"] == "ps-city-cell" and "ps-control" in control.attrs["class"]
        assert [k.attrs["class"].split()[-1] for k in cell.kids] == ["ps-map", "ps-cards", "ps-pad"]
        assert placed == {a for a in legal if a != "decline"}
        assert not [n for n in walk(table) if "ps-player" in n.attrs.get("class", "")]
        spots = [n for n in walk(table) if n.attrs.get("data-action", "").startswith("place:")]
        assert all("ps-spot" in n.attrs["class"] and "left:" in n.attrs["style"] for n in spots)
        seen |= {a.split(":")[0] for a in placed}
    assert {"place", "comp"} <= seen or {"place", "shovel"} <= seen


def test_a_stolen_statue_goes_to_its_thief_s_end_of_the_control_board():
    """A statue on its platform and the statue its thief holds carry the same key (it flies from the city to the
    thief's end of the Control board, static/table.js), and the platform keeps the thief's number."""
    cat = catalogue()
    for state in states(4, every=1):
        if any(o is not None for o in state["statues"].values()):
            break
    else:
        pytest.skip("no statue stolen in this game")
    frag, _placed, _legal = rendered(state, 0, cat)
    keys = {n.attrs["data-anim-key"]: n for n in walk(frag.kids[-1]) if "data-anim-key" in n.attrs}
    for node, owner in state["statues"].items():
        key = f"ps-statue-{node}"
        assert key in keys
        ends = [n for n in walk(frag.kids[-1]) if str(n.attrs.get("data-seat")) == str(owner)]
        if owner is not None:
            assert any(keys[key] is k for end in ends for k in walk(end)), node
    stolen = [n for n in walk(frag.kids[-1]) if n.attrs.get("class") == "ps-stolen"]
    assert len(stolen) == sum(o is not None for o in state["statues"].values())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_thief_s_summary_says_wealth_passages_cards_statues_and_loot(lang):
    """PS-7.1, issue 47: the summary's figures are the Wealth of the scorings so far, the passages left, the
    achievements and statues held and the loot of each colour, each with its words (plurals agreeing); the badge is
    the seat's colour with its number."""
    cat = catalogue(lang)
    words = i18n.load()[lang]
    for state in states(6):
        view = core.view(ps, state, None)
        g = view["state"]
        for seat in (0, 1):
            s = board.summary(view, seat, cat)
            assert s.badge.textContent == str(seat + 1) and f"ps-seat{seat}" in s.badge.attrs["class"]
            values = [f.kids[1].textContent for f in s.figures]
            cards = sum(o == seat for _c, o in g["cards"])
            statues = sum(o == seat for o in g["statues"].values())
            loot = [g["players"][seat]["loot"][c] for c in ("YEL", "BLU", "PUR", "BRN")]
            assert values == [str(v) for v in (g["totals"][seat], g["players"][seat]["supply"], cards, statues, *loot)]
            spoken = [f.kids[2].textContent for f in s.figures]
            assert all(t and "{" not in t and "ps." not in t for t in spoken)
            assert spoken[0] == cat.t("ps.sum.wealth", n=g["totals"][seat])
    assert words["ps.sum.passages"] != words["ps.sum.cards"]
    one, two = cat.t("ps.sum.passages", n=1), cat.t("ps.sum.passages", n=2)
    assert one != two.replace("2", "1")  # the word agrees with the number


def test_a_thief_s_full_area_holds_all_their_holdings_with_the_cards_named():
    cat = catalogue()
    for state in states(3, every=1):
        if any(o is not None for _c, o in state["cards"]):
            break
    view = core.view(ps, state, None)
    g = view["state"]
    owner = next(o for _c, o in g["cards"] if o is not None)
    frag = vdom.fragment()
    board.render_seat(frag, view, owner, cat)
    text = " ".join(frag.kids[0].textContent.split())
    for key in ("ps.ui.passages", "ps.ui.tunnel", "ps.cat.loot", "ps.ui.shovels", "ps.cat.statues", "ps.ui.controls",
                "ps.cat.achievements", "ps.ui.wealth"):
        assert cat.t(key) in text
    for card, o in g["cards"]:
        assert (cat.t(f"ps.card.{card}") in text) == (o == owner)
    assert f"{g['totals'][owner]}" in text
    # the same holdings, kept while they show the same (kit.kept)
    again = vdom.fragment()
    board.render_seat(again, json.loads(json.dumps(view)), owner, cat)
    assert again.kids[0] is frag.kids[0]


def test_the_cards_are_magnified_on_a_tap_and_say_what_they_are():
    """A card in the corner may be too narrow for its goal: it is a magnifiable part (not a control) with an
    accessible name holding its goal, Wealth, timing and holder; a card changing hands rings (its slot)."""
    cat = catalogue()
    state = next(states(3))
    g = core.view(ps, state, 0)["state"]
    box = board.draw_cards_box(g, cat)
    cards = [n for n in walk(box) if "ps-card" in n.attrs.get("class", "").split()]
    assert len(cards) == 3
    for slot, (node, (card, _owner)) in enumerate(zip(cards, g["cards"], strict=True)):
        assert "data-magnify" in node.attrs and node.attrs["tabindex"] == "0" and node.attrs["data-slot"] == str(slot)
        assert cat.t(f"ps.card.{card}") in node.attrs["aria-label"]
        assert str(board.DATA["achievements"][card]["wealth"]) in node.attrs["aria-label"]
        assert not [n for n in walk(node) if n.tag == "button"]


def test_the_corners_the_cards_and_the_pad_stand_in_hold_no_spot():
    """The empty corners of the city's box (static/ps.css places the cards and the score pad there, from the
    shares ps.py writes on the table) hold no spot's button and no hex."""
    left = (board.VB_X / board.SCALE, board.VB_X / board.SCALE + board.SIDE_W * board.VB_W / board.SCALE)
    top = (board.VB_Y + board.VB_H) / board.SCALE - board.SIDE_H * board.VB_H / board.SCALE
    block = (board.VB_X / board.SCALE + board.BLOCK_W * board.VB_W / board.SCALE,
             (board.VB_Y + board.VB_H) / board.SCALE - board.BLOCK_H * board.VB_H / board.SCALE)
    mirror = 2 * 1.732  # the city is symmetric about x = 1.732
    r = board.SPOT_R
    for path in PATHS:
        mx, my = board.MIDS[path]
        for x in (mx, mirror - mx):  # the left corner, and the right one by symmetry
            in_strip = x - r < left[1] and my + r > top
            in_block = x - r < block[0] and my + r > block[1]
            assert not in_strip and not in_block, path
    for t in range(6):
        cx, cy = board.NODES[f"c{t + 1}"]
        for dx, dy in board.HEX:
            for x in (cx + dx, mirror - cx - dx):
                y = cy + dy
                assert not (x < left[1] - 1e-6 and y > top + 1e-6), (t, dx, dy)
                assert not (x < block[0] - 1e-6 and y > block[1] + 1e-6), (t, dx, dy)
    style = board.TABLE_STYLE
    assert "--ps-ratio:" in style and "--ps-side-w:" in style and "--ps-block-h:" in style
