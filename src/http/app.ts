// The HTTP front door: the server's framework settings, the error shape of every answer, the log line
// of each request and the summary line of each interval, /healthz, and the hook routes (hook-route.ts)
// under hooks.path, each request served by the configuration generation current when it arrived
// (generations.ts).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { RunCallbacks } from "../runtime/run-callbacks.js";
import type { Runtime } from "../runtime/types.js";
import { foldAddress } from "./client-address.js";
import { consoleRoutes } from "./console/routes.js";
import { DISCARD_MAX_BYTES, discardRest } from "./discard-body.js";
import { type ErrorCode, HttpError } from "./errors.js";
import type { Generations, Lease } from "./generations.js";
import { methodNotAllowed, type RequestNotes } from "./hook-route.js";
import { metricsRoute } from "./metrics-route.js";
import { requestObserver } from "./observe.js";
import type { RequestLogWriter } from "./request-log.js";
import { hasQueryToken, pathOnly } from "./request-parts.js";
import { RequestSummary } from "./request-summary.js";
import { isCallbackPath, runCallbackRoute } from "./run-callback-route.js";

export interface AppOptions {
  /** The config the server starts with: framework settings and routes (restart-only) come from it. */
  config: ResolvedConfig;
  runtime: Runtime;
  log: Logger;
  /** The generation serving hook requests, swapped by reloads. */
  generations: Generations;
  /** Where requests under hooks.path are logged; none: no request log. */
  requestLog?: RequestLogWriter;
  /** Runs waiting for an HTTP agent's later reply; none: no callback route. */
  callbacks?: RunCallbacks;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The generation this hook request is served by, from its first hook to its last byte. */
    lease: Lease | null;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, runtime, log, generations } = opts;
  const { hooks } = config;
  const app = Fastify({
    logger: false,
    trustProxy: config.server.trustProxy.length > 0 ? config.server.trustProxy : false,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    requestIdHeader: false,
    // Slow headers get 408 within the body's time budget too (a slowloris never reaches the body).
    http: {
      // Node refuses a headers timeout above requestTimeout (default 5 min); fastify sets its own
      // requestTimeout (0, none) on the server afterwards, so none here either.
      requestTimeout: 0,
      headersTimeout: headersTimeoutMs(hooks.bodyTimeoutSeconds),
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs(hooks.bodyTimeoutSeconds) / 2),
    },
    // Body limits are enforced by readBody (with the order and codes of the contract).
    bodyLimit: Number.MAX_SAFE_INTEGER,
    // Errors raised before routing (a malformed URL, a broken request line) keep the error shape too.
    frameworkErrors: (_err, _req, reply) => {
      // Typed for the route generics of a route that was never found; it is a plain reply. The
      // framework's message quotes the URL, which may hold a token: answer the catalogue's sentence.
      void (reply as unknown as FastifyReply).code(400).send(new HttpError("BAD_REQUEST").body());
    },
    clientErrorHandler: (err, socket) => {
      const { code, status, reason } = clientErrorAnswer((err as { code?: string }).code);
      const body = JSON.stringify(new HttpError(code).body());
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${reason}\r\n` +
            `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `connection: close\r\n\r\n${body}`,
        );
      } else {
        socket.destroy();
      }
    },
  });
  app.decorateRequest("notes", null as unknown as RequestNotes);
  app.decorateRequest("lease", null);
  app.decorateRequest("observed", null);
  const observer = requestObserver(opts.requestLog, runtime.issues);
  const discardLimits = { maxBytes: DISCARD_MAX_BYTES, timeoutMs: hooks.bodyTimeoutSeconds * 1000 };
  // The line per request: at info when asked for, else at debug beside the interval's summary line.
  const eachRequestLevel = config.server.logEachRequest ? "info" : "debug";
  const { logSummarySeconds } = config.server;
  const summary = logSummarySeconds > 0 ? new RequestSummary(log, logSummarySeconds) : null;
  if (summary) app.addHook("onClose", async () => summary.close());
  const isHookPath = (path: string) => path === hooks.path || path.startsWith(`${hooks.path}/`);

  // The body stays a stream until the hook pipeline decides to read it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

  // The two hooks every request runs are synchronous and say so with `done`: an async one costs a
  // promise and a turn of the microtask queue per request each.
  app.addHook("onRequest", (req, _reply, done) => {
    req.notes = {};
    const path = pathOnly(req.raw.url);
    // An agent's callback is no hook request: it has no rules' decision for the request log.
    if (hooks.enabled && isHookPath(path) && !isCallbackPath(path, hooks.path)) observer.start(req);
    done();
  });
  app.addHook("onResponse", (req, reply, done) => {
    logResponse(req, reply);
    done();
  });
  const logResponse = (req: FastifyRequest, reply: FastifyReply) => {
    // The generation that served the request decided it: its rules' fingerprint and settings go with it.
    observer.finish(req, reply, req.lease?.generation ?? generations.current);
    const n = req.notes ?? {};
    summary?.add(reply.statusCode, reply.elapsedTime, n.code);
    if (!eachRequestLevel || !log.isLevelEnabled(eachRequestLevel)) return;
    log[eachRequestLevel](
      {
        method: req.method,
        path: pathOnly(req.raw.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: foldAddress(req.ip),
        ...(n.mappingId && { mappingId: n.mappingId }),
        ...(n.runId && { runId: n.runId }),
        ...(n.code && { code: n.code }),
        ...(n.verified && { verified: n.verified }),
      },
      "request",
    );
  };

  app.setErrorHandler((err, req, reply) => {
    const e = toHttpError(err);
    if (req.notes) {
      req.notes.code = e.code;
      req.notes.error = e.message;
    }
    if (e.code === "STORE_UNAVAILABLE") log.error({ err: e.cause ?? err }, "store unavailable");
    else if (e.status >= 500 && !e.logged) log.error({ err, path: pathOnly(req.raw.url) }, "request failed");
    // A slow client's connection is ended (408); from any other refusal the rest of the body is read
    // and dropped, so the answer reaches a client that writes its whole body before reading.
    if (e.code !== "BODY_TIMEOUT") discardRest(req.raw, reply.raw, discardLimits);
    void reply.code(e.status).headers(e.headers).send(e.body());
  });
  // Methods fastify does not route (PROPFIND, TRACE, ...) land here: under hooks.path they still get
  // the contract's answers (query token 400, else 405), everything else is 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? "/";
    const path = pathOnly(url);
    const underHooks = path === hooks.path || path.startsWith(`${hooks.path}/`);
    if (hooks.enabled && underHooks) {
      const e = hasQueryToken(url) ? new HttpError("QUERY_TOKEN") : methodNotAllowed();
      req.notes.code = e.code;
      void reply.code(e.status).headers(e.headers).send(e.body());
      return;
    }
    // Mappings without hooks.enabled: true answer nothing; say so instead of a bare 404.
    const e =
      underHooks && !hooks.enabled ? new HttpError("NOT_FOUND", HOOKS_DISABLED) : new HttpError("NOT_FOUND");
    req.notes.code = e.code;
    void reply.code(404).send(e.body());
  });

  if (config.server.metrics.enabled) metricsRoute(app, config.server);

  app.get("/healthz", async (_req, reply) => {
    const ok = await runtime.store.ping().catch(() => false);
    return ok
      ? { ok: true, config: generations.health() }
      : reply.code(503).send(new HttpError("STORE_UNAVAILABLE").body());
  });

  if (hooks.enabled) {
    const routeOpts = {
      onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
        const lease = generations.pin();
        req.lease = lease;
        // 'close' comes once the answer is sent or the client is gone, whatever happened before.
        reply.raw.once("close", () => lease.release());
        await lease.generation.hooks.onRequest(req);
      },
      handler: observer.traced(async (req: FastifyRequest, reply: FastifyReply) => {
        const lease = req.lease!;
        // Held until the handler is done too: a client that hangs up does not unload its transform.
        lease.retain();
        try {
          return await lease.generation.hooks.handler(req, reply);
        } finally {
          lease.release();
        }
      }),
    };
    app.route({ method: ALL_METHODS, url: hooks.path, ...routeOpts });
    app.route({ method: ALL_METHODS, url: `${hooks.path}/*`, ...routeOpts });
    if (opts.callbacks) runCallbackRoute(app, hooks.path, opts.callbacks);
    if (config.server.console.enabled) await consoleRoutes(app, opts);
  }

  return app;
}

