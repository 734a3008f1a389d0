"""What the page's JavaScript must agree on with Python before Python runs: static/shell.js (the home screen) and
static/boot.js read and write localStorage under Python's keys, check saves against the core's limits and cut
names as the session does. Read from the JS source, no browser needed."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

import build
from pygames.app import session, storage
from pygames.core import engine, guard

SHELL = (ROOT / "static" / "shell.js").read_text(encoding="utf-8")
BOOT = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
JS_CONST = re.compile(r"\b([A-Z][A-Z0-9_]*) = (\"[^\"]*\"|\d+)")
JS_ONLY_KEYS = {"pygames.refused"}  # shell.js's own record of refusals (Python reports them via pygamesShell.refused)


def js_constants(source: str) -> dict:
    """`const NAME = "text"` and `NAME = 12` declarations (several per `const` line too)."""
    return {name: ast.literal_eval(value) for name, value in JS_CONST.findall(source)}


def python_storage_keys() -> dict[str, str]:
    """Every module-level `*KEY` / `*_PREFIX` string constant of pygames/web and pygames/app, read from the source
    (some of those modules import `js` and cannot be imported in CPython)."""
    found = {}
    for path in sorted([*(ROOT / "pygames" / "web").rglob("*.py"), *(ROOT / "pygames" / "app").rglob("*.py")]):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.Assign):
                continue
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            names += [e.id for t in node.targets if isinstance(t, ast.Tuple) for e in t.elts]
            values = [node.value] if isinstance(node.value, ast.Constant) else getattr(node.value, "elts", [])
            for name, value in zip(names, values, strict=False):
                if (name.endswith("KEY") or name.endswith("_PREFIX")) and isinstance(getattr(value, "value", None),
                                                                                       str):
                    found[f"{path.stem}.{name}"] = value.value
    return found


def test_shell_reads_saves_and_the_language_under_pythons_keys():
    js = js_constants(SHELL)
    assert {name: js[name] for name in ("LANG_KEY", "INDEX_KEY", "SAVE_PREFIX", "ANALYSIS_PREFIX")} == {
        "LANG_KEY": storage.LANG_KEY, "INDEX_KEY": storage.INDEX_KEY, "SAVE_PREFIX": storage.SAVE_PREFIX,
        "ANALYSIS_PREFIX": storage.ANALYSIS_PREFIX}  # a deleted save's analysis goes with it


def test_boot_reads_the_language_under_pythons_key():
    assert re.findall(r"localStorage\.getItem\(\"([^\"]+)\"\)", BOOT) == [storage.LANG_KEY]


def test_every_storage_key_of_the_page_scripts_is_pythons_or_the_shells_own():
    python_keys = set(python_storage_keys().values())
    assert {storage.LANG_KEY, storage.INDEX_KEY, storage.SAVE_PREFIX, storage.CURRENT_KEY} <= python_keys
    named = {value for name, value in js_constants(SHELL).items() if name.endswith(("_KEY", "_PREFIX"))}
    literal = set(re.findall(r"\"(pygames\.[a-z.]+)\"", SHELL + BOOT)) - {build.BUNDLE}  # a file, not a key
    js_keys = named | literal
    assert storage.LANG_KEY in literal and storage.SAVE_PREFIX in named
    assert js_keys <= python_keys | JS_ONLY_KEYS, js_keys - python_keys - JS_ONLY_KEYS
    assert not JS_ONLY_KEYS & python_keys


def test_no_other_key_looks_like_a_save():
    """shell.js and storage.py list every `pygames.save.*` key as a saved game: no other key may start so."""
    others = set(python_storage_keys().values()) | JS_ONLY_KEYS
    assert [key for key in others if key != storage.SAVE_PREFIX and key.startswith(storage.SAVE_PREFIX)] == []


def test_save_limits_reach_the_shell_from_the_core():
    """The shell checks a save's size and nesting before JSON.parse with the limits the build passes in the boot
    data, which are the core's own (parse_json); it names no other limit."""
    limits = build.save_limits()
    assert limits == {"maxDepth": guard.MAX_DEPTH, "maxChars": engine.MAX_SAVE_BYTES}
    assert set(re.findall(r"\blimits\.(\w+)", SHELL)) == set(limits)
    assert "data.saveLimits" in SHELL


