"""What the new-game dialog offers for each game, worked out once at build time from the packages (pure Python).

build.py puts `specs()` and `kinds()` in the page's boot data; static/shell.js draws the dialog from them alone,
before Python runs and after (app.py opens it and reads the chosen form back through `pygamesShell`), so each rule
below exists once: the script only looks up the answers (`shown`, `needs`, `default`)."""

from __future__ import annotations

import re

from . import session

PER_SEAT_OPTION = re.compile(r"beginner(\d+)")


def option_applies(option: dict, seat_count: int) -> bool:
    """Whether the dialog shows an option of the game's OPTIONS for `seat_count` seats: a per-seat option
    (`beginner3`: seat 3's beginner variant) only when that seat plays, an option with a `players` range (PAX's
    solo level) only inside it."""
    match = PER_SEAT_OPTION.fullmatch(option["id"])
    if match is not None and int(match.group(1)) > seat_count:
        return False
    low, high = option.get("players", (seat_count, seat_count))
    return low <= seat_count <= high


def choice_needs(option: dict) -> list[int]:
    """For each choice of an option, the fewest seats it needs: an option whose numbered choices are seats
    (`seat_choices`: PAX's start player) offers seat k only when k is in play, so a 2-player game offers no Player 3.
    A choice hidden while chosen falls back to the dialog's default."""
    seats = option.get("seat_choices", False)
    return [choice + 1 if seats and isinstance(choice, int) else 0 for choice in option["choices"]]


def dialog_default(option: dict):
    """The choice the dialog starts from: the game's `dialog_default` when it suggests one for a player choosing in
    the dialog (Spyworld's first-game lair), else the rules' default."""
    return option.get("dialog_default", option["default"])


def seat_counts(game) -> tuple[int, int]:
    """The seat counts the dialog offers: a game may offer fewer on one screen than its rules allow."""
    low, high = getattr(game, "DIALOG_PLAYERS", game.PLAYERS)
    return low, high


def game_spec(gid: str, game) -> dict:
    """{players: [lo, hi], options: [{id, labels, values, default, shown, needs}]}: option values are the game's
    choices (the form gives them back as they are), `default` and `needs` index them, `shown` lists the seat counts
    the option applies to."""
    low, high = seat_counts(game)
    options = [{"id": o["id"], "labels": [f"{gid}.opt.{o['id']}.{c}" for c in o["choices"]],
                "values": list(o["choices"]), "default": o["choices"].index(dialog_default(o)),
                "shown": [n for n in range(low, high + 1) if option_applies(o, n)], "needs": choice_needs(o)}
               for o in game.OPTIONS]
    return {"players": [low, high], "options": options}


def kinds() -> dict:
    """Who may play a seat (human or a computer level) and the level a new computer seat starts at."""
    return {"seatKinds": [session.HUMAN, *session.LEVELS], "defaultLevel": session.NORMAL}


def net_seats(form: dict, seat_count: int) -> tuple[list[int], int | None] | None:
    """The dialog's "Players on several devices" as `pygames.net.host.Host` takes it: (the seats played on other
    devices, this device's seat or None when it is the table), or None for a game on this device alone.

    The form's `net` is what static/shell.js `netSeats` wrote: null, or {remote: [seat], here: seat | null,
    table: bool}; its seats are human in `kinds`. Raises ValueError with a catalogue key when the choice cannot
    make a table: a malformed field, no joining device, or no seat here though this device is not the table."""
    net = form.get("net")
    if net is None:
        return None
    seat = lambda v: type(v) is int and 0 <= v < seat_count  # noqa: E731
    if not isinstance(net, dict) or set(net) != {"remote", "here", "table"} or not isinstance(net["remote"], list) \
            or not all(seat(s) for s in net["remote"]) or len(set(net["remote"])) != len(net["remote"]) \
            or not (net["here"] is None or seat(net["here"])) or net["here"] in net["remote"] \
            or not isinstance(net["table"], bool):
        raise ValueError("net.err.form")
    if not net["remote"]:
        raise ValueError("net.err.no_remote")
    if net["table"] != (net["here"] is None):
        raise ValueError("net.err.no_here")
    return sorted(net["remote"]), net["here"]
