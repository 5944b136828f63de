// What every request under hooks.path leaves behind besides its answer: a trace span (hookgate.request,
// the parent of routing, transforms and the store write), a count and a latency in the metrics, and an
// entry in the request log, written after the answer. Outside the hook routes' own code, so the routes
// only note what they learned (the body, the decision) on the request.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { ResolvedConfig } from "../config/types.js";
import { metrics } from "../core/metrics.js";
import { timeOrderedId } from "../core/time-ordered-id.js";
import {
  context,
  isTraced,
  type Span,
  SpanStatusCode,
  trace,
  traceparentOf,
  tracer,
} from "../core/tracing.js";
import type { RuleIndex } from "../engine/compile.js";
import { requestDeliveryId } from "../ingress/delivery-id.js";
import { decisionRecord } from "../ingress/logged-decision.js";
import type { IssueRecorder } from "../runtime/issues.js";
import type { RequestOutcome } from "../store/types.js";
import { foldAddress } from "./client-address.js";
import type { RequestNotes } from "./hook-route.js";
import { noteRequestIssues } from "./request-issues.js";
import { loggedBody, loggedHeaders, loggedQuery, type RequestLogWriter } from "./request-log.js";
import { queryOf } from "./request-parts.js";

interface Observed {
  receivedAt: number;
  span: Span;
}

declare module "fastify" {
  interface FastifyRequest {
    observed: Observed | null;
  }
}

/** What the generation that served a request tells its log entry. */
export interface ServedBy {
  config: Pick<ResolvedConfig, "requestLog" | "hooks">;
  /** Headers its verify blocks read (signatures under names of the config's choosing), never kept. */
  index: Pick<RuleIndex, "secretHeaders">;
  /** Fingerprint of its rules and policies (src/ingress/rules-digest.ts). */
  rulesDigest: string;
  /** The configuration's secrets, never kept wherever they turn up (http/log-redaction.ts). */
  logSecrets: readonly string[];
}

/** How a request ended, for its log entry and its metrics. */
function outcomeOf(notes: RequestNotes, status: number, replayed: boolean): RequestOutcome {
  const d = notes.decision;
  if (status >= 400) return d ? "refused" : "rejected";
  if (replayed) return "replayed";
  return d?.kind === "refused" || !d ? "rejected" : d.kind;
}

/** `writer`: where entries go; none: no request log. `issues`: where failures after the rules are noted. */
export function requestObserver(writer: RequestLogWriter | undefined, issues?: IssueRecorder) {
  return {
    /** onRequest, for a request under hooks.path: starts its span. */
    start(req: FastifyRequest): void {
      const span = tracer.startSpan("hookgate.request", {
        attributes: { "http.request.method": req.method, "hookgate.route": "hooks" },
      });
      req.observed = { receivedAt: Date.now(), span };
    },

    /** Runs a route handler inside the request's span, so what it calls becomes its children. */
    traced(handler: RouteHandlerMethod): RouteHandlerMethod {
      return function (this: unknown, req: FastifyRequest, reply: FastifyReply) {
        const span = req.observed?.span;
        if (!span || !isTraced(span)) return handler.call(this as never, req, reply);
        return context.with(trace.setSpan(context.active(), span), () =>
          handler.call(this as never, req, reply),
        );
      } as RouteHandlerMethod;
    },

    /** onResponse: ends the span, counts the request, logs it. */
    finish(req: FastifyRequest, reply: FastifyReply, servedBy: ServedBy): void {
      const observed = req.observed;
      if (!observed) return;
      const notes = req.notes ?? {};
      const status = reply.statusCode;
      const replayed = reply.getHeader("idempotent-replay") === "true";
      const outcome = outcomeOf(notes, status, replayed);
      const d = notes.decision;
      const direct = notes.hook === "wake" || notes.hook === "agent" ? notes.hook : undefined;
      const mappingLabel = d?.mappingId ?? (d && direct) ?? "none";
      metrics.requests.inc({
        outcome: status >= 400 ? (notes.code ?? "UNKNOWN") : outcome,
        mapping: mappingLabel,
      });
      const fanOut = d && (d.kind === "wake" || d.kind === "agent") ? d.fanOut : undefined;
      if (fanOut && status < 300 && !replayed) {
        metrics.fanOutActions.inc({ mapping: mappingLabel }, fanOut.length);
      }
      metrics.ingressSeconds.observe(
        { result: status < 400 ? "accepted" : d ? "refused" : "rejected" },
        reply.elapsedTime / 1000,
      );

      const { span } = observed;
      // Without a tracing SDK the span records nothing: its attributes are not even built.
      if (span.isRecording()) {
        span.setAttributes({
          "http.response.status_code": status,
          "hookgate.outcome": outcome,
          ...(notes.hook !== undefined && { "hookgate.hook": notes.hook }),
          ...(d?.mappingId !== undefined && { "hookgate.mapping_id": d.mappingId }),
          ...(notes.code !== undefined && { "hookgate.code": notes.code }),
          ...(notes.runId !== undefined && { "hookgate.run_id": notes.runId }),
          ...(fanOut && { "hookgate.fanout_count": fanOut.length }),
        });
      }
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: notes.code ?? "error" });
      span.end();

      const logId = writer ? timeOrderedId(observed.receivedAt) : undefined;
      if (issues) noteRequestIssues(issues, notes, status, observed.receivedAt, logId);
      if (!writer) return;
      const { config } = servedBy;
      const traceContext = traceparentOf(span);
      const secrets = servedBy.logSecrets;
      const { headers, removed } = loggedHeaders(req.headers, servedBy.index.secretHeaders, secrets);
      // A request verification did not see (the token, or refused before) has the id its headers carry.
      const deliveryId = notes.deliveryId ?? requestDeliveryId({ headers: req.headers });
      const kept = loggedBody(
        notes.body,
        config.requestLog.maxBodyBytes,
        req.headers["content-type"],
        secrets,
      );
      const refused = d?.kind === "refused" ? d : undefined;
      // Every key in one literal, in the order the entry's JSON has them (an absent one is undefined,
      // which JSON leaves out): one object shape for every entry, where conditional spreads made a
      // temporary object per optional key and a shape per combination of them.
      writer.add({
        id: logId!,
        receivedAt: observed.receivedAt,
        method: req.method,
        hook: notes.hook ?? "",
        query: loggedQuery(notes.query ?? queryOf(req.raw.url), secrets),
        client: foldAddress(req.ip),
        headers,
        removedHeaders: removed,
        body: kept.body,
        bodyBytes: kept.bodyBytes,
        bodyCut: kept.bodyCut,
        status,
        outcome,
        code: notes.code,
        error: notes.error,
        detail: refused?.detail,
        mappingId: d?.mappingId,
        runId: notes.runId,
        runIds: notes.runIds,
        deliveryId,
        verified: notes.verified,
        decision: d && decisionRecord(d, config.hooks.defaultSessionKey === undefined),
        rulesDigest: d && servedBy.rulesDigest,
        timings:
          notes.decideMs === undefined
            ? { totalMs: round(reply.elapsedTime) }
            : { totalMs: round(reply.elapsedTime), decideMs: round(notes.decideMs) },
        traceContext,
      });
    },
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
