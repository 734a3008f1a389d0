"""Passages Secrets on the table: the city as one SVG, the Control board, the achievement cards and the score pad,
all of it in the board's box at once (issue 47); each thief's holdings in the seat summaries and the seat's full area
(spec PS-2.19, PS-6.25, PS-7.1).

Reads only the view (never the state). Symbols, tokens and cards are clones of the Jinja2-prebuilt fragments of
templates/ps/fragments.html.j2; the geometry comes from the engine's data.json; every text comes from the
catalogue. Legal targets are <button data-action=...>: `place:` spots laid over the SVG at each free path's
midpoint (positioned and sized in % of the city, so they scale with it; each spot's tap area is cut where it
would reach a nearer spot, `spot_clip`), `comp:`/`shovel:` on the Control board. Only `decline` stays in the
shell's action bar. Each button's label says what the choice will do.

The layout (static/ps.css) follows the board's box: the city with the cards and the score pad in its two empty
lower corners, the Control board under it (a tall box, a phone) or beside it as five upright tracks (a wide box).

At the end, `render_over` (the shell's end-screen hook, handed the end-of-game view) adds the score pad: midgame
and final scorings, every District reward, the running total.
"""

from __future__ import annotations

import json
import math

from pygames.app import memo
from pygames.passages_secrets.data import (
    DATA,
    LOOT_COLOURS,
    PATH_INDEX,
    PATHS,
    SHOVEL_FACES,
    STATUES,
    TILES,
    TYPES,
    Z,
    district_type,
)
from pygames.web import kit, vdom
from pygames.web.kit import Space
from pygames.web.vdom import el, svg

# The attributes naming this board's parts, each a public identity: the last-move ring compares them (boards/__init__).
LOOK_KEYS = ('data-path', 'data-track', 'data-seat')

NODES = {name: tuple(node["xy"]) for name, node in DATA["nodes"].items()}
PATH_ENDS = {p["id"]: tuple(p["ends"]) for p in DATA["paths"]}
SCALE = 100                               # SVG user units per data unit (data: hex centre-to-corner = 1)
PAD = 0.12                                # room round the hexes for their outline and the city's shadow
XS = [x for x, _ in NODES.values()]
YS = [y for _, y in NODES.values()]
VB_X, VB_Y = (min(XS) - PAD) * SCALE, (min(YS) - 0.5 - PAD) * SCALE   # hexes reach 0.5 above the top corners
VB_W, VB_H = (max(XS) - min(XS) + 2 * PAD) * SCALE, (max(YS) - min(YS) + 0.5 + 2 * PAD) * SCALE
# The triangle of hexes leaves the lower corners of its box empty: left of x = 0 and right of x = 3.464 (under the
# top corner hexes), from y = 1 down. The cards and the score pad stand there (static/ps.css reads these shares of
# the city's width and height, written on the table).
SIDE_W = (0 - 0.03 - VB_X / SCALE) / (VB_W / SCALE)
SIDE_H = (VB_Y + VB_H - (1 + 0.03) * SCALE) / VB_H
# ... and, lower down, the corner beside the bottom hex, twice as wide: left of x = 0.82, from y = 2.55 down (where
# the city fills its box's width, the cards are more legible there).
BLOCK_W = (0.82 - VB_X / SCALE) / (VB_W / SCALE)
BLOCK_H = (VB_Y + VB_H - 2.55 * SCALE) / VB_H
SPOT = 0.15                               # a place: spot's tap area, a share of the city's width (>= 44 px at fit)
OWNER_R, OWNER_FONT = 16, 22              # a passage's owner disc and number (>= 10 px on a phone's city)
HEX = ((0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5), (-0.866, -0.5))
RHOMBI = {"N": ((0, 0), (-0.866, -0.5), (0, -1), (0.866, -0.5)),      # PS-2.4: a Y cuts a hex into 3 rhombi
          "SE": ((0, 0), (0.866, -0.5), (0.866, 0.5), (0, 1)),
          "SW": ((0, 0), (0, 1), (-0.866, 0.5), (-0.866, -0.5))}
TYPE_FILL = {"BANK": "#F0E442", "POL": "#2F7FC1", "MER": "#8E63B8", "RES": "#9A6324", "NOB": "#FFFFFF"}
TYPE_INK = {"BANK": "#1b2430", "POL": "#ffffff", "MER": "#ffffff", "RES": "#ffffff", "NOB": "#1b2430"}
SEAT_COLOUR = ("#D6337F", "#4A5563")      # PS-2.17: pink and slate grey (seat 0, seat 1)
SEAT_DASH = (None, "18 9")                # the second player's passages are dashed too (PS-2.19)


# ---------------------------------------------------------------------- small builders


def P(x: float, y: float) -> str:
    return f"{x * SCALE:.1f},{y * SCALE:.1f}"


def use(ref: str, x: float, y: float, size: float, colour: str | None = None):
    """<use> of a prebuilt symbol centred on data point (x, y), `size` data units wide."""
    attrs = {"x": f"{(x - size / 2) * SCALE:.1f}", "y": f"{(y - size / 2) * SCALE:.1f}",
             "width": f"{size * SCALE:.1f}", "height": f"{size * SCALE:.1f}"}
    if colour:
        attrs["color"] = colour
    return kit.symbol(ref, attrs)


def icon(ref: str, cls: str = "ps-icon", colour: str | None = None, label: str | None = None):
    """A small inline SVG icon for HTML (references the symbols cloned into the board)."""
    attrs = {"viewBox": "-1 -1 2 2", "class": cls}
    if label:
        attrs.update({"role": "img", "aria-label": label})
    else:
        attrs["aria-hidden"] = "true"
    node = svg("svg", attrs)
    node.appendChild(kit.symbol(ref, {"x": "-1", "y": "-1", "width": "2", "height": "2",
                                      **({"color": colour} if colour else {})}))
    return node