/** Applies the framework settings a reload may change on the running server (the headers deadline). */
export function applyLiveSettings(app: FastifyInstance, config: ResolvedConfig): void {
  app.server.headersTimeout = headersTimeoutMs(config.hooks.bodyTimeoutSeconds);
}

function headersTimeoutMs(bodyTimeoutSeconds: number): number {
  return Math.max(100, Math.round(bodyTimeoutSeconds * 1000));
}

const HOOKS_DISABLED =
  "not found: hooks are turned off on this server (set hooks.enabled: true in the config to serve them)";

/** The raw answer to a connection-level error: too large headers 431, headers not received in time 408. */
function clientErrorAnswer(code: string | undefined): { code: ErrorCode; status: number; reason: string } {
  if (code === "HPE_HEADER_OVERFLOW") {
    return { code: "HEADERS_TOO_LARGE", status: 431, reason: "Request Header Fields Too Large" };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { code: "REQUEST_TIMEOUT", status: 408, reason: "Request Timeout" };
  }
  return { code: "BAD_REQUEST", status: 400, reason: "Bad Request" };
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const FRAMEWORK_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "BODY_TIMEOUT",
  413: "PAYLOAD_TOO_LARGE",
  431: "HEADERS_TOO_LARGE",
};

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || e.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return new HttpError("INVALID_PAYLOAD", e.message);
  }
  // Fastify's own client errors are answered with the catalogue's code for their status, never its FST_ names.
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    const code = FRAMEWORK_STATUS_CODES[e.statusCode];
    if (code) return new HttpError(code);
    return new HttpError("BAD_REQUEST", `bad request: ${e.message ?? "rejected by the HTTP layer"}`, {
      status: e.statusCode,
    });
  }
  return new HttpError("INTERNAL");
}
