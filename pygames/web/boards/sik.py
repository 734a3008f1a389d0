"""Shadows in Kyoto on the table: the 5 × 6 map, both prisons, the other side's public cards, your own hand and the
pending decision, laid out to fit the board's box whole (issue 47: the whole table at a glance).

Reads only the view (plus the static map data of the game package, never the state). The map is an SVG built
from the data file (cell types, HQs, territories, start cells); its symbols, the cards and the tokens are clones
of the Jinja2-prebuilt fragments of templates/sik/fragments.html.j2; every word comes from the catalogue.

The table's parts, in reading order: the other side's public cards (`sik-rival`), the map (`sik-mapbox`), the
prompt (`sik-prompt`, only while it has something to say), both prisons (`sik-prisons`) and your own area
(`sik-me`, `data-dock=hand`: hand, decks, discard, Bait, Charisma and Equipment). static/sik.css lays them out in
the board's stage per box shape (wide: the map at full height, the rest in a column beside it; square: the map and
a column, your area under both; phone: the map with your hand beside it, the prompt, prisons and decks under it).

Legal targets on the map (agents to pick, cells to reach, agents to push or to target) are absolutely positioned
<button data-action> elements over the SVG cells, sized in percent of the map so they scale with it. Cards,
decks, identity choices and the yes/no interrupts are buttons in the player's area and in the prompt panel; a
button's accessible name starts with the words it shows. A card that is no control opens large in the
magnifier (`data-magnify`). The viewer's side is always at the bottom of the map.

`summary` is what a player glances at of a seat (its prison, cards in hand, agents on the board: public facts
only), `render_seat` that side's whole area, opened from its summary.
"""

from __future__ import annotations

from pygames.app import memo
from pygames.shadows_in_kyoto import data as D
from pygames.web import kit, vdom
from pygames.web.kit import clone
from pygames.web.vdom import el, svg

# The attributes naming this board's parts, each a public identity: the last-move ring compares them (boards/__init__).
LOOK_KEYS = ('data-cell', 'data-track', 'data-side')

POINTS_CHART = False  # SIK-6.1: no points; the end screen's table counts captures, which a chart must not add up

O, G = D.O, D.G  # noqa: E741  (sides: Oniwaban, Government)
CELL = 100
# The rows' numbers on the left, the columns' letters at the bottom (as on a chess board): big enough to read at
# the smallest map a box gives (a phone's, about 0.4 of these units: 28 units -> 11 px)
PAD_L, PAD_B, PAD_T, PAD_R = 36, 36, 6, 6
NCOL, NROW = len(D.COLUMNS), D.ROWS
WIDTH, HEIGHT = PAD_L + CELL * NCOL + PAD_R, PAD_T + CELL * NROW + PAD_B  # 542 x 642: static/sik.css --sik-ratio
SIDE_CLASS = ("sik-o", "sik-g")
EMBLEM = ("oniwaban", "government")
CELL_VERBS = {"agent", "dest", "push", "pushto", "ex1", "ex2", "baitto", "target"}
CARD_VERBS = {"play", "mark", "fancard"}
BACK_ASKS = {"agent", "dest", "ex2", "swap", "pushto", "mark"}  # the previous tap was the same player's, with no reveal
TINT = {"temple": "#f8d3bd", "house": "#bfe8da", "market": "#f8f1a6", "castle": "#bcd9ef", "neutral": "#e6e2d8"}
HQ_TINT = ("#b7cbbd", "#ecdcac")
EVENTS_SHOWN = 3  # the last results (conflicts, captures, reveals) the prompt keeps on screen


# ---------------------------------------------------------------------- small builders


def use(symbol: str, x, y, size, cls: str | None = None):
    """One of the map's symbols, `size` wide at (x, y)."""
    return kit.symbol(f"sik-sym-{symbol}", {"x": x, "y": y, "width": size, "height": size}, cls)


def icon(symbol: str, cls: str = "sik-icon"):
    """A small inline icon (a summary's figure, a heading): one of the game's symbols."""
    return svg("svg", {"class": cls, "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"}, None,
               [svg("use", {"href": f"#sik-sym-{symbol}"})])


def card_kind(card: str) -> str:
    return "site" if D.is_site(card) else "tactic"


def card_node(card: str, cat, small: bool = False, magnify: bool = False):
    """A face-up card: its colour band and symbol, its name (colour-blind safe: the symbol names the type). A small
    card shows its symbol only (its name is its accessible name). `magnify`: a card that is no control opens large
    in the magnifier (static/zoom.js), its effect written under its name there."""
    name, effect = cat.t(f"sik.card.{card}"), cat.t(f"sik.ui.desc.{card}")
    node = kit.card("sik-card", (f"sik-card-{card}", f"sik-{card_kind(card)}", "sik-small" if small else ""),
                    texts={".sik-card-name": name}, title=f"{name}: {effect}")
    node.querySelector(".sik-card-sym").setAttribute("href", f"#sik-sym-{card}")
    if magnify:
        node.appendChild(el("span", {"class": "sik-card-desc"}, effect))
        magnifiable(node, f"{name}: {effect}")
    return node


def magnifiable(node, words: str):
    """A part that is no control, shown large by a tap (or Enter): named for a keyboard and a screen reader."""
    node.setAttribute("data-magnify", "")
    node.setAttribute("tabindex", "0")
    node.setAttribute("role", "img")
    node.setAttribute("aria-label", words)
    return node


def back_node(label: str = "", small: bool = True):
    return kit.card("sik-back", ("sik-small" if small else "",), texts={".sik-card-name": label})


