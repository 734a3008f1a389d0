"""The shared component kit of the four boards and the shell: small pure helpers first (testable in CPython),
DOM builders after them. Text always goes in with textContent."""

from __future__ import annotations


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
