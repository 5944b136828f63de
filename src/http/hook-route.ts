// The HTTP side of a hook request under hooks.path, in the contract's order: query token → 400,
// method → 405, auth → 401/429, empty sub-path → 404, body → 413/408/400, idempotency; then the
// transport-free pipeline (src/ingress/decide.ts) decides, and an accepted action is stored before
// the answer. Everything before the body runs in onRequest, so a refused request is never read.
//
// A request without the hook token is read only on a path with mappings that verify senders: its raw
// body is verified there (src/ingress/verify.ts), even from a locked address: a failure is refused
// (429 when the address is locked) but not counted, and a pass lets it reach only the mappings it
// passed. Its delivery id (or, for a scheme that signs only the body, the body itself) then works as
// an Idempotency-Key for at least the sender's retry horizon, so a provider's redelivery gets the
// first answer and starts nothing new.
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { sha256 } from "../core/digest.js";
import type { ErrorCode } from "../core/errors.js";
import type { RuleIndex } from "../engine/compile.js";
import type { SuccessAnswer } from "../engine/success-answer.js";
import { type HandshakeAnswer, handshakeAnswer, metaHandshake } from "../engine/verify/challenge.js";
import type { VerifyFailure } from "../engine/verify/types.js";
import { acceptedAnswer, decisionAnswer } from "../ingress/answer.js";
import { type CloudEvent, cloudEventDeliveryId, readCloudEvents } from "../ingress/cloudevents.js";
import { createIngress, type IngressDecision } from "../ingress/decide.js";
import { requestDeliveryId } from "../ingress/delivery-id.js";
import { hookRequest } from "../ingress/hook-request.js";
import { type ParsedPayload, parsePayload } from "../ingress/payload.js";
import { type RequestVerification, verifiedDeliveryKey, verifyHookRequest } from "../ingress/verify.js";
import type { Runtime } from "../runtime/types.js";
import type { AcceptResult, IdempotencyRef } from "../store/types.js";
import { type AcceptFlow, createAcceptor } from "./accept.js";
import { type AuthFailureLimiter, type FailureVerdict, MemoryAuthLimiter } from "./auth-limiter.js";
import { readBody } from "./body.js";
import { foldAddress, throttleKey } from "./client-address.js";
import { type BatchAnswer, batchAnswer } from "./cloudevents-batch.js";
import {
  abuseProtectionHeaders,
  eventGridValidationCode,
  isCloudEventsHandshake,
} from "./cloudevents-handshake.js";
import { HttpError } from "./errors.js";
import { type HookPath, hookPaths } from "./hook-paths.js";
import { requestIdempotencyKey } from "./idempotency-key.js";
import { hasQueryToken, hookName, pathOnly, queryOf } from "./request-parts.js";
import { presentedToken, tokenMatcher } from "./token.js";
import { type BodyReservation, UnauthenticatedBodies } from "./unauthenticated-bodies.js";

/** What the guard learns for the handler, and what a request leaves behind for its log line. */
export interface RequestNotes {
  hook?: string;
  query?: Record<string, string>;
  mappingId?: string;
  runId?: string;
  /** Every run a fan-out queued (runId is the first). */
  runIds?: string[];
  /** The error code of a refused request, for the request log. */
  code?: ErrorCode;
  /** How the request authenticated: the token, a sender's signature (verified in the handler), Meta's GET check. */
  auth?: "token" | "signature" | "handshake";
  /** The client's throttling key, for failures found after the body is read. */
  address?: string;
  /** Seconds of lock left for an address whose request without the token is verified before refusal. */
  lockedFor?: number;
  /** The scheme a request without the token passed, for the request log. */
  verified?: string;
  /** The delivery id of a request that went through verification (ingress/delivery-id.ts). */
  deliveryId?: string;
  /**
   * The hook path a verified or failed signature counts under in the issues: its name, or `*` for a
   * name only path-less mappings serve (any name reaches those: a sender must not pick new ones).
   */
  signaturePath?: string;
  /** The sentence the client got with the error. */
  error?: string;
  /** The body as read, what the rules decided and how long that took (the request log keeps them). */
  body?: Buffer;
  decision?: IngressDecision;
  decideMs?: number;
}

