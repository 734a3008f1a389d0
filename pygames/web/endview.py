"""The end screen as a model and a pure view: `screen(model, board, cat)` is the whole of `#gameover`, one tree
patched in one call (endscreen.py), tested in CPython (tests/test_end_view.py) as `table.table` is.

First screen: the game's scene, the word to the player at this device, who won, the boxes above the outcome (a
guided game's close, the match, a guest's invitation), the game's outcome lines and Play again; then the details,
one tap away each (`details.over-tab`): the game's own part (its board's `render_over`, with what it works out
after the end once that came), the final board, the scores and chart, the log. The final board and log are drawn
once `details` is set (the frame after the result: the tap that ends a game shows its result first). Each detail
is named for its game (`data-part`), so a new game's end screen starts with them closed, and keeps the `open` its
player set (`data-owned`) from one redraw to the next (another language, the after-game answer)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pygames.core import registry

from . import analysisview, kit, match_view, remote, table, vdom
from .kit import describe
from .vdom import el, svg

# Okabe–Ito: distinguishable with every common colour-vision deficiency; the chart also labels each segment.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
PATTERNS = ("", "url(#hatch)", "", "url(#dots)", "", "url(#hatch)", "", "url(#dots)")


@dataclass(frozen=True)
class Over:
    """What the end screen shows: the game's result and its final view (the spectator's, or a guest's seat's), who
    is at this device (`me`, or None where several share it), and the boxes above the outcome."""

    game_id: str
    save_id: str
    result: dict
    view: dict
    me: int | None = None
    guest: bool = False  # the host's game on a guest's device: no Play again nor Export (the host starts the next)
    match: match_view.Box | None = None  # this device's match: its score, result and the next game offered
    tutorial_done: str | None = None  # a guided game's closing words (its catalogue key)
    invited: bool | None = None  # a guest's box: the host asked to play again (True), or may (False)
    after_game: object = None  # what the game worked out after the end (Spyworld's best routes), once it came
    details: bool = False  # the final board and log drawn
    analysis: object = None  # analysisview.Analysis: this device's game's analysis (its offer, progress, results)


def with_details(model: Over) -> Over:
    return replace(model, details=True)


def with_after_game(model: Over, answer) -> Over:
    return replace(model, after_game=answer)


def winners_text(cat, result: dict) -> str:
    winners = [cat.seat_name(w) for w in result["winners"]]
    text = cat.t("over.nobody") if not winners else cat.t(
        "over.winner" if len(winners) == 1 else "over.winners", players=cat.join(winners))
    if result.get("tied"):  # a tie that is not a shared win (SPY-6.11): name the tied players
        text = cat.t("over.tied", players=cat.join([cat.seat_name(p) for p in result["tied"]]))
    if result.get("tiebreak"):
        text += " " + cat.t(result["tiebreak"])
    return text


def headline_key(result: dict, me: int | None) -> str | None:
    """The end screen's word to the one player at this device (alone against the computer, or a guest's seat):
    won, shared the win, tied or lost; None where several players share the device (the winners line says it)."""
    if me is None:
        return None
    if me in result["winners"]:
        return "over.you_win" if len(result["winners"]) == 1 else "over.you_share"
    if me in (result.get("tied") or ()):
        return "over.you_tie"
    return "over.you_lose"


def attributes(model: Over) -> dict:
    """The section's own attributes (the layout's and the tests' hooks): None removes one."""
    return {"data-save": model.save_id, "data-guest": "" if model.guest else None,
            "data-headline": "" if headline_key(model.result, model.me) is not None else None,
            "data-details": "drawn" if model.details else "drawing"}


def screen(model: Over, board, cat) -> tuple[vdom.Node, list[str]]:
    """`#gameover`'s children, and the errors met (a renderer that could not draw the final view: the result
    stays readable, the error is the page's to report)."""
    errors: list[str] = []
    key = headline_key(model.result, model.me)
    headline = el("p", {"id": "over-headline", "class": "over-headline", "data-testid": "over-headline",
                        "hidden": "" if key is None else None}, cat.t(key) if key else None)
    root = vdom.fragment()
    root.append(
        el("div", {"id": "over-scene", "class": "over-scene", "aria-hidden": "true", "data-game": model.game_id}),
        el("h2", {"id": "gameover-title"}, cat.t("over.title")), headline,
        el("p", {"id": "winners", "class": "winners"}, winners_text(cat, model.result)),
        el("div", {"id": "gameover-extra"}, None, extra(model, board, cat, errors)),
        tab(model, "scores", cat.t("over.scores"), [
            el("div", {"class": "table-scroll"}, None, [score_table(model.result, cat, model.game_id)]),
            el("div", {"id": "score-chart", "class": "score-chart"}, None,
               [score_chart(model.result, cat, model.game_id)] if board.points_chart else [])]),
        el("p", {"class": "row"}, None, buttons(model, cat)),
        el("div", {"id": "analysis-box", "class": "analysis-box"}, None, analysis_box(model, cat).kids),
        tab(model, "log", cat.t("game.log"), [
            el("ol", {"id": "final-log", "class": "log", "tabindex": "0", "aria-label": cat.t("game.log")}, None,
               table.log_fragment(model.view["log"], cat).kids if model.details else [])]))
    return root, errors


