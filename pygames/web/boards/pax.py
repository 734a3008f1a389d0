"""PAX on the table (issue 47: the whole table at a glance): the round, the deck and the two markers; the market (each
Legion's pile, its cards and value); Rome and every seat side by side, category by category (the strength of Rome's
face-up cards, each seat's strength, where it beats Rome); the viewer's decision; the viewer's hand docked under it
(`data-dock="hand"`). Each seat's summary beside the board (`summary`: public facts only, its own Aurei for the seat
itself) opens its full area (`render_seat`: its cards by category).

Reads only the view (never the state). Cards, glyphs and markers are clones of the Jinja2-prebuilt fragments of
templates/pax/fragments.html.j2; every text comes from the catalogue. A card face is compact (its colour, its
glyph once or twice, its value on a coin); a tap shows it large (`data-magnify`, static/zoom.js) with its name.
Legal targets on the board are <button data-action=...>: `finish` heads the hand it plays (with the engine's label,
which carries the cost and the income); `pass` stays in the shell's action bar. Every target's spoken name starts
with its own words.

The layout per box shape is static/pax.css (container queries on the stage). At the end, `render_over` (the shell's
end-screen hook, handed the end-of-game view) adds Rome's comparison table under the shell's score table. The solo
campaign (levels won on this device, localStorage `pygames.pax.campaign`) is the one thing this module keeps on the
device: a solo win is recorded from the final view.
"""

from __future__ import annotations

from pygames.app import memo
from pygames.pax.data import CARDS, CATEGORIES, SOLO_LEVELS, P
from pygames.pax.views import action_label
from pygames.web import kit
from pygames.web.kit import clone
from pygames.web.vdom import el, svg

# The attributes naming this board's parts, each a public identity: the last-move ring compares them (boards/__init__).
LOOK_KEYS = ('data-category', 'data-legion', 'data-seat')

CAMPAIGN_KEY = "pygames.pax.campaign"
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")
ROME_NEEDS = 4  # PAX-2.28: the categories Rome needs to win


# ---------------------------------------------------------------------- small builders


