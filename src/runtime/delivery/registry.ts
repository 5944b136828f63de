// Every chat channel hookgate can deliver to, in the order of src/core/channels.ts (the `last`
// fallback walks it). Adding a channel: its name there, one module under channels/ and one line here.
import { CHANNELS, type ChannelName } from "../../core/channels.js";
import type { ChannelsConfig } from "../../types/generated.js";
import type { BoundChannel, ChannelAdapter } from "./channels/adapter.js";
import { discord } from "./channels/discord.js";
import { imessage } from "./channels/imessage.js";
import { mattermost } from "./channels/mattermost.js";
import { msteams } from "./channels/msteams.js";
import { signal } from "./channels/signal.js";
import { slack } from "./channels/slack.js";
import { telegram } from "./channels/telegram.js";
import { whatsapp } from "./channels/whatsapp.js";

// One adapter per channel name of src/core/channels.ts; the type makes a missing one a compile error.
const byName: Record<ChannelName, ChannelAdapter> = {
  whatsapp,
  telegram,
  discord,
  slack,
  mattermost,
  signal,
  imessage,
  msteams,
};

export const channelAdapters: readonly ChannelAdapter[] = CHANNELS.map((name) => byName[name]);

/** The configured channels, bound to their config sections, in the spec's order. */
export function bindChannels(channels: ChannelsConfig | undefined): BoundChannel[] {
  if (!channels) return [];
  return channelAdapters.flatMap((adapter) => adapter.bind(channels) ?? []);
}
