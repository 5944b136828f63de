// The transport-free ingress pipeline, shared by the HTTP server and `hookgate test`:
//   hook request (token headers stripped) → /wake or /agent, else the rules → policies → decision.
// What remains for the transport is reading the body, authentication, idempotency and storing.
import type { ResolvedConfig } from "../config/types.js";
import { ERRORS, type ErrorCode } from "../core/errors.js";
import { inSpan } from "../core/tracing.js";
import type { RuleIndex } from "../engine/compile.js";
import type { CompiledFlow } from "../engine/flow.js";
import { route } from "../engine/route.js";
import type { SuccessAnswer } from "../engine/success-answer.js";
import type { AgentAction, ExplainTrace, HookRequest, SkipReason, WakeAction } from "../engine/types.js";
import type { RequestVerification } from "../engine/verify/request.js";
import { type AgentVerdict, agentPolicy } from "../policy/agent-policy.js";
import { directAction } from "./direct.js";

/** One element's run of a fan-out: its action and what the policies settled for it. */
export interface AdmittedRun {
  action: AgentAction;
  verdict: AgentVerdict;
}

/**
 * A forEach mapping's wake or agent decision carries every element's action in `fanOut` (in order,
 * at least one); `action` (and `verdict`) are then the first element's.
 */
export type IngressDecision =
  | {
      kind: "wake";
      action: WakeAction;
      fanOut?: WakeAction[];
      mappingId?: string;
      /** The mapping's successStatus / successBody, when it sets them. */
      successAnswer?: SuccessAnswer;
      /** The mapping's dedupe and coalesce (the actions carry their keys). */
      flow?: CompiledFlow;
      explain?: ExplainTrace;
    }
  | {
      kind: "agent";
      action: AgentAction;
      /** What the policies settled: session key, canonical model, channel. */
      verdict: AgentVerdict;
      fanOut?: AdmittedRun[];
      mappingId?: string;
      successAnswer?: SuccessAnswer;
      flow?: CompiledFlow;
      explain?: ExplainTrace;
    }
  /** Nothing to do (HTTP 204): a transform returned null, an ignore mapping, or forEach found nothing. */
  | {
      kind: "skip";
      mappingId: string;
      reason: SkipReason;
      detail?: string;
      successAnswer?: SuccessAnswer;
      explain?: ExplainTrace;
    }
  | {
      kind: "refused";
      code: ErrorCode;
      /** The sentence the client gets. */
      error: string;
      /** For failures on our side (5xx): what went wrong, for the log only. */
      detail?: string;
      mappingId?: string;
      /** The action the policies refused, for showing (hookgate test). */
      refusedAction?: AgentAction;
      /** A fan-out refused for one element's action: its index in the forEach array. */
      element?: number;
      explain?: ExplainTrace;
    };

export interface DecideOptions {
  /** Build the rules' explain trace (hookgate test, debug logging). */
  explain?: boolean;
  /** Time `{{now}}` renders. */
  now?: Date;
  /** The request came without the hook token: only the mappings it passed the verify of may take it. */
  verification?: RequestVerification;
}

export interface Ingress {
  decide(req: HookRequest, opts?: DecideOptions): Promise<IngressDecision>;
}

/** Prepared once per config and rule index; decide() runs per request. */
export function createIngress(config: ResolvedConfig, index: RuleIndex): Ingress {
  const policy = agentPolicy(config);
  const hooksPath = config.hooks.path;

  const admit = (
    action: AgentAction,
    mappingId: string | undefined,
    explain: ExplainTrace | undefined,
  ): IngressDecision => {
    const verdict = policy(action);
    const extra = { ...(mappingId !== undefined && { mappingId }), ...(explain && { explain }) };
    if (!verdict.ok) {
      return { kind: "refused", code: verdict.code, error: verdict.error, refusedAction: action, ...extra };
    }
    return { kind: "agent", action, verdict: verdict.value, ...extra };
  };

  /**
   * Every element's action passes the same policies as a single run's; one refused refuses the
   * request (naming the element), so a fan-out is accepted whole or not at all.
   */
  const admitAll = (
    actions: AgentAction[],
    mappingId: string,
    explain: ExplainTrace | undefined,
  ): IngressDecision => {
    const runs: AdmittedRun[] = [];
    for (const [i, action] of actions.entries()) {
      const verdict = policy(action);
      if (!verdict.ok) {
        return {
          kind: "refused",
          code: verdict.code,
          error: `mapping ${mappingId}: forEach element ${i}: ${verdict.error}`,
          refusedAction: action,
          element: i,
          mappingId,
          ...(explain && { explain }),
        };
      }
      runs.push({ action, verdict: verdict.value });
    }
    const first = runs[0]!;
    return {
      kind: "agent",
      action: first.action,
      verdict: first.verdict,
      fanOut: runs,
      mappingId,
      ...(explain && { explain }),
    };
  };

  const decide = async (req: HookRequest, opts: DecideOptions): Promise<IngressDecision> => {
    // The built-in endpoints take the hook token only; a verified request goes to mappings.
    const direct = opts.verification ? null : directAction(req.path, req.payload);
    if (direct) {
      if (!direct.ok) return { kind: "refused", code: "INVALID_PAYLOAD", error: direct.error };
      return direct.kind === "wake"
        ? { kind: "wake", action: direct.action }
        : admit(direct.action, undefined, undefined);
    }
    const decision = await route(index, req, opts);
    const { explain } = decision;
    const trace = explain ? { explain } : {};
    switch (decision.kind) {
      case "no-match":
        return {
          kind: "refused",
          code: "HOOK_NOT_FOUND",
          error: `no hook mapping matches ${hooksPath}/${decision.path}`,
          ...trace,
        };
      case "skip":
        return decision;
      case "invalid": {
        const { mappingId, code } = decision;
        // A failure on our side: the client learns its kind (the code), the details go to the log.
        if (ERRORS[code].status >= 500) {
          return {
            kind: "refused",
            code,
            error: ERRORS[code].error,
            detail: decision.error,
            mappingId,
            ...trace,
          };
        }
        return { kind: "refused", code, error: decision.error, mappingId, ...trace };
      }
      case "wake": {
        const { actions, ...one } = decision;
        return actions ? { ...one, fanOut: actions } : one;
      }
      case "agent": {
        const admitted = decision.actions
          ? admitAll(decision.actions, decision.mappingId, explain)
          : admit(decision.action, decision.mappingId, explain);
        const { successAnswer, flow } = decision;
        if (admitted.kind !== "agent") return admitted;
        return { ...admitted, ...(successAnswer && { successAnswer }), ...(flow && { flow }) };
      }
    }
  };

  return {
    decide: (req, opts = {}) =>
      inSpan("hookgate.route", { "hookgate.hook": req.path }, async (span) => {
        const decision = await decide(req, opts);
        span.setAttribute("hookgate.decision", decision.kind);
        if (decision.mappingId !== undefined) span.setAttribute("hookgate.mapping_id", decision.mappingId);
        if (decision.kind === "refused") span.setAttribute("hookgate.code", decision.code);
        return decision;
      }),
  };
}
