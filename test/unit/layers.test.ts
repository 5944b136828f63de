// The folders of src/ are layers, and a layer imports only from the layers below it (src/README.md
// draws the picture). A new import across layers that breaks the order fails here, naming the line.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/** Every layer up to the HTTP one: what the layers above it may use. */
const UP_TO_HTTP = [
  "types",
  "core",
  "schemas",
  "config",
  "engine",
  "policy",
  "ingress",
  "store",
  "runtime",
  "http",
] as const;

/** Each layer and the layers it may import from (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  types: [],
  core: ["types"],
  schemas: ["types", "core"],
  config: ["types", "core", "schemas"],
  engine: ["types", "core", "schemas", "config"],
  policy: ["types", "core", "config", "engine"],
  ingress: ["types", "core", "schemas", "config", "engine", "policy"],
  store: ["types", "core", "config"],
  runtime: ["types", "core", "config", "store", "version"],
  http: ["types", "core", "schemas", "config", "engine", "policy", "ingress", "store", "runtime"],
  // Reload in place, watching files, the pid file: above http, below the wiring.
  reload: [...UP_TO_HTTP],
  // The wiring at the top: it may use every layer, and nothing imports it but the commands.
  log: ["types", "core", "config"],
  version: [],
  server: [...UP_TO_HTTP, "log", "reload"],
  commands: [...UP_TO_HTTP, "log", "server", "reload", "version"],
  cli: ["commands", "version", "config"],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

function layerOf(file: string): string {
  const rel = relative(SRC, file);
  const first = rel.split(/[\\/]/)[0]!;
  return first.replace(/\.[jt]s$/, "");
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/g;

describe("layers", () => {
  it("every layer of src/ is known", () => {
    const layers = new Set(files(SRC).map(layerOf));
    for (const layer of layers) expect(Object.keys(ALLOWED), layer).toContain(layer);
  });

  it("no module imports from a layer above its own", () => {
    const wrong: string[] = [];
    for (const file of files(SRC)) {
      const from = layerOf(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(IMPORT)) {
        const to = layerOf(resolve(dirname(file), m[1]!));
        if (to !== from && !ALLOWED[from]!.includes(to)) wrong.push(`${relative(SRC, file)} imports ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