def token_node(side: int, ident: str | None, cat, extra: str = "", named: bool = True):
    """An agent token in HTML (prisons, identity choices): emblem, power, true/false mark. `named`: an image with
    its words (in a button, the button says them)."""
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
    if named:
        node.setAttribute("role", "img")
        node.setAttribute("aria-label", agent_words(side, ident, cat))
        node.setAttribute("title", agent_words(side, ident, cat))
    else:
        node.setAttribute("aria-hidden", "true")
    return node


def identity_words(ident: str, cat) -> str:
    """An identity in words ("3 true", "2 faux"): never its engine code."""
    key = "sik.ui.identity_true" if D.is_true(ident) else "sik.ui.identity_false"
    return cat.t(key, power=D.IDENTITIES[ident]["power"])


def agent_words(side: int, ident: str | None, cat) -> str:
    if not ident:
        return cat.t("sik.ui.agent_hidden", side=f"@sik.side.{side}")
    truth = cat.t("sik.ui.true" if D.is_true(ident) else "sik.ui.false")
    return cat.t("sik.ui.agent", side=f"@sik.side.{side}", power=ident[0], truth=truth)


def format_arg(name: str, value, cat) -> str | None:
    """Identities travel as codes ("3T"); log lines and labels show them in words ("3 true" / "3 vrai")."""
    if name not in ("identity", "attacker", "defender", "guess") or value not in D.IDENTITIES:
        return None
    return identity_words(value, cat)


def named(node, name: str):
    """A button's accessible name and tooltip: `name`, which starts with the words the button shows (WCAG 2.5.3)."""
    if node is not None:
        node.setAttribute("aria-label", name)
        node.setAttribute("title", name)
    return node


# ---------------------------------------------------------------------- the renderer


def render(board, view: dict, legal: list, cat) -> set:
    g = view["state"]
    me = g["me"]
    ctx = kit.Board(view, legal, cat, "sik-btn")
    board.appendChild(kit.defs("sik-defs"))
    bottom = me if me is not None else O
    top = 1 - bottom
    asking = me is not None and bool(legal) and (g["ask"] or {}).get("side") == me
    cls = "sik sik-table" + (" sik-flip" if me == G else "") + (" sik-asking" if asking else "")
    cls += f" sik-ask-{(g['ask'] or {}).get('k')}" if asking else ""
    cls += " sik-modules-on" if g["charisma"][bottom] is not None or g["equipment"] is not None else ""
    root = el("div", {"class": cls, "data-testid": "sik-table"})
    board.appendChild(root)
    # targets on the map and in the hands first; the prompt panel then offers every remaining legal choice
    rival = other_area(g, top, cat, ctx)
    table = el("div", {"class": "sik-mapbox"}, None, [map_node(view, g, me, cat, legal, ctx)])
    own = player_area(g, bottom, cat, ctx, mine=me is not None)
    if me is None:  # a spectator's table (the final board, a host's table): both sides' public cards
        own.classList.add("sik-bottom")
    prompt = prompt_panel(view, g, me, cat, legal, ctx)
    root.appendChild(rival)
    root.appendChild(table)
    if prompt is not None:  # the final board has nothing to ask: no empty panel
        root.appendChild(prompt)
    root.appendChild(prisons(g, bottom, cat, captured_at(view, g)))
    root.appendChild(own)
    return ctx.placed


# ---------------------------------------------------------------------- the map


def xy(cell: str, flip: bool) -> tuple[int, int]:
    """Top-left corner of a cell in SVG units; the viewer's home row is at the bottom."""
    col, row = D.COLUMNS.index(cell[0]), int(cell[1:])
    x, y = (NCOL - 1 - col, row - 1) if flip else (col, NROW - row)
    return PAD_L + x * CELL, PAD_T + y * CELL


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
    """The map: the ground, every cell's occupant, the last moves' arrows, the effects on cells, and over it the
    cells' targets (HTML buttons, in % of the map)."""
    flip = me == G
    wrap = el("div", {"class": "sik-map", "data-anim-frame": "sik-map"})
    root = svg("svg", {"viewBox": f"0 0 {WIDTH} {HEIGHT}", "class": "sik-svg", "role": "img",
                       "aria-label": cat.t("sik.ui.map")})
    occupants = {c: (s, i, r) for c, s, i, r in g["board"]}
    ask = g["ask"] or {}
    mine_to_act = me is not None and ask.get("side") == me
    selected = selected_cells(ask, mine_to_act)
    next_start = g["next_start"] if mine_to_act else None
    root.appendChild(ground(flip, cat))
    if next_start is not None:
        x, y = xy(next_start, flip)
        root.appendChild(svg("rect", {"x": x + 4, "y": y + 4, "width": CELL - 8, "height": CELL - 8,
                                      "class": "sik-next"}))
    deduce = me is not None and g["active"] == me and g["phase"] == "play"
    came = moved_from(view)
    # every cell's occupant in a spot keyed by the cell (`data-cell`): after the others' moves the last-move ring
    # (static/table.js) marks the spots whose occupant changed (an agent arrived, left, was revealed), not the ground
    for cell in D.ALL_CELLS:
        spot = svg("g", {"class": "sik-spot", "data-cell": cell})
        if cell in occupants:
            side, ident, rev = occupants[cell]
            deduced = deduce and side != me and not ident and cell in g["escape_cells"][1 - me]
            spot.appendChild(agent_part(cell, side, ident, rev, me, flip, cat, cell in selected, deduced,
                                        came.get(cell)))
        root.appendChild(spot)
    for kind, frm, dst in recent_moves(view):  # the last moves, drawn over the tokens
        root.appendChild(arrow(frm, dst, flip, kind))
    effects_into(root, g, flip, cat)
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


