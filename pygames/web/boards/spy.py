"""Spyworld on the table: the cards on offer, the missions, the viewer's own sheet, the decision, the exploration.

Reads only the view (never the state). Symbols, card faces, card backs and agent cards are clones of the
Jinja2-prebuilt fragments of templates/spy/fragments.html.j2; every text comes from the catalogue.

Issue 47, the whole table at a glance: the board is one grid (`.spy`, static/spy.css) laid out in the stage's box
(container queries) per box shape and per step of the decision (`data-stage`: first, line, cell, segment, gadget,
more, claim, submit, submitted; keep, explore, over): the head line (the lair, the turn, the lair's costs and the last
turn folded in one line each, their detail over the board on a tap), the three cards on offer with their index
(the back on top of each pile) and each its Take control on it, the missions, the decision's steps, and the viewer's
own sheet (`data-dock="hand"`): the lair grid, budget, cash gained, training, gadgets, bonus boxes and agent. The
other seats are summaries beside the board (`summary`: public figures only) and a tap opens their full sheet
(`render_seat`).

Legal targets on the board are <button data-action=...>: display cards (take), row/column numbers beside the lair
(line), rooms (cell), wall positions on the rooms' sides (wall: one diamond per side, so that the targets of one
line tile the grid and never overlap), gadget boxes (gadget), mission rewards (claim), agent cards (keep), and in
exploration every way into a room, grouped in a popover that opens when the room is tapped, so the full cost is
read before the move is committed. Pass / done / no claim / submit / restart stay in the shell's action bar with
the engine's labels (which carry the gain or cost).

At the end, `render_over` (the shell's end-screen hook, handed the end-of-game view) adds the titles, the records
and every exploration's route under the shell's score table; the final board (`render` of the spectator's end view)
shows every lair with the route of its explorer.
"""

from __future__ import annotations

from itertools import pairwise

from pygames.app import memo
from pygames.spyworld import data as spydata
from pygames.spyworld.data import AGENTS, CELLS, GADGETS, HALL, INDEX, LAIRS, MISSIONS, SHEET, START, gadget_count, rc
from pygames.spyworld.sheet import group, reachable
from pygames.spyworld.views import action_label
from pygames.web import kit
from pygames.web.kit import Space
from pygames.web.vdom import el, svg

# The attributes naming this board's parts, each a public identity: the last-move ring compares them (boards/__init__).
LOOK_KEYS = ('data-cell', 'data-slot', 'data-track', 'data-mission', 'data-gadget', 'data-player')

TRACKS = ("m", "s", "c")
FIXTURE_ORDER = ("lasers", "saw", "shark", "dog", "guard", "robot", "secret1", "secret2", "secret3")
SEAT_COLOURS = 12  # a colour per seat (static/spy.css .spy-sc0 … .spy-sc11), always with the seat's number


# ---------------------------------------------------------------------- small builders


def symbol(code: str, cls: str = "spy-sym"):
    """A <svg><use href="#spy-sym-…"></svg> (the symbols are cloned once per render into the board)."""
    node = svg("svg", {"viewBox": "0 0 24 24", "class": cls, "aria-hidden": "true", "focusable": "false"})
    node.appendChild(kit.symbol(f"spy-sym-{code}"))
    return node


def cell_text(x: str) -> str:
    return f"({x[0]},{x[1]})"


def fixture_name(cat, fixture: str) -> str:
    return cat.t(f"spy.card.{fixture}")


def short_cost(cat, cost) -> str:
    """"M1 S2" (FR "M1 D2"): the non-zero parts of a training cost, with the localised track letters."""
    parts = [f"{cat.t('spy.ui.letter.' + t)}{n}" for t, n in zip(TRACKS, cost, strict=True) if n]
    return " ".join(parts) or "0"


def badge(seat: int):
    """A seat's colour with its number (never the colour alone): its mark in the summaries and its full area."""
    return el("span", {"class": f"spy-badge spy-sc{seat % SEAT_COLOURS}", "aria-hidden": "true"}, str(seat + 1))


def magnified(node, label: str):
    """A part that is not a control, shown large on a tap (static/zoom.js), reachable by keyboard and named."""
    node.setAttribute("data-magnify", "")
    node.setAttribute("tabindex", "0")
    node.setAttribute("aria-label", label)
    return node


class Ctx(kit.Board):
    """One render (kit.Board): a target's label is the game's own words for its action; popovers wait in `pops`."""

    def __init__(self, view: dict, legal: list, cat):
        super().__init__(view, legal, cat, "spy-target", words=self.label)
        self.pops: list = []  # popovers, appended after the board (never inside a grid button)

    def label(self, action: str) -> str:
        key, args = action_label(self.view, action)
        return self.cat.t(key, **args)


# ---------------------------------------------------------------------- render


def chained(action: str) -> tuple[str, str] | None:
    """A claim (or "no claim") is the last choice of a turn: its button also submits, so it is one tap (the
    shell plays the returned action right after when it is legal, and adds the returned words to the label)."""
    if action == "noclaim" or action.startswith("claim:"):
        return "submit", "spy.act.and_submit"
    return None


def format_arg(name: str, value, cat) -> str | None:
    """Log lines name rooms by their two digits ("43") and wall segments by two rooms ("43-44"): show (4,3)."""
    if name == "cell" and isinstance(value, str) and len(value) == 2 and value.isdigit():
        return cell_text(value)
    if name == "segment" and isinstance(value, str) and value in spydata.BORDER_SET:  # SPY-2.11: an outer wall
        return cat.t("spy.ui.border_seg", cell=cell_text(spydata.inner_cell(value)),
                     side=f"@spy.side.{spydata.border_side(value)}")
    if name == "segment" and isinstance(value, str) and "-" in value:
        ends = value.split("-")
        if all(len(e) == 2 and e.isdigit() for e in ends):
            return "–".join(cell_text(e) for e in ends)
    return None


def stage_of(ctx: Ctx) -> str:
    """Which layout the table takes (static/spy.css `data-stage`): the step of the viewer's decision in planning,
    else the phase ("watch": planning seen by a seat with no decision)."""
    g = ctx.g
    if g["phase"] == "plan":
        pending = g.get("pending") if ctx.me is not None else None
        if pending is None:
            return "watch"
        return "submitted" if pending["submitted"] else pending["stage"]
    return g["phase"]


def render(board, view: dict, legal: list, cat) -> set[str]:
    ctx = Ctx(view, legal, cat)
    g = ctx.g
    board.appendChild(kit.defs("spy-defs"))
    stage = stage_of(ctx)
    root = el("div", {"class": "spy", "data-phase": g["phase"], "data-stage": stage,
                      "data-players": view["players"]})
    board.appendChild(root)
    root.appendChild(header(ctx))
    if g["phase"] == "keep":
        keep_phase(ctx, root)
    elif g["phase"] == "plan":
        plan_phase(ctx, root)
    elif g["phase"] == "explore":
        explore_phase(ctx, root)
    else:
        over_board(ctx, root)
    for pop in ctx.pops:
        root.appendChild(pop)
    return ctx.placed


