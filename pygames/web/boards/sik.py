"""Shadows in Kyoto on the table: the 5 × 6 map, both prisons, both players' areas and the pending decision.

Reads only the view (plus the static map data of the game package, never the state). The map is an SVG built
from the data file (cell types, HQs, territories, start cells); its symbols, the cards and the tokens are clones
of the Jinja2-prebuilt fragments of templates/sik/fragments.html.j2; every word comes from the catalogue.

Legal targets on the map (agents to pick, cells to reach, agents to push or to target) are absolutely positioned
<button data-action> elements over the SVG cells, sized in percent of the map so they scale with it. Cards,
decks, identity choices and the yes/no interrupts are buttons in the player's area and in the prompt panel.
The viewer's side is always at the bottom of the map.
"""

from __future__ import annotations

import json

from pygames.shadows_in_kyoto import data as D
from pygames.web import kit, vdom
from pygames.web.kit import clone
from pygames.web.vdom import el, svg

POINTS_CHART = False  # SIK-6.1: no points; the end screen's table counts captures, which a chart must not add up

O, G = D.O, D.G  # noqa: E741  (sides: Oniwaban, Government)
CELL, PAD = 100, 26
NCOL, NROW = len(D.COLUMNS), D.ROWS
WIDTH, HEIGHT = PAD * 2 + CELL * NCOL, PAD * 2 + CELL * NROW
SIDE_CLASS = ("sik-o", "sik-g")
EMBLEM = ("oniwaban", "government")
CELL_VERBS = {"agent", "dest", "push", "pushto", "ex1", "ex2", "baitto", "target"}
CARD_VERBS = {"play", "mark", "fancard"}
BACK_ASKS = {"agent", "dest", "ex2", "swap", "pushto", "mark"}  # the previous tap was the same player's, with no reveal
TINT = {"temple": "#f8d3bd", "house": "#bfe8da", "market": "#f8f1a6", "castle": "#bcd9ef", "neutral": "#e6e2d8"}
HQ_TINT = ("#b7cbbd", "#ecdcac")
XLINK = "http://www.w3.org/1999/xlink"


# ---------------------------------------------------------------------- small builders


def use(symbol: str, x, y, size, cls: str | None = None):
    """One of the map's symbols, `size` wide at (x, y)."""
    return kit.symbol(f"sik-sym-{symbol}", {"x": x, "y": y, "width": size, "height": size}, cls)


def card_kind(card: str) -> str:
    return "site" if D.is_site(card) else "tactic"


def card_node(card: str, cat, small: bool = False):
    """A face-up card: its colour band and symbol, its name (colour-blind safe: the symbol names the type)."""
    node = kit.card("sik-card", (f"sik-card-{card}", f"sik-{card_kind(card)}", "sik-small" if small else ""),
                    texts={".sik-card-name": cat.t(f"sik.card.{card}")}, title=cat.t(f"sik.ui.desc.{card}"))
    node.querySelector(".sik-card-sym").setAttribute("href", f"#sik-sym-{card}")
    return node


def back_node(label: str = "", small: bool = True):
    return kit.card("sik-back", ("sik-small" if small else "",), texts={".sik-card-name": label})


def token_node(side: int, ident: str | None, cat, extra: str = ""):
    """An agent token in HTML (prisons, identity choices): emblem, power, true/false mark."""
    node = clone("sik-token")
    node.classList.add(SIDE_CLASS[side])
    if extra:
        node.classList.add(extra)
    node.querySelector(".sik-token-emblem").setAttribute("href", f"#sik-sym-{EMBLEM[side]}")
    power = node.querySelector(".sik-token-power")
    if ident:
        power.textContent = ident[0]
        mark = "#sik-sym-" + ("true" if D.is_true(ident) else "false")
        node.querySelector(".sik-token-tf").setAttribute("href", mark)
    else:
        power.textContent = "?"
        node.remove_matching(".sik-token-tf")
    node.setAttribute("role", "img")
    node.setAttribute("aria-label", agent_words(side, ident, cat))
    node.setAttribute("title", agent_words(side, ident, cat))
    return node


def agent_words(side: int, ident: str | None, cat) -> str:
    if not ident:
        return cat.t("sik.ui.agent_hidden", side=f"@sik.side.{side}")
    truth = cat.t("sik.ui.true" if D.is_true(ident) else "sik.ui.false")
    return cat.t("sik.ui.agent", side=f"@sik.side.{side}", power=ident[0], truth=truth)


