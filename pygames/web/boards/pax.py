"""PAX on the table: Rome, the Legion market, the play areas, the viewer's hand and the current decision.

Reads only the view (never the state). Cards, glyphs, markers and Legion standards are clones of the
Jinja2-prebuilt fragments of templates/pax/fragments.html.j2; every text comes from the catalogue.
Legal targets on the board are <button data-action=...>; `pass` and `finish` stay in the shell's action bar,
with the engine's labels (which carry the cost and the income).

At the end, `render_over` (the shell's end-screen hook, handed the end-of-game view) adds Rome's comparison table
under the shell's score table. The solo campaign (levels won on this device, localStorage `pygames.pax.campaign`)
is the one thing this module keeps on the device: a solo win is recorded from the final view.
"""

from __future__ import annotations

from pygames.pax.data import CARDS, CATEGORIES, SOLO_LEVELS, P
from pygames.web import kit
from pygames.web.kit import clone
from pygames.web.vdom import el, svg

CAMPAIGN_KEY = "pygames.pax.campaign"
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


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


_FACES: dict = {}  # (card, small, language) -> the card's drawn face, copied for each use
_FACES_WORDS: list = [None]  # the catalogue's strings the faces were drawn with
_CARDS: dict = {}  # (card, small, language, came_from) -> a copy of its face, kept (kit.kept)
CARDS_KEEP = 600  # a game's cards (~100) in each size and origin they show in


def card_node(card: str, cat, small: bool = False, came_from: str | None = None):
    """One face-up Influence card (a clone of #pax-card): glyph × symbols, value coin, category name. Its
    face is public, so it is its own key for the slides (kit.anim_key); `came_from`: where a new one appears from.
    A face depends only on the card and the words, so each is drawn once and copied: a board shows up to ~60
    cards, and copying a face costs a fraction of drawing it (docs/measurements.md). Each copy is then kept for
    its inputs (kit.kept): a redraw names it instead of describing it again, and the patch leaves it as it is."""
    if _FACES_WORDS[0] is not cat.strings:
        _FACES.clear()
        _CARDS.clear()
        _FACES_WORDS[0] = cat.strings
    key = (card, small, cat.lang)
    face = _FACES.get(key)
    if face is None:
        face = _FACES[key] = card_face(card, cat, small)

    def copy():
        node = face.cloneNode(True)
        if came_from is not None:
            node.setAttribute("data-anim-from", came_from)
        return node
    return kit.kept(_CARDS, (card, small, cat.lang, came_from), copy, CARDS_KEEP)


def card_face(card: str, cat, small: bool):
    category, symbols, value = CARDS[card]
    node = kit.card("pax-card", (f"pax-{category}", "pax-small" if small else ""), {"card": card},
                    {".pax-val b": str(value), ".pax-cname": cat.t(f"pax.category.{category}")},
                    label=card_label(card, cat))
    kit.anim_key(node, f"pax-card-{card}")
    syms = node.querySelector(".pax-syms")
    for _ in range(symbols):
        syms.appendChild(glyph(category))
    return node


def back_node(cat):
    return kit.card("pax-back", label=cat.t("pax.ui.hidden_card"))


def add(parent, child) -> None:
    if child is not None:
        parent.appendChild(child)


def section(title: str, cls: str, children=()):
    return kit.section(f"pax-section {cls}", title, children, ("h3", "pax-h"), part=cls)


def note(text: str, cls: str = ""):
    return el("p", {"class": ("pax-note " + cls).strip()}, text)


Ctx = kit.Board  # one render: view, catalogue, legal actions, the targets placed


# ---------------------------------------------------------------------- the renderer


def render(board, view: dict, legal: list, cat) -> set[str]:
    ctx = Ctx(view, legal, cat, "pax-target")
    g = ctx.g
    board.appendChild(kit.defs("pax-defs"))
    root = el("div", {"class": "pax-table", "data-phase": g["phase"]})
    root.appendChild(info_bar(ctx))
    decision = decision_panel(ctx)
    if decision is not None:
        root.appendChild(decision)
    root.appendChild(legion_section(ctx))
    root.appendChild(rome_section(ctx))
    root.appendChild(areas_section(ctx))
    if ctx.me is not None and g["seats"][ctx.me]["hand"] is not None:
        root.appendChild(hand_section(ctx))  # last: docked at the bottom of the screen where it fits (app.css)
    board.appendChild(root)
    return ctx.placed


