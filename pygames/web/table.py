"""The game screen as one pure function: `table(model, cat)` returns the one vdom tree of `#game`'s content (title,
status line, last-move banner, guide, board, players, log, action bar), with the hint and the guided game's marks
already set on its nodes; the controller patches the page with it once (`vdom.patch`).

`Model` holds only what the seat on screen may see: its view (with what this device keeps, `view["device"]`), its
legal actions, seat names and kinds, and the screen's own state (thinking seat, hint, guide, news). No session,
no state, no storage, no DOM: a screen can be drawn from a view and legal actions that came from anywhere, and
tested in CPython. The catalogue is an argument, not a field: it is this device's language and words (with the
seats' default names), not something the table decides, and the same model draws in French or in English.
The game's own code (its `status` and `action_label` words, its board renderer) is found from `game_id`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core import registry

from . import kit, lastmove, match_view, reviewview, vdom
from .boards import board_of
from .marks import mark_hint, mark_preview, mark_target, mark_waiting
from .vdom import el

HUMAN = "human"


@dataclass(frozen=True)
class Guide:
    """The guided first game's panel and marks (pygames/app/tutorial.py decides them from the game's history)."""

    game_id: str
    texts: tuple[str, ...]  # catalogue keys of the panel's paragraphs
    section: str = ""  # the rules section its link opens ("" for none)
    step: int | None = None  # the scripted step on screen (0-based), None between steps
    total: int = 0  # the script's number of steps
    target: str | None = None  # the one action to play now: every other control is disabled
    minimised: bool = False
    docked: bool = False  # at the top of the side column (a landscape table), else under the status line


@dataclass(frozen=True)
class Model:
    """Everything the game screen shows, for the seat on screen only."""

    game_id: str
    view: dict | None  # core.view for `viewer` (+ "device"); None behind the pass-the-device cover
    legal: tuple[str, ...] = ()
    viewer: int | None = None
    names: tuple[str, ...] = ()  # the seats' names ("" for the catalogue's default name)
    kinds: tuple[str, ...] = ()  # "human" or a computer level, per seat
    match: object = None  # the match this game belongs to (match.Match), for the title
    thinking: int | None = None  # the seat whose "is thinking…" line shows
    hint: str | None = None  # the hint's action, outlined and named
    guide: Guide | None = None
    first_fresh: int = 0  # the first line of the viewer's log that is news to them
    others: tuple[int, ...] | None = None  # hot-seat: who played since the viewer's own last action
    news_open: bool = False  # the banner's "more" list was opened for this same news
    can_undo: bool = False
    preview_on: bool = False
    # Several devices (pygames/web/remote.py builds these models; pygames/net holds the game):
    decided: tuple[int, ...] = ()  # seats that already chose in a simultaneous step (never what): a mark each
    away: tuple[int, ...] = ()  # seats played on another device that is not connected now: a mark and words
    link: str | None = None  # a guest's link to the host (LINKS); None on the device that holds the game
    refused: tuple[str, dict] | None = None  # a refused move's reason (catalogue key, params), shown once
    remote: tuple[int, ...] = ()  # seats played on another device (the players panel says so)
    sending: str | None = None  # the action in flight to the host (its control is marked busy)
    replayable: bool = False  # other seats moved since the viewer's last action: the banner offers to replay it
    stage: object = None  # staging.Stage: a replay of the last turn on screen (its frame is the viewer's own view)
    seat_open: int | None = None  # the seat whose full area is open over the board (a tap on its summary)
    previewing: str | None = None  # a board target tapped once (touch preview): selected, its words and Confirm shown
    review: object = None  # review.Position: a whole game's replay on screen (`view` is that step's, `legal` empty)
    puzzle: object = None  # puzzling.Shown: a puzzle from a past mistake (its prompt and verdict, its controls)


# A guest's link, in words in the status row: "ok" (moves go through), "sending" (a move waits for the host's
# answer), "reconnecting" (the link dropped: the seat and screen are kept), "lost" (the host ended the link or
# cannot be reached). Only "ok" lets the seat act: otherwise every game control is disabled with the reason.
LINKS = ("ok", "sending", "reconnecting", "lost")


def table(model: Model, cat) -> vdom.Node:
    """The game screen's one tree: the children of `#game` (its menu is the page's, kept as it stands)."""
    game = registry.load(model.game_id)
    shown = model.view is not None
    legal = list(model.legal) if shown else []
    board, placed = board_parts(game, model, legal, cat) if shown else (vdom.fragment(), set())
    if shown and model.stage is not None:  # the replay's frame on the board; the decision's other controls stay
        board = vdom.fragment()
        board_of(game).render(board, model.stage.frame.view, [], cat)
    bar = [] if not shown else reviewview.controls(model.review, cat) if model.review is not None else \
        action_bar(model, game, cat, [a for a in legal if a not in placed])
    if shown and model.puzzle is not None:
        bar += reviewview.puzzle_controls(model.puzzle, cat)
    bare = shown and (not placed or model.stage is not None)  # a board with no target on it (a replay's too)
    guide = model.guide if shown else None
    screen = vdom.fragment()
    screen.append(
        el("div", {"class": "gamebar"}, None, [
            el("h2", {"id": "game-title"}, cat.t(f"home.game.{model.game_id}") + match_view.title(cat, model.match)),
            vdom.Keep()]),  # the menu: the page's own buttons (translated with the page), mirrored by the controller
        vdom.Keep(),  # the Options drawer (#drawer): the page's own, opened and closed by static/shell.js
        el("div", {"class": "status-row"}, None, [
            el("p", {"id": "status", "class": "status", "data-testid": "status", "role": "status",
                     "aria-live": "polite"}, status_text(model, game, cat) if shown else ""),
            *link_line(model, cat),
            board_tools(cat)]),
        guide_panel(guide, cat) if guide is not None and not guide.docked else slot(),
        banner(model, cat) if shown else el("div", {"id": "last-move", "class": "last-move",
                                                     "data-testid": "last-move", "hidden": True}),
        table_area(model, game, board, bare, guide, cat),
        el("div", {"id": "actions", "class": "actions", "data-testid": "actions", "role": "group",
                   "aria-label": "Actions"}, None, bar),
    )
    set_marks(screen, model, guide, cat)
    return screen


def table_area(model: Model, game, board: vdom.Node, bare: bool, guide: Guide | None, cat) -> vdom.Node:
    """The table itself: the board, every seat's summary, the open seat's area, the side column (guide, log)."""
    shown = model.view is not None
    return el("div", {"class": "table", "data-game": model.game_id if shown else None}, None, [
        # With no target on it (the table, a seat waiting) the board itself takes the focus, so a keyboard can
        # still scroll it (WCAG 2.1.1: a scrollable region is reachable).
        # `data-game`: the game's look (its art stylesheet), with no selector on what the board holds
        # The board's one stage: laid out in the board's box and scaled to fit it (static/zoom.js).
        el("div", {"id": "board", "class": "board", "data-testid": "board",
                   "data-game": model.game_id if shown else None,
                   "data-look-keys": " ".join(board_of(game).look_keys) or None if shown else None,
                   "tabindex": 0 if bare else None,
                   "role": "region" if bare else None, "aria-label": cat.t("game.board") if bare else None},
           None, [el("div", {"class": "stage"}, None, board.kids)] if shown else []),
        # every seat's summary, always in view: a strip beside or over the board (static/app.css)
        el("section", {"class": "seats-box", "aria-labelledby": "scores-title"}, None, [
            el("h3", {"id": "scores-title", "class": "visually-hidden", "data-i18n": "game.players"},
               cat.t("game.players")),
            el("ul", {"id": "scores", "class": "scores seats-strip", "data-count": len(model.kinds)}, None,
               players(model, game, cat) if shown else [])]),
        seat_area(model, game, cat) if shown else slot(),
        el("aside", {"id": "side", "class": "side"}, None, [
            guide_panel(guide, cat) if guide is not None and guide.docked else slot(),
            el("section", {"class": "side-log", "aria-labelledby": "log-title"}, None, [
                el("h3", {"id": "log-title", "data-i18n": "game.log"}, cat.t("game.log")),
                el("ol", {"id": "log", "class": "log", "data-testid": "log", "tabindex": 0,
                          "aria-labelledby": "log-title"}, None, log_items(model, cat) if shown else [])]),
        ]),
    ])


def set_marks(screen: vdom.Node, model: Model, guide: Guide | None, cat) -> None:
    """The preview, the hint, a guided step's target and a guest's waiting controls, set on the drawn nodes."""
    shown = model.view is not None
    if shown and model.previewing is not None and model.stage is None:
        mark_preview(screen, model.previewing, cat)
    if shown and model.hint is not None:
        mark_hint(screen, model.hint)
    if guide is not None and guide.target is not None:
        mark_target(screen, guide.target)
    if shown and model.link is not None and model.link != "ok":
        mark_waiting(screen, model.sending)


_LAST_BOARD: list = []  # [(inputs, board fragment, placed actions)] of the last board drawn


def board_inputs(model: Model, legal: list[str], cat) -> tuple:
    """Everything a board's drawing depends on: the view and legal actions, the words (language, seat names,
    the game's own names for its values), and the marks set on its nodes afterwards (hint, guided target, a
    guest's controls waiting for the host: the marks change the cached nodes, so each mark is part of the key)."""
    target = model.guide.target if model.guide is not None else None
    waiting = (model.link, model.sending) if model.link not in (None, "ok") else None
    return (model.game_id, model.view, tuple(legal), model.hint, target, waiting, model.previewing, cat, cat.lang,
            tuple(cat.names), tuple(sorted(cat.computers)), cat.format_arg)