def selected_cells(ask: dict, mine_to_act: bool) -> set:
    """The cells the question in progress already picked (the agent moving, the two swapped, the pistol's), drawn so."""
    selected = set()
    if mine_to_act and ask.get("k") in ("dest", "ex2", "pushto", "baitto") and ask.get("cell"):
        selected.add(ask["cell"])
    if mine_to_act and ask.get("k") == "swap":
        selected |= {ask["a"], ask["b"]}
    if ask.get("k") == "pistol":
        selected |= {ask["frm"], ask["dst"]}
    return selected


def effects_into(root, g: dict, flip: bool, cat) -> None:
    """The Stun Gun and Medicine effects on their cells: a badge in the cell's corner, its words in its title."""
    for key, symbol in (("stun", "stun"), ("medicine", "medicine"), ("medicine_now", "medicine")):
        target = g.get(key)
        if target and target[0]:
            x, y = xy(target[0], flip)
            root.appendChild(svg("g", {"class": f"sik-effect sik-effect-{symbol}"}, None, [
                svg("circle", {"cx": x + CELL - 16, "cy": y + CELL - 16, "r": 14}),
                use(symbol, x + CELL - 27, y + CELL - 27, 22),
                svg("title", None, cat.t(f"sik.ui.{key}", cell=target[0]))]))


def ground(flip: bool, cat):
    """The map's cells and coordinates never change during a game: a static part per orientation and language,
    built once, then kept in the board (a tap's redraw stays short: `build.py bench`)."""
    return vdom.static(f"sik-ground:{int(flip)}:{cat.lang}", lambda: ground_tree(flip, cat))


def ground_tree(flip: bool, cat):
    layer = svg("g", {"class": "sik-ground"})
    for cell in D.ALL_CELLS:
        layer.appendChild(cell_node(cell, flip, cat))
    for letter in D.COLUMNS:  # the columns' letters under the map, the rows' numbers on its left
        x, _y = xy(f"{letter}1", flip)
        layer.appendChild(svg("text", {"x": x + CELL / 2, "y": HEIGHT - 9, "class": "sik-coord"}, letter))
    for row in range(1, NROW + 1):
        _x, y = xy(f"a{row}", flip)
        layer.appendChild(svg("text", {"x": PAD_L / 2, "y": y + CELL / 2 + 10, "class": "sik-coord"}, str(row)))
    return layer


def cell_node(cell: str, flip: bool, cat):
    info = D.CELLS[cell]
    kind = info["type"]
    x, y = xy(cell, flip)
    group = svg("g", {"class": f"sik-cell sik-cell-{kind}", "data-square": cell})  # not a part that moves: unkeyed
    hq = info.get("hq")
    fill = HQ_TINT[hq] if hq is not None else TINT[kind]
    group.appendChild(svg("rect", {"x": x, "y": y, "width": CELL, "height": CELL, "fill": fill, "class": "sik-tile"}))
    terr = info.get("terr")
    if terr is not None:
        group.appendChild(svg("rect", {"x": x, "y": y, "width": CELL, "height": CELL,
                                       "fill": f"url(#sik-terr-{terr})", "class": "sik-terr"}))
    symbol = "hq" if hq is not None else kind
    group.appendChild(use(symbol, x + 4, y + 4, 26, f"sik-sym sik-sym-{symbol}" +
                          (f" sik-hq-{hq}" if hq is not None else "")))
    if hq is not None:
        group.appendChild(use(EMBLEM[hq], x + CELL - 27, y + 5, 22, f"sik-hq-emblem sik-hq-{hq}"))
    if info.get("start") is not None:
        group.appendChild(use("start", x + 6, y + CELL - 22, 16, "sik-startmark"))
    words = cat.t("sik.cell.hq") + " " + cat.t(f"sik.side.{hq}") if hq is not None else cat.t(
        "sik.cell.neutral" if kind == D.NEUTRAL else f"sik.card.{kind}")
    group.appendChild(svg("title", None, f"{cell}: {words}"))
    return group


@kit.kept(160)
def agent_part(cell, side, ident, rev, me, flip, cat, selected: bool, deduced: bool, came: str | None):
    """An agent on the map with its identity for the slides (where it came from, if it moved this turn); kept from
    one redraw to the next for its inputs (kit.kept): a tap moves one or two agents, not twelve."""
    agent = agent_node(cell, side, ident, rev, me, flip, cat, selected, deduced)
    return kit.anim_key(agent, f"sik-agent-{cell}", f"sik-agent-{came}" if came is not None else None)


def agent_node(cell, side, ident, rev, me, flip, cat, selected: bool, deduced: bool):
    x, y = xy(cell, flip)
    cx, cy = x + CELL / 2 + 3, y + CELL / 2 + 6
    cls = f"sik-agent {SIDE_CLASS[side]}" + (" sik-mine" if side == me else "") + (" sik-revealed" if rev else "")
    cls += " sik-selected" if selected else ""
    group = svg("g", {"class": cls})
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
    elif deduced:  # no escape at the end of its turn on your back row: a false agent (SIK-6.4), power unknown
        group.appendChild(svg("text", {"x": cx - 6, "y": cy + 18, "class": "sik-power sik-unknown"}, "?"))
        group.appendChild(use("false", cx + 7, cy + 1, 19, "sik-tf"))
    else:
        group.appendChild(svg("text", {"x": cx, "y": cy + 18, "class": "sik-power sik-unknown"}, "?"))
    if rev:
        group.appendChild(use("eye", cx + 14, cy - 40, 22, "sik-eye"))
    words = agent_words(side, ident, cat)
    if rev:
        words += " — " + cat.t("sik.ui.revealed")
    elif ident and side == me:
        words += " — " + cat.t("sik.ui.secret")
    group.appendChild(svg("title", None, f"{cell}: {words}"))  # its spot's look: what is known of it (the deduced
    # mark comes and goes with the turn: it is the token's, not its words)
    return group


