// One heartbeat: a turn of the default agent over the main session's pending events. Events are
// consumed only when the turn produced a reply; an ack-only reply is recorded and not delivered.
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { HeartbeatRecord, Store, SystemEvent, TranscriptMessage } from "../store/types.js";
import { isAckOnly } from "./ack.js";
import type { Delivery } from "./delivery/types.js";
import type { HeartbeatReason } from "./heartbeat-scheduler.js";
import { MAIN_SESSION_KEY } from "./main-session.js";
import { heartbeatSettings } from "./resolve.js";
import type { Runner } from "./runners/index.js";
import { runTurn } from "./turn.js";

/** Events one heartbeat carries at most; a longer backlog gets another heartbeat right after. */
export const MAX_EVENTS_PER_HEARTBEAT = 100;

export interface HeartbeatDeps {
  config: ResolvedConfig;
  store: Store;
  delivery: () => Delivery;
  runnerFor: (agentId: string) => Runner;
  log: Logger;
  now: () => number;
  shutdown: AbortSignal;
  /** Asks for another heartbeat (used when the backlog did not fit into this one). */
  request: (reason: HeartbeatReason) => void;
}

export function builtInHeartbeatPrompt(ackToken: string): string {
  return [
    "Heartbeat of your main session.",
    "Below are the system events that arrived since the last heartbeat (webhook wakes and summaries of hook runs), oldest first.",
    "If something needs the user's attention, reply with a short message for the user; it will be sent to their chat.",
    `If nothing needs attention, reply with exactly ${ackToken} and nothing else.`,
  ].join("\n");
}

/** Prompt + pending events, one per line. */
export function heartbeatMessage(config: ResolvedConfig, events: SystemEvent[]): string {
  const prompt = config.heartbeat.prompt.trim() || builtInHeartbeatPrompt(config.heartbeat.ackToken);
  if (events.length === 0) return `${prompt}\n\nSystem events: none.`;
  const lines = events.map((e) => `- ${eventLine(e)}`);
  return `${prompt}\n\nSystem events:\n${lines.join("\n")}`;
}

function eventLine(event: SystemEvent): string {
  const text = event.text.replace(/\s*\n\s*/g, " ").trim();
  return event.repeats && event.repeats > 1 ? `${text} (×${event.repeats})` : text;
}

/** Runs one heartbeat; returns its record, or null when it was skipped or cut off by shutdown. */
export async function runHeartbeat(
  deps: HeartbeatDeps,
  reason: HeartbeatReason,
): Promise<HeartbeatRecord | null> {
  const { config, store, log } = deps;
  const events = await store.pendingEvents(MAX_EVENTS_PER_HEARTBEAT + 1);
  const backlog = events.length > MAX_EVENTS_PER_HEARTBEAT;
  if (backlog) events.length = MAX_EVENTS_PER_HEARTBEAT;
  // A periodic heartbeat with nothing to look at would only spend a model call.
  if (events.length === 0 && reason === "periodic") {
    log.debug("periodic heartbeat skipped: no pending events");
    return null;
  }

  const settings = heartbeatSettings(config);
  const ackToken = config.heartbeat.ackToken;
  const message = heartbeatMessage(config, events);
  const transcript = await store.transcript(MAIN_SESSION_KEY, config.agents.defaults.transcriptTurns);
  const startedAt = deps.now();
  const outcome = await runTurn(
    deps.runnerFor(settings.agent.id),
    {
      sessionKey: MAIN_SESSION_KEY,
      agentId: settings.agent.id,
      model: settings.model,
      thinking: settings.thinking,
      systemPrompt: settings.agent.systemPrompt,
      transcript,
      message,
      heartbeat: { ackToken, events: events.map((e) => e.text) },
    },
    settings.timeoutSeconds,
    deps.shutdown,
  );
  if (outcome.kind === "stopped") return null;

  const base = {
    reason,
    startedAt,
    finishedAt: deps.now(),
    eventIds: events.map((e) => e.id),
    prompt: message,
  };
  if (outcome.kind !== "ok") {
    const record = await store.recordHeartbeat({ ...base, status: "failed", error: outcome.error });
    log.warn(
      { heartbeat: record.id, error: outcome.error, events: events.length },
      "heartbeat failed; events stay pending",
    );
    return record;
  }

  const quiet = outcome.reply.trim() === "" || isAckOnly(outcome.reply, ackToken);
  // Keep the exchange when there was something to see or say, so later turns know what was handled.
  const exchange: TranscriptMessage[] =
    events.length > 0 || !quiet
      ? [
          { role: "user", content: message, createdAt: base.finishedAt },
          { role: "assistant", content: outcome.reply, createdAt: base.finishedAt },
        ]
      : [];
  const record = await store.recordHeartbeat(
    {
      ...base,
      status: quiet ? "acked" : "replied",
      reply: outcome.reply,
      ...(outcome.usage ? { usage: outcome.usage } : {}),
    },
    exchange,
  );
  log.info({ heartbeat: record.id, reason, events: events.length, status: record.status }, "heartbeat done");
  if (backlog) deps.request("backlog");

  if (!quiet) {
    const delivery = await deps.delivery().deliver({ text: outcome.reply, channel: "last" });
    await store.setHeartbeatDelivery(record.id, delivery);
    record.delivery = delivery;
  }
  return record;
}
