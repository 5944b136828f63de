// A reloaded config reaches the runtime: the next heartbeat uses the new prompt and period, work in
// progress is not disturbed, and the store stays the one it started with.
import { afterEach, describe, expect, it } from "vitest";
import { testConfig } from "../helpers/config.js";
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
