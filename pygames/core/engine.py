"""The engine protocol shared by every game (modelled on OpenSpiel's Python games).

A *game module* (``pygames.<game>``) is plain Python with no DOM. It provides:

    ID: str                      short id used in URLs and saves ("ps", "pax", "spy", "sik")
    FORMAT: int                  version of that game's state layout (bumped when it changes)
    PLAYERS: tuple[int, int]     (min, max) seats
    DIALOG_PLAYERS: tuple        (optional) the seat counts the new-game dialog offers, when fewer than PLAYERS
    OPTIONS: list[dict]          setup options: {"id", "choices": [...], "default"}; labels are catalogue
                                 keys "<ID>.opt.<id>" and "<ID>.opt.<id>.<choice>". Optional, for the new-game
                                 dialog only: "players": [lo, hi] (the seat counts it applies to; shown only
                                 then) and "dialog_default" (the choice the dialog suggests, when not "default")
    setup(state) -> None         fill the game part of a fresh state (chance only through rng(state))
    to_move(state) -> list[int]  who must choose now: one seat, several for a simultaneous choice, [] when over
    legal_actions(state, player) -> list[str]   every legal atomic choice of that player, as stable strings
    apply_action(state, player, action) -> None mutate `state` (the core has already copied and checked it)
    view(state, player) -> dict  what `player` may see (player None = a spectator: public information only)
    is_over(state) -> bool
    result(state) -> dict        see `Result` below
    determinize(view, player, rng) -> dict      a full state consistent with `view` (information-set search)
    bots() -> dict[str, callable]               name -> bot(view, legal, rng) -> action  (optional)
    why_illegal(state, player, action) -> (key, args) | None  a precise reason (optional)
    action_label(view, action) -> (key, args)   catalogue key and arguments for a button (optional)
    status(view) -> (key, args)  what the status line says to the viewer: who acts, what to do (optional)
    READY: bool                  True once the game is complete enough to be listed as playable

Strings: each game package ships ``strings.json`` = {key: {"en": ..., "fr": ...}} with keys prefixed by its
ID (``"<ID>.name"``, ``"<ID>.cat.<category>"`` for result categories, ``"<ID>.log.*"``, ``"<ID>.err.*"`` …).
Templates use ``{name}`` fields. An argument named ``player`` or ending in ``_player`` is a seat index and is
shown as that seat's name; an argument whose value is a string starting with ``@`` is itself a catalogue key.

A *state* is a JSON-compatible dict. The core owns these keys (games must not use them for anything else):
``game, format, players, seed, options, rng, log, history, undo_floor, barrier``. Everything else is the
game's. States are never shared between callers: ``apply`` returns a new state.

Chance comes from ``rng(state)``, a SplitMix64 generator whose one-int state lives in ``state["rng"]``, so a
seed and the action history replay identically in CPython and in Pyodide.

The log is a list of events ``[key, args, to]``: ``key`` names a FR/EN catalogue template, ``args`` fills
it, ``to`` is None (public) or the list of seats allowed to read it. ``view`` filters it, so an event that
carries a secret is only ever served to the seats named.

No question leaks a secret: whether a decision is asked, of whom, and with which options may depend only on
what the seats it is shown to can see, or on what the step has just logged for them (a rules reveal). So for
any state ``s`` and seat ``o``, ``s2 = determinize(view(s, o), o, rng)`` and ``s`` must stay indistinguishable
to ``o`` after the same action, until the log tells ``o`` something different (tests/test_hidden_questions.py).

Undo follows Board Game Arena: a player may take back only their own choices made since the last reveal,
random event or other player's action. Drawing from ``rng`` and calling ``reveal(state)`` both set the
barrier; so does a change of acting player.

Package layout, the same in the four games (``passages_secrets``, ``pax``, ``spyworld``, ``shadows_in_kyoto``),
modules named after the spec's sections so they read like the rulebook:

    __init__.py     the protocol above: ID, PLAYERS, OPTIONS, READY, imported functions (FORMAT from data.py)
    data.json       every table of values of the spec, its [DEF] values included: data an owner of the box can
                    check and correct, never repeated in code
    data.py         loads data.json once; FORMAT; geometry derived from the tables. No rule
    setup.py        setup(state): the setup section; the game's opening chance and setup decisions
    rules.py        to_move, legal_actions, apply_action, is_over, why_illegal: the turn and the decisions
    scoring.py      the scoring section and result(state)
    views.py        view(state, player): the hidden-information section; action_label and status (the words for
                    a button and for the status line)
    determinize.py  determinize(view, player, rng): a full state consistent with one seat's view
    bots.py         bots(): the easy heuristic, reading only its view and legal actions
    ai.py           search hooks for IS-MCTS (protocol in pygames.core.search), after_game when the end screen
                    shows more than the result
    outcome.py      outcome(result): the end screen's words
    strings.json    the FR/EN catalogue, keys prefixed by ID
    tutorial.json   the guided first game's script (pygames.app.tutorial)
    <topic>.py      a rule topic too large for its section's module, named for what it holds

Beside the package: its board renderer ``pygames/web/boards/<ID>.py``, its SVG/HTML fragments and FR/EN rules
pages ``templates/<ID>/fragments.html.j2``, its stylesheet ``static/<ID>.css``, its tests ``tests/<ID>/`` and its
rules in ``docs/rules/<game>.md`` (rule IDs ``<PREFIX>-<section>.<n>``, cited by the code and the tests: each ID, what
it says and where it is carried).

Where a game departs from it:

- ``passages_secrets``: ``action_label`` and ``status`` are in ``__init__.py``; ``determinize`` is in
  ``views.py``. Topics: ``facts.py`` (the spec's quantities), ``tunnels.py``, ``achievements.py``.
- ``pax``: ``determinize`` is in ``views.py``. Topics: ``board.py`` (moves on the table shared by setup and the
  turn), ``rounds.py`` (turn order and the end of a round).
- ``spyworld``: no ``rules.py``: the game is two phases, ``planning.py`` and ``exploration.py``, and
  ``__init__.py`` sends each protocol call to the phase's module (the agent choice at setup to ``setup.py``).
  Topics: ``sheet.py`` (a score sheet), ``routes.py`` (the exact route optimiser).
- ``shadows_in_kyoto``: ``to_move``, ``legal_actions``, ``apply_action`` and ``is_over`` are in ``__init__.py``,
  over ``actions.py`` (each pending decision's legal actions and what they do) and ``rules.py`` (the turn and
  card resolution); ``labels.py`` holds ``why_illegal``, ``action_label`` and ``status``. Topics: ``board.py``
  (cells and movement), ``seats.py`` (who plays which side).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .guard import MAX_DEPTH, clip, clip_args, is_int, nesting_depth, same_value
from .rng import Rng, seed_state

APP = "pygames"
SAVE_FORMAT = 1
CORE_KEYS = ("game", "format", "players", "seed", "options", "rng", "log", "history", "undo_floor", "barrier")
MAX_SAVE_BYTES = 2_000_000
MAX_HISTORY = 20_000


class IllegalAction(ValueError):
    """An action refused by the rules. `key`/`params` name a catalogue message; str() is English."""

    def __init__(self, key: str, args: dict | None = None, text: str = ""):
        self.key = key
        self.params = args or {}
        super().__init__(text or key)


class InvalidSave(ValueError):
    """A saved game that cannot be loaded. `key`/`params` name a catalogue message."""

    def __init__(self, key: str, args: dict | None = None, text: str = ""):
        self.key = key
        self.params = args or {}
        super().__init__(text or key)


@dataclass(frozen=True)
class Decision:
    """Who must choose now. Several players at once means a simultaneous choice."""

    players: tuple[int, ...]

    @property
    def simultaneous(self) -> bool:
        return len(self.players) > 1


# --------------------------------------------------------------------------- helpers for game modules


def rng(state: dict) -> Rng:
    """A generator bound to the state: draws advance ``state["rng"]`` and so set the undo barrier."""
    return _BoundRng(state)


class _BoundRng(Rng):
    __slots__ = ("_state_dict",)

    def __init__(self, state: dict):
        super().__init__(state["rng"])
        self._state_dict = state

    def next64(self) -> int:
        value = super().next64()
        self._state_dict["rng"] = self.state
        self._state_dict["barrier"] = True
        return value


def reveal(state: dict) -> None:
    """Mark the action being applied as one that shows new information: it can never be undone."""
    state["barrier"] = True


def log(state: dict, key: str, to: list[int] | None = None, **args: Any) -> None:
    """Append a human-readable event. `to` restricts who may read it (None = everyone)."""
    state["log"].append([key, args, None if to is None else sorted(to)])


def logged(state: dict) -> bool:
    """Whether anyone will read this state's log: False for a search's private state (`fast.search_mode`), where
    a game may skip building events nobody reads."""
    return not getattr(state["log"], "silent", False)


def visible_log(state: dict, player: int | None) -> list[list]:
    """The events `player` may read (a spectator, player None, reads public events only)."""
    return [[k, a] for k, a, to in state["log"] if to is None or (player is not None and player in to)]


def clone(value):
    """A deep copy of JSON-like data (dicts, lists, scalars), faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


