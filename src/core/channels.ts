// The chat channels hookgate can deliver to, in the interface's order (also the fallback order for
// `last`). The delivery registry has one adapter per name, checked by its type.
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

export type ChannelName = (typeof CHANNELS)[number];
