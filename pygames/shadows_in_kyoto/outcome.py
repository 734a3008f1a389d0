"""The end screen's words (SIK-6.1 - 6.7): no points; the victory condition that ended the game."""

from __future__ import annotations


def outcome(result: dict) -> list[tuple[str, dict]]:
    if not result.get("reason") or not result["winners"]:
        return [("sik.outcome.none", {})]
    return [("sik.outcome.won", {"player": result["winners"][0], "reason": "@" + result["reason"]})]