def format_arg(name: str, value, cat) -> str | None:
    """Identities travel as codes ("3T"); log lines and labels show them in words ("3 true" / "3 vrai")."""
    if name not in ("identity", "attacker", "defender", "guess") or value not in D.IDENTITIES:
        return None
    key = "sik.ui.identity_true" if D.is_true(value) else "sik.ui.identity_false"
    return cat.t(key, power=D.IDENTITIES[value]["power"])


# ---------------------------------------------------------------------- the renderer


def render(board, view: dict, legal: list, cat) -> set:
    g = view["state"]
    me = g["me"]
    ctx = kit.Board(view, legal, cat, "sik-btn")
    board.appendChild(kit.defs("sik-defs"))
    root = el("div", {"class": "sik" + (" sik-flip" if me == G else ""), "data-testid": "sik-table"})
    board.appendChild(root)
    bottom = me if me is not None else O
    top = 1 - bottom
    # targets on the map and in the hands first; the prompt panel then offers every remaining legal choice
    opponent = other_area(g, top, cat, ctx)
    table = map_node(view, g, me, cat, legal, ctx)
    own = player_area(g, bottom, cat, ctx, mine=me is not None)
    prompt = prompt_panel(view, g, me, cat, legal, ctx)
    aside = el("div", {"class": "sik-aside"}, None, [prompt, prisons(g, bottom, cat, captured_at(view, g))])
    root.appendChild(opponent)
    root.appendChild(el("div", {"class": "sik-middle"}, None, [table, aside]))
    root.appendChild(own)
    return ctx.placed


# ---------------------------------------------------------------------- the map


def xy(cell: str, flip: bool) -> tuple[int, int]:
    """Top-left corner of a cell in SVG units; the viewer's home row is at the bottom."""
    col, row = D.COLUMNS.index(cell[0]), int(cell[1:])
    x, y = (NCOL - 1 - col, row - 1) if flip else (col, NROW - row)
    return PAD + x * CELL, PAD + y * CELL


def recent_moves(view: dict) -> list[tuple[str, str, str]]:
    """(kind, from, to) of the moves logged since the start of the previous turn (arrows on the map)."""
    log = view["log"]
    turns = [i for i, (k, _a) in enumerate(log) if k == "sik.log.turn"]
    start = turns[-2] if len(turns) >= 2 else 0
    out = []
    for key, args in log[start:]:
        if key in ("sik.log.move", "sik.log.attack", "sik.log.push", "sik.log.bait_push"):
            out.append((key.rsplit(".", 1)[1], args["frm"], args["dst"]))
    return out


def this_turn(view: dict) -> list:
    """The public log since the current turn began (what the slides may replay)."""
    log = view["log"]
    start = max((i for i, (k, _a) in enumerate(log) if k == "sik.log.turn"), default=0)
    return log[start:]


def moved_from(view: dict) -> dict[str, str]:
    """Cell now -> cell before, for the agents moved this turn (public log): the map's slides."""
    came = {}
    for key, args in this_turn(view):  # an attack moves the attacker only once won (SIK-4.37: lost, it stays)
        if key in ("sik.log.move", "sik.log.conflict_won", "sik.log.push", "sik.log.bait_push"):
            came[args["dst"]] = args["frm"]
    return came


def captured_at(view: dict, g: dict) -> dict[tuple[int, int], str]:
    """(captor side, prison index) -> the cell of the capture, for this turn's captures (public log)."""
    cells: dict[int, list[str]] = {0: [], 1: []}
    for key, args in this_turn(view):
        if key == "sik.log.capture" and args.get("player") in g["seats"]:
            cells[g["seats"].index(args["player"])].append(args["cell"])
    out = {}
    for captor, found in cells.items():
        size = len(g["prison"][captor])
        for k, cell in enumerate(found[-size:] if size else []):
            out[(captor, size - len(found[-size:]) + k)] = cell
    return out


