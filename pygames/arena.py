"""Bot-versus-bot games on the command line, for measuring the computer opponents.

    python3 -m pygames.arena GAME --games N --seats A,B[,C...] [--players K] [--think MS] [--jobs J] [--json]
                             [--iterations I] [--opt KEY=VALUE ...] [--seed S] [--log FILE]

Seat names: random, heuristic (the game's own quick bot), easy (the same bot, as the app's easy level),
normal, hard (IS-MCTS with the level's think time). With --players K beyond the seats given, the last seat
name fills the rest. Seats are rotated from game to game (game i moves every seat i places along), so no
label keeps the first move. --think MS replaces normal's think time per decision, --iterations I replaces it by
a fixed iteration count (reproducible); hard keeps its ratio to normal either way. --jobs J plays on J processes.
Prints win rates with Wilson 95 % intervals, mean scores, game length, and for PAX how often Rome
won; with --json the last line is one JSON object {"game", "games", "wins", "ties", "rome", ...}.
A game with several winners counts as a tie for nobody's wins.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import Pool

from pygames import core
from pygames.core import bots as core_bots
from pygames.core import registry, search
from pygames.core.rng import Rng

SEAT_NAMES = ("random", "heuristic", "easy", "normal", "hard")


def labels_for(names: list[str]) -> list[str]:
    """Seat labels as given, suffixed #2, #3 ... when a name repeats."""
    seen: dict = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def make_bot(game, name: str, think_ms: float | None, iterations: int | None):
    if name == "random":
        return core_bots.random_bot
    if name in ("heuristic", "easy"):
        return core_bots.default_bot(game)
    ratio = search.THINK_SECONDS[name] / search.THINK_SECONDS["normal"]  # hard thinks this many times longer
    if iterations is not None:
        return search.budget_bot(game, iterations=round(iterations * ratio))
    seconds = search.THINK_SECONDS[name]
    if think_ms is not None:
        seconds = think_ms / 1000 * ratio
    return search.budget_bot(game, seconds=seconds, iterations=search.MAX_ITERATIONS[name])


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(job: tuple) -> dict:
    """One game: job = (game id, index, seat names in label order, players, think, iterations, options, seed)."""
    gid, index, names, players, think_ms, iterations, options, base_seed = job
    game = registry.load(gid)
    shift = index % players
    seat_label = [(s - shift) % players for s in range(players)]  # seat s is played by label seat_label[s]
    seat_bots = [make_bot(game, names[seat_label[s]], think_ms, iterations) for s in range(players)]
    seed = base_seed + index
    state = core.new_game(game, players, seed, options)
    rng = Rng(seed ^ 0xA4E7A)
    steps = 0
    started = time.perf_counter()
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = core_bots.bot_move(game, state, seat, seat_bots[seat], rng)
        core.apply_in_place(game, state, seat, action)
        steps += 1
    res = core.result(game, state)
    scores = [0] * players
    for s in range(players):
        scores[seat_label[s]] = res["scores"][s]
    return {"winners": sorted(seat_label[w] for w in res["winners"]), "scores": scores, "steps": steps,
            "rome": bool(res.get("rome_wins")), "seconds": time.perf_counter() - started}


