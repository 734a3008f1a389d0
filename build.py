#!/usr/bin/env python3
"""Build, serve, test and benchmark pygames. Needs only Python >= 3.11, Node.js/npm and (for tests) Chromium.

    python3 build.py serve [--port 8000]   set up, build dist/ and serve it on http://127.0.0.1:PORT/
    python3 build.py test [pytest args]    set up, build dist/ and dist-test/, run ruff and every test
    python3 build.py build                 set up and build dist/ only
    python3 build.py bench                 set up, build, and print the benchmarks

Setup is automatic: a virtualenv in .venv with the pinned dev tools of pyproject.toml, and `npm ci` for the
pinned runtime (Pyodide, PyScript) in node_modules/. Nothing is fetched at run time by the site itself.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
DIST = ROOT / "dist"
DIST_TEST = Path(os.environ.get("PYGAMES_DIST_TEST") or ROOT / "dist-test")  # helpers designing at once: one each
BUNDLE = "pygames.bundle"  # our Python packages, unpacked into the file system at boot (bundle_packages)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"  # shipped as `stdlib_archive()` makes it, in place of Pyodide's own
LOCK = "pyodide-lock.json"  # shipped as `lock_file()` makes it: the app loads none of Pyodide's packages
# What PyScript's start-up imports from the stdlib after Pyodide's own start-up: bytecode too (see stdlib_archive).
STDLIB_BOOT_EXTRA = ("html",)
# Left out of the shipped stdlib: what cannot run in a browser page (a terminal REPL, debuggers, profilers and
# timers for a console, test runners, child processes, servers, mail and FTP clients) and nothing here imports.
STDLIB_LEFT_OUT = ("_pyrepl", "pdb", "bdb", "cmd", "unittest", "doctest", "pydoc", "multiprocessing",
                   "cProfile", "profile", "pstats", "trace", "timeit", "tabnanny", "pyclbr", "zipapp", "getpass",
                   "pty", "tty", "rlcompleter", "socketserver", "xmlrpc", "wsgiref", "imaplib", "smtplib", "ftplib",
                   "poplib", "mailbox")
# PyScript chunks for features we never use (editor, terminal, MicroPython, pygame, TOML config): not shipped.
# PyScript always imports its small plugin shims (py-editor, py-terminal, …); the heavy parts they load only on
# demand (CodeMirror, xterm) and the MicroPython/TOML/graph chunks are never used by us: not shipped.
PYSCRIPT_SKIP = ("codemirror", "xterm", "mpy-", "toml-", "pyodide_graph")
# PyScript chunks its core.js imports at every boot, one after the other: preloaded at once by the page instead.
PYSCRIPT_BOOT = ("core-", "deprecations-manager-", "donkey-", "error-", "py-editor-", "py-game-", "py-terminal-")
# Browser libraries of the app, self-hosted from node_modules (pinned in package-lock.json) into the app's files,
# so their version is in the build hash and an upgrade reaches devices as an app deploy: {served path: (package,
# file)}, each under its package's LICENSE. ZzFX's micro build (1.2 KB) synthesizes the sound cues (static/sound.js
# loads it on the first tap).
VENDORED = {"static/zzfx.js": ("zzfx", "ZzFXMicro.min.js"),
            # Pairing devices (issue 33), under net/ (NET): lean-qr draws the QR codes; barcode-detector reads them
            # where the browser has no BarcodeDetector, with zxing-wasm's reader served from our own origin.
            "net/lean-qr.mjs": ("lean-qr", "index.mjs"),
            "net/barcode-detector.js": ("barcode-detector", "dist/iife/ponyfill.js"),
            "net/zxing_reader.wasm": ("zxing-wasm", "dist/reader/zxing_reader.wasm")}
ICONS_PACKAGE = "@iconify-json/game-icons"  # a devDependency: the build copies the icons it uses, never the set
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
        ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".zip": "application/zip"}


# --------------------------------------------------------------------------- setup


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def dev_requirements() -> list[str]:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["optional-dependencies"]["dev"]


def ensure_venv() -> None:
    """Re-run this script inside .venv, creating it and installing the pinned tools when needed."""
    stamp = VENV / ".requirements"
    wanted = "\n".join(dev_requirements())
    if not venv_python().exists():
        print("setup: creating .venv", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        print("setup: installing " + ", ".join(dev_requirements()), flush=True)
        subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        *dev_requirements()], check=True)
        stamp.write_text(wanted)
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(venv_python()), [str(venv_python()), str(Path(__file__).resolve()), *sys.argv[1:]])


def installed_runtime_versions() -> dict:
    """The versions of Pyodide, PyScript and the icon set actually in node_modules (missing ones left out)."""
    found = {}
    for key, name in (("pyodide", "pyodide"), ("pyscript", "@pyscript/core"), ("icons", ICONS_PACKAGE)):
        path = ROOT / "node_modules" / name / "package.json"
        if path.exists():
            found[key] = json.loads(path.read_text(encoding="utf-8")).get("version")
    return found


def vendored_versions(installed: bool) -> dict:
    """The versions of the vendored packages: as package-lock.json pins them, or as installed ({} entry missing)."""
    names = sorted({package for package, _file in VENDORED.values()})
    if not installed:
        packages = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
        return {name: packages[f"node_modules/{name}"]["version"] for name in names}
    found = {}
    for name in names:
        path = ROOT / "node_modules" / name / "package.json"
        if path.exists():
            found[name] = json.loads(path.read_text(encoding="utf-8")).get("version")
    return found


def ensure_node_modules() -> None:
    """`npm ci` when node_modules lacks the pinned runtime, the icon set or a vendored package. Compared by version,
    not by file dates: a fresh checkout (or a worktree sharing node_modules through a symlink) must not wipe a
    good install."""
    if installed_runtime_versions() == pinned_node_modules() and vendored_versions(True) == vendored_versions(False):
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("setup: npm is needed once to fetch the pinned Pyodide and PyScript runtime (install Node.js)")
    print("setup: npm ci", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


# --------------------------------------------------------------------------- build


def runtime_versions() -> dict:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    return {"pyodide": packages["node_modules/pyodide"]["version"],
            "pyscript": packages["node_modules/@pyscript/core"]["version"]}


def pinned_node_modules() -> dict:
    """What node_modules must hold: the runtime, and the icon set the build draws from (write_art)."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return {**runtime_versions(), "icons": lock["packages"][f"node_modules/{ICONS_PACKAGE}"]["version"]}


