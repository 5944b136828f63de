// Transform sandbox overhead, measured on the built code. Calls go through the worker pool (the
// input as JSON text over a MessagePort, the answer back the same way): p50 and p99 of one call with a
// 2 KB payload, against the same function called in-process (plain, and with the input copied through
// JSON, the fair baseline: the sandbox needs a copy too), against the sandbox called on this thread
// (the pool's own share), and the sandbox's share alone (a transform that returns null). Then
// throughput with 1 and 2 workers (16 calls in flight), in-process and over HTTP (a transform mapping
// of `hookgate serve`), and the largest event-loop stall on the main thread while transforms run flat
// out, also while every other call is stuck in a long built-in call and ends its worker. Also: the
// design not taken (a fresh QuickJS context per call) and the load time of a module.
// Run alone: `npx tsc -p tsconfig.json && node test/bench/transform.bench.mjs [--quick]`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { newQuickJSWASMModule, RELEASE_SYNC } from "quickjs-emscripten";
import { bundleTransform } from "../../dist/engine/transform/bundle.js";
import { createTransformLoader } from "../../dist/engine/transform/loader.js";
import { Sandbox } from "../../dist/engine/transform/sandbox.js";
import { CLI, load, percentile, round, startChild } from "./lib.mjs";

const LIMITS = {
  cpuMs: 250,
  memoryMiB: 32,
  maxResultBytes: 262_144,
  maxStackBytes: 49_152,
  workers: 1,
  maxQueued: 256,
};
const TOKEN = "bench-token-0123456789abcdefghijkl";
/** Calls in flight in the throughput runs. */
const IN_FLIGHT = 16;

// A typical transform: pick a few fields of a GitHub push and build the agent message.
const TRANSFORM = `export default function (input) {
  const p = input.payload;
  const commits = p.commits.map((c) => "- " + c.message.split("\\n")[0] + " (" + c.author.name + ")");
  if (commits.length === 0) return null;
  return {
    kind: "agent",
    name: "GitHub",
    message: p.pusher.name + " pushed " + commits.length + " commits to " + p.repository.full_name + " " + p.ref + ":\\n" + commits.join("\\n"),
    sessionKey: "hook:github:" + p.repository.full_name,
  };
}
`;

/** A GitHub push of about `bytes` bytes of JSON. */
function pushPayload(bytes) {
  const payload = {
    ref: "refs/heads/main",
    before: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
    after: "76ae82c7b1a177c8d03f9e96e0adf2466113728f",
    repository: { id: 1296269, full_name: "acme/api", private: false, default_branch: "main" },
    pusher: { name: "ada", email: "ada@example.com" },
    commits: [],
  };
  for (let i = 0; JSON.stringify(payload).length < bytes; i++) {
    payload.commits.push({
      id: `${i}`.padStart(40, "0"),
      message: `Fix the flaky retry test #${i}\n\nDetails of the change.`,
      timestamp: "2024-05-01T10:00:00Z",
      author: { name: "Ada Lovelace", email: "ada@example.com" },
      added: [],
      removed: [],
      modified: [`src/retry-${i}.ts`],
    });
  }
  return payload;
}

const input = (payload) => ({
  payload,
  headers: {
    "content-type": "application/json",
    "x-github-event": "push",
    "user-agent": "GitHub-Hookshot/1",
  },
  query: {},
  path: "github",
});

/** Microseconds per call: p50, p99 over `n` timed calls after a warm-up. */
function timeCalls(fn, n) {
  for (let i = 0; i < Math.min(2_000, n); i++) fn(i);
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    fn(i);
    samples[i] = Number(process.hrtime.bigint() - t0) / 1_000;
  }
  return summary(samples);
}

/** timeCalls for calls that answer with a promise: one at a time, each awaited. */
async function timeCallsAsync(fn, n) {
  for (let i = 0; i < Math.min(2_000, n); i++) await fn(i);
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    samples[i] = Number(process.hrtime.bigint() - t0) / 1_000;
  }
  return summary(samples);
}

