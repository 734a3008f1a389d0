"""Hostile input, property-based (Hypothesis): saves, full states, deep links and actions of every game.

Every input must end in the project's own error (InvalidSave, IllegalAction, LinkError) or a valid game. Inputs
are bounded by construction (size, nesting depth, history length are refused before any work), and the "ci"
profile in conftest.py bounds and derandomizes the number of examples.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.app import session as session_module
from pygames.app.session import COMPUTER, EASY, HUMAN, LinkError, Seat, Session, parse_deep_link
from pygames.core import guard, registry

ROOT = Path(__file__).resolve().parent.parent
GAMES = {**registry.playable(), "hnim": nim}
REAL = ("ps", "pax", "spy", "sik")

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20)
json_trees = st.recursive(json_scalars, lambda kids: st.lists(kids, max_size=4)
                          | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=25)
not_strings = json_scalars.filter(lambda v: not isinstance(v, str)) | st.lists(json_scalars, max_size=3) \
    | st.dictionaries(st.text(max_size=3), json_scalars, max_size=3)


@cache
def saved(game_id: str, moves: int = 6) -> str:
    """A real save of `game_id` after a few computer moves (every seat a computer, fixed seed)."""
    game = GAMES[game_id]
    seats = [Seat("", EASY)] * max(2, game.PLAYERS[0])  # seeded: the same save on every run
    session = Session.start(game, seats, 11, {}, f"{game_id}-1")
    for _ in range(moves):
        if session.over or session.bot_step() is None:
            break
    return session.to_save(updated=1.0)


def depth_of(value) -> int:
    """Reference nesting depth, recursive (fine in CPython on the small trees generated here)."""
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    return 0


def load_or_refuse(text: str):
    """Load a save as resume and import do; only InvalidSave may escape, and a success is a playable game."""
    try:
        session = Session.from_save(text, GAMES)
    except core.InvalidSave as exc:
        assert exc.key.startswith("core.save.")
        assert all(len(v) <= guard.MAX_ECHO + 1 for v in exc.params.values() if isinstance(v, str))
        return None
    assert session.state["players"] == len(session.seats)
    core.view(session.game, session.state, None)
    return session


def nested(depth: int, leaf="1", array=True) -> str:
    return ("[" * depth + leaf + "]" * depth) if array else ('{"a":' * depth + leaf + "}" * depth)


# --------------------------------------------------------------------------- the depth guard


@given(json_trees)
def test_nesting_depth_matches_the_real_depth_of_any_json(value):
    assert guard.nesting_depth(json.dumps(value)) == depth_of(value)


@given(st.text(max_size=200))
def test_nesting_depth_never_under_counts_arbitrary_text(text):
    try:
        value = json.loads(text)
    except ValueError:
        return
    assert guard.nesting_depth(text) >= depth_of(value)


def scan_depth(text: str) -> int:
    """Reference: static/shell.js's nestingDepth written out in Python, one character at a time."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


# Text made to trip a string scanner: quotes, backslashes, escaped quotes and brackets, with some other characters.
QUOTE_PIECES = ('"', "\\", '\\"', "\\\\", "[", "]", "{", "}", '"["', "a", "é", "\n", "[" * 70, "]" * 70)
quote_texts = st.lists(st.sampled_from(QUOTE_PIECES), max_size=120).map("".join) \
    | st.text(alphabet='"\\[]{}a\u00e9\U0001f600\n', max_size=300)
QUOTE_FILE = '"' + '\\"' * 30_000  # 60 KB: an unclosed string of escaped quotes (made the old scanner quadratic)


@given(quote_texts)
def test_nesting_depth_is_the_shell_scan_on_text_full_of_quotes_and_backslashes(text):
    assert guard.nesting_depth(text) == scan_depth(text)


@given(json_trees, st.sampled_from(('"', '\\"', "\\", "[" * 70)))
def test_nesting_depth_is_exact_on_json_holding_quotes_and_backslashes(value, piece):
    value = [value, piece * 3, {piece: [piece]}]
    assert guard.nesting_depth(json.dumps(value)) == depth_of(value)


@pytest.mark.parametrize("text", [QUOTE_FILE, QUOTE_FILE + "[" * 100, "[" * 100 + QUOTE_FILE,
                                  '\\"' * 30_000 + "[" * 100, '["\\"",' * 10_000, '"' + "\\" * 60_001 + '"[[',
                                  "[" * 100_000 + "]" * 100_000, '{"a":' * 20_000 + "1" + "}" * 20_000])
def test_nesting_depth_of_regression_files(text):
    """The 60 KB file that froze the page, its variants with brackets after and before it, and deep saves."""
    assert guard.nesting_depth(text) == scan_depth(text)
    with pytest.raises(core.InvalidSave) as exc:
        core.parse_json(text)
    assert exc.value.key == ("core.save.too_deep" if scan_depth(text) > guard.MAX_DEPTH else "core.save.not_json")