def arrow(frm: str, dst: str, flip: bool, kind: str):
    x1, y1 = xy(frm, flip)
    x2, y2 = xy(dst, flip)
    half = CELL / 2
    return svg("line", {"x1": x1 + half, "y1": y1 + half, "x2": x2 + half, "y2": y2 + half,
                        "class": f"sik-arrow sik-arrow-{kind}", "marker-end": "url(#sik-arrowhead)"})


def cell_action_label(action: str, occupants: dict, me, cat) -> str:
    """The label of a map button, with its consequence (an attack reveals the defender); identities in words."""
    verb, _, cell = action.partition(":")
    occ = occupants.get(cell)
    if verb == "dest" and occ is not None and occ[0] != me:
        known = occ[1]
        return cat.t("sik.ui.attack", cell=cell,
                     defender=identity_words(known, cat) if known else cat.t("sik.hidden"))
    if verb == "dest":
        return cat.t("sik.act.dest", cell=cell)
    if verb in ("agent", "ex1", "ex2") and occ is not None and occ[1]:
        return cat.t(f"sik.act.{verb}", cell=cell) + f" ({identity_words(occ[1], cat)})"
    if verb == "target":
        return cat.t("sik.act.target", cell=cell)
    return cat.t(f"sik.act.{verb}", cell=cell)


# ---------------------------------------------------------------------- players' areas


def other_area(g: dict, side: int, cat, ctx: kit.Board):
    """The other side's public cards on the table (no control of the viewer's in it), kept from one redraw to the
    next while what it shows is the same (kit.kept): most taps change the viewer's own hand and the map, not it."""
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return player_area(g, side, cat, ctx, mine=False)
    return rival_area(side, rival_state(g, side), cat)


RIVAL_KEYS = ("seats", "hand_count", "known_hand", "deck", "bottom", "discard", "discard_size", "discard_top",
              "bait_marks", "charisma", "equipment")  # what a rival's area reads of the state, each a value per side


def rival_state(g: dict, side: int) -> dict:
    """The state as a rival's area reads it: of each per-side figure, that side's only (the other side's None), and
    Ruri's cards if that side holds her."""
    state = memo.Part({key: kit.one_side(g.get(key), side) for key in RIVAL_KEYS})
    state["ruri"] = g["ruri"] if g["charisma"][side] == "ruri" else None
    return state


@kit.kept(64)
def rival_area(side: int, state: dict, cat):
    """A rival's area from its inputs only: no viewer, no legal action (a read of anything else fails)."""
    quiet = kit.Board(memo.Part(state=state, viewer=None), (), cat, "sik-target")
    return player_area(state, side, cat, quiet, mine=False)


def player_area(g: dict, side: int, cat, ctx: kit.Board, mine: bool):
    """A side's cards on the table: the viewer's own (`mine`: its hand face up, the decks to draw from, the
    discard pile, its Bait, Charisma and Equipment; docked at the bottom of a zoomed board), or the other side's
    public ones, compact (its hand's backs, decks, discard top, Bait, Charisma and Equipment)."""
    seat = g["seats"][side]
    if mine:
        area = el("section", {"class": f"sik-area sik-me {SIDE_CLASS[side]}", "data-dock": "hand",
                              "aria-label": cat.t("sik.ui.own_area")})  # docked: app.css; no ring: only you change it
        area.appendChild(hand_node(g, side, cat, ctx, True))
        area.appendChild(piles_node(g, side, cat, ctx, True))
        extra = modules_node(g, side, cat)
        if extra is not None:
            area.appendChild(extra)
        return area
    area = el("section", {"class": f"sik-area sik-rival {SIDE_CLASS[side]}", "data-side": side,
                          "aria-label": cat.t("sik.ui.rival_area", player=seat)})
    head = el("div", {"class": "sik-area-head"}, None, [
        icon(EMBLEM[side], "sik-icon sik-head-emblem"),
        el("strong", {"class": "sik-head-name"}, cat.seat_name(seat)),
        el("span", {"class": "sik-sidename"}, cat.t(f"sik.side.{side}"))])
    area.appendChild(head)
    area.appendChild(hand_node(g, side, cat, ctx, False))
    area.appendChild(piles_node(g, side, cat, ctx, False))
    extra = modules_node(g, side, cat)
    if extra is not None:
        area.appendChild(extra)
    return area


