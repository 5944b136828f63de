// Decides where a reply goes. Explicit channel: `to`, else the channel's defaultTo, else the last
// recipient used on it. `last`: the main session's last route; without one, the first configured
// channel in the spec's order that has a recipient.
import type { Store } from "../../store/types.js";
import type { BoundChannel } from "./channels/adapter.js";
import { channelAdapters } from "./registry.js";

export type Resolution =
  | { ok: true; channel: BoundChannel; to: string }
  | { ok: false; reason: string; channel?: string };

export async function resolveTarget(
  req: { channel?: string; to?: string },
  channels: readonly BoundChannel[],
  store: Pick<Store, "getLastRoute" | "lastRecipient">,
): Promise<Resolution> {
  const wanted = req.channel?.trim() || "last";
  const to = req.to?.trim() || undefined;
  if (channels.length === 0) {
    return {
      ok: false,
      reason: "no chat channel is configured: add one under `channels` to deliver replies",
    };
  }

  if (wanted !== "last") {
    const channel = channels.find((c) => c.name === wanted);
    if (!channel) {
      const known = channelAdapters.some((a) => a.name === wanted);
      return {
        ok: false,
        reason: known
          ? `channel ${wanted} is not configured: add channels.${wanted} to deliver there`
          : `unknown channel "${wanted}": use last or one of ${channelAdapters.map((a) => a.name).join(", ")}`,
      };
    }
    const recipient = to ?? channel.defaultTo ?? (await store.lastRecipient(channel.name)) ?? undefined;
    if (!recipient) {
      return {
        ok: false,
        channel: channel.name,
        reason: `no recipient for ${channel.name}: pass "to" or set channels.${channel.name}.defaultTo`,
      };
    }
    return { ok: true, channel, to: recipient };
  }

  const last = await store.getLastRoute();
  const lastChannel = last ? channels.find((c) => c.name === last.channel) : undefined;
  if (last && lastChannel) return { ok: true, channel: lastChannel, to: to ?? last.to };

  for (const channel of channels) {
    const recipient = to ?? channel.defaultTo ?? (await store.lastRecipient(channel.name)) ?? undefined;
    if (recipient) return { ok: true, channel, to: recipient };
  }
  return {
    ok: false,
    reason:
      "channel last has nowhere to go: no reply was delivered yet and no configured channel has a defaultTo " +
      "(set channels.<name>.defaultTo or pass channel and to)",
  };
}
