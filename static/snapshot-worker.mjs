// Makes the memory snapshot that later visits boot from (see pyodide-warm.mjs), in a worker so the page never
// waits for it. It boots a fresh Pyodide (never the page's: no game has ever been started in it), unpacks our
// package as a boot does (pyodide-warm.mjs installPackage), imports the engines and the shell, and stores the
// memory in Cache Storage under the build's key, with its SHA-256 in an entry beside it, replacing any older
// snapshot. Stored uncompressed: reading it from the cache is faster than un-gzipping a compressed copy
// (docs/measurements.md), and the warm boot is what this is for.
import { loadPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { installPackage, unpackBundle } from "./pyodide-warm.mjs";

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

// The page checks a snapshot against this digest before booting from it (boot.js checkedBytes, the same function).
async function sha256(bytes) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
}

onmessage = async (event) => {
  const { build, key, digestKey, cacheName, bundle, imports } = event.data;
  try {
    const t0 = performance.now();
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    postMessage({ step: "booted" });  // each step tells the page the worker is alive (boot.js: a stall is retried)
    installPackage(pyodide, unpackBundle(pyodide, bundle));
    pyodide.runPython(imports);
    postMessage({ step: "imported" });
    const raw = pyodide.makeMemorySnapshot();
    const made = performance.now() - t0;
    const digest = await sha256(raw);
    postMessage({ step: "made" });
    const cache = await caches.open(cacheName);
    await cache.put(key, new Response(raw, { headers: {
      "content-type": "application/octet-stream", "x-build": build, "x-pyodide": version,
      "x-length": String(raw.byteLength), "x-make-ms": String(Math.round(made)) } }));
    await cache.put(digestKey, new Response(digest, { headers: { "content-type": "text/plain" } }));
    for (const request of await cache.keys()) {
      if (request.url !== key && request.url !== digestKey) await cache.delete(request);
    }
    postMessage({ ok: true, bytes: raw.byteLength, ms: Math.round(made) });
  } catch (error) {
    postMessage({ ok: false, message: String(error && error.message || error) });
  }
};