def header(ctx: Ctx):
    """One line: the lair, the turn (and the final turn), then the lair's costs and the last turn, each folded
    to its one line (its detail opens over the board on a tap)."""
    cat, g = ctx.cat, ctx.g
    lair = cat.t(f"spy.lair.{g['lair']}")
    bits = [el("strong", {"class": "spy-lairname", "title": cat.t("spy.ui.lair", lair=lair)}, lair)]
    if g["phase"] == "plan":
        bits.append(el("span", {"class": "spy-turn", "title": cat.t("spy.ui.turn", turn=g["turn"],
                                                                     max=g["max_turns"])},
                       cat.t("spy.ui.turn_short", turn=g["turn"], max=g["max_turns"])))
        if g["final"]:
            bits.append(el("span", {"class": "spy-finalturn", "data-testid": "spy-final-turn"},
                           cat.t("spy.ui.final_turn")))
    if g["phase"] in ("explore", "over") and g.get("direction"):
        bits.append(passing_line(ctx))
    bits.append(el("span", {"class": "spy-headgap"}))
    if g["phase"] == "plan":
        last = last_turn_panel(ctx)
        if last is not None:
            bits.append(last)
    bits.append(lair_rules(ctx))
    return el("div", {"class": "spy-head"}, None, bits)


def lair_rules(ctx: Ctx):
    """The lair table (costs, secret values), its special rules and the gadget faces of this game: the same all
    game long, so drawn once (kit.kept)."""
    return draw_lair_rules(ctx.g["lair"], ctx.view["options"], ctx.cat)


@kit.kept(8)
def draw_lair_rules(lair_name: str, options: dict, cat):
    lair = LAIRS[lair_name]
    rows = []
    for f in FIXTURE_ORDER:
        if group(f) == "secret":
            now, end = lair["secrets"][f]
            text = cat.t("spy.ui.secret_values", now=now, end=end)
        else:
            cost = lair["costs"][f]
            if "pool" in cost:
                text = cat.t("spy.ui.pool_split", n=cost["pool"])
            else:
                text = cat.t("spy.ui.cost", m=cost["m"], s=cost["s"], c=cost["c"])
        rows.append(el("tr", None, None, [el("th", {"scope": "row"}, None, [symbol(f), el("span", None, " " +
                                                                                       fixture_name(cat, f))]),
                                           el("td", None, text)]))
    table = el("table", {"class": "spy-lairtable"}, None, [el("tbody", None, None, rows)])
    rule = cat.t("spy.ui.lair_rules_free" if lair["shift"] else "spy.ui.lair_rules_fixed")
    faces = []
    for n in range(1, 6):
        face = options[f"g{n}"]
        effect = GADGETS[n][face]
        faces.append(el("li", None, None, [gadget_badge(n), el("span", None, f" {cat.t(f'spy.gadget.{n}')} — "
                                                                  f"{cat.t('spy.ui.' + face)}: "
                                                                  f"{cat.t('spy.geff.' + effect)}")]))
    summary = [el("span", {"class": "spy-foldname"}, cat.t("spy.ui.costs_fold")),
               el("span", {"class": "spy-foldlair", "aria-hidden": "true"}, cat.t(f"spy.lair.{lair_name}")),
               el("span", {"class": "visually-hidden"}, " — " + cat.t("spy.ui.lair_table",
                                                                      lair=cat.t(f"spy.lair.{lair_name}")))]
    return kit.fold(summary, [el("div", {"class": "spy-foldbody"}, None, [
        el("h4", None, cat.t("spy.ui.lair_table", lair=cat.t(f"spy.lair.{lair_name}"))),
        table, el("p", None, rule), el("p", {"class": "spy-legend"}, cat.t("spy.ui.legend")),
        el("h4", None, cat.t("spy.ui.gadget_faces")), el("ul", {"class": "spy-faces"}, None, faces)])],
        {"class": "spy-fold spy-rulebox"})


def gadget_badge(n: int):
    node = el("span", {"class": "spy-gbadge"}, None, [symbol("gadget", "spy-sym spy-gsym"),
                                                       el("span", {"class": "spy-gnum"}, str(n))])
    return node


def last_turn_panel(ctx: Ctx):
    """SPY-7.5: what every player did in the last resolved turn, from the public log (folded to one line)."""
    log = ctx.view["log"]
    turns = [i for i, (key, _) in enumerate(log) if key == "spy.log.turn"]
    if len(turns) < 2:
        return None
    keys = ("spy.log.pass", "spy.log.take", "spy.log.place", "spy.log.wall", "spy.log.gadget", "spy.log.claim")
    lines = [ctx.cat.t(k, **a) for k, a in log[turns[-2] + 1:turns[-1]] if k in keys]
    if not lines:
        return None
    return kit.fold([el("span", {"class": "spy-foldname"}, ctx.cat.t("spy.ui.last_fold"))], [
        el("div", {"class": "spy-foldbody"}, None, [el("h4", None, ctx.cat.t("spy.ui.last_turn")),
                                                    el("ul", None, None, [el("li", None, line) for line in lines])])],
        {"class": "spy-fold spy-last"})


# ---------------------------------------------------------------------- agents


def agent_card(cat, agent_id: str):
    agent = AGENTS[agent_id]
    m, s, c = agent["bonus"]
    kind = cat.t("spy.ui.once" if agent["kind"] == "once" else "spy.ui.passive")
    card = kit.card("spy-agent", data={"agent": agent_id}, texts={
        ".spy-agent-name": cat.t(f"spy.agent.{agent_id}"), ".spy-agent-bonus": cat.t("spy.ui.bonus", m=m, s=s, c=c),
        ".spy-agent-power": f"{cat.t('spy.power.' + agent['power'])} ({kind})"})
    # the bonus in the track letters, where nine agents share a phone's box (static/spy.css); the words otherwise
    short = " ".join(f"{cat.t('spy.ui.letter.' + t)}+{n}" for t, n in zip(TRACKS, agent["bonus"], strict=True))
    card.querySelector(".spy-agent-text").kids.insert(1, el("span", {"class": "spy-agent-short", "aria-hidden": "true"},
                                                             short))
    return card


def keep_phase(ctx: Ctx, root) -> None:
    cat, g = ctx.cat, ctx.g
    if ctx.me is not None and g.get("dealt"):
        title = cat.t("spy.ui.free_title" if len(g["dealt"]) == len(AGENTS) else "spy.ui.keep_title")  # SPY-3.11
        box = el("section", {"class": "spy-panel spy-keep", "data-count": len(g["dealt"])}, None,
                 [el("h3", None, title)])
        agents = []
        for agent_id in g["dealt"]:
            card = agent_card(cat, agent_id)
            card.querySelector(".spy-agent-text").appendChild(
                el("span", {"class": "spy-keeplabel"}, ctx.cat.t("spy.ui.keep", agent=f"@spy.agent.{agent_id}")))
            button = ctx.button(f"keep:{agent_id}", cls="spy-keepbtn", children=[card])
            if button is None:
                chosen = g["agents"][ctx.me] == agent_id
                card.classList.add("spy-chosen" if chosen else "spy-dim")
                agents.append(card)
            else:
                agents.append(button)
        box.appendChild(kit.hand(agents, "spy-agents"))
        root.appendChild(box)
    root.appendChild(missions_panel(ctx, None))


# ---------------------------------------------------------------------- planning