def catalogue_files(with_test_games: bool) -> list[Path]:
    files = [ROOT / "pygames/web/strings.json", *sorted(ROOT.glob("pygames/*/strings.json"))]
    if with_test_games:
        files += sorted(ROOT.glob("tests/pygames_testgames/strings.json"))
    return list(dict.fromkeys(files))


def stamped(path: Path, stamp: str) -> bytes:
    """A strings.json, with `stamp` appended to the shell's "Games" heading when given (an app-only change)."""
    data = path.read_bytes()
    if not stamp or path != ROOT / "pygames/web/strings.json":
        return data
    texts = json.loads(data)
    texts["home.games"] = {lang: f"{text} {stamp}" for lang, text in texts["home.games"].items()}
    return json.dumps(texts, ensure_ascii=False, indent=1).encode()


def load_catalogue(with_test_games: bool, stamp: str = "") -> dict[str, dict[str, str]]:
    """{lang: {key: text}} merged from every strings.json; a key in one language only is a build error."""
    merged: dict[str, dict[str, str]] = {"en": {}, "fr": {}}
    for path in catalogue_files(with_test_games):
        for key, texts in json.loads(stamped(path, stamp)).items():
            if set(texts) != {"en", "fr"}:
                raise SystemExit(f"{path}: {key} must have exactly 'en' and 'fr'")
            for lang in merged:
                merged[lang][key] = texts[lang]
    return merged


TOOLS = ROOT / "tools"  # programs the build runs, not shipped: the Node runner and the Python it runs in Pyodide
PYODIDE_RUN = TOOLS / "pyodide_run.mjs"


def run_in_pyodide(program: Path, function: str, data: bytes, what: str) -> bytes:
    """`function(data)` of the Python file `program`, run by the pinned Pyodide in Node (the browser's Python, so
    the same bytecode format and the same zstd): bytes in, bytes out."""
    node = shutil.which("node")
    if node is None:
        sys.exit(f"build: Node.js is needed to make {what} with the pinned Pyodide")
    return subprocess.run([node, str(PYODIDE_RUN), str(program), function], cwd=ROOT, check=True, input=data,
                          capture_output=True).stdout


BOOT_ENTRIES = ("pygames.web.lazy_stdlib", "pygames.web.app")  # what the boot imports (pyodide-warm.mjs, main.py)


BUNDLE_LEVEL = 19  # zstd's level for the bundle: smaller than gzip -9 and unpacked faster (docs/measurements.md)


