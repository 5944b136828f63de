// Every chat channel hookgate can deliver to, in the spec's order (the `last` fallback walks this
// order). Adding a channel: one module under channels/ and one line here.
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

export const channelAdapters: readonly ChannelAdapter[] = [
  whatsapp,
  telegram,
  discord,
  slack,
  mattermost,
  signal,
  imessage,
  msteams,
];

/** The configured channels, bound to their config sections, in the spec's order. */
export function bindChannels(channels: ChannelsConfig | undefined): BoundChannel[] {
  if (!channels) return [];
  return channelAdapters.flatMap((adapter) => adapter.bind(channels) ?? []);
}
