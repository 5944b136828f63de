// One made-up request through what the server does with it, without a socket or a store: the method
// and body-size checks, a sender's signature (when the request carries one and no hook token), a
// provider's handshake, the rules and the policies, and the HTTP answer. `hookgate test NAME` shows
// one such request; `hookgate test` without a name runs the embedded cases through it.
import type { ResolvedConfig } from "../config/types.js";
import { ERRORS, type ErrorCode } from "../core/errors.js";
import type { RuleIndex } from "../engine/compile.js";
import type { HookRequest } from "../engine/types.js";
import { handshakeAnswer, metaHandshake } from "../engine/verify/challenge.js";
import type { VerifyFailure } from "../engine/verify/types.js";
import { hookPaths } from "../http/hook-paths.js";
import { presentedToken } from "../http/token.js";
import { decisionAnswer, errorAnswer } from "../ingress/answer.js";
import { type CloudEvent, readCloudEvents } from "../ingress/cloudevents.js";
import { createIngress, type IngressDecision } from "../ingress/decide.js";
import { hookRequest } from "../ingress/hook-request.js";
import { type RequestVerification, verifyHookRequest, verifyingRules } from "../ingress/verify.js";

/** What the command line or a test case describes: the request as it would arrive. */
export interface SentRequest {
  name: string;
  /** POST unless given; GET only answers Meta's subscription check. */
  method?: "POST" | "GET";
  raw: Buffer;
  payload: unknown;
  headers: Record<string, string>;
  query: Record<string, string>;
  /**
   * false: sent without the hook token (a sender that signs). Absent: the token is assumed unless the
   * headers carry a signature a mapping of the path reads (what `hookgate test NAME` does).
   */
  token?: boolean;
}

/** What `hookgate test` reports of verification: JSON-ready, without secrets or signatures. */
export type VerifyReport =
  /** The path has no mapping with a verify. */
  | { outcome: "none" }
  /** It has, but the request carries no signature: routed as one with the hook token. */
  | { outcome: "skipped"; reason: string }
  | { outcome: "verified"; scheme: string; id?: string; timestamp?: string; mappings: string[] }
  | { outcome: "refused"; code: string; error: string };

export interface Answer {
  status: number;
  body?: unknown;
}

export interface Simulation {
  /** The request as the rules see it (token and signature headers stripped). */
  request: HookRequest;
  verify: VerifyReport;
  /** The decision of the rules and policies; absent when the server answers before routing. */
  decision?: IngressDecision;
  /** Why the server answered before routing: a refused check, or a handshake it answers itself. */
  early?: { kind: "handshake" } | { kind: "refused"; code: ErrorCode };
  answer: Answer;
}

const FAILURE_CODES = {
  missing: "SIGNATURE_MISSING",
  invalid: "SIGNATURE_INVALID",
  stale: "SIGNATURE_STALE",
} as const satisfies Record<VerifyFailure, keyof typeof ERRORS>;

/** Prepared once per configuration and rule index; run() per request. */
export function simulator(config: ResolvedConfig, index: RuleIndex) {
  const ingress = createIngress(config, index);
  const pathOf = hookPaths(index, config.hooks.maxBodyBytes);

  const refused = (request: HookRequest, verify: VerifyReport, code: ErrorCode, error?: string) => ({
    request,
    verify,
    early: { kind: "refused" as const, code },
    answer: errorAnswer(code, error),
  });

  const run = async (sent: SentRequest, now: Date, explain = true): Promise<Simulation> => {
    const path = pathOf(sent.name);
    const none: VerifyReport = { outcome: "none" };
    if (sent.method === "GET") {
      const request = rulesRequest(index, sent, undefined);
      if (!path.meta) return refused(request, none, "METHOD_NOT_ALLOWED");
      const verdict = metaHandshake(path.meta, sent.query);
      if (!verdict.ok) return refused(request, none, verdict.code);
      return {
        request,
        verify: none,
        early: { kind: "handshake" },
        answer: { status: 200, body: verdict.answer.body },
      };
    }
    if (sent.raw.length > path.maxBodyBytes) {
      const error = `payload too large: ${sent.raw.length} bytes, more than the ${path.maxBodyBytes} of ${path.limitSetting}`;
      return refused(rulesRequest(index, sent, undefined), none, "PAYLOAD_TOO_LARGE", error);
    }
    const check = verifyStep(config, index, sent, now);
    const cloud = readCloudEvents(sent.headers, sent.raw);
    if (cloud.mode === "invalid") {
      return refused(rulesRequest(index, sent, undefined), check.outcome, "INVALID_CLOUDEVENT", cloud.error);
    }
    const request = rulesRequest(
      index,
      sent,
      check.verification,
      cloud.mode === "none" || cloud.mode === "batch" ? undefined : cloud.event,
    );
    if (check.answer) {
      const { early, ...answer } = check.answer;
      return { request, verify: check.outcome, early, answer };
    }
    // A transform's ctx.url shows the hook under hooks.path, as the server's would.
    const target = `${config.hooks.path}/${request.path}${queryText(request.query)}`;
    const decision = await ingress.decide(
      { ...request, target },
      { now, explain, ...(check.verification && { verification: check.verification }) },
    );
    return { request, verify: check.outcome, decision, answer: decisionAnswer(decision) };
  };
  return { run };
}

