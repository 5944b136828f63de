// Rule engine speed, measured on the built code: route() decisions per second as the number of
// path-indexed rules grows from 1 to 10,000 (the index keeps it flat) and as path-less `when` rules
// grow from 1 to 100 (each one is evaluated); template renders and predicate evaluations per second
// against hand-written functions doing the same work. Ratios are taken within one run.
// Run alone: `npm run build && node test/bench/routing.bench.mjs [--quick]`.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileRules } from "../../dist/engine/compile.js";
import { compileLogic } from "../../dist/engine/logic.js";
import { route } from "../../dist/engine/route.js";
import { compileTemplate, templateData } from "../../dist/engine/template.js";

/** The parts of a resolved config the rule compiler reads. */
function configWith(mappings) {
  return {
    hooks: {
      path: "/hooks",
      presets: [],
      mappings: mappings.map((m, i) => ({ id: `m${i}`, origin: `hooks.mappings[${i}]`, ...m })),
      transformsDir: join(tmpdir(), "hookgate-bench-transforms"),
      transformLimits: {
        cpuMs: 250,
        memoryMiB: 32,
        maxResultBytes: 262_144,
        maxStackBytes: 49_152,
        workers: 1,
        maxQueued: 256,
      },
      mail: {},
    },
  };
}

const payload = {
  ref: "refs/heads/main",
  repository: { full_name: "acme/api" },
  pusher: { name: "ada" },
  commits: [{ id: "c1", message: "Fix the thing" }],
};
const headers = { "x-github-event": "push", "content-type": "application/json" };

/** Calls per second of `fn(i)`, over about `ms` milliseconds after a warm-up of half that. */
function perSecond(fn, ms) {
  const warm = process.hrtime.bigint() + BigInt(Math.round(ms / 2)) * 1_000_000n;
  for (let i = 0; process.hrtime.bigint() < warm; i += 100) {
    for (let j = 0; j < 100; j++) fn(i + j);
  }
  let calls = 0;
  const started = process.hrtime.bigint();
  const budget = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  let sink = 0;
  while (elapsed < budget) {
    for (let i = 0; i < 1_000; i++) {
      const out = fn(calls + i);
      if (out) sink++;
    }
    calls += 1_000;
    elapsed = process.hrtime.bigint() - started;
  }
  if (sink < 0) console.log(sink);
  return calls / (Number(elapsed) / 1e9);
}

/** perSecond for a function that returns a promise (route() awaits transforms): each call awaited. */
async function perSecondAsync(fn, ms) {
  const warm = process.hrtime.bigint() + BigInt(Math.round(ms / 2)) * 1_000_000n;
  for (let i = 0; process.hrtime.bigint() < warm; i += 100) {
    for (let j = 0; j < 100; j++) await fn(i + j);
  }
  let calls = 0;
  const started = process.hrtime.bigint();
  const budget = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  let sink = 0;
  while (elapsed < budget) {
    for (let i = 0; i < 1_000; i++) {
      const out = await fn(calls + i);
      if (out) sink++;
    }
    calls += 1_000;
    elapsed = process.hrtime.bigint() - started;
  }
  if (sink < 0) console.log(sink);
  return calls / (Number(elapsed) / 1e9);
}

async function indexedRoutes(count, ms) {
  const mappings = Array.from({ length: count }, (_, i) => ({
    action: "wake",
    match: { path: `hook-${i}` },
    textTemplate: "Push to {{repository.full_name}} by {{pusher.name}}",
  }));
  const compiled = await compileRules(configWith(mappings));
  // Requests spread over all paths, so a bigger graph cannot hide in a cache line.
  const requests = Array.from({ length: 1_024 }, (_, i) => ({
    path: `hook-${(i * 7919) % count}`,
    payload,
    headers,
    query: {},
  }));
  const now = new Date();
  const rate = await perSecondAsync(
    async (i) => (await route(compiled.index, requests[i & 1023], { now })).kind === "wake",
    ms,
  );
  compiled.dispose();
  return rate;
}

async function pathlessWhenRoutes(count, ms, shape = "equality", explain = false) {
  // Every rule but the last fails its `when`. Equality tests of one field share a lookup by value;
  // `in` tests are evaluated one by one, so each request evaluates all of them.
  const name = (i) => (i === count - 1 ? "ada" : `user-${i}`);
  const when = (i) =>
    shape === "equality"
      ? { "==": [{ var: "payload.pusher.name" }, name(i)] }
      : { in: [{ var: "payload.pusher.name" }, [name(i)]] };
  const mappings = Array.from({ length: count }, (_, i) => ({
    action: "wake",
    match: { when: when(i) },
    textTemplate: "Push by {{pusher.name}}",
  }));
  const compiled = await compileRules(configWith(mappings));
  const req = { path: "github", payload, headers, query: {} };
  const now = new Date();
  const rate = await perSecondAsync(
    async () => (await route(compiled.index, req, { now, explain })).kind === "wake",
    ms,
  );
  compiled.dispose();
  return rate;
}

