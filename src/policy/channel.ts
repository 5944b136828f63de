import type { ResolvedConfig } from "../config/types.js";
import { allow, type PolicyResult, reject } from "./result.js";

/** The spec's channel list, in its order (also the fallback order for `last`). */
export const CHANNELS = [
  "whatsapp",
  "telegram",
  "discord",
  "slack",
  "mattermost",
  "signal",
  "imessage",
  "msteams",
] as const;

/** `last` is always accepted; a named channel must be configured under `channels`. */
export function checkChannel(channel: string, configured: readonly string[]): PolicyResult<string> {
  if (channel === "last" || configured.includes(channel)) return allow(channel);
  if (!(CHANNELS as readonly string[]).includes(channel)) {
    return reject("CHANNEL_UNKNOWN", `channel must be last or one of: ${CHANNELS.join(", ")}`);
  }
  return reject(
    "CHANNEL_NOT_CONFIGURED",
    `channel ${channel} is not configured; add channels.${channel} to the config or use channel: last`,
  );
}

/** Channels with a section under `channels`, in the spec's order. */
export function configuredChannels(config: Pick<ResolvedConfig, "channels">): string[] {
  return CHANNELS.filter((c) => config.channels[c] !== undefined);
}