def map_node(view: dict, g: dict, me, cat, legal: list, ctx: kit.Board):
    flip = me == G
    wrap = el("div", {"class": "sik-map", "data-anim-frame": "sik-map"})
    root = svg("svg", {"viewBox": f"0 0 {WIDTH} {HEIGHT}", "class": "sik-svg", "role": "img",
                       "aria-label": cat.t("sik.ui.map")})
    occupants = {c: (s, i, r) for c, s, i, r in g["board"]}
    ask = g["ask"] or {}
    mine_to_act = me is not None and ask.get("side") == me
    selected = set()
    if mine_to_act and ask.get("k") in ("dest", "ex2", "pushto", "baitto") and ask.get("cell"):
        selected.add(ask["cell"])
    if mine_to_act and ask.get("k") == "swap":
        selected |= {ask["a"], ask["b"]}
    if ask.get("k") == "pistol":
        selected |= {ask["frm"], ask["dst"]}
    next_start = g["next_start"] if mine_to_act else None
    root.appendChild(ground(flip, cat))
    if next_start is not None:
        x, y = xy(next_start, flip)
        root.appendChild(svg("rect", {"x": x + 4, "y": y + 4, "width": CELL - 8, "height": CELL - 8,
                                      "class": "sik-next"}))
    deduce = me is not None and g["active"] == me and g["phase"] == "play"
    came = moved_from(view)
    for cell, (side, ident, rev) in occupants.items():
        deduced = deduce and side != me and not ident and cell in g["escape_cells"][1 - me]
        root.appendChild(agent_part(cell, side, ident, rev, me, flip, cat, cell in selected, deduced, came.get(cell)))
    for kind, frm, dst in recent_moves(view):  # the last moves, drawn over the tokens
        root.appendChild(arrow(frm, dst, flip, kind))
    for key, symbol in (("stun", "stun"), ("medicine", "medicine"), ("medicine_now", "medicine")):
        target = g.get(key)
        if target and target[0]:
            x, y = xy(target[0], flip)
            root.appendChild(svg("g", {"class": f"sik-effect sik-effect-{symbol}"}, None, [
                svg("circle", {"cx": x + CELL - 16, "cy": y + CELL - 16, "r": 14}),
                use(symbol, x + CELL - 27, y + CELL - 27, 22),
                svg("title", None, cat.t(f"sik.ui.{key}", cell=target[0]))]))
    wrap.appendChild(root)
    for action in legal:
        verb, _, arg = action.partition(":")
        if verb not in CELL_VERBS or arg not in D.CELLS:
            continue
        x, y = xy(arg, flip)
        label = cell_action_label(action, occupants, me, cat)
        hit = ctx.button(action, label, cls="sik-hit sik-hit-" + verb)
        hit.setAttribute("style", f"left:{x / WIDTH * 100:.3f}%;top:{y / HEIGHT * 100:.3f}%;"
                                  f"width:{CELL / WIDTH * 100:.3f}%;height:{CELL / HEIGHT * 100:.3f}%")
        wrap.appendChild(hit)
    return wrap


def ground(flip: bool, cat):
    """The map's cells and coordinates never change during a game: a static part per orientation and language,
    built once, then kept in the board (a tap's redraw stays short: `build.py bench`)."""
    return vdom.static(f"sik-ground:{int(flip)}:{cat.lang}", lambda: ground_tree(flip, cat))


def ground_tree(flip: bool, cat):
    layer = svg("g", {"class": "sik-ground"})
    for cell in D.ALL_CELLS:
        layer.appendChild(cell_node(cell, flip, cat))
    for letter in D.COLUMNS:
        x, _y = xy(f"{letter}1", flip)
        for y in (PAD * 0.7, HEIGHT - PAD * 0.25):
            layer.appendChild(svg("text", {"x": x + CELL / 2, "y": y, "class": "sik-coord"}, letter))
    for row in range(1, NROW + 1):
        _x, y = xy(f"a{row}", flip)
        for x in (PAD / 2, WIDTH - PAD / 2):
            layer.appendChild(svg("text", {"x": x, "y": y + CELL / 2 + 6, "class": "sik-coord"}, str(row)))
    return layer


