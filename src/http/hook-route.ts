// The HTTP side of a hook request under hooks.path, in the contract's order: query token → 400,
// method → 405, auth → 401/429, empty sub-path → 404, body → 413/408/400, idempotency; then the
// transport-free pipeline (src/ingress/decide.ts) decides, and an accepted action is stored before
// the answer. Everything before the body runs in onRequest, so a refused request is never read.
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { ErrorCode } from "../core/errors.js";
import type { RuleIndex } from "../engine/compile.js";
import { createIngress, type IngressDecision } from "../ingress/decide.js";
import { hookRequest } from "../ingress/hook-request.js";
import type { Runtime } from "../runtime/types.js";
import type { AcceptResult, IdempotencyRef } from "../store/types.js";
import { createAcceptor } from "./accept.js";
import { type AuthFailureLimiter, MemoryAuthLimiter } from "./auth-limiter.js";
import { parseJsonBody, readBody } from "./body.js";
import { foldAddress, throttleKey } from "./client-address.js";
import { sha256 } from "./digest.js";
import { HttpError } from "./errors.js";
import { hasQueryToken, hookName, pathOnly, queryOf } from "./request-parts.js";
import { presentedToken, tokenMatcher } from "./token.js";

/** What the guard learns for the handler, and what a request leaves behind for its log line. */
export interface RequestNotes {
  hook?: string;
  query?: Record<string, string>;
  mappingId?: string;
  runId?: string;
  /** The error code of a refused request, for the request log. */
  code?: ErrorCode;
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
}

const EMPTY = Buffer.alloc(0);

/** The onRequest guard and the handler of the hook routes, prepared once per config. */
export function hookRoute(opts: HookRouteOptions) {
  const { config, runtime, log } = opts;
  const { hooks } = config;
  const limiter = opts.limiter ?? new MemoryAuthLimiter(hooks.authFailures);
  const tokenOk = tokenMatcher(hooks.token);
  const ingress = createIngress(config, opts.index);
  const acceptor = createAcceptor(runtime);
  const limits = { maxBytes: hooks.maxBodyBytes, timeoutMs: hooks.bodyTimeoutSeconds * 1000 };

  const onRequest = async (req: FastifyRequest) => {
    const url = req.raw.url ?? "/";
    const query = queryOf(url);
    if (hasQueryToken(url)) throw new HttpError("QUERY_TOKEN");
    if (req.method !== "POST") throw methodNotAllowed();
    const address = throttleKey(foldAddress(req.ip));
    if (tokenOk(presentedToken(req.headers))) {
      await limiter.succeed(address);
    } else {
      const verdict = await limiter.failUnlessLocked(address);
      if (verdict.wasLocked) throw tooMany(verdict.retryAfterSeconds);
      throw new HttpError("UNAUTHORIZED");
    }
    const name = hookName(pathOnly(url), hooks.path);
    if (name === "") throw new HttpError("NOT_FOUND", "a hook name is required after the hooks path");
    req.notes.hook = name;
    req.notes.query = query;
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const name = req.notes.hook!;
    const raw = req.body
      ? await readBody(req.body as Readable, req.headers["content-length"], limits)
      : EMPTY;
    const payload = parseJsonBody(raw);
    const idem = idempotencyRef(req, name, hooks.idempotencyTtlSeconds, raw);
    if (idem) {
      const earlier = await runtime.store.findIdempotent(idem).catch(() => null);
      if (earlier) return answer(reply, req, earlier);
    }
    const explain = log.isLevelEnabled("debug");
    const decision = await ingress.decide(
      hookRequest({ name, headers: req.headers, query: req.notes.query!, payload }),
      { explain },
    );
    if (decision.mappingId !== undefined) req.notes.mappingId = decision.mappingId;
    if (explain) log.debug({ hook: name, explain: decision.explain }, "hook decision");
    return answer(reply, req, await act(decision, name, idem));
  };

  const act = async (
    decision: IngressDecision,
    name: string,
    idem: IdempotencyRef | undefined,
  ): Promise<AcceptResult | "skip"> => {
    switch (decision.kind) {
      case "skip":
        return "skip";
      case "wake":
        return acceptor.wake(decision.action, name, idem);
      case "agent":
        return acceptor.agent(decision.action, decision.verdict, name, idem, decision.mappingId);
      case "refused":
        if (decision.code === "TRANSFORM_BUSY") {
          throw new HttpError(decision.code, undefined, { headers: { "retry-after": "1" } });
        }
        if (decision.detail !== undefined) {
          // The client learns the kind of failure (its code); the details stay in the log.
          log.error(
            { mappingId: decision.mappingId, code: decision.code, cause: decision.detail },
            "hook mapping failed",
          );
          throw new HttpError(decision.code, decision.error, { logged: true });
        }
        throw new HttpError(decision.code, decision.error);
    }
  };

  return { onRequest, handler };
}

export function methodNotAllowed(): HttpError {
  return new HttpError("METHOD_NOT_ALLOWED", undefined, { headers: { allow: "POST" } });
}

/** The answer of an accept (or its replay): 200 for a wake, 202 for a run, 409 for a reused key. */
function answer(reply: FastifyReply, req: FastifyRequest, result: AcceptResult | "skip") {
  if (result === "skip") return reply.code(204).send();
  if (result.status === "conflict") throw new HttpError("IDEMPOTENCY_KEY_REUSED");
  if (result.status === "replayed") void reply.header("idempotent-replay", "true");
  const { outcome } = result;
  if (outcome.kind === "run") {
    req.notes.runId = outcome.runId;
    return reply.code(202).send({ ok: true, runId: outcome.runId });
  }
  return reply.code(200).send({ ok: true, mode: outcome.mode, eventOutcome: outcome.event });
}

function idempotencyRef(
  req: FastifyRequest,
  hook: string,
  ttlSeconds: number,
  body: Buffer,
): IdempotencyRef | undefined {
  const key = req.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || key.length < 1 || key.length > 256)
    throw new HttpError("INVALID_IDEMPOTENCY_KEY");
  return { scope: hook, key, ttlSeconds, fingerprint: sha256(body).toString("base64url") };
}

function tooMany(retryAfterSeconds: number): HttpError {
  return new HttpError("TOO_MANY_AUTH_FAILURES", undefined, {
    headers: { "retry-after": String(retryAfterSeconds) },
  });
}
