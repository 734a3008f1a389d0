"""What players read names what the board shows, never an engine id: a path is where it is on the city ("T1.NE",
"T4|T5" are the engine's), a PAX card is its category, symbols and value ("ARM-04" is the engine's). Checked on
every action label, status line and log line of seeded random games of each game, in both languages, through the
catalogue and the board's own `format_arg` as the page renders them (CPython). Also Passages Secrets' English
edition names (spec PS-2.2): Prowler's Passage, Market and Castle districts."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from pygames import core
from pygames.core.rng import Rng
from pygames.web import i18n

ROOT = Path(__file__).resolve().parent.parent
ENGINE_ID = re.compile(r"\b[A-Z]{3}-\d\d\b|\bT\d+(?:\.|\s?\|)")
GAMES = {"ps": ("passages_secrets", 2), "pax": ("pax", 3), "spy": ("spyworld", 3), "sik": ("shadows_in_kyoto", 2)}
MAX_STEPS = 600


def board_texts(game_id: str, board, view: dict, legal: list, cat) -> list[str]:
    """The words a board's own pure helpers put on its targets and cards (tooltips, accessible names, the memo)."""
    g = view["state"]
    texts = []
    if game_id == "ps" and g["phase"] != "over":
        for action in legal:
            kind, _, arg = action.partition(":")
            if kind == "place":
                texts.append(board.place_label(g, arg, cat))
            elif kind in ("comp", "shovel"):
                texts.append(board.marker_label(g, action, cat))
    if game_id == "pax":
        texts += [board.card_label(card, cat) for card in board.CARDS]
    return texts


def played_texts(game_id: str, lang: str, seed: int) -> list[str]:
    """Every label, status line and log line of one seeded random game, as the page words them."""
    package, players = GAMES[game_id]
    game = importlib.import_module(f"pygames.{package}")
    board = importlib.import_module(f"pygames.web.boards.{game_id}")
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Élodie", ""] + ["Ann"] * (players - 2), {1})
    cat.format_arg = getattr(board, "format_arg", None)
    state = core.new_game(game, players, seed)
    rng = Rng(seed)
    texts: list[str] = []
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            break
        seat = game.to_move(state)[0]
        view = core.view(game, state, seat)
        legal = game.legal_actions(state, seat)
        for action in legal:
            key, args = game.action_label(view, action)
            texts.append(cat.t(key, **args))
        key, args = game.status(view)
        texts.append(cat.t(key, **args))
        texts += board_texts(game_id, board, view, legal, cat)
        core.engine.apply_in_place(game, state, seat, rng.choice(legal))
    texts += [cat.t(key, **args) for key, args, _to in state["log"]]
    return texts


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_engine_id_reaches_a_player(game_id, lang):
    texts = played_texts(game_id, lang, 7)
    assert len(texts) > 50
    shown = sorted({t for t in texts if ENGINE_ID.search(t)})
    assert not shown, shown[:5]


def test_a_path_is_named_by_its_districts_and_its_place_on_the_city():
    """Each of the 27 paths has its own words (the hex and direction, or the two hexes of its edge), and a log
    line names the two District types it runs between."""
    from pygames.passages_secrets.data import PATHS
    from pygames.web.boards import ps as board

    for lang in i18n.LANGS:
        cat = i18n.Catalogue(lang=lang)
        words = {board.path_words(path, cat) for path in PATHS}
        assert len(words) == len(PATHS)
    en = i18n.Catalogue(lang="en")
    en.format_arg = board.format_arg
    line = en.t("ps.log.place", turn=4, player=0, path="T4|T5", a="@ps.type.MER", b="@ps.type.NOB")
    assert line.endswith("on the Market District / Castle District path (edge between the middle-left and "
                         "middle-right hexes).")
    fr = i18n.Catalogue(lang="fr")
    fr.format_arg = board.format_arg
    assert fr.t("ps.act.place", path="T2.NW", a="@ps.type.BANK", b="@ps.type.POL", token="@ps.face.YEL") == (
        "Creuser le chemin Quartier bancaire / Quartier politique (hexagone en haut au milieu, vers le haut à "
        "gauche ; Butin jaune)")


def test_pax_cards_are_named_by_category_symbols_and_value_not_by_code():
    from pygames.web.boards import pax as board

    for lang, words in (("en", "Army, 2 symbols, value 2"), ("fr", "Armée, 2 symboles, valeur 2")):
        cat = i18n.Catalogue(lang=lang)
        code = next(c for c, (category, symbols, value) in board.CARDS.items()
                    if (category, symbols, value) == ("army", 2, 2))
        assert board.card_label(code, cat) == words
    fragment = (ROOT / "templates/pax/fragments.html.j2").read_text(encoding="utf-8")
    assert "pax-cid" not in fragment  # the printed card carries no code


def test_prowlers_passage_is_the_english_edition():
    """Spec PS-2.2: the English UI says Prowler's Passage (with Passages Secrets beside it), and its districts
    Banking, Political, Market, Residential, Castle; the French keeps its own names."""
    en, fr = i18n.Catalogue(lang="en"), i18n.Catalogue(lang="fr")
    assert en.t("home.game.ps") == en.t("ps.name") == "Prowler's Passage (Passages Secrets)"
    assert fr.t("home.game.ps") == "Passages Secrets"
    assert [en.t(f"ps.type.{d}") for d in ("BANK", "POL", "MER", "RES", "NOB")] == [
        "Banking District", "Political District", "Market District", "Residential District", "Castle District"]
    assert fr.t("ps.type.MER") == "Quartier marchand" and fr.t("ps.type.NOB") == "Quartier noble"
    english = [texts["en"] for texts in json.loads((ROOT / "pygames/passages_secrets/strings.json")
                                                   .read_text(encoding="utf-8")).values()]
    rules = (ROOT / "templates/ps/fragments.html.j2").read_text(encoding="utf-8")
    rules_en = rules[rules.index('<template id="rules-ps-en">'):rules.index('<template id="rules-ps-fr">')]
    for text in [*english, rules_en]:
        assert not re.search(r"\b(Merchant|Noble)\b", text), text[:80]
    assert "<h3>Prowler's Passage (Passages Secrets)" in rules_en
    assert "Market (purple" in rules_en and "Castle (white" in rules_en


