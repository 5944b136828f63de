// Paired runs: two or more builds (or settings) of hookgate serving the same load one at a time,
// alternating round by round, each on a fresh instance; prints the median of the server's CPU per
// request (read from /proc, as the ingress group's CPU rows are) and of its req/s. This is how the
// before/after figures in test/bench/README.md ("Where the time goes") were taken.
import { parseArgs } from "node:util";
import { targets, writeBenchConfig } from "./ingress.bench.mjs";
import { CLI, cpuMsOf, load, startChild } from "./lib.mjs";

const help = `Usage: node test/bench/paired.mjs [--target c|b|d] [--rounds N] [--seconds S] VARIANT...

VARIANT is NAME=CLI[+warn][+nolog]: CLI is a built hookgate (dist/cli.js of a checkout), "+warn"
serves with server.logLevel: warn (no log line per request), "+nolog" with the request log off.
Without variants: this checkout's build as it is, with +warn, and with +warn+nolog.

  --target T     c: mapped wake (default), b: /hooks/wake, d: /hooks/agent
  --rounds N     rounds, each serving every variant once (default 5)
  --seconds S    seconds of load per measurement, after 1 s of warm-up (default 6)

Example, an older commit against this checkout:
  git worktree add /tmp/old <commit> && (cd /tmp/old && npm ci && npm run build)
  npm run build && node test/bench/paired.mjs old=/tmp/old/dist/cli.js new=dist/cli.js`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: "string", default: "c" },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "6" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(help);
  process.exit(0);
}

// The ingress group's own requests: the same config, paths, token and bodies.
const PAIRED_TARGETS = { b: targets.b, c: targets.c, d: targets.d };
const target = PAIRED_TARGETS[values.target];
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
if (!target || !(rounds >= 1) || !(seconds >= 1)) {
  console.error(
    `paired: ${!target ? `unknown --target "${values.target}"` : "bad --rounds or --seconds"}\n\n${help}`,
  );
  process.exit(2);
}

const variants = (
  positionals.length > 0 ? positionals : ["as-is=", "warn=+warn", "warn+nolog=+warn+nolog"]
).map((spec) => {
  const eq = spec.indexOf("=");
  if (eq <= 0) {
    console.error(`paired: a variant is NAME=CLI[+warn][+nolog], not "${spec}"`);
    process.exit(2);
  }
  const [cli, ...flags] = spec.slice(eq + 1).split("+");
  return {
    name: spec.slice(0, eq),
    cli: cli || CLI,
    warn: flags.includes("warn"),
    nolog: flags.includes("nolog"),
  };
});

async function measure(v) {
  const file = writeBenchConfig({
    extra: v.nolog ? "requestLog: { enabled: false }\n" : "",
    logLevel: v.warn ? "warn" : "info",
  });
  const server = await startChild([v.cli, "serve", "--config", file]);
  try {
    const opts = { url: server.url, path: target.path, headers: target.headers, body: target.body };
    await load({ ...opts, duration: 1 });
    const before = cpuMsOf(server.proc.pid);
    const result = await load({ ...opts, duration: seconds });
    const cpuUs = ((cpuMsOf(server.proc.pid) - before) * 1000) / result.requests.total;
    return { cpuUs, rps: result.requests.average };
  } finally {
    await server.stop();
  }
}

const seen = variants.map(() => ({ cpuUs: [], rps: [] }));
for (let r = 0; r < rounds; r++) {
  // Alternate the order so that drift over a round does not always favour the same variant.
  const order = variants.map((_, i) => i);
  if (r % 2 === 1) order.reverse();
  for (const i of order) {
    const m = await measure(variants[i]);
    seen[i].cpuUs.push(m.cpuUs);
    seen[i].rps.push(m.rps);
    process.stderr.write(`round ${r + 1}/${rounds} ${variants[i].name}: ${m.cpuUs.toFixed(1)} µs/request\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log("| variant | server CPU per request (median) | req/s (median) | every round, µs |");
console.log("|---|---|---|---|");
variants.forEach((v, i) => {
  const { cpuUs, rps } = seen[i];
  console.log(
    `| ${v.name} | ${median(cpuUs).toFixed(1)} µs | ${Math.round(median(rps)).toLocaleString("en-US")} | ${cpuUs.map((c) => c.toFixed(0)).join(", ")} |`,
  );
});
