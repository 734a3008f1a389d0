"use strict";
// Each game's look: art/<game>.css (palette, type and illustrated SVG as data: URLs, prebuilt by build.py from
// templates/<game>/art.css.j2). It is on no boot path: added when that game first opens (app.py calls
// pygamesArt.load when a game screen opens; a New game or Learn to play tap on the home screen starts it a little
// earlier), once per page. The service worker keeps it for offline when it answers the request; before the worker
// controls the page (a first visit) the page stores its own copy in this build's cache, as boot.js does.
// Also opens the credits (#credits, a native modal <dialog>: Esc closes it, focus stays inside).
(() => {
  const script = document.currentScript;
  const games = new Set(((script && script.dataset.art) || "").split(" ").filter(Boolean));
  const loading = new Map();  // game id -> Promise<boolean> (true once its stylesheet is in the page)
  const warmed = new Map();  // game id -> how many of its pictures were made ahead

  function keep(href) {
    if (!window.caches || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    const url = new URL(href, document.baseURI).href;
    const name = "pygames-app-" + document.documentElement.dataset.build;
    caches.open(name).then(c => c.match(url).then(hit => hit || c.add(url))).catch(() => {});
  }

  function load(gameId) {
    if (!games.has(gameId)) return Promise.resolve(false);
    if (!loading.has(gameId)) {
      loading.set(gameId, new Promise((resolve) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = `art/${gameId}.css`;
        link.dataset.art = gameId;
        // the page grows when the art arrives: the app brings the decision back into reach (app.py listens)
        link.onload = () => {
          keep(link.href);
          resolve(true);
          window.dispatchEvent(new Event("pygames:art"));
          setTimeout(() => warmed.set(gameId, warm(link.sheet)), 0);
        };
        link.onerror = () => { loading.delete(gameId); link.remove(); resolve(false); };  // offline, never stored
        document.head.appendChild(link);
      }));
    }
    return loading.get(gameId);
  }

  // Each picture of the stylesheet made once, beside the game rather than in a tap: an SVG picture is a small
  // document of its own, parsed and laid out where it is first shown (a first tap on a new part took 20-60 ms more).
  function warm(sheet) {
    const urls = new Set();
    try {
      for (const rule of sheet.cssRules) {
        for (const m of rule.cssText.matchAll(/url\("(data:image\/svg\+xml[^"]*)"\)/g)) urls.add(m[1]);
      }
    } catch (e) { return 0; }  // a sheet it cannot read: the pictures are made where first shown, as before
    for (const url of urls) {
      const img = new Image();
      img.src = url;
      if (img.decode) img.decode().catch(() => {});
    }
    return urls.size;
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const opener = target && target.closest("[data-command^='new:'], [data-command^='tutorial:']");
    if (opener) load(opener.dataset.command.split(":")[1]);
    const dialog = document.getElementById("credits");
    if (!dialog || !target) return;
    if (target.closest("[data-art-credits]")) dialog.showModal();
    else if (target.closest("[data-art-close]") || target === dialog) dialog.close();  // Close, or the backdrop
  }, true);

  window.pygamesArt = { load, loaded: (gameId) => document.querySelector(`link[data-art="${gameId}"]`) !== null,
                        warmed: (gameId) => warmed.get(gameId) || 0 };
})();