def info_bar(ctx: Ctx):
    g, t = ctx.g, ctx.t
    items = [t("pax.ui.round", round=g["round"]) if g["round"] else t("pax.ui.setup"),
             t("pax.ui.deck", n=g["deck_size"]), t("pax.ui.removed", n=g["removed_count"])]
    bar = el("div", {"class": "pax-info"}, None, [el("span", {"class": "pax-chip"}, s) for s in items])
    kit.anim_key(bar.children.item(1), "pax-deck")  # where newly drawn cards come from
    if ctx.view["players"] > 1:
        bar.appendChild(el("span", {"class": "pax-chip"}, None, [
            clone("pax-primus"), el("span", None, t("pax.ui.primus_of", player=g["start_player"]))]))
        pc = g["pc_holder"]
        bar.appendChild(el("span", {"class": "pax-chip"}, None, [
            clone("pax-pc"), el("span", None, t("pax.ui.pc_nobody") if pc is None else t("pax.ui.pc_of", player=pc))]))
    if ctx.me is not None and g["seats"][ctx.me]["money"] is not None:
        bar.appendChild(el("span", {"class": "pax-chip pax-money", "data-testid": "pax-money"}, None, [
            clone("pax-coin"), el("span", None, t("pax.ui.money", n=g["seats"][ctx.me]["money"]))]))
    if ctx.view["players"] == 1:
        level = ctx.view["options"]["level"]
        bar.appendChild(el("p", {"class": "pax-solo"}, t("pax.ui.solo_goal", level=level,
                                                         required=SOLO_LEVELS[level]["required"])))
        bar.appendChild(el("p", {"class": "pax-solo", "data-testid": "pax-campaign"},
                           campaign_text(ctx.cat, ctx.view.get("device"))))
    return bar


# ---------------------------------------------------------------------- the viewer's decision


def decision_panel(ctx: Ctx):
    g, t = ctx.g, ctx.t
    if ctx.me is None or g["active"] != ctx.me or not ctx.legal:
        return None
    phase = g["phase"]
    box = el("section", {"class": "pax-section pax-decision", "data-testid": "pax-decision",
                         "data-part": "pax-decision"})
    if phase in ("draft", "solo_keep", "solo_bottom"):
        hint = {"draft": "pax.ui.draft_hint", "solo_keep": "pax.ui.solo_keep_hint",
                "solo_bottom": "pax.ui.solo_bottom_hint"}[phase]
        box.appendChild(el("h3", {"class": "pax-h"}, t(f"pax.phase.{phase}")))
        box.appendChild(note(t(hint)))
        verb = "bottom" if phase == "solo_bottom" else "keep"
        label = t("pax.ui.to_bottom") if verb == "bottom" else t("pax.ui.keep")
        box.appendChild(kit.hand((el("div", {"class": "pax-choice"}, None, [
            card_node(card, ctx.cat),
            ctx.button(f"{verb}:{card}", ctx.cat.t(f"pax.act.{verb}", card=card_label(card, ctx.cat)), text=label)])
            for card in g["front"] or []), "pax-front", {"data-anim-frame": "pax-front"}))
        return box
    if phase == "turn":
        box.appendChild(el("h3", {"class": "pax-h"}, t("pax.ui.turn_title")))
        k = min(P["draw_per_turn"], g["deck_size"])
        normal_hint = t("pax.ui.normal_hint", k=k) if k else t("pax.ui.normal_empty", gain=P["empty_deck_gain"])
        for action, hint in (("normal", normal_hint), ("spy", t("pax.ui.spy_hint", gain=P["spy_gain"]))):
            btn = ctx.button(action, text=t(f"pax.act.{action}"), cls="pax-big")
            box.appendChild(el("div", {"class": "pax-option"}, None, [btn, note(hint)]))
        return box
    if phase == "mode":
        box.appendChild(el("h3", {"class": "pax-h"}, t("pax.phase.mode")))
        box.appendChild(note(t("pax.ui.mode_hint", religion=g["choice"]["religion"])))
        for mode in g["choice"]["modes"]:
            btn = ctx.button(f"mode:{mode}", text=t(f"pax.act.mode.{mode}"), cls="pax-big")
            box.appendChild(el("div", {"class": "pax-option"}, None, [btn, note(t(f"pax.ui.mode.{mode}"))]))
        return box
    if phase == "draw":
        return draw_panel(ctx, box)
    if phase == "buy":
        choice = g["choice"]
        box.appendChild(el("h3", {"class": "pax-h"}, t("pax.phase.buy")))
        box.appendChild(note(t("pax.ui.buy_hint", money=g["seats"][ctx.me]["money"], discount=choice["discount"])))
        return box
    if phase == "play":
        return play_panel(ctx, box)
    return None


