"""A new game's seats and seed, from a deep link or from the new-game dialog's choices (plain JSON from
static/shell.js): pure, so the checks are tested in CPython."""

from __future__ import annotations

from .session import LinkError, Seat, clean_name


def link_seats(link: dict) -> list[Seat]:
    """A deep link's seats: its kinds, named by its names where given (the default name otherwise)."""
    names = link["names"]
    return [Seat(clean_name(names[i] if i < len(names) else ""), kind) for i, kind in enumerate(link["kinds"])]


def form_seats(form: dict) -> list[Seat]:
    return [Seat(clean_name(name), kind) for name, kind in zip(form["names"], form["kinds"], strict=True)]


def form_seed(form: dict) -> int | None:
    """The dialog's seed, or None when left empty (a random one then); anything but a whole number is refused."""
    text = form["seed"].strip()
    if text and not text.lstrip("-").isdigit():
        raise LinkError("core.err.seed")
    return int(text) if text else None