def plan_phase(ctx: Ctx, root) -> None:
    g = ctx.g
    pending = g.get("pending") if ctx.me is not None else None
    root.appendChild(display_panel(ctx, pending))
    root.appendChild(missions_panel(ctx, pending))
    if pending is not None:
        root.appendChild(decision_panel(ctx, pending))
    if ctx.me is not None:
        root.appendChild(own_sheet(ctx, pending))


def decision_panel(ctx: Ctx, pending: dict):
    """The viewer's pending decision in one line: its steps so far (hidden from the others until the turn's
    resolution, SPY-4.6), or who still chooses once it is submitted."""
    cat, g = ctx.cat, ctx.g
    title = cat.t("spy.ui.submitted_note" if pending["submitted"] else "spy.ui.decision_short")
    box = el("section", {"class": "spy-panel spy-decision", "data-testid": "spy-decision"}, None,
             [el("h3", None, title)])  # no hover title: the menu's Undo (where the game offers it) says itself
    steps = describe_steps(ctx, pending["steps"])
    if steps:
        box.appendChild(el("ol", {"class": "spy-steps"}, None, [el("li", None, s) for s in steps]))
    elif not pending["submitted"]:
        box.appendChild(el("p", {"class": "spy-hint"}, cat.t(f"spy.ui.hint.{pending['stage']}")))
    waiting = [cat.seat_name(p) for p, done in enumerate(g.get("submitted", [])) if not done]
    if pending["submitted"] and waiting:
        box.appendChild(el("p", {"class": "spy-small spy-waiting"},
                           cat.t("spy.ui.waiting_for", names=", ".join(waiting))))
    return box


def describe_steps(ctx: Ctx, steps: list[str]) -> list[str]:
    cat, g = ctx.cat, ctx.g
    out = []
    first = True
    colour = "R"
    for action in steps:
        head, _, rest = action.partition(":")
        if head == "take":
            slot = int(rest)
            card = "@" + g["display"][slot - 1]["key"]
            colour = g["display"][slot - 1]["index"][0]  # the line a fixture goes in: a row (red) or a column
            out.append(cat.t("spy.ui.step.take" if first else "spy.ui.step.bonus", card=card, slot=slot))
            first = False
        elif head == "line":
            out.append(cat.t("spy.ui.row" if colour == "R" else "spy.ui.col", n=rest))
        elif head == "cell":
            out.append(cat.t("spy.ui.step.cell", cell=cell_text(rest)))
        elif head == "wall" and rest in spydata.BORDER_SET:
            out.append(cat.t("spy.ui.step.wall_border", cell=cell_text(spydata.inner_cell(rest)),
                             side=f"@spy.side.{spydata.border_side(rest)}"))
        elif head == "wall":
            a, b = rest.split("-")
            out.append(cat.t("spy.ui.step.wall", a=cell_text(a), b=cell_text(b)))
        elif head == "gadget":
            out.append(cat.t("spy.ui.step.gadget", n=rest, gadget=f"@spy.gadget.{rest}"))
        elif head == "claim":
            mission, reward = rest.split(":")
            out.append(cat.t("spy.ui.step.claim", mission=f"@spy.mission.{mission}", reward=f"@spy.reward.{reward}"))
        elif head in ("pass", "done", "noclaim"):
            out.append(cat.t(f"spy.ui.step.{head}"))
    return out


def back_node(cat, top):
    """The back of a pile's top card: red/blue hexagon, its number, a row or column bar, and words."""
    colour, n = top
    line = cat.t("spy.ui.row" if colour == "R" else "spy.ui.col", n=n)
    node = kit.card("spy-back", ("spy-red" if colour == "R" else "spy-blue",), texts={".spy-back-num": str(n)},
                    label=cat.t("spy.ui.back", colour=cat.t("spy.ui.red" if colour == "R" else "spy.ui.blue"),
                                n=n, line=line))
    return node, line


def card_face(cat, card: dict):
    kind = card["kind"]
    code = card["sub"] if kind == "fixture" else ("train-" + card["sub"] if kind == "training" else kind)
    extra = cat.t("spy.ui.points", n=card["pts"]) if kind == "training" else ""
    node = kit.card("spy-card", (f"spy-k-{kind}",), texts={".spy-card-name": cat.t(card["key"]),
                                                           ".spy-card-extra": " " + extra if extra else ""})
    node.querySelector("use").setAttribute("href", f"#spy-sym-{code}")
    return node


def display_panel(ctx: Ctx, pending: dict | None):
    """The three cards on offer, each under its index (the back on top of its pile: SPY-4.4) and with its Take
    control on it; a card taken this turn is marked."""
    cat, g = ctx.cat, ctx.g
    box = el("section", {"class": "spy-panel spy-display spy-piles", "aria-label": cat.t("spy.ui.piles")}, None,
             [el("h3", None, cat.t("spy.ui.display_title"))])
    row = el("div", {"class": "spy-pilerow"})
    taken = pending["taken"] if pending else []
    for slot, pile in enumerate(g["piles"], start=1):
        col = el("div", {"class": "spy-pile", "data-slot": slot})
        left = cat.t("spy.ui.cards_left", n=pile["count"])
        if pile["top"]:
            back, line = back_node(cat, pile["top"])
            index = el("div", {"class": "spy-index", "title": f"{cat.t('spy.ui.pile', n=slot)}: {left}"}, None, [
                kit.anim_key(back, f"spy-back-{slot}"),  # a public back: its slot is its key
                el("span", {"class": "spy-pileline spy-" + ("red" if pile["top"][0] == "R" else "blue")}, line)])
        else:
            index = el("div", {"class": "spy-index"}, None, [el("span", {"class": "spy-pileline"},
                                                                 cat.t("spy.ui.empty_pile"))])
        col.appendChild(index)
        card = g["display"][slot - 1]
        face = kit.anim_key(card_face(cat, card), f"spy-card-{card['id']}", f"spy-back-{slot}")  # face up: public
        action = f"take:{slot}"
        if action in ctx.legal:
            key, args = action_label(ctx.view, action)
            short = cat.t(key.replace("spy.act.", "spy.ui."), **args)  # shown; its name goes on with the full words
            node = ctx.button(action, cls="spy-take", children=[
                face, " ", el("span", {"class": "spy-takeline"}, short)])  # words apart: "Guard Take: free"
        else:
            node = face
            if slot in taken:
                face.classList.add("spy-taken")
                face.appendChild(el("span", {"class": "spy-takenmark"}, "✓ " + cat.t("spy.ui.taken")))
            magnified(face, f"{cat.t('spy.ui.pile', n=slot)}: {cat.t(card['key'])}"
                            + (f" {cat.t('spy.ui.points', n=card['pts'])}" if card["kind"] == "training" else ""))
        col.appendChild(node)
        row.appendChild(col)
    box.appendChild(row)
    return box


def mission_condition(cat, mid: str):
    """A mission's condition at a glance: the three fixtures it asks for, or its short words (the whole sentence
    is its tooltip, its accessible name and what the magnifier shows)."""
    data = MISSIONS[mid]
    parts = []
    if data["cond"] == "has_all":
        parts += [symbol(k, "spy-sym spy-msym") for k in data["kinds"]]
    parts.append(el("span", None, cat.t(f"spy.ui.mshort.{mid}", n=data.get("min", ""))))
    return el("span", {"class": "spy-mcond"}, None, parts)


