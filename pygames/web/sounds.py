"""Which sound cues a redraw plays: a move, a card, a reveal, your turn, a win or a loss.

`cues(previous, current)` is pure: it compares two `screen` summaries of what the table showed. Event cues come
from the log lines everyone may read (the spectator's log, `engine.visible_log(state, None)`), never from the
viewer's private lines: so a hidden event (a card another player drew in secret) never sounds, and in hot-seat
play whoever hears the device learns nothing by ear that the table does not show to all. "Your turn" comes from
`to_move`, which every view shows. The page plays them (`static/sound.js`): never before the first tap, never
when muted.
"""

from __future__ import annotations

from pygames.core.engine import visible_log

from . import dom

MOVE, CARD, REVEAL, TURN, WIN, LOSS = "move", "card", "reveal", "turn", "win", "loss"
CUES = (MOVE, CARD, REVEAL, TURN, WIN, LOSS)

# The public log lines that sound as a card or a reveal; every other public line sounds as a move. One cue per
# redraw: the strongest of its new lines (a reveal over a card over a move).
CARD_LINES = frozenset({
    "ps.log.card", "ps.log.token",
    "pax.log.draft_draw", "pax.log.kept", "pax.log.returned", "pax.log.draws", "pax.log.to_hand",
    "pax.log.to_bottom", "pax.log.to_legion", "pax.log.buy", "pax.log.play", "pax.log.opening_play",
    "pax.log.refill", "pax.log.rome_takes",
    "sik.log.ruri", "sik.log.ruri_passed", "sik.log.ruri_kept", "sik.log.equip", "sik.log.typewriter",
    "sik.log.play", "sik.log.play_fan", "sik.log.fan", "sik.log.discarded", "sik.log.marked", "sik.log.ayane_keep",
    "sik.log.draw", "sik.log.tomoyo_bottom",
    "spy.log.turn", "spy.log.take", "spy.log.place", "spy.log.wall", "spy.log.gadget", "spy.log.claim",
})
REVEAL_LINES = frozenset({
    "pax.log.game_end",
    "sik.log.charisma", "sik.log.eavesdrop", "sik.log.med_cannot", "sik.log.conflict_won", "sik.log.conflict_lost",
    "sik.log.capture", "sik.log.pistol", "sik.log.flip", "sik.log.bait_used",
    "spy.log.agent", "spy.log.explored",
})


def line_cue(key: str) -> str:
    return REVEAL if key in REVEAL_LINES else CARD if key in CARD_LINES else MOVE


def strongest(keys: list[str]) -> str | None:
    """The cue of a redraw's new public lines: a reveal over a card over a move; None without a new line."""
    found = {line_cue(key) for key in keys}
    return next((cue for cue in (REVEAL, CARD, MOVE) if cue in found), None)


def screen(game: str, viewer: int | None, public_log: list[str], to_move: list[int],
           over: bool = False, won: bool = False) -> dict:
    """What a redraw showed, as `cues` compares it: the game (its save id), whose screen, the keys of the public
    log lines, who was to move, and at the end whether a human seat won."""
    return {"game": game, "viewer": viewer, "log": list(public_log), "to_move": list(to_move),
            "over": over, "won": won}


def cues(previous: dict | None, current: dict) -> list[str]:
    """The cues of going from `previous` to `current` (None: nothing of this game was on screen before, as when a
    game is opened or resumed, which plays nothing). The end plays only its win or loss, once; a redraw that
    changed nothing (a language switch) plays nothing; an undo (the log shrank) plays no event."""
    if previous is None or previous["game"] != current["game"]:
        return []
    if current["over"]:
        return [] if previous["over"] else [WIN if current["won"] else LOSS]
    before, now = previous["log"], current["log"]
    event = strongest(now[len(before):]) if len(now) > len(before) and now[:len(before)] == before else None
    out = [event] if event else []
    viewer = current["viewer"]
    newly_to_move = viewer != previous["viewer"] or viewer not in previous["to_move"]
    if viewer is not None and viewer in current["to_move"] and newly_to_move:
        out.append(TURN)
    return out


def human_won(result: dict, humans: list[int]) -> bool:
    """At the end a human seat among the winners sounds a win (in hot-seat play, someone at the table won); the
    computer winning, or nobody, sounds a loss."""
    return any(seat in result["winners"] for seat in humans)


def public_keys(state: dict) -> list[str]:
    return [key for key, _args in visible_log(state, None)]


class Ears:
    """The last screen drawn, to compare the next one with, and the bridge to `window.pygamesSound`."""

    def __init__(self):
        self.previous: dict | None = None

    def table(self, session, view: dict) -> None:
        """After the table of `session.viewer` is drawn."""
        self.hear(screen(session.save_id, session.viewer, public_keys(session.state), view["to_move"]))

    def over(self, session, result: dict) -> None:
        """After the end screen is drawn."""
        won = human_won(result, session.humans)
        self.hear(screen(session.save_id, None, public_keys(session.state), [], over=True, won=won))

    def hear(self, current: dict) -> None:
        found = cues(self.previous, current)
        self.previous = current
        dom.play_sounds(found)
