// The author's loop: `hookgate validate` and `hookgate test` on the shipped example configuration,
// each a whole process as an author runs it, timed in turn with a bare `node -e 0` so that the ratio
// holds whatever the machine's speed: what hookgate adds to starting Node.
import { execFileSync } from "node:child_process";
import { CLI, percentile, root, round } from "./lib.mjs";

const EXAMPLE = "rules/examples/hookgate.example.yaml";
const env = { ...process.env, HOOKGATE_TOKEN: "bench-token-0123456789abcdefghijkl" };

/** Wall time of one run of node with `args`, in ms; its output is not kept. */
function timed(args) {
  const t0 = performance.now();
  execFileSync(process.execPath, args, { cwd: root, env, stdio: "ignore" });
  return performance.now() - t0;
}

export async function bench({ quick = false } = {}) {
  const runs = quick ? 5 : 15;
  const commands = {
    node: ["-e", "0"],
    validate: [CLI, "validate", "--config", EXAMPLE],
    test: [CLI, "test", "--config", EXAMPLE],
  };
  const times = { node: [], validate: [], test: [] };
  // One warm-up of each (the file cache), then the three in turn.
  for (const args of Object.values(commands)) timed(args);
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of Object.entries(commands)) times[name].push(timed(args));
  }
  const median = (xs) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const node = median(times.node);
  const rows = [{ group: "authoring", name: "node -e 0, median", value: round(node, 1), unit: "ms" }];
  for (const name of ["validate", "test"]) {
    const ms = median(times[name]);
    rows.push({
      group: "authoring",
      name: `hookgate ${name} on the example config, median`,
      value: round(ms, 1),
      unit: "ms",
      ratio: round(ms / node, 2),
      baseline: "node -e 0",
      target: "ratio <= 4, value <= 400 ms",
    });
  }
  return { rows };
}
