// PyScript's `interpreter` setting points here (pyscript.json). PyScript imports this module and calls its
// `loadPyodide` (polyscript's pyodide engine: `engine({loadPyodide, version}, …)`), so we boot Pyodide from the
// memory snapshot this device made earlier (static/snapshot-worker.mjs), whose reading boot.js started as soon as
// the page opened; with none (missing, stale, not matching its digest, storage refused), or if it fails to load, a
// cold boot follows with no user-visible error. <html data-boot="snapshot|cold"> says which boot happened.
// In a PyScript worker (no boot.js, no document) this is a plain loadPyodide from our own runtime folder.
//
// In the page, the boot starts as soon as this module runs: index.html loads it as an `async` module script, so
// it runs as soon as it has arrived, long before PyScript (a deferred module, run once the whole page is parsed)
// asks for the interpreter; PyScript's call then gets the boot already under way. Only its `stdout`/`stderr`
// hooks are passed on (our pyscript.json asks for no packages, the only other options PyScript gives).
import { loadPyodide as coldLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
const bundleURL = new URL("../pygames.bundle", import.meta.url).href;

// Our Python packages (build.py bundle_packages: zstd of a JSON line [[path, size], …] then the files' bytes),
// fetched while Pyodide is still booting, unpacked by Python's own zstd once it is up, then written into the
// working directory where Python imports them. The C module itself: `compression.zstd`, its Python front, costs
// more to import (Pyodide compiles its stdlib from source at import). This is faster than the browser's
// DecompressionStream (gzip: it feeds small chunks through tasks that also wait behind Pyodide's start-up) and than
// PyScript's `files` setting, which unpacks a zip in Python (figures: docs/measurements.md).
export function unpackBundle(pyodide, bundle) {
  const zstd = pyodide.pyimport("_zstd");
  const packed = pyodide.toPy(new Uint8Array(bundle));
  const decompressor = zstd.ZstdDecompressor();
  const unpacked = decompressor.decompress(packed);
  const whole = decompressor.eof;
  const bytes = unpacked.toJs();
  for (const proxy of [unpacked, decompressor, packed, zstd]) proxy.destroy();
  if (!whole) throw new Error("pygames.bundle: truncated");
  const newline = bytes.indexOf(10);
  const files = [];
  let at = newline + 1;
  for (const [path, size] of JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline)))) {
    files.push([path, bytes.subarray(at, at + size)]);
    at += size;
  }
  if (at !== bytes.length) throw new Error("pygames.bundle: the index does not match the files");
  return files;
}

export function installPackage(pyodide, files) {
  const FS = pyodide.FS, root = FS.cwd();
  for (const [path, data] of files) {
    const target = `${root}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, data);
  }
  // The import system may have listed this directory (empty) before: make it look again. Only this directory's
  // finder: importlib.invalidate_caches() and runPython's first call (it imports `ast`) are slow
  // (docs/measurements.md).
  const sys = pyodide.pyimport("sys");
  const finder = sys.path_importer_cache.get(root);
  if (finder) { finder.invalidate_caches(); finder.destroy(); }
  sys.destroy();
  // Before PyScript's own Python starts: what it imports and never uses at boot is deferred (see that module).
  const lazy = pyodide.pyimport("pygames.web.lazy_stdlib");
  lazy.defer().destroy();
  lazy.destroy();
}

async function fetchPackage() {
  const response = await fetch(bundleURL);
  if (!response.ok) throw new Error(`pygames.bundle: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Pyodide 314 restores a snapshot by copying it over the WebAssembly memory as it was instantiated (30 MiB, the
// size built into pyodide.asm.wasm: its `INITIAL_MEMORY` setting is not read at run time). A snapshot taken after
// the memory grew (the worker's unpacking and imports cross 30 MiB on some runs) then failed with "RangeError:
// offset is out of bounds" and every later visit booted cold. Pyodide's own module factory, then its memory grown
// to the snapshot's size (which `prepareSnapshot` sets as INITIAL_MEMORY) before the copy.
async function sizedModule(settings) {
  const createModule = (await import(`${indexURL}pyodide.asm.mjs`)).default;
  const module = await createModule(settings);
  const needed = settings.INITIAL_MEMORY || 0;
  if (module.HEAP8.length < needed && !module.growMemory(needed)) {
    throw new Error(`the snapshot needs ${needed} bytes of memory`);
  }
  return module;
}

async function boot(options) {
  const files = fetchPackage();
  files.catch(() => {});  // reported below, when the boot needs it
  const root = globalThis.document && document.documentElement;
  const shell = globalThis.pygamesSnapshot;
  let snapshot = null;
  performance.mark("pygames:interpreter");  // marks: the bench prints where a boot's time goes
  try { snapshot = shell ? await shell.read : null; } catch (e) { snapshot = null; }
  performance.mark("pygames:snapshot-found");
  if (snapshot) {
    try {
      // its bytes are a promise, resolved once they match their digest (boot.js): Pyodide prepares meanwhile
      const pyodide = await coldLoad({ ...options, indexURL, _loadSnapshot: snapshot.bytes,
                                       createPyodideModule: sizedModule });
      installPackage(pyodide, unpackBundle(pyodide, await files));
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
  performance.mark("pygames:pyodide-loaded");
  installPackage(pyodide, unpackBundle(pyodide, await files));
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
  performance.mark("pygames:asked");  // when PyScript asks: on a cold boot, after Pyodide's start-up
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return early;
}