def draw_panel(ctx: Ctx, box):
    g, t = ctx.g, ctx.t
    draw = g["draw"]
    box.appendChild(el("h3", {"class": "pax-h"}, f"{t('pax.phase.draw')} — {t('pax.mode.' + draw['mode'])}"))
    box.appendChild(note(t("pax.ui.draw_hint")))
    if draw["used"]:
        box.appendChild(note(t("pax.ui.draw_used", dests=", ".join(t(f"pax.dest.{d}") for d in draw["used"]))))
    if draw["left"]:
        box.appendChild(note(t("pax.ui.draw_left", left=draw["left"])))
    choices = []
    for card in g["front"] or []:
        label = card_label(card, ctx.cat)
        dests = el("div", {"class": "pax-dests"})
        add(dests, ctx.button(f"hand:{card}", ctx.cat.t("pax.act.hand", card=label), text=t("pax.ui.to_hand")))
        for i, value in enumerate(g["legion_values"]):
            n = i + 1
            add(dests, ctx.button(
                f"legion:{n}:{card}", ctx.cat.t("pax.act.legion", card=label, legion=NUMERALS[i]),
                text=t("pax.ui.to_legion", numeral=NUMERALS[i], value=value + CARDS[card][2])))
        add(dests, ctx.button(f"bottom:{card}", ctx.cat.t("pax.act.bottom", card=label), text=t("pax.ui.to_bottom")))
        choices.append(el("div", {"class": "pax-choice"}, None, [card_node(card, ctx.cat), dests]))
    box.appendChild(kit.hand(choices, "pax-front", {"data-anim-frame": "pax-front", "aria-label": t("pax.ui.front")}))
    return box


def play_panel(ctx: Ctx, box):
    g, t = ctx.g, ctx.t
    choice, seat = g["choice"], g["seats"][ctx.me]
    staged = g["staged"] or []
    money = seat["money"]
    box.appendChild(el("h3", {"class": "pax-h"}, t("pax.phase.play")))
    box.appendChild(note(t("pax.ui.play_hint")))
    box.appendChild(note(t("pax.ui.play_summary", n=len(staged), cost=choice["staged_cost"], money=money,
                           next=choice["next_card_cost"]), "pax-strong"))
    if choice["staged_cost"] + choice["next_card_cost"] > money and len(staged) < len(seat["hand"]):
        box.appendChild(note(t("pax.ui.too_poor", cost=choice["staged_cost"] + choice["next_card_cost"] - money)))
    if choice["cap_problem"]:
        category, symbols, limit = choice["cap_problem"]
        reason = t("pax.err.cap", category=t(f"pax.category.{category}"), symbols=symbols, cap=limit)
        box.appendChild(note(t("pax.ui.cap_block", reason=reason), "pax-warn"))
    else:
        box.appendChild(note(t("pax.ui.income_preview", income=choice["income_if_finish"]), "pax-strong"))
    box.appendChild(note(t("pax.ui.cap_rule", cap=seat["cap"])))
    return box


# ---------------------------------------------------------------------- Rome


_COLUMNS: dict[tuple, object] = {}  # a set of columns' inputs -> its drawing, kept from one redraw to the next
COLUMNS_KEEP = 200


def category_columns(ctx: Ctx, cards: list[str], strength: dict | None, symbols: dict | None, small=True,
                     came_from: str | None = None):
    """Seven columns, one per category: glyph, name, symbols (+ bonus = strength), then the cards (a new card
    slides in from `came_from`, a seat's hand, unless it was on the table before). Rome's and most seats' columns
    look the same after a tap: kept for their inputs (vdom.lasting), neither drawn nor written again."""
    if _FACES_WORDS[0] is not ctx.cat.strings:
        _COLUMNS.clear()  # other words: card_node starts again too
    key = (tuple(cards), tuple(strength.items()) if strength else None, tuple(symbols.items()) if symbols else None,
           small, came_from, ctx.cat.lang)
    return kit.kept(_COLUMNS, key, lambda: draw_columns(ctx, cards, strength, symbols, small, came_from),
                    COLUMNS_KEEP)


