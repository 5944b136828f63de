// What a rule author reads when a hook "does not fire": values a failed predicate saw, shortened,
// with credential-like headers redacted. Built only on request (`hookgate test`, debug logging): the
// routing of a live request never pays for it.
import { isSecretHeader } from "../core/secret-headers.js";
import { describeEngineError, pathReader, readPath, truthy } from "./logic.js";

/** Longest rendering of one seen value. */
const SEEN_MAX = 120;

const REDACTED = "[redacted]";

/** Text cut to SEEN_MAX characters, `…` marking the cut. */
export function cut(text: string): string {
  return text.length > SEEN_MAX ? `${text.slice(0, SEEN_MAX - 1)}…` : text;
}

/** Compact text of a value, cut to SEEN_MAX characters. */
export function shortValue(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "(missing)";
    case "boolean":
    case "number":
      return String(value);
    case "string":
      return cut(JSON.stringify(value));
  }
  if (value === null) return "null";
  try {
    return cut(JSON.stringify(value) ?? String(value));
  } catch {
    return "(unprintable)";
  }
}

/** Headers with secret values replaced, for showing. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = isSecretHeader(k) ? REDACTED : v;
  return out;
}

/** A `var` path of a `when`, prepared at load for showing its value when the predicate fails. */
export interface SeenPath {
  path: string;
  read: (context: unknown) => unknown;
  /** Show the value as `[redacted]` (a credential-like header). */
  redacted: boolean;
  /** The whole headers object: shown with secret values redacted. */
  allHeaders: boolean;
}

export function prepareSeenPath(path: string): SeenPath {
  const parts = path.split(".");
  const inHeaders = parts[0] === "headers";
  return {
    path,
    read: pathReader(path, undefined),
    redacted: inHeaders && parts.length > 1 && isSecretHeader(parts[1]!),
    allHeaders: inHeaders && parts.length === 1,
  };
}

/** `path = value` as a failed `when` saw it. */
function seenAt(context: { headers: Record<string, string> }, seen: SeenPath): string {
  if (seen.redacted) return `${seen.path} = ${REDACTED}`;
  const value = seen.allHeaders ? redactHeaders(context.headers) : seen.read(context);
  return `${seen.path} = ${shortValue(value)}`;
}

/** `payload.source` as the source predicate saw it. */
export function seenSource(payload: unknown): string {
  const source = readPath(payload, "source", undefined);
  if (source === undefined) return "payload.source missing";
  return typeof source === "string" ? shortValue(source) : `${shortValue(source)} (not a string)`;
}

/** The when-clause failure of an explain step: what one clause expected and what it saw. */
export interface ClauseFailure {
  /** `and[1]`, `or[0]`: the clause's position in the top-level expression. */
  clause: string;
  expected: string;
  saw: string;
}

interface ExplainableWhen {
  evaluate: (context: unknown) => unknown;
  text: string;
  reads: SeenPath[];
  clauses?: { op: "and" | "or"; parts: ExplainableWhen[] };
}

/** What a `when` saw when it did not hold: its value (or error) and each path it read. */
export function seenByWhen(when: ExplainableWhen, context: { headers: Record<string, string> }): string {
  let outcome: string;
  try {
    outcome = shortValue(when.evaluate(context));
  } catch (err) {
    outcome = `error: ${describeEngineError(err)}`;
  }
  let saw = outcome;
  for (const seen of when.reads) saw += `; ${seenAt(context, seen)}`;
  return saw;
}

/**
 * For a top-level `and`, the first clause that did not hold; for an `or`, every clause (none held).
 * Undefined when the expression is not a top-level and/or.
 */
export function failedClauses(
  when: ExplainableWhen,
  context: { headers: Record<string, string> },
): ClauseFailure[] | undefined {
  if (!when.clauses) return undefined;
  const { op, parts } = when.clauses;
  const out: ClauseFailure[] = [];
  for (const [i, part] of parts.entries()) {
    if (holds(part, context)) continue;
    out.push({ clause: `${op}[${i}]`, expected: part.text, saw: seenByWhen(part, context) });
    if (op === "and") break;
  }
  return out;
}

function holds(when: ExplainableWhen, context: unknown): boolean {
  try {
    return truthy(when.evaluate(context));
  } catch {
    return false;
  }
}
