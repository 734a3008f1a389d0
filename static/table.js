// The last move on the board: which keyed parts of the board (a cell, a path, a category, a seat's area...) look
// different after the other seats moved. Compared from the viewer's own screen only (no hidden data), in one pass
// of plain JavaScript so a redraw stays fast; the app (pygames/web/lastmove.py) decides when to compare.
"use strict";
(function () {
  const KEYS = ["data-cell", "data-path", "data-category", "data-seat", "data-legion", "data-slot", "data-track",
                "data-district", "data-mission", "data-gadget", "data-player", "data-side", "data-agent"];
  const SELECTOR = KEYS.map(k => "[" + k + "]").join(",");
  const TRANSIENT = /\b(target|moved)\b/g;

  function key(node, root) {
    const parts = [];
    for (let n = node; n && n !== root; n = n.parentElement) {
      for (const k of KEYS) if (n.hasAttribute(k)) parts.push(k + "=" + n.getAttribute(k));
    }
    return parts.join("/");
  }

  function signature(node) {
    const attrs = [];
    for (const a of node.attributes) {
      if (a.name !== "class" && a.name !== "style" && a.name !== "data-action" && a.name !== "data-previewing") {
        attrs.push(a.name + "=" + a.value);
      }
    }
    return (node.getAttribute("class") || "").replace(TRANSIENT, "") + "|" + attrs.join(",") + "|" + node.textContent;
  }

  function snapshot(root) {
    const seen = new Map();
    for (const node of root.querySelectorAll(SELECTOR)) seen.set(key(node, root), signature(node));
    return seen;
  }

  // Mark the innermost keyed parts whose look changed (a cell rather than the whole board); returns how many.
  function markChanged(root, before) {
    if (!before || before.size === 0) return 0;
    const changed = [];
    for (const node of root.querySelectorAll(SELECTOR)) {
      const k = key(node, root);
      if (before.has(k) && before.get(k) !== signature(node)) changed.push(node);
    }
    const innermost = changed.filter(n => !changed.some(m => m !== n && n.contains(m)));
    for (const node of innermost) node.classList.add("moved");
    return innermost.length;
  }

  window.pygamesTable = { snapshot, markChanged };
})();
