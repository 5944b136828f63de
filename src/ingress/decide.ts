// The transport-free ingress pipeline, shared by the HTTP server and `hookgate test`:
//   hook request (token headers stripped) → /wake or /agent, else the rules → policies → decision.
// What remains for the transport is reading the body, authentication, idempotency and storing.
import type { ResolvedConfig } from "../config/types.js";
import { ERRORS, type ErrorCode } from "../core/errors.js";
import type { RuleIndex } from "../engine/compile.js";
import { route } from "../engine/route.js";
import type { AgentAction, ExplainTrace, HookRequest, WakeAction } from "../engine/types.js";
import type { RequestVerification } from "../engine/verify/request.js";
import { type AgentVerdict, agentPolicy } from "../policy/agent-policy.js";
import { directAction } from "./direct.js";

export type IngressDecision =
  | { kind: "wake"; action: WakeAction; mappingId?: string; explain?: ExplainTrace }
  | {
      kind: "agent";
      action: AgentAction;
      /** What the policies settled: session key, canonical model, channel. */
      verdict: AgentVerdict;
      mappingId?: string;
      explain?: ExplainTrace;
    }
  /** A transform returned null: nothing to do (HTTP 204). */
  | { kind: "skip"; mappingId: string; explain?: ExplainTrace }
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

  return {
    async decide(req, opts = {}) {
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
        case "wake":
          return decision;
        case "agent":
          return admit(decision.action, decision.mappingId, explain);
      }
    },
  };
}
