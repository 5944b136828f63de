// The generation switch: a request keeps the generation it arrived on, a replaced generation is
// disposed exactly once and only after its last request, the current one never.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import type { Generation } from "../../src/http/generation.js";
import { Generations, type Lease } from "../../src/http/generations.js";

function fakeGeneration(number: number, disposed: number[]): Generation {
  return {
    number,
    loadedAt: new Date(0),
    config: {} as ResolvedConfig,
    warnings: [],
    hooks: {} as Generation["hooks"],
    index: {} as Generation["index"],
    ingress: {} as Generation["ingress"],
    rulesDigest: `rules-${number}`,
    logSecrets: [],
    dispose: () => disposed.push(number),
  };
}

describe("Generations", () => {
  it("disposes a replaced generation once its last request is done, not before", async () => {
    const disposed: number[] = [];
    const g = new Generations(fakeGeneration(1, disposed));
    const a = g.pin();
    a.retain();
    g.swap(fakeGeneration(2, disposed));
    expect(g.current.number).toBe(2);
    expect(a.generation.number).toBe(1);
    expect(g.drainingCount).toBe(1);
    a.release();
    a.release(); // the handler's hold
    a.release(); // once more: nothing
    expect(disposed).toEqual([1]);
    await g.drained();
    expect(g.drainingCount).toBe(0);
    // A generation nobody holds goes at once.
    g.swap(fakeGeneration(3, disposed));
    expect(disposed).toEqual([1, 2]);
    g.close();
    expect(disposed).toEqual([1, 2, 3]);
  });

  it("reports the generation and the last reload for /healthz, without the problems' text", () => {
    const g = new Generations(fakeGeneration(1, []));
    expect(g.health()).toEqual({ generation: 1, loadedAt: "1970-01-01T00:00:00.000Z" });
    g.recordReload({ attempt: 1, at: new Date(1000), ok: false, errors: 2 }, undefined);
    expect(g.health().lastReload).toEqual({
      attempt: 1,
      at: "1970-01-01T00:00:01.000Z",
      ok: false,
      errors: 2,
      message: "the last reload failed with 2 errors (listed in the server log); generation 1 keeps serving",
    });
    g.swap(fakeGeneration(2, []));
    g.recordReload({ attempt: 2, at: new Date(2000), ok: true, errors: 0 }, ["server.port"]);
    expect(g.health()).toMatchObject({
      generation: 2,
      lastReload: { attempt: 2, ok: true },
      needsRestart: ["server.port"],
    });
    // A failed reload keeps the list of the last good one.
    g.recordReload({ attempt: 3, at: new Date(3000), ok: false, errors: 1 });
    expect(g.health().needsRestart).toEqual(["server.port"]);
  });

  it("under any interleaving of requests and swaps: each generation disposed once, after its last request", () => {
    type Op = { kind: "pin" } | { kind: "release"; which: number } | { kind: "swap" };
    const op = fc.oneof(
      fc.constant<Op>({ kind: "pin" }),
      fc.nat(50).map<Op>((which) => ({ kind: "release", which })),
      fc.constant<Op>({ kind: "swap" }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const disposed: number[] = [];
        let next = 1;
        const g = new Generations(fakeGeneration(next++, disposed));
        const open: Lease[] = [];
        for (const o of ops) {
          if (o.kind === "pin") open.push(g.pin());
          else if (o.kind === "swap") g.swap(fakeGeneration(next++, disposed));
          else if (open.length > 0) open.splice(o.which % open.length, 1)[0]!.release();
          // Never the current one; never one a request still holds; never twice.
          expect(disposed).not.toContain(g.current.number);
          for (const lease of open) expect(disposed).not.toContain(lease.generation.number);
          expect(new Set(disposed).size).toBe(disposed.length);
        }
        for (const lease of open.splice(0)) lease.release();
        // Every replaced generation is gone once nothing holds it.
        expect([...disposed].sort((a, b) => a - b)).toEqual(
          Array.from({ length: next - 2 }, (_, i) => i + 1),
        );
        expect(g.drainingCount).toBe(0);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