def cell_node(cell: str, flip: bool, cat):
    info = D.CELLS[cell]
    kind = info["type"]
    x, y = xy(cell, flip)
    group = svg("g", {"class": f"sik-cell sik-cell-{kind}", "data-cell": cell})
    hq = info.get("hq")
    fill = HQ_TINT[hq] if hq is not None else TINT[kind]
    group.appendChild(svg("rect", {"x": x, "y": y, "width": CELL, "height": CELL, "fill": fill, "class": "sik-tile"}))
    terr = info.get("terr")
    if terr is not None:
        group.appendChild(svg("rect", {"x": x, "y": y, "width": CELL, "height": CELL,
                                       "fill": f"url(#sik-terr-{terr})", "class": "sik-terr"}))
    symbol = "hq" if hq is not None else kind
    group.appendChild(use(symbol, x + 4, y + 4, 22, f"sik-sym sik-sym-{symbol}" +
                          (f" sik-hq-{hq}" if hq is not None else "")))
    if hq is not None:
        group.appendChild(use(EMBLEM[hq], x + CELL - 25, y + 6, 19, f"sik-hq-emblem sik-hq-{hq}"))
    if info.get("start") is not None:
        group.appendChild(use("start", x + 7, y + CELL - 21, 14, "sik-startmark"))
    group.appendChild(svg("text", {"x": x + CELL - 6, "y": y + CELL - 6, "class": "sik-cellname"}, cell))
    words = cat.t("sik.cell.hq") + " " + cat.t(f"sik.side.{hq}") if hq is not None else cat.t(
        "sik.cell.neutral" if kind == D.NEUTRAL else f"sik.card.{kind}")
    group.appendChild(svg("title", None, f"{cell}: {words}"))
    return group


def agent_part(cell, side, ident, rev, me, flip, cat, selected: bool, deduced: bool, came: str | None):
    """An agent on the map with its identity for the slides (where it came from, if it moved this turn); kept from
    one redraw to the next for exactly these inputs (kit.kept): a tap moves one or two agents, not twelve."""
    def build():
        agent = agent_node(cell, side, ident, rev, me, flip, cat, selected, deduced)
        return kit.anim_key(agent, f"sik-agent-{cell}", f"sik-agent-{came}" if came is not None else None)
    key = ("agent", cell, side, ident, rev, me, flip, selected, deduced, came, kit.words_key(cat))
    return kit.kept(_KEPT, key, build, KEEP)


def agent_node(cell, side, ident, rev, me, flip, cat, selected: bool, deduced: bool):
    x, y = xy(cell, flip)
    cx, cy = x + CELL / 2 + 3, y + CELL / 2 + 6
    cls = f"sik-agent {SIDE_CLASS[side]}" + (" sik-mine" if side == me else "") + (" sik-revealed" if rev else "")
    cls += " sik-selected" if selected else ""
    group = svg("g", {"class": cls, "data-cell": cell})
    group.appendChild(svg("circle", {"cx": cx, "cy": cy, "r": 34, "class": "sik-drop"}))  # its shadow (art/sik.css)
    group.appendChild(svg("circle", {"cx": cx, "cy": cy, "r": 32, "class": "sik-disc"}))
    if side == me and not rev:
        group.appendChild(svg("circle", {"cx": cx, "cy": cy, "r": 37, "class": "sik-secret-ring"}))
    group.appendChild(use(EMBLEM[side], cx - 8, cy - 29, 16, "sik-emblem"))
    if ident:
        group.appendChild(svg("text", {"x": cx - 6, "y": cy + 19, "class": "sik-power"}, ident[0]))
        group.appendChild(use("true" if D.is_true(ident) else "false", cx + 7, cy + 1, 19, "sik-tf"))
        if side == me:
            group.setAttribute("data-ident", ident)
    else:
        group.appendChild(svg("text", {"x": cx, "y": cy + 18, "class": "sik-power sik-unknown"},
                              "F?" if deduced else "?"))
    if rev:
        group.appendChild(use("eye", cx + 14, cy - 40, 22, "sik-eye"))
    words = agent_words(side, ident, cat)
    if rev:
        words += " — " + cat.t("sik.ui.revealed")
    elif ident and side == me:
        words += " — " + cat.t("sik.ui.secret")
    if deduced:
        words += " — " + cat.t("sik.ui.deduced")
    group.appendChild(svg("title", None, f"{cell}: {words}"))
    return group


def arrow(frm: str, dst: str, flip: bool, kind: str):
    x1, y1 = xy(frm, flip)
    x2, y2 = xy(dst, flip)
    half = CELL / 2
    return svg("line", {"x1": x1 + half, "y1": y1 + half, "x2": x2 + half, "y2": y2 + half,
                        "class": f"sik-arrow sik-arrow-{kind}", "marker-end": "url(#sik-arrowhead)"})


