// The request log's writer and the entry of one request. Entries are written after the answer, in
// batches, and never on the answer's durability path: the store joins them to its next commit (SQLite)
// or writes them on its own. Each waits serialised (store/logged-request.ts). If the store falls
// behind, the oldest waiting entries are dropped and counted (hookgate_request_log_dropped_total)
// rather than holding memory without bound.
import type { Logger } from "pino";
import { metrics } from "../core/metrics.js";
import { isSecretHeader, isSecretQueryName, isTokenHeader } from "../core/secret-headers.js";
import { loggedRequest } from "../store/logged-request.js";
import type { LoggedRequest, RequestLogEntry, Store } from "../store/types.js";
import { REMOVED, redactBody, withoutSecrets } from "./log-redaction.js";

/** Entries written per store call, and how long one waits for others to join it. */
const BATCH = 256;
const FLUSH_MS = 100;
/** Entries waiting at most; past this the oldest are dropped. */
const MAX_WAITING = 10_000;

const NONE: ReadonlySet<string> = new Set();

export class RequestLogWriter {
  private waiting: LoggedRequest[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
  ) {}

  add(entry: RequestLogEntry): void {
    this.waiting.push(loggedRequest(entry));
    if (this.waiting.length > MAX_WAITING) {
      this.waiting.shift();
      metrics.requestLogDropped.inc();
    }
    if (this.waiting.length >= BATCH) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Hands what waits to the store (one write at a time, in order). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting.splice(0, this.waiting.length);
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(() =>
      this.store.logRequests(batch).catch((err: unknown) => {
        metrics.requestLogDropped.inc(batch.length);
        this.log.warn({ err, entries: batch.length }, "request log entries could not be stored");
      }),
    );
    return this.writing;
  }

  /** Writes everything waiting; call before the store closes. */
  close(): Promise<void> {
    return this.flush();
  }
}

/**
 * Headers as the log keeps them: token carriers left out (the rules never see them), other credentials
 * and any value holding a configured secret kept as [removed]; `removed` lists both.
 */
export function loggedHeaders(
  headers: Record<string, string | string[] | undefined>,
  alsoSecret: ReadonlySet<string> = NONE,
  secrets: readonly string[] = [],
): {
  headers: Record<string, string>;
  removed: string[];
} {
  const out: Record<string, string> = {};
  const removed: string[] = [];
  // Keys, not entries: Object.entries makes an array per header and costs a runtime call.
  for (const name of Object.keys(headers)) {
    const v = headers[name];
    if (v === undefined) continue;
    const k = name.toLowerCase();
    if (isTokenHeader(k)) {
      removed.push(k);
      continue;
    }
    const value = Array.isArray(v) ? v.join(", ") : v;
    if (isSecretHeader(k) || alsoSecret.has(k) || withoutSecrets(value, secrets) !== value) {
      removed.push(k);
      out[k] = REMOVED;
      continue;
    }
    out[k] = out[k] === undefined ? value : `${out[k]}, ${value}`;
  }
  return { headers: out, removed };
}

/**
 * Query parameters with credential-like names (`token`, `api_key`, `sig`, `code`, ...) or holding a
 * configured secret kept as [removed].
 */
export function loggedQuery(
  query: Record<string, string>,
  secrets: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(query)) {
    const v = query[k]!;
    out[k] = isSecretQueryName(k) || withoutSecrets(v, secrets) !== v ? REMOVED : v;
  }
  return out;
}

/** The body as kept: at most `max` bytes, credential fields and configured secrets [removed]. */
export function loggedBody(
  raw: Buffer | undefined,
  max: number,
  contentType?: string,
  secrets: readonly string[] = [],
): Pick<RequestLogEntry, "body" | "bodyBytes" | "bodyCut"> {
  if (!raw) return { bodyBytes: 0, bodyCut: false };
  const cut = raw.length > max;
  if (raw.length === 0 || max === 0) return { bodyBytes: raw.length, bodyCut: cut };
  // A copy, so a waiting entry holds its own bytes, not the socket read the body arrived in (which
  // may be far larger); Buffer.from takes small copies from Node's pool, cheaper than an array of its own.
  const kept = redactBody(Buffer.from(cut ? raw.subarray(0, max) : raw), contentType, secrets, cut);
  return { body: kept, bodyBytes: raw.length, bodyCut: cut };
}
