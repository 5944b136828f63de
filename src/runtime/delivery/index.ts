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
import { RateGate } from "./rate-gate.js";
import { makeRedactor } from "./redact.js";
import { bindChannels } from "./registry.js";
import { resolveTarget } from "./resolve-target.js";
import { sendWithRetry } from "./retry.js";
import { splitMessage } from "./split.js";
import type { Delivery, DeliveryRequest } from "./types.js";

export type { Delivery, DeliveryRequest } from "./types.js";
export { RateGate };

export interface DeliveryOptions {
  config: ResolvedConfig;
  store: Store;
  log: Logger;
  fetch?: typeof fetch;
  /** Waits between retries; injectable so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of retry jitter, in [0, 1). */
  random?: () => number;
  /** The clock rate-limit waits are measured on; injectable with `sleep`. */
  now?: () => number;
  /** One request that got no answer in this time counts as a failed, retryable attempt (30 s). */
  requestTimeoutMs?: number;
  /**
   * The services' waits still in force, when a reload rebuilds the delivery: a wait a service asked
   * for outlives the adapters that were told (its clock must be `now`).
   */
  gate?: RateGate;
  /** Told how each delivery ended (runId absent for a heartbeat's reply). */
  onSettled?: (state: DeliveryState, runId: string | undefined) => void;
}

/** Default of DeliveryOptions.requestTimeoutMs. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Parts already sent (their ids) and attempts made, when finishing a delivery a restart cut off. */
interface Progress {
  sent: string[];
  attempts: number;
  /** Idempotency key of the part that was in flight. */
  partKey?: string | undefined;
  /** The service's wait that was not over yet. */
  notBefore?: number | undefined;
}

export function createDelivery(opts: DeliveryOptions): Delivery {
  const { config, store } = opts;
  const log = opts.log.child({ component: "delivery" });
  const channels = bindChannels(config.channels);
  const redact = makeRedactor(channels.flatMap((c) => c.secrets));
  const doFetch = opts.fetch ?? globalThis.fetch;
  const sleep = opts.sleep ?? ((ms: number) => delay(ms).then(() => undefined));
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const gate = opts.gate ?? new RateGate(now, sleep);

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
      updatedAt: now(),
    };
    log[level]({ runId, channel, reason }, "reply not delivered");
    await record(runId, state);
    return state;
  }

  async function fail(runId: string | undefined, err: unknown): Promise<DeliveryState> {
    const reason = redact(`delivery failed: ${errorText(err)}`);
    log.error({ runId, reason }, "delivery failed");
    const state: DeliveryState = { status: "failed", reason, updatedAt: now() };
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
    firstTo: string,
    progress: Progress,
  ): Promise<DeliveryState> {
    const parts = splitMessage(text, channel.maxLength, channel.measure);
    const sent = [...progress.sent];
    let attempts = progress.attempts;
    const where = { channel: channel.name, to: firstTo };
    const pending = (inFlight: { partKey?: string; notBefore?: number | undefined } = {}): DeliveryState => ({
      status: "pending",
      ...where,
      messageIds: [...sent],
      attempts,
      ...(inFlight.partKey ? { partKey: inFlight.partKey } : {}),
      ...(inFlight.notBefore ? { notBefore: inFlight.notBefore } : {}),
      updatedAt: now(),
    });

    for (let i = sent.length; i < parts.length; i += 1) {
      const part = parts[i] ?? "";
      const resumed = i === progress.sent.length;
      // The part a restart cut off keeps its key, so the service can recognise the resend.
      const partKey = (resumed && progress.partKey) || randomUUID();
      const notBefore = resumed ? progress.notBefore : undefined;
      if (notBefore) gate.block(channel.name, notBefore);
      // Durable before the request: a restart resumes here, with this key.
      await record(runId, pending({ partKey, notBefore }));
      const result = await sendWithRetry(
        async () => {
          await gate.pass(channel.name);
          return channel.send(where.to, part, {
            fetch: doFetch,
            signal: AbortSignal.timeout(opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
            idempotencyKey: partKey,
          });
        },
        config.delivery,
        {
          sleep,
          random,
          onRetry: async ({ attempt, delayMs, error, rateLimited }) => {
            log.warn(
              { runId, ...where, part: i + 1, parts: parts.length, attempt, delayMs, error: redact(error) },
              "delivery attempt failed; retrying",
            );
            if (!rateLimited) return;
            // The service's own wait binds every send to the channel, and survives a restart.
            const until = now() + delayMs;
            gate.block(channel.name, until);
            await record(runId, pending({ partKey, notBefore: until }));
          },
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
          updatedAt: now(),
        };
        await record(runId, state);
        return state;
      }
      if (result.outcome.movedTo && result.outcome.movedTo !== where.to) {
        log.warn(
          { runId, channel: channel.name, from: where.to, to: result.outcome.movedTo },
          `the ${channel.name} chat moved: replies now go to the new id; update channels.${channel.name}.defaultTo and any "to" that names the old one`,
        );
        where.to = result.outcome.movedTo;
      }
      sent.push(result.outcome.id);
    }

    try {
      await store.setLastRoute({ channel: channel.name, to: where.to });
    } catch (err) {
      log.error({ runId, ...where, error: redact(errorText(err)) }, "could not record the last route");
    }
    const state: DeliveryState = {
      status: "sent",
      ...where,
      messageIds: sent,
      attempts,
      updatedAt: now(),
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
        partKey: prev.partKey,
        notBefore: prev.notBefore,
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
      opts.onSettled?.(state, runId);
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
      // Waits the services asked for before the restart bind every send to their channels, new ones too.
      for (const run of runs) {
        const d = run.delivery;
        if (d?.channel && d.notBefore) gate.block(d.channel, d.notBefore);
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
