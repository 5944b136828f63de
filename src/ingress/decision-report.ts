// How a decision reads for a person: the decision as the rules made it, the policies' verdict, the
// answer the server gives, and the explain trace, as text. `hookgate test`, `hookgate replay` and
// the console's playground all show decisions this way.
import { ERRORS } from "../core/errors.js";
import type { PolicyResult } from "../core/policy-result.js";
import type { RuleIndex } from "../engine/compile.js";
import { shortValue } from "../engine/explain.js";
import type { Decision, ExplainTrace } from "../engine/types.js";
import type { AgentVerdict } from "../policy/agent-policy.js";
import { decisionAnswer } from "./answer.js";
import type { IngressDecision } from "./decide.js";

/** What `hookgate test` prints for a decision: the trace, the decision, the policies, the answer. */
export function decisionText(index: RuleIndex, d: IngressDecision): string {
  const shown = showDecision(d);
  const answer = decisionAnswer(d);
  let text = formatDecision(index, shown.decision);
  if (shown.policy) text += formatPolicy(shown.policy);
  return `${text}answer: ${answer.status}${answer.body ? ` ${JSON.stringify(answer.body)}` : ""}\n`;
}

/** The policies' verdict on an agent run; on a fan-out, each element's verdict in order. */
export type ShownPolicy = PolicyResult<AgentVerdict | AgentVerdict[]>;

/** The decision as the rules made it, and the policies' verdict on an agent run. */
export function showDecision(d: IngressDecision): {
  decision: Decision;
  policy?: ShownPolicy;
} {
  const trace = d.explain ? { explain: d.explain } : {};
  switch (d.kind) {
    case "wake":
      return {
        decision: {
          kind: "wake",
          action: d.action,
          ...(d.fanOut && { actions: d.fanOut }),
          mappingId: d.mappingId ?? "wake",
          ...trace,
        },
      };
    case "agent":
      if (d.fanOut) {
        return {
          decision: {
            kind: "agent",
            action: d.action,
            actions: d.fanOut.map((r) => r.action),
            mappingId: d.mappingId ?? "agent",
            ...trace,
          },
          policy: { ok: true, value: d.fanOut.map((r) => r.verdict) },
        };
      }
      return {
        decision: { kind: "agent", action: d.action, mappingId: d.mappingId ?? "agent", ...trace },
        policy: { ok: true, value: d.verdict },
      };
    case "skip":
      return { decision: d };
    case "refused":
      if (d.refusedAction) {
        return {
          decision: { kind: "agent", action: d.refusedAction, mappingId: d.mappingId ?? "agent", ...trace },
          policy: { ok: false, code: d.code, error: d.error },
        };
      }
      if (d.code === "HOOK_NOT_FOUND") {
        return { decision: { kind: "no-match", path: d.explain?.path ?? "", ...trace } };
      }
      return {
        decision: {
          kind: "invalid",
          mappingId: d.mappingId ?? "(request)",
          cause: ERRORS[d.code].status >= 500 ? "transform" : "action",
          code: d.code,
          error: d.detail ?? d.error,
          ...trace,
        },
      };
  }
}

export function formatPolicy(policy: ShownPolicy): string {
  if (!policy.ok) return `policy: rejected (${policy.code}) — ${policy.error}; the server would answer 400\n`;
  const verdict = (v: AgentVerdict) => {
    const session = v.sessionMode === "isolated" ? `${v.sessionKey} (isolated)` : v.sessionKey;
    return `session ${session}, channel ${v.channel}${v.model ? `, model ${v.model}` : ""}`;
  };
  const v = policy.value;
  if (!Array.isArray(v)) return `policy: accepted — ${verdict(v)}\n`;
  return `policy: accepted, every element —\n${v.map((one, i) => `  [${i}] ${verdict(one)}\n`).join("")}`;
}

/** On no match: the paths rules exist for, so a typo in the hook name shows. */
export function hint(index: RuleIndex, decision: Decision): { otherPaths?: string[] } {
  if (decision.kind !== "no-match") return {};
  const paths = [...new Set(index.rules.map((r) => r.path).filter((p): p is string => p !== null))];
  return { otherPaths: paths.filter((p) => p !== decision.path).sort() };
}

