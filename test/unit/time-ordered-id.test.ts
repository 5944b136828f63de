// Request-log ids: version 7 UUIDs that begin with their time, so they sort (and land in the id
// index) in the order they were made, and stay unique.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timeOrderedId } from "../../src/core/time-ordered-id.js";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAX_MS = 2 ** 48 - 1;

describe("timeOrderedId", () => {
  it("is a version 7 UUID whose first 48 bits are the time given", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MS }), (ms) => {
        const id = timeOrderedId(ms);
        expect(id).toMatch(V7);
        expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(ms);
      }),
    );
  });

  it("sorts as text in the order of its times", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MS }), fc.integer({ min: 0, max: MAX_MS }), (a, b) => {
        fc.pre(a !== b);
        expect(timeOrderedId(a) < timeOrderedId(b)).toBe(a < b);
      }),
    );
  });

  it("differs for ids made in the same millisecond, and defaults to now", () => {
    const ms = Date.UTC(2026, 10, 25, 12, 0, 0);
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(ms)));
    expect(ids.size).toBe(10_000);
    const before = Date.now();
    const id = timeOrderedId();
    const at = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
