"""What the table draws of a replay: the last turn's (its step in the banner's place, `replay_bar`) and a whole
game's (pygames/app/review.py): its status line, the step's lines in the
banner's place, the log whose lines go to the step that wrote them, and the replay's controls in the action bar
(first, back, play or pause, next, last, a slider over the decisions, whose view, close). Pure: `table.table`
calls these when its model has a `review` (a `review.Position`); the board is the game's own, drawn from the view
of that step."""

from __future__ import annotations

from . import kit, vdom
from .vdom import el, svg


def replay_bar(stage, first_fresh: int, cat) -> vdom.Node:
    """A replay's step in the banner's place: which move of how many, whose, its lines in the viewer's log, Skip."""
    frame = stage.frame
    lines = [el("span", {"class": "last-line"}, cat.t(key, **args) + " ")
             for key, args in frame.view["log"][frame.fresh:]]
    # the move's own lines say who did what (in a simultaneous step they reveal every seat's choice, the viewer's
    # too): the step names its mover only when no line does
    if frame.seat is None:
        head = cat.t("game.replay_start")
    elif lines:
        head = cat.t("game.replay_step_lines", step=stage.step, total=stage.total)
    else:
        head = cat.t("game.replay_step", step=stage.step, total=stage.total, player=cat.seat_name(frame.seat))
    return el("div", {"id": "last-move", "class": "last-move replaying", "data-testid": "last-move",
                      "data-first": first_fresh}, None, [
        el("button", {"type": "button", "class": "quiet replay-end", "data-command": "replay-end",
                      "data-testid": "replay-skip"}, cat.t("game.replay_skip")),
        el("div", {"data-testid": "replay", "data-step": stage.step, "data-total": stage.total,
                   "data-seat": "" if frame.seat is None else frame.seat, "role": "status"}, None, [
            el("strong", None, head + " "), *lines])])


def status(position, cat) -> str:
    """Which decision of how many is on the board, and whose view it is."""
    whose = cat.t("review.as_table") if position.seat is None else cat.t("review.as_seat", player=position.seat)
    if position.step == 0:
        return cat.t("review.status_setup", total=position.total, whose=whose)
    return cat.t("review.status", step=position.step, total=position.total, whose=whose)


def banner(position, view: dict, cat) -> object:
    """The banner's place: what the decision on screen did, in the log's words of the view shown."""
    lines = [cat.t(key, **args) for (key, args), step in zip(view["log"], position.line_steps, strict=True)
             if step == position.step]
    if position.step == 0:
        head = cat.t("review.setup")
    elif lines:
        head = cat.t("review.step_lines", step=position.step)
    else:  # a secret choice writes no public line: who decided, never what
        head = cat.t("review.step_mover", step=position.step, player=position.mover)
    return el("div", {"id": "last-move", "class": "last-move replaying", "data-testid": "last-move"}, None, [
        el("button", {"type": "button", "class": "quiet replay-end", "data-command": "review-close",
                      "data-testid": "review-close"}, cat.t("review.close")),  # always in view, as Skip is
        el("div", {"data-testid": "review-step", "data-step": position.step, "data-total": position.total,
                   "role": "status"}, None, [
            el("strong", None, head + " "), *[el("span", {"class": "last-line"}, line + " ") for line in lines],
            *([el("span", {"class": "review-verdict", "data-testid": "review-verdict"}, position.verdict)]
              if position.verdict else [])])])


def log_items(position, texts: list[str], cat) -> list:
    """The log up to the step shown (`texts`: its lines in words), each line a button to the step that wrote it
    (the current step's lines marked)."""
    return [log_line(text, step, step == position.step, cat.t("review.go_line", step=step))
            for text, step in zip(texts, position.line_steps, strict=True)]


@kit.kept(2000)
def log_line(text: str, step: int, current: bool, label: str) -> object:
    """One line of a replay's log: a tap goes to the board after the decision that wrote it."""
    return el("li", {"class": "fresh"} if current else None, None, [
        el("button", {"type": "button", "class": "log-jump", "data-command": f"review-go:{step}",
                      "aria-label": f"{label} {text}"}, text)])


# The steps' icons (24 x 24): drawn, so they show whatever fonts the device has (⏮ is missing from many)
ICONS = {"first": ("M5 5h2.5v14H5z", "M19 5v14L8.5 12z"), "back": ("M17 6v12L8 12z",),
         "play": ("M7 4.5v15L19.5 12z",), "pause": ("M6 5h4v14H6z", "M14 5h4v14h-4z"),
         "next": ("M7 6v12l9-6z",), "last": ("M5 5v14l10.5-7z", "M16.5 5H19v14h-2.5z")}


