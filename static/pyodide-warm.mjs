// PyScript's `interpreter` setting points here (pyscript.json). PyScript imports this module and calls its
// `loadPyodide` (polyscript's pyodide engine: `engine({loadPyodide, version}, …)`), so we can boot Pyodide from a
// memory snapshot made earlier on this device (see snapshot-worker.mjs) and fall back to a normal (cold) boot
// when there is none, it is stale (other build or runtime), or it fails to load: never a user-visible error.
// <html data-boot="snapshot|cold"> says which boot happened.
import { loadPyodide as coldLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

export const SNAPSHOT_CACHE = "pygames-snapshot";
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

/** The build this page belongs to ({version, runtime}), from the page's boot data; null in a worker. */
function bootData() {
  const node = globalThis.document && document.getElementById("boot-data");
  try { return node ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
}

/** The Cache Storage key of the snapshot for one build (the build hash covers the runtime versions too). */
export function snapshotURL(build) {
  return new URL(`__snapshot__/${build}.bin.gz`, new URL("..", import.meta.url)).href;
}

/** The snapshot's bytes for this build, or null (missing, stale, corrupt: a stale or corrupt entry is dropped). */
async function readSnapshot(data) {
  if (!globalThis.caches) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const url = snapshotURL(data.version);
  const response = await cache.match(url);
  if (!response) return null;
  try {
    const headers = response.headers;
    if (headers.get("x-build") !== data.version || headers.get("x-pyodide") !== version) throw new Error("stale");
    // gzip carries a CRC: a damaged entry fails here, before Pyodide sees it.
    const raw = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    if (raw.byteLength !== Number(headers.get("x-raw-length"))) throw new Error("truncated");
    return new Uint8Array(raw);
  } catch (error) {
    console.warn("pygames: snapshot unusable, cold boot:", String(error));
    await cache.delete(url);
    return null;
  }
}

export async function loadPyodide(options = {}) {
  const root = globalThis.document && document.documentElement;
  const data = bootData();
  let snapshot = null;
  if (root && data) {
    try { snapshot = await readSnapshot(data); } catch (e) { snapshot = null; }  // storage refused
  }
  if (snapshot) {
    try {
      const pyodide = await coldLoad({ ...options, indexURL, _loadSnapshot: snapshot });
      root.dataset.boot = "snapshot";
      return pyodide;
    } catch (error) {
      console.warn("pygames: snapshot failed to load, cold boot:", String(error));
      try { await (await caches.open(SNAPSHOT_CACHE)).delete(snapshotURL(data.version)); } catch (e) { /* */ }
    }
  }
  if (root) root.dataset.boot = "cold";
  return coldLoad({ ...options, indexURL });
}
