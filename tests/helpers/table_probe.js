/* The whole table at a glance (issue 47), measured at one decision, as a player sees it once the slides landed.
   Shared by tests/browser/test_glance.py and `build.py bench --only fit` (tests/helpers/fit_probe.py).

   - share: how much of what the board's stage holds is inside the board's box (1 = all of it in view);
   - text: the smallest text in view on the game screen, in screen px (font size times every zoom and scale on the
     way), with what it says and where: text hidden from sight (display none, a closed panel, visually hidden for
     screen readers) is not counted;
   - summaries: the seats whose summary [data-testid=seat-summary] is not wholly on screen;
   - controls: the decision's enabled controls ([data-action]) not wholly in view (off screen, or on the board
     outside its box), those smaller than 44 px, and those another element covers at their centre;
   - scroll: how far the page itself scrolls. */
async () => {
  await Promise.all(document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().endTime < Infinity)
    .map(a => a.finished.catch(() => null)));
  await new Promise(done => requestAnimationFrame(() => setTimeout(done, 30)));
  const vw = innerWidth, vh = innerHeight;
  const board = document.getElementById('board');
  const stage = board && board.querySelector(':scope > .stage');
  const within = (r, box) => r.width > 0 && r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
    && r.left >= box.left - 1 && r.right <= box.right + 1;
  const screen = {top: 0, left: 0, right: vw, bottom: vh};
  const b = board.getBoundingClientRect();
  const boardBox = {left: b.left + board.clientLeft, top: b.top + board.clientTop,
                    right: b.left + board.clientLeft + board.clientWidth, bottom: b.top + board.clientTop + board.clientHeight};
  let share = 0;
  if (stage) {
    const s = stage.getBoundingClientRect(), k = stage.offsetWidth ? s.width / stage.offsetWidth : 1;
    const w = Math.max(stage.scrollWidth * k, 1), h = Math.max(stage.scrollHeight * k, 1);
    const x = Math.max(0, Math.min(s.left + w, boardBox.right) - Math.max(s.left, boardBox.left));
    const y = Math.max(0, Math.min(s.top + h, boardBox.bottom) - Math.max(s.top, boardBox.top));
    share = (x * y) / (w * h);
  }
  const sight = (e) => {
    for (let n = e; n && n !== document.body; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.opacity === '0') return false;
      if (cs.position === 'absolute' && parseFloat(cs.width) <= 1 && parseFloat(cs.height) <= 1) return false;  // for screen readers
      if (cs.clip && cs.clip.startsWith('rect(0')) return false;
    }
    return true;
  };
  const scaleOf = (e) => {
    if (e instanceof SVGElement) {
      let host = e.parentElement;
      while (host && host instanceof SVGElement) host = host.parentElement;
      const m = e.getScreenCTM ? e.getScreenCTM() : null;
      const hk = host && host.offsetWidth ? host.getBoundingClientRect().width / host.offsetWidth : 1;
      return (m ? Math.hypot(m.a, m.b) : 1) * hk;
    }
    return e.offsetWidth ? e.getBoundingClientRect().width / e.offsetWidth : 1;
  };
  const where = (e) => {
    const parts = [];
    for (let n = e; n && n.id !== 'game' && parts.length < 4; n = n.parentElement) {
      parts.unshift(n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') +
        (n.getAttribute('class') ? '.' + n.getAttribute('class').trim().split(/\s+/).slice(0, 2).join('.') : ''));
    }
    return parts.join(' > ');
  };
  let text = {px: 99, what: '', where: ''};
  const game = document.getElementById('game');
  const walker = document.createTreeWalker(game, NodeFilter.SHOW_TEXT);
  const seen = new Map();
  while (walker.nextNode()) {
    const t = walker.currentNode;
    if (!t.textContent.trim()) continue;
    const e = t.parentElement;
    if (!e || e.closest('dialog:not([open]), details:not([open]) > :not(summary), [hidden]')) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || !within(r, screen)) continue;
    if (board.contains(e) && !(r.bottom > boardBox.top && r.top < boardBox.bottom && r.right > boardBox.left
        && r.left < boardBox.right)) continue;  // scrolled out of the board's box: not in view
    let ok = seen.get(e);
    if (ok === undefined) { ok = sight(e); seen.set(e, ok); }
    if (!ok) continue;
    const px = parseFloat(getComputedStyle(e).fontSize) * scaleOf(e);
    if (px < text.px) text = {px: Math.round(px * 10) / 10, what: t.textContent.trim().slice(0, 40), where: where(e)};
  }
  const summaries = [...document.querySelectorAll('[data-testid=seat-summary]')];
  const missing = summaries.filter(s => !within(s.getBoundingClientRect(), screen)).map(s => s.dataset.player);
  const controls = [...document.querySelectorAll('#game button[data-action]:not([disabled])')]
    .filter(e => e.offsetParent !== null && !e.closest('details:not([open]) > :not(summary)'));
  const out = [], small = [], covered = [];
  for (const c of controls) {
    const r = c.getBoundingClientRect();
    const inBoard = board.contains(c);
    if (!within(r, screen) || (inBoard && !within(r, boardBox))) { out.push(c.dataset.action); continue; }
    if (Math.min(r.width, r.height) < 43.5) small.push(c.dataset.action + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!top || !(top === c || c.contains(top))) covered.push(c.dataset.action);
  }
  const box = stage ? [stage.offsetWidth, stage.offsetHeight] : null;
  return {share: Math.round(share * 1000) / 1000, text, box, summaries: summaries.length, missing, controls: controls.length,
          out, small, covered, scroll: document.scrollingElement.scrollHeight - vh};
}
