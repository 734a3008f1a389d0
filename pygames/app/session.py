"""A game being played in the app: the engine state plus who sits where (pure Python, no DOM).

The shell keeps one `Session`. It decides whose screen is shown (`viewer`), when the pass-the-device cover is
needed, which seat a computer plays next, and what is saved. It only ever hands views to the UI and bots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pygames import core
from pygames.core import bots as core_bots
from pygames.core.guard import clip, is_number
from pygames.core.rng import Rng

from .match import BadMatch, Match
from .query import query_params
from .tutorial import bot_rng as tutorial_bot_rng

HUMAN, COMPUTER = "human", "computer"
EASY, NORMAL, HARD = "easy", "normal", "hard"  # computer levels; the old kind COMPUTER means NORMAL
LEVELS = (EASY, NORMAL, HARD)
KINDS = (HUMAN, COMPUTER, *LEVELS)
MAX_NAME = 24
MAX_NAME_SOURCE = 4 * MAX_NAME  # characters of a raw name looked at: room for the ones cleaning removes


@dataclass
class Seat:
    name: str
    kind: str  # HUMAN, a level of LEVELS, or COMPUTER (= NORMAL, from older links and saves)

    @property
    def level(self) -> str | None:
        """The computer's level, None for a human seat."""
        return None if self.kind == HUMAN else (NORMAL if self.kind == COMPUTER else self.kind)

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind}


def clean_name(name) -> str:
    """Names are plain text: trimmed, control characters removed, length capped. Never HTML.
    An empty name means "use the default name" (shown in the current language). The raw text is cut first, so
    a hostile name of any length costs no more than a typed one."""
    return "".join(ch for ch in str(name)[:MAX_NAME_SOURCE] if ch.isprintable()).strip()[:MAX_NAME]


