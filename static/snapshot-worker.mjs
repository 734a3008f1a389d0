// Makes the memory snapshot that later visits boot from (see pyodide-warm.mjs), in a worker so the page never
// waits for it. It boots a fresh Pyodide (never the page's: no game has ever been started in it), unpacks our
// package as a boot does (pyodide-warm.mjs installPackage), imports the engines and the shell, and stores the
// memory in Cache Storage under the build's key, replacing any older snapshot. Stored uncompressed: reading 31 MB from
// the cache takes ~60 ms where un-gzipping 6 MB takes ~250 ms, and the warm boot is what this is for.
import { loadPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { installPackage, unpackBundle } from "./pyodide-warm.mjs";

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

onmessage = async (event) => {
  const { build, key, cacheName, bundle, imports } = event.data;
  try {
    const t0 = performance.now();
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    installPackage(pyodide, unpackBundle(pyodide, bundle));
    pyodide.runPython(imports);
    const raw = pyodide.makeMemorySnapshot();
    const made = performance.now() - t0;
    const cache = await caches.open(cacheName);
    await cache.put(key, new Response(raw, { headers: {
      "content-type": "application/octet-stream", "x-build": build, "x-pyodide": version,
      "x-length": String(raw.byteLength), "x-make-ms": String(Math.round(made)) } }));
    for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
    postMessage({ ok: true, bytes: raw.byteLength, ms: Math.round(made) });
  } catch (error) {
    postMessage({ ok: false, message: String(error && error.message || error) });
  }
};
