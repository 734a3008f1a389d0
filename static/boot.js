// pygames boot: the only JavaScript of ours besides the service worker. Before PyScript starts it
// (1) picks the language for the loading screen, (2) shows a real progress bar by counting the bytes of the
// runtime downloads, (3) stores what the page fetches in the offline cache so the service worker does not
// download it again, and (4) registers the service worker once the app is ready and those copies are stored.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("boot-data").textContent);
  const root = document.documentElement;

  // The memory snapshot of this build, if this device stored one: its reading starts now, in parallel with
  // PyScript's start-up; static/pyodide-warm.mjs awaits it. Keyed on the build hash (which covers the runtime
  // versions); beside it, in its own entry, the SHA-256 of its bytes as the snapshot's worker made them. An entry of
  // another build, of a wrong length or whose bytes do not match that digest (damaged, or a foreign snapshot under
  // this build's headers) is dropped before Pyodide uses it: cold boot, and a new one is made.
  const SNAPSHOT_CACHE = "pygames-snapshot";
  const snapshotKey = new URL(`__snapshot__/${data.version}.bin`, location.href).href;
  const digestKey = new URL(`__snapshot__/${data.version}.sha256`, location.href).href;
  // Resolves to null when there is no snapshot to try, else to { bytes }: a promise of its bytes once they match
  // their digest, rejected if they do not. Pyodide takes that promise (its `_loadSnapshot`): it fetches and compiles
  // its WebAssembly while the bytes are read and checked, and uses them only once they have passed.
  async function findSnapshot() {
    if (!window.caches || !(window.crypto && crypto.subtle)) return null;  // no digest to check: never trusted
    const cache = await caches.open(SNAPSHOT_CACHE);  // rejects when storage is refused: cold boot
    const [response, digest] = await Promise.all([cache.match(snapshotKey), cache.match(digestKey)]);
    if (!response) return null;
    if (!digest || response.headers.get("x-build") !== data.version
        || response.headers.get("x-pyodide") !== data.pyodide) {
      console.warn("pygames: stale or damaged snapshot dropped");
      await dropSnapshot();
      return null;
    }
    const bytes = checkedBytes(response, digest);
    bytes.catch(() => {});  // the boot that awaits it reports it
    return { bytes };
  }
  async function checkedBytes(response, digest) {
    const bytes = new Uint8Array(await within(READ_MS, response.arrayBuffer(), "the snapshot's bytes"));
    performance.mark("pygames:snapshot-bytes");
    const sound = bytes.byteLength === Number(response.headers.get("x-length"))
      && (await digest.text()) === await sha256(bytes);
    performance.mark("pygames:snapshot-checked");
    if (!sound) {
      await dropSnapshot();
      throw new Error("the stored snapshot does not match its digest");
    }
    return bytes;
  }
  async function sha256(bytes) {  // the same as static/snapshot-worker.mjs's
    const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function dropSnapshot() {
    return window.caches ? caches.open(SNAPSHOT_CACHE)
      .then(c => Promise.all([c.delete(snapshotKey), c.delete(digestKey)])).catch(() => {}) : null;
  }
  // Cache Storage that never answers (seen in whole test runs: an `evaluate` of a cache match waited 15 min) must not
  // keep the app loading: the lookup and the reading each have a time limit, then the boot goes on cold.
  function within(ms, promise, what) {
    return Promise.race([promise, new Promise((_, reject) => setTimeout(
      () => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms))]);
  }
  const LOOKUP_MS = 5000, READ_MS = 15000;  // a lookup takes ~10 ms, reading ~35 MB ~60 ms on a quiet laptop
  window.pygamesSnapshot = {
    key: snapshotKey, digestKey, cache: SNAPSHOT_CACHE, made: null,
    read: within(LOOKUP_MS, findSnapshot(), "the snapshot's cache").catch((e) => {
      console.warn("pygames: no snapshot:", String(e));
      return null;
    }),
    drop: dropSnapshot,
  };
  let lang = null;
  try { lang = localStorage.getItem("pygames.lang"); } catch (e) { /* storage may be disabled */ }
  if (lang !== "fr" && lang !== "en") {
    lang = (navigator.languages || [navigator.language || "en"]).some(l => /^fr\b/i.test(l)) ? "fr" : "en";
  }
  root.lang = lang;
  const text = data.strings[lang];
  const say = (key) => text[key] || key;

  function translateLoading() {
    for (const el of document.querySelectorAll("#loading [data-i18n]")) el.textContent = say(el.dataset.i18n);
  }

  // Progress: bytes of the runtime files fetched so far, against their known sizes (from the build).
  const expected = data.fetchBytes;
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const received = {};
  let phase = "boot.downloading";
  let drawQueued = false;
  function show() {  // at most once a frame: chunks arrive far more often
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; draw(); });
  }
  function draw() {
    const bar = document.getElementById("boot-progress");
    const label = document.getElementById("boot-phase");
    if (!bar) return;
    const got = Object.values(received).reduce((a, b) => a + b, 0);
    const fraction = Math.min(1, got / total);
    // Downloads are 90% of the bar; starting Python and the app is the last 10%.
    const value = phase === "boot.downloading" ? 90 * fraction : phase === "boot.starting" ? 95 : 100;
    bar.value = Math.round(value);
    bar.setAttribute("aria-valuenow", String(Math.round(value)));
    label.textContent = say(phase) + (phase === "boot.downloading"
      ? ` ${(got / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} MB` : "");
  }

  // Before the service worker controls the page (first visit), what the page fetches is stored by the page
  // itself: runtime files in the runtime's cache, the app's in this build's cache (the worker then skips them).
  const storeCopies = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  const copies = [];  // those copies being written: the service worker is registered once they are stored
  const basePath = new URL(".", location.href).pathname;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async function (input, init) {
    const response = await nativeFetch(input, init);
    const isRequest = typeof Request !== "undefined" && input instanceof Request;
    const url = new URL(isRequest ? input.url : String(input), location.href);  // input may be a URL object
    const method = ((init && init.method) || (isRequest ? input.method : "GET")).toUpperCase();
    if (url.origin !== location.origin || method !== "GET" || !response.ok) return response;
    const key = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    if (storeCopies && window.caches && data.precache.includes(key)) {
      const copy = response.clone();
      const cacheName = key.startsWith("runtime/") ? data.runtimeCache : data.appCache;
      copies.push(caches.open(cacheName).then(c => c.put(url.href, copy)).catch(() => {}));
    }
    if (!(key in expected) || !response.body) return response;
    // Counted on a copy: the response itself goes to Pyodide untouched, so the browser compiles the WebAssembly
    // as it streams in, off the main thread (through a stream of ours, each chunk waited for the main thread).
    const reader = response.clone().body.getReader();
    received[key] = 0;
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received[key] += value.byteLength;
        show();
      }
    })().catch(() => {});
    return response;
  };

  addEventListener("py:progress", () => { if (Object.keys(received).length === Object.keys(expected).length) { phase = "boot.starting"; show(); } });
  addEventListener("error", (event) => {
    if (root.dataset.appState === "loading") fail(String(event.message || event.error || "error"));
  });
  function fail(message) {
    root.dataset.appState = "error";
    const box = document.getElementById("boot-error");
    if (box) { box.hidden = false; box.textContent = say("boot.failed") + " " + message; }
  }
  window.pygamesBootFailed = fail;

  // The snapshot's worker boots a second Python for a few seconds: on a tablet with two cores it would slow the
  // player's taps. It starts when the player has not touched the page for QUIET_MS (and the page is idle), so it
  // runs while they read or think, not while they play a burst of moves.
  const QUIET_MS = 2000;
  let lastInput = performance.now();
  for (const type of ["pointerdown", "keydown", "click"]) {
    addEventListener(type, () => { lastInput = performance.now(); }, { capture: true, passive: true });
  }
  function whenQuiet(task) {
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 50));
    const check = () => {
      const waited = performance.now() - lastInput;
      if (waited >= QUIET_MS) idle(() => (performance.now() - lastInput >= QUIET_MS ? task() : check()),
                                   { timeout: 1000 });
      else setTimeout(check, QUIET_MS - waited + 20);
    };
    check();
  }

  // Once the app is ready, and never before: register the service worker, then (in idle time) make the memory
  // snapshot later visits boot from, if this device has none for this build yet.
  let afterReadyDone = false;
  new MutationObserver(() => {
    if (root.dataset.appState !== "ready" || afterReadyDone) return;
    afterReadyDone = true;
    lastInput = performance.now();  // the player's first taps come now: the snapshot waits for a quiet moment
    const controlled = registerWorker();
    window.pygamesSnapshot.attempt = new Promise((resolve) => whenQuiet(() => controlled.then(ensureSnapshot)
      .catch((e) => console.warn("pygames: no snapshot:", String(e))).finally(resolve)));
  }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });

  // The service worker's install stores every file it does not find in the caches. The page's own copies are
  // not always stored by ready (the wasm's, written as Pyodide reads the same download): registered at ready, the
  // worker could find no wasm yet and download it again where the HTTP cache did not keep it (docs/measurements.md).
  // So it is registered once the copies are stored.
  // Resolves when a worker controls the page, or when none will soon: the snapshot's worker is then started, and
  // it fetches the runtime from the caches through the service worker instead of the network.
  const SETTLE_MS = 15000;  // a copy that never ends (a stalled download) must not keep the page offline-less
  function registerWorker() {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const sw = navigator.serviceWorker;
    const control = sw.controller ? Promise.resolve() : new Promise((resolve) => {
      sw.addEventListener("controllerchange", resolve, { once: true });
    });
    return Promise.race([Promise.allSettled(copies), later(SETTLE_MS)])
      .then(() => sw.register(new URL("sw.js", location.href).pathname))
      .then(() => Promise.race([control, later(SETTLE_MS)]))
      .catch(() => {});  // storage refused, or no service worker here: the snapshot tries on its own
  }

  async function ensureSnapshot() {
    if (!window.caches || !window.Worker || !(window.crypto && crypto.subtle)) return;  // cold boots, app works
    const cache = await caches.open(SNAPSHOT_CACHE);  // throws when storage is refused: no snapshot, no harm
    const existing = await cache.match(snapshotKey);
    if (existing && root.dataset.boot === "snapshot") {
      root.dataset.snapshot = "stored";
      return;
    }
    // A worker that fails, or stalls (no step done for STALL_MS), is tried once more when the player pauses again:
    // whole test runs on CI saw a snapshot never stored after a deploy, a cause not found (docs/measurements.md).
    let result = await makeSnapshot();
    if (!result.ok) {
      console.warn("pygames: snapshot not made, trying again:", result.message);
      await new Promise((resolve) => whenQuiet(resolve));
      result = await makeSnapshot();
    }
    window.pygamesSnapshot.made = result;
    root.dataset.snapshot = result.ok ? "stored" : "failed";
    if (!result.ok) console.warn("pygames: snapshot not made:", result.message);
  }

  const STALL_MS = 60000;  // the slowest step (Pyodide's boot) takes ~20 s on a loaded two-core tablet
  async function makeSnapshot() {
    // The page fetches the package (so the service worker answers with this page's build), the worker boots.
    const bundle = await (await fetch("pygames.bundle")).arrayBuffer();
    // Its URL names this page's build and runtime: the service worker answers the worker's fetches from them, even
    // when a worker of an older build is still in charge (sw.js buildNamed).
    const named = new URLSearchParams({ build: data.version, runtime: data.runtimeCache });
    const worker = new Worker(`static/snapshot-worker.mjs?${named}`, { type: "module" });
    const result = await new Promise((resolve) => {
      let step = "start", timer = null;
      const stalled = () => resolve({ ok: false, message: `stalled after step ${step}` });
      const wait = () => { clearTimeout(timer); timer = setTimeout(stalled, STALL_MS); };
      worker.onmessage = (event) => {
        if (event.data && event.data.step) { step = event.data.step; wait(); return; }
        clearTimeout(timer);
        resolve(event.data);
      };
      worker.onerror = (event) => {
        clearTimeout(timer);
        resolve({ ok: false, message: String(event.message || "worker error") });
      };
      wait();
      worker.postMessage({ build: data.version, key: snapshotKey, digestKey, cacheName: SNAPSHOT_CACHE, bundle,
                           imports: data.snapshotImports }, [bundle]);
    });
    worker.terminate();
    return result;
  }

  // Tell the service worker which build this page runs, so it answers the page from that build's cache only,
  // even if a newer worker takes over while the page is open.
  function announceBuild() {
    const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (sw) sw.postMessage({ type: "build", build: data.version, runtime: data.runtimeCache });
  }
  if (navigator.serviceWorker) {
    announceBuild();
    navigator.serviceWorker.addEventListener("controllerchange", announceBuild);
  }

  document.addEventListener("DOMContentLoaded", () => { translateLoading(); show(); });
})();
