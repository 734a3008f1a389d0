"""The game screen as a pure function (pygames/web/table.py), in CPython: one tree per model, for every game, with
its status line, every legal action in reach, the hint, the thinking line and the guided game's marks set on the
nodes before any patch. The boards' prebuilt fragments are read from the built page."""

import ast
import html.parser
import json
import pathlib

import pytest

from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry
from pygames.web import i18n, kit, table, vdom
from pygames.web import marks as table_marks

GAMES = ("ps", "pax", "spy", "sik")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Templates(html.parser.HTMLParser):
    """Each `<template id>` of the page as the vdom tree of its first element (what `vdom.clone` reads)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: dict[str, vdom.Node] = {}
        self.name: str | None = None
        self.stack: list[vdom.Node] = []

    def handle_starttag(self, tag, attrs):
        if tag == "template":
            self.name, self.stack = dict(attrs).get("id"), []
            return
        if self.name is None:
            return
        svg = tag == "svg" or any(n.ns == vdom.SVG_NS for n in self.stack)
        node = vdom.Node(vdom.SVG_NS if svg else "", tag, {k: v or "" for k, v in attrs})
        if self.stack:
            self.stack[-1].appendChild(node)
        elif self.name not in self.found:
            self.found[self.name] = node
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.name is not None and tag not in VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag == "template":
            self.name = None
        elif self.name is not None and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if self.name is not None and self.stack:
            self.stack[-1].kids.append(data)


pytestmark = pytest.mark.usefixtures("board_templates")  # the built page's templates (tests/conftest.py)


def catalogue(names):
    cat = i18n.Catalogue(lang="en")
    cat.set_seats(list(names), {1})
    return cat


def model_of(session, **screen) -> table.Model:
    legal = session.legal_for_viewer()
    return table.Model(session.game.ID, session.view(), tuple(legal), session.viewer,
                       tuple(s.name for s in session.seats), tuple(s.kind for s in session.seats), **screen)


def started(gid: str, moves: int = 0) -> Session:
    """A game against the easy computer, after `moves` of the human's first legal choices (computers answer)."""
    s = Session.start(registry.load(gid), [Seat("Ann", HUMAN), Seat("", EASY)], 7, {}, "t")
    for _ in range(200):
        if s.next_bot() is not None:
            s.bot_step()
        elif moves and s.legal_for_viewer():
            s.act(s.legal_for_viewer()[0])
            moves -= 1
        else:
            break
    return s


def by_testid(root: vdom.Node, testid: str) -> vdom.Node:
    found = [n for n in walk(root) if n.attrs.get("data-testid") == testid]
    assert len(found) == 1, testid
    return found[0]


def walk(root: vdom.Node):
    for kid in root.kids:
        if isinstance(kid, vdom.Node):
            yield kid
            yield from walk(kid)


def controls(root: vdom.Node) -> list[vdom.Node]:
    return [n for n in walk(root) if "data-action" in n.attrs]


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("moves", [0, 3])
def test_the_table_shows_the_status_and_every_legal_action(gid, moves):
    s = started(gid, moves)
    legal = s.legal_for_viewer()
    assert legal, "the human has a choice"
    cat = catalogue(["Ann", ""])
    tree = table.table(model_of(s), cat)
    key, args = registry.load(gid).status(s.view())
    assert by_testid(tree, "status").textContent == cat.t(key, **args)
    assert {n.attrs["data-action"] for n in controls(tree)} == set(legal)  # board targets and the bar: none lost
    assert not any("disabled" in n.attrs for n in controls(tree))
    log = by_testid(tree, "log")
    assert len(log.children) == len(s.view()["log"])
    players = [n for n in walk(tree) if n.tag == "li" and "data-player" in n.attrs]
    assert [p.attrs["data-player"] for p in players] == ["0", "1"] and "moving" in players[0].attrs["class"]
    hints = [n for n in walk(tree) if n.attrs.get("data-testid") == "hint"]
    assert len(hints) == (1 if len(legal) >= 2 else 0)  # the hint is offered for a real choice only


