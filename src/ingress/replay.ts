// Re-deciding a logged request with the rules in force now, without side effects: the same pipeline as
// the server (src/ingress/decide.ts), fed the request as the log kept it and the time it arrived (so
// `{{now}}` renders as it did). `hookgate replay` and the console's request view both use it.
import type { RequestDecision } from "../core/decision-record.js";
import type { HookRequest } from "../engine/types.js";
import type { RequestVerification } from "../engine/verify/request.js";
import type { Verified, VerifyScheme } from "../engine/verify/types.js";
import { readCloudEvents } from "./cloudevents.js";
import type { Ingress, IngressDecision } from "./decide.js";
import {
  compareDecisions,
  type DecisionChange,
  type DecisionSummary,
  decisionRecord,
} from "./logged-decision.js";
import { parsePayload } from "./payload.js";

/** The parts of a request log entry replay reads. */
export interface LoggedRequest {
  hook: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  body?: Uint8Array;
  bodyCut: boolean;
  receivedAt: number;
  outcome: string;
  code?: string;
  mappingId?: string;
  decision?: RequestDecision;
  rulesDigest?: string;
  /** The verify scheme a request without the hook token passed. */
  verified?: string;
}

export type Redecision =
  | { replayable: false; why: string }
  | {
      replayable: true;
      request: HookRequest;
      now: IngressDecision;
      /** What differs from the decision then; [] when nothing does. */
      changes: DecisionChange[];
      /** Whether the rules and policies changed since the request was decided. */
      rulesChanged: boolean;
    };

export interface RedecideContext {
  ingress: Ingress;
  rulesDigest: string;
  /** Whether runs without a session key get a fresh `hook:<uuid>` (no hooks.defaultSessionKey). */
  generatedSessionKeys: boolean;
  /** Build the explain trace of the new decision. */
  explain?: boolean;
}

export async function redecide(logged: LoggedRequest, ctx: RedecideContext): Promise<Redecision> {
  const request = requestOf(logged);
  if ("why" in request) return { replayable: false, why: request.why };
  const verification = logged.verified ? replayedVerification(logged.verified as VerifyScheme) : undefined;
  if (verification?.verified) request.verified = verification.verified;
  const now = await ctx.ingress.decide(request, {
    now: new Date(logged.receivedAt),
    ...(ctx.explain && { explain: true }),
    ...(verification && { verification }),
  });
  const then: DecisionSummary = {
    ...(logged.decision && { decision: logged.decision }),
    ...(logged.mappingId !== undefined && { mappingId: logged.mappingId }),
    ...(logged.code !== undefined && { code: logged.code }),
  };
  const changes = logged.outcome === "replayed" ? [] : compareDecisions(then, summaryOf(now, ctx));
  return { replayable: true, request, now, changes, rulesChanged: logged.rulesDigest !== ctx.rulesDigest };
}

function summaryOf(d: IngressDecision, ctx: Pick<RedecideContext, "generatedSessionKeys">): DecisionSummary {
  return {
    decision: decisionRecord(d, ctx.generatedSessionKeys),
    ...(d.mappingId !== undefined && { mappingId: d.mappingId }),
    ...(d.kind === "refused" && { code: d.code }),
  };
}

/** The request the rules saw, rebuilt from the log; why not, when the log cannot give it whole. */
export function requestOf(logged: LoggedRequest): HookRequest | { why: string } {
  if (logged.outcome === "rejected") {
    return {
      why: `refused before the rules looked at it (${logged.code ?? "rejected"}): nothing to re-decide`,
    };
  }
  if (logged.bodyCut) {
    return {
      why: "only the first part of the body was kept (requestLog.maxBodyBytes): it cannot be re-decided",
    };
  }
  // As the server read it: a CloudEvent as its data and attributes, a form by its content type, JSON
  // otherwise.
  const body = logged.body ? Buffer.from(logged.body) : Buffer.alloc(0);
  const cloud = readCloudEvents(logged.headers, body);
  if (cloud.mode === "batch")
    return { why: "a CloudEvents batch is decided event by event: it cannot be re-decided as one" };
  if (cloud.mode === "invalid") return { why: `not a valid CloudEvent: ${cloud.error}` };
  if (cloud.mode !== "none") {
    const { attributes, data } = cloud.event;
    return {
      path: logged.hook,
      payload: data ?? {},
      headers: logged.headers,
      query: logged.query,
      ce: attributes,
    };
  }
  const parsed = parsePayload(body, logged.headers["content-type"]);
  if (!parsed.ok) return { why: `the ${parsed.error}` };
  return { path: logged.hook, payload: parsed.value, headers: logged.headers, query: logged.query };
}

/**
 * A request that came without the hook token and passed a verify of `scheme`. The log removed its
 * signature, so it cannot be checked again: it may reach the mappings that verify with the same scheme
 * (what it proved then), never a token-only mapping nor /wake and /agent — as on the server.
 */
function replayedVerification(scheme: VerifyScheme): RequestVerification {
  const verified: Verified = { scheme };
  return {
    verified,
    passed: [],
    failure: undefined,
    outcomeOf: (rule) => {
      if (!rule.verifier) return undefined;
      return rule.verifier.scheme === scheme ? { ok: true, verified } : { ok: false, failure: "missing" };
    },
  };
}
