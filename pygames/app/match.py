"""Matches: games played one after another by the same seats, each started from the previous end screen.

Pure Python (no DOM), game-independent. Two cases share one path, the *follow-up game* (`follow_up`):

- A game package may declare ``MATCH = {"option": id, "best_of": {choice: games}, "sides": id}``. Choosing such
  a value of that option makes the game the first of a match (SIK-6.20: best of three). After each game but the
  deciding last one the seats switch sides (the next value of the "sides" option); the deciding last game draws
  its sides at random, from its own seed, so a match replays identically.
- Whatever the game, a result that names tied players (``result["tied"]``, SPY-6.11) offers a tie-break game:
  the same seats and the same options. A run of tie-break games stops at game MAX_GAMES: a tie there stands.

Each game of a match is an ordinary saved game; its save carries a small match record (`Match.to_json`) with the
winners of the games already finished, so a reload mid-match resumes the right game with the right score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygames.core.rng import Rng

BEST_OF, TIEBREAK = "bestof", "tiebreak"
MAX_GAMES = 99  # games in a match or a run of tie-break games: the last tie-break game may end tied for good


class BadMatch(ValueError):
    """A match record in a save that cannot be right; str() names the part of the record (number, tied…)."""


@dataclass(frozen=True)
class Match:
    kind: str  # BEST_OF or TIEBREAK
    number: int  # this game's number in the match, from 1
    best_of: int = 0  # games of a best-of match (0 for tie-break games)
    results: tuple = ()  # winners (a tuple of seats, maybe empty) of each game already finished
    tied: tuple = ()  # TIEBREAK: the seats this game must separate

    def to_json(self) -> dict:
        return {"kind": self.kind, "number": self.number, "best_of": self.best_of,
                "results": [list(r) for r in self.results], "tied": list(self.tied)}

    @classmethod
    def from_json(cls, data, players: int) -> Match:
        """Rebuild a record from a save, refusing anything inconsistent (a save is never trusted). Every list is
        bounded before it is read: games by MAX_GAMES, seats by the number of players, each seat once."""
        if not isinstance(data, dict) or data.get("kind") not in (BEST_OF, TIEBREAK):
            raise BadMatch("kind")
        kind, number, best_of = data["kind"], data.get("number"), data.get("best_of", 0)
        results, tied = data.get("results", []), data.get("tied", [])
        if not (_is_int(number) and _is_int(best_of) and 1 <= number <= MAX_GAMES and 0 <= best_of <= MAX_GAMES):
            raise BadMatch("number")
        if not (number <= best_of if kind == BEST_OF else number >= 2 and best_of == 0):
            raise BadMatch("best_of")  # a tie-break game follows a tied game: it is game 2 at least
        if not isinstance(results, list) or len(results) != number - 1 \
                or not all(_are_seats(r, players) and (kind == BEST_OF or not r) for r in results):
            raise BadMatch("results")
        if not (_are_seats(tied, players) and (len(tied) >= 2 if kind == TIEBREAK else not tied)):
            raise BadMatch("tied")
        return cls(kind, number, best_of, tuple(tuple(r) for r in results), tuple(tied))


def _are_seats(seats, players: int) -> bool:
    """A list of distinct seats of this game (so never longer than the number of players)."""
    return isinstance(seats, list) and len(seats) <= players and all(_is_int(s) and 0 <= s < players for s in seats) \
        and len(set(seats)) == len(seats)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------------- starting and scoring


def declared(game) -> dict | None:
    """The game's match declaration, or None when it plays single games only."""
    return getattr(game, "MATCH", None)


def start(game, options: dict) -> Match | None:
    """The record of game 1 when the chosen options ask for a match, else None."""
    spec = declared(game)
    if spec is None:
        return None
    games = spec["best_of"].get(options.get(spec["option"]))
    return Match(BEST_OF, 1, games) if games else None


