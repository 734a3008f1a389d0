"""The end screen's words (PAX-6.1, 6.8 - 6.10, 6.17, 6.19): Rome's result, the Primus Conspiratus, the points."""

from __future__ import annotations


def outcome(result: dict) -> list[tuple[str, dict]]:
    lines: list[tuple[str, dict]] = [("pax.outcome.end", {})]
    if "rome_categories" not in result:  # solo (PAX-6.19): against Rome, with the level's requirement
        key = "pax.result.solo_win" if result.get("solo_win") else "pax.result.solo_loss"
        return [*lines, (key, {"n": result["scores"][0], "required": result["required"]})]
    rome = result["rome_categories"]
    if result["rome_wins"]:
        lines.append(("pax.result.rome_wins", {"n": rome}))
        pc = result["winners"][0] if result["winners"] else None
        lines.append(("pax.result.all_lose", {}) if pc is None else ("pax.result.pc_wins", {"player": pc}))
        return lines
    lines.append(("pax.outcome.rome_short", {"n": rome}))
    holder = next((p for p, v in enumerate(result["breakdown"]["primus_conspiratus"]) if v), None)
    if holder is not None:
        lines.append(("pax.outcome.pc_points", {"player": holder,
                                                "n": result["breakdown"]["primus_conspiratus"][holder]}))
    best = max(result["scores"])
    lines.append(("pax.outcome.best", {"n": best}))
    if result.get("tiebreak"):
        lines.append((result["tiebreak"], {}))
    return lines
