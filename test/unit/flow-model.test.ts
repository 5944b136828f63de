// Dedupe, coalesce, rate and a budget's runs in the store against a plain reference model, on random
// sequences of requests (single actions and fan-outs) over a few keys and a made-up clock: after every
// step the runs started (queued) and their messages, the runs held, the runs dropped, and every answer
// must be the model's. The model's counts are the documented ones: fixed periods from 0; a run starts at
// the earliest time from its arrival at which the rate and the budget's runs both have room (counting
// from the latest period each gave); a run of a period runs were held into waits for the release. A
// budget's tokens are left out: they depend on runs finishing (the store contract tests cover them).
// On PostgreSQL the steps take turns between two instances: what one decided, the other decides from.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/store/postgres/store.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { AcceptOutcome, FlowSpec, NewRun, Store } from "../../src/store/types.js";
import { dropSchema, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { run } from "../store/contract/fixtures.js";

const pg = await pgAvailable();

interface Settings {
  coalesceMs: number;
  max: number;
  dedupeMs: number;
  rate?: { max: number; perMs: number; over: "hold" | "drop" };
  /** A budget of runs only (its over is the rate's when both are set). */
  budget?: { runs: number; perMs: number; over: "hold" | "drop" };
}

/** A count's latest period given, its runs, and whether runs were held into it. */
interface Period {
  start: number;
  count: number;
  held: boolean;
}

/** One action: its coalesce and dedupe keys (absent: the mapping renders none for it). */
interface Act {
  c?: number;
  d?: number;
}

type Step = { op: "request"; acts: Act[]; advanceMs: number } | { op: "tick"; advanceMs: number };

type Fate = "started" | "held" | "dropped";

/**
 * The reference: windows and keys as maps, runs as lists of the request ids they hold; the rate as the
 * latest period given, its count, and whether runs were held into it.
 */
class Model {
  private readonly windows = new Map<number, { id: string; items: string[]; closesAt: number }>();
  private readonly keys = new Map<number, { until: number; ref: string }>();
  /** The rate's count and the budget's, by name. */
  private readonly periods = new Map<"rate" | "budget", Period>();
  /** Runs held by the rate, with their messages and the time they may start. */
  private readonly waiting = new Map<string, { items: string[]; from: number }>();
  readonly started = new Map<string, string[]>();
  readonly dropped = new Set<string>();

  constructor(private readonly s: Settings) {}

  request(acts: Array<Act & { id: string }>, t: number): AcceptOutcome {
    const placed = acts.map((a) => this.act(a, t));
    const ids = placed.map((p) => p.ref);
    return {
      kind: "run",
      runId: ids[0]!,
      ...(acts.length > 1 && { runIds: ids }),
      ...(placed.some((p) => p.coalesced) && { coalesced: true }),
      ...(placed.every((p) => p.deduped) && { deduped: true }),
      ...(placed.some((p) => p.fate === "held") && { held: true }),
      ...(placed.some((p) => p.fate === "dropped") && { dropped: true }),
    };
  }

  private act(
    a: Act & { id: string },
    t: number,
  ): { ref: string; coalesced: boolean; deduped: boolean; fate?: Fate } {
    if (a.d !== undefined) {
      const seen = this.keys.get(a.d);
      if (seen && seen.until > t) return { ref: seen.ref, coalesced: false, deduped: true };
    }
    let ref = a.id;
    let fate: Fate | undefined;
    if (a.c === undefined) fate = this.start(a.id, [a.id], t);
    else {
      const open = this.windows.get(a.c);
      if (open && open.closesAt <= t) this.end(a.c, open.closesAt);
      const w = this.windows.get(a.c);
      if (w) {
        w.items.push(a.id);
        ref = w.id;
      } else this.windows.set(a.c, { id: a.id, items: [a.id], closesAt: t + this.s.coalesceMs });
      if (this.windows.get(a.c)!.items.length >= this.s.max) fate = this.end(a.c, t);
    }
    if (a.d !== undefined) this.keys.set(a.d, { until: t + this.s.dedupeMs, ref });
    return { ref, coalesced: a.c !== undefined, deduped: false, ...(fate && fate !== "started" && { fate }) };
  }

  /** A run ready to start at `t`, through the rate and the budget when there are. */
  private start(id: string, items: string[], t: number): Fate {
    const counts = [
      ...(this.s.rate ? [{ name: "rate" as const, max: this.s.rate.max, perMs: this.s.rate.perMs }] : []),
      ...(this.s.budget
        ? [{ name: "budget" as const, max: this.s.budget.runs, perMs: this.s.budget.perMs }]
        : []),
    ];
    if (counts.length === 0) {
      this.started.set(id, items);
      return "started";
    }
    const over = this.s.rate?.over ?? this.s.budget!.over;
    // Candidate times: the arrival, and every period start of each count after it up to past the
    // latest period given; the first at which every count has room.
    const room = (at: number) =>
      counts.every((c) => {
        const p = this.periods.get(c.name);
        const period = Math.floor(at / c.perMs) * c.perMs;
        return !p || p.start < period || (p.start === period && p.count < c.max);
      });
    const candidates = [t];
    for (const c of counts) {
      const last = Math.max(t, this.periods.get(c.name)?.start ?? 0) + 2 * c.perMs;
      for (let at = (Math.floor(t / c.perMs) + 1) * c.perMs; at <= last; at += c.perMs) candidates.push(at);
    }
    const at = candidates.sort((a, b) => a - b).find(room)!;
    if (at > t && over === "drop") {
      this.dropped.add(id);
      return "dropped";
    }
    let held = at > t;
    for (const c of counts) {
      const p = this.periods.get(c.name);
      const period = Math.floor(at / c.perMs) * c.perMs;
      if (p?.start === period && p.held) held = true;
    }
    for (const c of counts) {
      const p = this.periods.get(c.name);
      const period = Math.floor(at / c.perMs) * c.perMs;
      const same = p?.start === period;
      this.periods.set(c.name, {
        start: period,
        count: (same ? p.count : 0) + 1,
        held: (same && p.held) || held,
      });
    }
    if (held) {
      this.waiting.set(id, { items, from: at });
      return "held";
    }
    this.started.set(id, items);
    return "started";
  }

  tick(t: number): void {
    for (const [id, w] of this.waiting) {
      if (w.from <= t) {
        this.waiting.delete(id);
        this.started.set(id, w.items);
      }
    }
    for (const [key, w] of this.windows) if (w.closesAt <= t) this.end(key, w.closesAt);
  }

  held(): string[] {
    return [...[...this.windows.values()].map((w) => w.id), ...this.waiting.keys()].sort();
  }

  private end(key: number, at: number): Fate {
    const w = this.windows.get(key)!;
    this.windows.delete(key);
    return this.start(w.id, w.items, at);
  }
}

function flowRun(id: string, at: number, a: Act, s: Settings): NewRun {
  const flow: FlowSpec = {
    scope: "alerts",
    ...(s.rate && { rate: s.rate }),
    ...(s.budget && {
      budget: { runs: s.budget.runs, perMs: s.budget.perMs, over: s.rate?.over ?? s.budget.over },
    }),
  };
  if (a.d !== undefined) flow.dedupe = { key: `d${a.d}`, windowMs: s.dedupeMs };
  if (a.c !== undefined) {
    flow.coalesce = {
      key: `c${a.c}`,
      windowMs: s.coalesceMs,
      max: s.max,
      item: id,
      frame: { separator: "|" },
    };
  }
  const flowed = a.c !== undefined || a.d !== undefined || s.rate !== undefined || s.budget !== undefined;
  return run(id, { message: id, receivedAt: at, ...(flowed && { flow }) });
}

const settings = fc.record(
  {
    coalesceMs: fc.constantFrom(500, 1000),
    max: fc.integer({ min: 1, max: 4 }),
    dedupeMs: fc.constantFrom(300, 2000),
    rate: fc.record({
      max: fc.integer({ min: 1, max: 3 }),
      perMs: fc.constantFrom(700, 1500),
      over: fc.constantFrom("hold" as const, "drop" as const),
    }),
    budget: fc.record({
      runs: fc.integer({ min: 1, max: 4 }),
      perMs: fc.constantFrom(1000, 2500),
      over: fc.constantFrom("hold" as const, "drop" as const),
    }),
  },
  { requiredKeys: ["coalesceMs", "max", "dedupeMs"] },
);
const act = fc.record(
  {
    c: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
    d: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
  },
  { requiredKeys: [] },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("request" as const),
      acts: fc.array(act, { minLength: 1, maxLength: 3 }),
      advanceMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1200 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("tick" as const), advanceMs: fc.integer({ min: 0, max: 1200 }) }),
  },
);

