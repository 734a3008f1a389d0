"""No question leaks a secret: a property test run on every game (issue 9, SIK-4.29 step 5, SIK-5.19 / 5.35,
SIK-5.29 and the brief's rule that a decision window opens on public conditions only).

From many reachable states `s` (seeded games played by a probing bot that favours the actions opening
interrupts and optional windows), for each seat `o` other than the one acting, `s2 = determinize(view(s, o))`
is a full state that `o` cannot tell from `s`. The same action of the acting seat is applied to `s` and `s2`
wherever it is legal in both; then `o`'s observation of the decision that follows must be equal in both:

    (game over or not, who acts, the status line `o` reads, `o`'s own legal actions)

**Legitimate reveal.** The rules may show `o` something at that step (a defender's identity, a conflict's
outcome, a revealed Bait mark, a drawn card that is public...). Every engine writes what it shows into its log,
with the seats allowed to read it (``core.log(..., to=...)``, served by ``core.view``). So a step reveals
something to `o` exactly when the log events readable by `o` that the step appended differ between `s` and
`s2` at some position both have, or when the game ends in either world (the end is announced and shows
the result); then the two futures may legitimately differ and the pair is skipped. When
one list is a prefix of the other (or they are equal), `o` has been told the same thing in both worlds, only
one engine went further without stopping, and any difference in `o`'s observation is a leak: the question
was asked (or not), or its options differed, because of something `o` cannot see.

The test is not vacuous: it asserts a minimum number of compared (non-revealing) steps per game and a
minimum number of interrupt windows reached, and `test_the_check_catches_a_leak` runs it on a deliberately
leaky variant of the test game Hidden Nim, where it must find the leak. Some windows are too rare in random
play to be met with a telling hand (a Fan window after a deep attack): `check_state` is also run from such
states in tests/sik/test_sik_hidden.py.
"""

from __future__ import annotations

import types

import pytest
from pygames_testgames import hidden_nim

import pygames.passages_secrets as ps
import pygames.pax as pax
import pygames.shadows_in_kyoto as sik
import pygames.spyworld as spy
from pygames import core
from pygames.core import bots as core_bots
from pygames.core.engine import visible_log

# (game, [(players, options)], games per setting, step cap per game, action prefixes the probing bot favours)
SETTINGS = {
    "ps": (ps, [(2, {})], 16, 400, ()),
    "pax": (pax, [(2, {}), (3, {})], 4, 400, ()),
    "spy": (spy, [(3, {}), (2, {"lair": 2})], 4, 400, ("explore", "use", "power")),
    "sik": (sik, [(2, {"charisma": c, "equipment": "on", "oniwaban": o})
                  for c, o in (("on", 0), ("ruri", 1), ("on", 1), ("off", 0))],
            8, 600, ("charisma:anju", "flip:fan", "flip:pistol", "play:bait", "mark:", "fan:", "equip:",
                     "pistol:", "attack:", "play:charge", "play:exchange")),
}


def sik_attacks(state: dict, legal: list[str]) -> list[str]:
    """SIK: the destinations that start a conflict (they open the Pistol, Flip, Bait and Fan windows)."""
    ask = state.get("ask") or {}
    if ask.get("k") != "dest":
        return []
    foe = 1 - ask["side"]
    return [a for a in legal if (state["board"].get(a[5:]) or [None])[0] == foe]


def favoured(game, state: dict, legal: list[str], favour: tuple[str, ...]) -> list[str]:
    """The actions that open interrupts or optional windows (by prefix; SIK attacks by looking at the board)."""
    out = [a for a in legal if any(a.startswith(p) for p in favour)]
    return out + sik_attacks(state, legal) if game is sik else out


ALTERNATIVES = 3  # other actions of the acting seat tried from each sampled state, besides the bot's own
SAMPLE_ONE_IN = 4  # states without a favoured action: about one in four is checked, drawn at random
PROBES = 3  # favoured actions tried from one state
PROBE_WORLDS = 12  # worlds resampled per observer when a favoured action can be tried (1 otherwise)
MIN_COMPARED = 150  # per game: non-revealing steps actually compared


def observation(game, state: dict, seat: int) -> tuple:
    """What `seat` learns about the decision now pending: over or not, who acts, its status line, its options."""
    view = core.view(game, state, seat)
    status = game.status(view) if hasattr(game, "status") else None
    return (game.is_over(state), tuple(game.to_move(state)), repr(status),
            tuple(core.legal_actions(game, state, seat)))


def new_events(before: dict, after: dict, seat: int) -> list:
    """The log events readable by `seat` that one step appended (SIK/PS/PAX/SPY log every public fact)."""
    return visible_log(after, seat)[len(visible_log(before, seat)):]


def revealed(real: list, sampled: list) -> bool:
    """A legitimate reveal: the two worlds told the observer different things at the same point of the log.
    When one list is a prefix of the other, nothing different was shown: one engine merely went on further
    (it did not stop to ask a question that the other asked), and the observations must then be compared."""
    common = min(len(real), len(sampled))
    return real[:common] != sampled[:common]


def probing_choice(legal: list[str], preferred: list[str], rng: core.Rng, bot, view) -> str:
    """Mostly the game's own bot, often an action that opens a window (so the windows are actually reached)."""
    if preferred and rng.below(8):
        return rng.choice(preferred)
    if rng.below(4) == 0:
        return rng.choice(legal)
    return bot(view, legal, rng)