/** 64 different requests, so neither side can fold a constant input away. */
const variants = Array.from({ length: 64 }, (_, i) => ({
  path: "github",
  payload: { ...payload, ref: i % 2 ? "refs/heads/main" : `refs/heads/f${i}`, pusher: { name: `user-${i}` } },
  headers: { ...headers, "x-github-event": i % 3 ? "push" : "issues" },
  query: {},
}));

function templates(ms) {
  const template = compileTemplate(
    "{{headers.x-github-event}} to {{repository.full_name}} by {{pusher.name}}: {{commits[0].message}}",
  );
  const now = new Date();
  const hand = (r) =>
    `${r.headers["x-github-event"]} to ${r.payload.repository.full_name} by ${r.payload.pusher.name}: ${r.payload.commits[0].message}`;
  for (const req of variants) {
    if (template(templateData(req, now)) !== hand(req))
      throw new Error("template and hand-written output differ");
  }
  return {
    template: perSecond((i) => template(templateData(variants[i & 63], now)), ms),
    hand: perSecond((i) => hand(variants[i & 63]), ms),
  };
}

function predicates(ms) {
  const when = compileLogic({
    and: [
      { "==": [{ var: "headers.x-github-event" }, "push"] },
      { in: ["main", { var: "payload.ref" }] },
      { ">": [{ var: "payload.commits.length" }, 0] },
    ],
  });
  const hand = (c) =>
    c.headers["x-github-event"] === "push" && c.payload.ref.includes("main") && c.payload.commits.length > 0;
  for (const ctx of variants) {
    if (when(ctx) !== hand(ctx)) throw new Error("predicate and hand-written result differ");
  }
  return {
    compiled: perSecond((i) => when(variants[i & 63]), ms),
    hand: perSecond((i) => hand(variants[i & 63]), ms),
  };
}

export async function bench({ quick = false } = {}) {
  const ms = quick ? 150 : 1_000;
  const rows = [];
  const round = (v) => Math.round(v);
  const ratio = (a, b) => Number((a / b).toPrecision(2));

  const indexedBase = "route()/s, 1 path-indexed rule";
  let base;
  for (const n of [1, 100, 1_000, 10_000]) {
    const rate = await indexedRoutes(n, ms);
    base ??= rate;
    const name = n === 1 ? indexedBase : `route()/s, ${n.toLocaleString("en")} path-indexed rules`;
    rows.push({
      group: "routing",
      name,
      value: round(rate),
      unit: "req/s",
      ...(n === 1 ? {} : { ratio: ratio(rate, base), baseline: indexedBase }),
    });
  }

  const whenBase = "route()/s, 1 path-less when rule";
  base = undefined;
  for (const [n, shape] of [
    [1, "equality"],
    [10, "equality"],
    [100, "equality"],
    [100, "in"],
  ]) {
    const rate = await pathlessWhenRoutes(n, ms, shape);
    base ??= rate;
    const kind = shape === "equality" ? "" : " (`in` tests, evaluated one by one)";
    const name = n === 1 ? whenBase : `route()/s, ${n} path-less when rules${kind}`;
    rows.push({
      group: "routing",
      name,
      value: round(rate),
      unit: "req/s",
      ...(n === 1 ? {} : { ratio: ratio(rate, base), baseline: whenBase }),
      ...(n === 100 && shape === "equality" && { target: "ratio >= 0.8" }),
    });
  }

  // The explain trace (what the request log would pay to keep it) against the same routing without.
  for (const n of [10, 100]) {
    const plain = await pathlessWhenRoutes(n, ms);
    const traced = await pathlessWhenRoutes(n, ms, "equality", true);
    const plainName = `route()/s, ${n} path-less when rules, no trace (same run)`;
    rows.push(
      {
        group: "routing",
        name: `route()/s, ${n} path-less when rules, with explain trace`,
        value: round(traced),
        unit: "req/s",
        ratio: ratio(traced, plain),
        baseline: plainName,
      },
      { group: "routing", name: plainName, value: round(plain), unit: "req/s" },
    );
  }

  /** A compiled piece's rate next to the hand-written code doing the same. */
  const versusHand = (name, value, hand, handName, target) =>
    rows.push(
      {
        group: "templates",
        name,
        value: round(value),
        unit: "ops/s",
        ratio: ratio(value, hand),
        baseline: handName,
        target,
      },
      { group: "templates", name: handName, value: round(hand), unit: "ops/s" },
    );
  const t = templates(ms);
  versusHand(
    "renders/s, compiled template (4 fields)",
    t.template,
    t.hand,
    "renders/s, hand-written template literal",
    "ratio >= 0.1",
  );
  const p = predicates(ms);
  versusHand(
    "evaluations/s, compiled JsonLogic (3 tests)",
    p.compiled,
    p.hand,
    "evaluations/s, hand-written predicate",
    "ratio >= 0.2",
  );
  return { rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await bench({ quick: process.argv.includes("--quick") });
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  (${r.ratio}× ${r.baseline})` : "";
    console.log(
      `${r.group.padEnd(9)} ${r.name.padEnd(46)} ${String(r.value).padStart(12)} ${r.unit}${ratio}`,
    );
  }
}
