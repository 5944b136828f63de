// The console at /console, outside hooks.path: server-rendered pages over the store and the rules in
// force, for the addresses server.console.allowFrom lists (loopback by default). Logging in takes the
// hook token and counts failures like the hooks do, in a lockout of its own. Every page is sent with
// a strict Content-Security-Policy (no script at all, styles from hookgate only); every POST must come
// from a console page (same origin, the session's CSRF token).
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ResolvedConfig } from "../../config/types.js";
import { decisionText } from "../../ingress/decision-report.js";
import { redecide } from "../../ingress/replay.js";
import type { Runtime } from "../../runtime/types.js";
import type { RequestOutcome } from "../../store/types.js";
import { MemoryAuthLimiter } from "../auth-limiter.js";
import { readBody } from "../body.js";
import { foldAddress, throttleKey } from "../client-address.js";
import { countedLimiter } from "../counted-limiter.js";
import { HttpError } from "../errors.js";
import type { Generation } from "../generation.js";
import type { Generations } from "../generations.js";
import { allowOnly, configuredHosts } from "../local-only.js";
import { tokenMatcher } from "../token.js";
import { EMPTY_PLAYGROUND, loginForm, playground } from "./forms-page.js";
import { html } from "./html.js";
import { issueList } from "./issues-page.js";
import { page } from "./layout.js";
import { mappingList } from "./mappings-page.js";
import { decidePlayground } from "./playground.js";
import { hookNamePart, OUTCOMES, requestDetail, requestList } from "./requests-page.js";
import { eventsView, runDetail, runList } from "./runs-page.js";
import { secureCookie } from "./secure-cookie.js";
import { type ConsoleSession, ConsoleSessions, csrfMatches } from "./session.js";
import { CONSOLE_CSS } from "./style.js";

const PAGE_SIZE = 50;

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // same-origin, not no-referrer: with no-referrer a browser posts forms with `Origin: null`.
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
};

/** What the console reads: the start config, the generation serving now, and the store's runs and log. */
export interface ConsoleOptions {
  config: ResolvedConfig;
  generations: Generations;
  runtime: Pick<Runtime, "store" | "pausesChanged">;
}