def badge(seat: int, small: bool = False):
    """The owner mark: the seat's colour plus its number, never colour alone."""
    return el("span", {"class": f"ps-badge ps-seat{seat}" + (" ps-small" if small else ""), "aria-hidden": "true"},
              str(seat + 1))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def type_name(cat, d: str) -> str:
    return cat.t(f"ps.type.{d}")


def face_name(cat, face: str | None) -> str:
    return cat.t(f"ps.face.{face}" if face else "ps.face.none")


def path_words(path: str, cat) -> str:
    """Where a path is, in what the board shows (it draws no path names; "T1.NE" and "T1|T2" are the engine's):
    the hex it crosses and which way it runs from the hex's centre, or the two hexes whose shared edge it is."""
    if "|" in path:
        a, b = path.split("|")
        return cat.t("ps.where.border", a=f"@ps.where.{a}", b=f"@ps.where.{b}")
    tile, _, arm = path.partition(".")
    return cat.t("ps.where.arm", tile=f"@ps.where.{tile}", dir=f"@ps.where.{arm}")


def format_arg(name: str, value, cat) -> str | None:
    """Log lines, labels and errors name a path by its engine id: say where it is on the board instead."""
    if name == "path" and isinstance(value, str) and value in PATH_INDEX:
        return path_words(value, cat)
    return None


def path_args(g: dict, path: str, cat) -> dict:
    """A path's catalogue arguments: where it is (`path`) and the two District types it runs between (`a`, `b`)."""
    return type_args(path, g["path_types"][PATH_INDEX[path]], cat)


def type_args(path: str, types, cat) -> dict:
    a, b = types
    return {"path": path_words(path, cat), "a": f"@ps.type.{a}", "b": f"@ps.type.{b}"}


def path_mid(path: str) -> tuple[float, float]:
    a, b = PATH_ENDS[path]
    return (NODES[a][0] + NODES[b][0]) / 2, (NODES[a][1] + NODES[b][1]) / 2


# ---------------------------------------------------------------------- consequences (shown before a choice)


def place_label(g: dict, path: str, cat, short: bool = False) -> str:
    """A place: choice's words: the path, the token taken, the marker moves the view's rules worked out. `short`:
    without the path's place (the words a touch preview and a tooltip show, beside the spot that is selected)."""
    i = PATH_INDEX[path]
    return word_place(path, g["tokens"][i], g["moves"][f"place:{path}"], g["steals"].get(path), g["path_types"][i],
                      short, cat)


@memo.kept(500)
def word_place(path: str, face, moves, steals, types, short: bool, cat) -> str:
    """A place's words from what they say (kept: most spots say the same after a tap)."""
    moves = [cat.t("ps.ui.move", type=type_name(cat, d), old=signed(old), new=signed(new)) for d, old, new in moves]
    if short:
        text = cat.t("ps.ui.dig_short", token=face_name(cat, face), moves=", ".join(moves))
    else:
        text = cat.t("ps.ui.dig", **type_args(path, types, cat), token=face_name(cat, face), moves=", ".join(moves))
    effect = SHOVEL_FACES.get(face or "")
    if effect and effect["effect"] == "any_marker":
        text += cat.t("ps.ui.then_shovel")
    if steals:
        text += cat.t("ps.ui.steal", statues=cat.join([cat.t(f"ps.statue.{s}") for s in steals]))
    return text


def marker_label(g: dict, action: str, cat) -> str:
    """A comp: or shovel: choice's words: the marker it moves toward the mover, as the view's rules worked out."""
    [[d, old, new]] = g["moves"][action]
    return cat.t("ps.ui.marker_choice", type=type_name(cat, d), old=signed(old), new=signed(new))


# ---------------------------------------------------------------------- the city (one SVG)


def ground(tiles) -> tuple:
    """The parts of the city that never change during a game (districts, outlines, symbols, platforms; the dots),
    static parts per tile layout: built once, then kept in the board (tap-to-DOM, `build.py bench`)."""
    key = json.dumps(tiles, sort_keys=True, separators=(",", ":"))
    return (vdom.static(f"ps-ground:{key}", lambda: city_ground(tiles)),
            vdom.static("ps-dots", city_dots))


def city_ground(tiles):
    layer = svg("g", {"class": "ps-ground"})
    districts, symbols, outlines = svg("g"), svg("g"), svg("g", {"class": "ps-hex"})
    for t, tile in enumerate(TILES):
        cx, cy = NODES[f"c{t + 1}"]
        for slot, pts in RHOMBI.items():
            d = district_type(tiles, f"{tile}.{slot}")
            districts.appendChild(svg("polygon", {
                "points": " ".join(P(cx + x, cy + y) for x, y in pts), "fill": TYPE_FILL[d],
                "class": f"ps-district ps-{d}", "data-district": f"{tile}.{slot}", "data-type": d}))
            mx = sum(x for x, _ in pts) / 4
            my = sum(y for _, y in pts) / 4
            symbols.appendChild(use(f"ps-sym-{d}", cx + mx, cy + my, 0.26, TYPE_INK[d]))
        outlines.appendChild(svg("polygon", {"points": " ".join(P(cx + x, cy + y) for x, y in HEX)}))
    layer.appendChild(districts)
    layer.appendChild(outlines)
    layer.appendChild(symbols)
    # Platforms (three thirds of a circle meet there, PS-2.4) and the centre: the statue sites.
    for node in STATUES:
        x, y = NODES[node]
        layer.appendChild(svg("circle", {"cx": f"{x * SCALE:.1f}", "cy": f"{y * SCALE:.1f}",
                                         "r": f"{(0.2 if node == 'X' else 0.17) * SCALE:.1f}", "class": "ps-platform"}))
    return layer


