// A native stack overflow inside the engine (a call made from an almost exhausted host stack) breaks
// that WebAssembly instance. The sandbox must notice, never touch the instance again, and serve the
// following calls from a fresh one. Inside the pool every call starts from a worker's shallow stack;
// the sandbox is driven directly here so that the host stack can be exhausted on purpose.
import { describe, expect, it } from "vitest";
import { bundleTransform } from "../../src/engine/transform/bundle.js";
import { type RawOutcome, Sandbox } from "../../src/engine/transform/sandbox.js";
import { input, testLimits, transformsFolder } from "./transform-helpers.js";

describe("a sandbox whose engine crashes", () => {
  it("keeps answering and recovers on a fresh instance", async () => {
    const { dir } = transformsFolder({
      "deep.js": `export default (input) => { if (input.payload.ok) return { text: "fine" }; const down = (n) => down(n + 1) + 1; return { text: String(down(0)) }; };`,
    });
    const factorySource = await bundleTransform("deep.js", dir);
    const sandbox = new Sandbox({
      module: "deep.js",
      factorySource,
      exportName: "default",
      limits: testLimits,
    });
    await sandbox.start();
    const call = (payload: unknown) => sandbox.call(JSON.stringify(input(payload)));

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

    const outcomes: RawOutcome[] = [];
    for (let back = 50; back < 4000; back += 50) {
      const descend = (n: number): void => {
        if (n > 0) descend(n - 1);
        else outcomes.push(call({}));
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

    // A fresh instance is prepared in the background; maintain() waits for it (bounded, no sleeping).
    let last = call({ ok: true });
    for (let tries = 0; tries < 20 && !last.ok; tries++) {
      await sandbox.maintain();
      last = call({ ok: true });
    }
    expect(last).toEqual({ ok: true, json: `{"text":"fine"}` });
    expect(call({})).toMatchObject({
      ok: false,
      code: "TRANSFORM_THREW",
      error: expect.stringContaining("stack overflow"),
    });
    sandbox.dispose();
  });
});
