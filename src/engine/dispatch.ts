// Rules that test one field for equality with a string share one hash lookup. The usual rule set
// dispatches on an event name (`headers.x-github-event == "push"`, `payload.type == "invoice.paid"`):
// instead of evaluating every such rule in turn, the field is read once and only the rules whose
// string it equals are evaluated (in full, in order). Everything else is evaluated as before.
import { pathReader } from "./logic.js";
import type { CompiledRule } from "./rule.js";

/** A rule's `when` is, or begins with (top-level `and`), `{"==" | "===": [{"var": path}, "text"]}`. */
export interface EqualityKey {
  path: string;
  value: string;
}

export interface RuleGroup {
  /** Reads the shared field, as `var` reads it. */
  read: (context: unknown) => unknown;
  /** Rules (in order) per string they test for. */
  byValue: ReadonlyMap<string, readonly CompiledRule[]>;
  /** Every rule of the group, in order: what a non-string value must still try. */
  rules: readonly CompiledRule[];
}

/** One step of a candidate list: a rule evaluated as it is, or a group looked up by value. */
export type DispatchStep = { rule: CompiledRule; group?: undefined } | { group: RuleGroup; rule?: undefined };

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The equality key of a `when`, if it has one. */
export function equalityKey(expr: unknown): EqualityKey | undefined {
  if (!isObject(expr)) return undefined;
  const ops = Object.keys(expr);
  if (ops.length !== 1) return undefined;
  const op = ops[0]!;
  const args = expr[op];
  if (op === "and") return Array.isArray(args) && args.length > 0 ? equalityKey(args[0]) : undefined;
  if ((op !== "==" && op !== "===") || !Array.isArray(args) || args.length !== 2) return undefined;
  // Either order: `{"==": [{"var": p}, "x"]}` or `{"==": ["x", {"var": p}]}`.
  const [ref, literal] = varPath(args[0]) !== undefined ? args : [args[1], args[0]];
  const path = varPath(ref);
  // For strings, loose and strict equality agree; a non-string read falls back to full evaluation.
  return path !== undefined && typeof literal === "string" ? { path, value: literal } : undefined;
}

function varPath(v: unknown): string | undefined {
  if (!isObject(v) || Object.keys(v).length !== 1) return undefined;
  const key = v.var;
  const path = Array.isArray(key) ? (key.length === 1 ? key[0] : undefined) : key;
  return typeof path === "string" && path !== "" ? path : undefined;
}

/** Groups runs of at least two consecutive rules keyed on the same path; other rules stay single. */
export function dispatchPlan(rules: readonly CompiledRule[]): DispatchStep[] {
  const steps: DispatchStep[] = [];
  let i = 0;
  while (i < rules.length) {
    const key = rules[i]!.key;
    let j = i + 1;
    if (key) while (j < rules.length && rules[j]!.key?.path === key.path) j++;
    if (!key || j - i < 2) {
      steps.push({ rule: rules[i]! });
      i++;
      continue;
    }
    const run = rules.slice(i, j);
    const byValue = new Map<string, CompiledRule[]>();
    for (const rule of run) {
      const list = byValue.get(rule.key!.value);
      if (list) list.push(rule);
      else byValue.set(rule.key!.value, [rule]);
    }
    steps.push({ group: { read: pathReader(key.path, null), byValue, rules: run } });
    i = j;
  }
  return steps;
}