def city_dots():
    """Intersections: small dots, where tunnels join."""
    dots = svg("g", {"class": "ps-nodes"})
    for name, (x, y) in NODES.items():
        if name not in STATUES:
            dots.appendChild(svg("circle", {"cx": f"{x * SCALE:.1f}", "cy": f"{y * SCALE:.1f}", "r": "4"}))
    return dots


def drop(shape):
    """A piece's shadow on the city: a copy of its shape drawn under it, shown (offset, dark) by the game's look.
    A copy, not a CSS drop-shadow filter: a filter is blurred anew in every area a tap redraws, four times the area
    on a board zoomed in two times (up to ~15 ms of a tap's frame there)."""
    shape.setAttribute("class", "ps-drop")
    shape.setAttribute("aria-hidden", "true")
    return shape


def city_shadow():
    """The city's shadow on the street, under the city (shown by the game's look, static/ps art): its outline, drawn
    three times a little wider and fainter, for a soft edge with no blur. A blur (a CSS filter over the city or
    over its outline, or inside a picture) was drawn anew in every area a tap redrew: ~40 ms of raster work per move
    on a board zoomed in two times, twice the rest of the board's."""
    outline = "".join("M" + "L".join(P(cx + x, cy + y) for x, y in HEX) + "Z"
                      for cx, cy in (NODES[f"c{t + 1}"] for t in range(len(TILES))))
    layer = svg("svg", {"viewBox": f"{VB_X:.1f} {VB_Y:.1f} {VB_W:.1f} {VB_H:.1f}", "class": "ps-shadow",
                        "aria-hidden": "true", "focusable": "false"})
    cast = svg("g", {"transform": "translate(0 5)"})
    # one path for the whole outline: the hexes' shared edges are stroked once, not darker where they meet
    for width, alpha in SHADOW_STEPS:
        cast.appendChild(svg("path", {"d": outline, "stroke-width": str(width), "stroke-opacity": alpha}))
    layer.appendChild(cast)
    return layer


SHADOW_STEPS = ((0, "0.3"), (9, "0.16"), (20, "0.08"))  # (stroke width, opacity) from the city's edge outwards


def city(g: dict, cat, ctx: kit.Board):
    """The city: its ground, paths and passages, statues, and over it the legal paths' spots (HTML buttons)."""
    wrap = el("div", {"class": "ps-map", "data-anim-frame": "ps-map"})
    wrap.appendChild(vdom.static("ps-shadow", city_shadow))
    root = svg("svg", {"viewBox": f"{VB_X:.1f} {VB_Y:.1f} {VB_W:.1f} {VB_H:.1f}", "class": "ps-city",
                       "role": "img", "aria-label": cat.t("ps.ui.city")})
    root.appendChild(svg("title", None, cat.t("ps.ui.city")))
    below, dots = ground(g["tiles"])
    root.appendChild(below)
    # Paths: a free path is a thin dashed line with its token; a passage is a thick line in its owner's colour and
    # pattern, with the owner's number. Each path has its own group in both layers, so a redraw after a dig changes
    # that path's group only: the patch matches parts by place, and one passage's three lines in a flat list would
    # shift every later path's lines. Whose turn it is changes no path (the spots say what may be dug): a path
    # looks the same to the player to move and to the one waiting, so a turn's redraw writes none of them.
    lines, marks = svg("g", {"class": "ps-paths"}), svg("g")
    for i, path in enumerate(PATHS):
        line_group, mark_group = path_parts(g, i, path, cat)
        lines.appendChild(line_group)
        marks.appendChild(mark_group)
    root.appendChild(lines)
    root.appendChild(dots)
    root.appendChild(marks)
    statues_into(root, g, cat)
    wrap.appendChild(root)
    # Legal paths: HTML buttons over the SVG, positioned and sized in % so they follow the city's scale.
    legal = frozenset(p for p in PATHS if f"place:{p}" in ctx.legal)
    for path in PATHS:
        if path in legal:
            wrap.appendChild(spot(g, path, legal, cat, ctx))
    return wrap


def statues_into(root, g: dict, cat) -> None:
    """Statues still on the board; a stolen statue leaves its platform marked with the thief's number, and the
    statue itself goes to the thief's end of the Control board (`control_ends`: the same key, so it flies there)."""
    for node, owner in g["statues"].items():
        x, y = NODES[node]
        if owner is None:
            statue = kit.anim_key(use("ps-statue", x, y, 0.26, "#1b2430"), f"ps-statue-{node}")
            statue.appendChild(svg("title", None, cat.t(f"ps.statue.{node}")))
            root.appendChild(statue)
        else:
            root.appendChild(owner_mark(x, y, owner, cat.t("ps.ui.statue_by", statue=f"@ps.statue.{node}",
                                                             player=owner), "ps-stolen"))


def spot(g: dict, path: str, legal: frozenset, cat, ctx: kit.Board):
    """A legal path's spot: a ring over its middle (in % of the city), with a statue when digging it steals one."""
    action = f"place:{path}"
    mx, my = path_mid(path)
    left = (mx * SCALE - VB_X) / VB_W * 100
    top = (my * SCALE - VB_Y) / VB_H * 100
    # its tooltip and a touch preview's words say what it does (the spot selected shows where); its spoken name
    # says where too
    label, spoken = place_label(g, path, cat, short=True), place_label(g, path, cat)
    # the button draws the ring; its tap area is a child cut halfway to the nearer spots (the button itself
    # takes no pointer, so its words may show past its tap area on hover)
    clip = spot_clip(path, legal)
    hit = el("span", {"class": "ps-spot-hit", "aria-hidden": "true",
                      "style": f"clip-path:{clip}" if clip else None})
    button = ctx.button(action, label, cls="ps-spot", aria=spoken, children=[hit])
    button.setAttribute("style", f"left:{left:.2f}%;top:{top:.2f}%")
    button.setAttribute("data-part", action)  # kept by the patch while legal (a dig takes one spot away)
    if g["steals"].get(path):
        button.appendChild(icon("ps-statue", "ps-spot-steal", "#1b2430"))
    return button


