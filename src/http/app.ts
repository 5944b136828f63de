// The HTTP front door. Order for a request under hooks.path (DESIGN.md §4): query token → 400,
// method → 405, auth → 401/429, empty sub-path → 404, body → 413/408/400, /wake and /agent, then the
// rule graph. Everything before the body runs in onRequest, so a refused request is never read.
import type { Readable } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { RuleGraph } from "../engine/compile.js";
import { route } from "../engine/route.js";
import type { AgentAction, WakeAction } from "../engine/types.js";
import type { Runtime } from "../runtime/types.js";
import type { IdempotencyRef } from "../store/types.js";
import { type Acceptor, createAcceptor } from "./accept.js";
import { type AuthFailureLimiter, MemoryAuthLimiter } from "./auth-limiter.js";
import { parseJsonBody, readBody } from "./body.js";
import { foldAddress, throttleKey } from "./client-address.js";
import { sha256 } from "./digest.js";
import { dispatchDirect } from "./direct.js";
import { ERRORS, HttpError } from "./errors.js";
import { hookName, queryOf, requestHeaders } from "./request-parts.js";
import { presentedToken, tokenMatcher } from "./token.js";

export interface AppOptions {
  config: ResolvedConfig;
  graph: RuleGraph;
  runtime: Runtime;
  log: Logger;
  limiter?: AuthFailureLimiter;
}

/** What a request leaves behind for its log line. */
interface RequestNotes {
  hook?: string;
  mappingId?: string;
  runId?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    notes: RequestNotes;
  }
}

const EMPTY = Buffer.alloc(0);

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, graph, runtime, log } = opts;
  const { hooks } = config;
  const app = Fastify({
    logger: false,
    trustProxy: config.server.trustProxy.length > 0 ? config.server.trustProxy : false,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    requestIdHeader: false,
    // Body limits are enforced by readBody (with the order and codes of the contract).
    bodyLimit: Number.MAX_SAFE_INTEGER,
    // Errors raised before routing (a malformed URL, a broken request line) keep the error shape too.
    frameworkErrors: (err, _req, reply) => {
      // Typed for the route generics of a route that was never found; it is a plain reply.
      void (reply as unknown as FastifyReply)
        .code(400)
        .send(new HttpError("BAD_REQUEST", `bad request: ${err.message}`).body());
    },
    clientErrorHandler: (err, socket) => {
      const status = (err as { code?: string }).code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
      const code = status === 431 ? "HEADERS_TOO_LARGE" : "BAD_REQUEST";
      const body = JSON.stringify(new HttpError(code, ERRORS[code].error).body());
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
            `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `connection: close\r\n\r\n${body}`,
        );
      } else {
        socket.destroy();
      }
    },
  });
  app.decorateRequest("notes", null as unknown as RequestNotes);

  // The body stays a stream until the hook pipeline decides to read it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

  app.addHook("onRequest", async (req) => {
    req.notes = {};
  });
  app.addHook("onResponse", async (req, reply) => {
    const n = req.notes ?? {};
    log.info(
      {
        method: req.method,
        path: pathOnly(req.raw.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: foldAddress(req.ip),
        ...(n.mappingId && { mappingId: n.mappingId }),
        ...(n.runId && { runId: n.runId }),
      },
      "request",
    );
  });

  app.setErrorHandler((err, req, reply) => {
    const e = toHttpError(err);
    if (e.code === "STORE_UNAVAILABLE") log.error({ err: e.cause ?? err }, "store unavailable");
    else if (e.status >= 500 && !e.logged) log.error({ err, path: pathOnly(req.raw.url) }, "request failed");
    void reply.code(e.status).headers(e.headers).send(e.body());
  });
  // Methods fastify does not route (PROPFIND, TRACE, ...) land here: under hooks.path they still get
  // the contract's answers (query token 400, else 405), everything else is 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? "/";
    const path = pathOnly(url);
    if (hooks.enabled && (path === hooks.path || path.startsWith(`${hooks.path}/`))) {
      const q = url.indexOf("?");
      const e =
        q >= 0 && new URLSearchParams(url.slice(q + 1)).has("token")
          ? new HttpError("QUERY_TOKEN")
          : new HttpError("METHOD_NOT_ALLOWED", undefined, { headers: { allow: "POST" } });
      void reply.code(e.status).headers(e.headers).send(e.body());
      return;
    }
    void reply.code(404).send(new HttpError("NOT_FOUND").body());
  });

  app.get("/healthz", async (_req, reply) => {
    const ok = await runtime.store.ping().catch(() => false);
    return ok ? { ok: true } : reply.code(503).send(new HttpError("STORE_UNAVAILABLE").body());
  });

  if (hooks.enabled) {
    const limiter = opts.limiter ?? new MemoryAuthLimiter(hooks.authFailures);
    const tokenOk = tokenMatcher(hooks.token);
    const acceptor = createAcceptor(config, runtime);
    const limits = { maxBytes: hooks.maxBodyBytes, timeoutMs: hooks.bodyTimeoutSeconds * 1000 };

    const guard = async (req: FastifyRequest) => {
      const url = req.raw.url ?? "/";
      const q = url.indexOf("?");
      if (q >= 0 && new URLSearchParams(url.slice(q + 1)).has("token")) throw new HttpError("QUERY_TOKEN");
      if (req.method !== "POST")
        throw new HttpError("METHOD_NOT_ALLOWED", undefined, { headers: { allow: "POST" } });
      const address = throttleKey(foldAddress(req.ip));
      if (tokenOk(presentedToken(req.headers))) {
        limiter.succeed(address);
      } else {
        const before = limiter.check(address);
        if (before.locked) throw tooMany(before.retryAfterSeconds);
        limiter.fail(address);
        throw new HttpError("UNAUTHORIZED");
      }
      const name = hookName(q >= 0 ? url.slice(0, q) : url, hooks.path);
      if (name === "") throw new HttpError("NOT_FOUND", "a hook name is required after the hooks path");
      req.notes.hook = name;
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

      const decision = route(graph, {
        path: name,
        payload,
        headers: requestHeaders(req.headers),
        query: queryOf(req.raw.url),
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

    const routeOpts = { onRequest: guard, handler };
    app.route({ method: ALL_METHODS, url: hooks.path, ...routeOpts });
    app.route({ method: ALL_METHODS, url: `${hooks.path}/*`, ...routeOpts });
  }

  return app;
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

type Action = { kind: "wake"; action: WakeAction } | { kind: "agent"; action: AgentAction };

async function accept(
  acceptor: Acceptor,
  a: Action & { mappingId?: string },
  name: string,
  idem: IdempotencyRef | undefined,
) {
  return a.kind === "wake"
    ? acceptor.wake(a.action, name, idem)
    : acceptor.agent(a.action, name, idem, a.mappingId);
}

function send(reply: FastifyReply, req: FastifyRequest, accepted: Awaited<ReturnType<typeof accept>>) {
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

function pathOnly(url: string | undefined): string {
  if (!url) return "/";
  const q = url.indexOf("?");
  return q >= 0 ? url.slice(0, q) : url;
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || e.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return new HttpError("INVALID_PAYLOAD", e.message);
  }
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new HttpError(e.code ?? "BAD_REQUEST", e.message ?? "bad request", { status: e.statusCode });
  }
  return new HttpError("INTERNAL");
}
