// Paired runs: two or more builds (or settings) of hookgate serving the same load one at a time,
// alternating round by round, each on a fresh instance; prints the median of the server's CPU per
// request (read from /proc, as the ingress group's CPU rows are), of its ratio to the first variant's in
// the same round, of its user and system parts (and the main thread's), of the bytes it wrote per
// request, and of its req/s. This is how the before/after figures in test/bench/README.md
// ("Where the time goes") were taken.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { targets, writeBenchConfig } from "./ingress.bench.mjs";
import {
  CLI,
  cpuMsOf,
  cpuSplitOf,
  load,
  sqliteRunsDone,
  sqliteRunsFinished,
  startChild,
  writtenOf,
} from "./lib.mjs";

const help = `Usage: node test/bench/paired.mjs [--target c|b|d] [--rounds N] [--seconds S] VARIANT...

VARIANT is NAME=CLI[@T][+each][+warn][+nolog][+accept][+cold]: CLI is a built hookgate (dist/cli.js of a checkout),
"@T" has this variant take target T instead of --target's (so one build with and without coalesce
pairs up: off=dist/cli.js@c on=dist/cli.js@k), "+each" serves with server.logEachRequest: true (an info line per request), "+warn" with
server.logLevel: warn (no info lines), "+nolog" with the request log off, "+accept" with an agent
whose runner sleeps (no run executes: an /agent request's accept alone), "+cold" measured from the
server's start, without the warm-up (as the ingress group measured /agent until it warmed it up). NAME=floor is the durable
floor (servers/durable-floor.mjs) taking its own row's requests (a small JSON body): put it first to read every variant's
CPU against the floor's in the same round.
Without variants: this checkout's build as it is, with +each (the log line per request), and with
+nolog (the request log off).

  --target T     c: mapped wake (default), b: /hooks/wake, d: /hooks/agent; k: (c) with coalesce,
                 m: a mapped agent run, n: (m) with coalesce
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
const PAIRED_TARGETS = {
  b: targets.b,
  c: targets.c,
  d: targets.d,
  k: targets.k,
  m: targets.m,
  n: targets.n,
};
const target = PAIRED_TARGETS[values.target];
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
if (!target || !(rounds >= 1) || !(seconds >= 1)) {
  console.error(
    `paired: ${!target ? `unknown --target "${values.target}"` : "bad --rounds or --seconds"}\n\n${help}`,
  );
  process.exit(2);
}

const variants = (positionals.length > 0 ? positionals : ["as-is=", "each=+each", "nolog=+nolog"]).map(
  (spec) => {
    const eq = spec.indexOf("=");
    if (eq <= 0) {
      console.error(`paired: a variant is NAME=CLI[@T][+each][+warn][+nolog][+accept][+cold], not "${spec}"`);
      process.exit(2);
    }
    if (spec.slice(eq + 1) === "floor") return { name: spec.slice(0, eq), floor: true };
    const [built, ...flags] = spec.slice(eq + 1).split("+");
    const [cli, own] = built.split("@");
    if (own !== undefined && !PAIRED_TARGETS[own]) {
      console.error(`paired: unknown target "${own}" in "${spec}"`);
      process.exit(2);
    }
    return {
      name: spec.slice(0, eq),
      cli: cli || CLI,
      target: own === undefined ? target : PAIRED_TARGETS[own],
      warn: flags.includes("warn"),
      each: flags.includes("each"),
      cold: flags.includes("cold"),
      nolog: flags.includes("nolog"),
      acceptOnly: flags.includes("accept"),
    };
  },
);

/** The targets whose requests queue runs. */
const RUN_TARGETS = new Set([targets.d, targets.m, targets.n]);
const FLOOR = fileURLToPath(new URL("./servers/durable-floor.mjs", import.meta.url));

async function measure(v) {
  const file = writeBenchConfig({
    extra: v.nolog ? "requestLog: { enabled: false }\n" : "",
    logLevel: `${v.warn ? "warn" : "info"}${v.each ? ", logEachRequest: true" : ""}`,
    acceptOnly: v.acceptOnly,
  });
  const server = await startChild(v.floor ? [FLOOR] : [v.cli, "serve", "--config", file]);
  try {
    // The floor takes its own row's requests (targets.p), as in the ingress group.
    const t = v.floor ? targets.p : v.target;
    const opts = { url: server.url, path: t.path, headers: t.headers, body: t.body };
    if (!v.cold) {
      await load({ ...opts, duration: 1 });
      // The warm-up's runs run before the measurement, as in the ingress group: no backlog is measured.
      if (!v.floor && !v.acceptOnly && RUN_TARGETS.has(t))
        await sqliteRunsDone(join(dirname(file), "state.db"));
    }
    // The runs that ran during the load, besides the requests it made.
    const finished =
      !v.floor && RUN_TARGETS.has(t) ? () => sqliteRunsFinished(join(dirname(file), "state.db")) : null;
    const ranBefore = finished?.();
    const pid = server.proc.pid;
    const [before, split, written] = [cpuMsOf(pid), cpuSplitOf(pid), writtenOf(pid)];
    const result = await load({ ...opts, duration: seconds });
    const n = result.requests.total;
    const [splitAfter, writtenAfter] = [cpuSplitOf(pid), writtenOf(pid)];
    return {
      cpuUs: ((cpuMsOf(pid) - before) * 1000) / n,
      userUs: ((splitAfter.user - split.user) * 1000) / n,
      systemUs: ((splitAfter.system - split.system) * 1000) / n,
      mainUserUs: ((splitAfter.main.user - split.main.user) * 1000) / n,
      mainSystemUs: ((splitAfter.main.system - split.main.system) * 1000) / n,
      // Bytes handed to write calls (the answers on the sockets, the WAL's frames) and bytes of the
      // store's files dirtied for the disk, per request: what a layout that spreads its writes over
      // more pages costs shows here rather than in instructions.
      callBytes: (writtenAfter.calls - written.calls) / n,
      diskBytes: (writtenAfter.disk - written.disk) / n,
      rps: result.requests.average,
      ran: finished ? finished() - ranBefore : undefined,
      requests: n,
    };
  } finally {
    await server.stop();
  }
}

const seen = variants.map(() => ({
  cpuUs: [],
  userUs: [],
  systemUs: [],
  mainUserUs: [],
  mainSystemUs: [],
  callBytes: [],
  diskBytes: [],
  rps: [],
}));
for (let r = 0; r < rounds; r++) {
  // Alternate the order so that drift over a round does not always favour the same variant.
  const order = variants.map((_, i) => i);
  if (r % 2 === 1) order.reverse();
  for (const i of order) {
    const m = await measure(variants[i]);
    for (const k of Object.keys(seen[i])) seen[i][k].push(m[k]);
    const ran = m.ran === undefined ? "" : `, ${m.ran} runs run during the load of ${m.requests} requests`;
    process.stderr.write(
      `round ${r + 1}/${rounds} ${variants[i].name}: ${m.cpuUs.toFixed(1)} µs/request${ran}\n`,
    );
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Each round's CPU against the first variant's in the same round: on a shared machine the load moves
// between rounds far more than within one, so the median of these ratios moves least.
const first = seen[0].cpuUs;
console.log(
  `| variant | server CPU per request (median) | CPU vs ${variants[0].name}, same round (median) | user / system µs (medians) | of which the main thread | bytes written / dirtied per request (medians) | req/s (median) | every round, µs |`,
);
console.log("|---|---|---|---|---|---|---|---|");
variants.forEach((v, i) => {
  const { cpuUs, userUs, systemUs, mainUserUs, mainSystemUs, callBytes, diskBytes, rps } = seen[i];
  const ratio = median(cpuUs.map((c, r) => c / first[r]));
  console.log(
    `| ${v.name} | ${median(cpuUs).toFixed(1)} µs | ${ratio.toFixed(3)} | ${median(userUs).toFixed(1)} / ${median(systemUs).toFixed(1)} | ${median(mainUserUs).toFixed(1)} / ${median(mainSystemUs).toFixed(1)} | ${Math.round(median(callBytes)).toLocaleString("en-US")} / ${Math.round(median(diskBytes)).toLocaleString("en-US")} | ${Math.round(median(rps)).toLocaleString("en-US")} | ${cpuUs.map((c) => c.toFixed(0)).join(", ")} |`,
  );
});
