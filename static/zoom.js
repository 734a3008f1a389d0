/* The board's zoom and the players-and-log drawer (issue 32: the whole table on one screen).

   The board scrolls and pans inside its own container (#board); its zoom is the CSS `zoom` of the board's content,
   read from `--board-zoom` on <html> (its parts laid out at the fit width `--board-w`), so a zoomed board lays out
   bigger and every target stays reachable by scrolling the container. Fit (zoom 1) is the board at the container's width. Buttons
   `[data-zoom=in|out|fit]`, a double tap on the board toggles 2x / fit and a two-finger pinch zooms; nothing here reads or changes the
   board's own parts. The drawer (`[data-drawer]`, shown where the players and log are not a side column) opens and
   closes with `html[data-side-drawer=open]`. Both live on <html>, which the table's patch never touches. */
(function () {
  "use strict";
  const MIN = 1, MAX = 3, STEP = 1.25;
  const root = document.documentElement;
  let zoom = 1;

  function setZoom(value, focus) {
    const board = document.getElementById("board");
    const next = Math.min(MAX, Math.max(MIN, Math.round(value * 100) / 100));
    if (next === 1 && zoom === 1) return;  // at fit already: nothing to write (a write restyles the whole page)
    const ratio = next / zoom;
    let keepX = 0, keepY = 0;
    if (board) {  // keep the point under the fingers (or the centre) where it was
      const r = board.getBoundingClientRect();
      keepX = focus ? focus.x - r.left : board.clientWidth / 2;
      keepY = focus ? focus.y - r.top : board.clientHeight / 2;
    }
    const left = board ? (board.scrollLeft + keepX) * ratio - keepX : 0;
    const top = board ? (board.scrollTop + keepY) * ratio - keepY : 0;
    zoom = next;
    // only what changes is written: a custom property on <html> restyles every element of the page
    if (board) setStyle("--board-w", contentWidth(board) + "px");
    setStyle("--board-zoom", String(zoom));
    const state = zoom === 1 ? "fit" : "zoomed";
    if (root.dataset.boardZoom !== state) root.dataset.boardZoom = state;
    toggles();
    if (board) { board.scrollLeft = zoom === 1 ? 0 : left; board.scrollTop = top; }
    dock();
  }

  // The Fit button is pressed at fit, the drawer's button expanded while it is open: set here, kept by the table's
  // patch (their `data-owned`), and set again after each redraw (dock) for buttons the patch has just made.
  function toggles() {
    setAll("[data-zoom=fit]", "aria-pressed", String(zoom === 1));
    setAll("[data-drawer]", "aria-expanded", String(root.dataset.sideDrawer === "open"));
  }

  function setStyle(name, value) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }

  function setAll(selector, name, value) {
    for (const b of document.querySelectorAll(selector)) if (b.getAttribute(name) !== value) b.setAttribute(name, value);
  }

  // The board's width at fit, in px: a zoomed board's parts are laid out at that width, then scaled (a width in %
  // would stay the container's under `zoom`, and a board drawn in HTML would only grow its text).
  function contentWidth(board) {
    const style = getComputedStyle(board);
    return board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  function setDrawer(open) {
    if (open) root.dataset.sideDrawer = "open"; else if ("sideDrawer" in root.dataset) delete root.dataset.sideDrawer;
    toggles();
    const log = open ? document.getElementById("log") : null;
    if (log) log.scrollTop = log.scrollHeight;  // hidden, it kept no place: it opens on its newest line
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest ? event.target.closest("[data-zoom],[data-drawer]") : null;
    if (!button) return;
    const how = button.dataset.zoom;
    if (how === "in") setZoom(zoom * STEP);
    else if (how === "out") setZoom(zoom / STEP);
    else if (how === "fit") setZoom(1);
    else if (button.hasAttribute("data-drawer")) setDrawer(root.dataset.sideDrawer !== "open");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && root.dataset.sideDrawer === "open") setDrawer(false);
  });

  // Touch: a double tap on the board toggles 2x and fit; two fingers pinch.
  let lastTap = 0, pinch = null;
  const onBoard = (event) => event.target.closest && event.target.closest("#board");
  const gap = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  document.addEventListener("touchstart", (event) => {
    if (!onBoard(event)) return;
    if (event.touches.length === 2) {
      pinch = {gap: gap(event.touches), zoom};
    } else if (event.touches.length === 1 && !event.target.closest("button, a, summary, input, select")) {
      const now = Date.now();
      if (now - lastTap < 300) {
        const t = event.touches[0];
        setZoom(zoom === 1 ? 2 : 1, {x: t.clientX, y: t.clientY});
        event.preventDefault();
        lastTap = 0;
      } else lastTap = now;
    }
  }, {passive: false});
  document.addEventListener("touchmove", (event) => {
    if (!pinch || event.touches.length !== 2) return;
    const t = event.touches;
    setZoom(pinch.zoom * gap(t) / pinch.gap, {x: (t[0].clientX + t[1].clientX) / 2, y: (t[0].clientY + t[1].clientY) / 2});
    event.preventDefault();
  }, {passive: false});
  document.addEventListener("touchend", (event) => { if (event.touches.length < 2) pinch = null; });

  // The player's own hand or area (`[data-dock=hand]`, the board's last part) docks at the bottom of the board's
  // container, the rest of the board scrolling behind it (app.css), where it spans the board and takes at most
  // DOCK_SHARE of its height: a taller one, docked, would hide its own top for good. html[data-dock=on|off]; asked
  // after each redraw (pygames/web/reach.py, which leaves the docked part out of the band it scrolls to), a zoom
  // and a resize. The part's size does not depend on whether it is docked, so this never flips back and forth.
  const DOCK_SHARE = 0.5;

  function dock() {
    const board = document.getElementById("board");
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

  window.addEventListener("resize", () => { if (zoom !== 1) setZoom(zoom); dock(); });

  // A new game screen starts at fit, the drawer closed.
  window.pygamesZoom = {fit: () => { setZoom(1); setDrawer(false); }, get: () => zoom, dock};
})();
