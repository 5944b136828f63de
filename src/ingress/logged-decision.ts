// An ingress decision as the request log keeps it, and the differences between two of them: what
// `hookgate replay` and the console's re-decide report (different mapping, action fields, refused now,
// accepted now). Long strings are cut to keep log rows small; a digest of the whole action still tells
// two actions apart when they differ only past the cut.
import { createHash } from "node:crypto";
import type { RecordedAction, RequestDecision } from "../core/decision-record.js";
import { shortValue } from "../engine/explain.js";
import type { AgentAction } from "../engine/types.js";
import type { AgentVerdict } from "../policy/agent-policy.js";
import type { IngressDecision } from "./decide.js";

/** Characters kept of each string in a recorded action. */
export const ACTION_STRING_MAX = 2000;

/** The decision's record; `generatedSessionKeys` is whether a run without a key gets a fresh one. */
export function decisionRecord(decision: IngressDecision, generatedSessionKeys: boolean): RequestDecision {
  const agentRecord = (action: AgentAction, verdict: AgentVerdict): RecordedAction => {
    const generated = action.sessionKey === undefined && generatedSessionKeys;
    const record: RecordedAction = recordedAction(action);
    // Object.assign, not a spread: a spread copy given one more field gets a hidden class of its own
    // (direct.ts), which the entry's JSON then reads the slow way.
    record.verdict = generated ? Object.assign({}, verdict, { sessionKeyGenerated: true }) : verdict;
    return record;
  };
  switch (decision.kind) {
    case "skip":
      return { kind: "skip", reason: decision.reason };
    case "wake": {
      const { fanOut } = decision;
      if (!fanOut) return { kind: "wake", ...recordedAction(decision.action) };
      const each = fanOut.map((a) => recordedAction(a));
      return { kind: "wake", ...each[0]!, count: each.length, each };
    }
    case "agent": {
      const { fanOut } = decision;
      if (!fanOut) return { kind: "agent", ...agentRecord(decision.action, decision.verdict) };
      const each = fanOut.map((r) => agentRecord(r.action, r.verdict));
      return { kind: "agent", ...each[0]!, count: each.length, each };
    }
    case "refused":
      return { kind: "refused", ...(decision.refusedAction && recordedAction(decision.refusedAction)) };
  }
}

/**
 * The action as kept, and when a string of it was cut, the digest of the whole: an action kept whole
 * is its own comparison, and hashing it for every logged request cost more than the rest of its record.
 * An action kept whole is the action itself, not a copy: the request log serialises its entry when the
 * request ends, and replay only reads the record.
 */
function recordedAction(action: object): Pick<RequestDecision, "action" | "actionDigest"> {
  const whole = action as Record<string, unknown>;
  let long = false;
  for (const v of Object.values(whole)) {
    if (typeof v === "string" && v.length > ACTION_STRING_MAX) long = true;
  }
  if (!long) return { action: whole };
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(action)) {
    kept[k] = typeof v === "string" && v.length > ACTION_STRING_MAX ? `${v.slice(0, ACTION_STRING_MAX)}…` : v;
  }
  return {
    action: kept,
    actionDigest: createHash("sha256").update(JSON.stringify(action)).digest("base64url"),
  };
}

/** What a decision came to, in the terms replay compares. */
export interface DecisionSummary {
  decision?: RequestDecision;
  mappingId?: string;
  /** Error code of a refusal. */
  code?: string;
}

export type DecisionChange =
  | { kind: "accepted-now"; code: string }
  | { kind: "refused-now"; code: string }
  | { kind: "code"; before: string; after: string }
  | { kind: "decision"; before: string; after: string }
  | { kind: "mapping"; before?: string; after?: string }
  | { kind: "field"; field: string; before?: unknown; after?: unknown }
  | { kind: "action-beyond-cut" }
  | { kind: "count"; before: number; after: number };

const accepted = (s: DecisionSummary) => s.decision !== undefined && s.decision.kind !== "refused";

