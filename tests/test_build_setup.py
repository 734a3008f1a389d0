"""`python3 build.py test` sets up its browser as it sets up the rest (issue 30 item 14): with no Chromium it installs
Debian's `chromium` when it may (root with apt-get, as on a fresh CI machine), else it says so in one line and fails
before any test runs. The decision is a pure function; its wiring is checked with the system calls replaced."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

import build


@pytest.mark.parametrize(("system", "bundled", "is_root", "has_apt", "plan"), [
    (True, False, False, False, "ready"),
    (True, True, True, True, "ready"),      # a system browser already there is never reinstalled
    (False, False, True, True, "install"),
    (False, True, True, True, "install"),   # Playwright's bundled browser in a cache: Debian's is installed (CI)
    (False, True, False, True, "ready"),    # ... but a developer without root runs the tests with it
    (False, False, False, True, "missing"),  # apt-get without root: not ours to run sudo
    (False, False, True, False, "missing"),  # root without apt-get (not Debian)
    (False, False, False, False, "missing"),
])
def test_chromium_plan(system, bundled, is_root, has_apt, plan):
    assert build.chromium_plan(system, bundled, is_root, has_apt) == plan


def fake_machine(monkeypatch, *, root: bool, apt: bool, installs: bool) -> list[list[str]]:
    """No browser on the PATH; apt-get (when there and run) makes one appear if `installs`. Returns the commands run."""
    ran: list[list[str]] = []
    monkeypatch.setattr(build, "system_chromium", lambda: "/usr/bin/chromium" if installs and ran else None)
    monkeypatch.setattr(build, "bundled_chromium", lambda: None)
    monkeypatch.setattr(build.os, "geteuid", lambda: 0 if root else 1000, raising=False)
    monkeypatch.setattr(build.shutil, "which", lambda name: "/usr/bin/apt-get" if apt and name == "apt-get" else None)

    def run(command, **kwargs):
        ran.append(command)
        return subprocess.CompletedProcess(command, 0)
    monkeypatch.setattr(build.subprocess, "run", run)
    monkeypatch.setattr(build, "build", lambda *a, **k: pytest.fail("built before the browser was there"))
    return ran


def test_without_chromium_and_no_way_to_install_it_one_line_and_no_test_runs(monkeypatch, capsys):
    ran = fake_machine(monkeypatch, root=False, apt=True, installs=True)
    assert build.run_tests(["-q"]) == 1
    assert ran == []  # neither apt-get nor ruff nor pytest
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [build.NO_CHROMIUM]


def test_as_root_with_apt_get_chromium_is_installed_first(monkeypatch, capsys):
    ran = fake_machine(monkeypatch, root=True, apt=True, installs=True)
    assert build.ensure_chromium() is True
    assert ran == [list(c) for c in build.INSTALL_CHROMIUM]  # update, then install
    assert ran[-1][-1] == "chromium"


def test_an_install_that_brings_no_browser_is_reported_once(monkeypatch, capsys):
    fake_machine(monkeypatch, root=True, apt=True, installs=False)
    assert build.ensure_chromium() is False
    assert capsys.readouterr().out.strip().splitlines()[-1] == build.NO_CHROMIUM


def test_the_tests_run_on_two_processes_where_the_machine_has_two_cpus(monkeypatch):
    monkeypatch.delenv("PYGAMES_TEST_WORKERS", raising=False)
    assert build.test_workers(["-q"], cpus=2) == ["-n", "2", "--dist", "loadscope"]
    assert build.test_workers(["-q", "tests/test_core.py"], cpus=1) == []
    monkeypatch.setenv("PYGAMES_TEST_WORKERS", "1")
    assert build.test_workers(["-q"], cpus=8) == []
    monkeypatch.setenv("PYGAMES_TEST_WORKERS", "3")
    assert build.test_workers(["-q"], cpus=2) == ["-n", "3", "--dist", "loadscope"]
    assert build.test_workers(["-n", "1"]) == [] and build.test_workers(["--numprocesses=3"]) == []
    assert build.test_workers(["-p", "no:xdist"]) == [] and build.test_workers(["--dist", "loadfile"]) == []
    monkeypatch.setenv("PYGAMES_TEST_WORKERS", "0")
    assert build.test_workers(["-q"]) == []


def test_the_browser_tests_are_told_apart_by_their_file_as_the_two_processes_need():
    """tests/conftest.py sends every browser test to one process by its file's name: a file drives a browser (its
    tests are marked `browser`, as a module: `pytestmark`) exactly when its name says so."""
    from conftest import drives_a_browser

    root = pathlib.Path(__file__).parent
    files = sorted(root.rglob("test_*.py"))
    assert len(files) > 40
    for path in files:
        name = path.relative_to(root.parent).as_posix()
        marked = "\npytestmark = pytest.mark.browser\n" in path.read_text(encoding="utf-8")
        assert drives_a_browser(name) == marked, name


def test_the_modules_run_beside_and_the_tests_of_timing_are_browser_files_of_their_own():
    """BESIDE (run on the CPython tests' process) and TIMING (last on the browser process) name browser test files
    that exist, and none is in both: a test of timing never runs beside another Chromium by this split."""
    from conftest import BESIDE, TIMING, drives_a_browser

    root = pathlib.Path(__file__).parent.parent
    for name in (*BESIDE, *TIMING):
        assert (root / name).is_file() and drives_a_browser(name), name
    assert not set(BESIDE) & set(TIMING)
