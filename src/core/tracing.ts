// Trace spans through the OpenTelemetry API: a no-op until the embedding process registers an SDK
// (then a request's trace shows request → route → transform, store, and later run → delivery). Span
// attributes carry ids, codes and statuses only, never payload values or secrets.
import {
  type Attributes,
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  TraceFlags,
  trace,
} from "@opentelemetry/api";

export const tracer = trace.getTracer("hookgate");

/** Runs `fn` in a new span, the current one's child; the span ends when `fn` settles. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  const span = tracer.startSpan(name, { attributes }, parent);
  // Without a tracing SDK every span is an empty no-op: nothing to make current, record or end, so
  // `fn` runs as it is (no context switch and no promise of its own per request).
  if (!isTraced(span)) {
    try {
      return fn(span);
    } catch (err) {
      return Promise.reject(err);
    }
  }
  const run = async () => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : "error" });
      throw err;
    } finally {
      span.end();
    }
  };
  return context.with(trace.setSpan(parent, span), run);
}

/** Whether a span takes part in a trace (false for the API's no-op spans when no SDK is registered). */
export function isTraced(span: Span): boolean {
  if (span.isRecording()) return true;
  const c = span.spanContext();
  // The no-op span's context is this one object: no need to test its ids' text.
  return c !== INVALID_SPAN_CONTEXT && trace.isSpanContextValid(c);
}

/** The span's W3C traceparent, to store with work that continues later; undefined when not sampled. */
export function traceparentOf(span: Span): string | undefined {
  const c = span.spanContext();
  if (c === INVALID_SPAN_CONTEXT || !trace.isSpanContextValid(c)) return undefined;
  const flags = (c.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? "01" : "00";
  return `00-${c.traceId}-${c.spanId}-${flags}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A context whose parent is the stored traceparent (the root context when there is none). */
export function contextOf(traceparent: string | undefined): Context {
  const m = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!m) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: m[1]!,
    spanId: m[2]!,
    traceFlags: Number.parseInt(m[3]!, 16),
    isRemote: true,
  });
}

export { context, type Span, SpanStatusCode, trace };
