// Later answers at a run's callback URLs: only a URL the run was given counts, only until it expires,
// and the run takes one answer however many arrive at once; a run sent again keeps its earlier URLs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContractContext } from "./fixtures.js";

export function runCallbacksContract({ name, openStore }: ContractContext): void {
  describe(`${name}: run callbacks`, () => {
    it("takes the first answer at a known URL; then used, unknown or expired", async () => {
      const store = await openStore();
      await store.openRunCallback("r1", "d1", 2000);
      expect(await store.runCallbackAnswer("r1")).toBeNull();
      expect(await store.answerRunCallback("r1", "dx", { reply: "forged" }, 1000)).toBe("unknown");
      expect(await store.answerRunCallback("r2", "d1", { reply: "elsewhere" }, 1000)).toBe("unknown");
      expect(await store.answerRunCallback("r1", "d1", { reply: "done" }, 1000)).toBe("answered");
      expect(await store.answerRunCallback("r1", "d1", { reply: "again" }, 1001)).toBe("used");
      expect(await store.answerRunCallback("r1", "dx", { reply: "forged" }, 1001)).toBe("unknown");
      expect(await store.runCallbackAnswer("r1")).toEqual({ reply: "done" });

      await store.openRunCallback("r3", "d3", 2000);
      expect(await store.answerRunCallback("r3", "d3", { error: "late" }, 2000)).toBe("expired");
      expect(await store.runCallbackAnswer("r3")).toBeNull();
    });

    it("a run sent again keeps its earlier URL valid until the latest expiry; closing ends them", async () => {
      const store = await openStore();
      await store.openRunCallback("r1", "first", 2000);
      await store.openRunCallback("r1", "second", 5000);
      expect(await store.answerRunCallback("r1", "first", { error: "it broke" }, 3000)).toBe("answered");
      expect(await store.answerRunCallback("r1", "second", { reply: "ok" }, 3000)).toBe("used");
      expect(await store.runCallbackAnswer("r1")).toEqual({ error: "it broke" });

      await store.openRunCallback("r2", "d2", 5000);
      await store.closeRunCallback("r2");
      expect(await store.answerRunCallback("r2", "d2", { reply: "late" }, 1000)).toBe("unknown");
    });

    it("of answers arriving together at any of a run's URLs, exactly one is taken", async () => {
      const store = await openStore();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 2, max: 8 }),
          async (urls, posts) => {
            const id = `race-${run++}`;
            for (let u = 0; u < urls; u++) await store.openRunCallback(id, `d${u}`, 10_000);
            const outcomes = await Promise.all(
              Array.from({ length: posts }, (_, i) =>
                store.answerRunCallback(id, `d${i % urls}`, { reply: `answer ${i}` }, 1000),
              ),
            );
            expect(outcomes.filter((o) => o === "answered")).toHaveLength(1);
            expect(outcomes.filter((o) => o !== "answered").every((o) => o === "used")).toBe(true);
            const taken = outcomes.indexOf("answered");
            expect(await store.runCallbackAnswer(id)).toEqual({ reply: `answer ${taken}` });
          },
        ),
        { numRuns: 15 },
      );
    });
  });
}
