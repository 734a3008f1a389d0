"""The end screen (`#gameover`): who won, the game's words on its result, the match and a guided game's close, then
Play again, all in the first screen; the details one tap away each (`details.over-tab`): the score table and chart,
the game's own part (its board's `render_over`), the final board, the final log. Drawn from the result and the
spectator's final view only. A redraw (another language) keeps the details the player opened."""

from __future__ import annotations

from . import dom, kit, match_view, render, table, tutorial_ui, vdom
from .kit import describe
from .render import by_id, clear, el


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


def header(cat, game_id: str, result: dict, me: int | None) -> None:
    """The game's scene (its look), the word to the player at this device, and who won."""
    by_id("over-scene").setAttribute("data-game", game_id)
    key = headline_key(result, me)
    line = by_id("over-headline")
    line.textContent = cat.t(key) if key else ""
    line.hidden = key is None
    by_id("gameover").toggleAttribute("data-headline", key is not None)  # "Game over" then said to screen readers only
    by_id("winners").textContent = winners_text(cat, result)


def draw(cat, session, board, final_view: dict, after_game, me: int | None) -> None:
    """This device's game's end screen (`show`), with its match and a guided game's close; Play again and Export
    are its own."""
    result = session.result()
    match_box = match_view.panel(cat, session, result)  # match score, tie-break or next game (match.py)
    show(cat, session.game, session.save_id, result, board, final_view, after_game, me,
         lead=[box for box in (tutorial_ui.done_box(session, cat), match_box) if box is not None])


def show(cat, game, save_id: str, result: dict, board, final_view: dict, after_game, me: int | None,
         lead: list, guest: bool = False) -> None:
    """Fill the end screen, the same for every device's game: `lead` the boxes above the outcome (this device's
    match, a guest's invitation to the host's next game); `after_game(final_view)` asks for what the game works
    out after the end, when its board draws that (`render_after_game`, into the `[data-after-game]` placeholder of
    its `render_over`); `me`: the seat of the one player at this device, if there is one; `guest`: the host's game
    (no Play again nor Export here: `#gameover[data-guest]`)."""
    game_id = game.ID
    screen = by_id("gameover")
    kept = open_tabs(screen, save_id)
    render.score_table(by_id("score-table"), result, cat, game_id)
    if board.points_chart:  # a chart only where the categories are points
        render.score_chart(by_id("score-chart"), result, cat, game_id)
    else:
        clear(by_id("score-chart"))
    header(cat, game_id, result, me)
    extra = by_id("gameover-extra")
    clear(extra)
    for box in lead:
        extra.appendChild(box)
    extra.appendChild(el("ul", {"class": "outcome", "data-testid": "outcome"}, None, [
        el("li", None, cat.t(key, **args)) for key, args in kit.outcome_lines(game, result)]))
    if board.render_over is not None:
        built = vdom.fragment()
        board.render_over(built, final_view, result, cat)
        extra.appendChild(tab("game", cat.t("over.more"), [vdom.realize(built)]))
        if board.render_after_game is not None:  # worked out in the search worker, drawn when it comes
            after_game(final_view)
    extra.appendChild(board_tab(board, cat))
    clear(by_id("final-log"))
    for node in screen.querySelectorAll("details.over-tab"):
        node.open = str(node.dataset.tab) in kept
    screen.setAttribute("data-save", save_id)
    screen.toggleAttribute("data-guest", guest)
    screen.setAttribute("data-details", "drawing")
    _DETAILS[:] = [(save_id, board, final_view, cat)]
    dom.after_next_frame("endscreen-details", draw_details)


_DETAILS: list = []  # [(save id, board, final view, catalogue)]: the details still to draw


def draw_details(_time=None) -> None:
    """The final board and the final log, drawn in the frame after the result is shown: they are behind closed
    details, and drawing them with the result made the tap that ends a game wait ~15 ms more for its first frame.
    Skipped when that end screen is gone; `#gameover[data-details=drawn]` says they are there."""
    if not _DETAILS:
        return
    save_id, board, final_view, cat = _DETAILS.pop()
    screen = by_id("gameover")
    node = dom.query("#gameover [data-testid=final-board]")
    if screen.hidden or screen.getAttribute("data-save") != save_id or node is None:
        return
    fill_final_board(node, board, final_view, cat)
    vdom.patch(by_id("final-log"), table.log_fragment(final_view["log"], cat))
    render.scroll_to_end("final-log")
    screen.setAttribute("data-details", "drawn")


def tabs_to_keep(drawn_for: str, save_id: str, opened: list[str]) -> set[str]:
    """The details that stay open on a redraw: those the player opened on this same game's end screen (a new
    game's end screen starts with every detail closed)."""
    return set(opened) if drawn_for == save_id else set()


def open_tabs(screen, save_id: str) -> set[str]:
    opened = [str(node.dataset.tab) for node in screen.querySelectorAll("details.over-tab[open]")]
    return tabs_to_keep(str(screen.getAttribute("data-save") or ""), save_id, opened)


def tab(name: str, title: str, kids: list):
    """One detail of the end screen, closed until tapped: its title as the summary."""
    return el("details", {"class": "over-tab", "data-tab": name}, None, [el("summary", None, title), *kids])


def final_board(container, board, final_view: dict, cat) -> None:
    """The final board under the result: the same renderer, handed the end-of-game view and no action."""
    tab_node = board_tab(board, cat)
    container.appendChild(tab_node)
    fill_final_board(tab_node.querySelector("[data-testid=final-board]"), board, final_view, cat)


def board_tab(board, cat):
    """The final board's detail, its board still to draw (`fill_final_board`)."""
    node = el("div", {"class": "board final-board", "data-testid": "final-board", "data-game": board.game_id})
    return tab("board", cat.t("over.board"), [el("section", {"class": "final-board-box"}, None, [node])])


def fill_final_board(node, board, final_view: dict, cat) -> None:
    try:
        built = vdom.fragment()
        board.render(built, final_view, [], cat)
        vdom.patch(node, built)
    except Exception as exc:  # the result stays readable even if a renderer cannot draw the spectator's view
        dom.error("final board: " + describe(exc))
        node.appendChild(el("p", None, cat.t("over.no_board")))


def fill_after_game(board, final_view: dict, answer, cat) -> None:
    """Replace the placeholder with the board's drawing of the answer (gone: nothing to fill)."""
    slot = dom.query("[data-after-game]")
    if slot is not None:
        built = vdom.fragment()
        board.render_after_game(built, final_view, answer, cat)
        slot.replaceWith(vdom.realize(built))