@pytest.mark.parametrize("gid", GAMES)
def test_the_hint_and_the_thinking_line_are_drawn_on_the_nodes(gid):
    s = started(gid, 1)
    legal = s.legal_for_viewer()
    hinted = legal[-1]
    cat = catalogue(["Ann", ""])
    tree = table.table(model_of(s, hint=hinted, thinking=1), cat)
    marked = [n for n in controls(tree) if n.attrs.get("data-hint") == "true"]
    assert [n.attrs["data-action"] for n in marked] == [hinted]
    line = by_testid(tree, "hint-line")
    assert line.attrs["data-hint-action"] == hinted
    assert line.textContent == cat.t("game.hint_says", action=table.action_label(s.game, s.view(), hinted, cat))
    assert by_testid(tree, "thinking").textContent == cat.t("game.thinking", player=cat.seat_name(1))
    plain = table.table(model_of(s), cat)
    assert not [n for n in walk(plain) if n.attrs.get("data-hint") or n.attrs.get("data-testid") in
                ("hint-line", "thinking")]


@pytest.mark.parametrize("gid", GAMES)
def test_a_scripted_step_marks_its_target_and_disables_every_other_control(gid):
    s = started(gid, 2)
    legal = s.legal_for_viewer()
    aim = legal[len(legal) // 2]
    guide = table.Guide(gid, ("tut.skip",), "", step=2, total=9, target=aim, docked=gid == "pax")
    tree = table.table(model_of(s, guide=guide), catalogue(["Ann", ""]))
    targets = [n for n in controls(tree) if "data-tutorial-target" in n.attrs]
    assert targets and all(n.attrs["data-action"] == aim and "disabled" not in n.attrs for n in targets)
    others = [n for n in controls(tree) if n.attrs["data-action"] != aim]
    assert others and all("disabled" in n.attrs for n in others)
    panel = by_testid(tree, "tutorial")
    assert "tutorial" in panel.attrs["class"] and ("docked" in panel.attrs["class"]) == (gid == "pax")
    assert "3" in panel.querySelector("h3").textContent  # "— step 3 of 9"


def test_a_target_in_a_popover_marks_its_opener():
    root = vdom.fragment()
    root.append(vdom.el("button", {"popovertarget": "ways"}, "Room"),
                vdom.el("div", {"id": "ways", "popover": ""}, None, [
                    vdom.el("button", {"data-action": "go:1"}), vdom.el("button", {"data-action": "go:2"})]))
    table_marks.mark_target(root, "go:2")
    assert "data-tutorial-opener" in root.kids[0].attrs
    first, second = root.kids[1].kids
    assert "disabled" in first.attrs and "data-tutorial-target" in second.attrs


def test_the_news_is_marked_in_the_log_and_repeated_in_the_banner():
    s = started("sik", 1)
    log = s.view()["log"]
    first = max(0, len(log) - 2)
    cat = catalogue(["Ann", ""])
    tree = table.table(model_of(s, first_fresh=first), cat)
    items = by_testid(tree, "log").children
    assert [("fresh" in (li.attrs.get("class") or "")) for li in items] == [i >= first for i in range(len(log))]
    banner = by_testid(tree, "last-move")
    assert "hidden" not in banner.attrs and banner.attrs["data-first"] == str(first)
    assert cat.t(*[log[-1][0]], **log[-1][1]) in banner.textContent
    quiet = by_testid(table.table(model_of(s, first_fresh=len(log)), cat), "last-move")
    assert "hidden" in quiet.attrs and not quiet.kids


def test_behind_the_cover_the_table_holds_nothing_of_anyones():
    s = started("spy", 1)
    tree = table.table(table.Model("spy", None), catalogue(["Ann", ""]))
    assert not controls(tree)
    assert by_testid(tree, "status").textContent == "" and not by_testid(tree, "log").kids
    assert not by_testid(tree, "board").kids and not by_testid(tree, "actions").kids
    assert "hidden" in by_testid(tree, "last-move").attrs
    assert s.view()["log"]  # there was something to hide


def test_the_table_reads_only_its_model():
    """No session, state or storage in the model, and neither the screen nor the kit nor a board imports `js`:
    a screen can be drawn from a view and legal actions sent by another device."""
    fields = set(table.Model.__dataclass_fields__)
    assert not fields & {"session", "state", "storage", "tab"}
    web = pathlib.Path(table.__file__).parent
    for path in [web / "table.py", web / "kit.py", *sorted((web / "boards").glob("*.py"))]:
        names = {alias.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
        assert "js" not in names, path.name
    s = started("ps")
    shown = table.table(model_of(s), catalogue(["Ann", ""]))
    sent = json.loads(json.dumps({"view": s.view(), "legal": s.legal_for_viewer()}))  # as another device sends
    again = table.table(table.Model("ps", sent["view"], tuple(sent["legal"]), 0, ("Ann", ""), (HUMAN, EASY)),
                        catalogue(["Ann", ""]))
    assert vdom.program(again)[0] == vdom.program(shown)[0]
    assert controls(shown)


def board_kids(tree: vdom.Node) -> list:
    """The board's own parts: the children of its one stage (`#board > .stage`, scaled to fit by static/zoom.js)."""
    (stage,) = by_testid(tree, "board").kids
    assert stage.attrs.get("class") == "stage"
    return stage.kids


@pytest.mark.parametrize("gid", GAMES)
def test_a_redraw_that_changes_only_the_thinking_line_takes_the_last_board(gid):
    """A computer's move is drawn, then its "is thinking…" line: the second redraw takes the first one's board
    nodes and draws exactly what drawing the board anew draws; another view, hint or language draws it anew, and
    a mark set on the last board (the hint) never stays on the next."""
    s = started(gid, 1)
    cat = catalogue(["Ann", ""])
    first = table.table(model_of(s), cat)
    again = table.table(model_of(s, thinking=1), cat)
    assert board_kids(again) and all(a is b for a, b in zip(board_kids(again), board_kids(first), strict=True))
    table._LAST_BOARD.clear()
    anew = table.table(model_of(s, thinking=1), cat)
    assert not any(a is b for a, b in zip(board_kids(anew), board_kids(again), strict=True))
    assert vdom.program(anew)[0] == vdom.program(again)[0]
    hinted = s.legal_for_viewer()[-1]
    with_hint = table.table(model_of(s, hint=hinted), cat)
    assert [n.attrs["data-action"] for n in controls(with_hint) if n.attrs.get("data-hint")] == [hinted]
    without = table.table(model_of(s), cat)
    assert not [n for n in controls(without) if n.attrs.get("data-hint")]
    french = i18n.Catalogue(lang="fr")
    french.set_seats(["Ann", ""], {1})
    assert vdom.program(table.table(model_of(s), french))[0] != vdom.program(without)[0]
    s.act(s.legal_for_viewer()[0])
    moved = table.table(model_of(s), cat)
    assert not any(a is b for a, b in zip(board_kids(moved), board_kids(without), strict=False))


@pytest.mark.parametrize("gid", GAMES)
def test_a_guests_controls_waiting_for_the_host_are_enabled_again_when_the_link_is_back(gid):
    """A guest's move in flight (or its link down) disables its controls on the board; the next screen with the
    link back, on the same board, has every control enabled again (the waiting marks never stay on a board that
    is taken again)."""
    s = started(gid, 1)
    cat = catalogue(["Ann", ""])
    legal = s.legal_for_viewer()
    for link, sending in (("sending", legal[0]), ("reconnecting", None)):
        waiting = table.table(model_of(s, link=link, sending=sending), cat)
        assert controls(waiting) and all(n.attrs.get("aria-disabled") == "true" for n in controls(waiting))
        back = table.table(model_of(s, link="ok"), cat)
        assert controls(back) and not [n for n in controls(back) if "aria-disabled" in n.attrs or
                                       "aria-busy" in n.attrs], (gid, link)


def test_pax_card_faces_are_drawn_once_and_copied():
    """A PAX card's face depends on the card and the language only: it is drawn once, then each use is a copy of
    its own (a slide's origin set on one copy is not on the next) equal to a face drawn anew."""
    from pygames.web.boards import pax as pax_board

    cat = catalogue(["Ann", ""])
    pax_board.card_face.table.clear()
    dealt = pax_board.card_node("WEA-08", cat, small=True, came_from="pax-deck")
    kept = pax_board.card_node("WEA-08", cat, small=True)
    assert len(pax_board.card_face.table.results) == 1 and dealt is not kept
    assert dealt.attrs["data-anim-from"] == "pax-deck" and "data-anim-from" not in kept.attrs
    dealt.classList.add("pax-target")
    drawn = pax_board.card_face.__wrapped__("WEA-08", cat, True)
    assert vdom.program(kept)[0] == vdom.program(pax_board.card_node("WEA-08", cat, small=True))[0]
    assert vdom.program(kept)[0] == vdom.program(drawn)[0]
    assert kept.attrs["data-anim-key"] == "pax-card-WEA-08" and kept.attrs["aria-label"] == \
        pax_board.card_label("WEA-08", cat)
    french = i18n.Catalogue(lang="fr")
    assert "Richesse" in pax_board.card_node("WEA-08", french, small=True).textContent


def test_a_passages_secrets_path_is_drawn_again_only_when_it_changed():
    """The city's 27 paths: a path whose owner, token and words are as before keeps its two groups (the same nodes,
    their tokens written once); a dug path and another language draw anew. A kept group reads exactly as a group
    drawn anew."""
    from pygames.web.boards import ps as ps_board

    s = started("ps")
    cat = catalogue(["Ann", ""])
    g = s.view()["state"]
    free = [i for i, owner in enumerate(g["own"]) if owner is None]
    i, path = free[0], ps_board.PATHS[free[0]]
    first = ps_board.path_parts(g, i, path, cat)
    assert ps_board.path_parts(json.loads(json.dumps(g)), i, path, cat) is first
    anew = ps_board.draw_path.__wrapped__(path, None, g["tokens"][i], False, g["path_types"][i], cat)
    assert [vdom.program(p)[0] for p in first] == [vdom.program(p)[0] for p in anew]
    dug = {**g, "own": [0 if k == i else o for k, o in enumerate(g["own"])], "last": path}
    mine = ps_board.path_parts(dug, i, path, cat)
    assert "ps-passage" in vdom.program(mine[0])[0] and "ps-owner" in vdom.program(mine[1])[0]
    assert ps_board.path_parts(g, i, path, i18n.Catalogue(lang="fr")) is not first


def test_pax_category_columns_are_drawn_again_only_when_they_changed():
    """Rome's and each seat's seven columns: the same cards, symbols, strengths and words keep the same nodes (their
    tokens written once); a new card, another strength or another language draw anew, reading as drawn anew."""
    from pygames.web.boards import pax as pax_board

    cat = catalogue(["Ann", ""])
    cards, symbols = ["WEA-08", "REL-01"], {c: 0 for c in pax_board.CATEGORIES}
    strength = dict(symbols)
    first = pax_board.category_columns(cat, cards, strength, symbols, came_from="pax-hand-0")
    assert pax_board.category_columns(cat, list(cards), dict(strength), dict(symbols), came_from="pax-hand-0") is first
    anew = pax_board.category_columns.__wrapped__(cat, cards, strength, symbols, True, "pax-hand-0")
    assert vdom.program(first)[0] == vdom.program(anew)[0]
    assert "REL-01" in vdom.program(first)[0]
    more = pax_board.category_columns(cat, [*cards, "LAN-01"], strength, symbols, came_from="pax-hand-0")
    assert more is not first and "LAN-01" in vdom.program(more)[0]
    stronger = pax_board.category_columns(cat, cards, {**strength, "wealth": 3}, symbols, came_from="pax-hand-0")
    assert stronger is not first and "pax-bonus" in vdom.program(stronger)[0]
    french = i18n.Catalogue(lang="fr")
    assert "Richesse" in vdom.program(pax_board.category_columns(french, cards, strength, symbols,
                                                                 came_from="pax-hand-0"))[0]


def test_parts_with_no_control_are_kept_for_their_inputs_and_drawn_anew_when_they_change():
    """kit.kept: Passages Secrets' Control board (while it holds no choice), its score pad and every log line are
    the same nodes while what they show is the same, and read exactly as drawn anew; a moved marker, a choice to
    make, a scoring, another language or a line no longer news draw anew."""
    from pygames.web.boards import ps as ps_board

    s = started("ps")
    cat = catalogue(["Ann", ""])
    g = s.view()["state"]
    ctx = kit.Board(s.view(), [], cat, "ps-target")
    board = ps_board.control_board(g, cat, ctx)
    assert ps_board.control_board(g, cat, ctx) is board
    assert vdom.program(board)[0] == vdom.program(ps_board.draw_control_board(g, cat, ctx))[0]
    d = ps_board.TYPES[0]
    moved = {**g, "players": [{**g["players"][0], "pos": {**g["players"][0]["pos"], d: 2}}, g["players"][1]]}
    assert ps_board.control_board(moved, cat, ctx) is not board
    choosing = {**g, "phase": "comp", "moves": {f"comp:{d}": [[d, 0, 1]]}}
    chooser = kit.Board(s.view(), [f"comp:{d}"], cat, "ps-target")
    drawn = ps_board.control_board(choosing, cat, chooser)
    assert drawn is not board and f"comp:{d}" in chooser.placed  # a choice is drawn each time, its button placed
    assert ps_board.control_board(choosing, cat, kit.Board(s.view(), [f"comp:{d}"], cat, "ps-target")) is not drawn
    assert ps_board.control_board(g, i18n.Catalogue(lang="fr"), ctx) is not board
    pad = ps_board.score_pad(g, cat)
    assert ps_board.score_pad(g, cat) is pad and ps_board.score_pad(g, cat, "ps-over") is not pad
    line = table.log_line("Ann dug a passage.", True)
    assert table.log_line("Ann dug a passage.", True) is line
    assert table.log_line("Ann dug a passage.", False) is not line
    assert vdom.program(line)[0] == vdom.program(vdom.el("li", {"class": "fresh"}, "Ann dug a passage."))[0]


def test_spyworld_s_rules_and_the_other_players_sheets_are_kept_while_they_show_the_same():
    """kit.kept in Spyworld: the lair table with this game's gadget faces, and each other player's lair and side, are
    the same nodes while what they show is the same, and read exactly as drawn anew; another fixture on that sheet,
    other gadget faces or another language draw anew."""
    from pygames.web.boards import spy as spy_board

    s = started("spy", 1)
    cat = catalogue(["Ann", ""])
    view = s.view()
    ctx = spy_board.Ctx(view, [], cat)
    rules = spy_board.lair_rules(ctx)
    assert spy_board.lair_rules(spy_board.Ctx(view, [], cat)) is rules
    fresh = spy_board.draw_lair_rules.__wrapped__(view["state"]["lair"], view["options"], cat)
    assert vdom.program(rules)[0] == vdom.program(fresh)[0]
    faces = {**view, "options": {**view["options"], "g1": "expert" if view["options"]["g1"] == "normal" else "normal"}}
    assert spy_board.lair_rules(spy_board.Ctx(faces, [], cat)) is not rules
    assert spy_board.lair_rules(spy_board.Ctx(view, [], i18n.Catalogue(lang="fr"))) is not rules
    sheet = view["state"]["sheets"][1]
    body = spy_board.other_body(ctx, sheet)
    assert spy_board.other_body(ctx, json.loads(json.dumps(sheet))) is body
    first = "lasers" if sheet["grid"][0] != "lasers" else None
    fuller = {**sheet, "grid": [first, *sheet["grid"][1:]]}
    other = spy_board.other_body(ctx, fuller)
    assert other is not body and vdom.program(other)[0] != vdom.program(body)[0]
    assert vdom.program(other)[0] == vdom.program(vdom.el("div", {"class": "spy-sheetbody"}, None, [
        spy_board.lair_view(ctx, fuller, big=False), spy_board.sheet_side(ctx, fuller, big=False)]))[0]
    assert vdom.program(other)[0] == vdom.program(spy_board.other_sheet.__wrapped__(fuller, view["options"], cat))[0]


def test_passages_secrets_s_holdings_cards_and_marker_rows_are_kept_while_they_show_the_same():
    """kit.kept in Passages Secrets: each player's holdings, the cards box and each District marker's row without a
    choice in it are the same nodes while what they show is the same, and read exactly as drawn anew; a player's new
    loot, a marker moved or another language draw that part anew (and only that part)."""
    from pygames.web import kit
    from pygames.web.boards import ps as ps_board

    s = started("ps", 3)
    cat = catalogue(["Ann", ""])
    view = s.view()
    g = view["state"]
    box = ps_board.players_box(g, view, cat)
    again = ps_board.players_box(json.loads(json.dumps(g)), view, cat)
    assert [a.children for a in again.children[1:]] == [a.children for a in box.children[1:]]
    ann, computer = box.children[1].children
    assert again.children[1].children[0] is ann and again.children[1].children[1] is computer
    assert vdom.program(ann)[0] == vdom.program(ps_board.player_holdings(g, view, 0, cat))[0]
    richer = json.loads(json.dumps(g))
    richer["players"][0]["loot"]["red" if "red" in richer["players"][0]["loot"] else
                                 next(iter(richer["players"][0]["loot"]))] += 1
    moved = ps_board.players_box(richer, view, cat).children[1].children
    assert moved[0] is not ann and moved[1] is computer
    assert vdom.program(moved[0])[0] == vdom.program(ps_board.player_holdings(richer, view, 0, cat))[0]
    assert ps_board.players_box(g, view, i18n.Catalogue(lang="fr")).children[1].children[0] is not ann
    assert ps_board.cards_box(json.loads(json.dumps(g)), cat) is ps_board.cards_box(g, cat)
    ctx = kit.Board(view, [], cat, "ps-target")
    rows = ps_board.draw_control_board(g, cat, ctx).children[2].children[1:]
    again = ps_board.draw_control_board(json.loads(json.dumps(g)), cat, ctx).children[2].children[1:]
    assert [a is b for a, b in zip(rows, again, strict=True)] == [True] * 5
    shifted = json.loads(json.dumps(g))
    first = ps_board.TYPES[0]
    shifted["players"][0]["pos"][first] += 1 if shifted["players"][0]["pos"][first] < ps_board.Z else -1
    changed = ps_board.draw_control_board(shifted, cat, ctx).children[2].children[1:]
    assert [a is b for a, b in zip(rows, changed, strict=True)] == [False, True, True, True, True]
    assert vdom.program(changed[0])[0] == vdom.program(ps_board.control_row(shifted, first, cat, ctx))[0]


def test_shadows_in_kyoto_s_other_area_and_the_map_s_agents_are_kept_while_they_show_the_same():
    """kit.kept in Shadows in Kyoto: the other side's area and each agent on the map are the same nodes while what
    they show is the same, and read exactly as drawn anew; a card drawn by the other side, or an agent seen
    elsewhere, draws that part anew."""
    from pygames.web import kit
    from pygames.web.boards import sik as sik_board

    s = started("sik", 2)
    cat = catalogue(["Ann", ""])
    view = s.view()
    g = view["state"]
    ctx = kit.Board(view, [], cat, "sik-btn")
    other = 1 - g["me"]
    area = sik_board.other_area(g, other, cat, ctx)
    assert sik_board.other_area(json.loads(json.dumps(g)), other, cat, ctx) is area
    assert vdom.program(area)[0] == vdom.program(sik_board.player_area(g, other, cat, ctx, mine=False))[0]
    drew = json.loads(json.dumps(g))
    drew["hand_count"][other]["tactic"] += 1
    drew["deck"][other]["tactic"] -= 1
    fresh = sik_board.other_area(drew, other, cat, ctx)
    assert fresh is not area
    assert vdom.program(fresh)[0] == vdom.program(sik_board.player_area(drew, other, cat, ctx, mine=False))[0]
    assert sik_board.other_area(g, other, i18n.Catalogue(lang="fr"), ctx) is not area
    cell, side, ident, rev = g["board"][0]
    agent = sik_board.agent_part(cell, side, ident, rev, g["me"], False, cat, False, False, None)
    assert sik_board.agent_part(cell, side, ident, rev, g["me"], False, cat, False, False, None) is agent
    assert vdom.program(agent)[0] == vdom.program(kit.anim_key(
        sik_board.agent_node(cell, side, ident, rev, g["me"], False, cat, False, False), f"sik-agent-{cell}"))[0]
    assert sik_board.agent_part(cell, side, ident, rev, g["me"], False, cat, True, False, None) is not agent


def test_pax_s_card_faces_are_kept_for_their_card_size_words_and_origin():
    """kit.kept in PAX: a card shown again where it was is the same node, named by the next patch instead of
    described again; it reads exactly as its face copied anew, and another size, origin or language is another."""
    from pygames.web.boards import pax as pax_board

    cat = catalogue(["Ann", ""])
    card = next(iter(pax_board.CARDS))
    node = pax_board.card_node(card, cat, small=True, came_from="pax-deck")
    assert pax_board.card_node(card, cat, small=True, came_from="pax-deck") is node
    fresh = pax_board.card_face(card, cat, True).cloneNode(True)
    fresh.setAttribute("data-anim-from", "pax-deck")
    assert vdom.program(node)[0] == vdom.program(fresh)[0]
    assert pax_board.card_node(card, cat, small=False, came_from="pax-deck") is not node
    assert pax_board.card_node(card, cat, small=True) is not node
    french = pax_board.card_node(card, i18n.Catalogue(lang="fr"), small=True, came_from="pax-deck")
    assert french is not node and vdom.program(french)[0] != vdom.program(node)[0]


def test_a_lasting_part_is_written_once_then_copied_into_each_tree():
    part = vdom.lasting(vdom.svg("g", {"class": "kept"}, None, [vdom.svg("line", {"x1": "1"})]))
    once = vdom.program(vdom.el("div", None, None, [part]))[0]
    part.attrs["class"] = "changed"  # a lasting part never changes: its tokens as first written are what is copied
    assert vdom.program(vdom.el("div", None, None, [part]))[0] == once
    inside = vdom.program(vdom.el("section", None, None, [part]))[0]
    assert "kept" in inside and "changed" not in inside


@pytest.mark.parametrize("gid", GAMES)
def test_a_board_prepared_ahead_is_taken_by_the_redraw(gid):
    """A computer's move: its board is drawn in a task of its own (`prepare`, nodes and tokens for the page), and
    the redraw that follows (the same board, the thinking line gone) takes it instead of drawing it again, with
    the same marks (a guided step's target, the hint) as a board drawn anew."""
    s = started(gid, 1)
    cat = catalogue(["Ann", ""])
    legal = s.legal_for_viewer()
    guide = table.Guide(gid, ("tut.skip",), "", step=1, total=5, target=legal[0])
    for marks in ({"guide": guide}, {"hint": legal[-1]}, {}):
        table.prepare(model_of(s, thinking=1, **marks), cat)
        prepared = table._LAST_BOARD[0][1]
        tree = table.table(model_of(s, **marks), cat)
        assert board_kids(tree) and all(a is b for a, b in zip(board_kids(tree), prepared.kids, strict=True))
        text = vdom.program(tree)[0]
        table._LAST_BOARD.clear()
        vdom.reusable([])
        assert text == vdom.program(table.table(model_of(s, **marks), cat))[0], marks
    table.prepare(table.Model(gid, None), cat)  # behind the cover: nothing to draw
    assert len(table._LAST_BOARD) == 1


def test_a_card_button_that_says_what_it_does_is_named_by_its_own_words():
    """A Spyworld agent card to keep has "Keep Dolphin" on it: no aria-label over its words (the browser names it from
    its lines, name, bonus and power apart: an aria-label made of its text ran them together, "DolphinBonus"), the
    tooltip still says it. A button whose words do not say what it does gets them first, then the label (WCAG 2.5.3)."""
    from pygames.web import kit
    from pygames.web.boards.spy import agent_card

    card = agent_card(catalogue([]), "dolphin")
    card.querySelector(".spy-agent-text").appendChild(kit.el("span", None, "Keep Dolphin"))
    node = kit.target_button("keep:dolphin", "Keep Dolphin", children=[card])
    assert node.getAttribute("aria-label") is None and node.getAttribute("title") == "Keep Dolphin"
    plain = kit.target_button("dig:T2", "Dig the Bank path", text="Vault")
    assert plain.getAttribute("aria-label") == "Vault: Dig the Bank path"
    assert kit.target_button("x", "Dig", text="Dig").getAttribute("aria-label") is None


@pytest.mark.parametrize("gid", GAMES)
def test_every_panel_a_board_folds_is_the_players_to_open_and_close(gid):
    """A `details` on a board is a kit.fold (data-owned="open"): a redraw (the player's next tap, the computer's
    move) never closes another player's sheet the player opened, nor opens a panel they closed."""
    s = started(gid)
    cat = catalogue(["Ann", ""])
    seen = 0
    for _ in range(40):
        board = by_testid(table.table(model_of(s), cat), "board")
        folds = [n for n in walk(board) if n.tag == "details"]
        assert all(n.attrs.get("data-owned") == "open" for n in folds), [n.attrs for n in folds]
        seen += len(folds)
        if not s.legal_for_viewer():
            break
        s.act(s.legal_for_viewer()[-1])
        while s.next_bot() is not None:
            s.bot_step()
    if gid == "spy":
        assert seen, "Spyworld's rules box and the other sheets fold"


def test_the_passages_secrets_score_pad_folds_and_its_line_says_the_running_totals():
    """PS-6.25's score pad on the board is a panel folded at first (kit.fold): its line names each player's running
    total once a scoring is done, the whole pad one tap away; on the end screen it is the whole pad."""
    from pygames.web.boards import ps as ps_board

    s = started("ps")
    cat = catalogue(["Ann", ""])
    for _ in range(400):
        if s.view()["state"].get("mid") or not s.legal_for_viewer():
            break
        s.act(s.legal_for_viewer()[0])
        while s.next_bot() is not None:
            s.bot_step()
    g = s.view()["state"]
    assert g.get("mid"), "the midgame scoring was reached"
    pad = ps_board.draw_score_pad(g, cat)
    assert pad.tag == "details" and "open" not in pad.attrs and pad.attrs["data-owned"] == "open"
    totals = [sum(g["mid"]["cats"][seat]) for seat in (0, 1)]
    line = vdom.program(pad.children[0])[0]
    assert f"Ann {totals[0]}" in line and f"{cat.seat_name(1)} {totals[1]}" in line
    assert ps_board.draw_score_pad(g, cat, "ps-over").tag == "section"


def test_a_touch_preview_is_part_of_the_model_and_survives_a_redraw():
    """Issue 47: the tapped choice (touch preview) is the screen's state: the same model draws it again after any
    redraw (a computer submitting meanwhile), its target selected, its words, Confirm and Cancel heading the action
    bar; a choice that is not on the board (or no longer legal) draws no preview."""
    s = started("spy", 2)
    cat = catalogue(["Ann", ""])
    tree = table.table(model_of(s), cat)
    board = by_testid(tree, "board")
    target = next(n for n in controls(board))
    action = target.attrs["data-action"]
    for _ in range(2):  # drawn twice from the same model: the same preview
        shown = table.table(model_of(s, previewing=action), cat)
        preview = by_testid(shown, "preview")
        bar = by_testid(shown, "actions")
        assert bar.kids[0] is preview
        confirm = [n for n in walk(preview) if n.attrs.get("data-confirm")]
        assert len(confirm) == 1 and confirm[0].attrs["data-action"] == action
        words = " ".join(str(target.attrs.get("title") or target.attrs.get("aria-label") or target.textContent).split())
        assert preview.children[0].textContent == words
        selected = [n for n in controls(by_testid(shown, "board")) if n.attrs.get("data-previewing")]
        assert [n.attrs["data-action"] for n in selected] == [action]
    bar_only = [a for a in s.legal_for_viewer() if a not in {n.attrs["data-action"] for n in controls(board)}]
    for other in [*bar_only[:1], "not-an-action"]:
        assert not [n for n in walk(table.table(model_of(s, previewing=other), cat))
                    if n.attrs.get("data-testid") == "preview"]


def test_the_banners_other_lines_are_folded_behind_a_button_at_its_top():
    """Issue 47: "N more lines" sat after the banner's first lines, out of view on a phone; it is now a button at
    the banner's top (beside Replay), its lines in the page (hidden) and shown when the model says so."""
    s = started("pax", 3)
    log = s.view()["log"]
    cat = catalogue(["Ann", ""])
    first = max(0, len(log) - 8)
    closed = by_testid(table.table(model_of(s, first_fresh=first), cat), "last-move")
    more = [n for n in walk(closed) if n.attrs.get("data-testid") == "last-more"]
    assert len(more) == 1 and more[0].attrs["aria-expanded"] == "false"
    assert closed.kids.index(more[0]) < next(i for i, n in enumerate(closed.kids) if n.tag == "strong")
    rest = next(n for n in walk(closed) if n.attrs.get("id") == "last-rest")
    assert "hidden" in rest.attrs and len(rest.kids) == len(log) - first - 3
    opened = by_testid(table.table(model_of(s, first_fresh=first, news_open=True), cat), "last-move")
    assert "hidden" not in next(n for n in walk(opened) if n.attrs.get("id") == "last-rest").attrs
    assert opened.attrs["data-more"] == "open"