# --------------------------------------------------------------------------- the protocol, game-independent


def new_game(game, players: int, seed: int, options: dict | None = None) -> dict:
    """A fresh state: seats 0..players-1, the PRNG seeded from `seed`, setup applied."""
    lo, hi = game.PLAYERS
    if not is_int(players) or not lo <= players <= hi:
        raise IllegalAction("core.err.players", {"min": lo, "max": hi}, f"{game.ID} needs {lo}-{hi} players")
    if not is_int(seed):
        raise IllegalAction("core.err.seed", {}, "the seed must be an integer")
    opts = resolve_options(game, options or {})
    state = {
        "game": game.ID,
        "format": game.FORMAT,
        "players": players,
        "seed": seed,
        "options": opts,
        "rng": seed_state(seed),
        "log": [],
        "history": [],
        "undo_floor": 0,
        "barrier": False,
    }
    game.setup(state)
    state["barrier"] = False
    return state


def resolve_options(game, options: dict) -> dict:
    """Options with defaults filled in; an unknown option or value is refused."""
    known = {o["id"]: o for o in game.OPTIONS}
    if not isinstance(options, dict):
        raise IllegalAction("core.err.option", {"option": clip(options)}, "options must be a mapping")
    for key, value in options.items():
        if key not in known:
            raise IllegalAction("core.err.option", {"option": clip(key)}, f"unknown option {clip(key)!r}")
        if not any(same_value(value, choice) for choice in known[key]["choices"]):  # 1.0 and true are not 1
            raise IllegalAction("core.err.option_value", {"option": key, "value": clip(value)},
                                f"option {key!r} cannot be {clip(value)!r}")
    return {o["id"]: options.get(o["id"], o["default"]) for o in game.OPTIONS}


