// Contracts of the rule engine. The engine is pure: it sees requests as data and returns decisions.
import type { ErrorCode } from "../core/errors.js";
import type { RunLane } from "../core/lane.js";
import type { AgentPayload, WakePayload } from "../types/generated.js";
import type { ClauseFailure } from "./explain.js";
import type { SuccessAnswer } from "./success-answer.js";
import type { Verified } from "./verify/types.js";

export type { Verified };

/** What the engine sees of one HTTP request under hooks.path. */
export interface HookRequest {
  /** Hook name after hooks.path, normalised (no leading/trailing slash), e.g. `github` or `ci/build`. */
  path: string;
  payload: unknown;
  /** Lower-case header names; multiple values joined with `, `. */
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Set when the request came without the hook token and passed a mapping's verify. */
  verified?: Verified;
  /** A CloudEvent's context attributes (type, source, id, extensions); `payload` is then its data. */
  ce?: Record<string, unknown>;
  /** The request target as sent (path and query string), for a transform's ctx.url. */
  target?: string;
}

/** A template over a request's data (a CompiledTemplate; declared here, as template.ts reads these types). */
type FlowTemplate = (data: Record<string, unknown>) => string;

/** A coalesce template over a window's items (each its message and time) and key. */
type ItemsTemplate = (items: ReadonlyArray<{ message: string; at: number }>, key: string) => string;

/** A mapping's flow control, compiled at load (engine/flow.ts): key templates, windows, the coalesce template. */
export interface CompiledFlow {
  /** Its mapping's id: the scope its windows, keys and counts are kept under. */
  scope: string;
  /** The lane its runs wait in (flow.lane, or flow.concurrency alone). */
  lane?: RunLane;
  dedupe?: { key: FlowTemplate; windowMs: number };
  coalesce?: {
    key: FlowTemplate;
    windowMs: number;
    max: number;
    template?: FlowTemplate;
    /** The template over a window's items, made once here and shared by every request's spec. */
    render?: ItemsTemplate;
  };
  /** Runs started per fixed period; past it a run is held or dropped (`over`). Agent runs only. */
  rate?: FlowRate;
  /** Runs and tokens per fixed period; past it a run is held or dropped (`over`). Agent runs only. */
  budget?: FlowBudget;
}

/** A mapping's budget: at most `runs` runs per period, and none once the period's tokens reached `tokens`. */
export interface FlowBudget {
  runs?: number;
  tokens?: number;
  perMs: number;
  over: "hold" | "drop";
}

/** A mapping's rate: at most `max` runs per period of `perMs`, the rest held or dropped. */
export interface FlowRate {
  max: number;
  perMs: number;
  over: "hold" | "drop";
}

/** The keys one action was given, as rendered from its request (or forEach element). */
export interface FlowKeys {
  dedupe?: string;
  coalesce?: string;
}

export interface WakeAction extends Required<Pick<WakePayload, "text" | "mode">> {
  /** Hook name used in summaries (mapped wakes). */
  name?: string;
  /** The dedupe and coalesce keys its mapping's flow rendered for it. */
  flow?: FlowKeys;
}

/** An agent action before policies (session key, agent id, model, channel) are applied. */
export interface AgentAction extends AgentPayload {
  /** true disables the external-content wrapper (mapping or hooks.mail setting). */
  allowUnsafeExternalContent?: boolean;
  /** Word on the wrapper's Source: line: `Email` for the mail pack, else `Webhook`. */
  contentSource?: string;
  /** Whether sessionKey came from the request payload (/agent) rather than a mapping. */
  sessionKeyFromRequest?: boolean;
  /** Pack the action came from (e.g. `mail`), so the runtime can apply hooks.mail.model. */
  pack?: string;
  /** The dedupe and coalesce keys its mapping's flow rendered for it. */
  flow?: FlowKeys;
}

export interface ExplainStep {
  mappingId: string;
  origin: string;
  matched: boolean;
  /**
   * First predicate that failed (`path`, `source`, `when`), absent when matched; `verify`: the request
   * came without the hook token and did not pass this mapping's verify (or it has none).
   */
  failed?: "path" | "source" | "when" | "verify";
  /** What the predicate expected, e.g. the configured path or source. */
  expected?: string;
  /** The value the failed predicate saw, truncated; authorization-like headers redacted. */
  saw?: string;
  /** A failed top-level `and`: its first false clause; a failed `or`: every clause. */
  clauses?: ClauseFailure[];
}

/** What a matched rule's transform did to the action its templates built. */
export interface TransformEffect {
  module: string;
  /** skip: it returned null (HTTP 204); changed: the fields it set or replaced; failed: see the decision. */
  outcome: "skip" | "changed" | "unchanged" | "failed";
  changes?: { field: string; before?: unknown; after?: unknown }[];
}

export interface ExplainTrace {
  path: string;
  /** Every rule looked at, in order. */
  steps: ExplainStep[];
  /** Number of rules in the index (the index skips the rest). */
  totalRules: number;
  /** The matched rule's transform, when it has one. */
  transform?: TransformEffect;
}

/**
 * Why a request answers 204 with nothing stored: the transform returned null, the mapping's action is
 * `ignore`, or its forEach found no elements (`detail` says what it saw).
 */
export type SkipReason = "transform" | "ignore" | "empty";

/**
 * `explain` is present only when the caller asked for it (route's `explain` option). A forEach
 * mapping's wake or agent decision lists every element's action in `actions` (one or more, in order);
 * `action` is then the first of them.
 */
export type Decision =
  | {
      kind: "wake";
      action: WakeAction;
      actions?: WakeAction[];
      mappingId: string;
      /** The rule's successStatus / successBody, when it sets them. */
      successAnswer?: SuccessAnswer;
      /** The rule's flow control (its actions carry their keys). */
      flow?: CompiledFlow;
      explain?: ExplainTrace;
    }
  | {
      kind: "agent";
      action: AgentAction;
      actions?: AgentAction[];
      mappingId: string;
      successAnswer?: SuccessAnswer;
      flow?: CompiledFlow;
      explain?: ExplainTrace;
    }
  | {
      kind: "skip";
      mappingId: string;
      reason: SkipReason;
      detail?: string;
      successAnswer?: SuccessAnswer;
      explain?: ExplainTrace;
    }
  | { kind: "no-match"; path: string; explain?: ExplainTrace }
  | {
      kind: "invalid";
      mappingId: string;
      /**
       * transform: the transform threw or broke a limit (HTTP 500); action: the payload cannot make a
       * valid action here: the built action is invalid, or a work budget ran out (HTTP 4xx, the code's status).
       */
      cause: "transform" | "action";
      /** Stable upper-case code, e.g. TRANSFORM_TIMEOUT, INVALID_ACTION. */
      code: ErrorCode;
      /** Sentence naming the mapping, the field and the problem (server log; 400 body for cause action). */
      error: string;
      explain?: ExplainTrace;
    };