def bundle_packages(target: Path, with_test_games: bool, stamp: str = "") -> None:
    """The Python packages as one zstd stream (static/pyodide-warm.mjs `unpackBundle` reads it): a JSON line
    [[path, size], …], then the files' bytes one after the other: every .py and .json file, then the bytecode of
    the modules the boot imports. Made by the pinned Pyodide in Node (tools/bundle.py `pack`): Pyodide 314
    compiles every module from source at import (its stdlib too, but for the boot's modules: `stdlib_archive`), and
    compiling our boot modules costs a cold boot far more than unmarshalling their .pyc (docs/measurements.md).
    Unchecked-hash .pyc without docstrings or column positions (tools/pyc.py) are used as they are (the sources
    stay in the bundle for tracebacks). Only the boot's modules: bytecode is bigger than the source, compressed.
    The page unpacks the stream with Python's own zstd and writes the files from JavaScript, faster than PyScript's
    `files` setting, which unpacks a zip in Python (Pyodide's `unpack_buffer`; docs/measurements.md)."""
    roots = [(ROOT, ROOT / "pygames")]
    if with_test_games:
        roots.append((ROOT / "tests", ROOT / "tests/pygames_testgames"))
    files = [(path.relative_to(base).as_posix(), stamped(path, stamp))
             for base, package in roots for path in sorted(package.rglob("*"))
             if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts]
    request = {"entries": list(BOOT_ENTRIES), "level": BUNDLE_LEVEL,
               "files": [[name, data.decode("utf-8")] for name, data in files]}
    target.write_bytes(run_in_pyodide(TOOLS / "bundle.py", "pack", json.dumps(request).encode(), "the bundle"))


def read_bundle(packed: bytes) -> dict[str, bytes]:
    """{path: bytes} of a bundle (`bundle_packages`), unpacked by the pinned Pyodide's zstd in Node (the tests')."""
    from tools import bundle

    return bundle.split(run_in_pyodide(TOOLS / "bundle.py", "decompress", packed, "the bundle's files"))


def stdlib_key() -> str:
    """What the runtime files the build makes are made from: the pinned Pyodide and the stdlib's recipe, the
    programs' text included, and the lock file shipped (it names the runtime's cache)."""
    programs = [path.read_text(encoding="utf-8") for path in (PYODIDE_RUN, TOOLS / "stdlib.py", TOOLS / "pyc.py")]
    recipe = [runtime_versions()["pyodide"], *programs, STDLIB_BOOT_EXTRA, STDLIB_LEFT_OUT, lock_file()]
    return hashlib.sha256(json.dumps(recipe).encode()).hexdigest()[:8]


def stdlib_archive() -> bytes:
    """Pyodide's stdlib as the page boots fastest from it, made once per `stdlib_key` (kept in node_modules/.cache).

    Pyodide 314 ships its stdlib as source, and its start-up compiles the ~125 modules it imports: most of a cold
    boot's Python time (figures: docs/measurements.md). So those modules (and what PyScript adds,
    STDLIB_BOOT_EXTRA) are unchecked-hash .pyc made by the pinned Pyodide itself, without docstrings (as
    `python -OO` runs the stdlib; their bytecode is twice the size of their source), in place of their source; the
    others stay source. What cannot run in a browser page (STDLIB_LEFT_OUT) is left out, which pays for the
    bytecode: the archive is smaller than Pyodide's.
    It takes the place of Pyodide's own file, so every boot (page, snapshot, workers) uses it."""
    key = stdlib_key()
    cached = ROOT / "node_modules/.cache/pygames" / f"stdlib-{key}.zip"
    if cached.exists():
        return cached.read_bytes()
    request = {"extra": list(STDLIB_BOOT_EXTRA), "leftOut": list(STDLIB_LEFT_OUT)}
    archive = run_in_pyodide(TOOLS / "stdlib.py", "main", json.dumps(request).encode(), "the stdlib")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(archive)
    return archive


