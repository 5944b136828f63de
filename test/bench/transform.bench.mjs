// Transform sandbox overhead, measured on the built code: p50 and p99 of one call with a 2 KB
// payload through the sandbox, against the same function called in-process (plain JS, and with the
// input copied through JSON as the sandbox does); the sandbox's own share (a transform that returns
// null, so only the input goes in and the answer out). Also: the fixed cost of a call with a tiny
// payload, the design not taken (a fresh QuickJS context per call) and the load time of a module.
// Run alone: `npx tsc -p tsconfig.json && node test/bench/transform.bench.mjs [--quick]`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { newQuickJSWASMModule, RELEASE_SYNC } from "quickjs-emscripten";
import { bundleTransform } from "../../dist/engine/transform/bundle.js";
import { createTransformLoader } from "../../dist/engine/transform/loader.js";
import { percentile, round } from "./lib.mjs";

const LIMITS = { cpuMs: 250, memoryMiB: 32, maxResultBytes: 262_144, maxStackBytes: 49_152 };

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
  const sorted = Array.from(samples).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
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

export async function bench({ quick = false } = {}) {
  const n = quick ? 3_000 : 30_000;
  const root = mkdtempSync(join(tmpdir(), "hookgate-bench-transform-"));
  try {
    writeFileSync(join(root, "github.mjs"), TRANSFORM);
    writeFileSync(join(root, "skip.mjs"), "export default () => null;\n");
    const big = input(pushPayload(2_048));
    // One commit: the same work on a small input shows the part of a call that does not grow with it.
    const small = input({ ...pushPayload(0), commits: [pushPayload(400).commits[0]] });

    const t0 = performance.now();
    const loader = createTransformLoader({ transformsDir: root, limits: LIMITS });
    const handle = await loader.load("github.mjs");
    const loadMs = performance.now() - t0;
    const skip = await loader.load("skip.mjs");
    const plain = (await import(pathToFileURL(join(root, "github.mjs")).href)).default;

    // Same answer both ways, or the comparison is void.
    const viaSandbox = handle.call(big);
    if (!viaSandbox.ok || JSON.stringify(viaSandbox.result) !== JSON.stringify(plain(big))) {
      throw new Error(`sandbox and in-process results differ: ${JSON.stringify(viaSandbox)}`);
    }

    const sandbox = timeCalls(() => handle.call(big), n);
    const overhead = timeCalls(() => skip.call(big), n);
    const inProcess = timeCalls(() => plain(big), n);
    const copied = timeCalls(() => plain(JSON.parse(JSON.stringify(big))), n);
    const tiny = timeCalls(() => handle.call(small), n);
    const fresh = await freshContextPerCall(
      await bundleTransform("github.mjs", root),
      JSON.stringify(big),
      Math.max(500, n / 10),
    );
    loader.dispose();

    const ratio = (a, b) => Number((a / b).toPrecision(3));
    const base50 = "in-process call, 2 KB payload, p50";
    const base99 = "in-process call, 2 KB payload, p99";
    const sandbox50 = "sandbox call, 2 KB payload, p50";
    const group = "transform";
    return {
      rows: [
        {
          group,
          name: sandbox50,
          value: round(sandbox.p50),
          unit: "µs",
          ratio: ratio(sandbox.p50, inProcess.p50),
          baseline: base50,
        },
        {
          group,
          name: "sandbox call, 2 KB payload, p99",
          value: round(sandbox.p99),
          unit: "µs",
          ratio: ratio(sandbox.p99, inProcess.p99),
          baseline: base99,
        },
        {
          group,
          name: "sandbox overhead alone (returns null), 2 KB, p50",
          value: round(overhead.p50),
          unit: "µs",
          target: "≤ 50 µs",
        },
        {
          group,
          name: "sandbox overhead alone (returns null), 2 KB, p99",
          value: round(overhead.p99),
          unit: "µs",
        },
        { group, name: base50, value: round(inProcess.p50, 3), unit: "µs" },
        { group, name: base99, value: round(inProcess.p99, 3), unit: "µs" },
        {
          group,
          name: "in-process call with a JSON copy of the input, p50",
          value: round(copied.p50),
          unit: "µs",
          ratio: ratio(copied.p50, inProcess.p50),
          baseline: base50,
        },
        {
          group,
          name: `sandbox call, ${JSON.stringify(small).length} B input (fixed cost), p50`,
          value: round(tiny.p50),
          unit: "µs",
          ratio: ratio(tiny.p50, inProcess.p50),
          baseline: base50,
        },
        {
          group,
          name: "fresh context per call (not used), 2 KB, p50",
          value: round(fresh.p50),
          unit: "µs",
          ratio: ratio(fresh.p50, sandbox.p50),
          baseline: sandbox50,
        },
        { group, name: "load: bundle, list exports, start sandbox", value: round(loadMs, 1), unit: "ms" },
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await bench({ quick: process.argv.includes("--quick") });
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  (${r.ratio}× ${r.baseline})` : "";
    console.log(
      `${r.group.padEnd(9)} ${r.name.padEnd(52)} ${String(r.value).padStart(10)} ${r.unit}${ratio}`,
    );
  }
}
