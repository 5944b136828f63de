// The folders of src/ are layers, and a layer imports only from the layers below it (src/README.md
// draws the picture). A new import across layers that breaks the order fails here, naming the line.
// Within a layer, modules import each other without cycles: a cycle fails here, naming its modules.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
const BARE_IMPORT = /(?:^|\n)\s*import\s+["'](\.{1,2}\/[^"']+)["']/g;

/** Each module of `dir` (relative to it) and the modules it imports statically, type-only ones too. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(dir)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT), ...text.matchAll(BARE_IMPORT)].map((m) =>
      relative(dir, resolve(dirname(file), m[1]!)).replace(/\.js$/, ".ts"),
    );
    graph.set(relative(dir, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of `graph`, one per group of modules that reach each other (a strongly connected
 * component, Tarjan's algorithm), each as a path that starts and ends at the same module.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.add(w);
    } while (w !== v);
    if (group.size > 1 || graph.get(v)!.includes(v)) cycles.push(cycleThrough(v, group, graph));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The shortest path from `start` back to itself inside `group` (breadth first). */
function cycleThrough(
  start: string,
  group: ReadonlySet<string>,
  graph: ReadonlyMap<string, readonly string[]>,
) {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v)!) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = from.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

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

  // Type-only imports count: a cycle of types ties the modules together as much for whoever reads or
  // moves them, and one edit (a type that becomes a class) turns it into a cycle at load.
  it("no import cycles, type-only imports included", () => {
    expect(importCycles(importGraph(SRC)).map((c) => c.join(" → "))).toEqual([]);
  });

  it("finds a cycle, type-only or through a re-export", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([
      ["a.ts", "b.ts", "c.ts", "a.ts"],
      ["e.ts", "e.ts"],
    ]);
    const dir = mkdtempSync(join(tmpdir(), "hookgate-layers-"));
    try {
      writeFileSync(join(dir, "one.ts"), 'import type { Two } from "./two.js";\nexport type One = Two[];\n');
      writeFileSync(join(dir, "two.ts"), 'export { three } from "./three.js";\nexport type Two = string;\n');
      writeFileSync(join(dir, "three.ts"), 'import "./one.js";\nexport const three = 3;\n');
      expect(importCycles(importGraph(dir))).toEqual([["one.ts", "two.ts", "three.ts", "one.ts"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
