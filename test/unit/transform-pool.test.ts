// The worker pool around the sandboxes: a transform stuck in work the sandbox cannot interrupt never
// holds up the main thread or other transforms, comes back TRANSFORM_TIMEOUT, and the pool serves the
// next call from a fresh worker. Progress is checked by ordering, never by elapsed time.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { bundleTransform } from "../../src/engine/transform/bundle.js";
import { Sandbox } from "../../src/engine/transform/sandbox.js";
import type { TransformLimits, TransformOutcome } from "../../src/engine/transform/types.js";
import { startTestServer } from "../helpers/server.js";
import { input, loaderFor, TIMEOUT_UNDER_TEST, testLimits, transformsFolder } from "./transform-helpers.js";

const fine = `if (input.payload.ok) return { text: "fine" };`;
const MODULES = {
  // Minutes of work inside one built-in call, which never asks the interrupt handler.
  "stuck.js": `export default (input) => { ${fine} return { text: String(Array.prototype.indexOf.call({ length: 2 ** 30 }, 1)) }; };`,
  "other.js": `export default (input) => ({ text: "other " + input.payload.n });`,
  // One long built-in call that does end: its answer comes after the deadline.
  "late.js": `export default (input) => ({ text: String("a".repeat(input.payload.n).replaceAll("a", "").length) });`,
};
const { dir } = transformsFolder(MODULES);
/** A stuck call takes this CPU limit plus the watchdog's margin: far longer than any other call here. */
const STUCK_CPU_MS = 1000;

/** Settles with the order in which `promises` settled, by name. */
function settleOrder(promises: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(Object.entries(promises).map(([name, p]) => p.then(() => void order.push(name)))).then(
    () => order,
  );
}

