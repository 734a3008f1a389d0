"""The table as a spectator (issue 33, item 1): a host device with no seat of its own shows the public view,
`core.view(state, None)`, at any point of a game, not only at the end. Seeded random games of the four games, with
two seats and with more, are drawn at every step (a bounded number of steps) through the one game screen,
`table.table`, in French and in English: it draws, offers no game control nor a hint, its log is the public log,
and nothing hidden from the table reaches it: no hidden card or agent by its engine id (in a text or an
attribute) or by its name in words, and no line of any seat's private log. In CPython, from the built page's
fragments (tests/test_table_model.py's fixture)."""

from __future__ import annotations

import json
import re

import pytest
from helpers.playouts import playout
from test_table_model import walk

from pygames import core
from pygames.app.session import EASY, HUMAN
from pygames.core import registry
from pygames.web import i18n, table, vdom
from pygames.web.boards import board_of

pytestmark = pytest.mark.usefixtures("board_templates")  # the boards' fragments from the built page

STEPS = 50  # steps drawn per game (the first ones and then every few, to the end): the cost stays bounded
SETUPS = {"ps": (2,), "pax": (2, 4), "spy": (2, 5), "sik": (2,)}
STRINGS = i18n.load()


def catalogue(lang: str, players: int, game) -> i18n.Catalogue:
    cat = i18n.Catalogue(STRINGS, lang=lang)
    cat.set_seats(["Élodie", "", *["Ann"] * (players - 2)], {1})
    cat.format_arg = board_of(game).format_arg
    return cat


def spectator_model(game, state: dict, seen_by: int | None = None) -> table.Model:
    """The table's model: the public view (`seen_by` None). A seat's board (its view with the public log) in its
    place is the leak the check must catch."""
    players = state["players"]
    view = core.view(game, state, None)
    if seen_by is not None:
        view = {**core.view(game, state, seen_by), "log": view["log"]}
    return table.Model(game.ID, view, (), None, ("Élodie", "", *["Ann"] * (players - 2)),
                       (HUMAN, EASY, *[HUMAN] * (players - 2)), first_fresh=max(0, len(view["log"]) - 4),
                       remote=tuple(i for i in range(players) if i != 1))


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, v in value.items():
            yield from leaves(v, (*path, key))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    else:
        yield path, value


def piece_key(game, word: str) -> str | None:
    """The catalogue key naming a game piece (an agent, a card) with this id, if it is one."""
    for kind in ("agent", "card"):
        if f"{game.ID}.{kind}.{word}" in STRINGS["en"]:
            return f"{game.ID}.{kind}.{word}"
    return None


def secret_words(game, state: dict) -> dict[str, str | None]:
    """The pieces a seat's view shows where the table's does not, minus every piece the table sees anywhere:
    what the table must never name (a hand's cards, an agent, a hidden tile). Engine codes ("WEA-08", "2T") and
    pieces the catalogue names ({id: its catalogue key}); words such as a mode's name are not pieces."""
    public = core.view(game, state, None)
    seen = {v for _p, v in leaves(public) if isinstance(v, str)}
    theirs = dict(leaves({k: v for k, v in public.items() if k not in ("viewer", "log")}))
    secret = set()
    for seat in range(state["players"]):
        own = leaves({k: v for k, v in core.view(game, state, seat).items() if k not in ("viewer", "log")})
        secret |= {v for path, v in own if isinstance(v, str) and theirs.get(path) != v}
    return {w: piece_key(game, w) for w in secret - seen
            if any(ch.isdigit() for ch in w) or piece_key(game, w) is not None}


def seen_pieces(game, state: dict) -> set[str]:
    return {v for _p, v in leaves(core.view(game, state, None)) if isinstance(v, str)}


def private_lines(game, state: dict, cat) -> set[str]:
    """Every seat's log lines the table may not read, in words."""
    public = core.view(game, state, None)["log"]
    lines = set()
    for seat in range(state["players"]):
        for key, args in core.view(game, state, seat)["log"]:
            if [key, args] not in public:
                lines.add(cat.t(key, **args))
    return lines - {cat.t(key, **args) for key, args in public}


def texts_and_attrs(root: vdom.Node) -> tuple[str, str]:
    nodes = [root, *walk(root)]
    attrs = [str(v) for node in nodes for v in node.attrs.values()]
    return " ".join(kid for node in nodes for kid in node.kids if isinstance(kid, str)), "\n".join(attrs)