def cell_action_label(action: str, occupants: dict, me, cat) -> str:
    """The label of a map button, with its consequence (an attack reveals the defender)."""
    verb, _, cell = action.partition(":")
    occ = occupants.get(cell)
    if verb == "dest" and occ is not None and occ[0] != me:
        known = occ[1]
        return cat.t("sik.ui.attack", cell=cell, defender=known or cat.t("sik.hidden"))
    if verb == "dest":
        return cat.t("sik.act.dest", cell=cell)
    if verb in ("agent", "ex1", "ex2") and occ is not None and occ[1]:
        return cat.t(f"sik.act.{verb}", cell=cell) + f" ({occ[1]})"
    if verb == "target":
        return cat.t("sik.act.target", cell=cell)
    return cat.t(f"sik.act.{verb}", cell=cell)


# ---------------------------------------------------------------------- players' areas


_KEPT: dict = {}  # the parts drawn before with no control in them (kit.kept), for their inputs
KEEP = 160  # parts kept at most: the other side's areas and the map's agents seen lately


def other_area(g: dict, side: int, cat, ctx: kit.Board):
    """The other side's area (no control of the viewer's in it), kept from one redraw to the next while what it
    shows is the same (kit.kept): most taps change the viewer's own hand and the map, not it."""
    cha = g["charisma"][side]
    key = ("area", side, json.dumps([
        g["seats"][side], g["active"] == side and g["phase"] == "play" and g["turn"], g["hand_count"][side],
        (g.get("known_hand") or [[], []])[side], g["deck"][side], g["bottom"][side], g["discard_size"][side],
        g["discard_top"][side], g["bait_marks"][side], cha, g["ruri"] if cha == "ruri" else None,
        g["equipment"][side] if g["equipment"] is not None else None], sort_keys=True), kit.words_key(cat))
    return kit.kept(_KEPT, key, lambda: player_area(g, side, cat, ctx, mine=False), KEEP)


def player_area(g: dict, side: int, cat, ctx: kit.Board, mine: bool):
    seat = g["seats"][side]
    area = el("section", {"class": f"sik-area {SIDE_CLASS[side]}" + (" sik-me" if mine else " sik-opp"),
                          "data-side": side, "data-dock": "hand" if mine else None})  # docked: app.css
    head = el("div", {"class": "sik-area-head"}, None, [
        svg("svg", {"class": "sik-icon", "viewBox": "0 0 24 24", "width": 22, "height": 22, "aria-hidden": "true"},
            None, [svg("use", {"href": f"#sik-sym-{EMBLEM[side]}"})]),
        el("strong", None, cat.seat_name(seat)),
        el("span", {"class": "sik-sidename"}, cat.t(f"sik.side.{side}")),
    ])
    if g["active"] == side and g["phase"] == "play":
        head.appendChild(el("span", {"class": "sik-turn"}, cat.t("sik.ui.turn", turn=g["turn"])))
    area.appendChild(head)
    row = el("div", {"class": "sik-area-row"})
    row.appendChild(hand_node(g, side, cat, ctx, mine))
    row.appendChild(decks_node(g, side, cat, ctx, mine))
    row.appendChild(discard_node(g, side, cat, mine))
    bait = bait_node(g, side, cat, mine)
    if bait is not None:
        row.appendChild(bait)
    extra = modules_node(g, side, cat)
    if extra is not None:
        row.appendChild(extra)
    area.appendChild(row)
    return area


def hand_node(g: dict, side: int, cat, ctx: kit.Board, mine: bool):
    box = el("div", {"class": "sik-hand" + (" sik-own-hand" if mine else ""), "data-anim-key": f"sik-hand-{side}"})
    counts = g["hand_count"][side]
    total = counts["site"] + counts["tactic"]
    if not mine:
        box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.opp_hand", n=total, site=counts["site"],
                                                           tactic=counts["tactic"])))
        box.appendChild(kit.hand((kit.anim_key(back_node(cat.t(f"sik.ui.back.{kind}")), f"sik-hand-{side}-{kind}-{j}",
                                               f"sik-deck-{side}-{kind}")
                                  for kind in ("site", "tactic") for j in range(counts[kind])), "sik-cards"))
        known = (g.get("known_hand") or [[], []])[side]
        if known:
            box.appendChild(el("p", {"class": "sik-note"}, cat.t(
                "sik.ui.known_hand", cards=["@sik.card." + c for c in known])))
        return box
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.hand", n=total)))
    cards = []
    hand = g["hand"][side] or []
    asking = (g["ask"] or {}).get("k")
    for card in hand:
        action = next((f"{v}:{card}" for v in CARD_VERBS if f"{v}:{card}" in ctx.legal), None)
        node = card_node(card, cat)
        if action is not None:
            label = cat.t(f"sik.ui.{action.partition(':')[0]}_card", card=f"@sik.card.{card}",
                          effect=f"@sik.ui.desc.{card}")
            cards.append(ctx.button(action, label, cls="sik-cardbtn", children=[node]))
        else:
            if asking in ("card", "mark", "fancard") and g["ask"]["side"] == side:
                node.classList.add("sik-dim")
            cards.append(node)
    box.appendChild(kit.hand(cards, "sik-cards"))
    return box