def shell_strings(catalogue: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The strings the prebuilt shell (static/shell.mjs) needs before Python runs: the shell's catalogue, the
    games' names and their option labels, in both languages."""
    shell_keys = set(json.loads((ROOT / "pygames/web/strings.json").read_text(encoding="utf-8")))
    wanted = re.compile(r"^(home\.|\w+\.opt\.)")
    return {lang: {k: v for k, v in texts.items() if k in shell_keys or wanted.match(k)}
            for lang, texts in catalogue.items()}


def save_limits() -> dict[str, int]:
    """The core's limits on saved text (one source: pygames/core), for the prebuilt list that reads saves in JS."""
    from pygames.core import engine

    return {"maxDepth": engine.MAX_DEPTH, "maxChars": engine.MAX_SAVE_BYTES}


def dialog_kinds() -> dict:
    """Who may play a seat (human or a computer level), from the shell's own code (pygames/app/dialog.py)."""
    from pygames.app import dialog

    return dialog.kinds()


def dialog_specs(with_test_games: bool) -> dict[str, dict]:
    """{game: dialog.game_spec} for the new-game dialog, which static/shell.js draws from this data alone (before
    and after Python boots). Every playable game, test games included."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from pygames.app import dialog
    from pygames.core import registry

    return {gid: dialog.game_spec(gid, game) for gid, game in registry.playable().items()
            if gid in registry.GAME_IDS or with_test_games}


def game_cards(with_test_games: bool) -> list[dict]:
    """The four games for the home page, in order; `ready` is read from each package (READY = True)."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from pygames.core import registry

    return [{"id": gid, "ready": registry.load(gid) is not None,
             "tutorial": (ROOT / registry.PACKAGES[gid].replace(".", "/") / "tutorial.json").exists()}
            for gid in registry.GAME_IDS]


def registry_ids() -> list[str]:
    from pygames.core import registry

    return list(registry.GAME_IDS)


def snapshot_imports() -> str:
    """Python run before the memory snapshot is taken: the shell, every playable engine and board renderer, so a
    warm boot has them all compiled. Nothing here may touch the DOM (it runs in a worker) or start a game."""
    boards = sorted(p.stem for p in (ROOT / "pygames/web/boards").glob("*.py") if p.stem != "__init__")
    # PyScript's own `pyscript` package (written and imported by PyScript at every boot) needs these: having
    # them compiled in the snapshot shortens the warm boot; they do not depend on the page.
    lines = ["import asyncio, base64, html, inspect, io, json, pathlib",
             "import pygames.web.app", "from pygames.core import registry", "registry.playable()",
             *[f"import pygames.web.boards.{name}" for name in boards]]
    return "\n".join(lines)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


# The prebuilt fragments of every game, as index.html includes them (board parts and rules pages).
FRAGMENTS = ('{% for g in games %}{% if g.ready %}{% include g.id + "/fragments.html.j2" ignore missing %}'
             '{% endif %}{% endfor %}')
RULES_PAGE = re.compile(r'<template id="rules-([a-z0-9]+-(?:en|fr))">(.*?)</template>\n?', re.S)


def split_rules(html: str) -> tuple[str, dict[str, str]]:
    """(the page without its rules pages, {"<game>-<lang>": a rules page's HTML}). The rules pages are 60 % of the
    page's bytes and read only when opened: each becomes a file of its own (rules/<game>-<lang>.html)."""
    return RULES_PAGE.sub("", html), {name: body for name, body in RULES_PAGE.findall(html)}


def page_sources() -> dict[str, str]:
    """The sources rendered into the page and the service worker rather than copied as files (so not in the build's
    file hashes): the page template, the boot script inlined in it, every template. A change to any of them is a new
    build: a new app cache, so returning visitors get it."""
    paths = [ROOT / "index.html", ROOT / "static/boot.js", *sorted((ROOT / "templates").rglob("*"))]
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in paths if p.is_file()}


class Caches(NamedTuple):
    """The build's names (see templates/sw.js.j2): the files copied and their hashes, the build's version, the app's
    cache (named after the build) and the runtime's (named after its versions and the stdlib's recipe)."""

    entries: dict[str, str]
    version: str
    app: str
    runtime: str
    runtime_tag: str


def build(out: Path = DIST, with_test_games: bool = False, stamp: str = "") -> dict:
    """Build the site into `out` and return its precache manifest. `stamp` (tests and bench only) makes an
    app-only change: it is appended to the "Games" heading."""
    catalogue = load_catalogue(with_test_games, stamp)
    cards = game_cards(with_test_games)
    env = template_environment()
    start_output(out)
    copy_runtime(out)
    copy_app(out, with_test_games, stamp)
    write_catalogues(out, catalogue)
    write_web_manifest(out, env)
    write_rules_pages(out, env, cards, catalogue)
    write_art(out, env)
    caches = name_caches(out)
    write_page(out, env, caches, boot_settings(out, caches, catalogue, with_test_games), cards, catalogue)
    manifest = write_precache(out, env, caches)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"build: {out.name}/ {len(manifest['files'])} files, {total / 1e6:.1f} MB, {caches.app}, {caches.runtime}")
    return manifest


