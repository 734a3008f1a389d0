"""The stdlib the app ships (build.stdlib_archive): Pyodide's own, its boot modules as bytecode of their own source,
less only what a browser page cannot run, and smaller than Pyodide's, so the bytecode costs no download."""

from __future__ import annotations

import _imp
import ast
import io
import struct
import zipfile

import pytest

import build

PRISTINE = build.ROOT / "node_modules/pyodide" / build.STDLIB


@pytest.fixture(scope="module")
def shipped() -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(build.stdlib_archive()))


def top(name: str) -> str:
    return name.split("/")[0].removesuffix(".py")


def test_every_file_of_pyodides_stdlib_is_shipped_as_it_is_or_as_its_bytecode(shipped):
    pristine = zipfile.ZipFile(PRISTINE)
    names = set(shipped.namelist())
    expected = set()
    for info in pristine.infolist():
        if top(info.filename) in build.STDLIB_LEFT_OUT:
            assert info.filename not in names
            continue
        source = pristine.read(info)
        compiled = info.filename[:-3] + ".pyc"
        if info.filename.endswith(".py") and compiled in names:
            pyc = shipped.read(compiled)
            flags, = struct.unpack("<I", pyc[4:8])
            assert flags == 0b01, f"{compiled}: hash-based and unchecked, used as it is"
            key = int.from_bytes(pyc[:4], "little")  # the hash is keyed with the compiling Python's magic number
            assert pyc[8:16] == _imp.source_hash(key, source), f"{compiled} is not {info.filename}'s bytecode"
            assert info.filename not in names, "bytecode in place of the source, not beside it"
            expected.add(compiled)
        else:
            assert shipped.read(info.filename) == source, info.filename
            expected.add(info.filename)
    assert names == expected, "nothing that is not Pyodide's"
    for name in build.STDLIB_LEFT_OUT:  # each name is a module or package of this Pyodide (no stale entry)
        assert any(top(n) == name for n in pristine.namelist()), name


def test_the_modules_pyodide_and_pyscript_import_at_boot_are_bytecode(shipped):
    names = set(shipped.namelist())
    for module in ("typing", "enum", "inspect", "asyncio/base_events", "_pyodide/_base", "pyodide/webloop",
                   "encodings/__init__", "json/decoder", "html/__init__"):
        assert f"{module}.pyc" in names, module
    assert "pickle.py" in names and "email/parser.py" in names  # never imported at boot: source, the smaller


def test_the_shipped_stdlib_is_smaller_than_pyodides():
    """What is left out pays for the bytecode, so the first visit downloads no more than with Pyodide's own."""
    assert len(build.stdlib_archive()) < PRISTINE.stat().st_size


# Command-line tools, run by CPython only (the arena plays bot matches in child processes): never imported by a page.
COMMAND_LINE_ONLY = ("pygames/arena.py",)


def test_nothing_of_ours_imports_what_is_left_out():
    for path in sorted((build.ROOT / "pygames").rglob("*.py")):
        if path.relative_to(build.ROOT).as_posix() in COMMAND_LINE_ONLY:
            assert not [other for other in (build.ROOT / "pygames").rglob("*.py")
                        if "pygames.arena" in other.read_text(encoding="utf-8") and other != path], "imported"
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            assert not [n for n in names if n.split(".")[0] in build.STDLIB_LEFT_OUT], (path, names)


def test_the_lock_file_keeps_pyodides_info_and_no_package(tmp_path):
    """Pyodide checks the lock file's `info` at every boot; the app loads no package, so none is listed (the whole
    list was ~120 KB of a first visit); the build ships that file and the service worker never takes Pyodide's."""
    import json

    published = json.loads((build.ROOT / "node_modules/pyodide" / build.LOCK).read_text(encoding="utf-8"))
    shipped = json.loads(build.lock_file())
    assert published["packages"] and shipped == {**published, "packages": {}}
    out = tmp_path / "site"
    build.build(out)
    assert json.loads((out / "runtime/pyodide" / build.LOCK).read_text(encoding="utf-8")) == shipped
    made = next(line for line in (out / "sw.js").read_text(encoding="utf-8").splitlines()
                if line.startswith("const RUNTIME_MADE"))
    assert f'"runtime/pyodide/{build.LOCK}"' in made
    assert json.loads((out / "pyscript.json").read_text(encoding="utf-8")).get("packages") is None