export function formatDecision(index: RuleIndex, decision: Decision): string {
  const lines: string[] = [];
  const { explain } = decision;
  if (explain) lines.push(...formatTrace(explain), "");
  switch (decision.kind) {
    case "wake":
    case "agent": {
      const what = decision.kind === "wake" ? "wake (system event for the main session)" : "agent run";
      const actions: object[] | undefined = decision.actions;
      if (!actions) {
        lines.push(`decision: ${what}, by mapping ${decision.mappingId}`);
        for (const [key, value] of Object.entries(decision.action)) lines.push(...field(key, value));
        break;
      }
      const plural = decision.kind === "wake" ? "wakes" : "agent runs";
      lines.push(
        `decision: fan-out into ${actions.length} ${actions.length === 1 ? what : plural} (forEach), by mapping ${decision.mappingId}`,
      );
      actions.forEach((action, i) => {
        lines.push(`  [${i}]`);
        for (const [key, value] of Object.entries(action)) {
          lines.push(...field(key, value).map((l) => `  ${l}`));
        }
      });
      break;
    }
    case "skip":
      lines.push(`decision: skip — ${skipText(decision)} (HTTP 204)`);
      break;
    case "invalid":
      lines.push(`decision: invalid (${decision.code}) — ${decision.error}`);
      break;
    case "no-match": {
      lines.push(`decision: no match — POST <hooks.path>/${decision.path} would get 404`);
      const others = hint(index, decision).otherPaths ?? [];
      if (others.length > 0)
        lines.push(`  rules exist for: ${others.slice(0, 20).join(", ")}${others.length > 20 ? ", …" : ""}`);
      break;
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Every rule looked at and why it did not match; what the matched rule's transform changed. */
export function formatTrace(explain: ExplainTrace): string[] {
  const { steps, totalRules } = explain;
  const lines = [
    `hook ${explain.path}: looked at ${steps.length} of ${totalRules} rule${totalRules === 1 ? "" : "s"}`,
  ];
  for (const step of steps) {
    if (step.matched) {
      lines.push(`  ✓ ${step.mappingId} (${step.origin}) matched`);
      continue;
    }
    lines.push(`  ✗ ${step.mappingId} (${step.origin}): ${step.failed} did not hold`);
    lines.push(`      expected: ${step.expected}`);
    lines.push(`      saw:      ${step.saw}`);
    for (const c of step.clauses ?? []) {
      lines.push(`      ${c.clause} did not hold: ${c.expected}`);
      lines.push(`        saw: ${c.saw}`);
    }
  }
  const t = explain.transform;
  if (t) {
    if (t.outcome === "changed" && !t.changes) {
      lines.push(`  transform ${t.module} set the action (the templates alone went over their budget)`);
    } else if (t.outcome === "changed") {
      lines.push(`  transform ${t.module} changed:`);
      const show = (v: unknown) => (v === undefined ? "(unset)" : shortValue(v));
      for (const c of t.changes ?? []) lines.push(`    ${c.field}: ${show(c.before)} → ${show(c.after)}`);
    } else {
      const what = { skip: "returned null (skip)", unchanged: "changed nothing", failed: "failed" }[
        t.outcome
      ];
      lines.push(`  transform ${t.module} ${what}`);
    }
  }
  return lines;
}

function skipText(decision: Extract<Decision, { kind: "skip" }>): string {
  switch (decision.reason) {
    case "transform":
      return `the transform of mapping ${decision.mappingId} returned null`;
    case "ignore":
      return `mapping ${decision.mappingId} ignores this request (action: ignore)`;
    case "empty":
      return `mapping ${decision.mappingId} has nothing to do: ${decision.detail ?? "forEach found no elements"}`;
  }
}

function field(key: string, value: unknown): string[] {
  if (typeof value === "string" && value.includes("\n")) {
    return [`  ${key}:`, ...value.split("\n").map((l) => (l === "" ? "    |" : `    | ${l}`))];
  }
  return [`  ${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`];
}