def test_shell_js_scans_depth_as_the_core_does():
    """One behaviour: static/shell.js's nestingDepth, run by Node, gives the core's depth on seeded hostile texts."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed by the build and by this test")
    source = (ROOT / "static" / "shell.js").read_text(encoding="utf-8")
    function = re.search(r"^  function nestingDepth\(text\) \{$.*?^  \}$", source, re.M | re.S).group(0)
    rng = random.Random(15)
    texts = ["".join(rng.choices(QUOTE_PIECES, k=rng.randrange(60))) for _ in range(400)]
    texts += [QUOTE_FILE + "[" * 100, json.dumps({"n": ['\\"[', "{", [[[]]]]})]
    script = function + "\nconst texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" \
        "process.stdout.write(JSON.stringify(texts.map(nestingDepth)));"
    out = subprocess.run([node, "-e", script], input=json.dumps(texts), capture_output=True, text=True, timeout=60,
                         check=True)
    assert json.loads(out.stdout) == [guard.nesting_depth(t) for t in texts]


@pytest.mark.parametrize("depth", [65, 5_000, 900_000])
@pytest.mark.parametrize("array", [True, False])
def test_saves_nested_deeper_than_the_limit_are_refused_before_parsing(depth, array):
    text = nested(depth, array=array)
    with pytest.raises(core.InvalidSave) as exc:
        core.parse_json(text)
    assert exc.value.key == ("core.save.too_big" if len(text) > core.engine.MAX_SAVE_BYTES else "core.save.too_deep")
    assert core.parse_json(nested(guard.MAX_DEPTH)) is not None  # the limit itself is allowed
    with pytest.raises(core.InvalidSave) as exc:  # an unterminated deep prefix is as dangerous as a closed one
        core.parse_json("[" * 5_000)
    assert exc.value.key == "core.save.too_deep"


def test_brackets_inside_strings_do_not_count_as_depth():
    text = json.dumps({"names": ["[" * 500, "{" * 500, '\\"[[[' * 100]})
    assert guard.nesting_depth(text) == 2 and core.parse_json(text)["names"][0] == "[" * 500


# --------------------------------------------------------------------------- seat names


@given(st.text(max_size=session_module.MAX_NAME_SOURCE))
def test_a_name_is_cleaned_as_a_whole_up_to_the_length_looked_at(name):
    assert session_module.clean_name(name) == "".join(c for c in name if c.isprintable()).strip()[:24]


# What a name may hold: letters and accents, spaces of every kind, controls, zero-width and bidi marks, private use,
# an unassigned code point, emoji (two UTF-16 units each: JS and Python count characters differently), combining
# marks, line and paragraph separators and lone surrogates.
NAME_PIECES = ("a", "Z", "é", "ß", " ", "  ", "\u00a0", "\u3000", "\u2009", "\t", "\n", "\x00", "\x7f", "\x85",
               "\u200b", "\u200d", "\u202e", "\ufeff", "\ue000", "\U000e0001", "\U0001f600",
               "\U0001f469\u200d\U0001f4bb", "\u0301", "\u2028", "\u2029", "\ud800", "\udfff", "名", "\u0378")


def test_the_shell_cleans_a_name_as_the_session_does():
    """One rule: static/shell.js's cleanName (the names Home lists), run by Node, is session.clean_name on seeded
    names of every kind of character, around both lengths (the characters looked at, the characters kept)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed by the build and by this test")
    source = (ROOT / "static" / "shell.js").read_text(encoding="utf-8")
    consts = [re.search(rf"^  const {name} = [^\n]*?;", source, re.M).group(0)
              for name in ("MAX_NAME_SOURCE", "UNPRINTABLE")]
    function = re.search(r"^  function cleanName\(name\) \{$.*?^  \}$", source, re.M | re.S).group(0)
    rng = random.Random(48)
    names = ["".join(rng.choices(NAME_PIECES, k=rng.randrange(40))) for _ in range(600)]
    names += [" " * 30 + "x", "x" * 23 + " y", "\U0001f600" * 30, "\u200b" * 95 + "Bob", "\u200b" * 96 + "Bob",
              "\U0001f600" * 95 + "ab", "a" * 10_000, ""]
    script = f"const MAX_NAME = {session_module.MAX_NAME};\n" + "\n".join(consts) + "\n" + function + \
        "\nconst names = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" \
        "process.stdout.write(JSON.stringify(names.map(cleanName)));"
    out = subprocess.run([node, "-e", script], input=json.dumps(names), capture_output=True, text=True, timeout=60,
                         check=True)
    cleaned = json.loads(out.stdout)
    assert cleaned == [session_module.clean_name(name) for name in names]
    assert cleaned[-8:-3] == ["x", "x" * 23 + " ", "\U0001f600" * 24, "B", ""]  # 95 cut, then "B" of "Bob"