def hand_node(g: dict, side: int, cat, ctx: kit.Board, mine: bool, whole: bool = False):
    box = el("div", {"class": "sik-hand" + (" sik-own-hand" if mine else ""), "data-anim-key": f"sik-hand-{side}"})
    counts = g["hand_count"][side]
    total = counts["site"] + counts["tactic"]
    if not mine:
        words = cat.t("sik.ui.opp_hand", n=total, site=counts["site"], tactic=counts["tactic"])
        backs = kit.hand((kit.anim_key(el("span", {"class": f"sik-mini-back sik-mini-{kind}"}),
                                       f"sik-hand-{side}-{kind}-{j}", f"sik-deck-{side}-{kind}")
                          for kind in ("site", "tactic") for j in range(counts[kind])), "sik-backs",
                         {"aria-hidden": "true"})
        split = cat.t("sik.ui.opp_split", site=counts["site"], tactic=counts["tactic"])  # the backs count them
        box.appendChild(el("p", {"class": "sik-hand-line"}, None, [backs, *(
            [el("span", {"class": "sik-note"}, words)] if whole else
            [el("span", {"class": "sik-note", "aria-hidden": "true"}, split), el("span", {"class": "visually-hidden"},
                                                                                 words)])]))
        known = (g.get("known_hand") or [[], []])[side]
        if known:
            box.appendChild(el("p", {"class": "sik-note sik-known"}, cat.t(
                "sik.ui.known_hand", cards=["@sik.card." + c for c in known])))
        return box
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.hand", n=total)))
    cards = []
    hand = g["hand"][side] or []
    ask = g["ask"] or {}
    asking = ask.get("k") in ("card", "mark", "fancard") and ask.get("side") == side and bool(ctx.legal)
    for card in hand:
        action = next((f"{v}:{card}" for v in CARD_VERBS if f"{v}:{card}" in ctx.legal), None)
        if action is not None:
            verb = action.partition(":")[0]
            node = card_node(card, cat)
            label = cat.t(f"sik.ui.{verb}_card", card=f"@sik.card.{card}", effect=f"@sik.ui.desc.{card}")
            cards.append(named(ctx.button(action, label, cls="sik-cardbtn", children=[node]), label))
        else:
            node = card_node(card, cat, magnify=True)
            if asking:
                node.classList.add("sik-dim")
            cards.append(node)
    box.appendChild(kit.hand(cards, "sik-cards"))
    return box


def piles_node(g: dict, side: int, cat, ctx: kit.Board, mine: bool):
    """A side's decks (the draw buttons, when the viewer draws), its discard pile's top and its Bait in play."""
    box = el("div", {"class": "sik-piles"})
    box.appendChild(decks_node(g, side, cat, ctx, mine))
    box.appendChild(discard_node(g, side, cat, mine))
    bait = bait_node(g, side, cat, mine)
    if bait is not None:
        box.appendChild(bait)
    return box


def decks_node(g: dict, side: int, cat, ctx: kit.Board, mine: bool, whole: bool = False):
    box = el("div", {"class": "sik-decks", "data-anim-frame": f"sik-decks-{side}"})
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.decks")))
    if not mine and not whole:  # the other side's decks on the table: a counter each, a card's back and its size
        box.appendChild(el("p", {"class": "sik-deckline"}, None, [
            el("span", {"class": "sik-counter", "role": "img", "aria-label": cat.t(
                "sik.ui.deck_left", deck=f"@sik.kind.{kind}", n=g["deck"][side][kind])}, None, [
                kit.anim_key(el("span", {"class": f"sik-mini-back sik-mini-{kind}"}), f"sik-deck-{side}-{kind}"),
                el("span", None, cat.t(f"sik.ui.deck.{kind}", n=g["deck"][side][kind]))])
            for kind in ("site", "tactic")]))
        return box
    decks = []
    for kind in ("site", "tactic"):
        n = g["deck"][side][kind]
        text = cat.t(f"sik.ui.deck.{kind}", n=n)
        action = f"draw:{kind}"
        if mine and action in ctx.legal:
            label = text + " — " + cat.t("sik.ui.draw_from", deck=f"@sik.kind.{kind}", n=n)
            decks.append(named(ctx.button(action, label, cls="sik-cardbtn sik-deckbtn",
                                          children=[back_node(text, small=False)]), label))
        else:
            node = kit.anim_key(back_node(text, small=not mine), f"sik-deck-{side}-{kind}")
            node.removeAttribute("aria-hidden")
            node.setAttribute("role", "img")
            node.setAttribute("aria-label", cat.t("sik.ui.deck_left", deck=f"@sik.kind.{kind}", n=n))
            decks.append(node)
    box.appendChild(kit.hand(decks, "sik-cards"))
    bottom = g["bottom"][side]
    if whole and (bottom["site"] or bottom["tactic"]):  # SIK-7.10: in the side's full area
        box.appendChild(el("p", {"class": "sik-note"}, cat.t("sik.ui.bottom", site=bottom["site"],
                                                             tactic=bottom["tactic"])))
    return box


def discard_node(g: dict, side: int, cat, mine: bool, whole: bool = False):
    box = el("div", {"class": "sik-discard", "data-anim-frame": f"sik-discard-{side}"})
    size = g["discard_size"][side]
    top = g["discard_top"][side]
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.discard", n=size)))
    if top:  # a new top card (its key counts the pile) flies in from its player's hand
        box.appendChild(kit.anim_key(card_node(top, cat, small=True, magnify=True), f"sik-discard-{side}-{size}",
                                     f"sik-hand-{side}"))
    else:
        box.appendChild(el("p", {"class": "sik-note sik-empty"}, cat.t("sik.ui.empty")))
    pile = g["discard"][side]
    if whole and mine and pile:  # SIK-4.14: the owner may look through their own pile (in their full area)
        box.appendChild(el("p", {"class": "sik-note"}, cat.t("sik.ui.discard_all")))
        box.appendChild(kit.hand((card_node(card, cat, small=True, magnify=True) for card in reversed(pile)),
                                 "sik-cards sik-pile"))
    return box