def missions_panel(ctx: Ctx, pending: dict | None):
    cat, g = ctx.cat, ctx.g
    box = el("section", {"class": "spy-panel spy-missions"}, None, [el("h3", None, cat.t("spy.ui.missions"))])
    claims: dict[str, list[str]] = {}
    for p, sheet in enumerate(g["sheets"]):
        for mission, reward in sheet["claims"]:
            claims.setdefault(mission, []).append(f"{cat.seat_name(p)} ({cat.t('spy.ui.claim_' + reward)})")
    for m in g["missions"]:
        mid = m["id"]
        data = MISSIONS[mid]
        full = cat.t(f"spy.ui.mcond.{mid}", n=data.get("min", ""))
        reward = cat.t("spy.ui.mission_reward", cash=data["cash"], bonus=data["bonus"])
        words = [cat.t(f"spy.mission.{mid}"), full, reward]
        item = el("div", {"class": "spy-mission" + (" spy-down" if m["down"] else ""), "data-mission": mid,
                          "title": " ".join(words[1:])}, None, [
            el("strong", {"class": "spy-mname"}, cat.t(f"spy.mission.{mid}")),
            mission_condition(cat, mid),
            el("span", {"class": "spy-mreward"}, None, [
                el("span", {"class": "spy-mcash"}, None, [symbol("cash", "spy-sym spy-msym"),
                                                          el("b", None, f"+{data['cash']}")]),
                el("span", {"class": "spy-mbonus"}, None, [el("span", {"class": "spy-flag", "aria-hidden": "true"},
                                                              "★"), el("b", None, str(data["bonus"]))])]),
            el("span", {"class": "spy-mfull"}, full)])
        if m["down"]:
            words.append(cat.t("spy.ui.mission_down"))
            item.appendChild(el("span", {"class": "spy-small spy-mdown"}, "▼ " + cat.t("spy.ui.mission_gone")))
        if mid in claims:
            names = ", ".join(claims[mid])
            words.append(cat.t("spy.ui.claimed_by", names=names))
            item.appendChild(el("span", {"class": "spy-small spy-mclaimed"}, cat.t("spy.ui.claimed_by", names=names)))
        placed = False
        claims_at = len(item.kids)
        for r in ("cash", "bonus"):
            action = f"claim:{mid}:{r}"
            if action not in ctx.legal:
                continue
            then = chained(action)
            label = ctx.label(action) + (" " + cat.t(then[1]) if then else "")
            shown = cat.t("spy.ui.reward_now" if r == "cash" else "spy.ui.reward_end",
                          n=action_label(ctx.view, action)[1]["n"])
            item.appendChild(ctx.button(action, label, text=shown, cls="spy-claim"))
            placed = True
        if placed:
            item.classList.add("spy-claimable")
            item.kids.insert(claims_at, el("span", {"class": "spy-break"}))  # the claims on a line of their own
        else:
            magnified(item, ". ".join(words))
        box.appendChild(item)
    return box


# ---------------------------------------------------------------------- sheets


def own_sheet(ctx: Ctx, pending: dict | None):
    """The viewer's own sheet (their own area, docked at the board's bottom while zoomed in): as it will be after
    the steps chosen so far (SPY-8.14), its targets for the current step on it."""
    cat, g, me = ctx.cat, ctx.g, ctx.me
    public = g["sheets"][me]
    sheet = pending["sheet"] if pending else public
    preview = pending is not None and pending["steps"] and not pending["submitted"]
    head = [el("span", None, cat.t("spy.ui.my_sheet"))]
    if preview:
        head.append(el("span", {"class": "spy-previewtag", "title": cat.t("spy.ui.preview")},
                       cat.t("spy.ui.preview_short")))
    box = el("section", {"class": "spy-panel spy-mine", "data-testid": "spy-my-sheet", "data-dock": "hand"}, None,
             [el("h3", None, None, head)])
    stage = pending["stage"] if pending and not pending["submitted"] else None
    targets = {}
    if stage in ("cell", "segment", "line"):
        targets = {a: a for a in ctx.legal}
    colour = None
    if stage == "line":
        colour = g["display"][pending["slot"] - 1]["index"][0]
    body = el("div", {"class": "spy-sheetbody"})
    lair = lair_view(ctx, sheet, big=True, prev=public if preview else None, targets=targets, line_colour=colour)
    if not targets:  # no control on it: a tap shows it large (a phone draws it small while a card is chosen)
        magnified(lair, cat.t("spy.ui.preview") if preview else cat.t("spy.ui.my_sheet"))
    body.appendChild(lair)
    side = sheet_side(ctx, sheet, big=True, gadget_targets=stage == "gadget")
    agent = g["agents"][me]
    if agent:
        card = agent_card(cat, agent)
        side.appendChild(el("div", {"class": "spy-myagent"}, None, [
            el("div", {"class": "spy-small spy-agenthead"}, cat.t("spy.ui.your_agent")),
            magnified(card, f"{cat.t('spy.ui.your_agent')}: {cat.t(f'spy.agent.{agent}')}")]))
    body.appendChild(side)
    box.appendChild(body)
    return box


def other_body(ctx: Ctx, sheet: dict):
    """Another player's lair and side, with no control of the viewer's in them: drawn again only when that sheet
    changes (kit.kept)."""
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole context
        return other_sheet.__wrapped__(sheet, ctx.view["options"], ctx.cat, ctx)
    return other_sheet(sheet, ctx.view["options"], ctx.cat)


@kit.kept(64)
def other_sheet(sheet: dict, options: dict, cat, whole: Ctx | None = None):
    """A sheet read from its inputs only: a board's context with the game's options and no state, no viewer and no
    legal action (a read of anything else fails); `whole`: the render's own context (the reference drawing)."""
    quiet = whole or Ctx(memo.Part(state=None, viewer=None, options=options), (), cat)
    return el("div", {"class": "spy-sheetbody"}, None, [lair_view(quiet, sheet, big=False),
                                                        sheet_side(quiet, sheet, big=False)])


