"""The guided first game ("Learn to play"): a game-independent runner over a script that is data (pure Python).

A script is `pygames/<package>/tutorial.json`:

    {"game": "ps", "seed": 7, "seats": ["human", "computer"], "options": {},
     "intro": "<catalogue key>", "free": "<key: what the panel says in free play>", "done": "<key>",
     "steps": [{"action": "<pattern>", "text": "<key>", "rules": "<rules section id>"}, ...],
     "comments": {"<log event key>": "<catalogue key>", ...}}

The game is a real engine game from the script's seed. Steps are consumed in order. A step is *due* at a decision
of the human seat when one of its legal actions matches the step's pattern (`fnmatch`: `place:*`, or an exact
action); the first such action is the step's target, the only control the shell enables. When the next step is
not due, the player plays freely, and the panel comments the latest notable event of the log. Nothing here is
inside an engine: the runner only reads legal actions and the log, and replays history through `core`.

Progress is derived from the game's history (the runner replays the new entries on its own copy of the state), so
a resumed, undone or restarted game shows the right step with no extra saved data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from pygames import core
from pygames.core import registry
from pygames.core.rng import Rng

from .query import query_params

BOT_SALT = 0x5EED


@dataclass(frozen=True)
class Step:
    action: str          # an fnmatch pattern over the legal actions of the human seat
    text: str            # catalogue key: what to do and why (1-3 sentences)
    rules: str = ""      # the rules page section (`data-section`) the panel links to


@dataclass(frozen=True)
class Script:
    game: str
    seed: int
    seats: tuple[str, ...]
    options: dict
    intro: str
    free: str
    done: str
    steps: tuple[Step, ...]
    comments: dict

    @property
    def human(self) -> int:
        return self.seats.index("human")

    def keys(self) -> list[str]:
        """Every catalogue key the script names (a test checks each exists in both languages)."""
        return [self.intro, self.free, self.done, *(s.text for s in self.steps), *self.comments.values()]


def script_path(game_id: str) -> Path | None:
    package = registry.PACKAGES.get(game_id)
    if package is None:
        return None
    return Path(__file__).resolve().parent.parent / package.split(".", 1)[1] / "tutorial.json"


def has_script(game_id: str) -> bool:
    path = script_path(game_id)
    return path is not None and path.exists()


def parse(data: dict) -> Script:
    """A script from its JSON data; a malformed script fails loudly (a test loads every one)."""
    steps = tuple(Step(s["action"], s["text"], s.get("rules", "")) for s in data["steps"])
    return Script(data["game"], int(data["seed"]), tuple(data["seats"]), dict(data.get("options", {})),
                  data["intro"], data["free"], data["done"], steps, dict(data.get("comments", {})))


def load(game_id: str) -> Script | None:
    if not has_script(game_id):
        return None
    return parse(json.loads(script_path(game_id).read_text(encoding="utf-8")))


def link_game(query: str) -> tuple[str | None, int | None]:
    """`?tutorial=<id>[&botdelay=ms]` -> (game id or None, bot delay or None)."""
    params = query_params(query)
    game_id = params.get("tutorial")
    try:
        delay = max(0, min(5000, int(params["botdelay"]))) if "botdelay" in params else None
    except ValueError:
        delay = None
    return (game_id if game_id and has_script(game_id) else None), delay


def target(step: Step, legal: list[str]) -> str | None:
    """The first legal action matching the step's pattern, or None when the step is not due."""
    return next((a for a in legal if fnmatchcase(a, step.action)), None)


def bot_rng(state: dict) -> Rng:
    """The computer's generator before each of its moves in a tutorial: a function of the seed and the history,
    so a fresh game and a resumed one see the same computer."""
    return Rng(state["seed"] ^ BOT_SALT ^ len(state["history"]))


def comment(script: Script, log: list) -> str | None:
    """The catalogue key commenting the latest notable event of a (viewer's) log, or None."""
    for key, _args in reversed(log):
        if key in script.comments:
            return script.comments[key]
    return None


@dataclass
class Runner:
    """Which step the player is at, derived from the game's history."""

    game: object
    script: Script
    step: int = 0
    _state: dict | None = None
    _seen: list = field(default_factory=list)

    def sync(self, state: dict) -> None:
        """Catch up with `state`'s history; start over when it is not a continuation (undo, restart)."""
        history = state["history"]
        if self._state is None or history[:len(self._seen)] != self._seen:
            self._state = core.new_game(self.game, state["players"], state["seed"], state["options"])
            self._seen, self.step = [], 0
        for player, action in history[len(self._seen):]:
            self.observe(player, action)
            core.apply_in_place(self.game, self._state, player, action)
            self._seen.append([player, action])

    def observe(self, player: int, action: str) -> None:
        """The human playing the due step's target completes that step."""
        if player != self.script.human or self.step >= len(self.script.steps):
            return
        if action == target(self.script.steps[self.step], core.legal_actions(self.game, self._state, player)):
            self.step += 1

    def current(self, legal: list[str]) -> tuple[Step, str] | None:
        """(the due step, its target) given the human's legal actions now, or None in free play."""
        if self.step >= len(self.script.steps):
            return None
        step = self.script.steps[self.step]
        aim = target(step, legal)
        return (step, aim) if aim is not None else None

    @property
    def finished_steps(self) -> bool:
        return self.step >= len(self.script.steps)
