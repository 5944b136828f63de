// Per request: look up the rules for the path, try them in order, let the first match build the
// action. Total: every failure becomes a decision, never an exception. The explain trace is built
// only when asked for: a live request only evaluates predicates, and looks up rules that test one
// field for a string by that field's value (dispatch.ts).
import type { TransformResult } from "../types/generated.js";
import { type BuiltAction, buildAction } from "./action.js";
import { BudgetExceededError } from "./budget.js";
import type { RuleIndex } from "./compile.js";
import type { DispatchStep } from "./dispatch.js";
import { failedClauses, seenByWhen, seenSource } from "./explain.js";
import { flowKeys } from "./flow.js";
import { type CompiledForEach, forEachItems } from "./for-each.js";
import { normaliseHookPath } from "./hook-path.js";
import { truthy } from "./logic.js";
import type { CompiledRule } from "./rule.js";
import { type TemplateData, templateData } from "./template.js";
import { templateBudget } from "./template-budget.js";
import type { TransformInput } from "./transform/types.js";
import { transformUrl } from "./transform/url.js";
import type {
  AgentAction,
  Decision,
  ExplainStep,
  ExplainTrace,
  HookRequest,
  TransformEffect,
  WakeAction,
} from "./types.js";
import type { RequestVerification } from "./verify/request.js";

export interface RouteOptions {
  /** Time `{{now}}` renders (default: the current time). */
  now?: Date;
  /** Build the explain trace (every rule looked at and why it did not match). Default false. */
  explain?: boolean;
  /**
   * The request came without the hook token: only the mappings it passed the verify of may match.
   * Absent: a request with the token, which every mapping may match.
   */
  verification?: RequestVerification;
}

/** Whether a rule may take the request: always with the token, else only if its verify passed. */
type Admits = ((rule: CompiledRule) => boolean) | undefined;

/** What `when` expressions, templates and transforms see of a request (path normalised). */
type LogicContext = TransformInput;

export async function route(index: RuleIndex, req: HookRequest, opts?: RouteOptions): Promise<Decision> {
  const path = normaliseHookPath(req.path);
  const context: LogicContext = { payload: req.payload, headers: req.headers, query: req.query, path };
  if (req.verified) context.verified = req.verified;
  if (req.ce) context.ce = req.ce;
  const verification = opts?.verification;
  const admits: Admits = verification && ((rule) => verification.outcomeOf(rule)?.ok === true);
  const now = opts?.now ?? new Date();
  const explain: ExplainTrace | undefined = opts?.explain
    ? { path, steps: [], totalRules: index.rules.length }
    : undefined;
  try {
    const rule = explain
      ? tracedMatch(index.byPath.get(path) ?? index.pathless, context, explain, verification)
      : firstMatch(index.plans.get(path) ?? index.pathlessPlan, context, admits);
    if (rule) return withRule(rule, await act(rule, context, req, now, explain));
    return { kind: "no-match", path, ...(explain && { explain }) };
  } catch (err) {
    // A `when` that blew its budget owns the request: later rules are not tried (422 naming it).
    if (err instanceof WhenOverBudget) return overBudget(err.rule.id, err.cause, explain);
    throw err;
  }
}

/** With a trace, every candidate is evaluated in order, so the trace lists each rule looked at. */
function tracedMatch(
  candidates: readonly CompiledRule[],
  ctx: LogicContext,
  explain: ExplainTrace,
  verification: RequestVerification | undefined,
): CompiledRule | undefined {
  for (const rule of candidates) {
    if (verification && verification.outcomeOf(rule)?.ok !== true) {
      explain.steps.push(explainUnverified(rule, verification));
      continue;
    }
    if (matches(rule, ctx)) {
      explain.steps.push({ mappingId: rule.id, origin: rule.origin, matched: true });
      return rule;
    }
    explain.steps.push(explainMiss(rule, ctx));
  }
  return undefined;
}

/** A rule's `when` went over its per-request budget; carries the rule to name it. */
class WhenOverBudget extends Error {
  constructor(
    readonly rule: CompiledRule,
    override readonly cause: BudgetExceededError,
  ) {
    super(cause.message);
  }
}

/** The first rule whose predicates hold, looking up groups of equality rules by value. */
function firstMatch(
  plan: readonly DispatchStep[],
  ctx: LogicContext,
  admits: Admits,
): CompiledRule | undefined {
  for (const step of plan) {
    if (step.rule) {
      if ((!admits || admits(step.rule)) && matches(step.rule, ctx)) return step.rule;
      continue;
    }
    const value = step.group.read(ctx);
    const tried = typeof value === "string" ? (step.group.byValue.get(value) ?? NONE) : step.group.rules;
    for (const rule of tried) if ((!admits || admits(rule)) && matches(rule, ctx)) return rule;
  }
  return undefined;
}

const NONE: readonly CompiledRule[] = [];

