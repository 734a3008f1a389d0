"""The analysis of a finished game, drawn (pure; its model is gathered by analysing.py from pygames/core/analysis.py's
judgements): on the end screen, the offer to analyse, then its progress, a chart of each player's expected score
decision by decision with the marks as dots, a report card per player (accuracy, count per mark) and the costliest
decisions in words, each a tap away on the board; in a replay, the verdict of the decision on screen."""

from __future__ import annotations

from dataclasses import dataclass

from .vdom import el, svg

MARK_COLOURS = {"best": "#009E73", "good": "#56B4E9", "inaccuracy": "#E69F00", "mistake": "#D55E00",
                "blunder": "#CC0000"}  # Okabe–Ito with a red for blunders; every mark also has its word
LINES = ("#0072B2", "#7A4B9C", "#2B7A3D", "#8C5A00", "#404040", "#B03060")  # one per seat, dark on the paper
MARK_SYMBOLS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@dataclass(frozen=True)
class Costly:
    """A costly decision: its step (index in the history), its seat, verdict and loss, the move and the better one
    in words."""

    step: int
    seat: int
    mark: str
    loss: float
    played: str
    best: str


@dataclass(frozen=True)
class Report:
    seat: int
    decisions: int
    accuracy: float | None
    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Analysis:
    """What the screen shows of a game's analysis."""

    state: str  # "none" (not asked), "running", "stopped", "done", "refused" (a stored one could not be read)
    done: int = 0  # decisions judged in the pass under way
    total: int = 0  # decisions to judge (every non-forced decision of every player at this device)
    full: bool = False  # the pass under way (or done) is the full one, else the first, quick one
    reports: tuple[Report, ...] = ()
    worst: tuple[Costly, ...] = ()
    series: tuple[tuple[int, int, float, str], ...] = ()  # (step, seat, expected score after the move, mark)
    steps: int = 0  # the game's decisions, analysed or not (the chart's width)
    players: int = 2
    refused: tuple[str, dict] | None = None
    chance: tuple[int, ...] = ()  # the steps that drew on chance or showed hidden cards (the chart's band)


def part(model: Analysis, save_id: str, cat) -> object:
    """The end screen's analysis: an offer before it is asked, else its details (open when they first appear)."""
    if model.state == "none":
        return el("section", {"class": "over-analysis", "data-testid": "analysis", "data-state": "none"}, None, [
            el("p", None, cat.t("analysis.offer")),
            el("button", {"type": "button", "class": "primary", "data-command": "analyse",
                          "data-testid": "analyse"}, cat.t("analysis.start"))])
    return el("details", {"class": "over-tab over-analysis", "data-tab": "analysis", "data-testid": "analysis",
                          "data-state": model.state, "data-done": model.done, "data-total": model.total,
                          "data-pass": "full" if model.full else "first", "open": True, "data-owned": "open",
                          "data-part": f"over-analysis-{save_id}"}, None, [
        el("summary", None, cat.t("analysis.title")),
        el("p", {"class": "analysis-progress", "role": "status"}, None, progress(model, cat)),
        *([chart(model, cat)] if model.series else []),
        *([report_table(model, cat)] if model.reports else []),
        *([costly_list(model, cat)] if model.worst else []),
        el("p", {"class": "analysis-note"}, cat.t("analysis.note"))])


def progress(model: Analysis, cat) -> list:
    """Where the analysis stands in words, and its one control (Stop, Resume, Start again)."""
    if model.state == "refused":
        key, params = model.refused or ("analysis.bad", {})
        return [cat.t("analysis.refused", reason=cat.t(key, **params)) + " ",
                button("analyse", cat.t("analysis.again"))]
    words = cat.t("analysis.full" if model.full else "analysis.first", done=model.done, total=model.total)
    if model.state == "running":
        return [cat.t("analysis.running") + " " + words + " ", button("analyse-stop", cat.t("analysis.stop"))]
    if model.state == "stopped":
        return [cat.t("analysis.stopped") + " " + words + " ", button("analyse", cat.t("analysis.resume"))]
    return [cat.t("analysis.done", total=model.total)]


def button(command: str, text: str) -> object:
    return el("button", {"type": "button", "data-command": command, "data-testid": command}, text)


