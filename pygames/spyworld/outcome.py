"""The end screen's words (SPY-6.10, SPY-6.11): the planning and the explorations are over; the top score, or the
players tied for it. Read from the result only, so it follows whatever tie rule scoring applies."""

from __future__ import annotations


def outcome(result: dict) -> list[tuple[str, dict]]:
    scores = result["scores"]
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    lines: list[tuple[str, dict]] = [("spy.outcome.end", {})]
    if len(top) > 1:
        lines.append(("spy.outcome.tied", {"tied_player": top, "n": best}))
        return lines
    rest = sorted((s for p, s in enumerate(scores) if p != top[0]), reverse=True)
    lines.append(("spy.outcome.score", {"player": top[0], "n": best, "margin": best - rest[0] if rest else best}))
    return lines
