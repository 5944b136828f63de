// Delivery of replies to chat channels: resolve the target, split at the channel's limit, send each part
// with retries, and record on the run what happened (`pending` first, so a restart can finish the job).
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../../config/types.js";
import { metrics, secondsSince } from "../../core/metrics.js";
import { inSpan } from "../../core/tracing.js";
import type { DeliveryState, RunRecord, Store } from "../../store/types.js";
import { isAckOnly } from "../ack.js";
import type { BoundChannel } from "./channels/adapter.js";
import { makeRedactor } from "./redact.js";
import { bindChannels } from "./registry.js";
import { resolveTarget } from "./resolve-target.js";
import { sendWithRetry } from "./retry.js";
import { splitMessage } from "./split.js";
import type { Delivery, DeliveryRequest } from "./types.js";

export type { Delivery, DeliveryRequest } from "./types.js";

export interface DeliveryOptions {
  config: ResolvedConfig;
  store: Store;
  log: Logger;
  fetch?: typeof fetch;
  /** Waits between retries; injectable so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of retry jitter, in [0, 1). */
  random?: () => number;
}

/** One request that got no answer in this time counts as a failed, retryable attempt. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Parts already sent (their ids) and attempts made, when finishing a delivery a restart cut off. */
interface Progress {
  sent: string[];
  attempts: number;
}

