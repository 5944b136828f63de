// The in-memory limiter against the plain reference in http-auth-limiter-model.ts, on random
// sequences of failures, checks, successes and clock steps (no real time anywhere).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryAuthLimiter } from "../../src/http/auth-limiter.js";
import { ReferenceLimiter } from "./http-auth-limiter-model.js";

const settings = fc.record({
  max: fc.integer({ min: 1, max: 4 }),
  windowSeconds: fc.integer({ min: 1, max: 5 }),
  lockSeconds: fc.integer({ min: 1, max: 5 }),
});

// Steps of 0 ms are common, so that several failures share one instant (ties in lock ends).
const step = fc.record({
  op: fc.constantFrom("fail", "fail", "fail", "check", "succeed"),
  key: fc.nat({ max: 11 }),
  advanceMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2500 })),
});

type Step = { op: "fail" | "check" | "succeed"; key: number; advanceMs: number };

async function replay(
  s: { max: number; windowSeconds: number; lockSeconds: number },
  bound: number,
  modelBound: number | undefined,
  steps: Step[],
): Promise<void> {
  const clock = { t: 5_000_000 };
  const real = new MemoryAuthLimiter({ ...s, maxTrackedAddresses: bound }, () => clock.t);
  const model = new ReferenceLimiter({ ...s, bound: modelBound }, () => clock.t);
  for (const [i, { op, key, advanceMs }] of steps.entries()) {
    clock.t += advanceMs;
    const k = `198.51.100.${key}`;
    if (op === "succeed") {
      await real.succeed(k);
      model.succeed(k);
    } else {
      expect(await real[op](k), `step ${i}: ${op} ${k}`).toEqual(model[op](k));
    }
    expect(real.size).toBeLessThanOrEqual(2 * bound);
    // Every address's lock, not only the one just touched, agrees with the reference.
    for (let n = 0; n < 12; n++) {
      const other = `198.51.100.${n}`;
      expect(await real.check(other), `after step ${i}: ${other}`).toEqual(model.check(other));
    }
  }
}

describe("auth failure limiter against the reference", () => {
  it("with room for every address, follows the plain rules exactly", async () => {
    await fc.assert(
      fc.asyncProperty(settings, fc.array(step, { maxLength: 80, size: "max" }), async (s, steps) => {
        await replay(s, 12, undefined, steps as Step[]);
      }),
      { seed: 20_240_611, numRuns: 100 },
    );
  });

  it("with a small table, evicts as the reference does: counting least recent first, a lock last", async () => {
    await fc.assert(
      fc.asyncProperty(
        settings,
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 80, size: "max" }),
        async (s, bound, steps) => {
          await replay(s, bound, bound, steps as Step[]);
        },
      ),
      { seed: 20_240_612, numRuns: 150 },
    );
  });
});
