// Load-time findings about the rule order that are not errors: rules that can never fire and
// ids used twice. `hookgate validate` prints them.
import type { ConfigIssue } from "../config/issues.js";
import type { CompiledRule } from "./rule.js";

/** A rule without source or when: it takes every request its path (or, without a path, any path) gets. */
function unconditional(rule: CompiledRule): boolean {
  return rule.source === undefined && rule.when === undefined && !rule.never;
}

/**
 * The rules that can never fire, each with the earlier rule that takes every request it could get:
 * one without source or when on the same path, or on no path, that a request reaching this rule
 * reaches too. With the hook token every rule may take a request; without it only the rules whose
 * verify it passed, so a rule with a verify is shadowed only by one with the same verify. A rule with
 * a challenge still answers its handshake, so it is never reported. Removing one changes no decision.
 */
export function shadowedRules(rules: readonly CompiledRule[]): Map<CompiledRule, CompiledRule> {
  const shadowed = new Map<CompiledRule, CompiledRule>();
  const catchAlls: CompiledRule[] = [];
  const pathOwners = new Map<string, CompiledRule[]>();
  for (const rule of rules) {
    const owners = [...catchAlls, ...(rule.path !== null ? (pathOwners.get(rule.path) ?? []) : [])];
    const owner = owners
      .filter((o) => rule.verifier === undefined || o.verifier === rule.verifier)
      .sort((a, b) => a.position - b.position)[0];
    if (owner && !rule.challenge) shadowed.set(rule, owner);
    if (unconditional(rule)) {
      if (rule.path === null) catchAlls.push(rule);
      else pathOwners.set(rule.path, [...(pathOwners.get(rule.path) ?? []), rule]);
    }
  }
  return shadowed;
}

export function ruleWarnings(rules: readonly CompiledRule[]): ConfigIssue[] {
  const warnings: ConfigIssue[] = [];
  const warn = (rule: CompiledRule, message: string, field?: string) =>
    warnings.push({
      severity: "warning",
      path: field ? `${rule.origin}.${field}` : rule.origin,
      message: `mapping ${rule.id}: ${message}`,
    });

  const shadowed = shadowedRules(rules);
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

    // A rule with a challenge still answers its handshake (when: false may be just that).
    if (rule.never && !rule.challenge) warn(rule, "match.when is false, so this mapping never fires");
    const owner = shadowed.get(rule);
    if (owner) {
      const what = owner.path === null ? "every request" : `every request to path "${owner.path}"`;
      warn(
        rule,
        `can never fire: mapping ${owner.id} (${owner.origin}) comes first and takes ${what}; ` +
          "narrow that one with match.source or match.when, or move this one before it",
      );
    }
  }
  return warnings;
}