@kit.kept(8)
def icon(name: str) -> vdom.Node:
    return svg("svg", {"viewBox": "0 0 24 24", "width": 24, "height": 24, "aria-hidden": "true",
                       "focusable": "false", "class": "review-icon"}, None,
               [svg("path", {"d": d, "fill": "currentColor"}) for d in ICONS[name]])


def controls(position, cat) -> list:
    """The replay's controls, in the action bar: the steps, the slider, whose view (Close is in the banner)."""
    at_start, at_end = position.step == 0, position.step >= position.total

    def step_button(where: str, key: str, off: bool):
        return el("button", {"type": "button", "class": "review-step", "data-command": f"review-go:{where}",
                             "data-testid": f"review-{where}", "aria-label": cat.t(key), "title": cat.t(key),
                             "disabled": off}, None, [icon(where)])

    playing = position.playing
    bar = [el("div", {"class": "review-controls", "role": "group", "aria-label": cat.t("review.controls")}, None, [
        step_button("first", "review.first", at_start),
        step_button("back", "review.back", at_start),
        el("button", {"type": "button", "class": "review-step primary", "data-testid": "review-play",
                      "data-command": "review-play:" + ("off" if playing else "on"),
                      "aria-pressed": "true" if playing else "false", "disabled": position.total == 0,
                      "aria-label": cat.t("review.pause" if playing else "review.play"),
                      "title": cat.t("review.pause" if playing else "review.play")}, None,
           [icon("pause" if playing else "play")]),
        step_button("next", "review.next", at_end),
        step_button("last", "review.last", at_end)]),
        el("label", {"class": "review-slider"}, None, [
            el("span", {"class": "visually-hidden"}, cat.t("review.slider")),
            el("input", {"type": "range", "min": 0, "max": position.total, "step": 1, "value": position.step,
                         "data-command": "review-go", "data-testid": "review-slider",
                         "aria-valuetext": status(position, cat)})])]
    later = [step for step in position.costly if step > position.step]
    if position.costly:  # the analysis found mistakes: the next one, a tap away (from the start again after the last)
        target = later[0] if later else position.costly[0]
        bar.append(el("button", {"type": "button", "class": "review-mistake", "data-testid": "review-mistake",
                                 "data-command": f"review-go:{target}"}, cat.t("review.next_mistake")))
    if len(position.seats) > 1:  # a finished game: each seat's view in turn, and the table's
        bar.append(el("div", {"class": "review-seats", "role": "group", "aria-labelledby": "review-whose"}, None, [
            el("span", {"id": "review-whose", "class": "review-whose"}, cat.t("review.whose")),
            *[el("button", {"type": "button", "class": "review-seat", "data-testid": "review-seat",
                          "data-seat": "" if seat is None else seat,
                          "data-command": "review-seat:" + ("" if seat is None else str(seat)),
                          "aria-pressed": "true" if seat == position.seat else "false"},
               cat.t("review.table") if seat is None else cat.seat_name(seat))
              for seat in position.seats]]))
    return bar


def puzzle_status(shown, cat) -> str:
    """Which puzzle of how many, and the task."""
    return cat.t("puzzle.status", number=shown.number, total=shown.total, solved=shown.solved)


def puzzle_banner(shown, cat) -> object:
    """The task, then the verdict of the answer (and the best move, once answered or shown)."""
    if shown.state == "asking":
        words = cat.t("puzzle.ask", mark=cat.t(f"analysis.mark.{shown.mark}"))
    elif shown.state == "judging":
        words = cat.t("puzzle.judging", answer=shown.answer)
    elif shown.state == "solved":
        words = cat.t("puzzle.solved", answer=shown.answer, best=shown.best)
    elif shown.state == "missed":
        words = cat.t("puzzle.missed", answer=shown.answer, best=shown.best, points=round(shown.loss * 100))
    else:
        words = cat.t("puzzle.shown", best=shown.best)
    return el("div", {"id": "last-move", "class": "last-move replaying", "data-testid": "last-move"}, None, [
        el("button", {"type": "button", "class": "quiet replay-end", "data-command": "puzzle-close",
                      "data-testid": "puzzle-close"}, cat.t("review.close")),
        el("p", {"data-testid": "puzzle", "data-state": shown.state, "role": "status"}, words)])


def puzzle_controls(shown, cat) -> list:
    """Show the answer and Skip while it is asked; Next once it is answered."""
    def button(command: str, key: str, primary: bool = False):
        return el("button", {"type": "button", "data-command": command, "data-testid": command,
                             "class": "primary" if primary else "quiet"}, cat.t(key))
    if shown.state == "asking":
        return [button("puzzle-show", "puzzle.show"), button("puzzle-next", "puzzle.skip")]
    if shown.state == "judging":
        return []
    return [button("puzzle-show", "puzzle.show")] * (shown.state == "missed") + \
        [button("puzzle-next", "puzzle.next", True)]