def current_decision(game, state: dict) -> Decision:
    return Decision(tuple(game.to_move(state)))


def legal_actions(game, state: dict, player: int) -> list[str]:
    if player not in game.to_move(state):
        return []
    return game.legal_actions(state, player)


def check_action(game, state: dict, player: int, action: str) -> None:
    """Raise IllegalAction with the most precise reason available, or return if `action` is legal.
    Types are checked first, so game code only ever sees an int seat and a string action."""
    if not isinstance(action, str):
        raise IllegalAction("core.err.illegal", {"action": clip(action)}, f"illegal action {clip(action)}")
    if not is_int(player):
        raise IllegalAction("core.err.not_your_turn", {"player": -1}, f"seat {clip(player)} is not a seat")
    if game.is_over(state):
        raise IllegalAction("core.err.over", {}, "the game is over")
    if player not in game.to_move(state):
        raise IllegalAction("core.err.not_your_turn", {"player": player}, f"seat {player} is not to move")
    if action in game.legal_actions(state, player):
        return
    why = getattr(game, "why_illegal", None)
    try:  # a reason is a courtesy: a hostile string that trips a game's explanation still gets the generic one
        reason = why(state, player, action) if why else None
        key, args = reason if reason else (None, None)
    except Exception:
        key, args = None, None
    if isinstance(key, str):
        args = clip_args(args)
        raise IllegalAction(key, args, f"illegal action {clip(action)!r}: {key} {args}")
    raise IllegalAction("core.err.illegal", {"action": clip(action)}, f"illegal action {clip(action)!r}")