def decks_node(g: dict, side: int, cat, ctx: kit.Board, mine: bool):
    box = el("div", {"class": "sik-decks", "data-anim-frame": f"sik-decks-{side}"})
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.decks")))
    decks = []
    for kind in ("site", "tactic"):
        n = g["deck"][side][kind]
        text = cat.t(f"sik.ui.deck.{kind}", n=n)
        action = f"draw:{kind}"
        if mine and action in ctx.legal:
            decks.append(ctx.button(action, cat.t("sik.ui.draw_from", deck=f"@sik.kind.{kind}", n=n),
                                    cls="sik-cardbtn sik-deckbtn", children=[back_node(text, small=False)]))
        else:
            decks.append(kit.anim_key(back_node(text, small=False), f"sik-deck-{side}-{kind}"))
    box.appendChild(kit.hand(decks, "sik-cards"))
    bottom = g["bottom"][side]
    if bottom["site"] or bottom["tactic"]:
        box.appendChild(el("p", {"class": "sik-note"}, cat.t("sik.ui.bottom", site=bottom["site"],
                                                             tactic=bottom["tactic"])))
    return box


def discard_node(g: dict, side: int, cat, mine: bool):
    box = el("div", {"class": "sik-discard", "data-anim-frame": f"sik-discard-{side}"})
    size = g["discard_size"][side]
    top = g["discard_top"][side]
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.discard", n=size)))
    if top:  # a new top card (its key counts the pile) flies in from its player's hand
        box.appendChild(kit.anim_key(card_node(top, cat, small=True), f"sik-discard-{side}-{size}", f"sik-hand-{side}"))
    else:
        box.appendChild(el("p", {"class": "sik-note"}, cat.t("sik.ui.empty")))
    pile = g["discard"][side]
    if mine and pile:
        cards = kit.hand((card_node(card, cat, small=True) for card in reversed(pile)), "sik-cards")
        box.appendChild(kit.fold(cat.t("sik.ui.discard_all"), [cards], {"class": "sik-pile"}))
    return box


def bait_node(g: dict, side: int, cat, mine: bool):
    counts = g["bait_marks"][side]
    if not counts:
        return None
    box = el("div", {"class": "sik-bait"})
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.bait_area")))
    marks = g["bait"][side] if mine else None
    for index, n in enumerate(counts):
        box.appendChild(kit.hand([card_node("bait", cat, small=True)] + [
            marked_node(marks[index][j], cat) if marks is not None else back_node(cat.t("sik.ui.marked"))
            for j in range(n)], "sik-baitrow"))
    return box


def marked_node(card: str, cat):
    """A card the viewer marked on their own Bait (its face is theirs to see)."""
    node = card_node(card, cat, small=True)
    node.classList.add("sik-marked")
    node.setAttribute("title", cat.t("sik.ui.marked_own"))
    return node


def modules_node(g: dict, side: int, cat):
    """Charisma card (and Ruri's card) and the three Equipment cards, when those modules are on."""
    parts = []
    cha = g["charisma"][side]
    if cha is not None:
        chip = el("div", {"class": "sik-chip sik-cha", "title": cat.t(f"sik.ui.cha_desc.{cha}")}, None, [
            el("strong", None, cat.t(f"sik.cha.{cha}")), el("span", None, cat.t(f"sik.ui.cha_desc.{cha}"))])
        parts.append(chip)
        if cha == "ruri" and g["ruri"]:
            parts.append(el("div", {"class": "sik-ruri"}, None, [
                el("span", None, cat.t("sik.ui.ruri_card")), card_node(g["ruri"], cat, small=True)]))
    eq = g["equipment"]
    if eq is not None:
        for name, state in eq[side].items():
            chip = el("div", {"class": f"sik-chip sik-eq sik-eq-{state}", "title": cat.t(f"sik.ui.eq_desc.{name}")},
                      None, [el("strong", None, cat.t(f"sik.eq.{name}")),
                             el("span", None, cat.t(f"sik.eqstate.{state}"))])
            parts.append(chip)
    if not parts:
        return None
    return el("div", {"class": "sik-modules"}, None, [el("h4", {"class": "sik-h"}, cat.t("sik.ui.modules")), *parts])


