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

  // Motion of the other seats' moves (FLIP): before a redraw, where every part carrying a public identity
  // (`data-anim-key`) stood, relative to the board; after it, each keyed part that stands elsewhere slides from its
  // old place. `data-anim-from` names where a part came from: a part that vanished (an agent's old cell) or a place
  // that stays (a seat's hand, for a card that appears face up). Keys are public (a hidden card's key is its slot).
  // Animations are Web Animations on `transform` only, added to the part's own (`composite: add`): they never touch
  // pointer events or the controls, and there are none under prefers-reduced-motion.
  const SLIDE_MS = 350;

  function unique(root) {
    const found = new Map(), twice = new Set();
    for (const node of root.querySelectorAll("[data-anim-key]")) {
      const k = node.getAttribute("data-anim-key");
      if (found.has(k)) twice.add(k); else found.set(k, node);
    }
    for (const k of twice) found.delete(k);  // an ambiguous key never moves anything
    return found;
  }

  // A keyed part's frame: its nearest ancestor with an identity (a seat's area, a category, a map marked
  // `data-anim-frame`). A part that keeps its place in the same frame does not slide when the frame itself moves
  // (a panel opened above it): only what the move changed slides.
  const FRAME = SELECTOR + ",[data-anim-key],[data-anim-frame]";

  function frameOf(node, root) {
    const frame = node.parentElement && node.parentElement.closest(FRAME);
    return frame && root.contains(frame) && frame !== root ? frame : root;
  }

  function framePath(frame, root) {
    const parts = [];
    for (let n = frame; n && n !== root; n = n.parentElement) {
      for (const k of ["data-anim-key", "data-anim-frame", ...KEYS]) {
        if (n.hasAttribute(k)) parts.push(k + "=" + n.getAttribute(k));
      }
    }
    return parts.join("/");
  }

  function centre(node, origin, root) {
    const r = node.getBoundingClientRect(), frame = frameOf(node, root), f = frame.getBoundingClientRect();
    return {x: r.left + r.width / 2 - origin.left, y: r.top + r.height / 2 - origin.top, w: r.width,
            frame: framePath(frame, root), fx: r.left - f.left, fy: r.top - f.top};
  }

  function measure(root, nodes, origin) {
    const seen = new Map();
    for (const [k, node] of nodes) {
      const c = centre(node, origin, root);
      if (c.w > 0) seen.set(k, c);
    }
    seen.width = origin.width;
    return seen;
  }

  function positions(root) {
    return measure(root, unique(root), root.getBoundingClientRect());
  }

  // Screen pixels to the units a CSS transform uses on this node (an SVG part is in its parent's user units).
  function scale(node) {
    const parent = node.parentNode;
    if (!(node instanceof SVGElement) || !parent || !parent.getScreenCTM) return {x: 1, y: 1};
    const m = parent.getScreenCTM();
    return m && m.a && m.d ? {x: m.a, y: m.d} : {x: 1, y: 1};
  }

  function reduced() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // After the redraw: measure where the keyed parts now stand (the next redraw's "before": measured here, where
  // the layout is computed anyway, never on the old board once it is stale) and, given `before`, slide the parts
  // that moved. Returns the new positions.
  function slide(root, before) {
    const origin = root.getBoundingClientRect(), after = unique(root), now = measure(root, after, origin);
    const resized = before && Math.abs(before.width - origin.width) > 1;  // turned or resized: no stale slide
    if (!before || before.size === 0 || resized || reduced() || !root.animate) return now;
    const moves = [];
    for (const [k, node] of after) {
      const from = node.getAttribute("data-anim-from");
      const source = from && from !== k && before.has(from) && (!after.has(from) || !before.has(k)) ? from
        : (before.has(k) ? k : null);
      if (source === null || !now.has(k)) continue;
      const old = before.get(source), here = now.get(k);
      if (Math.abs(old.x - here.x) < 2 && Math.abs(old.y - here.y) < 2) continue;
      if (source === k && old.frame === here.frame && Math.abs(old.fx - here.fx) < 2 && Math.abs(old.fy - here.fy) < 2) {
        continue;  // same place in a frame that moved: not the move's doing
      }
      const s = scale(node);
      moves.push([node, (old.x - here.x) / s.x, (old.y - here.y) / s.y]);
    }
    for (const [node, dx, dy] of moves) {  // every part measured before any moves
      node.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "translate(0px, 0px)"}],
                   {duration: SLIDE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", composite: "add"});
    }
    return now;
  }

  window.pygamesTable = { snapshot, markChanged, positions, slide, SLIDE_MS };
})();