function summary(samples) {
  const sorted = Array.from(samples).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * Calls per second with IN_FLIGHT calls in flight for `ms`, and the main thread's largest event-loop
 * delay meanwhile. `side`, if given, runs alongside in a loop (the stuck calls).
 */
async function throughput(call, ms, side) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let calls = 0;
  let failed = 0;
  const until = performance.now() + ms;
  let sideCalls = 0;
  const sideLoop = side
    ? (async () => {
        while (performance.now() < until) {
          await side();
          sideCalls++;
        }
      })()
    : Promise.resolve();
  delay.enable();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const outcome = await call();
        if (outcome.ok) calls++;
        else failed++;
      }
    }),
  );
  const elapsed = performance.now() - t0;
  delay.disable();
  await sideLoop;
  if (failed > 0) throw new Error(`${failed} calls failed in a throughput run`);
  return { perSecond: (calls / elapsed) * 1000, ...stalls(delay), sideCalls };
}

/** The event-loop delays of an idle main thread over `ms`: what the machine alone causes. */
async function idle(ms) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  delay.disable();
  return stalls(delay);
}

function stalls(delay) {
  return { maxStallMs: delay.max / 1e6, p99StallMs: delay.percentile(99) / 1e6 };
}

/**
 * Requests per second to a real server: a transform mapping with `workers` transform workers, or
 * (workers 0) the same wake built by a template, the baseline without a transform.
 */
