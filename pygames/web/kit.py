"""The shared component kit of the four boards and the shell: small pure helpers first (testable in CPython),
DOM builders after them. Text always goes in with textContent."""

from __future__ import annotations

import importlib
import re

PER_SEAT_OPTION = re.compile(r"beginner(\d+)")


def describe(exc: BaseException) -> str:
    """An exception's words, or its kind when it has none (StopIteration, KeyError() ...): never empty."""
    text = str(exc).strip()
    return text if text else type(exc).__name__


def error_text(message: str, cat) -> str:
    """What the error box says: never empty, never a sentence cut after its colon ("Something went wrong:")."""
    text = (message or "").strip()
    if not text:
        return cat.t("app.error_unknown")
    if text.endswith(":"):
        return text + " " + cat.t("app.error_unknown")
    return text


def option_applies(option_id: str, seat_count: int) -> bool:
    """A per-seat option (`beginner3`: seat 3's beginner variant) applies only when that seat plays."""
    match = PER_SEAT_OPTION.fullmatch(option_id)
    return match is None or int(match.group(1)) <= seat_count


def outcome_lines(game, result: dict) -> list[tuple[str, dict]]:
    """The game's own words for its result (`<package>.outcome.outcome(result)`), or none."""
    try:
        module = importlib.import_module(f"{game.__name__}.outcome")
    except ImportError:
        return []
    return list(module.outcome(result))
