"""DOM building helpers and the game-independent renderers (log, players panel, end screen, chart).

Text always goes in through textContent (never innerHTML), so a player's name can never become markup.
"""

from __future__ import annotations

from .dom import by_id, clear, el, missing, scroll_to_end, svg  # the page through the one bridge (dom.py)

SVG_NS = "http://www.w3.org/2000/svg"
# Okabe–Ito: distinguishable with every common colour-vision deficiency; the chart also labels each segment.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
PATTERNS = ("", "url(#hatch)", "", "url(#dots)", "", "url(#hatch)", "", "url(#dots)")

__all__ = ["by_id", "clear", "el", "missing", "scroll_to_end", "svg", "action_button", "score_table", "score_chart"]


def action_button(action: str, label: str, extra_class: str = "") -> object:
    """The DOM contract: every control that performs a game action is a <button data-action=...>."""
    return el("button", {"type": "button", "data-action": action, "class": ("act " + extra_class).strip()}, label)


def score_table(table, result: dict, cat, game_id: str) -> None:
    """One row per player (data-player, data-score), one column per scoring category, then the total."""
    clear(table)
    order = result["order"]
    head = el("tr", None, None, [el("th", {"scope": "col"}, cat.t("over.player"))]
              + [el("th", {"scope": "col"}, category_label(cat, game_id, c)) for c in order]
              + [el("th", {"scope": "col"}, cat.t("over.total"))])
    table.appendChild(el("thead", None, None, [head]))
    body = el("tbody")
    for seat, total in enumerate(result["scores"]):
        cells = [el("th", {"scope": "row"}, cat.seat_name(seat))]
        cells += [el("td", None, str(result["breakdown"][c][seat])) for c in order]
        cells.append(el("td", {"class": "total"}, str(total)))
        row = el("tr", {"data-player": seat, "data-score": total,
                        "class": "winner" if seat in result["winners"] else None}, None, cells)
        body.appendChild(row)
    table.appendChild(body)


def category_label(cat, game_id: str, category: str) -> str:
    return cat.t(f"{game_id}.cat.{category}")


def score_chart(target, result: dict, cat, game_id: str) -> None:
    """A stacked horizontal SVG bar per player; each segment has its category's colour, pattern and label."""
    clear(target)
    order, scores = result["order"], result["scores"]
    players = len(scores)
    width, label_w, bar_h, gap = 640, 150, 34, 12
    positive = [sum(max(0, result["breakdown"][c][p]) for c in order) for p in range(players)]
    top = max([1, *positive])
    scale = (width - label_w - 60) / top
    columns = 2  # long category names (e.g. district rewards) need the room
    legend_rows = (len(order) + columns - 1) // columns
    height = players * (bar_h + gap) + 20 + legend_rows * 26
    root = svg("svg", {"viewBox": f"0 0 {width} {height}", "role": "img", "class": "chart",
                       "aria-label": cat.t("over.chart")})
    root.appendChild(svg("title", None, cat.t("over.chart")))
    defs = svg("defs")
    hatch = svg("pattern", {"id": "hatch", "width": 6, "height": 6, "patternUnits": "userSpaceOnUse",
                            "patternTransform": "rotate(45)"},
                None, [svg("line", {"x1": 0, "y1": 0, "x2": 0, "y2": 6, "stroke": "#fff", "stroke-width": 2})])
    dots = svg("pattern", {"id": "dots", "width": 6, "height": 6, "patternUnits": "userSpaceOnUse"},
               None, [svg("circle", {"cx": 3, "cy": 3, "r": 1.3, "fill": "#fff"})])
    defs.appendChild(hatch)
    defs.appendChild(dots)
    root.appendChild(defs)
    for p in range(players):
        y = 10 + p * (bar_h + gap)
        root.appendChild(svg("text", {"x": 0, "y": y + bar_h * 0.65, "class": "chart-name"}, cat.seat_name(p)))
        x = label_w
        for i, c in enumerate(order):
            value = result["breakdown"][c][p]
            if value <= 0:
                continue
            w = value * scale
            seg = svg("g")
            seg.appendChild(svg("rect", {"x": x, "y": y, "width": w, "height": bar_h,
                                         "fill": PALETTE[i % len(PALETTE)]}))
            if PATTERNS[i % len(PATTERNS)]:
                seg.appendChild(svg("rect", {"x": x, "y": y, "width": w, "height": bar_h,
                                             "fill": PATTERNS[i % len(PATTERNS)]}))
            seg.appendChild(svg("title", None, f"{category_label(cat, game_id, c)}: {value}"))
            root.appendChild(seg)
            x += w
    ly = players * (bar_h + gap) + 16
    for i, c in enumerate(order):
        lx = (i % columns) * (width // columns)
        yy = ly + (i // columns) * 26
        root.appendChild(svg("rect", {"x": lx, "y": yy, "width": 18, "height": 18,
                                      "fill": PALETTE[i % len(PALETTE)]}))
        if PATTERNS[i % len(PATTERNS)]:
            root.appendChild(svg("rect", {"x": lx, "y": yy, "width": 18, "height": 18,
                                          "fill": PATTERNS[i % len(PATTERNS)]}))
        root.appendChild(svg("text", {"x": lx + 24, "y": yy + 14, "class": "chart-legend"},
                             category_label(cat, game_id, c)))
    target.appendChild(root)