declare module "fastify" {
  interface FastifyRequest {
    notes: RequestNotes;
  }
}

export interface HookRouteOptions {
  config: ResolvedConfig;
  index: RuleIndex;
  runtime: Runtime;
  log: Logger;
  limiter?: AuthFailureLimiter;
  /** The server-wide budget of bodies read without the token (outlives a reload). */
  bodies?: UnauthenticatedBodies;
}

const EMPTY = Buffer.alloc(0);

const FAILURE_CODES: Record<VerifyFailure, ErrorCode> = {
  missing: "SIGNATURE_MISSING",
  invalid: "SIGNATURE_INVALID",
  stale: "SIGNATURE_STALE",
};

/** The onRequest guard and the handler of the hook routes, prepared once per config. */
export function hookRoute(opts: HookRouteOptions) {
  const { config, runtime, log, index } = opts;
  const { hooks } = config;
  const limiter = opts.limiter ?? new MemoryAuthLimiter(hooks.authFailures);
  const bodies = opts.bodies ?? new UnauthenticatedBodies(hooks.unauthenticatedBodyBytes);
  const tokenOk = tokenMatcher(hooks.token);
  const ingress = createIngress(config, index);
  const acceptor = createAcceptor(runtime);
  const pathOf = hookPaths(index, hooks.maxBodyBytes);
  const timeoutMs = hooks.bodyTimeoutSeconds * 1000;

  const onRequest = async (req: FastifyRequest) => {
    const url = req.raw.url ?? "/";
    if (hasQueryToken(url)) throw new HttpError("QUERY_TOKEN");
    const name = hookName(pathOnly(url), hooks.path);
    const path = pathOf(name);
    // GET only for Meta's subscription check, on a path that declares it; it carries its own token.
    // OPTIONS and Event Grid's validation only where a mapping takes CloudEvents: they start nothing.
    const handshake =
      (req.method === "GET" && path.meta !== undefined) ||
      (path.cloudevents === true && isCloudEventsHandshake(req.method, req.headers));
    if (req.method !== "POST" && !handshake) {
      throw methodNotAllowed(path.meta ? "GET, POST" : path.cloudevents ? "POST, OPTIONS" : "POST");
    }
    const address = throttleKey(foldAddress(req.ip));
    req.notes.query = queryOf(url);
    const token = handshake ? undefined : presentedToken(req.headers);
    if (!handshake && tokenOk(token)) {
      await limiter.succeed(address);
      req.notes.auth = "token";
    } else if (handshake) {
      // Meta's verify token is a guessable secret: a locked address is refused, a wrong one counts.
      const before = await limiter.check(address);
      if (before.locked) throw tooMany(before.retryAfterSeconds);
      req.notes.auth = "handshake";
      req.notes.address = address;
    } else {
      // A wrong token is a guess: counted, and a plain path refuses it unread (one step, one round
      // trip for a shared limiter).
      const guess = token !== undefined || path.verifying.length === 0;
      const verdict = guess ? await limiter.failUnlessLocked(address) : await limiter.check(address);
      const locked = guess ? (verdict as FailureVerdict).wasLocked : verdict.locked;
      if (path.verifying.length === 0) {
        if (locked) throw tooMany(verdict.retryAfterSeconds);
        throw new HttpError("UNAUTHORIZED");
      }
      // A signature cannot be guessed the way a token can, and a provider's address is shared by
      // everyone who uses that provider: a locked address's delivery is verified before it is
      // refused, and a failed signature is not counted (else strangers could lock a provider out).
      // A verified request does not clear the count either: a captured delivery, replayed, must
      // not reset the count of someone guessing the token.
      if (locked) req.notes.lockedFor = verdict.retryAfterSeconds;
      req.notes.auth = "signature";
      req.notes.address = address;
    }
    if (name === "") throw new HttpError("NOT_FOUND", "a hook name is required after the hooks path");
    req.notes.hook = name;
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const name = req.notes.hook!;
    const path = pathOf(name);
    if (req.notes.auth === "handshake" && req.method === "OPTIONS") {
      return reply.code(200).headers(abuseProtectionHeaders(req.headers)).send();
    }
    if (req.notes.auth === "handshake" && req.method === "POST") return eventGridValidation(req, reply, path);
    if (req.notes.auth === "handshake") {
      const verdict = metaHandshake(path.meta!, req.notes.query!);
      if (verdict.ok) return sendHandshake(reply, verdict.answer);
      if (verdict.code === "VERIFY_TOKEN_INVALID") await limiter.fail(req.notes.address!);
      throw new HttpError(verdict.code);
    }
    // A body without the token counts against the server's budget for such bodies until its
    // signature is checked, whatever ends the reading (abort, timeout, 413, a refusal).
    const reservation = req.notes.auth === "signature" ? bodies.open() : undefined;
    let raw: Buffer = EMPTY;
    let parsed: ParsedPayload | undefined;
    const parse = () => (parsed ??= parsePayload(raw, req.headers["content-type"]));
    let verification: RequestVerification | undefined;
    try {
      raw = await readRequestBody(req, path, reservation);
      req.notes.body = raw;
      if (req.notes.auth === "signature") {
        verification = verifyHookRequest(index, name, {
          body: raw,
          headers: req.headers,
          url: req.raw.url ?? "/",
          now: Date.now(),
          payload: () => {
            const p = parse();
            return p.ok ? p.value : undefined;
          },
        });
        req.notes.signaturePath = index.byPath.has(name) ? name : "*";
        const deliveryId = requestDeliveryId({ headers: req.headers, verified: verification.verified });
        if (deliveryId !== undefined) req.notes.deliveryId = deliveryId;
        if (verification.passed.length === 0) {
          if (req.notes.lockedFor !== undefined) throw tooMany(req.notes.lockedFor);
          throw new HttpError(FAILURE_CODES[verification.failure ?? "missing"]);
        }
        if (verification.verified) req.notes.verified = verification.verified.scheme;
      }
    } finally {
      reservation?.release();
    }
    const cloud = readCloudEvents(req.headers, raw);
    if (cloud.mode === "invalid") throw new HttpError("INVALID_CLOUDEVENT", cloud.error);
    if (cloud.mode === "batch") return batch(req, reply, name, cloud.events, verification);
    const event = cloud.mode === "none" ? undefined : cloud.event;
    const body: ParsedPayload = event ? { ok: true, value: event.data ?? {} } : parse();
    if (!body.ok) throw new HttpError(body.code, body.error);
    const payload = body.value;
    if (event) {
      const deliveryId = requestDeliveryId({
        headers: req.headers,
        verified: verification?.verified,
        cloudEvent: event.attributes,
      });
      if (deliveryId !== undefined) req.notes.deliveryId = deliveryId;
    }
    if (verification) {
      for (const rule of verification.passed) {
        const answer = rule.challenge && handshakeAnswer(rule.challenge, payload);
        if (answer) return sendHandshake(reply, answer);
      }
    }

    // A delivery id is looked up in the accept's own transaction only: redeliveries are rare, and a
    // second lookup before routing would cost every delivery a read. An Idempotency-Key is looked up
    // first, so that a reuse with another body is refused before any work.
    const delivery =
      verifiedDeliveryKey(verification, name, raw, hooks.idempotencyTtlSeconds) ??
      (event && cloudEventKey(name, event.attributes, hooks.idempotencyTtlSeconds));
    const idem = delivery ?? idempotencyRef(req, name, hooks.idempotencyTtlSeconds, raw, payload);
    let repeat: AcceptResult | null = null;
    if (idem && !delivery) {
      const earlier = await runtime.store.findIdempotent(idem).catch(() => null);
      if (earlier?.status === "conflict") return answer(reply, req, earlier);
      // A repeat starts nothing, but is still decided: its answer takes the matched rule's
      // successStatus / successBody, as the first request's did.
      repeat = earlier;
    }
    const explain = log.isLevelEnabled("debug");
    const request = hookRequest({
      name,
      headers: req.headers,
      query: req.notes.query!,
      payload,
      secretHeaders: index.secretHeaders,
      verified: verification?.verified,
      target: req.raw.url,
      ...(event && { ce: event.attributes }),
    });
    const decideStart = performance.now();
    const decision = await ingress.decide(request, { explain, ...(verification && { verification }) });
    req.notes.decideMs = performance.now() - decideStart;
    req.notes.decision = decision;
    if (decision.mappingId !== undefined) req.notes.mappingId = decision.mappingId;
    if (explain) log.debug({ hook: name, explain: decision.explain }, "hook decision");
    return answer(
      reply,
      req,
      repeat ?? (await act(decision, name, idem)),
      decision.kind === "refused" ? undefined : decision.successAnswer,
    );
  };

  /**
   * A CloudEvents batch: every event decided on its own (one refused refuses the batch before
   * anything is stored, as a forEach does), then each accepted with its own (source, id) as its
   * delivery id, so that a batch sent again answers every event like the first. One answer lists
   * every event's.
   */
  const batch = async (
    req: FastifyRequest,
    reply: FastifyReply,
    name: string,
    events: CloudEvent[],
    verification: RequestVerification | undefined,
  ) => {
    const decisions: IngressDecision[] = [];
    const decideStart = performance.now();
    for (const [i, event] of events.entries()) {
      const request = hookRequest({
        name,
        headers: req.headers,
        query: req.notes.query!,
        payload: event.data ?? {},
        secretHeaders: index.secretHeaders,
        verified: verification?.verified,
        target: req.raw.url,
        ce: event.attributes,
      });
      const decision = await ingress.decide(request, verification ? { verification } : {});
      if (decision.kind === "refused") {
        const id = cloudEventDeliveryId(event.attributes);
        req.notes.decision = decision;
        await act(
          { ...decision, error: `CloudEvents batch: event ${i} (${id}): ${decision.error}` },
          name,
          undefined,
        );
      }
      decisions.push(decision);
    }
    req.notes.decideMs = performance.now() - decideStart;
    // Stored side by side, so that the store's group commit takes them in as few commits as it can;
    // each is still its own accept under its own delivery id, submitted in the batch's order.
    const answers = await Promise.all(
      decisions.map(async (decision, i): Promise<BatchAnswer> => {
        const { attributes } = events[i]!;
        const result = await act(
          decision,
          name,
          cloudEventKey(name, attributes, hooks.idempotencyTtlSeconds),
        );
        if (result !== "skip" && result.status === "conflict") throw new HttpError("IDEMPOTENCY_KEY_REUSED");
        const success = decision.kind === "refused" ? undefined : decision.successAnswer;
        const shown = acceptedAnswer(result === "skip" ? "skip" : result.outcome, success);
        return {
          attributes,
          status: shown.status,
          body: shown.body,
          replayed: result !== "skip" && result.status === "replayed",
        };
      }),
    );
    req.notes.mappingId ??= decisions.find((d) => d.mappingId !== undefined)?.mappingId;
    const { status, body } = batchAnswer(answers);
    return body === undefined ? reply.code(status).send() : reply.code(status).send(body);
  };

  const eventGridValidation = async (req: FastifyRequest, reply: FastifyReply, path: HookPath) => {
    // Event Grid's validation carries no token either: its body counts like a signed sender's.
    const reservation = bodies.open();
    let raw: Buffer;
    try {
      raw = await readRequestBody(req, path, reservation);
    } finally {
      reservation.release();
    }
    req.notes.body = raw;
    const parsed = parsePayload(raw, req.headers["content-type"]);
    const code = parsed.ok ? eventGridValidationCode(parsed.value) : undefined;
    if (code === undefined) {
      throw new HttpError(
        "INVALID_PAYLOAD",
        "aeg-event-type is SubscriptionValidation but the body holds no Microsoft.EventGrid.SubscriptionValidationEvent with a validationCode",
      );
    }
    return reply.code(200).send({ validationResponse: code });
  };

  /** The body under the path's limits; a request without the token holds it against `reservation`. */
  const readRequestBody = (req: FastifyRequest, path: HookPath, reservation?: BodyReservation) => {
    const limits = {
      maxBytes: path.maxBodyBytes,
      maxBytesSetting: path.limitSetting,
      timeoutMs,
      ...(reservation && { reservation }),
    };
    return req.body
      ? readBody(req.body as Readable, req.headers["content-length"], limits)
      : Promise.resolve(EMPTY);
  };

  const act = async (
    decision: IngressDecision,
    name: string,
    idem: IdempotencyRef | undefined,
  ): Promise<AcceptResult | "skip"> => {
    switch (decision.kind) {
      case "skip":
        return "skip";
      case "wake": {
        const flow = acceptFlow(decision);
        return decision.fanOut
          ? acceptor.wakes(decision.fanOut, name, idem, flow)
          : acceptor.wake(decision.action, name, idem, flow);
      }
      case "agent": {
        const flow = acceptFlow(decision);
        return decision.fanOut
          ? acceptor.agents(decision.fanOut, name, idem, decision.mappingId!, flow)
          : acceptor.agent(decision.action, decision.verdict, name, idem, decision.mappingId, flow);
      }
      case "refused": {
        // What the client gets is the decision's answer (ingress/answer.ts), as `hookgate test` shows
        // it; the retry hint and the log are the server's.
        const { status } = decisionAnswer(decision);
        const headers: Record<string, string> =
          decision.code === "TRANSFORM_BUSY" ? { "retry-after": "1" } : {};
        const logged = decision.detail !== undefined;
        if (logged) {
          // The client learns the kind of failure (its code); the details stay in the log.
          log.error(
            { mappingId: decision.mappingId, code: decision.code, cause: decision.detail },
            "hook mapping failed",
          );
        }
        throw new HttpError(decision.code, decision.error, { status, headers, logged });
      }
    }
  };

  return { onRequest, handler };
}