def template_environment():
    """Jinja2 over the page (index.html) and templates/: autoescaped, and an undefined name is an error."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(ROOT), str(ROOT / "templates")]),
                             autoescape=jinja2.select_autoescape(["html", "svg", "j2"]),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["svg_url"] = svg_url
    env.globals["icon"] = svg_icon
    return env


def start_output(out: Path) -> None:
    """An empty `out` with its runtime folders: nothing of an earlier build is left to be shipped."""
    if out.exists():
        shutil.rmtree(out)
    (out / "runtime/pyodide").mkdir(parents=True)
    (out / "runtime/pyscript").mkdir(parents=True)


def copy_runtime(out: Path) -> None:
    """Pyodide's files with our stdlib and lock file in place of its own, and the PyScript chunks we use."""
    for name in PYODIDE_FILES:
        shutil.copy2(ROOT / "node_modules/pyodide" / name, out / "runtime/pyodide" / name)
    (out / "runtime/pyodide" / STDLIB).write_bytes(stdlib_archive())
    (out / "runtime/pyodide" / LOCK).write_text(lock_file(), encoding="utf-8")
    for path in sorted((ROOT / "node_modules/@pyscript/core/dist").iterdir()):
        if path.suffix in (".js", ".css") and not path.name.startswith(PYSCRIPT_SKIP):
            shutil.copy2(path, out / "runtime/pyscript" / path.name)


def lock_file() -> str:
    """Pyodide's lock file with no package in it. Pyodide reads it at every boot (its `info` must match the
    runtime), but its ~350 package entries (~120 KB a first visit downloads) are only for `loadPackage`, and the app
    loads no package: its config names none, and the page may fetch nothing from another origin (CSP)."""
    published = json.loads((ROOT / "node_modules/pyodide" / LOCK).read_text(encoding="utf-8"))
    return json.dumps({**published, "packages": {}}, separators=(",", ":"), sort_keys=True)


def copy_app(out: Path, with_test_games: bool, stamp: str) -> None:
    """static/ (but boot.js, inlined in the page), our packages' bundle, the Python PyScript runs, its config."""
    shutil.copytree(ROOT / "static", out / "static", ignore=shutil.ignore_patterns("boot.js", "net"))
    shutil.copytree(ROOT / "static/net", out / NET)  # the pairing code: fetched only when pairing (see NET)
    copy_vendored(out)
    bundle_packages(out / BUNDLE, with_test_games, stamp)
    shutil.copy2(ROOT / "pygames/web/main.py", out / "main.py")
    shutil.copy2(ROOT / "pygames/web/search_worker.py", out / "search_worker.py")  # precached like every file
    # PyScript imports our wrapper of loadPyodide (boot from a memory snapshot when this device has one).
    # It also puts our packages in the file system (no `files` setting: see bundle_packages).
    config = {"interpreter": "./static/pyodide-warm.mjs"}
    (out / "pyscript.json").write_text(json.dumps(config), encoding="utf-8")


def copy_vendored(out: Path) -> None:
    """The vendored libraries as their packages ship them, under their package's name, version and LICENSE."""
    versions = vendored_versions(False)
    for served, (package, name) in VENDORED.items():
        folder = ROOT / "node_modules" / package
        if served.endswith(".wasm"):  # binary: as shipped (its package's LICENSE is beside the JS that loads it)
            shutil.copy2(folder / name, out / served)
            continue
        licence = (folder / "LICENSE").read_text(encoding="utf-8").replace("*/", "* /").strip()
        notice = f"/* npm {package} {versions[package]}, {name}\n\n{licence}\n*/\n"
        (out / served).write_text(notice + (folder / name).read_text(encoding="utf-8"), encoding="utf-8")


def write_catalogues(out: Path, catalogue: dict[str, dict[str, str]]) -> None:
    """i18n/<lang>.json: the merged catalogue of each language, read by Python at boot."""
    (out / "i18n").mkdir()
    for lang, texts in catalogue.items():
        (out / "i18n" / f"{lang}.json").write_text(json.dumps(texts, ensure_ascii=False, sort_keys=True),
                                                  encoding="utf-8")


def write_web_manifest(out: Path, env) -> None:
    """manifest.webmanifest, rendered from its template."""
    (out / "manifest.webmanifest").write_text(env.get_template("manifest.webmanifest.j2").render(),
                                             encoding="utf-8")


def write_rules_pages(out: Path, env, cards: list[dict], catalogue: dict[str, dict[str, str]]) -> None:
    """The rules pages: one file per game and language, fetched when opened (static/shell.js), not in the page."""
    fragments = env.from_string(FRAGMENTS).render(games=cards, t=catalogue["en"])
    (out / "rules").mkdir()
    for name, page in split_rules(fragments)[1].items():
        (out / "rules" / f"{name}.html").write_text(page, encoding="utf-8")


