// The last move on the board: which keyed parts of the board (a cell, a path, a category, a seat's area...) look
// different after the other seats moved. Compared from the viewer's own screen only (no hidden data), in one pass
// of plain JavaScript so a redraw stays fast; the app (pygames/web/lastmove.py) decides when to compare.
"use strict";
(function () {
  // The attributes that name the board's parts (a cell, a path, a seat's area...) are the board's to say: its
  // `data-look-keys` (pygames/web/table.py, from its game's LOOK_KEYS in pygames/web/boards), so this script names
  // no game's attribute. Read once per list.
  const LOOKS = new Map();

  function looks(root) {
    const names = (root.getAttribute("data-look-keys") || "").trim();
    if (!LOOKS.has(names)) {
      const keys = names ? names.split(/\s+/).filter(k => /^data-[a-z-]+$/.test(k)) : [];
      const selector = keys.map(k => "[" + k + "]").join(",");
      const frame = [selector, "[data-anim-key]", "[data-anim-frame]"].filter(Boolean).join(",");
      LOOKS.set(names, {keys, selector, frame});
    }
    return LOOKS.get(names);
  }

  function keyed(root) {
    const {selector} = looks(root);
    return selector ? root.querySelectorAll(selector) : [];
  }
  // What only says what the viewer may do now, or how the page shows it, is not the part's look: a class named
  // `target`, `moved` or `selected`, or ending in -legal, -target, -choice, -choosing or -selected (a free path
  // offered to the viewer, a cell the viewer may pick); a control's attributes and words. A computer's move then
  // rings only the parts whose public state it changed (it rang every free path once the viewer's turn came).
  const TRANSIENT = /^(target|moved|selected)$|-(legal|target|choice|choosing|selected)$/;
  const IGNORED = new Set(["class", "style", "data-action", "data-previewing", "disabled", "aria-disabled", "tabindex",
                           "title", "aria-label", "aria-describedby", "aria-busy", "aria-pressed", "aria-expanded",
                           "data-hint", "data-tutorial-target", "data-tutorial-opener", "data-part", "data-owned",
                           "open", "data-anim-from"]);

  function key(node, root) {
    const parts = [], {keys} = looks(root);
    for (let n = node; n && n !== root; n = n.parentElement) {
      for (const k of keys) if (n.hasAttribute(k)) parts.push(k + "=" + n.getAttribute(k));
    }
    return parts.join("/");
  }

  function signature(node) {
    const attrs = [];
    for (const a of node.attributes) if (!IGNORED.has(a.name)) attrs.push(a.name + "=" + a.value);
    const classes = (node.getAttribute("class") || "").split(/\s+/).filter(c => c && !TRANSIENT.test(c)).join(" ");
    let text = node.matches("button[data-action]") ? "" : node.textContent;
    for (const control of node.querySelectorAll("button[data-action]")) {
      const words = control.textContent;
      if (words) text = text.replace(words, "");
    }
    return classes + "|" + attrs.join(",") + "|" + text;
  }

  // The Web Animations this script started (pulses, slides): the next patch ends those inside its target. Kept here
  // rather than asked of the page (`getAnimations`), which would restyle the whole page at the start of every tap.
  let started = [];

  function track(animation) {
    started.push(animation);
  }

  function snapshot(root) {
    const seen = new Map();
    for (const node of keyed(root)) seen.set(key(node, root), signature(node));
    return seen;
  }

  // Mark the innermost keyed parts whose look changed (a cell rather than the whole board); returns how many.
  function markChanged(root, before) {
    if (!before || before.size === 0) return 0;
    const changed = [];
    for (const node of keyed(root)) {
      const k = key(node, root);
      if (before.has(k) && before.get(k) !== signature(node)) changed.push(node);
    }
    const innermost = changed.filter(n => !changed.some(m => m !== n && n.contains(m)));
    // a board zoomed in pans to where the move happened (at fit it is in view already: static/zoom.js)
    if (innermost.length && window.pygamesZoom) window.pygamesZoom.show(innermost[0]);
    const pulse = !reduced() && root.animate;
    for (const node of innermost) {
      node.classList.add("moved");  // the ring stays until the viewer's next move (static/app.css)
      // A pulse as it appears: a Web Animation, so it plays again on a part the patched board kept (a CSS
      // animation would not restart on an element that already had the class).
      if (pulse && !(node instanceof SVGElement)) {
        track(node.animate([{outlineColor: "transparent", boxShadow: "0 0 0 10px rgba(230, 159, 0, 0.55)"},
                            {boxShadow: "0 0 0 0 rgba(230, 159, 0, 0)"}], {duration: 380, easing: "ease-out"}));
      }
    }
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
  function frameOf(node, root) {
    const frame = node.parentElement && node.parentElement.closest(looks(root).frame);
    return frame && root.contains(frame) && frame !== root ? frame : root;
  }

  function framePath(frame, root) {
    const parts = [];
    for (let n = frame; n && n !== root; n = n.parentElement) {
      for (const k of ["data-anim-key", "data-anim-frame", ...looks(root).keys]) {
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
    return measure(root, unique(root), originOf(root));
  }

  // Where the board's content starts: a board scrolled or zoomed inside its own container (static/zoom.js) moves
  // none of its parts, and a new zoom (a new content width) is a resize, not a slide.
  function originOf(root) {
    const r = root.getBoundingClientRect();
    return {left: r.left - root.scrollLeft, top: r.top - root.scrollTop, width: Math.max(r.width, root.scrollWidth)};
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
    const origin = originOf(root), after = unique(root), now = measure(root, after, origin);
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
      track(node.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "translate(0px, 0px)"}],
                         {duration: SLIDE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", composite: "add"}));
    }
    return now;
  }

  // One element from pygames/web/render.py in one bridge call: `pairs` is "name\x1fvalue\x1fname\x1fvalue…", each set
  // with setAttribute; the text goes in as textContent (never parsed as markup); then the children, in order.
  function make(ns, tag, pairs, text, ...children) {
    const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    if (pairs) {
      const parts = pairs.split("\x1f");
      for (let i = 0; i + 1 < parts.length; i += 2) node.setAttribute(parts[i], parts[i + 1]);
    }
    if (text !== undefined && text !== null) node.textContent = text;
    if (children.length) node.append(...children);
    return node;
  }

  // A whole tree from pygames/web/vdom.py in one call (its `program`): tokens separated by \x1e; `E<tag>` / `S<tag>`
  // open an HTML / SVG element and are followed by one `A` token of attributes (name \x1f value \x1f …), `D` opens
  // a fragment, `T<text>` is a text node (never parsed as markup), `F<i>` is the i-th real node given, `K<i>:<key>`
  // a clone of it marked data-static=key, `=` keeps the element standing there, `/` closes.
  const SVG = "http://www.w3.org/2000/svg";
  const PART = "data-part";  // a part matched by its name (morph)
  // Attributes a page script or the player keeps on an element of the table (static/zoom.js: the Fit button's
  // aria-pressed, the drawer button's aria-expanded; a board's foldable panel's `open`, kit.fold), named in its
  // `data-owned`: the patch leaves them as they were set (a description's value counts only when it makes the node).
  const OWNED = "data-owned";

  function build(program, ...foreign) {
    return create(parse(program)[0], foreign);
  }

  // Patch instead of rebuild: make `target`'s children match a fragment program, reusing every element whose tag is
  // the same at the same place (its attributes and children are brought in line; new parts are created, parts left
  // over removed). A tap changes a few parts of a board: the browser then restyles and lays out only those, where
  // replacing the whole board would make that most of a redraw's time (docs/measurements.md). A real node given
  // (`F`) replaces what stands there unless that is an equal copy. Popovers and form fields are never reused (their
  // open state and value live outside the attributes), so a redraw closes and resets them as a rebuild would.
  //
  // A lasting part (pygames/web/vdom.py `lasting`: one Python kept and hands again unchanged) comes once as
  // `L<serial>` and its description, which the page keeps (`memo`); later patches name it, `R<serial>`. An element
  // made or brought in line from that very description (`MADE`) and changed by nothing since is left as it stands:
  // its attributes and children are not compared again. Anything else that changes the table (the last move's ring,
  // a panel opened by the player, a preview) is seen by `watcher`, and the element and those around it are then
  // compared in full at the next patch, as before. `!` drops every description (Python forgot its parts).
  const memo = new Map();
  const MADE = Symbol("pygames.made");
  const memoId = Math.random();
  const watcher = typeof MutationObserver === "function" ? new MutationObserver(() => {}) : null;
  const watched = new WeakSet();

  function changedSince(records) {
    for (const r of records) for (let n = r.target; n; n = n.parentNode) n[MADE] = undefined;
  }

  function parse(program) {
    const tokens = program.split("\x1e"), root = {kids: []}, stack = [root];
    let serial = null;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i], kind = t[0];
      if (kind === "E" || kind === "S") {
        const a = tokens[++i];
        const node = {kind, tag: t.slice(1), attrs: a.length > 1 ? a.slice(1).split("\x1f") : [], kids: [],
                      part: null};
        for (let j = 0; j + 1 < node.attrs.length; j += 2) if (node.attrs[j] === PART) node.part = node.attrs[j + 1];
        if (serial !== null) { node.serial = serial; memo.set(serial, node); serial = null; }
        stack[stack.length - 1].kids.push(node);
        stack.push(node);
      } else if (kind === "D") {
        const node = {kind, kids: []};
        if (serial !== null) { node.serial = serial; memo.set(serial, node); serial = null; }
        stack[stack.length - 1].kids.push(node);
        stack.push(node);
      } else if (kind === "L") {
        serial = t.slice(1);
      } else if (kind === "R") {
        const known = memo.get(t.slice(1));
        if (known === undefined) throw new Error("pygames: a kept part the page does not hold: " + t.slice(1));
        stack[stack.length - 1].kids.push(known);
      } else if (kind === "!") {
        memo.clear();
      } else if (kind === "T") {
        stack[stack.length - 1].kids.push({kind, text: t.slice(1)});
      } else if (kind === "F") {
        stack[stack.length - 1].kids.push({kind, index: Number(t.slice(1))});
      } else if (kind === "K") {
        stack[stack.length - 1].kids.push(staticOf(t));
      } else if (kind === "=") {
        stack[stack.length - 1].kids.push({kind});
      } else if (kind === "/") {
        stack.pop();
      }
    }
    return root.kids;
  }

  const FRESH_ONLY = new Set(["input", "select", "textarea", "option", "dialog"]);

  // `K<i>:<key>`: a part that never changes for its key; the page keeps the copy it has, or clones the i-th node.
  function staticOf(t) {
    const colon = t.indexOf(":");
    return {kind: "K", index: Number(t.slice(1, colon)), key: t.slice(colon + 1)};
  }

  function create(d, foreign) {
    if (d.kind === "T") return document.createTextNode(d.text);
    if (d.kind === "=") return document.createComment("kept");  // nothing to keep here: a placeholder
    if (d.kind === "F") return foreign[d.index];
    if (d.kind === "K") {
      const copy = foreign[d.index].cloneNode(true);
      copy.setAttribute("data-static", d.key);
      return copy;
    }
    if (d.kind === "D") {
      const fragment = document.createDocumentFragment();
      for (const k of d.kids) fragment.appendChild(create(k, foreign));
      return fragment;
    }
    const node = d.kind === "S" ? document.createElementNS(SVG, d.tag) : document.createElement(d.tag);
    for (let j = 0; j + 1 < d.attrs.length; j += 2) node.setAttribute(d.attrs[j], d.attrs[j + 1]);
    for (const k of d.kids) node.appendChild(create(k, foreign));
    if (d.serial !== undefined) node[MADE] = d;
    return node;
  }

  function reusable(node, d, foreign) {
    if (d.kind === "T") return node.nodeType === 3;
    if (d.kind === "F") return node.isEqualNode(foreign[d.index]);
    if (d.kind === "K") return node.nodeType === 1 && node.getAttribute("data-static") === d.key;
    if (node.nodeType !== 1 || node.localName !== d.tag || (node.namespaceURI === SVG) !== (d.kind === "S")) {
      return false;
    }
    return !FRESH_ONLY.has(d.tag) && !node.hasAttribute("popover") && !d.attrs.includes("popover");
  }

  function update(node, d, foreign) {
    if (d.kind === "T") {
      if (node.data !== d.text) node.data = d.text;
      return;
    }
    if (d.kind === "F" || d.kind === "K") return;  // an equal copy stays
    if (d.serial !== undefined && node[MADE] === d) return;  // made from this very description, changed by nothing
    const attrs = d.attrs;
    const owned = node.hasAttribute(OWNED) ? node.getAttribute(OWNED).split(" ") : null;
    for (let j = 0; j + 1 < attrs.length; j += 2) {
      const name = attrs[j], value = attrs[j + 1];
      if (owned !== null && owned.includes(name)) continue;  // set when the element was made, then the page's
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
    // a slider's position is its property once it was moved: the patch's value is the one shown
    if (node.type === "range" && node.value !== node.getAttribute("value")) node.value = node.getAttribute("value");
    if (node.attributes.length !== attrs.length >> 1) {  // every wanted one is there: any more are not wanted
      const wanted = new Set(owned || []);
      for (let j = 0; j + 1 < attrs.length; j += 2) wanted.add(attrs[j]);
      for (let j = node.attributes.length - 1; j >= 0; j--) {
        const name = node.attributes[j].name;
        if (!wanted.has(name)) node.removeAttribute(name);
      }
    }
    morph(node, d.kids, foreign);
    node[MADE] = d.serial !== undefined ? d : undefined;
  }

  // A part named with `data-part` (a board's section, a seat's area) is matched by its name, not its place: a part
  // that comes or goes before others (the viewer's decision above the market) is then made or removed alone, where
  // matching by place would rewrite every part after it into its neighbour (most of a board: its style, layout and
  // paint redone). A named part wanted elsewhere among its siblings is moved there; one no longer wanted goes.
  function partOf(node) {
    return node !== null && node.nodeType === 1 ? node.getAttribute(PART) : null;
  }

  function morph(parent, kids, foreign) {
    let named = null;  // the parts wanted here by name, when there are any
    for (const d of kids) if (d.part) (named || (named = new Set())).add(d.part);
    let cur = parent.firstChild;
    for (const d of kids) {
      // comments and the like are not ours; nor is the markup's blank text where an element is wanted; nor (among
      // named parts) a named part no longer wanted
      while (cur && (cur.nodeType !== 1 && cur.nodeType !== 3 || d.kind !== "T" && cur.nodeType === 3 && !cur.data.trim()
                     || named !== null && partOf(cur) !== null && !named.has(partOf(cur)))) {
        const next = cur.nextSibling;
        parent.removeChild(cur);
        cur = next;
      }
      if (d.kind === "=") {  // the page's own element stays as it is
        if (cur) cur = cur.nextSibling;
        continue;
      }
      const part = d.part || null;
      if (named !== null && part !== partOf(cur)) {
        let found = null;
        for (let n = cur && part ? cur.nextSibling : null; n && !found; n = n.nextSibling) {
          if (partOf(n) === part) found = n;
        }
        if (found && reusable(found, d, foreign)) {
          parent.insertBefore(found, cur);
          update(found, d, foreign);
        } else {
          parent.insertBefore(create(d, foreign), cur);
        }
        continue;
      }
      if (cur && reusable(cur, d, foreign)) {
        update(cur, d, foreign);
        cur = cur.nextSibling;
      } else {
        parent.insertBefore(create(d, foreign), cur);
      }
    }
    while (cur) {
      const next = cur.nextSibling;
      parent.removeChild(cur);
      cur = next;
    }
  }

  function patch(target, program, ...foreign) {
    if (watcher) {
      changedSince(watcher.takeRecords());
      if (!watched.has(target)) {
        watcher.observe(target, {subtree: true, childList: true, attributes: true, characterData: true});
        watched.add(target);
      }
    }
    const top = parse(program);
    const kids = top.length === 1 && top[0].kind === "D" ? top[0].kids : top;
    for (const animation of started) {
      // the last redraw's slides and pulses end with it, as a rebuilt board's would
      const part = animation.effect && animation.effect.target;
      if (part && target.contains(part)) animation.cancel();
    }
    started = started.filter(a => a.playState === "running" || a.playState === "paused");
    morph(target, kids, foreign);
    if (watcher) watcher.takeRecords();  // the patch's own changes: what it made is as described
  }

  // The inverse, for a prebuilt <template>'s element (read once per template by vdom.clone); comments are dropped.
  function describe(node) {
    const out = [];
    (function walk(n) {
      if (n.nodeType === 3) { out.push("T" + n.data); return; }
      if (n.nodeType !== 1) return;
      out.push((n.namespaceURI === SVG ? "S" : "E") + n.localName);
      const attrs = [];
      for (const a of n.attributes) attrs.push(a.name, a.value);
      out.push("A" + attrs.join("\x1f"));
      for (const c of n.childNodes) walk(c);
      out.push("/");
    })(node);
    return out.join("\x1e");
  }

  // What pygames/web/reach.py needs to keep the decision in reach, measured in one call (each crossing of the
  // Python-JavaScript bridge costs microseconds, and a board offers tens of controls): the free band between the
  // status line (and the guide, unless docked) and the action bar or the docked hand, within the board's container
  // when the board scrolls inside it; the band's top once the page scrolled past the header; with `controls`, each
  // enabled control outside the action bar and the docked hand that is rendered, as [top, bottom] in document
  // order, and whether one shows mostly inside the band. As JSON; `controls` with none on the board: null.
  const ENABLED = "button[data-action]:not([disabled])";

  function boardScrolls() {
    const board = document.getElementById("board");
    if (!board || board.offsetParent === null || board.scrollHeight <= board.clientHeight + 1) return null;
    const overflow = getComputedStyle(board).overflowY;
    return overflow === "auto" || overflow === "scroll" ? board : null;
  }

  function reach(controls) {
    const enabled = controls ? document.querySelectorAll(ENABLED) : [];
    if (controls && ![...enabled].some(n => !n.closest("#actions"))) return "null";  // no layout forced
    const board = boardScrolls();
    let top = 0, bottom = window.innerHeight;
    if (board) {
      const r = board.getBoundingClientRect();
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
    }
    for (const id of ["status", "tutorial-panel"]) {
      const bar = document.getElementById(id);
      if (bar && bar.offsetParent !== null && !bar.classList.contains("docked")) {
        top = Math.max(top, bar.getBoundingClientRect().bottom);
      }
    }
    const actions = document.getElementById("actions");
    if (actions && actions.firstChild) bottom = Math.min(bottom, actions.getBoundingClientRect().top);
    const dock = document.querySelector("html[data-dock=on] #board [data-dock=hand]");
    if (dock) bottom = Math.min(bottom, dock.getBoundingClientRect().top);
    const status = document.getElementById("status");
    const stuck = !status || status.offsetParent === null || board ? top
      : top - Math.max(0, status.getBoundingClientRect().top);
    const spans = [], width = window.innerWidth;
    let inside = false;
    for (const node of enabled) {
      if (node.offsetParent === null || node.closest("#actions") || (dock && dock.contains(node))) continue;
      const r = node.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) continue;
      spans.push([r.top, r.bottom]);
      const shown = Math.min(r.bottom, bottom) - Math.max(r.top, top);
      if (shown >= 0.6 * Math.min(r.height, bottom - top) && r.right > 0 && r.left < width) inside = true;
    }
    return JSON.stringify({top, bottom, stuck, spans, inside, board: board !== null});
  }

  // Whether anything on the board is moving (a slide, a pulse), when the board scrolls inside its container.
  function boardMoving() {
    const board = boardScrolls();
    return board !== null && board.getAnimations({subtree: true}).length > 0;
  }

  // Whether a slide or a pulse this script started is still running (static/zoom.js measures again once they end).
  function sliding() {
    return started.some(a => a.playState === "running");
  }

  window.pygamesTable = { snapshot, markChanged, positions, slide, make, build, patch, describe, SLIDE_MS, memoId,
                         reach, boardMoving, sliding };
})();
