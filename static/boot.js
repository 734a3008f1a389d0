// pygames boot: the only JavaScript of ours besides the service worker. Before PyScript starts it
// (1) picks the language for the loading screen, (2) shows a real progress bar by counting the bytes of the
// runtime downloads, (3) stores what the page fetches in the offline cache so the service worker does not
// download it again, and (4) registers the service worker once the app is ready.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("boot-data").textContent);
  const root = document.documentElement;
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
  function show() {
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

  const cacheName = data.cacheName;
  const basePath = new URL(".", location.href).pathname;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async function (input, init) {
    const response = await nativeFetch(input, init);
    const isRequest = typeof Request !== "undefined" && input instanceof Request;
    const url = new URL(isRequest ? input.url : String(input), location.href);  // input may be a URL object
    const method = ((init && init.method) || (isRequest ? input.method : "GET")).toUpperCase();
    if (url.origin !== location.origin || method !== "GET" || !response.ok) return response;
    const key = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    if (window.caches && data.precache.includes(key)) {
      const copy = response.clone();
      caches.open(cacheName).then(c => c.put(url.href, copy)).catch(() => {});
    }
    if (!(key in expected) || !response.body) return response;
    const reader = response.body.getReader();
    received[key] = 0;
    const stream = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) { controller.close(); return; }
        received[key] += value.byteLength;
        show();
        controller.enqueue(value);
      },
      cancel(reason) { reader.cancel(reason); },
    });
    return new Response(stream, { status: response.status, statusText: response.statusText,
                                  headers: response.headers });
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

  // Once the app is ready, and never before: register the service worker, then (in idle time) make the memory
  // snapshot later visits boot from, if this device has none for this build yet.
  let afterReadyDone = false;
  new MutationObserver(() => {
    if (root.dataset.appState !== "ready" || afterReadyDone) return;
    afterReadyDone = true;
    if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 200));
    idle(() => ensureSnapshot().catch((e) => console.warn("pygames: no snapshot:", String(e))), { timeout: 3000 });
  }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });

  const SNAPSHOT_CACHE = "pygames-snapshot";
  const snapshotKey = new URL(`__snapshot__/${data.version}.bin.gz`, location.href).href;
  window.pygamesSnapshot = { key: snapshotKey, cache: SNAPSHOT_CACHE, made: null };

  async function ensureSnapshot() {
    if (!window.caches || !window.Worker || !window.CompressionStream) return;  // cold boots, app still works
    const cache = await caches.open(SNAPSHOT_CACHE);  // throws when storage is refused: no snapshot, no harm
    const existing = await cache.match(snapshotKey);
    if (existing && existing.headers.get("x-build") === data.version) {
      root.dataset.snapshot = "stored";
      return;
    }
    const worker = new Worker("static/snapshot-worker.mjs", { type: "module" });
    const result = await new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => resolve({ ok: false, message: String(event.message || "worker error") });
      worker.postMessage({ build: data.version, key: snapshotKey, cacheName: SNAPSHOT_CACHE,
                           zip: new URL("pygames.zip", location.href).href, imports: data.snapshotImports });
    });
    worker.terminate();
    window.pygamesSnapshot.made = result;
    if (result.ok) root.dataset.snapshot = "stored";
    else console.warn("pygames: snapshot not made:", result.message);
  }

  document.addEventListener("DOMContentLoaded", () => { translateLoading(); show(); });
})();