ART = "art/"  # each game's look (write_art): fetched when the game first opens, kept by the worker, not precached
NET = "net/"  # pairing devices (static/net/, the QR libraries): fetched when pairing, kept by the worker, not precached
LAZY = (ART, NET)
ICONS = ROOT / "node_modules" / ICONS_PACKAGE / "icons.json"  # Game Icons (CC BY 3.0), read at build time only


def art_games() -> list[str]:
    """The games with a look of their own: a templates/<game>/art.css.j2."""
    return [gid for gid in registry_ids() if (ROOT / "templates" / gid / "art.css.j2").exists()]


@functools.cache
def game_icons() -> dict[str, str]:
    """{name: SVG body} of the Game Icons set (512 x 512 each): only the icons a template names are shipped."""
    if not ICONS.exists():
        sys.exit("build: @iconify-json/game-icons is missing from node_modules: run `npm ci` (package.json pins it)")
    return {name: icon["body"] for name, icon in json.loads(ICONS.read_text(encoding="utf-8"))["icons"].items()}


def svg_icon(name: str, x: float = 0, y: float = 0, size: float = 512, fill: str = "currentColor", extra: str = ""):
    """One Game Icons icon as an SVG group at (x, y), `size` units wide, painted `fill` (an unknown name is an
    error: a typo must not ship an empty picture)."""
    import markupsafe

    body = game_icons()[name].replace('fill="currentColor"', f"fill='{fill}'").replace('"', "'")
    scale = f"{size / 512:.4g}"
    return markupsafe.Markup(f"<g transform='translate({x} {y}) scale({scale})' {extra}>{body}</g>")


def svg_url(svg: str):
    """An SVG drawing as a CSS data: URL (one line, `"` and what a URL cannot hold percent-encoded)."""
    import urllib.parse

    import markupsafe

    text = re.sub(r">\s+<", "><", re.sub(r"\s+", " ", str(svg))).strip().replace('"', "'")
    return markupsafe.Markup('url("data:image/svg+xml,' + urllib.parse.quote(text, safe=" /:=;,'()!*-._~") + '")')


def write_art(out: Path, env) -> None:
    """art/<game>.css: each game's palette, type and illustrated SVG (as data: URLs, crisp at any zoom), rendered
    from templates/<game>/art.css.j2. static/art.js adds it when the game first opens; it is on no boot path.
    The home tiles (static/icons/<game>.svg, from templates/<game>/tile.svg.j2) are on the home screen: a few KB."""
    (out / "art").mkdir()
    for gid in art_games():
        css = env.get_template(f"{gid}/art.css.j2").render()
        (out / "art" / f"{gid}.css").write_text(css, encoding="utf-8")
        tile = env.get_template(f"{gid}/tile.svg.j2").render()
        (out / "static/icons" / f"{gid}.svg").write_text(re.sub(r">\s+<", "><", tile).strip(), encoding="utf-8")


def name_caches(out: Path) -> Caches:
    """The files written so far with their hashes, and the names they give the build and its two caches.

    The version hashes every input (files, runtime versions, page sources, and what the memory snapshot imports,
    made on the device and keyed on it), so the app's cache name changes whenever anything does. The stdlib is made
    by the build (stdlib_archive): its recipe's key is part of the runtime's name, so a page never gets a stdlib of
    another recipe; the worker takes the runtime's other files from the older cache."""
    entries = {p.relative_to(out).as_posix(): sha(p) for p in sorted(p for p in out.rglob("*") if p.is_file())}
    versions = runtime_versions()
    version = hashlib.sha256(json.dumps([versions, entries, page_sources(), snapshot_imports()],
                                        sort_keys=True).encode()).hexdigest()[:12]
    runtime_tag = f"-pyodide-{versions['pyodide']}-pyscript-{versions['pyscript']}"
    return Caches(entries=entries, version=version, app=f"pygames-app-{version}",
                  runtime=f"pygames-runtime{runtime_tag}-stdlib-{stdlib_key()}", runtime_tag=runtime_tag)


