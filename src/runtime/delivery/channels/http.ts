// HTTP plumbing shared by the channel modules: one JSON POST, reading untyped answers safely, and
// turning an error answer into a failure that says whether a retry can help and when.
import { parseRetryAfter, secondsToMs } from "../../retry-after.js";
import type { SendContext, SendOutcome } from "./adapter.js";

export { parseRetryAfter } from "../../retry-after.js";

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Raw body text. */
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export async function postJson(
  ctx: SendContext,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const res = await ctx.fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal: ctx.signal,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function isSuccess(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** Safe path access into an untyped JSON answer. */
export function pick(value: unknown, ...path: (string | number)[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

export function asString(value: unknown): string | undefined {
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

export function asNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** 429 and 5xx are worth another try (408 too: the service gave up waiting, not on the message). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** First part of a body that is not the JSON we expected (an HTML error page, a proxy's text). */
export function snippet(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * A failure built from an error answer. `detail` is the service's own error text; `retryAfterSeconds`
 * a wait the body asked for (it wins over the Retry-After header, being more precise where both exist).
 */
export function httpFailure(
  answer: HttpAnswer,
  detail: string | undefined,
  opts: { retryAfterSeconds?: number | undefined; retryable?: boolean } = {},
): SendOutcome {
  const retryAfterMs =
    opts.retryAfterSeconds !== undefined
      ? secondsToMs(opts.retryAfterSeconds)
      : parseRetryAfter(answer.headers.get("retry-after"));
  const text = detail || snippet(answer.text) || "no error text in the answer";
  return {
    ok: false,
    retryable: opts.retryable ?? isRetryableStatus(answer.status),
    error: `HTTP ${answer.status}: ${text}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/**
 * A 2xx answer without the id the real service always returns: most often a base URL that points at
 * something else (a web server answering 200 to anything). Failing says so; resending would not help.
 */
export function unexpectedSuccess(answer: HttpAnswer, what: string): SendOutcome {
  return {
    ok: false,
    retryable: false,
    error: `HTTP ${answer.status} without ${what}: ${snippet(answer.text) || "empty body"}`,
  };
}

/** Base URL without trailing slashes, so `${base}/path` never doubles them. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, "");
}
