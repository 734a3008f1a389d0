"""The computer's speed, a menu setting (fast / normal / slow) remembered on the device: the pause before each of
its moves, so a player can follow them. The deep link's `botdelay` (tests, demos) still wins for that game."""

from __future__ import annotations

from . import dom
from .dom import by_id

KEY = "pygames.speed"
DELAYS = {"fast": 150, "normal": 450, "slow": 1200}  # ms before each computer move
DEFAULT = "normal"


def delay(stored: str | None) -> int:
    """The pause of the stored speed; the normal one when none (or something else) is stored."""
    return DELAYS.get(stored or DEFAULT, DELAYS[DEFAULT])


def speed_of(delay_ms: int) -> str | None:
    """The menu's speed for a pause, or None for a pause set by a link (no button pressed)."""
    return next((name for name, ms in DELAYS.items() if ms == delay_ms), None)


_SHOWN: dict = {}  # what the menu's speed buttons show now


def show(delay_ms: int, with_computer: bool) -> None:
    """The menu's speed buttons: the one in use pressed; shown only when a computer seat plays."""
    group = by_id("speed")
    if group is None or _SHOWN.get("speed") == (delay_ms, with_computer):
        return  # as it stands (a redraw per tap: each button is a call to the page)
    _SHOWN["speed"] = (delay_ms, with_computer)
    group.hidden = not with_computer
    chosen = speed_of(delay_ms)
    for button in group.querySelectorAll("[data-command^='speed:']"):
        name = str(button.dataset.command).partition(":")[2]
        button.setAttribute("aria-pressed", "true" if name == chosen else "false")


FOLLOW_DELAY = 3000  # a tab that took another tab's newer state lets that tab's computer seats move first


class Clock:
    """The pause before the computer's next move: its length (the menu's speed, or a link's `botdelay`) and the one
    timer waiting, which `stop` cancels (a new game, the home screen, the end)."""

    def __init__(self, stored: str | None):
        self.delay = delay(stored)
        self.following = False  # this tab took its game's newer state from another tab
        self.timer = None

    def start(self, callback) -> None:
        """`callback()` once the pause is over, unless a pause is already running. While it runs the page says so
        (<html data-computer="waiting">): what waits for the computer's move (a test, the bench) need not guess."""
        if self.timer is None:
            wait = self.delay + (FOLLOW_DELAY if self.following else 0)
            self.timer = dom.later("bot", wait, lambda *_: self.rang(callback))
            dom.computer_waiting(True)

    def rang(self, callback) -> None:
        self.timer = None
        dom.computer_waiting(False)
        callback()

    def stop(self) -> None:
        if self.timer is not None:
            dom.cancel(self.timer)
            self.timer = None
            dom.computer_waiting(False)

    def speed(self, name: str) -> None:
        """The menu's speed chosen: remembered on the device, used from the next move."""
        if name in DELAYS:
            dom.store(KEY, name)
            self.delay = delay(name)
            show(self.delay, True)