def owner_mark(x: float, y: float, owner: int, title: str | None, cls: str):
    """A thief's number on the city (on a passage, or on a platform whose statue they stole): a disc in the seat's
    colour with the number, never the colour alone."""
    mark = svg("g", {"class": cls})
    if title:
        mark.appendChild(svg("title", None, title))
    cx, cy = f"{x * SCALE:.1f}", f"{y * SCALE:.1f}"
    mark.appendChild(drop(svg("circle", {"cx": cx, "cy": cy, "r": str(OWNER_R)})))
    mark.appendChild(svg("circle", {"cx": cx, "cy": cy, "r": str(OWNER_R), "fill": SEAT_COLOUR[owner]}))
    mark.appendChild(svg("text", {"x": cx, "y": f"{y * SCALE + OWNER_FONT * 0.36:.1f}", "text-anchor": "middle"},
                         str(owner + 1)))
    return mark


# ---------------------------------------------------------------------- the spots' tap areas

SPOT_R = SPOT * VB_W / SCALE / 2          # a spot's radius, in data units (its button is a square 2 x SPOT_R wide)
MIDS = {path: path_mid(path) for path in PATHS}
NEAR = {a: tuple(b for b in PATHS if b != a and (MIDS[a][0] - MIDS[b][0]) ** 2 + (MIDS[a][1] - MIDS[b][1]) ** 2
                 < (2 * SPOT_R) ** 2) for a in PATHS}
ROUND = tuple((SPOT_R * math.cos(k * math.pi / 12),
               SPOT_R * math.sin(k * math.pi / 12)) for k in range(24))


def spot_clip(path: str, legal: frozenset) -> str | None:
    """A spot's tap area: its round button, cut along the line halfway to each nearer legal spot, so two spots never
    share a point (on a phone's city two neighbouring paths' midpoints are ~30 px apart, under a 44 px button);
    every tap goes to the nearest spot. A CSS clip-path polygon in % of the button, or None when nothing cuts it.
    The tap areas scale with the city as the buttons do (a spot is SPOT of the city's width), so one polygon fits
    every size of the board."""
    return clip(path, tuple(b for b in NEAR[path] if b in legal)) or None


@memo.kept(4000)
def clip(path: str, near: tuple) -> str:
    """The polygon of `path`'s spot cut by its `near` legal neighbours ("" when none cuts it)."""
    ax, ay = MIDS[path]
    poly = list(ROUND)
    for b in near:
        ux, uy = MIDS[b][0] - ax, MIDS[b][1] - ay
        half = (ux * ux + uy * uy) / 2  # keep p (relative to A) with p . u <= |u|^2 / 2
        poly = half_plane(poly, ux, uy, half)
    if not near:
        return ""
    share = 100 / (2 * SPOT_R)
    return "polygon(" + ",".join(f"{(x + SPOT_R) * share:.1f}% {(y + SPOT_R) * share:.1f}%" for x, y in poly) + ")"


def half_plane(poly: list, ux: float, uy: float, limit: float) -> list:
    """The convex polygon `poly` cut to the points p with p . u <= limit (Sutherland-Hodgman, one edge)."""
    out = []
    for k, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(k + 1) % len(poly)]
        d1, d2 = x1 * ux + y1 * uy - limit, x2 * ux + y2 * uy - limit
        if d1 <= 0:
            out.append((x1, y1))
        if (d1 < 0 < d2) or (d2 < 0 < d1):
            t = d1 / (d1 - d2)
            out.append((x1 + t * (x2 - x1), y1 + t * (y2 - y1)))
    return out


def path_parts(g: dict, i: int, path: str, cat) -> tuple:
    """One path's group of lines and its group of marks (its token, or its owner's number). Most paths look the same
    after a tap: their groups are kept for their inputs (kit.kept), neither drawn nor written again. A path is drawn
    the same whether it may be dug now or not (the spots over the city say so)."""
    owner = g["own"][i]
    return draw_path(path, owner, g["tokens"][i] if owner is None else None, path == g["last"],
                     g["path_types"][i], cat)


@kit.kept(400)
def draw_path(path: str, owner: int | None, face: str | None, last: bool, types, cat) -> tuple:
    """A path's two groups."""
    (x1, y1), (x2, y2) = NODES[PATH_ENDS[path][0]], NODES[PATH_ENDS[path][1]]
    coords = {"x1": f"{x1 * SCALE:.1f}", "y1": f"{y1 * SCALE:.1f}", "x2": f"{x2 * SCALE:.1f}",
              "y2": f"{y2 * SCALE:.1f}"}
    mx, my = path_mid(path)
    line_group, mark_group = svg("g"), svg("g")
    if owner is None:
        line_group.appendChild(svg("line", {**coords, "class": "ps-free", "data-path": path}))
        if face:
            tok = use(f"ps-tok-{face}", mx, my, 0.34)
            tok.setAttribute("class", "ps-token")
            tok.setAttribute("data-face", face)
            tok.appendChild(svg("title", None, cat.t("ps.ui.token_on", **type_args(path, types, cat),
                                                     token=face_name(cat, face))))
            mark_group.appendChild(tok)
        return line_group, mark_group
    if last:
        line_group.appendChild(svg("line", {**coords, "class": "ps-last"}))
    line_group.appendChild(svg("line", {**coords, "class": "ps-under"}))
    attrs = {**coords, "class": f"ps-passage ps-seat{owner}", "stroke": SEAT_COLOUR[owner],
             "data-path": path, "data-owner": owner}
    if SEAT_DASH[owner]:
        attrs["stroke-dasharray"] = SEAT_DASH[owner]
    line_group.appendChild(drop(svg("line", {**coords, "stroke-dasharray": SEAT_DASH[owner]})))
    line = svg("line", attrs)
    line.appendChild(svg("title", None, cat.t("ps.ui.passage_of", **type_args(path, types, cat), player=owner)))
    line_group.appendChild(line)
    mark_group.appendChild(owner_mark(mx, my, owner, None, "ps-owner"))
    return line_group, mark_group


