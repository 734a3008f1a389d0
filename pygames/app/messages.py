"""What can happen to the app, as small values: the controller's `App.update(msg)` is the one place that decides what
each changes, then the screen is drawn once (`App.draw`). A tap, a key, a timer or an answer from the search
worker becomes one of these; so can a message from another device, fed into the same `update`.

Pure: the page's events are turned into messages by the controller (`App.on_click` ...), never here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Play:
    """Play a game action for the seat on screen (a `data-action` control, committed)."""

    action: str


@dataclass(frozen=True)
class Command:
    """A shell control's `data-command`: "name" or "name:arg"."""

    name: str
    arg: str = ""

    @classmethod
    def parse(cls, text: str) -> Command:
        name, _, arg = text.partition(":")
        return cls(name, arg)


@dataclass(frozen=True)
class BotTurn:
    """The computer's pause is over: the next computer seat plays (or its search starts)."""


@dataclass(frozen=True)
class BotAnswer:
    """The search worker chose `action` for `request` (a `Session.bot_request`) of `session`'s game."""

    session: object
    request: dict
    action: str


@dataclass(frozen=True)
class Played:
    """A computer move saved in the previous task: drawn now if `session` is still on screen at `state`."""

    session: object
    state: object


@dataclass(frozen=True)
class Redraw:
    """What the table shows besides the game changed: the computer's thinking line, a hint, the guide's place."""


@dataclass(frozen=True)
class ReplayStep:
    """The replay of the last turn shows its next frame (its clock rang)."""


@dataclass(frozen=True)
class TableChanged:
    """At a table of several devices, the game or its seats changed from another device (a guest's move, a device
    away or back, a seat given): drawn, after saving when `save` (the host's referee then tells the guests)."""

    save: bool = False


@dataclass(frozen=True)
class OtherTab:
    """Another tab wrote storage under `key` (None: storage cleared)."""

    key: str | None


@dataclass(frozen=True)
class Resized:
    """The viewport changed (a tablet turned) or the game's look arrived: the decision kept in reach."""


@dataclass(frozen=True)
class Imported:
    """The text of a save file chosen in the file picker."""

    text: str


# What `update` asks to draw next.
NOTHING = "nothing"  # the page is already right (or a dialog of its own was shown)
TABLE = "table"  # the seat on screen again (its model changed: a hint, a thinking line, a reveal)
STILL = "still"  # the screen for the game as it stands: end screen, cover or table; no computer started
NEXT = "next"  # as STILL, then the next computer seat's turn is scheduled
SAVE = "save"  # save, then NEXT: the game changed
COVER = "cover"  # the pass-the-device cover for the next seat (App.settle chose it from SAVE, NEXT or STILL)

