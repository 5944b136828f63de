// What the author's commands load: `hookgate validate` and `hookgate test` on the example
// configuration, run from the built dist/cli.js with a module hook that records every file Node loads
// (ES modules through the hook, CommonJS from require's cache at exit). Start-up time is mostly
// loading modules, so these two commands must read the bundled command line (a few files) and none
// of the server's packages.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/child.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLE = join(ROOT, "rules", "examples", "hookgate.example.yaml");
const dir = mkdtempSync(join(tmpdir(), "hookgate-startup-"));

const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  if (url.startsWith("file:")) port.postMessage(url);
  return next(url, context);
}
`;
const PRELOAD = `
import { writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import { fileURLToPath } from "node:url";
const { port1, port2 } = new MessageChannel();
register(${JSON.stringify(pathToFileURL(join(dir, "hooks.mjs")).href)}, { data: { port: port2 }, transferList: [port2] });
port1.unref();
process.on("exit", () => {
  const lines = Object.keys(createRequire(import.meta.url).cache).map((f) => "require " + f);
  for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) lines.push("import " + fileURLToPath(m.message));
  writeFileSync(process.env.HOOKGATE_LOADED_FILES, lines.join("\\n"));
});
`;
writeFileSync(join(dir, "hooks.mjs"), HOOKS);
writeFileSync(join(dir, "preload.mjs"), PRELOAD);

/**
 * Runs the command; returns the files it loaded (relative to the checkout when inside it), those the
 * ES module loader loaded apart.
 */
async function loadedBy(args: string[]): Promise<{ files: string[]; imported: string[] }> {
  const out = join(dir, `${args[0]}.txt`);
  const child = runCli(args, {
    cwd: ROOT,
    env: {
      HOOKGATE_TOKEN: "startup-test-token-0123456789abcdef",
      HOOKGATE_LOADED_FILES: out,
      NODE_OPTIONS: `--import ${pathToFileURL(join(dir, "preload.mjs")).href}`,
    },
  });
  const code = await child.exited;
  expect(code, child.stderr()).toBe(0);
  // Nothing on stderr: the example has no warnings, and the V8 flags these commands set
  // (useShortLivedFlags) are ones this Node.js knows (V8 writes a line for a flag it does not).
  expect(child.stderr()).toBe("");
  const lines = readFileSync(out, "utf8").split("\n");
  // node_modules may be a link to another folder: Node.js reports the files by their real path.
  const modules = realpathSync(join(ROOT, "node_modules"));
  const relative = (f: string) =>
    f.startsWith(`${modules}/`)
      ? `node_modules/${f.slice(modules.length + 1)}`
      : f.startsWith(ROOT)
        ? f.slice(ROOT.length)
        : f;
  const files = lines.map((l) => relative(l.slice(l.indexOf(" ") + 1)));
  const imported = lines.filter((l) => l.startsWith("import ")).map((l) => relative(l.slice(7)));
  return { files, imported };
}

// The server's packages: loaded only by serve, worker, store and replay --send. prom-client loads
// with the first metric counted (src/core/metrics.ts): checking and simulating count nothing.
const SERVER_PACKAGES = ["fastify", "pg", "undici", "pino", "better-sqlite3", "@a2a-js", "prom-client"];

describe.each([["validate"], ["test"]])("hookgate %s on the example configuration", (name) => {
  it("reads the bundled command line, none of the server's packages, and packages with require", async () => {
    const { files, imported } = await loadedBy([name, "--config", EXAMPLE]);
    const own = files.filter((f) => f.startsWith("dist/"));
    // The bundle's entry and the chunks the command needs; tsc's one-file-per-module output (about
    // 140 files for validate) is not read on the main thread.
    expect(own.filter((f) => !f.startsWith("dist/bundle/") && f !== "dist/cli.js")).toEqual([]);
    expect(own.length).toBeGreaterThan(1);
    expect(own.length).toBeLessThan(40);
    const packages = files
      .filter((f) => f.includes("node_modules/"))
      .map((f) => f.split("node_modules/").pop()!.split("/").slice(0, 2).join("/"));
    for (const pkg of SERVER_PACKAGES) {
      expect(packages.filter((p) => p === pkg || p.startsWith(`${pkg}/`))).toEqual([]);
    }
    // Packages outside the bundle are CommonJS, loaded with require: imported as ES modules, Node.js
    // 20 scans each one's source for its exports first (three times the cost of loading esbuild).
    expect(imported.filter((f) => !f.startsWith("dist/") && !f.startsWith(dir))).toEqual([]);
  }, 60_000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
