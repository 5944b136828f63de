// One heartbeat: a turn of the default agent over the main session's pending events. Events are
// consumed only when the turn produced a reply; an ack-only reply is recorded and not delivered.
import type { ResolvedConfig } from "../config/types.js";
import { MAIN_SESSION_KEY } from "../core/main-session.js";
import { metrics } from "../core/metrics.js";
import { wrapExternalContent } from "../core/untrusted-content.js";
import type { HeartbeatRecord, SystemEvent, TranscriptMessage } from "../store/types.js";
import { isAckOnly } from "./ack.js";
import type { RuntimeDeps } from "./deps.js";
import type { HeartbeatReason } from "./heartbeat-scheduler.js";
import { heartbeatSettings } from "./resolve.js";
import { runTurn } from "./turn.js";

/** Events one heartbeat carries at most; a longer backlog gets another heartbeat right after. */
const MAX_EVENTS_PER_HEARTBEAT = 100;

/**
 * The configured prompt, then the pending events one per line. Wake texts come from hook senders and
 * run summaries from models that read hook payloads, so the events are fenced as untrusted content;
 * the prompt and its ack-token instruction stay outside the fence.
 */
function heartbeatMessage(config: ResolvedConfig, events: SystemEvent[], at: number): string {
  // The config fills in a default prompt; one set to "" still tells the agent how to acknowledge.
  const prompt =
    config.heartbeat.prompt.trim() || `If nothing needs attention, reply only ${config.heartbeat.ackToken}.`;
  if (events.length === 0) return `${prompt}\n\nSystem events: none.`;
  const lines = events.map((e) => `- ${eventLine(e)}`).join("\n");
  const fenced = wrapExternalContent(lines, {
    hookName: "heartbeat",
    runId: "heartbeat",
    receivedAt: at,
    source: "System events",
  });
  return `${prompt}\n\nSystem events:\n${fenced}`;
}

function eventLine(event: SystemEvent): string {
  const text = event.text.replace(/\s*\n\s*/g, " ").trim();
  return event.repeats && event.repeats > 1 ? `${text} (×${event.repeats})` : text;
}

/** Runs one heartbeat; returns its record, or null when it was skipped or cut off by shutdown. */
export async function runHeartbeat(
  deps: RuntimeDeps,
  reason: HeartbeatReason,
): Promise<HeartbeatRecord | null> {
  const { config, store, log } = deps;
  const events = await store.pendingEvents(MAX_EVENTS_PER_HEARTBEAT + 1);
  const backlog = events.length > MAX_EVENTS_PER_HEARTBEAT;
  if (backlog) events.length = MAX_EVENTS_PER_HEARTBEAT;
  // A periodic heartbeat with nothing to look at would only spend a model call; so would one another
  // instance asked for after a heartbeat here already took the events it was about.
  if (events.length === 0 && (reason === "periodic" || reason === "signal")) {
    log.debug({ reason }, "heartbeat skipped: no pending events");
    return null;
  }

  const settings = heartbeatSettings(config);
  const ackToken = config.heartbeat.ackToken;
  const startedAt = deps.now();
  const message = heartbeatMessage(config, events, startedAt);
  const transcript = await store.transcript(MAIN_SESSION_KEY, config.agents.defaults.transcriptTurns);
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
      heartbeat: {
        ackToken,
        events: events.map((e) => e.text),
        modes: events.map((e) => e.mode ?? "next-heartbeat"),
      },
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
    metrics.heartbeats.inc({ status: "failed" });
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
      ...(quiet ? {} : { delivery: { status: "pending", updatedAt: base.finishedAt } }),
    },
    exchange,
  );
  log.info({ heartbeat: record.id, reason, events: events.length, status: record.status }, "heartbeat done");
  metrics.heartbeats.inc({ status: record.status });
  if (backlog) deps.requestHeartbeat("backlog");

  if (!quiet) {
    const reply = outcome.reply;
    // One lane: replies of successive heartbeats reach the chat in order.
    deps.deliveries.enqueue({
      what: `heartbeat ${record.id}`,
      lane: "heartbeat",
      send: async () => {
        const state = await deps.delivery().deliver({ text: reply, channel: "last" });
        await store.setHeartbeatDelivery(record.id, state);
      },
    });
  }
  return record;
}