def sheet_side(ctx: Ctx, sheet: dict, big: bool, gadget_targets: bool = False):
    """Budget and the 40 cap, the three training tracks, the five gadgets, the five bonus boxes."""
    cat = ctx.cat
    cap = SHEET["gain_cap"]
    side = el("div", {"class": "spy-side" + (" spy-big" if big else "")})
    words = cat.t("spy.ui.gained", gained=sheet["gained"], cap=cap)
    money = el("div", {"class": "spy-money"}, None, [
        el("div", {"class": "spy-budget", "title": f"{cat.t('spy.ui.budget')} {sheet['budget']}"}, None, [
            symbol("cash"), el("span", {"class": "spy-lbl"}, cat.t("spy.ui.budget")),
            el("strong", None, str(sheet["budget"]))]),
        kit.bar(100 * sheet["gained"] // cap, cat.t("spy.ui.gained_short", gained=sheet["gained"], cap=cap), words,
                "spy-bar spy-gainbar", "spy-fill spy-fill-cash")])
    if sheet["bonus"]:
        money.appendChild(el("span", {"class": "spy-small spy-endbonus",
                                      "title": cat.t("spy.ui.end_bonus", n=sheet["bonus"])},
                             cat.t("spy.ui.end_bonus_short", n=sheet["bonus"])))
    side.appendChild(money)
    side.appendChild(tracks_view(cat, sheet["tracks"]))
    side.appendChild(gadgets_view(ctx, sheet["gadgets"], gadget_targets))
    boxes = []
    for i, cost in enumerate(SHEET["bonus_costs"]):
        ticked = i < sheet["boxes"]
        text = cat.t("spy.ui.box", n=i + 1, cost=cost, ticked=cat.t("spy.ui.ticked") if ticked else "")
        boxes.append(Space(("✓" if ticked else "") + str(cost), "spy-box" + (" spy-ticked" if ticked else ""),
                           attrs={"title": text, "aria-label": text, "role": "img"}))
    cost_row = kit.track(boxes, "spy-boxes", tag="div", space_tag="span")
    side.appendChild(el("div", {"class": "spy-row spy-bonusrow"}, None, [
        el("span", {"class": "spy-small spy-lbl"}, cat.t("spy.ui.bonus_boxes")), cost_row]))
    return side


def tracks_view(cat, tracks):
    cap = SHEET["track_cap"]
    box = el("div", {"class": "spy-tracks"}, None, [el("div", {"class": "spy-small spy-lbl"},
                                                       cat.t("spy.ui.training", max=cap))])
    for t, n in zip(TRACKS, tracks, strict=True):
        name = cat.t(f"spy.track.{t}")
        box.appendChild(el("div", {"class": "spy-track", "data-track": t}, None, [
            symbol(f"train-{t}"), el("span", {"class": "spy-trackname"}, name),
            kit.bar(100 * min(n, cap) // cap, f"{n} / {cap}", f"{name} {n} / {cap}", "spy-bar",
                    "spy-fill spy-fill-" + t)]))
    return box


def gadgets_view(ctx: Ctx, owned, targets: bool, used=None):
    cat = ctx.cat
    box = el("div", {"class": "spy-gadgets"}, None, [el("div", {"class": "spy-small spy-lbl"},
                                                        cat.t("spy.ui.gadgets", n=gadget_count(owned)))])
    row = el("div", {"class": "spy-grow"})
    for n in range(1, 6):
        face = ctx.view["options"][f"g{n}"]
        have = n in owned
        ticks = [Space("✓" if have else "", "spy-gbox" + (" spy-on" if have else ""))
                 for _ in range(GADGETS[n]["count"])]  # the Laser drill has two boxes (it counts 2)
        boxes = kit.track(ticks, "spy-gboxes", tag="span", space_tag="span")
        state_word = ""
        if used is not None and n in used:
            state_word = cat.t("spy.ui.gadget_used")
        elif have:
            state_word = cat.t("spy.ui.gadget_owned")
        parts = [gadget_badge(n), el("span", {"class": "spy-face"}, cat.t(f"spy.ui.{face}")[0]), boxes,
                 el("span", {"class": "spy-gname"}, kit.breakable(cat.t(f"spy.gadget.{n}")))]
        action = f"gadget:{n}"
        title = f"{cat.t(f'spy.gadget.{n}')} ({cat.t(f'spy.ui.{face}')}): {cat.t('spy.geff.' + GADGETS[n][face])}"
        if targets and action in ctx.legal:
            node = ctx.button(action, cls="spy-gadget", children=parts)
            node.appendChild(el("span", {"class": "spy-gcost"}, ctx.label(action).split(": ")[-1]))
        else:
            node = el("div", {"class": "spy-gadget" + (" spy-on" if have else ""), "title": title,
                              "data-gadget": n, "role": "img",
                              "aria-label": title + (f" — {state_word}" if state_word else "")}, None, parts)
            if state_word:
                node.appendChild(el("span", {"class": "spy-small spy-gstate"}, state_word))
        row.appendChild(node)
    box.appendChild(row)
    return box


# ---------------------------------------------------------------------- the lair grid


def pct(v: float) -> str:
    return f"{v * 20:.4g}%"


def lair_view(ctx: Ctx, sheet: dict, big: bool, prev: dict | None = None, targets: dict | None = None,
              line_colour: str | None = None, explore: dict | None = None):
    """The 5×5 lair: rooms (fixtures, start, hall), walls on room sides, row/column numbers, and the targets:
    `targets` maps actions (cell:/wall:/line:) to themselves; `explore` = {rec, moves} for an exploration."""
    targets = targets or {}
    opened = explore["rec"]["open"] if explore else []
    border_targets = any(a.startswith("wall:") and a[5:] in spydata.BORDER_SET for a in targets)
    wrap = el("div", {"class": "spy-lairwrap" + (" spy-big" if big else " spy-compact")
                      + (" spy-border-targets" if border_targets else "")
                      + (f" spy-line-{line_colour}" if big and line_colour else "")})
    wrap.appendChild(el("div", {"class": "spy-corner"}))
    wrap.appendChild(line_heads(ctx, "B", "spy-colheads", big and line_colour == "B", targets))
    wrap.appendChild(line_heads(ctx, "R", "spy-rowheads", big and line_colour == "R", targets))
    lair = el("div", {"class": "spy-lair"})
    reach = reachable(sheet["walls"], opened)
    for x in CELLS:
        lair.appendChild(room_node(ctx, sheet, x, reach, targets, explore, prev))
    walls_into(lair, sheet, prev, opened)
    wall_targets_into(ctx, lair, targets)
    rec = explore["rec"] if explore else None
    if rec and len(rec["route"]) > 1:
        lair.appendChild(route_svg(rec["route"]))
    wrap.appendChild(lair)
    return wrap


def line_heads(ctx: Ctx, colour: str, cls: str, choosing: bool, targets: dict):
    """One side's line numbers (B: columns, R: rows), each a target with its cost while a line of `colour` is chosen."""
    heads = el("div", {"class": cls})
    for n in range(1, 6):
        action = f"line:{n}"
        node = None
        if choosing and action in targets:
            cost = dict((a, b) for a, b in ctx.g["pending"].get("lines", [])).get(n, 0)
            node = ctx.button(action, cls="spy-linebtn", children=[el("span", None, str(n)),
                                                              el("span", {"class": "spy-linecost"},
                                                                 f"−{cost}" if cost else "0")])
        if node is None:
            node = el("span", {"class": "spy-head-n spy-" + ("red" if colour == "R" else "blue")}, str(n))
        heads.appendChild(node)
    return heads


def room_words(cat, x: str, fixture, walled: bool) -> str:
    """A room's spoken name and tooltip: where it is and what it holds (start, hall, walled in)."""
    content = fixture_name(cat, fixture) if fixture else cat.t("spy.ui.empty")
    if x == START:
        content = cat.t("spy.ui.start")
    elif x in HALL:
        content += " — " + cat.t("spy.ui.hall")
    if walled:
        content += " — " + cat.t("spy.ui.walled_in")
    return cat.t("spy.ui.room", cell=cell_text(x), content=content)