const dir = mkdtempSync(join(tmpdir(), "hookgate-flow-model-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The handles a sequence is replayed on (the steps take turns), and how they are let go. */
interface Handles {
  stores: Store[];
  close(): Promise<void>;
}

async function sqlite(): Promise<Handles> {
  const store: Store = new SqliteStore(join(dir, `state-${files++}.db`), { groupCommit: false });
  await store.open();
  return { stores: [store], close: () => store.close() };
}

/** Two instances on a schema of their own: each step goes to the other one. */
async function postgres(): Promise<Handles> {
  const schema = uniqueSchema("model");
  const stores: Store[] = [];
  for (let i = 0; i < 2; i++) {
    const store = new PostgresStore(pgStoreConfig(schema, { poolSize: 2 }), { groupCommit: false });
    await store.open();
    stores.push(store);
  }
  return {
    stores,
    close: async () => {
      for (const store of stores) await store.close();
      await dropSchema(schema);
    },
  };
}

async function replay(s: Settings, steps: Step[], open: () => Promise<Handles> = sqlite): Promise<void> {
  const handles = await open();
  try {
    const model = new Model(s);
    let t = 1_000_000;
    let n = 0;
    for (const [i, one] of steps.entries()) {
      const store = handles.stores[i % handles.stores.length]!;
      t += one.advanceMs;
      if (one.op === "tick") {
        await store.releaseWindows(t);
        model.tick(t);
      } else {
        const acts = one.acts.map((a) => ({ ...a, id: `r${String(n++).padStart(4, "0")}` }));
        const runs = acts.map((a) => flowRun(a.id, t, a, s));
        const result = runs.length === 1 ? await store.acceptRun(runs[0]!) : await store.acceptRuns(runs);
        const before = model.started.size;
        const outcome = model.request(acts, t);
        // The store also says when the request started no run (the worker then has nothing to claim).
        const idle = model.started.size === before;
        expect(result, `step ${i}`).toEqual({
          status: "accepted",
          outcome,
          ...(idle && { nothingQueued: true }),
        });
      }
      const all = await store.listRuns({ limit: 1000 });
      const queued = Object.fromEntries(
        all.filter((r) => r.status === "queued").map((r) => [r.id, r.message.split("|")]),
      );
      expect(queued, `step ${i}: runs started`).toEqual(Object.fromEntries(model.started));
      const held = all
        .filter((r) => r.status === "held")
        .map((r) => r.id)
        .sort();
      expect(held, `step ${i}: runs held`).toEqual(model.held());
      const dropped = all
        .filter((r) => r.status === "dropped")
        .map((r) => r.id)
        .sort();
      expect(dropped, `step ${i}: runs dropped`).toEqual([...model.dropped].sort());
    }
  } finally {
    await handles.close();
  }
}

describe("flow control against the reference model", () => {
  it("a rate holds the runs past it and starts them in arrival order as periods come", async () => {
    const s: Settings = {
      coalesceMs: 500,
      max: 4,
      dedupeMs: 300,
      rate: { max: 2, perMs: 1000, over: "hold" },
    };
    await replay(s, [
      { op: "request", acts: [{}, {}, {}], advanceMs: 0 },
      { op: "request", acts: [{}], advanceMs: 100 },
      { op: "tick", advanceMs: 1000 },
      { op: "tick", advanceMs: 1000 },
    ]);
  });

  it("a budget's runs and a rate together: a run starts when both have room", async () => {
    const s: Settings = {
      coalesceMs: 500,
      max: 4,
      dedupeMs: 300,
      rate: { max: 2, perMs: 700, over: "hold" },
      budget: { runs: 3, perMs: 2500, over: "hold" },
    };
    await replay(s, [
      { op: "request", acts: [{}, {}, {}], advanceMs: 0 },
      { op: "request", acts: [{}, {}], advanceMs: 100 },
      { op: "tick", advanceMs: 1000 },
      { op: "tick", advanceMs: 2000 },
      { op: "request", acts: [{}], advanceMs: 100 },
      { op: "tick", advanceMs: 3000 },
    ]);
  });

  it("runs started, their messages, held runs and answers match on any sequence", async () => {
    await fc.assert(
      fc.asyncProperty(settings, fc.array(step, { minLength: 1, maxLength: 25 }), (s, steps) =>
        replay(s, steps),
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe.skipIf(!pg)("flow control against the reference model: two instances on PostgreSQL", () => {
  it("runs started, their messages, held runs and answers match on any sequence, the steps taking turns", async () => {
    await fc.assert(
      fc.asyncProperty(settings, fc.array(step, { minLength: 1, maxLength: 25 }), (s, steps) =>
        replay(s, steps, postgres),
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
