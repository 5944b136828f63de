// The budget of bodies read without the hook token: whatever order requests grow and end in, it never
// holds more than the budget (or one request alone), a refused growth holds nothing more, and every
// byte comes back once every request has released.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UnauthenticatedBodies } from "../../src/http/unauthenticated-bodies.js";

type Step = { kind: "open" } | { kind: "grow"; who: number; by: number } | { kind: "release"; who: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: "open" as const }),
  fc.record({ kind: fc.constant("grow" as const), who: fc.nat(20), by: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ kind: fc.constant("release" as const), who: fc.nat(20) }),
);

describe("the budget of bodies without the token", () => {
  it("never holds more than the budget or one request alone, and returns to 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(step, { maxLength: 200 }),
        (capacity, steps) => {
          const bodies = new UnauthenticatedBodies(capacity);
          const open: { r: ReturnType<UnauthenticatedBodies["open"]>; held: number; live: boolean }[] = [];
          for (const s of steps) {
            if (s.kind === "open") open.push({ r: bodies.open(), held: 0, live: true });
            else if (open.length === 0) continue;
            else if (s.kind === "grow") {
              const o = open[s.who % open.length]!;
              const total = o.held + s.by;
              const others = bodies.inUse - o.held;
              const ok = o.r.grow(total);
              // Let in exactly when it holds no more than before, fits, or nobody else holds anything;
              // never after release.
              expect(ok).toBe(o.live && (total <= o.held || others === 0 || others + total <= capacity));
              // A reservation never shrinks: the body read so far stays held until release.
              if (ok) o.held = Math.max(o.held, total);
            } else {
              const o = open[s.who % open.length]!;
              o.r.release();
              o.live = false;
              o.held = 0;
            }
            const held = open.reduce((sum, o) => sum + o.held, 0);
            expect(bodies.inUse).toBe(held);
            const largest = Math.max(0, ...open.map((o) => o.held));
            expect(bodies.inUse).toBeLessThanOrEqual(Math.max(capacity, largest));
          }
          for (const o of open) o.r.release();
          expect(bodies.inUse).toBe(0);
        },
      ),
      {
        numRuns: 500,
        // Found by a random run: a growth by nothing while another request holds more than the budget.
        examples: [
          [
            1,
            [
              { kind: "open" },
              { kind: "open" },
              { kind: "grow", who: 0, by: 2 },
              { kind: "grow", who: 13, by: 0 },
            ],
          ],
        ],
      },
    );
  });

  it("releases once: a second release gives nothing back twice", () => {
    const bodies = new UnauthenticatedBodies(100);
    const a = bodies.open();
    const b = bodies.open();
    expect(a.grow(60)).toBe(true);
    expect(b.grow(30)).toBe(true);
    a.release();
    a.release();
    expect(bodies.inUse).toBe(30);
    expect(a.grow(10)).toBe(false);
    expect(bodies.inUse).toBe(30);
    b.release();
    expect(bodies.inUse).toBe(0);
  });
});