/** Whether every predicate of the rule holds (the index settled the path). */
function matches(rule: CompiledRule, ctx: LogicContext): boolean {
  if (!sourceHolds(rule, ctx)) return false;
  if (!rule.when) return true;
  try {
    return truthy(rule.when.evaluate(ctx));
  } catch (err) {
    if (err instanceof BudgetExceededError) throw new WhenOverBudget(rule, err);
    // An expression that throws on this payload does not hold; explain shows the error.
    return false;
  }
}

function sourceHolds(rule: CompiledRule, ctx: LogicContext): boolean {
  return rule.source === undefined || (ctx.payload as { source?: unknown } | null)?.source === rule.source;
}

const FAILURE_TEXT = {
  missing: "no signature (or a header the scheme needs is missing)",
  invalid: "a signature that matches none of the secrets",
  stale: "a matching signature whose timestamp is outside the tolerance",
} as const;

/** A rule a request without the hook token may not reach: why. */
function explainUnverified(rule: CompiledRule, verification: RequestVerification): ExplainStep {
  const step: ExplainStep = { mappingId: rule.id, origin: rule.origin, matched: false, failed: "verify" };
  const outcome = verification.outcomeOf(rule);
  if (!outcome) return { ...step, expected: "the hook token (the mapping has no verify)", saw: "no token" };
  return {
    ...step,
    expected: `a ${rule.verifier!.scheme} signature`,
    saw: outcome.ok ? "verified" : FAILURE_TEXT[outcome.failure],
  };
}

/** The first predicate of a rule that did not hold, with what it saw. */
function explainMiss(rule: CompiledRule, ctx: LogicContext): ExplainStep {
  const step: ExplainStep = { mappingId: rule.id, origin: rule.origin, matched: false };
  if (!sourceHolds(rule, ctx)) {
    return { ...step, failed: "source", expected: rule.source, saw: seenSource(ctx.payload) };
  }
  const when = rule.when!;
  const clauses = failedClauses(when, ctx);
  return {
    ...step,
    failed: "when",
    expected: when.text,
    saw: seenByWhen(when, ctx),
    ...(clauses && clauses.length > 0 && { clauses }),
  };
}

/**
 * An accepting decision carries its rule's successStatus / successBody, for the answer, and its flow
 * control. The decision is the one act() just made for this request: completed in place, not copied.
 */
function withRule(rule: CompiledRule, decision: Decision): Decision {
  const { kind } = decision;
  if (rule.successAnswer !== undefined && (kind === "wake" || kind === "agent" || kind === "skip")) {
    decision.successAnswer = rule.successAnswer;
  }
  if (rule.flow !== undefined && (kind === "wake" || kind === "agent")) decision.flow = rule.flow;
  return decision;
}

/**
 * The action with the keys its rule's flow renders from `data` (the request or a forEach element):
 * set on the action buildAction just made for it.
 */
function keyed<A extends AgentAction | WakeAction>(
  rule: CompiledRule,
  action: A,
  data: TemplateData | undefined,
): A {
  if (!rule.flow || !data) return action;
  const keys = flowKeys(rule.flow, data);
  if (keys) action.flow = keys;
  return action;
}

async function act(
  rule: CompiledRule,
  ctx: LogicContext,
  req: HookRequest,
  now: Date,
  explain: ExplainTrace | undefined,
): Promise<Decision> {
  const mappingId = rule.id;
  const trace = explain ? { explain } : {};
  if (rule.ignore) return { kind: "skip", mappingId, reason: "ignore", ...trace };
  try {
    let result: TransformResult | undefined;
    if (rule.transform) {
      const outcome = await rule.transform.call({ ...ctx, url: transformUrl({ ...req, path: ctx.path }) });
      if (!outcome.ok) {
        if (explain) explain.transform = { module: rule.transform.module, outcome: "failed" };
        const error = `mapping ${mappingId}: transform ${rule.transform.module} failed: ${outcome.error}`;
        // A payload the sandbox cannot take in is the sender's mistake (4xx), not a failed transform.
        const senders =
          outcome.code === "TRANSFORM_INPUT_REJECTED" || outcome.code === "TRANSFORM_INPUT_TOO_LARGE";
        const cause = senders ? "action" : "transform";
        return { kind: "invalid", mappingId, cause, code: outcome.code, error, ...trace };
      }
      if (outcome.result === null) {
        if (explain) explain.transform = { module: rule.transform.module, outcome: "skip" };
        return { kind: "skip", mappingId, reason: "transform", ...trace };
      }
      result = outcome.result;
    }
    if (rule.forEach) return fanOut(rule, rule.forEach, ctx, now, result, explain);
    const data: TemplateData | undefined = rule.usesTemplates ? templateData(ctx, now) : undefined;
    const built = buildAction(rule.action, data, result);
    if (explain && rule.transform && result) {
      explain.transform = transformEffect(rule.transform.module, templatesOnly(rule, data), built);
    }
    if (!built.ok) return invalidAction(mappingId, built.error, explain);
    return built.kind === "wake"
      ? { kind: "wake", action: keyed(rule, built.action, data), mappingId, ...trace }
      : { kind: "agent", action: keyed(rule, built.action, data), mappingId, ...trace };
  } catch (err) {
    if (err instanceof BudgetExceededError) return overBudget(mappingId, err, explain);
    // Templates and helpers are written not to throw; this keeps route() total if one ever does.
    const message = err instanceof Error ? err.message : String(err);
    const error = `mapping ${mappingId}: building the action failed: ${message}`;
    return { kind: "invalid", mappingId, cause: "transform", code: "MAPPING_FAILED", error, ...trace };
  }
}

