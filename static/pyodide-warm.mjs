// PyScript's `interpreter` setting points here (pyscript.json). PyScript imports this module and calls its
// `loadPyodide` (polyscript's pyodide engine: `engine({loadPyodide, version}, …)`), so we boot Pyodide from the
// memory snapshot this device made earlier (static/snapshot-worker.mjs), whose reading boot.js started as soon as
// the page opened; with none (missing, stale, corrupt, storage refused), or if it fails to load, a normal cold
// boot follows with no user-visible error. <html data-boot="snapshot|cold"> says which boot happened.
// In a PyScript worker (no boot.js, no document) this is a plain loadPyodide from our own runtime folder.
//
// In the page, the boot starts as soon as this module runs: index.html loads it as an `async` module script, so
// it runs as soon as it has arrived, long before PyScript (a deferred module, run once the whole page is parsed)
// asks for the interpreter; PyScript's call then gets the boot already under way. Only its `stdout`/`stderr`
// hooks are passed on (our pyscript.json asks for no packages, the only other options PyScript gives).
import { loadPyodide as coldLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

async function boot(options) {
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

// Output goes to the console until PyScript hands over its own hooks.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };
const early = globalThis.document
  ? boot({ stdout: (text) => output.stdout(text), stderr: (text) => output.stderr(text) })
  : null;
if (early) early.catch(() => {});  // a failure is reported to PyScript when it asks, not as an unhandled rejection

export async function loadPyodide(options = {}) {
  if (!early) return boot(options);
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return early;
}