def board_parts(game, model: Model, legal: list[str], cat) -> tuple[vdom.Node, set[str]]:
    """The board's fragment and the actions it placed. A redraw whose board shows the same thing as the last one
    (only the thinking line, the banner, the log or a menu state changed: each computer's move is drawn, then its
    "is thinking…" line) takes the last board's nodes again instead of drawing it anew: on a busy tablet that
    redraw is one long task of the main thread the less (docs/measurements.md). The nodes are only read after
    this (`vdom.program`), and marked again with the same marks."""
    inputs = board_inputs(model, legal, cat)
    if _LAST_BOARD and _LAST_BOARD[0][0] == inputs:
        return _LAST_BOARD[0][1], set(_LAST_BOARD[0][2])
    board = vdom.fragment()
    placed = board_of(game).render(board, model.view, legal, cat)
    _LAST_BOARD[:] = [(inputs, board, frozenset(placed))]
    vdom.reusable(board.kids)
    return board, set(placed)


def prepare(model: Model, cat) -> None:
    """Draw `model`'s board now (its nodes and their tokens for the page), so that the redraw of a model with the
    same board (in a later task of the main thread) takes it as it is: a computer's move is then drawn in two
    shorter tasks instead of one long one."""
    if model.view is not None:
        vdom.program(table(model, cat))  # the board's tokens are written with its marks, as the redraw sets them


