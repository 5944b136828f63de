// A case's expectation against what happened: only the fields the case states are compared, and each
// difference names the field, what was expected and what came.
import type { ActionExpectation, Expectation, ValueMatch } from "../../types/generated.js";

export type OutcomeKind = NonNullable<Expectation["kind"]>;

/** What came of a case's request, in the terms of its expectation. */
export interface CaseOutcome {
  status: number;
  kind: OutcomeKind;
  /** The mapping that owns the request, when one does. */
  mapping?: string;
  count: number;
  actions: Record<string, unknown>[];
  /** Refused / no match: the error code and sentence. */
  code?: string;
  error?: string;
}

export interface Mismatch {
  field: string;
  expected: string;
  actual: string;
}

const SHOWN_CHARS = 240;

export function compare(expect: Expectation, out: CaseOutcome): Mismatch[] {
  const diffs: Mismatch[] = [];
  const plain = (field: string, expected: unknown, actual: unknown) => {
    if (expected !== undefined && expected !== actual) {
      diffs.push({ field, expected: show(expected), actual: show(actual) });
    }
  };
  plain("status", expect.status, out.status);
  plain("kind", expect.kind, out.kind);
  plain("mapping", expect.mapping, out.mapping);
  if (expect.count !== undefined || expect.actions !== undefined) {
    plain("count", expect.count ?? expect.actions?.length, out.count);
  }
  if (expect.reason !== undefined) {
    const want = expect.reason.toLowerCase();
    const seen = [out.code, out.error].filter((s): s is string => s !== undefined);
    if (!seen.some((s) => s.toLowerCase().includes(want))) {
      diffs.push({
        field: "reason",
        expected: `contains ${show(expect.reason)}`,
        actual: seen.length > 0 ? show(`${out.code}: ${out.error}`) : `none (${out.kind})`,
      });
    }
  }
  if (expect.action !== undefined) diffs.push(...compareAction("action", expect.action, out.actions[0], out));
  for (const [i, want] of (expect.actions ?? []).entries()) {
    diffs.push(...compareAction(`actions[${i}]`, want, out.actions[i], out));
  }
  return diffs;
}

function compareAction(
  at: string,
  want: ActionExpectation,
  action: Record<string, unknown> | undefined,
  out: CaseOutcome,
): Mismatch[] {
  if (!action)
    return [{ field: at, expected: "an action", actual: `none (${out.kind}, ${out.count} actions)` }];
  const diffs: Mismatch[] = [];
  for (const [key, match] of Object.entries(want)) {
    const value = Object.hasOwn(action, key) ? action[key] : undefined;
    const problem = matchValue(match, value);
    if (problem) diffs.push({ field: `${at}.${key}`, ...problem });
  }
  return diffs;
}

/** Undefined when the value matches, else what was expected and what came. */
function matchValue(match: ValueMatch, value: unknown): { expected: string; actual: string } | undefined {
  if (match === null)
    return value === undefined || value === null ? undefined : { expected: "absent", actual: show(value) };
  if (typeof match !== "object")
    return match === value ? undefined : { expected: show(match), actual: show(value) };
  if (match.contains !== undefined) {
    return typeof value === "string" && value.includes(match.contains)
      ? undefined
      : { expected: `contains ${show(match.contains)}`, actual: show(value) };
  }
  const re = new RegExp(match.matches ?? "");
  return typeof value === "string" && re.test(value)
    ? undefined
    : { expected: `matches /${match.matches}/`, actual: show(value) };
}

/** A value as the diff shows it: JSON (strings quoted, escapes visible), long ones cut. */
function show(value: unknown): string {
  if (value === undefined) return "absent";
  const text = JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text;
}

/** A `matches` that is no regular expression: found before the case runs. */
export function badPatterns(expect: Expectation): string[] {
  const bad: string[] = [];
  for (const action of [expect.action, ...(expect.actions ?? [])]) {
    for (const [key, m] of Object.entries(action ?? {})) {
      if (m === null || typeof m !== "object" || m.matches === undefined) continue;
      try {
        new RegExp(m.matches);
      } catch (err) {
        bad.push(
          `${key}: matches ${JSON.stringify(m.matches)} is no regular expression: ${(err as Error).message}`,
        );
      }
    }
  }
  return bad;
}