def room_node(ctx: Ctx, sheet: dict, x: str, reach, targets: dict, explore: dict | None, prev: dict | None):
    """One room of the lair: a target (a cell to fill, a room to explore), else a picture, with its marks."""
    i = INDEX[x]
    fixture = sheet["grid"][i]
    walled = fixture and group(fixture) == "secret" and x not in reach
    aria = room_words(ctx.cat, x, fixture, walled)
    node = None
    if f"cell:{x}" in targets:
        node = ctx.button(f"cell:{x}", cls="spy-cell", aria=aria + " — " + ctx.label(f"cell:{x}"))
    elif explore and x in explore["moves"]:
        node = move_opener(ctx, x, explore["moves"][x], aria)
    if node is None:
        node = el("div", {"class": "spy-cell", "role": "img", "aria-label": aria, "title": aria})
    node.setAttribute("data-cell", x)
    cls = node.classList
    if x in HALL:
        cls.add("spy-hall")
    if x == START:
        cls.add("spy-start")
        node.appendChild(symbol("start"))
    if fixture:
        node.appendChild(symbol(fixture))
    if walled:
        cls.add("spy-walled")
        node.appendChild(symbol("lock", "spy-sym spy-lock"))
    if prev is not None and prev["grid"][i] != fixture:
        cls.add("spy-new")
    mark_explored(node, x, explore["rec"] if explore else None)
    return node


def mark_explored(node, x: str, rec: dict | None) -> None:
    """An exploration's marks on a room: visited, stolen from, and the agent where it stands."""
    if rec and x in rec["route"]:
        node.classList.add("spy-visited")
    if rec and x in rec["cells"]:
        node.classList.add("spy-stolen")
    if rec and x == rec["pos"]:  # the exploring agent steps from room to room
        node.appendChild(kit.anim_key(symbol("agent", "spy-sym spy-agentmark"), "spy-agent"))


def walls_into(lair, sheet: dict, prev: dict | None, opened) -> None:
    """The lair's walls, marked new (since `prev`) or opened (by the exploration)."""
    old = set(prev["walls"]) if prev is not None else None
    for seg in sheet["walls"]:
        cls = "spy-wall"
        if old is not None and seg not in old:
            cls += " spy-wall-new"
        if seg in opened:
            cls += " spy-wall-open"
        lair.appendChild(segment_node("div", seg, {"class": cls}))


def wall_targets_into(ctx: Ctx, lair, targets: dict) -> None:
    """The wall targets: a diamond on each room side where a wall may be built."""
    for action in sorted(a for a in targets if a.startswith("wall:")):
        seg = action[5:]
        node = ctx.button(action, cls="spy-seg")
        if node is not None:
            a, b = seg.split("-")
            node.classList.add("spy-seg-v" if a[0] == b[0] else "spy-seg-h")
            if seg in spydata.BORDER_SET:  # SPY-2.11: a target on the lair's outer edge, half outside the grid
                node.classList.add("spy-seg-border")
            node.appendChild(el("span", {"class": "spy-segbar"}))
            place_target(node, seg)
            lair.appendChild(node)


def segment_node(tag: str, seg: str, attrs: dict):
    node = el(tag, attrs)
    place_segment(node, seg)
    return node


def place_segment(node, seg: str) -> None:
    """Position a wall (or a wall target) on the edge between the two rooms of `seg`, in % of the lair."""
    a, b = seg.split("-")
    (ra, ca), (_, cb) = rc(a), rc(b)
    if ca != cb:  # same row: a vertical edge right of a
        style = f"left:{pct(ca)};top:{pct(ra - 1)};height:{pct(1)}"
        node.classList.add("spy-vert")
    else:  # same column: a horizontal edge below a
        style = f"top:{pct(ra)};left:{pct(ca - 1)};width:{pct(1)}"
        node.classList.add("spy-horiz")
    node.setAttribute("style", style)


def place_target(node, seg: str) -> None:
    """Centre a wall target on the middle of the edge between the two rooms of `seg`: a diamond as wide and tall
    as a room (static/spy.css), so the targets of the sides of one line's rooms tile the grid without overlapping."""
    a, b = seg.split("-")
    (ra, ca), (_, cb) = rc(a), rc(b)
    if ca != cb:
        node.setAttribute("style", f"left:{pct(ca)};top:{pct(ra - 0.5)}")
    else:
        node.setAttribute("style", f"left:{pct(ca - 0.5)};top:{pct(ra)}")


