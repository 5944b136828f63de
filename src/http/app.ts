// The HTTP front door: the server's framework settings, the error shape of every answer, one log line
// per request, /healthz, and the hook routes (hook-route.ts) under hooks.path.
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { foldAddress } from "./client-address.js";
import { ERRORS, type ErrorCode, HttpError } from "./errors.js";
import { type HookRouteOptions, hookRoute, methodNotAllowed, type RequestNotes } from "./hook-route.js";
import { pathOnly, queryOf } from "./request-parts.js";

export type AppOptions = HookRouteOptions;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, runtime, log } = opts;
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
      const e = Object.hasOwn(queryOf(url), "token") ? new HttpError("QUERY_TOKEN") : methodNotAllowed();
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
    const routeOpts = hookRoute(opts);
    app.route({ method: ALL_METHODS, url: hooks.path, ...routeOpts });
    app.route({ method: ALL_METHODS, url: `${hooks.path}/*`, ...routeOpts });
  }

  return app;
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