def test_a_huge_seat_name_is_cut_before_it_is_cleaned():
    """Only the first MAX_NAME_SOURCE characters of a name are ever looked at: a 1 MB name in a save loads with
    its first 24 characters, and characters past the cut (here "Bob") are never read."""
    data = json.loads(saved("spy"))
    data["seats"][0]["name"] = "Ann " * 250_000
    data["seats"][1]["name"] = "\u200b" * session_module.MAX_NAME_SOURCE + "Bob" * 300_000
    session = Session.from_save(json.dumps(data), GAMES)
    assert [seat.name for seat in session.seats[:2]] == ["Ann " * 6, ""]


# --------------------------------------------------------------------------- the save loader


@given(json_trees)
def test_any_json_tree_is_a_valid_save_or_an_invalid_save_error(value):
    load_or_refuse(json.dumps(value))


@given(st.sampled_from(("hnim", *REAL)), st.sampled_from(("app", "save_format", "game", "format", "players",
                                                          "seed", "options", "history", "seats", "id", "created",
                                                          "updated")), json_trees)
def test_any_field_of_a_real_save_replaced_by_any_value_is_refused_or_valid(game_id, field, value):
    data = json.loads(saved(game_id))
    original = data[field]
    data[field] = value
    session = load_or_refuse(json.dumps(data))
    if session is not None and field in ("app", "save_format", "game", "format"):
        assert guard.same_value(value, original)  # never coerced: 1.0 and true are not 1
    if session is not None and field in ("players", "seed"):
        assert guard.is_int(value)


@given(st.sampled_from(REAL), st.data())
def test_option_values_of_the_wrong_type_are_refused_with_their_name(game_id, data):
    game = GAMES[game_id]
    assume(game.OPTIONS)
    option = data.draw(st.sampled_from(game.OPTIONS))
    lookalike = data.draw(st.sampled_from([float(c) if type(c) in (int, bool) else [c] for c in option["choices"]]
                                          + [bool(c) if type(c) is int else 1 for c in option["choices"]]))
    assume(not any(guard.same_value(lookalike, c) for c in option["choices"]))
    save = json.loads(saved(game_id))
    save["options"][option["id"]] = lookalike
    with pytest.raises(core.InvalidSave) as exc:
        Session.from_save(json.dumps(save), GAMES)
    assert exc.value.key == "core.save.schema" and exc.value.params == {"field": "options." + option["id"]}


def test_the_reported_sik_save_with_oniwaban_one_point_zero_is_refused_with_a_reason():
    save = json.loads(saved("sik", moves=0))
    for value in (1.0, True, "1"):
        save["options"]["oniwaban"] = value
        with pytest.raises(core.InvalidSave) as exc:
            Session.from_save(json.dumps(save), GAMES)
        assert exc.value.params == {"field": "options.oniwaban"}
    save["options"]["oniwaban"] = 1
    assert Session.from_save(json.dumps(save), GAMES).state["options"]["oniwaban"] == 1


@pytest.mark.parametrize("field,value", [("players", 2.0), ("players", True), ("seed", 11.0), ("seed", False),
                                         ("format", 1.0), ("save_format", True), ("created", True),
                                         ("id", 7), ("seats", [{"name": 3, "kind": "human"}] * 2)])
def test_lookalike_types_in_save_fields_are_refused(field, value):
    data = json.loads(saved("hnim"))
    data[field] = value
    with pytest.raises(core.InvalidSave):
        Session.from_save(json.dumps(data), GAMES)


@given(st.sampled_from(("hnim", *REAL)), st.integers(0, 30), st.one_of(st.text(max_size=30), not_strings,
                                                                          st.integers(), json_trees))
def test_a_forged_history_step_is_refused_or_is_a_legal_move(game_id, index, step):
    data = json.loads(saved(game_id))
    history = data["history"]
    position = min(index, len(history))
    history.insert(position, step if index % 3 else [history[position - 1][0] if position else 0, step])
    load_or_refuse(json.dumps(data))


@given(st.sampled_from(("hnim", *REAL)), st.integers(1, 4_000))
def test_huge_and_deep_values_anywhere_in_a_save_are_refused(game_id, size):
    data = json.loads(saved(game_id))
    data["seats"][0]["name"] = "x" * size * 600  # up to 2.4 MB
    data["history"].append([0, "deep"])
    text = json.dumps(data).replace('"deep"', nested(min(size, 2_000)))
    with pytest.raises(core.InvalidSave) as exc:
        Session.from_save(text, GAMES)
    assert exc.value.key in ("core.save.too_deep", "core.save.too_big", "core.save.bad_step")