def boot_settings(out: Path, caches: Caches, catalogue: dict[str, dict[str, str]], with_test_games: bool) -> dict:
    """What the page's boot script and prebuilt shell read before Python runs (the page's JSON `boot` block)."""
    runtime_bytes = {k: (out / k).stat().st_size for k in caches.entries if k.startswith("runtime/pyodide/")}
    return {
        "appCache": caches.app,
        "runtimeCache": caches.runtime,
        "precache": sorted([*(k for k in caches.entries if not k.startswith(LAZY)), "index.html"]),
        "strings": {lang: {k: v for k, v in texts.items() if k.startswith("boot.")}
                    for lang, texts in catalogue.items()},
        # Fetched (not imported) runtime files: the progress bar counts their bytes.
        "fetchBytes": {k: v for k, v in runtime_bytes.items() if not k.endswith(".mjs")},
        "version": caches.version,
        "pyodide": runtime_versions()["pyodide"],
        "snapshotImports": snapshot_imports(),
        "rules": sorted(p.stem for p in (out / "rules").iterdir()),
        "shell": shell_strings(catalogue),
        "games": dialog_specs(with_test_games),
        "saveLimits": save_limits(),
        **dialog_kinds(),
    }


def write_page(out: Path, env, caches: Caches, boot: dict, cards: list[dict],
               catalogue: dict[str, dict[str, str]]) -> None:
    """index.html, with boot.js inlined (allowed by its hash in the CSP) and without its rules pages, which must be
    the files write_rules_pages wrote."""
    import markupsafe

    boot_js = (ROOT / "static/boot.js").read_text(encoding="utf-8")
    context = {"versions": runtime_versions(), "version": caches.version, "boot": boot,
               "boot_js": markupsafe.Markup(boot_js),
               "boot_js_hash": "sha256-" + base64.b64encode(hashlib.sha256(boot_js.encode()).digest()).decode(),
               "t": catalogue["en"],
               "runtime_cache": caches.runtime,
               "pyscript_chunks": [k for k in boot["precache"] if k.startswith("runtime/pyscript/")
                                   and k.removeprefix("runtime/pyscript/").startswith(PYSCRIPT_BOOT)],
               "games": cards,
               "art_games": art_games(),
               "game_styles": [gid for gid in registry_ids() if (ROOT / "static" / f"{gid}.css").exists()]}
    page, rules = split_rules(env.get_template("index.html").render(**context))
    assert all((out / "rules" / f"{name}.html").read_text(encoding="utf-8") == text for name, text in rules.items())
    (out / "index.html").write_text(page, encoding="utf-8")


def write_precache(out: Path, env, caches: Caches) -> dict:
    """precache.json (every file with its hash) and the service worker with its two caches' file lists."""
    entries = {**caches.entries, "index.html": sha(out / "index.html")}
    manifest = {"version": caches.version, "caches": {"app": caches.app, "runtime": caches.runtime},
                "runtime": runtime_versions(), "files": entries}
    (out / "precache.json").write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    precache = sorted(entries)
    (out / "sw.js").write_text(env.get_template("sw.js.j2").render(
        build=caches.version, runtime_cache=caches.runtime,
        app_files=[k for k in precache if not k.startswith(("runtime/", *LAZY))],
        runtime_files=[k for k in precache if k.startswith("runtime/")],
        runtime_tag=caches.runtime_tag, runtime_made=[f"runtime/pyodide/{name}" for name in (STDLIB, LOCK)]),
        encoding="utf-8")
    return manifest


