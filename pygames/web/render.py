"""The page's element helpers, through the one bridge (dom.py), for the page glue that still builds real elements
(the several-devices panel). Text always goes in through textContent (never innerHTML), so a player's name can
never become markup. The screens Python draws are pure views of vdom trees (table.py, endview.py)."""

from __future__ import annotations

from .dom import by_id, clear, el, missing, scroll_to_end, svg  # the page through the one bridge (dom.py)

SVG_NS = "http://www.w3.org/2000/svg"

__all__ = ["by_id", "clear", "el", "missing", "scroll_to_end", "svg"]