/**
 * One action per element of the forEach array, each element the templates' root. The transform ran
 * once for the request: its fields apply to every element's action. All renders share one budget, so
 * a long array costs what one long payload would. Any element that cannot make a valid action makes
 * the whole request invalid: a fan-out is stored whole or not at all.
 */
function fanOut(
  rule: CompiledRule,
  spec: CompiledForEach,
  ctx: LogicContext,
  now: Date,
  result: TransformResult | undefined,
  explain: ExplainTrace | undefined,
): Decision {
  const mappingId = rule.id;
  const trace = explain ? { explain } : {};
  const found = forEachItems(spec, templateData(ctx, now));
  if (!found.ok) {
    if (found.reason === "empty")
      return { kind: "skip", mappingId, reason: "empty", detail: found.detail, ...trace };
    const error = `mapping ${mappingId}: forEach ${spec.path} has ${found.count} elements, more than forEachMax ${spec.max}; split the batch at the sender or raise forEachMax (at most 1000)`;
    return { kind: "invalid", mappingId, cause: "action", code: "FOREACH_TOO_MANY", error, ...trace };
  }
  const budget = templateBudget();
  const built: Array<Extract<BuiltAction, { ok: true }>> = [];
  const keys: Array<TemplateData | undefined> = [];
  for (const [i, item] of found.items.entries()) {
    const data = rule.usesTemplates ? templateData({ ...ctx, payload: item }, now) : undefined;
    const one = buildAction(rule.action, data, result, budget);
    if (explain && i === 0 && rule.transform && result) {
      explain.transform = transformEffect(rule.transform.module, templatesOnly(rule, data), one);
    }
    if (!one.ok) {
      // `mapping <id>: forEach element <i>: <problem>`, as a refusal by the policies reads.
      const problem = one.error.replace(`mapping ${mappingId}: `, "");
      return invalidAction(mappingId, `mapping ${mappingId}: forEach element ${i}: ${problem}`, explain);
    }
    built.push(one);
    keys.push(data);
  }
  // The transform, run once, settles the kind: every element's action has the same one.
  const first = built[0]!;
  if (first.kind === "wake") {
    const actions = built.map((b, i) => keyed(rule, b.action as WakeAction, keys[i]));
    return { kind: "wake", action: actions[0]!, actions, mappingId, ...trace };
  }
  const actions = built.map((b, i) => keyed(rule, b.action as AgentAction, keys[i]));
  return { kind: "agent", action: actions[0]!, actions, mappingId, ...trace };
}

function invalidAction(mappingId: string, error: string, explain: ExplainTrace | undefined): Decision {
  return {
    kind: "invalid",
    mappingId,
    cause: "action",
    code: "INVALID_ACTION",
    error,
    ...(explain && { explain }),
  };
}

/**
 * The action the templates alone build, for showing what the transform changed. It renders fields the
 * transform replaced, so it may go over a budget the real request never reaches: then no comparison.
 */
function templatesOnly(rule: CompiledRule, data: TemplateData | undefined): BuiltAction | undefined {
  try {
    return buildAction(rule.action, data);
  } catch (err) {
    if (err instanceof BudgetExceededError) return undefined;
    throw err;
  }
}

/** The fields a transform's result changed, against the action the templates alone build. */
function transformEffect(
  module: string,
  before: BuiltAction | undefined,
  after: BuiltAction,
): TransformEffect {
  if (!before) return { module, outcome: "changed" };
  const fields = (b: BuiltAction): Record<string, unknown> =>
    b.ok ? { kind: b.kind, ...b.action } : { kind: "(invalid)", error: b.error };
  const from = fields(before);
  const to = fields(after);
  const changes: NonNullable<TransformEffect["changes"]> = [];
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (JSON.stringify(from[field]) === JSON.stringify(to[field])) continue;
    changes.push({
      field,
      ...(from[field] !== undefined && { before: from[field] }),
      ...(to[field] !== undefined && { after: to[field] }),
    });
  }
  return { module, outcome: changes.length > 0 ? "changed" : "unchanged", changes };
}

/** A `when` or templates over the per-request budget: the payload is too much for this mapping (422). */
function overBudget(
  mappingId: string,
  err: BudgetExceededError,
  explain: ExplainTrace | undefined,
): Decision {
  const error = `mapping ${mappingId}: ${err.message}`;
  return { kind: "invalid", mappingId, cause: "action", code: err.code, error, ...(explain && { explain }) };
}
