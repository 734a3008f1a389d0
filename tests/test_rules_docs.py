"""The rules live in the repository too (issue 48): `docs/rules/<game>.md` names every rule ID the code and the
tests cite, says what it says, and where the code and the tests that carry it are; its last two columns are the
citations themselves (tests/helpers/rules_docs.py), so the file cannot drift from the code. Nothing in the
repository names a path outside it (a rule was looked up in a folder of one machine)."""

import re
import subprocess

from helpers import rules_docs


def test_the_rules_files_list_every_cited_rule_where_the_code_and_the_tests_cite_it():
    stale = [path.name for path, text in rules_docs.expected().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run `.venv/bin/python tests/helpers/rules_docs.py --write`: {stale} are stale"


def test_every_rule_says_what_it_says():
    for path in rules_docs.expected():
        silent = [rule for rule, says in rules_docs.said(path).items() if not says.strip()]
        assert not silent, f"{path.name}: no words for {silent[:10]} ({len(silent)} rules)"


def test_nothing_in_the_repository_names_a_path_outside_it():
    tracked = subprocess.run(["git", "ls-files"], cwd=rules_docs.ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    outside = re.compile(r"/work/|\.\./shared\b|\bshared/rules\b")
    named = []
    for name in tracked:
        path = rules_docs.ROOT / name
        if not path.is_file() or name == "tests/test_rules_docs.py" or \
                path.suffix not in (".py", ".json", ".md", ".js", ".mjs", ".css", ".j2", ".html", ".toml"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        named += [f"{name}: {m.group(0)}" for m in outside.finditer(text)]
    assert not named, named[:10]
