// Build-time helper of scorekeeper/webbuild (never shipped): runs
// pyodide_compile.py inside Pyodide under Node.js, so the .pyc files are
// written by the CPython that the browser runs.
//
// node compile_python.mjs <pyodide.mjs> <work folder> <job.json, in work>
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideMjs, work, job] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
// A fixed hash seed: frozenset constants are written in hash order, and the
// same source must give the same bytes at every build.
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
pyodide.mountNodeFS("/work", work);
pyodide.FS.writeFile(
  "/tmp/pyodide_compile.py",
  readFileSync(join(here, "pyodide_compile.py"), "utf8"),
);
pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import pyodide_compile
pyodide_compile.main(${JSON.stringify("/work/" + job)})
`);