/** A decision's flow control (its scope is its mapping's id), when its mapping has one. */
function acceptFlow(decision: Extract<IngressDecision, { kind: "wake" | "agent" }>): AcceptFlow | undefined {
  return decision.mappingId !== undefined ? decision.flow : undefined;
}

export function methodNotAllowed(allow = "POST"): HttpError {
  const error =
    allow === "POST"
      ? undefined
      : "method not allowed; this hook accepts POST, and GET for Meta's subscription check";
  return new HttpError("METHOD_NOT_ALLOWED", error, { headers: { allow } });
}

function sendHandshake(reply: FastifyReply, answer: HandshakeAnswer) {
  return reply.code(200).header("content-type", answer.contentType).send(answer.body);
}

/**
 * The answer of an accept (or its replay), as ingress/answer.ts makes it from the stored outcome and
 * the mapping's successStatus / successBody; 409 for a reused key.
 */
function answer(
  reply: FastifyReply,
  req: FastifyRequest,
  result: AcceptResult | "skip",
  success?: SuccessAnswer,
) {
  if (result !== "skip") {
    if (result.status === "conflict") throw new HttpError("IDEMPOTENCY_KEY_REUSED");
    if (result.status === "replayed") void reply.header("idempotent-replay", "true");
    const { outcome } = result;
    if (outcome.kind === "run") {
      req.notes.runId = outcome.runId;
      if (outcome.runIds) req.notes.runIds = outcome.runIds;
    }
  }
  const { status, body } = acceptedAnswer(result === "skip" ? "skip" : result.outcome, success);
  return body === undefined ? reply.code(status).send() : reply.code(status).send(body);
}

function idempotencyRef(
  req: FastifyRequest,
  hook: string,
  ttlSeconds: number,
  body: Buffer,
  payload: unknown,
): IdempotencyRef | undefined {
  const key = requestIdempotencyKey(req.headers, hook, payload);
  if (key === undefined) return undefined;
  return { scope: hook, key, ttlSeconds, fingerprint: sha256(body).toString("base64url") };
}

function tooMany(retryAfterSeconds: number): HttpError {
  return new HttpError("TOO_MANY_AUTH_FAILURES", undefined, {
    headers: { "retry-after": String(retryAfterSeconds) },
  });
}

/** A CloudEvent's (source, id) as its delivery key on this hook, for hooks.idempotencyTtlSeconds. */
function cloudEventKey(
  hook: string,
  attributes: Record<string, unknown>,
  ttlSeconds: number,
): IdempotencyRef {
  return { scope: `cloudevents:${hook}`, key: cloudEventDeliveryId(attributes), ttlSeconds };
}
