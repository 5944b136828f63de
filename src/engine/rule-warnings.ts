// Load-time findings about the rule order that are not errors: rules that can never fire and
// ids used twice. `hookgate validate` prints them.
import type { ConfigIssue } from "../config/types.js";
import type { CompiledRule } from "./rule.js";

/** A rule without source or when: it takes every request its path (or, without a path, any path) gets. */
function unconditional(rule: CompiledRule): boolean {
  return rule.source === undefined && rule.when === undefined && !rule.never;
}

export function ruleWarnings(rules: readonly CompiledRule[]): ConfigIssue[] {
  const warnings: ConfigIssue[] = [];
  const warn = (rule: CompiledRule, message: string, field?: string) =>
    warnings.push({
      severity: "warning",
      path: field ? `${rule.origin}.${field}` : rule.origin,
      message: `mapping ${rule.id}: ${message}`,
    });

  let catchAll: CompiledRule | undefined;
  const pathOwners = new Map<string, CompiledRule>();
  const seenIds = new Map<string, CompiledRule>();

  for (const rule of rules) {
    const first = seenIds.get(rule.id);
    if (first) {
      warn(
        rule,
        `id also used by ${first.origin}; give each mapping its own id so logs and runs name one rule`,
        "id",
      );
    } else {
      seenIds.set(rule.id, rule);
    }

    if (rule.never) warn(rule, "match.when is false, so this mapping never fires");
    const owner = catchAll ?? (rule.path !== null ? pathOwners.get(rule.path) : undefined);
    if (owner) {
      const what = owner.path === null ? "every request" : `every request to path "${owner.path}"`;
      warn(
        rule,
        `can never fire: mapping ${owner.id} (${owner.origin}) comes first and takes ${what}; ` +
          "narrow that one with match.source or match.when, or move this one before it",
      );
    }
    if (unconditional(rule)) {
      if (rule.path === null) catchAll ??= rule;
      else if (!pathOwners.has(rule.path)) pathOwners.set(rule.path, rule);
    }
  }
  return warnings;
}
