// A reloaded config reaches the runtime: the next heartbeat uses the new prompt and period, work in
// progress is not disturbed, and the store stays the one it started with.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createRuntime } from "../../src/runtime/index.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { testConfig } from "../helpers/config.js";
import { channelFake } from "../helpers/fake-channels.js";
import { type RuntimeHarness, runtimeHarness } from "../helpers/runtime.js";

let h: RuntimeHarness;
afterEach(async () => {
  await h?.close();
});

describe("runtime.reconfigure", () => {
  it("re-arms the periodic heartbeat with the new period and uses the new prompt for the next one", async () => {
    h = await runtimeHarness({ heartbeat: { everyMs: 60_000, prompt: "Old prompt." } });
    expect(h.timers.delays).toEqual([60_000]);

    await h.runtime.reconfigure(
      testConfig({ dir: h.dir, heartbeat: { everyMs: 5_000, prompt: "New prompt.", coalesceMs: 10 } }),
    );
    // The old tick is gone; one of the new period replaces it.
    expect(h.timers.delays).toEqual([5_000]);

    await h.wake("disk almost full");
    expect(h.timers.delays).toEqual([5_000, 10]);
    h.timers.fire(10);
    await h.runtime.idle();
    const [beat] = await h.store.listHeartbeats(1);
    expect(beat?.prompt).toMatch(/^New prompt\./);
  });

  it("turns the periodic heartbeat off and on", async () => {
    h = await runtimeHarness({ heartbeat: { everyMs: 60_000 } });
    await h.runtime.reconfigure(testConfig({ dir: h.dir, heartbeat: { everyMs: 0 } }));
    expect(h.timers.delays).toEqual([]);
    await h.runtime.reconfigure(testConfig({ dir: h.dir, heartbeat: { everyMs: 30_000 } }));
    expect(h.timers.delays).toEqual([30_000]);
  });
});

describe("runtime.reconfigure and the services' rate limits", () => {
  it("keeps a wait a service asked for: after a reload, nothing goes to that channel before it ends", async () => {
    const fake = await channelFake("telegram");
    const dir = mkdtempSync(join(tmpdir(), "hookgate-reload-gate-"));
    const config = testConfig({ dir, heartbeat: { everyMs: 0 }, channels: fake.channels });
    const store = new SqliteStore(join(dir, "state.db"));
    await store.open();
    // Each request to the service, with the time it arrived.
    const sentAt: number[] = [];
    const timed: typeof fetch = (input, init) => {
      sentAt.push(Date.now());
      return fetch(input, init);
    };
    const runtime = createRuntime({ config, store, log: pino({ level: "silent" }), fetch: timed, pollMs: 0 });
    await runtime.start();
    try {
      const accept = async (id: string) => {
        await store.acceptRun({
          id,
          name: "CI",
          message: `build ${id} failed`,
          sessionKey: `hook:${id}`,
          wakeMode: "next-heartbeat",
          deliver: true,
          channel: "telegram",
          to: "123",
          receivedAt: Date.now(),
        });
        runtime.runAccepted();
      };
      fake.rateLimit(2);
      await accept("first");
      await expect.poll(() => sentAt.length).toBe(1);
      const asked = sentAt[0]! + 2000;

      // A reload builds new delivery adapters while the first reply waits out the service's 2 s.
      await runtime.reconfigure(testConfig({ dir, heartbeat: { everyMs: 0 }, channels: fake.channels }));
      await accept("second");
      await expect.poll(() => fake.posted.length, { timeout: 30_000 }).toBe(2);
      expect(sentAt.length).toBe(3);
      for (const at of sentAt.slice(1)) expect(at).toBeGreaterThanOrEqual(asked);
    } finally {
      await runtime.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