# ---------------------------------------------------------------------- the Control board


def control_board(g: dict, cat, ctx: kit.Board):
    """5 tracks of 2Z+1 zones between the players; seat 0 at one end (left, or top where the tracks stand upright),
    seat 1 at the other (PS-2.14); each end names its thief and holds the statues they stole. Kept from one redraw
    to the next (kit.kept) while it holds no choice of the viewer's; else each row without a choice is (a move
    shifts one marker: the other rows stay as they are, neither drawn nor written again)."""
    choosing = g["phase"] in ("comp", "shovel") and any(f"{g['phase']}:{d}" in ctx.legal for d in TYPES)
    if choosing:
        return draw_control_board(g, cat, ctx)
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return draw_control_board(g, cat, ctx)
    return still_control_board(g["players"][0]["pos"], g["phase"] in ("comp", "shovel"), g["statues"], cat)


@kit.kept(64)
def still_control_board(pos: dict, marker_phase: bool, statues: dict, cat):
    """The Control board with no choice in it, from what it shows: the markers, whether a marker is being moved
    (its hint), the statues stolen."""
    g = memo.Part(phase="comp" if marker_phase else None, players=[memo.Part(pos=pos)], statues=statues)
    return draw_control_board(g, cat, kit.Board(memo.Part(state=g, viewer=None), (), cat, "ps-target"))


def draw_control_board(g: dict, cat, ctx: kit.Board):
    """The board's parts, in the order the layouts place them (static/ps.css): its title, its two ends, then the
    tracks (the zones' numbers first, then one row per District type: its name, its track, and its choice when the
    viewer moves a marker)."""
    phase = g["phase"]
    choosing = phase in ("comp", "shovel") and any(f"{phase}:{d}" in ctx.legal for d in TYPES)
    box = el("section", {"class": "ps-box ps-control" + (" ps-choosing" if choosing else ""),
                         "aria-label": cat.t("ps.board.control"), "data-anim-frame": "ps-control"})
    box.appendChild(el("h3", {"class": "ps-h"}, cat.t("ps.board.control")))
    box.appendChild(control_ends(g["statues"], cat))
    grid = el("div", {"class": "ps-tracks"})
    grid.appendChild(track_numbers())
    for d in TYPES:
        action = f"{phase}:{d}" if phase in ("comp", "shovel") else None
        if action and action in ctx.legal:
            grid.appendChild(control_row(g, d, cat, ctx))
        elif memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
            grid.appendChild(control_row(g, d, cat, ctx))
        else:
            grid.appendChild(still_row(d, g["players"][0]["pos"][d], cat))
    box.appendChild(grid)
    if phase in ("comp", "shovel"):
        box.appendChild(el("p", {"class": "ps-note"}, cat.t("ps.ui.pos_hint")))
    return box


@kit.kept(16)
def control_ends(stolen: dict, cat):
    """Which end of the tracks is whose: each thief's badge and name, and the statues they stole (a stolen statue
    flies here from its platform: the same `data-anim-key`)."""
    ends = []
    for seat in (0, 1):
        statues = [kit.anim_key(icon("ps-statue", "ps-icon ps-held-statue", "#1b2430", cat.t(f"ps.statue.{s}")),
                                f"ps-statue-{s}") for s, o in stolen.items() if o == seat]
        parts = [badge(seat, True),  # its arrow, pointing at the end, is the layout's (static/ps.css)
                 el("span", {"class": "ps-end-name"}, cat.seat_name(seat)),
                 *([el("span", {"class": "ps-end-statues"}, None, statues)] if statues else [])]
        ends.append(el("span", {"class": f"ps-end ps-end{seat}", "data-seat": seat}, None, parts))
    return el("div", {"class": "ps-ends"}, None, ends)


@kit.kept(1)
def track_numbers():
    """The zones' distances from the centre, along the tracks."""
    numbers = el("div", {"class": "ps-row ps-numbers", "aria-hidden": "true"}, None, [el("span")])
    numbers.appendChild(kit.track([Space(str(abs(Z - k))) for k in range(2 * Z + 1)], "ps-track"))
    return numbers


@kit.kept(160)
def still_row(d: str, pos: int, cat):
    """A track with no choice on it, from its marker's place (kept: a move shifts one marker)."""
    g = memo.Part(phase=None, players=[memo.Part(pos={d: pos})])
    return control_row(g, d, cat, kit.Board(memo.Part(state=g, viewer=None), (), cat, "ps-target"))


