// Bundles the command line for `npm run build`, after tsc has written dist/: `hookgate validate` then
// reads a handful of files at start instead of a few hundred (resolving, reading and compiling each
// module is most of what a short command costs). Each command stays a chunk of its own, loaded on
// demand, so `validate` loads none of the server's code.
//
// Layout: dist/bundle/ holds the entry and its chunks; dist/cli.js (the package's bin) imports the
// entry. The transform worker's script, dist/engine/transform/worker.js, is bundled into that one
// file. The rest of dist/ stays as tsc wrote it: the tests and benchmarks that import modules of
// dist/ directly use it.
//
// Where a module finds files by its own location (`new URL("../../schemas/", import.meta.url)`,
// createRequire, the worker's script), `import.meta.url` is replaced by the URL its file has in
// dist/, so every such path resolves as it does from tsc's output.
//
// Packages are bundled, but for those that load files of their own by path (native addons, the
// QuickJS WebAssembly, esbuild's binary, pino's transports, the validators' ajv runtime) and the
// server's own (fastify, pg, undici, the A2A SDK), which stay in node_modules and load when a command
// imports them.
import { readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const src = join(root, "src");
const dist = join(root, "dist");
export const bundleDir = join(dist, "bundle");

const EXTERNAL = new Set([
  "@a2a-js/sdk",
  "ajv",
  "ajv-formats",
  "better-sqlite3",
  "better-sqlite3-napi",
  "esbuild",
  "fastify",
  "light-my-request",
  "pg",
  "pino",
  "quickjs-emscripten",
  "undici",
]);

/**
 * Handlebars' code generator uses the source-map package when it can load it and a small string
 * builder of its own when not; hookgate never asks for a template's source map, so the bundle gives
 * it nothing to load: about 100 KB less code to compile, and a faster code generation.
 */
const EMPTY = "hookgate-empty";

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const layout = {
  name: "hookgate-layout",
  setup(b) {
    b.onResolve({ filter: /^source-map$/ }, (args) =>
      /[\\/]node_modules[\\/]handlebars[\\/]/.test(args.importer)
        ? { path: args.path, namespace: EMPTY }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: EMPTY }, () => ({ contents: "module.exports = {};", loader: "js" }));
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      return EXTERNAL.has(packageName(args.path)) ? { path: args.path, external: true } : undefined;
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, "utf8");
      if (contents.includes("import.meta.url")) {
        // The file's URL in dist/, relative to the chunk it lands in (every chunk is in bundleDir).
        const inDist = join(dist, relative(src, args.path)).replace(/\.ts$/, ".js");
        const rel = relative(bundleDir, inDist);
        contents = contents.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
        );
      }
      return { contents, loader: "ts" };
    });
  },
};

export async function bundleCli() {
  await rm(bundleDir, { recursive: true, force: true });
  await build({
    entryPoints: [join(src, "cli.ts")],
    outdir: bundleDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    chunkNames: "[name]-[hash]",
    legalComments: "none",
    logLevel: "warning",
    // CommonJS packages inside the bundle call require() for Node's built-ins.
    banner: {
      js: 'import { createRequire as __hookgateCreateRequire } from "node:module";\nconst require = __hookgateCreateRequire(import.meta.url);',
    },
    plugins: [layout],
  });
  await writeFile(
    join(dist, "cli.js"),
    [
      "#!/usr/bin/env node",
      "// hookgate's command line, bundled into bundle/ by test/tools/bundle-cli.mjs (npm run build).",
      'import "./bundle/cli.js";',
      "",
    ].join("\n"),
  );
  await rm(join(dist, "cli.js.map"), { force: true });
  await bundleWorker();
}

/**
 * The transform worker, in place of tsc's worker.js: a thread starts by loading its script, and one
 * file costs it less than its eight modules (about 13 ms of CPU a thread). Its modules all live in
 * its folder, so `import.meta.url` finds the same files from the bundled one; QuickJS stays a package.
 */
async function bundleWorker() {
  const out = join(dist, "engine", "transform", "worker.js");
  await build({
    entryPoints: [join(src, "engine", "transform", "worker.ts")],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    legalComments: "none",
    logLevel: "warning",
    external: ["quickjs-emscripten"],
  });
  await rm(`${out}.map`, { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleCli();
}