# --------------------------------------------------------------------------- serve


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def send_response(self, code, message=None):
        self.sent = [code, 0]
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length" and getattr(self, "sent", None):
            self.sent[1] = int(value)
        super().send_header(keyword, value)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        log = getattr(self.server, "request_log", None)  # tests and bench: what the server really sent
        if log is not None and getattr(self, "sent", None):
            body = self.sent[1] if self.command == "GET" and self.sent[0] == 200 else 0
            log.append((self.path.split("?")[0].lstrip("/"), self.sent[0], body))
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet: tests and benchmarks read their own logs
        if os.environ.get("PYGAMES_HTTP_LOG"):
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):  # a closed tab: not news
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` on 127.0.0.1 (port 0 = any free port); call serve_forever() on it."""
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.request_log = []  # (path, status, body bytes) of every response
    return server


def serve(directory: Path, port: int) -> None:
    server = make_server(directory, port)
    print(f"Serving pygames on http://127.0.0.1:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def start_server_thread(directory: Path) -> http.server.ThreadingHTTPServer:
    server = make_server(directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# --------------------------------------------------------------------------- test and bench


def system_chromium() -> str | None:
    """The system Chromium/Chrome: PYGAMES_CHROMIUM, else the first on the PATH (Debian's `chromium` on CI)."""
    explicit = os.environ.get("PYGAMES_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def bundled_chromium() -> str | None:
    """Where `playwright install chromium` puts its browser on Linux, newest revision first."""
    bundled = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache/ms-playwright")
    for candidate in sorted(bundled.glob("chromium-*/chrome-*/chrome"), reverse=True):
        if os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def find_chromium() -> str | None:
    """The system Chromium/Chrome (Playwright's bundled browser is a fallback on a user's own machine)."""
    return system_chromium() or bundled_chromium()


INSTALL_CHROMIUM = (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"])
NO_CHROMIUM = ("setup: no Chromium found, and it cannot be installed here (that needs root and apt-get): install "
               "Chromium or Chrome (Debian: sudo apt-get install chromium) or set PYGAMES_CHROMIUM to its path")


def chromium_plan(system: bool, bundled: bool, is_root: bool, has_apt: bool) -> str:
    """What `test` does about the browser before any test runs: "ready" when the system has one; else "install"
    Debian's `chromium` when this process may (root with apt-get, as on a fresh CI machine), even where Playwright's
    bundled browser lies in a cache (the tests run the real Debian package, as users' Chromium is); else "ready"
    with that bundled browser (a developer's machine without root), or "missing": one clear line and a failure,
    instead of an error from every browser test."""
    if system:
        return "ready"
    if is_root and has_apt:
        return "install"
    return "ready" if bundled else "missing"


def ensure_chromium() -> bool:
    """Carries out chromium_plan; True when a browser is there for the tests."""
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    plan = chromium_plan(system_chromium() is not None, bundled_chromium() is not None, is_root,
                         shutil.which("apt-get") is not None)
    if plan == "install":
        print("setup: no system Chromium found: apt-get install chromium", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in INSTALL_CHROMIUM:
            if subprocess.run(command, env=env, stdout=subprocess.DEVNULL).returncode != 0:
                break
        plan = "ready" if system_chromium() is not None else "missing"
    if plan == "missing":
        print(NO_CHROMIUM, flush=True)
    return plan == "ready"


def test_workers(pytest_args: list[str], cpus: int | None = None) -> list[str]:
    """pytest-xdist's options: two processes where the machine has two CPUs or more (PYGAMES_TEST_WORKERS=N asks
    for N, 1 for one process), `--dist loadscope`: tests/conftest.py makes every browser test one scope, so one
    process drives one Chromium through them in order while the other runs the CPython test files (two Chromiums
    at once failed timing-bound browser tests on a loaded machine: a double tap, the snapshot tests). An explicit
    -n or `-p no:xdist` wins."""
    cpus = (os.cpu_count() or 1) if cpus is None else cpus
    workers = os.environ.get("PYGAMES_TEST_WORKERS", "2" if cpus >= 2 else "1")
    if not workers.isdigit() or int(workers) < 2 or "no:xdist" in pytest_args \
            or any(a.startswith(("-n", "--numprocesses", "--dist")) for a in pytest_args):
        return []
    return ["-n", workers, "--dist", "loadscope"]


def run_tests(pytest_args: list[str]) -> int:
    if not ensure_chromium():
        return 1
    build(DIST)
    build(DIST_TEST, with_test_games=True)
    print("test: ruff check .", flush=True)
    lint = subprocess.run([str(VENV / "bin/ruff"), "check", "."], cwd=ROOT)
    if lint.returncode != 0:
        return lint.returncode
    args = [str(venv_python()), "-m", "pytest", *test_workers(pytest_args), *pytest_args]
    print("test: " + " ".join(args[1:]), flush=True)
    code = subprocess.run(args, cwd=ROOT, env={**os.environ, "PYGAMES_FRESH_BUILD": "1"}).returncode
    if code == 5:
        print("test: pytest collected no test: that is a failure", flush=True)
        return 1
    return code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    p_serve = sub.add_parser("serve", help="set up, build dist/ and serve it")
    p_serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("build", help="set up and build dist/")
    sub.add_parser("test", help="set up, build, run ruff and all tests (extra args go to pytest)")
    p_bench = sub.add_parser("bench", help="set up, build and print benchmarks")
    p_bench.add_argument("--runs", type=int, default=5)
    p_bench.add_argument("--only", choices=["bots", "fit", "net", "review", "slow", "taps"],
                         help="run one part of the bench")
    args, rest = parser.parse_known_args()
    command = args.command or "serve"
    ensure_venv()
    ensure_node_modules()
    if command == "test":
        return run_tests(rest)
    if command == "bench":
        if not ensure_chromium():
            return 1
        build(DIST)
        sys.path[:0] = [str(ROOT / "tests")]
        import bench  # tests/bench.py: kept beside the tests, it drives the same browser

        return bench.main(ROOT, DIST, args.runs, args.only)
    build(DIST)
    if command == "serve":
        serve(DIST, getattr(args, "port", 8000))
    return 0


if __name__ == "__main__":
    sys.exit(main())