def bait_node(g: dict, side: int, cat, mine: bool):
    counts = g["bait_marks"][side]
    if not counts:
        return None
    box = el("div", {"class": "sik-bait"})
    box.appendChild(el("h4", {"class": "sik-h"}, cat.t("sik.ui.bait_area")))
    marks = g["bait"][side] if mine else None
    for index, n in enumerate(counts):
        box.appendChild(kit.hand([card_node("bait", cat, small=True, magnify=True)] + [
            marked_node(marks[index][j], cat) if marks is not None else marked_back(cat)
            for j in range(n)], "sik-baitrow"))
    return box


def marked_back(cat):
    node = back_node(cat.t("sik.ui.marked"))
    node.removeAttribute("aria-hidden")
    node.setAttribute("role", "img")
    node.setAttribute("aria-label", cat.t("sik.ui.marked_other"))
    return node


def marked_node(card: str, cat):
    """A card the viewer marked on their own Bait (its face is theirs to see)."""
    node = card_node(card, cat, small=True, magnify=True)
    node.classList.add("sik-marked")
    node.setAttribute("aria-label", cat.t("sik.ui.marked_own", card=f"@sik.card.{card}"))
    node.setAttribute("title", cat.t("sik.ui.marked_own", card=f"@sik.card.{card}"))
    return node


def chip(cls: str, name: str, state: str | None, desc: str, whole: bool = False):
    """A Charisma or Equipment card on the table: its name (and state); its effect written large in the magnifier
    (and in the side's full area, `whole`)."""
    parts = [el("strong", None, name)]
    if state:
        parts.append(el("span", {"class": "sik-chip-state"}, state))
    parts.append(el("span", {"class": "sik-chip-desc" + (" sik-shown" if whole else "")}, desc))
    node = el("div", {"class": "sik-chip " + cls}, None, parts)
    if whole:
        node.setAttribute("title", desc)
        return node
    words = f"{name}, {state}: {desc}" if state else f"{name}: {desc}"
    return magnifiable(node, words)


def modules_node(g: dict, side: int, cat, whole: bool = False):
    """Charisma card (and Ruri's card) and the three Equipment cards, when those modules are on. On the table the
    face-down Equipment cards are one chip (how many, their names in the magnifier); the side's full area (`whole`)
    shows each card with its effect."""
    parts = []
    cha = g["charisma"][side]
    if cha is not None:
        parts.append(chip("sik-cha", cat.t(f"sik.cha.{cha}"), None, cat.t(f"sik.ui.cha_desc.{cha}"), whole))
        if cha == "ruri" and g["ruri"]:
            parts.append(el("div", {"class": "sik-ruri"}, None, [
                el("span", None, cat.t("sik.ui.ruri_card")), card_node(g["ruri"], cat, small=True, magnify=True)]))
    eq = g["equipment"]
    if eq is not None:
        down = [name for name, state in eq[side].items() if state == "down"]
        if down and not whole:
            names = [f"@sik.eq.{name}" for name in down]
            parts.append(chip("sik-eq sik-eq-down", cat.t("sik.ui.eq_down", n=len(down)), None,
                              cat.t("sik.ui.eq_down_names", cards=names)))
        for name, state in eq[side].items():
            if state != "down" or whole:
                parts.append(chip(f"sik-eq sik-eq-{state}", cat.t(f"sik.eq.{name}"), cat.t(f"sik.eqstate.{state}"),
                                  cat.t(f"sik.ui.eq_desc.{name}"), whole))
    if not parts:
        return None
    head = el("h4", {"class": "sik-h sik-modules-h"}, cat.t("sik.ui.modules"))
    return el("div", {"class": "sik-modules"}, None, [head, *parts])


def prisons(g: dict, bottom: int, cat, captures: dict | None = None):
    """Both prisons, the other side's first; `captures` ((captor, index) -> cell, this turn's) makes a new prisoner
    slide from its cell."""
    captures = captures or {}
    return el("div", {"class": "sik-prisons"}, None, [el("h4", {"class": "sik-h"}, cat.t("sik.ui.prisons")), *[
        prison_node(g, captor, cat, captures) for captor in (1 - bottom, bottom)]])


def prison_node(g: dict, captor: int, cat, captures: dict | None = None):
    """One side's prison as the win conditions read it: two slots for the enemy's true agents (both taken: that
    side wins) and three for its false ones (the third taken: the other side wins), filled as they are taken."""
    captures = captures or {}
    victims = g["prison"][captor]
    victim_side = 1 - captor
    slots = {True: [], False: []}
    for i, ident in enumerate(victims):
        token = kit.anim_key(token_node(victim_side, ident, cat, "sik-small"), f"sik-prison-{captor}-{i}",
                             f"sik-agent-{captures[(captor, i)]}" if (captor, i) in captures else None)
        slots[D.is_true(ident)].append(el("span", {"class": "sik-slot sik-slot-full"}, None, [token]))
    for truth, need in ((True, D.TRUE_TO_CAPTURE), (False, D.FALSE_TO_LOSE)):
        while len(slots[truth]) < need:
            slots[truth].append(el("span", {"class": f"sik-slot sik-slot-{'true' if truth else 'false'}",
                                            "aria-hidden": "true"}, None, [icon("true" if truth else "false")]))
    trues = sum(D.is_true(i) for i in victims)
    counts = cat.t("sik.ui.prison_count", trues=trues, falses=len(victims) - trues, need_t=D.TRUE_TO_CAPTURE,
                   need_f=D.FALSE_TO_LOSE)
    return el("div", {"class": f"sik-prison {SIDE_CLASS[captor]}", "data-anim-frame": f"sik-prison-{captor}",
                      "data-track": f"prison-{captor}"}, None, [  # rung when a capture fills a slot
        el("h4", {"class": "sik-h sik-prison-h"}, None, [
            icon(EMBLEM[captor], "sik-icon sik-head-emblem"),
            el("span", {"class": "sik-prison-name"}, cat.t("sik.ui.prison", player=g["seats"][captor]))]),
        el("div", {"class": "sik-slots"}, None, [
            el("span", {"class": "sik-slots-true"}, None, slots[True]),
            el("span", {"class": "sik-slots-false"}, None, slots[False])]),
        el("span", {"class": "visually-hidden"}, counts)])