@given(st.sampled_from(("hnim", *REAL)), st.sampled_from(core.engine.CORE_KEYS), json_trees)
def test_full_state_loader_raises_only_invalid_save(game_id, key, value):
    game = GAMES[game_id]
    _game, state, _data = core.load_recipe(saved(game_id), GAMES)
    text = core.state_to_json(state)
    assert core.state_to_json(core.state_from_json(game, text)) == text
    forged = json.loads(text)
    forged[key] = value
    try:
        again = core.state_from_json(game, json.dumps(forged))
    except core.InvalidSave:
        return
    assert core.state_to_json(again) == text


@given(json_trees | st.text(max_size=100))
def test_full_state_loader_on_anything_raises_only_invalid_save(value):
    text = value if isinstance(value, str) else json.dumps(value)
    for game in (nim, GAMES["sik"]):
        with pytest.raises(core.InvalidSave):
            core.state_from_json(game, text)


# --------------------------------------------------------------------------- actions


@given(st.sampled_from(("hnim", *REAL)), st.one_of(st.text(max_size=40), not_strings,
                                                   st.text(min_size=1, max_size=3).map(lambda t: t * 50_000)))
def test_any_action_is_applied_or_refused_with_illegal_action_and_a_short_message(game_id, action):
    game = GAMES[game_id]
    _game, state, _data = core.load_recipe(saved(game_id), GAMES)
    before = core.state_to_json(state)
    for seat in [*game.to_move(state), 0, True, None, "0"]:
        try:
            after = core.apply(game, state, seat, action)
        except core.IllegalAction as exc:
            assert len(str(exc)) < 3_000 and all(len(v) <= guard.MAX_ECHO + 1 for v in exc.params.values()
                                               if isinstance(v, str))
        else:
            assert isinstance(action, str) and action in core.legal_actions(game, state, seat)
            assert after["history"][-1] == [seat, action]
        assert core.state_to_json(state) == before


@pytest.mark.parametrize("game_id", ["pax", "sik", "hnim", "ps", "spy"])
@pytest.mark.parametrize("action", [None, 3, 2.5, ["a"], {"a": 1}, True])
def test_non_string_actions_never_reach_game_code(game_id, action):
    game = GAMES[game_id]
    state = core.new_game(game, max(2, game.PLAYERS[0]), 5)
    with pytest.raises(core.IllegalAction) as exc:
        core.apply(game, state, game.to_move(state)[0], action)
    assert exc.value.key == "core.err.illegal"


# --------------------------------------------------------------------------- deep links


link_values = st.text(max_size=12) | st.sampled_from(["human", "computer", "human,computer", "1", "-3", "true",
                                                      "fr", "en", "ruri", "expert", "1.0", "9" * 5_000])
link_keys = st.sampled_from(["game", "seats", "seed", "lang", "names", "botdelay", "opt.pile", "opt.level",
                             "opt.oniwaban", "opt.beginner1", "opt.start", "opt.charisma", "opt.x"])


def start_link(link) -> None:
    """What the app does with a parsed link: a valid link always starts a game."""
    if not link or not link.get("game"):
        return
    game = GAMES[link["game"]]
    seats = [Seat(link["names"][i] if i < len(link["names"]) else "", kind) for i, kind in enumerate(link["kinds"])]
    session = Session.start(game, seats, link["seed"] if link["seed"] is not None else 1, link["options"], "x")
    assert len(session.seats) == session.state["players"]


@given(st.dictionaries(link_keys, link_values, max_size=6), st.sampled_from(("hnim", *REAL)))
def test_any_deep_link_starts_a_game_or_is_refused_with_a_link_error(params, game_id):
    from urllib.parse import urlencode

    params.setdefault("game", game_id)
    try:
        link = parse_deep_link("?" + urlencode(params), GAMES)
    except LinkError as exc:
        assert all(len(str(v)) <= 41 for v in exc.params.values())
        return
    start_link(link)


@given(st.text(max_size=300))
def test_any_query_string_is_parsed_or_refused(query):
    try:
        link = parse_deep_link(query, GAMES)
    except LinkError:
        return
    start_link(link)


def test_game_ids_and_seat_kinds_are_typed_in_links():
    for query in ("?game=hnim&seats=human,computer,human", "?game=hnim&seed=1.5", "?game=hnim&opt.pile=7.0",
                  "?game=sik&opt.oniwaban=true", "?game=" + "x" * 10_000):
        with pytest.raises(LinkError) as exc:
            parse_deep_link(query, GAMES)
        assert all(len(str(v)) <= 41 for v in exc.value.params.values())
    link = parse_deep_link("?game=sik&opt.oniwaban=1&seats=human,computer", GAMES)
    assert link["options"] == {"oniwaban": 1} and link["kinds"] == [HUMAN, COMPUTER]