def test_the_dialog_cuts_names_as_the_session_does():
    assert js_constants(SHELL)["MAX_NAME"] == session.MAX_NAME
    assert js_constants(SHELL)["MAX_NAME_SOURCE"] == session.MAX_NAME_SOURCE


# ------------------------------------------------------------------ one rule in both languages, run in Node

def shell_part(*names: str) -> str:
    """The named top-level `const`s (one line each) and `function`s of shell.js, in the order asked."""
    parts = []
    for name in names:
        found = re.search(rf"^  function {name}\(.*?^  \}}$", SHELL, re.M | re.S) or \
            re.search(rf"^  const {name} = [^\n]*;", SHELL, re.M)
        assert found, name
        parts.append(found.group(0))
    return "\n".join(parts)


def run_node(script: str, cases) -> list:
    import json
    import shutil
    import subprocess

    import pytest

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed by the build and by this test")
    script += "\nconst cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" \
        "process.stdout.write(JSON.stringify(cases.map(run)));"
    out = subprocess.run([node, "-e", script], input=json.dumps(cases), capture_output=True, text=True, timeout=60,
                         check=True)
    return json.loads(out.stdout)


FIELD = re.compile(r"\{(\w+)(:[^{}]*)?\}")
SAMPLES = {"n": (0, 1, 2, 5), "name": ("Ann", "Élodie", "Hugo", "bob"), "player": ("Ann", "Omar", "Zoé")}


def test_the_shell_words_every_string_as_the_catalogue_does():
    """One rule: shell.js's `t` (plurals and French elision) gives i18n.Catalogue.t's text for every string the
    shell holds, in both languages, with counts that take the singular in one language and not the other
    (0, 1, 2) and names that elide in French (Ann, Élodie) or not (Hugo)."""
    import itertools
    import json

    from pygames.web import i18n

    strings = i18n.load()
    shell = build.shell_strings(strings)
    cases = []
    for lang in ("en", "fr"):
        for key, template in sorted(shell[lang].items()):
            fields = sorted({m.group(1) for m in FIELD.finditer(template)})
            values = [SAMPLES.get(f, (f"{f}-text", "ici")) for f in fields]
            for combo in itertools.islice(itertools.product(*values), 12):
                cases.append([lang, key, dict(zip(fields, combo, strict=True))])
    script = f"const data = {{shell: {json.dumps(shell)}}};\nconst root = {{lang: 'en'}};\n" + \
        shell_part("ELIDABLE", "VOWELS", "lang", "singular", "t", "elide") + \
        "\nfunction run([lang, key, args]) { root.lang = lang; return t(key, args); }"
    words = run_node(script, cases)
    expected = [i18n.Catalogue(strings, lang).t(key, **args) for lang, key, args in cases]
    wrong = [(case, js, py) for case, js, py in zip(cases, words, expected, strict=True) if js != py]
    assert not wrong, wrong[:5]
    assert len(cases) > 300 and any("d'Élodie" in w or "d'Ann" in w for w in words)  # elision was exercised


ICE_PIECES = ("stun:", "turn:", "turns:", "stun.example.org", "[::1]", "10.0.0.2", ":3478", ":99999", "?transport=udp",
              "?transport=tcp", " ", "  ", "\t", "\n", "\r\n", "\r", "\v", "\x1c", "\x85", "\u2028", "\u00a0", "\u3000",
              "\ufeff", "user", "pass", "é", "\U0001f600", "x" * 70, "_", "stun:a b")