def apply(game, state: dict, player: int, action: str, *, checked: bool = True) -> dict:
    """The state after `player` takes `action`. The input state is left untouched."""
    if checked:
        check_action(game, state, player, action)
    new = clone(state)
    apply_in_place(game, new, player, action)
    return new


def apply_in_place(game, state: dict, player: int, action: str) -> None:
    """Apply an action already known to be legal, mutating `state` (fast path for playouts)."""
    history = state["history"]
    if history and history[-1][0] != player:
        state["undo_floor"] = len(history)  # never undo past another player's action
    state["barrier"] = False
    game.apply_action(state, player, action)
    history.append([player, action])
    if state["barrier"]:
        state["undo_floor"] = len(history)
        state["barrier"] = False


def can_undo(state: dict, player: int) -> bool:
    history = state["history"]
    return len(history) > state["undo_floor"] and history[-1][0] == player


def undo(game, state: dict, player: int) -> dict:
    """The state before `player`'s last action, rebuilt by replay (so undo can never desynchronise)."""
    if not can_undo(state, player):
        raise IllegalAction("core.err.no_undo", {}, "nothing to undo")
    return replay(game, state["players"], state["seed"], state["options"], state["history"][:-1])


def replay(game, players: int, seed: int, options: dict, history: list) -> dict:
    """Rebuild a state from its recipe; every action is checked, so a forged log is refused."""
    state = new_game(game, players, seed, options)
    for index, step in enumerate(history):
        if not (isinstance(step, list) and len(step) == 2 and is_int(step[0]) and isinstance(step[1], str)):
            raise InvalidSave("core.save.bad_step", {"index": index}, f"history step {index} is malformed")
        player, action = step
        try:
            check_action(game, state, player, action)
        except IllegalAction as exc:
            raise InvalidSave("core.save.illegal_step", {"index": index, "action": clip(action)},
                              f"history step {index} ({clip(action)!r}) is illegal: {exc}") from exc
        apply_in_place(game, state, player, action)
    return state


def view(game, state: dict, player: int | None) -> dict:
    """Everything `player` may see: the game's view plus the core fields a UI or a bot needs."""
    decision = game.to_move(state)
    return {
        "game": state["game"],
        "viewer": player,
        "players": state["players"],
        "options": dict(state["options"]),
        "to_move": list(decision),
        "over": game.is_over(state),
        "log": visible_log(state, player),
        "state": game.view(state, player),
    }


def is_over(game, state: dict) -> bool:
    return game.is_over(state)


def result(game, state: dict) -> dict:
    """The final result (see `check_result` for its shape)."""
    return check_result(game.result(state), state["players"])


def check_result(res: dict, players: int) -> dict:
    """A result has: scores (per seat), order (category keys), breakdown {category: per-seat values},
    winners (seats; empty if nobody wins), tiebreak (catalogue key or None), and optional extra keys."""
    assert len(res["scores"]) == players
    assert set(res["order"]) == set(res["breakdown"])
    assert all(len(v) == players for v in res["breakdown"].values())
    assert all(0 <= w < players for w in res["winners"])
    res.setdefault("tiebreak", None)
    return res


# --------------------------------------------------------------------------- serialisation


def state_to_json(state: dict) -> str:
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def state_from_json(game, text: str) -> dict:
    """A full state from JSON, re-derived from its recipe and compared, so a tampered state is refused."""
    data = _parse(text)
    for key in CORE_KEYS:
        if key not in data:
            raise InvalidSave("core.save.schema", {"field": key}, f"missing field {key!r}")
    if not same_value(data["game"], game.ID):
        raise InvalidSave("core.save.unknown_game", {"game": clip(data["game"], 40)}, "wrong game")
    check_version(data["format"], game.FORMAT, "game format")
    rebuilt = _replay_recipe(game, data)
    if state_to_json(rebuilt) != state_to_json(data):
        raise InvalidSave("core.save.mismatch", {}, "the state does not match its own history")
    return rebuilt


