// One request to the service a run is handed to (an OpenClaw gateway, an HTTP agent), sent until it is
// answered: connection errors, 408, 409, 425, 429 and 5xx are sent again, unchanged, after the wait the
// service asked for (Retry-After) or a backoff, for as long as the run's time allows. Any other answer
// that is not a 2xx fails the run at once with the status and what to check. Secrets given in `secrets`
// are cut out of every error text.
import { setTimeout as delay } from "node:timers/promises";
import { metrics } from "../../core/metrics.js";
import { parseRetryAfter } from "../retry-after.js";
import { RunnerError } from "./types.js";

const DETAIL_CHARS = 300;
/** First backoff when the service names no wait; doubled each time, up to MAX_DELAY_MS. */
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** Statuses that say "not now" rather than "never": the same request may succeed later. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

export interface TargetRequest {
  /** The runner kind, for metrics and error texts: `openclaw`. */
  runner: string;
  /** What the target is, for error texts: `OpenClaw gateway at http://127.0.0.1:18789`. */
  target: string;
  url: string;
  /** The headers, or a function that makes them for each attempt (a fresh signature timestamp). */
  headers: Record<string, string> | (() => Record<string, string>);
  /** Sent byte for byte on every attempt. */
  body: string;
  signal: AbortSignal;
  /** When the run's time is up (epoch ms): no retry is started that could not be answered before. */
  deadline: number;
  /** What to check after a refusal with this status (a sentence, or undefined for none). */
  hint: (status: number, detail: string) => string | undefined;
  /** Values never to show in an error (tokens, secrets). */
  secrets: readonly string[];
}

export interface TargetAnswer {
  status: number;
  text: string;
  headers: Headers;
}

export interface TargetDeps {
  fetch?: typeof fetch | undefined;
  /** Waits between attempts; rejects when `signal` aborts. Injectable so tests do not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export async function sendUntilAnswered(req: TargetRequest, deps: TargetDeps = {}): Promise<TargetAnswer> {
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const redact = redactor(req.secrets);

  for (let attempt = 1; ; attempt += 1) {
    let failure: string;
    let asked: number | undefined;
    try {
      // No redirects: following one could carry the token elsewhere, and a moved target is a config fix.
      const response = await doFetch(req.url, {
        method: "POST",
        headers: typeof req.headers === "function" ? req.headers() : req.headers,
        body: req.body,
        signal: req.signal,
        redirect: "manual",
      });
      const text = await response.text();
      if (response.status >= 200 && response.status < 300) {
        metrics.runnerRequests.inc({ runner: req.runner, outcome: "ok" });
        return { status: response.status, text, headers: response.headers };
      }
      const why = answerDetail(text);
      if (!retryableStatus(response.status)) {
        metrics.runnerRequests.inc({ runner: req.runner, outcome: "refused" });
        const hint = req.hint(response.status, why);
        throw new RunnerError(
          redact(
            `${req.runner} runner: ${req.target} refused the run (HTTP ${response.status}): ${why}${hint ? ` — ${hint}` : ""}`,
          ),
        );
      }
      failure = `${req.target} answered HTTP ${response.status}: ${why}`;
      asked = parseRetryAfter(response.headers.get("retry-after"), now());
    } catch (err) {
      if (req.signal.aborted) throw req.signal.reason;
      if (err instanceof RunnerError) throw err;
      const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
      failure = `could not reach ${req.target}: ${cause}`;
    }
    metrics.runnerRequests.inc({ runner: req.runner, outcome: "retried" });
    const wait = asked ?? backoff(attempt, random);
    if (now() + wait >= req.deadline) {
      throw new RunnerError(
        redact(
          `${req.runner} runner: ${failure} (after ${attempt} attempt${attempt === 1 ? "" : "s"}; ` +
            "another would come after the run's timeout)",
        ),
      );
    }
    await sleep(wait, req.signal).catch((err: unknown) => {
      throw req.signal.aborted ? req.signal.reason : err;
    });
  }
}

/** Exponential backoff with equal jitter: 1 s, 2 s, 4 s, ... up to 30 s (each between half and all of it). */
export function backoff(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The service's own explanation: `{error: {message}}`, `{error}`, `{message}`, `{detail}`, or the start of the body. */
export function answerDetail(text: string): string {
  try {
    const data = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    };
    const message =
      typeof data.error === "string"
        ? data.error
        : typeof data.error?.message === "string"
          ? data.error.message
          : typeof data.message === "string"
            ? data.message
            : typeof data.detail === "string"
              ? data.detail
              : undefined;
    if (message) return clip(message);
  } catch {
    // not JSON: fall through to the raw text
  }
  const raw = text.replace(/\s+/g, " ").trim();
  return raw ? clip(raw) : "no details in the answer";
}

function clip(text: string): string {
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text;
}

/** Replaces every secret of four characters or more by `***`. */
export function redactor(secrets: readonly string[]): (s: string) => string {
  const cut = secrets.filter((s) => s.length >= 4);
  return (s) => cut.reduce((out, secret) => out.replaceAll(secret, "***"), s);
}
