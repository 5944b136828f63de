import type { ResolvedConfig } from "../config/types.js";
import { CHANNELS } from "../core/channels.js";

/** Channels with a section under `channels`, in the interface's order. */
export function configuredChannels(config: Pick<ResolvedConfig, "channels">): string[] {
  return CHANNELS.filter((c) => config.channels[c] !== undefined);
}