def draw_columns(ctx: Ctx, cards: list[str], strength: dict | None, symbols: dict | None, small: bool,
                 came_from: str | None):
    grid = el("div", {"class": "pax-cats"})
    by_cat = {c: [] for c in CATEGORIES}
    for card in cards:
        by_cat[CARDS[card][0]].append(card)
    for c in CATEGORIES:
        sym = symbols[c] if symbols else sum(CARDS[x][1] for x in by_cat[c])
        head = el("div", {"class": "pax-cat-head"}, None, [glyph(c), el("span", {"class": "pax-cat-name"},
                                                                         ctx.t(f"pax.category.{c}"))])
        nums = el("div", {"class": "pax-cat-num"}, None, [el("b", None, str(sym))])
        if strength and strength[c] != sym:
            nums.appendChild(el("span", {"class": "pax-bonus"}, ctx.t("pax.ui.bonus", n=strength[c] - sym)))
            nums.appendChild(el("span", {"class": "pax-bonus"}, ctx.t("pax.ui.strength", t=strength[c])))
        grid.appendChild(kit.pile(
            [head, nums], [card_node(card, ctx.cat, small=small, came_from=came_from) for card in by_cat[c]],
            f"pax-cat pax-{c}" + ("" if sym else " pax-zero"), {"data-category": c, "data-symbols": sym},
            f"{ctx.t('pax.category.' + c)}: {ctx.t('pax.ui.symbols_n', n=sym)}"))
    return grid


def rome_section(ctx: Ctx):
    g, t = ctx.g, ctx.t
    over = g["phase"] == "over"
    shown = g["rome_hidden"] if over else (g["memo"] or {}).get("rome_seen") or None
    hidden = kit.hand((card_node(shown[i], ctx.cat) if shown else back_node(ctx.cat)
                       for i in range(g["rome_hidden_count"])), "pax-rome-hidden", {"data-testid": "pax-rome-hidden"})
    parts = [el("h4", {"class": "pax-sub"}, t("pax.ui.rome_hidden")), hidden]
    if shown:
        parts.append(note(t("pax.ui.rome_revealed" if over else "pax.ui.rome_spied")))
    parts.append(el("h4", {"class": "pax-sub"}, t("pax.ui.rome_open")))
    parts.append(category_columns(ctx, g["rome"], g["rome_open_strength"], g["rome_symbols"]))
    return section(t("pax.ui.rome"), "pax-rome", parts)


# ---------------------------------------------------------------------- the market


def legion_section(ctx: Ctx):
    g, t = ctx.g, ctx.t
    row = el("div", {"class": "pax-legions"})
    values = g["legion_values"]
    piles = g["legions"]
    best = None
    for i, pile in enumerate(piles):
        if pile and (best is None or values[i] > values[best]):
            best = i
    prices = (g["choice"] or {}).get("prices") if g["phase"] == "buy" else None
    for i, pile in enumerate(piles):
        n = i + 1
        standard = clone("pax-legion")
        standard.querySelector("text").textContent = NUMERALS[i]
        head = el("div", {"class": "pax-legion-head"}, None, [
            standard, el("strong", None, t("pax.ui.legion", numeral=NUMERALS[i])),
            el("span", {"class": "pax-val-text"}, t("pax.ui.pile_value", value=values[i]) if pile
               else t("pax.ui.pile_empty"))])
        box = el("div", {"class": "pax-legion" + (" pax-rome-pick" if i == best else ""), "data-legion": n,
                         "data-value": values[i]}, None, [head])
        if i == best:
            box.appendChild(el("span", {"class": "pax-pick", "title": t("pax.ui.rome_pick")},
                               "➜ " + t("pax.ui.rome_pick_short")))
        box.appendChild(kit.hand((card_node(card, ctx.cat, small=True, came_from="pax-deck") for card in pile),
                                 "pax-pile"))
        if prices and prices[i] is not None:
            box.appendChild(el("span", {"class": "pax-price"}, t("pax.ui.pile_price", price=prices[i])))
            btn = ctx.button(f"buy:{n}", t("pax.ui.buy_aria", legion=NUMERALS[i], price=prices[i]),
                             text=t("pax.ui.buy_btn", price=prices[i]))
            if btn is not None:
                box.appendChild(btn)
        row.appendChild(box)
    return section(t("pax.ui.legions"), "pax-market", [row])


# ---------------------------------------------------------------------- the viewer's hand and memory