def compare_step(game, s: dict, s2: dict, actor: int, observer: int, action: str, stats: dict) -> str | None:
    """Apply `action` to both worlds; return a description of the leak, or None."""
    if action not in core.legal_actions(game, s2, actor):
        stats["not_legal"] += 1
        return None
    t = core.apply(game, s, actor, action, checked=False)
    t2 = core.apply(game, s2, actor, action, checked=False)
    if game.is_over(t) or game.is_over(t2):
        stats["revealed"] += 1
        return None  # the end of a game is announced and shows the result (SIK-6.12, PS/PAX/SPY scoring)
    if revealed(new_events(s, t, observer), new_events(s2, t2, observer)):
        stats["revealed"] += 1
        return None
    stats["compared"] += 1
    real, sampled = observation(game, t, observer), observation(game, t2, observer)
    if real != sampled:
        return (f"{game.ID}: after seat {actor} plays {action!r}, seat {observer} sees {real[1:3]} "
                f"(options {real[3][:6]}) in the real game but {sampled[1:3]} (options {sampled[3][:6]}) in a "
                f"world it cannot tell apart; state history {s['history'][-6:]}")
    return None


def check_state(game, s: dict, favour, rng: core.Rng, stats: dict, leaks: list) -> None:
    """Every seat other than the actor: resample its unknowns, try the actor's actions in both worlds."""
    movers = game.to_move(s)
    actor = movers[0]
    legal = core.legal_actions(game, s, actor)
    probes = favoured(game, s, legal, favour)[:PROBES]
    others = [rng.choice(legal) for _ in range(ALTERNATIVES)]
    for observer in range(s["players"]):
        if observer == actor:
            continue
        view = core.view(game, s, observer)
        for n in range(PROBE_WORLDS if probes else 1):
            s2 = game.determinize(view, observer, rng)
            assert observation(game, s2, observer) == observation(game, s, observer), "determinize keeps the view"
            for action in dict.fromkeys(probes + (others if n == 0 else [])):
                leak = compare_step(game, s, s2, actor, observer, action, stats)
                if leak:
                    leaks.append(leak)
    if game is sik and s["ask"]:
        stats["windows"].add(s["ask"]["k"])


def run_game(game, players: int, options: dict, seed: int, cap: int, favour, stats: dict, leaks: list) -> None:
    state = core.new_game(game, players, seed, options)
    rng = core.Rng(seed * 7919 + 1)
    bot = core_bots.default_bot(game)
    for _ in range(cap):
        if game.is_over(state):
            return
        seat = game.to_move(state)[0]
        legal = core.legal_actions(game, state, seat)
        preferred = favoured(game, state, legal, favour)
        if preferred or rng.below(SAMPLE_ONE_IN) == 0:
            check_state(game, state, favour, rng, stats, leaks)
            if leaks:
                return
        action = probing_choice(legal, preferred, rng, bot, core.view(game, state, seat))
        core.apply_in_place(game, state, seat, action)


def run_property(game, settings, games: int, cap: int, favour) -> tuple[dict, list]:
    stats = {"compared": 0, "revealed": 0, "not_legal": 0, "windows": set()}
    leaks: list = []
    for index, (players, options) in enumerate(settings):
        for n in range(games):
            run_game(game, players, options, 1000 * index + n + 1, cap, favour, stats, leaks)
            if leaks:
                return stats, leaks
    return stats, leaks


@pytest.mark.parametrize("game_id", list(SETTINGS))
def test_no_question_depends_on_a_hidden_fact(game_id):
    """Whether a decision is asked, of whom, and with which options never depends on what the observer
    cannot see, unless the step showed the observer something (SIK-4.29 step 5, SIK-5.19, SIK-5.29, SIK-5.35,
    SIK-7.16; the same principle for PS, PAX and Spyworld)."""
    game, settings, games, cap, favour = SETTINGS[game_id]
    stats, leaks = run_property(game, settings, games, cap, favour)
    assert not leaks, leaks[0]
    assert stats["compared"] >= MIN_COMPARED, stats
    if game is sik:  # the interrupt and optional windows were actually reached and compared
        assert {"fan", "mark", "bait", "pistol", "flip", "equip"} <= stats["windows"], stats["windows"]


def _leaky_nim():
    """Hidden Nim where a player holding the secret 3 plays again after ending a turn: who acts leaks it."""
    leaky = types.SimpleNamespace(**{k: getattr(hidden_nim, k) for k in dir(hidden_nim) if not k.startswith("__")})

    def apply_action(state, player, action):
        hidden_nim.apply_action(state, player, action)
        if action == "end" and state["secret"][player] == 3:
            state["turn"] = player

    leaky.apply_action = apply_action
    return leaky


def test_the_check_catches_a_leak():
    """The property is not vacuous: on a game whose turn order depends on a hidden card it finds the leak,
    and on the honest game it finds none."""
    favour = ("end",)
    stats, leaks = run_property(_leaky_nim(), [(2, {"pile": 11})], 20, 60, favour)
    assert leaks and "seat" in leaks[0]
    stats, leaks = run_property(hidden_nim, [(2, {"pile": 11})], 20, 60, favour)
    assert not leaks and stats["compared"] > 20
