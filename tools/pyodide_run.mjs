// Runs one function of a Python file in the pinned Pyodide (node_modules/pyodide), the browser's own Python, from
// build.py:  node tools/pyodide_run.mjs PROGRAM.py FUNCTION < input > output
// The file is run as a module; FUNCTION gets stdin's bytes and returns bytes, written to stdout as they are.
// Nothing else is imported into Python here: the stdlib recipe reads what the boot imported (tools/stdlib.py).
// The tools' own Python files are importable as the package `tools` (their shared bytecode maker, tools/pyc.py).
// PYTHONNODEBUGRANGES: what is compiled here keeps no column positions (a third of the bytecode's size; tracebacks
// keep their files and lines, lose the ^^^ under a line).
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [program, name] = process.argv.slice(2);
const source = await readFile(program, "utf8");
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const py = await loadPyodide({ indexURL: fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url)),
                               env: { PYTHONNODEBUGRANGES: "1" } });
const tools = fileURLToPath(new URL(".", import.meta.url));
py.FS.mkdirTree("/build/tools");
for (const file of await readdir(tools)) {
  if (file.endsWith(".py")) py.FS.writeFile(`/build/tools/${file}`, await readFile(tools + file));
}
py.runPython("import sys; sys.path.insert(0, '/build')");
const namespace = py.globals.get("dict")();
namespace.set("__name__", "__pyodide_program__");
py.runPython(source, { globals: namespace, filename: program });
const result = namespace.get(name)(py.toPy(new Uint8Array(Buffer.concat(chunks))));
process.stdout.write(result.toJs());
