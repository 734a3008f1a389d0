"""Game-specific board renderers, one module per game: ``pygames.web.boards.<game id>``.

Contract: a board module's names, read once per game into a ``Board`` (``board_of(game)``, as
``core.search.hooks_of`` reads a game's ``ai``); the screen (``pygames.web.table``) and the controller call its fields,
never the module. A game without a board module gets the generic board (its ``board_lines`` as paragraphs).

    render(board, view, legal, cat) -> set[str]

- ``board``: a ``pygames.web.vdom`` fragment to fill with ``vdom.el``/``svg`` trees and clones of the Jinja2-prebuilt
  ``<template id="<game>-...">`` fragments of ``templates/<game>/fragments.html.j2`` (``kit.clone``, ``kit.card``);
  ``table.table`` puts it in the game screen's one tree, which the shell patches into the page in one call (only
  what changed is touched), after the hint and the guided game's marks are set on its nodes. Parts that never change
  (symbol defs, a map's ground) are ``vdom.static`` parts, kept in the page between redraws. A renderer reads no
  DOM, storage nor ``js``: a board is drawn in CPython too (tests/test_table_model.py).
- ``view``: ``core.view(game, state, viewer)`` — the only game data a renderer may read (never the state).
- ``legal``: the viewer's legal actions (empty when it is not a human's turn on this screen).
- ``cat``: the ``i18n.Catalogue`` (``cat.t(key, **args)``, ``cat.seat_name(seat)``, ``cat.lang``).
- Returns the actions it placed on the board as ``<button data-action="...">`` (highlighted legal targets);
  the table shows every other legal action as a labelled button in the action bar, so nothing is ever lost.

The optional names below are ``Board`` fields too, None (or the default) when a module lacks them.

Optional: ``render_over(container, view, result, cat)`` adds the game's own part of the end screen (the shell has
already drawn the score table and chart); ``view`` is the spectator's view of the final state.

Optional: ``render_after_game(container, view, answer, cat)`` draws what the game's ``ai.after_game(view)`` worked
out (seconds of work, done in the search worker: Spyworld's best routes); ``render_over`` draws a placeholder for it,
an element with ``data-after-game``, which the shell replaces with this once the answer comes.

Optional: ``format_arg(name, value, cat) -> str | None`` names the game's own values in log lines and labels
(e.g. a card code as its category, symbols and value); None leaves the shell's default formatting.

Optional: ``summary(view, seat, cat) -> kit.Summary`` is what a player glances at of `seat` (its colour badge and
a few figures: icons and numbers, each with its words), drawn for every seat and always in view beside the board;
it reads public information only (the same for every viewer but the seat itself: tests/test_seat_summary.py).
``render_seat(board, view, seat, cat)`` draws that seat's full area (a tap on its summary opens it over the board).

Optional: ``LOOK_KEYS``, the attributes that name the board's parts (``data-cell``, a seat's ``data-seat``...), each
value a public identity: after the other seats moved, the parts whose look changed are ringed, compared part by
part under these names (static/table.js reads them from the board's ``data-look-keys``, so it names no game's).

Optional: ``chained(action) -> (next action, words key) | None`` joins two steps in one tap (Spyworld: a claim also
submits); ``POINTS_CHART = False`` drops the end screen's chart when the categories are not points (SIK);
``DEVICE_KEY`` + ``device_update(final_view, device) -> (device, changed)`` keep something on this device (PAX's
solo campaign): the shell reads and stores it and hands it in as ``view["device"]``, so no renderer touches storage.

The shell also draws the final board with ``render(board, final_view, [], cat)``: a renderer must draw the
spectator's end-of-game view. A render works through one ``pygames.web.kit.Board`` (view, catalogue, legal
actions): its ``button(action, label, *, text, cls, aria, children)`` builds a target (``kit.target_button``: label
in name, tooltip, touch preview words) and records it as placed, which is what ``render`` returns. Symbols are
``kit.symbol`` (a ``<use>``), titled parts ``kit.section``; cards ``kit.card`` (a filled clone of the game's prebuilt
fragment), rows of cards ``kit.hand``, labelled groups of cards ``kit.pile``, rows of spaces with markers
``kit.track``. What a choice will do (a marker's move, the next start cell) comes in the view, worked out by the
game's rules: a board reads its game's data, views and labels only (tests/test_imports.py).

Text goes in with textContent only. Every colour also carries a symbol or a label (colour-blind safe).
Rules pages are ``<template id="rules-<game>-<lang>">`` in the same fragments file; the Rules menu shows them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from .. import vdom


@dataclass(frozen=True)
class Board:
    """One game's board contract (module docstring), read once: every optional hook is None when absent."""

    game_id: str
    render: Callable  # (board fragment, view, legal, cat) -> set of the actions placed on the board
    render_over: Callable | None = None  # (container, final view, result, cat): the game's part of the end screen
    render_after_game: Callable | None = None  # (container, final view, after_game answer, cat)
    format_arg: Callable | None = None  # (name, value, cat) -> str | None: the game's own values in words
    chained: Callable | None = None  # (action) -> (next action, words key) | None: two steps in one tap
    points_chart: bool = True  # the end screen's chart: only where the scoring categories are points
    device_key: str | None = None  # what this device keeps for the game (localStorage key), handed in view["device"]
    device_update: Callable | None = None  # (final view, device) -> (device, changed)
    summary: Callable | None = None  # (view, seat, cat) -> kit.Summary: a seat's key figures, public only
    render_seat: Callable | None = None  # (board fragment, view, seat, cat): a seat's full area, opened from it
    look_keys: tuple[str, ...] = ()  # the attributes naming its parts, each a public identity: what the ring compares

    def chain(self, action: str) -> tuple[str, str] | None:
        """(the action one tap also plays, the words it adds to the label), or None."""
        return self.chained(action) if self.chained is not None else None


_BOARDS: dict[str, Board] = {}


def board_of(game) -> Board:
    """The game's board (``pygames.web.boards.<game id>``), or the generic board of its ``board_lines``."""
    if game.ID not in _BOARDS:
        try:
            module = importlib.import_module(f"{__name__}.{game.ID}")
        except ImportError:
            module = None
        if module is None:
            _BOARDS[game.ID] = Board(game.ID, generic_render(game))
        else:
            _BOARDS[game.ID] = Board(
                game.ID, module.render, getattr(module, "render_over", None),
                getattr(module, "render_after_game", None), getattr(module, "format_arg", None),
                getattr(module, "chained", None), bool(getattr(module, "POINTS_CHART", True)),
                getattr(module, "DEVICE_KEY", None), getattr(module, "device_update", None),
                getattr(module, "summary", None), getattr(module, "render_seat", None),
                tuple(getattr(module, "LOOK_KEYS", ())))
    return _BOARDS[game.ID]


def generic_render(game) -> Callable:
    """A board for a game without a board module: its ``board_lines(view)`` as paragraphs, no target."""
    def render(board, view: dict, legal: list, cat) -> set:
        lines = getattr(game, "board_lines", None)
        for key, args in (lines(view) if lines else []):
            board.appendChild(vdom.el("p", {"class": "board-line"}, cat.t(key, **args)))
        return set()
    return render
