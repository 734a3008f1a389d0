"""What the boot defers (pygames/web/lazy_stdlib.py) is not run at once, and works exactly as before when used, in
whatever order its names and submodules are reached."""

from __future__ import annotations

import subprocess
import sys

import pytest

import build

SETUP = """
import sys
from pygames.web.lazy_stdlib import DEFERRED, defer
assert DEFERRED == ("html",), "each deferred package needs its own check here"
assert "html" not in sys.modules, "this check needs a Python that has not imported html"
assert defer() == ["html"]
import html
assert "html.entities" not in sys.modules, "html ran at import: not deferred"
"""

FIRST_USES = {
    "a name": """
assert html.escape("<a & 'b'>") == "&lt;a &amp; &#x27;b&#x27;&gt;"
assert html.unescape("&eacute;&amp;&#233;") == "\\u00e9&\\u00e9"
""",
    "from-import": """
from html import escape, unescape
assert escape("&") == "&amp;" and unescape("&lt;") == "<"
""",
    "the parser submodule": """
import html.parser
found = []
class P(html.parser.HTMLParser):
    def handle_data(self, data): found.append(data)
P(convert_charrefs=True).feed("<p>caf&eacute;</p>")
assert found == ["caf\\u00e9"] and html.escape("<") == "&lt;"
""",
    "the entities submodule": """
import html.entities
assert html.entities.name2codepoint["eacute"] == 0xE9 and html.unescape("&eacute;") == "\\u00e9"
assert sys.modules["html.entities"] is html.entities, "one copy of the table"
""",
}

AFTER = """
assert "html.entities" in sys.modules and type(sys.modules["html"]) is type(sys)
assert defer() == [], "a module already imported is left alone"
print("ok")
"""


@pytest.mark.parametrize("first_use", sorted(FIRST_USES))
def test_html_is_deferred_until_used_and_then_works(first_use):
    code = f"import sys; sys.path.insert(0, {str(build.ROOT)!r})\n{SETUP}{FIRST_USES[first_use]}{AFTER}"
    result = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
