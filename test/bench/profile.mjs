// Where a request's CPU goes: `hookgate serve` under `node --cpu-prof`, loaded by autocannon (50
// connections) with one of the ingress group's requests, then the profile read back as the share of
// the main thread's busy samples spent under each piece of the pipeline (inclusive time), and that
// share turned into µs per request with the server's CPU per request measured over the same load.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { targets, writeBenchConfig } from "./ingress.bench.mjs";
import { CLI, cpuMsOf, load, startChild } from "./lib.mjs";

const help = `Usage: node test/bench/profile.mjs [--target c|b|d|k|m|n] [--seconds S] [--cli dist/cli.js] [--accept] [-- CONFIG...]

Serves the ingress group's config under node --cpu-prof, loads it for S seconds (default 10) after
1 s of warm-up, and prints the pieces of a request by their inclusive share of the busy samples and
in µs per request. Lines after -- are appended to the config (e.g. "requestLog: { enabled: false }").
--accept gives the agent a runner that sleeps, so that no run executes: an /agent request's accept alone.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: "string", default: "c" },
    seconds: { type: "string", default: "10" },
    cli: { type: "string", default: CLI },
    accept: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(help);
  process.exit(0);
}
const target = targets[values.target];
if (!target || !["b", "c", "d", "k", "m", "n"].includes(values.target)) {
  console.error(`profile: --target is b, c, d, k, m or n\n\n${help}`);
  process.exit(2);
}

/**
 * The pieces, each a test on a profile node's function name and file: a sample counts for a piece
 * when one of its frames matches (once, however deep the recursion).
 */
const PIECES = [
  ["request log: entry built and serialised", (n) => n === "finish"],
  ["  of which headers, query and body as kept", (n) => /^logged(Headers|Query|Body)$/.test(n)],
  ["  of which the decision record", (n) => n === "decisionRecord"],
  ["  of which the JSON of the entry", (n) => n === "loggedRequest"],
  ["request log: rows inserted", (n) => n === "logRequests"],
  ["per-request log line (pino)", (_n, u) => /\/(pino|sonic-boom)\//.test(u)],
  ["metrics (prom-client)", (_n, u) => u.includes("/prom-client/")],
  ["routing, when, template", (n) => n === "route"],
  ["group commit on the event loop", (n) => /^(flush|runPlainly|runGuarded|startSync)$/.test(n)],
  ["  of which flow control's reads", (n) => n === "flowState"],
  ["  of which flow control's writes", (n) => n === "applyFlow"],
  ["garbage collector", (n) => n === "(garbage collector)"],
];

function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  let busy = 0;
  const hits = PIECES.map(() => 0);
  for (const [id, count] of counts) {
    const leaf = byId.get(id).callFrame.functionName;
    if (leaf === "(idle)" || leaf === "(program)") continue;
    busy += count;
    const seen = PIECES.map(() => false);
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at).callFrame;
      PIECES.forEach(([, test], i) => {
        if (!seen[i] && test(functionName, url)) seen[i] = true;
      });
    }
    seen.forEach((s, i) => {
      if (s) hits[i] += count;
    });
  }
  const self = new Map();
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/dist\//, "dist/")}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + count);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  return { busy, hits, top };
}

const dir = mkdtempSync(join(tmpdir(), "hookgate-prof-"));
const file = writeBenchConfig({
  extra: positionals.map((l) => `${l}\n`).join(""),
  acceptOnly: values.accept,
});
const server = await startChild([
  "--cpu-prof",
  `--cpu-prof-dir=${dir}`,
  values.cli,
  "serve",
  "--config",
  file,
]);
let cpuUs;
let rps;
let served;
try {
  const opts = { url: server.url, path: target.path, headers: target.headers, body: target.body };
  const warmup = await load({ ...opts, duration: 1 });
  const before = cpuMsOf(server.proc.pid);
  const result = await load({ ...opts, duration: Number(values.seconds) });
  cpuUs = ((cpuMsOf(server.proc.pid) - before) * 1000) / result.requests.total;
  rps = result.requests.average;
  served = warmup.requests.total + result.requests.total;
} finally {
  await server.stop();
}
const name = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const { busy, hits, top } = summarize(JSON.parse(readFileSync(join(dir, name), "utf8")));
console.log(
  `${target.name}: ${Math.round(rps)} req/s, ${cpuUs.toFixed(1)} µs of server CPU per request (all threads)`,
);
console.log(`profile: ${join(dir, name)}; main thread busy samples: ${busy}`);
// For profile-diff.mjs: every request the profile saw, the warm-up's too.
console.log(`requests under the profile: ${served}\n`);
console.log("| piece | share of busy samples | ≈ µs per request |");
console.log("|---|---|---|");
PIECES.forEach(([label], i) => {
  const share = hits[i] / busy;
  console.log(`| ${label} | ${(share * 100).toFixed(1)}% | ${(share * cpuUs).toFixed(1)} |`);
});
console.log("\n| function (self time) | share of busy samples |\n|---|---|");
for (const [key, count] of top) console.log(`| ${key} | ${((count / busy) * 100).toFixed(1)}% |`);
