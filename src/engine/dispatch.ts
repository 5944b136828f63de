// Rules that test one field for equality with a string share one hash lookup. The usual rule set
// dispatches on an event name (`headers.x-github-event == "push"`, `payload.type == "invoice.paid"`):
// instead of evaluating every such rule in turn, the field is read once and only the rules whose
// string it equals are evaluated (in full, in order). Everything else is evaluated as before.
import { pathReader } from "./logic.js";
import type { CompiledRule } from "./rule.js";

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
