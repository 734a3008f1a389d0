"""The rules in the repository (issue 48): `docs/rules/<game>.md` lists every rule ID the code and the tests cite,
what the rule says (in the project's own words), and where the code and the tests that carry it are. The last two
columns are made from the citations themselves, so they cannot drift: `tests/test_rules_docs.py` fails when a file
is stale, and this writes it again, keeping what each rule says.

    .venv/bin/python tests/helpers/rules_docs.py [--write]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"\b(PS|PAX|SPY|SIK)-(\d+(?:\.\d+)+)\b")
GAMES = {"PS": ("passages-secrets", "Passages Secrets"), "PAX": ("pax", "PAX"), "SPY": ("spyworld", "Spyworld"),
         "SIK": ("shadows-in-kyoto", "Shadows in Kyoto")}
ROW = re.compile(r"^\| `?(?P<id>(?:PS|PAX|SPY|SIK)-[\d.]+)`? \| (?P<says>.*?) \| (?P<code>.*?) \| (?P<tests>.*?) \|$")
HEAD = """# {title}: the rules as the code carries them

Every rule ID of {title} that the engine and its tests cite (`{prefix}-<section>.<n>`), what the rule says, and
where it lives: the code that carries it and the tests that would fail if it broke. A rule is written once, in the
module named first; search the repository for its ID to find every place. `[RB]` marks the rulebook's own rule,
`[RB~]` our reading of an ambiguous passage, `[DEF]` our default where the rulebook is silent (every `[DEF]` value is
in the game's data file, for an owner of the box to check).

The last two columns are made from the citations (`tests/helpers/rules_docs.py --write`); `tests/test_rules_docs.py`
holds them to the code.

| Rule | What it says | Code | Tests |
|---|---|---|---|
"""


def key(rule_id: str) -> tuple:
    prefix, rest = rule_id.split("-", 1)
    return prefix, tuple(int(x) for x in rest.split("."))


def citations() -> dict[str, dict[str, set[str]]]:
    """{rule id: {"code": files, "tests": files}} over pygames/ and tests/ (the repository's own paths)."""
    found: dict[str, dict[str, set[str]]] = {}
    for part, top in (("code", ROOT / "pygames"), ("tests", ROOT / "tests")):
        for path in sorted(top.rglob("*")):
            if path.suffix not in (".py", ".json") or "__pycache__" in path.parts:
                continue
            for m in ID.finditer(path.read_text(encoding="utf-8", errors="replace")):
                found.setdefault(m.group(0), {"code": set(), "tests": set()})[part].add(
                    path.relative_to(ROOT).as_posix())
    return found


def files(paths: set[str]) -> str:
    return ", ".join(f"`{p}`" for p in sorted(paths)) if paths else "–"


def said(path: Path) -> dict[str, str]:
    """What each rule says, as the file has it now (empty when the file is new)."""
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            out[m.group("id")] = m.group("says")
    return out


def render(prefix: str, cited: dict, says: dict[str, str]) -> str:
    name, title = GAMES[prefix]
    rows = [HEAD.format(title=title, prefix=prefix)]
    for rule_id in sorted((i for i in cited if i.startswith(prefix + "-")), key=key):
        where = cited[rule_id]
        rows.append(f"| {rule_id} | {says.get(rule_id, '')} | {files(where['code'])} | {files(where['tests'])} |\n")
    return "".join(rows)


def expected() -> dict[Path, str]:
    cited = citations()
    out = {}
    for prefix, (name, _title) in GAMES.items():
        path = ROOT / "docs" / "rules" / f"{name}.md"
        out[path] = render(prefix, cited, said(path))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    stale = 0
    for path, text in expected().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale += 1
            if args.write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
            else:
                print(f"stale {path.relative_to(ROOT)}")
    return 0 if args.write or not stale else 1


if __name__ == "__main__":
    sys.exit(main())
