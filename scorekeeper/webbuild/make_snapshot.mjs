// Build-time helper of scorekeeper/webbuild (never shipped): Pyodide under
// Node.js, the app's folder copied where the browser's Python worker unpacks
// it, the modules the app starts with imported, then the whole memory of the
// Python written as a Pyodide memory snapshot (snapshot.py says why).
//
// node make_snapshot.mjs <pyodide.mjs> <app folder> <snapshot out> <script.py>
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideMjs, tree, out, script] = process.argv.slice(2);
// The snapshot holds every clock reading and random byte taken while it is
// made (files' times, importlib's cached folder times, a random generator's
// state): fixed ones make the same app give the same bytes at every build,
// so an update that leaves the Python alone does not download it again.
// All the build's installs share one snapshot's state anyway; the browser
// reseeds Python's random at start (browser.run).
const EPOCH_MS = Date.UTC(2024, 0, 1);
Date.now = () => EPOCH_MS;
let ticks = 0;
performance.now = () => (ticks += 1);
let seed = 0x2545f491;
crypto.getRandomValues = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return array;
};
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
// The hash seed is in the snapshot too (see above).
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" },
});
// flet-web's worker unpacks the app archive in Python's working folder
// (/home/pyodide): the modules' __file__ and sys.path are the browser's.
const cwd = pyodide.runPython("import os; os.getcwd()");
function copy(source, target) {
  for (const name of readdirSync(source).sort()) {
    const from = join(source, name);
    const to = `${target}/${name}`;
    if (statSync(from).isDirectory()) {
      pyodide.FS.mkdirTree(to);
      copy(from, to);
    } else {
      pyodide.FS.writeFile(to, readFileSync(from));
    }
  }
}
copy(tree, cwd);
pyodide.runPython(readFileSync(script, "utf8"));
// Where Python's heap ends (its break, past the stack and the static data):
// the build logs how much of the memory Pyodide starts with is left, since
// a snapshot of a memory that grew past it cannot be restored (snapshot.py).
const heapEnd = typeof pyodide._module?._sbrk === "function" ? pyodide._module._sbrk(0) : -1;
console.log(`spazzino-snapshot-heap:${heapEnd}`);
writeFileSync(out, pyodide.makeMemorySnapshot());