def route_svg(route: list[str]):
    """The route drawn as a line through the rooms, each step numbered (0 = the start room)."""
    root = svg("svg", {"class": "spy-route", "viewBox": "0 0 5 5", "aria-hidden": "true"})
    # one segment per step (`--step`), so the end screen can replay the route step by step (CSS, skippable)
    for step_no, (a, b) in enumerate(pairwise(route), start=1):
        root.appendChild(svg("line", {"x1": int(a[1]) - 0.5, "y1": int(a[0]) - 0.5, "x2": int(b[1]) - 0.5,
                                      "y2": int(b[0]) - 0.5, "class": "spy-routeline spy-step",
                                      "style": f"--step: {step_no}"}))
    seen: dict[str, int] = {}
    for step_no, x in enumerate(route):
        k = seen.get(x, 0)
        seen[x] = k + 1
        cx = int(x[1]) - 0.5 - 0.3 + 0.2 * (k % 4)
        cy = int(x[0]) - 0.5 - 0.3 + 0.2 * (k // 4)
        root.appendChild(svg("circle", {"cx": cx, "cy": cy, "r": 0.15, "class": "spy-stepdot spy-step",
                                        "style": f"--step: {step_no}"}))
        root.appendChild(svg("text", {"x": cx, "y": cy + 0.07, "class": "spy-stepno spy-step", "text-anchor": "middle",
                                      "style": f"--step: {step_no}"}, str(step_no)))
    return root


# ---------------------------------------------------------------------- exploration


def passing_line(ctx: Ctx):
    """Where the lairs went (SPY-4.20 to 4.22), in the head line; who explores whose lair in its tooltip (and
    said to screen readers)."""
    cat, g = ctx.cat, ctx.g
    lines = [cat.t("spy.ui.explores", player=e, owner_player=o) for e, o in enumerate(g["explores"])]
    words = [cat.t("spy.ui.passing", way=f"@spy.way.{g['direction']}")]
    me = ctx.me
    if me is not None and g["phase"] == "explore":
        words.append(cat.t("spy.ui.exploring", owner_player=g["explores"][me]) + ".")
    return el("span", {"class": "spy-passing", "title": "; ".join(lines)}, None, [
        el("span", None, " ".join(words)), el("span", {"class": "visually-hidden"}, " " + "; ".join(lines))])


def explore_phase(ctx: Ctx, root) -> None:
    """The viewer's exploration of another player's lair: the lair to step through, what is left beside
    it; or a note saying who is exploring."""
    cat, g, me = ctx.cat, ctx.g, ctx.me
    records = g.get("ex") or []
    rec = records[me] if me is not None and me < len(records) else None
    if rec is None:
        if g.get("explorer") is not None:
            root.appendChild(el("p", {"class": "spy-panel spy-waitnote"},
                                cat.t("spy.ui.explore_wait", player=g["explorer"])))
        return
    owner = g["explores"][me]
    sheet = g["sheets"][owner]
    box = el("section", {"class": "spy-panel spy-explore", "data-testid": "spy-explore", "data-dock": "hand"},
             None, [el("h3", None, cat.t("spy.ui.exploring", owner_player=owner))])
    moves: dict[str, list[str]] = {}
    for action in ctx.legal:
        if action.startswith("move:"):
            moves.setdefault(action.split(":")[1], []).append(action)
    if rec["done"]:
        box.appendChild(el("p", {"class": "spy-hint"}, cat.t("spy.ui.explore_done")))
    elif moves:
        box.appendChild(el("p", {"class": "spy-hint"}, cat.t("spy.ui.tap_room")))
    elif g.get("explorer") is not None and g["explorer"] != me:
        box.appendChild(el("p", {"class": "spy-hint"}, cat.t("spy.ui.explore_wait", player=g["explorer"])))
    body = el("div", {"class": "spy-sheetbody"})
    body.appendChild(lair_view(ctx, sheet, big=True, explore={"rec": rec, "moves": moves}))
    body.appendChild(explore_side(ctx, rec))
    box.appendChild(body)
    root.appendChild(box)


def explore_side(ctx: Ctx, rec: dict):
    """Beside the explored lair: the tracks and gadgets left, the records so far, the agent, the controls."""
    cat, g = ctx.cat, ctx.g
    side = el("div", {"class": "spy-side spy-big spy-exside"})
    side.appendChild(el("div", {"class": "spy-small spy-lbl"}, cat.t("spy.ui.tracks_left")))
    side.appendChild(tracks_view(cat, rec["tr"]))
    side.appendChild(el("p", {"class": "spy-small spy-records"}, cat.t("spy.ui.records", rooms=rec["rooms"],
                                                                     stolen=rec["stolen"], traps=rec["trig"],
                                                                     neut=rec["neut"])))
    unused = ", ".join(cat.t(f"spy.gadget.{n}") for n in rec["gad"]) or cat.t("spy.ui.none")
    side.appendChild(el("p", {"class": "spy-small spy-unused"}, f"{cat.t('spy.ui.unused_gadgets')}: {unused}"))
    agent = g["agents"][ctx.me]
    if agent:
        card = agent_card(cat, agent)
        side.appendChild(magnified(card, f"{cat.t('spy.ui.agent')}: {cat.t(f'spy.agent.{agent}')}"))
        if AGENTS[agent]["kind"] == "once":
            side.appendChild(el("p", {"class": "spy-small"},
                                cat.t("spy.ui.power_used" if rec["pw"] else "spy.ui.power_ready")))
    side.appendChild(explore_controls(ctx))
    return side


def explore_controls(ctx: Ctx):
    """The exploration's buttons: the energy drink, the power, stop, and the chooser of the drink's splits."""
    controls = el("div", {"class": "spy-controls"})
    for action in ("use:4", "power", "stop"):
        node = ctx.button(action, cls="spy-ctl")
        if node is not None:
            node.textContent = ctx.label(action)
            controls.appendChild(node)
    splits = sorted(a for a in ctx.legal if a.startswith("use:4:"))
    if splits:
        controls.appendChild(chooser(ctx, "spy-pop-drink", ctx.cat.t("spy.ui.drink_choices"), splits,
                                     ctx.cat.t("spy.ui.drink_choices")))
    return controls


def chooser(ctx: Ctx, pop_id: str, opener_text: str, actions: list[str], title: str):
    """A button that opens a popover listing several legal actions (each a data-action button with its cost)."""
    wrap = el("span", {"class": "spy-chooser"})
    wrap.appendChild(el("button", {"type": "button", "class": "spy-target spy-opener", "popovertarget": pop_id},
                        opener_text))
    wrap.appendChild(popover(ctx, pop_id, title, actions))
    return wrap


def popover(ctx: Ctx, pop_id: str, title: str, actions: list[str]):
    pop = el("div", {"popover": "auto", "id": pop_id, "class": "spy-pop", "data-testid": "spy-chooser"},
             None, [el("h4", None, title)])
    for action in actions:
        node = ctx.button(action, cls="spy-choice")
        if node is not None:
            node.textContent = ctx.label(action)
            pop.appendChild(node)
    pop.appendChild(el("button", {"type": "button", "class": "quiet", "popovertarget": pop_id,
                                  "popovertargetaction": "hide"}, ctx.cat.t("spy.ui.close")))
    return pop


def move_opener(ctx: Ctx, x: str, actions: list[str], aria: str):
    """A room the agent may enter: tapping it opens the list of ways in, each with its full cost."""
    costs = (ctx.g.get("options") or {})
    cheapest = min((costs.get(a) or [0, 0, 0] for a in actions), key=sum)
    summary = short_cost(ctx.cat, cheapest)
    pop_id = f"spy-pop-{x}"
    label = ctx.cat.t("spy.ui.room_cost", cell=cell_text(x), cost=summary)
    node = el("button", {"type": "button", "class": "spy-target spy-cell spy-opener", "popovertarget": pop_id,
                         "aria-label": aria + " — " + label, "title": label})
    node.appendChild(el("span", {"class": "spy-costtag"}, summary))
    ctx.pops.append(popover(ctx, pop_id, ctx.cat.t("spy.ui.ways_into", cell=cell_text(x)),
                            sorted(actions, key=lambda a: (sum(costs.get(a) or [0, 0, 0]), a))))
    return node


# ---------------------------------------------------------------------- the final board


def over_board(ctx: Ctx, root) -> None:
    """The end of the game (the spectator's end view, SPY-8.18): where the lairs went, then every lair as it was
    explored, with its explorer's route, and its owner's sheet."""
    g = ctx.g
    records = g.get("ex") or []
    explorer_of = {owner: p for p, owner in enumerate(g.get("explores") or [])}
    grid = el("section", {"class": "spy-finals"})
    for owner, sheet in enumerate(g["sheets"]):
        p = explorer_of.get(owner)
        rec = records[p] if p is not None and p < len(records) else None
        explore = {"rec": rec, "moves": {}} if rec is not None else None
        caption = ctx.cat.t("spy.ui.final_sheet", player=owner, explorer_player=p) if p is not None \
            else ctx.cat.t("spy.ui.sheet_of", player=owner)
        grid.appendChild(el("figure", {"class": "spy-panel spy-finalsheet", "data-player": owner}, None, [
            el("figcaption", None, None, [badge(owner), el("span", None, caption)]),
            el("div", {"class": "spy-sheetbody"}, None, [lair_view(ctx, sheet, big=False, explore=explore),
                                                         sheet_side(ctx, sheet, big=False)])]))
    root.appendChild(grid)


# ---------------------------------------------------------------------- every seat at a glance


def summary(view: dict, seat: int, cat):
    """What a player glances at of `seat`, all of it public (SPY-7.2: every sheet is open, as of the last
    resolution; a pending decision never shows): the budget and the fixtures in the lair always; the walls, the
    training, the gadget count and the cash gained towards the cap of 40 where the strip has room (`minor`)."""
    g = view["state"]
    sheet = g["sheets"][seat]
    fixtures = sum(1 for x in sheet["grid"] if x)
    walls = len(sheet["walls"])
    m, s, c = sheet["tracks"]
    cap = SHEET["gain_cap"]
    figures = (
        kit.figure(symbol("cash", "spy-sym spy-fig"), sheet["budget"], cat.t("spy.sum.budget", n=sheet["budget"])),
        kit.figure(symbol("room", "spy-sym spy-fig"), fixtures, cat.t("spy.sum.fixtures", n=fixtures)),
        kit.figure(symbol("wall", "spy-sym spy-fig"), walls, cat.t("spy.sum.walls", n=walls), cls="minor"),
        kit.figure(symbol("train", "spy-sym spy-fig"), f"{m}·{s}·{c}", cat.t("spy.sum.training", m=m, s=s, c=c),
                   cls="minor"),
        kit.figure(symbol("gadget", "spy-sym spy-fig"), gadget_count(sheet["gadgets"]),
                   cat.t("spy.sum.gadgets", n=gadget_count(sheet["gadgets"])), cls="minor"),
        kit.figure("Σ", f"{sheet['gained']}/{cap}", cat.t("spy.sum.gained", n=sheet["gained"], cap=cap),
                   cls="minor"),
    )
    return kit.Summary(badge(seat), figures)


def render_seat(board, view: dict, seat: int, cat) -> None:
    """A seat's full area: its sheet as of the last resolution (lair, budget, cash gained, training, gadgets, bonus
    boxes), its mission claims, its agent once public (or to its own seat), and, at the end, its exploration."""
    ctx = Ctx(view, [], cat)
    g = ctx.g
    sheet = g["sheets"][seat]
    facts = [badge(seat)]
    submitted = g.get("submitted") or []
    if g["phase"] == "plan" and seat < len(submitted):
        facts.append(el("span", {"class": "spy-chip"}, cat.t("spy.ui.submitted" if submitted[seat]
                                                             else "spy.ui.choosing")))
    for mission, reward in sheet["claims"]:
        facts.append(el("span", {"class": "spy-chip"}, cat.t("spy.ui.step.claim", mission=f"@spy.mission.{mission}",
                                                             reward=f"@spy.reward.{reward}")))
    agent = g["agents"][seat]
    who = f"{cat.t('spy.ui.agent')}: {cat.t(f'spy.agent.{agent}')}" if agent else cat.t("spy.ui.agent_hidden")
    facts.append(el("span", {"class": "spy-chip"}, who))
    # its symbols are the board's (the board, under the area, holds their one definition)
    parts = [el("div", {"class": "spy-seatfacts"}, None, facts), other_body(ctx, sheet)]
    records = g.get("ex") or []
    if seat < len(records) and records[seat] is not None and g.get("explores"):
        rec = records[seat]
        parts.append(el("p", {"class": "spy-small"}, cat.t("spy.ui.explores", player=seat,
                                                           owner_player=g["explores"][seat])))
        parts.append(el("p", {"class": "spy-small"}, cat.t("spy.ui.records", rooms=rec["rooms"], stolen=rec["stolen"],
                                                           traps=rec["trig"], neut=rec["neut"])))
    board.appendChild(el("div", {"class": "spy spy-seatarea", "data-seat": seat}, None, parts))


# ---------------------------------------------------------------------- the end screen


def render_over(container, view: dict, result: dict, cat) -> None:
    """The shell's end-screen hook: titles, agents, records and every exploration's route; the best routes come
    later (`render_after_game`): they are worked out in the search worker."""
    container.appendChild(final_panel(view, cat))
    container.appendChild(best_routes_panel(view, cat, None))


def render_after_game(container, view: dict, answer: list[dict], cat) -> None:
    """The shell's hook for `ai.after_game`'s answer: the best routes, in place of their placeholder."""
    container.appendChild(best_routes_panel(view, cat, answer))


def best_routes_panel(view: dict, cat, missed: list[dict] | None):
    """For every player: the best route in the lair they explored and how much more it would have stolen
    (`missed`: routes.missed's rows; None while they are worked out)."""
    if missed is None:
        return el("section", {"class": "spy-best", "data-testid": "spy-best", "data-after-game": ""}, None,
                  [el("h3", None, cat.t("spy.ui.best_title")),
                   el("p", {"role": "status"}, cat.t("spy.ui.best_pending"))])
    rows = []
    for row in missed:
        p = row["player"]
        if row["best"] is None:
            text = cat.t("spy.ui.best_unknown")
        elif row["more"]:
            text = cat.t("spy.ui.best_more", more=row["more"], best=row["best"],
                         route=" → ".join(cell_text(x) for x in row["route"]))
        else:
            text = cat.t("spy.ui.best_same", best=row["best"])
        rows.append(el("li", {"data-player": p, "data-more": "" if row["more"] is None else row["more"]}, None,
                       [el("strong", None, cat.seat_name(p) + " — "), el("span", None, text)]))
    return el("section", {"class": "spy-best", "data-testid": "spy-best"}, None,
              [el("h3", None, cat.t("spy.ui.best_title")), el("ul", None, None, rows)])


def final_panel(view: dict, cat):
    g = view["state"]
    res = g["result"]
    rec = res["records"]
    n = view["players"]
    head = [el("th", {"scope": "col"}, cat.t("over.player")), el("th", {"scope": "col"}, cat.t("over.total")),
            el("th", {"scope": "col"}, cat.t("spy.ui.title")), el("th", {"scope": "col"}, cat.t("spy.ui.agent"))]
    head += [el("th", {"scope": "col"}, cat.t(f"spy.ui.rec.{k}")) for k in ("traps", "gadgets", "rooms", "brutal")]
    rows = []
    for p in range(n):
        title = res["titles"][p]
        cells = [el("th", {"scope": "row"}, cat.seat_name(p)), el("td", None, str(res["scores"][p])),
                 el("td", {"data-title": title or ""},
                    cat.t(f"spy.title.{title}") if title else cat.t("spy.ui.no_title")),
                 el("td", None, cat.t(f"spy.agent.{g['agents'][p]}"))]
        cells += [el("td", None, str(rec[k][p])) for k in ("traps", "gadgets", "rooms", "brutal")]
        rows.append(el("tr", {"data-player": p}, None, cells))
    table = el("table", {"class": "score-table spy-final", "data-testid": "spy-final"}, None, [
        el("thead", None, None, [el("tr", None, None, head)]), el("tbody", None, None, rows)])
    ctx = Ctx(view, [], cat)
    routes = el("div", {"class": "spy-routes replay", "data-testid": "spy-routes"})
    for p in range(n):
        owner = g["explores"][p]
        record = g["ex"][p]
        routes.appendChild(el("figure", {"class": "spy-routefig"}, None, [
            lair_view(ctx, g["sheets"][owner], big=False, explore={"rec": record, "moves": {}}),
            el("figcaption", None, cat.t("spy.ui.route_of", player=p, owner_player=owner))]))
    panel = el("div", {"id": "spy-over", "class": "spy spy-over"}, None, [
        kit.defs("spy-defs"), el("h3", None, cat.t("spy.ui.final")),
        el("div", {"class": "table-scroll"}, None, [table]),
        el("h3", None, cat.t("spy.ui.routes")),
        el("button", {"type": "button", "class": "quiet replay-skip", "data-command": "skip-replay"},
           cat.t("common.skip_replay")), routes])
    return panel
