// The author's loop: `hookgate validate` and `hookgate test` on the shipped example configuration,
// each a whole process as an author runs it, timed in turn with a bare `node -e 0` so that the ratio
// holds whatever the machine's speed: what hookgate adds to starting Node. Besides the wall time, the
// CPU time of each process (its threads and the children it waited for, such as esbuild's), which a
// busy machine disturbs far less than the wall time.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLI, percentile, root, round } from "./lib.mjs";

const EXAMPLE = "rules/examples/hookgate.example.yaml";
const env = { ...process.env, HOOKGATE_TOKEN: "bench-token-0123456789abcdefghijkl" };

/**
 * One run of node with `args`, its output thrown away: wall time and CPU time in ms. A shell runs it
 * and, once it has exited, prints its own /proc stat, whose cutime and cstime (fields 16 and 17, in
 * ticks of 10 ms) are the CPU time of the children it waited for: that one process (Linux).
 */
function timed(args) {
  const t0 = performance.now();
  const stat = execFileSync(
    "sh",
    ["-c", '"$@" >/dev/null 2>&1; cat /proc/$$/stat', "sh", process.execPath, ...args],
    { cwd: root, env, encoding: "utf8" },
  );
  const wall = performance.now() - t0;
  const fields = stat.split(") ")[1].split(" ");
  return { wall, cpu: (Number(fields[13]) + Number(fields[14])) * 10 };
}

const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * A copy of the example's folder whose mappings have no transform: `validate` on it tells what the
 * transform's check (esbuild's bundle, a worker thread, the sandbox that lists the module's exports)
 * adds to the command. `test` is not timed on it: the cases that expect the transform's output fail.
 */
function exampleWithoutTransforms() {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-authoring-"));
  cpSync(join(root, "rules", "examples"), dir, { recursive: true });
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
    const file = join(dir, name);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/^\s*transform: \{[^}\n]*\}\n/gm, ""));
  }
  return dir;
}

export async function bench({ quick = false } = {}) {
  const runs = quick ? 5 : 15;
  const plain = exampleWithoutTransforms();
  const commands = {
    node: ["-e", "0"],
    validate: [CLI, "validate", "--config", EXAMPLE],
    test: [CLI, "test", "--config", EXAMPLE],
    plain: [CLI, "validate", "--config", join(plain, "hookgate.example.yaml")],
  };
  const times = { node: [], validate: [], test: [], plain: [] };
  try {
    // One warm-up of each (the file cache), then the four in turn.
    for (const args of Object.values(commands)) timed(args);
    for (let i = 0; i < runs; i++) {
      for (const [name, args] of Object.entries(commands)) times[name].push(timed(args));
    }
  } finally {
    rmSync(plain, { recursive: true, force: true });
  }
  const wall = (name) => median(times[name].map((t) => t.wall));
  // CPU ticks are coarse (10 ms against about 60 ms for node -e 0): the mean of all runs, not a median.
  const cpu = (name) => sum(times[name].map((t) => t.cpu)) / runs;
  const rows = [
    { group: "authoring", name: "node -e 0, median wall time", value: round(wall("node"), 1), unit: "ms" },
    { group: "authoring", name: "node -e 0, mean CPU time", value: round(cpu("node"), 1), unit: "ms" },
  ];
  const against = (name, what, value, base, extra) => ({
    group: "authoring",
    name: `hookgate ${name} on the example config, ${what}`,
    value: round(value, 1),
    unit: "ms",
    ratio: round(value / base, 2),
    baseline: "node -e 0",
    ...extra,
  });
  for (const name of ["validate", "test"]) {
    rows.push(
      against(name, "median wall time", wall(name), wall("node"), { target: "ratio <= 4, value <= 400 ms" }),
      against(name, "mean CPU time", cpu(name), cpu("node")),
    );
  }
  // Not a target: what the command costs without the transform's check (see exampleWithoutTransforms).
  rows.push({
    group: "authoring",
    name: "hookgate validate on the example without its transform, median wall time",
    value: round(wall("plain"), 1),
    unit: "ms",
    ratio: round(wall("plain") / wall("node"), 2),
    baseline: "node -e 0",
  });
  return { rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await bench({ quick: process.argv.includes("--quick") });
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  (${r.ratio}× ${r.baseline})` : "";
    console.log(`${r.group.padEnd(9)} ${r.name.padEnd(60)} ${String(r.value).padStart(9)} ${r.unit}${ratio}`);
  }
}