def wins(match: Match, players: int, last: list | tuple = ()) -> list[int]:
    """Games won by each seat: the finished games of the record, plus `last` (this game's winners) if given.
    A game with no single winner counts for nobody."""
    out = [0] * players
    for winners in (*match.results, tuple(last)):
        if len(winners) == 1:
            out[winners[0]] += 1
    return out


def needed(match: Match) -> int:
    """Wins that take a best-of match (2 of 3)."""
    return match.best_of // 2 + 1


def decided(match: Match, players: int, last: list | tuple) -> bool:
    """A best-of match is over once a seat has the wins it needs or every game has been played."""
    return max(wins(match, players, last)) >= needed(match) or match.number >= match.best_of


def match_winner(match: Match, players: int, last: list | tuple) -> int | None:
    """The seat that won the match, once it is decided and one seat leads."""
    score = wins(match, players, last)
    best = max(score)
    leaders = [p for p in range(players) if score[p] == best]
    return leaders[0] if decided(match, players, last) and len(leaders) == 1 else None


# ---------------------------------------------------------------------- the follow-up game


@dataclass(frozen=True)
class FollowUp:
    """The next game to start with the same seats: why (next / tiebreak), its options, seed and match record."""

    kind: str  # "next" (the next game of a match) or "tiebreak"
    options: dict
    seed: int
    match: Match
    sides: str = field(default="")  # "switch", "random" or "" (same sides): what the end screen says


def next_seed(seed: int, number: int) -> int:
    """The seed of game `number` of a match, derived from the previous game's seed (reproducible matches)."""
    return Rng((seed * 1_000_003 + number) & 0xFFFFFFFFFFFFFFFF).below(2_000_000_000)


def next_sides(game, options: dict, match: Match, seed: int) -> tuple[dict, str]:
    """SIK-6.20: the seats switch sides for every game but the deciding last one, whose sides are drawn at random
    (from that game's seed). `match` is the record of the game to start."""
    spec = declared(game) or {}
    key = spec.get("sides")
    if not key:
        return dict(options), ""
    choices = next(o["choices"] for o in game.OPTIONS if o["id"] == key)
    out = dict(options)
    if match.number == match.best_of and match.best_of % 2 == 1 and match.number > 2:
        out[key] = Rng(seed).choice(list(choices))
        return out, "random"
    out[key] = choices[(choices.index(options[key]) + 1) % len(choices)]
    return out, "switch"


def follow_up(game, options: dict, seed: int, match: Match | None, result: dict, players: int) -> FollowUp | None:
    """The game the end screen offers to start with the same seats, or None.

    - In an undecided best-of match: its next game (sides switched or drawn, SIK-6.20).
    - After a tie for first place (SPY-6.11): a tie-break game with the same options, up to game MAX_GAMES.
    """
    winners = tuple(result.get("winners") or ())
    if match is not None and match.kind == BEST_OF:
        if decided(match, players, winners):
            return None
        number = match.number + 1
        new_seed = next_seed(seed, number)
        record = Match(BEST_OF, number, match.best_of, (*match.results, winners))
        new_options, sides = next_sides(game, options, record, new_seed)
        return FollowUp("next", new_options, new_seed, record, sides)
    tied = tuple(result.get("tied") or ())
    if len(tied) > 1 and not tie_stands(match, result):
        earlier = match.results if match is not None and match.kind == TIEBREAK else ()
        number = len(earlier) + 2  # the tied game was number len(earlier) + 1
        record = Match(TIEBREAK, number, 0, (*earlier, ()), tied)
        return FollowUp("tiebreak", dict(options), next_seed(seed, number), record)
    return None


def tie_stands(match: Match | None, result: dict) -> bool:
    """A tie in the last game a run of tie-break games may have (game MAX_GAMES): no further game is offered, so
    the app never writes a record it would refuse to read."""
    tied = result.get("tied") or ()
    return len(tied) > 1 and match is not None and match.kind == TIEBREAK and match.number >= MAX_GAMES