async function httpThroughput(workers, seconds) {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-transform-http-"));
  mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
  writeFileSync(join(dir, "hooks", "transforms", "github-wake.mjs"), TRANSFORM_WAKE);
  const build =
    workers === 0
      ? `textTemplate: "{{payload.pusher.name}} pushed {{payload.commits.length}} commits to {{payload.repository.full_name}}"`
      : "transform: { module: github-wake.mjs }";
  const config = `
server: { host: 127.0.0.1, port: 0, logLevel: info }
hooks:
  enabled: true
  token: ${TOKEN}
  transformLimits: { workers: ${Math.max(1, workers)} }
  mappings:
    - id: github
      match: { path: github }
      action: wake
      wakeMode: next-heartbeat
      ${build}
agents:
  list: [ { id: main, default: true, runner: { kind: echo } } ]
heartbeat: { every: "0" }
store: { path: state.db }
`;
  writeFileSync(join(dir, "hookgate.yaml"), config);
  const server = await startChild([CLI, "serve", "--config", join(dir, "hookgate.yaml")]);
  try {
    const payload = pushPayload(2_048);
    const res = await load({
      url: server.url,
      path: "/hooks/github",
      headers: { authorization: `Bearer ${TOKEN}`, "x-github-event": "push" },
      body: () => payload,
      duration: seconds,
    });
    const bad = res.non2xx + res.errors + res.timeouts;
    if (bad > 0) throw new Error(`transform hook: ${bad} failed requests of ${res.requests.total}`);
    return { rps: res.requests.average, p99: res.latency.p99 };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rejected design: a new context per call, the bundle evaluated again, the input parsed. */
async function freshContextPerCall(factorySource, json, n) {
  const quickjs = await newQuickJSWASMModule(RELEASE_SYNC);
  const runtime = quickjs.newRuntime();
  const once = () => {
    const context = runtime.newContext();
    const runner = context.unwrapResult(
      context.evalCode(
        `(json) => { const pairs = (${factorySource})(); return JSON.stringify(pairs[0][1](JSON.parse(json))); }`,
      ),
    );
    const arg = context.newString(json);
    const out = context.unwrapResult(context.callFunction(runner, context.undefined, arg));
    JSON.parse(context.getString(out));
    for (const handle of [out, arg, runner]) handle.dispose();
    context.dispose();
  };
  const timing = timeCalls(once, n);
  runtime.dispose();
  return timing;
}

/** The same work, answering a wake text (for the HTTP runs: a wake is committed, not run). */
const TRANSFORM_WAKE = TRANSFORM.replace(
  /return \{[\s\S]*\};\n\}/,
  `return { text: p.pusher.name + " pushed " + commits.length + " commits:\\n" + commits.join("\\n") };\n}`,
);

/** A call that spins in one built-in call until the watchdog ends its worker. */
const STUCK =
  "export default () => ({ text: String(Array.prototype.indexOf.call({ length: 2 ** 30 }, 1)) });\n";

export async function bench({ quick = false } = {}) {
  const n = quick ? 3_000 : 30_000;
  const runMs = quick ? 2_000 : 5_000;
  const root = mkdtempSync(join(tmpdir(), "hookgate-bench-transform-"));
  const loaders = [];
  try {
    writeFileSync(join(root, "github.mjs"), TRANSFORM);
    writeFileSync(join(root, "skip.mjs"), "export default () => null;\n");
    writeFileSync(join(root, "stuck.mjs"), STUCK);
    const big = input(pushPayload(2_048));
    // One commit: the same work on a small input shows the part of a call that does not grow with it.
    const small = input({ ...pushPayload(0), commits: [pushPayload(400).commits[0]] });

    const t0 = performance.now();
    const loader = createTransformLoader({ transformsDir: root, limits: LIMITS });
    loaders.push(loader);
    const handle = await loader.load("github.mjs");
    const loadMs = performance.now() - t0;
    const skip = await loader.load("skip.mjs");
    const plain = (await import(pathToFileURL(join(root, "github.mjs")).href)).default;

    // Same answer both ways, or the comparison is void.
    const viaSandbox = await handle.call(big);
    if (!viaSandbox.ok || JSON.stringify(viaSandbox.result) !== JSON.stringify(plain(big))) {
      throw new Error(`sandbox and in-process results differ: ${JSON.stringify(viaSandbox)}`);
    }

    const sandbox = await timeCallsAsync(() => handle.call(big), n);
    const overhead = await timeCallsAsync(() => skip.call(big), n);
    const tiny = await timeCallsAsync(() => handle.call(small), n);
    const inProcess = timeCalls(() => plain(big), n);
    const copied = timeCalls(() => plain(JSON.parse(JSON.stringify(big))), n);

    // The sandbox on this thread, as the worker runs it: the difference is the pool's share.
    const factorySource = await bundleTransform("github.mjs", root);
    const local = new Sandbox({ module: "github.mjs", factorySource, exportName: "default", limits: LIMITS });
    await local.start();
    const onThread = timeCalls(() => JSON.parse(local.call(JSON.stringify(big)).json), n);
    local.dispose();
    const fresh = await freshContextPerCall(factorySource, JSON.stringify(big), Math.max(500, n / 10));

    // Throughput and the main thread's stalls, with 1 and 2 workers.
    const runs = {};
    // Stalls of an idle main thread, measured next to the busy runs: on a shared machine the operating
    // system's scheduling alone causes stalls of tens of milliseconds.
    const idleRuns = [];
    for (const workers of [1, 2]) {
      const pool = createTransformLoader({ transformsDir: root, limits: { ...LIMITS, workers } });
      loaders.push(pool);
      const h = await pool.load("github.mjs");
      await throughput(() => h.call(big), runMs / 4); // warm-up
      idleRuns.push(await idle(runMs));
      runs[workers] = await throughput(() => h.call(big), runMs);
      if (workers === 2) {
        const stuck = await pool.load("stuck.mjs");
        idleRuns.push(await idle(runMs));
        runs.stuck = await throughput(
          () => h.call(big),
          runMs,
          () => stuck.call(big),
        );
      }
      pool.dispose();
    }
    // Interleaved rounds, so that machine drift spreads over all three.
    const http = { 0: [], 1: [], 2: [] };
    for (let round = 0; round < 2; round++) {
      for (const workers of [0, 1, 2]) http[workers].push(await httpThroughput(workers, quick ? 3 : 10));
    }
    const rps = (w) => http[w].reduce((sum, r) => sum + r.rps, 0) / http[w].length;
    const p99 = (w) => Math.max(...http[w].map((r) => r.p99));

    const ratio = (a, b) => Number((a / b).toPrecision(3));
    const base50 = "in-process call, 2 KB payload, p50";
    const base99 = "in-process call, 2 KB payload, p99";
    const copy50 = "in-process call with a JSON copy of the input, p50";
    const sandbox50 = "pool call, 2 KB payload, p50";
    const http0 = "same wake from a template over HTTP (no transform), req/s";
    const group = "transform";
    const perCall = (run) => 1e6 / run.perSecond;
    const idleName = "largest main-thread stall, idle (the machine's own)";
    const idleStall = {
      maxStallMs: Math.max(...idleRuns.map((r) => r.maxStallMs)),
      p99StallMs: Math.max(...idleRuns.map((r) => r.p99StallMs)),
    };
    return {
      rows: [
        {
          group,
          name: sandbox50,
          value: round(sandbox.p50),
          unit: "µs",
          ratio: ratio(sandbox.p50, copied.p50),
          baseline: copy50,
          target: "ratio ≤ 3",
        },
        {
          group,
          name: "pool call, 2 KB payload, p99",
          value: round(sandbox.p99),
          unit: "µs",
          ratio: ratio(sandbox.p99, inProcess.p99),
          baseline: base99,
        },
        {
          group,
          name: "sandbox call on the main thread (no pool), 2 KB, p50",
          value: round(onThread.p50),
          unit: "µs",
          ratio: ratio(onThread.p50, copied.p50),
          baseline: copy50,
        },
        {
          group,
          name: "pool overhead alone (returns null), 2 KB, p50",
          value: round(overhead.p50),
          unit: "µs",
        },
        {
          group,
          name: "pool overhead alone (returns null), 2 KB, p99",
          value: round(overhead.p99),
          unit: "µs",
        },
        { group, name: base50, value: round(inProcess.p50, 3), unit: "µs" },
        { group, name: base99, value: round(inProcess.p99, 3), unit: "µs" },
        {
          group,
          name: copy50,
          value: round(copied.p50),
          unit: "µs",
          ratio: ratio(copied.p50, inProcess.p50),
          baseline: base50,
        },
        {
          group,
          name: `pool call, ${JSON.stringify(small).length} B input (fixed cost), p50`,
          value: round(tiny.p50),
          unit: "µs",
          ratio: ratio(tiny.p50, copied.p50),
          baseline: copy50,
        },
        {
          group,
          name: `pool, 1 worker, ${IN_FLIGHT} in flight: time per call`,
          value: round(perCall(runs[1])),
          unit: "µs",
          ratio: ratio(perCall(runs[1]), copied.p50),
          baseline: copy50,
        },
        {
          group,
          name: `pool, 2 workers, ${IN_FLIGHT} in flight: time per call`,
          value: round(perCall(runs[2])),
          unit: "µs",
          ratio: ratio(perCall(runs[2]), copied.p50),
          baseline: copy50,
          target: "ratio ≤ 3",
        },
        {
          group,
          name: idleName,
          value: round(idleStall.maxStallMs, 1),
          unit: "ms",
        },
        ...[
          ["1 worker flat out", runs[1]],
          ["2 workers flat out", runs[2]],
          [`2 workers, ${runs.stuck.sideCalls} stuck calls ending their worker`, runs.stuck],
        ].flatMap(([what, run]) => [
          {
            group,
            name: `largest main-thread stall, ${what}`,
            value: round(run.maxStallMs, 1),
            unit: "ms",
            ratio: ratio(run.maxStallMs, idleStall.maxStallMs),
            baseline: idleName,
            target: "≤ 20 ms",
          },
          {
            group,
            name: `main-thread stall p99, ${what}`,
            value: round(run.p99StallMs, 1),
            unit: "ms",
            ratio: ratio(run.p99StallMs, idleStall.p99StallMs),
            baseline: "main-thread stall p99, idle",
          },
        ]),
        { group, name: "main-thread stall p99, idle", value: round(idleStall.p99StallMs, 1), unit: "ms" },
        {
          group,
          name: "pool calls/s while the other worker keeps restarting",
          value: Math.round(runs.stuck.perSecond),
          unit: "calls/s",
          ratio: ratio(runs.stuck.perSecond, runs[1].perSecond),
          baseline: `pool, 1 worker, ${IN_FLIGHT} in flight`,
        },
        { group, name: http0, value: Math.round(rps(0)), unit: "req/s" },
        ...[1, 2].flatMap((n) => {
          const workers = n === 1 ? "1 worker" : `${n} workers`;
          return [
            {
              group,
              name: `transform hook over HTTP, ${workers}, req/s`,
              value: Math.round(rps(n)),
              unit: "req/s",
              ratio: ratio(rps(n), rps(0)),
              baseline: http0,
            },
            { group, name: `transform hook over HTTP, ${workers}, p99`, value: p99(n), unit: "ms" },
          ];
        }),
        {
          group,
          name: "fresh context per call (not used), 2 KB, p50",
          value: round(fresh.p50),
          unit: "µs",
          ratio: ratio(fresh.p50, onThread.p50),
          baseline: "sandbox call on the main thread (no pool), 2 KB, p50",
        },
        {
          group,
          name: "load: bundle, list exports, start workers and sandboxes",
          value: round(loadMs, 1),
          unit: "ms",
        },
      ],
    };
  } finally {
    for (const l of loaders) l.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await bench({ quick: process.argv.includes("--quick") });
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  (${r.ratio}× ${r.baseline})` : "";
    console.log(
      `${r.group.padEnd(9)} ${r.name.padEnd(72)} ${String(r.value).padStart(10)} ${r.unit}${ratio}`,
    );
  }
}
