"""The package bundle the page unpacks (build.bundle_packages, static/pyodide-warm.mjs): every file whole, and
bytecode for the boot's modules that matches their source, made by the pinned Pyodide's own Python."""

from __future__ import annotations

import _imp
import struct

import pytest

import build


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> dict[str, bytes]:
    target = tmp_path_factory.mktemp("bundle") / build.BUNDLE
    build.bundle_packages(target, with_test_games=False)
    return build.read_bundle(target.read_bytes())  # unpacked by the pinned Pyodide's zstd; the index is checked


def test_every_source_and_data_file_is_in_the_bundle_unchanged(bundle):
    for path in sorted((build.ROOT / "pygames").rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            assert bundle[path.relative_to(build.ROOT).as_posix()] == path.read_bytes()


def test_the_boot_modules_come_with_bytecode_of_their_own_source(bundle):
    compiled = {name: data for name, data in bundle.items() if name.endswith(".pyc")}
    sources = {name.replace("/__pycache__", "").rsplit(".", 2)[0] + ".py": name for name in compiled}
    # what the boot imports before the app is ready (pyodide-warm.mjs, main.py), and what that imports
    boot_modules = ("pygames/web/lazy_stdlib.py", "pygames/web/app.py", "pygames/app/session.py",
                    "pygames/core/engine.py", "pygames/web/vdom.py")
    for module in boot_modules:
        assert module in sources, f"{module} has no bytecode"
    # engines are imported when a game starts, not at boot: no bytecode (it would only add bytes)
    assert not [name for name in sources if name.startswith(("pygames/pax/", "pygames/spyworld/"))]
    for source, name in sources.items():
        pyc = compiled[name]
        assert ".cpython-314." in name, "compiled by Pyodide 314's Python"
        flags, = struct.unpack("<I", pyc[4:8])
        assert flags == 0b01, "hash-based and unchecked: used as it is"
        key = int.from_bytes(pyc[:4], "little")  # the hash is keyed with the compiling Python's magic number
        assert pyc[8:16] == _imp.source_hash(key, bundle[source]), f"{name} is not {source}'s bytecode"
    # without docstrings (tools/pyc.py): the module's docstring is in its source, not in its bytecode
    app_doc = bundle["pygames/web/app.py"].split(b'"""')[1].splitlines()[0]
    assert app_doc in bundle["pygames/web/app.py"] and app_doc not in compiled[sources["pygames/web/app.py"]]


def test_a_change_to_the_inlined_boot_script_or_a_template_is_a_new_build(tmp_path, monkeypatch):
    """boot.js is inlined in the page and the templates are rendered, so neither is among the copied files whose
    hashes make the build id: the id must cover them too, or a returning visitor's service worker keeps serving the
    old page from a cache of the same name."""
    sources = build.page_sources()
    assert {"index.html", "static/boot.js", "templates/sw.js.j2"} <= set(sources)
    assert all(f"templates/{p.relative_to(build.ROOT / 'templates').as_posix()}" in sources
               for p in (build.ROOT / "templates").rglob("*") if p.is_file())
    built = build.build(tmp_path / "a")
    first = built["version"]
    assert not [name for name in built["files"] if name.startswith("tools/") or "pyodide_run" in name], "not served"
    monkeypatch.setattr(build, "page_sources", lambda: {**sources, "static/boot.js": sources["static/boot.js"] + "\n"})
    assert build.build(tmp_path / "b")["version"] != first
