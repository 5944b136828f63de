// What executing a run costs the serving process, apart from accepting it: N runs as `/hooks/agent`
// queues them are written into a store, then each build serves a copy of that store with no load, and
// the server's CPU time from listening until no run is queued or running is divided by N (the echo
// runner; claim, start, transcript, finish and summary; no heartbeat is asked for). Builds alternate
// round by round on the same runs; the medians are printed.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { timeOrderedId } from "../../dist/core/time-ordered-id.js";
import { wrapExternalContent } from "../../dist/core/untrusted-content.js";
import { Database } from "../../dist/store/sqlite/driver.js";
import { SqliteStore } from "../../dist/store/sqlite/store.js";
import { writeBenchConfig } from "./ingress.bench.mjs";
import { CLI, cpuMsOf, startChild, startUnderCallgrind } from "./lib.mjs";

const help = `Usage: node test/bench/run-drain.mjs [--runs N] [--rounds R] [--prof DIR] NAME=CLI...

  --runs N     runs queued before each drain (default 5000)
  --rounds R   rounds, each draining the runs once per build (default 5)
  --prof DIR   also write a CPU profile of each drain (node --cpu-prof) into DIR
  --callgrind  count instructions on the server's main thread instead of CPU time (valgrind;
               slow: use --runs 1500 --rounds 1); the count does not move with the machine's load

Example: node test/bench/run-drain.mjs old=/tmp/old/dist/cli.js new=dist/cli.js`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "5000" },
    rounds: { type: "string", default: "5" },
    prof: { type: "string" },
    callgrind: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || positionals.length === 0) {
  console.log(help);
  process.exit(values.help ? 0 : 2);
}
const builds = positionals.map((spec) => {
  const [name, cli] = spec.split("=");
  return { name, cli: cli || CLI };
});
const runs = Number(values.runs);

/** The runs /hooks/agent would queue (wrapped messages, a session each), written into a new store. */
async function queueRuns() {
  const file = join(dirname(writeBenchConfig()), "state.db");
  const store = new SqliteStore(file);
  await store.open();
  for (let i = 0; i < runs; i += 500) {
    const batch = [];
    for (let n = i; n < Math.min(runs, i + 500); n++) {
      const id = timeOrderedId();
      const receivedAt = Date.now();
      const ctx = { hookName: "agent", runId: id, receivedAt, source: "Webhook" };
      batch.push({
        id,
        name: "agent",
        message: wrapExternalContent(`job ${n}`, ctx),
        sessionKey: `hook:${timeOrderedId()}`,
        sessionMode: "persistent",
        // Not "now": heartbeats come on a timer, so their number per run would follow how long the
        // drain takes rather than the runs.
        wakeMode: "next-heartbeat",
        deliver: false,
        channel: "last",
        receivedAt,
      });
    }
    await store.acceptRuns(batch);
  }
  await store.close();
  return file;
}

function openRuns(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT count(*) AS n FROM runs WHERE status IN ('queued', 'running')").get().n;
  } finally {
    db.close();
  }
}

/**
 * One drain of a copy of the queued store by one build: its CPU per run in µs, or with --callgrind its
 * instructions per run on the main thread. The server starts its worker before it listens, so the
 * runs still queued or running when it does are the ones counted.
 */
async function drain(build, source, round) {
  const config = writeBenchConfig();
  const store = join(dirname(config), "state.db");
  for (const suffix of ["", "-wal"]) {
    if (existsSync(source + suffix)) copyFileSync(source + suffix, store + suffix);
  }
  const prof = values.prof
    ? ["--cpu-prof", "--cpu-prof-dir", join(values.prof, `${build.name}-${round}`)]
    : [];
  const args = [...prof, build.cli, "serve", "--config", config];
  const out = values.callgrind ? join(dirname(config), "callgrind.out") : null;
  const server = out ? await startUnderCallgrind(args, out) : await startChild(args);
  // Counted from here: the server's start is not a run's work.
  if (out) spawnSync("callgrind_control", ["-z", String(server.proc.pid)]);
  const before = cpuMsOf(server.proc.pid);
  const counted = openRuns(store);
  while (openRuns(store) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const cpu = cpuMsOf(server.proc.pid) - before;
  if (out) spawnSync("callgrind_control", ["-d", String(server.proc.pid)]);
  await server.stop();
  if (!out) return (cpu * 1000) / counted;
  // The dump's file of the main thread (NAME.1-01).
  const text = readFileSync(`${out}.1-01`, "utf8");
  return Number(/^(?:summary|totals):\s+(\d+)/m.exec(text)[1]) / counted;
}

const unit = values.callgrind ? "instructions" : "µs of CPU";
const source = await queueRuns();
const results = new Map(builds.map((b) => [b.name, []]));
for (let r = 0; r < Number(values.rounds); r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const b of order) {
    const us = await drain(b, source, r);
    results.get(b.name).push(us);
    process.stderr.write(`round ${r + 1}: ${b.name} ${us.toFixed(1)} ${unit} per run\n`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = results.get(builds[0].name);
const what = values.callgrind ? "instructions per run, main thread" : "CPU per run";
console.log(`| build | ${what} (median) | against ${builds[0].name} (median of the rounds' ratios) |`);
console.log("|---|---|---|");
for (const b of builds) {
  const xs = results.get(b.name);
  const ratios = xs.map((x, i) => x / first[i]);
  const value = values.callgrind
    ? Math.round(median(xs)).toLocaleString("en-US")
    : `${median(xs).toFixed(1)} µs`;
  console.log(`| ${b.name} | ${value} | ${median(ratios).toFixed(3)} |`);
}