def board_tools(cat) -> vdom.Node:
    """Zoom out, in and back to fit (static/zoom.js scales the board inside its container; the log's drawer is the
    menu's). Whether the board is at fit is zoom.js's to say (`data-owned`: the patch keeps what it sets)."""
    def tool(attrs: dict, text: str, label: str) -> vdom.Node:
        words = any(ch.isalpha() for ch in text)  # its spoken name starts with its words (a sign is not words)
        return el("button", {"type": "button", "class": "quiet tool",
                             "aria-label": kit.spoken_name(text, label) if words else label, **attrs}, text)
    return el("div", {"class": "board-tools", "role": "toolbar", "aria-label": cat.t("game.tools")}, None, [
        tool({"data-zoom": "out"}, "−", cat.t("game.zoom_out")),
        tool({"data-zoom": "in"}, "+", cat.t("game.zoom_in")),
        tool({"data-zoom": "fit", "data-owned": "aria-pressed"}, cat.t("game.zoom_fit"), cat.t("game.zoom_fit_label")),
    ])


def slot() -> vdom.Node:
    """Where the guide goes when there is none: an empty section of the same tag, so the parts after it are kept."""
    return el("section", {"hidden": True})


# ---------------------------------------------------------------------------------------------------- parts


def status_text(model: Model, game, cat) -> str:
    view, viewer = model.view, model.viewer
    if model.review is not None:
        return reviewview.status(model.review, cat)
    if model.puzzle is not None:
        return reviewview.puzzle_status(model.puzzle, cat)
    status = getattr(game, "status", None)
    if viewer is not None and viewer in view["to_move"] and status is not None:
        key, args = status(view)
    elif viewer is not None and viewer in view["to_move"]:
        key, args = "core.status.turn", {"player": viewer}
    elif len(view["to_move"]) > 1:
        key, args = "core.status.simultaneous", {"players": [cat.seat_name(p) for p in view["to_move"]]}
    elif view["to_move"]:
        key, args = "core.status.wait", {"player": view["to_move"][0]}
    else:
        key, args = "core.status.over", {}
    return cat.t(key, **args)


