// A runtime over a real SQLite file in a temp folder, a recording delivery and hand-fired heartbeat
// timers, so tests decide when coalescing windows and periodic ticks end instead of waiting.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { ResolvedConfig } from "../../src/config/types.js";
import { createRuntime, type HookgateRuntime } from "../../src/runtime/index.js";
import type { Timers } from "../../src/runtime/timers.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { NewRun, WakeMode } from "../../src/store/types.js";
import { type DeepPartial, testConfig } from "./config.js";
import { RecordingDelivery } from "./recording-delivery.js";

export class ManualTimers implements Timers {
  private nextId = 1;
  private readonly pending = new Map<number, { callback: () => void; ms: number }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { callback, ms });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Delays of the timers currently armed, in arming order. */
  get delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }

  /** Fires the armed timers (those with delay `ms` when given); returns how many fired. */
  fire(ms?: number): number {
    const due = [...this.pending.entries()].filter(([, t]) => ms === undefined || t.ms === ms);
    for (const [id] of due) this.pending.delete(id);
    for (const [, t] of due) t.callback();
    return due.length;
  }
}

export interface RuntimeHarness {
  dir: string;
  config: ResolvedConfig;
  store: SqliteStore;
  runtime: HookgateRuntime;
  delivery: RecordingDelivery;
  timers: ManualTimers;
  /** Accepts a wake like the ingress does and tells the runtime. */
  wake(text: string, mode?: WakeMode): Promise<string>;
  /** Accepts a run like the ingress does and tells the runtime. */
  run(over?: Partial<NewRun>): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export async function runtimeHarness(
  over: DeepPartial<ResolvedConfig> = {},
  opts: { start?: boolean; stopGraceMs?: number; dir?: string; fetch?: typeof fetch } = {},
): Promise<RuntimeHarness> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "hookgate-runtime-"));
  const config = testConfig({ dir, heartbeat: { everyMs: 0 }, ...over } as DeepPartial<ResolvedConfig>);
  const store = new SqliteStore(join(dir, "state.db"));
  await store.open();
  const delivery = new RecordingDelivery(store);
  const timers = new ManualTimers();
  const runtime = createRuntime({
    config,
    store,
    log: pino({ level: "silent" }),
    delivery,
    timers,
    pollMs: 0,
    stopGraceMs: opts.stopGraceMs ?? 2000,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  if (opts.start !== false) await runtime.start();
  let stopped = false;
  return {
    dir,
    config,
    store,
    runtime,
    delivery,
    timers,
    async wake(text, mode = "now") {
      const res = await store.acceptWake({ text, mode, source: "wake", receivedAt: Date.now() });
      runtime.wakeAccepted(mode);
      return res.status === "accepted" && res.outcome.kind === "wake" ? res.outcome.event : res.status;
    },
    async run(runOver = {}) {
      const id = runOver.id ?? `run-${++counter}`;
      await store.acceptRun({
        id,
        name: "GitHub",
        message: "New issue #42: login is broken",
        sessionKey: `hook:${id}`,
        wakeMode: "next-heartbeat",
        deliver: true,
        channel: "telegram",
        to: "123",
        receivedAt: Date.now(),
        ...runOver,
      });
      runtime.runAccepted();
      return id;
    },
    async close() {
      if (stopped) return;
      stopped = true;
      await runtime.stop();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
