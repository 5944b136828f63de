// The hook pipeline under hooks.path. Order (DESIGN.md §4): query token → 400, method → 405,
// auth → 401/429, empty sub-path → 404, body → 413/408/400, /wake and /agent, then the rule index.
// Everything before the body runs in onRequest, so a refused request is never read.
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { RuleIndex } from "../engine/compile.js";
import { route } from "../engine/route.js";
import type { Runtime } from "../runtime/types.js";
import type { IdempotencyRef } from "../store/types.js";
import { type Accepted, type Acceptor, createAcceptor } from "./accept.js";
import { type AuthFailureLimiter, MemoryAuthLimiter } from "./auth-limiter.js";
import { parseJsonBody, readBody } from "./body.js";
import { foldAddress, throttleKey } from "./client-address.js";
import { sha256 } from "./digest.js";
import { type DirectAction, dispatchDirect } from "./direct.js";
import { HttpError } from "./errors.js";
import { hookName, pathOnly, queryOf, requestHeaders } from "./request-parts.js";
import { presentedToken, tokenMatcher } from "./token.js";

/** What the guard learns for the handler, and what a request leaves behind for its log line. */
export interface RequestNotes {
  hook?: string;
  query?: Record<string, string>;
  mappingId?: string;
  runId?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    notes: RequestNotes;
  }
}

export interface HookRouteOptions {
  config: ResolvedConfig;
  graph: RuleIndex;
  runtime: Runtime;
  log: Logger;
  limiter?: AuthFailureLimiter;
}

const EMPTY = Buffer.alloc(0);

/** The onRequest guard and the handler of the hook routes, prepared once per config. */
export function hookRoute(opts: HookRouteOptions) {
  const { config, graph, runtime, log } = opts;
  const { hooks } = config;
  const limiter = opts.limiter ?? new MemoryAuthLimiter(hooks.authFailures);
  const tokenOk = tokenMatcher(hooks.token);
  const acceptor = createAcceptor(config, runtime);
  const limits = { maxBytes: hooks.maxBodyBytes, timeoutMs: hooks.bodyTimeoutSeconds * 1000 };

  const onRequest = async (req: FastifyRequest) => {
    const url = req.raw.url ?? "/";
    const query = queryOf(url);
    if (Object.hasOwn(query, "token")) throw new HttpError("QUERY_TOKEN");
    if (req.method !== "POST") throw methodNotAllowed();
    const address = throttleKey(foldAddress(req.ip));
    if (tokenOk(presentedToken(req.headers))) {
      limiter.succeed(address);
    } else {
      const before = limiter.check(address);
      if (before.locked) throw tooMany(before.retryAfterSeconds);
      limiter.fail(address);
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
      if (earlier) {
        if (earlier.status < 400) void reply.header("idempotent-replay", "true");
        return reply.code(earlier.status).send(earlier.body);
      }
    }
    const direct = dispatchDirect(name, payload);
    if (direct) return send(reply, req, await accept(acceptor, direct, name, idem));

    const decision = await route(graph, {
      path: name,
      payload,
      headers: requestHeaders(req.headers),
      query: req.notes.query!,
    });
    switch (decision.kind) {
      case "no-match":
        throw new HttpError("HOOK_NOT_FOUND", `no hook mapping matches ${hooks.path}/${name}`);
      case "skip":
        req.notes.mappingId = decision.mappingId;
        return reply.code(204).send();
      case "invalid":
        req.notes.mappingId = decision.mappingId;
        if (decision.cause === "transform") {
          log.error(
            { mappingId: decision.mappingId, code: decision.code, cause: decision.error },
            "transform failed",
          );
          // The client learns which kind of failure; the details stay in the log (logged just above).
          throw new HttpError(decision.code, "hook mapping failed", { status: 500, logged: true });
        }
        throw new HttpError(decision.code, decision.error);
      default:
        req.notes.mappingId = decision.mappingId;
        return send(reply, req, await accept(acceptor, decision, name, idem));
    }
  };

  return { onRequest, handler };
}

export function methodNotAllowed(): HttpError {
  return new HttpError("METHOD_NOT_ALLOWED", undefined, { headers: { allow: "POST" } });
}

async function accept(
  acceptor: Acceptor,
  a: DirectAction & { mappingId?: string },
  name: string,
  idem: IdempotencyRef | undefined,
): Promise<Accepted> {
  return a.kind === "wake"
    ? acceptor.wake(a.action, name, idem)
    : acceptor.agent(a.action, name, idem, a.mappingId);
}

function send(reply: FastifyReply, req: FastifyRequest, accepted: Accepted) {
  if (accepted.runId) req.notes.runId = accepted.runId;
  const { response, duplicate } = accepted.result;
  if (duplicate && response.status < 400) void reply.header("idempotent-replay", "true");
  return reply.code(response.status).send(response.body);
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