def action_label(game, view: dict, action: str, cat) -> str:
    """An action in words (the game's `action_label`), with the words of the step the board joins to it."""
    labeler = getattr(game, "action_label", None)
    if labeler is None:
        return action
    key, args = labeler(view, action)
    then = board_of(game).chain(action)
    return cat.t(key, **args) + (" " + cat.t(then[1]) if then else "")


def link_line(model: Model, cat) -> list:
    """Several devices: a guest's link to the host in words (`[data-testid=link]`, `data-link`), and on the
    device that shows the table, that it shows public information only. Nothing on a device playing alone."""
    parts = []
    if model.link is not None:
        parts.append(el("p", {"id": "link", "class": f"link link-{model.link}", "data-testid": "link",
                              "data-link": model.link, "role": "status"}, cat.t(f"net.link.{model.link}")))
    if model.viewer is None and model.remote and model.view is not None:
        parts.append(el("p", {"class": "link table-note", "data-testid": "table-note"}, cat.t("net.table_note")))
    return parts


def refusal_line(model: Model, cat) -> list:
    """The host refused this device's move: its reason, once (the caller clears `refused` after one drawing)."""
    if model.refused is None:
        return []
    key, params = model.refused
    return [el("p", {"class": "refused", "data-testid": "refused", "role": "alert"}, cat.t(key, **params))]


def action_bar(model: Model, game, cat, leftover: list[str]) -> list:
    """The thinking line, every legal action the board did not place, the hint button and the hint's words."""
    bar = refusal_line(model, cat)
    if model.thinking is not None:
        bar.append(el("p", {"id": "thinking", "class": "thinking", "data-testid": "thinking", "role": "status"},
                      cat.t("game.thinking", player=cat.seat_name(model.thinking))))
    for action in leftover:
        bar.append(el("button", {"type": "button", "data-action": action, "class": "act"},
                      action_label(game, model.view, action, cat)))
    if len(model.legal) >= 2 and model.puzzle is None:  # "What would the computer play?" for a real choice
        bar.append(el("button", {"type": "button", "data-command": "hint", "class": "quiet hint",
                                 "data-testid": "hint"}, cat.t("game.hint")))
    if model.hint is not None:
        bar.append(el("p", {"id": "hint-line", "class": "thinking", "data-testid": "hint-line", "role": "status",
                            "data-hint-action": model.hint},
                      cat.t("game.hint_says", action=action_label(game, model.view, model.hint, cat))))
    return bar