def test_the_servers_field_is_checked_as_the_python_side_reads_it():
    """One rule: shell.js's `checkIce` (the settings field) and pygames/net/ice.py `check` (what the links use)
    agree on seeded hostile texts: the same first problem (its key, line and text) and the same servers kept."""
    import random

    from pygames.net import ice

    rng = random.Random(33)
    texts = ["".join(rng.choices(ICE_PIECES, k=rng.randrange(1, 14))) for _ in range(1500)]
    texts += ["stun:a.org\nturn:b.org:3478?transport=udp u p\n", "\n".join(["stun:a.org"] * 5), "x" * 400,
              "turn:" + "a" * 290 + ".org u p", "stun:\U0001f600.org", "stun:a.org\u2028stun:b.org", "\ufeffstun:a.org"]
    script = shell_part("ICE_KEY", "PY_LINES", "PY_SPACES", "PY_EDGES", "pyStrip", "pySplit", "checkIce") + \
        "\nfunction run(text) { const [kept, problem] = checkIce(text); return [kept.slice(0, ICE_MAX), problem]; }"
    checked = run_node(script, texts)
    for text, (kept, problem) in zip(texts, checked, strict=True):
        servers, found = ice.check(text)
        assert kept == [" ".join([s["urls"], s.get("username", ""), s.get("credential", "")]).strip()
                        for s in servers], text
        assert problem == (list(found) if found else None), text
    assert sum(1 for _kept, problem in checked if problem is None) > 20  # and some texts were good


def test_the_home_list_orders_the_saves_as_storage_does():
    """One rule: shell.js's `storedIds` (the list Home draws) is storage.py's `ordered_ids` of `parse_index`: the
    index's order once each (a duplicate listed once), then every stored save the index lost, in code point order,
    whatever the index holds (not a list, not text, ids of no save, too deep); at most MAX_LISTED."""
    import json
    import random

    from pygames.core import engine

    rng = random.Random(48)
    pieces = ("a", "b", "pax-17", "sik-2", "é", "\U0001f600", "Z", "\uffff", "-", "1")
    cases = []
    for _ in range(300):
        stored = sorted({"".join(rng.choices(pieces, k=rng.randrange(1, 4))) for _ in range(rng.randrange(0, 9))})
        listed = [rng.choice(stored) if stored and rng.random() < 0.7 else "gone" for _ in range(rng.randrange(0, 7))]
        index = rng.choice([json.dumps(listed), json.dumps(listed + [5, None, ["x"]]), "{", '{"a": 1}', "[" * 70,
                            None, json.dumps(listed * 2)])
        cases.append([index, [storage.SAVE_PREFIX + s for s in stored] + ["pygames.lang", "other"]])
    cases.append([json.dumps([f"g{i}" for i in range(150)]), [f"{storage.SAVE_PREFIX}g{i}" for i in range(150)]])
    fake = """function run([index, keys]) {
  const items = Object.fromEntries(keys.map((k) => [k, "{}"]));
  if (index !== null) items[INDEX_KEY] = index;
  const all = Object.keys(items);
  globalThis.localStorage = {get length() { return all.length; }, key: (i) => all[i],
                             getItem: (k) => (k in items ? items[k] : null)};
  return storedIds();
}"""
    limits = {"maxDepth": guard.MAX_DEPTH, "maxChars": engine.MAX_SAVE_BYTES}
    script = f"const data = {{saveLimits: {json.dumps(limits)}}};\n" + \
        shell_part("LANG_KEY", "MAX_LISTED", "storageGet", "nestingDepth", "saveIds", "codePointOrder",
                   "storedIds") + "\n" + fake
    listed = run_node(script, cases)
    limit = js_constants(SHELL)["MAX_LISTED"]
    for (index, keys), ids in zip(cases, listed, strict=True):
        assert ids == storage.ordered_ids(storage.parse_index(index), keys)[:limit], (index, keys)
    assert len(listed[-1]) == limit and any(len(set(ids)) > 2 for ids in listed)
