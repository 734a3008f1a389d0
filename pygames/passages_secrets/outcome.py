"""The end screen's words (PS-4.11, PS-6.20 - 6.24): why the game ended, the totals and the tie-break applied."""

from __future__ import annotations


def outcome(result: dict) -> list[tuple[str, dict]]:
    scores = result["scores"]
    lines: list[tuple[str, dict]] = [("ps.outcome.end", {})]
    if scores[0] == scores[1]:
        lines.append(("ps.outcome.tied", {"score": scores[0]}))
        if result.get("tiebreak"):
            lines.append((result["tiebreak"], {}))
    else:
        win = 0 if scores[0] > scores[1] else 1
        lines.append(("ps.outcome.score", {"player": win, "score": scores[win], "other_player": 1 - win,
                                           "other": scores[1 - win]}))
    return lines