def save_recipe(state: dict, extra: dict | None = None) -> dict:
    """What a saved game holds: enough to replay it exactly, plus UI data such as seat names."""
    return {
        "app": APP,
        "save_format": SAVE_FORMAT,
        "game": state["game"],
        "format": state["format"],
        "players": state["players"],
        "seed": state["seed"],
        "options": dict(state["options"]),
        "history": [list(step) for step in state["history"]],
        **(extra or {}),
    }


def parse_json(text):
    """The one door for saved text (import, resume, the saved-games list): size and nesting depth are checked
    before json.loads, so no text can overflow Pyodide's stack. Raises InvalidSave only."""
    if not isinstance(text, str):
        raise InvalidSave("core.save.not_json", {}, "not text")
    if len(text) > MAX_SAVE_BYTES:
        raise InvalidSave("core.save.too_big", {}, "file too big")
    if nesting_depth(text) > MAX_DEPTH:
        raise InvalidSave("core.save.too_deep", {"limit": MAX_DEPTH}, f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidSave("core.save.not_json", {}, f"not JSON: {clip(str(exc))}") from exc


def _parse(text) -> dict:
    data = parse_json(text)
    if not isinstance(data, dict):
        raise InvalidSave("core.save.schema", {"field": "(root)"}, "not an object")
    return data


def check_version(found, supported: int, what: str) -> None:
    """A save's format number, said in words when it is not this app's: missing (then it is not a whole pygames
    save), newer (made by a later app: update) or older (no longer read)."""
    if same_value(found, supported):
        return
    if not is_int(found):
        raise InvalidSave("core.save.no_version", {}, f"no {what} number")
    key = "core.save.newer" if found > supported else "core.save.older"
    raise InvalidSave(key, {"version": clip(found), "supported": supported}, f"unsupported {what} {clip(found)}")


def load_recipe(text: str, games: dict) -> tuple[Any, dict, dict]:
    """Validate a saved game and rebuild it: (game module, state, the save's dict). Never trusts the file."""
    data = _parse(text)
    if not same_value(data.get("app"), APP):
        raise InvalidSave("core.save.not_ours", {}, "not a pygames save")
    check_version(data.get("save_format"), SAVE_FORMAT, "save format")
    game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise InvalidSave("core.save.unknown_game", {"game": clip(data.get("game"), 40)}, "unknown game")
    check_version(data.get("format"), game.FORMAT, "game format")
    return game, _replay_recipe(game, data), data


def _replay_recipe(game, data: dict) -> dict:
    """Check the recipe fields' exact types (1.0 and true are not 1), then rebuild the state by replay."""
    if not is_int(data.get("players")):
        raise InvalidSave("core.save.schema", {"field": "players"}, "field 'players' is not an int")
    if not is_int(data.get("seed")):
        raise InvalidSave("core.save.schema", {"field": "seed"}, "field 'seed' is not an int")
    if not isinstance(data.get("options"), dict):
        raise InvalidSave("core.save.schema", {"field": "options"}, "field 'options' is not an object")
    if not isinstance(data.get("history"), list):
        raise InvalidSave("core.save.schema", {"field": "history"}, "field 'history' is not a list")
    if len(data["history"]) > MAX_HISTORY:
        raise InvalidSave("core.save.too_big", {}, "history too long")
    try:
        resolve_options(game, data["options"])
    except IllegalAction as exc:
        field = "options." + clip(exc.params.get("option", ""), 40)
        raise InvalidSave("core.save.schema", {"field": field}, str(exc)) from exc
    try:
        return replay(game, data["players"], data["seed"], data["options"], data["history"])
    except IllegalAction as exc:  # new_game refused the seats
        raise InvalidSave("core.save.schema", {"field": "players"}, str(exc)) from exc
