// Per request: look up the rules for the path, try them in order, let the first match build the
// action. Total: every failure becomes a decision, never an exception.
import type { TransformResult } from "../types/generated.js";
import { buildAction } from "./action.js";
import type { RuleIndex } from "./compile.js";
import { seenAt, seenSource, shortValue } from "./explain.js";
import { normaliseHookPath } from "./hook-path.js";
import { describeEngineError, truthy } from "./logic.js";
import type { CompiledRule } from "./rule.js";
import { type TemplateData, templateData } from "./template.js";
import type { TransformInput } from "./transform/types.js";
import type { Decision, ExplainStep, ExplainTrace, HookRequest } from "./types.js";

export interface RouteOptions {
  /** Time `{{now}}` renders (default: the current time). */
  now?: Date;
}

/** What `when` expressions, templates and transforms see of a request (path normalised). */
type LogicContext = TransformInput;

export async function route(graph: RuleIndex, req: HookRequest, opts?: RouteOptions): Promise<Decision> {
  const path = normaliseHookPath(req.path);
  // The index holds only the rules that can apply; the trace lists exactly those.
  const candidates = graph.byPath.get(path) ?? graph.pathless;
  const context: LogicContext = { payload: req.payload, headers: req.headers, query: req.query, path };
  const steps: ExplainStep[] = [];
  const explain: ExplainTrace = { path, steps, totalRules: graph.rules.length };

  for (const rule of candidates) {
    const miss = firstFailure(rule, context);
    if (miss) {
      steps.push(miss);
      continue;
    }
    steps.push({ mappingId: rule.id, origin: rule.origin, matched: true });
    return act(rule, context, opts?.now ?? new Date(), explain);
  }
  return { kind: "no-match", explain };
}

/** The first predicate of the rule that does not hold (the index settled the path), as an explain step. */
function firstFailure(rule: CompiledRule, ctx: LogicContext): ExplainStep | undefined {
  if (rule.source !== undefined && (ctx.payload as { source?: unknown } | null)?.source !== rule.source) {
    const saw = seenSource(ctx.payload);
    return {
      mappingId: rule.id,
      origin: rule.origin,
      matched: false,
      failed: "source",
      expected: rule.source,
      saw,
    };
  }
  const when = rule.when;
  if (!when) return undefined;
  let outcome: string;
  try {
    const result = when.evaluate(ctx);
    if (truthy(result)) return undefined;
    outcome = shortValue(result);
  } catch (err) {
    outcome = `error: ${describeEngineError(err)}`;
  }
  // What the expression read, so an author sees why it came out false.
  let saw = outcome;
  for (const seen of when.reads) saw += `; ${seenAt(ctx, seen)}`;
  return {
    mappingId: rule.id,
    origin: rule.origin,
    matched: false,
    failed: "when",
    expected: when.text,
    saw,
  };
}

async function act(
  rule: CompiledRule,
  ctx: LogicContext,
  now: Date,
  explain: ExplainTrace,
): Promise<Decision> {
  const mappingId = rule.id;
  try {
    let result: TransformResult | undefined;
    if (rule.transform) {
      const outcome = await rule.transform.call(ctx);
      if (!outcome.ok) {
        const error = `mapping ${mappingId}: transform ${rule.transform.module} failed: ${outcome.error}`;
        // A payload the sandbox cannot take in is the sender's mistake (400), not a failed transform.
        const cause = outcome.code === "TRANSFORM_INPUT_REJECTED" ? "action" : "transform";
        return { kind: "invalid", mappingId, cause, code: outcome.code, error, explain };
      }
      if (outcome.result === null) return { kind: "skip", mappingId, explain };
      result = outcome.result;
    }
    const data: TemplateData | undefined = rule.usesTemplates ? templateData(ctx, now) : undefined;
    const built = buildAction(rule.action, data, result);
    if (!built.ok) {
      return {
        kind: "invalid",
        mappingId,
        cause: "action",
        code: "INVALID_ACTION",
        error: built.error,
        explain,
      };
    }
    return built.kind === "wake"
      ? { kind: "wake", action: built.action, mappingId, explain }
      : { kind: "agent", action: built.action, mappingId, explain };
  } catch (err) {
    // Templates and helpers are written not to throw; this keeps route() total if one ever does.
    const message = err instanceof Error ? err.message : String(err);
    const error = `mapping ${mappingId}: building the action failed: ${message}`;
    return { kind: "invalid", mappingId, cause: "transform", code: "MAPPING_FAILED", error, explain };
  }
}