# ---------------------------------------------------------------------- the prompt panel


def prompt_panel(view: dict, g: dict, me, cat, legal: list, ctx: kit.Board):
    """The decision in words and its choices that are not on the map or in the hand, with the last results; None
    when it has nothing to say (the final board)."""
    box = el("section", {"class": "sik-prompt", "data-testid": "sik-prompt", "aria-live": "polite"})
    events = recent_events(view, cat)
    for i, line in enumerate(events):
        box.appendChild(el("p", {"class": "sik-event" + (" sik-last" if i == len(events) - 1 else "")}, line))
    ask = g["ask"]
    if ask is None:
        return box if box.firstChild else None
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
    return [cat.t(k, **words_of(a, cat)) for k, a in log[start:] if k in keys][-EVENTS_SHOWN:]


def words_of(args: dict, cat) -> dict:
    """A log line's arguments with its identities in words (whether or not the catalogue has the board's namer)."""
    return {name: (identity_words(value, cat) if format_arg(name, value, cat) is not None else value)
            for name, value in args.items()}


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


def big_choice(ctx: kit.Board, action: str, title: str, desc: str, children=()):
    """A choice with its effect written under its name (the effect hidden on a phone: the touch preview and the
    accessible name say it); named by the words it shows, name first."""
    node = ctx.button(action, f"{title}: {desc}", cls="sik-bigchoice", children=[
        *children, el("strong", None, title), el("span", {"class": "sik-choice-desc"}, desc)])
    return named(node, f"{title}: {desc}")


def choice_button(ctx: kit.Board, g: dict, ask: dict, action: str, me: int, cat):
    verb, _, arg = action.partition(":")
    if verb in ("place", "guess") and arg in D.IDENTITIES:
        side = me if verb == "place" else 1 - me
        words = identity_words(arg, cat)
        if verb == "place":
            label = cat.t("sik.ui.place_choice", identity=words, cell=g["next_start"] or "")
        else:
            label = cat.t("sik.ui.guess_choice", identity=words)
        truth = cat.t("sik.ui.word_true" if D.is_true(arg) else "sik.ui.word_false")
        node = ctx.button(action, label, cls="sik-tokbtn", children=[
            token_node(side, arg, cat, named=False), el("span", {"class": "sik-tokword"}, " " + truth)])
        return named(node, label)
    if action == "place:random":
        label = cat.t("sik.ui.random_choice")
        return named(ctx.button(action, label, cls="sik-textchoice sik-random", text=cat.t("sik.ui.random_short")),
                     label)
    if verb == "charisma":
        return big_choice(ctx, action, cat.t(f"sik.cha.{arg}"), cat.t(f"sik.ui.cha_desc.{arg}"))
    if verb == "ruri" or verb == "take":
        name = cat.t(f"sik.card.{arg}")
        label = name + " — " + cat.t(f"sik.act.{verb}", card=f"@sik.card.{arg}")
        return named(ctx.button(action, label, cls="sik-cardbtn", children=[card_node(arg, cat)]), label)
    if verb == "keep":
        pending = g["tomoyo"]
        card = pending[int(arg)][1] if int(arg) < len(pending) else None
        if card:
            label = cat.t(f"sik.card.{card}") + " — " + cat.t("sik.act.keep", card=f"@sik.card.{card}") + "; " + \
                cat.t("sik.ui.tomoyo_other", deck=f"@sik.kind.{pending[1 - int(arg)][0]}")
            return named(ctx.button(action, label, cls="sik-cardbtn", children=[card_node(card, cat)]), label)
        return None
    if verb in ("equip", "flip") and arg != "none":
        return big_choice(ctx, action, cat.t(f"sik.act.{verb}", card=f"@sik.eq.{arg}"), cat.t(f"sik.ui.eq_desc.{arg}"))
    if verb == "bait" and arg != "no":
        index, _, card = arg.partition(":")
        title = cat.t("sik.act.bait", card=f"@sik.card.{card}", bait=int(index) + 1)
        return big_choice(ctx, action, title, cat.t("sik.ui.bait_effect"), [card_node(card, cat, small=True)])
    key = f"sik.ui.choice.{verb}.{arg}"
    label = cat.t(key) if cat.has(key) else None
    if label is None:
        from pygames.shadows_in_kyoto.labels import action_label

        k, a = action_label({"state": g}, action)
        label = cat.t(k, **words_of(a, cat))
    return ctx.button(action, label, cls="sik-textchoice", text=label)


# ---------------------------------------------------------------------- a seat's summary and its full area


