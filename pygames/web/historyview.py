"""The history screen, drawn (pure; pygames/app/history.py gathers the figures): every game and each game's own
card (games played and won, the record against each computer level, mean accuracy and blunders of the analysed
games, the game's own counters, each player's Elo), then the latest games, each with its replay when its save is
still kept, and the history's own Export and Import."""

from __future__ import annotations

import time
from dataclasses import dataclass

from pygames.core import registry

from .vdom import el

RECENT = 12  # the latest games listed


@dataclass(frozen=True)
class Screen:
    stats: dict  # history.statistics
    records: tuple  # the records, oldest first
    saves: frozenset  # save ids still stored (their replay can open)
    refused: tuple[str, dict] | None = None  # the stored history could not be read
    puzzles: int = 0  # the saved games' mistakes and blunders found by their analysis (pygames/app/puzzles.py)


def screen(model: Screen, cat) -> object:
    root = el("div", {"class": "history"}, None, [
        el("div", {"class": "history-head"}, None, [
            el("h2", {"id": "history-title"}, cat.t("history.title")),
            el("button", {"type": "button", "data-command": "home", "class": "quiet"}, cat.t("over.home"))])])
    if model.refused is not None:
        key, params = model.refused
        root.append(el("p", {"class": "error-line", "role": "alert", "data-testid": "history-refused"},
                       cat.t("history.refused", reason=cat.t(key, **params))))
    root.append(el("p", {"class": "row history-puzzles"}, None, [
        el("button", {"type": "button", "data-command": "puzzles", "data-testid": "puzzles-open",
                      "class": "primary" if model.puzzles else None, "disabled": not model.puzzles},
           cat.t("puzzle.open", n=model.puzzles)),
        *([] if model.puzzles else [el("span", None, cat.t("puzzle.how"))])]))
    overall = model.stats.get("all")
    if not overall or not overall["played"]:
        root.append(el("p", {"data-testid": "history-empty"}, cat.t("history.empty")))
    else:
        root.append(card("all", overall, cat))
        for game_id in registry.GAME_IDS:
            if game_id in model.stats:
                root.append(card(game_id, model.stats[game_id], cat))
        root.append(recent(model, cat))
    root.append(el("p", {"class": "row"}, None, [
        el("button", {"type": "button", "data-command": "history-export", "data-testid": "history-export",
                      "disabled": not model.records}, cat.t("history.export")),
        el("label", {"class": "button", "for": "import-file"}, cat.t("history.import"))]))
    return root


def card(name: str, figures: dict, cat) -> object:
    """One game's figures (or every game's)."""
    title = cat.t("history.all") if name == "all" else cat.t(f"home.game.{name}")
    rows = [(cat.t("history.played"), str(figures["played"])),
            (cat.t("history.won"), cat.t("history.won_of", won=figures["won"], played=figures["played"],
                                         rate=round(100 * figures["won"] / max(1, figures["played"]))))]
    for level in ("easy", "normal", "hard"):
        if level in figures["by_level"]:
            played, won = figures["by_level"][level]
            rows.append((cat.t("history.against", level=cat.t(f"history.level.{level}")),
                         cat.t("history.won_of", won=won, played=played, rate=round(100 * won / max(1, played)))))
    if figures["accuracy"] is not None:
        rows.append((cat.t("analysis.accuracy"), cat.t("analysis.percent", value=f"{figures['accuracy']:.0f}")))
        rows.append((cat.t("history.blunders"), cat.t("history.per_game", value=figures["blunders"],
                                                      n=figures["analysed"])))
    if name != "all":
        for counter, value in figures["counters"].items():
            rows.append((cat.t(f"stats.counter.{name}.{counter}"), f"{value:g}"))
        for key, rating in figures["elo"].items():
            rows.append((cat.t("history.elo", player=who(key, cat)), str(rating)))
    return el("section", {"class": "history-card", "data-testid": "history-card", "data-game": name}, None, [
        el("h3", None, title),
        el("dl", None, None, [part for label, value in rows
                              for part in (el("dt", None, label), el("dd", None, value))])])


def who(key: str, cat) -> str:
    """A player key of the history (history.player_key) in words."""
    kind, _, name = key.partition(":")
    if kind == "computer":
        return cat.t("history.computer", level=cat.t(f"history.level.{name}"))
    return name or cat.t("history.you")


def recent(model: Screen, cat) -> object:
    """The latest games: when, which, the result for the players here, the accuracy if analysed, a replay."""
    items = []
    for r in reversed(model.records[-RECENT:]):
        humans = [i for i, s in enumerate(r["seats"]) if s["kind"] == "human"]
        won = any(i in r["winners"] for i in humans)
        words = cat.t("history.line", game=cat.t(f"home.game.{r['game']}"),
                      when=time.strftime("%Y-%m-%d", time.gmtime(r["at"])),
                      result=cat.t("history.result_won" if won else "history.result_lost"),
                      scores=" – ".join(f"{s:g}" for s in r["scores"]))
        accuracy = [r.get("accuracy", {}).get(str(i)) for i in humans]
        if accuracy and all(a is not None for a in accuracy):
            words += " " + cat.t("history.line_accuracy", value=f"{sum(accuracy) / len(accuracy):.0f}")
        kids = [el("span", None, words + " ")]
        if r["id"] in model.saves:
            kids.append(el("button", {"type": "button", "data-command": f"review-save:{r['id']}"},
                           cat.t("home.replay")))
        items.append(el("li", {"data-record": r["id"]}, None, kids))
    return el("section", {"class": "history-recent"}, None, [
        el("h3", None, cat.t("history.recent")), el("ol", {"data-testid": "history-recent"}, None, items)])
