// The request log's record of a decision and replay's comparison of two of them: long strings are cut,
// and a digest of the whole action is kept for cut actions only, so it must still tell every two
// different actions apart (and never two equal ones), also against entries of earlier versions, which
// carry a digest on every action.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RequestDecision } from "../../src/core/decision-record.js";
import type { WakeAction } from "../../src/engine/types.js";
import type { IngressDecision } from "../../src/ingress/decide.js";
import { ACTION_STRING_MAX, compareDecisions, decisionRecord } from "../../src/ingress/logged-decision.js";

const wake = (text: string, mode: WakeAction["mode"] = "now"): IngressDecision => ({
  kind: "wake",
  action: { text, mode },
  mappingId: "m",
});
const record = (d: IngressDecision) => ({ decision: decisionRecord(d, false), mappingId: "m" });

/** A record as versions before this one wrote it: the digest of the whole action, cut or not. */
function legacyRecord(d: IngressDecision & { kind: "wake" }) {
  const r = decisionRecord(d, false);
  const actionDigest = createHash("sha256").update(JSON.stringify(d.action)).digest("base64url");
  return { decision: { ...r, actionDigest } as RequestDecision, mappingId: "m" };
}

const long = (fill: string, tail: string) => fill.repeat(ACTION_STRING_MAX) + tail;

describe("decision record", () => {
  it("keeps a short action whole, without a digest", () => {
    const r = decisionRecord(wake("disk full"), false);
    expect(r).toEqual({ kind: "wake", action: { text: "disk full", mode: "now" } });
  });

  it("cuts a long string and keeps the digest of the whole action", () => {
    const r = decisionRecord(wake(long("a", "b")), false);
    expect(r.action?.text).toBe(`${"a".repeat(ACTION_STRING_MAX)}…`);
    expect(r.actionDigest).toMatch(/^[\w-]{43}$/);
  });

  it("tells actions apart that differ only past the cut", () => {
    expect(compareDecisions(record(wake(long("a", "b"))), record(wake(long("a", "c"))))).toEqual([
      { kind: "action-beyond-cut" },
    ]);
    expect(compareDecisions(record(wake(long("a", "b"))), record(wake(long("a", "b"))))).toEqual([]);
  });

  it("compares an entry of an earlier version (digest always) with a decision of this one", () => {
    expect(compareDecisions(legacyRecord(wake("same") as never), record(wake("same")))).toEqual([]);
    expect(compareDecisions(legacyRecord(wake("was") as never), record(wake("now")))).toEqual([
      { kind: "field", field: "text", before: "was", after: "now" },
    ]);
    expect(
      compareDecisions(legacyRecord(wake(long("a", "b")) as never), record(wake(long("a", "c")))),
    ).toEqual([{ kind: "action-beyond-cut" }]);
  });

  it("reports a change exactly when the actions differ (property)", () => {
    // Strings around the cut, sharing long prefixes, so that many pairs differ only past it.
    const text = fc
      .tuple(
        fc.constantFrom("a", "b"),
        fc.integer({ min: ACTION_STRING_MAX - 2, max: ACTION_STRING_MAX + 2 }),
        fc.constantFrom("", "x", "y", "…", "x…"),
      )
      .map(([c, n, tail]) => c.repeat(n) + tail);
    const action = fc.record({ text, mode: fc.constantFrom("now" as const, "next-heartbeat" as const) });
    fc.assert(
      fc.property(action, action, fc.boolean(), (a, b, legacy) => {
        const then = legacy ? legacyRecord(wake(a.text, a.mode) as never) : record(wake(a.text, a.mode));
        const changes = compareDecisions(then, record(wake(b.text, b.mode)));
        const equal = a.text === b.text && a.mode === b.mode;
        expect(changes.length === 0).toBe(equal);
      }),
      { seed: 18, numRuns: 500 },
    );
  });
});