def badge_node(side: int, cat):
    """The side's colour with its emblem (never the colour alone): Oniwaban's shuriken on dark green, the
    Government's sun on gold; its name is the side's."""
    return svg("svg", {"class": f"sik-badge sik-badge-{side}", "viewBox": "0 0 24 24", "role": "img",
                       "aria-label": cat.t(f"sik.side.{side}")}, None, [
        svg("title", None, cat.t(f"sik.side.{side}")),
        svg("circle", {"cx": 12, "cy": 12, "r": 11.5, "class": "sik-badge-disc"}),
        svg("use", {"href": f"#sik-sym-{EMBLEM[side]}", "x": 4, "y": 4, "width": 16, "height": 16,
                    "class": "sik-badge-emblem"})])


def summary(view: dict, seat: int, cat) -> kit.Summary:
    """What a player glances at of a seat (SIK-7: public facts only): the enemy agents in its prison (true ones:
    two win; false ones: the third loses), its cards in hand, its agents still on the board; its Bait in play and
    its Charisma card when it has them."""
    g = view["state"]
    side = g["seats"].index(seat)
    victims = g["prison"][side]
    trues = sum(D.is_true(i) for i in victims)
    falses = len(victims) - trues
    hand = g["hand_count"][side]
    cards = hand["site"] + hand["tactic"]
    agents = sum(1 for _cell, s, _i, _r in g["board"] if s == side)
    figures = [
        kit.figure(icon("true", "sik-fig sik-fig-true"), f"{trues}/{D.TRUE_TO_CAPTURE}",
                   cat.t("sik.sum.trues", n=trues, need=D.TRUE_TO_CAPTURE)),
        kit.figure(icon("false", "sik-fig sik-fig-false"), f"{falses}/{D.FALSE_TO_LOSE}",
                   cat.t("sik.sum.falses", n=falses, need=D.FALSE_TO_LOSE)),
        kit.figure(el("span", {"class": "sik-fig sik-fig-cards"}), cards,
                   cat.t("sik.sum.hand", n=cards, site=hand["site"], tactic=hand["tactic"])),
        kit.figure(svg("svg", {"class": f"sik-fig sik-fig-agent sik-fig-{SIDE_CLASS[side]}", "viewBox": "0 0 24 24"},
                       None, [svg("circle", {"cx": 12, "cy": 12, "r": 10})]), agents,
                   cat.t("sik.sum.agents", n=agents, total=len(D.IDENTITY_ORDER))),
    ]
    marks = sum(g["bait_marks"][side])
    if marks:
        figures.append(kit.figure(icon("bait", "sik-fig sik-fig-bait"), marks, cat.t("sik.sum.bait", n=marks),
                                  cls="minor"))
    cha = g["charisma"][side]
    if cha is not None:
        figures.append(kit.figure(icon("joker", "sik-fig sik-fig-cha"), cat.t(f"sik.cha.{cha}"), cat.t(
            "sik.sum.charisma", card=f"@sik.cha.{cha}", desc=f"@sik.ui.cha_desc.{cha}"), cls="minor"))
    return kit.Summary(badge_node(side, cat), tuple(figures))


def render_seat(board, view: dict, seat: int, cat) -> None:
    """That side's whole area (a tap on its summary): its hand (face up if it is the viewer's, else its backs and
    what is known of it), decks, discard pile (the whole pile for its owner), Bait, Charisma and Equipment with
    their effects written out, and its prison. No control: the decision stays on the board."""
    g = view["state"]
    side = g["seats"].index(seat)
    mine = g["me"] == side
    ctx = kit.Board(view, [], cat, "sik-btn")
    root = el("div", {"class": f"sik sik-seatview {SIDE_CLASS[side]}"})
    head = el("p", {"class": "sik-area-head"}, None, [
        icon(EMBLEM[side], "sik-icon sik-head-emblem"), el("strong", None, cat.t(f"sik.side.{side}"))])
    if g["active"] == side and g["phase"] == "play":
        head.appendChild(el("span", {"class": "sik-turn"}, cat.t("sik.ui.turn", turn=g["turn"])))
    root.appendChild(head)
    if mine:
        hand = el("div", {"class": "sik-hand sik-own-hand"}, None, [
            el("h4", {"class": "sik-h"}, cat.t("sik.ui.hand", n=len(g["hand"][side] or []))),
            kit.hand([card_node(c, cat, magnify=True) for c in g["hand"][side] or []], "sik-cards")])
    else:
        hand = hand_node(g, side, cat, ctx, False, whole=True)
        hand.removeAttribute("data-anim-key")
    root.appendChild(hand)
    piles = el("div", {"class": "sik-piles"}, None, [decks_node(g, side, cat, ctx, False, whole=True),
                                                      discard_node(g, side, cat, mine, whole=True)])
    bait = bait_node(g, side, cat, mine)
    if bait is not None:
        piles.appendChild(bait)
    for node in walk_nodes(piles):  # the table's own parts slide; this copy of them does not
        node.removeAttribute("data-anim-key")
        node.removeAttribute("data-anim-from")
        node.removeAttribute("data-anim-frame")
    root.appendChild(piles)
    extra = modules_node(g, side, cat, whole=True)
    if extra is not None:
        root.appendChild(extra)
    prison = prison_node(g, side, cat)
    prison.removeAttribute("data-anim-frame")
    for node in walk_nodes(prison):
        node.removeAttribute("data-anim-key")
    root.appendChild(prison)
    board.appendChild(root)


def walk_nodes(node):
    yield node
    for kid in node.kids:
        if isinstance(kid, vdom.Node):
            yield from walk_nodes(kid)