def glyph(category: str):
    """A category's glyph: the game's prebuilt symbol (kit.symbol) in an inline icon, beside its name or count."""
    return svg("svg", {"class": "pax-glyph", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
               None, [kit.symbol(f"pax-sym-{category}")])


def card_label(card: str, cat) -> str:
    category, symbols, value = CARDS[card]
    return cat.t("pax.ui.card_aria", category=cat.t(f"pax.category.{category}"), symbols=symbols, value=value)


def format_arg(name: str, value, cat) -> str | None:
    """Log lines and engine labels name cards by code ("WEA-04"): show their category, symbols and value. They
    number the Legions 1-5: show the numerals of the Legion cards (PAX-2.3), as the board does."""
    if name == "legion" and type(value) is int and 1 <= value <= len(NUMERALS):
        return NUMERALS[value - 1]
    if name not in ("card", "cards") or not isinstance(value, str) or not value:
        return None
    codes = value.split(",")
    if not all(code in CARDS for code in codes):
        return None
    return ", ".join(cat.t("pax.ui.card_short", category=cat.t(f"pax.category.{CARDS[c][0]}"), symbols=CARDS[c][1],
                           value=CARDS[c][2]) for c in codes)


def badge(seat: int):
    """A seat's colour with its number (never the colour alone): the seat's mark in the summaries and on the board."""
    return el("span", {"class": f"pax-badge pax-sc{seat % 4}", "aria-hidden": "true"}, str(seat + 1))


@kit.kept(600)
def card_node(card: str, cat, small: bool = False, came_from: str | None = None, bare: bool = False):
    """One face-up Influence card (a clone of #pax-card): its colour, glyph × symbols, value coin (and its name,
    shown when magnified). Its face is public, so it is its own key for the slides (kit.anim_key); `came_from`: where
    a new one appears from. A card on the table is magnified by a tap (`data-magnify`, focusable, named); a `bare`
    card is the face of a button (a card to keep, to play): no name of its own, no tab stop, the button says it.
    A face depends only on the card and the words, so each is drawn once (card_face) and copied; each copy is kept
    for its inputs (kit.kept): a redraw names it instead of describing it again, and the patch leaves it as it is."""
    node = card_face(card, cat, small, bare).cloneNode(True)
    if came_from is not None:
        node.setAttribute("data-anim-from", came_from)
    return node


@memo.kept(300)
def card_face(card: str, cat, small: bool, bare: bool = False):
    category, symbols, value = CARDS[card]
    node = kit.card("pax-card", (f"pax-{category}", "pax-small" if small else "", f"pax-s{symbols}"), {"card": card},
                    None if bare else {".pax-cname": cat.t(f"pax.category.{category}")},
                    label=None if bare else card_label(card, cat))
    node.querySelector(".pax-val").setAttribute("data-v", str(value))
    kit.anim_key(node, f"pax-card-{card}")
    syms = node.querySelector(".pax-syms")
    for _ in range(symbols):
        syms.appendChild(glyph(category))
    if bare:
        node.remove_matching(".pax-cname")
        node.removeAttribute("role")
        node.setAttribute("aria-hidden", "true")
    else:
        node.setAttribute("data-magnify", "")
        node.setAttribute("tabindex", "0")
    return node


def add(parent, child) -> None:
    if child is not None:
        parent.appendChild(child)


def section(title: str | None, cls: str, children=()):
    return kit.section(f"pax-section {cls}", title, children, ("h3", "pax-h"), part=cls)


def note(text: str, cls: str = ""):
    return el("p", {"class": ("pax-note " + cls).strip()}, text)


def spoken(text: str):
    """Words for screen readers only, beside a sign or a number they explain."""
    return el("span", {"class": "visually-hidden"}, text)


def icon(template_id: str):
    node = clone(template_id)
    node.setAttribute("aria-hidden", "true")
    return node


Ctx = kit.Board  # one render: view, catalogue, legal actions, the targets placed


def target(ctx: Ctx, action: str, label: str, *, text: str | None = None, cls: str = "", children=()):
    """A target whose spoken name is its own words, then what it does (label in name, WCAG 2.5.3)."""
    return ctx.button(action, label, text=text, cls=cls, children=children)


# ---------------------------------------------------------------------- the renderer


def render(board, view: dict, legal: list, cat) -> set[str]:
    ctx = Ctx(view, legal, cat, "pax-target")
    g = ctx.g
    board.appendChild(kit.defs("pax-defs"))
    root = el("div", {"class": "pax-table", "data-phase": g["phase"], "data-players": view["players"],
                      "data-legions": len(g["legions"])})
    root.appendChild(info_bar(ctx))
    root.appendChild(legion_section(ctx))
    root.appendChild(standing_section(ctx))
    decision = decision_panel(ctx)
    if decision is not None:
        root.appendChild(decision)
    if ctx.me is not None and g["seats"][ctx.me]["hand"] is not None and g["phase"] != "over":
        root.appendChild(hand_section(ctx))  # last: docked under the board (static/zoom.js, app.css)
    board.appendChild(root)
    return ctx.placed


def info_bar(ctx: Ctx):
    g, t = ctx.g, ctx.t
    n = ctx.view["players"]
    round_text = t("pax.ui.round", round=g["round"]) if g["round"] else t("pax.ui.setup")
    deck = el("span", {"class": "pax-chip pax-deck", "title": t("pax.ui.deck_aria", n=g["deck_size"])}, None, [
        icon("pax-deck"), el("b", {"aria-hidden": "true"}, str(g["deck_size"])),
        spoken(t("pax.ui.deck_aria", n=g["deck_size"]))])
    kit.anim_key(deck, "pax-deck")  # where newly drawn cards come from
    items = [el("span", {"class": "pax-chip pax-round"}, round_text), deck]
    if g["removed_count"]:
        items.append(el("span", {"class": "pax-chip pax-removed"}, t("pax.ui.removed", n=g["removed_count"])))
    if n > 1:
        start = g["start_player"]
        items.append(el("span", {"class": "pax-chip pax-holder", "title": t("pax.ui.primus_of", player=start)}, None, [
            icon("pax-primus"), badge(start), el("span", {"class": "pax-name", "aria-hidden": "true"},
                                                 ctx.cat.seat_name(start)),
            spoken(t("pax.ui.primus_of", player=start))]))
        pc = g["pc_holder"]
        words = t("pax.ui.pc_nobody") if pc is None else t("pax.ui.pc_of", player=pc)
        who = [el("span", {"class": "pax-name", "aria-hidden": "true"}, t("pax.ui.nobody"))] if pc is None else \
            [badge(pc), el("span", {"class": "pax-name", "aria-hidden": "true"}, ctx.cat.seat_name(pc))]
        items.append(el("span", {"class": "pax-chip pax-holder", "title": words}, None, [
            icon("pax-pc"), *who, spoken(words)]))
    bar = el("div", {"class": "pax-info"}, None, items)
    if n == 1:
        level = ctx.view["options"]["level"]
        bar.appendChild(el("p", {"class": "pax-solo"}, t("pax.ui.solo_goal", level=level,
                                                         required=SOLO_LEVELS[level]["required"])))
        bar.appendChild(el("p", {"class": "pax-solo pax-campaign", "data-testid": "pax-campaign"},
                           campaign_text(ctx.cat, ctx.view.get("device"))))
    return bar


# ---------------------------------------------------------------------- the market


def legion_section(ctx: Ctx):
    g, t = ctx.g, ctx.t
    row = el("div", {"class": "pax-legions"})
    values = g["legion_values"]
    piles = g["legions"]
    best = None
    for i, pile in enumerate(piles):
        if pile and (best is None or values[i] > values[best]):
            best = i  # PAX-4.34, 4.35: the dearest pile, the lowest Legion on a tie
    prices = (g["choice"] or {}).get("prices") if g["phase"] == "buy" else None
    for i, pile in enumerate(piles):
        n = i + 1
        label = t("pax.ui.legion_aria", numeral=NUMERALS[i], n=len(pile), value=values[i]) if pile else \
            t("pax.ui.legion_empty_aria", numeral=NUMERALS[i])
        if i == best:
            label += ". " + t("pax.ui.rome_pick")
        head = [el("span", {"class": "pax-standard", "aria-hidden": "true"}, NUMERALS[i]),
                el("span", {"class": "pax-lval", "aria-hidden": "true"}, None, [
                    icon("pax-coin"), el("b", None, str(values[i]))])]
        if i == best:  # the words in full where they fit, else Rome's name
            head.append(el("span", {"class": "pax-pick", "aria-hidden": "true", "title": t("pax.ui.rome_pick")}, None, [
                el("span", {"class": "pax-wide"}, t("pax.ui.rome_pick_short")),
                el("span", {"class": "pax-narrow"}, t("pax.ui.rome"))]))
        box = el("div", {"class": "pax-legion" + (" pax-rome-pick" if i == best else ""), "data-legion": n,
                         "data-value": values[i], "role": "group", "aria-label": label}, None, [
            el("div", {"class": "pax-legion-head", "title": label}, None, head)])
        box.appendChild(kit.hand((card_node(card, ctx.cat, small=True, came_from="pax-deck") for card in pile),
                                 "pax-pile"))
        if prices and prices[i] is not None:
            add(box, target(ctx, f"buy:{n}", t("pax.ui.buy_aria", legion=NUMERALS[i], price=prices[i]),
                            text=t("pax.ui.buy_btn", price=prices[i]), cls="pax-buy"))
        row.appendChild(box)
    return section(None, "pax-market", [el("h3", {"class": "visually-hidden"}, t("pax.ui.legions")), row])


# ---------------------------------------------------------------------- Rome against every seat


def standing_section(ctx: Ctx):
    """Rome and every seat, category by category: one table a player reads at a glance. Rome's row is the strength
    of its face-up cards (its face-down ones are counted, never shown but to a spy and at the end); each seat's
    row its strength (bonuses included, PAX-6.6), marked where it beats Rome; Rome's cells marked where it leads.
    Kept for what it reads (kit.kept): no control in it."""
    g = ctx.g
    over = g["phase"] == "over"
    shown = g["rome_hidden"] if over else (g["memo"] or {}).get("rome_seen") or None
    state = memo.Part({key: g.get(key) for key in STANDING_KEYS})
    state["rome_strength"] = g["rome_strength"] if over else None  # the hidden cards' strength, at the end only
    state["seats"] = [memo.Part(strength=s["strength"], symbols=s["symbols"]) for s in g["seats"]]
    if memo.fresh():  # the property test's reference (tests/test_memo.py): drawn from the whole state
        return standing.__wrapped__(g, ctx.view["players"], ctx.me, shown, over, ctx.cat)
    return standing(state, ctx.view["players"], ctx.me, shown, over, ctx.cat)


STANDING_KEYS = ("rome", "rome_hidden_count", "rome_open_strength", "rome_symbols", "start_player", "pc_holder",
                 "active", "required")  # what the standing table reads of the state, with each seat's figures


@kit.kept(64)
def standing(g: dict, n: int, me: int | None, shown, over: bool, cat):
    """The standing table from its inputs (`g`: the part of the state it reads), and the verdict under it."""
    t = cat.t
    rome = g["rome_strength"] if over else g["rome_open_strength"]
    strengths = [s["strength"] for s in g["seats"]]
    head = [el("th", {"scope": "col", "class": "pax-who"}, None, [spoken(t("pax.ui.who"))])]
    for c in CATEGORIES:
        name = t(f"pax.category.{c}")
        head.append(el("th", {"scope": "col", "class": f"pax-ch pax-{c}", "data-category": c, "aria-label": name,
                              "title": name}, None, [glyph(c), el("span", {"class": "pax-cat-name",
                                                                          "aria-hidden": "true"}, name)]))
    rows = [el("tr", None, None, head), rome_row(g, rome, strengths, shown, cat)]
    order = list(range(n))
    if me is not None:
        order = order[me:] + order[:me]  # the viewer's own row first, under Rome's
    rows += [seat_row(g, q, n, me, rome, cat) for q in order]
    # named by its aria-label: a visually hidden caption (out of the flow) undoes the fixed column widths in Chromium
    table = el("table", {"class": "pax-grid", "aria-label": t("pax.ui.standing")}, None, [
        el("tbody", None, None, rows)])
    if n == 1:
        seat = g["seats"][0]
        held = sum(1 for c in CATEGORIES if seat["symbols"][c])
        verdict = t("pax.ui.verdict_solo", beats=len(beats(seat["strength"], rome)),
                    required=g.get("required") or 0, held=held)
    else:
        players = sum(1 for c in CATEGORIES if any(s[c] > rome[c] for s in strengths))
        verdict = t("pax.ui.verdict", rome=len(CATEGORIES) - players, players=players)
    return section(None, "pax-standing", [table, note(verdict, "pax-verdict")])


def rome_row(g: dict, rome: dict, strengths: list, shown, cat):
    """Rome's row: its face-down cards (their backs, or their faces to the seat that spied them and at the end),
    its name opening its face-up cards by category, and its strength, marked where it leads."""
    t = cat.t
    hidden = [card_node(c, cat, small=True) for c in shown] if shown else \
        [el("span", {"class": "pax-mini-back", "aria-hidden": "true"}) for _ in range(g["rome_hidden_count"])]
    who = [el("span", {"class": "pax-rome-name"}, t("pax.ui.rome")),
           el("span", {"class": "pax-hidden" + (" pax-seen" if shown else ""), "data-testid": "pax-rome-hidden",
                       "title": t("pax.ui.rome_hidden_n", n=g["rome_hidden_count"])}, None, [
               *hidden, *([] if shown else [spoken(t("pax.ui.rome_hidden_n", n=g["rome_hidden_count"]))])])]
    if g["rome"]:  # Rome's name opens its face-up cards, by category, over the table
        columns = category_columns(cat, g["rome"], g["rome_open_strength"], g["rome_symbols"])
        who = [kit.fold([el("span", {"class": "pax-who-in"}, None, [
            *who, spoken(t("pax.ui.rome_cards") + f" ({len(g['rome'])})")])],
            [el("div", {"class": "pax-pop"}, None, [el("h4", {"class": "pax-sub"}, t("pax.ui.rome_cards")), columns])],
            {"class": "pax-rome-fold"})]
    else:
        who = [el("span", {"class": "pax-who-in"}, None, who)]
    cells = [el("th", {"scope": "row", "class": "pax-rowhead"}, None, who)]
    for c in CATEGORIES:
        leads = all(rome[c] >= s[c] for s in strengths)
        cells.append(el("td", {"class": "pax-cv" + (" pax-leads" if leads and rome[c] else "") +
                               ("" if rome[c] else " pax-nil"), "data-category": c},
                        None, [str(rome[c]), *([spoken(" " + t("pax.ui.rome_leads"))] if leads else [])]))
    return el("tr", {"class": "pax-rome-row", "data-seat": "rome"}, None, cells)


def seat_row(g: dict, q: int, n: int, me: int | None, rome: dict, cat):
    """A seat's row: its badge, name and markers (Primus, Primus Conspiratus), its strength per category, marked
    where it beats Rome."""
    t = cat.t
    seat = g["seats"][q]
    strength = seat["strength"]
    primus, pc = n > 1 and g["start_player"] == q, n > 1 and g["pc_holder"] == q
    marks = ([kit.anim_key(icon("pax-primus"), "pax-primus")] if primus else []) + \
        ([kit.anim_key(icon("pax-pc"), "pax-pc")] if pc else [])
    words = ([t("pax.sum.primus")] if primus else []) + ([t("pax.sum.pc", n=seat["symbols"]["intrigue"])] if pc else [])
    rowhead = el("th", {"scope": "row", "class": "pax-rowhead"}, None, [el("span", {"class": "pax-who-in"}, None, [
        badge(q), el("span", {"class": "pax-name"}, cat.seat_name(q)), *marks,
        *([spoken(", " + ", ".join(words))] if words else [])])])
    kit.anim_key(rowhead, f"pax-hand-{q}")  # where a seat's cards go to and come from
    cells = [rowhead]
    for c in CATEGORIES:
        beat = strength[c] > rome[c]
        bonus = strength[c] - seat["symbols"][c]
        tip = t("pax.ui.symbols_n", n=seat["symbols"][c]) + (f", {t('pax.ui.bonus', n=bonus)}" if bonus else "")
        cells.append(el("td", {"class": "pax-cv" + (" pax-beats" if beat else "") +
                               ("" if strength[c] else " pax-nil"), "data-category": c, "title": tip}, None, [
            str(strength[c]), *([spoken(" " + t("pax.ui.beats_rome"))] if beat else [])]))
    cls = "pax-seat-row" + (" pax-mine" if q == me else "") + (" pax-active" if g["active"] == q else "")
    return el("tr", {"class": cls, "data-seat": q}, None, cells)


def beats(strength: dict, rome: dict) -> list[str]:
    return [c for c in CATEGORIES if strength[c] > rome[c]]


# ---------------------------------------------------------------------- the viewer's decision


def decision_panel(ctx: Ctx):
    g, t = ctx.g, ctx.t
    if ctx.me is None or g["active"] != ctx.me or not ctx.legal:
        return None
    phase = g["phase"]
    box = el("section", {"class": "pax-section pax-decision", "data-testid": "pax-decision",
                         "data-part": "pax-decision", "aria-label": t(f"pax.phase.{phase}")})
    if phase in ("draft", "solo_keep", "solo_bottom"):
        hint = {"draft": "pax.ui.draft_hint", "solo_keep": "pax.ui.solo_keep_hint",
                "solo_bottom": "pax.ui.solo_bottom_hint"}[phase]
        box.appendChild(el("h3", {"class": "pax-h"}, t(f"pax.phase.{phase}")))
        box.appendChild(note(t(hint), "pax-hint"))
        verb = "bottom" if phase == "solo_bottom" else "keep"
        words = t("pax.ui.to_bottom") if verb == "bottom" else t("pax.ui.keep")
        choices = []
        for card in g["front"] or []:
            name = card_label(card, ctx.cat)
            label = t("pax.ui.to_bottom_aria", card=name) if verb == "bottom" else t("pax.act.keep", card=name)
            add_to = target(ctx, f"{verb}:{card}", label, cls="pax-cardbtn", children=[
                card_node(card, ctx.cat, bare=True), el("span", {"class": "pax-tag"}, words)])
            if add_to is not None:
                choices.append(add_to)
        box.appendChild(kit.hand(choices, "pax-front", {"data-anim-frame": "pax-front"}))
        return box
    if phase == "turn":
        box.appendChild(el("h3", {"class": "pax-h"}, t("pax.ui.turn_title")))
        k = min(P["draw_per_turn"], g["deck_size"])
        normal_hint = t("pax.ui.normal_hint", k=k) if k else t("pax.ui.normal_empty", gain=P["empty_deck_gain"])
        options = el("div", {"class": "pax-options"})
        for action, hint in (("normal", normal_hint), ("spy", t("pax.ui.spy_hint", gain=P["spy_gain"]))):
            btn = target(ctx, action, t(f"pax.act.{action}"), text=t(f"pax.act.{action}"), cls="pax-big")
            if btn is not None:
                options.appendChild(el("div", {"class": "pax-option"}, None, [btn, note(hint, "pax-hint")]))
        box.appendChild(options)
        return box
    if phase == "mode":
        box.appendChild(el("h3", {"class": "pax-h"}, t("pax.phase.mode")))
        box.appendChild(note(t("pax.ui.mode_hint", religion=g["choice"]["religion"]), "pax-hint"))
        options = el("div", {"class": "pax-options"})
        for mode in g["choice"]["modes"]:
            words = t(f"pax.act.mode.{mode}")
            btn = target(ctx, f"mode:{mode}", words, text=words, cls="pax-big")
            if btn is not None:
                options.appendChild(el("div", {"class": "pax-option"}, None, [btn, note(t(f"pax.ui.mode.{mode}"),
                                                                                      "pax-hint")]))
        box.appendChild(options)
        return box
    if phase == "draw":
        return draw_panel(ctx, box)
    return None  # buy and play: the targets are on the market and in the hand, the words in the hand's head


def draw_panel(ctx: Ctx, box):
    """Each card in front of the viewer with its destinations in one row: the hand, each Legion (and what its pile
    is then worth), under the deck."""
    g, t = ctx.g, ctx.t
    draw = g["draw"]
    mode = t("pax.mode." + draw["mode"])
    title = t("pax.ui.draw_title", mode=mode, left=draw["left"]) if draw["left"] else \
        t("pax.ui.draw_title_done", mode=mode)
    box.appendChild(el("h3", {"class": "pax-h"}, title))
    box.appendChild(note(t("pax.ui.draw_hint"), "pax-hint"))
    if draw["used"]:
        box.appendChild(note(t("pax.ui.draw_used", dests=", ".join(t(f"pax.dest.{d}") for d in draw["used"])),
                             "pax-used"))
    word = t("pax.ui.legion_word")
    choices = []
    for card in g["front"] or []:
        name = card_label(card, ctx.cat)
        dests = el("div", {"class": "pax-dests"})
        add(dests, target(ctx, f"hand:{card}", t("pax.ui.to_hand_aria", card=name), text=t("pax.ui.to_hand"),
                          cls="pax-dest"))
        for i, value in enumerate(g["legion_values"]):
            after = value + CARDS[card][2]
            add(dests, target(ctx, f"legion:{i + 1}:{card}",
                              t("pax.ui.to_legion_aria", card=name, legion=NUMERALS[i], value=after),
                              cls="pax-dest pax-dest-legion", children=[el("span", None, None, [
                                  el("span", {"class": "pax-wide"}, word + " "),
                                  el("span", {"class": "pax-num"}, NUMERALS[i]), f"\u202f→\u202f{after}"])]))
        add(dests, target(ctx, f"bottom:{card}", t("pax.ui.to_bottom_aria", card=name), text=t("pax.ui.to_bottom"),
                          cls="pax-dest"))
        choices.append(el("div", {"class": "pax-choice"}, None, [card_node(card, ctx.cat), dests]))
    box.appendChild(kit.hand(choices, "pax-front", {"data-anim-frame": "pax-front", "aria-label": t("pax.ui.front")}))
    return box


# ---------------------------------------------------------------------- the viewer's hand and memory


def hand_section(ctx: Ctx):
    """The viewer's hand: its head (money, cap, the Confirm button), what the play or the buy is at, the cards (each
    a target while playing), and, folded, what the viewer put under the deck."""
    g, t = ctx.g, ctx.t
    seat = g["seats"][ctx.me]
    hand = seat["hand"] or []
    staged = set(g["staged"] or [])
    mine = g["active"] == ctx.me
    playing = g["phase"] == "play" and mine
    choice = (g["choice"] or {}) if mine else {}
    next_cost = choice.get("next_card_cost", 0)
    head = hand_head(t, seat, len(hand))
    lines = []
    if playing:
        lines = play_lines(t, seat, choice, len(hand), len(staged))
        key, args = action_label(ctx.view, "finish")  # the engine's words: the cost and the income in them
        finish = ctx.button("finish", t(key, **args), text=t(key, **args), cls="pax-finish")
        if finish is not None:
            head.append(finish)
    elif g["phase"] == "buy" and mine:
        lines.append(note(t("pax.ui.buy_short", discount=choice.get("discount", 0)), "pax-line"))
    cards = [hand_card(ctx, card, playing, card in staged, next_cost) for card in hand]
    parts = [el("div", {"class": "pax-yours-head"}, None, head), *lines,
             kit.hand(cards, "pax-hand", {"data-testid": "pax-hand", "data-many": "" if len(hand) > 10 else None})
             if hand else note(t("pax.ui.hand_empty"))]
    known = (g["memo"] or {}).get("deck_known") or []
    if known:  # what this player put under the deck, folded: the docked hand keeps its height for the cards
        parts.append(kit.fold(t("pax.ui.memo_title", n=len(known)), [
            note(t("pax.ui.memo_bottom", card=card_label(card, ctx.cat), pos=pos + 1), "pax-memo")
            for pos, card in known], {"class": "pax-memos"}))
    hand_box = section(None, "pax-yours", parts)
    hand_box.setAttribute("data-anim-frame", "pax-hand")
    hand_box.setAttribute("data-dock", "hand")  # under the board; docked while zoomed in (static/zoom.js, app.css)
    return hand_box


def hand_head(t, seat: dict, n: int) -> list:
    """The hand's head: its title, the viewer's money, and the cap on its Fleet and Army cards (with its reason)."""
    sym = seat["symbols"]
    return [el("h3", {"class": "pax-h"}, t("pax.ui.hand_title", n=n)),
            el("span", {"class": "pax-chip pax-money", "data-testid": "pax-money"}, None, [
                icon("pax-coin"), el("span", None, t("pax.ui.money", n=seat["money"]))]),
            el("span", {"class": "pax-chip pax-cap", "title": t("pax.ui.cap_aria", cap=seat["cap"], land=sym["land"],
                                                                intrigue=sym["intrigue"])}, None, [
                el("span", {"class": "pax-wide"}, t("pax.ui.cap_short", cap=seat["cap"])),
                el("span", {"class": "pax-narrow", "aria-hidden": "true"}, None, [
                    glyph("fleet"), glyph("army"), f"≤ {seat['cap']}"]),
                el("span", {"class": "pax-narrow visually-hidden"}, t("pax.ui.cap_short", cap=seat["cap"]))])]


def play_lines(t, seat: dict, choice: dict, in_hand: int, staged: int) -> list:
    """Under the hand's head, what the play is at: what blocks it (the cap), the next card's cost, the money short."""
    lines = []
    next_cost = choice.get("next_card_cost", 0)
    problem = choice.get("cap_problem")
    if problem:
        category, symbols, limit = problem
        reason = t("pax.err.cap", category=t(f"pax.category.{category}"), symbols=symbols, cap=limit)
        lines.append(note(t("pax.ui.play_short_blocked", n=staged, cost=choice["staged_cost"],
                            money=seat["money"]), "pax-line"))
        lines.append(note(t("pax.ui.cap_block", reason=reason), "pax-warn"))
    # else the Confirm button's own words say the cost and the income
    if in_hand > 10:  # a big hand shows its cards alone (static/pax.css): the cost of the next one said here
        lines.append(note(t("pax.ui.play_pick", cost=next_cost), "pax-line"))
    if choice["staged_cost"] + next_cost > seat["money"] and staged < in_hand:
        lines.append(note(t("pax.ui.too_poor", cost=choice["staged_cost"] + next_cost - seat["money"]),
                          "pax-line"))
    return lines


def hand_card(ctx: Ctx, card, playing: bool, staged: bool, next_cost: int):
    """One card of the hand: while playing, a target that stages it (or unstages it); else the card alone."""
    t = ctx.t
    name = card_label(card, ctx.cat)
    btn = None
    if playing and staged:
        btn = target(ctx, f"unstage:{card}", t("pax.ui.unstage_aria", card=name), cls="pax-cardbtn pax-staged",
                     children=[card_node(card, ctx.cat, bare=True),
                               el("span", {"class": "pax-tag"}, t("pax.ui.unstage_btn"))])
        if btn is not None:
            btn.setAttribute("aria-pressed", "true")
    elif playing:
        btn = target(ctx, f"stage:{card}", t("pax.ui.stage_aria", card=name, cost=next_cost), cls="pax-cardbtn",
                     children=[card_node(card, ctx.cat, bare=True), el("span", {"class": "pax-tag"}, None, [
                         el("span", {"class": "pax-wide"}, t("pax.ui.stage_word") + " "), f"+{next_cost}"])])
        if btn is not None:
            btn.setAttribute("aria-pressed", "false")
    return btn if btn is not None else card_node(card, ctx.cat)


# ---------------------------------------------------------------------- a seat's summary and its full area


def summary(view: dict, seat: int, cat):
    """What a player glances at of `seat`: its hand size (PAX-7.6), the categories where it has a card and where it
    beats Rome's face-up cards, its Intrigue (with Primus Conspiratus if it holds it), Primus. Its Aurei only to the
    seat itself (PAX-7.7, 7.17: an opponent's money total is never shown during the game) and to all at the end."""
    g = view["state"]
    s = g["seats"][seat]
    n = view["players"]
    over = g["phase"] == "over"
    rome = g["rome_strength"] if over else g["rome_open_strength"]
    figures = []
    if s["money"] is not None:
        figures.append(kit.figure(icon("pax-coin"), s["money"],
                                  cat.t("pax.sum.money_end" if over else "pax.sum.money", n=s["money"])))
    figures.append(kit.figure(icon("pax-handicon"), s["hand_count"], cat.t("pax.sum.hand", n=s["hand_count"])))
    won = beats(s["strength"], rome)
    names = ", ".join(cat.t(f"pax.category.{c}") for c in won)
    figures.append(kit.figure("▲", len(won), cat.t("pax.sum.beats_list", n=len(won), list=names) if won
                              else cat.t("pax.sum.beats", n=0)))
    held = sum(1 for c in CATEGORIES if s["symbols"][c])
    figures.append(kit.figure("◆", f"{held}/{len(CATEGORIES)}", cat.t("pax.sum.held", n=held), cls="minor"))
    intrigue = s["symbols"]["intrigue"]
    if n > 1 and g["pc_holder"] == seat:
        figures.append(kit.figure(icon("pax-pc"), intrigue, cat.t("pax.sum.pc", n=intrigue), cls="pax-fig-pc"))
    else:
        figures.append(kit.figure(glyph("intrigue"), intrigue, cat.t("pax.sum.intrigue", n=intrigue), cls="minor"))
    if n > 1 and g["start_player"] == seat:
        figures.append(kit.figure(icon("pax-primus"), cat.t("pax.ui.first_short"), cat.t("pax.sum.primus"),
                                  cls="minor"))
    return kit.Summary(badge(seat), tuple(figures))


def render_seat(board, view: dict, seat: int, cat) -> None:
    """A seat's full area: its hand size (and, for the seat itself, its hand and Aurei), the cards bought and seen
    by all, its cap, its markers, then its play area by category with its strength against Rome's face-up cards."""
    ctx = Ctx(view, [], cat, "pax-target")
    g, t = ctx.g, ctx.t
    s = g["seats"][seat]
    over = g["phase"] == "over"
    rome = g["rome_strength"] if over else g["rome_open_strength"]
    sym = s["symbols"]
    facts = [el("span", {"class": "pax-chip"}, t("pax.ui.hand_count", n=s["hand_count"])),
             el("span", {"class": "pax-chip"}, t("pax.ui.cap", cap=s["cap"], land=sym["land"],
                                                  intrigue=sym["intrigue"]))]
    if s["money"] is not None:
        facts.insert(1, el("span", {"class": "pax-chip pax-money"}, None, [
            icon("pax-coin"), el("span", None, t("pax.ui.money", n=s["money"]))]))
    if view["players"] > 1 and g["start_player"] == seat:
        facts.append(el("span", {"class": "pax-chip"}, None, [icon("pax-primus"), el("span", None,
                                                                                     t("pax.sum.primus"))]))
    if view["players"] > 1 and g["pc_holder"] == seat:
        facts.append(el("span", {"class": "pax-chip"}, None, [icon("pax-pc"), el("span", None,
                                                                                t("pax.sum.pc", n=sym["intrigue"]))]))
    parts = [el("div", {"class": "pax-seat-facts"}, None, [badge(seat), *facts])]
    if s["hand"] is not None and s["hand"]:
        parts.append(kit.hand((card_node(c, cat, small=True) for c in s["hand"]), "pax-pile pax-seat-hand"))
    elif s["hand_public"]:
        parts.append(note(t("pax.ui.hand_known", cards=format_arg("cards", ",".join(s["hand_public"]), cat))))
    parts.append(el("h4", {"class": "pax-sub"}, t("pax.ui.area_by_category")))
    columns = category_columns(cat, s["area"], s["strength"], sym)
    parts.append(columns)
    parts.append(el("div", {"class": "pax-vs"}, None, [
        el("span", {"class": "pax-chip" + (" pax-beats" if s["strength"][c] > rome[c] else ""), "data-category": c},
           None, [glyph(c), el("span", None, f"{t('pax.category.' + c)} {s['strength'][c]} – "
                                              f"{t('pax.ui.rome_vs', t=rome[c])}")])
        for c in CATEGORIES]))
    # its glyphs are the board's symbols (the board, under the area, holds their one definition)
    board.appendChild(el("div", {"class": "pax-seat-area", "data-seat": seat}, None, parts))


# ---------------------------------------------------------------------- category columns (a seat's area, Rome's)


@kit.kept(200)
def category_columns(cat, cards: list[str], strength: dict | None, symbols: dict | None, small=True,
                     came_from: str | None = None):
    """Seven columns, one per category: glyph, name, symbols (+ bonus = strength), then the cards (a new card
    slides in from `came_from`, a seat's hand, unless it was on the table before). Kept for their inputs
    (kit.kept), neither drawn nor written again while they show the same."""
    grid = el("div", {"class": "pax-cats"})
    by_cat = {c: [] for c in CATEGORIES}
    for card in cards:
        by_cat[CARDS[card][0]].append(card)
    for c in CATEGORIES:
        sym = symbols[c] if symbols else sum(CARDS[x][1] for x in by_cat[c])
        head = el("div", {"class": "pax-cat-head"}, None, [glyph(c), el("span", {"class": "pax-cat-name"},
                                                                         cat.t(f"pax.category.{c}"))])
        nums = el("div", {"class": "pax-cat-num"}, None, [el("b", None, str(sym))])
        if strength and strength[c] != sym:
            nums.appendChild(el("span", {"class": "pax-bonus"}, cat.t("pax.ui.bonus", n=strength[c] - sym)))
            nums.appendChild(el("span", {"class": "pax-bonus"}, cat.t("pax.ui.strength", t=strength[c])))
        if by_cat[c]:
            nums.appendChild(el("span", {"class": "pax-bonus"}, cat.t("pax.ui.cards_n", n=len(by_cat[c]))))
        grid.appendChild(kit.pile(
            [head, nums], [card_node(card, cat, small=small, came_from=came_from) for card in by_cat[c]],
            f"pax-cat pax-{c}" + ("" if sym else " pax-zero"), {"data-category": c, "data-symbols": sym},
            f"{cat.t('pax.category.' + c)}: {cat.t('pax.ui.symbols_n', n=sym)}"))
    return grid


# ---------------------------------------------------------------------- the solo campaign on this device


DEVICE_KEY = CAMPAIGN_KEY  # the shell reads it, hands it in as view["device"] and stores what device_update returns


def campaign_won(device) -> list[int]:
    """The solo levels won on this device, from the shell's stored record (anything malformed counts as none)."""
    won = device.get("won") if isinstance(device, dict) else None
    return sorted({int(x) for x in won if isinstance(x, int) and x in SOLO_LEVELS}) if isinstance(won, list) else []


def campaign_text(cat, device) -> str:
    won = campaign_won(device)
    text = cat.t("pax.ui.campaign", won=", ".join(str(w) for w in won)) if won else cat.t("pax.ui.campaign_none")
    missing = [lv for lv in sorted(SOLO_LEVELS) if lv not in won]
    return text + " " + (cat.t("pax.ui.campaign_next", level=missing[0]) if missing else cat.t("pax.ui.campaign_done"))


def device_update(view: dict, device) -> tuple[dict, bool]:
    """The device record after this finished game (a solo win adds its level), and whether it was a solo win."""
    won = campaign_won(device)
    if view["players"] != 1 or not view.get("over") or not view["state"].get("solo_win"):
        return {"won": won}, False
    return {"won": sorted(set(won) | {view["options"]["level"]})}, True


# ---------------------------------------------------------------------- the end screen


def render_over(container, view: dict, result: dict, cat) -> None:
    """The end screen's PAX part (the shell's hook): Rome's verdict, the category duel, and the campaign record."""
    container.appendChild(final_panel(view, result, cat, bool(view.get("device_recorded"))))


def final_panel(view: dict, result: dict, cat, recorded: bool):
    g = view["state"]
    n = view["players"]
    lines = []
    if n == 1:
        if recorded:
            lines.append(cat.t("pax.ui.campaign_recorded", level=view["options"]["level"]))
        lines.append(campaign_text(cat, view.get("device")))
    # the verdict (Rome's, the Primus Conspiratus, the solo level's) is the package's outcome words (pax/outcome.py)
    rome = result["rome_strength"]
    head = [el("th", {"scope": "col"}, cat.t("pax.ui.final_category")),
            el("th", {"scope": "col"}, cat.t("pax.ui.rome"))]
    head += [el("th", {"scope": "col"}, cat.seat_name(p)) for p in range(n)]
    head.append(el("th", {"scope": "col"}, cat.t("pax.ui.final_owner")))
    rows = []
    for c in CATEGORIES:
        owner = result["owners"][c]
        cells = [el("th", {"scope": "row"}, None, [glyph(c), el("span", None, " " + cat.t(f"pax.category.{c}"))]),
                 el("td", {"class": "pax-own" if owner == "rome" else None}, str(rome[c]))]
        for p in range(n):
            t = result["strengths"][p][c]
            cells.append(el("td", {"class": "pax-own" if t > rome[c] else None}, str(t)))
        cells.append(el("td", None, cat.t(f"pax.ui.owner.{owner}")))
        rows.append(el("tr", {"data-category": c, "data-owner": owner}, None, cells))
    money = [el("th", {"scope": "row"}, cat.t("pax.ui.final_money")), el("td", None, "—")]
    money += [el("td", None, str(m)) for m in result["money_values"]]
    money.append(el("td"))
    rows.append(el("tr", None, None, money))
    table = el("table", {"class": "score-table pax-final-table", "data-testid": "pax-final"}, None, [
        el("thead", None, None, [el("tr", None, None, head)]), el("tbody", None, None, rows)])
    rome_cards = kit.hand((card_node(card, cat, small=True) for card in g["rome"] + g["rome_hidden"]
                           + sum(g["legions"], [])), "pax-pile")
    return el("div", {"id": "pax-over", "class": "pax-over"}, None, [
        *[el("p", {"class": "pax-strong"}, line) for line in lines],
        el("h3", None, cat.t("pax.ui.final_title")), el("div", {"class": "table-scroll"}, None, [table]),
        el("h4", None, cat.t("pax.ui.rome_final")), rome_cards])