def prisons(g: dict, bottom: int, cat, captures: dict | None = None):
    """Both prisons; `captures` ((captor, index) -> cell, this turn's) makes a new prisoner slide from its cell."""
    captures = captures or {}
    box = el("div", {"class": "sik-prisons"})
    for captor in (1 - bottom, bottom):
        victims = g["prison"][captor]
        tokens = [kit.anim_key(token_node(1 - captor, ident, cat, "sik-small"), f"sik-prison-{captor}-{i}",
                               f"sik-agent-{captures[(captor, i)]}" if (captor, i) in captures else None)
                  for i, ident in enumerate(victims)]
        row = kit.hand(tokens or [el("span", {"class": "sik-note"}, cat.t("sik.ui.empty"))], "sik-tokens",
                       {"data-anim-frame": f"sik-prison-{captor}"})
        trues = sum(D.is_true(i) for i in victims)
        box.appendChild(el("div", {"class": f"sik-prison {SIDE_CLASS[captor]}"}, None, [
            el("h4", {"class": "sik-h"}, cat.t("sik.ui.prison", player=g["seats"][captor])),
            row,
            el("p", {"class": "sik-note"}, cat.t("sik.ui.prison_count", trues=trues, falses=len(victims) - trues,
                                                 need_t=D.TRUE_TO_CAPTURE, need_f=D.FALSE_TO_LOSE))]))
    return box


# ---------------------------------------------------------------------- the prompt panel


def prompt_panel(view: dict, g: dict, me, cat, legal: list, ctx: kit.Board):
    box = el("section", {"class": "sik-prompt", "data-testid": "sik-prompt", "aria-live": "polite"})
    for line in recent_events(view, cat):
        box.appendChild(el("p", {"class": "sik-event"}, line))
    ask = g["ask"]
    if ask is None:
        return box
    k = ask["k"]
    if me is None or ask["side"] != me or not legal:
        box.appendChild(el("p", {"class": "sik-wait"}, cat.t("sik.ui.waiting", player=g["seats"][ask["side"]],
                                                            what=f"@sik.ui.doing.{k}")))
        return box
    box.appendChild(el("p", {"class": "sik-ask"}, ask_text(g, ask, me, cat, legal)))
    choices = el("div", {"class": "sik-choices"})
    for action in legal:
        if action in ctx.placed:
            continue
        node = choice_button(ctx, g, ask, action, me, cat)
        if node is not None:
            choices.appendChild(node)
    if choices.firstChild:
        box.appendChild(choices)
    if k in BACK_ASKS:
        box.appendChild(el("button", {"type": "button", "data-command": "undo", "class": "sik-undo quiet"},
                           cat.t("sik.ui.back")))
    return box


def recent_events(view: dict, cat) -> list[str]:
    """Conflicts, captures and reveals since the start of the previous turn: the results stay on screen."""
    log = view["log"]
    turns = [i for i, (k, _a) in enumerate(log) if k == "sik.log.turn"]
    start = turns[-2] if len(turns) >= 2 else 0
    keys = ("sik.log.conflict_won", "sik.log.conflict_lost", "sik.log.capture", "sik.log.pistol",
            "sik.log.eavesdrop", "sik.log.bait_used", "sik.log.exchange", "sik.log.med_reveal",
            "sik.log.med_forced", "sik.log.stun", "sik.log.medicine", "sik.log.flip", "sik.log.charisma",
            "sik.log.ruri")
    return [cat.t(k, **a) for k, a in log[start:] if k in keys][-5:]


