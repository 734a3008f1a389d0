// PyScript's `interpreter` setting points here (pyscript.json). PyScript imports this module and calls its
// `loadPyodide` (polyscript's pyodide engine: `engine({loadPyodide, version}, …)`), so we boot Pyodide from the
// memory snapshot this device made earlier (static/snapshot-worker.mjs), whose reading boot.js started as soon as
// the page opened; with none (missing, stale, corrupt, storage refused), or if it fails to load, a normal cold
// boot follows with no user-visible error. <html data-boot="snapshot|cold"> says which boot happened.
// In a PyScript worker (no boot.js, no document) this is a plain loadPyodide from our own runtime folder.
import { loadPyodide as coldLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

export async function loadPyodide(options = {}) {
  const root = globalThis.document && document.documentElement;
  const shell = globalThis.pygamesSnapshot;
  let snapshot = null;
  performance.mark("pygames:interpreter");  // marks: the bench prints where a boot's time goes
  try { snapshot = shell ? await shell.read : null; } catch (e) { snapshot = null; }
  performance.mark("pygames:snapshot-read");
  if (snapshot) {
    try {
      const pyodide = await coldLoad({ ...options, indexURL, _loadSnapshot: snapshot });
      root.dataset.boot = "snapshot";
      performance.mark("pygames:pyodide-ready");
      return pyodide;
    } catch (error) {
      console.warn("pygames: the snapshot did not load, cold boot:", String(error));
      shell.drop();
    }
  }
  if (root) root.dataset.boot = "cold";
  const pyodide = await coldLoad({ ...options, indexURL });
  performance.mark("pygames:pyodide-ready");
  return pyodide;
}