export function createDelivery(opts: DeliveryOptions): Delivery {
  const { config, store } = opts;
  const log = opts.log.child({ component: "delivery" });
  const channels = bindChannels(config.channels);
  const redact = makeRedactor(channels.flatMap((c) => c.secrets));
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? ((ms: number) => delay(ms).then(() => undefined));
  const random = opts.random ?? Math.random;

  async function record(runId: string | undefined, state: DeliveryState): Promise<void> {
    if (!runId) return;
    try {
      await store.setDelivery(runId, state);
    } catch (err) {
      log.error(
        { runId, status: state.status, error: redact(errorText(err)) },
        "could not record delivery state",
      );
    }
  }

  async function skip(
    runId: string | undefined,
    reason: string,
    channel?: string,
    level: "info" | "debug" = "info",
  ): Promise<DeliveryState> {
    const state: DeliveryState = {
      status: "skipped",
      ...(channel ? { channel } : {}),
      reason,
      updatedAt: Date.now(),
    };
    log[level]({ runId, channel, reason }, "reply not delivered");
    await record(runId, state);
    return state;
  }

  async function fail(runId: string | undefined, err: unknown): Promise<DeliveryState> {
    const reason = redact(`delivery failed: ${errorText(err)}`);
    log.error({ runId, reason }, "delivery failed");
    const state: DeliveryState = { status: "failed", reason, updatedAt: Date.now() };
    await record(runId, state);
    return state;
  }

  async function route(req: DeliveryRequest): Promise<DeliveryState> {
    if (isAckOnly(req.text, config.heartbeat.ackToken)) {
      // Routine for heartbeats: not worth an info line every period.
      return skip(req.runId, "reply is only the heartbeat acknowledgement", undefined, "debug");
    }
    if (req.text.trim() === "") return skip(req.runId, "reply is empty");
    const target = await resolveTarget(req, channels, store);
    if (!target.ok) return skip(req.runId, target.reason, target.channel);
    return send(req.runId, req.text, target.channel, target.to, { sent: [], attempts: 0 });
  }

  async function send(
    runId: string | undefined,
    text: string,
    channel: BoundChannel,
    to: string,
    progress: Progress,
  ): Promise<DeliveryState> {
    const parts = splitMessage(text, channel.maxLength, channel.measure);
    const sent = [...progress.sent];
    let attempts = progress.attempts;
    const where = { channel: channel.name, to };
    const pending = (): DeliveryState => ({
      status: "pending",
      ...where,
      messageIds: [...sent],
      attempts,
      updatedAt: Date.now(),
    });
    await record(runId, pending());

    for (let i = sent.length; i < parts.length; i += 1) {
      const part = parts[i] ?? "";
      const idempotencyKey = randomUUID();
      const result = await sendWithRetry(
        () =>
          channel.send(to, part, {
            fetch: doFetch,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            idempotencyKey,
          }),
        config.delivery,
        {
          sleep,
          random,
          onRetry: ({ attempt, delayMs, error }) =>
            log.warn(
              { runId, ...where, part: i + 1, parts: parts.length, attempt, delayMs, error: redact(error) },
              "delivery attempt failed; retrying",
            ),
        },
      );
      attempts += result.attempts;
      if (!result.outcome.ok) {
        const partial = sent.length > 0 ? ` (${sent.length} of ${parts.length} parts were sent)` : "";
        const reason = redact(`${channel.name}: ${result.outcome.error}`) + partial;
        log.error({ runId, ...where, attempts, reason }, "delivery failed");
        const state: DeliveryState = {
          status: "failed",
          ...where,
          messageIds: sent,
          reason,
          attempts,
          updatedAt: Date.now(),
        };
        await record(runId, state);
        return state;
      }
      sent.push(result.outcome.id);
      // Progress is durable, so a restart resumes after the last part known to be sent.
      if (i < parts.length - 1) await record(runId, pending());
    }

    try {
      await store.setLastRoute({ channel: channel.name, to });
    } catch (err) {
      log.error({ runId, ...where, error: redact(errorText(err)) }, "could not record the last route");
    }
    const state: DeliveryState = {
      status: "sent",
      ...where,
      messageIds: sent,
      attempts,
      updatedAt: Date.now(),
    };
    log.info({ runId, ...where, messages: sent.length, attempts }, "reply delivered");
    await record(runId, state);
    return state;
  }

  /** Finishes a delivery left `pending`: same target, parts already sent are not sent again. */
  async function resume(run: RunRecord): Promise<DeliveryState> {
    const text = run.reply ?? "";
    log.info({ runId: run.id, channel: run.delivery?.channel }, "resuming a delivery cut off by a restart");
    if (text.trim() === "") return skip(run.id, "no reply to deliver");
    const prev = run.delivery;
    const channel = prev?.channel ? channels.find((c) => c.name === prev.channel) : undefined;
    if (channel && prev?.to) {
      return send(run.id, text, channel, prev.to, {
        sent: prev.messageIds ?? [],
        attempts: prev.attempts ?? 0,
      });
    }
    // The channel it was going to is no longer configured: resolve afresh from the run's request.
    return route({ runId: run.id, text, channel: run.channel, ...(run.to ? { to: run.to } : {}) });
  }

  /** One delivery, timed and counted by channel and final status, traced as span hookgate.delivery. */
  const observed = (runId: string | undefined, work: () => Promise<DeliveryState>): Promise<DeliveryState> =>
    inSpan("hookgate.delivery", runId ? { "hookgate.run_id": runId } : {}, async (span) => {
      const started = performance.now();
      let state: DeliveryState;
      try {
        state = await work();
      } catch (err) {
        state = await fail(runId, err);
      }
      const labels = { channel: state.channel ?? "none", status: state.status };
      metrics.deliveries.inc(labels);
      metrics.deliverySeconds.observe(labels, secondsSince(started));
      span.setAttributes({
        "hookgate.delivery.channel": labels.channel,
        "hookgate.delivery.status": state.status,
      });
      return state;
    });

  return {
    deliver(req) {
      return observed(req.runId, () => route(req));
    },

    async resumePending() {
      let runs: RunRecord[];
      try {
        runs = await store.pendingDeliveries();
      } catch (err) {
        log.error({ error: redact(errorText(err)) }, "could not list pending deliveries");
        return;
      }
      for (const run of runs) await observed(run.id, () => resume(run));
    },

    configuredChannels() {
      return channels.map((c) => c.name);
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