def hand_section(ctx: Ctx):
    g, t = ctx.g, ctx.t
    seat = g["seats"][ctx.me]
    hand = seat["hand"] or []
    staged = set(g["staged"] or [])
    cards = []
    playing = g["phase"] == "play" and g["active"] == ctx.me
    next_cost = (g["choice"] or {}).get("next_card_cost", 0)
    for card in hand:
        face = card_node(card, ctx.cat)
        if playing and card in staged:
            btn = ctx.button(f"unstage:{card}", t("pax.ui.unstage_aria", card=card_label(card, ctx.cat)),
                             cls="pax-cardbtn pax-staged", children=[face, el("span", {"class": "pax-tag"},
                                                                              "✓ " + t("pax.ui.staged"))])
            if btn is not None:
                btn.setAttribute("aria-pressed", "true")
        elif playing:
            btn = ctx.button(f"stage:{card}", t("pax.ui.stage_aria", card=card_label(card, ctx.cat), cost=next_cost),
                             cls="pax-cardbtn", children=[face, el("span", {"class": "pax-tag"},
                                                                   t("pax.ui.stage_btn", cost=next_cost))])
            if btn is not None:
                btn.setAttribute("aria-pressed", "false")
        else:
            btn = None
        cards.append(btn if btn is not None else el("div", {"class": "pax-cardslot"}, None, [face]))
    parts = [kit.hand(cards, "pax-hand", {"data-testid": "pax-hand"})] if hand else [note(t("pax.ui.hand_empty"))]
    known = (g["memo"] or {}).get("deck_known") or []
    if known:  # what this player put under the deck, folded: the docked hand keeps its height for the cards
        parts.append(kit.fold(t("pax.ui.memo_title", n=len(known)), [
            note(t("pax.ui.memo_bottom", card=card_label(card, ctx.cat), pos=pos + 1), "pax-memo")
            for pos, card in known], {"class": "pax-memos"}))
    hand_box = section(t("pax.ui.your_hand"), "pax-yours", parts)
    hand_box.setAttribute("data-anim-frame", "pax-hand")
    hand_box.setAttribute("data-dock", "hand")  # stays in view while the board scrolls (static/zoom.js, app.css)
    return hand_box


# ---------------------------------------------------------------------- everyone's play area


def areas_section(ctx: Ctx):
    g, t = ctx.g, ctx.t
    boxes = []
    n = ctx.view["players"]
    order = list(range(n))
    if ctx.me is not None:
        order = order[ctx.me:] + order[:ctx.me]  # the viewer's own area first
    for q in order:
        seat = g["seats"][q]
        name = [el("strong", None, ctx.cat.seat_name(q))]
        if q == ctx.me:
            name.append(el("span", {"class": "pax-you"}, f"({t('pax.ui.you')})"))
        if n > 1 and g["start_player"] == q:
            name.append(kit.anim_key(clone("pax-primus"), "pax-primus"))
        if n > 1 and g["pc_holder"] == q:
            name.append(kit.anim_key(clone("pax-pc"), "pax-pc"))
        facts = [t("pax.ui.hand_count", n=seat["hand_count"])]
        facts.append(t("pax.ui.money", n=seat["money"]) if seat["money"] is not None else t("pax.ui.money_hidden"))
        sym = seat["symbols"]
        facts.append(t("pax.ui.cap", cap=seat["cap"], land=sym["land"], intrigue=sym["intrigue"]))
        head = el("div", {"class": "pax-seat-head"}, None, [
            el("span", {"class": "pax-seat-name"}, None, name),
            *[el("span", {"class": "pax-chip"}, f) for f in facts]])
        kit.anim_key(head.children.item(1), f"pax-hand-{q}")  # the hand count: where a seat's played cards come from
        parts = [head]
        if seat["hand_public"] and q != ctx.me:
            known = format_arg("cards", ",".join(seat["hand_public"]), ctx.cat)  # named as the cards show them
            parts.append(note(t("pax.ui.hand_known", cards=known)))
        parts.append(category_columns(ctx, seat["area"], seat["strength"], sym, came_from=f"pax-hand-{q}"))
        cls = "pax-seat" + (" pax-active" if g["active"] == q else "") + (" pax-mine" if q == ctx.me else "")
        boxes.append(el("div", {"class": cls, "data-seat": q}, None, parts))
    return section(t("pax.ui.areas"), "pax-areas", boxes)


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
