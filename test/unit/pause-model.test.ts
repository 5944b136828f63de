// Pauses in the store against a plain reference model, on random sequences of pauses (for good or for
// a time), resumes, accepted runs of a few mappings and packs, claims and looks on a made-up clock:
// every claim must take the model's runs, oldest first, none of a target paused at its time; after
// every look each waiting run must be held exactly when a pause holds it, and by which.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { run } from "../store/contract/fixtures.js";

const TARGETS = ["mapping:a", "mapping:b", "pack:p", "lane:l"] as const;
/** Mappings a and b are in pack p; c is in none. */
const MAPPINGS = [{ mappingId: "a", pack: "p" }, { mappingId: "b", pack: "p" }, { mappingId: "c" }] as const;

type Step =
  | { op: "pause"; target: number; forMs?: number }
  | { op: "resume"; target: number }
  | { op: "accept"; mapping: number }
  | { op: "claim"; max: number }
  | { op: "look" }
  | { op: "wait"; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("pause" as const),
    target: fc.nat(3),
    forMs: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  }),
  fc.record({ op: fc.constant("resume" as const), target: fc.nat(3) }),
  fc.record({ op: fc.constant("accept" as const), mapping: fc.nat(2) }),
  fc.record({ op: fc.constant("claim" as const), max: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ op: "look" as const }),
  fc.record({ op: fc.constant("wait" as const), ms: fc.integer({ min: 1, max: 30 }) }),
);

/** The reference: pauses by target, and the runs not claimed yet in arrival order. */
class Model {
  readonly pauses = new Map<string, number | undefined>();
  readonly waiting: Array<{ id: string; mappingId: string; pack?: string }> = [];

  /** The first pause in force over a run at `t`, by target. */
  holder(r: { mappingId: string; pack?: string }, t: number): string | undefined {
    return [...this.pauses.entries()]
      .filter(
        ([target, until]) =>
          (until === undefined || until > t) &&
          (target === `mapping:${r.mappingId}` || target === `pack:${r.pack}`),
      )
      .map(([target]) => target)
      .sort()[0];
  }

  claim(max: number, t: number): string[] {
    const taken = this.waiting.filter((r) => this.holder(r, t) === undefined).slice(0, max);
    for (const r of taken) this.waiting.splice(this.waiting.indexOf(r), 1);
    return taken.map((r) => r.id);
  }
}

describe("pauses against a reference model", () => {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-pause-model-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  it("claims, holds and queues as the model does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        let t = 1000;
        const store = new SqliteStore(join(dir, `state-${n++}.db`), { now: () => t });
        await store.open();
        const model = new Model();
        try {
          for (const [i, s] of steps.entries()) {
            switch (s.op) {
              case "pause": {
                const target = TARGETS[s.target]!;
                const until = s.forMs === undefined ? undefined : t + s.forMs;
                await store.pause({ target, by: "test", at: t, ...(until !== undefined && { until }) });
                model.pauses.set(target, until);
                break;
              }
              case "resume": {
                const target = TARGETS[s.target]!;
                const until = model.pauses.get(target);
                const inForce = model.pauses.has(target) && (until === undefined || until > t);
                // A pause whose time is up may be gone already (a look ended it) or not: either answer.
                const resumed = await store.resume(target, t);
                if (inForce) expect(resumed).toBe(true);
                else if (!model.pauses.has(target)) expect(resumed).toBe(false);
                model.pauses.delete(target);
                break;
              }
              case "accept": {
                const m = MAPPINGS[s.mapping]!;
                const id = `r${String(i).padStart(3, "0")}`;
                await store.acceptRun(run(id, { ...m, receivedAt: t }));
                model.waiting.push({ id, ...m });
                break;
              }
              case "claim":
                expect((await store.claimRuns(s.max, t)).map((r) => r.id)).toEqual(model.claim(s.max, t));
                break;
              case "look": {
                await store.applyPauses(t);
                for (const target of [...model.pauses.keys()]) {
                  const until = model.pauses.get(target);
                  if (until !== undefined && until <= t) model.pauses.delete(target);
                }
                for (const r of model.waiting) {
                  const got = await store.getRun(r.id);
                  const by = model.holder(r, t);
                  expect(got?.status).toBe(by === undefined ? "queued" : "held");
                  expect(got?.held?.by).toBe(by);
                }
                break;
              }
              case "wait":
                t += s.ms;
                break;
            }
          }
          expect((await store.listPauses(t)).map((p) => p.target)).toEqual(
            [...model.pauses.entries()]
              .filter(([, u]) => u === undefined || u > t)
              .map(([k]) => k)
              .sort(),
          );
        } finally {
          await store.close();
        }
      }),
      {
        numRuns: 60,
        // Found by a random run: a pause for a time holds a run (a resume elsewhere looked), its time
        // runs out, and the next claim must take the run although no look came in between.
        examples: [
          [
            [
              { op: "pause", target: 0, forMs: 1 },
              { op: "accept", mapping: 0 },
              { op: "resume", target: 1 },
              { op: "wait", ms: 1 },
              { op: "claim", max: 1 },
            ],
          ],
        ],
      },
    );
  });
});