def analysis_box(model: Over, cat) -> vdom.Node:
    """The analysis's place (its own patch while it runs: endscreen.refresh_analysis)."""
    box = vdom.fragment()
    if model.analysis is not None:
        box.append(analysisview.part(model.analysis, model.save_id, cat))
    return box


def buttons(model: Over, cat) -> list:
    """Play again and Export (this device's game only), Home."""
    def button(command: str, key: str, primary: bool = False):
        return el("button", {"type": "button", "data-command": command, "class": "primary" if primary else None},
                  cat.t(key))
    mine = [] if model.guest else [button("again", "over.again", True), button("review", "over.review"),
                                   button("export", "menu.export")]
    return [*mine, button("quit", "over.home")]


def extra(model: Over, board, cat, errors: list) -> list:
    """The boxes above the outcome, the outcome's lines, the game's own part and the final board's detail."""
    parts = []
    if model.tutorial_done is not None:
        parts.append(tutorial_box(model.game_id, model.tutorial_done, cat))
    if model.match is not None:
        parts.append(match_view.panel(cat, model.match))
    if model.invited is not None:
        parts.append(remote.rematch_box(cat, model.invited))
    parts.append(el("ul", {"class": "outcome", "data-testid": "outcome"}, None, [
        el("li", None, cat.t(k, **args)) for k, args in kit.outcome_lines(registry.load(model.game_id), model.result)]))
    if board.render_over is not None:
        parts.append(tab(model, "game", cat.t("over.more"), game_part(model, board, cat).kids))
    node = el("div", {"class": "board final-board", "data-testid": "final-board", "data-game": board.game_id}, None,
              final_board(model, board, cat, errors) if model.details else [])
    parts.append(tab(model, "board", cat.t("over.board"), [el("section", {"class": "final-board-box"}, None, [node])]))
    return parts


def tab(model: Over, name: str, title: str, kids: list):
    """One detail, closed until tapped, its title as the summary; its `open` the player's (data-owned), and it is
    this game's own (data-part): a new game's end screen draws its details anew, closed."""
    return el("details", {"class": "over-tab", "data-tab": name, "data-owned": "open",
                          "data-part": f"over-{name}-{model.save_id}"}, None, [el("summary", None, title), *kids])


def game_part(model: Over, board, cat) -> vdom.Node:
    """The board's end-of-game part, with its after-the-end answer in its placeholder once it came."""
    built = vdom.fragment()
    board.render_over(built, model.view, model.result, cat)
    if model.after_game is not None and board.render_after_game is not None:
        answer = vdom.fragment()
        board.render_after_game(answer, model.view, model.after_game, cat)
        replace_marked(built, "data-after-game", answer.kids)
    return built


def replace_marked(root: vdom.Node, attribute: str, kids: list) -> bool:
    """Put `kids` in place of the first descendant carrying `attribute`; False when there is none."""
    for i, kid in enumerate(root.kids):
        if isinstance(kid, vdom.Node):
            if attribute in kid.attrs:
                root.kids[i:i + 1] = kids
                return True
            if replace_marked(kid, attribute, kids):
                return True
    return False


def final_board(model: Over, board, cat, errors: list) -> list:
    """The final board: the same renderer, handed the end-of-game view and no action."""
    try:
        built = vdom.fragment()
        board.render(built, model.view, [], cat)
        return built.kids
    except Exception as exc:  # the result stays readable even if a renderer cannot draw the final view
        errors.append("final board: " + describe(exc))
        return [el("p", None, cat.t("over.no_board"))]


