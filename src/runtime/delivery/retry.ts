// Sends one message with retries: 429, 5xx, throttling answers and transport errors are retried with
// exponential backoff and jitter, or after the whole wait the service asked for; other failures end at
// once. A service that asks for a longer wait than the policy allows fails the message, saying so:
// sending before the wait ends can get an app disabled (Slack) or its limit extended (Telegram).
import type { SendOutcome } from "./channels/adapter.js";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubled for each further one. */
  baseDelayMs: number;
  /** Upper bound of one backoff delay. */
  maxDelayMs: number;
  /** Longest wait a service may ask for that is waited out. */
  maxRetryAfterMs: number;
}

export interface RetryDeps {
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /**
   * Told about each failed attempt that will be retried, before the wait; `rateLimited` when the wait
   * is the service's own. Awaited, so that the wait can be recorded durably first.
   */
  onRetry?: (info: { attempt: number; delayMs: number; error: string; rateLimited: boolean }) => unknown;
}

export interface RetryResult {
  outcome: SendOutcome;
  attempts: number;
}

export async function sendWithRetry(
  attempt: () => Promise<SendOutcome>,
  policy: RetryPolicy,
  deps: RetryDeps,
): Promise<RetryResult> {
  const maxAttempts = Math.max(1, policy.maxAttempts);
  for (let n = 1; ; n += 1) {
    const outcome = await attemptOnce(attempt);
    if (outcome.ok || !outcome.retryable) return { outcome, attempts: n };
    const asked = outcome.retryAfterMs;
    if (asked !== undefined && asked > policy.maxRetryAfterMs) {
      return {
        outcome: {
          ...outcome,
          retryable: false,
          error:
            `${outcome.error} (the service asked to wait ${describeWait(asked)}, longer than ` +
            `delivery.maxRetryAfterMs = ${describeWait(policy.maxRetryAfterMs)}: not retried)`,
        },
        attempts: n,
      };
    }
    if (n >= maxAttempts) {
      return {
        outcome: { ...outcome, error: `${outcome.error} (gave up after ${n} attempts)` },
        attempts: n,
      };
    }
    const delayMs = retryDelay(n, policy, deps.random, asked);
    await deps.onRetry?.({ attempt: n, delayMs, error: outcome.error, rateLimited: asked !== undefined });
    await deps.sleep(delayMs);
  }
}

/**
 * Delay after failed attempt `n` (1-based). A wait the service asked for is honoured whole; otherwise
 * base·2^(n-1), capped by maxDelayMs, with "equal jitter": half fixed, half random, so that senders
 * that failed together do not retry together.
 */
export function retryDelay(
  n: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined) return Math.max(0, retryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** "45 s", "1.5 s", "20 min", "2 h". */
function describeWait(ms: number): string {
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(3))} s`;
  if (ms < 3_600_000) return `${Number((ms / 60_000).toFixed(1))} min`;
  return `${Number((ms / 3_600_000).toFixed(1))} h`;
}

/** A thrown error is a transport failure (refused, reset, timed out): the request may not have arrived. */
async function attemptOnce(attempt: () => Promise<SendOutcome>): Promise<SendOutcome> {
  try {
    return await attempt();
  } catch (err) {
    return { ok: false, retryable: true, error: describeTransportError(err) };
  }
}

function describeTransportError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === "TimeoutError" || err.name === "AbortError")
      return "no answer in time (request timed out)";
    const cause = (err as { cause?: unknown }).cause;
    const code = cause && typeof cause === "object" ? (cause as { code?: unknown }).code : undefined;
    const causeMessage = cause instanceof Error ? cause.message : undefined;
    const detail = causeMessage ?? err.message;
    return `request failed: ${typeof code === "string" && !detail.includes(code) ? `${code} ` : ""}${detail}`;
  }
  return `request failed: ${String(err)}`;
}