def control_row(g: dict, d: str, cat, ctx: kit.Board):
    """One District type's track: its name (its symbol, with the words where there is room), its marker, and the
    viewer's choice of that marker when there is one (a button the layout puts over the tracks)."""
    pos0 = g["players"][0]["pos"][d]
    action = f"{g['phase']}:{d}" if g["phase"] in ("comp", "shovel") else None
    holder = 0 if pos0 > 0 else (1 if pos0 < 0 else None)
    # where its marker stands, in short: the seat it leans to (badge) and how far; shown where the box is too short
    # for the tracks (static/ps.css: a phone with a touch preview open)
    where = el("span", {"class": "ps-row-pos", "aria-hidden": "true"}, None,
               [*([badge(holder, True)] if holder is not None else []), el("b", None, str(abs(pos0)))])
    name = el("span", {"class": "ps-row-name", "title": type_name(cat, d)}, None, [
        icon(f"ps-sym-{d}", "ps-icon ps-sym", TYPE_INK[d]), el("span", {"class": "ps-type-words"}, type_name(cat, d)),
        where])
    choice = None
    if action and action in ctx.legal:
        [[_d, old, new]] = g["moves"][action]
        # The name is said, not shown (the row shows it); the leading space keeps the spoken words apart.
        move = el("span", {"class": "ps-move"}, " " + cat.t("ps.ui.marker_short", old=signed(old), new=signed(new)))
        choice = ctx.button(action, marker_label(g, action, cat), cls="ps-marker-choice", children=[
            icon(f"ps-sym-{d}", "ps-icon ps-sym", TYPE_INK[d]),
            el("span", {"class": "visually-hidden"}, type_name(cat, d)), move])
    spaces = []
    for k in range(2 * Z + 1):
        side = "ps-z0" if k < Z else ("ps-z1" if k > Z else "ps-zc")
        if Z - k == pos0:
            disc = el("span", {"class": f"ps-disc ps-{d}", "data-type": d, "data-value": pos0,
                               "data-anim-key": f"ps-disc-{d}"}, None,
                      [icon(f"ps-sym-{d}", "ps-icon", TYPE_INK[d])])
            spaces.append(Space(None, side + " ps-here", (disc,)))
        else:
            spaces.append(Space(None, side))
    track = kit.track(spaces, "ps-track", {"data-track": d, "data-pos": pos0, "aria-label": cat.t(
        "ps.ui.track", type=type_name(cat, d), n=abs(pos0),
        who=cat.seat_name(holder) if holder is not None else cat.t("ps.ui.nobody"))})
    return el("div", {"class": "ps-row" + (" ps-held0" if holder == 0 else " ps-held1" if holder == 1 else ""),
                      "data-type": d}, None, [name, track, *([choice] if choice is not None else [])])


# ---------------------------------------------------------------------- cards, players, score pad


def cards_box(g: dict, cat):
    """The achievement cards and who holds each; kept while none changes hands (kit.kept)."""
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return draw_cards_box(g, cat)
    return still_cards_box(g["cards"], g["mid"] is not None, cat)


@kit.kept(32)
def still_cards_box(cards: list, midgame_scored: bool, cat):
    return draw_cards_box(memo.Part(cards=cards, mid=memo.Part() if midgame_scored else None), cat)


def draw_cards_box(g: dict, cat):
    """The three face-up cards in the city's lower left corner: each its Wealth, its goal and its holder; where the
    corner is narrow (a phone) its goal is one tap away (the magnifier shows the whole card)."""
    nodes = []
    for slot, (card, owner) in enumerate(g["cards"]):
        midgame = DATA["achievements"][card]["when"] == "midgame"
        owned = owner is not None
        wealth = DATA["achievements"][card]["wealth"]
        title = cat.t(f"ps.card.{card}")
        when = cat.t("ps.ui.card_mid" if midgame else "ps.ui.card_turn")
        held = (cat.seat_name(owner) if owned else
                cat.t("ps.ui.card_nobody" if midgame and g["mid"] is not None else "ps.ui.card_open"))
        node = kit.card("ps-card", (f"ps-owned{owner}" if owned else "",),
                        {"card": card, "slot": slot, **({"owner": owner} if owned else {})}, {
                            ".ps-card-wealth b": str(wealth), ".ps-card-title": title, ".ps-card-when": when},
                        label=cat.t("ps.ui.card_label", card=title, n=wealth, when=when,
                                    holder=cat.t("ps.ui.card_held", player=owner) if owned else held))
        node.setAttribute("data-magnify", "")
        node.setAttribute("tabindex", "0")
        who = node.querySelector(".ps-card-owner")
        if owned:
            who.appendChild(badge(owner, True))
            who.appendChild(el("span", {"class": "ps-card-holder"}, " " + held))
        else:
            who.appendChild(el("span", {"class": "ps-card-holder ps-card-free"}, held))
        nodes.append(node)
    return el("section", {"class": "ps-box ps-cards", "aria-label": cat.t("ps.ui.cards")}, None, [
        el("h3", {"class": "ps-h"}, cat.t("ps.ui.cards")), kit.hand(nodes, "ps-card-list", tag="ul")])


def stat(label: str, *children):
    return el("div", {"class": "ps-stat"}, None, [el("dt", None, label), el("dd", None, None, list(children))])


def players_box(g: dict, view: dict, cat):
    """Both thieves' holdings side by side (each kept, kit.kept): what the seats' full areas show one at a time."""
    box = el("section", {"class": "ps-box ps-players"}, None, [el("h3", {"class": "ps-h"}, cat.t("ps.ui.holdings"))])
    row = el("div", {"class": "ps-player-row"})
    for seat in (0, 1):
        row.appendChild(holdings(g, view, seat, cat))
    box.appendChild(row)
    return box


def holdings(g: dict, view: dict, seat: int, cat):
    """One thief's holdings, kept while they show the same (a move changes one player's holdings at most)."""
    own = memo.Part(players=kit.one_side(g["players"], seat), first=g["first"], held=kit.one_side(g["held"], seat),
                    statues={s: o for s, o in g["statues"].items() if o == seat},
                    cards=[[c, o] for c, o in g["cards"] if o == seat], totals=kit.one_side(g["totals"], seat))
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return player_holdings(g, view, seat, cat)
    return still_holdings(own, seat in view["to_move"], seat, cat)


@kit.kept(64)
def still_holdings(own: dict, moving: bool, seat: int, cat):
    """A thief's holdings from what they show (`own`: the state's figures of that seat only)."""
    return player_holdings(own, memo.Part(to_move=[seat] if moving else []), seat, cat)