def tutorial_box(game_id: str, done: str, cat):
    """At the end of a guided game: what the end screen says, and a normal game offered."""
    return el("section", {"class": "tutorial tutorial-done", "data-testid": "tutorial-done"}, None, [
        el("h3", None, cat.t("tut.done.title")), el("p", None, cat.t(done)), el("p", None, cat.t("tut.done.common")),
        el("button", {"type": "button", "class": "primary", "data-command": f"new:{game_id}"},
           cat.t("tut.done.normal"))])


def category_label(cat, game_id: str, category: str) -> str:
    return cat.t(f"{game_id}.cat.{category}")


def score_table(result: dict, cat, game_id: str):
    """One row per player (data-player, data-score), one column per scoring category, then the total."""
    order = result["order"]
    head = el("tr", None, None, [el("th", {"scope": "col"}, cat.t("over.player"))]
              + [el("th", {"scope": "col"}, category_label(cat, game_id, c)) for c in order]
              + [el("th", {"scope": "col"}, cat.t("over.total"))])
    rows = []
    for seat, total in enumerate(result["scores"]):
        cells = [el("th", {"scope": "row"}, cat.seat_name(seat))]
        cells += [el("td", None, str(result["breakdown"][c][seat])) for c in order]
        cells.append(el("td", {"class": "total"}, str(total)))
        rows.append(el("tr", {"data-player": seat, "data-score": total,
                              "class": "winner" if seat in result["winners"] else None}, None, cells))
    return el("table", {"id": "score-table", "class": "score-table"}, None, [
        el("thead", None, None, [head]), el("tbody", None, None, rows)])


def chart_patterns():
    """The chart's two fill patterns (every other category hatched or dotted as well as coloured)."""
    hatch = svg("pattern", {"id": "hatch", "width": 6, "height": 6, "patternUnits": "userSpaceOnUse",
                            "patternTransform": "rotate(45)"},
                None, [svg("line", {"x1": 0, "y1": 0, "x2": 0, "y2": 6, "stroke": "#fff", "stroke-width": 2})])
    dots = svg("pattern", {"id": "dots", "width": 6, "height": 6, "patternUnits": "userSpaceOnUse"},
               None, [svg("circle", {"cx": 3, "cy": 3, "r": 1.3, "fill": "#fff"})])
    return svg("defs", None, None, [hatch, dots])


def swatch(i: int, x: float, y: float, w: float, h: float) -> list:
    """A category's colour (and its pattern over it) as a bar segment or a legend square."""
    rects = [svg("rect", {"x": x, "y": y, "width": w, "height": h, "fill": PALETTE[i % len(PALETTE)]})]
    if PATTERNS[i % len(PATTERNS)]:
        rects.append(svg("rect", {"x": x, "y": y, "width": w, "height": h, "fill": PATTERNS[i % len(PATTERNS)]}))
    return rects


def score_chart(result: dict, cat, game_id: str):
    """A stacked horizontal SVG bar per player; each segment has its category's colour, pattern and label."""
    order, scores = result["order"], result["scores"]
    players = len(scores)
    width, label_w, bar_h, gap = 640, 150, 34, 12
    positive = [sum(max(0, result["breakdown"][c][p]) for c in order) for p in range(players)]
    scale = (width - label_w - 60) / max([1, *positive])
    columns = 2  # long category names (e.g. district rewards) need the room
    height = players * (bar_h + gap) + 20 + (len(order) + columns - 1) // columns * 26
    root = svg("svg", {"viewBox": f"0 0 {width} {height}", "role": "img", "class": "chart",
                       "aria-label": cat.t("over.chart")}, None, [svg("title", None, cat.t("over.chart")),
                                                                  chart_patterns()])
    for p in range(players):
        y = 10 + p * (bar_h + gap)
        root.appendChild(svg("text", {"x": 0, "y": y + bar_h * 0.65, "class": "chart-name"}, cat.seat_name(p)))
        x = label_w
        for i, c in enumerate(order):
            value = result["breakdown"][c][p]
            if value <= 0:
                continue
            root.appendChild(svg("g", None, None, [*swatch(i, x, y, value * scale, bar_h), svg(
                "title", None, f"{category_label(cat, game_id, c)}: {value}")]))
            x += value * scale
    ly = players * (bar_h + gap) + 16
    for i, c in enumerate(order):
        lx, yy = (i % columns) * (width // columns), ly + (i // columns) * 26
        root.append(*swatch(i, lx, yy, 18, 18))
        root.appendChild(svg("text", {"x": lx + 24, "y": yy + 14, "class": "chart-legend"},
                             category_label(cat, game_id, c)))
    return root