def chart(model: Analysis, cat) -> object:
    """Each player's expected score (0 to 1, from their own view) after each of their decisions, one line per
    player, the marks as dots (a tap on one opens that decision on the board; the list below does the same from the
    keyboard); the decisions along the width."""
    width, height, pad = 600, 160, 18
    steps = max(1, model.steps)

    def x(step: int) -> float:
        return round(pad + (width - 2 * pad) * step / steps, 1)

    def y(value: float) -> float:
        return round(height - pad - (height - 2 * pad) * value, 1)

    band = max(2.0, (width - 2 * pad) / steps)
    kids = [svg("rect", {"x": round(x(step) - band / 2, 1), "y": pad, "width": round(band, 1),
                         "height": height - 2 * pad, "class": "analysis-chance"}) for step in model.chance]
    kids.append(svg("line", {"x1": pad, "x2": width - pad, "y1": y(0.5), "y2": y(0.5), "class": "analysis-mid"}))
    for seat in sorted({s for _step, s, _v, _m in model.series}):
        points = [(step, value, mark) for step, s, value, mark in model.series if s == seat]
        colour = LINES[seat % len(LINES)]
        kids.append(svg("polyline", {"points": " ".join(f"{x(st)},{y(v)}" for st, v, _m in points),
                                     "fill": "none", "stroke": colour, "stroke-width": 2.5}))
        for step, value, mark in points:
            if mark in ("inaccuracy", "mistake", "blunder"):  # a tap on the dot: that decision on the board
                kids.append(svg("g", {"class": "analysis-dot", "data-command": f"review-at:{step + 1}",
                                      "data-mark": mark}, None, [
                    svg("circle", {"cx": x(step), "cy": y(value), "r": 22, "fill": "transparent"}),
                    svg("circle", {"cx": x(step), "cy": y(value), "r": 6, "fill": MARK_COLOURS[mark],
                                   "stroke": "#fff", "stroke-width": 1.5})]))
    label = cat.t("analysis.chart", players=cat.join([cat.seat_name(r.seat) for r in model.reports]))
    return el("figure", {"class": "analysis-chart"}, None, [
        svg("svg", {"viewBox": f"0 0 {width} {height}", "role": "img", "aria-label": label}, None, kids),
        el("figcaption", None, label)])


def report_table(model: Analysis, cat) -> object:
    """A report card per player: decisions judged, accuracy, and how many of each mark."""
    head = el("tr", None, None, [el("th", {"scope": "col"}, cat.t("over.player")),
                                 el("th", {"scope": "col"}, cat.t("analysis.accuracy")),
                                 *[el("th", {"scope": "col"}, MARK_SYMBOLS[m] + " " + cat.t(f"analysis.mark.{m}"))
                                   for m in MARK_COLOURS]])
    rows = [el("tr", {"data-player": r.seat, "data-testid": "analysis-report"}, None, [
        el("th", {"scope": "row"}, cat.seat_name(r.seat)),
        el("td", {"data-accuracy": "" if r.accuracy is None else r.accuracy},
           "—" if r.accuracy is None else cat.t("analysis.percent", value=f"{r.accuracy:.0f}")),
        *[el("td", {"data-mark": m}, str(n)) for m, n in r.counts]]) for r in model.reports]
    return el("div", {"class": "table-scroll"}, None, [
        el("table", {"class": "analysis-report"}, None, [el("thead", None, None, [head]),
                                                          el("tbody", None, None, rows)])])


def costly_list(model: Analysis, cat) -> object:
    """The costliest decisions, in words, each with a tap to see it on the board."""
    return el("ol", {"class": "analysis-worst", "data-testid": "analysis-worst"}, None, [
        el("li", {"data-step": c.step, "data-mark": c.mark}, None, [
            el("span", None, verdict_words(c.mark, c.loss, c.played, c.best, c.step + 1, c.seat, cat) + " "),
            el("button", {"type": "button", "data-command": f"review-at:{c.step + 1}",
                          "data-testid": "analysis-see"}, cat.t("analysis.see"))]) for c in model.worst])


def short_verdict(mark: str, loss: float, best: str, cat) -> str:
    """The verdict of the decision on a replay's board, under its own lines (which already say what was played)."""
    if mark in ("best", "good"):
        return cat.t(f"analysis.short.{mark}")
    return cat.t("analysis.short.costly", mark=cat.t(f"analysis.mark.{mark}"), best=best, points=round(loss * 100))


def verdict_words(mark: str, loss: float, played: str, best: str, decision: int, seat: int, cat) -> str:
    """A decision's verdict in words: its mark, and for a costly one the better move and what it was worth."""
    if mark in ("best", "good"):
        return cat.t(f"analysis.verdict.{mark}", decision=decision, player=seat, played=played)
    return cat.t("analysis.verdict.costly", decision=decision, player=seat, mark=cat.t(f"analysis.mark.{mark}"),
                 played=played, best=best, points=round(loss * 100))
