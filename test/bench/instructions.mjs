// Instructions per request: each server runs under valgrind's callgrind, takes a warm-up, has its
// counters zeroed, serves a fixed number of requests and dumps what they cost: on the main thread
// (the event loop: the request's own work), and in every thread (also libuv's pool, whose syncs count
// as one instruction each, and V8's compiler and collector helpers, which a warm-up too short for the
// optimising compiler inflates). Unlike time, the count does not move with what else the machine
// runs, so two builds, or hookgate and the durable floor, compare in one run however loaded the
// machine is. Needs valgrind (callgrind_control is part of it). Slow: a request costs about 50 times
// its time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { targets, writeBenchConfig } from "./ingress.bench.mjs";
import { CLI, load, sqliteRunsDone, startUnderCallgrind } from "./lib.mjs";

const help = `Usage: node test/bench/instructions.mjs [--requests N] [--warmup N] [--drain] VARIANT...

VARIANT is NAME=TARGET[:CLI][+nolog][+accept]: TARGET is one of the ingress group's rows served by
hookgate (b: /hooks/wake, c: mapped wake, d: /hooks/agent, k: mapped wake with coalesce, m: mapped
agent run, n: the same with coalesce) or p, the durable floor (servers/durable-floor.mjs);
CLI a built hookgate (default: this checkout's dist/cli.js); +nolog turns the request log off;
+accept gives the agent a runner that sleeps, so that no run executes: the accepts alone.
Prints each variant's instructions per request, on the main thread and in all threads, and their
ratios to the first variant's.

  --requests N   requests counted per variant (default 2000)
  --connections N  connections of the load (default 10); 1 puts each request in a commit of its own,
                 so the count no longer moves with how many requests share a commit and a sync
  --warmup N     requests served before the count starts (default 2000)
  --drain        for /agent (d): start the count once the warm-up's runs have all run, and end it
                 once the counted requests' runs have: each request's run is counted whole, however
                 far the runs fall behind the requests (read from the store file, not from the server)

Example: node test/bench/instructions.mjs floor=p c=c d=d old-c=c:/tmp/old/dist/cli.js`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: "string", default: "2000" },
    warmup: { type: "string", default: "2000" },
    drain: { type: "boolean", default: false },
    connections: { type: "string", default: "10" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || positionals.length === 0) {
  console.log(help);
  process.exit(values.help ? 0 : 2);
}
const FLOOR = fileURLToPath(new URL("./servers/durable-floor.mjs", import.meta.url));

const variants = positionals.map((spec) => {
  const m = /^([^=]+)=([bcdpkmn])(?::([^+]+))?((?:\+(?:nolog|accept))*)$/.exec(spec);
  if (!m) {
    console.error(`instructions: a variant is NAME=TARGET[:CLI][+nolog][+accept], not "${spec}"\n\n${help}`);
    process.exit(2);
  }
  const flags = m[4].split("+");
  return {
    name: m[1],
    target: m[2],
    cli: m[3] ?? CLI,
    nolog: flags.includes("nolog"),
    acceptOnly: flags.includes("accept"),
  };
});

/** Total instructions (Ir) of a callgrind dump. */
function instructionsIn(file) {
  const m = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(file, "utf8"));
  if (!m) throw new Error(`no totals in ${file}`);
  return Number(m[1]);
}

async function measure(v, dir) {
  const out = join(dir, `${v.name}.out`);
  const config =
    v.target === "p"
      ? null
      : writeBenchConfig({
          extra: v.nolog ? "requestLog: { enabled: false }\n" : "",
          acceptOnly: v.acceptOnly,
        });
  const args = config ? [v.cli, "serve", "--config", config] : [FLOOR];
  const server = await startUnderCallgrind(args, out);
  // The bench config's store is state.db beside it.
  const drained =
    values.drain && v.target === "d" ? () => sqliteRunsDone(join(dirname(config), "state.db")) : null;
  try {
    const t = targets[v.target];
    const opts = {
      url: server.url,
      path: t.path,
      headers: t.headers,
      body: t.body,
      connections: Number(values.connections),
    };
    await load({ ...opts, amount: Number(values.warmup) });
    await drained?.();
    spawnSync("callgrind_control", ["-z", String(server.proc.pid)]);
    const result = await load({ ...opts, amount: Number(values.requests) });
    await drained?.();
    spawnSync("callgrind_control", ["-d", String(server.proc.pid)]);
    const ok = result["2xx"];
    // One file per thread (NAME.out.1-NN, NN the thread's number; 01 the main thread).
    const dumps = readdirSync(dir).filter((f) => /\.out\.1-\d+$/.test(f) && f.startsWith(`${v.name}.`));
    let main = 0;
    let all = 0;
    for (const f of dumps) {
      const n = instructionsIn(join(dir, f));
      all += n;
      if (f.endsWith("-01")) main += n;
    }
    return { main: main / ok, all: all / ok };
  } finally {
    await new Promise((resolve) => {
      server.proc.once("exit", resolve);
      server.proc.kill("SIGTERM");
    });
  }
}

const dir = mkdtempSync(join(tmpdir(), "hookgate-instr-"));
const rows = [];
const count = (n) => Math.round(n).toLocaleString("en-US");
for (const v of variants) {
  const per = await measure(v, dir);
  rows.push({ ...v, ...per });
  process.stderr.write(
    `${v.name}: ${count(per.main)} instructions per request on the main thread, ${count(per.all)} in all\n`,
  );
}
const [first] = rows;
console.log(
  `| variant | main thread, per request | against ${first.name} | all threads, per request | against ${first.name} |\n|---|---|---|---|---|`,
);
for (const r of rows) {
  console.log(
    `| ${r.name} | ${count(r.main)} | ${(r.main / first.main).toFixed(3)} | ${count(r.all)} | ${(r.all / first.all).toFixed(3)} |`,
  );
}
