"""The Python programs the build runs in the pinned Pyodide (tools/): their pure parts, run here by CPython. The
whole programs run in Pyodide in tests/test_bundle.py and tests/test_stdlib.py."""

from __future__ import annotations

import _imp
import io
import marshal
import shutil
import zipfile

import pytest

import build
from tools import bundle, stdlib
from tools.pyc import undocumented_pyc

DOCUMENTED = b'''"""The module."""


class Thing:
    """A class."""

    def method(self):
        """A method."""
        return "kept"


async def waits():
    """Only a docstring."""


def plain():
    x = "not a docstring: not the first statement"
    return x
'''


def run(pyc: bytes) -> dict:
    namespace: dict = {}
    exec(marshal.loads(pyc[16:]), namespace)
    return namespace


def test_bytecode_without_docstrings_runs_the_same_code():
    pyc = undocumented_pyc(DOCUMENTED, "thing.py")
    flags, key = int.from_bytes(pyc[4:8], "little"), int.from_bytes(pyc[:4], "little")
    assert flags == 0b01, "hash-based and unchecked"
    assert pyc[8:16] == _imp.source_hash(key, DOCUMENTED), "the hash of the source, docstrings included"
    module = run(pyc)
    assert module.get("__doc__") is None
    assert module["Thing"].__doc__ is None and module["Thing"].method.__doc__ is None
    assert module["waits"].__doc__ is None  # a body of only a docstring becomes `pass`
    assert module["Thing"]().method() == "kept" and module["plain"]().startswith("not a docstring")


def zipped(files: dict[str, bytes]) -> zipfile.ZipFile:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name, data in files.items():
            target.writestr(zipfile.ZipInfo(name, (2020, 1, 2, 3, 4, 6)), data)
    return zipfile.ZipFile(io.BytesIO(out.getvalue()))


def test_the_archive_recipe_compiles_the_boot_modules_and_leaves_out_what_it_is_told():
    source = zipped({"booted.py": DOCUMENTED, "other.py": b'"""Kept as it is."""\n', "pdb.py": b"",
                     "unittest/__init__.py": b"", "unittested.py": b"x = 1\n"})
    made = zipfile.ZipFile(io.BytesIO(stdlib.archive(source, {"booted.py"}, ["pdb", "unittest"])))
    assert made.namelist() == ["booted.pyc", "other.py", "unittested.py"]
    assert made.read("booted.pyc") == undocumented_pyc(DOCUMENTED, "booted.py")
    assert made.read("other.py") == b'"""Kept as it is."""\n'
    assert all(info.date_time == (2020, 1, 2, 3, 4, 6) and info.compress_type == zipfile.ZIP_DEFLATED
               for info in made.infolist())


def test_a_bundle_splits_into_the_files_it_joined():
    files = [("pygames/a.py", b"x = 1\n"), ("pygames/b.json", b"{}"), ("empty.py", b""), ("z.bin", b"\n\n")]
    assert bundle.split(bundle.join(files)) == dict(files)
    with pytest.raises(ValueError):
        bundle.split(bundle.join(files) + b"extra")


def test_a_changed_stdlib_program_is_a_new_stdlib_key(tmp_path, monkeypatch):
    """The key names the stdlib's cache file and the runtime's cache: a changed recipe must make a new archive."""
    tools = tmp_path / "tools"
    shutil.copytree(build.TOOLS, tools, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(build, "TOOLS", tools)
    monkeypatch.setattr(build, "PYODIDE_RUN", tools / "pyodide_run.mjs")
    key = build.stdlib_key()
    for program in ("stdlib.py", "pyc.py", "pyodide_run.mjs"):
        (tools / program).write_text((tools / program).read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert build.stdlib_key() != key, program
        key = build.stdlib_key()
