// `npm run bench [-- --quick] [-- --only GROUP,...]`: runs every benchmark, prints one table (each
// figure with its ratio against the baseline measured in the same run) and writes
// test/bench/results/latest.json so two runs can be compared. The `openclaw` group runs only when
// --only names it: it needs the real gateway, fetched from the npm registry (about 150 MB) once.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib.mjs";

const { values } = parseArgs({
  options: { quick: { type: "boolean" }, only: { type: "string" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  console.log(
    "Usage: npm run bench [-- --quick] [-- --only ingress,routing,transform,store,memory,authoring,cloudevents,runners,flow]",
  );
  console.log("(the routing suite also measures templates and predicates)");
  console.log("       npm run bench [-- --quick] -- --only openclaw");
  console.log(
    "(hookgate's mapped wake against the real OpenClaw 2026.9.6 gateway's; runs only when named. The first run",
  );
  console.log(
    " fetches Node.js 24 and the gateway from the npm registry, about 150 MB, into hookgate-openclaw-cache/ under",
  );
  console.log(" the OS temp dir, or under HOOKGATE_OPENCLAW_CACHE; later runs reuse them)");
  process.exit(0);
}
const quick = values.quick ?? false;
const only = values.only ? new Set(values.only.split(",")) : null;

// Benchmarks measure the built code: build it first (as `npm run build` does: tsc, then the bundled
// command line) so they never measure stale output.
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], {
  cwd: root,
  stdio: "inherit",
});
execFileSync(process.execPath, [join(root, "test/tools/bundle-cli.mjs")], { cwd: root, stdio: "inherit" });

const suites = [
  ["ingress", async () => (await import("./ingress.bench.mjs")).bench({ quick })],
  ["routing", async () => (await import("./routing.bench.mjs")).bench({ quick })],
  ["transform", async () => (await import("./transform.bench.mjs")).bench({ quick })],
  ["store", async () => (await import("./store.bench.mjs")).bench({ quick })],
  ["memory", async () => (await import("./ingress.bench.mjs")).benchMemory({ quick })],
  ["authoring", async () => (await import("./authoring.bench.mjs")).bench({ quick })],
  ["cloudevents", async () => (await import("./cloudevents.bench.mjs")).bench({ quick })],
  ["runners", async () => (await import("./runners.bench.mjs")).bench({ quick })],
  ["flow", async () => (await import("./flow.bench.mjs")).bench({ quick })],
  ["openclaw", async () => (await import("./openclaw.bench.mjs")).bench({ quick })],
];
// Groups that run only when --only names them.
const onRequest = new Set(["openclaw"]);

const rows = [];
const started = Date.now();
for (const [name, run] of suites) {
  if (only ? !only.has(name) : onRequest.has(name)) continue;
  process.stderr.write(`running ${name}${quick ? " (quick)" : ""}...\n`);
  const t0 = Date.now();
  const result = await run();
  rows.push(...result.rows);
  process.stderr.write(`  ${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}

const fmt = (v) =>
  typeof v === "number" ? v.toLocaleString("en", { maximumFractionDigits: 2 }) : String(v ?? "");
const table = [
  ["group", "measure", "value", "unit", "ratio", "target"],
  ...rows.map((r) => [
    r.group,
    r.name,
    fmt(r.value),
    r.unit,
    r.ratio === undefined ? "" : fmt(r.ratio),
    r.target ?? "",
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
const line = (row) => `| ${row.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
console.log(line(table[0]));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const row of table.slice(1)) console.log(line(row));

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
  memGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
const out = join(root, "test/bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, "latest.json"),
  `${JSON.stringify({ at: new Date().toISOString(), quick, seconds: (Date.now() - started) / 1000, machine, rows }, null, 2)}\n`,
);
console.log(`\nwritten to test/bench/results/latest.json (${((Date.now() - started) / 1000).toFixed(0)} s)`);
