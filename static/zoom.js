/* The board's zoom, the magnifier and the log's drawer (issue 47: the whole table at a glance).

   The board's content is one stage (`#board > .stage`, pygames/web/table.py), laid out at the size of the board's
   container (`--board-w`, `--board-h` on <html>, the container's inner size, kept by a ResizeObserver) and scaled by
   the CSS `zoom` `--board-zoom`. **Fit** is the whole stage in its box: the smaller of the width and height ratios of
   the box to what the stage holds (1 when a board is drawn to fit, which every board is: the safety net for a part
   that outgrows it). The player's zoom is a level over fit, from 1 (fit) to MAX: "+", "−", a pinch and a double tap
   change it, never below fit ("−" is disabled there); the content scrolls inside the container when zoomed.
   A tap on a part marked `data-magnify` (a card, a tile, a sheet: not a control) shows it large over the page
   (`[data-testid=magnifier]`), dismissed by a tap or Esc: a copy of what the page already shows, nothing more.
   The drawer (`[data-drawer]`, where the log is not a side column) opens and closes with html[data-side-drawer=open].
   All of it lives on <html> and one overlay, which the table's patch never touches. */
(function () {
  "use strict";
  const MAX = 3, STEP = 1.25;
  const root = document.documentElement;
  let level = 1;  // the player's zoom over fit: 1 = fit
  let fit = 1;  // the stage's scale at fit (1 unless what it holds outgrows its box)
  let laid = {w: 0, h: 0};  // the box the stage was last laid out in

  const boardOf = () => document.getElementById("board");
  const stageOf = (board) => board && board.querySelector(":scope > .stage");

  function setStyle(name, value) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }

  function setAll(selector, name, value) {
    for (const b of document.querySelectorAll(selector)) if (b.getAttribute(name) !== value) b.setAttribute(name, value);
  }

  // The board container's inner size: what the stage is laid out in. Its scroll bars (zoomed in, with a mouse) are
  // not taken off: zooming never lays the stage out again at another size, only scales it.
  function inner(board) {
    const style = getComputedStyle(board);
    const across = (a, b, c, d) => parseFloat(style[a]) + parseFloat(style[b]) + parseFloat(style[c]) + parseFloat(style[d]);
    return {w: Math.max(0, board.offsetWidth - across("paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth")),
            h: Math.max(0, board.offsetHeight - across("paddingTop", "paddingBottom", "borderTopWidth",
                                                       "borderBottomWidth"))};
  }

  // How far what the stage holds reaches, in the stage's own (unzoomed) px: its scroll size, which counts any part
  // that outgrows it.
  function extent(stage) {
    return {w: stage.scrollWidth, h: stage.scrollHeight};
  }

  // Lay the stage out in its box and scale it: at fit, all of it in view. Called after each redraw (table.py's patch
  // may change what it holds), on a resize of the container and on every zoom; writes only what changed.
  function layout(focus) {
    const board = boardOf(), stage = stageOf(board);
    const state = level === 1 ? "fit" : "zoomed";
    if (root.dataset.boardZoom !== state) root.dataset.boardZoom = state;
    if (!board || !stage || board.offsetWidth === 0) { toggles(); return; }  // hidden: laid out when it shows
    const box = inner(board);
    setStyle("--board-w", Math.floor(box.w) + "px");
    setStyle("--board-h", Math.floor(box.h) + "px");
    const before = fit * level;
    const resized = box.w !== laid.w || box.h !== laid.h;
    laid = box;
    if (level === 1 || resized) {  // zoomed in, the text's lines fall a little otherwise: fit is measured at fit
      const reach = extent(stage);
      fit = Math.floor(Math.min(1, box.w / Math.max(1, reach.w), box.h / Math.max(1, reach.h)) * 1000) / 1000;
    }
    const scale = fit * level;
    const ratio = scale / before;
    let keepX = 0, keepY = 0;  // keep the point under the fingers (or the centre) where it was
    const r = board.getBoundingClientRect();
    keepX = focus ? focus.x - r.left : board.clientWidth / 2;
    keepY = focus ? focus.y - r.top : board.clientHeight / 2;
    const left = (board.scrollLeft + keepX) * ratio - keepX, top = (board.scrollTop + keepY) * ratio - keepY;
    setStyle("--board-zoom", String(scale));
    toggles();
    if (ratio !== 1) {
      board.scrollLeft = level === 1 ? 0 : left;
      board.scrollTop = level === 1 ? 0 : top;
    }
  }

  function setLevel(value, focus) {
    const next = Math.min(MAX, Math.max(1, Math.round(value * 100) / 100));
    if (next === level) return;
    level = next;
    layout(focus);
    dock();
  }

  // Fit is pressed at fit, "−" disabled there and "+" at the most; the drawer's button expanded while it is open:
  // set here, kept by the table's patch (their `data-owned`), and set again after each redraw for buttons the patch
  // has just made.
  function toggles() {
    setAll("[data-zoom=fit]", "aria-pressed", String(level === 1));
    setAll("[data-zoom=out]", "aria-disabled", String(level === 1));
    setAll("[data-zoom=in]", "aria-disabled", String(level >= MAX));
    setAll("[data-drawer]", "aria-expanded", String(root.dataset.sideDrawer === "open"));
  }

  function setDrawer(open) {
    if (open) root.dataset.sideDrawer = "open"; else if ("sideDrawer" in root.dataset) delete root.dataset.sideDrawer;
    toggles();
    const log = open ? document.getElementById("log") : null;
    if (log) log.scrollTop = log.scrollHeight;  // hidden, it kept no place: it opens on its newest line
  }

  // ---- the magnifier: a part shown large, over everything, until a tap
  let lens = null, opener = null;

  function magnify(part) {
    close();
    opener = part;
    lens = document.createElement("div");
    lens.className = "magnifier";
    lens.dataset.testid = "magnifier";
    lens.setAttribute("role", "dialog");
    lens.setAttribute("aria-modal", "true");
    const name = part.getAttribute("aria-label") || part.getAttribute("title") || part.textContent.trim();
    lens.setAttribute("aria-label", name.slice(0, 200));
    lens.tabIndex = -1;
    const copy = part.cloneNode(true);
    for (const node of [copy, ...copy.querySelectorAll("[id],[data-action],[data-anim-key],[tabindex]")]) {
      node.removeAttribute("id");
      node.removeAttribute("data-anim-key");
      node.removeAttribute("tabindex");
      if (node.hasAttribute("data-action")) { node.removeAttribute("data-action"); node.setAttribute("disabled", ""); }
    }
    copy.removeAttribute("data-magnify");
    copy.classList.add("magnified");
    const frame = document.createElement("div");
    frame.className = "magnifier-frame";
    // the part keeps its game's look: its board's classes and the game's art apply to the copy
    const board = part.closest("[data-game]");
    if (board) frame.dataset.game = board.dataset.game;
    frame.append(copy);
    const hint = document.createElement("p");
    hint.className = "magnifier-hint";
    hint.textContent = root.lang === "fr" ? "Touchez pour fermer" : "Tap to close";
    lens.append(frame, hint);
    // laid out at the part's own width (in its unscaled px), then measured as it lays out here, then grown to the room
    copy.style.width = part.offsetWidth ? part.offsetWidth + "px" : "auto";
    copy.style.boxSizing = "border-box";
    lens.style.visibility = "hidden";
    document.body.append(lens);
    const r = copy.getBoundingClientRect();
    const room = {w: innerWidth * 0.92, h: (innerHeight - 64) * 0.9};
    const grow = Math.max(1, Math.min(room.w / Math.max(1, r.width), room.h / Math.max(1, r.height), 6));
    frame.style.zoom = String(Math.round(grow * 100) / 100);
    lens.style.visibility = "";
    lens.focus();
  }

  function close() {
    if (!lens) return false;
    lens.remove();
    lens = null;
    if (opener && opener.isConnected && opener.focus) opener.focus({preventScroll: true});
    opener = null;
    return true;
  }

  document.addEventListener("click", (event) => {
    if (lens && (lens === event.target || lens.contains(event.target))) {
      close();
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const button = event.target.closest ? event.target.closest("[data-zoom],[data-drawer]") : null;
    if (button) {
      const how = button.dataset.zoom;
      if (how === "in") setLevel(level * STEP);
      else if (how === "out") setLevel(level / STEP);
      else if (how === "fit") setLevel(1);
      else if (button.hasAttribute("data-drawer")) setDrawer(root.dataset.sideDrawer !== "open");
      return;
    }
    const part = event.target.closest ? event.target.closest("#board [data-magnify]") : null;
    if (part && !event.target.closest("button, a, summary, input, select, label")) magnify(part);
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && close()) { event.preventDefault(); event.stopPropagation(); return; }
    if (event.key === "Escape" && root.dataset.sideDrawer === "open") setDrawer(false);
    const part = event.target.closest && (event.key === "Enter" || event.key === " ")
      ? event.target.closest("#board [data-magnify]") : null;
    if (part && part === event.target) { event.preventDefault(); magnify(part); }
  }, true);

  // Touch: a double tap on the board zooms in two times where it was tapped (and back to fit); two fingers pinch.
  let lastTap = 0, pinch = null;
  const onBoard = (event) => event.target.closest && event.target.closest("#board");
  const gap = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  document.addEventListener("touchstart", (event) => {
    if (!onBoard(event)) return;
    if (event.touches.length === 2) {
      pinch = {gap: gap(event.touches), level};
    } else if (event.touches.length === 1 && !event.target.closest("button, a, summary, input, select")) {
      const now = Date.now();
      if (now - lastTap < 300) {
        const t = event.touches[0];
        setLevel(level === 1 ? 2 : 1, {x: t.clientX, y: t.clientY});
        event.preventDefault();
        lastTap = 0;
      } else lastTap = now;
    }
  }, {passive: false});
  document.addEventListener("touchmove", (event) => {
    if (!pinch || event.touches.length !== 2) return;
    const t = event.touches;
    setLevel(pinch.level * gap(t) / pinch.gap, {x: (t[0].clientX + t[1].clientX) / 2, y: (t[0].clientY + t[1].clientY) / 2});
    event.preventDefault();
  }, {passive: false});
  document.addEventListener("touchend", (event) => { if (event.touches.length < 2) pinch = null; });

  // The player's own hand or area (`[data-dock=hand]`, the board's last part) docks at the bottom of the board's
  // container while the board is zoomed (at fit all of it is in view anyway), the rest scrolling behind it, where it
  // spans the board and takes at most DOCK_SHARE of its height: a taller one, docked, would hide its own top for
  // good. html[data-dock=on|off]; asked after each redraw (pygames/web/reach.py, which leaves the docked part out of
  // the band it scrolls to), a zoom and a resize.
  const DOCK_SHARE = 0.5;

  function dock() {
    const board = boardOf();
    const part = board && board.querySelector("[data-dock=hand]");
    let on = false;
    if (part && board.clientHeight > 0) {
      const r = part.getBoundingClientRect();
      on = r.height > 0 && r.height <= board.clientHeight * DOCK_SHARE && r.width >= board.clientWidth * 0.9 - 1;
    }
    const want = on ? "on" : "off";
    if (root.dataset.dock !== want) root.dataset.dock = want;  // as it stands: no restyle of the page
    toggles();  // a new table's buttons say it too
    return on;
  }

  // Bring a part into view when the board is zoomed in (the others' moves, where they happen); at fit it is.
  function show(part) {
    const board = boardOf();
    if (!board || level === 1 || !part || !board.contains(part)) return;
    const b = board.getBoundingClientRect(), r = part.getBoundingClientRect();
    const inside = r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
    if (!inside) {
      board.scrollBy({left: (r.left + r.right) / 2 - (b.left + b.right) / 2,
                      top: (r.top + r.bottom) / 2 - (b.top + b.bottom) / 2, behavior: "auto"});
    }
  }

  // A redraw (pygames/web/gamescreen.py): the stage is laid out again in its box, then the dock asked.
  // A part sliding in counts in what the stage holds while it moves: once the slides have landed it is measured again.
  let settle = null;
  function drawn() {
    layout();
    const table = window.pygamesTable;
    if (table && table.sliding && table.sliding()) {
      clearTimeout(settle);
      settle = setTimeout(() => { layout(); dock(); }, (table.SLIDE_MS || 350) + 60);
    }
    return dock();
  }

  if (window.ResizeObserver) {
    let seen = null;
    const watch = new ResizeObserver(() => {
      const board = boardOf();
      if (!board) return;
      const size = board.offsetWidth + "x" + board.offsetHeight;
      if (size === seen) return;
      seen = size;
      layout();
      dock();
    });
    const attach = () => { const board = boardOf(); if (board) watch.observe(board); };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", attach); else attach();
  }
  window.addEventListener("resize", () => { layout(); dock(); });

  // A new game screen starts at fit, the drawer closed.
  window.pygamesZoom = {fit: () => { level = 1; layout(); setDrawer(false); close(); }, get: () => level,
                        scale: () => fit * level, dock, drawn, show, close};
})();
