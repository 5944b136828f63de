// A native stack overflow inside the engine (a call made from an almost exhausted host stack) breaks
// that WebAssembly instance. The sandbox must notice, never touch the instance again, and serve the
// following calls from a fresh one.
import { describe, expect, it } from "vitest";
import type { TransformOutcome } from "../../src/engine/transform/types.js";
import { input, loaderFor, transformsFolder } from "./transform-helpers.js";

describe("a sandbox whose engine crashes", () => {
  it("keeps answering and recovers on a fresh instance", async () => {
    const { dir } = transformsFolder({
      "deep.js": `export default (input) => { if (input.payload.ok) return { text: "fine" }; const down = (n) => down(n + 1) + 1; return { text: String(down(0)) }; };`,
    });
    const handle = await loaderFor(dir).load("deep.js");

    let hostDepth = 0;
    const measure = (n: number): void => {
      hostDepth = n;
      measure(n + 1);
    };
    try {
      measure(0);
    } catch {
      // The host stack is exhausted at hostDepth.
    }

    const outcomes: TransformOutcome[] = [];
    for (let back = 50; back < 4000; back += 50) {
      const descend = (n: number): void => {
        if (n > 0) descend(n - 1);
        else outcomes.push(handle.call(input({})));
      };
      try {
        descend(hostDepth - back);
      } catch (err) {
        // At the very edge of the host stack even the caller's own code overflows; that is not the sandbox's.
        expect(err).toBeInstanceOf(RangeError);
      }
    }
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: false, code: "TRANSFORM_THREW" });
      expect(outcome.ok ? "" : outcome.error).toMatch(
        /stack overflow|sandbox crashed|restarting|Maximum call stack/,
      );
    }

    // A fresh instance is prepared in the background: wait for it with a bound, never with a sleep.
    let last: TransformOutcome = handle.call(input({ ok: true }));
    for (let tries = 0; tries < 400 && !last.ok; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      last = handle.call(input({ ok: true }));
    }
    expect(last).toEqual({ ok: true, result: { text: "fine" } });
    expect(handle.call(input({}))).toMatchObject({
      ok: false,
      code: "TRANSFORM_THREW",
      error: expect.stringContaining("stack overflow"),
    });
  });
});