/** Every difference between the decision then and the decision now; [] when they are the same. */
export function compareDecisions(then: DecisionSummary, now: DecisionSummary): DecisionChange[] {
  const out: DecisionChange[] = [];
  if (!accepted(then) && accepted(now)) out.push({ kind: "accepted-now", code: then.code ?? "?" });
  else if (accepted(then) && !accepted(now)) out.push({ kind: "refused-now", code: now.code ?? "?" });
  else if (!accepted(then) && !accepted(now) && then.code !== now.code) {
    out.push({ kind: "code", before: then.code ?? "?", after: now.code ?? "?" });
  }
  const before = then.decision?.kind ?? "none";
  const after = now.decision?.kind ?? "none";
  if (before !== after && accepted(then) && accepted(now)) out.push({ kind: "decision", before, after });
  if (then.mappingId !== now.mappingId) {
    out.push({
      kind: "mapping",
      ...(then.mappingId !== undefined && { before: then.mappingId }),
      ...(now.mappingId !== undefined && { after: now.mappingId }),
    });
  }
  out.push(...fieldChanges(then.decision, now.decision));
  return out;
}

/**
 * Fields of the action and the policies' verdict that differ; on a fan-out, element by element
 * (`[1].sessionKey`), after a change in the number of actions.
 */
function fieldChanges(then: RequestDecision | undefined, now: RequestDecision | undefined): DecisionChange[] {
  const out: DecisionChange[] = [];
  if (!then?.action || !now?.action) return out;
  if (then.each || now.each) {
    const a = then.each ?? [then];
    const b = now.each ?? [now];
    if (a.length !== b.length) out.push({ kind: "count", before: a.length, after: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      out.push(
        ...actionChanges(a[i]!, b[i]!).map((c) =>
          c.kind === "field" ? { ...c, field: `[${i}].${c.field}` } : c,
        ),
      );
    }
    return out;
  }
  return actionChanges(then, now);
}

function actionChanges(then: RecordedAction, now: RecordedAction): DecisionChange[] {
  const out: DecisionChange[] = [];
  const a = flatten(then);
  const b = flatten(now);
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[field]) === JSON.stringify(b[field])) continue;
    out.push({
      kind: "field",
      field,
      ...(a[field] !== undefined && { before: a[field] }),
      ...(b[field] !== undefined && { after: b[field] }),
    });
  }
  // Equal fields and a digest on each side: both were cut, and only the digests tell what lies past the
  // cut. Otherwise equal fields mean neither was cut (a cut string is longer than any string kept
  // whole) and the actions are equal; entries of earlier versions carry a digest even when whole.
  if (
    out.length === 0 &&
    then.actionDigest !== undefined &&
    now.actionDigest !== undefined &&
    then.actionDigest !== now.actionDigest
  ) {
    out.push({ kind: "action-beyond-cut" });
  }
  return out;
}

function flatten(d: RecordedAction): Record<string, unknown> {
  const out: Record<string, unknown> = { ...d.action };
  const v = d.verdict;
  if (v) {
    // A generated session key is new on every decision: only a change to or from one counts.
    out["policy.sessionKey"] = v.sessionKeyGenerated ? "(a new hook:<uuid>)" : v.sessionKey;
    out["policy.channel"] = v.channel;
    if (v.model !== undefined) out["policy.model"] = v.model;
  }
  return out;
}

/** One line per change, for the command line and the console. */
export function describeChange(c: DecisionChange): string {
  const show = (v: unknown) => (v === undefined ? "(unset)" : shortValue(v));
  switch (c.kind) {
    case "accepted-now":
      return `now accepted (was refused with ${c.code})`;
    case "refused-now":
      return `now refused with ${c.code}`;
    case "code":
      return `refused with ${c.after} now (was ${c.before})`;
    case "decision":
      return `now a ${c.after} (was a ${c.before})`;
    case "mapping":
      return `mapping: ${c.before ?? "(none)"} → ${c.after ?? "(none)"}`;
    case "field":
      return `${c.field}: ${show(c.before)} → ${show(c.after)}`;
    case "count":
      return `fan-out: ${c.after} actions now (was ${c.before})`;
    case "action-beyond-cut":
      return `the action differs past the first ${ACTION_STRING_MAX} characters of a field`;
  }
}