def run(gid: str, games: int, names: list[str], players: int, think_ms=None, iterations=None, jobs: int = 1,
        options: dict | None = None, seed: int = 1, progress=None) -> dict:
    """Play `games` games and return the summary (the JSON object's fields plus details)."""
    names = names + [names[-1]] * (players - len(names))
    labels = labels_for(names)
    work = [(gid, i, names, players, think_ms, iterations, options or {}, seed) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            outcomes = []
            for out in pool.imap_unordered(play_one, work):
                outcomes.append(out)
                if progress:
                    progress(len(outcomes), games, out)
    else:
        outcomes = []
        for job in work:
            outcomes.append(play_one(job))
            if progress:
                progress(len(outcomes), games, outcomes[-1])
    wins = dict.fromkeys(labels, 0)
    ties = 0
    for out in outcomes:
        if len(out["winners"]) == 1:
            wins[labels[out["winners"][0]]] += 1
        elif len(out["winners"]) > 1:
            ties += 1
    mean_scores = {labels[i]: sum(_num(o["scores"][i]) for o in outcomes) / max(1, games) for i in range(players)}
    return {"game": gid, "games": games, "wins": wins, "ties": ties, "rome": sum(o["rome"] for o in outcomes),
            "players": players, "mean_scores": mean_scores,
            "mean_steps": sum(o["steps"] for o in outcomes) / max(1, games),
            "mean_seconds": sum(o["seconds"] for o in outcomes) / max(1, games)}


def _num(x) -> float:
    return x if isinstance(x, (int, float)) else 0.0


def report(summary: dict) -> str:
    n = summary["games"]
    lines = [f"{summary['game']}: {n} games, {summary['players']} players"]
    for label, k in summary["wins"].items():
        lo, hi = wilson(k, n)
        lines.append(f"  {label:<12} wins {k:>4} = {100 * k / max(1, n):5.1f} %  "
                     f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f})  mean score {summary['mean_scores'][label]:.2f}")
    lines.append(f"  ties {summary['ties']}; mean game length {summary['mean_steps']:.1f} actions, "
                 f"{summary['mean_seconds']:.2f} s")
    if summary["game"] == "pax":
        lo, hi = wilson(summary["rome"], n)
        lines.append(f"  Rome won {summary['rome']} = {100 * summary['rome'] / max(1, n):.1f} % "
                     f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f})")
    return "\n".join(lines)


def parse_option(text: str, game) -> tuple[str, object]:
    key, _, value = text.partition("=")
    opt = next((o for o in game.OPTIONS if o["id"] == key), None)
    match = [c for c in opt["choices"] if str(c).lower() == value.lower()] if opt else []
    if not match:
        raise SystemExit(f"unknown option {text!r}")
    return key, match[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m pygames.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=registry.GAME_IDS)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seats", required=True, help="comma-separated: " + ", ".join(SEAT_NAMES))
    parser.add_argument("--players", type=int)
    parser.add_argument("--think", type=float, help="normal's think time per decision, in ms")
    parser.add_argument("--iterations", type=int, help="a fixed iteration count per decision instead of time")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--opt", action="append", default=[], help="a game option KEY=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", help="append one JSON line per finished game to this file (a long run stopped "
                                      "early keeps its games)")
    args = parser.parse_args(argv)
    names = [s.strip() for s in args.seats.split(",") if s.strip()]
    if not names or any(n not in SEAT_NAMES for n in names):
        parser.error(f"--seats takes names among {', '.join(SEAT_NAMES)}")
    game = registry.load(args.game)
    players = args.players or len(names)
    lo, hi = game.PLAYERS
    if not lo <= players <= hi or len(names) > players or args.games < 1 or args.jobs < 1:
        parser.error(f"{args.game} takes {lo}-{hi} players, at most as many seat names, and N, J >= 1")
    options = dict(parse_option(o, game) for o in args.opt)

    labels = labels_for(names + [names[-1]] * (players - len(names)))

    def progress(done, total, out):
        print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                winners = [labels[w] for w in out["winners"]]
                log.write(json.dumps({"game": args.game, "seats": labels, "winners": winners, "scores": out["scores"],
                                      "rome": out["rome"], "steps": out["steps"],
                                      "seconds": round(out["seconds"], 2)}) + "\n")

    summary = run(args.game, args.games, names, players, args.think, args.iterations, args.jobs, options,
                  args.seed, progress)
    print(file=sys.stderr)
    print(report(summary))
    if args.json:
        print(json.dumps({k: summary[k] for k in ("game", "games", "wins", "ties", "rome")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
