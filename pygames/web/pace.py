"""The computer's speed, a menu setting (fast / normal / slow) remembered on the device: the pause before each of
its moves, so a player can follow them. The deep link's `botdelay` (tests, demos) still wins for that game."""

from __future__ import annotations

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


def show(delay_ms: int, with_computer: bool) -> None:
    """The menu's speed buttons: the one in use pressed; shown only when a computer seat plays."""
    group = by_id("speed")
    if group is None:
        return
    group.hidden = not with_computer
    chosen = speed_of(delay_ms)
    for button in group.querySelectorAll("[data-command^='speed:']"):
        name = str(button.dataset.command).partition(":")[2]
        button.setAttribute("aria-pressed", "true" if name == chosen else "false")