export async function consoleRoutes(app: FastifyInstance, opts: ConsoleOptions): Promise<void> {
  // Who may reach the console and how long a login lasts are the start config's; the token, the rules
  // and the pipeline are those of the generation serving now (a reload may rotate the token).
  const { config, generations } = opts;
  const store = opts.runtime.store;
  const sessions = new ConsoleSessions(config.server.console.sessionTtlMs);
  const guard = allowOnly(
    config.server.console.allowFrom,
    config.server.trustProxy,
    "server.console.allowFrom",
    configuredHosts(config.server),
  );
  const limiter = countedLimiter(new MemoryAuthLimiter(config.hooks.authFailures), "console");
  /** Runs `work` on the generation serving now, held so that a reload cannot unload its transforms meanwhile. */
  const onCurrent = async <T>(work: (g: Generation) => Promise<T>): Promise<T> => {
    const lease = generations.pin();
    try {
      return await work(lease.generation);
    } finally {
      lease.release();
    }
  };
  const replayContext = (g: Generation) => {
    return {
      ingress: g.ingress,
      rulesDigest: g.rulesDigest,
      generatedSessionKeys: g.config.hooks.defaultSessionKey === undefined,
      explain: true,
    };
  };
  const formLimits = {
    maxBytes: config.hooks.maxBodyBytes + 16_384,
    timeoutMs: config.hooks.bodyTimeoutSeconds * 1000,
  };

  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header("content-type", "text/html; charset=utf-8").send(body);

  /** The session, or a redirect to the login page (then undefined). */
  const hookToken = () => generations.current.config.hooks.token;
  const sessionOf = (req: FastifyRequest, reply: FastifyReply): ConsoleSession | undefined => {
    const session = sessions.of(req, hookToken());
    if (!session) void reply.code(303).header("location", "/console/login").send();
    return session;
  };

  /** A form posted from a console page: same origin, within the size limit, parsed. */
  const readForm = async (req: FastifyRequest): Promise<URLSearchParams> => {
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    if (
      (site !== undefined && site !== "same-origin") ||
      (origin !== undefined && !sameOrigin(origin, req))
    ) {
      throw new HttpError("FORBIDDEN", "forbidden: console forms are accepted from console pages only");
    }
    if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      throw new HttpError("INVALID_PAYLOAD", "console forms are sent as application/x-www-form-urlencoded");
    }
    const raw = req.body
      ? await readBody(req.body as Readable, req.headers["content-length"], formLimits)
      : Buffer.alloc(0);
    return new URLSearchParams(raw.toString("utf8"));
  };

  /** The session of a POST, which must carry its CSRF token. */
  const postedSession = (req: FastifyRequest, reply: FastifyReply, form: URLSearchParams) => {
    const session = sessionOf(req, reply);
    if (session && !csrfMatches(session, form.get("csrf"))) {
      throw new HttpError(
        "FORBIDDEN",
        "forbidden: the form's CSRF token does not match this session; reload the page",
      );
    }
    return session;
  };

  await app.register(
    async (scope) => {
      scope.addHook("onRequest", async (req) => guard(req));
      scope.addHook("onSend", async (_req, reply, payload) => {
        reply.headers(SECURITY_HEADERS);
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        return payload;
      });

      scope.get("/style.css", async (_req, reply) =>
        reply
          .header("content-type", "text/css; charset=utf-8")
          .header("cache-control", "max-age=3600")
          .send(CONSOLE_CSS),
      );

      scope.get("/login", async (req, reply) => {
        if (sessions.of(req, hookToken())) return reply.code(303).header("location", "/console").send();
        return send(reply, 200, page("Log in", loginForm()));
      });

      scope.post("/login", async (req, reply) => {
        const form = await readForm(req);
        const address = throttleKey(foldAddress(req.ip));
        // A locked address gets no login at all: its guesses are not even compared.
        const before = await limiter.check(address);
        if (before.locked) {
          void reply.header("retry-after", String(before.retryAfterSeconds));
          return send(
            reply,
            429,
            page(
              "Log in",
              loginForm(
                `Too many failed attempts from this address; try again in ${before.retryAfterSeconds} s.`,
              ),
            ),
          );
        }
        const token = hookToken();
        if (tokenMatcher(token)(form.get("token")?.trim())) {
          await limiter.succeed(address);
          const session = sessions.create(token);
          return reply
            .code(303)
            .header("set-cookie", sessions.cookie(session, secureCookie(req, config.server.publicUrl)))
            .header("location", "/console")
            .send();
        }
        await limiter.fail(address);
        return send(reply, 401, page("Log in", loginForm("That is not the hook token.")));
      });

      scope.post("/logout", async (req, reply) => {
        const form = await readForm(req);
        const session = postedSession(req, reply, form);
        if (!session) return reply;
        sessions.end(session);
        return reply
          .code(303)
          .header("set-cookie", sessions.cookie(null, secureCookie(req, config.server.publicUrl)))
          .header("location", "/console/login")
          .send();
      });

      scope.get("/", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const q = req.query as Record<string, string | undefined>;
        const outcome = OUTCOMES.includes(q.outcome as RequestOutcome)
          ? (q.outcome as RequestOutcome)
          : undefined;
        const before = /^\d+$/.test(q.before ?? "") ? Number(q.before) : undefined;
        const filters = {
          ...(q.hook ? { hook: q.hook } : {}),
          ...(q.mapping ? { mappingId: q.mapping } : {}),
          ...(outcome ? { outcome } : {}),
          ...(q.delivery?.trim() ? { deliveryId: q.delivery.trim() } : {}),
        };
        const { hook, ...exact } = filters;
        const hookPart = hook === undefined ? "" : hookNamePart(hook, config.hooks.path);
        const rows = await store.listRequests({
          limit: PAGE_SIZE + 1,
          ...exact,
          ...(hookPart !== "" && { hookContains: hookPart }),
          ...(before !== undefined && { beforeSeq: before }),
        });
        const older = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1]!.seq : undefined;
        const body = config.requestLog.enabled
          ? requestList(rows.slice(0, PAGE_SIZE), filters, older)
          : html`<p class="notice">The request log is off (requestLog.enabled: false).</p>${requestList(rows.slice(0, PAGE_SIZE), filters, older)}`;
        return send(reply, 200, page("Requests", body, { section: "requests", session }));
      });

      scope.get("/requests/:id", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const entry = await store.getRequest((req.params as { id: string }).id);
        if (!entry)
          return send(
            reply,
            404,
            page(
              "Request not found",
              html`<p>No logged request has this id; it may have been pruned (retention).</p>`,
              { section: "requests", session },
            ),
          );
        const { now, text } = await onCurrent(async (g) => {
          const now = await redecide(entry, replayContext(g));
          return { now, text: now.replayable ? decisionText(g.index, now.now) : undefined };
        });
        return send(
          reply,
          200,
          page(`Request to /${entry.hook}`, requestDetail(entry, now, text), {
            section: "requests",
            session,
          }),
        );
      });

      scope.get("/issues", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const [open, closed] = await Promise.all([
          store.listIssues({ limit: PAGE_SIZE, status: "open" }),
          store.listIssues({ limit: PAGE_SIZE, status: "closed" }),
        ]);
        return send(reply, 200, page("Issues", issueList(open, closed), { section: "issues", session }));
      });

      scope.get("/runs", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const runs = await store.listRuns({ limit: PAGE_SIZE });
        return send(reply, 200, page("Runs", runList(runs), { section: "runs", session }));
      });

      scope.get("/runs/:id", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const run = await store.getRun((req.params as { id: string }).id);
        if (!run)
          return send(
            reply,
            404,
            page("Run not found", html`<p>No run has this id; it may have been pruned (retention).</p>`, {
              section: "runs",
              session,
            }),
          );
        const transcript = await store.transcript(run.sessionKey, 40);
        const lanes = run.lane && run.status === "queued" ? await store.laneStats() : [];
        return send(
          reply,
          200,
          page(`Run of ${run.name}`, runDetail(run, transcript, lanes), { section: "runs", session }),
        );
      });

      scope.get("/events", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const [events, beats] = await Promise.all([
          store.listEvents({ limit: PAGE_SIZE }),
          store.listHeartbeats(20),
        ]);
        return send(
          reply,
          200,
          page("Main session", eventsView(events, beats), { section: "events", session }),
        );
      });

      scope.get("/mappings", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        const { hooks } = generations.current.config;
        const packOf = new Map(hooks.packs.flatMap((p) => p.mappings.map((m) => [m.id, p.pack.id] as const)));
        const rows = generations.current.index.rules.map((r) => ({
          id: r.id,
          path: r.path,
          pack: packOf.get(r.id),
        }));
        const pauses = await store.listPauses(Date.now());
        return send(
          reply,
          200,
          page("Mappings", mappingList(rows, pauses, session.csrf), { section: "mappings", session }),
        );
      });

      // Pause or resume a mapping (or the pack whose pause holds it), then back to the list.
      scope.post("/pauses", async (req, reply) => {
        const form = await readForm(req);
        const session = postedSession(req, reply, form);
        if (!session) return reply;
        const target = form.get("target") ?? "";
        const action = form.get("action");
        const { hooks } = generations.current.config;
        const known = new Set([
          ...generations.current.index.rules.map((r) => `mapping:${r.id}`),
          ...hooks.packs.map((p) => `pack:${p.pack.id}`),
        ]);
        const now = Date.now();
        if (action === "pause" && known.has(target)) await store.pause({ target, by: "console", at: now });
        else if (action === "resume") await store.resume(target, now);
        else
          throw new HttpError(
            "INVALID_PAYLOAD",
            "the form names no known mapping or pack to pause or resume",
          );
        await opts.runtime.pausesChanged();
        return reply.code(303).header("location", "/console/mappings").send();
      });

      const mappings = () => generations.current.index.rules.map((r) => ({ id: r.id, path: r.path }));
      scope.get("/playground", async (req, reply) => {
        const session = sessionOf(req, reply);
        if (!session) return reply;
        return send(
          reply,
          200,
          page("Playground", playground(EMPTY_PLAYGROUND, mappings(), session.csrf), {
            section: "playground",
            session,
          }),
        );
      });

      scope.post("/playground", async (req, reply) => {
        const form = await readForm(req);
        const session = postedSession(req, reply, form);
        if (!session) return reply;
        const { input, result } = await onCurrent((g) => decidePlayground(form, g.ingress, g.index));
        return send(
          reply,
          200,
          page("Playground", playground(input, mappings(), session.csrf, result), {
            section: "playground",
            session,
          }),
        );
      });
    },
    { prefix: "/console" },
  );
}

function sameOrigin(origin: string, req: FastifyRequest): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
