// Retries: 429 and 5xx (and transport errors) are retried with exponential backoff and jitter, or after
// exactly the Retry-After the service sent; other 4xx fail at once. Sleeps are recorded, never waited.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../src/runtime/delivery/channels/http.js";
import { retryDelay } from "../../src/runtime/delivery/retry.js";
import { answers, closeOpened, fakeService, finishedRun, harness } from "../helpers/delivery.js";

afterEach(closeOpened);

const ok = { status: 201, body: { id: "post-1" } };
const unavailable = { status: 503, body: { message: "Service Unavailable" } };

async function mattermost(
  queue: Parameters<typeof answers>,
  opts: {
    delivery?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterMs?: number };
    random?: () => number;
  } = {},
) {
  const svc = await fakeService((app) => app.post("/api/v4/posts", answers(...queue)));
  const h = await harness({
    channels: { mattermost: { baseUrl: svc.url, token: "mm-token-123" } },
    config: { delivery: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, ...opts.delivery } },
    ...(opts.random ? { random: opts.random } : {}),
  });
  const runId = await finishedRun(h.store);
  const state = await h.delivery.deliver({ runId, text: "hello", channel: "mattermost", to: "ch1" });
  return { state, runId, svc, h };
}

describe("retries", () => {
  it("retries 5xx with exponential backoff and jitter, then succeeds", async () => {
    const t = await mattermost([unavailable, unavailable, unavailable, ok]);
    // base 500 doubled per attempt; half fixed, half random (random = 0.5).
    expect(t.h.waits).toEqual([375, 750, 1500]);
    expect(t.state).toMatchObject({ status: "sent", messageIds: ["post-1"], attempts: 4 });
    expect(t.svc.seen).toHaveLength(4);
  });

  it("spreads retries with jitter: the random share moves each delay within [half, full]", async () => {
    const low = await mattermost([unavailable, ok], { random: () => 0 });
    expect(low.h.waits).toEqual([250]);
    const high = await mattermost([unavailable, ok], { random: () => 0.999 });
    expect(high.h.waits).toEqual([500]);
  });

  it("caps each backoff delay at maxDelayMs", async () => {
    const t = await mattermost([unavailable, unavailable, unavailable, unavailable, ok], {
      delivery: { baseDelayMs: 500, maxDelayMs: 1000 },
    });
    expect(t.h.waits).toEqual([375, 750, 750, 750]);
  });

  it("waits the whole Retry-After of a 429, even beyond maxDelayMs (which only caps backoff)", async () => {
    const t = await mattermost(
      [
        { status: 429, body: { message: "slow down" }, headers: { "retry-after": "3" } },
        { status: 429, body: { message: "slow down" }, headers: { "retry-after": "120" } },
        ok,
      ],
      { delivery: { maxDelayMs: 30_000 } },
    );
    expect(t.h.waits).toEqual([3000, 120_000]);
    expect(t.state.status).toBe("sent");
  });

  it("fails at once when the wait asked for is longer than maxRetryAfterMs, naming both", async () => {
    const t = await mattermost(
      [{ status: 429, body: { message: "slow down" }, headers: { "retry-after": "120" } }, ok],
      { delivery: { maxRetryAfterMs: 60_000 } },
    );
    expect(t.h.waits).toEqual([]);
    expect(t.svc.seen).toHaveLength(1);
    expect(t.state).toMatchObject({
      status: "failed",
      reason:
        "mattermost: HTTP 429: slow down (the service asked to wait 2 min, longer than " +
        "delivery.maxRetryAfterMs = 1 min: not retried)",
    });
  });

  it("gives up after maxAttempts and records the last error", async () => {
    const t = await mattermost([{ status: 502, body: { message: "Bad Gateway from upstream" } }], {
      delivery: { maxAttempts: 3 },
    });
    expect(t.svc.seen).toHaveLength(3);
    expect(t.h.waits).toHaveLength(2);
    expect(t.state).toMatchObject({
      status: "failed",
      attempts: 3,
      reason: "mattermost: HTTP 502: Bad Gateway from upstream (gave up after 3 attempts)",
    });
    expect((await t.h.store.getRun(t.runId))?.delivery).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("fails a 4xx other than 429 at once, with the service's error text", async () => {
    const t = await mattermost([{ status: 400, body: { message: "Invalid channel_id parameter." } }]);
    expect(t.svc.seen).toHaveLength(1);
    expect(t.h.waits).toEqual([]);
    expect(t.state).toMatchObject({
      status: "failed",
      reason: "mattermost: HTTP 400: Invalid channel_id parameter.",
    });
  });

  it("shows the start of a body that is not the service's JSON (a proxy's error page)", async () => {
    const t = await mattermost([{ status: 404, body: "<html><body>\n  <h1>Not Found</h1>\n</body></html>" }]);
    expect(t.state.reason).toBe("mattermost: HTTP 404: <html><body> <h1>Not Found</h1> </body></html>");
  });

  it("retries when the service cannot be reached, and says why it failed", async () => {
    const closed = await fakeService();
    const url = closed.url;
    await closed.close();
    const h = await harness({
      channels: { mattermost: { baseUrl: url, token: "mm-token-123" } },
      config: { delivery: { maxAttempts: 2 } },
    });
    const state = await h.delivery.deliver({ text: "hello", channel: "mattermost", to: "ch1" });
    expect(h.waits).toHaveLength(1);
    expect(state.status).toBe("failed");
    expect(state.reason).toMatch(
      /^mattermost: request failed: .*ECONNREFUSED.*\(gave up after 2 attempts\)$/,
    );
  });

  it("logs each retry with its delay and error, without the token", async () => {
    const t = await mattermost([unavailable, ok]);
    const retry = t.h.logs
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === "delivery attempt failed; retrying");
    expect(retry).toMatchObject({
      channel: "mattermost",
      attempt: 1,
      delayMs: 375,
      error: "HTTP 503: Service Unavailable",
    });
    expect(t.h.logs.join("\n")).not.toContain("mm-token-123");
  });
});

describe("retryDelay and Retry-After parsing", () => {
  const policy = { maxAttempts: 10, baseDelayMs: 500, maxDelayMs: 30_000 };

  it("property: a backoff delay lies within [half, full] of the capped exponential step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
          const d = retryDelay(n, policy, () => r);
          expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(d).toBeLessThanOrEqual(ceiling);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it("uses the service's wait as is, whole", () => {
    expect(retryDelay(1, policy, () => 0.9, 2500)).toBe(2500);
    expect(retryDelay(1, policy, () => 0.9, 0)).toBe(0);
    expect(retryDelay(1, policy, () => 0.9, 90_000)).toBe(90_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("5", now)).toBe(5000);
    expect(parseRetryAfter("0.25", now)).toBe(250);
    // Rounded up, never down: a wait cut short sends inside the window.
    expect(parseRetryAfter("0.0011", now)).toBe(2);
    expect(parseRetryAfter("1.2345", now)).toBe(1235);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:12 GMT", now)).toBe(12_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