def player_holdings(g: dict, view: dict, seat: int, cat):
    """PS-7.1: everything a thief holds, public: passages left, longest tunnel, loot per colour, shovels, statues,
    the District types controlled, the achievements (by name and Wealth) and the Wealth of the scorings so far."""
    info = g["players"][seat]
    role = cat.t("ps.player.P1" if seat == g["first"] else "ps.player.P2")
    head = el("h4", None, None, [badge(seat), el("span", None, " " + cat.seat_name(seat)),
                                 el("small", None, " \u00b7 " + role)])
    if seat in view["to_move"]:
        head.appendChild(el("span", {"class": "ps-turn"}, cat.t("ps.ui.to_play")))
    loot = el("span", {"class": "ps-loot"})
    for colour in LOOT_COLOURS:
        loot.appendChild(el("span", {"class": "ps-chip", "data-colour": colour}, None, [
            icon(f"ps-tok-{colour}", "ps-icon", None, face_name(cat, colour)),
            el("b", None, str(info["loot"][colour]))]))
    shovel_faces = [f for f in g["held"][seat] if f in SHOVEL_FACES]
    shovels = el("span", {"class": "ps-loot"}, None,
                 [icon(f"ps-tok-{f}", "ps-icon", None, face_name(cat, f)) for f in shovel_faces]
                 or [el("span", None, "0")])
    control = el("span", {"class": "ps-loot"}, None,  # each type with how far its marker stands on this side
                 [el("span", {"class": "ps-chip"}, None, [
                     icon(f"ps-sym-{d}", f"ps-icon ps-sym-chip ps-{d}", TYPE_INK[d],
                          cat.t("ps.ui.control_at", type=type_name(cat, d), n=info["pos"][d])),
                     el("b", {"aria-hidden": "true"}, str(info["pos"][d]))]) for d in info["control"]]
                 or [el("span", None, "0")])
    statues = el("span", {"class": "ps-loot"}, None,
                 [icon("ps-statue", "ps-icon", "#1b2430", cat.t(f"ps.statue.{s}"))
                  for s, o in g["statues"].items() if o == seat] or [el("span", None, "0")])
    cards = [c for c, o in g["cards"] if o == seat]
    held = el("span", {"class": "ps-held-cards"}, None, [
        el("span", {"class": "ps-held-card"}, cat.t("ps.ui.card_held_line", card=f"@ps.card.{c}",
                                                    n=DATA["achievements"][c]["wealth"])) for c in cards]
        or [el("span", None, "0")])
    dl = el("dl", {"class": "ps-stats"}, None, [
        stat(cat.t("ps.ui.passages"), el("b", None, str(info["supply"]))),
        stat(cat.t("ps.ui.tunnel"), el("b", None, str(info["tunnel"]))),
        stat(cat.t("ps.cat.loot"), loot),
        stat(cat.t("ps.ui.shovels"), shovels),
        stat(cat.t("ps.cat.statues"), statues),
        stat(cat.t("ps.ui.controls"), control),
        stat(cat.t("ps.cat.achievements"), held),
        stat(cat.t("ps.ui.wealth"), el("b", None, str(g["totals"][seat]))),
    ])
    return el("article", {"class": f"ps-player ps-seat{seat}", "data-player": seat}, None, [head, dl])


# ---------------------------------------------------------------------- the seats' summaries and full areas


def summary(view: dict, seat: int, cat) -> kit.Summary:
    """What a player glances at of a thief (PS-7.1, all public): the Wealth of the scorings so far, the passages
    left, the achievements and statues held, then the loot of each colour. The badge: the seat's colour and number.
    Kept for its figures (the same nodes while they show the same)."""
    g = view["state"]
    info = g["players"][seat]
    cards = sum(1 for _c, o in g["cards"] if o == seat)
    statues = sum(1 for _s, o in g["statues"].items() if o == seat)
    loot = tuple(info["loot"][colour] for colour in LOOT_COLOURS)
    return seat_summary(seat, g["totals"][seat], info["supply"], cards, statues, loot, cat)


@kit.kept(200)
def seat_summary(seat: int, wealth: int, supply: int, cards: int, statues: int, loot: tuple, cat) -> kit.Summary:
    figures = [
        kit.figure(icon("ps-wealth", "ps-fig"), wealth, cat.t("ps.sum.wealth", n=wealth)),
        kit.figure(icon(f"ps-passage-icon{seat}", "ps-fig"), supply, cat.t("ps.sum.passages", n=supply)),
        kit.figure(icon("ps-card-icon", "ps-fig", "#6b5a2e"), cards, cat.t("ps.sum.cards", n=cards)),
        kit.figure(icon("ps-statue", "ps-fig", "#1b2430"), statues, cat.t("ps.sum.statues", n=statues),
                   cls="minor"),
    ]
    for colour, n in zip(LOOT_COLOURS, loot, strict=True):
        figures.append(kit.figure(icon(f"ps-tok-{colour}", "ps-fig"), n,
                                  cat.t("ps.sum.loot", face=f"@ps.face.{colour}", n=n), cls="ps-fig-loot"))
    return kit.Summary(badge(seat), tuple(figures))


def render_seat(board, view: dict, seat: int, cat) -> None:
    """A thief's full area, opened from their summary: their whole holdings (PS-7.1)."""
    board.appendChild(holdings(view["state"], view, seat, cat))


CATS = ("tunnel", "statues", "loot", "districts", "achievements")


def score_pad(g: dict, cat, box_id: str | None = None):
    """PS-6.25: both scorings' five categories per player, every District reward, each scoring's result and the
    running total (midgame + final). Kept from one redraw to the next for what it shows (kit.kept)."""
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return draw_score_pad(g, cat, box_id)
    return still_score_pad(g.get("mid"), g.get("final"), box_id, cat)


