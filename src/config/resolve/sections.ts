// The smaller sections: schema defaults filled in, paths resolved, a few cross-checks.
import type { ChannelsConfig, HookgateConfig, ProviderConfig } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import type { ResolvedConfig } from "../types.js";
import type { ResolveContext } from "./context.js";
import { maxTimerMs, maxTimerText, parseDuration } from "./duration.js";

/** Used when heartbeat.prompt is not set; the ack token is appended by heartbeatSection. */
const defaultHeartbeatPrompt =
  "Heartbeat. Below are the events that arrived since the last heartbeat. Act on anything that needs attention and report it briefly.";

export function serverSection(raw: HookgateConfig): Omit<ResolvedConfig["server"], "metrics" | "console"> {
  const s = { ...schemaDefaults("server"), ...raw.server } as ResolvedConfig["server"];
  const server: Omit<ResolvedConfig["server"], "metrics" | "console"> = {
    host: s.host,
    port: s.port,
    trustProxy: s.trustProxy ?? [],
    logLevel: s.logLevel,
    logEachRequest: s.logEachRequest,
    logSummarySeconds: s.logSummarySeconds,
  };
  // Without a trailing slash: request paths are appended to it.
  if (s.publicUrl !== undefined) server.publicUrl = s.publicUrl.replace(/\/+$/, "");
  return server;
}

export function providersSection(raw: HookgateConfig): Record<string, ProviderConfig> {
  const out: Record<string, ProviderConfig> = {};
  for (const [name, provider] of Object.entries(raw.providers ?? {})) {
    out[name] = { ...schemaDefaults("provider"), ...provider } as ProviderConfig;
  }
  return out;
}

export function channelsSection(raw: HookgateConfig, ctx: ResolveContext): ChannelsConfig {
  const out: Record<string, unknown> = {};
  for (const [name, channel] of Object.entries(raw.channels ?? {})) {
    out[name] = { ...schemaDefaults(`${name}Channel`), ...channel };
  }
  const teams = raw.channels?.msteams;
  if (teams?.defaultTo !== undefined && !Object.hasOwn(teams.webhooks, teams.defaultTo)) {
    ctx.issues.error(
      ctx.source,
      ["channels", "msteams", "defaultTo"],
      `"${teams.defaultTo}" is not a key of channels.msteams.webhooks (${Object.keys(teams.webhooks).join(", ")}); use one of them`,
    );
  }
  return out as ChannelsConfig;
}

/** Alerts go to a configured channel, to a recipient named here or by the channel's defaultTo. */
export function alertsSection(
  raw: HookgateConfig,
  ctx: ResolveContext,
): { alerts?: NonNullable<ResolvedConfig["alerts"]> } {
  const a = raw.alerts;
  if (a === undefined) return {};
  const channel = raw.channels?.[a.channel] as { defaultTo?: string } | undefined;
  if (channel === undefined) {
    ctx.issues.error(
      ctx.source,
      ["alerts", "channel"],
      `channel ${a.channel} is not configured: add channels.${a.channel}, or send alerts to a configured channel`,
    );
  } else if (a.to === undefined && channel.defaultTo === undefined) {
    ctx.issues.error(
      ctx.source,
      ["alerts", "to"],
      `alerts need a recipient: set alerts.to, or channels.${a.channel}.defaultTo`,
    );
  }
  const minIntervalSeconds =
    a.minIntervalSeconds ?? (schemaDefaults("alerts")["minIntervalSeconds"] as number);
  const to = a.to !== undefined ? { to: a.to } : {};
  return { alerts: { channel: a.channel, ...to, minIntervalMs: minIntervalSeconds * 1000 } };
}

export function deliverySection(raw: HookgateConfig): ResolvedConfig["delivery"] {
  return { ...schemaDefaults("delivery"), ...raw.delivery } as ResolvedConfig["delivery"];
}

export function heartbeatSection(raw: HookgateConfig, ctx: ResolveContext): ResolvedConfig["heartbeat"] {
  const h = { ...schemaDefaults("heartbeat"), ...raw.heartbeat } as {
    every: string;
    prompt?: string;
    ackToken: string;
    coalesceMs: number;
  };
  // The schema pattern guarantees a parsable duration.
  let everyMs = parseDuration(h.every) ?? 0;
  if (everyMs > maxTimerMs) {
    ctx.issues.error(
      ctx.source,
      ["heartbeat", "every"],
      `"${h.every}" is longer than the longest timer period, ${maxTimerText}; use 24d or less, or 0 to turn the periodic heartbeat off`,
    );
    everyMs = 0;
  }
  return {
    everyMs,
    prompt: h.prompt ?? `${defaultHeartbeatPrompt} If nothing needs attention, reply only ${h.ackToken}.`,
    ackToken: h.ackToken,
    coalesceMs: h.coalesceMs,
  };
}
