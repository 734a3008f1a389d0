"""What the page's JavaScript must agree on with Python before Python runs: static/shell.js (the home screen) and
static/boot.js read and write localStorage under Python's keys, check saves against the core's limits and cut
names as the session does. Read from the JS source, no browser needed."""

from __future__ import annotations

import ast
import re

from conftest import ROOT

import build
from pygames.core import engine, guard
from pygames.web import session, storage

SHELL = (ROOT / "static" / "shell.js").read_text(encoding="utf-8")
BOOT = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
JS_CONST = re.compile(r"\b([A-Z][A-Z0-9_]*) = (\"[^\"]*\"|\d+)")
JS_ONLY_KEYS = {"pygames.refused"}  # shell.js's own record of refusals (Python reports them via pygamesShell.refused)


def js_constants(source: str) -> dict:
    """`const NAME = "text"` and `NAME = 12` declarations (several per `const` line too)."""
    return {name: ast.literal_eval(value) for name, value in JS_CONST.findall(source)}


def python_storage_keys() -> dict[str, str]:
    """Every module-level `*KEY` / `*_PREFIX` string constant of pygames/web, read from the source (some of those
    modules import `js` and cannot be imported in CPython)."""
    found = {}
    for path in sorted((ROOT / "pygames" / "web").rglob("*.py")):
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
    assert {name: js[name] for name in ("LANG_KEY", "INDEX_KEY", "SAVE_PREFIX")} == {
        "LANG_KEY": storage.LANG_KEY, "INDEX_KEY": storage.INDEX_KEY, "SAVE_PREFIX": storage.SAVE_PREFIX}


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