@kit.kept(16)
def still_score_pad(mid: dict | None, final: dict | None, box_id: str | None, cat):
    return draw_score_pad(memo.Part(mid=mid, final=final), cat, box_id)


def draw_score_pad(g: dict, cat, box_id: str | None = None):
    """On the board a folded panel whose line says the running totals (kit.fold: one tap for the whole pad); on the
    end screen (`box_id`) a section."""
    records = [(key, g[key]) for key in ("mid", "final") if g.get(key)]
    head = el("h3", {"class": "ps-h"}, cat.t("ps.ui.pad"))
    attrs = {"class": "ps-box ps-pad", "id": box_id, "data-testid": "ps-score-pad"}
    if box_id is None:
        box = kit.fold(pad_line(head, records, cat) if records else [head], [], attrs)
    else:
        box = el("section", attrs, None, [head])
    if not records:
        box.appendChild(el("p", {"class": "ps-note"}, cat.t("ps.ui.pad_none")))
        return box
    table = el("table", {"class": "ps-pad-table"})
    table.appendChild(pad_heads(records, cat))
    table.appendChild(pad_body(records, cat))
    box.appendChild(el("div", {"class": "ps-scroll"}, None, [table]))
    if g["mid"]:
        box.appendChild(el("p", {"class": "ps-note"}, cat.t("ps.ui.pad_when", player=g["mid"]["by"],
                                                            turn=g["mid"]["turn"])))
    return box


def pad_line(head, records: list, cat) -> list:
    """The folded pad's line: its title and each player's running total."""
    totals = [sum(sum(rec["cats"][s]) for _k, rec in records) for s in (0, 1)]
    # each total twice: in words (a wide corner shows it, a screen reader says it), and as the seat's badge and
    # number (a narrow corner shows that instead)
    return [head, el("span", {"class": "ps-pad-totals"}, None, [
        el("span", {"class": f"ps-pad-total ps-seat{s}"}, None, [
            badge(s, True), el("span", {"class": "ps-pad-words"}, f"{cat.seat_name(s)} {totals[s]}"),
            el("b", {"class": "ps-pad-short", "aria-hidden": "true"}, str(totals[s]))]) for s in (0, 1)])]


def pad_heads(records: list, cat):
    """The pad's two head rows: each scoring, then each player under it."""
    head1 = el("tr", None, None, [el("th", {"scope": "col", "rowspan": 2}, cat.t("ps.ui.category"))])
    head2 = el("tr")
    for key, _rec in records:
        head1.appendChild(el("th", {"scope": "colgroup", "colspan": 2},
                             cat.t("ps.scoring.mid" if key == "mid" else "ps.scoring.final")))
        for seat in (0, 1):
            head2.appendChild(el("th", {"scope": "col"}, None, [badge(seat, True),
                                                                el("span", None, " " + cat.seat_name(seat))]))
    return el("thead", None, None, [head1, head2])


def pad_body(records: list, cat):
    """The pad's rows: the five categories (the Districts' rewards under theirs), each result, the running total."""
    body = el("tbody")

    def row(label, values, cls=None, sub=False):
        cells = [el("th", {"scope": "row", "class": "ps-sub" if sub else None}, label)]
        cells += [el("td", None, v) for v in values]
        body.appendChild(el("tr", {"class": cls}, None, cells))

    for c, name in enumerate(CATS):
        row(cat.t(f"ps.cat.{name}"), [str(rec["cats"][s][c]) for _k, rec in records for s in (0, 1)])
        if name == "districts":
            for d in TYPES:
                values = []
                for _k, rec in records:
                    rewards = rec.get("rewards")
                    for s in (0, 1):
                        values.append("\u2013" if rewards is None or d not in rewards[s] else str(rewards[s][d]))
                row(type_name(cat, d), values, "ps-reward", sub=True)
    row(cat.t("ps.ui.pad_result"), [str(sum(rec["cats"][s])) for _k, rec in records for s in (0, 1)], "ps-result")
    running, totals = [], [0, 0]
    for _k, rec in records:
        for s in (0, 1):
            totals[s] += sum(rec["cats"][s])
        running += [str(totals[0]), str(totals[1])]
    row(cat.t("ps.ui.pad_running"), running, "ps-running")
    return body


# ---------------------------------------------------------------------- the contract


def render(board, view: dict, legal: list, cat) -> set:
    g = view["state"]
    ctx = kit.Board(view, legal, cat, "ps-target")
    board.appendChild(kit.defs("ps-defs"))
    choosing = g["phase"] in ("comp", "shovel") and bool(ctx.legal)
    table = el("div", {"class": "ps-table" + (" ps-choosing" if choosing else ""), "data-phase": g["phase"],
                       "style": TABLE_STYLE})
    # The city with the cards and the score pad in its empty lower corners (one box the layout sizes as one), then
    # the Control board: under it, or beside it (static/ps.css).
    table.appendChild(el("div", {"class": "ps-city-cell"}, None, [
        city(g, cat, ctx), cards_box(g, cat), score_pad(g, cat)]))
    table.appendChild(control_board(g, cat, ctx))
    board.appendChild(table)
    return ctx.placed


# The city's proportions, for static/ps.css: its width over its height, and the share of its width and height its
# empty lower corners take (the cards and the score pad stand there).
TABLE_STYLE = (f"--ps-ratio:{VB_W / VB_H:.4f};--ps-side-w:{SIDE_W:.4f};--ps-side-h:{SIDE_H:.4f};"
               f"--ps-block-w:{BLOCK_W:.4f};--ps-block-h:{BLOCK_H:.4f}")


# ---------------------------------------------------------------------- the end screen


def render_over(container, view: dict, result: dict, cat) -> None:
    """The shell's optional end-screen hook: the score pad of both scorings under the winners line."""
    container.appendChild(score_pad(view["state"], cat, "ps-over"))
