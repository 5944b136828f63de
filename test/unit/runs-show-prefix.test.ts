// `hookgate runs show 3f2a`: a run named by a unique start or end of its id, against a real SQLite file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { command as runs } from "../../src/commands/runs.js";
import { timeOrderedId } from "../../src/core/time-ordered-id.js";
import { requestList } from "../../src/http/console/requests-page.js";
import { Database } from "../../src/store/sqlite/driver.js";
import { RUNS_BY_ID_PREFIX_SQL, SqliteStore } from "../../src/store/sqlite/store.js";
import type { NewRun } from "../../src/store/types.js";
import { logged } from "../store/contract/fixtures.js";
import { runCommand } from "./command-helpers.js";

let dir: string;
let file: string;
let writer: SqliteStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-prefix-"));
  file = join(dir, "state.db");
  writer = new SqliteStore(file);
  await writer.open();
});

afterEach(async () => {
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2025, 4, 1, 10, 0, 0);

async function seed(ids: string[]): Promise<void> {
  const base: Omit<NewRun, "id"> = {
    name: "GitHub",
    message: "New issue",
    sessionKey: "hook:gh",
    wakeMode: "now",
    deliver: false,
    channel: "last",
    receivedAt: T0,
  };
  await Promise.all(ids.map((id) => writer.acceptRun({ ...base, id })));
}

const show = (...args: string[]) => runCommand(runs, ["show", ...args, "--store", file]);

const A = "3f2a1b6e-2c1d-4c5e-9f00-0a1b2c3d4e5f";
const B = "3f2a9c04-77aa-4b1e-8e2f-5f6e7d8c9b0a";
const C = "3f2b0000-0000-4000-8000-000000000000";

describe("hookgate runs show PREFIX", () => {
  it("shows the one run whose id starts with the prefix", async () => {
    await seed([A, B, C]);
    const text = await show("3f2a1");
    expect(text.stderr).toBe("");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^Run ${A}\n  status    queued\n`));
    const json = await show("3f2a9c", "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: B, status: "queued" });
    expect(JSON.parse((await show(C, "--json")).stdout).id).toBe(C);
  });

  it("lists the candidates of an ambiguous prefix and exits 1", async () => {
    await seed([A, B, C]);
    const { code, stdout, stderr } = await show("3f2a");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      [
        `hookgate runs: 2 runs have ids starting or ending with "3f2a"; give more of the id:`,
        "",
        "RUN ID                                STATUS  RECEIVED              NAME",
        `${A}  queued  2025-05-01 10:00:00Z  GitHub`,
        `${B}  queued  2025-05-01 10:00:00Z  GitHub`,
        "",
      ].join("\n"),
    );
  });

  it("lists a few candidates when many match", async () => {
    const many = Array.from({ length: 8 }, (_, i) => `abcd${i}000-0000-4000-8000-000000000000`);
    await seed(many);
    const { code, stderr } = await show("abcd");
    expect(code).toBe(1);
    expect(stderr).toContain(
      `more than 5 runs have ids starting or ending with "abcd"; give more of the id:`,
    );
    for (const id of many.slice(0, 5)) expect(stderr).toContain(id);
    for (const id of many.slice(5)) expect(stderr).not.toContain(id);
    expect(stderr).toMatch(/\n\.\.\.\n$/);
  });

  it("says so when nothing matches or the prefix is too short", async () => {
    await seed([A, B, C]);
    const none = await show("9999");
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("");
    expect(none.stderr).toBe(
      `hookgate runs: no run whose id is, starts with or ends with "9999" in ${file}\n`,
    );
    const short = await show("3f2");
    expect(short.code).toBe(1);
    expect(short.stdout).toBe("");
    expect(short.stderr).toBe(
      `hookgate runs: no run "3f2" in ${file}; to name a run by the start or the end of its id, give at least 4 characters\n`,
    );
  });

  it("shows the one run whose id ends with the part given: time-ordered ids differ at the end", async () => {
    // Two runs of the same millisecond: their ids share the first 15 characters.
    const first = "01968b49-ed00-7b1e-9f00-0a1b2c3d4e5f";
    const second = "01968b49-ed00-7e2f-8e2f-5f6e7d8c9b0a";
    await seed([first, second]);
    const json = await show("8c9b0a", "--json");
    expect(json.stderr).toBe("");
    expect(JSON.parse(json.stdout).id).toBe(second);
    const start = await show("01968b49");
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`2 runs have ids starting or ending with "01968b49"`);
    expect(start.stderr.indexOf(first)).toBeLessThan(start.stderr.indexOf(second));
  });

  it("lists a run matched by its start and another by its end together, each once", async () => {
    const starts = "beef0000-0000-4000-8000-000000000001";
    const ends = "00000000-0000-4000-8000-00000000beef";
    const both = "beef0000-0000-4000-8000-00000000beef";
    await seed([starts, ends]);
    const two = await show("beef");
    expect(two.code).toBe(1);
    expect(two.stderr).toContain(`2 runs have ids starting or ending with "beef"`);
    expect(two.stderr).toContain(starts);
    expect(two.stderr).toContain(ends);
    await seed([both]);
    const three = await show("beef");
    expect(three.stderr).toContain(`3 runs have ids starting or ending with "beef"`);
    expect(three.stderr.split(both).length).toBe(2);
  });

  it("prefers a whole id to a prefix of longer ones", async () => {
    await seed(["run1", "run10", "run11", "r1"]);
    const whole = await show("run1", "--json");
    expect(whole.code).toBe(0);
    expect(JSON.parse(whole.stdout).id).toBe("run1");
    // A whole id shorter than the minimum prefix still names its run.
    expect(JSON.parse((await show("r1", "--json")).stdout).id).toBe("r1");
  });

  it("escapes what it echoes of the prefix", async () => {
    const { stderr } = await show("\x1b]52;c;eA==\x07");
    expect(stderr).toContain('"\\x1b]52;c;eA==\\x07"');
    expect(stderr).not.toMatch(/[\x07\x1b]/);
  });
});

describe("SqliteStore.findRunsByIdPrefix", () => {
  it("reads a range of the id index rather than the whole table", () => {
    const db = new Database(file, { readonly: true });
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${RUNS_BY_ID_PREFIX_SQL}`).all("3f2a", "3f2b", 6) as {
        detail: string;
      }[];
      expect(plan.map((p) => p.detail)).toEqual([
        expect.stringMatching(/^SEARCH runs USING INDEX \S+ \(id>\? AND id<\?\)$/),
      ]);
    } finally {
      db.close();
    }
  });

  it("finds exactly the ids that start with the prefix, in code point order", async () => {
    // Characters at the edges of the range arithmetic: the last BMP code point before the surrogates,
    // the first after them, the end of the BMP, astral ones and the highest code point.
    const alphabet = ["a", "b", "\ud7ff", "\ue000", "\uffff", "\u{10000}", "\u{1f600}", "\u{10ffff}"];
    const idArb = fc
      .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 })
      .map((a) => a.join(""));
    const ids = [...new Set(fc.sample(idArb, { numRuns: 300, seed: 7 }))];
    await seed(ids);
    const byCodePoint = (x: string, y: string) => {
      const [a, b] = [[...x], [...y]];
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const d = a[i]!.codePointAt(0)! - b[i]!.codePointAt(0)!;
        if (d !== 0) return d;
      }
      return a.length - b.length;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 3 }).map((a) => a.join("")),
        async (prefix) => {
          const found = (await writer.findRunsByIdPrefix(prefix, 1000)).map((r) => r.id);
          expect(found).toEqual(ids.filter((id) => id.startsWith(prefix)).sort(byCodePoint));
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("the console's Run column", () => {
  it("tells apart runs received seconds apart (their ids share the start), and runs show finds each by it", async () => {
    // Time-ordered ids of runs 6 s apart in one 65.5 s span: the same first 8 characters.
    const start = Math.floor(T0 / 65_536) * 65_536 + 1_000;
    const early = timeOrderedId(start);
    const late = timeOrderedId(start + 6_000);
    expect(early.slice(0, 8)).toBe(late.slice(0, 8));
    await seed([early, late]);
    const list = requestList(
      [early, late].map((runId, i) => ({ ...logged(`req-${i}`, { runId }), seq: i + 1 })),
      {},
      undefined,
    ).text;
    const shown = [...list.matchAll(/<a href="\/console\/runs\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
    expect(shown).toHaveLength(2);
    expect(shown[0]).not.toBe(shown[1]);
    for (const [i, id] of [early, late].entries()) {
      const found = await show(shown[i]!, "--json");
      expect(found.stderr).toBe("");
      expect(JSON.parse(found.stdout).id).toBe(id);
    }
  });
});

describe("hookgate runs show: flow control", () => {
  const flowed = (id: string, at: number): NewRun => ({
    id,
    name: "Alert",
    message: id,
    sessionKey: "hook:alert",
    wakeMode: "now",
    deliver: false,
    channel: "last",
    receivedAt: at,
    flow: {
      scope: "alerts",
      coalesce: {
        key: "disk",
        windowMs: 120_000,
        max: 50,
        item: id,
        frame: { separator: "," },
      },
    },
  });

  it("says a coalescing run is held, until when, and how many requests it holds; --status held lists it", async () => {
    await writer.acceptRun(flowed(A, T0));
    await writer.acceptRun(flowed(B, T0 + 1000));
    const text = await show(A);
    expect(text.stdout).toContain(
      "  status    held\n  flow      held: coalescing requests until 2025-05-01 10:02:00Z (2 requests merged so far)\n",
    );
    const held = await runCommand(runs, ["--status", "held", "--store", file, "--json"]);
    expect(JSON.parse(held.stdout).map((r: { id: string }) => r.id)).toEqual([A]);
    await writer.releaseWindows(T0 + 120_000);
    expect((await show(A)).stdout).toContain(
      "  status    queued\n  flow      coalesced: 2 requests merged\n",
    );
  });

  it("says a run past its rate is held until its period starts, or dropped; --status dropped lists it", async () => {
    const rated = (id: string, over: "hold" | "drop"): NewRun => ({
      ...flowed(id, T0),
      flow: { scope: over, rate: { max: 1, perMs: 3_600_000, over } },
    });
    await writer.acceptRun(rated("first-held", "hold"));
    await writer.acceptRun(rated(A, "hold"));
    await writer.acceptRun(rated("first-dropped", "drop"));
    await writer.acceptRun(rated(B, "drop"));
    expect((await show(A)).stdout).toContain(
      "  status    held\n  flow      held: its mapping's rate was reached; starts at 2025-05-01 11:00:00Z\n",
    );
    expect((await show(B)).stdout).toContain(
      "  status    dropped\n  flow      dropped: its mapping's rate was reached (the next run could start at 2025-05-01 11:00:00Z)\n",
    );
    const dropped = await runCommand(runs, ["--status", "dropped", "--store", file, "--json"]);
    expect(JSON.parse(dropped.stdout).map((r: { id: string }) => r.id)).toEqual([B]);
  });
  it("says a run past its budget is held until the next period, or dropped, with the budget", async () => {
    const budgeted = (id: string, over: "hold" | "drop"): NewRun => ({
      ...flowed(id, T0),
      flow: { scope: over, budget: { runs: 1, perMs: 86_400_000, over } },
    });
    await writer.acceptRun(budgeted("first-held", "hold"));
    await writer.acceptRun(budgeted(A, "hold"));
    await writer.acceptRun(budgeted("first-dropped", "drop"));
    await writer.acceptRun(budgeted(B, "drop"));
    expect((await show(A)).stdout).toContain(
      "  status    held\n  flow      held: its mapping's run budget (1/1d) was reached; starts at 2025-05-02 00:00:00Z\n",
    );
    expect((await show(B)).stdout).toContain(
      "  status    dropped\n  flow      dropped: its mapping's run budget (1/1d) was reached (the next run could start at 2025-05-02 00:00:00Z)\n",
    );
  });
});