@dataclass
class Session:
    game: object
    state: dict
    seats: list[Seat]
    save_id: str
    viewer: int | None = None  # whose private view is on screen (None: public view only)
    created: float = 0.0
    bot_rng: Rng = field(default_factory=lambda: Rng(0))
    # Seats that have already chosen something in the current decision round. A round starts whenever the set
    # of seats to move grows (a new turn, a new simultaneous choice); then the next human in seat order is called,
    # behind the cover, instead of letting whoever finished the last round carry on into the next one.
    acted_this_round: set = field(default_factory=set)
    match: Match | None = None  # this game's place in a match or a run of tie-break games (see match.py)
    tutorial: str | None = None  # the game id of a guided first game (pygames/app/tutorial.py), saved with it
    # What each seat has seen happen: the length of the whole log (every seat's lines) right after its own last
    # action, or at the end of the setup before it has acted. Kept in the whole log's terms, so no seat's mark
    # depends on what another may read; `first_unseen` turns it into an index of that seat's own log.
    seen: dict = field(default_factory=dict)
    # Casual take-back (chosen in the new-game dialog, saved with the game): the one human may take back their last
    # move and the computer's reply. Off, Board Game Arena's undo is the rule; it is the only rule in hot-seat.
    takeback: bool = False
    # Several devices (pygames/net/host.py): the screen stays with this device's own seat, or with the table when
    # it has none; every other human plays on their own device, so no pass-the-device cover ever comes up here.
    pinned: bool = False

    # ------------------------------------------------------------------ construction

    @classmethod
    def start(cls, game, seats: list[Seat], seed: int, options: dict, save_id: str, created: float = 0.0,
              takeback: bool = False):
        state = core.new_game(game, len(seats), seed, options)
        session = cls(game, state, seats, save_id, created=created, bot_rng=Rng(seed ^ 0x5EED),
                      takeback=takeback is True and takeback_applies(seats))
        session.viewer = session.initial_viewer()
        session.seen = setup_marks(state)
        return session

    @classmethod
    def from_save(cls, text: str, games: dict, save_id: str | None = None):
        """Rebuild a saved game; raises core.InvalidSave with a catalogue key if anything is wrong."""
        game, state, data = core.load_recipe(text, games)
        raw = data.get("seats")
        if not isinstance(raw, list) or len(raw) != state["players"]:
            raise core.InvalidSave("core.save.seats", {}, "seats missing or of the wrong length")
        seats = []
        for index, seat in enumerate(raw):
            if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) or seat["kind"] not in KINDS \
                    or not isinstance(seat.get("name", ""), str):
                raise core.InvalidSave("core.save.seats", {}, f"seat {index} is malformed")
            seats.append(Seat(clean_name(seat.get("name", "")), seat["kind"]))
        check_shell_fields(data)
        takeback = data.get("takeback", False)  # older saves have none: off
        if not isinstance(takeback, bool):
            raise core.InvalidSave("core.save.schema", {"field": "takeback"}, "field 'takeback' is not true or false")
        sid = save_id or str(data.get("id") or "")[:40] or "imported"
        created = data.get("created", 0.0)
        session = cls(game, state, seats, sid, created=created,
                      bot_rng=Rng(state["seed"] ^ 0x5EED ^ len(state["history"])))
        if data.get("match") is not None:
            try:
                session.match = Match.from_json(data["match"], state["players"])
            except BadMatch as exc:
                raise core.InvalidSave("core.save.schema", {"field": f"match.{exc}"}, f"bad match record: {exc}") \
                    from exc
        session.viewer = session.initial_viewer()
        session.seen = replayed_marks(game, state)
        session.takeback = takeback and takeback_applies(seats)
        # A guided game names its own game; any other value (of any length) is not a tutorial and is dropped, so it
        # is never written back with every move nor switches the computer to the tutorial's chance.
        session.tutorial = game.ID if data.get("tutorial") == game.ID else None
        return session

    def to_save(self, updated: float = 0.0) -> str:
        # `to_move` (public: every view has it) lets the home list say whose turn it is without replaying the game.
        extra = {"id": self.save_id, "seats": [s.to_json() for s in self.seats], "created": self.created,
                 "updated": updated, "over": self.over, "to_move": self.to_move()}
        if self.match is not None:
            extra["match"] = self.match.to_json()
        if self.tutorial:
            extra["tutorial"] = self.tutorial
        if self.takeback:
            extra["takeback"] = True
        return json.dumps(core.save_recipe(self.state, extra), separators=(",", ":"))

    # ------------------------------------------------------------------ who is who

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    def initial_viewer(self) -> int | None:
        """With one human, always their screen; with several, nobody's until the first cover is passed."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def to_move(self) -> list[int]:
        return list(self.game.to_move(self.state))

    def next_bot(self) -> int | None:
        """A computer seat that must choose now (computers answer before humans in a simultaneous choice)."""
        return next((p for p in self.to_move() if self.seats[p].kind != HUMAN), None)

    def next_human(self) -> int | None:
        movers = self.to_move()
        if self.viewer in movers and self.viewer in self.acted_this_round and self.seats[self.viewer].kind == HUMAN:
            return self.viewer  # keep the current human while they are still composing their choice
        return next((p for p in movers if self.seats[p].kind == HUMAN), None)

    def choose_viewer(self) -> int | None:
        """Whose screen the table shows next. While a computer must choose, the screen stays as it is; else the next
        human (`next_human`) takes the screen, at once when nothing hidden lies between them and the seat on screen.
        Returns the seat the pass-the-device cover must wait for (the viewer is then set by `reveal`), else None."""
        if self.next_bot() is not None or self.pinned:
            return None
        human = self.next_human()
        if human is None or human == self.viewer:
            return None
        if self.needs_cover(human):
            return human
        self.viewer = human
        return None

    def reveal(self, seat: int) -> None:
        """The device reached `seat` behind the cover: its screen may now be shown."""
        self.viewer = seat

    def _apply(self, seat: int, action: str) -> None:
        before = set(self.to_move())
        self.state = core.apply(self.game, self.state, seat, action)
        self.seen[seat] = len(self.state["log"])
        if set(self.to_move()) <= before:
            self.acted_this_round.add(seat)
        else:
            self.acted_this_round = set()

    def decided(self) -> list[int]:
        """Who already chose in the current simultaneous step (public: it is in every view's to_move), as the host of
        several devices says it (`pygames.net.host.Host.decided`)."""
        moving = set(self.to_move())
        return sorted(self.acted_this_round - moving) if moving else []

    def public_part(self, seat: int | None) -> dict:
        v = core.view(self.game, self.state, seat)
        v.pop("viewer")
        return v

    def views_differ(self, a: int | None, b: int | None) -> bool:
        return self.public_part(a) != self.public_part(b)

    def needs_cover(self, seat: int) -> bool:
        """The pass-the-device cover is needed before showing `seat`'s screen when another human could then
        see something hidden from them, or `seat` could see what the current viewer saw."""
        if len(self.humans) < 2 or seat == self.viewer or self.pinned:
            return False
        if self.viewer is None:
            return any(self.views_differ(seat, other) for other in self.humans if other != seat)
        return self.views_differ(self.viewer, seat)

    def secrets_between_humans(self) -> bool:
        """Whether a save of this game would show one human what is hidden from another (hot-seat with hidden
        information, not over): then exporting it is worth a question. With one human the file is theirs: it holds
        the computer's hidden cards too, but nobody else's game can be spoiled, and a backup asks nothing."""
        humans = self.humans
        return not self.over and any(self.views_differ(a, b) for a in humans for b in humans if a < b)

    # ------------------------------------------------------------------ playing

    def view(self) -> dict:
        return core.view(self.game, self.state, self.viewer)

    def legal_for_viewer(self) -> list[str]:
        if self.viewer is None or self.seats[self.viewer].kind != HUMAN or core.is_over(self.game, self.state):
            return []
        return core.legal_actions(self.game, self.state, self.viewer)

    def act(self, action: str) -> None:
        """The viewer plays `action`; raises core.IllegalAction (with a reason) and keeps the state if illegal."""
        if self.viewer is None:
            raise core.IllegalAction("core.err.not_your_turn", {"player": -1}, "no human seat on screen")
        self._apply(self.viewer, action)

    def play(self, action: str, chained=None) -> None:
        """One tap of the viewer: `action`, then the action the board joins to it (`chained(action)` ->
        (next action, words) or None, Spyworld's claim that also submits) when that one is legal then.
        Raises core.IllegalAction as `act` does; the first action stays played if only the second is refused."""
        self.act(action)
        then = chained(action) if chained is not None else None
        if then and then[0] in self.legal_for_viewer():
            self.act(then[0])

    def bot_step(self) -> tuple[int, str] | None:
        """Let one computer seat choose, from its own view only. Returns (seat, action) or None."""
        seat = self.next_bot()
        if seat is None:
            return None
        bot = seat_bot(self.game, self.seats[seat].level)
        if self.tutorial:  # the same computer whether the guided game was resumed or not
            self.bot_rng = tutorial_bot_rng(self.state)
        action = core_bots.bot_move(self.game, self.state, seat, bot, self.bot_rng)
        self._apply(seat, action)
        return seat, action

    def bot_request(self) -> dict | None:
        """What an off-thread search needs for the next computer seat: only that seat's view and legal actions,
        plus a seed and a `ticket` (the state object itself: every change makes a new one) that `bot_answer`
        checks. Only the keys of `search_job` go to the worker."""
        seat = self.next_bot()
        if seat is None:
            return None
        return {"game": self.game.ID, "seat": seat, "level": self.seats[seat].level,
                "view": core.view(self.game, self.state, seat),
                "legal": core.legal_actions(self.game, self.state, seat),
                "seed": self.bot_rng.next64(), "ticket": self.state}

    def bot_answer(self, request: dict, action: str) -> bool:
        """Play a searched action if the game has not moved on since `request` (undo, quit); else ignore it."""
        if self.state is not request["ticket"] or self.next_bot() != request["seat"]:
            return False
        self._apply(request["seat"], action)
        return True

    @property
    def undo_key(self) -> str:
        """The menu's name for going back: Take back when the game allows take-backs, else Undo."""
        return "menu.takeback" if self.takeback else "menu.undo"

    def can_undo(self) -> bool:
        """Whether the menu's Undo (Take back, when the game allows take-backs) can be used now."""
        if self.takeback:
            return self.why_no_takeback() is None
        return self.viewer is not None and core.can_undo(self.state, self.viewer)

    def undo(self) -> None:
        """Board Game Arena's undo, or a take-back when the game allows them; raises core.IllegalAction with the
        reason when neither is possible."""
        if self.takeback:
            self.take_back()
            return
        self.state = core.undo(self.game, self.state, self.viewer)
        self.seen[self.viewer] = len(self.state["log"])  # the viewer's own choice: nothing new to tell them

    # ------------------------------------------------------------------ casual take-back against the computer

    def why_no_takeback(self) -> tuple[str, dict] | None:
        """Why the human cannot take a move back now (a catalogue key and its arguments), or None if they can."""
        if not self.takeback or not takeback_applies(self.seats):
            return "core.err.takeback_off", {}
        if self.over:
            return "core.err.takeback_over", {}
        human = self.humans[0]
        if not any(seat == human for seat, _action in self.state["history"]):
            return "core.err.no_takeback", {}
        return None

    def takeback_point(self) -> int:
        """How many actions of the history stay after a take-back: everything before the human's last action, and
        before the computers' choices made while that decision was already the human's to make (a simultaneous
        round: those choices were hidden when the human chose, and were then revealed). So the computers choose such
        a round again after a take-back, and no choice the human has seen stays committed and hidden."""
        human = self.humans[0]
        history = self.state["history"]
        last = max(i for i, (seat, _action) in enumerate(history) if seat == human)
        again = core.new_game(self.game, self.state["players"], self.state["seed"], self.state["options"])
        asked = []  # asked[i]: the human was among the seats to move just before step i
        for seat, action in history[:last]:  # already checked when played: replayed unchecked
            asked.append(human in self.game.to_move(again))
            core.apply_in_place(self.game, again, seat, action)
        point = last
        while point > 0 and history[point - 1][0] != human and asked[point - 1]:
            point -= 1
        return point

    def take_back(self) -> None:
        """The human's last move and the computer's reply since, taken back: the state is rebuilt by replaying the
        history before them, so its chance (the rng is in the state) comes out the same when the same move is
        played again. Raises core.IllegalAction with the reason when it is not possible."""
        why = self.why_no_takeback()
        if why is not None:
            raise core.IllegalAction(why[0], why[1], "no take-back")
        point = self.takeback_point()
        self.state = core.replay(self.game, self.state["players"], self.state["seed"], self.state["options"],
                                 self.state["history"][:point])
        self.acted_this_round = set()
        self.viewer = self.initial_viewer()
        self.seen = replayed_marks(self.game, self.state)

    def first_unseen(self, seat: int | None) -> int:
        """Where the lines `seat` has not seen happen start in its own log (`view["log"]`): every line logged
        since its own last action, whoever's turn came between (other humans' in hot-seat, computers')."""
        mark = self.seen.get(seat, len(self.state["log"]))
        return sum(1 for _key, _args, to in self.state["log"][:mark] if to is None or (seat is not None and seat in to))

    def others_since(self, seat: int | None) -> list[int]:
        """The other seats that acted since `seat`'s own last action (since the start if it has not acted), in the
        order they first did: who to name when the device comes back to it. Who acted is public (the status line
        says whose turn it is); what they chose shows only through the seat's own log."""
        history = self.state["history"]
        last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), -1)
        return list(dict.fromkeys(p for p, _action in history[last + 1:] if p != seat))

    def restart(self) -> None:
        self.state = core.new_game(self.game, self.state["players"], self.state["seed"], self.state["options"])
        self.acted_this_round = set()
        if not self.pinned:  # a host device keeps its own seat (or the table) across a restart
            self.viewer = self.initial_viewer()
        self.seen = setup_marks(self.state)

    @property
    def over(self) -> bool:
        return core.is_over(self.game, self.state)

    def result(self) -> dict:
        return core.result(self.game, self.state)