def check_screen(game, state: dict, lang: str, seen_by: int | None = None, secrets: dict | None = None) -> None:
    players = state["players"]
    cat = catalogue(lang, players, game)
    tree = table.table(spectator_model(game, state, seen_by), cat)
    nodes = list(walk(tree))
    assert not [n for n in nodes if "data-action" in n.attrs], "the table offers a game control"
    assert not [n for n in nodes if n.attrs.get("data-testid") in ("hint", "hint-line", "preview", "refused")]
    assert not [n for n in nodes if n.attrs.get("data-command") == "hint"]
    status = next(n for n in nodes if n.attrs.get("data-testid") == "status")
    assert status.textContent.strip() and "{" not in status.textContent and "." not in status.textContent.split()[0]
    log = next(n for n in nodes if n.attrs.get("data-testid") == "log")
    public_log = [cat.t(key, **args) for key, args in core.view(game, state, None)["log"]]
    assert [li.textContent for li in log.children] == public_log  # the public log, every line and no other
    assert next(n for n in nodes if n.attrs.get("data-testid") == "table-note").textContent == cat.t("net.table_note")
    assert [n.attrs["data-player"] for n in nodes if n.tag == "li" and "data-player" in n.attrs] == \
        [str(p) for p in range(players)]
    text, attrs = texts_and_attrs(tree)
    public_names = {cat.t(key) for w in seen_pieces(game, state) if (key := piece_key(game, w))}
    public_words = " ".join(public_log)  # a piece's name used as a word of the rules ("under the Bait")
    for word, key in (secret_words(game, state) if secrets is None else secrets).items():
        token = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])")
        assert not token.search(attrs), f"{game.ID}: the table names {word!r} in an attribute"
        assert not token.search(text), f"{game.ID}: the table names {word!r}"
        if key is not None and cat.t(key) not in public_names and cat.t(key) not in public_words:
            assert cat.t(key) not in text, f"{game.ID}: the table names {word!r} as {cat.t(key)!r}"
    private = private_lines(game, state, cat)
    assert not [li for li in log.children if li.textContent in private]
    banner = next(n for n in nodes if n.attrs.get("data-testid") == "last-move")
    shown = [n.textContent.strip() for n in walk(banner) if n.attrs.get("class") == "last-line"]
    assert not [line for line in shown if line in private]


@pytest.mark.parametrize("gid", sorted(SETUPS))
def test_the_table_draws_the_public_view_at_every_step_and_names_no_secret(gid):
    game = registry.load(gid)
    lo, hi = game.PLAYERS
    for players in SETUPS[gid]:
        assert lo <= players <= hi
        seed = 33 + players
        total = sum(1 for _ in playout(game, players, seed))
        drawn = 0
        for state in _states(game, players, seed, total):
            secrets = secret_words(game, state)
            for lang in ("en", "fr"):
                check_screen(game, state, lang, secrets=secrets)
            drawn += 1
        assert drawn >= min(total, STEPS)
        assert game.is_over(state)  # the last state drawn is the end


def _states(game, players: int, seed: int, total: int):
    """Copies of the states of one seeded random game at the steps drawn: the first STEPS // 2, then evenly
    spread to the end (always the last)."""
    first = STEPS // 2
    rest = max(1, (total - first) // (STEPS - first))
    wanted = {i for i in range(total) if i < first or (i - first) % rest == 0} | {total - 1}
    for i, step in enumerate(playout(game, players, seed)):
        if i in wanted:
            yield json.loads(core.state_to_json(step.state))


@pytest.mark.parametrize("gid", ["pax", "spy", "sik"])
def test_the_check_catches_a_seats_secrets_on_the_table(gid):
    """The same check finds the leak when the table's board is drawn from a seat's view instead of the public
    one (its log stays the public log: the log's own check would stop it first)."""
    game = registry.load(gid)
    caught = 0
    for i, step in enumerate(playout(game, 2, seed=5)):
        if i in (12, 40):
            with pytest.raises(AssertionError, match="names"):
                check_screen(game, step.state, "en", seen_by=0)
            caught += 1
        if i > 40:
            break
    assert caught == 2


@pytest.mark.parametrize("gid", sorted(SETUPS))
def test_the_board_names_the_attributes_its_parts_are_compared_by(gid):
    """The last-move ring compares a board's parts under the names the board gives (`LOOK_KEYS`, on `#board` as
    `data-look-keys`): every name is one its drawings use over a whole game (none stale), and static/table.js, the
    one script that compares them, names none of any game's."""
    from pathlib import Path

    game = registry.load(gid)
    keys = board_of(game).look_keys
    assert keys and all(re.fullmatch(r"data-[a-z-]+", k) for k in keys)
    players = SETUPS[gid][-1]
    seed = 33 + players
    total = sum(1 for _ in playout(game, players, seed))
    used: set[str] = set()
    for state in _states(game, players, seed, total):
        for seat in (None, 0):
            view = core.view(game, state, seat)
            model = table.Model(game.ID, view, (), seat, ("Ann", "", *["Bob"] * (players - 2)),
                                (HUMAN, EASY, *[HUMAN] * (players - 2)))
            tree = table.table(model, catalogue("en", players, game))
            board = next(n for n in walk(tree) if n.attrs.get("id") == "board")
            assert board.attrs["data-look-keys"] == " ".join(keys)
            used |= {name for node in walk(board) for name in node.attrs if name in keys}
    assert used == set(keys), set(keys) - used
    script = (Path(__file__).resolve().parents[1] / "static" / "table.js").read_text(encoding="utf-8")
    assert not [k for k in keys if k in script]