def players(model: Model, game, cat) -> list:
    """Every seat's summary (`[data-testid=seat-summary][data-player]`), always in view: its colour and name, its
    marks in words (the viewer's own, to move, already decided in a simultaneous step (`data-decided`: never what),
    its device away (`data-away`), a computer), and what a player glances at in this game (the board's `summary`
    hook: public information only, tests/test_seat_summary.py). A tap opens the seat's full area over the board."""
    moving = model.view["to_move"]
    board = board_of(game)
    items = []
    for seat, kind in enumerate(model.kinds):
        tags = []
        if kind and kind != HUMAN:
            tags.append(cat.t("game.computer"))
        if seat in model.remote and seat != model.viewer:
            tags.append(cat.t("net.remote_seat"))
        if seat == model.viewer:
            tags.append(cat.t("game.you"))
        decided = seat in model.decided and seat not in moving
        if seat in moving:
            tags.append(cat.t("game.to_move"))
        elif decided:
            tags.append(cat.t("net.decided"))
        away = seat in model.away
        if away:
            tags.append(cat.t("net.away"))
        summary = board.summary(model.view, seat, cat) if board.summary is not None else None
        marks = ([el("span", {"class": "mark mark-turn", "aria-hidden": "true"}, "▶")] if seat in moving else []) + \
            ([el("span", {"class": "mark mark-decided", "aria-hidden": "true"}, "✓")] if decided else []) + \
            ([el("span", {"class": "mark mark-away", "aria-hidden": "true"}, "⏻")] if away else [])
        head = el("span", {"class": "seat-head"}, None, [
            *([summary.badge] if summary is not None and summary.badge is not None else []),
            el("strong", {"class": "seat-name"}, cat.seat_name(seat)), *marks,
            el("span", {"class": "seat-tags"}, (" — " + ", ".join(tags)) if tags else None)])
        figures = el("span", {"class": "seat-figures"}, None, list(summary.figures)) if summary is not None else None
        inner = [head, *([figures] if figures is not None else [])]
        if board.render_seat is not None:
            body = el("button", {"type": "button", "class": "seat-open", "data-command": f"seat:{seat}",
                                 "aria-expanded": "true" if model.seat_open == seat else "false",
                                 "aria-controls": "seat-area"}, None, inner)
        else:
            body = el("div", {"class": "seat-open"}, None, inner)
        cls = " ".join(c for c in ("moving" if seat in moving else "", "decided" if decided else "",
                                   "away" if away else "", "mine" if seat == model.viewer else "") if c) or None
        items.append(el("li", {"data-player": seat, "data-testid": "seat-summary", "class": cls,
                               "data-decided": "" if decided else None, "data-away": "" if away else None}, None,
                        [body]))
    return items


def seat_area(model: Model, game, cat) -> vdom.Node:
    """The full area of the seat whose summary was tapped (the board's `render_seat`, from the same view), over the
    board until Close or another tap on that summary."""
    seat = model.seat_open
    board = board_of(game)
    if seat is None or board.render_seat is None or not 0 <= seat < len(model.kinds):
        return slot()
    frag = vdom.fragment()
    board.render_seat(frag, model.view, seat, cat)
    return el("section", {"id": "seat-area", "class": "seat-area", "data-testid": "seat-area", "data-player": seat,
                          "data-game": model.game_id, "role": "dialog", "aria-labelledby": "seat-area-title"}, None, [
        el("div", {"class": "seat-area-head"}, None, [
            el("h3", {"id": "seat-area-title"}, cat.t("game.seat_area", player=cat.seat_name(seat))),
            el("button", {"type": "button", "class": "quiet", "data-command": "seat:",
                          "data-testid": "seat-area-close"}, cat.t("common.close"))]),
        el("div", {"class": "seat-area-body"}, None, frag.kids)])


_LOG_TEXTS: list = [None, [], []]  # (what the lines were worded with, the entries, their words): a long log's
# lines are worded once, not at every redraw (a pure cache: the same entries and words give the same text)


def log_texts(entries: list, cat) -> list[str]:
    signature = (cat.lang, tuple(cat.names), tuple(sorted(cat.computers)), cat.format_arg)
    known, kept, texts = _LOG_TEXTS
    n = len(kept)
    if known != signature or len(entries) < n or entries[:n] != kept:
        kept, texts = [], []
    texts = texts + [cat.t(key, **args) for key, args in entries[len(kept):]]
    _LOG_TEXTS[:] = [signature, list(entries), texts]
    return texts


def log_fragment(entries: list, cat) -> vdom.Node:
    """A log's lines as a fragment (the end screen's log)."""
    frag = vdom.fragment()
    frag.append(*[el("li", None, text) for text in log_texts(entries, cat)])
    return frag


def log_items(model: Model, cat) -> list:
    """The viewer's log, its lines that are news to the viewer marked `fresh`."""
    if model.review is not None:
        return reviewview.log_items(model.review, log_texts(model.view["log"], cat), cat)
    first = model.first_fresh
    return [log_line(text, i >= first) for i, text in enumerate(log_texts(model.view["log"], cat))]


@kit.kept(1000)
def log_line(text: str, fresh: bool) -> vdom.Node:
    """A log's line, kept (a long log's lines are not written again)."""
    return el("li", {"class": "fresh"} if fresh else None, text)