def test_a_text_worded_once_follows_every_change_of_its_words():
    """Catalogue.t keeps each (key, arguments) text it made: a change of language, seat names, computers, game namer
    or strings words it again, a bool is not its int, lists are kept for their items (pygames.app.memo.frozen) and
    arguments that are not plain data are worded each time."""
    cat = i18n.Catalogue(lang="en")
    cat.set_seats(["Ann", ""], {1})
    first = cat.t("core.status.turn", player=1)
    assert cat.t("core.status.turn", player=1) == first and "Computer 2" in first
    cat.set_seats(["Ann", "Élodie"], set())
    assert "Élodie" in cat.t("core.status.turn", player=1)
    cat.lang = "fr"
    french = cat.t("core.status.turn", player=1)
    assert "Élodie" in french and french != i18n.Catalogue(lang="en").t("core.status.turn", player=1)
    cat.format_arg = lambda name, value, c: "the namer's" if name == "player" else None
    assert "the namer's" in cat.t("core.status.turn", player=1)
    cat.format_arg = None
    assert cat.t("core.status.turn", player=1) == french
    assert cat.t("x.none", n=1) == "x.none"
    cat.strings = {"fr": {"x.n": "n={n}"}, "en": {"x.n": "n={n}"}}
    assert (cat.t("x.n", n=1), cat.t("x.n", n=True), cat.t("x.n", n=1.0)) == ("n=1", "n=True", "n=1.0")
    assert cat.t("x.n", n=[1, 2]) == "n=1, 2" and cat.t("x.n", n=[3]) == "n=3"
    assert len(cat._memo.results) == 5
    assert cat.t("x.n", n=object()).startswith("n=<object") and len(cat._memo.results) == 5


def table_words(tree) -> list[str]:
    """What a player reads or hears of a drawn table (pygames/web/table.py): every text node's words and every
    accessible name or tooltip (where a control's name is made of its shown words and its label, kit.spoken_name)."""
    from pygames.web import vdom

    out = []

    def walk(node) -> None:
        if isinstance(node, str):
            if node.strip():
                out.append(" ".join(node.split()))
            return
        if not isinstance(node, vdom.Node):
            return
        for name in ("aria-label", "title"):
            if node.attrs.get(name):
                out.append(str(node.attrs[name]))
        for kid in node.kids:
            walk(kid)
    walk(tree)
    return out


# glued words: a number run into a word ("2Intrigue"), two words with no space ("IntrigueJouer"), an agent's code
GLUED = re.compile(r"\d[A-ZÉ][a-zé]|[a-zé][A-ZÉ][a-zé]|(?<![\w-])\d[TF]\b")


def code_tokens(legal: list[str]) -> set[str]:
    """The parts of the engine's action ids that are codes, not words ("3T", "SEN-10", "T1.NE", "BANK"): not a
    number, and not a map's coordinate as the board writes it on the map ("a1")."""
    tokens = set()
    for action in legal:
        for part in re.split(r"[:|,]", action):
            if len(part) < 2 or part.isdigit() or re.fullmatch(r"[a-z]\d+", part):
                continue
            if any(c.isdigit() for c in part) or part.isupper() or "-" in part or "." in part:
                tokens.add(part)
    return tokens


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_drawn_table_names_no_engine_code_in_words_or_accessible_names(game_id, lang, test_site_dir):
    """Issue 47: SIK's placements read "3T" (T for true, in French too) and their names "33T: Placer 3 vrai…", PAX's
    "2IntrigueJouer +0: …". Over a seeded game, the whole table as drawn for the seat to move (every text, every
    accessible name and tooltip, the seats' summaries included) shows no code of the engine's action ids, no catalogue
    key or placeholder, and no words glued together."""
    from test_table_model import Templates

    from pygames.web import table, vdom

    reader = Templates()
    reader.feed((test_site_dir / "index.html").read_text(encoding="utf-8"))
    for name, root in reader.found.items():
        vdom.add_template(name, root)
    static = vdom.static
    vdom.static = lambda key, build: vdom.Static(key, None)
    try:
        package, players = GAMES[game_id]
        game = importlib.import_module(f"pygames.{package}")
        board = importlib.import_module(f"pygames.web.boards.{game_id}")
        cat = i18n.Catalogue(lang=lang)
        cat.set_seats(["Élodie", ""] + ["Ann"] * (players - 2), {1})
        cat.format_arg = getattr(board, "format_arg", None)
        state = core.new_game(game, players, 11)
        rng = Rng(11)
        bad: set[str] = set()
        for step in range(MAX_STEPS):
            if game.is_over(state):
                break
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            if step % 3 == 0:
                view = core.view(game, state, seat)
                model = table.Model(game_id, view, tuple(legal), seat, tuple(cat.names), ("human",) * players)
                codes = code_tokens(legal)
                for words in table_words(table.table(model, cat)):
                    found = [c for c in codes if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", words)]
                    if found or GLUED.search(words) or re.search(r"\{\w*\}|@\w+\.\w|\b\w+\.\w+\.\w+\b", words):
                        bad.add(f"{words[:80]!r} {found}")
            core.engine.apply_in_place(game, state, seat, rng.choice(legal))
        assert not bad, sorted(bad)[:8]
    finally:
        vdom.static = static