def takeback_applies(seats: list[Seat]) -> bool:
    """Take-backs are for one player against the computer: with two humans or more (hot-seat) Board Game Arena's
    undo is the only rule, so nobody takes back a move another player has seen; with no human nobody asks."""
    humans = sum(1 for seat in seats if seat.kind == HUMAN)
    return humans == 1 and len(seats) > humans


def setup_marks(state: dict) -> dict:
    """At the start every seat has seen the setup (its hand, who begins): what the others do next is news."""
    return {seat: len(state["log"]) for seat in range(state["players"])}


def replayed_marks(game, state: dict) -> dict:
    """Each seat's mark (see `Session.seen`) in a resumed game, worked out by replaying its recipe: a reload
    behind the pass-the-device cover still tells the next player everything since their own last action."""
    again = core.new_game(game, state["players"], state["seed"], state["options"])
    marks = setup_marks(again)
    for seat, action in state["history"]:  # already checked by the load: played unchecked
        core.apply_in_place(game, again, seat, action)
        marks[seat] = len(again["log"])
    return marks


def check_shell_fields(data: dict) -> None:
    """The shell's own save fields have exact types too: id is text, created/updated are finite numbers."""
    if "id" in data and not isinstance(data["id"], str):
        raise core.InvalidSave("core.save.schema", {"field": "id"}, "field 'id' is not text")
    for name in ("created", "updated"):
        if name in data and not is_number(data[name]):
            raise core.InvalidSave("core.save.schema", {"field": name}, f"field {name!r} is not a number")