def banner(model: Model, cat) -> vdom.Node:
    """The last-move banner (lastmove.py): the fresh lines, the first few at once, the rest behind a tap; in
    hot-seat play it first names who played since the viewer's last action. During a replay: its step instead."""
    if model.review is not None:
        return reviewview.banner(model.review, model.view, cat)
    if model.puzzle is not None:
        return reviewview.puzzle_banner(model.puzzle, cat)
    if model.stage is not None:
        return reviewview.replay_bar(model.stage, model.first_fresh, cat)
    entries = model.view["log"][model.first_fresh:]
    others = list(model.others or [])
    hidden = not entries and not others
    node = el("div", {"id": "last-move", "class": "last-move", "data-testid": "last-move", "hidden": hidden,
                      "data-first": model.first_fresh, "data-more": "open" if model.news_open else None})
    if hidden:
        return node
    shown, rest = lastmove.split(entries)
    if model.replayable:  # first, so a banner cut short on a phone still shows it; there, its short words
        # leave the banner's first line to the news (static/app.css), its name staying the whole phrase
        node.appendChild(el("button", {"type": "button", "class": "quiet replay-turn", "data-command": "replay-turn",
                                       "data-testid": "replay-turn", "aria-label": cat.t("game.replay")}, None, [
            el("span", {"class": "wide-words"}, cat.t("game.replay")),
            el("span", {"class": "narrow-words"}, cat.t("game.replay_short"))]))
    if rest:  # beside Replay at the banner's top, so it is in view however few lines the banner shows
        words = cat.t("game.last_fewer" if model.news_open else "game.last_more", n=len(rest))
        node.appendChild(el("button", {"type": "button", "class": "quiet last-more", "data-command": "news-more",
                                       "data-testid": "last-more", "aria-controls": "last-rest", "aria-label": words,
                                       "aria-expanded": "true" if model.news_open else "false"}, None, [
            el("span", {"class": "wide-words"}, words),
            el("span", {"class": "narrow-words", "aria-hidden": "true"},
               "−" if model.news_open else cat.t("game.last_more_short", n=len(rest)))]))
    node.appendChild(el("strong", None, lastmove.head(cat, others, bool(entries)) + " "))
    for key, args in shown:
        node.appendChild(el("span", {"class": "last-line"}, cat.t(key, **args) + " "))
    if rest:
        node.appendChild(el("span", {"id": "last-rest", "hidden": not model.news_open}, None, [
            el("span", {"class": "last-line"}, cat.t(key, **args) + " ") for key, args in rest]))
    return node


def guide_panel(guide: Guide, cat) -> vdom.Node:
    """The guide `[data-testid=tutorial]`: title (and step), Minimise, Skip, then its words and rules link."""
    title = cat.t("tut.title", game=cat.t(f"home.game.{guide.game_id}"))
    if guide.step is not None:
        title += " — " + cat.t("tut.step", n=guide.step + 1, total=guide.total)
    small = guide.minimised
    panel = el("section", {"id": "tutorial-panel",
                           "class": "tutorial" + (" minimised" if small else "") + (" docked" if guide.docked else ""),
                           "data-testid": "tutorial", "aria-labelledby": "tutorial-title"}, None, [
        el("div", {"class": "tutorial-head"}, None, [
            el("h3", {"id": "tutorial-title"}, title),
            el("button", {"type": "button", "data-command": "tutorial-min",
                          "aria-expanded": "false" if small else "true", "class": "quiet"},
               cat.t("tut.expand" if small else "tut.minimise")),
            el("button", {"type": "button", "data-command": "tutorial-skip", "class": "quiet"}, cat.t("tut.skip")),
        ])])
    if small:
        return panel
    body = el("div", {"class": "tutorial-body", "role": "status", "aria-live": "polite"}, None, [
        el("p", {"data-tutorial-text": key}, cat.t(key)) for key in guide.texts])
    if guide.section:
        body.appendChild(el("button", {"type": "button", "class": "linkish",
                                       "data-command": f"tutorial-rules:{guide.section}"}, cat.t("tut.rules")))
    panel.appendChild(body)
    return panel