/** A timer that keeps firing on the main thread until `until` settles; resolves with its count. */
function ticksUntil(until: Promise<unknown>): Promise<number> {
  let ticks = 0;
  let done = false;
  until.then(() => {
    done = true;
  });
  return new Promise((resolve) => {
    const tick = () => {
      if (done) return resolve(ticks);
      ticks += 1;
      setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
  });
}

/** A real server with two transform hooks: /hooks/stuck (a long built-in call) and /hooks/other. */
function stuckAndOtherServer(transformLimits: Partial<TransformLimits>) {
  const hook = (id: string) => ({
    id,
    origin: id,
    action: "wake" as const,
    match: { path: id },
    transform: { module: `${id}.js` },
  });
  return startTestServer({
    hooks: { transformsDir: dir, transformLimits, mappings: [hook("stuck"), hook("other")] },
  });
}

describe("a transform stuck in one long built-in call", () => {
  it("leaves the main thread free, comes back TRANSFORM_TIMEOUT and the restarted worker serves the next call", async () => {
    const handle = await loaderFor(dir, { ...TIMEOUT_UNDER_TEST, workers: 1 }).load("stuck.js");
    const stuck = handle.call(input({}));
    const firstTick = new Promise<void>((resolve) => setTimeout(resolve, 0));
    const ticks = ticksUntil(stuck);
    expect(await settleOrder({ stuck, firstTick })).toEqual(["firstTick", "stuck"]);
    expect(await ticks).toBeGreaterThan(0);
    expect(await stuck).toEqual({
      ok: false,
      code: "TRANSFORM_TIMEOUT",
      error: `the transform ran longer than hooks.transformLimits.cpuMs (${TIMEOUT_UNDER_TEST.cpuMs} ms) and was stopped by ending its worker thread`,
    });
    expect(await handle.call(input({ ok: true }))).toEqual({ ok: true, result: { text: "fine" } });
    // And again: every restart serves.
    expect(await handle.call(input({}))).toMatchObject({ ok: false, code: "TRANSFORM_TIMEOUT" });
    expect(await handle.call(input({ ok: true }))).toEqual({ ok: true, result: { text: "fine" } });
  });

  it("does not hold up other transforms on the other worker", async () => {
    const loader = loaderFor(dir, { workers: 2, cpuMs: STUCK_CPU_MS });
    const stuckHandle = await loader.load("stuck.js");
    const other = await loader.load("other.js");
    const stuck = stuckHandle.call(input({}));
    const answers: Array<Promise<TransformOutcome>> = [];
    for (let n = 0; n < 5; n++) answers.push(other.call(input({ n })));
    const others = Promise.all(answers);
    expect(await settleOrder({ stuck, others })).toEqual(["others", "stuck"]);
    expect(await others).toEqual([0, 1, 2, 3, 4].map((n) => ({ ok: true, result: { text: `other ${n}` } })));
    expect(await stuck).toMatchObject({ ok: false, code: "TRANSFORM_TIMEOUT" });
  });

  it("queues calls while every worker is busy and refuses them with TRANSFORM_BUSY once the queue is full", async () => {
    const loader = loaderFor(dir, { workers: 1, maxQueued: 1, cpuMs: STUCK_CPU_MS });
    const stuckHandle = await loader.load("stuck.js");
    const other = await loader.load("other.js");
    const stuck = stuckHandle.call(input({}));
    const queued = other.call(input({ n: 1 }));
    const refused = other.call(input({ n: 2 }));
    expect(await settleOrder({ stuck, queued, refused })).toEqual(["refused", "stuck", "queued"]);
    expect(await refused).toEqual({
      ok: false,
      code: "TRANSFORM_BUSY",
      error:
        "every transform worker is busy and 1 calls are already waiting (hooks.transformLimits.maxQueued)",
    });
    expect(await stuck).toMatchObject({ ok: false, code: "TRANSFORM_TIMEOUT" });
    expect(await queued).toEqual({ ok: true, result: { text: "other 1" } });
  });

  it("is answered when the loader is disposed while it runs", async () => {
    const loader = loaderFor(dir, { workers: 1 });
    const handle = await loader.load("stuck.js");
    const stuck = handle.call(input({}));
    // The call is handed to the worker first (the queue is served in the same turn).
    await new Promise((resolve) => setTimeout(resolve, 0));
    loader.dispose();
    expect(await stuck).toEqual({ ok: false, code: "TRANSFORM_THREW", error: "the transform was unloaded" });
    expect(await handle.call(input({ ok: true }))).toMatchObject({ ok: false, code: "TRANSFORM_THREW" });
  });
});

describe("the sandbox's own deadline", () => {
  it("refuses an answer computed past cpuMs, even when the interrupt handler never ran", async () => {
    // One replaceAll of 2^22 matches takes far longer than 1 ms, all inside one built-in call.
    const factorySource = await bundleTransform("late.js", dir);
    const limits = { ...testLimits, cpuMs: 1 };
    const sandbox = new Sandbox({ module: "late.js", factorySource, exportName: "default", limits });
    await sandbox.start();
    expect(sandbox.call(JSON.stringify(input({ n: 2 ** 22 })))).toMatchObject({
      ok: false,
      code: "TRANSFORM_TIMEOUT",
    });
    sandbox.dispose();
  });
});

describe("the server while a transform is stuck", () => {
  it("answers /healthz and other hooks, then TRANSFORM_TIMEOUT for the stuck one", async () => {
    const s = await stuckAndOtherServer({ cpuMs: STUCK_CPU_MS });
    try {
      const stuck = s.post("/hooks/stuck", {});
      const healthz = fetch(`${s.url}/healthz`);
      const other = s.post("/hooks/other", { n: 7 });
      const order = await settleOrder({ stuck, healthz, other });
      expect(order).toHaveLength(3);
      expect(order.at(-1)).toBe("stuck");
      expect((await healthz).status).toBe(200);
      expect((await other).status).toBe(200);
      const answer = await stuck;
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ code: "TRANSFORM_TIMEOUT", error: "hook mapping failed" });
      // The restarted worker serves the same hook.
      expect((await s.post("/hooks/stuck", { ok: true })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("answers 503 TRANSFORM_BUSY with Retry-After while every worker is taken and the queue is full", async () => {
    const s = await stuckAndOtherServer({ cpuMs: STUCK_CPU_MS, workers: 1, maxQueued: 0 });
    try {
      let settled = false;
      const stuck = s.post("/hooks/stuck", {}).finally(() => {
        settled = true;
      });
      // Until the stuck call holds the only worker, other calls still run; from then on, they are refused.
      let busy: Response | undefined;
      while (!settled && !busy) {
        const r = await s.post("/hooks/other", { n: 1 });
        if (r.status === 503) busy = r;
        else expect(r.status).toBe(200);
      }
      expect(busy?.status).toBe(503);
      expect(busy?.headers.get("retry-after")).toBe("1");
      expect(await busy?.json()).toMatchObject({ ok: false, code: "TRANSFORM_BUSY" });
      expect((await stuck).status).toBe(500);
    } finally {
      await s.close();
    }
  });
});

describe("idle workers", () => {
  it("keep no process alive: a script that calls a transform and never disposes it exits", async () => {
    const loaderUrl = new URL("../../dist/engine/transform/loader.js", import.meta.url).href;
    const script = `
      const { createTransformLoader } = await import(${JSON.stringify(loaderUrl)});
      const limits = ${JSON.stringify({ ...testLimits, workers: 2 })};
      const loader = createTransformLoader({ transformsDir: ${JSON.stringify(dir)}, limits });
      const handle = await loader.load("other.js");
      const outcome = await handle.call({ payload: { n: 3 }, headers: {}, query: {}, path: "x" });
      process.stdout.write(JSON.stringify(outcome));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
      cwd: join(fileURLToPath(new URL("../..", import.meta.url))),
    });
    expect(JSON.parse(stdout)).toEqual({ ok: true, result: { text: "other 3" } });
  });
});