# ---------------------------------------------------------------------- deep links


class LinkError(ValueError):
    def __init__(self, key: str, args: dict | None = None):
        self.key, self.params = key, args or {}
        super().__init__(key)


def parse_deep_link(query: str, games: dict) -> dict | None:
    """`?game=<id>&seats=human,computer&seed=<n>&lang=fr|en[&names=A,B][&opt.<id>=<value>][&botdelay=ms]`.

    Returns None when the query does not ask for a game, else {game, seats, seed, options, lang, botdelay}.
    Option values are matched against the game's choices as text, so `opt.pile=11` selects the int 11."""
    params = query_params(query, keep_blank=True)
    lang = params.get("lang") if params.get("lang") in ("fr", "en") else None
    if "game" not in params:
        return {"lang": lang} if lang else None
    game = games.get(params["game"])
    if game is None:
        raise LinkError("core.save.unknown_game", {"game": params["game"][:40]})
    kinds = [k.strip() for k in params.get("seats", "").split(",") if k.strip()]
    lo, hi = game.PLAYERS
    if not kinds:
        kinds = [HUMAN] + [COMPUTER] * (lo - 1)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:  # a seat kind the link names that is none of ours: say which, and which there are
        raise LinkError("core.err.seat_kind", {"kind": unknown[0][:20], "kinds": ", ".join(KINDS)})
    if not lo <= len(kinds) <= hi:
        raise LinkError("core.err.players", {"min": lo, "max": hi})
    names = params.get("names", "").split(",") if params.get("names") else []
    seed_text = params.get("seed")
    try:
        seed = int(seed_text) if seed_text not in (None, "") else None
    except ValueError as exc:
        raise LinkError("core.err.seed") from exc
    options = {}
    known = {o["id"]: o for o in game.OPTIONS}
    for key, value in params.items():
        if not key.startswith("opt."):
            continue
        opt = known.get(key[4:])
        match = [c for c in opt["choices"] if str(c).lower() == value.lower()] if opt else []
        if not match:
            raise LinkError("core.err.option_value", {"option": clip(key[4:], 40), "value": clip(value, 40)})
        options[key[4:]] = match[0]
    try:
        botdelay = max(0, min(5000, int(params.get("botdelay", "-1"))))
    except ValueError:
        botdelay = -1
    return {"game": params["game"], "kinds": kinds, "names": names, "seed": seed, "options": options,
            "lang": lang, "botdelay": botdelay if "botdelay" in params else None}


def seat_bot(game, level: str):
    """The bot of a computer level: easy = the game's heuristic, normal/hard = IS-MCTS with the level's budget."""
    if level == EASY:
        return core_bots.default_bot(game)
    from pygames.core import search  # imported on first use: the boot does not pay for it

    return search.level_bot(game, level)


def search_job(request: dict) -> dict:
    """The plain-JSON part of a bot or hint request that the search worker receives (no state, no ticket)."""
    return {k: request[k] for k in ("game", "seat", "level", "view", "legal", "seed")}