/** A single CloudEvent (binary or structured mode) is seen as the server sees it: `ce` and its data. */
function rulesRequest(
  index: RuleIndex,
  sent: SentRequest,
  verification: RequestVerification | undefined,
  event?: CloudEvent,
) {
  return hookRequest({
    name: sent.name,
    payload: event ? (event.data ?? {}) : sent.payload,
    ...(event && { ce: event.attributes }),
    headers: sent.headers,
    query: sent.query,
    secretHeaders: index.secretHeaders,
    verified: verification?.verified,
  });
}

interface VerifyStep {
  outcome: VerifyReport;
  verification?: RequestVerification;
  /** A refusal or a handshake: what the server answers without routing. */
  answer?: Answer & { early: NonNullable<Simulation["early"]> };
}

/**
 * Verifies the request as the server would verify one without the hook token: when the hook's
 * mappings verify senders, and the headers carry a signature one of them reads and no token.
 */
function verifyStep(config: ResolvedConfig, index: RuleIndex, sent: SentRequest, now: Date): VerifyStep {
  const rules = verifyingRules(index, sent.name);
  if (rules.length === 0) {
    if (sent.token !== false) return { outcome: { outcome: "none" } };
    // Without the token, a path no mapping verifies senders on is refused unread.
    return {
      outcome: { outcome: "none" },
      answer: { ...errorAnswer("UNAUTHORIZED"), early: { kind: "refused", code: "UNAUTHORIZED" } },
    };
  }
  const signed = rules.some((r) => r.verifier!.present(sent.headers));
  if (
    sent.token === true ||
    (sent.token === undefined && (!signed || presentedToken(sent.headers) !== undefined))
  ) {
    const reason = signed
      ? "the request carries the hook token: every mapping may take it"
      : "no signature headers given (hookgate sign prints them): routed as a request with the hook token; without it the server answers 401";
    return { outcome: { outcome: "skipped", reason } };
  }
  const verification = verifyHookRequest(index, sent.name, {
    body: sent.raw,
    headers: sent.headers,
    url: `${config.hooks.path}/${sent.name}${queryText(sent.query)}`,
    now: now.getTime(),
    payload: () => sent.payload,
  });
  const v = verification.verified;
  if (!v) {
    const code = FAILURE_CODES[verification.failure ?? "missing"];
    return {
      outcome: { outcome: "refused", code, error: ERRORS[code].error },
      answer: { ...errorAnswer(code), early: { kind: "refused", code } },
    };
  }
  const outcome: VerifyReport = {
    outcome: "verified",
    scheme: v.scheme,
    ...(v.id !== undefined && { id: v.id }),
    ...(v.timestamp !== undefined && { timestamp: new Date(v.timestamp * 1000).toISOString() }),
    mappings: verification.passed.map((r) => r.id),
  };
  for (const rule of verification.passed) {
    const hs = rule.challenge && handshakeAnswer(rule.challenge, sent.payload);
    if (hs) {
      return {
        outcome,
        verification,
        answer: { status: 200, body: JSON.parse(hs.body), early: { kind: "handshake" } },
      };
    }
  }
  return { outcome, verification };
}

/** Whether the request, as the simulation took it, carries the hook token (`token` absent settles here). */
export function takenWithToken(sent: SentRequest, verify: VerifyReport): boolean {
  if (verify.outcome === "verified" || verify.outcome === "refused") return false;
  return verify.outcome === "skipped" || sent.token !== false;
}

/** `?a=1&b=2`, or nothing without parameters. */
export function queryText(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text === "" ? "" : `?${text}`;
}