def ask_text(g: dict, ask: dict, me: int, cat, legal: list) -> str:
    k = ask["k"]
    args = {}
    if k == "place":
        args["cell"] = g["next_start"] or ""
    elif k in ("agent", "dest"):
        args["card"] = "@sik.card." + ask["card"]
        args["cell"] = ask.get("cell") or ""
        med = g.get("medicine_now")
        if med and med[0] and me == G:
            return cat.t(f"sik.ui.ask.{k}", **args) + " " + cat.t("sik.err.medicine", cell=med[0])
    elif k == "pistol":
        args = {"frm": ask["frm"], "dst": ask["dst"]}
    elif k in ("bait", "baitto", "fan", "pushto"):
        args["cell"] = ask["cell"]
    elif k == "swap":
        args = {"a": ask["a"], "b": ask["b"]}
    elif k == "ayane":
        args["card"] = "@sik.card." + ask["card"]
    elif k == "equip_target":
        k = "equip_take" if ask["eq"] == "typewriter" else "equip_target"
        args["card"] = "@sik.eq." + ask["eq"]
    elif k == "draw":
        args["n"] = g["to_draw"][me]
    elif k == "charisma" and me == O and g["ruri_passed"] is not None:
        return cat.t("sik.ui.ask.charisma") + " " + cat.t(
            "sik.ui.ruri_passed" if g["ruri_passed"] else "sik.ui.ruri_kept")
    if k == "equip" and ask.get("when") == "after":  # SIK-4.3: asked again once the card is resolved
        k = "equip_after"
    text = cat.t(f"sik.ui.ask.{k}", **args)
    if k == "fan" and legal == ["fan:no"]:  # SIK-4.29 step 5: the window opens anyway, with only "no"
        text += " " + cat.t("sik.ui.fan_none")
    if k == "bait":
        kind = D.cell_type(ask["cell"])
        usable = any(a.startswith("bait:") and a != "bait:no" for a in legal)
        text += " " + (cat.t("sik.ui.bait_kind", card=f"@sik.card.{kind}") if usable else cat.t("sik.ui.bait_none"))
    return text


def choice_button(ctx: kit.Board, g: dict, ask: dict, action: str, me: int, cat):
    verb, _, arg = action.partition(":")
    if verb in ("place", "guess") and arg in D.IDENTITIES:
        side = me if verb == "place" else 1 - me
        label = cat.t(f"sik.act.{verb}", identity=arg) + " — " + agent_words(side, arg, cat)
        return ctx.button(action, label, cls="sik-tokbtn", children=[token_node(side, arg, cat), el("span", None, arg)])
    if verb == "charisma":
        label = cat.t("sik.act.charisma", card=f"@sik.cha.{arg}")
        return ctx.button(action, label + " — " + cat.t(f"sik.ui.cha_desc.{arg}"), cls="sik-bigchoice", children=[
            el("strong", None, cat.t(f"sik.cha.{arg}")), el("span", None, cat.t(f"sik.ui.cha_desc.{arg}"))])
    if verb == "ruri" or verb == "take":
        label = cat.t(f"sik.act.{verb}", card=f"@sik.card.{arg}")
        return ctx.button(action, label, cls="sik-cardbtn", children=[card_node(arg, cat)])
    if verb == "keep":
        pending = g["tomoyo"]
        card = pending[int(arg)][1] if int(arg) < len(pending) else None
        if card:
            label = cat.t("sik.act.keep", card=f"@sik.card.{card}") + " — " + cat.t(
                "sik.ui.tomoyo_other", deck=f"@sik.kind.{pending[1 - int(arg)][0]}")
            return ctx.button(action, label, cls="sik-cardbtn", children=[card_node(card, cat)])
        return None
    if verb in ("equip", "flip") and arg != "none":
        label = cat.t(f"sik.act.{verb}", card=f"@sik.eq.{arg}")
        return ctx.button(action, label + " — " + cat.t(f"sik.ui.eq_desc.{arg}"), cls="sik-bigchoice", children=[
            el("strong", None, label), el("span", None, cat.t(f"sik.ui.eq_desc.{arg}"))])
    if verb == "bait" and arg != "no":
        index, _, card = arg.partition(":")
        label = cat.t("sik.act.bait", card=f"@sik.card.{card}", bait=int(index) + 1)
        return ctx.button(action, label + " — " + cat.t("sik.ui.bait_effect"), cls="sik-bigchoice", children=[
            card_node(card, cat, small=True), el("span", None, label)])
    key = f"sik.ui.choice.{verb}.{arg}"
    label = cat.t(key) if cat.has(key) else None
    if label is None:
        from pygames.shadows_in_kyoto.labels import action_label

        k, a = action_label({"state": g}, action)
        label = cat.t(k, **a)
    return ctx.button(action, label, cls="sik-textchoice", text=label)
